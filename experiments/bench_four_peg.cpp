// Benchmark: the complete 4-peg (Reve's puzzle) search, engine against baselines.
//
//   bench_four_peg [--n-from 13] [--n-to 15] [--markdown PATH] [--skip-baselines-above N]
//                  [--domino N]
//
// For each n, a breadth-first search from "all n discs on peg 0" runs until every
// reachable state is visited: all 4^n of them, since with four pegs and no extra rule
// every configuration is reachable.  All methods use the same encoder,
// PegSpace<FreeMoves>(4, n, 0, 3): the same unrank, for_each_successor and rank.
// Every method is timed in this process, in this run, so the ratios compare figures
// taken under the same machine load.
//
// What each figure means
// ----------------------
// * engine, T threads: hanoi::breadth_first_search with oneTBB's default concurrency.
//   The time is the whole call (allocation of its bitmaps included).
// * engine, 1 thread:  the same call under tbb::global_control(max_allowed_parallelism
//   = 1).  T-thread speed over 1-thread speed, divided by T, is the per-core
//   (parallel) efficiency.
// * hash-set BFS (a):  a plain single-threaded BFS, visited ranks in an
//   absl::flat_hash_set<uint64_t>, the frontier in a std::vector.  The set is
//   reserved for 4^n entries up front (the engine also knows the rank space), so the
//   baseline pays no rehashing: the speed-up over it is not inflated.  Run only where
//   its estimated memory (~18 bytes per state plus frontiers) is under 8 GiB.
// * BGL build / BGL BFS (b): an explicit boost::compressed_sparse_row_graph with
//   32-bit vertex ids and edge indices, built from the same successor function (a
//   counting pass, then one pass streaming the edges, already sorted by source, into
//   the CSR arrays; no intermediate edge list), then boost::breadth_first_search with
//   a two-bit colour map and a 16-bit depth per vertex.  Build and search are timed
//   separately; the engine is compared with the search alone and with both.  Run
//   only where the estimate (4 bytes per vertex and per edge, plus colours, depths
//   and queue) is under 6 GiB.
// * floor, 1 and T threads: unrank every rank, enumerate its successors, rank each
//   and fold it into a checksum, with no visited set and no frontier.
//
// Why the floor matters
// ---------------------
// Any BFS built on this encoder expands every state once, and expanding a state is
// exactly what the floor does, minus all bookkeeping; it also walks the ranks in
// order, touching no large array.  So the floor's states/s is an upper bound on the
// speed of any BFS using this encoder with the same number of threads, and
// "engine / floor" is the fraction of that bound the engine achieves.  A low fraction
// means the time goes into the search's memory traffic and synchronisation; a high
// one means further speed must come from the encoder (a faster successor loop), not
// from the search.  The floor's own T/1 scaling also shows how much of the machine
// was really available during the run (the figures are noisy on a shared machine).
//
// Every row also gives the process CPU seconds spent during the method (all threads):
// on a shared machine, CPU s well below threads x seconds means the method did not
// get its cores, and its wall-clock figure is pessimistic.
//
// Checks: every method must report the same number of states (= 4^n) and the same
// eccentricity of the start, the BFS methods the same per-level counts, and the
// successor counts / checksums must agree; any disagreement aborts loudly.
// Many tiny levels (--domino N): the same engine on Domino problem EDD with n discs,
// a graph of some 10^5..10^6 levels of a few dozen states each, where a search that
// scanned its whole rank space, or woke its thread pool, at every level would crawl.
// Its states/s is compared with the engine's on the 4-peg graph of nearest size in
// this run; the target is to stay within 2x.
//
// Progress lines go to stderr; the tables go to stdout and, with --markdown, to a
// file headed by the command line, commit, time, machine and total wall time.

#include <absl/container/flat_hash_set.h>
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_reduce.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <bit>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/two_bit_color_map.hpp>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "cli/provenance.hpp"
#include "engine/bfs.hpp"
#include "engine/memory.hpp"
#include "experiments/bench_table.hpp"
#include "variants/common/peg_space.hpp"
#include "variants/domino/domino.hpp"
#include "variants/instances.hpp"  // the families' searches, compiled once

namespace {

using hanoi::Move;
using hanoi::Rank;
using hanoi::variants::FreeMoves;
using hanoi::variants::PegSpace;
using hanoi::variants::PegState;
using Space = PegSpace<FreeMoves>;
using Clock = std::chrono::steady_clock;

constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;
constexpr std::uint64_t kHashSetLimit = 8 * kGiB;
constexpr std::uint64_t kGraphLimit = 6 * kGiB;
constexpr int kTargetN = 15;
constexpr double kTargetSeconds = 30.0;

Space four_peg_space(int n) {
  return Space(4, n, 0, 3, FreeMoves{});
}

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// CPU time of the whole process (every thread), in seconds.
double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// One timed method at one n.  `levels` (states per BFS level) and `successors` /
// `checksum` are filled where the method produces them, for the cross-checks.
struct Measurement {
  std::string method;
  int threads = 1;
  bool ran = false;
  std::string note;  // why it was skipped
  std::uint64_t states = 0;
  std::optional<std::uint64_t> eccentricity;
  double seconds = 0;      // wall clock
  double cpu_seconds = 0;  // process CPU time over the same interval
  std::vector<std::uint64_t> levels;
  std::optional<std::uint64_t> successors;
  std::optional<std::uint64_t> checksum;
  double rate() const { return seconds > 0 ? static_cast<double>(states) / seconds : 0.0; }
};

// Wall and CPU time of one method.
class Stopwatch {
 public:
  Stopwatch() : wall_(Clock::now()), cpu_(process_cpu_seconds()) {}
  void stop(Measurement& m) const {
    m.seconds = seconds_since(wall_);
    m.cpu_seconds = process_cpu_seconds() - cpu_;
    m.ran = true;
  }

 private:
  Clock::time_point wall_;
  double cpu_;
};

Measurement skipped(std::string method, int threads, std::string note) {
  Measurement m;
  m.method = std::move(method);
  m.threads = threads;
  m.note = std::move(note);
  return m;
}

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "\n*** bench_four_peg: CHECK FAILED: %s ***\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

void progress(int n, const Measurement& m) {
  if (!m.ran) {
    std::fprintf(stderr, "[bench] n=%d %-16s %d thr: skipped (%s)\n", n, m.method.c_str(),
                 m.threads, m.note.c_str());
    return;
  }
  std::fprintf(stderr,
               "[bench] n=%d %-16s %d thr: %llu states, %.4g s (CPU %.4g s), %.3g states/s\n", n,
               m.method.c_str(), m.threads, static_cast<unsigned long long>(m.states), m.seconds,
               m.cpu_seconds, m.rate());
}

// ---------------------------------------------------------------------------------
// (engine) hanoi::breadth_first_search, complete search (no goal stop, no witness).

Measurement run_engine(const Space& space, int threads, int all_threads) {
  Measurement m;
  m.method = "engine";
  m.threads = threads;
  std::optional<tbb::global_control> limit;
  if (threads != all_threads) limit.emplace(tbb::global_control::max_allowed_parallelism, threads);
  const hanoi::SearchOptions options;  // complete search: no path, no early stop
  const Stopwatch watch;
  hanoi::SearchResult r;
  try {
    r = hanoi::breadth_first_search(space, options);
  } catch (const hanoi::MemoryBudgetExceeded& e) {
    return skipped(m.method, threads, e.what());
  }
  watch.stop(m);
  m.states = r.states_reached;
  m.eccentricity = r.eccentricity;
  m.levels = r.level_sizes.to_vector();
  if (!r.complete) fail("engine search stopped early");
  return m;
}

// ---------------------------------------------------------------------------------
// (floor) successor generation alone: unrank, successors, rank, checksum.

struct FloorTally {
  std::uint64_t checksum = 0;
  std::uint64_t successors = 0;
};

FloorTally floor_range(const Space& space, Rank begin, Rank end) {
  std::uint64_t checksum = 0, successors = 0;
  for (Rank r = begin; r < end; ++r) {
    space.for_each_successor(space.unrank(r), [&](const PegState& t, Move) {
      checksum += space.rank(t);
      ++successors;
    });
  }
  return FloorTally{checksum, successors};
}

Measurement run_floor(const Space& space, int threads, int all_threads) {
  Measurement m;
  m.method = "floor";
  m.threads = threads;
  const Rank ranks = space.num_ranks();
  const Stopwatch watch;
  FloorTally total;
  if (threads == 1) {
    total = floor_range(space, 0, ranks);  // plain loop, no scheduler
  } else {
    std::optional<tbb::global_control> limit;
    if (threads != all_threads)
      limit.emplace(tbb::global_control::max_allowed_parallelism, threads);
    total = tbb::parallel_reduce(
        tbb::blocked_range<Rank>(0, ranks, Rank{1} << 14), FloorTally{},
        [&](const tbb::blocked_range<Rank>& range, FloorTally acc) {
          const FloorTally part = floor_range(space, range.begin(), range.end());
          acc.checksum += part.checksum;
          acc.successors += part.successors;
          return acc;
        },
        [](FloorTally a, const FloorTally& b) {
          a.checksum += b.checksum;
          a.successors += b.successors;
          return a;
        });
  }
  watch.stop(m);
  m.states = ranks;
  m.successors = total.successors;
  m.checksum = total.checksum;
  return m;
}

// ---------------------------------------------------------------------------------
// (a) plain BFS: absl::flat_hash_set of visited ranks, std::vector frontier.

// absl reserves a power-of-two-minus-one capacity holding n at load factor 7/8;
// each slot costs 8 bytes plus one control byte.  The frontiers hold at most two
// levels, each in a vector whose capacity is at most twice its size.
std::uint64_t hash_bfs_bytes(Rank states, std::uint64_t widest_level) {
  const std::uint64_t slots = std::bit_ceil(states + states / 7 + 1);
  // The 64-bit operand first, so no int product is widened (bugprone-implicit-widening-...).
  return slots * 9 + std::bit_ceil(widest_level) * 2 * 8;
}

Measurement run_hash_set_bfs(const Space& space) {
  Measurement m;
  m.method = "hash-set BFS";
  const Stopwatch watch;
  absl::flat_hash_set<std::uint64_t> visited;
  visited.reserve(space.num_ranks());
  std::vector<std::uint64_t> frontier, next;
  std::uint64_t successors = 0;
  const Rank r0 = space.rank(space.start());
  visited.insert(r0);
  frontier.push_back(r0);
  m.levels.push_back(1);
  for (;;) {
    for (const Rank r : frontier) {
      space.for_each_successor(space.unrank(r), [&](const PegState& t, Move) {
        ++successors;
        const Rank rt = space.rank(t);
        if (visited.insert(rt).second) next.push_back(rt);
      });
    }
    if (next.empty()) break;
    m.levels.push_back(next.size());
    frontier.swap(next);
    next.clear();
  }
  watch.stop(m);
  m.states = visited.size();
  m.eccentricity = m.levels.size() - 1;
  m.successors = successors;
  return m;
}

// ---------------------------------------------------------------------------------
// (b) Boost.Graph: explicit CSR graph, then boost::breadth_first_search.

using CsrGraph =
    boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property,
                                       boost::no_property, std::uint32_t, std::uint32_t>;
using CsrVertex = boost::graph_traits<CsrGraph>::vertex_descriptor;

// Streams the edges (rank -> successor rank) in order of source, as the CSR
// constructor for sorted edges reads them, without materialising an edge list.
class EdgeStream {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = std::pair<std::uint32_t, std::uint32_t>;
  using difference_type = std::ptrdiff_t;
  using pointer = const value_type*;
  using reference = const value_type&;

  EdgeStream(const Space& space, Rank source) : space_(&space), source_(source) { fill(); }
  reference operator*() const { return edge_; }
  pointer operator->() const { return &edge_; }
  EdgeStream& operator++() {
    if (++index_ == count_) {
      ++source_;
      fill();
    } else {
      edge_.second = targets_[index_];
    }
    return *this;
  }
  bool operator==(const EdgeStream& o) const { return source_ == o.source_ && index_ == o.index_; }
  bool operator!=(const EdgeStream& o) const { return !(*this == o); }

 private:
  // Loads the successors of the first source at or after source_ that has any.
  void fill() {
    index_ = 0;
    count_ = 0;
    const Rank end = space_->num_ranks();
    for (; source_ < end; ++source_) {
      space_->for_each_successor(space_->unrank(source_), [&](const PegState& t, Move) {
        targets_[count_++] = static_cast<std::uint32_t>(space_->rank(t));
      });
      if (count_ > 0) {
        edge_ = {static_cast<std::uint32_t>(source_), targets_[0]};
        return;
      }
    }
  }

  const Space* space_;
  Rank source_;
  std::array<std::uint32_t, std::size_t{16} * 15> targets_{};  // at most m(m-1) moves, m <= 16
  std::size_t index_ = 0, count_ = 0;
  value_type edge_{};
};

// Row starts and column indices (4 bytes each), two-bit colours, 16-bit depths, and
// a queue holding at most two levels of 4-byte ids (a std::deque: allow twice that).
std::uint64_t graph_bytes(Rank vertices, std::uint64_t edges, std::uint64_t widest_level) {
  return 4 * (vertices + 1) + 4 * edges + vertices / 4 + 2 * vertices + widest_level * 4 * 4;
}

struct DepthRecorder : boost::default_bfs_visitor {
  std::uint16_t* depth;
  std::vector<std::uint64_t>* levels;
  template <class Edge, class Graph>
  void tree_edge(Edge e, const Graph& g) const {
    depth[boost::target(e, g)] = static_cast<std::uint16_t>(depth[boost::source(e, g)] + 1);
  }
  template <class Vertex, class Graph>
  void discover_vertex(Vertex v, const Graph&) const {
    const std::size_t d = depth[v];
    if (levels->size() <= d) levels->resize(d + 1, 0);
    ++(*levels)[d];
  }
};

// Returns {build, search}.
std::pair<Measurement, Measurement> run_boost_graph(const Space& space) {
  Measurement build, search;
  build.method = "BGL CSR build";
  search.method = "BGL CSR BFS";
  const Rank vertices = space.num_ranks();

  const Stopwatch build_watch;
  std::uint64_t edges = 0;  // counting pass, so the column array is allocated once
  for (Rank r = 0; r < vertices; ++r)
    space.for_each_successor(space.unrank(r), [&](const PegState&, Move) { ++edges; });
  CsrGraph g(boost::edges_are_sorted, EdgeStream(space, 0), EdgeStream(space, vertices),
             static_cast<CsrGraph::vertices_size_type>(vertices),
             static_cast<CsrGraph::edges_size_type>(edges));
  build_watch.stop(build);
  build.states = boost::num_vertices(g);
  build.successors = boost::num_edges(g);
  if (*build.successors != edges) fail("BGL graph holds a different number of edges than counted");

  const Stopwatch search_watch;
  std::vector<std::uint16_t> depth(vertices, 0);
  using IndexMap = boost::property_map<CsrGraph, boost::vertex_index_t>::const_type;
  boost::two_bit_color_map<IndexMap> colour(vertices, boost::get(boost::vertex_index, g));
  DepthRecorder recorder;
  recorder.depth = depth.data();
  recorder.levels = &search.levels;
  const auto s = static_cast<CsrVertex>(space.rank(space.start()));
  boost::breadth_first_search(g, s, boost::visitor(recorder).color_map(colour));
  search_watch.stop(search);
  for (const std::uint64_t c : search.levels) search.states += c;
  search.eccentricity = search.levels.size() - 1;
  return {std::move(build), std::move(search)};
}

// ---------------------------------------------------------------------------------
// Cross-checks.

void check_same_search(int n, const Measurement& ref, const Measurement& m) {
  if (!m.ran) return;
  const std::string where = "n=" + std::to_string(n) + ": " + m.method + " (" +
                            std::to_string(m.threads) + " thr) vs " + ref.method + " (" +
                            std::to_string(ref.threads) + " thr)";
  if (m.states != ref.states)
    fail(where + ": states " + std::to_string(m.states) + " != " + std::to_string(ref.states));
  if (m.eccentricity && ref.eccentricity && *m.eccentricity != *ref.eccentricity)
    fail(where + ": eccentricity " + std::to_string(*m.eccentricity) +
         " != " + std::to_string(*ref.eccentricity));
  if (!m.levels.empty() && !ref.levels.empty() && m.levels != ref.levels)
    fail(where + ": per-level state counts differ");
  if (m.successors && ref.successors && *m.successors != *ref.successors)
    fail(where + ": successor count " + std::to_string(*m.successors) +
         " != " + std::to_string(*ref.successors));
  if (m.checksum && ref.checksum && *m.checksum != *ref.checksum)
    fail(where + ": checksums differ");
}

// ---------------------------------------------------------------------------------
// One n: every method, then the checks.

struct Row {
  int n = 0;
  Rank ranks = 0;
  Measurement engine_all, engine_one, hash_set, graph_build, graph_search, floor_one, floor_all;
};

Row bench_one_n(int n, int all_threads, int skip_baselines_above) {
  const Space space = four_peg_space(n);
  Row row;
  row.n = n;
  row.ranks = space.num_ranks();

  row.engine_all = run_engine(space, all_threads, all_threads);
  progress(n, row.engine_all);
  row.engine_one = run_engine(space, 1, all_threads);
  progress(n, row.engine_one);
  row.floor_one = run_floor(space, 1, all_threads);
  progress(n, row.floor_one);
  row.floor_all = run_floor(space, all_threads, all_threads);
  progress(n, row.floor_all);

  // Sizes for the memory estimates, from the engine's level profile when it ran.
  const Measurement& ref = row.engine_all.ran ? row.engine_all : row.engine_one;
  const std::uint64_t widest =
      ref.levels.empty() ? row.ranks / 8 : *std::max_element(ref.levels.begin(), ref.levels.end());
  const std::uint64_t edges = *row.floor_one.successors;
  const std::uint64_t ram_budget = hanoi::default_memory_budget();

  if (n > skip_baselines_above) {
    const std::string why = "n > --skip-baselines-above " + std::to_string(skip_baselines_above);
    row.hash_set = skipped("hash-set BFS", 1, why);
    row.graph_build = skipped("BGL CSR build", 1, why);
    row.graph_search = skipped("BGL CSR BFS", 1, why);
  } else {
    const std::uint64_t hash_need = hash_bfs_bytes(row.ranks, widest);
    if (hash_need > std::min(kHashSetLimit, ram_budget)) {
      row.hash_set = skipped("hash-set BFS", 1,
                             "needs ~" + hanoi::format_bytes(hash_need) + ", limit " +
                                 hanoi::format_bytes(std::min(kHashSetLimit, ram_budget)));
    } else {
      row.hash_set = run_hash_set_bfs(space);
    }
    progress(n, row.hash_set);

    const std::uint64_t graph_need = graph_bytes(row.ranks, edges, widest);
    std::string graph_note;
    if (row.ranks >= (std::uint64_t{1} << 32) || edges >= (std::uint64_t{1} << 32))
      graph_note = "more than 2^32 vertices or edges for 32-bit ids";
    else if (graph_need > std::min(kGraphLimit, ram_budget))
      graph_note = "needs ~" + hanoi::format_bytes(graph_need) + ", limit " +
                   hanoi::format_bytes(std::min(kGraphLimit, ram_budget));
    if (!graph_note.empty()) {
      row.graph_build = skipped("BGL CSR build", 1, graph_note);
      row.graph_search = skipped("BGL CSR BFS", 1, graph_note);
    } else {
      std::tie(row.graph_build, row.graph_search) = run_boost_graph(space);
    }
    progress(n, row.graph_build);
    progress(n, row.graph_search);
  }

  // Every state is reachable in the 4-peg space; all methods must agree.
  const Measurement& e = ref;
  if (!e.ran) fail("n=" + std::to_string(n) + ": the engine did not run: " + e.note);
  if (e.states != row.ranks)
    fail("n=" + std::to_string(n) + ": engine reached " + std::to_string(e.states) +
         " states, expected 4^n = " + std::to_string(row.ranks));
  check_same_search(n, e, row.engine_all);
  check_same_search(n, e, row.engine_one);
  check_same_search(n, e, row.floor_one);  // states = ranks
  check_same_search(n, row.floor_one, row.floor_all);
  check_same_search(n, e, row.hash_set);
  check_same_search(n, row.floor_one, row.hash_set);     // successors generated
  check_same_search(n, row.floor_one, row.graph_build);  // vertices = ranks, edges
  check_same_search(n, e, row.graph_search);
  return row;
}

// ---------------------------------------------------------------------------------
// Output.

std::string fmt(const char* format, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, x);
  return buf;
}

std::string ratio(double x) {
  return x > 0 ? fmt("%.2f", x) : "–";
}

std::string figures_table(const std::vector<Row>& rows) {
  std::ostringstream out;
  out << "| n | method | threads | states | eccentricity | seconds | CPU s | states/s | note |\n"
      << "|---:|---|---:|---:|---:|---:|---:|---:|---|\n";
  for (const Row& row : rows) {
    for (const Measurement* m : {&row.engine_all, &row.engine_one, &row.hash_set, &row.graph_build,
                                 &row.graph_search, &row.floor_one, &row.floor_all}) {
      out << "| " << row.n << " | " << m->method << " | " << m->threads << " | ";
      if (!m->ran) {
        out << "– | – | – | – | – | skipped: " << m->note << " |\n";
        continue;
      }
      out << m->states << " | " << (m->eccentricity ? std::to_string(*m->eccentricity) : "–")
          << " | " << fmt("%.4g", m->seconds) << " | " << fmt("%.4g", m->cpu_seconds) << " | "
          << fmt("%.3g", m->rate()) << " | ";
      if (m->method == "BGL CSR build") out << "graph construction only";
      if (m->method == "BGL CSR BFS") out << "search only, on the built graph";
      if (m->method == "floor") out << "no visited set: upper bound";
      out << " |\n";
    }
  }
  return out.str();
}

// t_other / t_engine, or 0 when either is missing.
double speedup(const Measurement& engine, double other_seconds, bool other_ran) {
  return engine.ran && other_ran && engine.seconds > 0 ? other_seconds / engine.seconds : 0.0;
}

std::string ratios_table(const std::vector<Row>& rows, int all_threads) {
  const std::string T = std::to_string(all_threads);
  std::ostringstream out;
  out << "| n | engine " << T << " thr (s) | engine 1 thr (s) | parallel speed-up (efficiency) "
      << "| floor parallel speed-up | vs hash set: " << T << " thr / 1 thr | vs BGL BFS: " << T
      << " thr / 1 thr | vs BGL build+BFS: " << T << " thr / 1 thr | fraction of floor: " << T
      << " thr / 1 thr |\n"
      << "|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const Row& r : rows) {
    const Measurement &ea = r.engine_all, &e1 = r.engine_one;
    const double par = speedup(ea, e1.seconds, e1.ran);
    const double floor_par = speedup(r.floor_all, r.floor_one.seconds, r.floor_one.ran);
    const bool g = r.graph_build.ran && r.graph_search.ran;
    const double both = r.graph_build.seconds + r.graph_search.seconds;
    auto pair = [](double a, double b) { return ratio(a) + " / " + ratio(b); };
    auto frac = [](const Measurement& e, const Measurement& f) {
      return e.ran && f.ran && f.rate() > 0 ? e.rate() / f.rate() : 0.0;
    };
    out << "| " << r.n << " | " << (ea.ran ? fmt("%.4g", ea.seconds) : "–") << " | "
        << (e1.ran ? fmt("%.4g", e1.seconds) : "–") << " | " << ratio(par) << " ("
        << (par > 0 ? fmt("%.0f%%", 100.0 * par / all_threads) : "–") << ") | " << ratio(floor_par)
        << " | "
        << pair(speedup(ea, r.hash_set.seconds, r.hash_set.ran),
                speedup(e1, r.hash_set.seconds, r.hash_set.ran))
        << " | "
        << pair(speedup(ea, r.graph_search.seconds, g), speedup(e1, r.graph_search.seconds, g))
        << " | " << pair(speedup(ea, both, g), speedup(e1, both, g)) << " | "
        << pair(frac(ea, r.floor_all), frac(e1, r.floor_one)) << " |\n";
  }
  return out.str();
}

std::string legend(int all_threads) {
  const std::string T = std::to_string(all_threads);
  return "Speed-ups are baseline seconds / engine seconds (engine with " + T +
         " threads / with 1 thread; every baseline is single-threaded).  Fraction of floor is "
         "engine states/s / floor states/s at the same thread count: the share of the "
         "encoder's raw successor-generation rate the search achieves.  Parallel speed-up is "
         "1-thread seconds / " +
         T + "-thread seconds (efficiency = speed-up / " + T +
         "); the floor's own speed-up, and CPU s against threads x seconds, show how much of "
         "the machine this run really had.\n";
}

std::string target_sentence(const std::vector<Row>& rows, int all_threads) {
  const unsigned cores = std::thread::hardware_concurrency();
  const std::string machine =
      cores == 2 ? "" : " (note: this machine reports " + std::to_string(cores) + " cores, not 2)";
  for (const Row& r : rows) {
    if (r.n != kTargetN) continue;
    if (!r.engine_all.ran)
      return "Target (full 4-peg n = 15 search under 30 s on the 2-core machine): not measured "
             "in this run, the engine did not run (" +
             r.engine_all.note + ")" + machine + ".\n";
    const bool met = r.engine_all.seconds < kTargetSeconds;
    return std::string("Target (full 4-peg n = 15 search under 30 s on the 2-core machine): ") +
           (met ? "met" : "NOT met") + " in this run, the engine with " +
           std::to_string(all_threads) + " threads took " + fmt("%.2f", r.engine_all.seconds) +
           " s" + machine + ".\n";
  }
  return "Target (full 4-peg n = 15 search under 30 s on the 2-core machine): not measured in "
         "this run (n = 15 is outside --n-from..--n-to).\n";
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string a, b, c;
  if (!(in >> a >> b >> c)) return "unknown";
  return a + " " + b + " " + c;
}

// ---------------------------------------------------------------------------------
// Many tiny levels: the engine on Domino EDD, against the 4-peg rate of this run.

struct TinyLevels {
  int n = 0;
  Measurement all, one;  // engine with all threads, with 1 thread
  std::size_t levels = 0;
};

template <class S>
Measurement run_engine_on(const S& space, int threads, int all_threads, std::size_t& levels) {
  Measurement m;
  m.method = "engine";
  m.threads = threads;
  std::optional<tbb::global_control> limit;
  if (threads != all_threads) limit.emplace(tbb::global_control::max_allowed_parallelism, threads);
  const Stopwatch watch;
  const hanoi::SearchResult r = hanoi::breadth_first_search(space, hanoi::SearchOptions{});
  watch.stop(m);
  m.states = r.states_reached;
  m.eccentricity = r.eccentricity;
  levels = r.level_sizes.size();
  return m;
}

TinyLevels bench_domino(int n, int all_threads) {
  TinyLevels t;
  t.n = n;
  const auto space = hanoi::variants::domino::make_space(hanoi::Params{n, 3, "EDD"});
  t.all = run_engine_on(space, all_threads, all_threads, t.levels);
  std::size_t levels_one = 0;
  t.one = run_engine_on(space, 1, all_threads, levels_one);
  if (t.one.states != t.all.states || levels_one != t.levels)
    fail("Domino search differs between thread counts");
  std::fprintf(
      stderr,
      "[bench] domino EDD n=%d: %llu states in %zu levels, %.3g s (%d thr), %.3g s (1 thr)\n", n,
      static_cast<unsigned long long>(t.all.states), t.levels, t.all.seconds, all_threads,
      t.one.seconds);
  return t;
}

std::string tiny_levels_section(const TinyLevels& t, const std::vector<Row>& rows,
                                int all_threads) {
  // The 4-peg row whose state count is nearest (in ratio) to Domino's.
  const Row* near = nullptr;
  double best = 0;
  for (const Row& r : rows) {
    if (!r.engine_all.ran) continue;
    const double q = std::abs(
        std::log(static_cast<double>(r.engine_all.states) / static_cast<double>(t.all.states)));
    if (near == nullptr || q < best) {
      near = &r;
      best = q;
    }
  }
  std::string out = "## Many tiny levels: Domino\n\n";
  out += "| graph | states | levels | states per level | threads | seconds | states/s |\n";
  out += "|---|---:|---:|---:|---:|---:|---:|\n";
  const double per_level = static_cast<double>(t.all.states) / static_cast<double>(t.levels);
  for (const Measurement* m : {&t.all, &t.one}) {
    out += "| Domino EDD, n = " + std::to_string(t.n) + " | " + std::to_string(m->states) + " | " +
           std::to_string(t.levels) + " | " + fmt("%.1f", per_level) + " | " +
           std::to_string(m->threads) + " | " + fmt("%.4g", m->seconds) + " | " +
           fmt("%.3g", m->rate()) + " |\n";
  }
  if (near == nullptr) return out + "\nNo 4-peg row ran in this run to compare with.\n";
  for (const Measurement* m : {&near->engine_all, &near->engine_one}) {
    const double levels4 = static_cast<double>(m->levels.size());
    out += "| 4 pegs, n = " + std::to_string(near->n) + " | " + std::to_string(m->states) + " | " +
           fmt("%.0f", levels4) + " | " + fmt("%.0f", static_cast<double>(m->states) / levels4) +
           " | " + std::to_string(m->threads) + " | " + fmt("%.4g", m->seconds) + " | " +
           fmt("%.3g", m->rate()) + " |\n";
  }
  const double ratio_all = t.all.rate() / near->engine_all.rate();
  const double ratio_one = t.one.rate() / near->engine_one.rate();
  out += "\nDomino states/s over 4-peg states/s: " + fmt("%.2f", ratio_all) + " with " +
         std::to_string(all_threads) + " threads, " + fmt("%.2f", ratio_one) +
         " with 1 thread.  Target (within 2x, i.e. a ratio of at least 0.5): " +
         (std::min(ratio_all, ratio_one) >= 0.5 ? "met" : "NOT met") + " in this run.\n";
  return out;
}

// ---------------------------------------------------------------------------------
// Command line.

struct Args {
  int n_from = 13;
  int n_to = 15;
  std::string markdown;
  int skip_baselines_above = std::numeric_limits<int>::max();
  int domino = 0;  // 0: no Domino section
};

[[noreturn]] void usage(const std::string& error) {
  std::fprintf(stderr,
               "%s%susage: bench_four_peg [--n-from 13] [--n-to 15] [--markdown PATH] "
               "[--skip-baselines-above N] [--domino N]\n",
               error.c_str(), error.empty() ? "" : "\n");
  std::exit(error.empty() ? 0 : 2);
}

int parse_int(const std::string& flag, const std::string& text) {
  try {
    std::size_t used = 0;
    const int v = std::stoi(text, &used);
    if (used == text.size()) return v;
  } catch (const std::exception&) {
  }
  usage("bench_four_peg: " + flag + " expects an integer, got '" + text + "'");
}

Args parse_args(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i], value;
    if (flag == "-h" || flag == "--help") usage("");
    if (const auto eq = flag.find('='); eq != std::string::npos) {
      value = flag.substr(eq + 1);
      flag = flag.substr(0, eq);
    } else if (flag == "--n-from" || flag == "--n-to" || flag == "--markdown" ||
               flag == "--skip-baselines-above" || flag == "--domino") {
      if (i + 1 >= argc) usage("bench_four_peg: " + flag + " needs a value");
      value = argv[++i];
    }
    if (flag == "--n-from")
      a.n_from = parse_int(flag, value);
    else if (flag == "--n-to")
      a.n_to = parse_int(flag, value);
    else if (flag == "--markdown")
      a.markdown = value;
    else if (flag == "--skip-baselines-above")
      a.skip_baselines_above = parse_int(flag, value);
    else if (flag == "--domino")
      a.domino = parse_int(flag, value);
    else
      usage("bench_four_peg: unknown argument '" + std::string(argv[i]) + "'");
  }
  if (a.n_from < 1 || a.n_to > 24 || a.n_from > a.n_to)
    usage("bench_four_peg: need 1 <= --n-from <= --n-to <= 24");
  if (a.domino < 0 || a.domino > 20)
    usage("bench_four_peg: --domino takes n from 1 to 20 (0: off)");
  return a;
}

int bench_main(int argc, char** argv) {
  const Args args = parse_args(argc, argv);
  const auto t_start = Clock::now();
  const std::string load_at_start = load_average();
  const int all_threads = tbb::info::default_concurrency();

  // Warm-up, untimed: starts oneTBB's worker threads and faults in the code.
  (void)hanoi::breadth_first_search(four_peg_space(8), hanoi::SearchOptions{});

  std::vector<Row> rows;
  for (int n = args.n_from; n <= args.n_to; ++n) {
    std::fprintf(stderr, "[bench] n=%d: 4^n = %llu states, %d threads available\n", n,
                 static_cast<unsigned long long>(four_peg_space(n).num_ranks()), all_threads);
    rows.push_back(bench_one_n(n, all_threads, args.skip_baselines_above));
  }
  std::string tiny;
  if (args.domino > 0)
    tiny = "\n" + tiny_levels_section(bench_domino(args.domino, all_threads), rows, all_threads);
  const double total = seconds_since(t_start);

  const std::string body = "## Figures\n\n" + figures_table(rows) + "\n## Ratios\n\n" +
                           ratios_table(rows, all_threads) + "\n" + legend(all_threads) + "\n" +
                           target_sentence(rows, all_threads) + tiny;
  std::fputs(body.c_str(), stdout);
  std::printf(
      "\nAll methods agreed on states, eccentricity and level counts. Total wall time %.1f s.\n",
      total);

  if (!args.markdown.empty()) {
    hanoi::bench::BenchTable t;
    t.title = "Complete 4-peg search: engine vs baselines";
    t.command = hanoi::bench::command_line(argc, argv);
    t.extra_lines = {"oneTBB threads: " + std::to_string(all_threads) +
                     "; load average at start: " + load_at_start};
    t.total_seconds = total;
    t.intro =
        "Each figure is one run, timed in this process; all methods agreed on the number of "
        "states (4^n), the eccentricity of the start and the per-level counts.";
    t.body = body;
    t.summary = "4 pegs n = " + std::to_string(args.n_from) + ".." + std::to_string(args.n_to) +
                ": the engine against the baselines";
    hanoi::bench::write_bench_table(args.markdown, t);
  }
  return 0;
}

}  // namespace

// An exception (a refused memory budget, an unwritable file) ends the run with its
// message and status 1, not with std::terminate's abort (bugprone-exception-escape).
int main(int argc, char** argv) {
  try {
    return bench_main(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", "bench_four_peg", e.what());
    return 1;
  }
}

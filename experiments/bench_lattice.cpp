// Benchmark: the word-parallel lattice engine against the generic engine and baselines.
//
//   bench_lattice [--n4 15] [--n4-big 16] [--n5 13] [--adjacent-n 18] [--markdown PATH]
//
// Rows (every figure timed in this process, in this run, so ratios compare figures
// taken under the same load):
// * 4 pegs (`reves`, from all discs on peg 0, every one of 4^n states reached), n = --n4:
//   lattice with all threads and with 1, generic with all threads and with 1, a naive
//   OpenMP bitset BFS (one bit per state, one state at a time, written below in 40
//   lines) with all threads, and the bitmap floor with all threads and with 1.
// * 4 pegs, n = --n4-big: the lattice alone, with its peak resident memory.
// * 5 pegs (`reves --pegs 5`), n = --n5, and 3 pegs `adjacent`, n = --adjacent-n:
//   lattice and generic, all threads.  `adjacent` on 3 pegs is a path of 3^n states
//   (one state per level), the lattice's worst case; `--engine auto` runs the generic
//   engine there, and this row shows why.
// The bitmap floor: one pass per BFS level over three bitmaps (read two, write two,
// every word), the memory traffic alone of a level-synchronous search that scanned
// every word at every level; levels = the eccentricity + 1.  It is what a
// whole-bitmap design could at best reach; the lattice engine reads only the chunks
// a level lists (a chunk is live for about a fifth of the levels at 4 pegs), so it
// runs below it.  A Targets table checks the figures against this run.
//
// Checks: every method of a row must report the same per-level counts (the naive BFS
// and the generic engine against the lattice); a disagreement aborts.
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <time.h>

#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "cli/batch.hpp"
#include "cli/pictures.hpp"
#include "cli/provenance.hpp"
#include "engine/bfs.hpp"
#include "engine/lattice_bfs.hpp"
#include "engine/memory.hpp"
#include "experiments/bench_table.hpp"
#include "variants/adjacent/adjacent.hpp"
#include "variants/common/peg_space.hpp"
#include "variants/instances.hpp"  // the families' searches, compiled once

namespace {

using hanoi::Rank;
using Clock = std::chrono::steady_clock;
using FreeSpace = hanoi::variants::PegSpace<hanoi::variants::FreeMoves>;
using AdjacentSpace = hanoi::variants::PegSpace<hanoi::variants::adjacent::NeighbourMoves>;

double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

struct Row {
  std::string instance, method;
  int threads = 0;
  std::uint64_t states = 0, eccentricity = 0, peak_rss = 0, search_bytes = 0;
  double seconds = 0, cpu = 0;
  std::vector<std::uint64_t> levels;
  double rate() const { return seconds > 0 ? static_cast<double>(states) / seconds : 0; }
};

std::string fmt(const char* f, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, x);
  return buf;
}

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "\n*** bench_lattice: CHECK FAILED: %s ***\n", what.c_str());
  std::abort();
}

void report(const Row& r) {
  std::fprintf(stderr, "[bench] %-22s %-14s %d thr: %llu states, %.4g s (CPU %.4g s), %.3g/s\n",
               r.instance.c_str(), r.method.c_str(), r.threads,
               static_cast<unsigned long long>(r.states), r.seconds, r.cpu, r.rate());
}

// One engine run (generic or lattice) with `threads` threads.
template <class Space>
Row run_engine(const std::string& instance, const Space& space, hanoi::EngineKind engine,
               int threads, int all_threads) {
  Row r;
  r.instance = instance;
  r.method = engine == hanoi::EngineKind::kLattice ? "lattice" : "generic";
  r.threads = threads;
  std::optional<tbb::global_control> limit;
  if (threads != all_threads) limit.emplace(tbb::global_control::max_allowed_parallelism, threads);
  hanoi::SearchOptions o;
  o.engine = engine;
  const double cpu0 = process_cpu_seconds();
  const hanoi::SearchResult s = engine == hanoi::EngineKind::kLattice
                                    ? hanoi::lattice_search(space, o)
                                    : hanoi::breadth_first_search(space, o);
  r.cpu = process_cpu_seconds() - cpu0;
  r.seconds = s.seconds;
  r.states = s.states_reached;
  r.eccentricity = s.eccentricity;
  r.levels = s.level_sizes.to_vector();
  r.peak_rss = s.peak_rss;
  r.search_bytes = s.search_bytes;
  report(r);
  return r;
}

// The naive baseline: visited / current / next bitmaps over the dense ranks, each
// level a parallel loop over the current bitmap's words, each set bit unranked and
// expanded one state at a time, new states marked with an atomic OR.
Row run_naive(const std::string& instance, const FreeSpace& space, int threads) {
  Row r;
  r.instance = instance;
  r.method = "naive bitset";
  r.threads = threads;
#ifdef _OPENMP
  const std::uint64_t words = (space.num_ranks() + 63) / 64;
  std::vector<std::uint64_t> visited(words, 0), cur(words, 0), next(words, 0);
  const Rank r0 = space.rank(space.start());
  visited[r0 / 64] = cur[r0 / 64] = std::uint64_t{1} << (r0 % 64);
  const auto t0 = Clock::now();
  const double cpu0 = process_cpu_seconds();
  std::uint64_t size = 1;
  while (size > 0) {
    r.levels.push_back(size);
    r.states += size;
#pragma omp parallel for schedule(dynamic, 4096) num_threads(threads)
    for (std::uint64_t i = 0; i < words; ++i) {
      for (std::uint64_t w = cur[i]; w; w &= w - 1) {
        const Rank rank = i * 64 + static_cast<Rank>(std::countr_zero(w));
        space.for_each_successor(space.unrank(rank), [&](const auto& t, hanoi::Move) {
          const Rank rt = space.rank(t);
          if (!((visited[rt / 64] >> (rt % 64)) & 1))
            std::atomic_ref<std::uint64_t>(next[rt / 64])
                .fetch_or(std::uint64_t{1} << (rt % 64), std::memory_order_relaxed);
        });
      }
    }
    size = 0;
#pragma omp parallel for reduction(+ : size) num_threads(threads)
    for (std::uint64_t i = 0; i < words; ++i) {
      const std::uint64_t x = next[i] & ~visited[i];
      visited[i] |= x;
      cur[i] = x;
      next[i] = 0;
      size += static_cast<std::uint64_t>(std::popcount(x));
    }
  }
  r.cpu = process_cpu_seconds() - cpu0;
  r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  r.eccentricity = r.levels.size() - 1;
#else
  (void)space;
  (void)threads;
#endif
  report(r);
  return r;
}

// The bitmap floor (see the header): `levels` full passes over three bitmaps of the
// lattice layout of m pegs and n discs.
Row run_floor(const std::string& instance, int m, int n, std::uint64_t levels, int threads,
              int all_threads) {
  Row r;
  r.instance = instance;
  r.method = "bitmap floor";
  r.threads = threads;
  std::optional<tbb::global_control> limit;
  if (threads != all_threads) limit.emplace(tbb::global_control::max_allowed_parallelism, threads);
  const hanoi::LatticeLayout L(m, n);
  std::vector<std::uint64_t> a(L.words(), 1), v(L.words(), 0), b(L.words(), 0);
  const auto t0 = Clock::now();
  const double cpu0 = process_cpu_seconds();
  for (std::uint64_t level = 0; level < levels; ++level) {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, L.words(), 1024),
                      [&](const tbb::blocked_range<std::uint64_t>& range) {
                        for (std::uint64_t h = range.begin(); h != range.end(); ++h) {
                          const std::uint64_t x = a[h] & ~v[h];
                          v[h] |= x;
                          b[h] = x | (level & 1);
                        }
                      });
    std::swap(a, b);
  }
  r.cpu = process_cpu_seconds() - cpu0;
  r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  r.states = 1;
  for (int i = 0; i < n; ++i) r.states *= static_cast<std::uint64_t>(m);
  report(r);
  return r;
}

void same_levels(const Row& a, const Row& b) {
  if (a.levels != b.levels)
    fail(a.instance + ": " + a.method + " and " + b.method + " disagree on the levels");
}

struct Args {
  int n4 = 15, n4_big = 16, n5 = 13, adjacent_n = 18;
  std::string markdown;
};

}  // namespace

static int bench_main(int argc, char** argv) {
  Args args;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      std::printf(
          "bench_lattice [--n4 15] [--n4-big 16] [--n5 13] [--adjacent-n 18] [--markdown PATH]\n"
          "Times the lattice engine against the generic engine, a naive OpenMP bitset BFS\n"
          "and the bitmap floor; a size of 0 skips that row.\n");
      return 0;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "bench_lattice: %s needs a value\n", flag.c_str());
      return 2;
    }
    const std::string value = argv[++i];
    if (flag == "--markdown") {
      args.markdown = value;
      continue;
    }
    char* end = nullptr;
    const long x = std::strtol(value.c_str(), &end, 10);
    if (end == value.c_str() || *end != '\0' || x < 0 || x > 40) {
      std::fprintf(stderr, "bench_lattice: %s takes a number of discs (got '%s')\n", flag.c_str(),
                   value.c_str());
      return 2;
    }
    if (flag == "--n4") {
      args.n4 = static_cast<int>(x);
    } else if (flag == "--n4-big") {
      args.n4_big = static_cast<int>(x);
    } else if (flag == "--n5") {
      args.n5 = static_cast<int>(x);
    } else if (flag == "--adjacent-n") {
      args.adjacent_n = static_cast<int>(x);
    } else {
      std::fprintf(stderr, "bench_lattice: unknown option %s (see --help)\n", flag.c_str());
      return 2;
    }
  }
  const int T = static_cast<int>(tbb::info::default_concurrency());
  const auto t_start = Clock::now();
  std::vector<Row> rows;
  using hanoi::EngineKind;

  if (args.n4 > 0) {
    const std::string inst = "reves m=4 n=" + std::to_string(args.n4);
    const FreeSpace s(4, args.n4, 0, 3, {});
    const Row lat = run_engine(inst, s, EngineKind::kLattice, T, T);
    rows.push_back(lat);
    rows.push_back(run_engine(inst, s, EngineKind::kLattice, 1, T));
    rows.push_back(run_engine(inst, s, EngineKind::kGeneric, T, T));
    rows.push_back(run_engine(inst, s, EngineKind::kGeneric, 1, T));
#ifdef _OPENMP
    rows.push_back(run_naive(inst, s, T));
#endif
    for (const Row& r : rows) same_levels(lat, r);
    rows.push_back(run_floor(inst, 4, args.n4, lat.eccentricity + 1, T, T));
    rows.push_back(run_floor(inst, 4, args.n4, lat.eccentricity + 1, 1, T));
  }
  if (args.n4_big > 0) {
    const FreeSpace s(4, args.n4_big, 0, 3, {});
    rows.push_back(
        run_engine("reves m=4 n=" + std::to_string(args.n4_big), s, EngineKind::kLattice, T, T));
  }
  if (args.n5 > 0) {
    const std::string inst = "reves m=5 n=" + std::to_string(args.n5);
    const FreeSpace s(5, args.n5, 0, 4, {});
    const Row lat = run_engine(inst, s, EngineKind::kLattice, T, T);
    const Row gen = run_engine(inst, s, EngineKind::kGeneric, T, T);
    same_levels(lat, gen);
    rows.push_back(lat);
    rows.push_back(gen);
  }
  if (args.adjacent_n > 0) {
    const std::string inst = "adjacent m=3 n=" + std::to_string(args.adjacent_n);
    const AdjacentSpace s(3, args.adjacent_n, 0, 2, {});
    const Row lat = run_engine(inst, s, EngineKind::kLattice, T, T);
    const Row gen = run_engine(inst, s, EngineKind::kGeneric, T, T);
    same_levels(lat, gen);
    rows.push_back(lat);
    rows.push_back(gen);
  }
  const double total = std::chrono::duration<double>(Clock::now() - t_start).count();

  // The table, then the ratios of each instance against its lattice row.
  std::string body =
      "| instance | method | threads | states | eccentricity | seconds | CPU s | states/s | "
      "search memory | peak RSS |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const Row& r : rows) {
    const bool engine = r.method == "lattice" || r.method == "generic";
    body += "| " + r.instance + " | " + r.method + " | " + std::to_string(r.threads) + " | " +
            std::to_string(r.states) + " | " +
            (r.method == "bitmap floor" ? "–" : std::to_string(r.eccentricity)) + " | " +
            fmt("%.3f", r.seconds) + " | " + fmt("%.2f", r.cpu) + " | " + fmt("%.3g", r.rate()) +
            " | " + (engine ? hanoi::format_bytes(r.search_bytes) : "–") + " | " +
            (engine ? hanoi::format_bytes(r.peak_rss) : "–") + " |\n";
  }
  body += "\n## Ratios (time of the method / time of the lattice engine, same threads)\n\n";
  body += "| instance | method | threads | time ratio |\n|---|---|---:|---:|\n";
  for (const Row& r : rows) {
    if (r.method == "lattice") continue;
    for (const Row& l : rows)
      if (l.method == "lattice" && l.instance == r.instance && l.threads == r.threads)
        body += "| " + r.instance + " | " + r.method + " | " + std::to_string(r.threads) + " | " +
                fmt("%.2f", r.seconds / l.seconds) + " |\n";
  }
  for (const Row& a : rows)
    for (const Row& b : rows)
      if (a.method == "lattice" && b.method == "lattice" && a.instance == b.instance &&
          a.threads == T && b.threads == 1 && T > 1)
        body += "\nLattice parallel speed-up on " + a.instance + ": " +
                fmt("%.2f", b.seconds / a.seconds) + "x with " + std::to_string(T) + " threads.\n";
  // The targets of the lattice engine (issue 9), each checked against this run.
  if (args.n4 > 0) {
    const Row* lat = nullptr;
    const Row* gen = nullptr;
    const Row* naive = nullptr;
    for (const Row& r : rows) {
      if (r.instance != "reves m=4 n=" + std::to_string(args.n4) || r.threads != T) continue;
      if (r.method == "lattice") lat = &r;
      if (r.method == "generic") gen = &r;
      if (r.method == "naive bitset") naive = &r;
    }
    body += "\n## Targets (4 pegs, n = " + std::to_string(args.n4) + ", " + std::to_string(T) +
            " threads)\n\n| target | measured | met |\n|---|---:|---|\n";
    auto line = [&](const std::string& what, double value, double goal, const char* f) {
      body +=
          "| " + what + " | " + fmt(f, value) + " | " + (value >= goal ? "yes" : "**no**") + " |\n";
    };
    if (lat) line("states/s >= 4e8", lat->rate(), 4e8, "%.3g");
    if (lat && gen)
      line("time ratio generic / lattice >= 8", gen->seconds / lat->seconds, 8, "%.2f");
    if (lat && naive)
      line("time ratio naive bitset / lattice >= 10", naive->seconds / lat->seconds, 10, "%.2f");
  }
  std::fputs(body.c_str(), stdout);
  std::printf("\nTotal wall time %.1f s.\n", total);
  if (!args.markdown.empty()) {
    const std::filesystem::path path(args.markdown);
    // The rows as CSV beside the Markdown (for scripts/plots.py), and its picture.
    std::filesystem::path csv_path = path;
    csv_path.replace_extension(".csv");
    std::string csv = "bench,instance,method,threads,states,seconds,states_per_second\n";
    for (const Row& r : rows)
      csv += "lattice," + r.instance + "," + r.method + "," + std::to_string(r.threads) + "," +
             std::to_string(r.states) + "," + fmt("%.4f", r.seconds) + "," + fmt("%.6g", r.rate()) +
             "\n";
    hanoi::cli::write_file_atomic(csv_path, csv);
    for (const std::string& f : hanoi::cli::make_plots(csv_path))
      if (f.size() > 4 && f.compare(f.size() - 4, 4, ".svg") == 0)
        body += "\n![" + f + "](" + f + ")\n";
    hanoi::bench::BenchTable t;
    t.title = "Lattice engine: complete searches against the generic engine and baselines";
    t.command = hanoi::bench::command_line(argc, argv);
    t.extra_lines = {"oneTBB threads: " + std::to_string(T)};
    t.total_seconds = total;
    t.intro =
        "Every row is one complete search from all discs on peg 0, timed in this run; all "
        "methods of an instance agreed on every level's count.  Method definitions: the "
        "header of experiments/bench_lattice.cpp.";
    t.body = body;
    t.csv = csv;
    t.summary = "the lattice engine's rate against the generic engine and baselines";
    hanoi::bench::write_bench_table(path, t);
  }
  return 0;
}

// Any failure (a search over budget, a bad value) ends in one line, not an abort.
int main(int argc, char** argv) {
  try {
    return bench_main(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_lattice: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "bench_lattice: unexpected exception\n");
  }
  return 1;
}

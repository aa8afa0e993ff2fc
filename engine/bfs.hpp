// Generic parallel, memory-bounded breadth-first search over a ranked state space.
//
// Design overview
// ---------------
// * `visited` is one bit per rank (BitStore).  A state is *discovered* by the one
//   thread whose atomic fetch_or sets its bit; only that thread records it.
// * The frontier of each level adapts to its size.  Small levels (Domino has ~10^5
//   levels of ~30 states) are plain vectors of ranks, expanded on the calling
//   thread without waking the thread pool and without touching any full-size array,
//   so a tiny level costs time proportional to its size.  Larger vector levels are
//   sorted by rank (locality in `visited`) and expanded in parallel.
// * A level of more than ranks/512 states is dense.  Two snapshots of `visited`,
//   `newer` (taken as the level began) and `older` (one level earlier), give the
//   level as newer \ older word by word, scanned in parallel; the expansion writes
//   only `visited`, one atomic fetch_or per discovery, and moving on costs one copy
//   pass (there are at most 512 dense levels, each larger than that pass).
// * Successors are generated for batches of 32 states at a time and their visited
//   words prefetched, so the cache misses on `visited` overlap.  New states of a
//   vector level go to per-thread buffers reserved once (the successor loop does
//   not allocate); a buffer that outgrows its share spills the level into `newer`.
// * With a witness requested, each discovered rank also stores the move that
//   reached it (one byte: from*16 + to).  Walking back from the goal through
//   predecessors rebuilds an optimal move sequence; this works for directed graphs
//   too, where a "depth mod 3" code would not.
// * With start symmetries (options.symmetry; symmetry.hpp) one state of each orbit
//   is kept: every successor is replaced by its orbit's least rank before the
//   lookup, and a new one counts its orbit's size, so the levels are the full ones.
// * Memory is estimated before anything is allocated; a search that cannot fit its
//   budget is refused with the estimate (MemoryBudgetExceeded).
//
// The result names optimum (first level holding a goal state), states reached,
// eccentricity of the start (last non-empty level), per-level counts, wall time,
// peak resident memory and the search's bits per rank.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core.hpp"
#include "engine/level_loop.hpp"
#include "engine/memory.hpp"
#include "engine/mirror.hpp"
#include "engine/progress.hpp"
#include "engine/search_types.hpp"
#include "engine/storage.hpp"
#include "engine/symmetry.hpp"

namespace hanoi {

// Levels larger than this many states are kept as bitmaps, smaller ones as vectors.
// At ranks/512 a vector holds an eighth of a bitmap's bytes, and a per-level pass
// over the bitmaps costs less than expanding the level itself.
inline std::uint64_t dense_threshold(Rank ranks) {
  return std::max<std::uint64_t>(ranks / 512, 4096);
}

// Bytes a search over `ranks` ranks may need at its peak: visited and the two
// snapshot bitmaps, the current level's vector and the per-thread buffers (each at
// most dense_threshold ranks), and a byte per rank for a witness.
inline std::uint64_t estimate_search_bytes(Rank ranks, bool want_path) {
  const std::uint64_t bitmap = (ranks + 63) / 64 * 8;
  // The level vector may double its capacity past the threshold; the buffers hold
  // about one threshold in all: four thresholds of ranks bound both.
  return 3 * bitmap + 4 * sizeof(Rank) * dense_threshold(ranks) + (want_path ? ranks : 0) +
         (std::uint64_t{16} << 20);
}

namespace detail {
inline constexpr std::size_t kSerialLevel = 2048;   // expand smaller levels inline
inline constexpr std::size_t kSortLevel = 1 << 16;  // sort larger vector levels by rank
inline constexpr std::size_t kBatch = 32;           // states expanded together (prefetch window)
inline std::uint8_t encode_move(Move m) {
  return static_cast<std::uint8_t>(m.from * 16 + m.to);
}

inline std::size_t worker_count() {
  const std::size_t arena =
      static_cast<std::size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
  const std::size_t allowed =
      tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
  return std::max<std::size_t>(1, std::min(arena, allowed));
}
}  // namespace detail

namespace detail {
template <StateSpace V>
SearchResult breadth_first_search_impl(const V& v, const SearchOptions& options) {
  using State = typename V::State;
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  SearchResult result;
  const Rank ranks = v.num_ranks();
  result.rank_space = ranks;
  const std::uint64_t budget = options.search_budget();
  const std::uint64_t need = estimate_search_bytes(ranks, options.want_path);
  if (need > budget)
    throw over_budget(options, need, "",
                      options.want_path ? "raise --max-memory or lower n"
                                        : "raise --max-memory, lower n, or add --work-dir DIR to "
                                          "keep the search on disk");

  // visited: every rank discovered so far.  During a dense level, `newer` holds
  // visited as it stood when the level began and `older` as it stood one level
  // earlier, so the level is newer \ older, read word by word; the expansion then
  // writes nothing but `visited` (one atomic per discovery), and moving on to the
  // next level costs one copy pass.  During vector levels `newer` is all zero and
  // catches the next level should it outgrow the vectors.
  BitStore visited(ranks);
  BitStore older, newer;  // allocated on first use
  std::uint64_t allocated = visited.bytes();
  SegmentedArray<std::uint8_t> parent;
  if (options.want_path) {
    parent = SegmentedArray<std::uint8_t>(ranks);
    allocated += parent.bytes();
  }
  std::vector<Rank> cur_list;
  bool cur_dense = false;
  // Start symmetries (symmetry.hpp): the states kept are the orbits' least ranks.
  const StartSymmetry<V> sym(v, options.symmetry);
  const bool sym_on = sym.active();
  if (options.symmetry && (!sym_on || options.want_path))
    throw std::invalid_argument(
        "--symmetry: the generic engine needs a peg symmetry that fixes the start, and gives "
        "no witness");
  result.symmetries = static_cast<std::uint64_t>(sym.order());

  const std::size_t threads = detail::worker_count();
  const std::uint64_t threshold = dense_threshold(ranks);
  const std::size_t buffer_cap =
      static_cast<std::size_t>(std::max<std::uint64_t>(threshold / threads, 1024));
  const std::uint64_t max_branching =
      static_cast<std::uint64_t>(v.pegs()) * static_cast<std::uint64_t>(v.pegs() - 1);
  // Per-thread scratch, sized once: the buffer of new ranks, and the successors of
  // one batch of states (rank, and the move's code when a witness is kept) waiting
  // for their visited words to arrive.
  struct Scratch {
    std::vector<Rank> buf;
    std::vector<Rank> pending;
    std::vector<std::uint8_t> pending_move;
    std::vector<Rank> batch;
  };
  tbb::enumerable_thread_specific<Scratch> scratch([&] {
    Scratch sc;
    sc.buf.reserve(buffer_cap);
    sc.pending.resize(detail::kBatch * max_branching);
    sc.pending_move.resize(detail::kBatch * max_branching);
    sc.batch.reserve(detail::kBatch);
    return sc;
  });
  // New states found by each thread: kept (orbits, with symmetry) and counted.
  struct Found {
    std::uint64_t stored = 0, states = 0;
  };
  tbb::enumerable_thread_specific<Found> discovered_counts;
  std::atomic<bool> next_dense{false};
  std::atomic<Rank> goal_rank{~Rank{0}};
  const GoalTest<V> is_goal_rank(v, sym);
  bool goal_found = false;

  const State s0 = v.start();
  const Rank r0 = v.rank(s0);
  visited.test_and_set(r0);
  cur_list.push_back(r0);
  result.level_sizes.push_back(1);
  if (v.is_goal(s0)) {
    goal_found = true;
    goal_rank = r0;
    result.optimum = 0;
  }
  // Watched ranks (options.watch; never with symmetry): each one's depth, read from
  // `visited` after each level.
  WatchedDepths watched(options, result);
  auto is_visited = [&](Rank r) { return visited.test(r); };
  watched.note(0, is_visited);
  std::uint64_t reached = 1;
  std::uint64_t depth = 0;
  std::uint64_t cur_stored = 1;  // the current level's kept states (its orbits)
  std::uint64_t orbits = 1;      // kept states so far

  auto ensure_bits = [&](BitStore& b) {
    if (b.ranks() == 0) {
      b = BitStore(ranks);
      allocated += b.bytes();
    }
  };

  // Expands a batch of states: new successors are marked visited.  From a vector
  // level they are also appended to this thread's buffer while the next level fits
  // the vectors; when a buffer fills, the next level becomes dense and the rest of
  // it goes to the `newer` bitmap.  From a dense level nothing but `visited` is
  // written: the next level is recovered afterwards as visited \ newer (buffers
  // would only push the bitmaps out of the cache).
  // The successors of the whole batch are generated first and their visited words
  // prefetched, so that the cache misses on `visited` (the search's main cost once
  // the bitmap outgrows the caches) overlap instead of stalling one by one.
  auto expand_batch = [&](const Rank* ranks_in, std::size_t count, Scratch& sc, Found& found,
                          bool from_dense) {
    std::size_t k = 0;
    Rank* pending = sc.pending.data();
    std::uint8_t* pending_move = sc.pending_move.data();
    const bool want_path = options.want_path;
    for (std::size_t i = 0; i < count; ++i) {
      // always_inline: whether GCC inlines this callback otherwise depends on
      // unrelated code nearby, and an out-of-line call per successor costs 2-3x.
      v.for_each_successor(v.unrank(ranks_in[i]), [&](const State& t, Move m) HANOI_ALWAYS_INLINE {
        // At most one successor per ordered pair of pegs (a StateSpace requirement),
        // so the scratch never overflows.  A check here costs 3x: it stops inlining.
        assert(k < sc.pending.size());
        pending[k] = sym_on ? sym.canonical(t) : v.rank(t);
        if (want_path) pending_move[k] = detail::encode_move(m);
        ++k;
      });
    }
    for (std::size_t j = 0; j < k; ++j) visited.prefetch(pending[j]);
    for (std::size_t j = 0; j < k; ++j) {
      const Rank rt = pending[j];
      if (!visited.test_and_set(rt)) continue;
      ++found.stored;
      found.states += sym_on ? sym.orbit_size(rt) : 1;
      if (want_path) parent[rt] = pending_move[j];
      if (is_goal_rank(rt)) {
        Rank expected = ~Rank{0};
        goal_rank.compare_exchange_strong(expected, rt, std::memory_order_relaxed);
      }
      if (from_dense) continue;  // the next level is recovered as visited \ newer
      if (next_dense.load(std::memory_order_relaxed)) {
        newer.set_atomic(rt);
        continue;
      }
      sc.buf.push_back(rt);
      if (sc.buf.size() >= buffer_cap) {
        next_dense.store(true, std::memory_order_relaxed);
        for (Rank x : sc.buf) newer.set_atomic(x);
        sc.buf.clear();
      }
    }
  };
  auto expand_list = [&](const Rank* first, std::size_t count, Scratch& sc, Found& found) {
    for (std::size_t i = 0; i < count; i += detail::kBatch)
      expand_batch(first + i, std::min(detail::kBatch, count - i), sc, found, false);
  };

  // The half-depth test (options.meet_in_middle; lattice_bfs.hpp's overview gives
  // the argument): after level d is complete, some state s of it has σs reached at
  // depth d - 1 (kOdd: the optimum is 2d - 1) or only at depth d (kEven: 2d).  The
  // level is newer \ older when dense, else cur_list (sorted here for the lookups).
  const bool meet = options.meet_in_middle;
  const StartGoalMirror<V> mirror(v, meet);
  if (meet && (!mirror.ok() || options.want_path))
    throw std::invalid_argument(
        "--meet-in-middle: the generic engine needs a start-goal mirror and no witness");
  auto meet_test = [&]() -> LevelReport::Meet {
    std::atomic<bool> odd{false}, even{false};
    auto test = [&](Rank r, auto&& in_level) {
      const Rank t = mirror(r);
      if (!visited.test(t)) return;
      if (in_level(t))
        even.store(true, std::memory_order_relaxed);
      else
        odd.store(true, std::memory_order_relaxed);
    };
    if (cur_dense) {
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, visited.word_count(), 512),
                        [&](const tbb::blocked_range<std::uint64_t>& range) {
                          for (std::uint64_t i = range.begin(); i != range.end(); ++i)
                            for (std::uint64_t w = newer.word(i) & ~older.word(i); w; w &= w - 1)
                              test((i << 6) | static_cast<Rank>(std::countr_zero(w)),
                                   [&](Rank t) { return !older.test(t); });
                        });
    } else {
      tbb::parallel_sort(cur_list.begin(), cur_list.end());
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, cur_list.size(), 1024),
                        [&](const tbb::blocked_range<std::size_t>& range) {
                          for (std::size_t i = range.begin(); i != range.end(); ++i)
                            test(cur_list[i], [&](Rank t) {
                              return std::binary_search(cur_list.begin(), cur_list.end(), t);
                            });
                        });
    }
    return odd.load()    ? LevelReport::Meet::kOdd
           : even.load() ? LevelReport::Meet::kEven
                         : LevelReport::Meet::kNone;
  };

  auto last_report = t0;
  ProgressPrinter progress("bfs");
  unsigned levels_since_clock = 0;
  std::vector<Rank> sample;  // the lowest ranks of the current level, when asked
  for (;;) {
    const std::uint64_t level_size = result.level_sizes.back();
    if (level_size == 0) break;
    check_cancel(options);
    if (options.farthest > 0) {
      sample.clear();
      if (cur_dense) {
        for (std::uint64_t i = 0; i < visited.word_count() && sample.size() < options.farthest;
             ++i) {
          for (std::uint64_t w = newer.word(i) & ~older.word(i);
               w && sample.size() < options.farthest; w &= w - 1)
            sample.push_back((i << 6) | static_cast<Rank>(std::countr_zero(w)));
        }
      } else {
        sample.resize(std::min(options.farthest, cur_list.size()));
        std::partial_sort_copy(cur_list.begin(), cur_list.end(), sample.begin(), sample.end());
      }
    }
    if (goal_found && (options.stop_at_goal || meet)) {
      result.complete = false;
      break;
    }
    if (reached == ranks) {
      // Every rank is visited: the next level is empty without expanding this one.
      result.level_sizes.push_back(0);
      break;
    }
    next_dense.store(false);
    for (auto& c : discovered_counts) c = Found{};
    const auto level_t0 = options.trace ? Clock::now() : Clock::time_point{};
    const bool level_was_dense = cur_dense;

    if (cur_dense) {
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, visited.word_count(), 512),
                        [&](const tbb::blocked_range<std::uint64_t>& range) {
                          Scratch& sc = scratch.local();
                          auto& found = discovered_counts.local();
                          sc.batch.clear();
                          for (std::uint64_t i = range.begin(); i != range.end(); ++i) {
                            std::uint64_t w = newer.word(i) & ~older.word(i);
                            while (w) {
                              sc.batch.push_back((i << 6) | static_cast<Rank>(std::countr_zero(w)));
                              w &= w - 1;
                              if (sc.batch.size() == detail::kBatch) {
                                expand_batch(sc.batch.data(), sc.batch.size(), sc, found, true);
                                sc.batch.clear();
                              }
                            }
                          }
                          expand_batch(sc.batch.data(), sc.batch.size(), sc, found, true);
                          sc.batch.clear();
                        });
    } else {
      // A level that cannot fill one buffer cannot spill: a state discovers at most
      // max_branching new states.  Otherwise the (all-zero) spill target must exist.
      if (cur_stored * max_branching >= buffer_cap) ensure_bits(newer);
      if (cur_list.size() < detail::kSerialLevel) {
        expand_list(cur_list.data(), cur_list.size(), scratch.local(), discovered_counts.local());
      } else {
        // Rank order keeps successive expansions near each other in `visited`.
        if (cur_list.size() >= detail::kSortLevel)
          tbb::parallel_sort(cur_list.begin(), cur_list.end());
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, cur_list.size(), 256),
                          [&](const tbb::blocked_range<std::size_t>& range) {
                            expand_list(cur_list.data() + range.begin(), range.size(),
                                        scratch.local(), discovered_counts.local());
                          });
      }
    }

    std::uint64_t next_size = 0, next_stored = 0;
    for (const Found& c : discovered_counts) {
      next_size += c.states;
      next_stored += c.stored;
    }
    cur_list.clear();
    // One word-parallel pass over the bitmaps moves to the next level.
    auto for_each_word = [&](auto&& body) {
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, visited.word_count(), 4096),
                        [&](const tbb::blocked_range<std::uint64_t>& range) {
                          for (std::uint64_t i = range.begin(); i != range.end(); ++i) body(i);
                        });
    };
    if (cur_dense) {
      if (next_stored >= threshold) {
        // Stay dense: older <- newer, newer <- visited.
        std::swap(older, newer);
        for_each_word([&](std::uint64_t i) { newer.set_word(i, visited.word(i)); });
      } else {
        // Back to a vector: the next level is visited \ newer; newer is then cleared
        // so that it can catch a later spill.
        for (std::uint64_t i = 0; i < visited.word_count(); ++i) {
          std::uint64_t w = visited.word(i) & ~newer.word(i);
          newer.clear_word(i);
          while (w) {
            cur_list.push_back((i << 6) | static_cast<Rank>(std::countr_zero(w)));
            w &= w - 1;
          }
        }
        cur_dense = false;
      }
    } else if (next_dense.load()) {
      // `newer` holds the part of the next level that spilled; add the rest, then
      // older <- visited before this level (visited \ next level), newer <- visited.
      for (auto& sc : scratch) {
        for (Rank x : sc.buf) newer.set_unsynchronized(x);
        sc.buf.clear();
      }
      ensure_bits(older);
      for_each_word([&](std::uint64_t i) {
        const std::uint64_t all = visited.word(i);
        older.set_word(i, all & ~newer.word(i));
        newer.set_word(i, all);
      });
      cur_dense = true;
    } else {
      for (auto& sc : scratch) {
        cur_list.insert(cur_list.end(), sc.buf.begin(), sc.buf.end());
        sc.buf.clear();
      }
    }
    if (options.trace)
      std::fprintf(stderr, "[bfs] level %llu (%s) %llu states -> %llu new in %.3f s\n",
                   static_cast<unsigned long long>(depth), level_was_dense ? "bitmap" : "vector",
                   static_cast<unsigned long long>(level_size),
                   static_cast<unsigned long long>(next_size),
                   std::chrono::duration<double>(Clock::now() - level_t0).count());
    ++depth;
    reached += next_size;
    cur_stored = next_stored;
    orbits += next_stored;
    result.level_sizes.push_back(next_size);
    if (meet && !goal_found && next_size > 0) {
      const LevelReport::Meet m = meet_test();
      if (m != LevelReport::Meet::kNone) {
        // The half-depth test decides the optimum at this level (see meet_test).
        goal_found = true;
        result.optimum = m == LevelReport::Meet::kOdd ? 2 * depth - 1 : 2 * depth;
        result.met_in_middle = true;
        result.complete = false;
        break;
      }
    }
    if (!goal_found && goal_rank.load() != ~Rank{0}) {
      goal_found = true;
      result.optimum = depth;
    }
    watched.note(depth, is_visited);
    // Reading the clock costs more than a tiny level (Domino has ~10^7 levels of ~10
    // states), so it is read only every 1024 levels or after a large level.
    if (options.progress && (++levels_since_clock >= 1024 || next_size >= 65536)) {
      levels_since_clock = 0;
      const auto now = Clock::now();
      if (now - last_report > std::chrono::seconds(2)) {
        last_report = now;
        const double secs = std::chrono::duration<double>(now - t0).count();
        // The half-depth test stops at an unknown share of the space: no ETA.
        const double fraction =
            meet ? -1.0 : static_cast<double>(reached) / static_cast<double>(ranks);
        progress.report(fraction, secs, static_cast<double>(reached) / secs,
                        "level " + std::to_string(depth) + ": " + std::to_string(next_size) +
                            " new, " + std::to_string(reached) + " reached");
      }
    }
  }
  // The last pushed level is empty when the search ran to completion.
  if (result.complete) result.level_sizes.pop_back();
  result.states_reached = reached;
  if (sym_on) result.orbits = orbits;
  result.eccentricity = result.level_sizes.size() - 1;
  result.outcome = goal_found ? SearchOutcome::kGoalReached : SearchOutcome::kGoalUnreachable;
  if (result.complete && sym_on) sample = sym.lowest_of_orbits(sample, options.farthest);
  if (result.complete)
    for (Rank r : sample) result.farthest.push_back(v.describe(v.unrank(r)));

  if (goal_found && options.want_path && options.max_path_moves > 0 &&
      result.optimum > options.max_path_moves) {
    result.path_omitted = true;  // the caller refuses to print it; no need to build it
  } else if (goal_found && options.want_path) {
    // The witness is counted in the budget before it is built (sizeof(Move) bytes a move).
    const std::uint64_t path_bytes = result.optimum * sizeof(Move);
    if (allocated + path_bytes > budget) throw over_budget(options, allocated + path_bytes);
    allocated += path_bytes;
    Rank r = goal_rank.load();
    std::vector<Move> path;
    path.reserve(result.optimum);
    while (r != r0) {
      const std::uint8_t code = parent[r];
      const int from = code / 16, to = code % 16;
      const State s = v.unrank(r);
      bool stepped = false;
      for_each_predecessor(v, s, [&](const State& u, Move m) {
        if (stepped || m.from != from || m.to != to) return;
        stepped = true;
        path.push_back(m);
        r = v.rank(u);
      });
      if (!stepped || path.size() > result.optimum)
        throw std::logic_error("witness reconstruction failed: predecessor not found");
    }
    std::reverse(path.begin(), path.end());
    result.path = std::move(path);
  }
  // The vectors' high-water marks count too: the current level and the buffers.
  allocated += static_cast<std::uint64_t>(cur_list.capacity()) * sizeof(Rank);
  for (const auto& sc : scratch)
    allocated += static_cast<std::uint64_t>(sc.buf.capacity()) * sizeof(Rank);
  result.search_bytes = allocated;
  result.peak_rss = peak_rss_bytes();
  result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return result;
}
}  // namespace detail

// The search.  With a witness (want_path) the levels are expanded by one thread:
// which parent of a state is recorded first would otherwise depend on the threads'
// timing, and users compare witnesses across runs.  The lattice engine, which
// serves the large reversible spaces, walks back through predecessors in a fixed
// order and keeps its threads.
template <StateSpace V>
SearchResult breadth_first_search(const V& v, const SearchOptions& options) {
  if (!options.want_path) return detail::breadth_first_search_impl(v, options);
  tbb::task_arena one_thread(1);
  return one_thread.execute([&] { return detail::breadth_first_search_impl(v, options); });
}

}  // namespace hanoi

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
// * A space with a block kernel (block_kernel.hpp: Checkers) has its bitmap levels
//   expanded a block of ranks at a time instead, when every state is kept (no
//   symmetry) and no parent is recorded (no witness); options.per_state turns it off.
// * Memory is estimated before anything is allocated; a search that cannot fit its
//   budget is refused with the estimate (MemoryBudgetExceeded).
// * The search is a LevelMode (`GenericMode`): it expands one level per step and
//   reports it, and the level loop every mode shares (run_levels, level_loop.hpp)
//   keeps the counts, the goal, the half-depth verdict, stop-at-goal, watched ranks
//   and progress.
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

#include "engine/block_kernel.hpp"
#include "engine/combinations.hpp"
#include "engine/core.hpp"
#include "engine/level_loop.hpp"
#include "engine/memory.hpp"
#include "engine/mirror.hpp"
#include "engine/progress.hpp"
#include "engine/search_types.hpp"
#include "engine/space_facts.hpp"
#include "engine/storage.hpp"
#include "engine/symmetry.hpp"

namespace hanoi {

// Levels larger than this many states are kept as bitmaps, smaller ones as vectors.
// At ranks/512 a vector holds an eighth of a bitmap's bytes, and a per-level pass
// over the bitmaps costs less than expanding the level itself.
inline std::uint64_t dense_threshold(Rank ranks) {
  return std::max<std::uint64_t>(ranks / 512, 4096);
}

// With a block kernel a bitmap level costs one pass over its words and its states'
// blocks, not a per-state expansion, so levels turn to bitmaps 16 times sooner.
// Measured on Checkers (2 threads): at ranks/512 the vector levels took 15% of n = 17;
// ranks/8192 against ranks/2048 and /512: 0.86, 0.90, 1.00 s at n = 17, 2.19, 2.16,
// 2.42 s at n = 18, 5.67 and 5.75 s (/2048) at n = 19.
inline std::uint64_t block_dense_threshold(Rank ranks) {
  return std::max<std::uint64_t>(ranks / 8192, 4096);
}

// Spaces whose levels stay tiny declare kThinLevels (Domino and Lundon: chains of
// millions of levels of tens of states, results/level_shape.md).  Their searches
// plan one bitmap (visited) and vectors of at most thin_threshold ranks, not the two
// snapshot bitmaps a wide level needs: Domino n = 21 then plans 9.9 GiB, not 34 GiB.
// A level wider than that turns to bitmaps as in any other space; the two bitmaps
// are checked against the budget when they are allocated (GenericMode::ensure_bits),
// a clear refusal mid-run should it happen, never a wrong count.
template <class V>
concept ThinSpace = StateSpace<V> && requires {
  requires V::kThinLevels;
};

inline std::uint64_t thin_threshold(Rank ranks) {
  return std::min<std::uint64_t>(dense_threshold(ranks), std::uint64_t{1} << 22);
}

// Bytes of one bitmap of a bit per rank.
inline std::uint64_t bitmap_bytes(Rank ranks) {
  return (ranks + 63) / 64 * 8;
}

// Bytes a search keeps beside its bitmaps: the level vector may double its capacity
// past the threshold and the buffers hold about one threshold in all, so four
// thresholds of ranks bound both; and 16 MiB for the rest.
inline std::uint64_t beside_bitmaps_bytes(std::uint64_t threshold) {
  return 4 * sizeof(Rank) * threshold + (std::uint64_t{16} << 20);
}

// Bytes a search over `ranks` ranks may need at its peak: visited and the two
// snapshot bitmaps (only visited for a thin space, `thin`), the current level's
// vector and the per-thread buffers (each at most one threshold of ranks:
// block_dense_threshold where the levels go through a block kernel, `blocks`,
// thin_threshold for a thin space, else dense_threshold), and a byte per rank for a
// witness.
inline std::uint64_t estimate_search_bytes(Rank ranks, bool want_path, bool blocks = false,
                                           bool thin = false) {
  const std::uint64_t threshold = blocks ? block_dense_threshold(ranks)
                                  : thin ? thin_threshold(ranks)
                                         : dense_threshold(ranks);
  return (thin && !blocks ? 1 : 3) * bitmap_bytes(ranks) + beside_bitmaps_bytes(threshold) +
         (want_path ? ranks : 0);
}

// Whether the generic in-memory search expands its bitmap levels through v's block
// kernel (block_kernel.hpp): v has one at this n, the search keeps every state (no
// symmetry) and no parents (no witness), and the goal is one rank.  The plan
// (search.hpp) and the search itself ask this one function.
template <StateSpace V>
bool uses_block_kernel(const V& v, const SearchOptions& o) {
  if constexpr (BlockSpace<V>) {
    return !o.per_state && !o.symmetry && !o.want_path && v.block_kernel() != nullptr &&
           single_goal_rank(v) != ~Rank{0};
  } else {
    (void)v;
    (void)o;
    return false;
  }
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

// The generic in-memory search as a LevelMode (level_loop.hpp): step(d) expands
// level d - 1 into level d and reports it; run_levels keeps the counts, the goal,
// the half-depth verdict, stop-at-goal, the watched ranks and the progress line.
template <StateSpace V>
class GenericMode {
  using State = typename V::State;

 public:
  GenericMode(const V& v, const SearchOptions& options, SearchResult& result)
      : v_(v),
        o_(options),
        ranks_(v.num_ranks()),
        budget_(options.search_budget()),
        sym_(v, options.symmetry),
        sym_on_(sym_.active()),
        is_goal_rank_(v, sym_),
        mirror_(v, options.meet_in_middle),
        threads_(worker_count()),
        block_on_(uses_block_kernel(v, options)),
        threshold_(options.forced.dense ? 1
                   : block_on_          ? block_dense_threshold(ranks_)
                   : ThinSpace<V>       ? thin_threshold(ranks_)
                                        : dense_threshold(ranks_)),
        buffer_cap_(options.forced.dense ? 1
                                         : static_cast<std::size_t>(std::max<std::uint64_t>(
                                               threshold_ / threads_, 1024))),
        max_branching_(static_cast<std::uint64_t>(v.pegs()) *
                       static_cast<std::uint64_t>(v.pegs() - 1)),
        scratch_([this] {
          Scratch sc;
          sc.buf.reserve(buffer_cap_);
          sc.pending.resize(kBatch * max_branching_);
          sc.pending_move.resize(kBatch * max_branching_);
          sc.batch.reserve(kBatch);
          return sc;
        }) {
    result.rank_space = ranks_;
    const std::uint64_t need = estimate_search_bytes(ranks_, o_.want_path, block_on_, ThinSpace<V>);
    if (need > budget_) throw in_memory_over_budget(o_, need);
    result.symmetries = static_cast<std::uint64_t>(sym_.order());
    result.block_kernel = block_on_;
    visited_ = BitStore(ranks_);
    allocated_ = visited_.bytes();
    if (o_.want_path) {
      parent_ = SegmentedArray<std::uint8_t>(ranks_);
      allocated_ += parent_.bytes();
    }
  }

  LevelReport step(std::uint64_t depth) {
    LevelReport rep;
    if (depth == 0) {
      r0_ = v_.rank(v_.start());
      visited_.test_and_set(r0_);
      cur_list_.push_back(r0_);
      rep.size = 1;
      if (v_.is_goal(v_.start())) goal_rank_ = r0_;
    } else {
      // Every rank is visited: the next level is empty without expanding this one.
      if (reached_ == ranks_) return rep;
      rep.size = advance(depth);
      if (rep.size == 0) return rep;
      // As run_levels decides: the half-depth test first, then the goal.
      if (o_.meet_in_middle && !goal_reported_) rep.meet = meet_test();
    }
    rep.goal = goal_rank_.load() != kNoRank && !goal_reported_;
    goal_reported_ = goal_reported_ || rep.goal;
    reached_ += rep.size;
    if (o_.farthest > 0) rep.sample = lowest(o_.farthest);
    return rep;
  }

  // Whether rank r is visited (run_levels's watched ranks; never with symmetry).
  bool reached(Rank r) const { return visited_.test(r); }

  // After the level loop: orbits, farthest states, the witness, the memory used.
  void finish(SearchResult& result, LevelLoopEnd& end) {
    if (sym_on_) result.orbits = orbits_;
    if (result.complete && sym_on_) end.farthest = sym_.lowest_of_orbits(end.farthest, o_.farthest);
    for (Rank r : end.farthest) result.farthest.push_back(v_.describe(v_.unrank(r)));
    const bool goal = result.outcome == SearchOutcome::kGoalReached && !result.met_in_middle;
    if (goal && o_.want_path && o_.max_path_moves > 0 && result.optimum > o_.max_path_moves) {
      result.path_omitted = true;  // the caller refuses to print it; no need to build it
    } else if (goal && o_.want_path) {
      // The witness is counted in the budget before it is built (sizeof(Move) a move).
      const std::uint64_t path_bytes = result.optimum * sizeof(Move);
      if (allocated_ + path_bytes > budget_) throw over_budget(o_, allocated_ + path_bytes);
      allocated_ += path_bytes;
      result.path = walk_back(result.optimum);
    }
    // The vectors' high-water marks count too: the current level and the buffers.
    allocated_ += static_cast<std::uint64_t>(cur_list_.capacity()) * sizeof(Rank);
    for (const auto& sc : scratch_)
      allocated_ += static_cast<std::uint64_t>(sc.buf.capacity()) * sizeof(Rank);
    result.search_bytes = allocated_;
  }

 private:
  static constexpr Rank kNoRank = ~Rank{0};
  // Per-thread scratch, sized once: the buffer of new ranks, and the successors of
  // one batch of states (rank, and the move's code when a witness is kept) waiting
  // for their visited words to arrive.
  struct Scratch {
    std::vector<Rank> buf;
    std::vector<Rank> pending;
    std::vector<std::uint8_t> pending_move;
    std::vector<Rank> batch;
  };
  // New states found by each thread: kept (orbits, with symmetry) and counted.
  struct Found {
    std::uint64_t stored = 0, states = 0;
  };

  // Allocates a snapshot bitmap on first use.  The constructor's check covers both
  // unless the space is thin (its plan counts visited alone): then a level wider
  // than the vectors take is refused here, before anything is allocated.
  void ensure_bits(BitStore& b) {
    if (b.ranks() != 0) return;
    const std::uint64_t need = allocated_ + bitmap_bytes(ranks_) + beside_bitmaps_bytes(threshold_);
    if (need > budget_)
      throw over_budget(o_, need,
                        "a level of more than " + std::to_string(threshold_) +
                            " states, kept as bitmaps beside `visited`");
    b = BitStore(ranks_);
    allocated_ += b.bytes();
  }

  // Expands a batch of states: new successors are marked visited.  From a vector
  // level they are also appended to this thread's buffer while the next level fits
  // the vectors; when a buffer fills, the next level becomes dense and the rest of
  // it goes to the `newer` bitmap.  From a dense level nothing but `visited` is
  // written: the next level is recovered afterwards as visited \ newer (buffers
  // would only push the bitmaps out of the cache).
  // The successors of the whole batch are generated first and their visited words
  // prefetched, so that the cache misses on `visited` (the search's main cost once
  // the bitmap outgrows the caches) overlap instead of stalling one by one.
  void expand_batch(const Rank* ranks_in, std::size_t count, Scratch& sc, Found& found,
                    bool from_dense) {
    std::size_t k = 0;
    Rank* pending = sc.pending.data();
    std::uint8_t* pending_move = sc.pending_move.data();
    const bool want_path = o_.want_path;
    const bool sym_on = sym_on_;
    const V& v = v_;
    const StartSymmetry<V>& sym = sym_;
    for (std::size_t i = 0; i < count; ++i) {
      // always_inline: whether GCC inlines this callback otherwise depends on
      // unrelated code nearby, and an out-of-line call per successor costs 2-3x.
      v.for_each_successor(v.unrank(ranks_in[i]), [&](const State& t, Move m) HANOI_ALWAYS_INLINE {
        // At most one successor per ordered pair of pegs (a StateSpace requirement),
        // so the scratch never overflows.  A check here costs 3x: it stops inlining.
        assert(k < sc.pending.size());
        pending[k] = sym_on ? sym.canonical(t) : v.rank(t);
        if (want_path) pending_move[k] = encode_move(m);
        ++k;
      });
    }
    BitStore& visited = visited_;
    for (std::size_t j = 0; j < k; ++j) visited.prefetch(pending[j]);
    for (std::size_t j = 0; j < k; ++j) {
      const Rank rt = pending[j];
      if (!visited.test_and_set(rt)) continue;
      ++found.stored;
      found.states += sym_on ? sym.orbit_size(rt) : 1;
      if (want_path) parent_[rt] = pending_move[j];
      if (is_goal_rank_(rt)) {
        Rank expected = kNoRank;
        goal_rank_.compare_exchange_strong(expected, rt, std::memory_order_relaxed);
      }
      if (from_dense) continue;  // the next level is recovered as visited \ newer
      if (next_dense_.load(std::memory_order_relaxed)) {
        newer_.set_atomic(rt);
        continue;
      }
      sc.buf.push_back(rt);
      if (sc.buf.size() >= buffer_cap_) {
        next_dense_.store(true, std::memory_order_relaxed);
        for (Rank x : sc.buf) newer_.set_atomic(x);
        sc.buf.clear();
      }
    }
  }
  void expand_list(const Rank* first, std::size_t count, Scratch& sc, Found& found) {
    for (std::size_t i = 0; i < count; i += kBatch)
      expand_batch(first + i, std::min(kBatch, count - i), sc, found, false);
  }

  // Whether the current level is expanded inline, by the searching thread alone.
  bool serial_level() const {
    return !o_.forced.parallel && !cur_dense_ && cur_list_.size() < kSerialLevel;
  }
  // A parallel loop's grain: `normal`, or the least with options.forced.parallel.
  std::size_t grain(std::size_t normal) const { return o_.forced.parallel ? 1 : normal; }

  // Expands the current level (newer \ older when dense, else cur_list_).
  void expand_level() {
    if constexpr (BlockSpace<V>) {
      if (cur_dense_ && block_on_) {
        const std::uint64_t fresh = expand_blocks(v_, newer_, older_, visited_);
        Found& found = found_.local();
        found.stored += fresh;
        found.states += fresh;
        const Rank goal = is_goal_rank_.rank();
        if (goal_rank_.load() == kNoRank && visited_.test(goal)) goal_rank_ = goal;
        return;
      }
    }
    if (cur_dense_) {
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, visited_.word_count(), grain(512)),
                        [&](const tbb::blocked_range<std::uint64_t>& range) {
                          Scratch& sc = scratch_.local();
                          auto& found = found_.local();
                          sc.batch.clear();
                          for (std::uint64_t i = range.begin(); i != range.end(); ++i) {
                            std::uint64_t w = newer_.word(i) & ~older_.word(i);
                            while (w) {
                              sc.batch.push_back((i << 6) | static_cast<Rank>(std::countr_zero(w)));
                              w &= w - 1;
                              if (sc.batch.size() == kBatch) {
                                expand_batch(sc.batch.data(), sc.batch.size(), sc, found, true);
                                sc.batch.clear();
                              }
                            }
                          }
                          expand_batch(sc.batch.data(), sc.batch.size(), sc, found, true);
                          sc.batch.clear();
                        });
      return;
    }
    // A level that cannot fill one buffer cannot spill: a state discovers at most
    // max_branching new states.  Otherwise the (all-zero) spill target must exist.
    if (cur_stored_ * max_branching_ >= buffer_cap_) ensure_bits(newer_);
    if (serial_level()) {
      expand_list(cur_list_.data(), cur_list_.size(), *own_scratch_, *own_found_);
    } else {
      // Rank order keeps successive expansions near each other in `visited`.
      if (cur_list_.size() >= kSortLevel) tbb::parallel_sort(cur_list_.begin(), cur_list_.end());
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, cur_list_.size(), grain(256)),
                        [&](const tbb::blocked_range<std::size_t>& range) {
                          expand_list(cur_list_.data() + range.begin(), range.size(),
                                      scratch_.local(), found_.local());
                        });
    }
  }

  // Expands level depth - 1 and moves on to level `depth`; returns its size.
  std::uint64_t advance(std::uint64_t depth) {
    using Clock = std::chrono::steady_clock;
    next_dense_.store(false);
    // A level expanded inline touches this thread's scratch and counts only (3-peg
    // searches have up to 3^n levels of one state: the per-level cost is the search's
    // cost there, and a thread-local lookup is a hash of the thread's id).
    const bool serial = serial_level();
    if (serial) {
      *own_found_ = Found{};
    } else {
      for (auto& c : found_) c = Found{};
    }
    const auto level_t0 = o_.trace ? Clock::now() : Clock::time_point{};
    const bool was_dense = cur_dense_;
    expand_level();
    std::uint64_t next_size = 0, next_stored = 0;
    if (serial) {
      next_size = own_found_->states;
      next_stored = own_found_->stored;
    } else {
      for (const Found& c : found_) {
        next_size += c.states;
        next_stored += c.stored;
      }
    }
    cur_list_.clear();
    // One word-parallel pass over the bitmaps moves to the next level.
    auto for_each_word = [&](auto&& body) {
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, visited_.word_count(), grain(4096)),
                        [&](const tbb::blocked_range<std::uint64_t>& range) {
                          for (std::uint64_t i = range.begin(); i != range.end(); ++i) body(i);
                        });
    };
    if (cur_dense_) {
      if (next_stored >= threshold_) {
        // Stay dense: older <- newer, newer <- visited.
        std::swap(older_, newer_);
        // (One copy per run of words: word by word through the segments, this pass
        // was 4% of a profile of Checkers n = 16 with the block kernel.)
        tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, visited_.word_count(), grain(4096)),
                          [&](const tbb::blocked_range<std::uint64_t>& range) {
                            newer_.copy_words(visited_, range.begin(), range.end());
                          });
      } else {
        // Back to a vector: the next level is visited \ newer; newer is then cleared
        // so that it can catch a later spill.
        for (std::uint64_t i = 0; i < visited_.word_count(); ++i) {
          std::uint64_t w = visited_.word(i) & ~newer_.word(i);
          newer_.clear_word(i);
          while (w) {
            cur_list_.push_back((i << 6) | static_cast<Rank>(std::countr_zero(w)));
            w &= w - 1;
          }
        }
        cur_dense_ = false;
      }
    } else if (next_dense_.load()) {
      // `newer` holds the part of the next level that spilled; add the rest, then
      // older <- visited before this level (visited \ next level), newer <- visited.
      for (auto& sc : scratch_) {
        for (Rank x : sc.buf) newer_.set_unsynchronized(x);
        sc.buf.clear();
      }
      ensure_bits(older_);
      for_each_word([&](std::uint64_t i) {
        const std::uint64_t all = visited_.word(i);
        older_.set_word(i, all & ~newer_.word(i));
        newer_.set_word(i, all);
      });
      cur_dense_ = true;
    } else if (serial) {
      cur_list_.insert(cur_list_.end(), own_scratch_->buf.begin(), own_scratch_->buf.end());
      own_scratch_->buf.clear();
    } else {
      for (auto& sc : scratch_) {
        cur_list_.insert(cur_list_.end(), sc.buf.begin(), sc.buf.end());
        sc.buf.clear();
      }
    }
    if (o_.trace)
      std::fprintf(stderr, "[bfs] level %llu (%s) %llu new in %.3f s\n",
                   static_cast<unsigned long long>(depth),
                   was_dense ? (block_on_ ? "bitmap, blocks" : "bitmap") : "vector",
                   static_cast<unsigned long long>(next_size),
                   std::chrono::duration<double>(Clock::now() - level_t0).count());
    cur_stored_ = next_stored;
    orbits_ += next_stored;
    return next_size;
  }

  // The half-depth test (options.meet_in_middle; lattice_bfs.hpp's overview gives
  // the argument): after level d is complete, some state s of it has σs reached at
  // depth d - 1 (kOdd: the optimum is 2d - 1) or only at depth d (kEven: 2d).  The
  // level is newer \ older when dense, else cur_list (sorted here for the lookups).
  LevelReport::Meet meet_test() {
    std::atomic<bool> odd{false}, even{false};
    auto test = [&](Rank r, auto&& in_level) {
      const Rank t = mirror_(r);
      if (!visited_.test(t)) return;
      if (in_level(t))
        even.store(true, std::memory_order_relaxed);
      else
        odd.store(true, std::memory_order_relaxed);
    };
    if (cur_dense_) {
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, visited_.word_count(), grain(512)),
                        [&](const tbb::blocked_range<std::uint64_t>& range) {
                          for (std::uint64_t i = range.begin(); i != range.end(); ++i)
                            for (std::uint64_t w = newer_.word(i) & ~older_.word(i); w; w &= w - 1)
                              test((i << 6) | static_cast<Rank>(std::countr_zero(w)),
                                   [&](Rank t) { return !older_.test(t); });
                        });
    } else {
      tbb::parallel_sort(cur_list_.begin(), cur_list_.end());
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, cur_list_.size(), grain(1024)),
                        [&](const tbb::blocked_range<std::size_t>& range) {
                          for (std::size_t i = range.begin(); i != range.end(); ++i)
                            test(cur_list_[i], [&](Rank t) {
                              return std::binary_search(cur_list_.begin(), cur_list_.end(), t);
                            });
                        });
    }
    return odd.load()    ? LevelReport::Meet::kOdd
           : even.load() ? LevelReport::Meet::kEven
                         : LevelReport::Meet::kNone;
  }

  // The lowest `keep` ranks of the current level, sorted.
  std::vector<Rank> lowest(std::size_t keep) const {
    std::vector<Rank> sample;
    if (cur_dense_) {
      for (std::uint64_t i = 0; i < visited_.word_count() && sample.size() < keep; ++i)
        for (std::uint64_t w = newer_.word(i) & ~older_.word(i); w && sample.size() < keep;
             w &= w - 1)
          sample.push_back((i << 6) | static_cast<Rank>(std::countr_zero(w)));
    } else {
      sample.resize(std::min(keep, cur_list_.size()));
      std::partial_sort_copy(cur_list_.begin(), cur_list_.end(), sample.begin(), sample.end());
    }
    return sample;
  }

  // The witness: from the goal back to the start through each rank's recorded move
  // and the predecessor it names.
  std::vector<Move> walk_back(std::uint64_t optimum) const {
    Rank r = goal_rank_.load();
    std::vector<Move> path;
    path.reserve(optimum);
    while (r != r0_) {
      const std::uint8_t code = parent_[r];
      const int from = code / 16, to = code % 16;
      const State s = v_.unrank(r);
      bool stepped = false;
      for_each_predecessor(v_, s, [&](const State& u, Move m) {
        if (stepped || m.from != from || m.to != to) return;
        stepped = true;
        path.push_back(m);
        r = v_.rank(u);
      });
      if (!stepped || path.size() > optimum)
        throw std::logic_error("witness reconstruction failed: predecessor not found");
    }
    std::reverse(path.begin(), path.end());
    return path;
  }

  const V& v_;
  const SearchOptions& o_;
  const Rank ranks_;
  const std::uint64_t budget_;
  const StartSymmetry<V> sym_;  // the states kept are the orbits' least ranks (symmetry.hpp)
  const bool sym_on_;
  const GoalTest<V> is_goal_rank_;
  const StartGoalMirror<V> mirror_;  // σ for the half-depth test
  const std::size_t threads_;
  const bool block_on_;  // bitmap levels go through the space's block kernel
  const std::uint64_t threshold_;
  const std::size_t buffer_cap_;
  const std::uint64_t max_branching_;
  // visited: every rank discovered so far.  During a dense level, `newer` holds
  // visited as it stood when the level began and `older` as it stood one level
  // earlier, so the level is newer \ older, read word by word; the expansion then
  // writes nothing but `visited` (one atomic per discovery), and moving on to the
  // next level costs one copy pass.  During vector levels `newer` is all zero and
  // catches the next level should it outgrow the vectors.
  BitStore visited_, older_, newer_;     // (older_, newer_ allocated on first use)
  SegmentedArray<std::uint8_t> parent_;  // with a witness: the move that reached each rank
  std::uint64_t allocated_ = 0;
  std::vector<Rank> cur_list_;
  bool cur_dense_ = false;
  tbb::enumerable_thread_specific<Scratch> scratch_;
  tbb::enumerable_thread_specific<Found> found_;
  // The searching thread's own elements (it calls every step): a level expanded
  // inline uses them without a lookup.
  Scratch* own_scratch_ = &scratch_.local();
  Found* own_found_ = &found_.local();
  std::atomic<bool> next_dense_{false};
  std::atomic<Rank> goal_rank_{kNoRank};
  bool goal_reported_ = false;
  Rank r0_ = 0;
  std::uint64_t reached_ = 0;     // states reached (levels reported so far)
  std::uint64_t cur_stored_ = 1;  // the current level's kept states (its orbits)
  std::uint64_t orbits_ = 1;      // kept states so far
};

template <StateSpace V>
SearchResult breadth_first_search_impl(const V& v, const SearchOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  SearchResult result;
  GenericMode<V> mode(v, options, result);
  LevelLoopEnd end = run_levels(mode, options, v.num_ranks(), "bfs", result);
  mode.finish(result, end);
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
  require_combination(space_facts(v), options, EngineKind::kGeneric, LevelStore::kMemory);
  if (!options.want_path) return detail::breadth_first_search_impl(v, options);
  tbb::task_arena one_thread(1);
  return one_thread.execute([&] { return detail::breadth_first_search_impl(v, options); });
}

}  // namespace hanoi

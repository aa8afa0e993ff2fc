// Generic parallel, memory-bounded breadth-first search over a ranked state space.
//
// Design overview
// ---------------
// * `visited` is one bit per rank (BitStore).  A state is *discovered* by the one
//   thread whose atomic fetch_or sets its bit; only that thread records it.
// * The frontier of each level adapts to its size.  Small levels (Domino has ~10^5
//   levels of ~30 states) are plain vectors of ranks, expanded on the calling
//   thread without waking the thread pool and without touching any full-size array,
//   so a tiny level costs time proportional to its size.  Once a level holds more
//   than ranks/64 states a vector would outweigh a bitmap, and the level spills into
//   a frontier bitmap, scanned in parallel and cleared as it is read.
// * New states are gathered in per-thread buffers (reserved once, so the successor
//   loop does not allocate); a buffer that outgrows its share flushes into the next
//   level's bitmap and switches that level to dense form.
// * With a witness requested, each discovered rank also stores the move that
//   reached it (one byte: from*16 + to).  Walking back from the goal through
//   predecessors rebuilds an optimal move sequence; this works for directed graphs
//   too, where a "depth mod 3" code would not.
// * Memory is estimated before anything is allocated; a search that cannot fit its
//   budget is refused with the estimate (MemoryBudgetExceeded).
//
// The result names optimum (first level holding a goal state), states reached,
// eccentricity of the start (last non-empty level), per-level counts, wall time,
// peak resident memory and the search's bits per rank.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core.hpp"
#include "engine/memory.hpp"
#include "engine/storage.hpp"

namespace hanoi {

struct SearchOptions {
  std::uint64_t max_memory = 0;  // bytes; 0 = default_memory_budget()
  bool want_path = false;        // keep one optimal move sequence to the goal
  bool stop_at_goal = false;     // stop after the level where the goal first appears
  bool progress = false;         // per-level progress lines on stderr (throttled)
};

enum class SearchOutcome { kGoalReached, kGoalUnreachable };

struct SearchResult {
  SearchOutcome outcome = SearchOutcome::kGoalUnreachable;
  std::uint64_t optimum = 0;          // valid when the goal was reached
  std::uint64_t states_reached = 0;   // complete only when the search was not stopped early
  std::uint64_t eccentricity = 0;     // of the start; complete only when not stopped early
  bool complete = true;               // false when stop_at_goal cut the search short
  std::vector<std::uint64_t> level_sizes;
  std::vector<Move> path;             // when want_path and the goal was reached
  Rank rank_space = 0;
  std::uint64_t search_bytes = 0;     // bytes the search itself allocated
  std::uint64_t peak_rss = 0;
  double seconds = 0;
  // Memory of the search per rank of the encoder, in bits.
  double bits_per_state() const {
    return rank_space == 0 ? 0.0 : 8.0 * static_cast<double>(search_bytes) /
                                       static_cast<double>(rank_space);
  }
};

class MemoryBudgetExceeded : public std::runtime_error {
 public:
  MemoryBudgetExceeded(std::uint64_t need, std::uint64_t budget)
      : std::runtime_error("search needs about " + format_bytes(need) +
                           " but the memory budget is " + format_bytes(budget) +
                           " (raise --max-memory or lower n)"),
        need_(need),
        budget_(budget) {}
  std::uint64_t need() const { return need_; }
  std::uint64_t budget() const { return budget_; }

 private:
  std::uint64_t need_, budget_;
};

// Bytes a search over `ranks` ranks may need at its peak: visited, two frontier
// bitmaps (or vectors of at most ranks/64 entries, the same size), the per-thread
// buffers, and a byte per rank for a witness.
inline std::uint64_t estimate_search_bytes(Rank ranks, bool want_path) {
  const std::uint64_t bitmap = (ranks + 63) / 64 * 8;
  return 3 * bitmap + bitmap + (want_path ? ranks : 0) + (std::uint64_t{16} << 20);
}

namespace detail {
inline constexpr std::size_t kSerialLevel = 2048;  // expand smaller levels inline
inline std::uint8_t encode_move(Move m) { return static_cast<std::uint8_t>(m.from * 16 + m.to); }
}  // namespace detail

template <StateSpace V>
SearchResult breadth_first_search(const V& v, const SearchOptions& options) {
  using State = typename V::State;
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  SearchResult result;
  const Rank ranks = v.num_ranks();
  result.rank_space = ranks;
  const std::uint64_t budget = options.max_memory ? options.max_memory : default_memory_budget();
  const std::uint64_t need = estimate_search_bytes(ranks, options.want_path);
  if (need > budget) throw MemoryBudgetExceeded(need, budget);

  BitStore visited(ranks);
  std::uint64_t allocated = visited.bytes();
  SegmentedArray<std::uint8_t> parent;
  if (options.want_path) {
    parent = SegmentedArray<std::uint8_t>(ranks);
    allocated += parent.bytes();
  }
  BitStore cur_bits, next_bits;  // allocated on the first dense level
  std::vector<Rank> cur_list, next_list;
  bool cur_dense = false;

  // A per-thread buffer holds at most its share of ranks/64 entries before spilling.
  const std::size_t threads = static_cast<std::size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
  const std::size_t dense_threshold = static_cast<std::size_t>(std::max<Rank>(ranks / 64, 4096));
  const std::size_t buffer_cap = std::max<std::size_t>(dense_threshold / threads, 1024);
  tbb::enumerable_thread_specific<std::vector<Rank>> buffers([&] {
    std::vector<Rank> b;
    b.reserve(buffer_cap);
    return b;
  });
  tbb::enumerable_thread_specific<std::uint64_t> discovered_counts(0);
  const std::uint64_t max_branching =
      static_cast<std::uint64_t>(v.pegs()) * static_cast<std::uint64_t>(v.pegs() - 1);
  std::atomic<bool> next_dense{false};
  std::atomic<Rank> goal_rank{~Rank{0}};
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
  std::uint64_t reached = 1;
  std::uint64_t depth = 0;

  auto ensure_bits = [&](BitStore& b) {
    if (b.ranks() == 0) {
      b = BitStore(ranks);
      allocated += b.bytes();
    }
  };

  // Expands one state: every newly discovered successor goes to this thread's buffer.
  auto expand = [&](Rank r, std::vector<Rank>& buf, std::uint64_t& found) {
    const State s = v.unrank(r);
    v.for_each_successor(s, [&](const State& t, Move m) {
      const Rank rt = v.rank(t);
      if (!visited.test_and_set(rt)) return;
      ++found;
      if (options.want_path) parent[rt] = detail::encode_move(m);
      if (v.is_goal(t)) {
        Rank expected = ~Rank{0};
        goal_rank.compare_exchange_strong(expected, rt, std::memory_order_relaxed);
      }
      if (next_dense.load(std::memory_order_relaxed)) {
        next_bits.set_atomic(rt);
        return;
      }
      buf.push_back(rt);
      if (buf.size() >= buffer_cap) {
        // Switch the next level to its bitmap; every thread sees the flag and spills.
        next_dense.store(true, std::memory_order_relaxed);
        for (Rank x : buf) next_bits.set_atomic(x);
        buf.clear();
      }
    });
  };

  auto last_report = t0;
  for (;;) {
    const std::uint64_t level_size = result.level_sizes.back();
    if (level_size == 0) break;
    if (goal_found && options.stop_at_goal) {
      result.complete = false;
      break;
    }
    // The next level may spill into next_bits, which must exist before the level
    // starts: a state discovers at most max_branching new states, so a level that
    // cannot fill one buffer cannot spill.
    if (cur_dense || level_size * max_branching >= buffer_cap) ensure_bits(next_bits);
    next_dense.store(false);
    for (auto& c : discovered_counts) c = 0;

    if (!cur_dense && cur_list.size() < detail::kSerialLevel) {
      auto& buf = buffers.local();
      auto& found = discovered_counts.local();
      for (Rank r : cur_list) expand(r, buf, found);
    } else if (!cur_dense) {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, cur_list.size(), 256),
                        [&](const tbb::blocked_range<std::size_t>& range) {
                          auto& buf = buffers.local();
                          auto& found = discovered_counts.local();
                          for (std::size_t i = range.begin(); i != range.end(); ++i)
                            expand(cur_list[i], buf, found);
                        });
    } else {
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, cur_bits.word_count(), 512),
                        [&](const tbb::blocked_range<std::uint64_t>& range) {
                          auto& buf = buffers.local();
                          auto& found = discovered_counts.local();
                          for (std::uint64_t i = range.begin(); i != range.end(); ++i) {
                            std::uint64_t w = cur_bits.word(i);
                            if (w == 0) continue;
                            cur_bits.clear_word(i);
                            while (w) {
                              expand((i << 6) | static_cast<Rank>(std::countr_zero(w)), buf,
                                     found);
                              w &= w - 1;
                            }
                          }
                        });
    }

    std::uint64_t next_size = 0;
    for (auto c : discovered_counts) next_size += c;
    cur_list.clear();
    if (next_dense.load()) {
      for (auto& buf : buffers) {
        for (Rank x : buf) next_bits.set_unsynchronized(x);
        buf.clear();
      }
      std::swap(cur_bits, next_bits);  // cur_bits was cleared while it was scanned
      cur_dense = true;
    } else {
      for (auto& buf : buffers) {
        cur_list.insert(cur_list.end(), buf.begin(), buf.end());
        buf.clear();
      }
      cur_dense = false;
    }
    ++depth;
    reached += next_size;
    result.level_sizes.push_back(next_size);
    if (!goal_found && goal_rank.load() != ~Rank{0}) {
      goal_found = true;
      result.optimum = depth;
    }
    if (options.progress) {
      const auto now = Clock::now();
      if (now - last_report > std::chrono::seconds(2)) {
        last_report = now;
        const double secs = std::chrono::duration<double>(now - t0).count();
        std::fprintf(stderr, "[bfs] level %llu: %llu new, %llu reached (%.1f%% of ranks), %.1f s, %.3g states/s\n",
                     static_cast<unsigned long long>(depth),
                     static_cast<unsigned long long>(next_size),
                     static_cast<unsigned long long>(reached),
                     100.0 * static_cast<double>(reached) / static_cast<double>(ranks), secs,
                     static_cast<double>(reached) / secs);
      }
    }
  }
  // The last pushed level is empty when the search ran to completion.
  if (result.complete) result.level_sizes.pop_back();
  result.states_reached = reached;
  result.eccentricity = result.level_sizes.size() - 1;
  result.outcome = goal_found ? SearchOutcome::kGoalReached : SearchOutcome::kGoalUnreachable;

  if (goal_found && options.want_path) {
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
  result.search_bytes = allocated;
  result.peak_rss = peak_rss_bytes();
  result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return result;
}

}  // namespace hanoi

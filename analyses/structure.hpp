// The structure of a state graph beyond one optimum: how many optimal solutions
// there are, and distances between every pair of states.
//
// Design overview
// ---------------
// * `count_optimal_solutions` counts the distinct shortest move sequences from the
//   start to the goal, exactly (Boost.Multiprecision integers: the counts outgrow
//   64 bits quickly).  A forward breadth-first search stores each state's distance
//   (4 bytes a rank, so this is for rank spaces up to a few 10^8) and stops after
//   the goal's level.  Walking back from the goal, layer by layer, only states on
//   some optimal path are kept: the predecessors u of a layer-k state with
//   dist(u) = k - 1.  A state's count is the number of optimal paths from it to the
//   goal, the sum over its layer-(k+1) successors on optimal paths; the start's
//   count is the answer.  Variants whose moves cannot be undone enumerate their own
//   predecessors (core.hpp), so directed graphs are counted correctly.
// * `all_pairs_summary` runs a breadth-first search with path counting from every
//   reachable state of a small graph (at most 2^16 ranks, an explicit adjacency
//   array, parallel over sources): the sum of all distances, the diameter, and how
//   many ordered pairs have one, two or more shortest paths (Hinz: for the classic
//   puzzle, never more than two).
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <boost/multiprecision/cpp_int.hpp>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "analyses/api.hpp"
#include "analyses/types.hpp"
#include "engine/bfs.hpp"
#include "engine/core.hpp"
#include "engine/progress.hpp"
#include "engine/storage.hpp"

namespace hanoi {

// (Its result, SolutionCount, and its memory estimate, estimate_count_bytes: a
// space whose levels are fatter than budgeted stops with MemoryBudgetExceeded
// instead of passing the budget; analyses/types.hpp.)
template <StateSpace V>
SolutionCount count_optimal_solutions(const V& v, const SearchOptions& options) {
  using State = typename V::State;
  using Big = boost::multiprecision::cpp_int;
  const auto t0 = std::chrono::steady_clock::now();
  const Rank ranks = v.num_ranks();
  const std::uint64_t budget = options.search_budget();
  const std::uint64_t need = estimate_count_bytes(ranks);
  if (need > budget) throw over_budget(options, need);
  if (ranks >= (Rank{1} << 36))
    throw over_budget(options, need);  // a 4-byte distance per rank is not practical

  // dist1[r] = distance + 1; 0 = not reached.
  SegmentedArray<std::uint32_t> dist1(ranks);
  // What the vectors may take: the budget less the distances.
  const std::uint64_t fixed_bytes = ranks * sizeof(std::uint32_t) + (std::uint64_t{16} << 20);
  const std::uint64_t vector_bytes = budget > fixed_bytes ? budget - fixed_bytes : 0;
  auto check_vectors = [&](std::uint64_t bytes) {
    if (bytes > vector_bytes) throw over_budget(options, fixed_bytes + bytes);
  };
  SolutionCount out;
  std::vector<Rank> level{v.rank(v.start())}, next, goals;
  dist1[level[0]] = 1;
  std::uint32_t depth = 0;
  out.states_searched = 1;
  auto last_report = t0;
  ProgressPrinter progress("count");
  for (;;) {
    check_cancel(options);
    for (Rank r : level)
      if (v.is_goal(v.unrank(r))) goals.push_back(r);
    if (!goals.empty() || level.empty()) break;
    if (depth + 2 == std::numeric_limits<std::uint32_t>::max())
      throw std::runtime_error("optimum beyond 2^32 - 2 moves: too long to count");
    next.clear();
    for (Rank r : level) {
      v.for_each_successor(v.unrank(r), [&](const State& t, Move) {
        const Rank rt = v.rank(t);
        if (dist1[rt] == 0) {
          dist1[rt] = depth + 2;
          if (next.size() == next.capacity())  // the next growth, counted before it happens
            check_vectors((level.capacity() + 2 * next.capacity() + 1) * sizeof(Rank));
          next.push_back(rt);
        }
      });
    }
    ++depth;
    out.states_searched += next.size();
    level.swap(next);
    if (options.progress &&
        std::chrono::steady_clock::now() - last_report > std::chrono::seconds(2)) {
      last_report = std::chrono::steady_clock::now();
      progress.report(
          -1, std::chrono::duration<double>(last_report - t0).count(), 0,
          "level " + std::to_string(depth) + ": " + std::to_string(level.size()) + " states");
    }
  }
  if (goals.empty()) {
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  }
  out.optimum = depth;

  // Back from the goal: layer k holds the states at distance k on optimal paths,
  // sorted by rank, with their number of optimal paths to the goal.
  std::vector<std::pair<Rank, Big>> layer;
  std::sort(goals.begin(), goals.end());
  layer.reserve(goals.size());
  for (Rank g : goals) layer.emplace_back(g, Big(1));
  out.states_on_optimal_paths = layer.size();
  std::vector<std::pair<Rank, std::uint32_t>> links;  // (predecessor, index in layer)
  for (std::uint32_t k = depth; k > 0; --k) {
    check_cancel(options);
    if (options.progress &&
        std::chrono::steady_clock::now() - last_report > std::chrono::seconds(2)) {
      last_report = std::chrono::steady_clock::now();
      progress.report(-1, std::chrono::duration<double>(last_report - t0).count(), 0,
                      "walking back: distance " + std::to_string(k) + ", " +
                          std::to_string(layer.size()) + " states on optimal paths");
    }
    links.clear();
    for (std::uint32_t i = 0; i < layer.size(); ++i) {
      for_each_predecessor(v, v.unrank(layer[i].first), [&](const State& u, Move) {
        const Rank ru = v.rank(u);
        if (dist1[ru] == k) links.emplace_back(ru, i);  // distance k - 1
      });
    }
    // A layer entry is a rank and an exact count (about 48 bytes while it is small).
    check_vectors(links.capacity() * sizeof(links[0]) + layer.capacity() * 48 * 2);
    std::sort(links.begin(), links.end());
    std::vector<std::pair<Rank, Big>> prev;
    for (std::size_t j = 0; j < links.size(); ++j) {
      if (prev.empty() || prev.back().first != links[j].first)
        prev.emplace_back(links[j].first, Big(0));
      prev.back().second += layer[links[j].second].second;
    }
    layer.swap(prev);
    out.states_on_optimal_paths += layer.size();
  }
  if (layer.size() != 1 || layer[0].first != v.rank(v.start()))
    throw std::logic_error("optimal-path count: the walk back did not end at the start");
  out.count = layer[0].second.str();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

// With options.progress, a line on stderr at most every 2 s (sources done, time);
// options.cancel stops it (SearchCancelled).
template <StateSpace V>
AllPairsSummary all_pairs_summary(const V& v, const SearchOptions& options) {
  using State = typename V::State;
  const auto t0 = std::chrono::steady_clock::now();
  if (v.num_ranks() > kAllPairsMaxStates)
    throw std::length_error("all-pairs distances take at most 65536 ranks (this space has " +
                            std::to_string(v.num_ranks()) + ")");
  // The reachable states, numbered in BFS order, and their successors as an array.
  std::vector<Rank> order{v.rank(v.start())};
  std::vector<std::uint32_t> offsets{0}, targets;
  {
    SegmentedArray<std::uint32_t> index1(v.num_ranks());  // index + 1; 0 = unseen
    index1[order[0]] = 1;
    for (std::size_t i = 0; i < order.size(); ++i) {
      v.for_each_successor(v.unrank(order[i]), [&](const State& t, Move) {
        const Rank rt = v.rank(t);
        if (index1[rt] == 0) {
          order.push_back(rt);
          index1[rt] = static_cast<std::uint32_t>(order.size());
        }
        targets.push_back(index1[rt] - 1);
      });
      offsets.push_back(static_cast<std::uint32_t>(targets.size()));
    }
  }
  const std::size_t n = order.size();
  struct Local {
    AllPairsSummary sum;
    std::vector<std::uint32_t> dist;
    std::vector<std::uint64_t> paths;
    std::vector<std::uint32_t> queue;
  };
  tbb::enumerable_thread_specific<Local> locals([&] {
    Local l;
    l.dist.assign(n, 0);
    l.paths.assign(n, 0);
    l.queue.reserve(n);
    return l;
  });
  constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();
  std::atomic<std::uint64_t> sources_done{0};
  std::atomic<std::int64_t> last_report_ms{0};
  // Reports come from whichever thread wins the 2-second slot (one at a time).
  ProgressPrinter progress("all-pairs");
  auto after_source = [&] {
    const std::uint64_t done = sources_done.fetch_add(1, std::memory_order_relaxed) + 1;
    if ((done & 63) != 0) return;
    check_cancel(options);
    if (!options.progress) return;
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    std::int64_t last = last_report_ms.load(std::memory_order_relaxed);
    if (ms - last < 2000 || !last_report_ms.compare_exchange_strong(last, ms)) return;
    progress.report(static_cast<double>(done) / static_cast<double>(n),
                    static_cast<double>(ms) / 1000.0, 0,
                    std::to_string(done) + " of " + std::to_string(n) + " sources");
  };
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, n, 16), [&](const tbb::blocked_range<std::size_t>& range) {
        Local& l = locals.local();
        for (std::size_t s = range.begin(); s != range.end(); ++s) {
          constexpr std::uint32_t kUnseen = std::numeric_limits<std::uint32_t>::max();
          std::fill(l.dist.begin(), l.dist.end(), kUnseen);
          std::fill(l.paths.begin(), l.paths.end(), 0);
          l.queue.clear();
          l.dist[s] = 0;
          l.paths[s] = 1;
          l.queue.push_back(static_cast<std::uint32_t>(s));
          for (std::size_t h = 0; h < l.queue.size(); ++h) {
            const std::uint32_t u = l.queue[h];
            for (std::uint32_t e = offsets[u]; e < offsets[u + 1]; ++e) {
              const std::uint32_t t = targets[e];
              if (l.dist[t] == kUnseen) {
                l.dist[t] = l.dist[u] + 1;
                l.queue.push_back(t);
              }
              if (l.dist[t] == l.dist[u] + 1)
                l.paths[t] =
                    l.paths[t] > kSaturated - l.paths[u] ? kSaturated : l.paths[t] + l.paths[u];
            }
          }
          AllPairsSummary& a = l.sum;
          a.unreachable_pairs += n - l.queue.size();
          for (std::size_t j = 1; j < l.queue.size(); ++j) {
            const std::uint32_t t = l.queue[j];
            ++a.ordered_pairs;
            a.sum_distances += l.dist[t];
            a.diameter = std::max<std::uint64_t>(a.diameter, l.dist[t]);
            const std::uint64_t p = l.paths[t];
            a.max_paths = std::max(a.max_paths, p);
            if (p == 1)
              ++a.one_path;
            else if (p == 2)
              ++a.two_paths;
            else
              ++a.more_paths;
          }
          after_source();
        }
      });
  AllPairsSummary total;
  total.states = n;
  for (const Local& l : locals) {
    const AllPairsSummary& a = l.sum;
    total.ordered_pairs += a.ordered_pairs;
    total.unreachable_pairs += a.unreachable_pairs;
    total.sum_distances += a.sum_distances;
    total.diameter = std::max(total.diameter, a.diameter);
    total.one_path += a.one_path;
    total.two_paths += a.two_paths;
    total.more_paths += a.more_paths;
    total.max_paths = std::max(total.max_paths, a.max_paths);
  }
  total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return total;
}

}  // namespace hanoi

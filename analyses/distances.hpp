// Distance of every state to the nearest goal state: one backward breadth-first search.
//
// Design overview
// ---------------
// A forward search (bfs.hpp) answers "how far is the goal from this start".  When
// the question is asked for every start at once (Er's colour towers: every start
// configuration of a colouring against one target), one search over the reversed
// graph answers all of them: the distance of rank r to the nearest goal is its BFS
// level when the search starts from every goal state at once and follows
// predecessors (hanoi::for_each_predecessor in core.hpp, which reverses the
// successors of reversible spaces and asks irreversible ones for their own
// predecessor enumeration).
//
// * Goal states are found by scanning every rank (unrank + is_goal), so a space may
//   have any number of goals.  A rank that is not a legal state must not satisfy
//   is_goal (true of every encoder here: all ranks are legal, or the goal is a
//   legal state); predecessors of legal states are legal.
// * The search is single-threaded and plain: a distance word per rank (also the
//   visited mark) and a FIFO of ranks, each rank enqueued at most once, so the FIFO
//   is a preallocated array and the inner loop never allocates.  Callers that run
//   many searches (one per colouring, in parallel) keep one DistanceWorkspace per
//   thread, so buffers are allocated once.
// * Memory: 4 bytes (distance) + 8 bytes (queue) per rank.  It is meant for rank
//   spaces up to some 10^8; the optimum of one start is bfs.hpp's job.
// * Ranks that cannot reach any goal keep kUnreachedDistance.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "engine/core.hpp"

namespace hanoi {

inline constexpr std::uint32_t kUnreachedDistance = std::numeric_limits<std::uint32_t>::max();

// Buffers of one backward search, reusable across searches of the same or smaller
// rank space without allocating again.
struct DistanceWorkspace {
  std::vector<std::uint32_t> distance;  // per rank; the result
  std::vector<Rank> queue;              // FIFO of ranks, each at most once
};

// Bytes distances_to_goal needs for a rank space of this size.
inline std::uint64_t distances_bytes(Rank ranks) {
  return ranks * (sizeof(std::uint32_t) + sizeof(Rank));
}

// Fills ws.distance[r] (r < num_ranks()) with the distance from rank r to the
// nearest goal state, kUnreachedDistance where no goal can be reached.  Returns the
// number of ranks that reach a goal.
template <StateSpace V>
std::uint64_t distances_to_goal(const V& v, DistanceWorkspace& ws) {
  using State = typename V::State;
  const Rank ranks = v.num_ranks();
  if (ranks >= kUnreachedDistance)
    throw std::length_error("distances_to_goal: rank space too large for 32-bit distances");
  ws.distance.assign(ranks, kUnreachedDistance);
  if (ws.queue.size() < ranks) ws.queue.resize(ranks);
  std::uint32_t* const dist = ws.distance.data();
  Rank* const queue = ws.queue.data();
  Rank tail = 0;
  for (Rank r = 0; r < ranks; ++r) {
    if (v.is_goal(v.unrank(r))) {
      dist[r] = 0;
      queue[tail++] = r;
    }
  }
  // Every rank enters the queue once, when its distance is set, so the FIFO never
  // holds more than `ranks` entries and reading it in order visits levels in order.
  for (Rank head = 0; head < tail; ++head) {
    const Rank r = queue[head];
    const std::uint32_t next = dist[r] + 1;
    for_each_predecessor(v, v.unrank(r), [&](const State& u, Move) {
      const Rank ru = v.rank(u);
      if (dist[ru] == kUnreachedDistance) {
        dist[ru] = next;
        queue[tail++] = ru;
      }
    });
  }
  return tail;
}

// The same, returning a fresh vector.
template <StateSpace V>
std::vector<std::uint32_t> distances_to_goal(const V& v) {
  DistanceWorkspace ws;
  distances_to_goal(v, ws);
  return std::move(ws.distance);
}

}  // namespace hanoi

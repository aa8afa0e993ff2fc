// The independent oracle for the fast engine.
//
// For small n, it builds the state graph explicitly from the rules alone: starting
// at the variant's start state, every ordered pair of pegs is tried with the plain
// rule check `check_move` (never the fast successor loop), states are keyed by their
// bytes in a hash map (never by the encoder's rank), and the resulting adjacency
// list is searched with Boost.Graph's breadth_first_search.  The engine must agree
// on every level size, the goal distance and the number of reachable states; every
// reachable state must also survive rank -> unrank unchanged with distinct ranks.
#pragma once

#include <gtest/gtest.h>
#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>
#include <cstring>
#include <deque>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/block_kernel.hpp"
#include "engine/core.hpp"
#include "engine/search.hpp"

namespace hanoi::testing {

template <class State>
std::string state_key(const State& s) {
  std::string k(sizeof(State), '\0');
  std::memcpy(k.data(), &s, sizeof(State));
  return k;
}

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

inline constexpr std::size_t kNoVertex = std::numeric_limits<std::size_t>::max();

template <StateSpace V>
struct ExplicitGraph {
  std::vector<typename V::State> states;  // vertex id -> state
  Graph graph;
  std::unordered_map<std::string, std::size_t> id;  // state_key -> vertex id
  // The vertex of s, kNoVertex when s is not reachable: lets a test compare edges
  // as numbers (keys are a state's bytes: hundreds for some families, and set
  // comparisons of them took most of the sanitizer run's time).
  std::size_t vertex_of(const typename V::State& s) const {
    const auto it = id.find(state_key(s));
    return it == id.end() ? kNoVertex : it->second;
  }
};

inline constexpr std::uint64_t kUnreached = std::numeric_limits<std::uint64_t>::max();

// Boost.Graph BFS distances from `source`; kUnreached where it cannot reach.
inline std::vector<std::uint64_t> bgl_distances(const Graph& g, std::size_t source) {
  std::vector<std::uint64_t> dist(boost::num_vertices(g), kUnreached);
  dist[source] = 0;
  boost::breadth_first_search(g, boost::vertex(source, g),
                              boost::visitor(boost::make_bfs_visitor(
                                  boost::record_distances(dist.data(), boost::on_tree_edge()))));
  return dist;
}

// Every state reachable from the start, with every legal move as an edge.
template <StateSpace V>
ExplicitGraph<V> build_explicit_graph(const V& v) {
  using State = typename V::State;
  ExplicitGraph<V> g;
  std::deque<std::size_t> work;
  auto vertex = [&](const State& s) {
    auto [it, fresh] = g.id.emplace(state_key(s), g.states.size());
    if (fresh) {
      g.states.push_back(s);
      work.push_back(it->second);
    }
    return it->second;
  };
  vertex(v.start());
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  while (!work.empty()) {
    const std::size_t u = work.front();
    work.pop_front();
    for (int from = 0; from < v.pegs(); ++from) {
      for (int to = 0; to < v.pegs(); ++to) {
        if (from == to) continue;
        const State s = g.states[u];
        const auto c = v.check_move(s, from, to);
        if (c.legal) edges.emplace_back(u, vertex(c.next));
      }
    }
  }
  g.graph = decltype(g.graph)(g.states.size());
  for (auto [a, b] : edges) boost::add_edge(a, b, g.graph);
  return g;
}

struct OracleResult {
  std::vector<std::uint64_t> level_sizes;
  std::optional<std::uint64_t> goal_distance;
  std::uint64_t states = 0;
};

template <StateSpace V>
OracleResult oracle_search(const V& v, const ExplicitGraph<V>& g) {
  // Every vertex was built from the start (vertex 0), so every distance is finite.
  const std::vector<std::uint64_t> dist = bgl_distances(g.graph, 0);
  OracleResult r;
  r.states = g.states.size();
  for (std::size_t i = 0; i < g.states.size(); ++i) {
    if (dist[i] >= r.level_sizes.size()) r.level_sizes.resize(dist[i] + 1, 0);
    ++r.level_sizes[dist[i]];
    if (v.is_goal(g.states[i]) && (!r.goal_distance || dist[i] < *r.goal_distance))
      r.goal_distance = dist[i];
  }
  return r;
}

// The whole check: encoder bijection on reachable states, and engine == oracle.
// (The searches ask for a witness where the mode gives one, so they run on one
// thread: expect_threaded_paths_match_oracle covers the paths of large runs.)
template <StateSpace V>
void expect_engine_matches_oracle(const V& v, const ExplicitGraph<V>& g, const OracleResult& want,
                                  const std::string& label) {
  SCOPED_TRACE(label);

  std::set<Rank> seen;
  for (const auto& s : g.states) {
    const Rank r = v.rank(s);
    ASSERT_LT(r, v.num_ranks()) << v.describe(s);
    ASSERT_EQ(state_key(v.unrank(r)), state_key(s)) << "unrank(rank(s)) != s for " << v.describe(s);
    ASSERT_TRUE(seen.insert(r).second) << "two states share rank " << r;
  }

  // Every search mode that serves this space (engine/search.hpp) must agree.
  std::vector<EngineKind> engines{EngineKind::kGeneric};
  if constexpr (LatticeSpace<V>) engines.push_back(EngineKind::kLattice);
  for (const EngineKind engine : engines) {
    SCOPED_TRACE(std::string("engine ") + engine_name(engine));
    SearchOptions o;
    o.engine = engine;
    o.want_path = true;
    if constexpr (LatticeSpace<V>) o.want_path = engine == EngineKind::kGeneric || V::kReversible;
    const SearchResult got = search(v, o);
    EXPECT_EQ(got.engine, engine);
    EXPECT_EQ(got.states_reached, want.states);
    EXPECT_EQ(got.level_sizes, want.level_sizes);
    EXPECT_EQ(got.eccentricity + 1, want.level_sizes.size());
    ASSERT_EQ(got.outcome == SearchOutcome::kGoalReached, want.goal_distance.has_value());
    if (!want.goal_distance) continue;
    EXPECT_EQ(got.optimum, *want.goal_distance);
    if (!o.want_path) continue;
    // The witness must be a legal optimal solution by the rule checker's reading.
    EXPECT_EQ(got.path.size(), got.optimum);
    typename V::State s = v.start();
    for (const Move& m : got.path) {
      const auto c = v.check_move(s, m.from, m.to);
      ASSERT_TRUE(c.legal) << "witness move " << int(m.disc) << ":" << int(m.from) << "->"
                           << int(m.to) << " illegal: " << c.rule;
      s = c.next;
    }
    EXPECT_TRUE(v.is_goal(s)) << "witness ends at " << v.describe(s);
  }
}

template <StateSpace V>
void expect_engine_matches_oracle(const V& v, const std::string& label) {
  const ExplicitGraph<V> g = build_explicit_graph(v);
  expect_engine_matches_oracle(v, g, oracle_search(v, g), label);
}

// The paths that large runs take, against the oracle: no witness, so every level is
// expanded by the worker threads (1, 2 and 8 of them, even on a smaller machine),
// through the block kernel where the space has one, and the lattice and frontier
// kernels where they apply.  SearchOptions::forced sends the small levels of a test
// instance through the parallel loops and, for the generic engine, the bitmap levels
// that a large run's levels are; the generic engine also runs once with its vector
// levels expanded in parallel.  Each search must give the oracle's level sizes,
// states, eccentricity and optimum.
template <StateSpace V>
void expect_threaded_paths_match_oracle(const V& v, const OracleResult& want,
                                        const std::string& label) {
  SCOPED_TRACE(label);
  struct Path {
    EngineKind engine;
    bool dense;
    const char* name;
  };
  std::vector<Path> paths{{EngineKind::kGeneric, true, "generic, bitmap levels"},
                          {EngineKind::kGeneric, false, "generic, vector levels"}};
  if constexpr (LatticeSpace<V>) {
    paths.push_back({EngineKind::kLattice, false, "lattice"});
    if constexpr (V::kReversible) paths.push_back({EngineKind::kFrontier, false, "frontier"});
  }
  // Up to 8 workers wherever the test runs (the default allows one per core).
  const tbb::global_control allow(tbb::global_control::max_allowed_parallelism, 8);
  for (const Path& path : paths)
    for (const int threads : {1, 2, 8}) {
      SCOPED_TRACE(std::string(path.name) + ", " + std::to_string(threads) + " threads");
      SearchOptions o;
      o.engine = path.engine;
      o.forced.parallel = true;
      o.forced.dense = path.dense;
      tbb::task_arena arena(threads);
      const SearchResult got = arena.execute([&] { return search(v, o); });
      EXPECT_EQ(got.engine, path.engine);
      EXPECT_EQ(got.states_reached, want.states);
      EXPECT_EQ(got.level_sizes, want.level_sizes);
      EXPECT_EQ(got.eccentricity + 1, want.level_sizes.size());
      ASSERT_EQ(got.outcome == SearchOutcome::kGoalReached, want.goal_distance.has_value());
      if (want.goal_distance) EXPECT_EQ(got.optimum, *want.goal_distance);
      // The block kernel expands the bitmap levels wherever the space offers it.
      if (path.engine == EngineKind::kGeneric) EXPECT_EQ(got.block_kernel, uses_block_kernel(v, o));
      if constexpr (BlockSpace<V>)
        if (path.engine == EngineKind::kGeneric && v.block_kernel() != nullptr)
          EXPECT_TRUE(got.block_kernel) << "the block kernel did not run";
    }
}

}  // namespace hanoi::testing

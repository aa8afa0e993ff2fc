// The state graph of a small instance (`hanoi graph`): every state reachable from
// the start, every legal move an edge.
//
// Design overview
// ---------------
// The exploration is a template over the Space, compiled in each family's unit
// (cli/space_ops_impl.hpp) with the fast successor loop; what it returns is plain
// data (each state's configuration text, whether it is a goal, the moves as pairs
// of state numbers), so the Graphviz file is written once, by Boost.Graph, in
// cli/cmd_graph.cpp.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/core.hpp"
#include "variants/family.hpp"

namespace hanoi::cli {

struct StateGraph {
  bool directed = false;            // the rule's moves cannot all be undone
  std::vector<std::string> states;  // each state's configuration, the start first (BFS order)
  std::vector<bool> goal;           // per state
  std::vector<std::pair<std::size_t, std::size_t>> moves;  // (from, to), every legal move
};

// Explores the states reachable from the start, in BFS order; a UsageError beyond
// `max_states` states.
template <class Space>
StateGraph explore_state_graph(const Space& v, std::uint64_t max_states) {
  using State = typename Space::State;
  StateGraph g;
  g.directed = !Space::kReversible;
  std::vector<State> states;
  std::unordered_map<Rank, std::size_t> id;
  std::deque<std::size_t> work;
  auto vertex = [&](const State& s) {
    const auto [it, fresh] = id.emplace(v.rank(s), states.size());
    if (fresh) {
      if (states.size() >= max_states)
        throw UsageError("the state graph has more than --max-states " +
                         std::to_string(max_states) +
                         " states; a picture of it would not be "
                         "readable (raise --max-states to write it anyway)");
      states.push_back(s);
      work.push_back(it->second);
    }
    return it->second;
  };
  vertex(v.start());
  while (!work.empty()) {
    const std::size_t u = work.front();
    work.pop_front();
    const State s = states[u];
    v.for_each_successor(s, [&](const State& t, Move) { g.moves.emplace_back(u, vertex(t)); });
  }
  for (const State& s : states) {
    g.states.push_back(v.describe(s));
    g.goal.push_back(v.is_goal(s));
  }
  return g;
}

}  // namespace hanoi::cli

// `hanoi graph`: the state graph of a small instance as a Graphviz file.  The
// family's Space is explored by cli/state_graph.hpp (cli/analyses.hpp: state_graph);
// here it becomes a Boost.Graph adjacency list, whose BFS gives one optimal path
// from the start to the goal, drawn in red, and write_graphviz writes the file.
// Vertices are labelled by configuration ("3 2 1||" for discs 3 2 1 on peg 0, pegs
// separated by |).  Render with `neato -Tsvg` (the layout is named in the file): the
// classic graph is the Sierpinski triangle.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/graph/visitors.hpp>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <type_traits>
#include <utility>
#include <vector>

#include "cli/batch.hpp"
#include "cli/command.hpp"
#include "cli/provenance.hpp"
#include "cli/state_graph.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {
namespace {

struct GraphOptions {
  std::string dot;
  std::uint64_t max_states = 5000;
};

// "0: 3 2 1 | 1: | 2:" -> "3 2 1||": the discs only, pegs in order.
std::string compact_label(const std::string& describe_text) {
  std::string out;
  std::size_t pos = 0;
  bool first = true;
  while (true) {
    std::size_t end = describe_text.find(" | ", pos);
    const std::string seg =
        describe_text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    const std::size_t colon = seg.find(':');
    std::string discs = colon == std::string::npos ? seg : seg.substr(colon + 1);
    while (!discs.empty() && discs.front() == ' ') discs.erase(0, 1);
    if (!first) out += '|';
    // A checkers base label "0[D]" is kept: it is part of the problem.
    if (const auto lb = seg.find('['); lb != std::string::npos && lb < colon)
      out += seg.substr(lb, seg.find(']') - lb + 1);
    out += discs;
    first = false;
    if (end == std::string::npos) break;
    pos = end + 3;
  }
  return out;
}

std::string dot_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// The Graphviz text of a state graph: one optimal path from the start to the first
// goal drawn in red (Boost.Graph's BFS), each undirected edge once.
template <class Directedness>
std::string graph_dot(const StateGraph& sg, const std::string& title) {
  constexpr bool kDirected = std::is_same_v<Directedness, boost::directedS>;
  const std::size_t count = sg.states.size();
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  Graph g(count);
  for (const auto& [a, b] : sg.moves) boost::add_edge(a, b, g);
  // One optimal path: BFS predecessors from the start, walked back from the first
  // goal in vertex order (vertices are numbered in BFS order, so it is a nearest one).
  std::vector<std::size_t> pred(count);
  for (std::size_t i = 0; i < pred.size(); ++i) pred[i] = i;
  boost::breadth_first_search(g, boost::vertex(0, g),
                              boost::visitor(boost::make_bfs_visitor(
                                  boost::record_predecessors(pred.data(), boost::on_tree_edge()))));
  std::set<std::pair<std::size_t, std::size_t>> on_path;
  std::set<std::size_t> path_vertices{0};
  std::size_t goal = count;
  for (std::size_t i = 0; i < count && goal == count; ++i)
    if (sg.goal[i]) goal = i;
  if (goal < count && (goal == 0 || pred[goal] != goal)) {
    for (std::size_t x = goal; x != 0; x = pred[x]) {
      on_path.emplace(pred[x], x);
      path_vertices.insert(x);
    }
    path_vertices.insert(goal);
  }
  // The written graph: each undirected edge once (its two directions are two
  // adjacency entries above), written by Boost.Graph's write_graphviz.
  using OutGraph = boost::adjacency_list<boost::vecS, boost::vecS, Directedness>;
  OutGraph out_graph(count);
  std::set<std::pair<std::size_t, std::size_t>> written;
  for (const auto& [a, b] : sg.moves) {
    if (!kDirected) {
      const auto key = std::minmax(a, b);
      if (!written.emplace(key.first, key.second).second) continue;
    }
    boost::add_edge(a, b, out_graph);
  }
  std::ostringstream out;
  boost::write_graphviz(
      out, out_graph,
      [&](std::ostream& os, std::size_t i) {
        os << "[label=\"" << dot_escape(compact_label(sg.states[i])) << "\"";
        if (i == 0) os << ", fillcolor=\"#9ecae1\"";
        if (i == goal) os << ", fillcolor=\"#a1d99b\"";
        if (i != 0 && i != goal && path_vertices.count(i)) os << ", color=\"#d62728\"";
        os << "]";
      },
      [&](std::ostream& os, const typename OutGraph::edge_descriptor& e) {
        const std::size_t a = boost::source(e, out_graph), b = boost::target(e, out_graph);
        if (on_path.count({a, b}) || (!kDirected && on_path.count({b, a})))
          os << "[color=\"#d62728\", penwidth=3]";
      },
      [&](std::ostream& os) {
        os << "comment=\"" << dot_escape(title) << "\";\n"
           << "layout=neato; overlap=false; splines=false; outputorder=edgesfirst;\n"
           << "node [shape=box, style=\"rounded,filled\", fillcolor=\"#f4f4f4\", fontsize=9, "
              "margin=\"0.03,0.01\", height=0.2, width=0.3];\n"
           << "edge [color=\"#888888\"];\n";
      });
  return out.str();
}

int graph(const CommonOptions& o, const GraphOptions& g, const std::string& command_line) {
  const FamilyInfo& fam = variants::find_family(o.variant);
  const Params p = normalize(fam, params_of(o));
  const std::string title =
      command_line + "; commit " + git_commit() + "; " + utc_now() + "; " + machine_description();
  const StateGraph sg = state_graph(fam, p, g.max_states);
  const std::string dot = sg.directed ? graph_dot<boost::directedS>(sg, title)
                                      : graph_dot<boost::undirectedS>(sg, title);
  if (g.dot == "-") {
    std::cout << dot;
  } else {
    write_file_atomic(g.dot, dot);
  }
  return 0;
}

const RegisterCommand kGraph{[] {
  auto g = std::make_shared<GraphOptions>();
  return Command{
      .name = "graph",
      .help = "write the state graph of a small instance for Graphviz (optimal path in red)",
      .order = 38,
      .options =
          [g](CLI::App& cmd, CommonOptions& o) {
            add_variant_option(cmd, o);
            add_params(cmd, o);
            cmd.add_option("--dot", g->dot,
                           "the Graphviz file to write (- for standard output); render with "
                           "`neato -Tsvg FILE -o FILE.svg`")
                ->required()
                ->check(non_empty());
            cmd.add_option("--max-states", g->max_states,
                           "refuse graphs with more states than this (default 5000)")
                ->check(decimal_for(g->max_states));
          },
      .run = [g](const CommonOptions& o,
                 const std::string& command_line) { return graph(o, *g, command_line); },
  };
}()};

}  // namespace
}  // namespace hanoi::cli

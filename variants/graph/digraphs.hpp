// The move graphs themselves, apart from the puzzle on them (graph.hpp): parsing an
// edge list, the complete graph and the directed cycle, automorphisms and canonical
// forms, the enumeration of every graph of a class up to isomorphism (the atlas,
// cli/cmd_atlas.cpp), and what a graph is (`describe_graph`).  A header of its own so
// that the atlas command, which needs the graphs but not the state space, is not
// rebuilt when the family's space or rule changes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "variants/family.hpp"

namespace hanoi::variants::graph {

inline constexpr int kMinPegs = 3, kMaxPegs = 8;

// A directed graph on the pegs 0..pegs-1: bit a*8+b of `arcs` says a disc may move
// from a to b.  An undirected edge is the two arcs.
struct MoveGraph {
  int pegs = 0;
  std::uint64_t arcs = 0;

  static constexpr int bit(int a, int b) { return a * 8 + b; }
  bool has(int a, int b) const { return (arcs >> bit(a, b)) & 1; }
  void add(int a, int b) { arcs |= std::uint64_t{1} << bit(a, b); }
  int arc_count() const;
  bool symmetric() const;  // every arc has its reverse: an undirected graph
  // The text --edges takes, normalised (see the overview).
  std::string text() const;
  // The graph with peg a renamed perm[a].
  MoveGraph relabelled(const std::vector<int>& perm) const;
  bool strongly_connected() const;
  // The pegs reachable from `from` along arcs (bit p for peg p).
  std::uint32_t reach(int from) const;

  friend bool operator==(const MoveGraph&, const MoveGraph&) = default;
};

// Parses --edges for `pegs` pegs; throws UsageError (one line) for a peg out of
// range, a repeated or self edge, bad syntax or an empty list.
MoveGraph parse_edges(int pegs, std::string_view text);

// Named graphs: the complete graph, the directed cycle.
MoveGraph complete_graph(int pegs);
MoveGraph directed_cycle(int pegs);

// Every peg permutation p (p[a] the image of a) that maps arcs to arcs, identity
// first, in lexicographic order.
std::vector<std::vector<int>> automorphisms(const MoveGraph& g);
// The least arc mask over all relabellings: two graphs are isomorphic exactly when
// their canonical masks are equal.
std::uint64_t canonical_arcs(const MoveGraph& g);

// Whether the graph has a shed.  Berend & Sapir ("Exponential vs. Subexponential
// Tower of Hanoi Variants", J. Graph Algorithms Appl. 20(2), 2016): "a vertex v in
// a strongly-connected directed graph G is a shed if the subgraph of G induced by
// V(G) - {v} contains a strongly connected subgraph on 3 or more vertices"; a
// strongly connected graph's optimum grows subexponentially (O(λ^(n^α)), α = 1/2 +
// o(1)) when it has a shed, exponentially when it has none.  An undirected edge is
// two arcs, so a connected graph has a shed when deleting some peg leaves a
// connected part of 3 or more pegs.
bool has_shed(const MoveGraph& g);

// The Frame-type recursion on a graph (OUR construction; see graph.cpp): the moves
// of the best solution that moves the n-k smallest discs as one tower from s to a
// peg x, the k largest from s to t on the graph without x (recursively), and the
// tower from x to t; on 3 pegs the largest-disc recursion, exact there.  Never
// below the optimum (it describes a legal solution); nullopt where it finds none.
std::optional<std::uint64_t> frame_type_moves(const MoveGraph& g, int s, int t, int n);

enum class GraphClass { kConnected, kStronglyConnected };
// Every graph on `pegs` pegs of the class, one per isomorphism class, each as its
// least arc mask, in increasing mask order.  kConnected: undirected connected
// graphs (OEIS A001349: 1, 1, 2, 6, 21, 112 for 1..6 vertices); kStronglyConnected:
// strongly connected digraphs (A035512: 1, 1, 5, 83, 5048).
std::vector<MoveGraph> enumerate_graphs(int pegs, GraphClass cls);

// An instance (graph, from, to) in the atlas's form: the graph relabelled to its
// least arc mask and the pair to the least of its orbit under that graph's
// automorphisms; two instances are isomorphic exactly when their forms are equal.
struct CanonicalInstance {
  std::uint64_t arcs = 0;
  int from = 0, to = 0;
  friend bool operator==(const CanonicalInstance&, const CanonicalInstance&) = default;
};
CanonicalInstance canonical_instance(const MoveGraph& g, int from, int to);

// The ordered (from, to) peg pairs, from != to, one per orbit of the automorphism
// group acting on both, each the least pair of its orbit.
std::vector<std::pair<int, int>> pairs_up_to_automorphism(const MoveGraph& g);

// The instance's graph (normalised parameters).
MoveGraph graph_of(const Params& p);
// The start and goal pegs of each disc (index d-1).
std::vector<int> start_pegs(const Params& p);
std::vector<int> goal_pegs(const Params& p);

// A description for `hanoi list` and the JSON of a search: one line of text, and
// its fields.
struct GraphInfo {
  std::string edges;
  int pegs = 0, arcs = 0;
  bool undirected = false, strongly_connected = false, shed = false;
  std::uint64_t automorphisms = 0;
  std::uint64_t fixing_start = 0;           // automorphisms that fix the start
  std::uint64_t fixing_start_and_goal = 0;  // ... and the goal
  // For a graph that is not strongly connected: the pegs from which the goal peg
  // cannot be reached (one disc), as bits.
  std::uint32_t cannot_reach_goal = 0;
  // For a graph that is not strongly connected and a start and goal of one peg
  // each: the largest n whose goal is reachable, or -1 if every n searched (rank
  // spaces up to 2^20) is.
  int largest_solvable_n = -1;
};
GraphInfo describe_graph(const Params& p);
std::string graph_summary(const GraphInfo& g);

}  // namespace hanoi::variants::graph

// Tower of Hanoi on any move graph: discs on m pegs, a disc moves from peg a to
// peg b only along an edge a -> b of a directed graph on the pegs (besides "top
// disc only, never onto a smaller disc").
//
// Design overview
// ---------------
// Classic (K3), Reve's (Km), Cyclic (the directed 3-cycle), Adjacent (the path
// P3) and Four-Star (the star K1,3) are each this one puzzle on one graph.  The
// rule still looks only at the moving disc and the two pegs, never at what the
// disc lands on, so the space is a `PegSpace` and every lattice mode applies
// unchanged (memory, disk, MPI); the peg permutations that keep the rule are the
// graph's automorphisms, so --symmetry keeps one segment per orbit of the
// automorphisms that fix the start, and the half-depth test applies where an
// automorphism that is its own inverse swaps start and goal.
//
// Two registered families share this folder, because reversibility is a property
// of the space's type (the engine walks a witness back through predecessors, and
// the half-depth and frontier modes need every move undoable):
//   graph    every edge both ways (a symmetric arc set): a reversible space.  A
//            graph with a one-way edge is served by `digraph` (FamilyInfo::
//            served_by), so users type `graph` for either.
//   digraph  any arc set: an irreversible space (default: the directed m-cycle).
//
// Parameters: --pegs M, --edges "0-1,1>2" (a-b: both ways, a>b: one way; default
// the complete graph for graph, the directed cycle 0>1>..>M-1>0 for digraph), the
// start and goal as one peg each (--from, default 0; --to, default M-1) or one
// peg digit per disc, smallest first (--start, --goal).  The edge list is checked
// (pegs in range, no repeated or self edge, not empty) and normalised to one
// text: the a-b pairs and then the a>b arcs, each in increasing order.
//
// What a graph is (`describe_graph`, shown by `hanoi list graph --edges ...` and in
// the JSON of every search): strongly connected or not (then the goal is reachable
// for every n, Leiss 1983; otherwise the largest n whose goal is reachable is found
// by search), its automorphism group and the automorphisms that fix the start and
// the goal, and whether it has a *shed* (Berend & Sapir's growth class; see
// graph.cpp).
//
// Closed forms where the graph is one a family covers: K3 (2^n - 1), Km from one
// peg to another (Frame-Stewart, optimal for m = 4), the path P3 end to end
// (3^n - 1) and the directed 3-cycle (the cyclic family's A(n), C(n)), each only
// for all discs on one peg to all on another.  The atlas (cli/cmd_atlas.cpp)
// enumerates every graph of a class up to isomorphism (`enumerate_graphs`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "variants/common/peg_space.hpp"
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

// The rule: a move a -> b needs the arc a -> b.  Reversible for `graph` (its arc
// set is symmetric), not for `digraph`.
template <bool Reversible>
struct GraphMoves {
  static constexpr bool kReversible = Reversible;
  static constexpr bool kIgnoresBelow = true;  // the lattice engine applies
  std::uint64_t arcs = 0;
  bool allows(int, int from, int to, int) const { return (arcs >> MoveGraph::bit(from, to)) & 1; }
  const char* name() const { return "a disc moves only along an edge of the move graph"; }
};

using Space = PegSpace<GraphMoves<true>>;
using DirectedSpace = PegSpace<GraphMoves<false>>;

// The registry entries (variants/visit.hpp).
struct GraphFamily {
  using Space = graph::Space;
  static Family<Space> family();
};
struct DigraphFamily {
  using Space = graph::DirectedSpace;
  static Family<Space> family();
};

}  // namespace hanoi::variants::graph

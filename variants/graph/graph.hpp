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
// enumerates every graph of a class up to isomorphism (`enumerate_graphs`); the graphs
// themselves (parsing, automorphisms, canonical forms) are in digraphs.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "variants/common/peg_space.hpp"
#include "variants/family.hpp"
#include "variants/graph/digraphs.hpp"

namespace hanoi::variants::graph {

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

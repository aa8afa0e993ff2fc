// Cyclic Tower of Hanoi: 3 pegs in a circle, every disc moves clockwise only.
//
// Reading (VARIANTS.md, seed 002 "Cyclic"): pegs 0, 1, 2 stand in a circle and a
// disc may move only one step clockwise, 0 -> 1 -> 2 -> 0, besides the usual "top
// disc only, never onto a smaller disc".  A move can therefore never be undone by
// one move, so the rule is irreversible and the engine enumerates predecessors
// (PegSpace::for_each_predecessor) for the witness path.
//
// Problems (seed 002's wording: "leftwards" is two clockwise steps, "rightwards" one):
//   left   (default) 0 -> 2, optimum A(n)
//   right  0 -> 1, optimum C(n)
// with A(n) = 2A(n-1) + C(n-1) + 2, C(n) = 2A(n-1) + 1, A(0) = C(0) = 0; seed 002
// says the solutions are unique and optimal.
//
// Algorithms (each emits moves, replayed by the rule checker):
//   transfer     seed 002's mutual recursion transfer_right / transfer_left, started
//                at transfer_left(0 via 1 to 2) or transfer_right(0 via 2 to 1).
//   colour-flip  seed 002's "coloured" algorithm on an explicit tower.
//
// Reading chosen for colour-flip.  The seed: every disc starts orange; the bases
// get a colour and are "considered just larger than the largest disc: orange for
// leftward transfer, blue for rightward"; "a disc colour flips as it moves, just
// when the next larger disc is orange"; "alternately, move the smallest disc (once
// or twice) until it is orange; for each other move there is just one legal
// choice; stop when the entire stack has been transferred."  We read:
//   * "the next larger disc" is the disc one size larger (d + 1), wherever it lies,
//     and for the largest disc n it is the base, whose colour never changes.  (The
//     phrase "just larger than the largest disc" makes the base play disc n + 1;
//     the seed's invariant "no two discs of consecutive size are both blue" is also
//     about sizes, not about positions on a peg.)  Colours never restrict a move.
//   * A round moves disc 1 clockwise at least once and then again only if it is not
//     yet orange; if it is still not orange after two moves the reading has failed
//     and the run stops with an error (it never happens for the n tested).
//   * Then exactly one clockwise move of a disc other than disc 1 must be legal; if
//     there are zero or two the run stops with an error rather than guessing.
//   * The stop test ("the entire stack has been transferred") is made after every
//     single move, including between the two moves of disc 1.
//   * The seed's invariant "no two discs of consecutive size are both blue" is
//     checked after every move (with the base as disc n + 1); a violation stops the
//     run with an error.
// With this reading the algorithm is legal, keeps the invariant and emits exactly the
// unique optimal sequence, A(n) / C(n) moves, for every n the tests try (both
// problems).  The other reading we tried, "the next larger disc" = the disc (or
// base) the moving disc lands on, fails at once: for n >= 2 disc 1 stays blue after
// two moves (left problem) or no larger disc has a legal move (right problem).
// That reading is not implemented.
#pragma once

#include <cstdint>
#include <memory>

#include "variants/common/peg_space.hpp"
#include "variants/family.hpp"

namespace hanoi::variants::cyclic {

// Every disc moves one step clockwise: 0 -> 1 -> 2 -> 0.
struct ClockwiseMoves {
  // A clockwise move can only be undone by two more moves, never by one.
  static constexpr bool kReversible = false;
  static constexpr bool kIgnoresBelow = true;  // the lattice engine applies
  bool allows(int, int from, int to, int) const { return to == (from + 1) % 3; }
  const char* name() const { return "every disc moves clockwise only (0 -> 1 -> 2 -> 0)"; }
};

using Space = PegSpace<ClockwiseMoves>;

// Seed 002's times: A(n) for the leftward (0 -> 2), C(n) for the rightward (0 -> 1)
// transfer, by the mutual recurrence.  Valid for n <= 36 (fits 64 bits).
std::uint64_t time_left(int n);
std::uint64_t time_right(int n);

// Seed 002's mutual recursion, emitting the moves of k discs (discs 1..k, the top k
// of a tower) from peg x to peg z with every disc moving one step x -> y -> z -> x
// in the cycle the three labels define:
//   transfer_left(k, x, y, z):  y is one step, z two steps from x  (A(k) moves)
//   transfer_right(k, x, y, z): z is one step from x, y two steps  (C(k) moves)
// The pegs are labels only: passing them in the other cyclic order runs the same
// procedure counter-clockwise (the lundon family does so).
void transfer_left(int k, int x, int y, int z, MoveSink sink);
void transfer_right(int k, int x, int y, int z, MoveSink sink);

Space make_space(const Params& p);
// The registry entry (variants/visit.hpp).
struct CyclicFamily {
  using Space = cyclic::Space;
  static Family<Space> family();
};

}  // namespace hanoi::variants::cyclic

// Adjacent Tower of Hanoi: m pegs in a row, moves only between neighbouring pegs.
//
// Reading (VARIANTS.md; seed 002 "Adjacent" = ABA(n); seed 004's Hamilton path):
// pegs 0..m-1 stand in a row (--pegs 3..6, default 3) and a disc may move only to a
// neighbouring peg, |from - to| == 1, besides "top disc only, never onto a smaller
// disc".  Every move can be undone, so the rule is reversible.  Problem `transfer`:
// the stack from peg 0 to peg m-1.
//
// Claims: for m = 3 the optimum is 3^n - 1 (seed 002: ABA(n) = 3^n - 1) and the
// solution passes through every one of the 3^n configurations (seed 002, seed 004:
// "all 3^height different distributions of disks are traversed").  For m >= 4 no
// formula is known, only computed values, so closed_form is empty there.
//
// Algorithms (m = 3 only; there is no published algorithm for m >= 4 and we add
// none):
//   recursive  seed 004's long-move-tower: n-1 discs 0 -> 2, disc n 0 -> 1, n-1 discs
//              2 -> 0, disc n 1 -> 2, n-1 discs 0 -> 2.
//   gray-code  seed 004's reflected ternary Gray code: the configuration after move
//              t is number->p-ary-gray-code(t, n, 3), whose digit for disc d (least
//              significant digit = disc 1, most significant = disc n) is that disc's
//              peg.  Move t moves disc v3(t) + 1 ("the number of times the move
//              counter can be divided by 3"), from the digit of code t-1 to the digit
//              of code t, both computed from t by the seed's digit formula
//              (r = (t / 3^i) mod 6, digit = r < 3 ? r : 5 - r), never by search.
#pragma once

#include <cstdint>
#include <memory>

#include "variants/common/peg_space.hpp"
#include "variants/family.hpp"

namespace hanoi::variants::adjacent {

// Moves only between neighbouring pegs of the row.
struct NeighbourMoves {
  static constexpr bool kReversible = true;
  static constexpr bool kIgnoresBelow = true;  // the lattice engine applies
  bool allows(int, int from, int to, int) const { return from - to == 1 || to - from == 1; }
  const char* name() const { return "a disc moves only to a neighbouring peg (|from - to| = 1)"; }
};

using Space = PegSpace<NeighbourMoves>;

// Seed 004's long-move-tower for discs smallest .. smallest+k-1 on three pegs in a
// row: from end peg f to end peg t through the middle peg r, 3^k - 1 moves, every
// one between neighbours.  Four-star uses it with the star as the middle peg.
void long_move_tower(int k, int smallest, int f, int t, int r, MoveSink sink);

// Digit i (0 = least significant, the peg of disc i+1) of the t-th h-digit reflected
// ternary Gray code (seed 004, number->p-ary-gray-code with p = 3).
int gray_digit(std::uint64_t t, int i);

Space make_space(const Params& p);
// The registry entry (variants/visit.hpp).
struct AdjacentFamily {
  using Space = adjacent::Space;
  static Family<Space> family();
};

}  // namespace hanoi::variants::adjacent

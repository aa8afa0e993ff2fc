// Rainbow Tower of Hanoi (R. Neale, in seed 002, Lunnon, "The Tower of Hanoi and
// Variations"): 3 pegs, transfer n discs from peg 0 via peg 1 to peg 2.
//
// Rules (VARIANTS.md): the classic rules, and the discs are coloured cyclically
// with size, disc 1 green, disc 2 blue, disc 3 red, disc 4 green, ...; colour(d) =
// (d-1) mod 3 (0 green, 1 blue, 2 red).  No disc may rest directly on a disc of
// its own colour, nor directly on a base of its own colour.
//
// Reading of the problem codes PQR (seed 002): P, Q, R are the colours of the bases
// of pegs 0, 1, 2 (from, via, to).  A = colour(n), the largest disc's colour;
// B = colour(n-1); C = colour(n-2), taken cyclically (so for n < 3 they are still
// the three distinct colours in the order A, B, C = c, c-1, c-2 mod 3); D = no
// colour.  Problems offered are the 11 functions of the seed's vector s: DDD (top
// level, the default), CDD, CBD, CAD, BCD, BDC, CDC, CBC, BAC, CAC, BCB.
//
// The colour rule is a resting rule, checked on moves only (PegSpace): the start
// stack is legal for every offered problem (consecutive discs differ in colour and
// P is never A), so every state the search or the rule checker sees is legal, and
// moving a disc back always puts it where it legally rested: the moves are
// reversible.  Not every placement is reachable, so states_reached < 3^n.
//
// Closed form: seed 002's vector recurrence s(1) = all ones, s(n+1) = M s(n),
// iterated exactly as printed; the problem's component is its optimum.
//
// Algorithm (each emits moves, replayed by the rule checker):
//   recursive   the 17 mutually recursive procedures (procedures.hpp), derived from
//               the matrix rows
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "variants/common/peg_space.hpp"
#include "variants/family.hpp"

namespace hanoi::variants::rainbow {

// The colour of disc d (1 = smallest): 0 green, 1 blue, 2 red; valid for any
// integer d, so colour(n-1) and colour(n-2) are defined for small n.
constexpr int disc_colour(int d) {
  return ((d - 1) % 3 + 3) % 3;
}

struct RainbowRule {
  static constexpr bool kReversible = true;
  static constexpr int kUncoloured = -1;
  // Absolute colour of each peg's base (kUncoloured for D), fixed by n and the
  // problem code in make_space.
  std::array<int, 3> base{kUncoloured, kUncoloured, kUncoloured};

  bool allows(int disc, int /*from*/, int to, int below) const {
    const int under = below == 0 ? base[static_cast<std::size_t>(to)] : disc_colour(below);
    return under != disc_colour(disc);
  }
  const char* name() const {
    return "no disc may rest directly on a disc or base of its own colour";
  }
};

using Space = PegSpace<RainbowRule>;

// The base colours of problem `code` (three letters from A, B, C, D) for n discs.
// Throws std::invalid_argument on a malformed code.
RainbowRule rule_for(std::string_view code, int n);

Space make_space(const Params& p);
// The registry entry (variants/visit.hpp).
struct RainbowFamily {
  using Space = rainbow::Space;
  static Family<Space> family();
};

}  // namespace hanoi::variants::rainbow

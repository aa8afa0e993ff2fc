// Four-Star Hanoi (Stockmeyer): 4 pegs, peg 3 is the star, and every move must
// start or end on the star.
//
// Rules (VARIANTS.md): "one top disc at a time, never onto a smaller disc", plus the
// star rule, so the outer pegs 0, 1, 2 never exchange a disc directly.  Every move
// can be undone (the reverse move also touches the star), so the space is
// reversible.  Exactly 4 pegs; max_n = 31 (4^32 = 2^64 does not fit the rank).
// Problems:
//   outer   (default) 0 -> 2, outer peg to outer peg;
//   centre  3 -> 0, star to an outer peg.
//
// Reading of seed 002 (Lunnon, Four_Star section), for `outer`:
//   move the top n-k discs X -> Y with all 4 pegs; move the bottom k discs X -> Z
//   through the star S with the 3-peg Adjacent algorithm (S is the middle peg, cost
//   3^k - 1); move the top n-k discs Y -> Z with all 4 pegs.  k is chosen from a_n,
//   the n-th 3-smooth number 2^i 3^j in ascending order (a_1 = 1): the k with
//   3^(k-1) <= a_n < 3^k, computed exactly in integers (no logarithms).  Claimed
//   count: 2(a_1 + ... + a_n), optimal "subject to the Frame hypothesis".  The tests
//   check it against an independent minimising DP F(n) = min_k 2F(n-k) + 3^k - 1
//   and against the exhaustive search.
//
// `centre` is NOT in the seeds.  OUR DERIVATION (a Frame-type recursion):
//   C(n) = min_{1<=k<=n} [ C(n-k) + (3^k - 1)/2 + 2(a_1 + ... + a_{n-k}) ], C(0) = 0:
//   move the top n-k discs S -> U (an outer peg other than the target T; the same
//   centre problem by the symmetry of the outer pegs), then the bottom k discs
//   S -> T with the 3-peg Adjacent algorithm from the middle peg S to the end peg T
//   over S, T, V (cost M(k) = M(k-1) + 1 + (3^(k-1) - 1) = (3^k - 1)/2), then the top
//   n-k discs U -> T as an outer-to-outer transfer with the seed's algorithm.  k is
//   the smallest minimiser, computed by DP.  closed_form(centre) returns this C(n)
//   and formula_name says it is derived here, not published; whether it is optimal
//   is for the exhaustive search to say (see the regression test).
//
// Algorithms: `four-star` (outer, seed 002) and `centre-frame` (centre, derived).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "variants/common/peg_space.hpp"
#include "variants/family.hpp"

namespace hanoi::variants::four_star {

inline constexpr int kStar = 3;

// Every move starts or ends on the star peg.
struct StarMoves {
  static constexpr bool kReversible = true;
  static constexpr bool kIgnoresBelow = true;  // the lattice engine applies
  bool allows(int /*disc*/, int from, int to, int /*below*/) const {
    return from == kStar || to == kStar;
  }
  const char* name() const { return "every move must start or end on the star peg 3"; }
};

using Space = PegSpace<StarMoves>;
Space make_space(const Params& p);
// The registry entry (variants/visit.hpp).
struct FourStarFamily {
  using Space = four_star::Space;
  static Family<Space> family();
};

// a_1 .. a_n, the first n 3-smooth numbers 2^i 3^j in ascending order (a_1 = 1).
std::vector<std::uint64_t> smooth_numbers(int n);

// Seed 002's k for n discs: 3^(k-1) <= a_n < 3^k.
int seed_k(int n);

// Seed 002's claimed count for `outer`: 2(a_1 + ... + a_n).
std::uint64_t outer_moves(int n);

// Our derived recursion for `centre` (see above), and its smallest minimising k.
std::uint64_t centre_moves(int n);
int centre_k(int n);

}  // namespace hanoi::variants::four_star

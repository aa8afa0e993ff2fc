// Reve's puzzle generalised: n discs on m >= 4 pegs, transfer peg 0 -> peg m-1.
//
// Rules (VARIANTS.md): only "one top disc at a time, never onto a smaller disc";
// every peg is open to every move (the FreeMoves rule).  Problem `transfer` moves
// the stack from peg 0 to peg m-1.  --pegs 4..8 (default 4).  max_n(m) is the
// PegCodec limit: n * ceil(log2 m) <= 64 bits and m^n < 2^64, which gives 31 for
// m = 4 (4^32 = 2^64 does not fit the rank) and 21 for m = 5..8 (3 bits a disc).
//
// Reading of seed 002 (Lunnon, "The Tower of Hanoi and Variations", Reves section):
//   * the Frame-Stewart algorithm TM(m,n,X,P,Z): take k = k(m,n); move the top n-k
//     discs X -> Y with all m pegs (Y a member of P, the m-2 "other" pegs); move the
//     bottom k discs X -> Z with the m-1 pegs other than Y, i.e. TM(m-1,k,X,P-Y,Z);
//     move the top n-k discs Y -> Z with all m pegs.  The recursion goes down in m as
//     well as n: m = 3 is the classic recursion, m = 2 moves a single disc.
//     The seed writes the top transfers as TM(m,n-k,X,P,Y) and TM(m,n-k,Y,P,Z) "using
//     all m pins"; we read their via sets as P with Y swapped for Z (resp. for X),
//     since Y is the destination (resp. the source) there.
//   * k(m,n), verbatim: find s with n0 = C(s+m-3, m-2) <= n < n1 = C(s+m-2, m-2);
//     k0 = C(s+m-4, m-3), k1 = C(s+m-3, m-3); "choose any k in
//     max(k0, k1-n1+n) <= k <= min(k1, k0-n0+n)".
//     OUR CHOICE: the smallest admissible k, max(k0, k1-n1+n).  (For m = 3 the rule
//     gives k = 1, i.e. the classic recursion.)
//   * Y: the seed asks for "any member of P bearing no disc smaller than the largest
//     stack disc"; every member of P qualifies (the pegs holding smaller discs are
//     exactly the ones already removed from P), so we take the first in list order
//     (P starts as pegs 1..m-2 ascending; a peg swapped in, see below, goes last).
//   * Closed form (the count of any Frame-type solution with an admissible k):
//     (n - n0) 2^s + SUM_{i=0}^{s-1} 2^i C(i+m-3, m-3).  The seed also gives the
//     equivalent (-1)^m + [(n - n0) + SUM_{j=0}^{m-3} (-2)^j C(s+m-3, m-3-j)] 2^s;
//     the tests check the two agree with an independent minimising DP.
//
// Optimality: Frame-Stewart is proven optimal only for m = 4 (Bousch); for m >= 5
// it is the Frame-Stewart conjecture.  The regression tests compare the count with
// the exhaustive search for small n (m = 4 n <= 10, m = 5 n <= 8, m = 6 n <= 6).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "variants/common/peg_space.hpp"
#include "variants/family.hpp"

namespace hanoi::variants::reves {

using Space = PegSpace<FreeMoves>;
Space make_space(const Params& p);
// The registry entry (variants/visit.hpp).
struct RevesFamily {
  using Space = reves::Space;
  static Family<Space> family();
};

// Seed 002's k(m,n) for m >= 3, n >= 1, resolved to the smallest admissible k.
int k_mn(int m, int n);

// Seed 002's closed form (n - n0) 2^s + SUM 2^i C(i+m-3, m-3) for m >= 3, n >= 0;
// nullopt if it does not fit 64 bits.
std::optional<std::uint64_t> frame_stewart_moves(int m, int n);

// The largest n the peg codec can hold for m pegs.
int max_discs(int m);

}  // namespace hanoi::variants::reves

// The `frame` algorithm for Checkers: the best Frame-type solution, by dynamic
// programming, and its moves.
//
// Why a DP: seed 002 only sketches its Checkers/Frame algorithm ("9 recursive
// procedures", k forced to even parity once the pegs are occupied by larger discs,
// the decrement chosen by the nearest triangular number j = [(2n + 1/4)^(1/2)]) and
// does not list the procedures.  Instead of guessing them we compute the cheapest
// solution of the Frame-Stewart shape the seed describes, with the colour rule
// deciding which sub-problems are possible.  What is minimised, exactly:
//
//   A sub-problem moves a tower of c consecutive discs (largest h) from peg X to
//   peg Z.  Each peg it may use has a colour "under" it, relative to the tower:
//   A = the colour of disc h, B = the other, D = uncoloured; a larger disc on a peg
//   acts as a base of that disc's colour.
//
//   F4(c; X, P1, P2, Z), all four pegs usable:
//     min over k = 1..c and Y in {P1, P2} (Q the other) of
//       F4(c-k; X -> Y via Q, Z)    the top c-k discs parked on Y, all 4 pegs; X's
//                                   under colour is now disc h-k+1's (B for them)
//     + F3(k; X -> Z via Q)         the bottom k discs with the 3 pegs other than Y
//     + F4(c-k; Y -> Z via X, Q)    the top back onto Z (now under disc h-k+1);
//     F4(0) = 0.  Colours are re-expressed for the smaller tower: when k is odd its
//     largest disc h-k has the other colour, so A and B swap.
//
//   F3(c; X -> Z via Y), three pegs: the exact optimum on three pegs.  On three
//     pegs every solution is Frame-type: whenever disc h moves, the other c-1 discs
//     are all on the third peg.  So the solution is a shortest path over the 9 macro
//     states (peg of disc h, peg of the c-1 tower), from (X, X) to (Z, Z): moving
//     the tower costs F3(c-1) of the matching sub-problem (disc h acts as a base of
//     colour B under it), moving disc h costs 1 and needs the tower on the third peg
//     and a destination not coloured A.  Dijkstra over those 9 states; F3(0) = 0.
//     This covers the classic recursion (BAB, seed's "Classical BAB(k)") and the
//     3-move route X -> Y -> Z that some colourings force.
//
//   An impossible sub-problem (e.g. an A-coloured destination) has cost infinity.
//   The tables depend only on c and the relative colours (3^3 and 3^4 codes), so
//   they are computed once for c <= kMaxDiscs.  Ties: the smallest k, then Y = P1
//   (the first via peg); on three pegs the first shortest path found.
//
// So F4 is the minimum over the Frame-Stewart family of decompositions (a top
// tower parked on one peg while the bottom moves with three pegs, recursively),
// NOT over every Frame-hypothesis solution (which could also split the parked
// discs over two pegs); the exhaustive search is the judge of optimality.  The
// DP reproduces the seed's figures: DDDD = Frame-Stewart for n < 27 except n = 15
// (137) and n = 21 (337), DDDD = Frame-Stewart exactly when the persistence
// |p(n)| <= 2, and BABB <= / >= BAAB for j even / odd (see the regression test).
// It equals the exhaustive optimum wherever we searched: DDDD n <= 18 (the
// regression test: n <= 15), BABB and BAAB n <= 18 (test: n <= 15).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "variants/family.hpp"

namespace hanoi::variants::checkers {

// F4(n) for a problem code (four letters over A, B, D: pegs 0, 1, 2, 3 = from, via,
// via, to), nullopt if no Frame-type solution exists.  n in 0..kMaxDiscs.
std::optional<std::uint64_t> frame_moves(std::string_view code, int n);

// F3(n) for a three-peg code (from, via, to), nullopt if impossible.
std::optional<std::uint64_t> three_peg_moves(std::string_view code, int n);

// Emits the moves of the F4 solution (peg 0 -> peg 3, discs 1..n).  Throws
// std::logic_error if the problem has no Frame-type solution.
void emit_frame(std::string_view code, int n, MoveSink sink);

}  // namespace hanoi::variants::checkers

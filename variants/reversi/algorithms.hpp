// The Reversi algorithms (see reversi.hpp for the rules, readings and derivations).
// Each emits moves into a sink; the engine's rule checker replays them.
#pragma once

#include <cstdint>

#include "variants/family.hpp"

namespace hanoi::variants::reversi {

// Bottom-level recursions, derived here (seed 002 gives only their counts).  The
// pegs are named by role: `from` (base B), `to`, and the via pegs by base colour,
// letters relative to the largest moving disc's current colour.
//   BABA(k): from B, via_a A, via_b B, to A      3 BABA(k-2) + 4
//   BABB(k): from B, via_a A, via_b B, to B      2 BABA(k-1) + 2
//   BAAB(k): from B, via_1 A, via_2 A, to B      2 BABB(k-1) + 2
void emit_baba(int k, int from, int via_a, int via_b, int to, MoveSink sink);
void emit_babb(int k, int from, int via_a, int via_b, int to, MoveSink sink);
void emit_baab(int k, int from, int via_1, int via_2, int to, MoveSink sink);

// Reversi_P: seed 002's periodic algorithm for BABB (W, X, Y, Z = pegs 0, 1, 2, 3);
// each table entry names a pair of pegs and the size rule picks the direction.
void emit_periodic(int n, MoveSink sink);

// Reversi_G: the classic 3-peg solution on pegs 0, 1, 3, every move X -> Y made as
// X -> 2, 2 -> Y.  2(2^n - 1) moves, colours unchanged (DDDF).
void emit_reversi_g(int n, MoveSink sink);

// Reversi_H as we reconstruct it: the classic 3-peg solution on pegs 0, 1, 3 with
// each move made directly when the colours allow it, and through peg 2 otherwise,
// the sub-stacks' intermediate colours chosen to need the fewest detours.
// `flipped` = false solves DDDF, true DDDE.
void emit_reversi_h(int n, bool flipped, MoveSink sink);
// Its move count, from the same table (2^n - 1 + the fewest detours).
std::uint64_t reversi_h_detour_moves(int n, bool flipped);

}  // namespace hanoi::variants::reversi

// Classic Tower of Hanoi: 3 pegs, transfer n discs from peg 0 to peg 2.
//
// Reading (VARIANTS.md): the only rules are "one top disc at a time, never onto a
// smaller disc".  Problem `transfer` (0 -> 2).  Optimum 2^n - 1, unique (seed 002).
//
// Algorithms (each emits moves, replayed by the rule checker):
//   recursive    largest-disc recursion (seed 002, tranC(disc, X, Y, Z))
//   iterative    the period-3 clock of seed 002 (pairs of pegs by t mod 3, n odd/even)
//   bichromatic  seed 002's colour rule: alternate colours on every peg (bases
//                coloured too) and never undo the previous move
//   bitwise      seed 004's per-move formula: move m goes from (m & m-1) % 3 to
//                ((m | m-1) + 1) % 3 (pegs 1 and 2 swapped for even n)
//   plan-a       seed 003 Plan A: disc 1 on odd moves, disc parity picks the pegs
//   plan-b       seed 003 Plan B: per-peg bit arrays, smallest disc in the high bits
#pragma once

#include <memory>

#include "variants/common/peg_space.hpp"
#include "variants/family.hpp"

namespace hanoi::variants::classic {

using Space = PegSpace<FreeMoves>;
Space make_space(const Params& p);
// The registry entry (variants/visit.hpp).
struct ClassicFamily {
  using Space = classic::Space;
  static Family<Space> family();
};

}  // namespace hanoi::variants::classic

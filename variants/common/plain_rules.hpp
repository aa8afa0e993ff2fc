// The plain Hanoi rules, checked on explicit stacks: the one preamble of every
// variant's `check_move`.
//
// Why one helper: `check_move` is the rule checker's and the test oracle's ground
// truth (the oracle builds its graph from it, independently of the fast successor
// loops), so the rules every variant shares should be written once, read the same
// everywhere and report the same wording.  A variant calls this first and then
// checks its own rules (colours, bases, move directions) on the same stacks.
//
// The rules, in order, each with its one wording in MoveCheck::rule:
//   "peg out of range"                            from or to outside [0, pegs)
//   "a move must change peg"                      from == to
//   "the source peg is empty"                     nothing to move
//   "a disc may not be placed on a smaller disc"  the top of `to` is smaller
// c.disc is set to the moving disc once the source peg is known to be non-empty.
//
// `stacks[p]` is peg p bottom to top, anything with empty() and back() (a vector,
// a span over a fixed array); `size` projects an element to its disc size
// (identity for plain ints, a member pointer such as &Disc::size for structs).
#pragma once

#include <cstddef>
#include <functional>

#include "engine/core.hpp"

namespace hanoi::variants {

// Fills c.rule (and c.disc) and returns false if the move from `from` to `to`
// breaks a plain rule; returns true, with c.disc set, if the variant's own rules
// are to be checked next.
template <class State, class Stacks, class Size = std::identity>
bool check_plain_move(MoveCheck<State>& c, const Stacks& stacks, int from, int to, int pegs,
                      Size size = {}) {
  if (from < 0 || from >= pegs || to < 0 || to >= pegs) {
    c.rule = "peg out of range";
    return false;
  }
  if (from == to) {
    c.rule = "a move must change peg";
    return false;
  }
  const auto& src = stacks[static_cast<std::size_t>(from)];
  const auto& dst = stacks[static_cast<std::size_t>(to)];
  if (src.empty()) {
    c.rule = "the source peg is empty";
    return false;
  }
  const int d = static_cast<int>(std::invoke(size, src.back()));
  c.disc = d;
  if (!dst.empty() && static_cast<int>(std::invoke(size, dst.back())) < d) {
    c.rule = "a disc may not be placed on a smaller disc";
    return false;
  }
  return true;
}

}  // namespace hanoi::variants

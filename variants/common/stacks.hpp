// Explicit stacks of a single-stack configuration, and its one readable form.
//
// Why one helper: in every space whose discs are plainly stacked by size (the
// PegSpace rules, reves-sym, checkers, domino, ...) the explicit configuration
// follows from the peg of each disc alone: peg p holds, bottom to top, its discs
// from the largest down.  `check_move` (the rule checker's and the test oracle's
// ground truth) and `describe` both start from it, so it is written once, over the
// space's `peg_of`, rather than once per space over each encoder.
//
// These allocate: they serve the rule checker and printing, never a successor loop.
// Spaces whose pegs carry more than disc sizes (colours that flip, coloured bases
// printed after a stack) keep their own `describe`, built on the same stacks where
// they can.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hanoi::variants {

// Peg p bottom to top (largest disc first), for p in [0, pegs()): needs pegs(),
// discs() and peg_of(state, disc) (disc 1 the smallest), as HasDiscPegs spaces have.
template <class Space>
std::vector<std::vector<int>> stacks_by_peg(const Space& v, const typename Space::State& s) {
  std::vector<std::vector<int>> stacks(static_cast<std::size_t>(v.pegs()));
  for (int d = v.discs(); d >= 1; --d)
    stacks[static_cast<std::size_t>(v.peg_of(s, d))].push_back(d);
  return stacks;
}

// No label between a peg's number and its colon.
struct NoPegLabel {
  std::string_view operator()(int) const { return {}; }
};

// "0: 3 2 1 | 1: | 2:" (each peg's discs bottom to top).  `peg_label(p)` is printed
// between peg p's number and its colon, e.g. checkers' base colour: "0[B]: 3 2 1".
template <class PegLabel = NoPegLabel>
std::string describe_stacks(const std::vector<std::vector<int>>& stacks, PegLabel peg_label = {}) {
  std::string out;
  for (std::size_t p = 0; p < stacks.size(); ++p) {
    if (p != 0) out.append(" | ");
    out.append(std::to_string(p)).append(peg_label(static_cast<int>(p))).push_back(':');
    for (int d : stacks[p]) out.append(" ").append(std::to_string(d));
  }
  return out;
}

}  // namespace hanoi::variants

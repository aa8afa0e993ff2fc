// A PlainBoard (variants/family.hpp) for the PegSpace rules: explicit stacks, the
// plain size rule, then the space's own Rule.
//
// Why it exists: the algorithms of the plain peg variants are defined for any n and
// m, while every encoder has a limit (a 64-bit word of pegs).  This board checks the
// same rules as PegSpace::check_move, on vectors, so an algorithm can be replayed
// and watched at sizes no search will ever reach (seed 002's Many_Pin, m = 100 and
// n = 1000).  The conformance suite replays every algorithm on both and compares.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core.hpp"
#include "variants/common/plain_rules.hpp"
#include "variants/common/stacks.hpp"
#include "variants/family.hpp"

namespace hanoi::variants {

template <class Rule>
class RuleBoard final : public PlainBoard {
 public:
  RuleBoard(int pegs, int discs, int start_peg, int goal_peg, Rule rule)
      : stacks_(static_cast<std::size_t>(pegs)), discs_(discs), goal_peg_(goal_peg), rule_(rule) {
    for (int d = discs; d >= 1; --d) stacks_[static_cast<std::size_t>(start_peg)].push_back(d);
  }

  const char* move(int from, int to, int& disc) override {
    MoveCheck<int> c;
    const bool plain = check_plain_move(c, stacks_, from, to, pegs());
    disc = c.disc;
    if (!plain) return c.rule;
    auto& dst = stacks_[static_cast<std::size_t>(to)];
    const int below = dst.empty() ? 0 : dst.back();
    if (!rule_.allows(c.disc, from, to, below)) return rule_.name();
    stacks_[static_cast<std::size_t>(from)].pop_back();
    dst.push_back(c.disc);
    return "";
  }
  bool is_goal() const override {
    return static_cast<int>(stacks_[static_cast<std::size_t>(goal_peg_)].size()) == discs_;
  }
  std::string describe() const override { return describe_stacks(stacks_); }
  int pegs() const override { return static_cast<int>(stacks_.size()); }

 private:
  std::vector<std::vector<int>> stacks_;
  int discs_, goal_peg_;
  Rule rule_;
};

}  // namespace hanoi::variants

#include "variants/reves_sym/reves_sym.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "variants/common/plain_rules.hpp"
#include "variants/common/stacks.hpp"
#include "variants/reves/reves.hpp"

namespace hanoi::variants::reves_sym {

Space::Space(int n) : n_(n) {
  if (n < 1 || n > kMaxDiscs)
    throw std::invalid_argument("reves-sym takes n from 1 to " + std::to_string(kMaxDiscs));
  low_ = n == 32 ? detail::kEven : detail::kEven & ((std::uint64_t{1} << (2 * n)) - 1);
}

void Space::refuse_predecessors() {
  // Unreachable through the CLI, which checks kWalksBack before searching.
  throw std::logic_error(
      "reves-sym cannot walk back along moves (--moves witnesses, optimal-solution counts, "
      "Frame witnesses): a move in one orbit member's pegs does not determine the previous "
      "orbit; use reves --pegs 4 for these");
}

std::vector<std::vector<int>> Space::explicit_stacks(const State& s) const {
  return stacks_by_peg(*this, s);
}

MoveCheck<Space::State> Space::check_move(const State& s, int from, int to) const {
  MoveCheck<State> c;
  const auto stacks = explicit_stacks(s);
  if (!check_plain_move(c, stacks, from, to, kPegs)) return c;
  const int d = c.disc;
  // The configuration after the move, disc by disc, then its orbit's canonical member.
  std::uint64_t next = 0;
  for (int p = 0; p < kPegs; ++p)
    for (int e : stacks[static_cast<std::size_t>(p)])
      next |= static_cast<std::uint64_t>(e == d ? to : p) << (2 * (e - 1));
  c.legal = true;
  c.next = State{canonical(next)};
  return c;
}

std::string Space::describe(const State& s) const {
  return describe_stacks(explicit_stacks(s));
}

Space make_space(const Params& p) {
  return Space(p.n);
}

Family<RevesSymFamily::Space> RevesSymFamily::family() {
  return Family<Space>{
      .info = {
          .name = "reves-sym",
          .summary = "Reve's puzzle (4 pegs) modulo the symmetry of pegs 1-3: one state per "
                     "orbit; same distances from the start, about 1/6 of the states (states "
                     "and level sizes count orbits)",
          .default_pegs = kPegs,
          .min_pegs = kPegs,
          .max_pegs = kPegs,
          .max_n = [](int) { return kMaxDiscs; },
          .problems = {{"transfer", "0 -> another peg (all are equivalent here)"}},
          .closed_form = [](const Params& p) { return reves::frame_stewart_moves(kPegs, p.n); },
          .formula_name =
              [](const Params&) {
                return std::string(
                    "Frame-Stewart (seed 002): (n - n0) 2^s + SUM_{i<s} 2^i C(i+m-3, m-3)");
              },
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::reves_sym

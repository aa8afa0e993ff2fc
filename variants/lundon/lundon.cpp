#include "variants/lundon/lundon.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "variants/common/plain_rules.hpp"
#include "variants/common/tower.hpp"
#include "variants/cyclic/cyclic.hpp"

namespace hanoi::variants::lundon {

Space::Space(int discs, int goal_colour) : goal_colour_(goal_colour) {
  if (discs < 1 || discs > kMaxDiscs)
    throw std::invalid_argument("lundon takes 1 to " + std::to_string(kMaxDiscs) + " discs");
  if (goal_colour < 0 || goal_colour >= kColours)
    throw std::invalid_argument("lundon goal colour must be 0, 1 or 2");
  codec_ = PegCodec(3, discs);
  peg_mask_ = (std::uint64_t{1} << (2 * discs)) - 1;
  goal_ = codec_.all_on(2) | (static_cast<std::uint64_t>(goal_colour) << (kColourShift + 4));
}

Stacks Space::explicit_stacks(const State& s) const {
  Stacks stacks(3);
  for (int d = discs(); d >= 1; --d) {
    const int p = codec_.peg(s.w & peg_mask_, d);
    stacks[static_cast<std::size_t>(p)].push_back(Placed{d, peg_colour(s, p)});
  }
  return stacks;
}

Space::State Space::from_stacks(const Stacks& stacks) const {
  if (stacks.size() != 3) throw std::invalid_argument("lundon has 3 pegs");
  std::vector<bool> seen(static_cast<std::size_t>(discs()) + 1, false);
  std::uint64_t w = 0;
  for (int p = 0; p < 3; ++p) {
    const auto& st = stacks[static_cast<std::size_t>(p)];
    for (std::size_t i = 0; i < st.size(); ++i) {
      const Placed& x = st[i];
      if (x.disc < 1 || x.disc > discs() || seen[static_cast<std::size_t>(x.disc)])
        throw std::invalid_argument("lundon: bad or repeated disc " + std::to_string(x.disc));
      seen[static_cast<std::size_t>(x.disc)] = true;
      if (x.colour < 0 || x.colour >= kColours) throw std::invalid_argument("lundon: bad colour");
      if (i > 0 && (st[i - 1].disc < x.disc || st[i - 1].colour != x.colour))
        throw std::invalid_argument("lundon: a peg must hold a sorted single-coloured stack");
      w = codec_.with_peg(w, x.disc, p);
    }
    if (!st.empty()) w |= static_cast<std::uint64_t>(st.front().colour) << (kColourShift + 2 * p);
  }
  for (int d = 1; d <= discs(); ++d)
    if (!seen[static_cast<std::size_t>(d)])
      throw std::invalid_argument("lundon: disc " + std::to_string(d) + " missing");
  return State{w};
}

MoveCheck<Space::State> Space::check_move(const State& s, int from, int to) const {
  MoveCheck<State> c;
  Stacks stacks = explicit_stacks(s);
  if (!check_plain_move(c, stacks, from, to, pegs(), &Placed::disc)) return c;
  auto& src = stacks[static_cast<std::size_t>(from)];
  auto& dst = stacks[static_cast<std::size_t>(to)];
  Placed moving = src.back();
  // The colour advances with the move; the resting rule is judged on the new colour.
  moving.colour = next_colour(moving.colour);
  if (!dst.empty() && dst.back().colour != moving.colour) {
    c.rule = "a disc may rest only on a disc of its own colour (its colour after the move)";
    return c;
  }
  src.pop_back();
  dst.push_back(moving);
  c.legal = true;
  c.next = from_stacks(stacks);
  return c;
}

std::string Space::describe(const State& s) const {
  std::string out;
  const Stacks stacks = explicit_stacks(s);
  for (std::size_t p = 0; p < stacks.size(); ++p) {
    if (p != 0) out.append(" | ");
    out.append(std::to_string(p)).push_back(':');
    for (const Placed& x : stacks[p]) {
      out.append(" ").append(std::to_string(x.disc));
      out.push_back(colour_letter(x.colour));
    }
  }
  return out;
}

int goal_colour_of(const std::string& problem) {
  if (problem == "A") return 0;
  if (problem == "B") return 1;
  if (problem == "C") return 2;
  throw std::invalid_argument("lundon problems are A, B, C (got '" + problem + "')");
}

Space make_space(const Params& p) {
  return Space(p.n, goal_colour_of(p.problem));
}

std::uint64_t time_a(int n) {
  return cyclic::time_left(n - 1) + cyclic::time_right(n - 1) + 3;
}
std::uint64_t time_b(int n) {
  return cyclic::time_right(n);
}
std::uint64_t time_c(int n) {
  return cyclic::time_left(n);
}

// Pegs X, Y, Z = 0, 1, 2.  Clockwise is 0 -> 1 -> 2 -> 0 (the cyclic family's
// direction); cyclic::transfer_left(k, x, y, z) runs round x -> y -> z -> x and
// transfer_right(k, x, y, z) round x -> z -> y -> x, so "reversed" (anticlockwise)
// transfers pass the labels in the other cyclic order.

namespace {

// Moves the largest disc X -> Z -> X -> Z: it turns B, C, A; X and Z are empty of
// smaller discs meanwhile, and the bases take any colour.
void largest_round_trip(int n, MoveSink sink) {
  emit_move(sink, n, 0, 2);
  emit_move(sink, n, 2, 0);
  emit_move(sink, n, 0, 2);
}

}  // namespace

void emit_lundon(int n, MoveSink sink) {
  // Cyclic_R, clockwise, X -> Y (one step): round 0 -> 1 -> 2 -> 0, colours A, B, C.
  cyclic::transfer_right(n - 1, 0, 2, 1, sink);
  largest_round_trip(n, sink);
  // Cyclic_L reversed, anticlockwise, Y -> Z (two steps): round 1 -> 0 -> 2 -> 1,
  // colours B, C, A: the discs land on Z as A, the colour of the largest disc.
  cyclic::transfer_left(n - 1, 1, 0, 2, sink);
}

void emit_brandonbug(int n, MoveSink sink) {
  // Cyclic_L reversed, anticlockwise, X -> Y (two steps): round 0 -> 2 -> 1 -> 0,
  // colours A, B, C: the n-1 discs end on Y coloured C.
  cyclic::transfer_left(n - 1, 0, 2, 1, sink);
  largest_round_trip(n, sink);
  // Cyclic_R, clockwise, Y -> Z (one step): round 1 -> 2 -> 0 -> 1, colours C, A, B.
  cyclic::transfer_right(n - 1, 1, 0, 2, sink);
}

void emit_cyclic_left(int n, MoveSink sink) {
  // Clockwise, 0 -> 2 two steps: every disc moves 2 mod 3 times and ends C.
  cyclic::transfer_left(n, 0, 1, 2, sink);
}

void emit_cyclic_right_reversed(int n, MoveSink sink) {
  // Anticlockwise, 0 -> 2 one step (round 0 -> 2 -> 1 -> 0): every disc moves 1 mod 3
  // times and ends B.
  cyclic::transfer_right(n, 0, 1, 2, sink);
}

std::uint64_t time_c_derived(int n) {
  return n == 1 ? 2 : 2 * cyclic::time_right(n - 1) + 5;
}

void emit_cyclic_right_twice(int n, MoveSink sink) {
  if (n == 1) {  // no smaller discs to clear: straight round, 0 -> 1 -> 2 (B, C)
    emit_cyclic_left(n, sink);
    return;
  }
  // Cyclic_R, clockwise, X -> Y: the n-1 discs end B (as in lundon).
  cyclic::transfer_right(n - 1, 0, 2, 1, sink);
  // The largest disc X -> Z five times: B, C, A, B, C.
  largest_round_trip(n, sink);
  emit_move(sink, n, 2, 0);
  emit_move(sink, n, 0, 2);
  // Cyclic_R, clockwise, Y -> Z (round 1 -> 2 -> 0 -> 1, colours B, C, A): B + 1 = C,
  // the largest disc's colour.
  cyclic::transfer_right(n - 1, 1, 0, 2, sink);
}

Family<LundonFamily::Space> LundonFamily::family() {
  const auto problem_is = [](const char* code) {
    return [code](const Params& p) { return goal_colour_of(p.problem) == goal_colour_of(code); };
  };
  const auto with_n = [](void (*emit)(int, MoveSink)) {
    return [emit](const Params& p, MoveSink sink) { emit(p.n, sink); };
  };
  return Family<Space>{
      .info = {
          .name = "lundon",
          .summary = "3 pegs, colours cycle A -> B -> C on every move, a disc rests only on a "
                     "larger disc of its own colour (Tower of Lundon, seed 002); 0 -> 2 "
                     "finishing all A, B or C",
          .default_pegs = 3,
          .min_pegs = 3,
          .max_pegs = 3,
          .max_n = [](int) { return Space::kMaxDiscs; },
          .problems =
              {
                  {"A", "0 -> 2 finishing all A (Tower of Lundon), A(n-1) + C(n-1) + 3"},
                  {"B", "0 -> 2 finishing all B (Lundon_B), C(n) by Cyclic_R reversed"},
                  {"C", "0 -> 2 finishing all C (Lundon_C), A(n) by Cyclic_L"},
              },
          .algorithms =
              {
                  {"lundon",
                   "Cyclic_R n-1 discs 0 -> 1 (colour B), largest 0 -> 2 -> 0 -> 2, "
                   "Cyclic_L reversed 1 -> 2 (seed 002)",
                   problem_is("A"), with_n(emit_lundon)},
                  {"brandonbug",
                   "Cyclic_L reversed n-1 discs 0 -> 1 (colour C), largest 0 -> 2 -> 0 -> 2, "
                   "Cyclic_R 1 -> 2 (seed 002)",
                   problem_is("A"), with_n(emit_brandonbug)},
                  {"cyclic-right-reversed",
                   "Cyclic_R run anticlockwise, 0 -> 2 one step: ends all B (the seed pairs "
                   "it with C)",
                   problem_is("B"), with_n(emit_cyclic_right_reversed)},
                  {"cyclic-left",
                   "Cyclic_L clockwise, 0 -> 2 two steps: ends all C (the seed pairs it with "
                   "B)",
                   problem_is("C"), with_n(emit_cyclic_left), never},
                  {"cyclic-right-twice",
                   "derived here, not in the seed: Cyclic_R n-1 discs 0 -> 1 (colour B), "
                   "largest 0 -> 2 five times (ends C), Cyclic_R 1 -> 2 (colour C); "
                   "2C(n-1) + 5",
                   problem_is("C"), with_n(emit_cyclic_right_twice)},
              },
          .closed_form = [](const Params& p) -> std::optional<std::uint64_t> {
            switch (goal_colour_of(p.problem)) {
              case 0:
                return time_a(p.n);
              case 1:
                return time_b(p.n);
              default:
                return time_c(p.n);
            }
          },
          .formula_name =
              [](const Params& p) {
                switch (goal_colour_of(p.problem)) {
                  case 0:
                    return std::string("A(n-1) + C(n-1) + 3 (cyclic A, C; seed 002)");
                  case 1:
                    return std::string("C(n) = 2A(n-1) + 1 (cost of Cyclic_R reversed)");
                  default:
                    return std::string("A(n) = 2A(n-1) + C(n-1) + 2 (cost of Cyclic_L)");
                }
              },
          // The seed gives A(n) for C only as the cost of its algorithm (Cyclic_L), which
          // the search beats from n = 3.
          .formula_is_optimum = [](const Params& p) { return goal_colour_of(p.problem) != 2; },
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::lundon

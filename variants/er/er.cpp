#include "variants/er/er.hpp"

#include <array>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "variants/common/plain_rules.hpp"

namespace hanoi::variants::er {
namespace {

// PegCodec word of a start rank (base-3 digit d-1 = the peg of disc d).
std::uint64_t word_of(int n, Rank start) {
  std::uint64_t w = 0;
  for (int d = 1; d <= n; ++d) {
    w |= static_cast<std::uint64_t>(start % kPegs) << (2 * (d - 1));
    start /= kPegs;
  }
  return w;
}

std::string default_colours(int n) {
  std::string s;
  for (int d = 1; d <= n; ++d) s.push_back(d % 2 == 1 ? 'W' : 'B');
  return s;
}

}  // namespace

// ---------------------------------------------------------------------------------
// Instances and their tokens.

std::string colours_token(int n, Colouring c) {
  std::string s;
  for (int d = 1; d <= n; ++d) s.push_back(((c >> (d - 1)) & 1u) ? 'B' : 'W');
  return s;
}

std::string start_token(int n, Rank start) {
  std::string s;
  for (int d = 1; d <= n; ++d) {
    s.push_back(static_cast<char>('0' + start % kPegs));
    start /= kPegs;
  }
  return s;
}

void normalize_instance(Params& p) {
  if (!p.edges.empty() || p.from >= 0 || p.to >= 0 || !p.goal.empty())
    throw UsageError("er takes no --edges, --from, --to or --goal (its goal is --target)");
  const std::string n_text = "n = " + std::to_string(p.n);
  if (p.colours.empty()) p.colours = default_colours(p.n);
  if (static_cast<int>(p.colours.size()) != p.n)
    throw UsageError("er: --colours needs one letter W or B per disc, smallest first (" + n_text +
                     "), got '" + p.colours + "' (" + std::to_string(p.colours.size()) +
                     " letters)");
  for (char ch : p.colours)
    if (ch != 'W' && ch != 'B')
      throw UsageError("er: --colours takes only the letters W and B, got '" + p.colours + "'");
  if (p.start.empty()) p.start = std::string(static_cast<std::size_t>(p.n), '1');
  if (static_cast<int>(p.start.size()) != p.n)
    throw UsageError("er: --start needs one peg digit 0, 1 or 2 per disc, smallest first (" +
                     n_text + "), got '" + p.start + "' (" + std::to_string(p.start.size()) +
                     " digits)");
  for (char ch : p.start)
    if (ch < '0' || ch > '2')
      throw UsageError("er: --start takes only the peg digits 0, 1 and 2, got '" + p.start + "'");
  // -1 is Params' "unset"; any other value must name a peg.
  if (p.target < -1 || p.target >= kPegs)
    throw UsageError("er: --target must be a peg 0, 1 or 2 (got " + std::to_string(p.target) + ")");
  if (p.target == -1) p.target = 0;
}

Instance instance_of(const Params& p) {
  Params q = p;
  normalize_instance(q);  // idempotent on normalised parameters; checks hand-made ones
  Instance in;
  in.n = q.n;
  in.target = q.target;
  Rank place = 1;
  for (int d = 1; d <= q.n; ++d) {
    const auto i = static_cast<std::size_t>(d - 1);
    if (q.colours[i] == 'B') in.colouring |= Colouring{1} << (d - 1);
    in.start += static_cast<Rank>(q.start[i] - '0') * place;
    place *= kPegs;
  }
  return in;
}

Params params_of(const Instance& in) {
  Params p;
  p.n = in.n;
  p.pegs = kPegs;
  p.problem = "gather";
  p.colours = colours_token(in.n, in.colouring);
  p.start = start_token(in.n, in.start);
  p.target = in.target;
  return p;
}

// ---------------------------------------------------------------------------------
// The space.

ErSpace::ErSpace(const Instance& in)
    : codec_(kPegs, in.n),
      black_(in.colouring),
      target_(in.target),
      empty_(in.n + 1),
      start_{word_of(in.n, in.start)},
      goal_(codec_.all_on(in.target)) {
  if (in.n < 0 || in.n > kMaxDiscs) throw std::invalid_argument("er: n out of range");
  if (in.target < 0 || in.target >= kPegs) throw std::invalid_argument("er: target out of range");
}

std::vector<std::vector<int>> ErSpace::explicit_stacks(const State& s) const {
  std::vector<std::vector<int>> stacks(kPegs);
  for (int d = discs(); d >= 1; --d) stacks[static_cast<std::size_t>(peg_of(s, d))].push_back(d);
  return stacks;
}

MoveCheck<ErState> ErSpace::check_move(const State& s, int from, int to) const {
  MoveCheck<State> c;
  const auto stacks = explicit_stacks(s);
  if (!check_plain_move(c, stacks, from, to, kPegs)) return c;
  const int d = c.disc;
  // Seed 001 rule (iii): white to the clockwise neighbour, black to the anticlockwise one.
  if (is_black(d)) {
    if (to != (from + 2) % kPegs) {
      c.rule = "a black disc moves only anticlockwise (0 -> 2 -> 1 -> 0)";
      return c;
    }
  } else if (to != (from + 1) % kPegs) {
    c.rule = "a white disc moves only clockwise (0 -> 1 -> 2 -> 0)";
    return c;
  }
  c.legal = true;
  c.next = State{codec_.with_peg(s.w, d, to)};
  return c;
}

std::string ErSpace::describe(const State& s) const {
  std::string out;
  const auto stacks = explicit_stacks(s);
  for (std::size_t p = 0; p < stacks.size(); ++p) {
    if (p != 0) out.append(" | ");
    out.append(std::to_string(p)).push_back(':');
    for (int d : stacks[p])
      out.append(" ").append(std::to_string(d)).push_back(is_black(d) ? 'B' : 'W');
  }
  return out;
}

ErSpace make_space(const Params& p) {
  return ErSpace(instance_of(p));
}

// ---------------------------------------------------------------------------------
// Seed 001's ColourTowers, transcribed from its Pascal (pegs 1..3 -> 0..2).
//
// Discs are signed as in the seed: +size white, -size black.  towers[p] is peg p
// bottom to top; n[p] is how many of its top discs are still in play (the seed's
// variable parameter, updated by the recursive calls).

namespace {

class ColourTowersRun {
 public:
  ColourTowersRun(const Instance& in, MoveSink sink) : sink_(sink) {
    Rank r = in.start;
    std::array<int, kMaxDiscs + 1> peg{};
    for (int d = 1; d <= in.n; ++d) {
      peg[static_cast<std::size_t>(d)] = static_cast<int>(r % kPegs);
      r /= kPegs;
    }
    for (int d = in.n; d >= 1; --d) {
      const bool black = (in.colouring >> (d - 1)) & 1u;
      towers_[static_cast<std::size_t>(peg[static_cast<std::size_t>(d)])].push_back(black ? -d : d);
    }
    std::array<int, kPegs> n{};
    for (int p = 0; p < kPegs; ++p) n[static_cast<std::size_t>(p)] = height(p);
    colour_towers(n, in.target);
  }

 private:
  int height(int p) const { return static_cast<int>(towers_[static_cast<std::size_t>(p)].size()); }

  // LargestDisc: the disc `h` below the top of peg p (the bottom of its subtower
  // in play), the null disc 0 for an empty subtower.
  int largest_disc(int p, int h) const {
    if (h == 0) return 0;
    return towers_[static_cast<std::size_t>(p)][static_cast<std::size_t>(height(p) - h)];
  }

  // ChooseMaxPeg: the peg whose subtower holds the largest disc (first peg on ties,
  // which only happen when every subtower is empty).
  int choose_max_peg(const std::array<int, kPegs>& n) const {
    int maxpeg = 0;
    for (int p = 1; p < kPegs; ++p)
      if (std::abs(largest_disc(p, n[static_cast<std::size_t>(p)])) >
          std::abs(largest_disc(maxpeg, n[static_cast<std::size_t>(maxpeg)])))
        maxpeg = p;
    return maxpeg;
  }

  static bool is_clockwise(int source, int target) { return target == (source + 1) % kPegs; }

  void move_disc(int source, int target) {
    auto& src = towers_[static_cast<std::size_t>(source)];
    if (src.empty()) throw std::logic_error("colour-towers: moved from an empty peg");
    const int d = src.back();
    src.pop_back();
    towers_[static_cast<std::size_t>(target)].push_back(d);
    sink_(Move{static_cast<std::uint8_t>(std::abs(d)), static_cast<std::uint8_t>(source),
               static_cast<std::uint8_t>(target)});
  }

  void colour_towers(std::array<int, kPegs>& n, int target) {
    const auto at = [](int p) { return static_cast<std::size_t>(p); };
    if (n[0] + n[1] + n[2] == n[at(target)]) return;
    const int source = choose_max_peg(n);
    const int bigdisc = largest_disc(source, n[at(source)]);
    n[at(source)] -= 1;
    if (target == source) {
      colour_towers(n, target);
      n[at(source)] += 1;
      return;
    }
    const int spare = 3 - target - source;  // the seed's 6 - target - source, 0-based
    if ((bigdisc > 0) == is_clockwise(source, target)) {
      // Case B: one step in the disc's direction.
      colour_towers(n, spare);
      move_disc(source, target);
      colour_towers(n, target);
      n[at(target)] += 1;
    } else {
      // Case C: two steps; gather the smaller discs on the target, step to the spare
      // peg, and solve again (now a case B).
      colour_towers(n, target);
      move_disc(source, spare);
      n[at(spare)] += 1;
      colour_towers(n, target);
    }
  }

  MoveSink sink_;
  std::array<std::vector<int>, kPegs> towers_;
};

}  // namespace

void colour_towers(const Instance& in, MoveSink sink) {
  ColourTowersRun run(in, sink);
}

// ---------------------------------------------------------------------------------
// The counter.

ColourTowersCounter::ColourTowersCounter(int n, Colouring c)
    : n_(n),
      steps_(static_cast<std::size_t>((n + 1) * 9)),
      tower_(static_cast<std::size_t>((n + 1) * 9), 0),
      pow3_(static_cast<std::size_t>(n + 1), 1) {
  if (n < 0 || n > kMaxDiscs) throw std::invalid_argument("er: n out of range");
  for (int k = 1; k <= n; ++k)
    pow3_[static_cast<std::size_t>(k)] = pow3_[static_cast<std::size_t>(k - 1)] * kPegs;
  const auto T = [&](int k, int a, int b) -> std::uint64_t& { return tower_[slot(k, a, b)]; };
  for (int k = 1; k <= n; ++k) {
    const bool black = (c >> (k - 1)) & 1u;
    for (int p = 0; p < kPegs; ++p) {
      for (int t = 0; t < kPegs; ++t) {
        Step& s = steps_[slot(k, p, t)];
        const int spare = 3 - p - t;
        if (p == t) {
          s = Step{0, t};  // case A
        } else if (step_of(black, p) == t) {
          s = Step{1 + T(k - 1, spare, t), spare};  // case B
        } else {
          s = Step{2 + T(k - 1, t, p) + T(k - 1, p, t), t};  // case C
        }
      }
    }
    // A tower of discs 1..k on a: the same step, then discs 1..k-1 from a.
    for (int a = 0; a < kPegs; ++a)
      for (int b = 0; b < kPegs; ++b) {
        const Step& s = step(k, a, b);
        T(k, a, b) = s.add + T(k - 1, a, s.next);
      }
  }
}

std::uint64_t ColourTowersCounter::tower(int k, int from, int to) const {
  return tower_.at(slot(k, from, to));
}

std::uint64_t ColourTowersCounter::count(Rank start, int target) const {
  std::uint64_t total = 0;
  int t = target;
  for (int k = n_; k >= 1; --k) {
    const int p = static_cast<int>(start / pow3_[static_cast<std::size_t>(k - 1)] % kPegs);
    const Step& s = step(k, p, t);
    total += s.add;
    t = s.next;
  }
  return total;
}

std::uint64_t colour_towers_count(const Instance& in) {
  return ColourTowersCounter(in.n, in.colouring).count(in.start, in.target);
}

// ---------------------------------------------------------------------------------
// Registration.

Family<ErFamily::Space> ErFamily::family() {
  return Family<Space>{
      .info = {
          .name = "er",
          .summary = "Er's colour towers (seed 001): 3 pegs in a circle, white discs move only "
                     "clockwise (0 -> 1 -> 2 -> 0), black only anticlockwise; from any start "
                     "(--colours, --start, --target) gather every disc on the target",
          .default_pegs = kPegs,
          .min_pegs = kPegs,
          .max_pegs = kPegs,
          .max_n = [](int) { return kMaxDiscs; },
          .problems = {{"gather",
                        "every disc onto --target (default 0) from --start (default all "
                        "on peg 1), colours --colours (default WBWB..., smallest first)"}},
          .algorithms = {{
              .name = "colour-towers",
              .description = "Er's recursive ColourTowers (seed 001): largest disc first, one or "
                             "two steps; always succeeds, optimality not claimed",
              .applies = nullptr,
              .emit = [](const Params& p, MoveSink s) { colour_towers(instance_of(p), s); },
              .claimed_optimal = never,
          }},
          .closed_form = [](const Params& p) -> std::optional<std::uint64_t> {
            return colour_towers_count(instance_of(p));
          },
          .formula_name =
              [](const Params&) {
                return std::string(
                    "ColourTowers' count by its recursion (seed 001): per disc from the "
                    "largest, 0 / 1 + T(s,t) / 2 + T(t,p) + T(p,t)");
              },
          .formula_is_optimum = never,
          .normalize_instance = normalize_instance,
          // Params::colours is normalised: one letter per disc, smallest first.
          .disc_colour =
              [](const Params& p, int d) {
                return std::string(p.colours[static_cast<std::size_t>(d - 1)] == 'B' ? "black"
                                                                                     : "white");
              },
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::er

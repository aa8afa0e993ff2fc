#include "variants/reversi/reversi.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "variants/common/plain_rules.hpp"
#include "variants/reversi/algorithms.hpp"

namespace hanoi::variants::reversi {
namespace {

std::uint64_t pow3(int k) {
  std::uint64_t p = 1;
  for (int i = 0; i < k; ++i) p *= 3;
  return p;
}

}  // namespace

Problem parse_problem(std::string_view code) {
  if (code.size() != kPegs)
    throw std::invalid_argument("a reversi problem code has four letters (got '" +
                                std::string(code) + "')");
  Problem pr;
  int destinations = 0;
  for (std::size_t p = 0; p < kPegs; ++p) {
    switch (code[p]) {
      case 'A':
        pr.base[p] = kColourA;
        break;
      case 'B':
        pr.base[p] = kColourB;
        break;
      case 'D':
        pr.base[p] = kUncoloured;
        break;
      case 'E':
      case 'F':
        pr.base[p] = kUncoloured;
        pr.goal_peg = static_cast<int>(p);
        // E: the stack finishes flipped, F: unchanged (the largest disc started A).
        pr.goal_colour = code[p] == 'E' ? kColourB : kColourA;
        ++destinations;
        break;
      default:
        throw std::invalid_argument("reversi problem letters are A, B, D, E or F (got '" +
                                    std::string(code) + "')");
    }
  }
  if (destinations > 1)
    throw std::invalid_argument("a reversi problem code has at most one E or F");
  if (destinations == 0) {
    // The destination is the last peg; its base colour fixes the final colours.
    pr.goal_peg = kPegs - 1;
    if (pr.base[kPegs - 1] == kUncoloured)
      throw std::invalid_argument("reversi problem '" + std::string(code) +
                                  "' has no E or F and an uncoloured destination");
    pr.goal_colour = pr.base[kPegs - 1] ^ 1;
  }
  if (pr.base[0] == kColourA)
    throw std::invalid_argument("reversi problem '" + std::string(code) +
                                "': the start stack's largest disc (A) cannot rest on base A");
  return pr;
}

Space::Space(int discs, const Problem& problem)
    : n_(discs), problem_(problem), colour_shift_(2 * discs) {
  if (discs < 1 || 2 * discs + kPegs > 63)
    throw std::invalid_argument("reversi takes 1 to 29 discs");
  peg_mask_ = (std::uint64_t{1} << (2 * n_)) - 1;
  low_ones_ = peg_mask_ / 3;  // 0b0101...01: the low bit of every disc's field
  // All discs on peg 0: the peg fields are zero; the top is disc 1.
  start_ = State{static_cast<std::uint64_t>(start_colour(n_, 1)) << colour_shift_};
  const int top_colour = problem_.goal_colour ^ ((n_ - 1) & 1);
  goal_ = State{low_ones_ * static_cast<std::uint64_t>(problem_.goal_peg) |
                static_cast<std::uint64_t>(top_colour) << (colour_shift_ + problem_.goal_peg)};
}

Layout Space::decode(const State& s) const {
  Layout l;
  for (int d = n_; d >= 1; --d) {
    const int p = static_cast<int>((s.w >> (2 * (d - 1))) & 3);
    l[static_cast<std::size_t>(p)].push_back(Disc{d, 0});
  }
  // Colours alternate along a peg, ending at the stored top colour.
  for (int p = 0; p < kPegs; ++p) {
    auto& stack = l[static_cast<std::size_t>(p)];
    int c = static_cast<int>((s.w >> (colour_shift_ + p)) & 1);
    for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
      it->colour = c;
      c ^= 1;
    }
  }
  return l;
}

Space::State Space::encode(const Layout& layout) const {
  std::uint64_t w = 0;
  for (int p = 0; p < kPegs; ++p) {
    const auto& stack = layout[static_cast<std::size_t>(p)];
    for (const Disc& d : stack) w |= static_cast<std::uint64_t>(p) << (2 * (d.size - 1));
    if (!stack.empty())
      w |= static_cast<std::uint64_t>(stack.back().colour & 1) << (colour_shift_ + p);
  }
  return State{w};
}

bool Space::is_legal(const Layout& layout) const {
  std::vector<int> seen(static_cast<std::size_t>(n_) + 1, 0);
  for (int p = 0; p < kPegs; ++p) {
    int below_size = n_ + 1;
    int below_colour = problem_.base[static_cast<std::size_t>(p)];
    for (const Disc& d : layout[static_cast<std::size_t>(p)]) {
      if (d.size < 1 || d.size > n_ || seen[static_cast<std::size_t>(d.size)]++ != 0) return false;
      if (d.colour != kColourA && d.colour != kColourB) return false;
      if (d.size >= below_size || d.colour == below_colour) return false;
      below_size = d.size;
      below_colour = d.colour;
    }
  }
  for (int d = 1; d <= n_; ++d)
    if (seen[static_cast<std::size_t>(d)] != 1) return false;
  return true;
}

MoveCheck<Space::State> Space::check_move(const State& s, int from, int to) const {
  MoveCheck<State> c;
  Layout l = decode(s);
  if (!check_plain_move(c, l, from, to, kPegs, &Disc::size)) return c;
  auto& src = l[static_cast<std::size_t>(from)];
  auto& dst = l[static_cast<std::size_t>(to)];
  Disc moving = src.back();
  moving.colour ^= 1;  // every disc flips as it moves; the rule sees the new colour
  const int under = dst.empty() ? problem_.base[static_cast<std::size_t>(to)] : dst.back().colour;
  if (under == moving.colour) {
    c.rule = dst.empty() ? "a disc may not rest directly on a base of its own colour"
                         : "a disc may not rest directly on a disc of its own colour";
    return c;
  }
  src.pop_back();
  dst.push_back(moving);
  c.legal = true;
  c.next = encode(l);
  return c;
}

std::string Space::describe(const State& s) const {
  const Layout l = decode(s);
  std::string out;
  for (int p = 0; p < kPegs; ++p) {
    if (p != 0) out.append(" | ");
    out.append(std::to_string(p)).push_back(':');
    for (const Disc& d : l[static_cast<std::size_t>(p)])
      out.append(" ").append(std::to_string(d.size)).push_back(d.colour == kColourA ? 'A' : 'B');
  }
  return out;
}

const std::vector<std::string>& problem_codes() {
  // The seed's six first, then every other code that parse_problem accepts, except
  // those whose goal is the start (F on peg 0: back where it began, unchanged).
  static const std::vector<std::string> codes = [] {
    std::vector<std::string> out = {"DDDF", "DDDE", "EDDD", "BABA", "BABB", "BAAB"};
    const std::string letters = "ABDEF";
    for (char p0 : letters)
      for (char p1 : letters)
        for (char p2 : letters)
          for (char p3 : letters) {
            const std::string code{p0, p1, p2, p3};
            if (p0 == 'F' || std::find(out.begin(), out.end(), code) != out.end()) continue;
            try {
              parse_problem(code);
            } catch (const std::invalid_argument&) {
              continue;
            }
            out.push_back(code);
          }
    return out;
  }();
  return codes;
}

Space make_space(const Params& p) {
  return Space(p.n, parse_problem(p.problem));
}

std::optional<std::uint64_t> seed_formula(std::string_view code, int n) {
  if (n < 1) return std::nullopt;
  const bool even = n % 2 == 0;
  const std::uint64_t h = pow3(n / 2);  // 3^(n/2) for n even, 3^[n/2] for n odd
  if (code == "BABA") return (even ? 2 * h : 3 * h) - 2;
  if (code == "BABB") return (even ? 2 * h : 4 * h) - 2;
  if (code == "BAAB") return even ? 8 * h / 3 - 2 : 4 * h - 2;
  return std::nullopt;
}

std::uint64_t reversi_g_moves(int n) {
  return 2 * ((std::uint64_t{1} << n) - 1);
}

std::uint64_t reversi_h_moves(int n) {
  return ((std::uint64_t{1} << (n + 2)) - 2) / 3;
}

namespace {

// Every code of problem_codes(), described; the seed's six in its own words.
std::vector<ProblemInfo> problems() {
  const std::vector<ProblemInfo> named = {
      {"DDDF", "0 -> 3, bases uncoloured, colours unchanged (top level)"},
      {"DDDE", "0 -> 3, bases uncoloured, colours flipped"},
      {"EDDD", "back onto peg 0, bases uncoloured, colours flipped"},
      {"BABA", "0 -> 3, bases coloured B, A, B, A (Reversi_A)"},
      {"BABB", "0 -> 3, bases coloured B, A, B, B (Reversi_B)"},
      {"BAAB", "0 -> 3, bases coloured B, A, A, B (Reversi_C)"},
  };
  std::vector<ProblemInfo> out;
  for (const std::string& code : problem_codes()) {
    auto it =
        std::find_if(named.begin(), named.end(), [&](const auto& pr) { return pr.code == code; });
    if (it != named.end()) {
      out.push_back(*it);
      continue;
    }
    const Problem pr = parse_problem(code);
    std::string text = "0 -> " + std::to_string(pr.goal_peg) + ", bases ";
    for (std::size_t p = 0; p < kPegs; ++p) {
      const int b = pr.base[p];
      text += std::string(p ? ", " : "") + (b == kColourA ? "A" : b == kColourB ? "B" : "D");
    }
    text += pr.goal_colour == kColourA ? ", largest disc finishes A" : ", largest disc finishes B";
    out.push_back({code, text});
  }
  return out;
}

}  // namespace

Family<ReversiFamily::Space> ReversiFamily::family() {
  const auto for_codes = [](const std::vector<std::string>& codes) {
    return [codes](const Params& p) {
      for (const auto& x : codes)
        if (x == p.problem) return true;
      return false;
    };
  };
  return Family<Space>{
      .info = {
          .name = "reversi",
          .summary = "4 pegs, two colours, every disc flips as it moves; no disc directly on "
                     "a disc or base of its own colour; start alternating on peg 0",
          .default_pegs = kPegs,
          .min_pegs = kPegs,
          .max_pegs = kPegs,
          .max_n = [](int) { return 29; },
          .problems = problems(),
          .algorithms =
              {
                  {"recursive",
                   "BABA = 3 BABA(n-2) + 4, BABB = 2 BABA(n-1) + 2, BAAB = 2 BABB(n-1) + 2 "
                   "(derived here; seed 002 gives only the counts)",
                   for_codes({"BABA", "BABB", "BAAB"}),
                   [](const Params& p, MoveSink s) {
                     if (p.problem == "BABA") emit_baba(p.n, 0, 1, 2, 3, s);
                     if (p.problem == "BABB") emit_babb(p.n, 0, 1, 2, 3, s);
                     if (p.problem == "BAAB") emit_baab(p.n, 0, 1, 2, 3, s);
                   }},
                  {"periodic",
                   "Reversi_P (seed 002): peg pairs by t mod 4 (n even) or t mod 8 (n odd), "
                   "the smaller top moves",
                   for_codes({"BABB"}), [](const Params& p, MoveSink s) { emit_periodic(p.n, s); }},
                  {"reversi-g",
                   "Reversi_G (seed 002): classic 3-peg solution on pegs 0, 1, 3, every move "
                   "through peg 2; 2(2^n - 1)",
                   for_codes({"DDDF"}), [](const Params& p, MoveSink s) { emit_reversi_g(p.n, s); },
                   never},
                  {"reversi-h",
                   "Reversi_H as reconstructed here: classic solution on pegs 0, 1, 3, a move "
                   "through peg 2 only when the colours forbid it directly, fewest such "
                   "detours; [(4/3)(2^n - 1/2)]",
                   for_codes({"DDDF"}),
                   [](const Params& p, MoveSink s) { emit_reversi_h(p.n, false, s); }, never},
              },
          .closed_form = [](const Params& p) { return seed_formula(p.problem, p.n); },
          .formula_name =
              [](const Params& p) {
                const std::string& c = p.problem;
                if (c == "BABA")
                  return std::string("seed 002: 2*3^(n/2) - 2 (n even), 3*3^[n/2] - 2 (n odd)");
                if (c == "BABB")
                  return std::string("seed 002: 2*3^(n/2) - 2 (n even), 4*3^[n/2] - 2 (n odd)");
                if (c == "BAAB")
                  return std::string(
                      "seed 002: [(8/3)*3^(n/2) - 2] (n even), 4*3^[n/2] - 2 (n odd)");
                if (c == "DDDF")
                  return std::string(
                      "none published (Reversi_G costs 2(2^n - 1), Reversi_H "
                      "[(4/3)(2^n - 1/2)])");
                return std::string(
                    "none published (seed 002 declines the order-27 Frame-type matrix)");
              },
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::reversi

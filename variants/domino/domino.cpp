#include "variants/domino/domino.hpp"

#include <array>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "variants/common/plain_rules.hpp"
#include "variants/common/stacks.hpp"
#include "variants/domino/procedures.hpp"

namespace hanoi::variants::domino {
namespace {

// Seed 002's 17 sub-problems in VARIANTS.md's order, after the three top-level ones,
// then the two viable problems the seed does not use.
const char* const kCodes[] = {"DDE", "DDF", "EDD", "ADE", "ADF", "ADB", "ABE", "ABF",
                              "AAB", "ABB", "ABA", "ADA", "DBB", "AAE", "DDA", "DDB",
                              "DAB", "DBA", "DBE", "DAE", "DBF", "DAF"};

const char* colour_name(int c) {
  return c == kColourA ? "A" : "B";
}

std::string base_words(const Problem& pr) {
  std::string out;
  for (int p = 0; p < 3; ++p) {
    const int b = pr.base[static_cast<std::size_t>(p)];
    out += (p ? ", " : "") + std::to_string(p) + " " +
           (b == kUncoloured ? std::string("uncoloured") : std::string(colour_name(b)));
  }
  return out;
}

std::string problem_description(const std::string& code) {
  const Problem pr = parse_problem(code);
  std::string what = pr.destination == 0 ? "back on 0" : "0 -> " + std::to_string(pr.destination);
  what += pr.final_colour == kColourA ? ", finishing unchanged (A)" : ", finishing flipped (B)";
  what += "; bases " + base_words(pr);
  if (code == "DDE" || code == "DDF" || code == "EDD") what += " (top level)";
  if (code == "DBF" || code == "DAF") what += " (viable, unused by seed 002's recursion)";
  return what;
}

// surj(n, k): maps of n discs onto k given pegs, every peg used.
std::uint64_t surjections(int n, int k) {
  std::uint64_t p2 = 1, p3 = 1;
  for (int i = 0; i < n; ++i) {
    p2 *= 2;
    p3 *= 3;
  }
  switch (k) {
    case 0:
      return n == 0 ? 1 : 0;
    case 1:
      return n >= 1 ? 1 : 0;
    case 2:
      return n >= 2 ? p2 - 2 : 0;
    default:
      return n >= 3 ? p3 - 3 * p2 + 3 : 0;
  }
}

// The seed's ten functions (and the two derived ones), all at one n.
struct SeedValues {
  std::uint64_t dde = 0, ddf = 0, edd = 0, ade = 0, adf = 0, adb = 0, abe = 0, abf = 0, abb = 0,
                aba = 0, dbf = 0, daf = 0;
};

SeedValues seed_values(int n) {
  SeedValues s;  // n = 0: nothing to move
  for (int k = 1; k <= n; ++k) {
    // The identities, at k-1.
    const std::uint64_t dda = s.adf, dbe = s.abe, dae = dbe, dab = s.abe, dba = s.abf, ada = s.aba;
    SeedValues t;
    t.dde = s.ade + 1 + dda;
    t.ddf = s.ade + 1 + dae + 1 + dda;
    t.edd = s.ade + 1 + dae + 1 + dae + 1 + dda;
    t.ade = s.ade + 1 + dba;
    t.adf = s.ade + 1 + dab + 1 + ada;
    t.adb = s.abe + 1 + dba;
    t.abe = s.adb + 1 + s.aba;
    t.abf = s.abe + 1 + dab + 1 + s.aba;
    t.abb = s.abb + 1 + s.aba;
    t.aba = s.aba + 1 + s.aba + 1 + s.aba;
    // Derived here, not in the seed.
    t.dbf = s.abe + 1 + dae + 1 + dba;
    t.daf = ada + 1 + s.abe + 1 + s.dbf + 1 + dab + 1 + ada;
    s = t;
  }
  return s;
}

}  // namespace

Problem parse_problem(std::string_view code) {
  if (code.size() != 3)
    throw std::invalid_argument("a domino problem code has three letters (got '" +
                                std::string(code) + "')");
  Problem pr;
  int marked = -1;
  for (int p = 0; p < 3; ++p) {
    const char letter = code[static_cast<std::size_t>(p)];
    int& base = pr.base[static_cast<std::size_t>(p)];
    switch (letter) {
      case 'A':
        base = kColourA;
        break;
      case 'B':
        base = kColourB;
        break;
      case 'D':
        base = kUncoloured;
        break;
      case 'E':
      case 'F':
        if (marked >= 0)
          throw std::invalid_argument("domino code '" + std::string(code) +
                                      "' names two destinations (E/F)");
        marked = p;
        base = kUncoloured;
        pr.destination = p;
        pr.final_colour = letter == 'E' ? kColourB : kColourA;
        break;
      default:
        throw std::invalid_argument("domino problem letters are A, B, D, E, F (got '" +
                                    std::string(code) + "')");
    }
  }
  if (marked < 0) {
    if (pr.base[2] == kUncoloured)
      throw std::invalid_argument("domino code '" + std::string(code) +
                                  "': without E or F the destination peg 2 must be coloured");
    pr.destination = 2;
    pr.final_colour = pr.base[2];
  }
  if (pr.base[0] == kColourB)
    throw std::invalid_argument("domino code '" + std::string(code) +
                                "': the start stack (colour A) cannot rest on a B base");
  return pr;
}

const std::vector<std::string>& problem_codes() {
  static const std::vector<std::string> codes(std::begin(kCodes), std::end(kCodes));
  return codes;
}

DominoSpace::DominoSpace(int discs, const Problem& problem) : codec_(3, discs), problem_(problem) {
  if (discs < 1 || discs > kMaxDiscs) throw std::invalid_argument("domino takes 1 to 30 discs");
  peg_mask_ = (std::uint64_t{1} << (2 * discs)) - 1;
  goal_ = codec_.all_on(problem.destination) | (static_cast<std::uint64_t>(problem.final_colour)
                                                << (kColourShift + problem.destination));
  for (int p = 0; p < 3; ++p) {
    const int b = problem.base[static_cast<std::size_t>(p)];
    base_accept_[static_cast<std::size_t>(p)] = b == kUncoloured ? 3u : 1u << b;
  }
}

bool DominoSpace::is_legal(const State& s) const {
  if ((s.w & ~peg_mask_ & ~(std::uint64_t{7} << kColourShift)) != 0) return false;
  std::array<bool, 3> used{};
  for (int d = 1; d <= discs(); ++d) {
    const int p = codec_.peg(s.w, d);
    if (p > 2) return false;
    used[static_cast<std::size_t>(p)] = true;
  }
  for (int p = 0; p < 3; ++p) {
    const int c = colour_of(s, p);
    const int b = problem_.base[static_cast<std::size_t>(p)];
    if (!used[static_cast<std::size_t>(p)] && c != 0) return false;  // empty peg: colour 0
    if (used[static_cast<std::size_t>(p)] && b != kUncoloured && c != b) return false;
  }
  return true;
}

std::uint64_t DominoSpace::legal_states() const {
  std::uint64_t total = 0;
  for (unsigned set = 1; set < 8; ++set) {  // the non-empty pegs
    std::uint64_t colourings = 1;
    int k = 0;
    for (int p = 0; p < 3; ++p) {
      if ((set >> p) & 1u) {
        ++k;
        if (problem_.base[static_cast<std::size_t>(p)] == kUncoloured) colourings *= 2;
      }
    }
    total += surjections(discs(), k) * colourings;
  }
  return total;
}

std::vector<std::vector<int>> DominoSpace::explicit_stacks(const State& s) const {
  return stacks_by_peg(*this, s);
}

MoveCheck<DominoState> DominoSpace::check_move(const State& s, int from, int to) const {
  MoveCheck<State> c;
  // Explicit bottom-to-top stacks, in fixed arrays: the rule checker calls this once
  // per move, and millions of moves should not cost millions of allocations.
  std::array<std::array<int, kMaxDiscs>, 3> stack{};
  std::array<int, 3> height{};
  for (int d = discs(); d >= 1; --d) {
    const auto p = static_cast<std::size_t>(peg_of(s, d));
    stack[p][static_cast<std::size_t>(height[p]++)] = d;
  }
  const std::array<std::span<const int>, 3> view = {
      std::span<const int>(stack[0].data(), static_cast<std::size_t>(height[0])),
      std::span<const int>(stack[1].data(), static_cast<std::size_t>(height[1])),
      std::span<const int>(stack[2].data(), static_cast<std::size_t>(height[2]))};
  if (!check_plain_move(c, view, from, to, pegs())) return c;
  std::array<int, 3> colour = {colour_of(s, 0), colour_of(s, 1), colour_of(s, 2)};
  const auto f = static_cast<std::size_t>(from), t = static_cast<std::size_t>(to);
  const int d = c.disc;
  const int below = height[t] == 0 ? 0 : stack[t][static_cast<std::size_t>(height[t] - 1)];
  // The disc flips as it moves; the rule is checked with its new colour.
  const int arriving = 1 - colour[f];
  if (below != 0) {
    if (colour[t] != arriving) {
      c.rule = "a disc may rest only on a disc of its own colour (after its flip)";
      return c;
    }
  } else {
    const int base = problem_.base[t];
    if (base != kUncoloured && base != arriving) {
      c.rule = "a disc may rest only on a base of its own colour (after its flip)";
      return c;
    }
  }
  --height[f];
  stack[t][static_cast<std::size_t>(height[t]++)] = d;
  colour[t] = arriving;
  // The next word, rebuilt from the stacks; an emptied peg's colour is dropped.
  std::uint64_t w = 0;
  for (std::size_t p = 0; p < 3; ++p) {
    for (int i = 0; i < height[p]; ++i)
      w = codec_.with_peg(w, stack[p][static_cast<std::size_t>(i)], static_cast<int>(p));
    if (height[p] > 0 && colour[p] != 0) w |= std::uint64_t{1} << (kColourShift + p);
  }
  c.legal = true;
  c.next = State{w};
  return c;
}

std::string DominoSpace::describe(const State& s) const {
  std::string out;
  const auto stacks = explicit_stacks(s);
  for (int p = 0; p < 3; ++p) {
    if (p != 0) out.append(" | ");
    out.append(std::to_string(p)).push_back(':');
    for (int d : stacks[static_cast<std::size_t>(p)]) out.append(" ").append(std::to_string(d));
    if (!stacks[static_cast<std::size_t>(p)].empty())
      out.append(" (").append(colour_name(colour_of(s, p))).append(")");
  }
  return out;
}

std::optional<std::uint64_t> seed_recursion(std::string_view code, int n) {
  if (n < 0 || n > DominoSpace::kMaxDiscs) return std::nullopt;
  const SeedValues s = seed_values(n);
  const std::pair<const char*, std::uint64_t> table[] = {
      {"DDE", s.dde}, {"DDF", s.ddf}, {"EDD", s.edd}, {"ADE", s.ade}, {"ADF", s.adf},
      {"ADB", s.adb}, {"ABE", s.abe}, {"ABF", s.abf}, {"AAB", s.abb}, {"ABB", s.abb},
      {"ABA", s.aba}, {"ADA", s.aba}, {"DBB", s.abb}, {"AAE", s.abb}, {"DDA", s.adf},
      {"DDB", s.ade}, {"DAB", s.abe}, {"DBA", s.abf}, {"DBE", s.abe}, {"DAE", s.abe},
      {"DBF", s.dbf}, {"DAF", s.daf}};
  for (const auto& [name, value] : table)
    if (code == name) return value;
  return std::nullopt;
}

bool recursion_in_seed(std::string_view code) {
  return code != "DBF" && code != "DAF";
}

std::string reverse_code(std::string_view code) {
  const Problem pr = parse_problem(code);
  const int f = pr.final_colour;  // the reversed problem's start colour, its new A
  // Reversed roles: the old destination is the new source; the old source the new
  // destination, whose final colour is the old start colour A.
  const std::array<int, 3> order =
      pr.destination == 2 ? std::array<int, 3>{2, 1, 0} : std::array<int, 3>{0, 1, 2};
  const int new_dest = pr.destination == 2 ? 0 : pr.destination;
  std::string out;
  for (int p : order) {
    const int b = pr.base[static_cast<std::size_t>(p)];
    if (b != kUncoloured) {
      out.push_back(b == f ? 'A' : 'B');
    } else if (p == new_dest) {
      out.push_back(f == kColourA ? 'F' : 'E');
    } else {
      out.push_back('D');
    }
  }
  return out;
}

Space make_space(const Params& p) {
  return Space(p.n, parse_problem(p.problem));
}

namespace {

// Every offered problem (problem_codes' order, DDE the default), described.
std::vector<ProblemInfo> problems() {
  std::vector<ProblemInfo> out;
  for (const std::string& code : problem_codes()) out.push_back({code, problem_description(code)});
  return out;
}

}  // namespace

Family<DominoFamily::Space> DominoFamily::family() {
  return Family<Space>{
      .info = {
          .name = "domino",
          .summary = "3 pegs, colours A/B flip on every move; a disc rests only on its own "
                     "colour (disc or coloured base); start all A on peg 0",
          .default_pegs = 3,
          .min_pegs = 3,
          .max_pegs = 3,
          // 2n peg bits + 3 colour bits in 64
          .max_n = [](int) { return Space::kMaxDiscs; },
          .problems = problems(),
          .algorithms =
              {
                  {"recursive",
                   "seed 002's recursion: 20 mutually recursive procedures, plus DBF and DAF "
                   "derived the same way",
                   nullptr,
                   [](const Params& p, MoveSink s) {
                     emit_procedure(p.problem, p.n, 0, 1, 2, false, s);
                   }},
                  {"ade-alternative",
                   "the same, with ADE(n) = ADF(n-1) + 1 + DAB(n-1) (and DDB mirrored), the "
                   "seed's unproven alternative",
                   [](const Params& p) { return reaches_ade(p.problem); },
                   [](const Params& p, MoveSink s) {
                     emit_procedure(p.problem, p.n, 0, 1, 2, true, s);
                   },
                   never},
              },
          .closed_form = [](const Params& p) { return seed_recursion(p.problem, p.n); },
          .formula_name =
              [](const Params& p) {
                if (recursion_in_seed(p.problem))
                  return std::string("seed 002 recursion (10 functions, identities)");
                return std::string(
                    p.problem == "DBF"
                        ? "derived here, not in seed 002: ABE + DAE + DBA + 2"
                        : "derived here, not in seed 002: 2 ADA + ABE + DBF + DAB + 4");
              },
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::domino

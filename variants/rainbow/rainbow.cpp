#include "variants/rainbow/rainbow.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "variants/rainbow/procedures.hpp"

namespace hanoi::variants::rainbow {

namespace {

// disc_colour's 0, 1, 2, for pictures.
constexpr const char* kColourNames[3] = {"green", "blue", "red"};

// Seed 002's vector s = (DDD, CDD, CBD, CAD, BCD, BDC, CDC, CBC, BAC, CAC, BCB, 1):
// the 11 problems in the seed's order (the 12th component is the constant 1).
constexpr std::array<const char*, 11> kCodes = {"DDD", "CDD", "CBD", "CAD", "BCD", "BDC",
                                                "CDC", "CBC", "BAC", "CAC", "BCB"};

// Seed 002's matrix M, transcribed row by row as printed: s(n+1) = M s(n).
constexpr std::array<std::array<std::uint64_t, 12>, 12> kMatrix = {{
    {0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},  // DDD
    {0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1},  // CDD
    {0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 2},  // CBD
    {0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1},  // CAD
    {0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1},  // BCD
    {0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1},  // BDC
    {0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1},  // CDC
    {0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 2},  // CBC
    {0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1},  // BAC
    {0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1},  // CAC
    {0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1},  // BCB
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},  // 1
}};

int code_index(std::string_view code) {
  for (std::size_t i = 0; i < kCodes.size(); ++i)
    if (code == kCodes[i]) return static_cast<int>(i);
  return -1;
}

// s(n), with s(1) = all ones.  DDD(32) is about 4e11, far inside 64 bits.
std::array<std::uint64_t, 12> seed_vector(int n) {
  std::array<std::uint64_t, 12> s;
  s.fill(1);
  for (int k = 1; k < n; ++k) {
    std::array<std::uint64_t, 12> next{};
    for (std::size_t i = 0; i < 12; ++i)
      for (std::size_t j = 0; j < 12; ++j) next[i] += kMatrix[i][j] * s[j];
    s = next;
  }
  return s;
}

// The 11 problems in the seed's order, DDD (the top level, the default) first.
std::vector<ProblemInfo> problems() {
  std::vector<ProblemInfo> out;
  for (const char* code : kCodes) {
    const std::string c = code;
    out.push_back({c, c == "DDD"
                          ? "0 -> 2, all bases uncoloured (top level)"
                          : "0 -> 2, bases of pegs 0, 1, 2 coloured " + c.substr(0, 1) + ", " +
                                c.substr(1, 1) + ", " + c.substr(2, 1) +
                                " (A, B, C = colours of discs n, n-1, n-2; D = uncoloured)"});
  }
  return out;
}

}  // namespace

RainbowRule rule_for(std::string_view code, int n) {
  if (code.size() != 3) throw std::invalid_argument("a rainbow problem code has three letters");
  RainbowRule rule;
  for (std::size_t peg = 0; peg < 3; ++peg) {
    const char letter = code[peg];
    if (letter == 'D') {
      rule.base[peg] = RainbowRule::kUncoloured;
    } else if (letter >= 'A' && letter <= 'C') {
      // A is the largest disc's colour, B the next disc up, C the one above that.
      rule.base[peg] = disc_colour(n - (letter - 'A'));
    } else {
      throw std::invalid_argument("rainbow problem letters are A, B, C or D (got '" +
                                  std::string(code) + "')");
    }
  }
  return rule;
}

Space make_space(const Params& p) {
  return Space(3, p.n, 0, 2, rule_for(p.problem, p.n));
}

Family<RainbowFamily::Space> RainbowFamily::family() {
  return Family<Space>{
      .info = {
          .name = "rainbow",
          .summary = "3 pegs, discs coloured green, blue, red, ... by size; no disc directly "
                     "on a disc or base of its own colour; transfer 0 -> 2",
          .default_pegs = 3,
          .min_pegs = 3,
          .max_pegs = 3,
          .max_n = [](int) { return 32; },  // PegCodec: 2 bits per disc in 64 bits
          .problems = problems(),
          .algorithms =
              {
                  {"recursive",
                   "17 mutually recursive procedures derived from seed 002's matrix rows", nullptr,
                   [](const Params& p, MoveSink s) { emit_procedure(p.problem, p.n, 0, 1, 2, s); }},
              },
          .closed_form = [](const Params& p) -> std::optional<std::uint64_t> {
            const int i = code_index(p.problem);
            if (i < 0 || p.n < 1) return std::nullopt;
            return seed_vector(p.n)[static_cast<std::size_t>(i)];
          },
          .formula_name =
              [](const Params&) {
                return std::string("seed 002 matrix recursion s(n+1) = M s(n), s(1) = 1");
              },
          .disc_colour = [](const Params&,
                            int d) { return std::string(kColourNames[disc_colour(d)]); },
          .base_colour =
              [](const Params& p, int peg) {
                const int c = rule_for(p.problem, p.n).base[static_cast<std::size_t>(peg)];
                return c == RainbowRule::kUncoloured ? std::string() : std::string(kColourNames[c]);
              },
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::rainbow

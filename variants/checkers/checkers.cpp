#include "variants/checkers/checkers.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "variants/checkers/frame.hpp"
#include "variants/common/plain_rules.hpp"
#include "variants/common/stacks.hpp"

namespace hanoi::variants::checkers {
namespace {

constexpr unsigned kPow3[kPegs + 1] = {1, 3, 9, 27, 81};

// Peg p's entry in an automaton state (the colour of its top, or its base colour).
unsigned automaton_digit(unsigned a, int p) {
  return a / kPow3[p] % 3;
}
unsigned with_digit(unsigned a, int p, unsigned c) {
  return a - automaton_digit(a, p) * kPow3[p] + c * kPow3[p];
}

const char* base_letter(std::uint8_t colour, int n) {
  if (colour == kUncoloured) return "D";
  return colour == disc_colour(n) ? "A" : "B";
}

}  // namespace

BaseColours base_colours(std::string_view code, int n) {
  if (code.size() != kPegs) throw std::invalid_argument("a checkers problem code has four letters");
  BaseColours b{};
  for (std::size_t p = 0; p < kPegs; ++p) {
    switch (code[p]) {
      case 'A':
        b[p] = static_cast<std::uint8_t>(disc_colour(n));
        break;
      case 'B':
        b[p] = static_cast<std::uint8_t>(disc_colour(n - 1));
        break;
      case 'D':
        b[p] = kUncoloured;
        break;
      default:
        throw std::invalid_argument("checkers problem letters are A, B or D (got '" +
                                    std::string(code) + "')");
    }
  }
  return b;
}

void Space::limit_block_parts(Rank max_part_ranks) {
  if (n_ >= BlockKernel::kMinDiscs)
    block_ = std::make_shared<const BlockKernel>(n_, start_automaton_, max_part_ranks);
}

Space::Space(int n, BaseColours base) : n_(n), base_(base) {
  if (n < 1 || n > kMaxDiscs)
    throw std::invalid_argument("checkers takes n from 1 to " + std::to_string(kMaxDiscs));
  for (auto c : base)
    if (c > kUncoloured) throw std::invalid_argument("bad base colour");
  codec_ = PegCodec(kPegs, n);
  steps_ = (n + 1) / 2;
  goal_ = codec_.all_on(kPegs - 1);
  start_automaton_ = 0;
  for (int p = 0; p < kPegs; ++p) start_automaton_ += base_[static_cast<std::size_t>(p)] * kPow3[p];
  if (!is_legal(start()))
    throw std::invalid_argument("the start (every disc on peg 0) breaks the colour rule");
  build_tables();
  if (n_ >= BlockKernel::kMinDiscs)
    block_ = std::make_shared<const BlockKernel>(n_, start_automaton_);
  disc_mask_ = n >= 32 ? ~std::uint64_t{0} : (std::uint64_t{1} << (2 * n)) - 1;
  word_bytes_ = (2 * n + 7) / 8;
  // A base forbids the discs of its colour; with no disc of that colour (colour 0
  // when n = 1) it acts as an uncoloured one.  A peg relabelling σ that keeps what
  // each base acts as maps moves to moves.
  auto acts = [&](std::uint8_t c) { return c == 0 && n == 1 ? std::uint8_t{kUncoloured} : c; };
  auto keeps_bases = [&](const std::array<std::uint8_t, kPegs>& sigma) {
    for (std::size_t p = 0; p < kPegs; ++p)
      if (acts(base_[sigma[p]]) != acts(base_[p])) return false;
    return true;
  };
  auto table = [](const std::array<std::uint8_t, kPegs>& sigma) {
    PegTable t{};
    for (unsigned x = 0; x < 256; ++x) {
      unsigned y = 0;
      for (unsigned k = 0; k < 4; ++k)
        y |= static_cast<unsigned>(sigma[(x >> (2 * k)) & 3]) << (2 * k);
      t[x] = static_cast<std::uint8_t>(y);
    }
    return t;
  };
  // The mirror: the first of the reflection and the swap 0<->3 that keeps the bases.
  for (const std::array<std::uint8_t, kPegs> sigma :
       {std::array<std::uint8_t, kPegs>{3, 2, 1, 0}, std::array<std::uint8_t, kPegs>{3, 1, 2, 0}}) {
    if (!keeps_bases(sigma)) continue;
    mirror_ok_ = true;
    mirror_pegs_ = sigma;
    mirror_byte_ = table(sigma);
    break;
  }
  // The start symmetries: σ(0) = 0, in lexicographic order (the identity first).
  std::array<std::uint8_t, kPegs> sigma{0, 1, 2, 3};
  do {
    if (keeps_bases(sigma)) sym_bytes_.push_back(table(sigma));
  } while (std::next_permutation(sigma.begin() + 1, sigma.end()));
}

void Space::build_tables() {
  auto t = std::make_shared<Tables>();
  const std::size_t states = kAutomatonStates;
  const auto n = static_cast<std::size_t>(n_);

  // count[d][a]: legal placements of discs d..1 from automaton state a.  Alongside,
  // for disc d and state a: off[d][a][p] = the placements of discs d..1 that put d
  // on a smaller legal peg than p, and next[d][a][p] = the state after d goes on p.
  std::vector<Rank> count((n + 1) * states, 0);
  for (std::size_t a = 0; a < states; ++a) count[a] = 1;
  std::vector<std::array<Rank, kPegs>> off((n + 1) * states);
  std::vector<std::array<unsigned, kPegs>> next((n + 1) * states);
  for (int d = 1; d <= n_; ++d) {
    const auto du = static_cast<std::size_t>(d);
    const auto colour = static_cast<unsigned>(disc_colour(d));
    for (unsigned a = 0; a < states; ++a) {
      Rank cum = 0;
      for (int p = 0; p < kPegs; ++p) {
        const auto pu = static_cast<std::size_t>(p);
        off[du * states + a][pu] = cum;
        next[du * states + a][pu] = 0;
        if (automaton_digit(a, p) == colour) continue;  // same colour under it
        const unsigned b = with_digit(a, p, colour);
        next[du * states + a][pu] = b;
        cum += count[(du - 1) * states + b];
      }
      count[du * states + a] = cum;
    }
  }
  legal_ = count[n * states + start_automaton_];
  // Every offset and every rank is below some count[n][a]: the 32-bit tables serve
  // when the largest of those fits.
  Rank largest = 0;
  for (std::size_t a = 0; a < states; ++a) largest = std::max(largest, count[n * states + a]);
  narrow_ = largest <= std::numeric_limits<std::uint32_t>::max();

  auto fill_single = [&](auto& table) {
    table.resize(n * states);
    for (int d = n_; d >= 1; --d) {
      for (std::size_t a = 0; a < states; ++a) {
        const auto& o = off[static_cast<std::size_t>(d) * states + a];
        const auto& x = next[static_cast<std::size_t>(d) * states + a];
        auto& e = table[(n - static_cast<std::size_t>(d)) * states + a];
        // An illegal peg adds nothing, so its offset already equals the next peg's
        // (or the total, for peg 3), which unrank relies on.
        e.off1 = static_cast<decltype(e.off1)>(o[1]);
        e.off2 = static_cast<decltype(e.off2)>(o[2]);
        e.off3 = static_cast<decltype(e.off3)>(o[3]);
        e.next = x[0] | x[1] << 8 | x[2] << 16 | x[3] << 24;
      }
    }
  };

  // pair[step]: nibble i = steps-1-step holds discs 2i+2 (high bits) and 2i+1 (low
  // bits); for odd n the top nibble holds disc n alone, its high bits zero.  Entries
  // for combinations that never occur in a legal state stay 0.
  std::vector<Rank> pair_off(static_cast<std::size_t>(steps_) * kPairStride, 0);
  t->pair_next.assign(static_cast<std::size_t>(steps_) * kPairStride, 0);
  for (int step = 0; step < steps_; ++step) {
    const int i = steps_ - 1 - step;
    const int lo = 2 * i + 1, hi = 2 * i + 2;
    const std::size_t base = static_cast<std::size_t>(step) * kPairStride;
    for (unsigned a = 0; a < states; ++a) {
      for (unsigned nib = 0; nib < 16; ++nib) {
        const auto ph = static_cast<std::size_t>(nib >> 2), pl = static_cast<std::size_t>(nib & 3);
        Rank o = 0;
        unsigned b = a;
        if (hi <= n_) {
          if (automaton_digit(b, static_cast<int>(ph)) == static_cast<unsigned>(disc_colour(hi)))
            continue;
          o += off[static_cast<std::size_t>(hi) * states + b][ph];
          b = next[static_cast<std::size_t>(hi) * states + b][ph];
        } else if (ph != 0) {
          continue;  // no disc n+1
        }
        if (automaton_digit(b, static_cast<int>(pl)) == static_cast<unsigned>(disc_colour(lo)))
          continue;
        o += off[static_cast<std::size_t>(lo) * states + b][pl];
        b = next[static_cast<std::size_t>(lo) * states + b][pl];
        // a * 16 in size_t, not unsigned (bugprone-implicit-widening-of-multiplication-result).
        const std::size_t entry = base + std::size_t{a} * 16 + nib;
        pair_off[entry] = o;
        t->pair_next[entry] = static_cast<std::uint8_t>(b);
      }
    }
  }

  // The legal placements of discs s..1 from each automaton state, in lexicographic
  // order: numeric order of their 2s-bit words, disc s in the highest bits.
  suffix_discs_ = std::min(n_, kSuffixDiscs);
  t->suffix_base.assign(states, 0);
  for (unsigned a = 0; a < states; ++a) {
    t->suffix_base[a] = static_cast<std::uint32_t>(t->suffix.size());
    for (std::uint32_t w = 0; w < (1u << (2 * suffix_discs_)); ++w) {
      unsigned b = a;
      bool legal = true;
      for (int d = suffix_discs_; d >= 1 && legal; --d) {
        const int p = static_cast<int>((w >> (2 * (d - 1))) & 3);
        legal = automaton_digit(b, p) != static_cast<unsigned>(disc_colour(d));
        b = with_digit(b, p, static_cast<unsigned>(disc_colour(d)));
      }
      if (legal) t->suffix.push_back(static_cast<std::uint16_t>(w));
    }
    if (t->suffix.size() - t->suffix_base[a] !=
        count[static_cast<std::size_t>(suffix_discs_) * states + a])
      throw std::logic_error("checkers suffix table disagrees with the counts");
  }

  if (narrow_) {
    fill_single(t->single32);
    t->pair_off32.assign(pair_off.begin(), pair_off.end());
  } else {
    fill_single(t->single64);
    t->pair_off64 = std::move(pair_off);
  }
  tables_ = std::move(t);
  pair_next_ = tables_->pair_next.data();
  pair_off32_ = tables_->pair_off32.data();
  pair_off64_ = tables_->pair_off64.data();
  single32_ = tables_->single32.data();
  single64_ = tables_->single64.data();
  suffix_base_ = tables_->suffix_base.data();
  suffix_ = tables_->suffix.data();
}

std::vector<std::vector<int>> Space::explicit_stacks(const State& s) const {
  return stacks_by_peg(*this, s);
}

bool Space::is_legal(const State& s) const {
  if (n_ < 32 && (s.w >> (2 * n_)) != 0) return false;
  const auto stacks = explicit_stacks(s);
  for (std::size_t p = 0; p < stacks.size(); ++p) {
    int under = base_[p];
    for (int d : stacks[p]) {
      if (under == disc_colour(d)) return false;
      under = disc_colour(d);
    }
  }
  return true;
}

MoveCheck<Space::State> Space::check_move(const State& s, int from, int to) const {
  MoveCheck<State> c;
  const auto stacks = explicit_stacks(s);
  if (!check_plain_move(c, stacks, from, to, kPegs)) return c;
  const auto& dst = stacks[static_cast<std::size_t>(to)];
  const int d = c.disc;
  if (dst.empty()) {
    if (base_[static_cast<std::size_t>(to)] == disc_colour(d)) {
      c.rule = "a disc may not rest directly on a base of its own colour";
      return c;
    }
  } else if (disc_colour(dst.back()) == disc_colour(d)) {
    c.rule = "colours must alternate: no disc may rest directly on a disc of its own colour";
    return c;
  }
  c.legal = true;
  c.next = State{codec_.with_peg(s.w, d, to)};
  return c;
}

std::string Space::describe(const State& s) const {
  // Each peg's base colour after its number: "0[D]: 3 2 1 | 1[D]: | ...".
  return describe_stacks(explicit_stacks(s), [&](int p) {
    return std::string("[") + base_letter(base_[static_cast<std::size_t>(p)], n_) + "]";
  });
}

Space space_for_code(std::string_view code, int n) {
  return Space(n, base_colours(code, n));
}

Space make_space(const Params& p) {
  return space_for_code(p.problem, p.n);
}

namespace {

// The seed's three problems first (DDDD the default), then every other code over
// A, B, D whose start and goal are legal: pegs 0 and 3 not A (disc n is A), 36 in all.
// The seed's three problems, where it claims the Frame-type count optimal.
bool seed_problem(const Params& p) {
  return p.problem == "DDDD" || p.problem == "BABB" || p.problem == "BAAB";
}

std::vector<ProblemInfo> problems() {
  std::vector<ProblemInfo> out = {
      {"DDDD", "0 -> 3, all bases uncoloured (top level)"},
      {"BABB",
       "0 -> 3, bases of pegs 0, 1, 2, 3 coloured B, A, B, B (A = colour of disc n, B = the "
       "other; seed 002's Checkers_B)"},
      {"BAAB", "0 -> 3, bases of pegs 0, 1, 2, 3 coloured B, A, A, B (seed 002's Checkers_C)"},
  };
  const std::string letters = "ABD";
  for (char p0 : letters)
    for (char p1 : letters)
      for (char p2 : letters)
        for (char p3 : letters) {
          const std::string code{p0, p1, p2, p3};
          if (p0 == 'A' || p3 == 'A') continue;
          bool listed = false;
          for (const auto& pr : out) listed = listed || pr.code == code;
          if (listed) continue;
          const bool uncoloured = code.find('D') != std::string::npos;
          out.push_back({code, std::string("0 -> 3, bases of pegs 0, 1, 2, 3 coloured ") + p0 +
                                   ", " + p1 + ", " + p2 + ", " + p3 +
                                   (uncoloured ? " (D = uncoloured)" : "")});
        }
  return out;
}

}  // namespace

Family<CheckersFamily::Space> CheckersFamily::family() {
  return Family<Space>{
      .info = {
          .name = "checkers",
          .summary = "4 pegs, disc colour = parity of its size, colours alternate on every "
                     "peg (no disc directly on a disc or base of its own colour); transfer "
                     "0 -> 3",
          .default_pegs = kPegs,
          .min_pegs = kPegs,
          .max_pegs = kPegs,
          .max_n = [](int) { return kMaxDiscs; },
          .problems = problems(),
          .algorithms =
              {
                  {"frame",
                   "best Frame-type solution by DP over Frame-Stewart splits (top n-k parked "
                   "on one peg, bottom k with three pegs), colour rule deciding the legal "
                   "sub-problems",
                   // Where a Frame-type solution exists; claimed optimal (seed 002) for
                   // the seed's three problems only.
                   [](const Params& p) { return frame_moves(p.problem, p.n).has_value(); },
                   [](const Params& p, MoveSink s) { emit_frame(p.problem, p.n, s); },
                   seed_problem},
              },
          .closed_form = [](const Params& p) { return frame_moves(p.problem, p.n); },
          .formula_name =
              [](const Params&) {
                return std::string(
                    "best Frame-type count (DP over Frame-Stewart splits; not a seed "
                    "formula)");
              },
          .formula_is_optimum = seed_problem,
          // Colour 1 (odd discs) dark, colour 0 (even discs) light, as on a board.
          .disc_colour = [](const Params&,
                            int d) { return std::string(disc_colour(d) == 1 ? "dark" : "light"); },
          .base_colour =
              [](const Params& p, int peg) {
                const std::uint8_t c = base_colours(p.problem, p.n)[static_cast<std::size_t>(peg)];
                return c == kUncoloured ? std::string() : std::string(c == 1 ? "dark" : "light");
              },
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::checkers

// Reversi (seed 002): the engine against the Boost.Graph oracle (now in tests/conformance/) for
// every problem, the encoder against an independent enumeration of the legal states, the fast
// successor loop against the plain rules on every legal state, reversibility, the
// search optimum against the seed's closed forms for BABA, BABB, BAAB, and every
// algorithm replayed through the rule checker (Family::run) against the optimum
// and the seed's counts.
#include "variants/reversi/reversi.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "declared/reversi.hpp"
#include "support/family_handle.hpp"
#include "support/oracle.hpp"
#include "variants/reversi/algorithms.hpp"

namespace hanoi {
namespace {

using variants::reversi::Disc;
using variants::reversi::Layout;
using variants::reversi::Space;

const std::vector<std::string> kAll = {"DDDF", "DDDE", "EDDD", "BABA", "BABB", "BAAB"};
const std::vector<std::string> kBottom = {"BABA", "BABB", "BAAB"};

Space space(const std::string& code, int n) {
  return variants::reversi::make_space(Params{n, 4, code});
}

SearchResult search(const std::string& code, int n) {
  return breadth_first_search(space(code, n), SearchOptions{});
}

// Base colours read from the code's letters directly (0 = A, 1 = B, -1 uncoloured),
// independently of parse_problem.
std::array<int, 4> test_bases(const std::string& code) {
  std::array<int, 4> b{};
  for (std::size_t p = 0; p < 4; ++p) b[p] = code[p] == 'A' ? 0 : code[p] == 'B' ? 1 : -1;
  return b;
}

// Every layout of n discs (a peg and a colour for each), with the rules' legality
// checked plainly: sizes decrease upwards by construction, no disc on a disc or a
// base of its own colour.
struct Enumerated {
  Layout layout;
  bool legal = false;
};
std::vector<Enumerated> enumerate_layouts(const std::string& code, int n) {
  const std::array<int, 4> base = test_bases(code);
  std::vector<Enumerated> out;
  const std::uint64_t placements = std::uint64_t{1} << (2 * n);
  for (std::uint64_t pl = 0; pl < placements; ++pl) {
    for (std::uint64_t cols = 0; cols < (std::uint64_t{1} << n); ++cols) {
      Enumerated e;
      e.legal = true;
      for (int d = n; d >= 1; --d) {
        const auto p = static_cast<std::size_t>((pl >> (2 * (d - 1))) & 3);
        const int c = static_cast<int>((cols >> (d - 1)) & 1);
        auto& stack = e.layout[p];
        const int under = stack.empty() ? base[p] : stack.back().colour;
        if (under == c) e.legal = false;
        stack.push_back(Disc{d, c});
      }
      out.push_back(e);
    }
  }
  return out;
}

// The seed's six first, then every other code with a legal start and goal: E at peg
// 0 (27: the other pegs any of A, B, D), E or F at peg 1, 2 or 3 (3 x 2 x 18: peg
// 0 B or D), none (36: peg 3 A or B, peg 0 B or D); F at peg 0 is the start itself.
TEST(Reversi, OffersEveryProblemCode) {
  auto family = testing::family_of<variants::reversi::ReversiFamily>();
  std::vector<std::string> codes;
  for (const auto& pr : family->problems()) codes.push_back(pr.code);
  ASSERT_EQ(codes.size(), 27u + 3 * 2 * 18 + 36);
  EXPECT_EQ(std::vector<std::string>(codes.begin(), codes.begin() + 6), kAll);
  EXPECT_EQ(codes, variants::reversi::problem_codes());
  EXPECT_EQ(std::set<std::string>(codes.begin(), codes.end()).size(), codes.size());
  for (const auto& c : codes) EXPECT_NO_THROW(variants::reversi::parse_problem(c)) << c;
  EXPECT_EQ(family->normalize(Params{5, 0, ""}).problem, "DDDF");
  EXPECT_EQ(family->normalize(Params{5, 0, ""}).pegs, 4);
}

// The encoder is a bijection from the legal states onto distinct ranks below
// num_ranks, and the ranks that decode to legal canonical states are exactly as many
// as the legal layouts.  For the uncoloured problems every legal state is reachable.
TEST(Reversi, RankUnrankIsABijectionOnLegalStates) {
  for (const std::string& code : kAll) {
    for (int n = 1; n <= 5; ++n) {
      SCOPED_TRACE(code + " n=" + std::to_string(n));
      const Space s = space(code, n);
      EXPECT_EQ(s.num_ranks(), Rank{16} << (2 * n));
      std::set<Rank> ranks;
      std::uint64_t legal = 0;
      for (const Enumerated& e : enumerate_layouts(code, n)) {
        ASSERT_EQ(s.is_legal(e.layout), e.legal);
        if (!e.legal) continue;
        ++legal;
        const Space::State st = s.encode(e.layout);
        const Rank r = s.rank(st);
        ASSERT_LT(r, s.num_ranks());
        ASSERT_TRUE(ranks.insert(r).second) << "two legal states share rank " << r;
        ASSERT_EQ(s.unrank(r), st);
        ASSERT_EQ(s.decode(st), e.layout) << s.describe(st);
      }
      std::uint64_t legal_ranks = 0;
      for (Rank r = 0; r < s.num_ranks(); ++r) {
        const Space::State st = s.unrank(r);
        const Layout l = s.decode(st);
        if (s.encode(l) == st && s.is_legal(l)) ++legal_ranks;
      }
      EXPECT_EQ(legal_ranks, legal);
      if (code[0] == 'D' || code[0] == 'E') {
        EXPECT_EQ(search(code, n).states_reached, legal);
      }
    }
  }
}

// On every legal state (reachable or not): the fast successor loop yields exactly
// the moves the plain rules allow, with the same next states, at most one per
// pair of pegs; and every legal move can be undone by the reverse move.
TEST(Reversi, FastSuccessorsMatchPlainRulesAndAreReversible) {
  for (const std::string& code : kAll) {
    for (int n = 1; n <= 5; ++n) {
      SCOPED_TRACE(code + " n=" + std::to_string(n));
      const Space s = space(code, n);
      for (const Enumerated& e : enumerate_layouts(code, n)) {
        if (!e.legal) continue;
        const Space::State st = s.encode(e.layout);
        std::set<std::pair<int, int>> fast;
        s.for_each_successor(st, [&](const Space::State& next, Move m) {
          EXPECT_TRUE(fast.insert({m.from, m.to}).second);
          EXPECT_EQ(fast.count({m.to, m.from}), 0u) << "two moves for one pair of pegs";
          const auto c = s.check_move(st, m.from, m.to);
          ASSERT_TRUE(c.legal) << s.describe(st) << " " << int(m.from) << "->" << int(m.to);
          EXPECT_EQ(c.next, next);
          EXPECT_EQ(c.disc, m.disc);
        });
        std::set<std::pair<int, int>> plain;
        for (int from = 0; from < 4; ++from) {
          for (int to = 0; to < 4; ++to) {
            const auto c = s.check_move(st, from, to);
            if (!c.legal) continue;
            plain.insert({from, to});
            EXPECT_TRUE(s.is_legal(s.decode(c.next)));
            const auto back = s.check_move(c.next, to, from);
            ASSERT_TRUE(back.legal) << "cannot undo " << from << "->" << to << " from "
                                    << s.describe(st) << ": " << back.rule;
            EXPECT_EQ(back.next, st);
          }
        }
        EXPECT_EQ(fast, plain) << s.describe(st);
      }
    }
  }
}

TEST(Reversi, SearchOptimumEqualsSeedFormulas) {
  auto family = testing::family_of<variants::reversi::ReversiFamily>();
  for (const std::string& code : kBottom) {
    for (int n = 1; n <= 10; ++n) {
      const Params p = family->normalize(Params{n, 0, code});
      const SearchResult r = family->optimum(p, SearchOptions{});
      ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached) << code << " n=" << n;
      ASSERT_TRUE(family->closed_form(p).has_value());
      EXPECT_EQ(r.optimum, *family->closed_form(p)) << code << " n=" << n;
    }
  }
  // The top-level problems have no published formula.
  for (const char* code : {"DDDF", "DDDE", "EDDD"})
    EXPECT_FALSE(family->closed_form(family->normalize(Params{5, 0, code})).has_value());
}

// The derived recursions, BABA = 3 BABA(n-2) + 4, BABB = 2 BABA(n-1) + 2,
// BAAB = 2 BABB(n-1) + 2, reproduce the seed's closed forms (so the garbled BAAB
// line is read consistently).
TEST(Reversi, SeedFormulasSatisfyTheDerivedRecursions) {
  using variants::reversi::seed_formula;
  EXPECT_EQ(*seed_formula("BABA", 1), 1u);
  EXPECT_EQ(*seed_formula("BABA", 2), 4u);
  for (int n = 3; n <= 29; ++n)
    EXPECT_EQ(*seed_formula("BABA", n), 3 * *seed_formula("BABA", n - 2) + 4) << n;
  EXPECT_EQ(*seed_formula("BABB", 1), 2u);
  EXPECT_EQ(*seed_formula("BAAB", 1), 2u);
  for (int n = 2; n <= 29; ++n) {
    EXPECT_EQ(*seed_formula("BABB", n), 2 * *seed_formula("BABA", n - 1) + 2) << n;
    EXPECT_EQ(*seed_formula("BAAB", n), 2 * *seed_formula("BABB", n - 1) + 2) << n;
  }
}

// Why BABA's single move of disc n needs the top n-1 split: a consecutive (n-1)-stack
// on peg 2 must arrive as BBBA, one on peg 1 must leave as BAAA (letters relative to
// disc n-1), and neither is solvable with 2 or more discs (1 disc: one move).
TEST(Reversi, FrameTypeBabaSubProblemsAreUnsolvable) {
  for (const std::string code : {"BBBA", "BAAA"}) {
    EXPECT_EQ(search(code, 1).optimum, 1u) << code;
    for (int n = 2; n <= 7; ++n)
      EXPECT_EQ(search(code, n).outcome, SearchOutcome::kGoalUnreachable) << code << " n=" << n;
  }
}

TEST(Reversi, RecursiveIsLegalAndOptimal) {
  auto family = testing::family_of<variants::reversi::ReversiFamily>();
  for (const std::string& code : kBottom) {
    for (int n = 1; n <= 16; ++n) {
      const Params p = family->normalize(Params{n, 0, code});
      const RunReport r = family->run(p, "recursive", false);
      EXPECT_TRUE(r.ok) << code << " n=" << n << ": " << r.error;
      EXPECT_EQ(r.moves, *family->closed_form(p)) << code << " n=" << n;
      if (n <= 10) {
        EXPECT_EQ(r.moves, family->optimum(p, SearchOptions{}).optimum) << code << " n=" << n;
      }
    }
  }
}

TEST(Reversi, PeriodicEqualsTheBabbOptimum) {
  auto family = testing::family_of<variants::reversi::ReversiFamily>();
  for (int n = 1; n <= 16; ++n) {
    const Params p = family->normalize(Params{n, 0, "BABB"});
    const RunReport r = family->run(p, "periodic", true);
    ASSERT_TRUE(r.ok) << "n=" << n << ": " << r.error;
    EXPECT_EQ(r.moves, *family->closed_form(p)) << "n=" << n;
    if (n <= 10) {
      EXPECT_EQ(r.moves, family->optimum(p, SearchOptions{}).optimum) << "n=" << n;
    }
    // Seed 002: "The smallest disc moves when t mod 3 = 0 (n even), t mod 8 =
    // 0,1,4,5 (n odd)".
    for (std::size_t t = 0; t < r.recorded.size(); ++t) {
      const bool expected =
          n % 2 == 0 ? t % 3 == 0 : (t % 8 == 0 || t % 8 == 1 || t % 8 == 4 || t % 8 == 5);
      EXPECT_EQ(r.recorded[t].disc == 1, expected) << "n=" << n << " t=" << t;
    }
  }
}

// Read literally ("from pin P to Q"), the table's first move for n even is Y -> W,
// from the empty peg 2: the table names pairs, and the size rule picks the direction.
TEST(Reversi, PeriodicTableReadLiterallyFailsAtOnce) {
  for (int n = 2; n <= 8; n += 2) {
    const Space s = space("BABB", n);
    EXPECT_FALSE(s.check_move(s.start(), 2, 0).legal);
    EXPECT_TRUE(s.check_move(s.start(), 0, 2).legal);
  }
}

// Replays a recorded run on explicit stacks and returns the most discs peg 2 held.
std::size_t most_on_peg_two(int n, const std::vector<Move>& moves) {
  std::array<std::vector<int>, 4> stacks;
  for (int d = n; d >= 1; --d) stacks[0].push_back(d);
  std::size_t most = 0;
  for (const Move& m : moves) {
    stacks[m.to].push_back(stacks[m.from].back());
    stacks[m.from].pop_back();
    most = std::max(most, stacks[2].size());
  }
  return most;
}

TEST(Reversi, ReversiGCostsTwiceClassic) {
  auto family = testing::family_of<variants::reversi::ReversiFamily>();
  for (int n = 1; n <= 14; ++n) {
    const Params p = family->normalize(Params{n, 0, "DDDF"});
    const RunReport r = family->run(p, "reversi-g", true);
    EXPECT_TRUE(r.ok) << "n=" << n << ": " << r.error;  // the goal: colours unchanged
    EXPECT_EQ(r.moves, variants::reversi::reversi_g_moves(n)) << "n=" << n;
    EXPECT_EQ(r.moves, 2 * ((std::uint64_t{1} << n) - 1)) << "seed 002: 2(2^n - 1)";
    EXPECT_LE(most_on_peg_two(n, r.recorded), 1u) << "seed 002: W holds at most one disc";
  }
}

// Reversi_H as reconstructed (classic sequence, fewest detours through peg 2) costs
// the seed's [(4/3)(2^n - 1/2)] and keeps peg 2 to one disc.
TEST(Reversi, ReversiHMatchesTheSeedsCount) {
  auto family = testing::family_of<variants::reversi::ReversiFamily>();
  for (int n = 1; n <= 14; ++n) {
    const Params p = family->normalize(Params{n, 0, "DDDF"});
    const RunReport r = family->run(p, "reversi-h", true);
    EXPECT_TRUE(r.ok) << "n=" << n << ": " << r.error;
    EXPECT_EQ(r.moves, variants::reversi::reversi_h_moves(n)) << "n=" << n;
    EXPECT_LE(most_on_peg_two(n, r.recorded), 1u);
    // Seed 002: Reversi_H improves on Reversi_G (they tie at n = 1, both 2 moves).
    if (n >= 2) {
      EXPECT_LT(r.moves, variants::reversi::reversi_g_moves(n)) << "n=" << n;
    }
  }
  for (int n = 1; n <= 29; ++n) {
    EXPECT_EQ(variants::reversi::reversi_h_detour_moves(n, false),
              variants::reversi::reversi_h_moves(n))
        << "n=" << n;
    // The detours are the Jacobsthal numbers (2^n - (-1)^n) / 3.
    const std::uint64_t two_n = std::uint64_t{1} << n;
    const std::uint64_t jacobsthal = n % 2 == 1 ? (two_n + 1) / 3 : (two_n - 1) / 3;
    EXPECT_EQ(variants::reversi::reversi_h_moves(n), (std::uint64_t{1} << n) - 1 + jacobsthal);
  }
}

// The seed's count for Reversi_H against the search optimum of DDDF: they agree
// only for n <= 2; from n = 3 the search is far below (DDDF(3) = 8 < 10).  Neither
// G nor H is claimed optimal by the seed, so this records the gap.
TEST(Reversi, ReversiHIsAboveTheDdDfOptimum) {
  for (int n = 1; n <= 9; ++n) {
    const SearchResult r = search("DDDF", n);
    ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
    const std::uint64_t h = variants::reversi::reversi_h_moves(n);
    EXPECT_LE(r.optimum, h) << "n=" << n;
    EXPECT_EQ(r.optimum == h, n <= 2) << "n=" << n << " optimum " << r.optimum << " H " << h;
  }
}

// Seed 002: "m = 3 pins turns out overly economical: at least m = 4 pins are
// required for a solution to be possible".  With peg 2 never used the top-level
// problems are solvable for n <= 3 and unsolvable from n = 4 on.
struct WithoutPegTwo {
  Space s;
  using State = Space::State;
  static constexpr bool kReversible = true;
  Rank num_ranks() const { return s.num_ranks(); }
  Rank rank(const State& x) const { return s.rank(x); }
  State unrank(Rank r) const { return s.unrank(r); }
  State start() const { return s.start(); }
  bool is_goal(const State& x) const { return s.is_goal(x); }
  int pegs() const { return 4; }
  int discs() const { return s.discs(); }
  MoveCheck<State> check_move(const State& x, int from, int to) const {
    if (from == 2 || to == 2) return MoveCheck<State>{false, State{}, 0, "peg 2 unused"};
    return s.check_move(x, from, to);
  }
  std::string describe(const State& x) const { return s.describe(x); }
  template <class F>
  void for_each_successor(const State& x, F&& f) const {
    s.for_each_successor(x, [&](const State& y, Move m) {
      if (m.from != 2 && m.to != 2) f(y, m);
    });
  }
};

TEST(Reversi, ThreePegsAreTooFew) {
  for (const std::string code : {"DDDF", "DDDE", "EDDD"}) {
    for (int n = 1; n <= 7; ++n) {
      const WithoutPegTwo v{space(code, n)};
      if (n <= 4) {
        testing::expect_engine_matches_oracle(v, code + " on 3 pegs n=" + std::to_string(n));
      }
      const SearchResult r = breadth_first_search(v, SearchOptions{});
      EXPECT_EQ(r.outcome == SearchOutcome::kGoalReached, n <= 3) << code << " n=" << n;
    }
  }
}

// Every offered code against the Boost.Graph oracle (the conformance suite covers
// the first 6 codes over its whole range, the rest only to n = 3).  Labelled `slow`.
TEST(Reversi, EveryCodeMatchesTheOracle) {
  for (const std::string& code : variants::reversi::problem_codes())
    for (int n = 1; n <= 5; ++n)
      testing::expect_engine_matches_oracle(
          variants::reversi::Space(n, variants::reversi::parse_problem(code)),
          code + " n=" + std::to_string(n));
}

}  // namespace
}  // namespace hanoi

// Checkers (seed 002): the dense encoder of the legal placements against a plain
// enumeration of all 4^n placements; the engine against the Boost.Graph oracle (now in
// tests/conformance/) for every problem; the exhaustive optimum against seed 002's claims (equal to
// Reve's Frame-Stewart count except 137 against 129 at n = 15); the Frame-type DP against the
// seed's figures (337 at n = 21, the persistence rule, the BABB / BAAB rule); and the `frame`
// algorithm replayed through the rule checker.
#include "variants/checkers/checkers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "analyses/replay.hpp"
#include "declared/checkers.hpp"
#include "declared/classic.hpp"
#include "support/family_handle.hpp"
#include "support/oracle.hpp"
#include "variants/checkers/frame.hpp"
#include "variants/reves/reves.hpp"

namespace hanoi {
namespace {

namespace ck = variants::checkers;

// The seed's six Frame functions (DDDD, DDDB, BADD, DDBB, BDDB, BABB), its other
// bottom-level problem BAAB and the BADB of its "BADB(n) = min(BAAB(n), BABB(n))".
const std::vector<std::string> kSeedCodes = {"DDDD", "DDDB", "BADD", "DDBB",
                                             "BDDB", "BABB", "BAAB", "BADB"};

// --- An independent reading of the rules, on the raw word ----------------------

// Base colour of a letter for n discs: 0/1 = parity, -1 = uncoloured.
int plain_base(char letter, int n) {
  if (letter == 'A') return n % 2;
  if (letter == 'B') return (n - 1) % 2;
  return -1;
}

// Whether the placement (peg of disc d in bits 2(d-1)) is legal: on each peg, from
// the bottom up, every disc differs in parity from what is under it.
bool plain_legal(std::uint64_t w, int n, const std::string& code) {
  int under[4];
  for (int p = 0; p < 4; ++p) under[p] = plain_base(code[static_cast<std::size_t>(p)], n);
  for (int d = n; d >= 1; --d) {
    const int p = static_cast<int>((w >> (2 * (d - 1))) & 3);
    if (under[p] == d % 2) return false;
    under[p] = d % 2;
  }
  return true;
}

// The number of legal placements, counted over multisets of peg tops (how many
// pegs show colour 0, colour 1, or an uncoloured empty base), not with the
// encoder's per-peg automaton.
std::uint64_t plain_count(int n, const std::string& code) {
  std::map<std::tuple<int, int, int>, std::uint64_t> ways;  // (#0, #1, #uncoloured)
  int c0 = 0, c1 = 0, cu = 0;
  for (char ch : code) {
    const int b = plain_base(ch, n);
    (b == 0 ? c0 : b == 1 ? c1 : cu)++;
  }
  ways[{c0, c1, cu}] = 1;
  for (int d = n; d >= 1; --d) {
    std::map<std::tuple<int, int, int>, std::uint64_t> next;
    for (const auto& [key, count] : ways) {
      auto [z, o, u] = key;
      // Disc d goes onto a peg showing the other colour or an uncoloured base; that
      // peg then shows d's colour.
      if (d % 2 == 0) {
        if (o > 0) next[{z + 1, o - 1, u}] += count * static_cast<std::uint64_t>(o);
        if (u > 0) next[{z + 1, o, u - 1}] += count * static_cast<std::uint64_t>(u);
      } else {
        if (z > 0) next[{z - 1, o + 1, u}] += count * static_cast<std::uint64_t>(z);
        if (u > 0) next[{z, o + 1, u - 1}] += count * static_cast<std::uint64_t>(u);
      }
    }
    ways = std::move(next);
  }
  std::uint64_t total = 0;
  for (const auto& [key, count] : ways) total += count;
  return total;
}

// Seed 002's Reve's count for 4 pegs.
std::uint64_t reves(int n) {
  return *variants::reves::frame_stewart_moves(4, n);
}

// Seed 002's persistence: T_k <= n < T_{k+1}, n = S_k + p with S_k = [(k+1)^2 / 2].
int persistence(int n) {
  int k = 1;
  while ((k + 1) * (k + 2) / 2 <= n) ++k;
  return n - (k + 1) * (k + 1) / 2;
}

// Seed 002's nearest triangular index j = [(2n + 1/4)^(1/2)] = [sqrt(8n + 1) / 2].
int nearest_triangular(int n) {
  int j = 0;
  while ((2 * (j + 1)) * (2 * (j + 1)) <= 8 * n + 1) ++j;
  return j;
}

std::uint64_t dp(const std::string& code, int n) {
  const auto v = ck::frame_moves(code, n);
  EXPECT_TRUE(v.has_value()) << code << " n=" << n;
  return v.value_or(0);
}

// --- The encoder --------------------------------------------------------------

// The seed's three first, then every code over A, B, D with pegs 0 and 3 not A
// (2 x 3 x 3 x 2 = 36), each once, the seed's sub-functions among them.
TEST(Checkers, OffersEveryProblemCode) {
  auto family = testing::family_of<ck::CheckersFamily>();
  std::vector<std::string> codes;
  for (const auto& pr : family->problems()) codes.push_back(pr.code);
  ASSERT_EQ(codes.size(), 36u);
  EXPECT_EQ(std::vector<std::string>(codes.begin(), codes.begin() + 3),
            (std::vector<std::string>{"DDDD", "BABB", "BAAB"}));
  EXPECT_EQ(std::set<std::string>(codes.begin(), codes.end()).size(), codes.size());
  for (const char* sub : {"DDDB", "BADD", "DDBB", "BDDB", "BADB"})
    EXPECT_NE(std::find(codes.begin(), codes.end(), sub), codes.end()) << sub;
  EXPECT_EQ(family->normalize(Params{5, 0, ""}).problem, "DDDD");
  EXPECT_EQ(family->normalize(Params{5, 0, ""}).pegs, 4);
  EXPECT_THROW(family->normalize(Params{5, 5, ""}), UsageError);
}

// Every code whose start is legal (peg 0 not coloured A), n = 1..8: walking all 4^n
// words in numeric order is the lexicographic order of (peg of n, ..., peg of 1),
// since disc n has the highest bits.  The rank of each legal word must be its index
// among the legal words, unrank its inverse, and num_ranks their number.
TEST(Checkers, RankIsTheLexicographicIndexOfTheLegalPlacements) {
  const char letters[3] = {'A', 'B', 'D'};
  for (int code_index = 0; code_index < 81; ++code_index) {
    std::string code;
    for (int i = 0, c = code_index; i < 4; ++i, c /= 3) code.push_back(letters[c % 3]);
    if (code[0] == 'A') continue;  // the start itself breaks the rule
    for (int n = 1; n <= 8; ++n) {
      const ck::Space space = ck::space_for_code(code, n);
      std::uint64_t index = 0;
      for (std::uint64_t w = 0; w < (std::uint64_t{1} << (2 * n)); ++w) {
        const bool legal = plain_legal(w, n, code);
        ASSERT_EQ(space.is_legal(ck::Space::State{w}), legal) << code << " n=" << n << " w=" << w;
        if (!legal) continue;
        ASSERT_EQ(space.rank(ck::Space::State{w}), index) << code << " n=" << n << " w=" << w;
        ASSERT_EQ(space.unrank(index).w, w) << code << " n=" << n << " rank " << index;
        ++index;
      }
      ASSERT_EQ(space.num_ranks(), index) << code << " n=" << n;
      ASSERT_EQ(plain_count(n, code), index) << code << " n=" << n;
    }
  }
}

// Large n: the rank space against the independent multiset count, and random ranks
// round trip to legal words whose order follows the ranks.
TEST(Checkers, RankRoundTripsAtLargeN) {
  std::mt19937_64 rng(20240601);
  for (const std::string code : {"DDDD", "BABB", "BAAB"}) {
    for (int n : {15, 20, 21, 31}) {
      const ck::Space space = ck::space_for_code(code, n);
      ASSERT_EQ(space.num_ranks(), plain_count(n, code)) << code << " n=" << n;
      std::vector<Rank> ranks = {0, space.num_ranks() - 1};
      std::uniform_int_distribution<Rank> pick(0, space.num_ranks() - 1);
      for (int i = 0; i < 20000; ++i) ranks.push_back(pick(rng));
      std::sort(ranks.begin(), ranks.end());
      std::uint64_t previous = 0;
      for (std::size_t i = 0; i < ranks.size(); ++i) {
        const std::uint64_t w = space.unrank(ranks[i]).w;
        ASSERT_TRUE(plain_legal(w, n, code)) << code << " n=" << n << " rank " << ranks[i];
        ASSERT_EQ(space.rank(ck::Space::State{w}), ranks[i]) << code << " n=" << n;
        if (i > 0 && ranks[i] > ranks[i - 1]) {
          ASSERT_GT(w, previous) << "lexicographic order, " << code << " n=" << n;
        }
        previous = w;
      }
    }
  }
}

// The fast successor loop against the plain rule check on every legal state.
TEST(Checkers, SuccessorsMatchCheckMoveOnEveryLegalState) {
  for (const std::string code : {"DDDD", "BABB", "BAAB", "BDDB"}) {
    const int n = 10;
    const ck::Space space = ck::space_for_code(code, n);
    for (Rank r = 0; r < space.num_ranks(); ++r) {
      const ck::Space::State s = space.unrank(r);
      std::set<std::tuple<std::uint64_t, int, int, int>> fast, plain;
      int calls = 0;
      space.for_each_successor(s, [&](const ck::Space::State& t, Move m) {
        ++calls;
        fast.insert({t.w, m.disc, m.from, m.to});
      });
      ASSERT_EQ(calls, static_cast<int>(fast.size()));
      ASSERT_LE(calls, 6);  // at most one move per pair of pegs
      for (int from = 0; from < 4; ++from) {
        for (int to = 0; to < 4; ++to) {
          if (from == to) continue;
          const auto c = space.check_move(s, from, to);
          if (c.legal) {
            ASSERT_TRUE(space.is_legal(c.next));
            plain.insert({c.next.w, c.disc, from, to});
          }
        }
      }
      ASSERT_EQ(fast, plain) << code << " " << space.describe(s);
    }
  }
}

TEST(Checkers, RejectsIllegalStartsAndReportsImpossibleGoals) {
  EXPECT_THROW(ck::space_for_code("ADDD", 4), std::invalid_argument);
  EXPECT_THROW(ck::space_for_code("DDDX", 4), std::invalid_argument);
  EXPECT_THROW(ck::space_for_code("DDDD", 0), std::invalid_argument);
  EXPECT_THROW(ck::space_for_code("DDDD", ck::kMaxDiscs + 1), std::invalid_argument);
  // Disc n can never rest on peg 3's base: no solution, and the DP knows it.
  const ck::Space space = ck::space_for_code("DDDA", 5);
  EXPECT_EQ(breadth_first_search(space, SearchOptions{}).outcome, SearchOutcome::kGoalUnreachable);
  EXPECT_FALSE(ck::frame_moves("DDDA", 5).has_value());
  EXPECT_THROW(ck::emit_frame("DDDA", 5, [](Move) {}), std::logic_error);
}

// --- The engine ---------------------------------------------------------------

// Seed 002: "Optimal solutions, common to both Checkers and Reves, and of Frame type,
// exist for all n < 27 except n = 15,21.  At n = 15 the optimal Checkers solution
// ... costs time 137 moves against 129 for Reves."  Searched here for n <= 15.
TEST(Checkers, SearchOptimumIsRevesExceptAtFifteen) {
  auto family = testing::family_of<ck::CheckersFamily>();
  for (int n = 1; n <= 15; ++n) {
    const Params p = family->normalize(Params{n, 0, "DDDD"});
    const SearchResult r = family->optimum(p, SearchOptions{});
    ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached) << "n=" << n;
    if (n == 15) {
      EXPECT_EQ(reves(15), 129u);  // the seed's Reve's figure
      EXPECT_EQ(r.optimum, 137u);  // the seed's Checkers figure
    } else {
      EXPECT_EQ(r.optimum, reves(n)) << "n=" << n;
    }
    // The best Frame-type count is optimal at every n searched (the seed: "optimal ...
    // and of Frame type", also at n = 15).
    EXPECT_EQ(r.optimum, *family->closed_form(p)) << "n=" << n;
    // From n = 7 on, some legal placements are unreachable (see the next test).
    EXPECT_LE(r.states_reached, r.rank_space) << "n=" << n;
    if (n <= 6) {
      EXPECT_EQ(r.states_reached, r.rank_space) << "n=" << n;
    }
  }
}

// With uncoloured bases not every legal placement is reachable: when all four tops
// have the same colour, no disc can move.  The smallest such placement is n = 7,
// pegs [7], [6 5], [4 3], [2 1] (tops 7, 5, 3, 1): legal, no successor, so the
// search from the tower reaches fewer states than the encoder ranks.
TEST(Checkers, FrozenPlacementsAreLegalButUnreachable) {
  const ck::Space space = ck::space_for_code("DDDD", 7);
  std::uint64_t w = 0;
  const int peg_of[8] = {0, 3, 3, 2, 2, 1, 1, 0};  // disc -> peg
  for (int d = 1; d <= 7; ++d) w = space.codec().with_peg(w, d, peg_of[d]);
  const ck::Space::State frozen{w};
  ASSERT_TRUE(plain_legal(w, 7, "DDDD"));
  int successors = 0;
  space.for_each_successor(frozen, [&](const ck::Space::State&, Move) { ++successors; });
  EXPECT_EQ(successors, 0);
  for (int from = 0; from < 4; ++from) {
    for (int to = 0; to < 4; ++to) {
      if (from != to) {
        EXPECT_FALSE(space.check_move(frozen, from, to).legal);
      }
    }
  }
  const SearchResult r = breadth_first_search(space, SearchOptions{});
  EXPECT_LT(r.states_reached, space.num_ranks());
  // With 6 discs no placement is frozen (only three discs of each colour), and the
  // search reaches every one.
  const ck::Space six = ck::space_for_code("DDDD", 6);
  EXPECT_EQ(breadth_first_search(six, SearchOptions{}).states_reached, six.num_ranks());
}

// The bottom-level problems: solvable, and the Frame DP against the search.
TEST(Checkers, BottomLevelProblemsAgainstSearch) {
  auto family = testing::family_of<ck::CheckersFamily>();
  for (const std::string code : {"BABB", "BAAB"}) {
    for (int n = 1; n <= 15; ++n) {
      const Params p = family->normalize(Params{n, 0, code});
      const SearchResult r = family->optimum(p, SearchOptions{});
      ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached) << code << " n=" << n;
      EXPECT_EQ(r.optimum, *family->closed_form(p)) << code << " n=" << n;
      EXPECT_EQ(r.states_reached, r.rank_space) << code << " n=" << n;
    }
  }
}

// --- The Frame-type DP and the `frame` algorithm --------------------------------

// Seed 002, all about its Frame-type functions, checked against the DP:
//  * equal to Reve's for n < 27 except n = 15 (137) and n = 21 (337 against 321);
//  * "DDDD(n) = Reves(n) just when |p(n)| <= 2" (p the persistence);
//  * "When j is even, odd then BABB(n) <=, >= BAAB(n) respectively";
//  * "BADB(n) = min(BAAB(n), BABB(n)) = DDDD(n) for 4 of any 5-tuple of n with
//    |p(n)| <= 2" (the 5-tuples n = S_k - 2 .. S_k + 2, k = 4, 5, 6 fit n <= 31).
TEST(Checkers, FrameDpReproducesTheSeedsFigures) {
  for (int n = 1; n < 27; ++n) {
    if (n == 15 || n == 21) continue;
    EXPECT_EQ(dp("DDDD", n), reves(n)) << "n=" << n;
  }
  EXPECT_EQ(dp("DDDD", 15), 137u);
  EXPECT_EQ(dp("DDDD", 21), 337u);
  EXPECT_EQ(reves(21), 321u);
  for (int n = 1; n <= ck::kMaxDiscs; ++n) {
    const int p = persistence(n);
    EXPECT_EQ(dp("DDDD", n) == reves(n), p >= -2 && p <= 2) << "n=" << n << " p=" << p;
    const std::uint64_t babb = dp("BABB", n), baab = dp("BAAB", n);
    if (nearest_triangular(n) % 2 == 0) {
      EXPECT_LE(babb, baab) << "n=" << n;
    } else {
      EXPECT_GE(babb, baab) << "n=" << n;
    }
  }
  for (int k = 4; k <= 6; ++k) {
    const int s = (k + 1) * (k + 1) / 2;
    int agree = 0;
    for (int n = s - 2; n <= s + 2; ++n) {
      ASSERT_LE(std::abs(persistence(n)), 2);
      const std::uint64_t m = std::min(dp("BAAB", n), dp("BABB", n));
      agree += dp("BADB", n) == m && m == dp("DDDD", n);
    }
    EXPECT_EQ(agree, 4) << "5-tuple around S_" << k << " = " << s;
  }
}

TEST(Checkers, FrameAlgorithmIsLegalAndCountsTheDp) {
  auto family = testing::family_of<ck::CheckersFamily>();
  for (const auto& problem : family->problems()) {
    // The seed's three codes to the encoder's limit, the other 33 to n = 12.
    const bool seed = problem.code == "DDDD" || problem.code == "BABB" || problem.code == "BAAB";
    for (int n = 1; n <= (seed ? ck::kMaxDiscs : 12); ++n) {
      if (!ck::frame_moves(problem.code, n)) continue;  // no Frame-type solution
      const Params p = family->normalize(Params{n, 0, problem.code});
      const RunReport r = family->run(p, "frame", false);
      EXPECT_TRUE(r.ok) << problem.code << " n=" << n << ": " << r.error;
      EXPECT_EQ(r.moves, *family->closed_form(p)) << problem.code << " n=" << n;
    }
  }
}

// The DP's other problems (the seed's sub-functions): the emitted moves are legal,
// count the DP, and are never below the search optimum.
TEST(Checkers, FrameSolvesTheSeedsSubProblems) {
  for (const std::string& code : kSeedCodes) {
    for (int n = 1; n <= 9; ++n) {
      const ck::Space space = ck::space_for_code(code, n);
      Replayer<ck::Space> checker(space);
      ck::emit_frame(code, n, [&](Move m) { checker.step(m); });
      checker.finish();
      ASSERT_FALSE(checker.error().has_value())
          << code << " n=" << n << ": move " << checker.error()->index << " "
          << checker.error()->reason;
      EXPECT_EQ(checker.count(), dp(code, n)) << code << " n=" << n;
      const SearchResult r = breadth_first_search(space, SearchOptions{});
      ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached) << code << " n=" << n;
      EXPECT_GE(checker.count(), r.optimum) << code << " n=" << n;
    }
  }
}

// The optimum of a three-peg problem with the same colour rule, by a plain
// breadth-first search over the 3^n placements (peg of disc d = base-3 digit d-1);
// nullopt when the goal is unreachable.
std::optional<std::uint64_t> three_peg_search(const std::string& code, int n) {
  int size = 1;
  for (int i = 0; i < n; ++i) size *= 3;
  auto digit = [](int s, int d) {
    for (int i = 1; i < d; ++i) s /= 3;
    return s % 3;
  };
  std::vector<int> dist(static_cast<std::size_t>(size), -1);
  int goal = size - 1;  // every disc on peg 2
  std::vector<int> queue = {0};
  dist[0] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int s = queue[head];
    int top[3] = {0, 0, 0};  // smallest disc on each peg, 0 if empty
    for (int d = n; d >= 1; --d) top[digit(s, d)] = d;
    for (int from = 0; from < 3; ++from) {
      const int d = top[from];
      if (d == 0) continue;
      for (int to = 0; to < 3; ++to) {
        if (to == from || (top[to] != 0 && top[to] < d)) continue;
        const int under =
            top[to] != 0 ? top[to] % 2 : plain_base(code[static_cast<std::size_t>(to)], n);
        if (under == d % 2) continue;
        int place = 1;
        for (int i = 1; i < d; ++i) place *= 3;
        const int t = s + (to - from) * place;
        if (dist[static_cast<std::size_t>(t)] >= 0) continue;
        dist[static_cast<std::size_t>(t)] = dist[static_cast<std::size_t>(s)] + 1;
        queue.push_back(t);
      }
    }
  }
  if (dist[static_cast<std::size_t>(goal)] < 0) return std::nullopt;
  return static_cast<std::uint64_t>(dist[static_cast<std::size_t>(goal)]);
}

// The three-peg phase of the DP claims the exact three-peg optimum for every
// colouring: checked against the plain search (codes whose start is legal).
TEST(Checkers, ThreePegPhaseIsTheThreePegOptimum) {
  const char letters[3] = {'A', 'B', 'D'};
  for (int code_index = 0; code_index < 27; ++code_index) {
    std::string code;
    for (int i = 0, c = code_index; i < 3; ++i, c /= 3) code.push_back(letters[c % 3]);
    if (code[0] == 'A') continue;
    for (int n = 1; n <= 9; ++n) {
      EXPECT_EQ(ck::three_peg_moves(code, n), three_peg_search(code, n)) << code << " n=" << n;
    }
  }
}

// The three-peg phase is the exact three-peg optimum: with BAB bases the classic
// recursion, 2^n - 1 (seed 002: "Classical BAB(k) transfers the k largest").
TEST(Checkers, ThreePegPhaseIsClassicOnBab) {
  for (int n = 0; n <= ck::kMaxDiscs; ++n) {
    EXPECT_EQ(*ck::three_peg_moves("BAB", n), (std::uint64_t{1} << n) - 1) << "n=" << n;
    EXPECT_EQ(*ck::three_peg_moves("DDD", n), (std::uint64_t{1} << n) - 1) << "n=" << n;
  }
  // Every 3-peg code with an A destination is impossible for n >= 1.
  EXPECT_FALSE(ck::three_peg_moves("BBA", 3).has_value());
}

// Every offered code against the Boost.Graph oracle (the conformance suite covers
// the first 6 codes over its whole range, the rest only to n = 3), with the Frame
// algorithm never below the optimum where it applies.  Labelled `slow`.
TEST(Checkers, EveryCodeMatchesTheOracle) {
  auto family = testing::family_of<ck::CheckersFamily>();
  for (const auto& problem : family->problems()) {
    for (int n = 1; n <= 6; ++n) {
      const ck::Space space = ck::space_for_code(problem.code, n);
      const std::string label = problem.code + " n=" + std::to_string(n);
      testing::expect_engine_matches_oracle(space, label);
      const SearchResult r = breadth_first_search(space, SearchOptions{.stop_at_goal = true});
      if (const auto f = ck::frame_moves(problem.code, n)) {
        ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached) << label;
        EXPECT_GE(*f, r.optimum) << label;
      }
    }
  }
}

}  // namespace
}  // namespace hanoi

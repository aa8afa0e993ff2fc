// Adjacent: the engine against the Boost.Graph oracle (now in tests/conformance/; m = 3..6, small
// n), the search against seed 002's 3^n - 1 for m = 3 (every configuration reached), and both m = 3
// algorithms through the rule checker; the Gray-code walk must visit all 3^n configurations (seed
// 004's Hamilton path).  For m >= 4 nothing is claimed.
#include "variants/adjacent/adjacent.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "declared/adjacent.hpp"
#include "engine/peg_codec.hpp"
#include "support/family_handle.hpp"
#include "support/helpers.hpp"
#include "support/oracle.hpp"

namespace hanoi {
namespace {

TEST(Adjacent, ClosedFormMatchesSeedRecurrence) {
  // Seed 002: ABA(n) = ABA(n-1) + 1 + ABA(n-1) + 1 + ABA(n-1) = 3^n - 1.
  auto family = testing::family_of<variants::adjacent::AdjacentFamily>();
  std::uint64_t aba = 0;
  for (int n = 1; n <= 32; ++n) {
    aba = 3 * aba + 2;
    EXPECT_EQ(*family->closed_form(family->normalize(Params{n, 3, ""})), aba) << "n=" << n;
  }
}

TEST(Adjacent, SearchGivesClosedFormAndAllStates) {
  auto family = testing::family_of<variants::adjacent::AdjacentFamily>();
  for (int n = 1; n <= 12; ++n) {
    const Params p = family->normalize(Params{n, 0, ""});
    EXPECT_EQ(p.pegs, 3);
    const SearchResult r = family->optimum(p, SearchOptions{});
    ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
    EXPECT_EQ(r.optimum, testing::ipow(3, n) - 1) << "n=" << n;
    EXPECT_EQ(r.optimum, *family->closed_form(p));
    EXPECT_EQ(r.states_reached, testing::ipow(3, n)) << "every placement is reachable";
    // 3^n states and a goal at distance 3^n - 1 leave one state per level, so the
    // goal is also the farthest state from the start.
    EXPECT_EQ(r.eccentricity, r.optimum) << "n=" << n;
  }
}

TEST(Adjacent, EveryAlgorithmIsLegalAndOptimal) {
  auto family = testing::family_of<variants::adjacent::AdjacentFamily>();
  for (int n = 1; n <= 12; ++n) {
    const Params p = family->normalize(Params{n, 3, ""});
    const SearchResult best = family->optimum(p, SearchOptions{});
    ASSERT_EQ(family->algorithms(p).size(), 2u);
    for (const AlgorithmSpec* a : family->algorithms(p)) {
      const RunReport r = family->run(p, a->name, false);
      EXPECT_TRUE(r.ok) << a->name << " n=" << n << ": " << r.error;
      EXPECT_EQ(r.moves, best.optimum) << a->name << " n=" << n;
    }
  }
}

TEST(Adjacent, GrayCodeWalkVisitsEveryConfiguration) {
  auto family = testing::family_of<variants::adjacent::AdjacentFamily>();
  for (int n = 1; n <= 8; ++n) {
    const Params p = family->normalize(Params{n, 3, ""});
    const auto space = variants::adjacent::make_space(p);
    const RunReport r = family->run(p, "gray-code", true);
    ASSERT_TRUE(r.ok) << r.error;
    std::set<Rank> seen{space.rank(space.start())};
    auto s = space.start();
    std::uint64_t t = 0;
    for (const Move& m : r.recorded) {
      s = space.check_move(s, m.from, m.to).next;
      ++t;
      EXPECT_TRUE(seen.insert(space.rank(s)).second) << "configuration revisited, n=" << n;
      // The configuration after move t is the t-th Gray code, digit d-1 = peg of disc d.
      for (int d = 1; d <= n; ++d)
        ASSERT_EQ(space.codec().peg(s.w, d), variants::adjacent::gray_digit(t, d - 1))
            << "n=" << n << " t=" << t << " disc " << d;
    }
    EXPECT_EQ(seen.size(), testing::ipow(3, n)) << "Hamilton path, n=" << n;
  }
}

TEST(Adjacent, RecursiveAndGrayCodeEmitTheSameSequence) {
  // Seed 004: the 3^n - 1 solution is uniquely defined and the Gray code lists it.
  auto family = testing::family_of<variants::adjacent::AdjacentFamily>();
  for (int n = 1; n <= 8; ++n) {
    const Params p = family->normalize(Params{n, 3, ""});
    EXPECT_EQ(family->run(p, "gray-code", true).recorded,
              family->run(p, "recursive", true).recorded)
        << "n=" << n;
  }
}

TEST(Adjacent, NothingIsClaimedForFourOrMorePegs) {
  auto family = testing::family_of<variants::adjacent::AdjacentFamily>();
  for (int m = 4; m <= 6; ++m) {
    const Params p = family->normalize(Params{3, m, ""});
    EXPECT_FALSE(family->closed_form(p).has_value()) << "m=" << m;
    EXPECT_NE(family->formula_name(p).find("none known"), std::string::npos);
    EXPECT_TRUE(family->algorithms(p).empty()) << "m=" << m;
    // The search still answers (the value itself comes only from the search).
    const SearchResult r = family->optimum(p, SearchOptions{});
    EXPECT_EQ(r.outcome, SearchOutcome::kGoalReached) << "m=" << m;
  }
}

TEST(Adjacent, MaxNIsTheCodecLimit) {
  auto family = testing::family_of<variants::adjacent::AdjacentFamily>();
  for (int m = 3; m <= 6; ++m) {
    const int hi = family->max_n(m);
    EXPECT_NO_THROW(PegCodec(m, hi)) << "m=" << m;
    EXPECT_THROW(PegCodec(m, hi + 1), std::invalid_argument) << "m=" << m;
    EXPECT_NO_THROW(family->normalize(Params{hi, m, ""}));
    EXPECT_THROW(family->normalize(Params{hi + 1, m, ""}), UsageError);
  }
  EXPECT_THROW(family->normalize(Params{3, 7, ""}), UsageError);
  EXPECT_THROW(family->normalize(Params{3, 2, ""}), UsageError);
}

TEST(Adjacent, OnlyNeighbourMovesAreLegal) {
  const auto space = variants::adjacent::make_space(Params{2, 4, "transfer"});
  EXPECT_FALSE(space.check_move(space.start(), 0, 2).legal);
  EXPECT_FALSE(space.check_move(space.start(), 0, 3).legal);
  EXPECT_TRUE(space.check_move(space.start(), 0, 1).legal);
}

}  // namespace
}  // namespace hanoi

// Rainbow (seed 002): the engine against the Boost.Graph oracle (now in tests/conformance/) for
// every problem code, the search optimum against the seed's matrix recursion, the 17 recursive
// procedures against both, and the seed's claims about the recursion (the order-10
// characteristic polynomial, the growth rate, CDC(3) = 11 both ways).
#include "variants/rainbow/rainbow.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "declared/rainbow.hpp"
#include "support/family_handle.hpp"
#include "support/oracle.hpp"
#include "variants/rainbow/procedures.hpp"

namespace hanoi {
namespace {

std::vector<std::string> codes(const testing::FamilyHandle<variants::rainbow::Space>& family) {
  std::vector<std::string> out;
  for (const auto& pr : family.problems()) out.push_back(pr.code);
  return out;
}

std::uint64_t matrix_value(const testing::FamilyHandle<variants::rainbow::Space>& family,
                           const std::string& code, int n) {
  return *family.closed_form(family.normalize(Params{n, 0, code}));
}

TEST(Rainbow, OffersTheSeedsElevenProblems) {
  auto family = testing::family_of<variants::rainbow::RainbowFamily>();
  EXPECT_EQ(codes(*family), (std::vector<std::string>{"DDD", "CDD", "CBD", "CAD", "BCD", "BDC",
                                                      "CDC", "CBC", "BAC", "CAC", "BCB"}));
  EXPECT_EQ(family->normalize(Params{5, 0, ""}).problem, "DDD");
}

TEST(Rainbow, SearchOptimumEqualsSeedMatrix) {
  auto family = testing::family_of<variants::rainbow::RainbowFamily>();
  for (const std::string& code : codes(*family)) {
    for (int n = 1; n <= 12; ++n) {
      const Params p = family->normalize(Params{n, 0, code});
      const SearchResult r = family->optimum(p, SearchOptions{});
      ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached) << code << " n=" << n;
      EXPECT_EQ(r.optimum, *family->closed_form(p)) << code << " n=" << n;
    }
  }
}

TEST(Rainbow, RecursiveProceduresAreLegalAndOptimal) {
  auto family = testing::family_of<variants::rainbow::RainbowFamily>();
  for (const std::string& code : codes(*family)) {
    for (int n = 1; n <= 14; ++n) {
      const Params p = family->normalize(Params{n, 0, code});
      const RunReport r = family->run(p, "recursive", false);
      EXPECT_TRUE(r.ok) << code << " n=" << n << ": " << r.error;
      EXPECT_EQ(r.moves, *family->closed_form(p)) << code << " n=" << n;
      if (n <= 11) {
        // Against the search too, not only against the matrix it was derived from.
        EXPECT_EQ(r.moves, family->optimum(p, SearchOptions{}).optimum) << code << " n=" << n;
      }
    }
  }
}

// Seed 002: "reflections such as CAB(n) = BAC(n) [the moves of one being the moves
// of the other reversed, and in the reverse order]".  The reflections are derived
// independently in procedures.cpp, so this checks the derivation: RQP from 0 via 1
// to 2 must be PQR from 2 via 1 to 0, played backwards.
TEST(Rainbow, ReflectedProceduresAreReversedMoves) {
  const auto& all = variants::rainbow::procedure_codes();
  EXPECT_EQ(all.size(), 17u) << "seed 002: 17 mutually recursive procedures";
  for (const std::string& code : all) {
    const std::string mirror(code.rbegin(), code.rend());
    ASSERT_NE(std::find(all.begin(), all.end(), mirror), all.end()) << code;
    for (int n = 1; n <= 9; ++n) {
      std::vector<Move> forward, backward;
      variants::rainbow::emit_procedure(code, n, 0, 1, 2, [&](Move m) { forward.push_back(m); });
      variants::rainbow::emit_procedure(mirror, n, 2, 1, 0, [&](Move m) { backward.push_back(m); });
      std::reverse(backward.begin(), backward.end());
      for (Move& m : backward) std::swap(m.from, m.to);
      EXPECT_EQ(forward, backward) << code << " vs " << mirror << " n=" << n;
    }
  }
}

// Seed 002: the characteristic polynomial "E10 - E9 - 2E8 - 7E7 + 5E6 + 8E5 + 14E4
// - 2E3 - 4E2 - 4E - 8 = (E - 1)(E5 - 3E2 - 2)(E4 - 2E2 - 6E - 4)" gives an order 10
// recurrence satisfied by DDD(n) "as well as by the other 10 functions".
TEST(Rainbow, SeedsOrderTenRecurrenceHolds) {
  const std::vector<std::int64_t> poly = {1, -1, -2, -7, 5, 8, 14, -2, -4, -4, -8};  // E^10 first

  // The printed factorisation multiplies out to the printed polynomial.
  auto times = [](const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& b) {
    std::vector<std::int64_t> c(a.size() + b.size() - 1, 0);
    for (std::size_t i = 0; i < a.size(); ++i)
      for (std::size_t j = 0; j < b.size(); ++j) c[i + j] += a[i] * b[j];
    return c;
  };
  EXPECT_EQ(times(times({1, -1}, {1, 0, 0, -3, 0, -2}), {1, 0, -2, -6, -4}), poly);

  auto family = testing::family_of<variants::rainbow::RainbowFamily>();
  for (const std::string& code : codes(*family)) {
    std::vector<std::int64_t> f(33, 0);  // f[n], n = 1..32 (max_n)
    for (int n = 1; n <= 32; ++n) f[n] = static_cast<std::int64_t>(matrix_value(*family, code, n));
    for (int n = 1; n + 10 <= 32; ++n) {
      std::int64_t sum = 0;
      for (int k = 0; k <= 10; ++k) sum += poly[k] * f[n + 10 - k];
      EXPECT_EQ(sum, 0) << code << " from n=" << n;
    }
  }
}

// Seed 002: "DDD(n) ~ 0.6576 (2.3117...)^n", x the largest root of the quartic.
TEST(Rainbow, GrowthMatchesTheSeedsAsymptotics) {
  auto family = testing::family_of<variants::rainbow::RainbowFamily>();
  const double ddd31 = static_cast<double>(matrix_value(*family, "DDD", 31));
  const double ddd32 = static_cast<double>(matrix_value(*family, "DDD", 32));
  EXPECT_NEAR(ddd32 / ddd31, 2.3117, 5e-4);
  EXPECT_NEAR(ddd32 / std::pow(2.3117, 32), 0.6576, 0.6576 * 5e-3);
}

// Seed 002: "CDC(3) = 11 = 2 CBD(2) + 2 = 3 BDC(2) + 3", the instance where the two-
// and three-part routes tie.  As printed, each constant is one too large: the seed's
// own matrix gives CBD(2) = 5 and BDC(2) = 3, so the printed sums are 12.  The two-
// part route costs 2 CBD(2) + 1 (disc 3 moves once); the three-part route costs
// CDB(2) + BCB(2) + BDC(2) + 2 (disc 3 moves twice; CDB = BDC by reflection and
// BCB(2) = BDC(2) = 3, hence "3 BDC(2)").  Both give 11, which is also the search
// optimum.  We check the corrected identity and record the printed sums as a
// discrepancy in the seed.
TEST(Rainbow, CdcOfThreeTiesBothRoutes) {
  auto family = testing::family_of<variants::rainbow::RainbowFamily>();
  const std::uint64_t cdc3 = matrix_value(*family, "CDC", 3);
  const std::uint64_t cbd2 = matrix_value(*family, "CBD", 2);
  const std::uint64_t bdc2 = matrix_value(*family, "BDC", 2);
  const std::uint64_t bcb2 = matrix_value(*family, "BCB", 2);
  EXPECT_EQ(cdc3, 11u);
  EXPECT_EQ(cdc3, 2 * cbd2 + 1);            // two-part route
  EXPECT_EQ(cdc3, bdc2 + bcb2 + bdc2 + 2);  // three-part route
  EXPECT_EQ(2 * cbd2 + 2, 12u) << "the seed's printed constant, one too many";
  EXPECT_EQ(3 * bdc2 + 3, 12u) << "the seed's printed constant, one too many";
  EXPECT_EQ(family->optimum(family->normalize(Params{3, 0, "CDC"}), SearchOptions{}).optimum, 11u);
}

}  // namespace
}  // namespace hanoi

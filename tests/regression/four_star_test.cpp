// Four-Star: the engine against the Boost.Graph oracle (now in tests/conformance/) for both
// problems; seed 002's 3-smooth machinery (a_n, k, 2(a_1+...+a_n)) against independent
// computations; both recursive algorithms through the rule checker; and the counts against the
// exhaustive search.  The centre recursion is our derivation, not the seed's.
#include "variants/four_star/four_star.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "declared/four_star.hpp"
#include "support/family_handle.hpp"
#include "support/oracle.hpp"

namespace hanoi {
namespace {

namespace fs = variants::four_star;
using Wide = unsigned __int128;

// Independent a_1..a_count: every 2^i 3^j below 2^120, sorted.
std::vector<Wide> smooth_by_enumeration(std::size_t count) {
  const Wide bound = Wide{1} << 120;
  std::vector<Wide> all;
  for (Wide p2 = 1; p2 < bound; p2 *= 2)
    for (Wide x = p2; x < bound; x *= 3) all.push_back(x);
  std::sort(all.begin(), all.end());
  all.resize(count);
  return all;
}

// The k with 3^(k-1) <= a < 3^k, in integers.
int k_of(Wide a) {
  int k = 0;
  for (Wide p = 1; p <= a; p *= 3) ++k;
  return k;
}

// Independent Frame-type DP for `outer`: F(n) = min_k 2F(n-k) + 3^k - 1.
std::vector<Wide> outer_dp(int max_n) {
  std::vector<Wide> f(static_cast<std::size_t>(max_n) + 1, 0);
  for (int n = 1; n <= max_n; ++n) {
    Wide best = ~Wide{0}, p3 = 1;
    for (int k = 1; k <= n; ++k) {
      p3 *= 3;
      best = std::min(best, 2 * f[n - k] + p3 - 1);
    }
    f[n] = best;
  }
  return f;
}

TEST(FourStar, SmoothNumbersAndSeedK) {
  const std::vector<Wide> want = smooth_by_enumeration(400);
  const std::vector<std::uint64_t> got = fs::smooth_numbers(400);
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i)
    EXPECT_TRUE(static_cast<Wide>(got[i]) == want[i]) << "a_" << i + 1;
  for (int n = 1; n <= 31; ++n) EXPECT_EQ(fs::seed_k(n), k_of(want[n - 1])) << "n=" << n;
}

TEST(FourStar, SeedApproximationOfK) {
  // Seed 002: k = 1 + [log a_n / log 3] ~ [(2n log2/log3)^(1/2) + 0.1809],
  // "remarkably, the approximation is exact for n < 1737".
  const std::vector<Wide> a = smooth_by_enumeration(1800);
  int first_miss = 0;
  for (int n = 1; n <= 1800 && first_miss == 0; ++n) {
    const double approx = std::floor(std::sqrt(2.0 * n * std::log(2.0) / std::log(3.0)) + 0.1809);
    if (static_cast<int>(approx) != k_of(a[n - 1])) first_miss = n;
  }
  EXPECT_EQ(first_miss, 1737) << "first n where the seed's approximation of k is not exact";
}

TEST(FourStar, OuterClosedFormMatchesFrameDp) {
  // The seed's k and count 2(a_1+...+a_n) against the minimising Frame-type DP.
  const std::vector<Wide> f = outer_dp(39);
  for (int n = 1; n <= 39; ++n) {
    EXPECT_TRUE(static_cast<Wide>(fs::outer_moves(n)) == f[n]) << "n=" << n;
    const int k = fs::seed_k(n);
    Wide p3 = 1;
    for (int i = 0; i < k; ++i) p3 *= 3;
    EXPECT_TRUE(2 * f[n - k] + p3 - 1 == f[n]) << "seed k=" << k << " not optimal, n=" << n;
  }
}

TEST(FourStar, AlgorithmsAreLegalAndMatchTheirFormulas) {
  auto family = testing::family_of<fs::FourStarFamily>();
  for (const char* problem : {"outer", "centre"}) {
    for (int n = 1; n <= family->max_n(4); ++n) {
      const Params p = family->normalize(Params{n, 0, problem});
      const auto algs = family->algorithms(p);
      ASSERT_EQ(algs.size(), 1u) << problem;
      const RunReport r = family->run(p, algs.front()->name, false);
      EXPECT_TRUE(r.ok) << problem << " n=" << n << ": " << r.error;
      EXPECT_EQ(r.moves, *family->closed_form(p)) << problem << " n=" << n;
    }
  }
}

TEST(FourStar, OuterSearchOptimumIsTwiceTheSmoothSum) {
  auto family = testing::family_of<fs::FourStarFamily>();
  for (int n = 1; n <= 11; ++n) {
    const Params p = family->normalize(Params{n, 0, "outer"});
    const SearchResult r = family->optimum(p, SearchOptions{});
    ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
    EXPECT_EQ(r.optimum, fs::outer_moves(n)) << "n=" << n;
  }
}

TEST(FourStar, CentreSearchOptimumEqualsDerivedRecursion) {
  auto family = testing::family_of<fs::FourStarFamily>();
  for (int n = 1; n <= 11; ++n) {
    const Params p = family->normalize(Params{n, 0, "centre"});
    const SearchResult r = family->optimum(p, SearchOptions{});
    ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
    EXPECT_EQ(r.optimum, fs::centre_moves(n)) << "n=" << n;
  }
}

}  // namespace
}  // namespace hanoi

#include "engine/peg_codec.hpp"

#include <gtest/gtest.h>

#include <set>

namespace hanoi {
namespace {

// rank/unrank is a bijection on [0, m^n) and agrees with the per-disc fields.
TEST(PegCodec, RankIsDenseMixedRadixBijection) {
  for (int m = 2; m <= 8; ++m) {
    for (int n = 1; n <= 7; ++n) {
      const PegCodec c(m, n);
      ASSERT_EQ(c.size(), [&] {
        std::uint64_t s = 1;
        for (int i = 0; i < n; ++i) s *= m;
        return s;
      }());
      for (Rank r = 0; r < c.size(); ++r) {
        const std::uint64_t w = c.unrank(r);
        ASSERT_EQ(c.rank(w), r) << "m=" << m << " n=" << n;
        Rank digits = 0, place = 1;
        for (int d = 1; d <= n; ++d) {
          ASSERT_LT(c.peg(w, d), m);
          digits += static_cast<Rank>(c.peg(w, d)) * place;
          place *= static_cast<Rank>(m);
        }
        ASSERT_EQ(digits, r) << "digit d-1 is the peg of disc d";
      }
    }
  }
}

TEST(PegCodec, TopsAndDiscsOn) {
  const PegCodec c(4, 6);
  std::uint64_t w = 0;
  const int pegs[7] = {0, 2, 0, 3, 2, 2, 0};  // disc d on pegs[d]
  for (int d = 1; d <= 6; ++d) w = c.with_peg(w, d, pegs[d]);
  int top[4];
  c.tops(w, top);
  EXPECT_EQ(top[0], 2);
  EXPECT_EQ(top[1], 0);
  EXPECT_EQ(top[2], 1);
  EXPECT_EQ(top[3], 3);
  EXPECT_EQ(c.discs_on(w, 2), 0b11001u);  // discs 1, 4, 5
  EXPECT_EQ(c.discs_on(w, 1), 0u);
}

TEST(PegCodec, LargeRankSpaces) {
  const PegCodec c3(3, 32);
  const std::uint64_t w = c3.all_on(2);
  EXPECT_EQ(c3.rank(w), c3.size() - 1);
  EXPECT_EQ(c3.unrank(c3.size() - 1), w);
  EXPECT_THROW(PegCodec(3, 41), std::invalid_argument);
}

}  // namespace
}  // namespace hanoi

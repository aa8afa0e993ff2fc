// LevelCounts (engine/level_counts.hpp) against a std::vector model: one byte per
// small count, exceptions for large ones, blocks of 1 MiB.  The model is the plain
// vector the class replaces; every operation is checked on both.
#include "engine/level_counts.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <vector>

namespace hanoi {
namespace {

void expect_same(const LevelCounts& c, const std::vector<std::uint64_t>& model) {
  ASSERT_EQ(c.size(), model.size());
  ASSERT_EQ(c.empty(), model.empty());
  for (std::size_t i = 0; i < model.size(); ++i) ASSERT_EQ(c[i], model[i]) << "level " << i;
  EXPECT_EQ(c.sum(), std::accumulate(model.begin(), model.end(), std::uint64_t{0}));
  EXPECT_EQ(c.to_vector(), model);
  EXPECT_TRUE(c == model);
  if (!model.empty()) EXPECT_EQ(c.back(), model.back());
}

TEST(LevelCounts, SmallAndLargeCountsAcrossBlocks) {
  std::mt19937_64 rng(7);
  LevelCounts c;
  std::vector<std::uint64_t> model;
  // 2.5 blocks of levels; one in 50 counts is large (the exceptions), including
  // the boundary values 254, 255 and 256 and counts beyond 32 bits.
  const std::uint64_t specials[] = {0, 1, 254, 255, 256, 65535, std::uint64_t{1} << 40, ~0ULL};
  for (std::size_t i = 0; i < (5u << 19); ++i) {
    std::uint64_t v = rng() % 40;
    if (rng() % 50 == 0) v = specials[rng() % 8];
    c.push_back(v);
    model.push_back(v);
  }
  expect_same(c, model);
  // pop_back across a block boundary and over exceptions, then grow again.
  for (std::size_t k = 0; k < (1u << 19) + 3; ++k) {
    c.pop_back();
    model.pop_back();
  }
  expect_same(c, model);
  for (int k = 0; k < 1000; ++k) {
    const std::uint64_t v = (k % 3 == 0) ? 1000 + k : k % 7;
    c.push_back(v);
    model.push_back(v);
  }
  expect_same(c, model);
  // Copies and iterator arithmetic see the same counts.
  const LevelCounts copy = c;
  EXPECT_TRUE(copy == c);
  const std::vector<std::uint64_t> prefix(copy.begin(), copy.begin() + 300);
  EXPECT_EQ(prefix, std::vector<std::uint64_t>(model.begin(), model.begin() + 300));
  EXPECT_EQ(*std::max_element(c.begin(), c.end()), *std::max_element(model.begin(), model.end()));
  EXPECT_EQ(c.end() - c.begin(), static_cast<std::ptrdiff_t>(model.size()));
}

TEST(LevelCounts, OneBytePerSmallLevel) {
  LevelCounts c;
  for (int i = 0; i < 3 << 20; ++i) c.push_back(static_cast<std::uint64_t>(i % 200));
  // Three blocks of 1 MiB and no exceptions: a byte per level.
  EXPECT_EQ(c.bytes(), std::uint64_t{3} << 20);
  LevelCounts big{1, 300, 70000, 2};
  EXPECT_EQ(big.to_vector(), (std::vector<std::uint64_t>{1, 300, 70000, 2}));
  big.clear();
  EXPECT_TRUE(big.empty());
  EXPECT_EQ(big.sum(), 0u);
}

// The first block starts at a page and doubles, its bytes copied, up to a whole
// block: a search of a few hundred levels holds 4 KiB, not 1 MiB, and the counts
// survive every growth and pop_back across its old sizes.
TEST(LevelCounts, FirstBlockGrowsFromAPage) {
  LevelCounts c;
  std::vector<std::uint64_t> model;
  for (std::uint64_t i = 0; i < 300; ++i) {
    c.push_back(i % 251);
    model.push_back(i % 251);
  }
  EXPECT_EQ(c.bytes(), 4096u);
  expect_same(c, model);
  std::mt19937_64 rng(11);
  for (std::size_t i = model.size(); i < (1u << 20) + 5000; ++i) {
    const std::uint64_t v = rng() % 100 == 0 ? 1000 + i : rng() % 200;
    c.push_back(v);
    model.push_back(v);
    if (i == 4095 || i == 4096 || i == 8191 || i == 65536 || i == (1u << 20) - 1) {
      expect_same(c, model);
      c.pop_back();
      model.pop_back();
      c.push_back(v);
      model.push_back(v);
    }
  }
  expect_same(c, model);
  EXPECT_EQ(c.bytes() - c.bytes() % (1u << 20), std::uint64_t{2} << 20);
}

}  // namespace
}  // namespace hanoi

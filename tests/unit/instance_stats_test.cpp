// InstanceStats (analyses/instance_stats.hpp): every field against a plain reference
// computed here from the list of instances, merging in any split and order, ties,
// exact ratios and the sparse tail of the histogram.
#include "analyses/instance_stats.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <tuple>
#include <vector>

namespace hanoi {
namespace {

struct Row {
  std::uint64_t optimum, algorithm, id;
};

void expect_same(const InstanceStats& a, const InstanceStats& b) {
  EXPECT_EQ(a.instances(), b.instances());
  EXPECT_EQ(a.optimal_instances(), b.optimal_instances());
  EXPECT_EQ(a.sum_optimum(), b.sum_optimum());
  EXPECT_EQ(a.sum_algorithm(), b.sum_algorithm());
  EXPECT_EQ(a.max_excess(), b.max_excess());
  EXPECT_EQ(a.max_optimum(), b.max_optimum());
  EXPECT_EQ(a.max_ratio(), b.max_ratio());
  ASSERT_EQ(a.worst().has_value(), b.worst().has_value());
  if (a.worst()) {
    EXPECT_EQ(a.worst()->id, b.worst()->id);
  }
  ASSERT_EQ(a.worst_ratio().has_value(), b.worst_ratio().has_value());
  if (a.worst_ratio()) {
    EXPECT_EQ(a.worst_ratio()->id, b.worst_ratio()->id);
  }
  ASSERT_EQ(a.hardest().has_value(), b.hardest().has_value());
  if (a.hardest()) {
    EXPECT_EQ(a.hardest()->id, b.hardest()->id);
  }
  EXPECT_EQ(a.histogram(), b.histogram());
}

TEST(InstanceStats, EmptyHasNoExtremes) {
  const InstanceStats s;
  EXPECT_EQ(s.instances(), 0u);
  EXPECT_EQ(s.mean_optimum(), 0.0);
  EXPECT_EQ(s.max_excess(), 0u);
  EXPECT_EQ(s.max_ratio(), 0.0);
  EXPECT_FALSE(s.worst());
  EXPECT_FALSE(s.worst_ratio());
  EXPECT_FALSE(s.hardest());
  EXPECT_TRUE(s.histogram().empty());
}

TEST(InstanceStats, HandComputedSmallCase) {
  InstanceStats s;
  s.add(0, 0, 10);  // start is the goal: counts, but no ratio
  s.add(4, 4, 11);
  s.add(4, 6, 12);  // excess 2, ratio 1.5
  s.add(2, 4, 13);  // excess 2, ratio 2 (ties 12 on excess; 12 is smaller)
  s.add(3, 5, 14);  // excess 2, ratio 5/3
  EXPECT_EQ(s.instances(), 5u);
  EXPECT_EQ(s.optimal_instances(), 2u);
  EXPECT_EQ(s.sum_optimum(), 13u);
  EXPECT_EQ(s.sum_algorithm(), 19u);
  EXPECT_EQ(s.sum_excess(), 6u);
  EXPECT_DOUBLE_EQ(s.mean_optimum(), 13.0 / 5);
  EXPECT_DOUBLE_EQ(s.mean_algorithm(), 19.0 / 5);
  EXPECT_DOUBLE_EQ(s.mean_excess(), 6.0 / 5);
  EXPECT_EQ(s.max_excess(), 2u);
  EXPECT_EQ(s.worst()->id, 12u);
  EXPECT_EQ(s.worst()->optimum, 4u);
  EXPECT_EQ(s.worst()->algorithm, 6u);
  EXPECT_DOUBLE_EQ(s.max_ratio(), 2.0);
  EXPECT_EQ(s.worst_ratio()->id, 13u);
  EXPECT_EQ(s.max_optimum(), 4u);
  EXPECT_EQ(s.hardest()->id, 11u);
  EXPECT_EQ(s.histogram(), (std::map<std::uint64_t, std::uint64_t>{{0, 2}, {2, 3}}));
}

TEST(InstanceStats, TiesGoToTheSmallestIdWhateverTheOrder) {
  // Equal excess, equal ratio (2/1 = 4/2) and equal optimum, added in both orders.
  for (bool reversed : {false, true}) {
    std::vector<Row> rows = {{2, 4, 7}, {1, 2, 3}, {2, 4, 5}};
    if (reversed) std::reverse(rows.begin(), rows.end());
    InstanceStats s;
    for (const Row& r : rows) s.add(r.optimum, r.algorithm, r.id);
    EXPECT_EQ(s.worst()->id, 5u);        // excess 2 at ids 7 and 5
    EXPECT_EQ(s.worst_ratio()->id, 3u);  // ratio 2 at ids 3, 5 and 7
    EXPECT_EQ(s.hardest()->id, 5u);      // optimum 2 at ids 7 and 5
  }
}

TEST(InstanceStats, RatiosAreComparedExactly) {
  // 1e15+1 / 1e15 against 1e15+2 / 1e15+1: they differ by about 1e-30, below a
  // double's resolution near 1; the exact comparison still picks the first.
  const std::uint64_t big = 1000000000000000ull;
  InstanceStats s;
  s.add(big + 1, big + 2, 1);
  s.add(big, big + 1, 2);
  EXPECT_EQ(s.worst_ratio()->id, 2u);
}

TEST(InstanceStats, MergeInAnySplitEqualsOneStream) {
  std::mt19937_64 rng(42);
  std::vector<Row> rows;
  for (std::uint64_t id = 0; id < 5000; ++id) {
    const std::uint64_t optimum = rng() % 50;
    // Mostly small excesses, some in the sparse tail of the histogram.
    std::uint64_t excess = rng() % 4 == 0 ? rng() % 8 : 0;
    if (rng() % 500 == 0) excess = InstanceStats::kDenseExcess + rng() % 3;
    rows.push_back({optimum, optimum + excess, id});
  }
  InstanceStats whole;
  std::map<std::uint64_t, std::uint64_t> hist;
  std::uint64_t sum_opt = 0, sum_alg = 0, optimal = 0, max_excess = 0;
  for (const Row& r : rows) {
    whole.add(r.optimum, r.algorithm, r.id);
    ++hist[r.algorithm - r.optimum];
    sum_opt += r.optimum;
    sum_alg += r.algorithm;
    optimal += r.algorithm == r.optimum;
    max_excess = std::max(max_excess, r.algorithm - r.optimum);
  }
  EXPECT_EQ(whole.histogram(), hist);
  EXPECT_EQ(whole.sum_optimum(), sum_opt);
  EXPECT_EQ(whole.sum_algorithm(), sum_alg);
  EXPECT_EQ(whole.optimal_instances(), optimal);
  EXPECT_EQ(whole.max_excess(), max_excess);
  EXPECT_GE(max_excess, InstanceStats::kDenseExcess);

  for (int parts : {2, 3, 7}) {
    // Shuffled rows dealt round-robin into parts, merged in reverse order.
    std::vector<Row> shuffled = rows;
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    std::vector<InstanceStats> split(static_cast<std::size_t>(parts));
    for (std::size_t i = 0; i < shuffled.size(); ++i)
      split[i % split.size()].add(shuffled[i].optimum, shuffled[i].algorithm, shuffled[i].id);
    InstanceStats merged;
    for (auto it = split.rbegin(); it != split.rend(); ++it) merged.merge(*it);
    expect_same(merged, whole);
  }
  InstanceStats with_empty = whole;
  with_empty.merge(InstanceStats{});
  expect_same(with_empty, whole);
  InstanceStats into_empty;
  into_empty.merge(whole);
  expect_same(into_empty, whole);
}

TEST(InstanceStats, AlgorithmBelowOptimumIsABug) {
  InstanceStats s;
  EXPECT_THROW(s.add(5, 4, 0), std::logic_error);
  EXPECT_EQ(s.instances(), 0u);
}

}  // namespace
}  // namespace hanoi

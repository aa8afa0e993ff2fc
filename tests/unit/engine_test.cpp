// Unit tests of the generic engine: segmented storage, byte sizes, the breadth-first
// search on synthetic graphs with known answers (or a plain reference BFS), the rule
// checker, and the family boundary's run reports.
#include <gtest/gtest.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "analyses/replay.hpp"
#include "declared/classic.hpp"
#include "engine/bfs.hpp"
#include "engine/memory.hpp"
#include "engine/storage.hpp"
#include "support/family_handle.hpp"
#include "support/synthetic_spaces.hpp"
#include "variants/classic/classic.hpp"

namespace hanoi {
namespace {

using testing::Hypercube;
using testing::LabelledGraph;
using testing::Ladder;
using testing::NodeState;
using testing::RandomPermutationGraph;

static_assert(StateSpace<LabelledGraph<true>>);
static_assert(HasPredecessors<LabelledGraph<false>>);
static_assert(StateSpace<Hypercube>);
static_assert(HasPredecessors<RandomPermutationGraph<false>>);
static_assert(StateSpace<Ladder>);

constexpr std::uint64_t kPer = std::uint64_t{1} << kSegmentLog2;

// =================================================================================
// SegmentedArray and BitStore
// =================================================================================

TEST(SegmentedArray, IndexesAcrossSegments) {
  const std::uint64_t size = 3 * kPer + 5;
  SegmentedArray<std::uint8_t> a(size);
  EXPECT_EQ(a.size(), size);
  EXPECT_EQ(a.segment_count(), 4u);
  EXPECT_EQ(a.bytes(), size);
  const std::vector<std::uint64_t> idx = {
      0, 1, kPer - 1, kPer, kPer + 1, 2 * kPer - 1, 2 * kPer, 3 * kPer - 1, 3 * kPer, 3 * kPer + 4};
  for (std::uint64_t i : idx) EXPECT_EQ(a[i], 0) << "zero-filled at " << i;
  for (std::size_t k = 0; k < idx.size(); ++k) a[idx[k]] = static_cast<std::uint8_t>(k + 1);
  for (std::size_t k = 0; k < idx.size(); ++k) EXPECT_EQ(a[idx[k]], k + 1) << "at " << idx[k];
  // Neighbours of the boundaries were not written through aliasing.
  EXPECT_EQ(a[kPer - 2], 0);
  EXPECT_EQ(a[kPer + 2], 0);
  EXPECT_EQ(a[3 * kPer + 3], 0);
  // segment(s)[j] is element s * 2^kSegmentLog2 + j.
  EXPECT_EQ(a.segment(1)[0], a[kPer]);
  EXPECT_EQ(a.segment(2)[kPer - 1], a[3 * kPer - 1]);
  a.segment(3)[2] = 99;
  EXPECT_EQ(a[3 * kPer + 2], 99);
  const auto& ca = a;
  EXPECT_EQ(ca[3 * kPer + 4], idx.size());
}

TEST(SegmentedArray, WideElementsAndClear) {
  // Two segments, the last one short; 2-byte elements so that clear() must scale
  // by sizeof(T) (it touches all 32 MiB).
  SegmentedArray<std::uint16_t> a(kPer + 7);
  EXPECT_EQ(a.segment_count(), 2u);
  EXPECT_EQ(a.bytes(), (kPer + 7) * 2);
  a[0] = 0xffff;
  a[kPer / 2] = 0x1234;
  a[kPer - 1] = 0xabcd;
  a[kPer] = 42;
  a[kPer + 6] = 7;
  EXPECT_EQ(a[kPer - 1], 0xabcd);
  EXPECT_EQ(a[kPer], 42u);
  a.clear();
  for (std::uint64_t i : {std::uint64_t{0}, kPer / 2, kPer - 1, kPer, kPer + 6})
    EXPECT_EQ(a[i], 0u) << i;
  a[kPer + 6] = 8;  // still usable after clear
  EXPECT_EQ(a[kPer + 6], 8u);
}

TEST(SegmentedArray, EmptyAndDefault) {
  SegmentedArray<std::uint8_t> d;
  EXPECT_EQ(d.size(), 0u);
  EXPECT_EQ(d.segment_count(), 0u);
  SegmentedArray<std::uint8_t> e(0);
  EXPECT_EQ(e.segment_count(), 0u);
  EXPECT_EQ(e.bytes(), 0u);
  e.clear();
  SegmentedArray<std::uint8_t> one(1);
  EXPECT_EQ(one.segment_count(), 1u);
  SegmentedArray<std::uint8_t> exact(kPer);
  EXPECT_EQ(exact.segment_count(), 1u);
  SegmentedArray<std::uint8_t> over(kPer + 1);
  EXPECT_EQ(over.segment_count(), 2u);
}

TEST(BitStore, TestAndSetSemantics) {
  BitStore b(200);
  EXPECT_EQ(b.ranks(), 200u);
  EXPECT_EQ(b.word_count(), 4u);
  EXPECT_EQ(b.bytes(), 32u);
  for (Rank r = 0; r < 200; ++r) ASSERT_FALSE(b.test(r));
  EXPECT_TRUE(b.test_and_set(0));
  EXPECT_FALSE(b.test_and_set(0)) << "second set of the same rank must report not-new";
  EXPECT_TRUE(b.test(0));
  EXPECT_FALSE(b.test(1));
  EXPECT_TRUE(b.test_and_set(63));
  EXPECT_TRUE(b.test_and_set(64));
  EXPECT_TRUE(b.test_and_set(199));
  EXPECT_FALSE(b.test_and_set(63));
  EXPECT_FALSE(b.test(62));
  EXPECT_FALSE(b.test(65));
  EXPECT_EQ(b.word(0), (std::uint64_t{1} << 63) | 1u);
  EXPECT_EQ(b.word(1), 1u);
  EXPECT_EQ(b.word(3), std::uint64_t{1} << (199 - 192));
  b.set_atomic(5);
  b.set_unsynchronized(6);
  EXPECT_TRUE(b.test(5));
  EXPECT_TRUE(b.test(6));
  EXPECT_FALSE(b.test_and_set(5));
  b.clear_word(0);
  EXPECT_FALSE(b.test(0));
  EXPECT_FALSE(b.test(5));
  EXPECT_FALSE(b.test(63));
  EXPECT_TRUE(b.test(64)) << "clear_word(0) must not touch word 1";
  b.clear();
  for (Rank r = 0; r < 200; ++r) ASSERT_FALSE(b.test(r)) << r;
  EXPECT_TRUE(b.test_and_set(64));
}

TEST(BitStore, ForEachSetOverManyRanks) {
  const Rank ranks = (Rank{3} << 24) + 5;
  BitStore b(ranks);
  EXPECT_EQ(b.word_count(), (ranks + 63) / 64);
  const std::vector<Rank> set = {
      0, 1, (Rank{1} << 24) - 1, Rank{1} << 24, (Rank{2} << 24) + 17, ranks - 1};
  for (auto it = set.rbegin(); it != set.rend(); ++it) EXPECT_TRUE(b.test_and_set(*it));
  std::vector<Rank> seen;
  b.for_each_set(0, b.word_count(), [&](Rank r) { seen.push_back(r); });
  EXPECT_EQ(seen, set) << "every set rank, once, ascending";
  // A word range restricts the scan: only words [2^24/64, 2^24/64 + 1).
  seen.clear();
  b.for_each_set((Rank{1} << 24) / 64, (Rank{1} << 24) / 64 + 1,
                 [&](Rank r) { seen.push_back(r); });
  EXPECT_EQ(seen, std::vector<Rank>{Rank{1} << 24});
  seen.clear();
  b.for_each_set(1, (Rank{1} << 24) / 64, [&](Rank r) { seen.push_back(r); });
  EXPECT_EQ(seen, std::vector<Rank>{(Rank{1} << 24) - 1});
  b.clear();
  seen.clear();
  b.for_each_set(0, b.word_count(), [&](Rank r) { seen.push_back(r); });
  EXPECT_TRUE(seen.empty());
  for (Rank r : set) EXPECT_FALSE(b.test(r));
  for (Rank r : set) EXPECT_TRUE(b.test_and_set(r)) << "after clear, ranks are new again";
}

TEST(BitStore, WordsSpanTwoSegments) {
  // 2^30 ranks fill exactly one segment of 2^24 words; the rest go to a second one.
  // The allocation is lazily committed: only the pages touched here cost memory.
  const Rank ranks = (Rank{1} << 30) + 1000;
  BitStore b(ranks);
  EXPECT_EQ(b.word_count(), (Rank{1} << 24) + 16);
  EXPECT_EQ(b.bytes(), ((Rank{1} << 24) + 16) * 8);
  const std::vector<Rank> set = {(Rank{1} << 30) - 1, Rank{1} << 30, (Rank{1} << 30) + 64,
                                 ranks - 1};
  for (Rank r : set) EXPECT_TRUE(b.test_and_set(r));
  for (Rank r : set) EXPECT_FALSE(b.test_and_set(r));
  EXPECT_FALSE(b.test((Rank{1} << 30) - 2));
  EXPECT_FALSE(b.test((Rank{1} << 30) + 1));
  EXPECT_FALSE(b.test(0));
  std::vector<Rank> seen;
  b.for_each_set((Rank{1} << 24) - 4, b.word_count(), [&](Rank r) { seen.push_back(r); });
  EXPECT_EQ(seen, set);
  EXPECT_EQ(b.word(Rank{1} << 24), 1u);
  EXPECT_EQ(b.word((Rank{1} << 24) - 1), std::uint64_t{1} << 63);
}

TEST(BitStore, LargeStoresReadZeroTakeWritesAndStartOnAHugePage) {
  // From 1 MiB a segment is mapped from a 2 MiB boundary with the rest of its last
  // huge page where that adds at most an eighth (storage.hpp, map_huge); below, it
  // comes from calloc.  Either way it reads zero and takes writes up to its last word.
  const std::uint64_t mib = std::uint64_t{1} << 17;  // words in 1 MiB
  for (std::uint64_t words : {mib - 1, mib, 253705 * std::uint64_t{1}, 2 * mib + 1, 5 * mib}) {
    SCOPED_TRACE(words);
    BitStore a(words * 64), b(words * 64);
    const auto* first = a.segment_words(0);
    if (words >= mib) EXPECT_EQ(reinterpret_cast<std::uintptr_t>(first) % (2 * 8 * mib), 0u);
    for (std::uint64_t i : {std::uint64_t{0}, words / 2, words - 1}) {
      EXPECT_EQ(a.word(i), 0u);
      a.set_word(i, i | 1);
    }
    b.copy_words(a, 0, words);
    for (std::uint64_t i : {std::uint64_t{0}, words / 2, words - 1}) EXPECT_EQ(b.word(i), i | 1);
    EXPECT_EQ(b.word(1), 0u);
  }
}

TEST(BitStore, CopyWordsAcrossSegments) {
  const Rank ranks = (Rank{1} << 30) + 1000;  // a second segment of 16 words
  BitStore a(ranks), b(ranks);
  const std::uint64_t seg = std::uint64_t{1} << kSegmentLog2;
  for (std::uint64_t i = seg - 3; i < seg + 3; ++i) a.set_word(i, i);
  b.set_word(seg + 3, 7);
  b.copy_words(a, seg - 2, seg + 2);
  EXPECT_EQ(b.word(seg - 3), 0u);
  for (std::uint64_t i = seg - 2; i < seg + 2; ++i) EXPECT_EQ(b.word(i), i);
  EXPECT_EQ(b.word(seg + 2), 0u);
  EXPECT_EQ(b.word(seg + 3), 7u);
}

TEST(BlockCursor, FirstNonzeroFindsEachWordOfTheLevelAcrossSegments) {
  // The block kernel's cursor finds the next word of the in-memory level (newer \
  // older) four words at a time within a segment (block_kernel.hpp,
  // NewerLevelWords::first_nonzero): a word at every place in that stride and at the
  // segment's end must be found from every start before it, and a word in older too
  // (a state of an earlier level) never.
  const Rank ranks = (Rank{1} << 30) + 640;  // a second segment of 10 words
  BitStore newer(ranks), older(ranks);
  const block_detail::SegmentTable<const std::uint64_t> nt(newer), ot(older);
  const block_detail::NewerLevelWords words(nt, ot);
  const std::uint64_t seg = std::uint64_t{1} << kSegmentLog2, last = newer.word_count() - 1;
  EXPECT_EQ(words.first_nonzero(0, 40), 41u);
  newer.set_word(6, 3);
  older.set_word(6, 3);
  newer.set_word(last, 1);
  older.set_word(last, 1);
  for (std::uint64_t t :
       {std::uint64_t{8}, std::uint64_t{9}, std::uint64_t{10}, std::uint64_t{11}, std::uint64_t{12},
        seg - 5, seg - 4, seg - 2, seg - 1, seg, seg + 1, last - 1}) {
    SCOPED_TRACE(t);
    newer.set_word(t, std::uint64_t{1} << (t % 64));
    for (std::uint64_t back = 0; back <= 8; ++back) {
      EXPECT_EQ(words.first_nonzero(t - back, t), t);
      EXPECT_EQ(words.first_nonzero(t - back, std::min(last, t + 70)), t);
    }
    EXPECT_EQ(words.first_nonzero(t - 8, t - 1), t);  // none in [t - 8, t - 1]
    EXPECT_EQ(words.first_nonzero(t + 1, std::min(last, t + 70)), std::min(last, t + 70) + 1);
    newer.set_word(t, 0);
  }
  EXPECT_EQ(words.first_nonzero(0, last), last + 1);
}

TEST(BitStore, ConcurrentTestAndSetHasExactlyOneWinnerPerRank) {
  const Rank ranks = 1 << 16;
  const int tries = 8;
  BitStore b(ranks);
  std::vector<std::atomic<int>> wins(ranks);
  tbb::task_arena arena(4);
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, std::size_t(ranks * tries), [&](std::size_t i) {
      // Spread the attempts on one rank over different tasks.
      const Rank r = (static_cast<Rank>(i) * 40503u) % ranks;
      if (b.test_and_set(r)) wins[r].fetch_add(1);
    });
  });
  for (Rank r = 0; r < ranks; ++r) {
    ASSERT_EQ(wins[r].load(), 1) << "rank " << r;
    ASSERT_TRUE(b.test(r));
  }
}

// =================================================================================
// parse_byte_size and format_bytes
// =================================================================================

TEST(ByteSize, ParsesValidSizes) {
  struct Case {
    const char* text;
    std::uint64_t bytes;
  };
  const Case cases[] = {
      {"0", 0},
      {"12", 12},
      {"12B", 12},
      {"1", 1},
      {"64K", 64ULL << 10},
      {"64k", 64ULL << 10},
      {"64KB", 64ULL << 10},
      {"64KiB", 64ULL << 10},
      {"64kib", 64ULL << 10},
      {"512M", 512ULL << 20},
      {"512MiB", 512ULL << 20},
      {"8G", 8ULL << 30},
      {"8g", 8ULL << 30},
      {"8GB", 8ULL << 30},
      {"1T", 1ULL << 40},
      {"16777215T", 16777215ULL << 40},  // largest T that fits in 64 bits
      {"17179869183G", 17179869183ULL << 30},
      {"1844674407370955161", 1844674407370955161ULL},
  };
  for (const Case& c : cases) {
    const auto got = parse_byte_size(c.text);
    ASSERT_TRUE(got.has_value()) << c.text;
    EXPECT_EQ(*got, c.bytes) << c.text;
  }
}

TEST(ByteSize, RejectsInvalidSizes) {
  for (const char* text : {"",
                           "G",
                           "B",
                           "1.5G",
                           "1,5G",
                           "8X",
                           "8GX",
                           "8GiBB",
                           "8KG",
                           " 8G",
                           "8G ",
                           "-1",
                           "+1",
                           "abc",
                           "8 G",
                           "0x10",
                           "99999999999T",
                           "16777216T",
                           "17179869184G",
                           "18446744073709551616",
                           "99999999999999999999999"}) {
    EXPECT_FALSE(parse_byte_size(text).has_value()) << "'" << text << "' should be rejected";
  }
}

TEST(ByteSize, FormatsBinaryUnits) {
  EXPECT_EQ(format_bytes(0), "0 B");
  EXPECT_EQ(format_bytes(1), "1 B");
  EXPECT_EQ(format_bytes(1023), "1023 B");
  EXPECT_EQ(format_bytes(1024), "1.00 KiB");
  EXPECT_EQ(format_bytes(1536), "1.50 KiB");
  EXPECT_EQ(format_bytes(512ULL << 20), "512.00 MiB");
  EXPECT_EQ(format_bytes(8ULL << 30), "8.00 GiB");
  EXPECT_EQ(format_bytes((3ULL << 40) / 2), "1.50 TiB");
  EXPECT_EQ(format_bytes(1ULL << 50), "1024.00 TiB");
  // Round trip through the parser for whole units.
  EXPECT_EQ(format_bytes(*parse_byte_size("8G")), "8.00 GiB");
  EXPECT_EQ(format_bytes(*parse_byte_size("512M")), "512.00 MiB");
}

// =================================================================================
// breadth_first_search on synthetic spaces
// =================================================================================

// Generic consistency of a completed search result.
void expect_consistent(const SearchResult& r) {
  ASSERT_FALSE(r.level_sizes.empty());
  EXPECT_EQ(r.level_sizes[0], 1u);
  EXPECT_EQ(std::accumulate(r.level_sizes.begin(), r.level_sizes.end(), std::uint64_t{0}),
            r.states_reached);
  EXPECT_EQ(r.eccentricity + 1, r.level_sizes.size());
  for (std::size_t i = 0; i < r.level_sizes.size(); ++i)
    EXPECT_GT(r.level_sizes[i], 0u) << "empty level " << i << " inside the result";
  EXPECT_LE(r.search_bytes, estimate_search_bytes(r.rank_space, true));
  EXPECT_GE(r.search_bytes, (r.rank_space + 63) / 64 * 8) << "at least the visited bitmap";
  EXPECT_DOUBLE_EQ(r.bits_per_state(),
                   8.0 * static_cast<double>(r.search_bytes) / static_cast<double>(r.rank_space));
  EXPECT_GE(r.seconds, 0.0);
}

// The witness replays legally with the space's own rule check, from the start, and
// ends at a goal after exactly `optimum` moves; with distances, every prefix is a
// shortest path (the k-th state is at distance k).
template <class V>
void expect_valid_witness(const V& v, const SearchResult& r,
                          const std::vector<int>* dist = nullptr) {
  ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
  ASSERT_EQ(r.path.size(), r.optimum);
  auto s = v.start();
  for (std::size_t k = 0; k < r.path.size(); ++k) {
    const Move m = r.path[k];
    const auto c = v.check_move(s, m.from, m.to);
    ASSERT_TRUE(c.legal) << "witness move " << k << " (" << int(m.from) << "->" << int(m.to)
                         << ") is not an edge from " << v.describe(s);
    s = c.next;
    if (dist) {
      ASSERT_EQ((*dist)[v.rank(s)], static_cast<int>(k + 1))
          << "witness state " << k + 1 << " is not at that distance";
    }
  }
  EXPECT_TRUE(v.is_goal(s)) << "witness ends at " << v.describe(s);
}

template <class V>
void expect_matches_reference(const V& v, const SearchResult& got,
                              const testing::ReferenceBfs& want) {
  expect_consistent(got);
  EXPECT_TRUE(got.complete);
  EXPECT_EQ(got.level_sizes, want.level_sizes);
  EXPECT_EQ(got.states_reached, want.reached);
  EXPECT_EQ(got.rank_space, v.num_ranks());
  ASSERT_EQ(got.outcome == SearchOutcome::kGoalReached, want.goal_distance >= 0);
  if (want.goal_distance >= 0) {
    EXPECT_EQ(got.optimum, static_cast<std::uint64_t>(want.goal_distance));
  }
}

SearchOptions with_path(bool path = true) {
  SearchOptions o;
  o.want_path = path;
  return o;
}

LabelledGraph<true> cycle(std::uint32_t n, std::uint32_t goal) {
  std::vector<LabelledGraph<true>::Edge> edges;
  for (std::uint32_t i = 0; i < n; ++i) edges.push_back({i, (i + 1) % n, 0, 1});
  return LabelledGraph<true>(n, 2, 0, {goal}, edges);
}

TEST(Bfs, UndirectedEvenCycle) {
  const auto g = cycle(10, 5);
  const SearchResult r = breadth_first_search(g, with_path());
  expect_consistent(r);
  EXPECT_EQ(r.level_sizes, (std::vector<std::uint64_t>{1, 2, 2, 2, 2, 1}));
  EXPECT_EQ(r.states_reached, 10u);
  EXPECT_EQ(r.eccentricity, 5u);
  EXPECT_TRUE(r.complete);
  ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
  EXPECT_EQ(r.optimum, 5u);
  expect_valid_witness(g, r);
}

TEST(Bfs, UndirectedOddCycleAndPath) {
  const auto odd = cycle(7, 4);
  const SearchResult r = breadth_first_search(odd, with_path());
  expect_consistent(r);
  EXPECT_EQ(r.level_sizes, (std::vector<std::uint64_t>{1, 2, 2, 2}));
  EXPECT_EQ(r.optimum, 3u);
  expect_valid_witness(odd, r);
  // The witness goes the short way round: three moves backwards, (1, 0) each.
  for (const Move& m : r.path)
    EXPECT_EQ(std::make_pair(int(m.from), int(m.to)), std::make_pair(1, 0));

  // A path 0 - 1 - ... - 5 searched from node 2, goal 5.
  std::vector<LabelledGraph<true>::Edge> edges;
  for (std::uint32_t i = 0; i + 1 < 6; ++i) edges.push_back({i, i + 1, 0, 1});
  const LabelledGraph<true> path(6, 2, 2, {5}, edges);
  const SearchResult p = breadth_first_search(path, with_path());
  expect_consistent(p);
  EXPECT_EQ(p.level_sizes, (std::vector<std::uint64_t>{1, 2, 2, 1}));
  EXPECT_EQ(p.eccentricity, 3u);
  EXPECT_EQ(p.optimum, 3u);
  expect_valid_witness(path, p);
}

TEST(Bfs, StartIsGoal) {
  const auto g = cycle(6, 0);
  SearchOptions o = with_path();
  const SearchResult r = breadth_first_search(g, o);
  ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
  EXPECT_EQ(r.optimum, 0u);
  EXPECT_TRUE(r.path.empty());
  EXPECT_EQ(r.states_reached, 6u) << "a full search still explores everything";
  EXPECT_EQ(r.eccentricity, 3u);
  o.stop_at_goal = true;
  const SearchResult s = breadth_first_search(g, o);
  ASSERT_EQ(s.outcome, SearchOutcome::kGoalReached);
  EXPECT_EQ(s.optimum, 0u);
  EXPECT_FALSE(s.complete);
  EXPECT_EQ(s.level_sizes, std::vector<std::uint64_t>{1});
  EXPECT_EQ(s.states_reached, 1u);
}

// Directed: the goal G (depth 2) has a predecessor B4 at depth 4, which a witness
// keyed on depth mod 3 (4 = 1 mod 3, like G's true parent A at depth 1) could take,
// and an unreachable predecessor X.  G's predecessors are enumerated X (0,1), B4
// (0,2), A (2,1): the true parent comes last.
//
//   S=0 -(0,1)-> A=1 -(2,1)-> G=2 -(1,0)-> H=7 -(1,0)-> S
//   S -(0,2)-> B1=3 -(0,2)-> B2=4 -(0,2)-> B3=5 -(0,2)-> B4=6 -(0,2)-> G
//   G -(2,1)-> B3;   X=8 (unreachable) -(0,1)-> G and -(2,0)-> S
LabelledGraph<false> witness_trap() {
  return LabelledGraph<false>(9, 3, 0, {2},
                              {{0, 1, 0, 1},
                               {1, 2, 2, 1},
                               {0, 3, 0, 2},
                               {3, 4, 0, 2},
                               {4, 5, 0, 2},
                               {5, 6, 0, 2},
                               {6, 2, 0, 2},
                               {2, 7, 1, 0},
                               {7, 0, 1, 0},
                               {2, 5, 2, 1},
                               {8, 2, 0, 1},
                               {8, 0, 2, 0}});
}

TEST(Bfs, DirectedWitnessIgnoresDeeperPredecessors) {
  const auto g = witness_trap();
  const SearchResult r = breadth_first_search(g, with_path());
  expect_consistent(r);
  EXPECT_EQ(r.level_sizes, (std::vector<std::uint64_t>{1, 2, 2, 2, 1}));
  EXPECT_EQ(r.states_reached, 8u);
  EXPECT_EQ(r.eccentricity, 4u);
  ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
  EXPECT_EQ(r.optimum, 2u);
  expect_valid_witness(g, r);
  ASSERT_EQ(r.path.size(), 2u);
  EXPECT_EQ(r.path[0], testing::label(0, 1));
  EXPECT_EQ(r.path[1], testing::label(2, 1));
}

TEST(Bfs, DirectedGoalReachableOnlyBackwards) {
  // 0 -> 1 -> 2 and 3 -> 0: the goal 3 reaches the start, but not the other way.
  const LabelledGraph<false> g(4, 2, 0, {3}, {{0, 1, 0, 1}, {1, 2, 0, 1}, {3, 0, 1, 0}});
  const SearchResult r = breadth_first_search(g, with_path());
  expect_consistent(r);
  EXPECT_EQ(r.outcome, SearchOutcome::kGoalUnreachable);
  EXPECT_EQ(r.level_sizes, (std::vector<std::uint64_t>{1, 1, 1}));
  EXPECT_EQ(r.states_reached, 3u);
  EXPECT_TRUE(r.path.empty());
  EXPECT_TRUE(r.complete);
}

TEST(Bfs, UndirectedGoalInAnotherComponent) {
  // 0 - 1 - 2 and 3 - 4, goal 4; five more ranks that are not states at all.
  const LabelledGraph<true> g(5, 2, 0, {4}, {{0, 1, 0, 1}, {1, 2, 0, 1}, {3, 4, 0, 1}}, 5);
  for (bool stop : {false, true}) {
    SearchOptions o = with_path();
    o.stop_at_goal = stop;
    const SearchResult r = breadth_first_search(g, o);
    expect_consistent(r);
    EXPECT_EQ(r.outcome, SearchOutcome::kGoalUnreachable);
    EXPECT_EQ(r.level_sizes, (std::vector<std::uint64_t>{1, 1, 1}));
    EXPECT_EQ(r.states_reached, 3u);
    EXPECT_EQ(r.rank_space, 10u);
    EXPECT_TRUE(r.complete) << "nothing to stop at";
  }
}

TEST(Bfs, LongThinGraphInLargeRankSpace) {
  // 100000 levels of 3 states in a rank space of 2^26: a search whose per-level cost
  // grew with the rank space (2^20 bitmap words) would take minutes.
  const std::uint32_t levels = 100000;
  const Ladder g(levels, Rank{1} << 26);
  const auto t0 = std::chrono::steady_clock::now();
  const SearchResult r = breadth_first_search(g, with_path());
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  expect_consistent(r);
  ASSERT_EQ(r.level_sizes.size(), levels);
  // Level 2 also holds (0, 1) and (0, 2), reached back from level 1.
  EXPECT_EQ(r.level_sizes[0], 1u);
  EXPECT_EQ(r.level_sizes[1], 3u);
  EXPECT_EQ(r.level_sizes[2], 5u);
  for (std::uint32_t l = 3; l < levels; ++l) ASSERT_EQ(r.level_sizes[l], 3u) << "level " << l;
  EXPECT_EQ(r.states_reached, 3u * levels);
  EXPECT_EQ(r.eccentricity, levels - 1);
  ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
  EXPECT_EQ(r.optimum, levels - 1);
  expect_valid_witness(g, r);
  EXPECT_LT(secs, 5.0) << "a thin level must cost time proportional to its size";
}

TEST(Bfs, HypercubeDenseLevels) {
  // 2^20 states; level k holds C(20, k) states, up to 184756 > 2^20 / 64, so the
  // middle levels go through the dense bitmap frontier.
  const int dims = 20;
  std::vector<std::uint64_t> binomial(dims + 1, 1);
  for (int k = 1; k <= dims; ++k) binomial[k] = binomial[k - 1] * (dims - k + 1) / k;
  for (int threads : {1, 4}) {
    SCOPED_TRACE("threads=" + std::to_string(threads));
    tbb::task_arena arena(threads);
    const Hypercube all_ones(dims, 7, (1u << dims) - 1);
    const SearchResult r =
        arena.execute([&] { return breadth_first_search(all_ones, with_path()); });
    expect_consistent(r);
    EXPECT_EQ(r.level_sizes, binomial);
    EXPECT_EQ(r.states_reached, std::uint64_t{1} << dims);
    EXPECT_EQ(r.eccentricity, 20u);
    EXPECT_EQ(r.optimum, 20u);
    expect_valid_witness(all_ones, r);

    const std::uint32_t goal = 0b1010'0110'0001'0000'1001u;  // popcount 7
    const Hypercube seven(dims, 7, goal);
    const SearchResult s = arena.execute([&] { return breadth_first_search(seven, with_path()); });
    EXPECT_EQ(s.level_sizes, binomial);
    EXPECT_EQ(s.optimum, 7u);
    expect_valid_witness(seven, s);
  }
}

template <bool Reversible>
void random_graph_against_reference(int pegs, double density, std::uint64_t seed, int work = 0,
                                    Rank rank_space = 0, std::vector<int> thread_counts = {1, 4}) {
  const std::uint32_t nodes = 1u << 18;
  RandomPermutationGraph<Reversible> g(nodes, pegs, density, 12345, 1009, 17, seed);
  g.set_work(work);
  g.set_rank_space(rank_space);
  const testing::ReferenceBfs want = testing::reference_bfs(g, nodes);
  ASSERT_GT(*std::max_element(want.level_sizes.begin(), want.level_sizes.end()),
            dense_threshold(g.num_ranks()))
      << "the fixture should have levels large enough for the dense frontier";
  ASSERT_GE(want.goal_distance, 3) << "the fixture should have a non-trivial goal";
  for (int threads : thread_counts) {
    SCOPED_TRACE("threads=" + std::to_string(threads));
    tbb::task_arena arena(threads);
    const SearchResult r = arena.execute([&] { return breadth_first_search(g, with_path()); });
    expect_matches_reference(g, r, want);
    expect_valid_witness(g, r, &want.dist);
  }
}

TEST(Bfs, RandomDirectedGraphMatchesReference) {
  random_graph_against_reference<false>(3, 0.5, 1);
  random_graph_against_reference<false>(3, 0.35, 2);
}

TEST(Bfs, RandomUndirectedGraphMatchesReference) {
  random_graph_against_reference<true>(4, 0.3, 3);
}

// A vector level can only be expanded in parallel when it is larger than the serial
// cut-off (2048) yet smaller than one thread's buffer, so the per-thread buffers
// must be large: here the graph sits in a rank space of 2^23 (buffers of 2^23/512
// ranks, shared among the threads).  Slow expansions keep several threads busy, so
// when such a level spills into the dense frontier, several buffers hold part of
// the next level and every one must reach the frontier.
TEST(Bfs, ParallelVectorLevelSpillingToDense) {
  // Eight threads even on a smaller machine, so that several buffers are partly
  // filled when one of them spills.
  tbb::global_control allow(tbb::global_control::max_allowed_parallelism, 8);
  random_graph_against_reference<false>(3, 0.5, 5, 2000, Rank{1} << 25, {8});
}

TEST(Bfs, StopAtGoalKeepsThePrefix) {
  const RandomPermutationGraph<false> g(1u << 16, 3, 0.5, 7, 4001, 3, 4);
  const SearchResult full = breadth_first_search(g, with_path());
  ASSERT_EQ(full.outcome, SearchOutcome::kGoalReached);
  ASSERT_LT(full.optimum + 1, full.level_sizes.size()) << "fixture: levels beyond the goal";
  SearchOptions o = with_path();
  o.stop_at_goal = true;
  const SearchResult stopped = breadth_first_search(g, o);
  ASSERT_EQ(stopped.outcome, SearchOutcome::kGoalReached);
  EXPECT_FALSE(stopped.complete);
  EXPECT_TRUE(full.complete);
  EXPECT_EQ(stopped.optimum, full.optimum);
  const std::vector<std::uint64_t> prefix(full.level_sizes.begin(),
                                          full.level_sizes.begin() + full.optimum + 1);
  EXPECT_EQ(stopped.level_sizes, prefix);
  EXPECT_EQ(stopped.states_reached,
            std::accumulate(prefix.begin(), prefix.end(), std::uint64_t{0}));
  expect_valid_witness(g, stopped);

  // Without a witness too, and on a long ladder whose goal is its last level.
  const Ladder ladder(1000, 3000);
  o.want_path = false;
  const SearchResult l = breadth_first_search(ladder, o);
  EXPECT_EQ(l.optimum, 999u);
  EXPECT_EQ(l.level_sizes.size(), 1000u);
  EXPECT_EQ(l.states_reached, 3000u);
}

TEST(Bfs, MemoryBudgetIsEnforcedBeforeSearching) {
  const Hypercube g(20, 7, 5);
  const std::uint64_t need = estimate_search_bytes(g.num_ranks(), false);
  const std::uint64_t need_path = estimate_search_bytes(g.num_ranks(), true);
  EXPECT_EQ(need_path - need, g.num_ranks()) << "a witness costs one byte per rank";
  SearchOptions o;
  o.max_memory = 1;
  try {
    breadth_first_search(g, o);
    ADD_FAILURE() << "a 1-byte budget must be refused";
  } catch (const MemoryBudgetExceeded& e) {
    EXPECT_EQ(e.need(), need);
    EXPECT_EQ(e.budget(), 1u);
    EXPECT_NE(std::string(e.what()).find("memory budget is 1 B"), std::string::npos) << e.what();
  }
  o.max_memory = need - 1;
  EXPECT_THROW(breadth_first_search(g, o), MemoryBudgetExceeded);
  o.max_memory = need;
  EXPECT_NO_THROW(breadth_first_search(g, o));
  o.want_path = true;
  EXPECT_THROW(breadth_first_search(g, o), MemoryBudgetExceeded);
  o.max_memory = need_path;
  const SearchResult r = breadth_first_search(g, o);
  EXPECT_EQ(r.optimum, 2u);
  EXPECT_LE(r.search_bytes, need_path);
}

// A thin space (kThinLevels) plans `visited` alone and vectors of thin_threshold
// ranks; the two snapshot bitmaps are checked when a wide level asks for them.
struct ThinLadder : Ladder {
  using Ladder::Ladder;
  static constexpr bool kThinLevels = true;
};
struct ThinHypercube : Hypercube {
  using Hypercube::Hypercube;
  static constexpr bool kThinLevels = true;
};
static_assert(ThinSpace<ThinLadder> && !ThinSpace<Ladder>);

TEST(Bfs, ThinSpacePlansOneBitmap) {
  const Rank ranks = Rank{1} << 28;  // 32 MiB a bitmap
  const std::uint64_t bitmap = ranks / 8;
  EXPECT_EQ(estimate_search_bytes(ranks, false, false, false) -
                estimate_search_bytes(ranks, false, false, true),
            2 * bitmap + 4 * sizeof(Rank) * (dense_threshold(ranks) - thin_threshold(ranks)));
  EXPECT_EQ(thin_threshold(Rank{1} << 40), std::uint64_t{1} << 22);

  // A thin ladder runs within its thin plan, which the plain one would refuse.
  const ThinLadder thin(1000, ranks);
  const Ladder plain(1000, ranks);
  SearchOptions o;
  o.max_memory = estimate_search_bytes(ranks, false, false, true);
  ASSERT_LT(o.max_memory, estimate_search_bytes(ranks, false));
  EXPECT_THROW(breadth_first_search(plain, o), MemoryBudgetExceeded);
  const SearchResult t = breadth_first_search(thin, o);
  SearchOptions roomy;
  const SearchResult r = breadth_first_search(plain, roomy);
  EXPECT_EQ(t.level_sizes, r.level_sizes);
  EXPECT_EQ(t.optimum, 999u);
  EXPECT_LE(t.search_bytes, o.max_memory);

  // A wide space declared thin: within its thin plan it starts, and the first level
  // that turns to bitmaps is refused with a clear message; with room for the bitmaps
  // it gives the plain search's levels.
  const ThinHypercube cube(20, 7, 5);
  const Hypercube plain_cube(20, 7, 5);
  o.max_memory = estimate_search_bytes(cube.num_ranks(), false, false, true);
  try {
    breadth_first_search(cube, o);
    ADD_FAILURE() << "a wide level beyond the thin plan must be refused";
  } catch (const MemoryBudgetExceeded& e) {
    EXPECT_NE(std::string(e.what()).find("kept as bitmaps beside `visited`"), std::string::npos)
        << e.what();
  }
  o.max_memory = estimate_search_bytes(cube.num_ranks(), false, false, false);
  EXPECT_EQ(breadth_first_search(cube, o).level_sizes,
            breadth_first_search(plain_cube, roomy).level_sizes);
}

// The engine on the real classic space: its witness must be the unique optimal
// sequence, computed here by the textbook recursion.
void textbook(int k, int from, int via, int to, std::vector<Move>& out) {
  if (k == 0) return;
  textbook(k - 1, from, to, via, out);
  out.push_back(Move{static_cast<std::uint8_t>(k), static_cast<std::uint8_t>(from),
                     static_cast<std::uint8_t>(to)});
  textbook(k - 1, via, from, to, out);
}

std::vector<Move> textbook_moves(int n) {
  std::vector<Move> out;
  textbook(n, 0, 1, 2, out);
  return out;
}

TEST(Bfs, ClassicWitnessIsTheUniqueOptimum) {
  for (int n = 1; n <= 9; ++n) {
    const auto space = variants::classic::make_space(Params{n, 3, "transfer"});
    const SearchResult r = breadth_first_search(space, with_path());
    ASSERT_EQ(r.optimum, (std::uint64_t{1} << n) - 1);
    EXPECT_EQ(r.path, textbook_moves(n)) << "n=" << n;
  }
}

// =================================================================================
// Replayer (the rule checker) on classic n = 3
// =================================================================================

Move mv(int disc, int from, int to) {
  return Move{static_cast<std::uint16_t>(disc), static_cast<std::uint8_t>(from),
              static_cast<std::uint8_t>(to)};
}

class ReplayTest : public ::testing::Test {
 protected:
  const variants::classic::Space space = variants::classic::make_space(Params{3, 3, "transfer"});
  const std::vector<Move> optimal = textbook_moves(3);
};

TEST_F(ReplayTest, OptimalSequenceIsAccepted) {
  EXPECT_FALSE(replay(space, optimal).has_value());
  Replayer<variants::classic::Space> r(space);
  for (const Move& m : optimal) ASSERT_TRUE(r.step(m));
  EXPECT_TRUE(r.finish());
  EXPECT_EQ(r.count(), 7u);
  EXPECT_TRUE(space.is_goal(r.state()));
  EXPECT_FALSE(r.error().has_value());
  // Disc 0 means "not named": only the pegs are checked.
  std::vector<Move> unnamed = optimal;
  for (Move& m : unnamed) m.disc = 0;
  EXPECT_FALSE(replay(space, unnamed).has_value());
}

TEST_F(ReplayTest, LargerOnSmallerIsReportedWithIndexAndRule) {
  // After 1:0->2 2:0->1 1:2->1, peg 0 holds 3 and peg 1 holds 2, 1.
  std::vector<Move> moves(optimal.begin(), optimal.begin() + 3);
  moves.push_back(mv(3, 0, 1));
  moves.push_back(mv(3, 0, 2));
  const auto err = replay(space, moves);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->index, 3u);
  EXPECT_EQ(err->move, mv(3, 0, 1));
  EXPECT_EQ(err->reason, "a disc may not be placed on a smaller disc");

  Replayer<variants::classic::Space> r(space);
  for (std::size_t i = 0; i < 3; ++i) ASSERT_TRUE(r.step(moves[i]));
  const auto before = r.state();
  EXPECT_FALSE(r.step(mv(3, 0, 1)));
  EXPECT_EQ(r.count(), 3u);
  EXPECT_EQ(r.state(), before) << "an illegal move must not change the state";
  EXPECT_FALSE(r.step(mv(3, 0, 2))) << "after the first error every step fails";
  EXPECT_FALSE(r.finish());
  ASSERT_TRUE(r.error().has_value());
  EXPECT_EQ(r.error()->index, 3u) << "the first error is kept";
}

TEST_F(ReplayTest, OtherRuleBreaches) {
  struct Case {
    Move m;
    const char* reason;
  };
  for (const Case& c :
       {Case{mv(1, 1, 2), "the source peg is empty"}, Case{mv(1, 0, 0), "a move must change peg"},
        Case{mv(1, 0, 3), "peg out of range"}, Case{mv(1, 7, 0), "peg out of range"}}) {
    const auto err = replay(space, {optimal[0], c.m});
    ASSERT_TRUE(err.has_value());
    EXPECT_EQ(err->index, 1u);
    EXPECT_EQ(err->move, c.m);
    EXPECT_EQ(err->reason, c.reason);
  }
}

TEST_F(ReplayTest, WrongDiscNumberIsCaught) {
  auto err = replay(space, {mv(2, 0, 2)});
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->index, 0u);
  EXPECT_NE(err->reason.find("names disc 2"), std::string::npos) << err->reason;
  EXPECT_NE(err->reason.find("top disc on peg 0 is 1"), std::string::npos) << err->reason;
  // Deep in a sequence: the 4th move moves disc 3; call it disc 1.
  std::vector<Move> moves = optimal;
  moves[3].disc = 1;
  err = replay(space, moves);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->index, 3u);
  EXPECT_NE(err->reason.find("top disc on peg " + std::to_string(moves[3].from) + " is 3"),
            std::string::npos)
      << err->reason;
}

TEST_F(ReplayTest, WrongFinalStateIsReported) {
  const std::vector<Move> six(optimal.begin(), optimal.begin() + 6);
  auto err = replay(space, six);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->index, 6u) << "index == count for a wrong final state";
  EXPECT_EQ(err->move, Move{});
  EXPECT_EQ(err->reason.rfind("final state is not the goal", 0), 0u) << err->reason;
  // The state after six moves: disc 1 still on peg 0.
  EXPECT_NE(err->reason.find("0: 1"), std::string::npos) << err->reason;

  err = replay(space, {});
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->index, 0u);

  // Reaching the goal and moving on is not a solution either.
  std::vector<Move> extra = optimal;
  extra.push_back(mv(1, 2, 0));
  err = replay(space, extra);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->index, 8u);
}

TEST_F(ReplayTest, MoveCap) {
  Replayer<variants::classic::Space> exact(space, 7);
  for (const Move& m : optimal) ASSERT_TRUE(exact.step(m));
  EXPECT_TRUE(exact.finish()) << "a cap equal to the length is not exceeded";

  Replayer<variants::classic::Space> capped(space, 6);
  for (std::size_t i = 0; i < 6; ++i) ASSERT_TRUE(capped.step(optimal[i]));
  EXPECT_FALSE(capped.step(optimal[6]));
  ASSERT_TRUE(capped.error().has_value());
  EXPECT_EQ(capped.error()->index, 6u);
  EXPECT_EQ(capped.error()->move, optimal[6]);
  EXPECT_NE(capped.error()->reason.find("move cap of 6"), std::string::npos);
  EXPECT_FALSE(capped.finish());

  Replayer<variants::classic::Space> zero(space, 0);
  EXPECT_FALSE(zero.step(optimal[0]));
  EXPECT_EQ(zero.error()->index, 0u);
}

// =================================================================================
// The family boundary: run reports for algorithms that break the rules
// =================================================================================

std::unique_ptr<testing::FamilyHandle<variants::classic::Space>> test_family() {
  using Space = variants::classic::Space;
  Family<Space> spec;
  spec.info.name = "testfam";
  spec.info.summary = "classic rules with deliberately broken algorithms";
  spec.info.default_pegs = spec.info.min_pegs = spec.info.max_pegs = 3;
  spec.info.max_n = [](int) { return 10; };
  spec.info.problems = {{"transfer", "0 -> 2"}, {"other", "only for the problem check"}};
  spec.make = variants::classic::make_space;
  spec.info.algorithms = {
      {"good", "textbook", nullptr,
       [](const Params& p, MoveSink s) {
         for (const Move& m : textbook_moves(p.n)) s(m);
       }},
      {"illegal", "second move puts disc 2 on disc 1", nullptr,
       [](const Params&, MoveSink s) {
         s(mv(1, 0, 2));
         s(mv(2, 0, 2));
         s(mv(1, 2, 1));  // must never be reached
         ADD_FAILURE() << "emission must stop at the first illegal move";
       }},
      {"short", "stops one move early", nullptr,
       [](const Params& p, MoveSink s) {
         const auto moves = textbook_moves(p.n);
         for (std::size_t i = 0; i + 1 < moves.size(); ++i) s(moves[i]);
       }},
      {"throws", "gives up after two moves", nullptr,
       [](const Params&, MoveSink s) {
         s(mv(1, 0, 2));
         s(mv(2, 0, 1));
         throw std::logic_error("no legal choice");
       }},
      {"odd-only", "applies to odd n only", [](const Params& p) { return p.n % 2 == 1; },
       [](const Params& p, MoveSink s) {
         for (const Move& m : textbook_moves(p.n)) s(m);
       }},
  };
  return std::make_unique<testing::FamilyHandle<Space>>(std::move(spec));
}

TEST(Family, RunReports) {
  const auto fam = test_family();
  const Params p = fam->normalize(Params{3, 0, ""});
  EXPECT_EQ(p.pegs, 3);
  EXPECT_EQ(p.problem, "transfer");

  RunReport good = fam->run(p, "good", true);
  EXPECT_TRUE(good.ok) << good.error;
  EXPECT_EQ(good.moves, 7u);
  EXPECT_EQ(good.recorded, textbook_moves(3));

  RunReport bad = fam->run(p, "illegal", true);
  EXPECT_FALSE(bad.ok);
  EXPECT_EQ(bad.moves, 1u) << "legal moves before the first bad one";
  EXPECT_EQ(bad.error, "move 2 (disc 2 from 0 to 2): a disc may not be placed on a smaller disc");

  RunReport early = fam->run(p, "short", false);
  EXPECT_FALSE(early.ok);
  EXPECT_EQ(early.moves, 6u);
  EXPECT_EQ(early.error.rfind("final state is not the goal", 0), 0u) << early.error;

  RunReport thrown = fam->run(p, "throws", false);
  EXPECT_FALSE(thrown.ok);
  EXPECT_EQ(thrown.moves, 2u);
  EXPECT_EQ(thrown.error, "algorithm stopped after 2 moves: no legal choice");

  EXPECT_TRUE(fam->run(p, "odd-only", false).ok);
  const Params even = fam->normalize(Params{4, 3, "transfer"});
  try {
    fam->run(even, "odd-only", false);
    ADD_FAILURE() << "odd-only does not apply to n = 4";
  } catch (const UsageError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("unknown algorithm 'odd-only'"), std::string::npos) << what;
    const auto list = what.find("(algorithms: ");
    ASSERT_NE(list, std::string::npos) << what;
    EXPECT_EQ(what.find("odd-only", list), std::string::npos)
        << "listed although it does not apply: " << what;
    EXPECT_NE(what.find("good", list), std::string::npos) << what;
  }
  EXPECT_THROW(fam->run(p, "nope", false), UsageError);
}

TEST(Family, NormalizeRejectsOutOfRange) {
  const auto fam = test_family();
  EXPECT_THROW(fam->normalize(Params{0, 3, ""}), UsageError);
  EXPECT_THROW(fam->normalize(Params{11, 3, ""}), UsageError);
  EXPECT_NO_THROW(fam->normalize(Params{10, 3, ""}));
  EXPECT_THROW(fam->normalize(Params{3, 4, ""}), UsageError);
  EXPECT_THROW(fam->normalize(Params{3, 3, "nope"}), UsageError);
  EXPECT_EQ(fam->normalize(Params{3, 3, "other"}).problem, "other");
  try {
    fam->normalize(Params{3, 4, ""});
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()), "testfam has exactly 3 pegs (got --pegs 4)");
  }
  EXPECT_EQ(fam->rank_space(Params{5, 3, "transfer"}), 243u);
}

}  // namespace
}  // namespace hanoi

// The block kernel (engine/block_kernel.hpp; Checkers's in variants/checkers/block.hpp)
// against the per-state successor callback it replaces: on every state of every
// Checkers problem for small n, the successors it emits are exactly those of
// Space::for_each_successor; and whole searches level by level against the per-state
// engine (options.per_state), complete, with the half-depth test, and with the
// policies the kernel leaves to the per-state path; and the disk mode
// (engine/disk_bfs.hpp), whose segments the kernel expands, against the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/bfs.hpp"
#include "engine/block_kernel.hpp"
#include "engine/search.hpp"
#include "support/disk_bfs_options.hpp"
#include "support/resume.hpp"
#include "support/temp_dir.hpp"
#include "variants/checkers/checkers.hpp"

namespace hanoi {
namespace {

using variants::checkers::Space;
using variants::checkers::space_for_code;

// Every problem code the family offers: over A, B, D with pegs 0 and 3 not A (the
// start and the goal legal).
std::vector<std::string> all_codes() {
  std::vector<std::string> codes;
  const std::string letters = "ABD";
  for (char a : letters)
    for (char b : letters)
      for (char c : letters)
        for (char d : letters)
          if (a != 'A' && d != 'A') codes.push_back(std::string{a, b, c, d});
  return codes;
}

// A level of one state, as the kernel reads it.
struct OneState {
  Rank r;
  // Past every rank once `from` is past r (the part's end or beyond: none).
  Rank next(Rank from) const { return from <= r ? r : ~Rank{0}; }
  std::array<std::uint64_t, variants::checkers::BlockKernel::kBlockWords> bits(Rank first,
                                                                               int count) const {
    std::array<std::uint64_t, variants::checkers::BlockKernel::kBlockWords> out{};
    if (r >= first && r < first + static_cast<Rank>(count))
      out[(r - first) / 64] = std::uint64_t{1} << ((r - first) % 64);
    return out;
  }
};

// The successors the kernel hands over, as ranks.  Its slot is refilled with garbage
// before each use: the kernel must write every word of it.
struct CollectSink {
  std::set<Rank>& out;
  std::array<std::uint64_t, variants::checkers::BlockKernel::kBlockWords> words{};
  std::uint64_t* slot() {
    words.fill(0x5a5a5a5a5a5a5a5aULL);
    return words.data();
  }
  void push(Rank first, int count) {
    for (int k = 0; k < variants::checkers::BlockKernel::kBlockWords; ++k)
      for (std::uint64_t b = words[static_cast<std::size_t>(k)]; b != 0; b &= b - 1) {
        const int j = 64 * k + std::countr_zero(b);
        EXPECT_LT(j, count) << "a bit beyond the block";
        out.insert(first + static_cast<Rank>(j));
      }
  }
  void push_rank(Rank r) { out.insert(r); }
};

std::set<Rank> kernel_successors(const Space& v, Rank r) {
  const auto* K = v.block_kernel();
  std::set<Rank> out;
  CollectSink sink{out};
  OneState level{r};
  for (std::size_t p = 0; p < K->parts(); ++p) K->expand_part(p, level, sink);
  return out;
}

std::set<Rank> callback_successors(const Space& v, Rank r) {
  std::set<Rank> out;
  v.for_each_successor(v.unrank(r), [&](const Space::State& t, Move) { out.insert(v.rank(t)); });
  return out;
}

// The kernel's parts cover the ranks in order, without overlap; *largest: the most
// ranks one spans.
::testing::AssertionResult parts_cover_the_ranks(const Space& v, Rank* largest) {
  const auto* K = v.block_kernel();
  Rank next = 0;
  *largest = 0;
  for (std::size_t p = 0; p < K->parts(); ++p) {
    if (K->part_first(p) != next)
      return ::testing::AssertionFailure()
             << "part " << p << " starts at " << K->part_first(p) << ", not " << next;
    next += K->part_count(p);
    *largest = std::max(*largest, K->part_count(p));
  }
  if (next != v.num_ranks())
    return ::testing::AssertionFailure()
           << "the parts end at " << next << ", not " << v.num_ranks();
  return ::testing::AssertionSuccess();
}

TEST(CheckersBlock, EveryStateHasTheCallbacksSuccessors) {
  const std::vector<std::string> codes = all_codes();
  ASSERT_EQ(codes.size(), 36u);  // variants/checkers/instances.inc
  for (const std::string& code : codes) {
    for (int n = variants::checkers::BlockKernel::kMinDiscs; n <= 9; ++n) {
      const Space v = space_for_code(code, n);
      ASSERT_NE(v.block_kernel(), nullptr);
      Rank largest = 0;
      ASSERT_TRUE(parts_cover_the_ranks(v, &largest)) << code << " n=" << n;
      for (Rank r = 0; r < v.num_ranks(); ++r)
        ASSERT_EQ(kernel_successors(v, r), callback_successors(v, r))
            << code << " n=" << n << " state " << v.describe(v.unrank(r));
    }
  }
}

TEST(CheckersBlock, LargerStatesSampled) {
  // n = 13: parts fix the top five discs and the walk goes five discs deeper.
  const Space v = space_for_code("DDDD", 13);
  for (Rank r = 0; r < v.num_ranks(); r += 997)
    ASSERT_EQ(kernel_successors(v, r), callback_successors(v, r)) << v.describe(v.unrank(r));
}

TEST(CheckersBlock, LargeNFixesMoreDiscsPerPart) {
  // From n = 24 the top six discs leave parts of more than 2^25 ranks, so the kernel
  // fixes more: the parts still cover the ranks in order, none spans more, and the
  // successors of sampled states are the callback's.
  const Space v = space_for_code("DDDD", 24);
  const auto* K = v.block_kernel();
  EXPECT_GT(K->parts(), space_for_code("DDDD", 21).block_kernel()->parts());
  Rank largest = 0;
  ASSERT_TRUE(parts_cover_the_ranks(v, &largest));
  EXPECT_LE(largest, variants::checkers::BlockKernel::kMaxPartRanks);
  for (Rank r = 12345; r < v.num_ranks(); r += v.num_ranks() / 300)
    ASSERT_EQ(kernel_successors(v, r), callback_successors(v, r)) << v.describe(v.unrank(r));
}

TEST(CheckersBlock, NoKernelBelowFiveDiscs) {
  EXPECT_EQ(space_for_code("DDDD", 4).block_kernel(), nullptr);
  SearchOptions o;
  const SearchResult r = breadth_first_search(space_for_code("DDDD", 4), o);
  EXPECT_FALSE(r.block_kernel);
}

void expect_same_levels(const SearchResult& b, const SearchResult& s, const std::string& what) {
  EXPECT_TRUE(b.block_kernel) << what;
  EXPECT_FALSE(s.block_kernel) << what;
  EXPECT_EQ(b.level_sizes, s.level_sizes) << what;
  EXPECT_EQ(b.optimum, s.optimum) << what;
  EXPECT_EQ(b.outcome, s.outcome) << what;
  EXPECT_EQ(b.states_reached, s.states_reached) << what;
  EXPECT_EQ(b.eccentricity, s.eccentricity) << what;
  EXPECT_EQ(b.complete, s.complete) << what;
  EXPECT_EQ(b.met_in_middle, s.met_in_middle) << what;
  EXPECT_EQ(b.farthest, s.farthest) << what;
}

// The in-memory target's three kinds of word (a part's own, its two ends, another
// part's): whatever the kind, visited ends up as the OR of everything written, and
// the bits counted are exactly those that were new.
TEST(BlockKernelTarget, EveryWordKindCountsItsNewBitsOnce) {
  const Rank ranks = 64 * 40;
  BitStore visited(ranks);
  visited.set_word(3, 0xf0);   // outside the part, partly known
  visited.set_word(10, 0x1);   // the part's first word (shared)
  visited.set_word(12, 0xff);  // inside
  const block_detail::SegmentTable<std::uint64_t> table(visited);
  block_detail::VisitedTarget::Later later;
  block_detail::VisitedTarget target(table.data(), later);
  target.begin_part(64 * 10 + 5, 64 * 20 + 7);  // words 10..20, 11..19 its own
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> writes = {
      {12, 0x1ff}, {12, 0x1ff}, {15, 0},   {19, 0x8000000000000000ULL},  // own
      {10, 0x3},   {20, 0x2},                                            // ends
      {3, 0xff},   {30, 0x5},   {30, 0x4},                               // another part's
  };
  std::vector<std::uint64_t> expect(visited.word_count());
  for (std::uint64_t i = 0; i < visited.word_count(); ++i) expect[i] = visited.word(i);
  std::uint64_t new_bits = 0;
  for (const auto& [j, bits] : writes) {
    new_bits += static_cast<std::uint64_t>(std::popcount(bits & ~expect[j]));
    expect[j] |= bits;
    target.write_word(j, bits);
  }
  EXPECT_EQ(later.size(), 3u) << "the words outside the part wait";
  EXPECT_EQ(visited.word(30), 0u) << "not written before apply_later";
  const std::uint64_t found =
      target.found() + block_detail::VisitedTarget::apply_later(table.data(), later);
  EXPECT_EQ(found, new_bits);
  for (std::uint64_t i = 0; i < visited.word_count(); ++i)
    EXPECT_EQ(visited.word(i), expect[i]) << i;
}

// A part inside one word, or two: no word of its own, every write at its ends.
// A target over a plain vector of words, for the ring alone.
struct WordsTarget {
  std::vector<std::uint64_t>* words;
  void prefetch(Rank /*first*/) {}
  void write_word(std::uint64_t j, std::uint64_t bits) {
    if (j < words->size())
      (*words)[j] |= bits;
    else
      EXPECT_EQ(bits, 0u) << "a bit past the space, word " << j;
  }
};

TEST(BlockKernelTarget, RingWritesEveryBlockAndRankByItsDrain) {
  // Blocks at every alignment and single ranks, interleaved, more of each than the
  // rings hold: each bit reaches the target once drain() has run, and no other.
  std::vector<std::uint64_t> words(64);
  std::set<Rank> expect;
  block_detail::BlockRing<3, WordsTarget> ring(WordsTarget{&words});
  std::mt19937_64 rng(36);
  for (int k = 0; k < 100; ++k) {
    const Rank first = rng() % (64 * 61);
    std::uint64_t* out = ring.slot();
    for (int w = 0; w < 3; ++w) {
      const std::uint64_t bits = rng() & rng() & rng();
      out[w] = bits;
      for (std::uint64_t b = bits; b != 0; b &= b - 1)
        expect.insert(first + static_cast<Rank>(64 * w + std::countr_zero(b)));
    }
    ring.push(first, 192);
    const Rank r = rng() % (64 * 64);
    ring.push_rank(r);
    expect.insert(r);
  }
  ring.drain();
  std::set<Rank> got;
  for (std::uint64_t j = 0; j < words.size(); ++j)
    for (std::uint64_t b = words[j]; b != 0; b &= b - 1)
      got.insert(64 * j + static_cast<Rank>(std::countr_zero(b)));
  EXPECT_EQ(got, expect);
}

TEST(BlockKernelTarget, ShortPartsHaveOnlyEnds) {
  BitStore visited(64 * 8);
  const block_detail::SegmentTable<std::uint64_t> table(visited);
  block_detail::VisitedTarget::Later later;
  block_detail::VisitedTarget target(table.data(), later);
  for (const auto& [first, end] :
       std::vector<std::pair<Rank, Rank>>{{64 * 2 + 3, 64 * 2 + 9}, {64 * 2 + 60, 64 * 3 + 4}}) {
    target.begin_part(first, end);
    target.write_word(first >> 6, 0x1);
    target.write_word((end - 1) >> 6, 0x2);
    target.write_word(5, 0x4);
  }
  EXPECT_EQ(later.size(), 2u);
  EXPECT_EQ(target.found() + block_detail::VisitedTarget::apply_later(table.data(), later), 4u);
  EXPECT_EQ(visited.word(2), 0x3u);
  EXPECT_EQ(visited.word(3), 0x2u);
  EXPECT_EQ(visited.word(5), 0x4u);

  // A ring writes a block's W + 1 words: at the end of the space the last may lie past
  // the bitmap, with no bits; it must not be touched (ASan would see it).
  target.begin_part(64 * 7 + 1, 64 * 8);
  target.write_word(8, 0);
  target.write_word(9, 0);
  EXPECT_EQ(later.size(), 2u);
}

TEST(CheckersBlock, SameLevelsAsThePerStateEngine) {
  // Large enough that the widest levels are bitmaps (the kernel's): every code.
  for (const std::string& code : all_codes()) {
    const Space v = space_for_code(code, code == "DDDD" || code == "BAAB" ? 13 : 11);
    SearchOptions o;
    o.farthest = 5;
    SearchOptions per = o;
    per.per_state = true;
    expect_same_levels(breadth_first_search(v, o), breadth_first_search(v, per), code);
  }
}

TEST(CheckersBlock, StopAtGoalAndHalfDepthAsThePerStateEngine) {
  const Space v = space_for_code("DDDD", 13);
  for (int policy = 0; policy < 2; ++policy) {
    SearchOptions o;
    (policy == 0 ? o.stop_at_goal : o.meet_in_middle) = true;
    SearchOptions per = o;
    per.per_state = true;
    expect_same_levels(search(v, o), search(v, per), policy == 0 ? "stop at goal" : "half depth");
  }
}

TEST(CheckersBlock, WitnessAndSymmetryStayPerState) {
  const Space v = space_for_code("DDDD", 10);
  SearchOptions witness;
  witness.want_path = true;
  EXPECT_FALSE(breadth_first_search(v, witness).block_kernel);
  SearchOptions sym;
  sym.symmetry = true;
  EXPECT_FALSE(breadth_first_search(v, sym).block_kernel);
}

TEST(CheckersBlock, ThePlanKnowsWhenTheKernelRuns) {
  // The plan and the search ask the same question (uses_block_kernel), and the plan
  // bounds what the search allocates either way.
  const Space v = space_for_code("DDDD", 13);
  for (int k = 0; k < 4; ++k) {
    SearchOptions o;
    if (k == 1) o.per_state = true;
    if (k == 2) o.symmetry = true;
    if (k == 3) o.want_path = true;
    const SearchResult r = breadth_first_search(v, o);
    EXPECT_EQ(r.block_kernel, uses_block_kernel(v, o)) << k;
    EXPECT_EQ(r.block_kernel, k == 0) << k;
    EXPECT_LE(r.search_bytes, plan_search(v, o).memory_bytes) << k;
  }
  // Where the thresholds differ (ranks/8192 against ranks/512, both at least 4096),
  // the kernel's plan holds smaller level vectors: by four of each threshold's ranks.
  const Space big = space_for_code("DDDD", 16);
  SearchOptions o;
  SearchOptions per = o;
  per.per_state = true;
  const Rank ranks = big.num_ranks();
  EXPECT_EQ(plan_search(big, per).memory_bytes - plan_search(big, o).memory_bytes,
            4 * sizeof(Rank) * (dense_threshold(ranks) - block_dense_threshold(ranks)));
}

// The disk mode's segments expanded by the kernel: segments of about ranks/32 (so a
// segment holds many of the kernel's parts, and some parts meet two), two resident and a
// record queue of 8 (so most successors become records and spill), against the
// per-state in-memory engine: complete, to the goal, by the half-depth test, and
// interrupted every few segments and resumed.
TEST(CheckersBlock, DiskSegmentsAsThePerStateEngine) {
  for (const std::string code : {"DDDD", "BAAB", "DBAD"}) {
    const Space v = space_for_code(code, 11);
    ASSERT_GT(v.block_kernel()->parts(), 1u);
    for (int policy = 0; policy < 4; ++policy) {
      const std::string what = code + (policy == 0   ? " complete"
                                       : policy == 1 ? " stop at goal"
                                       : policy == 2 ? " half depth"
                                                     : " resumed");
      SearchOptions o;
      o.farthest = policy == 0 || policy == 3 ? 5 : 0;
      o.stop_at_goal = policy == 1;
      o.meet_in_middle = policy == 2;
      SearchOptions per = o;
      per.per_state = true;
      const SearchResult mem = search(v, per);
      const std::string dir = testing::fresh_dir("hanoi-blockdisk-", code);
      SearchOptions d = testing::tight_disk_bfs_options(v.num_ranks(), dir, o);
      int straddling = 0;  // parts that meet two segments
      for (std::size_t i = 0; i < v.block_kernel()->parts(); ++i) {
        const Rank first = v.block_kernel()->part_first(i);
        const Rank last = first + v.block_kernel()->part_count(i) - 1;
        straddling += (first >> d.segment_bits) != (last >> d.segment_bits);
      }
      EXPECT_GT(straddling, 0) << what;
      SearchResult disk;
      if (policy == 3) {
        d.abort_after_segments = 7;
        d.resume = true;
        EXPECT_GT(testing::resume_until_done([&] { disk = search(v, d); }), 0) << what;
      } else {
        disk = search(v, d);
      }
      EXPECT_EQ(disk.storage, StorageKind::kDisk) << what;
      if (policy != 3) EXPECT_GT(disk.spilled_records, 0u) << what;  // (per process)
      expect_same_levels(disk, mem, what);
      std::filesystem::remove_all(dir);
    }
  }
  // Asked for state by state, the disk mode does not use it.
  const Space v = space_for_code("DDDD", 9);
  const std::string dir = testing::fresh_dir("hanoi-blockdisk-", "per-state");
  SearchOptions o;
  o.per_state = true;
  EXPECT_FALSE(search(v, testing::tight_disk_bfs_options(v.num_ranks(), dir, o)).block_kernel);
  std::filesystem::remove_all(dir);
}

// Parts that fix seven or more discs, which no whole search fixed before: the record
// runs (n >= 24) split a part further wherever the top six discs leave more than
// 2^25 ranks, so their walks start deeper and more parts meet a segment's ends.
// Here the kernel is rebuilt with parts as small as it makes them, one block each
// (the four small discs), so the walk starts below n - 4 fixed discs: whole
// searches in memory and on the disk mode's segments (complete, to the goal and
// resumed) against the per-state engine.
TEST(CheckersBlock, ForcedSmallPartsAsThePerStateEngine) {
  constexpr int kBlockRanks = 172;  // a block's most ranks (block.hpp)
  for (const std::string code : {"DDDD", "BAAB", "DBAD"})
    for (const int n : {11, 12}) {
      Space v = space_for_code(code, n);
      const std::size_t usual_parts = v.block_kernel()->parts();
      v.limit_block_parts(1);  // as many discs fixed as the kernel allows
      const auto* K = v.block_kernel();
      ASSERT_GT(K->parts(), usual_parts) << code << " n=" << n;
      Rank largest = 0;
      ASSERT_TRUE(parts_cover_the_ranks(v, &largest)) << code << " n=" << n;
      // One block a part: every disc above the four small ones is fixed (n - 4 >= 7).
      ASSERT_LE(largest, Rank{kBlockRanks});
      // The kernel alone, with no search around it: sampled states' successors.
      if (n == 11)
        for (Rank r = 0; r < v.num_ranks(); r += 101)
          ASSERT_EQ(kernel_successors(v, r), callback_successors(v, r))
              << code << " n=" << n << " state " << v.describe(v.unrank(r));
      for (int policy = 0; policy < 3; ++policy) {
        const std::string what = code + " n=" + std::to_string(n) +
                                 (policy == 0   ? " complete"
                                  : policy == 1 ? " stop at goal"
                                                : " resumed on disk");
        SearchOptions o;
        o.farthest = policy == 1 ? 0 : 3;
        o.stop_at_goal = policy == 1;
        SearchOptions per = o;
        per.per_state = true;
        const SearchResult want = search(v, per);
        if (policy != 2) expect_same_levels(search(v, o), want, what + ", in memory");
        // The disk mode at n = 11 only (a few seconds under the sanitizers).
        if (n != 11) continue;
        const std::string dir = testing::fresh_dir("hanoi-blockparts-", code);
        SearchOptions d = testing::tight_disk_bfs_options(v.num_ranks(), dir, o);
        SearchResult disk;
        if (policy == 2) {
          d.abort_after_segments = 11;
          d.resume = true;
          EXPECT_GT(testing::resume_until_done([&] { disk = search(v, d); }), 0) << what;
        } else {
          disk = search(v, d);
        }
        EXPECT_EQ(disk.storage, StorageKind::kDisk) << what;
        expect_same_levels(disk, want, what + ", on disk");
        std::filesystem::remove_all(dir);
      }
    }
}

}  // namespace
}  // namespace hanoi

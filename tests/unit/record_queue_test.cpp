// The lattice disk mode's queue of records waiting for their segment
// (engine/record_queue.hpp) on its own: beyond its allowance the longest lists go
// to spill files and come back whole (spilled ones first); a checkpoint's records
// file holds every waiting record, the current level's first, and reads back into
// the same lists; forget() drops the files; without a directory nothing spills.
#include "engine/record_queue.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <utility>
#include <vector>

#include "support/temp_dir.hpp"

namespace hanoi::testing {
namespace {

using Records = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

constexpr std::uint64_t kSegments = 4, kSegWords = 100;

// Record i of segment s at parity side: a word inside s, bits naming i and side.
std::pair<std::uint64_t, std::uint64_t> record(int side, std::uint64_t s, std::uint64_t i) {
  return {s * kSegWords + i % kSegWords, (i << 1) | static_cast<std::uint64_t>(side)};
}

Records all_of(RecordQueue& q, int side, std::uint64_t s, bool consume) {
  Records out;
  q.for_each(side, s, consume, [&](std::uint64_t w, std::uint64_t b) { out.emplace_back(w, b); });
  return out;
}

std::size_t files_in(const std::string& dir, const std::string& prefix) {
  std::size_t k = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().rfind(prefix, 0) == 0) ++k;
  return k;
}

TEST(RecordQueue, SpillsBeyondItsAllowanceAndGivesEveryRecordBack) {
  const std::string dir = fresh_dir("records-", "spill");
  CheckpointDir ckpt(dir, "disk-lattice", "test", false);
  ckpt.open(false, false, "test");
  RecordQueue q;
  q.init(kSegments, kSegWords, 16, &ckpt);
  Records want[2][kSegments];
  for (std::uint64_t i = 0; i < 200; ++i) {
    const int side = static_cast<int>(i % 3 == 0);
    const std::uint64_t s = i % kSegments;
    const auto r = record(side, s, i);
    q.push(side, s, r.first, r.second);
    want[side][s].push_back(r);
  }
  EXPECT_GT(q.spilled(), 0u);
  EXPECT_GT(files_in(dir, "rspill-"), 0u);
  for (int side = 0; side < 2; ++side)
    for (std::uint64_t s = 0; s < kSegments; ++s) {
      // Spilled lists come back first, then those in memory: the same records,
      // each list in the order it was pushed.
      Records got = all_of(q, side, s, false);
      Records sorted_got = got, sorted_want = want[side][s];
      std::sort(sorted_got.begin(), sorted_got.end());
      std::sort(sorted_want.begin(), sorted_want.end());
      EXPECT_EQ(sorted_got, sorted_want) << side << " " << s;
      EXPECT_EQ(q.has(side, s), !want[side][s].empty());
    }
  // A checkpoint's records file, read back into a fresh queue.
  const FileRef f = q.write(1, false);
  ASSERT_FALSE(f.empty());
  RecordQueue back;
  back.init(kSegments, kSegWords, 1000, &ckpt);
  back.read(f, 1);
  for (int side = 0; side < 2; ++side)
    for (std::uint64_t s = 0; s < kSegments; ++s) {
      Records a = all_of(q, side, s, false), b = all_of(back, side, s, true);
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      EXPECT_EQ(a, b) << side << " " << s;
      EXPECT_FALSE(back.has(side, s));
    }
  // Consumed: the spill files go.
  for (int side = 0; side < 2; ++side)
    for (std::uint64_t s = 0; s < kSegments; ++s) all_of(q, side, s, true);
  EXPECT_EQ(files_in(dir, "rspill-"), 0u);
  std::filesystem::remove_all(dir);
}

TEST(RecordQueue, ForgetDropsEverythingAndNoDirectoryMeansNoSpill) {
  const std::string dir = fresh_dir("records-", "forget");
  CheckpointDir ckpt(dir, "disk-lattice", "test", false);
  ckpt.open(false, false, "test");
  RecordQueue q;
  q.init(kSegments, kSegWords, 4, &ckpt);
  for (std::uint64_t i = 0; i < 50; ++i) {
    const auto r = record(0, 1, i);
    q.push(0, 1, r.first, r.second);
  }
  EXPECT_GT(files_in(dir, "rspill-"), 0u);
  q.forget();
  EXPECT_EQ(files_in(dir, "rspill-"), 0u);
  EXPECT_FALSE(q.has(0, 1));
  EXPECT_TRUE(q.write(0, false).empty());
  std::filesystem::remove_all(dir);

  RecordQueue memory;
  memory.init(kSegments, kSegWords, 4, nullptr);
  for (std::uint64_t i = 0; i < 50; ++i) {
    const auto r = record(1, 2, i);
    memory.push(1, 2, r.first, r.second);
  }
  EXPECT_EQ(memory.spilled(), 0u);
  EXPECT_EQ(all_of(memory, 1, 2, true).size(), 50u);
}

}  // namespace
}  // namespace hanoi::testing

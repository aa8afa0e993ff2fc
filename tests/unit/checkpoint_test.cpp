// The checkpoint component (engine/checkpoint.hpp) on its own: the life of a
// file (committed, retired, deleted only once a manifest that does not name it is
// in place), resume (every named file verified, strays deleted, other files left
// alone), the two-phase commit's order, and the refusals (no --resume, an older
// format named by version, another storage, another search, a damaged file, a
// manifest naming a path outside the directory).
#include "engine/checkpoint.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/temp_dir.hpp"

namespace hanoi::testing {
namespace {

bool exists(const std::string& dir, const std::string& name) {
  return std::filesystem::exists(dir + "/" + name);
}

// A data file of `n` words (0..n-1) under a fresh name.
FileRef write_data(CheckpointDir& c, std::uint64_t n) {
  FileRef f;
  f.name = c.fresh_name("seg", 7);
  BitmapWriter w(c.path(f.name));
  for (std::uint64_t i = 0; i < n; ++i) w.add_raw(&i, 1);
  w.finish(f.bytes, f.sum, false);
  c.account(static_cast<std::int64_t>(f.bytes));
  return f;
}

// Writes a checkpoint naming `data` at level `level`.
void commit(CheckpointDir& c, const FileRef& data, std::uint64_t level, LevelCounts& levels,
            const std::string& manifest = "manifest") {
  levels.push_back(level + 10);
  Manifest m;
  c.write_head(m, CheckpointHead{level, -1, false, {3, 4}}, levels);
  c.name(m, "seg.7", data, "1");
  c.commit(m, manifest);
}

TEST(Checkpoint, RetiredFilesGoOnlyOnceANewManifestIsInPlace) {
  const std::string dir = fresh_dir("ckpt-", "life");
  CheckpointDir c(dir, "disk-generic", "test search", false);
  ASSERT_FALSE(c.open(false, false, "test").has_value());
  LevelCounts levels;
  const FileRef a = write_data(c, 100);
  commit(c, a, 1, levels);
  EXPECT_TRUE(c.committed(a.name));
  // An uncommitted file retired goes at once; a committed one waits for the commit.
  const FileRef b = write_data(c, 50);
  c.retire(b.name);
  EXPECT_FALSE(exists(dir, b.name));
  const FileRef d = write_data(c, 60);
  c.retire(a.name);
  EXPECT_TRUE(exists(dir, a.name));
  commit(c, d, 2, levels);
  EXPECT_FALSE(exists(dir, a.name));
  EXPECT_TRUE(exists(dir, d.name));
  EXPECT_EQ(
      c.on_disk(), std::filesystem::file_size(dir + "/" + d.name) + [&] {
        std::uint64_t levels_bytes = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir))
          if (e.path().filename().string().rfind("levels-", 0) == 0)
            levels_bytes += std::filesystem::file_size(e.path());
        return levels_bytes;
      }());
  std::filesystem::remove_all(dir);
}

TEST(Checkpoint, ResumesWhatTheManifestNamesAndDeletesStrays) {
  const std::string dir = fresh_dir("ckpt-", "resume");
  FileRef d;
  {
    CheckpointDir c(dir, "disk-generic", "test search", false);
    ASSERT_FALSE(c.open(false, false, "test").has_value());
    LevelCounts levels;
    d = write_data(c, 60);
    commit(c, d, 1, levels);
    commit(c, d, 2, levels);
    write_data(c, 5);  // an interrupted run's file, which no manifest names
  }
  { std::ofstream(dir + "/notes.txt") << "the user's"; }
  // Without --resume a checkpoint is not overwritten.
  {
    CheckpointDir c(dir, "disk-generic", "test search", false);
    try {
      c.open(false, false, "test");
      ADD_FAILURE() << "a checkpoint was overwritten";
    } catch (const WorkDirError& e) {
      // In the engine's words, naming resume (the CLI adds the flag).
      EXPECT_NE(std::string(e.what()).find("resume to continue it"), std::string::npos) << e.what();
      EXPECT_TRUE(e.involved().has(Feature::kResume));
    }
  }
  CheckpointDir c(dir, "disk-generic", "test search", false);
  const auto m = c.open(true, false, "test");
  ASSERT_TRUE(m.has_value());
  LevelCounts levels;
  const CheckpointHead h = c.read_head(*m, levels);
  EXPECT_EQ(h.level, 2u);
  EXPECT_EQ(h.goal, -1);
  EXPECT_FALSE(h.finished);
  EXPECT_EQ(h.last_sample, (std::vector<std::uint64_t>{3, 4}));
  EXPECT_EQ(levels, (std::vector<std::uint64_t>{11, 12}));
  const auto f = manifest_fields(m->get("seg.7"));
  const FileRef got = c.take(f, 0, "seg.7");
  EXPECT_EQ(got.name, d.name);
  EXPECT_EQ(f[3], "1");
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) (void)e, ++files;
  c.resumed();
  std::size_t after = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) (void)e, ++after;
  EXPECT_EQ(after + 1, files);  // the stray went; the user's file stays
  EXPECT_TRUE(exists(dir, "notes.txt"));
  EXPECT_TRUE(exists(dir, d.name));
  // A fresh name never repeats one a manifest holds.
  EXPECT_NE(c.fresh_name("seg", 7), d.name);
  std::filesystem::remove_all(dir);
}

// The distributed search's numbered manifests: the old one goes after `between`.
TEST(Checkpoint, TwoPhaseCommitDeletesTheOldManifestAfterTheBarrier) {
  const std::string dir = fresh_dir("ckpt-", "phases");
  CheckpointDir c(dir, "disk-lattice", "test search", false);
  std::filesystem::create_directories(dir);
  c.start_afresh();
  LevelCounts levels;
  const FileRef a = write_data(c, 10);
  commit(c, a, 1, levels, "manifest-1");
  c.retire(a.name);
  const FileRef b = write_data(c, 10);
  levels.push_back(12);
  Manifest m;
  c.write_head(m, CheckpointHead{2, -1, false, {}}, levels);
  c.name(m, "seg.7", b, "1");
  bool seen = false;
  c.commit(m, "manifest-2", [&] {
    seen = true;
    EXPECT_TRUE(exists(dir, "manifest-1"));
    EXPECT_TRUE(exists(dir, "manifest-2"));
    EXPECT_TRUE(exists(dir, a.name));
  });
  EXPECT_TRUE(seen);
  EXPECT_FALSE(exists(dir, "manifest-1"));
  EXPECT_FALSE(exists(dir, a.name));
  CheckpointDir again(dir, "disk-lattice", "test search", false);
  const Manifest r = again.read("manifest-2");
  EXPECT_EQ(again.take(manifest_fields(r.get("seg.7")), 0, "seg.7").name, b.name);
  std::filesystem::remove_all(dir);
}

// A checkpoint written here, its manifest then rewritten by `change`.
std::string refusal(const std::string& label, const std::string& storage,
                    const std::string& identity, void (*change)(Manifest&)) {
  const std::string dir = fresh_dir("ckpt-", label);
  {
    CheckpointDir c(dir, "disk-generic", "test search", false);
    c.open(false, false, "test");
    LevelCounts levels;
    commit(c, write_data(c, 20), 1, levels);
  }
  if (change != nullptr) {
    bool ok = false;
    Manifest m = Manifest::parse(read_whole_file(dir + "/manifest", ok), "manifest");
    change(m);
    write_file_atomically(dir, "manifest", m.text(), false);
  }
  std::string what;
  try {
    CheckpointDir c(dir, storage, identity, false);
    const auto m = c.open(true, false, "test");
    LevelCounts levels;
    c.read_head(*m, levels);
    c.take(manifest_fields(m->get("seg.7")), 0, "seg.7");
  } catch (const WorkDirError& e) {
    what = e.what();
  }
  std::filesystem::remove_all(dir);
  return what;
}

TEST(Checkpoint, RefusesWhatItMustNotUse) {
  EXPECT_EQ(refusal("fine", "disk-generic", "test search", nullptr), "");
  const std::string older = refusal("older", "disk-generic", "test search",
                                    [](Manifest& m) { m.set("format", "hanoi-disk-bfs 1"); });
  EXPECT_NE(older.find("'hanoi-disk-bfs 1'"), std::string::npos) << older;
  EXPECT_NE(older.find("earlier version"), std::string::npos) << older;
  EXPECT_NE(older.find(kCheckpointFormat), std::string::npos) << older;
  const std::string storage = refusal("storage", "frontier", "test search", nullptr);
  EXPECT_NE(storage.find("storage 'disk-generic'"), std::string::npos) << storage;
  const std::string other = refusal("identity", "disk-generic", "another search", nullptr);
  EXPECT_NE(other.find("not of another search"), std::string::npos) << other;
  const std::string outside = refusal("outside", "disk-generic", "test search", [](Manifest& m) {
    m.set("seg.7", "../../etc/passwd 20 20 1");
  });
  EXPECT_NE(outside.find("damaged"), std::string::npos) << outside;
  const std::string size = refusal("size", "disk-generic", "test search", [](Manifest& m) {
    auto f = manifest_fields(m.get("seg.7"));
    m.set("seg.7", f[0] + " 8 " + f[2] + " 1");
  });
  EXPECT_NE(size.find("truncated or replaced"), std::string::npos) << size;
  const std::string sum = refusal("sum", "disk-generic", "test search", [](Manifest& m) {
    auto f = manifest_fields(m.get("seg.7"));
    m.set("seg.7", f[0] + " " + f[1] + " 12345 1");
  });
  EXPECT_NE(sum.find("checksum"), std::string::npos) << sum;
}

// The one rule for a disk run against the free space (room_for): the bound fits;
// else a run reaching part of it is watched; else an expected share that fits is
// watched and one that does not is refused.
TEST(Checkpoint, RoomForTheBoundThePartAndTheExpectedShare) {
  EXPECT_EQ(room_for(100, 100, 0, false), Room::kFits);
  EXPECT_EQ(room_for(100, 100, 0.5, true), Room::kFits);
  EXPECT_EQ(room_for(101, 100, 0, false), Room::kRefused);
  EXPECT_EQ(room_for(101, 100, 0, true), Room::kWatched);
  EXPECT_EQ(room_for(1000, 100, 0.1, false), Room::kWatched);
  EXPECT_EQ(room_for(1000, 100, 0.11, false), Room::kRefused);
  EXPECT_EQ(room_for(1000, 100, 0.11, true), Room::kRefused);  // the expectation decides
  EXPECT_EQ(expected_disk(1000, 0.25), 250u);
  EXPECT_EQ(expected_disk(1000, 0), 1000u);
  EXPECT_EQ(expected_disk(3, 0.5), 2u);  // rounded up
}

// reserve_room on a real directory: a bound beyond any disk is refused with a
// DiskFullError, and accepted (watched) when a tiny share of it is expected; a run
// whose bound fits is not watched, so ensure_room asks nothing of it.
TEST(Checkpoint, ReserveRoomRefusesOrWatches) {
  const std::string dir = fresh_dir("ckpt-", "room");
  CheckpointDir c(dir, "disk-generic", "test search", false);
  ASSERT_FALSE(c.open(false, false, "test").has_value());
  const std::uint64_t huge = std::uint64_t{1} << 62;
  EXPECT_THROW(c.reserve_room(huge, 0, nullptr, false, "test"), DiskFullError);
  EXPECT_THROW(c.reserve_room(huge, 0.5, nullptr, false, "test"), DiskFullError);
  EXPECT_NO_THROW(c.ensure_room(huge));  // not watched: the bound was never promised
  EXPECT_NO_THROW(c.reserve_room(huge, 1e-12, nullptr, false, "test"));
  EXPECT_THROW(c.ensure_room(huge), DiskFullError);  // watched now: a file too large stops it
  EXPECT_NO_THROW(c.ensure_room(1));
}

}  // namespace
}  // namespace hanoi::testing

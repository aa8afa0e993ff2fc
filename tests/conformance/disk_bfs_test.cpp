// The generic engine's disk mode (engine/disk_bfs.hpp) against the in-memory
// generic search (bfs.hpp), level by level, on every registered family:
// segments of a few dozen ranks, two of them resident and a record queue of a
// few records, so that segments are evicted, written and read back and records
// spill to files at every level; then interrupted every few segments and
// resumed until done; and the refusals of a work directory that must not be
// used.
#include "engine/disk_bfs.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/block_kernel.hpp"
#include "engine/search.hpp"
#include "support/disk_bfs_options.hpp"
#include "support/io_expect.hpp"
#include "support/registered_types.hpp"
#include "support/resume.hpp"
#include "support/temp_dir.hpp"
#ifndef HANOI_TYPED_FAMILIES  // the plain tests' families (a typed unit has its
                              // own)
#include "declared/checkers.hpp"
#include "declared/classic.hpp"
#include "support/visit_among.hpp"
#include "variants/checkers/checkers.hpp"
#include "variants/classic/classic.hpp"
#include "variants/registry.hpp"
#include "variants/reves/reves.hpp"
#endif

namespace hanoi {
namespace {

#ifdef HANOI_TYPED_FAMILIES  // per family folder (support/registered_types.hpp)
template <class Entry>
class DiskBfs : public ::testing::Test {};

TYPED_TEST_SUITE(DiskBfs, testing::TypedFamilies, testing::RegisteredName);
#endif  // HANOI_TYPED_FAMILIES

std::string fresh_dir(const std::string& label) {
  return testing::fresh_dir("hanoi-diskbfs-", label);
}

SearchOptions tight_options(Rank ranks, const std::string& dir, SearchOptions o) {
  return testing::tight_disk_bfs_options(ranks, dir, std::move(o));
}

#ifdef HANOI_TYPED_FAMILIES
void expect_same(const SearchResult& d, const SearchResult& m) {
  testing::expect_io_consistent(d);
  EXPECT_EQ(d.storage, StorageKind::kDisk);
  EXPECT_EQ(d.engine, EngineKind::kGeneric);
  EXPECT_EQ(d.level_sizes, m.level_sizes);
  EXPECT_EQ(d.outcome, m.outcome);
  EXPECT_EQ(d.optimum, m.optimum);
  EXPECT_EQ(d.states_reached, m.states_reached);
  EXPECT_EQ(d.eccentricity, m.eccentricity);
  EXPECT_EQ(d.complete, m.complete);
  EXPECT_EQ(d.farthest, m.farthest);
}
#endif  // HANOI_TYPED_FAMILIES

// One instance per family: at its fewest pegs, the largest n (<= 9) with at
// most 2^13 ranks (3-peg path graphs have up to 3^n levels, each touching
// segments).
template <class Fam>
Params instance(const Fam& fam) {
  const FamilyInfo& info = fam.info;
  const int m = info.min_pegs;
  int best = 1;
  for (int n = 1; n <= std::min(9, info.max_n(m)); ++n) {
    if (fam.make(normalize(info, Params{n, m, ""})).num_ranks() > (Rank{1} << 13)) break;
    best = n;
  }
  return normalize(info, Params{best, m, ""});
}

#ifdef HANOI_TYPED_FAMILIES
TYPED_TEST(DiskBfs, SameLevelsAsInMemory) {
  using Space = typename TypeParam::Space;
  const Family<Space> fam = TypeParam::family();
  const Params p = instance(fam);
  const Space space = fam.make(p);
  SCOPED_TRACE(fam.info.name + " pegs=" + std::to_string(p.pegs) + " n=" + std::to_string(p.n));
  for (const bool stop : {false, true}) {
    SCOPED_TRACE(stop ? "stop at goal" : "complete");
    SearchOptions base{.stop_at_goal = stop, .farthest = stop ? 0u : 5u};
    base.engine = EngineKind::kGeneric;
    const SearchResult mem = breadth_first_search(space, base);
    const std::string dir = fresh_dir(fam.info.name);
    SearchOptions o = tight_options(space.num_ranks(), dir, base);
    // The stop-at-goal run writes its segments compressed (FileCoding::kZstd):
    // its plan counts a codec beside each of its two files, so the same
    // segments fit.
    if (stop) {
      o.disk_coding = FileCoding::kZstd;
      o.max_memory += 2 * kCodecBytes;
    }
    const SearchResult disk = search(space, o);
    expect_same(disk, mem);
    // Where the space has a block kernel (Checkers), the disk mode expands its
    // segments by it, as the record runs do: it must have run here.
    EXPECT_EQ(disk.block_kernel, uses_block_kernel(space, o));
    if constexpr (BlockSpace<Space>)
      if (space.block_kernel() != nullptr) EXPECT_TRUE(disk.block_kernel) << "no block kernel";
    EXPECT_FALSE(disk.resumed);
    EXPECT_GT(disk.segments, 2u);
    std::filesystem::remove_all(dir);
  }
}

// Interrupted after every k segment expansions (a checkpoint after each, or
// only the one the interruption writes), resumed until it completes: the same
// levels.
TYPED_TEST(DiskBfs, ResumesAfterInterruptions) {
  using Space = typename TypeParam::Space;
  const Family<Space> fam = TypeParam::family();
  const Params p = instance(fam);
  const Space space = fam.make(p);
  SearchOptions base{.farthest = 3};
  base.engine = EngineKind::kGeneric;
  const SearchResult mem = breadth_first_search(space, base);
  const std::string probe = fresh_dir(fam.info.name);
  const std::uint64_t total =
      disk_bfs_search(space, tight_options(space.num_ranks(), probe, base)).expansions;
  std::filesystem::remove_all(probe);
  ASSERT_GT(total, 0u);
  for (const double every : {0.0, 1e9}) {
    const std::uint64_t k = std::max<std::uint64_t>(1, total / 12);
    SCOPED_TRACE("checkpoint every " + std::to_string(every) + " s, stop every " +
                 std::to_string(k) + " segments");
    const std::string dir = fresh_dir(fam.info.name);
    SearchOptions o = tight_options(space.num_ranks(), dir, base);
    o.checkpoint_seconds = every;
    o.abort_after_segments = k;
    o.resume = true;
    SearchResult disk;
    EXPECT_GT(testing::resume_until_done([&] { disk = disk_bfs_search(space, o); }), 0);
    EXPECT_TRUE(disk.resumed);
    expect_same(disk, mem);
    // A finished run resumed again reports the same.
    o.abort_after_segments = 0;
    expect_same(disk_bfs_search(space, o), mem);
    std::filesystem::remove_all(dir);
  }
}
#endif  // HANOI_TYPED_FAMILIES

#ifndef HANOI_TYPED_FAMILIES  // the plain tests: once, in this file's own unit
// The mode is chosen: with a work directory, disk when the in-memory estimate
// exceeds the budget, with or without --symmetry; refused with a witness.
TEST(DiskBfsChoice, ChosenFromTheBudgetAndRefusedWhereItDoesNotApply) {
  const FamilyInfo& info = variants::find_family("checkers");
  testing::visit_among<variants::checkers::CheckersFamily>(
      info.name, Params{8, 4, ""}, [&](const auto&, const auto& v) {
        SearchOptions o;
        o.work_dir = fresh_dir("choice");
        o.max_memory = std::uint64_t{1} << 30;
        EXPECT_EQ(choose_storage(v, o), StorageKind::kMemory);
        o.max_memory = estimate_search_bytes(v.num_ranks(), false) - 1;
        EXPECT_EQ(choose_storage(v, o), StorageKind::kDisk);
        o.want_path = true;
        EXPECT_EQ(choose_storage(v, o),
                  StorageKind::kMemory);  // which then refuses, over budget
        o.storage = StorageKind::kDisk;
        EXPECT_THROW(choose_storage(v, o), std::invalid_argument);
        o.want_path = false;
        o.symmetry = true;  // Checkers' start symmetries (symmetry_test.cpp):
                            // the disk mode too
        EXPECT_EQ(choose_storage(v, o), StorageKind::kDisk);
      });
}

// Refusals: the work directory of another search, of a run not asked to resume,
// of the lattice engine's disk mode, with a damaged or truncated file or
// manifest.
TEST(DiskBfsRefusals, RefusesWhatItMustNotUse) {
  const FamilyInfo& info = variants::find_family("checkers");
  testing::visit_among<variants::checkers::CheckersFamily>(
      info.name, Params{8, 4, ""}, [&](const auto&, const auto& v) {
        const std::string dir = fresh_dir("refusals");
        SearchOptions o = tight_options(v.num_ranks(), dir, SearchOptions{});
        o.identity = "checkers n=8";
        o.checkpoint_seconds = 0;
        o.abort_after_segments = 5;
        EXPECT_THROW(disk_bfs_search(v, o), SearchCancelled);
        o.abort_after_segments = 0;
        EXPECT_THROW(disk_bfs_search(v, o),
                     WorkDirError);  // no --resume: not overwritten
        SearchOptions other = o;
        other.resume = true;
        other.identity = "checkers n=9";
        EXPECT_THROW(disk_bfs_search(v, other), WorkDirError);
        const std::string seg = testing::file_starting(dir, "seg-");
        ASSERT_FALSE(seg.empty());
        const auto size = std::filesystem::file_size(seg);
        testing::flip_middle_byte(seg);
        o.resume = true;
        try {
          disk_bfs_search(v, o);
          ADD_FAILURE() << "a damaged segment file was used";
        } catch (const WorkDirError& e) {
          EXPECT_NE(std::string(e.what()).find("damaged"), std::string::npos) << e.what();
        }
        std::filesystem::resize_file(seg, size - 8);
        EXPECT_THROW(disk_bfs_search(v, o), WorkDirError);
        {
          std::ofstream f(dir + "/manifest", std::ios::app);
          f << "x";
        }
        EXPECT_THROW(disk_bfs_search(v, o), WorkDirError);
        std::filesystem::remove_all(dir);
      });
  // A checkpoint of the lattice engine's disk mode is not this mode's.
  const FamilyInfo& reves = variants::find_family("reves");
  testing::visit_among<variants::reves::RevesFamily>(
      reves.name, Params{7, 4, ""}, [&](const auto&, const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (LatticeSpace<V>) {
          const std::string dir = fresh_dir("lattice");
          SearchOptions o;
          o.engine = EngineKind::kLattice;
          o.storage = StorageKind::kDisk;
          o.work_dir = dir;
          o.identity = "reves n=7";
          o.flush_to_device = false;
          o.checkpoint_seconds = 0;
          o.abort_after_segments = 2;
          EXPECT_THROW(search(v, o), SearchCancelled);
          o.engine = EngineKind::kGeneric;
          o.abort_after_segments = 0;
          o.resume = true;
          try {
            search(v, o);
            ADD_FAILURE() << "a lattice checkpoint was used by the generic disk mode";
          } catch (const WorkDirError& e) {
            EXPECT_NE(std::string(e.what()).find("storage 'disk-lattice'"), std::string::npos)
                << e.what();
          }
          std::filesystem::remove_all(dir);
        }
      });
}

#endif  // !HANOI_TYPED_FAMILIES
}  // namespace
}  // namespace hanoi

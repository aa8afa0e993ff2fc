// The disk-backed lattice search (engine/disk_lattice.hpp) against the
// in-memory lattice search, level by level, on every registered family the
// lattice serves: small segments and a budget of two resident segments, so that
// segments are evicted, written and read back every level; then interrupted
// every few segments and resumed until done; and the refusals of a work
// directory that must not be used (another search's, damaged, truncated).
#include "engine/disk_lattice.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "engine/search.hpp"
#include "support/io_expect.hpp"
#include "support/registered_types.hpp"
#include "support/resume.hpp"
#include "support/temp_dir.hpp"
#ifndef HANOI_TYPED_FAMILIES  // the plain tests' families (a typed unit has its
                              // own)
#include "declared/adjacent.hpp"
#include "declared/classic.hpp"
#include "declared/four_star.hpp"
#include "support/visit_among.hpp"
#include "variants/adjacent/adjacent.hpp"
#include "variants/classic/classic.hpp"
#include "variants/four_star/four_star.hpp"
#include "variants/registry.hpp"
#include "variants/reves/reves.hpp"
#endif

namespace hanoi {
namespace {

#ifdef HANOI_TYPED_FAMILIES  // per family folder (support/registered_types.hpp)
template <class Entry>
class DiskLattice : public ::testing::Test {};

TYPED_TEST_SUITE(DiskLattice, testing::TypedFamilies, testing::RegisteredName);
#endif  // HANOI_TYPED_FAMILIES

std::string disk_dir(const std::string& label) {
  return testing::fresh_dir("hanoi-disk-", label);
}

// Options for a disk search that keeps at most two segments of 2 segment discs
// in memory (fewer discs when the layout has fewer).  `record_bytes` > 0: the
// records' allowance (DiskLatticeRecords below makes them spill).
template <LatticeSpace V>
SearchOptions tight_disk_options(const V& v, const std::string& dir, SearchOptions o,
                                 std::uint64_t record_bytes = 0) {
  const LatticeLayout L(v.pegs(), v.discs());
  o.storage = StorageKind::kDisk;
  o.work_dir = dir;
  o.segment_discs = std::min(2, L.large_discs());
  o.record_bytes = record_bytes;
  const DiskPlan plan =
      plan_disk(L, ~std::uint64_t{0} >> 2, o.segment_discs, {}, false, o.record_bytes);
  o.max_memory = plan.worker_bytes + 2 * plan.segment_bytes;
  o.identity = "test";
  o.flush_to_device = false;  // a killed process loses nothing the page cache holds
  return o;
}

void expect_same_disk(const SearchResult& d, const SearchResult& m) {
  testing::expect_io_consistent(d);
  EXPECT_EQ(d.storage, StorageKind::kDisk);
  EXPECT_EQ(d.level_sizes, m.level_sizes);
  EXPECT_EQ(d.outcome, m.outcome);
  EXPECT_EQ(d.optimum, m.optimum);
  EXPECT_EQ(d.states_reached, m.states_reached);
  EXPECT_EQ(d.eccentricity, m.eccentricity);
  EXPECT_EQ(d.complete, m.complete);
  EXPECT_EQ(d.farthest, m.farthest);
}

// The instances of a family: each pegs value at the largest n (<= 10) with at
// most 2^20 ranks, or with `small` the smallest n with two large discs (four to
// sixteen segments; 3-peg graphs have up to 3^n levels).
template <class Fam>
std::vector<Params> instances(const Fam& fam, bool small = false) {
  std::vector<Params> out;
  const FamilyInfo& info = fam.info;
  for (int m = info.min_pegs; m <= std::min(info.max_pegs, 6); ++m) {
    int best = 0;
    for (int n = 1; n <= std::min(10, info.max_n(m)); ++n) {
      const auto space = fam.make(normalize(info, Params{n, m, ""}));
      if (space.num_ranks() > (Rank{1} << 20)) break;
      best = n;
      if (small && LatticeLayout(m, n).large_discs() >= 2) break;
    }
    if (best > 0) out.push_back(normalize(info, Params{best, m, ""}));
  }
  return out;
}

#ifdef HANOI_TYPED_FAMILIES
TYPED_TEST(DiskLattice, SameLevelsAsInMemory) {
  using Space = typename TypeParam::Space;
  if constexpr (!LatticeSpace<Space>) {
    GTEST_SKIP() << "the lattice engine does not serve this family";
  } else {
    const Family<Space> fam = TypeParam::family();
    int checked = 0;
    for (const Params& p : instances(fam)) {
      const Space space = fam.make(p);
      const std::string label =
          fam.info.name + " pegs=" + std::to_string(p.pegs) + " n=" + std::to_string(p.n);
      SCOPED_TRACE(label);
      for (const bool stop : {false, true}) {
        for (const bool sym : {false, true}) {
          SCOPED_TRACE(std::string(stop ? "stop at goal" : "complete") + (sym ? ", symmetry" : ""));
          // A witness where the lattice keeps one (reversible rules, no
          // symmetry): the same moves as the in-memory search's.
          SearchOptions base{.want_path = Space::kReversible && !sym,
                             .stop_at_goal = stop,
                             .farthest = stop || sym ? 0u : 5u};
          base.engine = EngineKind::kLattice;
          const SearchResult mem = lattice_search(space, base);
          const std::string dir = disk_dir(label);
          SearchOptions o = tight_disk_options(space, dir, base);
          o.symmetry = sym;
          // Half the runs write their segments compressed (FileCoding::kZstd):
          // the plan counts a codec beside each of three files, so the same
          // segments fit.
          if (stop != sym) {
            o.disk_coding = FileCoding::kZstd;
            o.max_memory += 3 * kCodecBytes;
          }
          const SearchResult disk = disk_lattice_search(space, o);
          expect_same_disk(disk, mem);
          EXPECT_EQ(disk.path, mem.path);
          EXPECT_FALSE(disk.resumed);
          // Two resident segments out of more, every state reached: segments
          // were evicted, so written (read back only where a later level
          // returns to them: not on a thin graph whose levels sweep the
          // segments once).
          if (disk.stored_segments > 2 && disk.complete) {
            EXPECT_GT(disk.written_bytes, 0u);
          }
          if (sym) {
            EXPECT_EQ(disk.symmetries, rule_symmetries(space).size());
            EXPECT_LE(disk.stored_segments, disk.segments);
          }
          std::filesystem::remove_all(dir);
          ++checked;
        }
      }
    }
    EXPECT_GT(checked, 0);
  }
}

// Interrupted after every k segment expansions (a checkpoint after each, or
// only the one the interruption writes), resumed until it completes: the same
// levels.  k is a fraction of the uninterrupted run's expansions, so that every
// family is interrupted about 10 or 25 times whatever its number of levels.
TYPED_TEST(DiskLattice, ResumesAfterInterruptions) {
  using Space = typename TypeParam::Space;
  if constexpr (!LatticeSpace<Space>) {
    GTEST_SKIP() << "the lattice engine does not serve this family";
  } else {
    const Family<Space> fam = TypeParam::family();
    const Params p = instances(fam, true).front();
    const Space space = fam.make(p);
    // With a witness where the lattice keeps one: the depth planes pass through
    // checkpoints, and a finished run resumed again rebuilds the same moves.
    SearchOptions base{.want_path = Space::kReversible, .farthest = 3};
    base.engine = EngineKind::kLattice;
    const SearchResult mem = lattice_search(space, base);
    const std::string probe = disk_dir(fam.info.name);
    const std::uint64_t total =
        disk_lattice_search(space, tight_disk_options(space, probe, base)).expansions;
    std::filesystem::remove_all(probe);
    ASSERT_GT(total, 0u);
    for (const double every : {0.0, 1e9}) {
      for (const std::uint64_t parts : {10u, 25u}) {
        const std::uint64_t k = std::max<std::uint64_t>(1, total / parts);
        SCOPED_TRACE("checkpoint every " + std::to_string(every) + " s, stop every " +
                     std::to_string(k) + " segments");
        const std::string dir = disk_dir(fam.info.name);
        SearchOptions o = tight_disk_options(space, dir, base);
        o.checkpoint_seconds = every;
        // Symmetry in half the runs: its records (mapped, with stabiliser
        // images) pass through checkpoints too.
        o.symmetry = parts == 25;
        if (o.symmetry) {
          o.farthest = 0;
          o.want_path = false;
        }
        o.abort_after_segments = k;
        o.resume = true;
        SearchResult disk;
        int runs = 0;
        const std::uint64_t elided_budget = o.max_memory;
        for (;; ++runs) {
          ASSERT_LT(runs, 1000) << "no progress";
          // Every other run compresses what it writes (with a codec's memory
          // beside each of three files): a resumed run reads either coding.
          const bool zstd = runs % 2 == 1;
          o.disk_coding = zstd ? FileCoding::kZstd : FileCoding::kElided;
          o.max_memory = elided_budget + (zstd ? 3 * kCodecBytes : 0);
          try {
            disk = disk_lattice_search(space, o);
            break;
          } catch (const SearchCancelled&) {
          }
        }
        EXPECT_GT(runs, 0);
        EXPECT_TRUE(disk.resumed);
        SearchResult want = mem;
        if (o.symmetry) {
          want.farthest.clear();
          want.path.clear();
        }
        expect_same_disk(disk, want);
        EXPECT_EQ(disk.path, want.path);
        // A finished run resumed again reports the same.
        o.abort_after_segments = 0;
        const SearchResult again = disk_lattice_search(space, o);
        expect_same_disk(again, want);
        EXPECT_EQ(again.path, want.path);
        std::filesystem::remove_all(dir);
      }
    }
  }
}
#endif  // HANOI_TYPED_FAMILIES

#ifndef HANOI_TYPED_FAMILIES  // the plain tests: once, in this file's own unit
// The symmetry group the disk mode finds: Reve's puzzle from all discs on peg 0
// has (m-1)! peg permutations fixing the start, all preserving its rule; the
// linear (adjacent) rule only the identity among those fixing peg 0.
TEST(DiskLatticeSymmetry, GroupOrders) {
  // (Named fields, not a structured binding: clang 14 cannot capture one in a
  // lambda.)
  struct Case {
    std::string name;
    int pegs;
    std::size_t order;
  };
  for (const Case& c : std::vector<Case>{
           {"reves", 4, 6}, {"reves", 5, 24}, {"reves", 6, 120}, {"adjacent", 4, 1}}) {
    const std::string& name = c.name;
    const int pegs = c.pegs;
    const std::size_t order = c.order;
    const FamilyInfo& info = variants::find_family(name);
    testing::visit_among<variants::reves::RevesFamily, variants::adjacent::AdjacentFamily>(
        info.name, Params{6, pegs, ""}, [&](const auto&, const auto& v) {
          using V = std::decay_t<decltype(v)>;
          if constexpr (LatticeSpace<V>) {
            EXPECT_EQ(rule_symmetries(v).size(), order) << name << " " << pegs;
          } else {
            ADD_FAILURE() << name << " is not a lattice space";
          }
        });
  }
}

// --symmetry without a work directory: the disk mode's algorithm with every
// stored segment in memory (search() picks it), the in-memory lattice search's
// counts; refused with the estimate when the stored segments do not fit the
// budget.
TEST(DiskLatticeSymmetry, InMemoryWithoutWorkDir) {
  struct Case {
    std::string name;
    int pegs, n;
  };
  for (const Case& c : std::vector<Case>{
           {"reves", 4, 9}, {"reves", 5, 7}, {"classic", 3, 9}, {"four-star", 4, 8}}) {
    const std::string& name = c.name;
    const int pegs = c.pegs, n = c.n;
    SCOPED_TRACE(name + " pegs=" + std::to_string(pegs) + " n=" + std::to_string(n));
    const FamilyInfo& info = variants::find_family(name);
    testing::visit_among<variants::reves::RevesFamily, variants::classic::ClassicFamily,
                         variants::four_star::FourStarFamily>(
        info.name, Params{n, pegs, ""}, [&](const auto&, const auto& v) {
          using V = std::decay_t<decltype(v)>;
          if constexpr (LatticeSpace<V>) {
            for (const bool stop : {false, true}) {
              SearchOptions base{.stop_at_goal = stop};
              base.engine = EngineKind::kLattice;
              const SearchResult mem = lattice_search(v, base);
              SearchOptions o = base;
              o.symmetry = true;
              o.segment_discs = std::min(2, LatticeLayout(v.pegs(), v.discs()).large_discs());
              EXPECT_EQ(choose_storage(v, o),
                        StorageKind::kDisk);  // the disk mode's algorithm
              const SearchResult sym = search(v, o);
              EXPECT_EQ(sym.storage, StorageKind::kMemory);
              EXPECT_EQ(sym.symmetries, rule_symmetries(v).size());
              EXPECT_EQ(sym.level_sizes, mem.level_sizes);
              EXPECT_EQ(sym.optimum, mem.optimum);
              EXPECT_EQ(sym.states_reached, mem.states_reached);
              EXPECT_EQ(sym.complete, mem.complete);
              EXPECT_EQ(estimate_search(v, o), sym.search_bytes);
              // A budget that holds fewer than the stored segments is refused.
              const LatticeLayout L(v.pegs(), v.discs());
              const DiskPlan plan =
                  plan_disk(L, ~std::uint64_t{0} >> 2, o.segment_discs, rule_symmetries(v));
              o.max_memory = plan.worker_bytes + (plan.stored - 1) * plan.segment_bytes;
              EXPECT_THROW(search(v, o), MemoryBudgetExceeded);
              o.want_path = true;
              o.max_memory = 0;
              EXPECT_THROW(search(v, o), std::invalid_argument);
            }
          } else {
            ADD_FAILURE() << name << " is not a lattice space";
          }
        });
  }
}

// Records waiting for a segment beyond their allowance spill to files (6 pegs:
// a segment disc moves whenever the smaller discs leave 2 of 6 pegs free, so
// records are many), also through checkpoints and resumptions, with and without
// symmetry: the same levels as in memory.
TEST(DiskLatticeRecords, SpillBeyondTheirAllowance) {
  const FamilyInfo& info = variants::find_family("reves");
  testing::visit_among<variants::reves::RevesFamily>(
      info.name, Params{6, 6, ""}, [&](const auto&, const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (LatticeSpace<V>) {
          SearchOptions base;
          base.engine = EngineKind::kLattice;
          const SearchResult mem = lattice_search(v, base);
          for (const bool sym : {false, true}) {
            for (const bool stops : {false, true}) {
              const std::uint64_t stop_every = stops ? (sym ? 2u : 8u) : 0u;
              SCOPED_TRACE(std::string(sym ? "symmetry" : "no symmetry") + ", stop every " +
                           std::to_string(stop_every));
              const std::string dir = disk_dir("records");
              // Room for 32 waiting records and 16 per thread leaving the
              // segment expanded (16 bytes each, twice over): records spill,
              // threads hand theirs over.
              SearchOptions o = tight_disk_options(v, dir, base, 2048);
              o.symmetry = sym;
              o.checkpoint_seconds = 1e9;  // only where it stops
              o.abort_after_segments = stop_every;
              o.resume = true;
              SearchResult disk;
              const int runs =
                  testing::resume_until_done([&] { disk = disk_lattice_search(v, o); });
              if (stop_every > 0) {
                EXPECT_GT(runs, 1);
              }
              expect_same_disk(disk, mem);
              if (stop_every == 0) {
                EXPECT_GT(disk.spilled_records, 0u);
              }
              // No spill file outlives the search.
              for (const auto& e : std::filesystem::directory_iterator(dir))
                EXPECT_NE(e.path().filename().string().rfind("rspill-", 0), 0u) << e.path();
              std::filesystem::remove_all(dir);
            }
          }
        } else {
          ADD_FAILURE() << "reves is not a lattice space";
        }
      });
}

// Refusals: the work directory of another search, of a run not asked to resume,
// with a damaged or truncated file or manifest.
TEST(DiskLatticeRefusals, RefusesWhatItMustNotUse) {
  const FamilyInfo& info = variants::find_family("reves");
  testing::visit_among<variants::reves::RevesFamily>(
      info.name, Params{9, 4, ""}, [&](const auto&, const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (LatticeSpace<V>) {
          SearchOptions base;
          base.engine = EngineKind::kLattice;
          const std::string dir = disk_dir("refusals");
          SearchOptions o = tight_disk_options(v, dir, base);
          o.identity = "reves n=9 pegs=4";
          o.checkpoint_seconds = 0;
          o.abort_after_segments = 5;
          EXPECT_THROW(disk_lattice_search(v, o), SearchCancelled);
          // A checkpoint is there: a run not asked to resume refuses to
          // overwrite it.
          o.abort_after_segments = 0;
          EXPECT_THROW(disk_lattice_search(v, o), WorkDirError);
          // Another search's checkpoint.
          SearchOptions other = o;
          other.resume = true;
          other.identity = "reves n=10 pegs=4";
          EXPECT_THROW(disk_lattice_search(v, other), WorkDirError);
          // A damaged segment file: one byte changed.
          const std::string seg = testing::file_starting(dir, "seg-");
          ASSERT_FALSE(seg.empty());
          const auto size = std::filesystem::file_size(seg);
          testing::flip_middle_byte(seg);
          o.resume = true;
          try {
            disk_lattice_search(v, o);
            ADD_FAILURE() << "a damaged segment file was used";
          } catch (const WorkDirError& e) {
            EXPECT_NE(std::string(e.what()).find("damaged"), std::string::npos) << e.what();
          }
          // Truncated.
          std::filesystem::resize_file(seg, size - 8);
          EXPECT_THROW(disk_lattice_search(v, o), WorkDirError);
          // A damaged manifest.
          {
            std::ofstream f(dir + "/manifest", std::ios::app);
            f << "x";
          }
          EXPECT_THROW(disk_lattice_search(v, o), WorkDirError);
          std::filesystem::remove_all(dir);
        }
      });
}

#endif  // !HANOI_TYPED_FAMILIES
}  // namespace
}  // namespace hanoi

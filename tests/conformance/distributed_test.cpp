// The distributed search (engine/comm.hpp, the disk mode run by several ranks)
// against the in-memory lattice search, level by level, on every registered
// family the lattice serves: 2 and 3 ranks (threads of this process, through
// tests/support/thread_comm.hpp), with and without symmetry, all in memory or
// with a work directory and two resident segments per rank; interrupted every
// few segments and resumed until done; and the refusals of a distributed work
// directory (another number of ranks, a single-process checkpoint, a rank's
// missing or damaged files) and the one case that starts afresh instead (a
// first checkpoint cut short).  The same program under mpirun:
// tests/mpi_test.sh.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include "engine/comm.hpp"
#include "engine/disk_lattice.hpp"
#include "engine/search.hpp"
#include "support/registered_types.hpp"
#include "support/temp_dir.hpp"
#include "support/thread_comm.hpp"
#ifndef HANOI_TYPED_FAMILIES  // the plain tests' families (a typed unit has its
                              // own)
#include "declared/classic.hpp"
#include "support/visit_among.hpp"
#include "variants/classic/classic.hpp"
#include "variants/registry.hpp"
#include "variants/reves/reves.hpp"
#endif

namespace hanoi {
namespace {

#ifdef HANOI_TYPED_FAMILIES  // per family folder (support/registered_types.hpp)
template <class Entry>
class Distributed : public ::testing::Test {};

TYPED_TEST_SUITE(Distributed, testing::TypedFamilies, testing::RegisteredName);
#endif  // HANOI_TYPED_FAMILIES

std::string dist_dir(const std::string& label) {
  return testing::fresh_dir("hanoi-dist-", label);
}

// The results of every rank of one distributed search (each rank's own copy of
// the options, with its comm), or the exception each threw.
template <LatticeSpace V>
std::vector<SearchResult> run_distributed(const V& v, const SearchOptions& o, int ranks,
                                          std::vector<std::exception_ptr>* errors = nullptr) {
  std::vector<SearchResult> out(static_cast<std::size_t>(ranks));
  auto e = testing::run_ranks(
      ranks,
      [&](Comm& comm) {
        SearchOptions mine = o;
        mine.comm = &comm;
        out[static_cast<std::size_t>(comm.rank())] = disk_lattice_search(v, mine);
      },
      testing::agreed_failure);
  if (errors != nullptr) {
    *errors = e;
  } else {
    for (const auto& x : e)
      if (x) std::rethrow_exception(x);
  }
  return out;
}

// A distributed search that every rank must end with the same agreed failure;
// `reports` counts the ranks that say it, in words that contain `words`.
template <LatticeSpace V>
void expect_refused(const V& v, const SearchOptions& o, int ranks, const std::string& words) {
  std::vector<std::exception_ptr> errors;
  run_distributed(v, o, ranks, &errors);
  int reports = 0;
  for (const auto& e : errors) {
    try {
      if (e) std::rethrow_exception(e);
      ADD_FAILURE() << "a rank went on";
    } catch (const AgreedError& x) {
      if (x.report()) {
        ++reports;
        EXPECT_NE(std::string(x.what()).find(words), std::string::npos) << x.what();
      }
    } catch (const std::exception& x) {
      ADD_FAILURE() << "not an agreed failure: " << x.what();
    }
  }
  EXPECT_GE(reports, 1) << "nobody said why";
}

void expect_same_dist(const SearchResult& d, const SearchResult& m) {
  EXPECT_EQ(d.level_sizes, m.level_sizes);
  EXPECT_EQ(d.outcome, m.outcome);
  EXPECT_EQ(d.optimum, m.optimum);
  EXPECT_EQ(d.states_reached, m.states_reached);
  EXPECT_EQ(d.eccentricity, m.eccentricity);
  EXPECT_EQ(d.complete, m.complete);
}

// Each pegs value (up to 5) at the largest n (<= 9) with at most 2^18 ranks,
// 2^13 at 3 pegs (where a level may hold one state, and each level is a few
// collective calls: `adjacent` has 3^n levels).
template <class Fam>
std::vector<Params> dist_instances(const Fam& fam) {
  std::vector<Params> out;
  const FamilyInfo& info = fam.info;
  for (int m = info.min_pegs; m <= std::min(info.max_pegs, 5); ++m) {
    int best = 0;
    const Rank most = Rank{1} << (m == 3 ? 13 : 18);
    for (int n = 1; n <= std::min(9, info.max_n(m)); ++n) {
      if (fam.make(normalize(info, Params{n, m, ""})).num_ranks() > most) break;
      best = n;
    }
    if (best > 0) out.push_back(normalize(info, Params{best, m, ""}));
  }
  return out;
}

// Two resident segments of (up to) 3 segment discs per rank, in a work
// directory.
template <LatticeSpace V>
SearchOptions tight(const V& v, SearchOptions o, const std::string& dir) {
  const LatticeLayout L(v.pegs(), v.discs());
  o.work_dir = dir;
  o.segment_discs = std::min(3, L.large_discs());
  const DiskPlan plan = plan_disk(L, ~std::uint64_t{0} >> 2, o.segment_discs);
  o.max_memory = plan.worker_bytes + 2 * plan.segment_bytes;
  o.flush_to_device = false;
  return o;
}

#ifdef HANOI_TYPED_FAMILIES
TYPED_TEST(Distributed, SameLevelsAsInMemory) {
  using Space = typename TypeParam::Space;
  if constexpr (!LatticeSpace<Space>) {
    GTEST_SKIP() << "the lattice engine does not serve this family";
  } else {
    const Family<Space> fam = TypeParam::family();
    int checked = 0;
    for (const Params& p : dist_instances(fam)) {
      const Space space = fam.make(p);
      const std::string label =
          fam.info.name + " pegs=" + std::to_string(p.pegs) + " n=" + std::to_string(p.n);
      SCOPED_TRACE(label);
      for (const bool stop : {false, true}) {
        // A witness where the lattice keeps one (reversible rules), in the
        // forms without symmetry: the same moves as the in-memory search's.
        SearchOptions base{.want_path = Space::kReversible, .stop_at_goal = stop};
        base.engine = EngineKind::kLattice;
        base.identity = "test";
        const SearchResult mem = lattice_search(space, base);
        for (const int ranks : {2, 3}) {
          for (const int form : {0, 1, 2}) {  // memory; memory + symmetry; disk (+ symmetry at 3)
            SCOPED_TRACE(std::to_string(ranks) + " ranks, form " + std::to_string(form) +
                         (stop ? ", stop at goal" : ""));
            SearchOptions o = base;
            std::string dir;
            if (form == 2) {
              dir = dist_dir(label);
              o = tight(space, base, dir);
            }
            o.symmetry = form == 1 || (form == 2 && ranks == 3);
            if (o.symmetry) o.want_path = false;
            const auto all = run_distributed(space, o, ranks);
            for (const SearchResult& r : all) {
              expect_same_dist(r, mem);
              if (o.want_path) {
                EXPECT_EQ(r.path, mem.path);
              }
              EXPECT_EQ(r.ranks, static_cast<std::uint64_t>(ranks));
              EXPECT_EQ(r.storage, form == 2 ? StorageKind::kDisk : StorageKind::kMemory);
            }
            if (!dir.empty()) std::filesystem::remove_all(dir);
            ++checked;
          }
        }
      }
    }
    EXPECT_GT(checked, 0);
  }
}

// Stopped at the end of a level after every k segment expansions (on any rank),
// with a checkpoint after each level or only the one the stop writes, and
// resumed until it completes: the same levels.
TYPED_TEST(Distributed, ResumesAfterInterruptions) {
  using Space = typename TypeParam::Space;
  if constexpr (!LatticeSpace<Space>) {
    GTEST_SKIP() << "the lattice engine does not serve this family";
  } else {
    const Family<Space> fam = TypeParam::family();
    const Params p = dist_instances(fam).front();
    const Space space = fam.make(p);
    SearchOptions base{.want_path = Space::kReversible};
    base.engine = EngineKind::kLattice;
    base.identity = "test";
    const SearchResult mem = lattice_search(space, base);
    for (const double every : {0.0, 1e9}) {
      SCOPED_TRACE("checkpoint every " + std::to_string(every) + " s");
      const std::string dir = dist_dir(fam.info.name);
      SearchOptions o = tight(space, base, dir);
      o.checkpoint_seconds = every;
      o.symmetry = every > 0;
      o.want_path = o.want_path && !o.symmetry;  // the depth planes pass through checkpoints
      o.resume = true;
      // About 12 stops whatever the number of levels.
      o.abort_after_segments = std::max<std::uint64_t>(1, mem.level_sizes.size() / 12);
      std::vector<SearchResult> all;
      int runs = 0;
      for (;; ++runs) {
        ASSERT_LT(runs, 1000) << "no progress";
        std::vector<std::exception_ptr> errors;
        all = run_distributed(space, o, 2, &errors);
        bool stopped = false;
        for (const auto& e : errors) {
          if (!e) continue;
          try {
            std::rethrow_exception(e);
          } catch (const SearchCancelled&) {
            stopped = true;
          }
        }
        if (!stopped) break;
        EXPECT_TRUE(errors[0] && errors[1]) << "one rank stopped alone";
      }
      EXPECT_GT(runs, 0);
      for (const SearchResult& r : all) {
        expect_same_dist(r, mem);
        EXPECT_TRUE(r.resumed);
        if (o.want_path) {
          EXPECT_EQ(r.path, mem.path);
        }
      }
      // A finished run resumed again reports the same (its witness rebuilt from
      // the depth planes it kept).
      o.abort_after_segments = 0;
      for (const SearchResult& r : run_distributed(space, o, 2)) {
        expect_same_dist(r, mem);
        if (o.want_path) {
          EXPECT_EQ(r.path, mem.path);
        }
      }
      std::filesystem::remove_all(dir);
    }
  }
}
#endif  // HANOI_TYPED_FAMILIES

#ifndef HANOI_TYPED_FAMILIES  // the plain tests: once, in this file's own unit
// What a distributed work directory refuses.
TEST(DistributedRefusals, RefusesWhatItMustNotUse) {
  const FamilyInfo& info = variants::find_family("reves");
  testing::visit_among<variants::reves::RevesFamily>(
      info.name, Params{11, 4, ""}, [&](const auto&, const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (LatticeSpace<V>) {
          SearchOptions base;
          base.engine = EngineKind::kLattice;
          base.identity = "reves n=11 pegs=4";
          const std::string dir = dist_dir("refusals");
          SearchOptions o = tight(v, base, dir);
          o.checkpoint_seconds = 0;
          o.abort_after_segments = 200;
          EXPECT_THROW(run_distributed(v, o, 3), SearchCancelled);
          o.abort_after_segments = 0;
          auto refused = [&](const SearchOptions& with, int ranks, const std::string& words) {
            expect_refused(v, with, ranks, words);
          };
          // Not asked to resume: the checkpoint is not overwritten.
          refused(o, 3, "resume to continue it");
          SearchOptions again = o;
          again.resume = true;
          // Another number of ranks: more, then fewer.
          refused(again, 4, "some ranks hold a checkpoint");
          refused(again, 2, "more than 2 ranks");
          // A single process on a distributed directory.
          EXPECT_THROW(disk_lattice_search(v, again), WorkDirError);
          // Another search's checkpoint.
          SearchOptions other = again;
          other.identity = "reves n=12 pegs=4";
          refused(other, 3, "holds a checkpoint of");
          // A truncated segment file of rank 1: rank 1 says so.
          std::string seg;
          for (const auto& e : std::filesystem::directory_iterator(dir + "/rank-1"))
            if (e.path().filename().string().rfind("seg-", 0) == 0) seg = e.path().string();
          ASSERT_FALSE(seg.empty());
          const auto size = std::filesystem::file_size(seg);
          std::filesystem::copy_file(seg, seg + ".keep");
          std::filesystem::resize_file(seg, size - 8);
          refused(again, 3, "rank-1");
          // Mended, it resumes and finishes with the in-memory search's levels.
          std::filesystem::remove(seg);
          std::filesystem::rename(seg + ".keep", seg);
          SearchOptions mem_options = base;
          const SearchResult mem = lattice_search(v, mem_options);
          for (const SearchResult& r : run_distributed(v, again, 3)) {
            EXPECT_EQ(r.level_sizes, mem.level_sizes);
            EXPECT_TRUE(r.resumed);
          }
          // A distributed search on a single process's checkpoint.
          const std::string single = dist_dir("single");
          SearchOptions one = tight(v, base, single);
          one.checkpoint_seconds = 0;
          one.abort_after_segments = 3;
          EXPECT_THROW(disk_lattice_search(v, one), SearchCancelled);
          one.abort_after_segments = 0;
          one.resume = true;
          refused(one, 2, "single-process");
          std::filesystem::remove_all(single);
          std::filesystem::remove_all(dir);
        }
      });
}

// A job killed while taking its first checkpoint can leave manifest-1 on some
// ranks and nothing on the others: the resumed job starts afresh (as when no
// rank holds a checkpoint) and finishes with the in-memory levels.  The
// interrupted run wrote one checkpoint only (manifest-1), not one more on its
// way out.  A rank whose whole directory is gone is still refused: that
// directory was lost, not cut short.
TEST(DistributedRefusals, FirstCheckpointCutShortStartsAfresh) {
  const FamilyInfo& info = variants::find_family("reves");
  testing::visit_among<variants::reves::RevesFamily>(
      info.name, Params{11, 4, ""}, [&](const auto&, const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (LatticeSpace<V>) {
          SearchOptions base;
          base.engine = EngineKind::kLattice;
          base.identity = "reves n=11 pegs=4";
          const SearchResult mem = lattice_search(v, base);
          for (const bool lose_dir : {false, true}) {
            SCOPED_TRACE(lose_dir ? "rank 1's directory lost" : "rank 1's manifest-1 missing");
            const std::string dir = dist_dir("first");
            SearchOptions o = tight(v, base, dir);
            o.abort_after_segments = 1;  // stop after the first level: its checkpoint is the first
            EXPECT_THROW(run_distributed(v, o, 2), SearchCancelled);
            const std::string rank1 = dir + "/rank-1";
            ASSERT_TRUE(std::filesystem::exists(rank1 + "/manifest-1"));
            ASSERT_FALSE(std::filesystem::exists(rank1 + "/manifest-2"));
            if (lose_dir)
              std::filesystem::remove_all(rank1);
            else
              std::filesystem::remove(rank1 + "/manifest-1");
            o.abort_after_segments = 0;
            o.resume = true;
            if (lose_dir) {
              // Refused, and again: the refused run left no empty rank-1 behind
              // that a second try could take for a first checkpoint cut short.
              for (int attempt = 0; attempt < 2; ++attempt) {
                expect_refused(v, o, 2, "some ranks hold a checkpoint");
                EXPECT_FALSE(std::filesystem::exists(rank1));
              }
            } else {
              for (const SearchResult& r : run_distributed(v, o, 2)) {
                expect_same_dist(r, mem);
                EXPECT_FALSE(r.resumed);
              }
            }
            std::filesystem::remove_all(dir);
          }
        }
      });
}

#endif  // !HANOI_TYPED_FAMILIES
}  // namespace
}  // namespace hanoi

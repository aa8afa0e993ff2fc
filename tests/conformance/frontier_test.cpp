// The frontier engine (frontier_bfs.hpp: only the last two levels) against the
// lattice engine on every registered family it serves: the same per-level
// counts, eccentricity, optimum and farthest states; the same half-depth
// optimum where a peg permutation maps the start to the goal; the same counts
// for any window size and thread count; a refusal for the one-way rule
// (cyclic); and its checkpoints: an interrupted run resumed again and again
// ends with the uninterrupted run's counts, and a damaged or foreign checkpoint
// is refused.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/search.hpp"
#include "engine/work_dir.hpp"
#include "support/registered_types.hpp"
#include "support/resume.hpp"
#include "support/temp_dir.hpp"
#include "variants/registry.hpp"
#ifndef HANOI_TYPED_FAMILIES  // the plain tests' families (a typed unit has its
                              // own)
#include "declared/adjacent.hpp"
#include "declared/checkers.hpp"
#include "declared/classic.hpp"
#include "variants/adjacent/adjacent.hpp"
#include "variants/checkers/checkers.hpp"
#include "variants/classic/classic.hpp"
#include "variants/reves/reves.hpp"
#endif

namespace hanoi {
namespace {

#ifdef HANOI_TYPED_FAMILIES  // per family folder (support/registered_types.hpp)
template <class Entry>
class Frontier : public ::testing::Test {};

TYPED_TEST_SUITE(Frontier, testing::TypedFamilies, testing::RegisteredName);
#endif  // HANOI_TYPED_FAMILIES

constexpr Rank kFrontierMaxRanks = Rank{1} << 16;

SearchOptions frontier_options(int window_bits = -1) {
  SearchOptions o;
  o.engine = EngineKind::kFrontier;
  o.farthest = 5;
  o.segment_bits = window_bits;
  return o;
}

template <class V>
void expect_same_search(const V& v, const std::string& label, int window_bits) {
  SCOPED_TRACE(label + " window " + std::to_string(window_bits));
  SearchOptions lo;
  lo.engine = EngineKind::kLattice;
  lo.farthest = 5;
  const SearchResult want = search(v, lo);
  const SearchResult got = search(v, frontier_options(window_bits));
  EXPECT_EQ(got.engine, EngineKind::kFrontier);
  EXPECT_EQ(got.level_sizes.to_vector(), want.level_sizes.to_vector());
  EXPECT_EQ(got.states_reached, want.states_reached);
  EXPECT_EQ(got.eccentricity, want.eccentricity);
  EXPECT_EQ(got.outcome, want.outcome);
  if (want.outcome == SearchOutcome::kGoalReached) {
    EXPECT_EQ(got.optimum, want.optimum);
  }
  EXPECT_EQ(got.farthest, want.farthest);
  std::uint64_t widest = 0;
  for (std::uint64_t x : want.level_sizes) widest = std::max(widest, x);
  EXPECT_EQ(got.widest_level, widest);

  // Stopped at the goal.
  SearchOptions so = frontier_options(window_bits);
  so.farthest = 0;
  so.stop_at_goal = true;
  const SearchResult stopped = search(v, so);
  EXPECT_EQ(stopped.outcome, want.outcome);
  if (want.outcome == SearchOutcome::kGoalReached) {
    EXPECT_EQ(stopped.optimum, want.optimum);
    EXPECT_EQ(stopped.level_sizes.size(), want.optimum + 1);
  }

  // The half-depth test, where a peg permutation serves.
  SearchOptions mo = so;
  mo.stop_at_goal = false;
  mo.meet_in_middle = true;
  if (!find_meet_permutation(v)) {
    EXPECT_THROW(search(v, mo), std::invalid_argument);
    return;
  }
  ASSERT_EQ(want.outcome, SearchOutcome::kGoalReached);
  const SearchResult met = search(v, mo);
  EXPECT_EQ(met.optimum, want.optimum);
  const std::uint64_t k = (want.optimum + 1) / 2;
  ASSERT_EQ(met.level_sizes.size(), k + 1);
  EXPECT_EQ(met.level_sizes.to_vector(),
            std::vector<std::uint64_t>(want.level_sizes.begin(), want.level_sizes.begin() + k + 1));
  EXPECT_TRUE(met.met_in_middle || want.optimum <= 1);
}

#ifdef HANOI_TYPED_FAMILIES
TYPED_TEST(Frontier, SameLevelsAsTheLatticeEngine) {
  using Space = typename TypeParam::Space;
  if constexpr (!LatticeSpace<Space>) {
    GTEST_SKIP() << "the frontier engine does not serve this family";
  } else {
    const Family<Space> fam = TypeParam::family();
    const FamilyInfo& info = fam.info;
    int instances = 0;
    for (int m = info.min_pegs; m <= info.max_pegs; ++m) {
      for (const ProblemInfo& pr : info.problems) {
        for (int n = 1; n <= std::min(9, info.max_n(m)); ++n) {
          const Params p = normalize(info, Params{n, m, pr.code});
          const Space space = fam.make(p);
          if (space.num_ranks() > kFrontierMaxRanks) break;
          const std::string label = info.name + " pegs=" + std::to_string(m) +
                                    " problem=" + pr.code + " n=" + std::to_string(n);
          if constexpr (!Space::kReversible) {
            EXPECT_THROW(search(space, frontier_options()), std::invalid_argument) << label;
            ++instances;
            continue;
          } else {
            ++instances;
            expect_same_search(space, label, -1);  // one window
            expect_same_search(space, label, 6);   // windows of 64 ranks
          }
        }
      }
    }
    EXPECT_GT(instances, 0);
  }
}
#endif  // HANOI_TYPED_FAMILIES

#ifndef HANOI_TYPED_FAMILIES  // the plain tests: once, in this file's own unit
// Large enough for many windows and both threads; the counts may not depend on
// which thread takes which share.
TEST(FrontierEngine, ThreadsAndWindowsAgree) {
  const auto fam = variants::adjacent::AdjacentFamily::family();
  const auto v = fam.make(normalize(fam.info, Params{11, 4, ""}));
  SearchOptions o = frontier_options(12);
  o.farthest = 3;
  const SearchResult all = search(v, o);
  SearchOptions lo;
  lo.engine = EngineKind::kLattice;
  lo.farthest = 3;
  const SearchResult want = search(v, lo);
  EXPECT_EQ(all.level_sizes.to_vector(), want.level_sizes.to_vector());
  EXPECT_EQ(all.farthest, want.farthest);
  tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
  const SearchResult single = search(v, o);
  EXPECT_EQ(single.level_sizes.to_vector(), want.level_sizes.to_vector());
  EXPECT_EQ(single.farthest, want.farthest);
}

// Killed every few levels and resumed until done: the uninterrupted run's
// counts.
TEST(FrontierEngine, InterruptedRunsResume) {
  const auto fam = variants::reves::RevesFamily::family();
  const auto v = fam.make(normalize(fam.info, Params{8, 4, ""}));
  for (const bool meet : {false, true}) {
    SCOPED_TRACE(meet ? "half-depth" : "complete");
    SearchOptions o = frontier_options(8);
    o.meet_in_middle = meet;
    if (meet) o.farthest = 0;
    const SearchResult want = search(v, o);
    o.work_dir = testing::fresh_dir("frontier-", meet ? "meet" : "full");
    o.identity = "reves 4 8";
    o.flush_to_device = false;
    o.checkpoint_seconds = 1e9;  // only the interruptions checkpoint
    o.abort_after_segments = 3;  // levels, for this engine
    o.resume = true;
    SearchResult got;
    const int runs = testing::resume_until_done([&] { got = search(v, o); });
    EXPECT_GT(runs, 3);
    EXPECT_TRUE(got.resumed);
    EXPECT_EQ(got.level_sizes.to_vector(), want.level_sizes.to_vector());
    EXPECT_EQ(got.optimum, want.optimum);
    EXPECT_EQ(got.farthest, want.farthest);
    EXPECT_EQ(got.met_in_middle, want.met_in_middle);
    // A finished run resumed again reports again from its last manifest.
    o.abort_after_segments = 0;
    const SearchResult again = search(v, o);
    EXPECT_EQ(again.level_sizes.to_vector(), want.level_sizes.to_vector());
    EXPECT_EQ(again.optimum, want.optimum);
    EXPECT_EQ(again.farthest, want.farthest);
    std::filesystem::remove_all(o.work_dir);
  }
}

// The file of the last two levels named by the manifest, damaged in one byte.
void damage_levels(const std::string& dir) {
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().rfind("layers-", 0) == 0) {
      std::fstream f(e.path(), std::ios::in | std::ios::out | std::ios::binary);
      f.seekp(20);
      f.put('\x5a');
      return;
    }
  ADD_FAILURE() << "no layers file in " << dir;
}

TEST(FrontierEngine, RefusesWhatItCannotUse) {
  const auto fam = variants::reves::RevesFamily::family();
  const auto v = fam.make(normalize(fam.info, Params{7, 4, ""}));
  SearchOptions o = frontier_options();
  o.work_dir = testing::fresh_dir("frontier-", "refusals");
  o.identity = "reves 4 7";
  o.flush_to_device = false;
  o.abort_after_segments = 5;
  EXPECT_THROW(search(v, o), SearchCancelled);
  o.abort_after_segments = 0;
  // A checkpoint is there: a fresh start would overwrite it.
  EXPECT_THROW(search(v, o), WorkDirError);
  // Another search's checkpoint.
  o.resume = true;
  o.identity = "reves 4 8";
  EXPECT_THROW(search(v, o), WorkDirError);
  o.identity = "reves 4 7";
  // Damaged data.
  damage_levels(o.work_dir);
  EXPECT_THROW(search(v, o), WorkDirError);
  std::filesystem::remove_all(o.work_dir);

  // A level beyond the budget stops the run with the figure.
  SearchOptions tight = frontier_options();
  tight.max_memory = 4096;
  EXPECT_THROW(search(v, tight), MemoryBudgetExceeded);

  // What the engine does not do.
  SearchOptions bad = frontier_options();
  bad.want_path = true;
  EXPECT_THROW(search(v, bad), std::invalid_argument);
  bad = frontier_options();
  bad.symmetry = true;
  EXPECT_THROW(search(v, bad), std::invalid_argument);
  bad = frontier_options();
  bad.storage = StorageKind::kDisk;
  EXPECT_THROW(search(v, bad), std::invalid_argument);
  const auto checkers = variants::checkers::CheckersFamily::family();
  EXPECT_THROW(
      search(checkers.make(normalize(checkers.info, Params{4, 4, "DDDD"})), frontier_options()),
      std::invalid_argument);
}

// Out of budget with a work directory: the checkpoint it leaves resumes under a
// larger budget to the same counts.
TEST(FrontierEngine, ResumesAfterRunningOutOfBudget) {
  const auto fam = variants::adjacent::AdjacentFamily::family();
  const auto v = fam.make(normalize(fam.info, Params{9, 4, ""}));
  SearchOptions o = frontier_options();
  const SearchResult want = search(v, o);
  o.work_dir = testing::fresh_dir("frontier-", "budget");
  o.identity = "adjacent 4 9";
  o.flush_to_device = false;
  o.max_memory = want.search_bytes * 2 / 3;  // stops where the levels grow past it
  EXPECT_THROW(search(v, o), MemoryBudgetExceeded);
  o.max_memory = 0;
  o.resume = true;
  const SearchResult got = search(v, o);
  EXPECT_TRUE(got.resumed);
  EXPECT_EQ(got.level_sizes.to_vector(), want.level_sizes.to_vector());
  EXPECT_EQ(got.farthest, want.farthest);
  std::filesystem::remove_all(o.work_dir);
}

// Under a budget below what it needs in one pass, a level's candidates are taken
// a range of windows at a time (gather): the same levels, optimum and farthest
// states, in less memory, for the complete search and the half-depth test alike.
TEST(FrontierEngine, SplitsWideLevelsToFitTheBudget) {
  const auto fam = variants::adjacent::AdjacentFamily::family();
  const auto v = fam.make(normalize(fam.info, Params{10, 4, ""}));
  for (const bool meet : {false, true}) {
    SCOPED_TRACE(meet ? "half-depth" : "complete");
    SearchOptions o = frontier_options(9);
    o.meet_in_middle = meet;
    if (meet) o.farthest = 0;
    const SearchResult want = search(v, o);
    int fitted = 0;
    for (int k = 19; k >= 8; --k) {
      SCOPED_TRACE("budget " + std::to_string(k) + "/20");
      o.max_memory = want.search_bytes * static_cast<std::uint64_t>(k) / 20;
      try {
        const SearchResult got = search(v, o);
        ++fitted;
        EXPECT_LE(got.search_bytes, o.max_memory);
        EXPECT_EQ(got.level_sizes.to_vector(), want.level_sizes.to_vector());
        EXPECT_EQ(got.optimum, want.optimum);
        EXPECT_EQ(got.farthest, want.farthest);
        EXPECT_EQ(got.met_in_middle, want.met_in_middle);
      } catch (const MemoryBudgetExceeded&) {
        break;  // (too little for even one window's candidates: smaller budgets fail too)
      }
    }
    EXPECT_GE(fitted, 3) << "budgets below one pass's needs should still fit";
  }
}

// Out of budget at every point of a half-depth run, in turn: each checkpoint
// left resumes to the same optimum, including those written inside a level's
// test (the manifest's meet_pending), which the resumed run repeats first.
TEST(FrontierEngine, HalfDepthResumesFromEveryBudget) {
  const auto fam = variants::adjacent::AdjacentFamily::family();
  const auto v = fam.make(normalize(fam.info, Params{9, 4, ""}));
  SearchOptions o = frontier_options(10);
  o.farthest = 0;
  o.meet_in_middle = true;
  const SearchResult want = search(v, o);
  ASSERT_TRUE(want.met_in_middle);
  o.identity = "adjacent 4 9 meet";
  o.flush_to_device = false;
  int stopped = 0, pending = 0;
  for (int k = 1; k <= 60; ++k) {
    SCOPED_TRACE("budget " + std::to_string(k) + "/60");
    o.work_dir = testing::fresh_dir("frontier-", "meet-budget");
    o.max_memory = want.search_bytes * static_cast<std::uint64_t>(k) / 60;
    o.resume = false;
    try {
      search(v, o);
    } catch (const MemoryBudgetExceeded&) {
      ++stopped;
      bool exists = false;
      const std::string text = read_whole_file(o.work_dir + "/manifest", exists);
      if (exists && Manifest::parse(text, "manifest").get("meet_pending") == "1") ++pending;
      o.max_memory = 0;
      o.resume = true;
      const SearchResult got = search(v, o);
      EXPECT_EQ(got.optimum, want.optimum);
      EXPECT_TRUE(got.met_in_middle);
      EXPECT_EQ(got.level_sizes.to_vector(), want.level_sizes.to_vector());
    }
    std::filesystem::remove_all(o.work_dir);
  }
  EXPECT_GT(stopped, 0);
  EXPECT_GT(pending, 0);
}

#endif  // !HANOI_TYPED_FAMILIES
}  // namespace
}  // namespace hanoi

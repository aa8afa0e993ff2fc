// The half-depth ("meet in the middle") optimum of the lattice engine
// (lattice_bfs.hpp) against the full search, on every registered family it
// serves: the same optimum, found at level ceil(L/2) with the same counts up to
// there, for every thread count; and a refusal exactly where no peg permutation
// σ with σσ = 1 maps the start to the goal and keeps the rule (checked here by
// brute force over the pegs, on states, independently of the engine's search
// over ranks).
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/search.hpp"
#include "support/registered_types.hpp"
#include "variants/registry.hpp"
#ifndef HANOI_TYPED_FAMILIES  // the plain tests' families (a typed unit has its
                              // own)
#include "declared/adjacent.hpp"
#include "declared/classic.hpp"
#include "variants/adjacent/adjacent.hpp"
#include "variants/classic/classic.hpp"
#include "variants/reves/reves.hpp"
#endif

namespace hanoi {
namespace {

#ifdef HANOI_TYPED_FAMILIES  // per family folder (support/registered_types.hpp)
template <class Entry>
class Meet : public ::testing::Test {};

TYPED_TEST_SUITE(Meet, testing::TypedFamilies, testing::RegisteredName);
#endif  // HANOI_TYPED_FAMILIES

constexpr Rank kMeetMaxRanks = Rank{1} << 22;

// Whether some involution σ of the pegs maps the start to the goal (disc by
// disc) and keeps every move's legality.
template <class V>
bool has_reflection(const V& v) {
  const int m = v.pegs(), n = v.discs();
  std::vector<int> p(static_cast<std::size_t>(m));
  for (int i = 0; i < m; ++i) p[static_cast<std::size_t>(i)] = i;
  const auto s = v.start();
  do {
    bool ok = V::kReversible;
    for (int a = 0; a < m && ok; ++a)
      ok = p[static_cast<std::size_t>(p[static_cast<std::size_t>(a)])] == a;
    // σ(start) is the goal: build it disc by disc.
    typename V::State img{};
    for (int d = 1; d <= n && ok; ++d)
      img.w = v.codec().with_peg(img.w, d, p[static_cast<std::size_t>(v.peg_of(s, d))]);
    ok = ok && v.is_goal(img);
    for (int d = 1; d <= n && ok; ++d)
      for (int a = 0; a < m && ok; ++a)
        for (int b = 0; b < m && ok; ++b)
          if (a != b &&
              v.lattice_allows(d, a, b) != v.lattice_allows(d, p[static_cast<std::size_t>(a)],
                                                            p[static_cast<std::size_t>(b)]))
            ok = false;
    if (ok) return true;
  } while (std::next_permutation(p.begin(), p.end()));
  return false;
}

template <class V>
void expect_meet_agrees(const V& v, const std::string& label) {
  SCOPED_TRACE(label);
  const SearchResult full =
      search(v, SearchOptions{.stop_at_goal = true, .engine = EngineKind::kLattice});
  SearchOptions o;
  o.meet_in_middle = true;
  if (!has_reflection(v)) {
    EXPECT_THROW(search(v, o), std::invalid_argument);
    return;
  }
  const SearchResult meet = search(v, o);
  ASSERT_EQ(full.outcome, SearchOutcome::kGoalReached);
  ASSERT_EQ(meet.outcome, SearchOutcome::kGoalReached);
  EXPECT_EQ(meet.engine, EngineKind::kLattice);
  EXPECT_EQ(meet.optimum, full.optimum);
  EXPECT_FALSE(meet.complete);
  // The test decides at depth ceil(L/2): the counts are the full search's up to
  // there.
  const std::uint64_t k = (full.optimum + 1) / 2;
  ASSERT_EQ(meet.level_sizes.size(), k + 1);
  EXPECT_EQ(meet.level_sizes.to_vector(),
            std::vector<std::uint64_t>(full.level_sizes.begin(), full.level_sizes.begin() + k + 1));
  EXPECT_TRUE(meet.met_in_middle || full.optimum <= 1);
}

#ifdef HANOI_TYPED_FAMILIES
TYPED_TEST(Meet, SameOptimumAtHalfDepth) {
  using Space = typename TypeParam::Space;
  if constexpr (!LatticeSpace<Space>) {
    GTEST_SKIP() << "the lattice engine does not serve this family";
  } else {
    const Family<Space> fam = TypeParam::family();
    const FamilyInfo& info = fam.info;
    int instances = 0;
    for (int m = info.min_pegs; m <= info.max_pegs; ++m) {
      for (const ProblemInfo& pr : info.problems) {
        for (int n = 1; n <= std::min(10, info.max_n(m)); ++n) {
          const Params p = normalize(info, Params{n, m, pr.code});
          const Space space = fam.make(p);
          if (space.num_ranks() > kMeetMaxRanks) break;
          ++instances;
          expect_meet_agrees(space, info.name + " pegs=" + std::to_string(m) +
                                        " problem=" + pr.code + " n=" + std::to_string(n));
        }
      }
    }
    EXPECT_GT(instances, 0);
  }
}
#endif  // HANOI_TYPED_FAMILIES

// Large enough for the parallel path (hundreds of chunks per level), on one
// thread and on all: the decision must not depend on which thread visits which
// chunk.
template <class V>
void expect_thread_independent(const V& v, const std::string& label) {
  SCOPED_TRACE(label);
  expect_meet_agrees(v, label + " (all threads)");
  tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
  expect_meet_agrees(v, label + " (one thread)");
}

#ifndef HANOI_TYPED_FAMILIES  // the plain tests: once, in this file's own unit
TEST(MeetInMiddle, ParallelLevelsAgree) {
  {
    using F = variants::reves::RevesFamily;
    const auto fam = F::family();
    expect_thread_independent(fam.make(normalize(fam.info, Params{12, 4, ""})),
                              "reves 4 pegs n=12");
    expect_thread_independent(fam.make(normalize(fam.info, Params{9, 5, ""})), "reves 5 pegs n=9");
  }
  {
    using F = variants::adjacent::AdjacentFamily;
    const auto fam = F::family();
    expect_thread_independent(fam.make(normalize(fam.info, Params{12, 4, ""})),
                              "adjacent 4 pegs n=12");
  }
}

// Where it cannot run, it says so instead of running something else.
TEST(MeetInMiddle, Refusals) {
  const auto fam = variants::reves::RevesFamily::family();
  const auto v = fam.make(normalize(fam.info, Params{6, 4, ""}));
  SearchOptions o;
  o.meet_in_middle = true;
  o.want_path = true;
  EXPECT_THROW(search(v, o), std::invalid_argument);
  o.want_path = false;
  // On disk, or asked for the generic engine, the generic engine's test runs
  // (tests/conformance/mirror_test.cpp); the lattice engine's runs in memory
  // only.
  o.engine = EngineKind::kGeneric;
  EXPECT_EQ(choose_engine(v, o), EngineKind::kGeneric);
  o.engine = EngineKind::kAuto;
  o.work_dir = "/nonexistent";
  EXPECT_EQ(choose_engine(v, o), EngineKind::kGeneric);
  o.engine = EngineKind::kLattice;
  o.storage = StorageKind::kDisk;
  EXPECT_THROW(search(v, o), std::invalid_argument);
}

#endif  // !HANOI_TYPED_FAMILIES
}  // namespace
}  // namespace hanoi

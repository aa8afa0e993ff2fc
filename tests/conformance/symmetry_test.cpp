// The generic engine's start symmetries (--symmetry on Checkers and Antwerp;
// engine/symmetry.hpp, bfs.hpp) on every registered family that names them, for
// every problem and small n:
//   * each named map is an automorphism of the move graph, checked state by
//   state
//     with the slow rule check (check_move), not the successor loop; it fixes
//     the start; the first is the identity; the set is closed under composition
//     (a group, so orbit sizes divide its order);
//   * for spaces of one word of pegs, the group is exactly the set of peg
//     relabellings fixing peg 0's start that the same brute force accepts;
//   * the search with symmetry gives the full search's level counts, optimum,
//     eccentricity, states reached and farthest states, keeping fewer states,
//     in memory and in the disk mode (tiny segments, two resident, 8 queued
//     records), also when interrupted every few segments and resumed;
//   * it is refused, never silently dropped, with a witness, the half-depth
//   test,
//     or where the instance has no symmetry.
#include "engine/symmetry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/search.hpp"
#include "support/automorphism.hpp"
#include "support/disk_bfs_options.hpp"
#include "support/registered_types.hpp"
#include "support/resume.hpp"
#include "support/temp_dir.hpp"
#ifndef HANOI_TYPED_FAMILIES  // the plain tests' families (a typed unit has its
                              // own)
#include "declared/checkers.hpp"
#include "support/visit_among.hpp"
#include "variants/checkers/checkers.hpp"
#include "variants/registry.hpp"
#endif

namespace hanoi {
namespace {

#ifdef HANOI_TYPED_FAMILIES  // per family folder (support/registered_types.hpp)
template <class Entry>
class StartSymmetries : public ::testing::Test {};

TYPED_TEST_SUITE(StartSymmetries, testing::TypedFamilies, testing::RegisteredName);
#endif  // HANOI_TYPED_FAMILIES

constexpr Rank kGroupRanks = Rank{1} << 12;           // the state-by-state checks (Antwerp n = 2)
constexpr Rank kSymmetryBruteRanks = Rank{1} << 11;   // the brute force over peg relabellings
constexpr Rank kSymmetrySearchRanks = Rank{1} << 18;  // the searches (Antwerp n = 3)

// The number of peg relabellings fixing the start's peg 0 that are
// automorphisms (spaces of one packed word of pegs; nullopt otherwise).
template <class V>
std::optional<int> brute_force_group_order(const V& v) {
  if constexpr (requires { v.codec().with_peg(std::uint64_t{0}, 1, 0); }) {
    const int m = v.pegs(), n = v.discs();
    std::vector<int> p(static_cast<std::size_t>(m));
    std::iota(p.begin(), p.end(), 0);
    int count = 0;
    do {
      auto img = [&](const typename V::State& s) {
        typename V::State x{};
        for (int d = 1; d <= n; ++d)
          x.w = v.codec().with_peg(x.w, d, p[static_cast<std::size_t>(v.peg_of(s, d))]);
        return x;
      };
      if (v.rank(img(v.start())) == v.rank(v.start()) && testing::is_automorphism(v, img)) ++count;
    } while (std::next_permutation(p.begin() + 1, p.end()));
    return count;
  } else {
    (void)v;
    return std::nullopt;
  }
}

template <class V>
void expect_group(const V& v) {
  const int order = v.start_symmetries();
  ASSERT_GE(order, 1);
  const Rank start = v.rank(v.start());
  for (int g = 0; g < order; ++g) {
    SCOPED_TRACE("symmetry " + std::to_string(g));
    auto img = [&](const typename V::State& s) { return v.apply_start_symmetry(s, g); };
    EXPECT_EQ(v.rank(img(v.start())), start);
    EXPECT_TRUE(testing::is_automorphism(v, img));
    for (Rank r = 0; r < v.num_ranks() && g == 0; ++r)
      ASSERT_EQ(v.rank(img(v.unrank(r))), r) << "the first symmetry is not the identity";
  }
  // Closure: each composition g∘h equals some k on every state.
  for (int g = 0; g < order; ++g)
    for (int h = 0; h < order; ++h) {
      bool found = false;
      for (int k = 0; k < order && !found; ++k) {
        bool same = true;
        for (Rank r = 0; r < v.num_ranks() && same; ++r) {
          const auto s = v.unrank(r);
          same = v.rank(v.apply_start_symmetry(v.apply_start_symmetry(s, h), g)) ==
                 v.rank(v.apply_start_symmetry(s, k));
        }
        found = same;
      }
      EXPECT_TRUE(found) << "symmetries " << g << " and " << h << " compose outside the set";
    }
  if (v.num_ranks() > kSymmetryBruteRanks) return;
  const std::optional<int> brute = brute_force_group_order(v);
  if (brute) {
    EXPECT_EQ(*brute, order);
  }
}

template <class V>
void expect_same_search(const V& v, const std::string& label) {
  SearchOptions full_o;
  full_o.farthest = 5;
  const SearchResult full = search(v, full_o);
  SearchOptions o = full_o;
  o.symmetry = true;
  const SearchResult sym = search(v, o);
  EXPECT_EQ(sym.engine, EngineKind::kGeneric);
  EXPECT_EQ(sym.symmetries, static_cast<std::uint64_t>(v.start_symmetries()));
  EXPECT_EQ(sym.level_sizes, full.level_sizes);
  EXPECT_EQ(sym.outcome, full.outcome);
  EXPECT_EQ(sym.optimum, full.optimum);
  EXPECT_EQ(sym.eccentricity, full.eccentricity);
  EXPECT_EQ(sym.states_reached, full.states_reached);
  EXPECT_EQ(sym.farthest, full.farthest);
  EXPECT_LE(sym.orbits, full.states_reached);
  EXPECT_GE(sym.orbits * sym.symmetries, full.states_reached);
  // Stopped at the goal: the same optimum.
  SearchOptions stop = o;
  stop.stop_at_goal = true;
  stop.farthest = 0;
  EXPECT_EQ(search(v, stop).optimum, full.optimum);
  if (v.num_ranks() > kSymmetryBruteRanks) return;
  // The disk mode, many tiny segments.
  const std::string dir = testing::fresh_dir("hanoi-symmetry-", label);
  const SearchResult disk = search(v, testing::tight_disk_bfs_options(v.num_ranks(), dir, o));
  EXPECT_EQ(disk.storage, StorageKind::kDisk);
  EXPECT_EQ(disk.symmetries, sym.symmetries);
  EXPECT_EQ(disk.level_sizes, full.level_sizes);
  EXPECT_EQ(disk.optimum, full.optimum);
  EXPECT_EQ(disk.farthest, full.farthest);
  EXPECT_EQ(disk.orbits, sym.orbits);  // the same states kept as in memory
  std::filesystem::remove_all(dir);
}

#ifdef HANOI_TYPED_FAMILIES
TYPED_TEST(StartSymmetries, GroupOfAutomorphismsAndTheSameSearch) {
  using Space = typename TypeParam::Space;
  if constexpr (!HasStartSymmetries<Space>) {
    GTEST_SKIP() << "this family names no start symmetries";
  } else {
    const Family<Space> fam = TypeParam::family();
    const FamilyInfo& info = fam.info;
    int with = 0;
    for (int m = info.min_pegs; m <= info.max_pegs; ++m)
      for (const ProblemInfo& pr : info.problems)
        for (int n = 1; n <= info.max_n(m); ++n) {
          const Space v = fam.make(normalize(info, Params{n, m, pr.code}));
          if (v.num_ranks() > kSymmetrySearchRanks) break;
          const std::string label = info.name + " pegs=" + std::to_string(m) +
                                    " problem=" + pr.code + " n=" + std::to_string(n);
          SCOPED_TRACE(label);
          if (v.num_ranks() <= kGroupRanks) expect_group(v);
          if (StartSymmetry<Space>(v).active()) {
            ++with;
            expect_same_search(v, label);
          } else {
            SearchOptions o;
            o.symmetry = true;
            EXPECT_THROW(search(v, o), std::invalid_argument);
          }
        }
    EXPECT_GT(with, 0);
  }
}

// The disk mode with symmetry, interrupted every 3 segment expansions and
// resumed until done, then resumed once more when finished: the full search's
// counts.
TYPED_TEST(StartSymmetries, DiskModeResumes) {
  using Space = typename TypeParam::Space;
  if constexpr (!HasStartSymmetries<Space>) {
    GTEST_SKIP() << "this family names no start symmetries";
  } else {
    const Family<Space> fam = TypeParam::family();
    const FamilyInfo& info = fam.info;
    // The largest n of the default problem within a bound.
    std::optional<Space> pick;
    for (int n = 1; n <= info.max_n(info.min_pegs); ++n) {
      const Space v = fam.make(normalize(info, Params{n, info.min_pegs, ""}));
      if (v.num_ranks() > (Rank{1} << 12)) break;
      if (StartSymmetry<Space>(v).active()) pick = v;
    }
    ASSERT_TRUE(pick.has_value());
    const Space& v = *pick;
    SearchOptions base;
    base.farthest = 3;
    const SearchResult full = search(v, base);
    base.symmetry = true;
    const SearchResult in_memory = search(v, base);
    const std::string dir = testing::fresh_dir("hanoi-symmetry-resume-", info.name);
    SearchOptions o = testing::tight_disk_bfs_options(v.num_ranks(), dir, base);
    o.checkpoint_seconds = 0;
    o.abort_after_segments = 3;
    o.resume = true;
    SearchResult disk;
    const int runs = testing::resume_until_done([&] { disk = search(v, o); });
    EXPECT_GT(runs, 0);
    for (int again = 0; again < 2; ++again) {
      EXPECT_EQ(disk.level_sizes, full.level_sizes);
      EXPECT_EQ(disk.optimum, full.optimum);
      EXPECT_EQ(disk.farthest, full.farthest);
      // The orbits kept pass through every checkpoint.
      EXPECT_EQ(disk.orbits, in_memory.orbits);
      EXPECT_GT(disk.orbits, 0u);
      o.abort_after_segments = 0;
      disk = search(v, o);  // finished: reported again from the checkpoint
    }
    // A checkpoint of the run without symmetry is another search: refused.
    SearchOptions plain = o;
    plain.symmetry = false;
    EXPECT_THROW(search(v, plain), WorkDirError);
    std::filesystem::remove_all(dir);
  }
}
#endif  // HANOI_TYPED_FAMILIES

#ifndef HANOI_TYPED_FAMILIES  // the plain tests: once, in this file's own unit
// What --symmetry on the generic engine refuses.
TEST(StartSymmetryChoice, RefusalsAndRouting) {
  const FamilyInfo& info = variants::find_family("checkers");
  testing::visit_among<variants::checkers::CheckersFamily>(
      info.name, Params{6, 4, ""}, [&](const auto&, const auto& v) {
        SearchOptions o;
        o.symmetry = true;
        EXPECT_EQ(choose_engine(v, o), EngineKind::kGeneric);
        EXPECT_EQ(choose_storage(v, o), StorageKind::kMemory);
        SearchOptions path = o;
        path.want_path = true;
        EXPECT_THROW(search(v, path), std::invalid_argument);
        SearchOptions meet = o;
        meet.meet_in_middle = true;
        EXPECT_THROW(search(v, meet), std::invalid_argument);
        SearchOptions disk = o;
        disk.work_dir = testing::fresh_dir("hanoi-symmetry-", "checkers");
        disk.storage = StorageKind::kDisk;
        EXPECT_EQ(choose_storage(v, disk), StorageKind::kDisk);
        disk.want_path = true;
        EXPECT_THROW(search(v, disk), std::invalid_argument);
      });
  // BADB: no two of pegs 1, 2, 3 have bases that act alike.
  testing::visit_among<variants::checkers::CheckersFamily>(
      info.name, Params{6, 4, "BADB"}, [&](const auto&, const auto& v) {
        SearchOptions o;
        o.symmetry = true;
        EXPECT_THROW(search(v, o), std::invalid_argument);
      });
}

#endif  // !HANOI_TYPED_FAMILIES
}  // namespace
}  // namespace hanoi

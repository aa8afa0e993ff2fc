// The generic engine's half-depth test (--meet-in-middle over a start-goal
// mirror, engine/mirror.hpp: a variant's own, core.hpp's HasMirror, or a
// lattice space's peg permutation; bfs.hpp and disk_bfs.hpp) on every
// registered family that has one, for every problem and small n:
//   * the mirror is an involution and an automorphism of the move graph,
//   checked
//     state by state with the slow rule check (check_move), not the successor
//     loop, and it maps the start to the goal;
//   * a mirror is offered exactly where a brute force over the peg involutions,
//     again by check_move, finds one (for the spaces of one word of pegs);
//   * the optimum equals the full search's, decided at depth ceil(L/2) with the
//   same
//     counts up to there, in memory and in the disk mode (tiny segments, two
//     resident, a queue of 8 records; the first three problems, n within 2^11
//     ranks), and in the disk mode after interruptions;
//   * without a mirror the test is refused, never silently replaced.
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
#endif

namespace hanoi {
namespace {

#ifdef HANOI_TYPED_FAMILIES  // per family folder (support/registered_types.hpp)
template <class Entry>
class Mirror : public ::testing::Test {};

TYPED_TEST_SUITE(Mirror, testing::TypedFamilies, testing::RegisteredName);
#endif  // HANOI_TYPED_FAMILIES

constexpr Rank kBruteRanks = Rank{1} << 11;   // the state-by-state checks, the disk runs
constexpr Rank kSearchRanks = Rank{1} << 16;  // the searches

// Whether `img` is an involution and an automorphism over every rank (the slow
// rule check decides the moves).
template <class V, class Img>
bool is_mirror_map(const V& v, Img&& img) {
  // (Images are legal states before they are ranked again.)
  if (!testing::is_automorphism(v, img)) return false;
  for (Rank r = 0; r < v.num_ranks(); ++r)
    if (v.rank(img(img(v.unrank(r)))) != r) return false;
  return true;
}

// Some involution of the pegs that maps the start to the goal and is an
// automorphism (for spaces of one packed word of pegs; nullopt: none).
template <class V>
std::optional<bool> brute_force_mirror(const V& v) {
  if constexpr (requires { v.codec().with_peg(std::uint64_t{0}, 1, 0); }) {
    const int m = v.pegs(), n = v.discs();
    std::vector<int> p(static_cast<std::size_t>(m));
    std::iota(p.begin(), p.end(), 0);
    do {
      bool ok = true;
      for (int a = 0; a < m && ok; ++a)
        ok = p[static_cast<std::size_t>(p[static_cast<std::size_t>(a)])] == a;
      if (!ok) continue;
      auto img = [&](const typename V::State& s) {
        typename V::State x{};
        for (int d = 1; d <= n; ++d)
          x.w = v.codec().with_peg(x.w, d, p[static_cast<std::size_t>(v.peg_of(s, d))]);
        return x;
      };
      if (v.is_goal(img(v.start())) && is_mirror_map(v, img)) return true;
    } while (std::next_permutation(p.begin(), p.end()));
    return false;
  } else {
    (void)v;
    return std::nullopt;
  }
}

template <class V>
void expect_meet_agrees(const V& v, const std::string& label, bool on_disk) {
  SCOPED_TRACE(label);
  SearchOptions full_o{.stop_at_goal = true};
  full_o.engine = EngineKind::kGeneric;
  const SearchResult full = search(v, full_o);
  // An unreachable goal: no pair ever meets, and the search runs to completion.
  const bool reached = full.outcome == SearchOutcome::kGoalReached;
  const std::uint64_t k = reached ? (full.optimum + 1) / 2 : full.level_sizes.size() - 1;
  const std::vector<std::uint64_t> prefix(full.level_sizes.begin(),
                                          full.level_sizes.begin() + static_cast<long>(k + 1));
  SearchOptions o;
  o.meet_in_middle = true;
  o.engine = EngineKind::kGeneric;
  const SearchResult mem = search(v, o);
  EXPECT_EQ(mem.engine, EngineKind::kGeneric);
  EXPECT_EQ(mem.storage, StorageKind::kMemory);
  EXPECT_EQ(mem.optimum, full.optimum);
  EXPECT_EQ(mem.outcome, full.outcome);
  EXPECT_EQ(mem.complete, !reached);
  EXPECT_EQ(mem.met_in_middle, reached && full.optimum > 0);
  EXPECT_EQ(mem.level_sizes.to_vector(), prefix);
  if (!on_disk) return;
  const std::string dir = testing::fresh_dir("hanoi-mirror-", label);
  const SearchResult disk =
      search(v, testing::tight_disk_bfs_options(v.num_ranks(), dir, SearchOptions{o}));
  EXPECT_EQ(disk.storage, StorageKind::kDisk);
  EXPECT_EQ(disk.optimum, full.optimum);
  EXPECT_EQ(disk.outcome, full.outcome);
  EXPECT_EQ(disk.met_in_middle, mem.met_in_middle);
  EXPECT_EQ(disk.level_sizes.to_vector(), prefix);
  std::filesystem::remove_all(dir);
}

#ifdef HANOI_TYPED_FAMILIES
TYPED_TEST(Mirror, AutomorphismAndHalfDepthOptimum) {
  using Space = typename TypeParam::Space;
  if constexpr (!HasMirror<Space> && !LatticeSpace<Space>) {
    GTEST_SKIP() << "this family offers no start-goal mirror";
  } else {
    const Family<Space> fam = TypeParam::family();
    const FamilyInfo& info = fam.info;
    int mirrored = 0, refused = 0;
    for (int m = info.min_pegs; m <= info.max_pegs; ++m)
      for (const ProblemInfo& pr : info.problems)
        for (int n = 1; n <= std::min(12, info.max_n(m)); ++n) {
          const Space v = fam.make(normalize(info, Params{n, m, pr.code}));
          if (v.num_ranks() > kSearchRanks) break;
          const StartGoalMirror<Space> mirror(v);
          const std::string label = info.name + " pegs=" + std::to_string(m) +
                                    " problem=" + pr.code + " n=" + std::to_string(n);
          SCOPED_TRACE(label);
          if (v.num_ranks() <= kBruteRanks) {
            const std::optional<bool> brute = brute_force_mirror(v);
            if (brute) {
              EXPECT_EQ(*brute, mirror.ok());
            }
            if (mirror.ok()) {
              auto image = [&](const auto& s) { return v.unrank(mirror(v.rank(s))); };
              EXPECT_TRUE(v.is_goal(image(v.start())));
              EXPECT_TRUE(is_mirror_map(v, image));
            }
          }
          if (mirror.ok()) {
            ++mirrored;
            // The disk mode (many tiny files) on the family's first problems
            // (the seed's own codes), small n.
            const bool first = &pr - info.problems.data() < 3;
            expect_meet_agrees(v, label, first && v.num_ranks() <= kBruteRanks);
          } else {
            ++refused;
            SearchOptions o;
            o.meet_in_middle = true;
            EXPECT_THROW(search(v, o), std::invalid_argument);
          }
        }
    EXPECT_GT(mirrored + refused, 0);
  }
}

// Interrupted every few segment expansions and resumed until done, then resumed
// once more when finished: the same verdict and counts each time.
TYPED_TEST(Mirror, DiskModeResumes) {
  using Space = typename TypeParam::Space;
  if constexpr (!HasMirror<Space> && !LatticeSpace<Space>) {
    GTEST_SKIP() << "this family offers no start-goal mirror";
  } else {
    const Family<Space> fam = TypeParam::family();
    const FamilyInfo& info = fam.info;
    // Four pegs where the family has them (3-peg graphs have up to 3^n levels,
    // and a run is stopped every 3 segment expansions): the largest n within a
    // bound.
    const int m = std::max(info.min_pegs, std::min(4, info.max_pegs));
    const Rank bound = m == 3 ? Rank{1} << 9 : Rank{1} << 12;
    std::optional<Space> pick;
    for (int n = 1; n <= info.max_n(m); ++n) {
      const Space v = fam.make(normalize(info, Params{n, m, ""}));
      if (v.num_ranks() > bound) break;
      if (StartGoalMirror<Space>(v).ok()) pick = v;
    }
    if (!pick) GTEST_SKIP() << "no instance of this family has a start-goal mirror";
    const Space& v = *pick;
    SearchOptions base;
    base.meet_in_middle = true;
    base.engine = EngineKind::kGeneric;
    const SearchResult mem = search(v, base);
    ASSERT_TRUE(mem.met_in_middle);
    const std::string dir = testing::fresh_dir("hanoi-mirror-resume-", info.name);
    SearchOptions o = testing::tight_disk_bfs_options(v.num_ranks(), dir, base);
    o.checkpoint_seconds = 0;
    o.abort_after_segments = 3;
    o.resume = true;
    SearchResult disk;
    EXPECT_GT(testing::resume_until_done([&] { disk = search(v, o); }), 0);
    for (int again = 0; again < 2; ++again) {
      EXPECT_EQ(disk.optimum, mem.optimum);
      EXPECT_TRUE(disk.met_in_middle);
      EXPECT_EQ(disk.level_sizes, mem.level_sizes);
      EXPECT_EQ(disk.outcome, SearchOutcome::kGoalReached);
      o.abort_after_segments = 0;
      disk = search(v, o);  // finished: reported again from the checkpoint
    }
    std::filesystem::remove_all(dir);
  }
}
#endif  // HANOI_TYPED_FAMILIES

#ifndef HANOI_TYPED_FAMILIES  // the plain tests: once, in this file's own unit
// The engine and storage chosen for the half-depth test, and its refusals.
TEST(MirrorChoice, GenericInMemoryOrOnDiskLatticeInMemoryOnly) {
  const FamilyInfo& info = variants::find_family("checkers");
  testing::visit_among<variants::checkers::CheckersFamily>(
      info.name, Params{8, 4, ""}, [&](const auto&, const auto& v) {
        SearchOptions o;
        o.meet_in_middle = true;
        EXPECT_EQ(choose_engine(v, o), EngineKind::kGeneric);
        EXPECT_EQ(choose_storage(v, o), StorageKind::kMemory);
        o.work_dir = testing::fresh_dir("hanoi-mirror-choice-", "checkers");
        o.max_memory = estimate_search_bytes(v.num_ranks(), false) - 1;
        EXPECT_EQ(choose_storage(v, o), StorageKind::kDisk);
        o.symmetry = true;
        EXPECT_THROW(choose_storage(v, o), std::invalid_argument);
        o.symmetry = false;
        o.want_path = true;
        EXPECT_THROW(choose_engine(v, o), std::invalid_argument);
        o.want_path = false;
        o.engine = EngineKind::kLattice;
        EXPECT_THROW(choose_engine(v, o), std::invalid_argument);
      });
  // A problem whose bases no involution keeps (DDDB: peg 3 alone is coloured).
  testing::visit_among<variants::checkers::CheckersFamily>(
      info.name, Params{8, 4, "DDDB"}, [&](const auto&, const auto& v) {
        SearchOptions o;
        o.meet_in_middle = true;
        EXPECT_THROW(choose_engine(v, o), std::invalid_argument);
        EXPECT_THROW(breadth_first_search(v, o), std::invalid_argument);
        o.work_dir = testing::fresh_dir("hanoi-mirror-choice-", "dddb");
        EXPECT_THROW(disk_bfs_search(v, o), std::invalid_argument);
      });
}

#endif  // !HANOI_TYPED_FAMILIES
}  // namespace
}  // namespace hanoi

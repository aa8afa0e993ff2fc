// The word-parallel lattice engine (engine/lattice_bfs.hpp) against the generic
// engine (engine/bfs.hpp), level by level, on every registered family it serves:
// each pegs value and problem, n = 1..10 while the rank space is at most 2^22 (so
// n <= 10 everywhere at 3 and 4 pegs).  The generic engine is itself checked
// against the Boost.Graph oracle by the conformance suite, which also runs the
// lattice engine on the small instances (support/oracle.hpp).
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <string>
#include <vector>

#include "engine/search.hpp"
#include "support/registered_types.hpp"
#include "variants/registry.hpp"

namespace hanoi {
namespace {

template <class Entry>
class Lattice : public ::testing::Test {};

TYPED_TEST_SUITE(Lattice, testing::TypedFamilies, testing::RegisteredName);

constexpr Rank kLatticeMaxRanks = Rank{1} << 22;

template <StateSpace V>
void expect_same_search(const V& v, SearchOptions o, const std::string& label) {
  SCOPED_TRACE(label);
  o.engine = EngineKind::kGeneric;
  const SearchResult g = search(v, o);
  o.engine = EngineKind::kLattice;
  const SearchResult l = search(v, o);
  EXPECT_EQ(g.engine, EngineKind::kGeneric);
  EXPECT_EQ(l.engine, EngineKind::kLattice);
  EXPECT_EQ(l.level_sizes, g.level_sizes);
  EXPECT_EQ(l.outcome, g.outcome);
  EXPECT_EQ(l.optimum, g.optimum);
  EXPECT_EQ(l.states_reached, g.states_reached);
  EXPECT_EQ(l.eccentricity, g.eccentricity);
  EXPECT_EQ(l.complete, g.complete);
  EXPECT_EQ(l.farthest, g.farthest);
  EXPECT_EQ(l.rank_space, g.rank_space);
  if (!o.want_path || l.outcome != SearchOutcome::kGoalReached) return;
  // The witnesses may differ; each must be legal by the rule checker and optimal.
  ASSERT_EQ(l.path.size(), l.optimum);
  typename V::State s = v.start();
  for (const Move& m : l.path) {
    const auto c = v.check_move(s, m.from, m.to);
    ASSERT_TRUE(c.legal) << "lattice witness move " << int(m.disc) << ":" << int(m.from) << "->"
                         << int(m.to) << " illegal: " << c.rule;
    ASSERT_EQ(c.disc, m.disc);
    s = c.next;
  }
  EXPECT_TRUE(v.is_goal(s)) << "lattice witness ends at " << v.describe(s);
}

TYPED_TEST(Lattice, SameLevelsAsTheGenericEngine) {
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
          if (space.num_ranks() > kLatticeMaxRanks) break;
          ++instances;
          const std::string label = info.name + " pegs=" + std::to_string(m) +
                                    " problem=" + pr.code + " n=" + std::to_string(n);
          expect_same_search(space, SearchOptions{.farthest = 5}, label + " (complete)");
          expect_same_search(space, SearchOptions{.stop_at_goal = true}, label + " (stop at goal)");
          if constexpr (Space::kReversible)
            expect_same_search(space, SearchOptions{.want_path = true}, label + " (witness)");
        }
      }
    }
    EXPECT_GT(instances, 0);
  }
}

// One thread takes the plain-write path of the kernel; its results must not differ.
TYPED_TEST(Lattice, OneThreadAgrees) {
  using Space = typename TypeParam::Space;
  if constexpr (!LatticeSpace<Space>) {
    GTEST_SKIP() << "the lattice engine does not serve this family";
  } else {
    const Family<Space> fam = TypeParam::family();
    const Params p = normalize(fam.info, Params{std::min(9, fam.info.max_n(fam.info.default_pegs)),
                                                fam.info.default_pegs, ""});
    const Space space = fam.make(p);
    SearchOptions o{.engine = EngineKind::kLattice};
    const SearchResult two = search(space, o);
    tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
    const SearchResult single = search(space, o);
    EXPECT_EQ(single.level_sizes, two.level_sizes);
    EXPECT_EQ(single.optimum, two.optimum);
  }
}

// kAuto picks the lattice where it applies and is not too thin; an explicit request
// that cannot be served is refused, never silently replaced.
TYPED_TEST(Lattice, EngineChoice) {
  using Space = typename TypeParam::Space;
  const Family<Space> fam = TypeParam::family();
  const Params p = normalize(fam.info, Params{3, fam.info.default_pegs, ""});
  const Space space = fam.make(p);
  SearchOptions lattice{.engine = EngineKind::kLattice};
  if constexpr (!LatticeSpace<Space>) {
    EXPECT_THROW(choose_engine(space, lattice), std::invalid_argument);
    EXPECT_EQ(choose_engine(space, SearchOptions{}), EngineKind::kGeneric);
  } else {
    EXPECT_EQ(choose_engine(space, lattice), EngineKind::kLattice);
    const bool path_graph = space.pegs() == 3 && !lattice_preferred(space);
    EXPECT_EQ(choose_engine(space, SearchOptions{}),
              path_graph ? EngineKind::kGeneric : EngineKind::kLattice);
    // One-way moves on 3 pegs (cyclic) are too thin for the lattice's chunks.
    if (space.pegs() == 3 && !Space::kReversible) {
      EXPECT_EQ(choose_engine(space, SearchOptions{}), EngineKind::kGeneric);
    }
    SearchOptions witness{.want_path = true};
    if constexpr (!Space::kReversible) {
      witness.engine = EngineKind::kLattice;
      EXPECT_THROW(choose_engine(space, witness), std::invalid_argument);
      witness.engine = EngineKind::kAuto;
      EXPECT_EQ(choose_engine(space, witness), EngineKind::kGeneric);
    }
  }
}

}  // namespace
}  // namespace hanoi

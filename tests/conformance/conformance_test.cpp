// The conformance suite: every registered family (variants/registry.hpp) passes
// these checks without a line of its own.  For each pegs value in the family's
// range, each problem and each n whose rank space is at most the family's
// `conformance_ranks`:
//   * the encoder is a bijection on the reachable states, and the fast search
//     agrees with a Boost.Graph BFS over the graph built from `check_move`
//     alone (level sizes, goal distance, states), with a witness the rule
//     checker accepts, and so do the paths of large runs (no witness, 1, 2 and 8
//     threads, bitmap levels, the block kernel, the lattice and frontier kernels);
//   * the fast successor loop generates exactly the moves `check_move` allows;
//   * predecessors are exactly the reversed successor edges;
//   * every algorithm replays legally to the goal, never below the optimum, and
//     equal to it where the seeds claim it optimal;
//   * the closed form equals the optimum where it is claimed to, and is never
//   below.
// Per-family test files keep only what is special to the family.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "analyses/replay_algorithm.hpp"
#include "support/oracle.hpp"
#include "support/registered_types.hpp"
#include "variants/registry.hpp"

namespace hanoi {
namespace {

inline constexpr std::size_t kManyProblems = 24, kFullProblems = 6;

template <class Entry>
class Conformance : public ::testing::Test {
 protected:
  using Space = typename Entry::Space;

  // Calls f(params, label) for every normalised instance small enough to test.
  template <class F>
  void for_each_small_instance(F&& f) {
    const Family<Space> fam = Entry::family();
    const FamilyInfo& info = fam.info;
    int instances = 0;
    for (int m = info.min_pegs; m <= info.max_pegs; ++m) {
      for (std::size_t i = 0; i < info.problems.size(); ++i) {
        const ProblemInfo& pr = info.problems[i];
        // A family with more than kManyProblems problems (reversi offers 171
        // codes, checkers 36) gets the whole range for its first kFullProblems
        // (the seed's) and n <= 3 for the rest, which its regression tests
        // check against the oracle further (labelled `slow`: the sanitizer run
        // would take minutes).
        const bool many = info.problems.size() > kManyProblems;
        const int n_max = !many || i < kFullProblems ? info.max_n(m) : std::min(3, info.max_n(m));
        for (int n = 1; n <= n_max; ++n) {
          const Params p = normalize(info, Params{n, m, pr.code});
          const Space space = fam.make(p);
          if (space.num_ranks() > info.conformance_ranks) break;
          ++instances;
          f(fam, p, space,
            info.name + " pegs=" + std::to_string(m) + " problem=" + pr.code +
                " n=" + std::to_string(n));
        }
      }
    }
    EXPECT_GT(instances, 0) << info.name << ": no instance within conformance_ranks";
  }
};

TYPED_TEST_SUITE(Conformance, testing::TypedFamilies, testing::RegisteredName);

// The explicit graph is built once for both: the searches with a witness (one
// thread) and the paths of large runs (threads, bitmap levels, block kernel).
TYPED_TEST(Conformance, SearchMatchesBoostGraphOracle) {
  this->for_each_small_instance(
      [](const auto&, const Params&, const auto& space, const std::string& label) {
        const auto g = testing::build_explicit_graph(space);
        const testing::OracleResult want = testing::oracle_search(space, g);
        testing::expect_engine_matches_oracle(space, g, want, label);
        testing::expect_threaded_paths_match_oracle(space, want, label);
      });
}

// Edges are compared as (vertex, disc or from, to) numbers of the explicit graph
// (testing::ExplicitGraph::vertex_of: the state's bytes, never its rank).
TYPED_TEST(Conformance, SuccessorsAreExactlyTheLegalMoves) {
  this->for_each_small_instance(
      [](const auto&, const Params&, const auto& space, const std::string& label) {
        SCOPED_TRACE(label);
        using State = typename std::decay_t<decltype(space)>::State;
        const auto g = testing::build_explicit_graph(space);
        std::vector<std::tuple<int, int, std::size_t>> fast, plain;
        for (const State& s : g.states) {
          fast.clear();
          plain.clear();
          space.for_each_successor(s, [&](const State& u, Move m) {
            const std::size_t to = g.vertex_of(u);
            EXPECT_NE(to, testing::kNoVertex) << "move " << int(m.from) << "->" << int(m.to)
                                              << " to a state check_move never reaches";
            fast.emplace_back(m.from, m.to, to);
            const auto c = space.check_move(s, m.from, m.to);
            EXPECT_EQ(int(m.disc), c.disc) << "the move names another disc than check_move";
          });
          for (int from = 0; from < space.pegs(); ++from)
            for (int to = 0; to < space.pegs(); ++to) {
              if (from == to) continue;
              const auto c = space.check_move(s, from, to);
              if (c.legal) plain.emplace_back(from, to, g.vertex_of(c.next));
            }
          std::sort(fast.begin(), fast.end());
          std::sort(plain.begin(), plain.end());
          const auto twice = std::adjacent_find(fast.begin(), fast.end());
          ASSERT_TRUE(twice == fast.end())
              << "move " << std::get<0>(*twice) << "->" << std::get<1>(*twice)
              << " generated twice at " << space.describe(s);
          ASSERT_EQ(fast, plain) << "at " << space.describe(s);
        }
      });
}

TYPED_TEST(Conformance, PredecessorsReverseSuccessors) {
  using Space = typename TestFixture::Space;
  this->for_each_small_instance(
      [](const auto&, const Params&, const auto& space, const std::string& label) {
        SCOPED_TRACE(label);
        using State = typename Space::State;
        using Edge = std::tuple<std::size_t, int, int, int>;  // source vertex, disc, from, to
        const auto g = testing::build_explicit_graph(space);
        // Every edge u -> s among reachable states, listed at its target.
        std::vector<std::vector<Edge>> into(g.states.size());
        for (std::size_t u = 0; u < g.states.size(); ++u)
          space.for_each_successor(g.states[u], [&](const State& s, Move m) {
            const std::size_t to = g.vertex_of(s);
            ASSERT_NE(to, testing::kNoVertex) << "a successor check_move never reaches";
            into[to].emplace_back(u, m.disc, m.from, m.to);
          });
        std::vector<Edge> back;
        for (std::size_t v = 0; v < g.states.size(); ++v) {
          back.clear();
          for_each_predecessor(space, g.states[v], [&](const State& u, Move m) {
            // Predecessors outside the reachable set exist on directed graphs; only
            // those inside are comparable with the forward edges.
            const std::size_t from = g.vertex_of(u);
            if (from != testing::kNoVertex) back.emplace_back(from, m.disc, m.from, m.to);
          });
          std::sort(back.begin(), back.end());
          std::sort(into[v].begin(), into[v].end());
          ASSERT_EQ(back, into[v]) << "at " << space.describe(g.states[v]);
        }
      });
}

TYPED_TEST(Conformance, AlgorithmsReplayToTheOptimum) {
  this->for_each_small_instance(
      [](const auto& fam, const Params& p, const auto& space, const std::string& label) {
        SCOPED_TRACE(label);
        const SearchResult best = breadth_first_search(space, SearchOptions{});
        for (const AlgorithmSpec* a : algorithms_for(fam.info, p)) {
          const RunReport r = replay_algorithm(space, p, *a, false);
          EXPECT_TRUE(r.ok) << a->name << ": " << r.error;
          if (!r.ok) continue;
          ASSERT_EQ(best.outcome, SearchOutcome::kGoalReached)
              << a->name << " solved an unreachable goal";
          EXPECT_GE(r.moves, best.optimum) << a->name;
          if (holds_for(a->claimed_optimal, p)) {
            EXPECT_EQ(r.moves, best.optimum) << a->name << " is claimed optimal";
          }
        }
      });
}

TYPED_TEST(Conformance, ClosedFormAgainstTheSearch) {
  this->for_each_small_instance(
      [](const auto& fam, const Params& p, const auto& space, const std::string& label) {
        SCOPED_TRACE(label);
        const auto formula = closed_form_of(fam.info, p);
        if (!formula) return;
        EXPECT_FALSE(formula_name_of(fam.info, p).empty()) << "a closed form needs a name";
        const SearchResult best = breadth_first_search(space, SearchOptions{});
        ASSERT_EQ(best.outcome, SearchOutcome::kGoalReached);
        EXPECT_GE(*formula, best.optimum);
        if (holds_for(fam.info.formula_is_optimum, p)) {
          EXPECT_EQ(*formula, best.optimum);
        }
      });
}

TYPED_TEST(Conformance, NormalizeFillsDefaultsAndRefusesOutOfRange) {
  const auto fam = TypeParam::family();
  const FamilyInfo& info = fam.info;
  const Params p = normalize(info, Params{1});
  EXPECT_EQ(p.pegs, info.default_pegs);
  EXPECT_EQ(p.problem, info.problems.front().code);
  EXPECT_THROW(normalize(info, Params{0}), UsageError);
  EXPECT_THROW(normalize(info, Params{info.max_n(info.default_pegs) + 1}), UsageError);
  EXPECT_THROW(normalize(info, Params{1, info.max_pegs + 1}), UsageError);
  EXPECT_THROW(normalize(info, Params{1, 0, "no-such-problem"}), UsageError);
  EXPECT_FALSE(info.summary.empty());
  std::set<std::string> names;
  for (const AlgorithmSpec& a : info.algorithms) {
    EXPECT_TRUE(names.insert(a.name).second) << "algorithm " << a.name << " registered twice";
    EXPECT_TRUE(static_cast<bool>(a.emit)) << a.name;
  }
}

}  // namespace
}  // namespace hanoi

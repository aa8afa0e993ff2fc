// Cyclic: the engine against the Boost.Graph oracle (now in tests/conformance/; a directed graph
// here, so the witness goes through PegSpace::for_each_predecessor), seed 002's closed forms
// against one another and against the search, and both algorithms through the rule
// checker.  Known values come only from seed 002's formulas or from the oracle.
#include "variants/cyclic/cyclic.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <deque>
#include <string>
#include <vector>

#include "declared/cyclic.hpp"
#include "support/family_handle.hpp"
#include "support/oracle.hpp"

namespace hanoi {
namespace {

const char* const kCyclicProblems[] = {"left", "right"};

// Number of shortest start -> goal paths in the explicit (rules-only) graph, capped
// at 2: seed 002 says the solutions are unique.
template <class V>
std::uint64_t count_shortest_paths(const V& v) {
  const auto g = testing::build_explicit_graph(v);
  const std::size_t size = g.states.size();
  std::vector<std::uint64_t> dist(size, UINT64_MAX), ways(size, 0);
  std::deque<std::size_t> queue{0};
  dist[0] = 0;
  ways[0] = 1;
  while (!queue.empty()) {
    const std::size_t u = queue.front();
    queue.pop_front();
    for (auto [e, end] = boost::out_edges(u, g.graph); e != end; ++e) {
      const std::size_t w = boost::target(*e, g.graph);
      if (dist[w] == UINT64_MAX) {
        dist[w] = dist[u] + 1;
        queue.push_back(w);
      }
      if (dist[w] == dist[u] + 1) ways[w] = std::min<std::uint64_t>(2, ways[w] + ways[u]);
    }
  }
  for (std::size_t i = 0; i < size; ++i)
    if (v.is_goal(g.states[i])) return ways[i];
  return 0;
}

TEST(Cyclic, OptimalSolutionIsUnique) {
  // Seed 002: "the solutions are unique and optimal".
  for (const char* problem : kCyclicProblems) {
    for (int n = 1; n <= 7; ++n) {
      EXPECT_EQ(count_shortest_paths(variants::cyclic::make_space(Params{n, 3, problem})), 1u)
          << problem << " n=" << n;
    }
  }
}

TEST(Cyclic, SeedFormsOfTheTimesAgree) {
  // VARIANTS.md / seed 002: A(n) = 2A(n-1) + C(n-1) + 2, C(n) = 2A(n-1) + 1.
  // Seed 002 also gives A(n+3) = 3A(n+2) - 2A(n), A(0) = 0, A(1) = 2, A(2) = 7, and
  // A(n) = (x^(n+2) - y^(n+2)) / (4 sqrt 3) - 1 with x, y = 1 +- sqrt 3.
  using variants::cyclic::time_left;
  using variants::cyclic::time_right;
  EXPECT_EQ(time_left(0), 0u);
  EXPECT_EQ(time_right(0), 0u);
  std::vector<std::int64_t> a = {0, 2, 7};
  for (int n = 0; n + 3 <= 32; ++n) a.push_back(3 * a[n + 2] - 2 * a[n]);
  for (int n = 0; n <= 32; ++n) {
    EXPECT_EQ(time_left(n), static_cast<std::uint64_t>(a[n])) << "A(" << n << ")";
    if (n >= 1) {
      EXPECT_EQ(time_right(n), 2 * time_left(n - 1) + 1) << "C(" << n << ")";
      EXPECT_EQ(time_left(n), 2 * time_left(n - 1) + time_right(n - 1) + 2) << "A(" << n << ")";
    }
  }
  const long double s3 = std::sqrt(3.0L);
  const long double x = 1 + s3, y = 1 - s3;
  for (int n = 0; n <= 20; ++n) {
    const long double explicit_a = (std::pow(x, n + 2) - std::pow(y, n + 2)) / (4 * s3) - 1;
    EXPECT_EQ(static_cast<std::uint64_t>(std::llround(explicit_a)), time_left(n))
        << "explicit A(" << n << ")";
  }
}

TEST(Cyclic, SearchGivesClosedForm) {
  auto family = testing::family_of<variants::cyclic::CyclicFamily>();
  for (const char* problem : kCyclicProblems) {
    for (int n = 1; n <= 12; ++n) {
      const Params p = family->normalize(Params{n, 0, problem});
      const SearchResult r = family->optimum(p, SearchOptions{});
      ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached) << problem << " n=" << n;
      EXPECT_EQ(r.optimum, *family->closed_form(p)) << problem << " n=" << n;
    }
  }
}

TEST(Cyclic, DefaultProblemIsLeft) {
  auto family = testing::family_of<variants::cyclic::CyclicFamily>();
  const Params p = family->normalize(Params{4, 0, ""});
  EXPECT_EQ(p.problem, "left");
  EXPECT_EQ(p.pegs, 3);
  EXPECT_EQ(*family->closed_form(p), variants::cyclic::time_left(4));
  EXPECT_THROW(family->normalize(Params{33, 0, ""}), UsageError);
  EXPECT_THROW(family->normalize(Params{4, 4, ""}), UsageError);
}

TEST(Cyclic, EveryAlgorithmIsLegalAndOptimal) {
  auto family = testing::family_of<variants::cyclic::CyclicFamily>();
  for (const char* problem : kCyclicProblems) {
    for (int n = 1; n <= 14; ++n) {
      const Params p = family->normalize(Params{n, 0, problem});
      ASSERT_EQ(family->algorithms(p).size(), 2u);
      for (const AlgorithmSpec* a : family->algorithms(p)) {
        const RunReport r = family->run(p, a->name, false);
        EXPECT_TRUE(r.ok) << a->name << " " << problem << " n=" << n << ": " << r.error;
        EXPECT_EQ(r.moves, *family->closed_form(p)) << a->name << " " << problem << " n=" << n;
      }
    }
  }
}

TEST(Cyclic, AlgorithmsEmitTheUniqueOptimalSequence) {
  // The optimum is unique (seed 002, and OptimalSolutionIsUnique above), so both
  // algorithms and the engine's witness must be the same move sequence.
  auto family = testing::family_of<variants::cyclic::CyclicFamily>();
  for (const char* problem : kCyclicProblems) {
    for (int n = 1; n <= 7; ++n) {
      const Params p = family->normalize(Params{n, 0, problem});
      SearchOptions o;
      o.want_path = true;
      const std::vector<Move> witness = family->optimum(p, o).path;
      for (const AlgorithmSpec* a : family->algorithms(p))
        EXPECT_EQ(family->run(p, a->name, true).recorded, witness)
            << a->name << " " << problem << " n=" << n;
    }
  }
}

TEST(Cyclic, CounterClockwiseMoveIsRejected) {
  const auto space = variants::cyclic::make_space(Params{3, 3, "left"});
  const auto back = space.check_move(space.start(), 0, 2);
  EXPECT_FALSE(back.legal);
  EXPECT_EQ(back.disc, 1);
  EXPECT_TRUE(space.check_move(space.start(), 0, 1).legal);
}

}  // namespace
}  // namespace hanoi

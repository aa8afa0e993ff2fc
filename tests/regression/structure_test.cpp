// analyses/structure.hpp (optimal-solution counts, all-pairs summaries) and the BFS's
// `farthest` sample, against independent computations and published values.
//
// Independent computations: the explicit state graph built from `check_move` only
// (support/oracle.hpp, never `for_each_successor`), Boost.Graph BFS distances on it,
// and dynamic programming over those distances written here (forward path counts).
// Published values:
//   * OEIS A143807 (Behrstock): the number of geodesics between perfect states of
//     the 4-peg Hanoi graph, 1, 2, 2, 22, 40, 18, 2468, 11698, 11426, 2178, 74056628.
//   * OEIS A290004 (Hinz 1989, Chan 1989): the Wiener index W(n) of the 3-peg Hanoi
//     graph, W(n) = (3/1003)(34 u_n + 51 v_n) - 3^(n+1)/10 + 9^n (233 2^n / 885 - 1/6)
//     with u_n = P^n + M^n, v_n = (P^n - M^n)/sqrt(17), P, M = (5 +- sqrt 17)/2.
//   * OEIS A340309 (Hinz, Klavzar, Milutinovic, Parisse, Petr 2005, Prop. 3.9): the
//     ordered pairs with two shortest paths, a(n) = (3/4)(u_n + v_n - 2 3^n); no pair
//     has more than two (Hinz et al. 2005).
//   * The classic puzzle has a unique optimal solution of 2^n - 1 moves (VARIANTS.md,
//     seed 002); the diameter of the 3-peg Hanoi graph is 2^n - 1 (Hinz 1989).
//   * OEIS A382111 (Korf 2004, table 2): the eccentricity of a perfect state in the
//     4-peg graph, 0, 1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65 (n = 0..11); it equals
//     the Frame-Stewart optimum A007664 until n = 15.
#include "analyses/structure.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>
#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <limits>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "declared/classic.hpp"
#include "declared/cyclic.hpp"
#include "declared/domino.hpp"
#include "declared/lundon.hpp"
#include "declared/reversi.hpp"
#include "engine/bfs.hpp"
#include "support/helpers.hpp"
#include "support/oracle.hpp"
#include "variants/classic/classic.hpp"
#include "variants/cyclic/cyclic.hpp"
#include "variants/domino/domino.hpp"
#include "variants/lundon/lundon.hpp"
#include "variants/registry.hpp"
#include "variants/reversi/reversi.hpp"
#include "variants/reves/reves.hpp"

namespace hanoi {
namespace {

using Big = boost::multiprecision::cpp_int;
using Rational = boost::multiprecision::cpp_rational;
using testing::bgl_distances;
using testing::Graph;
using testing::kUnreached;

using testing::params;

// Vertices reached from the source, by increasing distance.
std::vector<std::size_t> by_distance(const std::vector<std::uint64_t>& dist) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < dist.size(); ++i)
    if (dist[i] != kUnreached) order.push_back(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return dist[a] < dist[b]; });
  return order;
}

// Number of shortest paths from the source to every vertex: forward DP over the
// explicit graph's edges in order of BFS distance.
std::vector<Big> forward_path_counts(const Graph& g, std::size_t source,
                                     const std::vector<std::uint64_t>& dist) {
  std::vector<Big> paths(boost::num_vertices(g), 0);
  paths[source] = 1;
  for (std::size_t u : by_distance(dist)) {
    for (auto [e, end] = boost::out_edges(u, g); e != end; ++e) {
      const std::size_t w = boost::target(*e, g);
      if (dist[w] == dist[u] + 1) paths[w] += paths[u];
    }
  }
  return paths;
}

struct OracleCount {
  std::optional<std::uint64_t> optimum;
  Big count = 0;
  std::uint64_t on_optimal_paths = 0;
};

template <class V>
OracleCount oracle_count(const V& v) {
  const testing::ExplicitGraph<V> g = testing::build_explicit_graph(v);
  const auto dist = bgl_distances(g.graph, 0);
  OracleCount out;
  for (std::size_t i = 0; i < g.states.size(); ++i)
    if (dist[i] != kUnreached && v.is_goal(g.states[i]) && (!out.optimum || dist[i] < *out.optimum))
      out.optimum = dist[i];
  if (!out.optimum) return out;
  const auto paths = forward_path_counts(g.graph, 0, dist);
  // on[u]: u lies on a shortest start-goal path (backward sweep by distance).
  std::vector<char> on(g.states.size(), 0);
  auto order = by_distance(dist);
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const std::size_t u = *it;
    if (dist[u] > *out.optimum) continue;
    if (dist[u] == *out.optimum) {
      on[u] = v.is_goal(g.states[u]);
      if (on[u]) out.count += paths[u];
      continue;
    }
    for (auto [e, end] = boost::out_edges(u, g.graph); e != end; ++e) {
      const std::size_t w = boost::target(*e, g.graph);
      if (dist[w] == dist[u] + 1 && on[w]) on[u] = 1;
    }
  }
  out.on_optimal_paths = static_cast<std::uint64_t>(std::count(on.begin(), on.end(), 1));
  return out;
}

template <class V>
void expect_count_matches_oracle(const V& v, const std::string& label) {
  SCOPED_TRACE(label);
  const OracleCount want = oracle_count(v);
  const SolutionCount got = count_optimal_solutions(v, SearchOptions{});
  ASSERT_EQ(got.optimum, want.optimum);
  EXPECT_EQ(got.count, want.count.str());
  if (want.optimum) {
    EXPECT_EQ(got.states_on_optimal_paths, want.on_optimal_paths);
  }
}

// ---------------------------------------------------------------------------------
// count_optimal_solutions
// ---------------------------------------------------------------------------------

TEST(StructureCount, MatchesOracleAndClassicIsUnique) {
  for (int n = 1; n <= 6; ++n) {
    const auto v = variants::classic::make_space(params("classic", n));
    expect_count_matches_oracle(v, "classic n=" + std::to_string(n));
    const SolutionCount c = count_optimal_solutions(v, SearchOptions{});
    EXPECT_EQ(c.count, "1") << "the classic optimal solution is unique (n=" << n << ")";
    EXPECT_EQ(c.optimum, (std::uint64_t{1} << n) - 1);
    EXPECT_EQ(c.states_on_optimal_paths, std::uint64_t{1} << n);  // a unique path of 2^n - 1 moves
  }
  for (int n = 1; n <= 6; ++n)
    expect_count_matches_oracle(variants::reves::make_space(params("reves", n, 4)),
                                "reves m=4 n=" + std::to_string(n));
  for (int n = 1; n <= 5; ++n)
    expect_count_matches_oracle(variants::reves::make_space(params("reves", n, 5)),
                                "reves m=5 n=" + std::to_string(n));
  for (int n = 1; n <= 5; ++n)
    expect_count_matches_oracle(variants::reversi::make_space(params("reversi", n, 0, "DDDF")),
                                "reversi DDDF n=" + std::to_string(n));
  // Domino: many optimal solutions, long thin levels.
  for (int n = 1; n <= 6; ++n)
    expect_count_matches_oracle(variants::domino::make_space(params("domino", n, 0, "DDE")),
                                "domino DDE n=" + std::to_string(n));
}

TEST(StructureCount, DirectedGraphsMatchOracle) {
  // Irreversible moves: the walk back from the goal uses the variants' own
  // predecessor enumeration.
  for (int n = 1; n <= 4; ++n)
    expect_count_matches_oracle(variants::lundon::make_space(params("lundon", n, 0, "A")),
                                "lundon A n=" + std::to_string(n));
  for (const char* code : {"left", "right"})
    for (int n = 1; n <= 5; ++n)
      expect_count_matches_oracle(variants::cyclic::make_space(params("cyclic", n, 0, code)),
                                  std::string("cyclic ") + code + " n=" + std::to_string(n));
}

TEST(StructureCount, FourPegsMatchesOeisA143807) {
  // OEIS A143807 (Behrstock), n = 1..11.
  const char* const published[] = {"1",    "2",     "2",     "22",   "40",      "18",
                                   "2468", "11698", "11426", "2178", "74056628"};
  for (int n = 1; n <= 11; ++n) {
    SCOPED_TRACE("n=" + std::to_string(n));
    const SolutionCount c = count_optimal_solutions(
        variants::reves::make_space(params("reves", n, 4)), SearchOptions{});
    ASSERT_TRUE(c.optimum.has_value());
    EXPECT_EQ(*c.optimum, *variants::reves::frame_stewart_moves(4, n));
    EXPECT_EQ(c.count, published[n - 1]);
  }
}

TEST(StructureCount, MemoryBudgetIsEnforced) {
  SearchOptions o;
  o.max_memory = 1024;
  EXPECT_THROW(count_optimal_solutions(variants::reves::make_space(params("reves", 6, 4)), o),
               MemoryBudgetExceeded);
}

// ---------------------------------------------------------------------------------
// all_pairs_summary
// ---------------------------------------------------------------------------------

// u_n = P^n + M^n, v_n = (P^n - M^n)/sqrt(17): both satisfy x_n = 5 x_{n-1} - 2 x_{n-2}.
std::pair<Big, Big> lucas_uv(int n) {
  Big u0 = 2, u1 = 5, v0 = 0, v1 = 1;
  for (int i = 0; i < n; ++i) {
    Big u2 = 5 * u1 - 2 * u0, v2 = 5 * v1 - 2 * v0;
    u0 = u1, u1 = u2, v0 = v1, v1 = v2;
  }
  return {u0, v0};
}

Big pow_big(int base, int e) {
  Big r = 1;
  for (int i = 0; i < e; ++i) r *= base;
  return r;
}

// OEIS A290004: the Wiener index (sum over unordered pairs) of the 3-peg Hanoi graph.
Big wiener_hanoi(int n) {
  const auto [u, v] = lucas_uv(n);
  const Rational w =
      Rational(3, 1003) * Rational(34 * u + 51 * v) - Rational(pow_big(3, n + 1), 10) +
      Rational(pow_big(9, n)) * (Rational(233 * pow_big(2, n), 885) - Rational(1, 6));
  EXPECT_EQ(denominator(w), 1) << "W(" << n << ") is not an integer";
  return numerator(w);
}

// OEIS A340309: ordered pairs with exactly two shortest paths.
Big two_path_pairs(int n) {
  const auto [u, v] = lucas_uv(n);
  const Rational a = Rational(3, 4) * Rational(u + v - 2 * pow_big(3, n));
  EXPECT_EQ(denominator(a), 1);
  return numerator(a);
}

TEST(StructureAllPairs, FormulasReadRight) {
  // The first terms as printed in the OEIS entries.
  EXPECT_EQ(wiener_hanoi(1), 3);
  EXPECT_EQ(wiener_hanoi(2), 72);
  EXPECT_EQ(wiener_hanoi(3), 1419);
  EXPECT_EQ(two_path_pairs(1), 0);
  EXPECT_EQ(two_path_pairs(2), 6);
  EXPECT_EQ(two_path_pairs(3), 48);
}

TEST(StructureAllPairs, ClassicMatchesHinz) {
  for (int n = 1; n <= 7; ++n) {
    SCOPED_TRACE("classic n=" + std::to_string(n));
    const AllPairsSummary a =
        all_pairs_summary(variants::classic::make_space(params("classic", n)));
    const std::uint64_t states = pow_big(3, n).convert_to<std::uint64_t>();
    EXPECT_EQ(a.states, states);
    EXPECT_EQ(a.ordered_pairs, states * (states - 1));
    EXPECT_EQ(a.unreachable_pairs, 0u);
    EXPECT_EQ(Big(a.sum_distances), 2 * wiener_hanoi(n));
    EXPECT_EQ(a.diameter, (std::uint64_t{1} << n) - 1);
    EXPECT_EQ(Big(a.two_paths), two_path_pairs(n));
    EXPECT_EQ(a.more_paths, 0u);
    EXPECT_LE(a.max_paths, 2u);
    EXPECT_EQ(a.one_path + a.two_paths + a.more_paths, a.ordered_pairs);
  }
}

struct OracleAllPairs {
  std::uint64_t states = 0, ordered_pairs = 0, unreachable_pairs = 0, sum_distances = 0,
                diameter = 0;
  std::uint64_t one_path = 0, two_paths = 0, more_paths = 0;
  Big max_paths = 0;
};

template <class V>
OracleAllPairs oracle_all_pairs(const V& v) {
  const testing::ExplicitGraph<V> g = testing::build_explicit_graph(v);
  OracleAllPairs o;
  o.states = g.states.size();
  for (std::size_t s = 0; s < g.states.size(); ++s) {
    const auto dist = bgl_distances(g.graph, s);
    const auto paths = forward_path_counts(g.graph, s, dist);
    for (std::size_t t = 0; t < g.states.size(); ++t) {
      if (t == s) continue;
      if (dist[t] == kUnreached) {
        ++o.unreachable_pairs;
        continue;
      }
      ++o.ordered_pairs;
      o.sum_distances += dist[t];
      o.diameter = std::max(o.diameter, dist[t]);
      o.max_paths = std::max(o.max_paths, paths[t]);
      if (paths[t] == 1)
        ++o.one_path;
      else if (paths[t] == 2)
        ++o.two_paths;
      else
        ++o.more_paths;
    }
  }
  return o;
}

template <class V>
void expect_all_pairs_match(const V& v, const std::string& label) {
  SCOPED_TRACE(label);
  const OracleAllPairs want = oracle_all_pairs(v);
  const AllPairsSummary got = all_pairs_summary(v);
  EXPECT_EQ(got.states, want.states);
  EXPECT_EQ(got.ordered_pairs, want.ordered_pairs);
  EXPECT_EQ(got.unreachable_pairs, want.unreachable_pairs);
  EXPECT_EQ(got.sum_distances, want.sum_distances);
  EXPECT_EQ(got.diameter, want.diameter);
  EXPECT_EQ(got.one_path, want.one_path);
  EXPECT_EQ(got.two_paths, want.two_paths);
  EXPECT_EQ(got.more_paths, want.more_paths);
  EXPECT_EQ(Big(got.max_paths), want.max_paths);
}

TEST(StructureAllPairs, MatchesOracle) {
  for (int n = 1; n <= 4; ++n)
    expect_all_pairs_match(variants::reves::make_space(params("reves", n, 4)),
                           "reves m=4 n=" + std::to_string(n));
  for (int n = 1; n <= 4; ++n)
    expect_all_pairs_match(variants::cyclic::make_space(params("cyclic", n, 0, "left")),
                           "cyclic n=" + std::to_string(n));
  for (int n = 1; n <= 3; ++n)
    expect_all_pairs_match(variants::lundon::make_space(params("lundon", n, 0, "A")),
                           "lundon A n=" + std::to_string(n));
  // Domino: pairs with more than two shortest paths.
  for (int n = 1; n <= 4; ++n)
    expect_all_pairs_match(variants::domino::make_space(params("domino", n, 0, "DDE")),
                           "domino DDE n=" + std::to_string(n));
}

TEST(StructureAllPairs, LundonHasUnreachablePairs) {
  // The lundon header: from n = 3 some reachable states can neither reach a goal
  // nor return to the start, so some ordered pairs are unreachable.
  const OracleAllPairs o =
      oracle_all_pairs(variants::lundon::make_space(params("lundon", 3, 0, "A")));
  EXPECT_GT(o.unreachable_pairs, 0u);
}

TEST(StructureAllPairs, RefusesLargeGraphs) {
  // 3^11 = 177147 states exceed the 2^16 limit.
  EXPECT_THROW(all_pairs_summary(variants::classic::make_space(params("classic", 11))),
               std::length_error);
}

// ---------------------------------------------------------------------------------
// SearchOptions::farthest and the eccentricity
// ---------------------------------------------------------------------------------

template <class V>
void expect_farthest_match(const V& v, const std::string& label) {
  SCOPED_TRACE(label);
  const testing::ExplicitGraph<V> g = testing::build_explicit_graph(v);
  const auto dist = bgl_distances(g.graph, 0);
  const std::uint64_t ecc = *std::max_element(dist.begin(), dist.end());
  std::set<std::string> at_max;
  std::vector<Rank> ranks_at_max;
  for (std::size_t i = 0; i < g.states.size(); ++i) {
    if (dist[i] != ecc) continue;
    at_max.insert(v.describe(g.states[i]));
    ranks_at_max.push_back(v.rank(g.states[i]));
  }
  ASSERT_EQ(at_max.size(), ranks_at_max.size()) << "describe() must tell states apart";
  std::sort(ranks_at_max.begin(), ranks_at_max.end());

  SearchOptions o;
  o.farthest = 1000;
  const SearchResult r = breadth_first_search(v, o);
  EXPECT_EQ(r.eccentricity, ecc);
  EXPECT_EQ(r.level_sizes.back(), at_max.size());
  EXPECT_EQ(r.farthest.size(), std::min<std::size_t>(1000, at_max.size()));
  std::set<std::string> seen;
  for (const std::string& s : r.farthest) {
    EXPECT_TRUE(at_max.count(s)) << "'" << s << "' is not at the maximal distance " << ecc;
    EXPECT_TRUE(seen.insert(s).second) << "'" << s << "' listed twice";
  }

  // A small K: exactly the K lowest ranks at the maximal distance, in rank order.
  o.farthest = 3;
  const SearchResult few = breadth_first_search(v, o);
  std::vector<std::string> want;
  for (std::size_t i = 0; i < std::min<std::size_t>(3, ranks_at_max.size()); ++i)
    want.push_back(v.describe(v.unrank(ranks_at_max[i])));
  EXPECT_EQ(few.farthest, want);

  // Without the option nothing is described.
  EXPECT_TRUE(breadth_first_search(v, SearchOptions{}).farthest.empty());
}

TEST(StructureFarthest, MatchesOracle) {
  for (int n = 1; n <= 8; ++n)
    expect_farthest_match(variants::reves::make_space(params("reves", n, 4)),
                          "reves m=4 n=" + std::to_string(n));
  for (int n = 1; n <= 6; ++n)
    expect_farthest_match(variants::classic::make_space(params("classic", n)),
                          "classic n=" + std::to_string(n));
  // n = 11: the last level (2^11 states) outgrows the vector frontier and is a
  // bitmap level, so the sample is read from the bitmaps (checked with --trace).
  expect_farthest_match(variants::classic::make_space(params("classic", 11)), "classic n=11");
  // Rank spaces with unreachable ranks (the search ends on an empty level rather
  // than on "every rank visited"), and directed graphs.
  for (int n = 1; n <= 5; ++n)
    expect_farthest_match(variants::reversi::make_space(params("reversi", n, 0, "DDDF")),
                          "reversi DDDF n=" + std::to_string(n));
  for (int n = 1; n <= 4; ++n)
    expect_farthest_match(variants::lundon::make_space(params("lundon", n, 0, "A")),
                          "lundon A n=" + std::to_string(n));
  for (int n = 1; n <= 6; ++n)
    expect_farthest_match(variants::cyclic::make_space(params("cyclic", n, 0, "right")),
                          "cyclic right n=" + std::to_string(n));
}

TEST(StructureFarthest, EccentricityEqualsOptimumFourPegs) {
  // OEIS A382111 (Korf 2004), n = 1..10; equal to the Frame-Stewart optimum there.
  const std::uint64_t published[] = {1, 3, 5, 9, 13, 17, 25, 33, 41, 49};
  for (int n = 1; n <= 10; ++n) {
    SCOPED_TRACE("n=" + std::to_string(n));
    SearchOptions o;
    o.farthest = 2;
    const SearchResult r =
        breadth_first_search(variants::reves::make_space(params("reves", n, 4)), o);
    ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
    EXPECT_EQ(r.eccentricity, published[n - 1]);
    EXPECT_EQ(r.eccentricity, r.optimum);
    EXPECT_EQ(r.farthest.size(), std::min<std::uint64_t>(2, r.level_sizes.back()));
  }
}

}  // namespace
}  // namespace hanoi

// The move-graph families (graph, digraph): the engine against the Boost.Graph oracle
// on every small graph of a class and every pair; the plain families as special
// cases (the same level counts); the enumeration against the published counts; the
// shed, the Frame-type recursion (exact on 3 pegs, never below the optimum) and
// the edge parser's refusals.
#include "variants/graph/graph.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "declared/adjacent.hpp"
#include "declared/classic.hpp"
#include "declared/cyclic.hpp"
#include "declared/four_star.hpp"
#include "declared/graph.hpp"
#include "support/family_handle.hpp"
#include "support/oracle.hpp"
#include "variants/adjacent/adjacent.hpp"
#include "variants/classic/classic.hpp"
#include "variants/cyclic/cyclic.hpp"
#include "variants/four_star/four_star.hpp"
#include "variants/reves/reves.hpp"

namespace hanoi {
namespace {

namespace vg = variants::graph;

const testing::FamilyHandle<vg::Space>& graph_family() {
  static const testing::FamilyHandle<vg::Space> h(vg::GraphFamily::family());
  return h;
}
const testing::FamilyHandle<vg::DirectedSpace>& digraph_family() {
  static const testing::FamilyHandle<vg::DirectedSpace> h(vg::DigraphFamily::family());
  return h;
}

Params instance(int pegs, int n, const std::string& edges, int from, int to) {
  Params p{n, pegs, "transfer"};
  p.edges = edges;
  p.from = from;
  p.to = to;
  return p;
}

SearchOptions complete_search() {
  SearchOptions o;
  o.progress = false;
  return o;
}

TEST(Graph, EnumerationMatchesThePublishedCounts) {
  // OEIS A001349 (connected graphs) and A035512 (strongly connected digraphs).
  EXPECT_EQ(vg::enumerate_graphs(3, vg::GraphClass::kConnected).size(), 2u);
  EXPECT_EQ(vg::enumerate_graphs(4, vg::GraphClass::kConnected).size(), 6u);
  EXPECT_EQ(vg::enumerate_graphs(5, vg::GraphClass::kConnected).size(), 21u);
  EXPECT_EQ(vg::enumerate_graphs(6, vg::GraphClass::kConnected).size(), 112u);
  EXPECT_EQ(vg::enumerate_graphs(3, vg::GraphClass::kStronglyConnected).size(), 5u);
  EXPECT_EQ(vg::enumerate_graphs(4, vg::GraphClass::kStronglyConnected).size(), 83u);
}

TEST(Graph, EnumeratedGraphsArePairwiseNonIsomorphic) {
  for (int m = 3; m <= 4; ++m)
    for (auto cls : {vg::GraphClass::kConnected, vg::GraphClass::kStronglyConnected}) {
      std::set<std::uint64_t> seen;
      for (const vg::MoveGraph& g : vg::enumerate_graphs(m, cls)) {
        EXPECT_EQ(vg::canonical_arcs(g), g.arcs) << g.text();
        EXPECT_TRUE(seen.insert(g.arcs).second) << g.text();
        EXPECT_TRUE(g.strongly_connected()) << g.text();
        if (cls == vg::GraphClass::kConnected) {
          EXPECT_TRUE(g.symmetric()) << g.text();
        }
      }
    }
}

// Every 3-peg strongly connected digraph and 4-peg connected graph, every pair up to
// automorphism: the fast engine against the oracle built from check_move alone.
TEST(Graph, EverySmallGraphMatchesTheOracle) {
  for (const vg::MoveGraph& g : vg::enumerate_graphs(3, vg::GraphClass::kStronglyConnected))
    for (const auto& [s, t] : vg::pairs_up_to_automorphism(g))
      for (int n = 1; n <= 5; ++n) {
        const Params p = digraph_family().normalize(instance(3, n, g.text(), s, t));
        testing::expect_engine_matches_oracle(
            digraph_family().space(p), "digraph " + g.text() + " " + std::to_string(s) + "->" +
                                           std::to_string(t) + " n=" + std::to_string(n));
      }
  for (const vg::MoveGraph& g : vg::enumerate_graphs(4, vg::GraphClass::kConnected))
    for (const auto& [s, t] : vg::pairs_up_to_automorphism(g))
      for (int n = 1; n <= 4; ++n) {
        const Params p = graph_family().normalize(instance(4, n, g.text(), s, t));
        testing::expect_engine_matches_oracle(graph_family().space(p),
                                              "graph " + g.text() + " " + std::to_string(s) + "->" +
                                                  std::to_string(t) + " n=" + std::to_string(n));
      }
}

// Any start and goal configuration, and a goal that cannot be reached.
TEST(Graph, ConfigurationsAndUnreachableGoals) {
  Params p{4, 3, "transfer"};
  p.edges = "0-1,1-2";
  p.start = "0121";
  p.goal = "2200";
  p = graph_family().normalize(p);
  testing::expect_engine_matches_oracle(graph_family().space(p), "configurations");
  // Two arcs 0 > 1 > 2: one disc reaches peg 2, two cannot (the smaller is stuck on 2).
  Params q = instance(3, 2, "0>1,1>2", 0, 2);
  q = digraph_family().normalize(q);
  testing::expect_engine_matches_oracle(digraph_family().space(q), "unreachable");
  const SearchResult r = digraph_family().optimum(q, complete_search());
  EXPECT_EQ(r.outcome, SearchOutcome::kGoalUnreachable);
  const vg::GraphInfo info = vg::describe_graph(q);
  EXPECT_FALSE(info.strongly_connected);
  EXPECT_EQ(info.largest_solvable_n, 1);
  EXPECT_EQ(info.cannot_reach_goal, 0u);  // every peg reaches peg 2 along the arcs
}

// The plain families are graphs: the same level counts, start and goal.
template <class FamilySpace>
void expect_same_levels(const testing::FamilyHandle<FamilySpace>& fam, Params fp,
                        const std::string& edges, int from, int to) {
  fp = fam.normalize(fp);
  Params gp = instance(fp.pegs, fp.n, edges, from, to);
  const vg::MoveGraph g = vg::parse_edges(fp.pegs, edges);
  const std::string label = fam.name() + " " + fp.problem + " n=" + std::to_string(fp.n);
  const SearchResult want = fam.optimum(fp, complete_search());
  const SearchResult got =
      g.symmetric() ? graph_family().optimum(graph_family().normalize(gp), complete_search())
                    : digraph_family().optimum(digraph_family().normalize(gp), complete_search());
  EXPECT_EQ(got.level_sizes.to_vector(), want.level_sizes.to_vector()) << label;
  EXPECT_EQ(got.optimum, want.optimum) << label;
  // And the graph's closed form is the family's.
  const auto gf = g.symmetric() ? graph_family().closed_form(graph_family().normalize(gp))
                                : digraph_family().closed_form(digraph_family().normalize(gp));
  EXPECT_EQ(gf, fam.closed_form(fp)) << label;
}

TEST(Graph, PlainFamiliesAreSpecialCases) {
  const testing::FamilyHandle<variants::classic::Space> classic(
      variants::classic::ClassicFamily::family());
  const testing::FamilyHandle<variants::reves::Space> reves(variants::reves::RevesFamily::family());
  const testing::FamilyHandle<variants::cyclic::Space> cyclic(
      variants::cyclic::CyclicFamily::family());
  const testing::FamilyHandle<variants::adjacent::Space> adjacent(
      variants::adjacent::AdjacentFamily::family());
  const testing::FamilyHandle<variants::four_star::Space> star(
      variants::four_star::FourStarFamily::family());
  for (int n = 1; n <= 12; ++n) {
    expect_same_levels(classic, Params{n, 3}, "0-1,0-2,1-2", 0, 2);
    expect_same_levels(cyclic, Params{n, 3, "left"}, "0>1,1>2,2>0", 0, 2);
    expect_same_levels(cyclic, Params{n, 3, "right"}, "0>1,1>2,2>0", 0, 1);
    expect_same_levels(adjacent, Params{n, 3}, "0-1,1-2", 0, 2);
    expect_same_levels(adjacent, Params{n, 4}, "0-1,1-2,2-3", 0, 3);
    expect_same_levels(reves, Params{n, 4}, "0-1,0-2,0-3,1-2,1-3,2-3", 0, 3);
    expect_same_levels(star, Params{n, 4, "outer"}, "0-3,1-3,2-3", 0, 2);
    expect_same_levels(star, Params{n, 4, "centre"}, "0-3,1-3,2-3", 3, 0);
  }
  for (int n = 1; n <= 9; ++n) {
    expect_same_levels(reves, Params{n, 5}, "0-1,0-2,0-3,0-4,1-2,1-3,1-4,2-3,2-4,3-4", 0, 4);
    expect_same_levels(adjacent, Params{n, 5}, "0-1,1-2,2-3,3-4", 0, 4);
  }
  // A relabelled graph: the star with its centre at peg 0, leaves 1 -> 3.
  Params p = graph_family().normalize(instance(4, 7, "0-1,0-2,0-3", 1, 3));
  EXPECT_EQ(graph_family().closed_form(p), variants::four_star::outer_moves(7));
  EXPECT_EQ(graph_family().optimum(p, complete_search()).optimum,
            variants::four_star::outer_moves(7));
}

TEST(Graph, Shed) {
  EXPECT_FALSE(vg::has_shed(vg::complete_graph(3)));
  EXPECT_TRUE(vg::has_shed(vg::complete_graph(4)));
  EXPECT_TRUE(vg::has_shed(vg::parse_edges(4, "0-1,1-2,2-3")));  // P4 (Berend & Sapir)
  EXPECT_TRUE(vg::has_shed(vg::parse_edges(4, "0-3,1-3,2-3")));  // the star
  for (int m = 3; m <= 6; ++m) EXPECT_FALSE(vg::has_shed(vg::directed_cycle(m))) << m;
  EXPECT_FALSE(vg::has_shed(vg::parse_edges(4, "0>1,1>2,2>3")));  // not strongly connected
}

TEST(Graph, FrameTypeRecursion) {
  // Exact on 3 pegs: every strongly connected digraph, every ordered pair.
  for (const vg::MoveGraph& g : vg::enumerate_graphs(3, vg::GraphClass::kStronglyConnected))
    for (int s = 0; s < 3; ++s)
      for (int t = 0; t < 3; ++t) {
        if (s == t) continue;
        for (int n = 1; n <= 9; ++n) {
          const Params p = digraph_family().normalize(instance(3, n, g.text(), s, t));
          EXPECT_EQ(vg::frame_type_moves(g, s, t, n),
                    digraph_family().optimum(p, complete_search()).optimum)
              << g.text() << " " << s << "->" << t << " n=" << n;
        }
      }
  // Never below the optimum on 4 pegs; Frame-Stewart on K4, Stockmeyer on the star.
  for (const vg::MoveGraph& g : vg::enumerate_graphs(4, vg::GraphClass::kConnected))
    for (const auto& [s, t] : vg::pairs_up_to_automorphism(g))
      for (int n = 1; n <= 8; ++n) {
        const Params p = graph_family().normalize(instance(4, n, g.text(), s, t));
        const auto f = vg::frame_type_moves(g, s, t, n);
        if (!f) {
          // Only the path between its two ends (every x cuts s from t) has none
          // beyond one disc: Hinz, Luzar and Petr's exception.
          const auto degree = [&](int v) {
            int d = 0;
            for (int w = 0; w < 4; ++w) d += g.has(v, w) ? 1 : 0;
            return d;
          };
          EXPECT_TRUE(g.arc_count() == 6 && degree(s) == 1 && degree(t) == 1 && n >= 2)
              << g.text() << " " << s << "->" << t << " n=" << n;
          continue;
        }
        EXPECT_GE(*f, graph_family().optimum(p, complete_search()).optimum) << g.text();
      }
  for (int n = 1; n <= 20; ++n) {
    EXPECT_EQ(vg::frame_type_moves(vg::complete_graph(4), 0, 3, n),
              variants::reves::frame_stewart_moves(4, n));
    EXPECT_EQ(vg::frame_type_moves(vg::parse_edges(4, "0-3,1-3,2-3"), 0, 1, n),
              variants::four_star::outer_moves(n));
  }
}

TEST(Graph, EdgeListsAreCheckedAndNormalised) {
  EXPECT_EQ(vg::parse_edges(4, "2-3, 0>1,1>0").text(), "0-1,2-3");
  EXPECT_EQ(vg::parse_edges(3, "1>0,0>2").text(), "0>2,1>0");
  for (const char* bad :
       {"0-4", "0-1,0-1", "0-1,1>0", "1-1", "", " , ", "0-", "a-b", "0=1", "0-1x"})
    EXPECT_THROW(vg::parse_edges(4, bad), UsageError) << bad;
  Params p = instance(4, 3, "0-1", 0, 3);
  EXPECT_NO_THROW(graph_family().normalize(p));  // legal: peg 3 is isolated, goal unreachable
  p.to = 4;
  EXPECT_THROW(graph_family().normalize(p), UsageError);
  Params same = instance(4, 3, "0-1", 1, 1);
  EXPECT_THROW(graph_family().normalize(same), UsageError);
}

// One search from a start answers every goal of it (SearchOptions::watch, what the
// atlas runs): on both in-memory engines, each watched tower's depth is the optimum
// of the search that has that tower as its goal.
template <class FamilySpace>
void expect_watch_matches(const testing::FamilyHandle<FamilySpace>& fam, const vg::MoveGraph& g,
                          int n, EngineKind engine) {
  const int m = g.pegs;
  for (int s = 0; s < m; ++s) {
    SearchOptions o = complete_search();
    o.engine = engine;
    std::vector<SearchResult> alone;
    for (int t = 0; t < m; ++t) {
      const Params q = fam.normalize(instance(m, n, g.text(), s, t == s ? (s + 1) % m : t));
      if (t == s) {
        o.watch.push_back(fam.space(q).rank(fam.space(q).start()));
        alone.emplace_back();  // the start itself: depth 0
        continue;
      }
      o.watch.push_back(fam.space(q).goal_rank());
      SearchOptions one = complete_search();
      one.engine = engine;
      alone.push_back(fam.optimum(q, one));
    }
    const Params p = fam.normalize(instance(m, n, g.text(), s, (s + 1) % m));
    const SearchResult r = fam.optimum(p, o);
    ASSERT_EQ(r.watch_depths.size(), static_cast<std::size_t>(m));
    for (int t = 0; t < m; ++t) {
      const std::string label = g.text() + " " + std::to_string(s) + "->" + std::to_string(t) +
                                " n=" + std::to_string(n) + " " + engine_name(engine);
      const auto& a = alone[static_cast<std::size_t>(t)];
      const std::int64_t want =
          t == s ? 0
                 : (a.outcome == SearchOutcome::kGoalReached ? static_cast<std::int64_t>(a.optimum)
                                                             : -1);
      EXPECT_EQ(r.watch_depths[static_cast<std::size_t>(t)], want) << label;
    }
  }
}

TEST(Graph, WatchedGoalsGiveEveryPairOfAStart) {
  for (EngineKind e : {EngineKind::kLattice, EngineKind::kGeneric}) {
    for (const vg::MoveGraph& g : vg::enumerate_graphs(3, vg::GraphClass::kStronglyConnected))
      for (int n = 1; n <= 5; ++n) expect_watch_matches(digraph_family(), g, n, e);
    for (const vg::MoveGraph& g : vg::enumerate_graphs(4, vg::GraphClass::kConnected))
      expect_watch_matches(graph_family(), g, 5, e);
    // Not strongly connected: some towers are never reached (-1).
    expect_watch_matches(digraph_family(), vg::parse_edges(3, "0>1,1>2"), 3, e);
  }
  // Where a watched rank cannot be read: refused before the search starts.
  const Params p = graph_family().normalize(instance(4, 4, "0-1,1-2,2-3", 0, 3));
  SearchOptions o = complete_search();
  o.watch = {0};
  SearchOptions sym = o;
  sym.symmetry = true;
  EXPECT_THROW(graph_family().optimum(p, sym), std::invalid_argument);
  SearchOptions disk = o;
  disk.storage = StorageKind::kDisk;
  disk.work_dir = "unused";
  EXPECT_THROW(graph_family().optimum(p, disk), std::invalid_argument);
  SearchOptions outside = o;
  outside.watch = {graph_family().rank_space(p)};
  EXPECT_THROW(graph_family().optimum(p, outside), std::invalid_argument);
}

TEST(Graph, PairsAndAutomorphisms) {
  EXPECT_EQ(vg::automorphisms(vg::complete_graph(4)).size(), 24u);
  EXPECT_EQ(vg::pairs_up_to_automorphism(vg::complete_graph(4)).size(), 1u);
  // P4: 0->1, 0->2, 0->3, 1->0, 1->2, 1->3 (the reflection maps the rest onto these).
  EXPECT_EQ(vg::pairs_up_to_automorphism(vg::parse_edges(4, "0-1,1-2,2-3")).size(), 6u);
  EXPECT_EQ(vg::pairs_up_to_automorphism(vg::directed_cycle(3)).size(), 2u);
  const vg::CanonicalInstance a = vg::canonical_instance(vg::parse_edges(4, "0-3,1-3,2-3"), 0, 1);
  const vg::CanonicalInstance b = vg::canonical_instance(vg::parse_edges(4, "0-1,0-2,0-3"), 2, 3);
  EXPECT_EQ(a, b);
}

}  // namespace
}  // namespace hanoi

// Er's colour towers (seed 001): the engine and the backward search against the
// Boost.Graph oracle, ColourTowers replayed by the rule checker on every instance at
// small n against the search's optimum and its move counter, and the comparison
// over every instance against a per-instance search.
//
// Known values: the oracle's distances (explicit graphs built from check_move
// alone), seed 002's cyclic recurrence A(n), C(n) (a one-colour tower is Atkinson's
// cyclic tower), and the mean count 2(15^n - 6^n)/3 over all instances, derived in
// variants/er/er.hpp from the counter's recursion (a check of the counter by an
// independent argument, not a seed claim).
#include "variants/er/er.hpp"

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "analyses/distances.hpp"
#include "analyses/er_compare.hpp"
#include "analyses/instance_stats.hpp"
#include "analyses/replay.hpp"
#include "declared/er.hpp"
#include "engine/bfs.hpp"
#include "support/helpers.hpp"
#include "support/oracle.hpp"
#include "support/synthetic_spaces.hpp"

namespace hanoi {
namespace {

using variants::er::Colouring;
using variants::er::ColourTowersCounter;
using variants::er::ErFamily;
using variants::er::ErSpace;
using variants::er::Instance;

// Parameters with the instance fields set ("" / -1: the family's default).
Params er_params(int n, std::string colours, std::string start = "", int target = -1, int pegs = 0,
                 std::string problem = "") {
  Params p(n, pegs, std::move(problem));
  p.colours = std::move(colours);
  p.start = std::move(start);
  p.target = target;
  return p;
}

std::string label(const Instance& in) {
  return "n=" + std::to_string(in.n) + " colours " +
         variants::er::colours_token(in.n, in.colouring) + " start " +
         variants::er::start_token(in.n, in.start) + " target " + std::to_string(in.target);
}

// Distances to the nearest goal from the explicit graph: every rank's moves by
// check_move alone, reversed, and a super-source joined to every goal; searched by
// Boost.Graph.  Vertex ids are ranks (every test space here ranks all its states).
template <StateSpace V>
std::vector<std::uint32_t> oracle_distances_to_goal(const V& v) {
  const Rank ranks = v.num_ranks();
  testing::Graph g(ranks + 1);
  for (Rank r = 0; r < ranks; ++r) {
    const auto s = v.unrank(r);
    if (v.is_goal(s)) boost::add_edge(ranks, r, g);
    for (int from = 0; from < v.pegs(); ++from)
      for (int to = 0; to < v.pegs(); ++to) {
        if (from == to) continue;
        const auto c = v.check_move(s, from, to);
        if (c.legal) boost::add_edge(v.rank(c.next), r, g);
      }
  }
  const std::vector<std::uint64_t> d = testing::bgl_distances(g, ranks);
  std::vector<std::uint32_t> out(ranks);
  for (Rank r = 0; r < ranks; ++r)
    out[r] =
        d[r] == testing::kUnreached ? kUnreachedDistance : static_cast<std::uint32_t>(d[r] - 1);
  return out;
}

// ColourTowers through the rule checker: its move count, or a failure.
std::uint64_t replayed_colour_towers(const Instance& in) {
  const ErSpace space(in);
  Replayer<ErSpace> replayer(space);
  variants::er::colour_towers(in, [&](Move m) { replayer.step(m); });
  replayer.finish();
  EXPECT_FALSE(replayer.error().has_value())
      << label(in) << ": move " << (replayer.error() ? replayer.error()->index : 0) << " "
      << (replayer.error() ? replayer.error()->reason : "");
  return replayer.count();
}

// ---------------------------------------------------------------------------------
// The space.

TEST(ErFamily, EngineMatchesBoostGraphOracle) {
  // Every instance for n <= 3; every colouring with a mixed start for n = 4..6.
  for (int n = 1; n <= 3; ++n)
    for (Colouring c = 0; c < (Colouring{1} << n); ++c)
      for (Rank s = 0; s < testing::ipow(3, n); ++s)
        for (int t = 0; t < 3; ++t) {
          const Instance in{n, c, s, t};
          testing::expect_engine_matches_oracle(ErSpace(in), label(in));
        }
  for (int n = 4; n <= 6; ++n)
    for (Colouring c = 0; c < (Colouring{1} << n); ++c) {
      const Instance in{n, c, (testing::ipow(3, n) - 1) / 2 + c, static_cast<int>(c % 3)};
      testing::expect_engine_matches_oracle(ErSpace(in), label(in));
    }
}

TEST(ErFamily, RankIsTheBase3NumberOfThePegs) {
  // Digit d-1 of the rank is the peg of disc d (the start token's order), across the
  // encoder's 6-disc chunks; rank and unrank are inverse.
  for (int n : {1, 5, 6, 7, 12, 13, 20, 32}) {
    const ErSpace space(Instance{n, 0, 0, 0});
    std::uint64_t x = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < 2000; ++i) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      const Rank r = n == 32 ? x % space.num_ranks() : (x >> 7) % space.num_ranks();
      const auto s = space.unrank(r);
      EXPECT_EQ(space.rank(s), r) << "n=" << n;
      Rank digits = r;
      for (int d = 1; d <= n; ++d, digits /= 3)
        ASSERT_EQ(space.peg_of(s, d), static_cast<int>(digits % 3)) << "n=" << n << " rank " << r;
    }
    EXPECT_EQ(space.rank(space.unrank(space.num_ranks() - 1)), space.num_ranks() - 1);
  }
}

TEST(ErFamily, EveryStateIsReachedFromAnyStart) {
  // Strong connectivity (er.hpp): from any start, by check_move alone, all 3^n
  // placements are reached.  compare_colour_towers relies on the other half (every
  // state reaches the goal) and checks it on every instance.
  for (int n = 1; n <= 5; ++n)
    for (Colouring c = 0; c < (Colouring{1} << n); ++c) {
      const Instance in{n, c, c % testing::ipow(3, n), 0};
      EXPECT_EQ(testing::build_explicit_graph(ErSpace(in)).states.size(), testing::ipow(3, n))
          << label(in);
    }
}

TEST(ErFamily, PredecessorsAreExactlyTheReversedMoves) {
  // for_each_predecessor against every legal move found by check_move.
  for (int n = 1; n <= 5; ++n)
    for (Colouring c = 0; c < (Colouring{1} << n); ++c) {
      const ErSpace space(Instance{n, c, 0, 0});
      using Key = std::tuple<Rank, int, int, int>;  // predecessor, disc, from, to
      std::vector<std::set<Key>> want(space.num_ranks()), got(space.num_ranks());
      for (Rank r = 0; r < space.num_ranks(); ++r) {
        const auto u = space.unrank(r);
        for (int from = 0; from < 3; ++from)
          for (int to = 0; to < 3; ++to) {
            const auto m = space.check_move(u, from, to);
            if (m.legal) want[space.rank(m.next)].insert({r, m.disc, from, to});
          }
      }
      std::size_t successors = 0;
      for (Rank r = 0; r < space.num_ranks(); ++r) {
        space.for_each_predecessor(space.unrank(r), [&](const variants::er::ErState& u, Move m) {
          got[r].insert({space.rank(u), m.disc, m.from, m.to});
        });
        space.for_each_successor(space.unrank(r),
                                 [&](const variants::er::ErState&, Move) { ++successors; });
      }
      std::size_t moves = 0;
      for (Rank r = 0; r < space.num_ranks(); ++r) {
        EXPECT_EQ(got[r], want[r])
            << "n=" << n << " colours " << variants::er::colours_token(n, c) << " rank " << r;
        moves += want[r].size();
      }
      EXPECT_EQ(successors, moves);
    }
}

TEST(ErFamily, CheckMoveFollowsTheColourRule) {
  // Colours WB: disc 1 white, disc 2 black; both on peg 0 (start "00").
  const ErSpace space(variants::er::instance_of(er_params(2, "WB", "00", 2)));
  const auto s = space.start();
  EXPECT_TRUE(space.check_move(s, 0, 1).legal);  // white, clockwise
  const auto back = space.check_move(s, 0, 2);   // white, anticlockwise
  EXPECT_FALSE(back.legal);
  EXPECT_EQ(back.disc, 1);
  EXPECT_EQ(std::string(back.rule), "a white disc moves only clockwise (0 -> 1 -> 2 -> 0)");
  const auto s1 = space.check_move(s, 0, 1).next;  // disc 1 now on peg 1
  EXPECT_TRUE(space.check_move(s1, 0, 2).legal);   // black disc 2, anticlockwise
  const auto cw = space.check_move(s1, 0, 1);      // black, clockwise, onto disc 1
  EXPECT_FALSE(cw.legal);
  EXPECT_EQ(std::string(cw.rule), "a disc may not be placed on a smaller disc");
  const auto s2 = space.check_move(s1, 1, 2).next;  // disc 1 on peg 2 over nothing
  const auto black_cw = space.check_move(s2, 0, 1);
  EXPECT_FALSE(black_cw.legal);
  EXPECT_EQ(std::string(black_cw.rule), "a black disc moves only anticlockwise (0 -> 2 -> 1 -> 0)");
  EXPECT_EQ(space.describe(s1), "0: 2B | 1: 1W | 2:");
}

TEST(ErFamily, DistancesMatchReversedGraphOracle) {
  for (int n = 1; n <= 6; ++n)
    for (Colouring c = 0; c < (Colouring{1} << n); ++c)
      for (int t = 0; t < 3; ++t) {
        if (n >= 5 && t != static_cast<int>(c % 3)) continue;
        const ErSpace space(Instance{n, c, 0, t});
        DistanceWorkspace ws;
        EXPECT_EQ(distances_to_goal(space, ws), space.num_ranks());
        EXPECT_EQ(ws.distance, oracle_distances_to_goal(space))
            << "n=" << n << " colours " << variants::er::colours_token(n, c) << " target " << t;
      }
}

TEST(ErFamily, DistancesOnGraphsWithUnreachedStatesAndManyGoals) {
  // Directed and undirected random graphs: several goals, some nodes with no path.
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const testing::RandomPermutationGraph<false> directed(300, 3, 0.25, 0, 37, 5, seed);
    const testing::RandomPermutationGraph<true> undirected(300, 3, 0.2, 0, 53, 7, seed);
    for (const auto& [got, want] :
         {std::pair{distances_to_goal(directed), oracle_distances_to_goal(directed)},
          std::pair{distances_to_goal(undirected), oracle_distances_to_goal(undirected)}}) {
      EXPECT_EQ(got, want) << "seed " << seed;
      EXPECT_TRUE(std::count(got.begin(), got.end(), kUnreachedDistance) > 0) << "seed " << seed;
      EXPECT_TRUE(std::count(got.begin(), got.end(), 0u) > 1) << "seed " << seed;
    }
  }
  // A reused workspace gives the same answer for a smaller space after a larger one.
  DistanceWorkspace ws;
  distances_to_goal(ErSpace(Instance{6, 5, 0, 1}), ws);
  distances_to_goal(ErSpace(Instance{3, 5, 0, 1}), ws);
  EXPECT_EQ(ws.distance, oracle_distances_to_goal(ErSpace(Instance{3, 5, 0, 1})));
}

// ---------------------------------------------------------------------------------
// ColourTowers and its counter.

TEST(ErFamily, ColourTowersIsLegalOptimalBoundAndCountedOnEveryInstance) {
  // Every colouring x start x target for n <= 5: the rule checker accepts every
  // move and the final tower; the count is at least the optimum (backward search,
  // checked against the oracle above) and equals the counter three ways.
  for (int n = 1; n <= 5; ++n)
    for (Colouring c = 0; c < (Colouring{1} << n); ++c) {
      const ColourTowersCounter counter(n, c);
      for (int t = 0; t < 3; ++t) {
        const std::vector<std::uint32_t> optimum = distances_to_goal(ErSpace(Instance{n, c, 0, t}));
        std::vector<std::uint64_t> walked;
        counter.for_each_start(t, [&](Rank r, std::uint64_t count) {
          EXPECT_EQ(r, walked.size());
          walked.push_back(count);
        });
        ASSERT_EQ(walked.size(), testing::ipow(3, n));
        for (Rank s = 0; s < testing::ipow(3, n); ++s) {
          const Instance in{n, c, s, t};
          const std::uint64_t moves = replayed_colour_towers(in);
          EXPECT_GE(moves, optimum[s]) << label(in);
          EXPECT_EQ(moves, counter.count(s, t)) << label(in);
          EXPECT_EQ(moves, walked[s]) << label(in);
          EXPECT_EQ(moves, variants::er::colour_towers_count(in)) << label(in);
        }
      }
    }
}

TEST(ErFamily, EmittedMovesMatchTheCounterOnEveryInstance) {
  // The emitter's move count (not replayed, which the test above does for n <= 5 and
  // AlgorithmThroughTheFamily for larger n) against the counter on every instance
  // for n = 6.
  for (int n = 6; n <= 6; ++n)
    for (Colouring c = 0; c < (Colouring{1} << n); ++c) {
      const ColourTowersCounter counter(n, c);
      for (int t = 0; t < 3; ++t)
        counter.for_each_start(t, [&](Rank s, std::uint64_t count) {
          std::uint64_t moves = 0;
          variants::er::colour_towers(Instance{n, c, s, t}, [&](Move) { ++moves; });
          EXPECT_EQ(moves, count) << label(Instance{n, c, s, t});
        });
    }
}

TEST(ErFamily, AlgorithmThroughTheFamilyAgainstSearchAndFormula) {
  // The registered algorithm and closed form on default and mixed instances,
  // against the forward search's optimum.
  const auto fam = ErFamily::family();
  for (int n = 1; n <= 9; ++n)
    for (const char* colours : {"", "B", "W", "BW"})
      for (int target : {-1, 1, 2}) {
        Params q{n, 0, ""};
        if (*colours != 0) {
          std::string full;
          for (int d = 0; d < n; ++d) full.push_back(colours[d % std::string(colours).size()]);
          q.colours = full;
          std::string start;
          for (int d = 0; d < n; ++d) start.push_back(static_cast<char>('0' + (d * 7 + n) % 3));
          q.start = start;
        }
        q.target = target;
        const Params p = normalize(fam.info, q);
        const ErSpace space = fam.make(p);
        const SearchResult r = breadth_first_search(space, SearchOptions{});
        ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
        const AlgorithmSpec& a = find_algorithm(fam.info, p, "colour-towers");
        EXPECT_FALSE(holds_for(a.claimed_optimal, p));
        Replayer<ErSpace> replayer(space);
        a.emit(p, [&](Move m) { replayer.step(m); });
        EXPECT_TRUE(replayer.finish()) << replayer.error()->reason;
        EXPECT_GE(replayer.count(), r.optimum);
        EXPECT_EQ(replayer.count(), *fam.info.closed_form(p));
        EXPECT_EQ(r.optimum, distances_to_goal(space)[space.rank(space.start())]);
      }
}

TEST(ErFamily, OneColourTowersFollowTheCyclicRecurrence) {
  // All white is seed 002's cyclic puzzle: a tower one step clockwise costs C(n),
  // two steps A(n), A(n) = 2A(n-1) + C(n-1) + 2, C(n) = 2A(n-1) + 1.  All black is
  // its mirror image.  ColourTowers gives these (optimal, by seed 002) counts.
  std::uint64_t a = 0, c = 0;
  for (int n = 1; n <= 30; ++n) {
    const std::uint64_t a_next = 2 * a + c + 2;
    c = 2 * a + 1;
    a = a_next;
    const Colouring black = (Colouring{1} << n) - 1;
    const ColourTowersCounter white(n, 0), dark(n, black);
    for (int p = 0; p < 3; ++p) {
      EXPECT_EQ(white.tower(n, p, (p + 1) % 3), c) << n;
      EXPECT_EQ(white.tower(n, p, (p + 2) % 3), a) << n;
      EXPECT_EQ(dark.tower(n, p, (p + 2) % 3), c) << n;
      EXPECT_EQ(dark.tower(n, p, (p + 1) % 3), a) << n;
      EXPECT_EQ(white.tower(n, p, p), 0u);
    }
    if (n <= 8) {
      const auto d = distances_to_goal(ErSpace(Instance{n, 0, 0, 2}));
      EXPECT_EQ(d[0], a) << "all white, tower 0 -> 2, n=" << n;
    }
  }
}

TEST(ErFamily, MeanCountOverEveryInstanceMatchesDerivedForm) {
  // er.hpp: summed over every colouring and start, ColourTowers' count to a fixed
  // target is 2(15^n - 6^n)/3, i.e. a mean of (2/3)((5/2)^n - 1).
  for (int n = 1; n <= 10; ++n) {
    std::uint64_t p15 = 1, p6 = 1;
    for (int i = 0; i < n; ++i) {
      p15 *= 15;
      p6 *= 6;
    }
    for (int t = 0; t < 3; ++t) {
      std::uint64_t sum = 0;
      for (Colouring c = 0; c < (Colouring{1} << n); ++c)
        ColourTowersCounter(n, c).for_each_start(t, [&](Rank, std::uint64_t k) { sum += k; });
      EXPECT_EQ(sum, 2 * (p15 - p6) / 3) << "n=" << n << " target " << t;
    }
  }
}

// ---------------------------------------------------------------------------------
// Parameters.

TEST(ErFamily, NormalizeInstanceDefaultsAndRefusals) {
  const auto fam = ErFamily::family();
  const Params p = normalize(fam.info, Params{5, 0, ""});
  EXPECT_EQ(p.pegs, 3);
  EXPECT_EQ(p.problem, "gather");
  EXPECT_EQ(p.colours, "WBWBW");
  EXPECT_EQ(p.start, "11111");
  EXPECT_EQ(p.target, 0);
  const Instance in = variants::er::instance_of(p);
  EXPECT_EQ(in.colouring, 0b01010u);
  EXPECT_EQ(in.start, (testing::ipow(3, 5) - 1) / 2);  // every digit 1
  EXPECT_EQ(variants::er::params_of(in).colours, p.colours);
  EXPECT_EQ(variants::er::params_of(in).start, p.start);

  const Params mixed = er_params(4, "BBWB", "2010", 2, 3, "gather");
  const Instance m = variants::er::instance_of(normalize(fam.info, mixed));
  EXPECT_EQ(m.colouring, 0b1011u);
  EXPECT_EQ(m.start, Rank{2 + 0 * 3 + 1 * 9 + 0 * 27});
  EXPECT_EQ(m.target, 2);
  EXPECT_EQ(variants::er::params_of(m).start, "2010");

  for (const Params& bad :
       {er_params(4, "WBW"), er_params(4, "WBWX"), er_params(4, "wbwb"), er_params(4, "", "01230"),
        er_params(4, "", "0130"), er_params(4, "", "", 3), er_params(4, "", "", -2),
        Params(4, 4, ""), Params(4, 0, "transfer"), Params(33, 0, "")}) {
    EXPECT_THROW(normalize(fam.info, bad), UsageError)
        << bad.colours << " " << bad.start << " " << bad.target;
  }
  try {
    normalize(fam.info, er_params(4, "WBW"));
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()),
              "er: --colours needs one letter W or B per disc, smallest first (n = 4), got "
              "'WBW' (3 letters)");
  }
}

// ---------------------------------------------------------------------------------
// The comparison over every instance.

TEST(ErCompare, MatchesPerInstanceForwardSearchAndReplay) {
  for (int n = 1; n <= 5; ++n) {
    const int target = n % 3;
    InstanceStats want;
    std::vector<variants::er::InstanceResult> delivered;
    variants::er::CompareOptions options;
    options.on_instance = [&](const variants::er::InstanceResult& r) { delivered.push_back(r); };
    const auto got = variants::er::compare_colour_towers(n, target, options);
    ASSERT_EQ(delivered.size(), (std::uint64_t{1} << n) * testing::ipow(3, n));
    std::uint64_t id = 0;
    for (Colouring c = 0; c < (Colouring{1} << n); ++c)
      for (Rank s = 0; s < testing::ipow(3, n); ++s, ++id) {
        const Instance in{n, c, s, target};
        const SearchResult r = breadth_first_search(ErSpace(in), SearchOptions{});
        ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached) << label(in);
        const std::uint64_t moves = replayed_colour_towers(in);
        want.add(r.optimum, moves, id);
        const auto& d = delivered[id];
        EXPECT_EQ(d.id, id);
        EXPECT_EQ(d.colouring, c);
        EXPECT_EQ(d.start, s);
        EXPECT_EQ(d.optimum, r.optimum) << label(in);
        EXPECT_EQ(d.colour_towers, moves) << label(in);
        EXPECT_EQ(variants::er::instance_from_id(n, target, id), in);
      }
    EXPECT_EQ(got.instances, want.instances());
    EXPECT_EQ(got.colourings * got.starts, want.instances());
    EXPECT_EQ(got.optimal_instances, want.optimal_instances());
    EXPECT_EQ(got.stats.sum_optimum(), want.sum_optimum());
    EXPECT_EQ(got.stats.sum_algorithm(), want.sum_algorithm());
    EXPECT_DOUBLE_EQ(got.mean_optimum, want.mean_optimum());
    EXPECT_DOUBLE_EQ(got.mean_algorithm, want.mean_algorithm());
    EXPECT_EQ(got.max_excess, want.max_excess());
    EXPECT_DOUBLE_EQ(got.max_ratio, want.max_ratio());
    EXPECT_EQ(got.histogram, want.histogram());
    EXPECT_EQ(got.worst, variants::er::instance_from_id(n, target, want.worst()->id));
    EXPECT_EQ(got.hardest, variants::er::instance_from_id(n, target, want.hardest()->id));
    EXPECT_EQ(got.max_optimum, want.max_optimum());
  }
}

TEST(ErCompare, IndependentOfThreadCountAndSymmetricInTheTarget) {
  const int n = 7;
  variants::er::CompareResult one;
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    one = variants::er::compare_colour_towers(n, 0);
  }
  const auto all = variants::er::compare_colour_towers(n, 0);
  EXPECT_EQ(one.instances, all.instances);
  EXPECT_EQ(one.optimal_instances, all.optimal_instances);
  EXPECT_EQ(one.stats.sum_optimum(), all.stats.sum_optimum());
  EXPECT_EQ(one.stats.sum_algorithm(), all.stats.sum_algorithm());
  EXPECT_EQ(one.histogram, all.histogram);
  EXPECT_EQ(one.worst, all.worst);
  EXPECT_EQ(one.hardest, all.hardest);
  // Turning the circle (peg p -> p + 1) maps instances to target t onto instances
  // to target t + 1 with the same optimum and count, so every sum agrees.
  for (int t = 1; t < 3; ++t) {
    const auto other = variants::er::compare_colour_towers(n, t);
    EXPECT_EQ(other.instances, all.instances);
    EXPECT_EQ(other.optimal_instances, all.optimal_instances);
    EXPECT_EQ(other.stats.sum_optimum(), all.stats.sum_optimum());
    EXPECT_EQ(other.stats.sum_algorithm(), all.stats.sum_algorithm());
    EXPECT_EQ(other.histogram, all.histogram);
    EXPECT_EQ(other.max_optimum, all.max_optimum);
  }
}

TEST(ErCompare, ReportedInstancesAreReplayable) {
  for (int n = 2; n <= 8; ++n) {
    const auto r = variants::er::compare_colour_towers(n, 1);
    for (const auto& [in, optimum, count] :
         {std::tuple{r.worst, r.worst_optimum, r.worst_colour_towers},
          std::tuple{r.hardest, r.max_optimum, std::uint64_t{0}}}) {
      // Through the tokens, as a user would pass them back.
      const Params p = normalize(ErFamily::family().info, variants::er::params_of(in));
      const ErSpace space = variants::er::make_space(p);
      const SearchResult s = breadth_first_search(space, SearchOptions{});
      EXPECT_EQ(s.optimum, optimum) << label(in);
      if (count != 0) {
        EXPECT_EQ(replayed_colour_towers(variants::er::instance_of(p)), count);
      }
    }
    EXPECT_GE(r.max_ratio, 1.0);
  }
}

TEST(ErCompare, ProgressAndRanges) {
  std::vector<std::uint64_t> done;
  variants::er::CompareOptions options;
  options.on_progress = [&](std::uint64_t d, std::uint64_t total) {
    EXPECT_EQ(total, 64u);
    done.push_back(d);
  };
  variants::er::compare_colour_towers(6, 2, options);
  ASSERT_EQ(done.size(), 64u);
  for (std::size_t i = 0; i < done.size(); ++i) EXPECT_EQ(done[i], i + 1);
  EXPECT_THROW(variants::er::compare_colour_towers(0, 0), UsageError);
  EXPECT_THROW(variants::er::compare_colour_towers(variants::er::kMaxCompareDiscs + 1, 0),
               UsageError);
  EXPECT_THROW(variants::er::compare_colour_towers(3, 3), UsageError);
}

}  // namespace
}  // namespace hanoi

// Multi-stack (seed 002's Multi_Stack and Turtle, seed 004's multistack and l x (2l+1)
// puzzles): the encoder and the fast successor loop against the plain rules, the
// engine against the Boost.Graph oracle for every peg count, seed 002's recursion
// through the rule checker against the search and both seeds' counts, seed 002's
// phase structure for two stacks, and seed 004's 2 x 5 conjecture against the
// search.  Known values come from the seeds' formulas, from the oracle, or from
// plain enumeration of the rules; what the search found is recorded where it
// settles a seed's question.
//
// Findings (see also the report figures in variants/multistack/multistack.hpp):
//   * seed 002's counts are the optimum for every (M, n) searched; seed 004's
//     k T(n) + T(n-1) for k > 2 stacks is one move short, so no solution attains it;
//   * seed 004's conjectured 2 x 5 optimum R(n) + 2R(n-1) + 2 is the optimum for
//     n <= 4 but not at n = 5: the search finds a 29-move solution (33 conjectured),
//     and the rule checker accepts it.
#include "variants/multistack/multistack.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "analyses/replay.hpp"
#include "analyses/structure.hpp"
#include "declared/classic.hpp"
#include "declared/multistack.hpp"
#include "engine/bfs.hpp"
#include "support/family_handle.hpp"
#include "support/oracle.hpp"
#include "variants/reves/reves.hpp"

namespace hanoi {
namespace {

namespace ms = variants::multistack;

const int kAllPegs[] = {4, 5, 6, 7, 8, 9};

std::uint64_t power(std::uint64_t base, int e) {
  std::uint64_t x = 1;
  for (int i = 0; i < e; ++i) x *= base;
  return x;
}

// Whether base^e, the number of ranks of an e-digit encoding, is below 2^64.
bool fits_64_bits(std::uint64_t base, int e) {
  std::uint64_t x = 1;
  for (int i = 0; i < e; ++i) {
    if (x > UINT64_MAX / base) return false;
    x *= base;
  }
  return true;
}

std::uint64_t search_optimum(const ms::Space& v) {
  const SearchResult r = breadth_first_search(v, SearchOptions{});
  EXPECT_EQ(r.outcome, SearchOutcome::kGoalReached);
  return r.optimum;
}

// Whether a configuration obeys the rules as a configuration: no two discs of equal
// size on one peg (stack order by size is implied by the encoding).  Plain, from the
// explicit stacks.
bool plainly_legal(const ms::Space& v, const ms::Space::State& s) {
  for (const auto& peg : v.explicit_stacks(s))
    for (std::size_t j = 1; j < peg.size(); ++j)
      if (peg[j].size == peg[j - 1].size) return false;
  return true;
}

// For one size, the number of ways to place the l discs of that size, each on one
// of its stack's pegs, no two on one peg.  Sizes are independent, so if every legal
// configuration is reachable the search reaches this to the power n.
std::uint64_t placements_per_size(const ms::Space& v) {
  const int l = v.stacks();
  std::vector<std::vector<int>> allowed;
  for (int i = 0; i < l; ++i) allowed.push_back(v.allowed_pegs(i));
  const int k = v.local_pegs();
  std::uint64_t count = 0;
  for (std::uint64_t code = 0; code < power(static_cast<std::uint64_t>(k), l); ++code) {
    std::set<int> used;
    std::uint64_t x = code;
    for (int i = 0; i < l; ++i, x /= static_cast<std::uint64_t>(k))
      used.insert(allowed[static_cast<std::size_t>(i)][static_cast<std::size_t>(x % k)]);
    if (static_cast<int>(used.size()) == l) ++count;
  }
  return count;
}

TEST(MultiStackFamily, DescribesItself) {
  auto family = testing::family_of<ms::MultiStackFamily>();
  EXPECT_EQ(family->name(), "multistack");
  EXPECT_EQ(family->default_pegs(), 4);
  EXPECT_EQ(family->min_pegs(), 4);
  EXPECT_EQ(family->max_pegs(), 9);
  ASSERT_EQ(family->problems().size(), 1u);
  EXPECT_EQ(family->problems()[0].code, "transfer");
  const Params p = family->normalize(Params{3, 0, ""});
  EXPECT_EQ(p.pegs, 4);
  EXPECT_EQ(p.problem, "transfer");
  EXPECT_THROW(family->normalize(Params{3, 3, ""}), UsageError);
  EXPECT_THROW(family->normalize(Params{3, 10, ""}), UsageError);
  EXPECT_THROW(family->normalize(Params{3, 4, "swap"}), UsageError);
  for (int pegs : kAllPegs) {
    const int l = pegs / 2, n = family->max_n(pegs);
    // The largest n: l n discs fit the two 32-bit planes and base^(l n) fits 64 bits;
    // one more disc per stack breaks one of the two.
    const std::uint64_t base = pegs % 2 == 1 ? 4 : 3;
    EXPECT_LE(l * n, 32) << pegs;
    EXPECT_TRUE(fits_64_bits(base, l * n)) << pegs;
    EXPECT_TRUE(l * (n + 1) > 32 || !fits_64_bits(base, l * (n + 1))) << pegs;
    EXPECT_EQ(ms::make_space(family->normalize(Params{n, pegs, ""})).num_ranks(),
              power(base, l * n));
    EXPECT_THROW(family->normalize(Params{n + 1, pegs, ""}), UsageError) << pegs;
    // Every peg count offers seed 002's recursion; it is claimed optimal only
    // without the centre.
    const Params q = family->normalize(Params{2, pegs, ""});
    const auto algorithms = family->algorithms(q);
    ASSERT_EQ(algorithms.size(), 1u);
    EXPECT_EQ(algorithms[0]->name, "recursive");
    EXPECT_EQ(holds_for(algorithms[0]->claimed_optimal, q), pegs % 2 == 0);
    EXPECT_EQ(family->closed_form(q).has_value(), pegs % 2 == 0 || pegs == 5) << pegs;
    EXPECT_EQ(holds_for(family->info().formula_is_optimum, q), pegs % 2 == 0 || pegs == 5);
  }
  EXPECT_EQ(family->max_n(4), 16);
  EXPECT_EQ(family->max_n(5), 15);
  EXPECT_EQ(family->max_n(9), 7);
}

TEST(MultiStackFamily, SeedFormulasAsPrinted) {
  // Seed 002: P(n) = 3 T(n) for l = 2; l T(n) + T(n-1) + 1 = l(2^n - 1) + 2^(n-1)
  // for l > 2; and the recursion R(n) = R(n-1) + l T(n-1) + l, R(1) = l, with
  // P(n) = 2 R(n-1) + T(n-1) + l + 1 (l > 2), 2 R(n-1) + 2 T(n-1) + 3 (l = 2).
  // Seed 004: 3 T(n) for 2 stacks, k T(n) + T(n-1) for k > 2.
  for (int l = 2; l <= 6; ++l) {
    std::uint64_t r = 0;  // R(0)
    for (int n = 1; n <= 20; ++n) {
      const std::uint64_t t = (std::uint64_t{1} << n) - 1, t1 = (std::uint64_t{1} << (n - 1)) - 1;
      const std::uint64_t p = l == 2 ? 2 * r + 2 * t1 + 3 : 2 * r + t1 + l + 1;
      EXPECT_EQ(ms::seed002_moves(l, n), p) << "l=" << l << " n=" << n;
      EXPECT_EQ(ms::seed002_moves(l, n), l == 2 ? 3 * t : l * t + t1 + 1);
      EXPECT_EQ(ms::seed004_moves(l, n), l == 2 ? 3 * t : l * t + t1);
      r = n == 1 ? static_cast<std::uint64_t>(l) : r + l * t1 + l;
      EXPECT_EQ(r, l * t) << "R(n) = l T(n), l=" << l << " n=" << n;
    }
  }
  // Seed 004's 2 x 5 count with R = Reve's Frame-Stewart count.
  for (int n = 1; n <= 15; ++n)
    EXPECT_EQ(ms::twin_centre_moves(n), *variants::reves::frame_stewart_moves(4, n) +
                                            2 * *variants::reves::frame_stewart_moves(4, n - 1) +
                                            2);
  EXPECT_EQ(ms::twin_centre_moves(1), 3u);  // R(1) + 2 R(0) + 2
}

TEST(MultiStackFamily, EncoderIsABijection) {
  // Every rank decodes to the local peg digits of its base-3 (base-4) expansion,
  // digit k for disc k = i*n + s-1, computed here by plain division, and encodes back.
  for (const auto& [pegs, n] : std::vector<std::pair<int, int>>{
           {4, 1}, {4, 3}, {4, 5}, {5, 3}, {6, 2}, {6, 3}, {7, 2}, {8, 2}, {9, 2}}) {
    const ms::Space v(pegs, n);
    const std::uint64_t base = pegs % 2 == 1 ? 4 : 3;
    ASSERT_EQ(v.num_ranks(), power(base, v.stacks() * n));
    for (Rank r = 0; r < v.num_ranks(); ++r) {
      const auto s = v.unrank(r);
      ASSERT_EQ(v.rank(s), r) << pegs << " " << n;
      Rank x = r;
      for (int i = 0; i < v.stacks(); ++i)
        for (int size = 1; size <= n; ++size, x /= base)
          ASSERT_EQ(v.local_of(s, i, size), static_cast<int>(x % base)) << pegs << " r=" << r;
    }
  }
  // The start is all home (rank 0), the goal all away (every digit 2: without the
  // centre, the last rank).
  const ms::Space v(6, 3);
  EXPECT_EQ(v.rank(v.start()), 0u);
  EXPECT_EQ(v.rank(v.all_on_local(ms::kAway)), v.num_ranks() - 1);
  EXPECT_TRUE(v.is_goal(v.all_on_local(ms::kAway)));
  EXPECT_FALSE(v.is_goal(v.start()));
}

TEST(MultiStackFamily, FastSuccessorsMatchThePlainRules) {
  // On every legal configuration (reachable or not): the successor loop yields
  // exactly the legal moves of check_move, with the same disc ids and next states;
  // every move can be undone (kReversible).
  for (const auto& [pegs, n] :
       std::vector<std::pair<int, int>>{{4, 1}, {4, 4}, {5, 3}, {6, 3}, {7, 2}, {8, 2}, {9, 2}}) {
    const ms::Space v(pegs, n);
    std::uint64_t legal_configurations = 0;
    for (Rank r = 0; r < v.num_ranks(); ++r) {
      const auto s = v.unrank(r);
      if (!plainly_legal(v, s)) continue;
      ++legal_configurations;
      std::vector<std::tuple<int, int, int, std::uint64_t>> fast, plain;
      v.for_each_successor(s, [&](const ms::Space::State& t, Move m) {
        fast.emplace_back(m.from, m.to, m.disc, t.w);
      });
      for (int from = 0; from < pegs; ++from)
        for (int to = 0; to < pegs; ++to) {
          if (from == to) continue;
          const auto c = v.check_move(s, from, to);
          if (!c.legal) continue;
          plain.emplace_back(from, to, c.disc, c.next.w);
          const auto back = v.check_move(c.next, to, from);
          ASSERT_TRUE(back.legal) << v.describe(c.next) << " " << to << "->" << from;
          ASSERT_EQ(back.next, s);
        }
      std::sort(fast.begin(), fast.end());
      std::sort(plain.begin(), plain.end());
      ASSERT_EQ(fast, plain) << "pegs=" << pegs << " n=" << n << " at " << v.describe(s);
    }
    EXPECT_EQ(legal_configurations, power(placements_per_size(v), n)) << pegs << " " << n;
  }
}

TEST(MultiStackFamily, EveryLegalConfigurationIsReachable) {
  // Per size, 7 placements for M = 4 (9 less both discs on peg 0 or on peg 2), and
  // so on; the search reaches all of them, so the graph is connected on the legal
  // configurations.
  const std::uint64_t per_size[] = {7, 13, 18, 42, 47, 131};
  for (int pegs : kAllPegs) {
    const ms::Space one(pegs, 1);
    EXPECT_EQ(placements_per_size(one), per_size[pegs - 4]) << pegs;
    for (int n = 1; ms::Space(pegs, n).num_ranks() <= 20000000; ++n) {
      const ms::Space v(pegs, n);
      const SearchResult r = breadth_first_search(v, SearchOptions{});
      EXPECT_EQ(r.states_reached, power(placements_per_size(v), n)) << pegs << " n=" << n;
    }
  }
}

TEST(MultiStackFamily, RuleCheckerReadsTheRules) {
  const ms::Space v(4, 2);  // Turtle: a on 0 (ride 1, away 2), b on 2 (ride 3, away 0)
  const auto s = v.start();
  // Disc ids: i*n + s.
  const auto a1 = v.check_move(s, 0, 1);
  ASSERT_TRUE(a1.legal);
  EXPECT_EQ(a1.disc, 1);
  EXPECT_EQ(v.check_move(s, 2, 3).disc, 3);
  // Not onto another stack's ride peg.
  const auto foreign = v.check_move(s, 0, 3);
  EXPECT_FALSE(foreign.legal);
  EXPECT_EQ(foreign.disc, 1);
  EXPECT_EQ(std::string(foreign.rule), "a disc may use only its stack's home, ride and away pegs");
  // Not onto a disc of equal size: a1 onto b1.
  const auto equal = v.check_move(s, 0, 2);
  EXPECT_FALSE(equal.legal);
  EXPECT_EQ(std::string(equal.rule), "a disc may not be placed on a disc of equal size");
  // Onto a larger disc of the other stack: a1 onto b2 once b1 has gone to its ride.
  const auto b1 = v.check_move(s, 2, 3);
  const auto onto_b2 = v.check_move(b1.next, 0, 2);
  ASSERT_TRUE(onto_b2.legal);
  EXPECT_EQ(v.describe(onto_b2.next), "0: a2 | 1: | 2: b2 a1 | 3: b1");
  // Never onto a smaller disc: b2 onto a1 (on peg 0, b's away) is refused by the
  // plain preamble.
  const auto smaller = v.check_move(b1.next, 2, 0);
  EXPECT_FALSE(smaller.legal);
  EXPECT_EQ(smaller.disc, 4);  // b2
  EXPECT_EQ(std::string(smaller.rule), "a disc may not be placed on a smaller disc");
  // The centre (M odd) is open to every stack.
  const ms::Space c(5, 2);
  EXPECT_TRUE(c.check_move(c.start(), 0, 4).legal);
  EXPECT_TRUE(c.check_move(c.start(), 2, 4).legal);
  EXPECT_FALSE(c.check_move(c.start(), 0, 3).legal);
  // With three stacks, stack 0 may not reach peg 4 (stack 2's home) or peg 5.
  const ms::Space three(6, 1);
  EXPECT_FALSE(three.check_move(three.start(), 0, 4).legal);
  EXPECT_FALSE(three.check_move(three.start(), 0, 5).legal);
  EXPECT_TRUE(three.check_move(three.start(), 4, 5).legal);   // stack 2's ride
  EXPECT_FALSE(three.check_move(three.start(), 4, 0).legal);  // equal size on its away
}

TEST(MultiStackFamily, RecursiveIsLegalAndCostsSeed002) {
  auto family = testing::family_of<ms::MultiStackFamily>();
  for (int pegs : kAllPegs) {
    for (int n = 1; n <= std::min(family->max_n(pegs), 12); ++n) {
      const Params p = family->normalize(Params{n, pegs, ""});
      const RunReport r = family->run(p, "recursive", false);
      ASSERT_TRUE(r.ok) << "pegs=" << pegs << " n=" << n << ": " << r.error;
      EXPECT_EQ(r.moves, ms::seed002_moves(pegs / 2, n)) << "pegs=" << pegs << " n=" << n;
      if (pegs % 2 == 0) {
        EXPECT_EQ(r.moves, *family->closed_form(p));
      }
    }
  }
}

TEST(MultiStackFamily, SearchConfirmsSeed002AndRefutesSeed004) {
  // Seed 002's counts are the optimum (so its recursion is optimal, the l = 2 case
  // included, which the seed doubts); seed 004's k T(n) + T(n-1) for k > 2 stacks is
  // one below the optimum, so no solution attains it.  Seed 004's 3 T(n) for two
  // stacks is seed 002's.
  auto family = testing::family_of<ms::MultiStackFamily>();
  for (const auto& [pegs, top] : std::vector<std::pair<int, int>>{{4, 8}, {6, 5}, {8, 4}}) {
    const int l = pegs / 2;
    for (int n = 1; n <= top; ++n) {
      const Params p = family->normalize(Params{n, pegs, ""});
      const std::uint64_t optimum = search_optimum(family->space(p));
      EXPECT_EQ(optimum, ms::seed002_moves(l, n)) << "l=" << l << " n=" << n;
      EXPECT_EQ(optimum, family->run(p, "recursive", false).moves);
      if (l == 2) {
        EXPECT_EQ(optimum, ms::seed004_moves(l, n));
      } else {
        EXPECT_EQ(optimum, ms::seed004_moves(l, n) + 1) << "l=" << l << " n=" << n;
      }
    }
  }
}

TEST(MultiStackFamily, RecursiveIsOnlyABoundWithACentre) {
  // The recursion ignores the centre; the centre saves moves from n = 2 on.
  for (const auto& [pegs, top] : std::vector<std::pair<int, int>>{{5, 6}, {7, 4}, {9, 3}}) {
    for (int n = 1; n <= top; ++n) {
      const ms::Space v(pegs, n);
      const std::uint64_t optimum = search_optimum(v);
      if (n == 1) {
        EXPECT_EQ(optimum, ms::seed002_moves(pegs / 2, n)) << pegs;
      } else {
        EXPECT_LT(optimum, ms::seed002_moves(pegs / 2, n)) << pegs << " n=" << n;
      }
    }
  }
}

TEST(MultiStackFamily, TwinCentreConjectureFailsAtFive) {
  // Seed 004 conjectures R(n) + 2R(n-1) + 2 optimal for the 2 x 5 puzzle.  The
  // search agrees for n = 1..4 and n = 6 and finds a shorter solution at n = 5; the
  // rule checker accepts that solution, so the conjecture fails whatever the search's
  // own correctness (the oracle test covers the search up to n = 4).
  auto family = testing::family_of<ms::MultiStackFamily>();
  for (int n = 1; n <= 6; ++n) {
    const Params p = family->normalize(Params{n, 5, ""});
    SearchOptions o;
    o.want_path = true;
    const SearchResult r = family->optimum(p, o);
    ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
    const auto witness = replay(family->space(p), r.path);
    EXPECT_FALSE(witness.has_value()) << "n=" << n << ": " << witness->reason;
    EXPECT_EQ(r.path.size(), r.optimum);
    const std::uint64_t conjectured = ms::twin_centre_moves(n);
    EXPECT_EQ(*family->closed_form(p), conjectured);
    if (n == 5) {
      EXPECT_LT(r.optimum, conjectured) << "n=5";
    } else {
      EXPECT_EQ(r.optimum, conjectured) << "n=" << n;
    }
  }
}

TEST(MultiStackFamily, TurtlePhasesFollowSeed002) {
  // Seed 002, two stacks: the moves fall into phases j = 0..2n in which one stack
  // moves h(j) times running, h(0) = h(n) = 1, h(j) = 3 * 2^(j-1) for 0 < j < n,
  // h(j) = h(2n-j); the stack of phase j is g(j) = (j + n + 1) mod 2.
  auto family = testing::family_of<ms::MultiStackFamily>();
  for (int n = 1; n <= 10; ++n) {
    const Params p = family->normalize(Params{n, 4, ""});
    const ms::Space v = family->space(p);
    std::vector<std::pair<int, std::uint64_t>> runs;  // (stack, moves running)
    for (const Move& m : family->run(p, "recursive", true).recorded) {
      const int stack = v.disc_of(m.disc).stack;
      if (!runs.empty() && runs.back().first == stack) {
        ++runs.back().second;
      } else {
        runs.emplace_back(stack, 1);
      }
    }
    std::vector<std::pair<int, std::uint64_t>> seed;
    for (int j = 0; j <= 2 * n; ++j) {
      const int jj = j > n ? 2 * n - j : j;
      const std::uint64_t h = jj == 0 || jj == n ? 1 : 3 * (std::uint64_t{1} << (jj - 1));
      seed.emplace_back((j + n + 1) % 2, h);
    }
    EXPECT_EQ(runs, seed) << "n=" << n;
  }
}

TEST(MultiStackFamily, TurtleOptimumIsUniqueUpToTheStackSwap) {
  // Seed 002: for l = 2 "the move sequence is essentially unique" (up to which pin is
  // labelled 0).  Relabelling peg p as p+2 mod 4 swaps the two stacks and fixes the
  // start and the goal, so the recursion's mirror image is a second optimal
  // solution; the search counts exactly these two.
  auto family = testing::family_of<ms::MultiStackFamily>();
  for (int n = 1; n <= 6; ++n) {
    const Params p = family->normalize(Params{n, 4, ""});
    const ms::Space v = family->space(p);
    const SolutionCount count = family->count_optimal(p, SearchOptions{});
    EXPECT_EQ(count.count, "2") << "n=" << n;
    const RunReport run = family->run(p, "recursive", true);
    ASSERT_TRUE(count.optimum.has_value());
    EXPECT_EQ(run.moves, *count.optimum);
    std::vector<Move> mirror;
    for (const Move& m : run.recorded) {
      const ms::StackDisc d = v.disc_of(m.disc);
      mirror.push_back(Move{static_cast<std::uint8_t>(v.disc_id(1 - d.stack, d.size)),
                            static_cast<std::uint8_t>((m.from + 2) % 4),
                            static_cast<std::uint8_t>((m.to + 2) % 4)});
    }
    EXPECT_NE(mirror, run.recorded);
    const auto error = replay(v, mirror);
    EXPECT_FALSE(error.has_value()) << "n=" << n << ": " << error->reason;
  }
}

}  // namespace
}  // namespace hanoi

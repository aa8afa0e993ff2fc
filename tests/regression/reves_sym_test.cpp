// Reve's puzzle modulo the symmetry of pegs 1-3: the canonical form and its rank
// against brute force over all 4^n words; the fast successors against check_move;
// the quotient search against the Boost.Graph oracle (built from check_move) and
// against the full 4-peg search, level by level weighted by orbit sizes, and state
// by state; the optimum against Frame-Stewart; and the refusal of witnesses.
#include "variants/reves_sym/reves_sym.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <deque>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/bfs.hpp"
#include "support/family_handle.hpp"
#include "support/oracle.hpp"
#include "variants/registry.hpp"
#include "variants/reves/reves.hpp"

namespace hanoi {
namespace {

using variants::PegState;
using variants::reves_sym::Space;
using Word = std::uint64_t;

int field(Word w, int d) {
  return static_cast<int>((w >> (2 * (d - 1))) & 3);
}

std::uint64_t pow4(int n) {
  return std::uint64_t{1} << (2 * n);
}

// Restricted growth from the largest disc: each non-zero peg is at most one more
// than the largest non-zero peg seen so far.
bool is_canonical(Word w, int n) {
  if (n < 32 && (w >> (2 * n)) != 0) return false;
  int k = 0;
  for (int d = n; d >= 1; --d) {
    const int p = field(w, d);
    if (p > k + 1) return false;
    k = std::max(k, p);
  }
  return true;
}

// Relabel pegs 1..3 in the order of first appearance from the largest disc.
Word brute_canonical(Word w, int n) {
  int map[4] = {0, -1, -1, -1};
  int next = 1;
  Word out = 0;
  for (int d = n; d >= 1; --d) {
    const int p = field(w, d);
    if (map[p] < 0) map[p] = next++;
    out |= static_cast<Word>(map[p]) << (2 * (d - 1));
  }
  return out;
}

// The six permutations of pegs 1, 2, 3 (peg 0 fixed).
const std::array<std::array<int, 4>, 6> kPerms = {{
    {0, 1, 2, 3},
    {0, 1, 3, 2},
    {0, 2, 1, 3},
    {0, 2, 3, 1},
    {0, 3, 1, 2},
    {0, 3, 2, 1},
}};

Word permute(Word w, int n, const std::array<int, 4>& perm) {
  Word out = 0;
  for (int d = 1; d <= n; ++d)
    out |= static_cast<Word>(perm[static_cast<std::size_t>(field(w, d))]) << (2 * (d - 1));
  return out;
}

std::uint64_t orbit_size(Word w, int n) {
  bool used[4] = {false, false, false, false};
  for (int d = 1; d <= n; ++d) used[field(w, d)] = true;
  const int nonzero = used[1] + used[2] + used[3];
  return nonzero == 0 ? 1 : nonzero == 1 ? 3 : 6;
}

TEST(RevesSym, CanonicalFormIsFirstAppearanceOrder) {
  for (int n = 1; n <= 9; ++n) {
    for (Word w = 0; w < pow4(n); ++w) {
      const Word c = variants::reves_sym::canonical(w);
      ASSERT_EQ(c, brute_canonical(w, n)) << "n=" << n << " w=" << w;
      ASSERT_TRUE(is_canonical(c, n));
      for (const auto& perm : kPerms)
        ASSERT_EQ(variants::reves_sym::canonical(permute(w, n, perm)), c)
            << "n=" << n << " w=" << w;
    }
  }
}

TEST(RevesSym, RankIsABijectionOntoCanonicalWords) {
  for (int n = 1; n <= 11; ++n) {
    const Space v(n);
    Word previous = 0;
    for (Rank r = 0; r < v.num_ranks(); ++r) {
      const Word w = v.unrank(r).w;
      ASSERT_TRUE(is_canonical(w, n)) << "n=" << n << " r=" << r << " w=" << w;
      ASSERT_EQ(v.rank(PegState{w}), r) << "n=" << n << " w=" << w;
      if (r > 0) {
        ASSERT_GT(w, previous) << "ranks follow the numeric order of the words";
      }
      previous = w;
    }
  }
}

TEST(RevesSym, NumRanksCountsTheOrbits) {
  for (int n = 1; n <= 9; ++n) {
    std::uint64_t canonical_words = 0, orbit_minima = 0, weighted = 0;
    for (Word w = 0; w < pow4(n); ++w) {
      canonical_words += is_canonical(w, n);
      Word least = w;
      for (const auto& perm : kPerms) least = std::min(least, permute(w, n, perm));
      orbit_minima += least == w;
      if (is_canonical(w, n)) weighted += orbit_size(w, n);
    }
    const Space v(n);
    EXPECT_EQ(v.num_ranks(), canonical_words) << "n=" << n;
    EXPECT_EQ(v.num_ranks(), orbit_minima) << "n=" << n;
    EXPECT_EQ(weighted, pow4(n)) << "orbit sizes add up to 4^n, n=" << n;
  }
  // Burnside: identity fixes 4^n words, each transposition 2^n, each 3-cycle 1.
  for (int n = 1; n <= 32; ++n) {
    using Wide = unsigned __int128;
    const Wide burnside = ((Wide{1} << (2 * n)) + 3 * (Wide{1} << n) + 2) / 6;
    const Space v(n);
    EXPECT_TRUE(static_cast<Wide>(v.num_ranks()) == burnside) << "n=" << n;
    EXPECT_LT(v.num_ranks(), std::uint64_t{1} << 63) << "n=" << n;
  }
  EXPECT_THROW(Space(33), std::invalid_argument);
  EXPECT_THROW(Space(0), std::invalid_argument);
}

TEST(RevesSym, RankRoundTripsForLargeN) {
  std::mt19937_64 rng(2004);
  for (int n : {9, 13, 18, 19, 20, 25, 31, 32}) {
    const Space v(n);
    const Word mask = n == 32 ? ~Word{0} : pow4(n) - 1;
    // The first and last canonical words: all on peg 0, and 1 2 3 3 ... 3.
    Word last = 0;
    for (int d = n; d >= 1; --d) last |= static_cast<Word>(std::min(n - d + 1, 3)) << (2 * (d - 1));
    EXPECT_EQ(v.rank(PegState{0}), 0u);
    EXPECT_EQ(v.rank(PegState{last}), v.num_ranks() - 1) << "n=" << n;
    EXPECT_EQ(v.unrank(v.num_ranks() - 1).w, last) << "n=" << n;
    std::vector<Word> words;
    for (int i = 0; i < 20000; ++i) {
      // Random words, and words with few discs off peg 0 (long 0/1 stretches).
      Word w = rng() & mask;
      if (i % 2) w &= rng() & rng() & rng();
      if (i % 4 == 1) w &= 0x5555555555555555ull | (rng() & rng() & rng());
      words.push_back(variants::reves_sym::canonical(w));
    }
    std::sort(words.begin(), words.end());
    words.erase(std::unique(words.begin(), words.end()), words.end());
    Rank previous = 0;
    for (std::size_t i = 0; i < words.size(); ++i) {
      const Rank r = v.rank(PegState{words[i]});
      ASSERT_LT(r, v.num_ranks()) << "n=" << n;
      ASSERT_EQ(v.unrank(r).w, words[i]) << "n=" << n << " r=" << r;
      if (i > 0) {
        ASSERT_GT(r, previous) << "n=" << n;
      }
      previous = r;
    }
  }
}

TEST(RevesSym, SuccessorsAgreeWithCheckMove) {
  for (int n = 1; n <= 6; ++n) {
    const Space v(n);
    for (Rank r = 0; r < v.num_ranks(); ++r) {
      const PegState s = v.unrank(r);
      std::set<Word> fast, plain;
      std::set<std::pair<int, int>> pairs;
      v.for_each_successor(s, [&](const PegState& t, Move m) {
        ASSERT_TRUE(is_canonical(t.w, n));
        ASSERT_TRUE(pairs.emplace(m.from, m.to).second) << "two successors for one pair of pegs";
        const auto c = v.check_move(s, m.from, m.to);
        ASSERT_TRUE(c.legal) << v.describe(s) << " move " << int(m.from) << "->" << int(m.to);
        ASSERT_EQ(c.next.w, t.w) << v.describe(s);
        ASSERT_EQ(c.disc, m.disc) << v.describe(s);
        fast.insert(t.w);
      });
      for (int from = 0; from < 4; ++from)
        for (int to = 0; to < 4; ++to) {
          const auto c = v.check_move(s, from, to);
          if (c.legal) plain.insert(c.next.w);
        }
      ASSERT_EQ(fast, plain) << "n=" << n << " " << v.describe(s);
    }
  }
}

TEST(RevesSym, EngineMatchesBoostGraphOracle) {
  for (int n = 1; n <= 6; ++n) {
    SCOPED_TRACE("n=" + std::to_string(n));
    const Space v(n);
    const auto g = testing::build_explicit_graph(v);
    const auto want = testing::oracle_search(v, g);
    std::set<Rank> seen;
    for (const auto& s : g.states) {
      const Rank r = v.rank(s);
      ASSERT_LT(r, v.num_ranks());
      ASSERT_EQ(v.unrank(r).w, s.w);
      ASSERT_TRUE(seen.insert(r).second);
    }
    const SearchResult got = breadth_first_search(v, SearchOptions{});
    EXPECT_EQ(got.states_reached, want.states);
    EXPECT_EQ(got.states_reached, v.num_ranks()) << "every orbit is reachable";
    EXPECT_EQ(got.level_sizes, want.level_sizes);
    EXPECT_EQ(got.eccentricity + 1, want.level_sizes.size());
    ASSERT_EQ(got.outcome, SearchOutcome::kGoalReached);
    ASSERT_TRUE(want.goal_distance.has_value());
    EXPECT_EQ(got.optimum, *want.goal_distance);
  }
}

// Distances by plain queue-driven BFS, indexed by rank.
template <class V>
std::vector<std::uint16_t> reference_distances(const V& v) {
  std::vector<std::uint16_t> dist(v.num_ranks(), 0xffff);
  std::deque<Rank> queue{v.rank(v.start())};
  dist[queue.front()] = 0;
  while (!queue.empty()) {
    const Rank r = queue.front();
    queue.pop_front();
    v.for_each_successor(v.unrank(r), [&](const typename V::State& t, Move) {
      const Rank rt = v.rank(t);
      if (dist[rt] == 0xffff) {
        dist[rt] = static_cast<std::uint16_t>(dist[r] + 1);
        queue.push_back(rt);
      }
    });
  }
  return dist;
}

TEST(RevesSym, QuotientSearchMatchesTheFullSearch) {
  for (int n = 1; n <= 10; ++n) {
    SCOPED_TRACE("n=" + std::to_string(n));
    const Space q(n);
    const auto full = variants::reves::make_space(Params{n, 4, "transfer"});
    const SearchResult rq = breadth_first_search(q, SearchOptions{});
    const SearchResult rf = breadth_first_search(full, SearchOptions{});
    ASSERT_EQ(rq.outcome, SearchOutcome::kGoalReached);
    EXPECT_EQ(rq.optimum, rf.optimum);
    EXPECT_EQ(rq.eccentricity, rf.eccentricity);
    EXPECT_EQ(rq.states_reached, q.num_ranks());
    EXPECT_EQ(rf.states_reached, pow4(n));

    // Per orbit: its distance; the engine's orbit level sizes, and the full level
    // sizes as the orbit sizes summed level by level.
    const auto dq = reference_distances(q);
    std::vector<std::uint64_t> orbits(rq.level_sizes.size(), 0), members(rf.level_sizes.size(), 0);
    for (Rank r = 0; r < q.num_ranks(); ++r) {
      ASSERT_LT(dq[r], orbits.size());
      ++orbits[dq[r]];
      members[dq[r]] += orbit_size(q.unrank(r).w, n);
    }
    EXPECT_EQ(rq.level_sizes, orbits);
    EXPECT_EQ(rf.level_sizes, members);

    // State by state: every 4-peg configuration is as far from the start as its orbit.
    const auto df = reference_distances(full);
    for (Word w = 0; w < pow4(n); ++w)
      ASSERT_EQ(df[full.rank(PegState{w})], dq[q.rank(PegState{variants::reves_sym::canonical(w)})])
          << full.describe(PegState{w});
  }
}

TEST(RevesSym, OptimumIsFrameStewart) {
  const auto family = testing::family_of<variants::reves_sym::RevesSymFamily>();
  for (int n = 1; n <= 12; ++n) {
    const Params p = family->normalize(Params{n, 0, ""});
    const SearchResult r = family->optimum(p, SearchOptions{});
    ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
    EXPECT_EQ(r.optimum, *variants::reves::frame_stewart_moves(4, n)) << "n=" << n;
    EXPECT_EQ(family->closed_form(p), variants::reves::frame_stewart_moves(4, n));
    EXPECT_EQ(r.states_reached, variants::reves_sym::orbit_count(n));
  }
}

TEST(RevesSym, FamilyLimits) {
  const auto family = testing::family_of<variants::reves_sym::RevesSymFamily>();
  EXPECT_EQ(family->default_pegs(), 4);
  EXPECT_EQ(family->max_n(4), 32);
  EXPECT_THROW(family->normalize(Params{5, 5, ""}), UsageError);
  EXPECT_THROW(family->normalize(Params{33, 4, ""}), UsageError);
  EXPECT_THROW(family->normalize(Params{5, 4, "other"}), UsageError);
  EXPECT_EQ(family->normalize(Params{5, 0, ""}).problem, "transfer");
  EXPECT_TRUE(family->algorithms(family->normalize(Params{5, 0, ""})).empty());
  EXPECT_EQ(family->rank_space(Params{18, 4, "transfer"}), variants::reves_sym::orbit_count(18));
}

TEST(RevesSym, FrameAnalysisAgreesWithReves) {
  const auto sym = testing::family_of<variants::reves_sym::RevesSymFamily>();
  const auto full = testing::family_of<variants::reves::RevesFamily>();
  for (int n = 1; n <= 8; ++n) {
    const FrameAnalysis a = sym->frame(sym->normalize(Params{n, 0, ""}), SearchOptions{}, false,
                                       FrameScope::kLargestDisc);
    const FrameAnalysis b = full->frame(full->normalize(Params{n, 4, ""}), SearchOptions{}, false,
                                        FrameScope::kLargestDisc);
    EXPECT_EQ(a.optimal, b.optimal) << "n=" << n;
    EXPECT_EQ(a.frame_optimal, b.frame_optimal) << "n=" << n;
    EXPECT_EQ(a.holds, b.holds) << "n=" << n;
  }
}

TEST(RevesSym, MovesDoNotDetermineThePreviousOrbit) {
  // Why witnesses are refused: with n = 2, (disc 2, disc 1) on pegs (1, 2) is
  // reached by "0 -> 2" from (1, 0) and from (0, 1), at distances 3 and 1.
  const Space v(2);
  const Word target = (1u << 2) | 2u;
  const auto a = v.check_move(PegState{1u << 2}, 0, 2);
  const auto b = v.check_move(PegState{1u}, 0, 2);
  ASSERT_TRUE(a.legal && b.legal);
  EXPECT_EQ(a.next.w, target);
  EXPECT_EQ(b.next.w, target);
  const auto d = reference_distances(v);
  EXPECT_EQ(d[v.rank(PegState{1u << 2})], 3);
  EXPECT_EQ(d[v.rank(PegState{1u})], 1);

  const auto family = testing::family_of<variants::reves_sym::RevesSymFamily>();
  const Params p = family->normalize(Params{4, 0, ""});
  SearchOptions o;
  o.want_path = true;
  // The space says so at compile time (kWalksBack), and the CLI refuses these
  // requests before searching (cli_test); reaching the space anyway is a logic error.
  static_assert(!can_walk_back<variants::reves_sym::Space>());
  EXPECT_THROW(family->optimum(p, o), std::logic_error);
  EXPECT_THROW(family->count_optimal(p, SearchOptions{}), std::logic_error);
}

}  // namespace
}  // namespace hanoi

// A second reading of every registered family's move rule (issue 61).
//
// The oracle (support/oracle.hpp) builds its graph from each family's own
// `check_move`, so a rule misread there is misread by engine and oracle alike.  Here
// every rule of docs/variants.md is written again, as plainly as it can be: a
// configuration is per-peg stacks of discs (size, and a tag: the colour a disc has
// now, or its stack), and a move is legal when a short lambda says so, looking only
// at the moving disc, the two pegs and what the disc lands on.  For every state of
// small instances (all that the start reaches, or every legal state of the rank
// space) the moves the family makes (`for_each_successor`, and `check_move` over
// every ordered pair of pegs) must be exactly the moves this reading allows,
// compared as sets of (from, to, resulting configuration).
//
// Why it is independent: nothing here calls a family's move logic or its code
// parser.  A family's State is read only through plain accessors (the peg of a disc,
// the colour stored for a peg, the family's decoder of explicit stacks), problem
// codes are read from their letters as docs/variants.md defines them, and the rules
// are this file's own.  Where the docs leave something open the family's recorded
// reading is taken, and the comment says so.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "declared/adjacent.hpp"
#include "declared/antwerp.hpp"
#include "declared/checkers.hpp"
#include "declared/classic.hpp"
#include "declared/cyclic.hpp"
#include "declared/domino.hpp"
#include "declared/er.hpp"
#include "declared/four_star.hpp"
#include "declared/graph.hpp"
#include "declared/lundon.hpp"
#include "declared/multistack.hpp"
#include "declared/rainbow.hpp"
#include "declared/reversi.hpp"
#include "variants/adjacent/adjacent.hpp"
#include "variants/antwerp/antwerp.hpp"
#include "variants/checkers/checkers.hpp"
#include "variants/classic/classic.hpp"
#include "variants/cyclic/cyclic.hpp"
#include "variants/domino/domino.hpp"
#include "variants/er/er.hpp"
#include "variants/four_star/four_star.hpp"
#include "variants/graph/graph.hpp"
#include "variants/lundon/lundon.hpp"
#include "variants/multistack/multistack.hpp"
#include "variants/rainbow/rainbow.hpp"
#include "variants/reversi/reversi.hpp"
#include "variants/reves/reves.hpp"
#include "variants/visit.hpp"

namespace hanoi::second_reading {
namespace {

namespace vv = variants;

// A new family must get its own reading below before this compiles again.
static_assert(vv::Registered::size == 15, "give the new family a second reading in this file");

// ---------------------------------------------------------------------------------
// The independent representation and the generic comparison.

// `tag` is what the rule needs beyond the size: the disc's current colour in the
// colour-flipping families, its fixed colour in Antwerp, its stack in Multistack,
// 0 where the size says everything.
struct Disc {
  int size = 0;
  int tag = 0;
  auto operator<=>(const Disc&) const = default;
};
using Config = std::vector<std::vector<Disc>>;  // per peg, bottom to top

struct Edge {
  int from = 0, to = 0;
  Config after;
  auto operator<=>(const Edge&) const = default;
};
using Edges = std::set<Edge>;

constexpr int kNone = -1;  // an uncoloured base

// One family's rule, read from docs/variants.md.
struct Reading {
  int pegs = 3;
  Config start;
  // The disc as it rests on `to` after moving there from `from` (its colour may
  // have changed), or nullopt when the rule forbids the move.  c[from] is not empty.
  std::function<std::optional<Disc>(const Config& c, int from, int to)> lands;
  // Configurations that may not be entered at all (Antwerp's no-gather problems);
  // empty = every one may.
  std::function<bool(const Config&)> admissible;
  // Set where every legal state of the rank space is to be checked, not only the
  // reachable ones: whether a configuration is legal by the rules.
  std::function<bool(const Config&)> legal;
};

// What lies directly under a disc arriving on `to`: the top disc, or nullptr.
const Disc* top(const Config& c, int to) {
  return c[static_cast<std::size_t>(to)].empty() ? nullptr
                                                 : &c[static_cast<std::size_t>(to)].back();
}
// The plain size rule: `to` is empty or its top is larger.
bool onto_larger(const Config& c, int to, int size) {
  const Disc* t = top(c, to);
  return t == nullptr || t->size > size;
}

Edges allowed_moves(const Reading& r, const Config& c) {
  Edges out;
  for (int from = 0; from < r.pegs; ++from) {
    if (c[static_cast<std::size_t>(from)].empty()) continue;
    for (int to = 0; to < r.pegs; ++to) {
      if (to == from) continue;
      const std::optional<Disc> d = r.lands(c, from, to);
      if (!d) continue;
      Config next = c;
      next[static_cast<std::size_t>(from)].pop_back();
      next[static_cast<std::size_t>(to)].push_back(*d);
      if (r.admissible && !r.admissible(next)) continue;
      out.insert(Edge{from, to, std::move(next)});
    }
  }
  return out;
}

// "0: 3 2/1 | 1: | 2: 1": each disc as size/tag, the tag left out when it is 0.
std::string text(const Config& c) {
  std::string out;
  for (std::size_t p = 0; p < c.size(); ++p) {
    out += (p ? " | " : "") + std::to_string(p) + ":";
    for (const Disc& d : c[p])
      out += " " + std::to_string(d.size) + (d.tag ? "/" + std::to_string(d.tag) : "");
  }
  return out;
}

std::string text(const Edges& edges) {
  std::string out;
  for (const Edge& e : edges)
    out += "\n    " + std::to_string(e.from) + "->" + std::to_string(e.to) + " => " + text(e.after);
  return out;
}

// The states to compare at: every state the start reaches by the family's own
// moves.  If every state reached has exactly the moves of the reading, the reading
// reaches the same states, so no reachable state of either is missed.
template <class Space>
std::vector<typename Space::State> reachable(const Space& v) {
  std::vector<typename Space::State> states{v.start()};
  std::unordered_set<Rank> seen{v.rank(v.start())};
  for (std::size_t i = 0; i < states.size(); ++i) {
    v.for_each_successor(states[i], [&](const typename Space::State& t, Move) {
      if (seen.insert(v.rank(t)).second) states.push_back(t);
    });
  }
  return states;
}

// Every rank whose configuration the reading calls legal; each legal configuration
// must come from one rank only (else the rank space has two words for it).
template <class Space, class Read>
std::vector<typename Space::State> swept(const Space& v, const Reading& r, const Read& read) {
  std::vector<typename Space::State> states;
  std::set<Config> seen;
  for (Rank k = 0; k < v.num_ranks(); ++k) {
    const typename Space::State s = v.unrank(k);
    const Config c = read(s);
    if (!r.legal(c)) continue;
    EXPECT_TRUE(seen.insert(c).second) << "two ranks read as " << text(c);
    states.push_back(s);
  }
  return states;
}

// The whole check on one instance; `read` turns the family's State into a Config
// through plain accessors only.
template <class Space, class Read>
void expect_same_moves(const Space& v, const Reading& r, const Read& read,
                       const std::string& label) {
  SCOPED_TRACE(label);
  ASSERT_EQ(v.pegs(), r.pegs);
  ASSERT_TRUE(read(v.start()) == r.start)
      << "start: the rules say " << text(r.start) << ", the family has " << v.describe(v.start());
  const auto states = r.legal ? swept(v, r, read) : reachable(v);
  ASSERT_FALSE(states.empty());
  int failures = 0;
  for (const auto& s : states) {
    const Config c = read(s);
    const Edges want = allowed_moves(r, c);
    Edges fast, checked;
    v.for_each_successor(s, [&](const typename Space::State& t, Move m) {
      fast.insert(Edge{m.from, m.to, read(t)});
    });
    for (int from = 0; from < r.pegs; ++from)
      for (int to = 0; to < r.pegs; ++to) {
        if (from == to) continue;
        const auto mc = v.check_move(s, from, to);
        if (mc.legal) checked.insert(Edge{from, to, read(mc.next)});
      }
    if (fast == want && checked == want) continue;
    ADD_FAILURE() << "at " << text(c) << " (the family: " << v.describe(s) << ")"
                  << "\n  the rules allow:" << text(want)
                  << "\n  for_each_successor makes:" << text(fast)
                  << "\n  check_move allows:" << text(checked);
    if (++failures == 3) return;
  }
}

// Everything on one peg, largest at the bottom, each disc tagged by tag(size).
Config tower(int pegs, int n, int peg, const std::function<int(int)>& tag) {
  Config c(static_cast<std::size_t>(pegs));
  for (int d = n; d >= 1; --d) c[static_cast<std::size_t>(peg)].push_back(Disc{d, tag(d)});
  return c;
}
int untagged(int) {
  return 0;
}

// A single stack read from the peg of every disc; `tag(peg)` is what the family
// stores for the peg's stack (its colour), or 0.
// A family's own explicit stacks (per peg, bottom to top, each disc with its size and
// colour: Reversi's decode(), Antwerp's explicit_stacks()) as a configuration.
template <class Stacks>
Config stacks_config(const Stacks& stacks) {
  Config c(stacks.size());
  for (std::size_t p = 0; p < stacks.size(); ++p)
    for (const auto& d : stacks[p]) c[p].push_back(Disc{d.size, d.colour});
  return c;
}

template <class Space>
Config by_peg(const Space& v, const typename Space::State& s,
              const std::function<int(int peg)>& tag = untagged) {
  Config c(static_cast<std::size_t>(v.pegs()));
  for (int d = v.discs(); d >= 1; --d) {
    const int p = v.peg_of(s, d);
    c[static_cast<std::size_t>(p)].push_back(Disc{d, tag(p)});
  }
  return c;
}

template <class Entry>
typename Entry::Space build(Params p) {
  const auto fam = Entry::family();
  return fam.make(normalize(fam.info, std::move(p)));
}

template <class Entry>
std::vector<std::string> codes() {
  std::vector<std::string> out;
  for (const ProblemInfo& pi : Entry::family().info.problems) out.push_back(pi.code);
  return out;
}

std::string name(const std::string& family, int n, int pegs, const std::string& more = "") {
  return family + " n=" + std::to_string(n) + " pegs=" + std::to_string(pegs) +
         (more.empty() ? "" : " " + more);
}

// Every placement of n discs on the pegs, each peg stacked by size, is a legal
// configuration in the families whose rule constrains moves only.
bool any_placement(const Config&) {
  return true;
}

// ---------------------------------------------------------------------------------
// Plain single-stack rules: "top disc only, never onto a smaller disc", plus a test
// on the disc and the two pegs.

Reading plain(int pegs, int n, int start_peg, std::function<bool(int from, int to)> may) {
  Reading r;
  r.pegs = pegs;
  r.start = tower(pegs, n, start_peg, untagged);
  r.lands = [may](const Config& c, int from, int to) -> std::optional<Disc> {
    const Disc d = c[static_cast<std::size_t>(from)].back();
    if (!onto_larger(c, to, d.size) || !may(from, to)) return std::nullopt;
    return d;
  };
  r.legal = any_placement;
  return r;
}

bool anywhere(int, int) {
  return true;
}

TEST(SecondReading, ClassicAndReves) {
  // classic: 3 pegs, plain rules.  reves: m pegs, plain rules.
  for (int n = 1; n <= 6; ++n) {
    const auto v = build<vv::classic::ClassicFamily>(Params{n});
    expect_same_moves(
        v, plain(3, n, 0, anywhere), [&](auto s) { return by_peg(v, s); }, name("classic", n, 3));
  }
  for (const auto& [m, max_n] : {std::pair{4, 5}, {5, 4}, {6, 3}, {8, 3}})
    for (int n = 1; n <= max_n; ++n) {
      const auto v = build<vv::reves::RevesFamily>(Params{n, m});
      expect_same_moves(
          v, plain(m, n, 0, anywhere), [&](auto s) { return by_peg(v, s); }, name("reves", n, m));
    }
}

TEST(SecondReading, Cyclic) {
  // Every disc moves one step clockwise only, 0 -> 1 -> 2 -> 0.
  const auto clockwise = [](int from, int to) { return to == (from + 1) % 3; };
  for (const std::string& code : codes<vv::cyclic::CyclicFamily>())
    for (int n = 1; n <= 6; ++n) {
      const auto v = build<vv::cyclic::CyclicFamily>(Params{n, 0, code});
      expect_same_moves(
          v, plain(3, n, 0, clockwise), [&](auto s) { return by_peg(v, s); },
          name("cyclic", n, 3, code));
    }
}

TEST(SecondReading, Adjacent) {
  // Pegs in a row; moves only between neighbouring pegs.
  const auto neighbours = [](int from, int to) { return std::abs(from - to) == 1; };
  for (const auto& [m, max_n] : {std::pair{3, 6}, {4, 5}, {5, 4}, {6, 3}})
    for (int n = 1; n <= max_n; ++n) {
      const auto v = build<vv::adjacent::AdjacentFamily>(Params{n, m});
      expect_same_moves(
          v, plain(m, n, 0, neighbours), [&](auto s) { return by_peg(v, s); },
          name("adjacent", n, m));
    }
}

TEST(SecondReading, FourStar) {
  // 4 pegs, peg 3 the star: every move starts or ends on it.  `centre` starts on it.
  const auto star = [](int from, int to) { return from == 3 || to == 3; };
  for (const std::string& code : codes<vv::four_star::FourStarFamily>())
    for (int n = 1; n <= 5; ++n) {
      const auto v = build<vv::four_star::FourStarFamily>(Params{n, 0, code});
      const int start_peg = code == "centre" ? 3 : 0;
      expect_same_moves(
          v, plain(4, n, start_peg, star), [&](auto s) { return by_peg(v, s); },
          name("four-star", n, 4, code));
    }
}

// The fixed-colour rules (Rainbow, Checkers): each disc has a colour given by its
// size, each peg's base one or none (kNone), and no disc rests on its own colour, so
// it never lands on one; every configuration keeps the rule everywhere.
Reading fixed_colour_reading(int pegs, int n, const std::vector<int>& base,
                             const std::function<int(int)>& colour) {
  const auto under = [base, colour](const Config& c, int p, std::size_t i) {
    return i == 0 ? base[static_cast<std::size_t>(p)]
                  : colour(c[static_cast<std::size_t>(p)][i - 1].size);
  };
  Reading r = plain(pegs, n, 0, anywhere);
  r.lands = [under, colour](const Config& c, int from, int to) -> std::optional<Disc> {
    const Disc d = c[static_cast<std::size_t>(from)].back();
    if (!onto_larger(c, to, d.size)) return std::nullopt;
    if (under(c, to, c[static_cast<std::size_t>(to)].size()) == colour(d.size)) return std::nullopt;
    return d;
  };
  r.legal = [under, colour, pegs](const Config& c) {
    for (int p = 0; p < pegs; ++p)
      for (std::size_t i = 0; i < c[static_cast<std::size_t>(p)].size(); ++i)
        if (under(c, p, i) == colour(c[static_cast<std::size_t>(p)][i].size)) return false;
    return true;
  };
  return r;
}

TEST(SecondReading, Rainbow) {
  // Disc d has colour (d - 1) mod 3; no disc directly on a disc or a base of its own
  // colour.  Code PQR: the bases of pegs 0, 1, 2; A, B, C the colours of discs n,
  // n - 1, n - 2, D uncoloured.  (n >= 3 here, so discs n - 1 and n - 2 exist.)
  const auto colour = [](int d) { return ((d - 1) % 3 + 3) % 3; };
  for (const std::string& code : codes<vv::rainbow::RainbowFamily>())
    for (int n = 3; n <= 6; ++n) {
      std::vector<int> base;
      for (char ch : code) base.push_back(ch == 'D' ? kNone : colour(n - (ch - 'A')));
      const Reading r = fixed_colour_reading(3, n, base, colour);
      const auto v = build<vv::rainbow::RainbowFamily>(Params{n, 0, code});
      expect_same_moves(
          v, r, [&](auto s) { return by_peg(v, s); }, name("rainbow", n, 3, code));
    }
}

// Graph and digraph: the plain rules, and a move a -> b needs the arc a -> b.
// `arcs` is this test's own list of the edges written in `edges`.
void check_graph_instance(bool directed, int m, int n, const std::string& edges,
                          const std::set<std::pair<int, int>>& arcs, const std::string& start) {
  Params p{n, m};
  p.edges = edges;
  p.start = start;
  Reading r = plain(m, n, 0, [arcs](int from, int to) { return arcs.count({from, to}) > 0; });
  if (!start.empty()) {  // one peg digit per disc, smallest first
    r.start = Config(static_cast<std::size_t>(m));
    for (int d = n; d >= 1; --d)
      r.start[static_cast<std::size_t>(start[static_cast<std::size_t>(d - 1)] - '0')].push_back(
          Disc{d, 0});
  }
  const std::string label = name(directed ? "digraph" : "graph", n, m, edges + " " + start);
  if (directed) {
    const auto v = build<vv::graph::DigraphFamily>(p);
    expect_same_moves(
        v, r, [&](auto s) { return by_peg(v, s); }, label);
  } else {
    const auto v = build<vv::graph::GraphFamily>(p);
    expect_same_moves(
        v, r, [&](auto s) { return by_peg(v, s); }, label);
  }
}

TEST(SecondReading, GraphAndDigraph) {
  using Arcs = std::set<std::pair<int, int>>;
  const auto both = [](Arcs a) {
    Arcs out = a;
    for (auto [x, y] : a) out.insert({y, x});
    return out;
  };
  struct Case {
    bool directed;
    int m;
    std::string edges;
    Arcs arcs;
  };
  const std::vector<Case> cases = {
      {false, 3, "0-1,0-2,1-2", both({{0, 1}, {0, 2}, {1, 2}})},
      {false, 3, "0-2,1-2", both({{0, 2}, {1, 2}})},
      {false, 4, "0-1,1-2,2-3", both({{0, 1}, {1, 2}, {2, 3}})},
      {false, 4, "0-3,1-3,2-3", both({{0, 3}, {1, 3}, {2, 3}})},
      {false, 4, "0-1,2-3", both({{0, 1}, {2, 3}})},  // not connected
      {false, 5, "0-1,1-2,2-3,3-4,4-0,0-2", both({{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 2}})},
      {true, 3, "0>1,1>2,2>0", {{0, 1}, {1, 2}, {2, 0}}},
      {true, 3, "0-1,1>2,2>0", {{0, 1}, {1, 0}, {1, 2}, {2, 0}}},
      {true, 4, "0>1,1>2,2>3,3>0", {{0, 1}, {1, 2}, {2, 3}, {3, 0}}},
      {true, 4, "0-1,1>2,2>3,3>1,0>3", {{0, 1}, {1, 0}, {1, 2}, {2, 3}, {3, 1}, {0, 3}}},
      {true, 5, "0>1,1>2,2>3,3>4,4>0,2>0", {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {2, 0}}},
  };
  for (const Case& c : cases) {
    const int max_n = c.m == 3 ? 6 : c.m == 4 ? 5 : 4;
    for (int n = 1; n <= max_n; ++n) check_graph_instance(c.directed, c.m, n, c.edges, c.arcs, "");
  }
  // A start given per disc (the rank sweep makes the start matter only to itself).
  check_graph_instance(false, 4, 4, "0-1,1-2,2-3", both({{0, 1}, {1, 2}, {2, 3}}), "0312");
  check_graph_instance(true, 3, 4, "0>1,1>2,2>0", {{0, 1}, {1, 2}, {2, 0}}, "2101");
}

TEST(SecondReading, Er) {
  // 3 pegs in a circle; a white disc moves one step clockwise, a black one one step
  // anticlockwise; colours never change and do not matter for resting.  Every
  // placement is legal, so every one is checked, for every colouring at n <= 3.
  for (int n = 1; n <= 5; ++n) {
    std::vector<std::string> colourings;
    if (n <= 3) {
      for (int mask = 0; mask < (1 << n); ++mask) {
        std::string c;
        for (int d = 0; d < n; ++d) c += (mask >> d) & 1 ? 'B' : 'W';
        colourings.push_back(c);
      }
    } else {
      colourings = {std::string(n, 'W'), std::string(n, 'B'), n == 4 ? "WBBW" : "BWWBW"};
    }
    for (const std::string& colours : colourings) {
      Params p{n};
      p.colours = colours;
      p.start = std::string(static_cast<std::size_t>(n), '0');
      p.start[0] = '2';  // disc 1 elsewhere, so the start is not a tower
      p.target = n % 3;
      Reading r = plain(3, n, 0, anywhere);
      r.start[0].pop_back();
      r.start[2].push_back(Disc{1, 0});
      r.lands = [colours](const Config& c, int from, int to) -> std::optional<Disc> {
        const Disc d = c[static_cast<std::size_t>(from)].back();
        const bool white = colours[static_cast<std::size_t>(d.size - 1)] == 'W';
        const int step = white ? 1 : 2;  // anticlockwise = two steps clockwise
        if (!onto_larger(c, to, d.size) || to != (from + step) % 3) return std::nullopt;
        return d;
      };
      const auto v = build<vv::er::ErFamily>(p);
      expect_same_moves(
          v, r, [&](auto s) { return by_peg(v, s); }, name("er", n, 3, colours));
    }
  }
}

// ---------------------------------------------------------------------------------
// Colour-flipping families: a disc's colour changes on every move and the rule is
// checked with the colour it has after the move.  The tag is the disc's colour.

TEST(SecondReading, Domino) {
  // Two colours, A = 0 (the start colour) and B = 1; a disc flips on every move and
  // rests only directly on a disc or a base of its own new colour; an uncoloured
  // base (D, E, F) takes either.  Start: all A on peg 0.
  for (const std::string& code : codes<vv::domino::DominoFamily>())
    for (int n = 1; n <= 5; ++n) {
      std::vector<int> base;
      for (char ch : code) base.push_back(ch == 'A' ? 0 : ch == 'B' ? 1 : kNone);
      Reading r;
      r.start = tower(3, n, 0, [](int) { return 0; });
      r.lands = [base](const Config& c, int from, int to) -> std::optional<Disc> {
        Disc d = c[static_cast<std::size_t>(from)].back();
        d.tag = 1 - d.tag;
        if (!onto_larger(c, to, d.size)) return std::nullopt;
        const Disc* t = top(c, to);
        const int under = t ? t->tag : base[static_cast<std::size_t>(to)];
        if (under != kNone && under != d.tag) return std::nullopt;
        return d;
      };
      const auto v = build<vv::domino::DominoFamily>(Params{n, 0, code});
      const auto read = [&](auto s) {
        return by_peg(v, s, [&](int p) { return vv::domino::DominoSpace::colour_of(s, p); });
      };
      expect_same_moves(v, r, read, name("domino", n, 3, code));
    }
}

TEST(SecondReading, Lundon) {
  // Three colours, A = 0 -> B = 1 -> C = 2 -> A on every move; a disc rests only
  // directly on a larger disc of its own (new) colour; bases are uncoloured; moves
  // between any two pegs.  Start: all A on peg 0.
  for (const std::string& code : codes<vv::lundon::LundonFamily>())
    for (int n = 1; n <= 5; ++n) {
      Reading r;
      r.start = tower(3, n, 0, [](int) { return 0; });
      r.lands = [](const Config& c, int from, int to) -> std::optional<Disc> {
        Disc d = c[static_cast<std::size_t>(from)].back();
        d.tag = (d.tag + 1) % 3;
        const Disc* t = top(c, to);
        if (t && (t->size < d.size || t->tag != d.tag)) return std::nullopt;
        return d;
      };
      const auto v = build<vv::lundon::LundonFamily>(Params{n, 0, code});
      const auto read = [&](auto s) {
        return by_peg(v, s, [&](int p) { return vv::lundon::Space::peg_colour(s, p); });
      };
      expect_same_moves(v, r, read, name("lundon", n, 3, code));
    }
}

TEST(SecondReading, Reversi) {
  // 4 pegs, two colours; a disc flips on every move; no disc directly on a disc or a
  // base of its own (new) colour; D, E, F bases are uncoloured.  Letters A, B are
  // relative to the largest disc's start colour (A = 0).  Start: all on peg 0,
  // alternating, the largest A, so disc d starts with colour (n - d) mod 2.
  // Every code at n <= 3, the named top-level and bottom-level ones up to n = 5.
  const std::set<std::string> named = {"DDDF", "DDDE", "EDDD", "BABA", "BABB", "BAAB"};
  for (const std::string& code : codes<vv::reversi::ReversiFamily>()) {
    const int max_n = named.count(code) ? 5 : 3;
    for (int n = 1; n <= max_n; ++n) {
      std::vector<int> base;
      for (char ch : code) base.push_back(ch == 'A' ? 0 : ch == 'B' ? 1 : kNone);
      Reading r;
      r.pegs = 4;
      r.start = tower(4, n, 0, [n](int d) { return (n - d) % 2; });
      r.lands = [base](const Config& c, int from, int to) -> std::optional<Disc> {
        Disc d = c[static_cast<std::size_t>(from)].back();
        d.tag = 1 - d.tag;
        if (!onto_larger(c, to, d.size)) return std::nullopt;
        const Disc* t = top(c, to);
        const int under = t ? t->tag : base[static_cast<std::size_t>(to)];
        if (under == d.tag) return std::nullopt;
        return d;
      };
      const auto v = build<vv::reversi::ReversiFamily>(Params{n, 0, code});
      // decode() is the family's reader of its word (each disc with its colour).
      expect_same_moves(
          v, r, [&](auto s) { return stacks_config(v.decode(s)); }, name("reversi", n, 4, code));
    }
  }
}

// ---------------------------------------------------------------------------------
// Fixed colours and many stacks.

TEST(SecondReading, Checkers) {
  // 4 pegs; a disc's colour is the parity of its size; no disc directly on a disc or
  // a coloured base of the same parity.  Code PQRS: the bases of pegs 0..3, A the
  // parity of disc n, B the other, D uncoloured.  Start: all on peg 0.  The rank
  // space holds only legal placements, so every one of them is checked.
  const auto colour = [](int d) { return d % 2; };
  for (const std::string& code : codes<vv::checkers::CheckersFamily>()) {
    const int max_n = code == "DDDD" || code == "BABB" || code == "BAAB" ? 7 : 4;
    for (int n = 1; n <= max_n; ++n) {
      std::vector<int> base;
      for (char ch : code)
        base.push_back(ch == 'A' ? colour(n) : ch == 'B' ? colour(n + 1) : kNone);
      const Reading r = fixed_colour_reading(4, n, base, colour);
      const auto v = build<vv::checkers::CheckersFamily>(Params{n, 0, code});
      expect_same_moves(
          v, r, [&](auto s) { return by_peg(v, s); }, name("checkers", n, 4, code));
    }
  }
}

TEST(SecondReading, Antwerp) {
  // 3 pegs; three stacks of n discs in colours 0, 1, 2 start on pegs 0, 1, 2; a
  // disc may rest on a larger or equal disc of any colour.  The no-gather problems
  // never enter a configuration whose discs of sizes < n are all on one peg (void
  // at n = 1).  Every one of the 60^n configurations is legal; the no-gather
  // problems check the non-gathered ones.
  for (const std::string& code : codes<vv::antwerp::AntwerpFamily>())
    for (int n = 1; n <= 2; ++n) {
      const bool no_gather = code.find("no-gather") != std::string::npos;
      Reading r;
      r.start = Config(3);
      for (int colour = 0; colour < 3; ++colour)
        for (int size = n; size >= 1; --size)
          r.start[static_cast<std::size_t>(colour)].push_back(Disc{size, colour});
      r.lands = [](const Config& c, int from, int to) -> std::optional<Disc> {
        const Disc d = c[static_cast<std::size_t>(from)].back();
        const Disc* t = top(c, to);
        if (t && t->size < d.size) return std::nullopt;
        return d;
      };
      const auto gathered = [n](const Config& c) {
        if (n == 1) return false;
        for (const auto& peg : c) {
          int small = 0;
          for (const Disc& d : peg) small += d.size < n;
          if (small == 3 * (n - 1)) return true;
        }
        return false;
      };
      if (no_gather) r.admissible = [gathered](const Config& c) { return !gathered(c); };
      r.legal = [gathered, no_gather](const Config& c) { return !no_gather || !gathered(c); };
      const auto v = build<vv::antwerp::AntwerpFamily>(Params{n, 0, code});
      expect_same_moves(
          v, r, [&](auto s) { return stacks_config(v.explicit_stacks(s)); },
          name("antwerp", n, 3, code));
    }
}

TEST(SecondReading, Multistack) {
  // M pegs; l = M/2 stacks of n discs; stack i starts on its home peg 2i and may use
  // only that, its ride peg 2i + 1 and its away peg 2i + 2 mod 2l, plus, for odd M,
  // the centre peg M - 1.  No disc on a smaller or equal disc.  The tag is the stack.
  for (const auto& [pegs, max_n] : {std::pair{4, 3}, {5, 3}, {6, 2}, {7, 2}, {8, 2}, {9, 1}})
    for (int n = 1; n <= max_n; ++n) {
      const int m = pegs;  // (a lambda cannot capture a structured binding in C++20)
      const int l = m / 2;
      const auto may_use = [m, l](int stack, int peg) {
        return peg == 2 * stack || peg == 2 * stack + 1 || peg == (2 * stack + 2) % (2 * l) ||
               (m % 2 == 1 && peg == m - 1);
      };
      Reading r;
      r.pegs = m;
      r.start = Config(static_cast<std::size_t>(m));
      for (int i = 0; i < l; ++i)
        for (int size = n; size >= 1; --size)
          r.start[static_cast<std::size_t>(2 * i)].push_back(Disc{size, i});
      r.lands = [may_use](const Config& c, int from, int to) -> std::optional<Disc> {
        const Disc d = c[static_cast<std::size_t>(from)].back();
        if (!onto_larger(c, to, d.size) || !may_use(d.tag, to)) return std::nullopt;
        return d;
      };
      // Legal: every disc on one of its stack's pegs, sizes strictly decreasing upwards.
      r.legal = [may_use](const Config& c) {
        for (std::size_t p = 0; p < c.size(); ++p)
          for (std::size_t i = 0; i < c[p].size(); ++i) {
            if (!may_use(c[p][i].tag, static_cast<int>(p))) return false;
            if (i > 0 && c[p][i - 1].size <= c[p][i].size) return false;
          }
        return true;
      };
      const auto v = build<vv::multistack::MultiStackFamily>(Params{n, m});
      // The peg of every disc, then each peg sorted largest first (equal sizes, which
      // only illegal configurations have, by stack).
      const auto read = [&](auto s) {
        Config c(static_cast<std::size_t>(m));
        for (int i = 0; i < v.stacks(); ++i)
          for (int size = 1; size <= v.per_stack(); ++size)
            c[static_cast<std::size_t>(v.peg_of_disc(s, i, size))].push_back(Disc{size, i});
        for (auto& peg : c)
          std::sort(peg.begin(), peg.end(), [](Disc a, Disc b) {
            return a.size != b.size ? a.size > b.size : a.tag < b.tag;
          });
        return c;
      };
      expect_same_moves(v, r, read, name("multistack", n, m));
    }
}

}  // namespace
}  // namespace hanoi::second_reading

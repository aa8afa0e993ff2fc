// A single stack of n discs on m pegs, with a pluggable extra move rule.
//
// Every plain variant (classic, reves, cyclic, adjacent, four-star, rainbow) places
// each disc on a peg, discs stacked by size, so the state is the peg of each disc
// (PegCodec: b bits per disc, dense base-m rank, m^n ranks, all legal when the rule
// constrains only moves).  What differs is which moves are allowed on top of
// "only the top disc moves, never onto a smaller disc": that is the `Rule`.
//
// A Rule is a small value type with
//   bool allows(int disc, int from, int to, int below) const;
//       // below = the disc the moving disc would rest on, 0 for the base of `to`
//   const char* name() const;   // the rule's wording, for the rule checker
//   static constexpr bool kReversible;  // can every legal move be undone?
// Resting constraints (rainbow's colours) are checked on moves only: every state the
// search or the rule checker sees was built from the start by legal moves.
//
// The fast successor loop finds the top of each peg by bit operations on the packed
// word; `check_move` rebuilds explicit stacks and checks the rules one by one, so
// the rule checker and the test oracle do not share the fast path.
#pragma once

#include <bit>
#include <string>
#include <vector>

#include "engine/core.hpp"
#include "engine/peg_codec.hpp"
#include "variants/common/plain_rules.hpp"
#include "variants/common/stacks.hpp"

namespace hanoi::variants {

struct PegState {
  std::uint64_t w = 0;  // PegCodec packing: the peg of disc d in field d-1
  friend bool operator==(const PegState&, const PegState&) = default;
};

template <class Rule>
class PegSpace {
 public:
  using State = PegState;
  static constexpr bool kReversible = Rule::kReversible;
  // The word-parallel lattice engine (engine/lattice_bfs.hpp) serves this space when
  // the rule looks only at the disc and the two pegs, never at what the disc lands
  // on: a rule declares that with `static constexpr bool kIgnoresBelow = true;`.
  static constexpr bool kLattice = requires { requires Rule::kIgnoresBelow; };

  PegSpace(int pegs, int discs, int start_peg, int goal_peg, Rule rule)
      : codec_(pegs, discs),
        start_w_(codec_.all_on(start_peg)),
        goal_w_(codec_.all_on(goal_peg)),
        rule_(rule) {}
  // Any start and goal: `start[d-1]`, `goal[d-1]` the peg of disc d (the move-graph
  // families' --start and --goal).  Discs on a peg stack by size, so every
  // assignment of pegs is a legal configuration.
  PegSpace(int pegs, int discs, const std::vector<int>& start, const std::vector<int>& goal,
           Rule rule)
      : codec_(pegs, discs), rule_(rule) {
    for (int d = 1; d <= discs; ++d) {
      start_w_ = codec_.with_peg(start_w_, d, start[static_cast<std::size_t>(d - 1)]);
      goal_w_ = codec_.with_peg(goal_w_, d, goal[static_cast<std::size_t>(d - 1)]);
    }
  }

  int pegs() const { return codec_.pegs(); }
  int discs() const { return codec_.discs(); }
  const PegCodec& codec() const { return codec_; }
  int peg_of(const State& s, int d) const { return codec_.peg(s.w, d); }
  const Rule& rule() const { return rule_; }
  Rank num_ranks() const { return codec_.size(); }
  Rank rank(const State& s) const { return codec_.rank(s.w); }
  State unrank(Rank r) const { return State{codec_.unrank(r)}; }
  State start() const { return State{start_w_}; }
  bool is_goal(const State& s) const { return s.w == goal_w_; }
  // The lattice engine's view (LatticeSpace): the one goal rank, and the rule.
  Rank goal_rank() const { return codec_.rank(goal_w_); }
  bool lattice_allows(int disc, int from, int to) const { return rule_.allows(disc, from, to, 0); }

  template <class F>
  HANOI_ALWAYS_INLINE void for_each_successor(const State& s, F&& f) const {
    // One predictable branch per state selects a loop with the peg count fixed at
    // compile time: the tops then come from a few bit operations per peg and the
    // move loops unroll (about 4x faster than the generic loop on 4 pegs).
    switch (codec_.pegs()) {
      case 3:
        return successors<3>(s, f);
      case 4:
        return successors<4>(s, f);
      case 5:
        return successors<5>(s, f);
      case 6:
        return successors<6>(s, f);
      case 7:
        return successors<7>(s, f);
      case 8:
        return successors<8>(s, f);
      default:
        return successors<0>(s, f);
    }
  }

  // Irreversible rules (cyclic): the predecessors of s via a move from->to are the
  // states where the top disc of `to` was on `from`, if that move was legal there.
  template <class F>
  void for_each_predecessor(const State& s, F&& f) const {
    int top[16];
    codec_.tops(s.w, top);
    const int m = codec_.pegs();
    for (int to = 0; to < m; ++to) {
      const int d = top[to];
      if (d == 0) continue;
      for (int from = 0; from < m; ++from) {
        if (from == to) continue;
        if (top[from] != 0 && top[from] < d) continue;
        const State u{codec_.with_peg(s.w, d, from)};
        // Below d on `to` in s is the next disc on `to` after d, or the base.
        const int below = next_on(s.w, to, d);
        if (!rule_.allows(d, from, to, below)) continue;
        f(u, Move{static_cast<std::uint16_t>(d), static_cast<std::uint8_t>(from),
                  static_cast<std::uint8_t>(to)});
      }
    }
  }

  MoveCheck<State> check_move(const State& s, int from, int to) const {
    MoveCheck<State> c;
    const std::vector<std::vector<int>> stacks = explicit_stacks(s);
    if (!check_plain_move(c, stacks, from, to, codec_.pegs())) return c;
    const int d = c.disc;
    const int below = stacks[to].empty() ? 0 : stacks[to].back();
    if (!rule_.allows(d, from, to, below)) {
      c.rule = rule_.name();
      return c;
    }
    c.legal = true;
    c.next = State{codec_.with_peg(s.w, d, to)};
    return c;
  }

  // Bottom-to-top stacks, largest disc first.
  std::vector<std::vector<int>> explicit_stacks(const State& s) const {
    return stacks_by_peg(*this, s);
  }

  std::string describe(const State& s) const { return describe_stacks(explicit_stacks(s)); }

 private:
  // M = the number of pegs, or 0 for the generic loop.
  //
  // With an empty peg's top read as n+1, a move between pegs a and b exists exactly
  // when their tops differ, and then it is the smaller top that moves.  Choosing the
  // direction by comparison (compiled to conditional moves) instead of testing both
  // ordered pairs avoids the data-dependent branches that dominated the loop.
  template <int M, class F>
  HANOI_ALWAYS_INLINE void successors(const State& s, F& f) const {
    constexpr int kBits = M == 0 ? 0 : (M <= 2 ? 1 : std::bit_width(static_cast<unsigned>(M - 1)));
    const int m = M == 0 ? codec_.pegs() : M;
    const int b = M == 0 ? codec_.bits_per_disc() : kBits;
    const int empty = codec_.discs() + 1;
    int top[16];
    if constexpr (M == 0) {
      codec_.tops(s.w, top);
    } else {
      for (int p = 0; p < M; ++p) top[p] = codec_.template top_of<kBits>(s.w, p);
    }
    for (int p = 0; p < m; ++p) top[p] = top[p] == 0 ? empty : top[p];
    for (int x = 0; x < m; ++x) {
      for (int y = x + 1; y < m; ++y) {
        const bool x_moves = top[x] < top[y];
        const int d = x_moves ? top[x] : top[y];
        if (d == empty) continue;  // both pegs empty
        const int from = x_moves ? x : y;
        const int to = x_moves ? y : x;
        const int below = x_moves ? top[y] : top[x];
        if (!rule_.allows(d, from, to, below == empty ? 0 : below)) continue;
        const std::uint64_t delta = static_cast<std::uint64_t>(x ^ y) << (b * (d - 1));
        f(State{s.w ^ delta}, Move{static_cast<std::uint16_t>(d), static_cast<std::uint8_t>(from),
                                   static_cast<std::uint8_t>(to)});
      }
    }
  }

  // The smallest disc on peg p larger than d (0 = the base).
  int next_on(std::uint64_t w, int p, int d) const {
    for (int e = d + 1; e <= codec_.discs(); ++e)
      if (codec_.peg(w, e) == p) return e;
    return 0;
  }

  PegCodec codec_;
  std::uint64_t start_w_ = 0, goal_w_ = 0;  // packed, as State::w
  Rule rule_;
};

// No rule beyond the size rule (classic, reves).
struct FreeMoves {
  static constexpr bool kReversible = true;
  static constexpr bool kIgnoresBelow = true;
  bool allows(int, int, int, int) const { return true; }
  const char* name() const { return ""; }
};

}  // namespace hanoi::variants

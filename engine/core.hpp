// Core vocabulary shared by every part of the engine.
//
// Design overview
// ---------------
// A *variant* (a puzzle family with fixed n, pegs and problem) is a C++ type that
// satisfies the `StateSpace` concept below.  It owns a compact, trivially copyable
// `State`, a dense ranking of its legal states onto [0, num_ranks()), the start
// state, a goal predicate, and a successor callback that also names the move.  The
// generic algorithms (breadth-first search in bfs.hpp, the rule checker in
// replay.hpp) are templates over that concept, so the hot loops are inlined per
// variant and never pass through a virtual call.  Virtual dispatch happens only at
// the command boundary (family.hpp), where the CLI picks a variant by name.
//
// Every variant also has a *slow* rule check, `check_move`, written plainly from the
// rules on an explicit configuration.  The rule checker uses only that, and the
// tests build an explicit graph from it to cross-check the fast successor loop.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <type_traits>

// Forces inlining of a function or lambda in a hot loop (GCC and Clang).
#define HANOI_ALWAYS_INLINE __attribute__((always_inline))

namespace hanoi {

// Index of a state in a variant's dense rank space [0, num_ranks()).
using Rank = std::uint64_t;

// One move: the disc moved (1 = smallest; for many-stack variants a variant-defined
// disc id), from one peg to another (pegs 0..m-1).  The disc is 16 bits wide because
// the published algorithms also run far beyond any encoder (seed 002's Many_Pin
// demonstration moves 1000 discs on 100 pegs); 4 bytes a move.
struct Move {
  std::uint16_t disc = 0;
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

// The outcome of checking one move against a variant's rules.
template <class State>
struct MoveCheck {
  bool legal = false;
  State next{};           // the state after the move, when legal
  int disc = 0;           // the disc that would move (0 if the source peg is empty)
  const char* rule = "";  // which rule the move breaks, when illegal
};

// A successor callback is called at most once per ordered pair of pegs (the move
// of that pair's top disc), so a state has at most pegs*(pegs-1) successors.
//
// What an optimum search is asked about.  Most variants ask for a goal state; the
// optional predecessor callback serves variants whose moves are not reversible.
template <class V>
concept StateSpace = requires(const V& v, const typename V::State& s, Rank r, int peg) {
  typename V::State;
  requires std::is_trivially_copyable_v<typename V::State>;
  { V::kReversible } -> std::convertible_to<bool>;
  { v.num_ranks() } -> std::convertible_to<Rank>;
  { v.rank(s) } -> std::convertible_to<Rank>;
  { v.unrank(r) } -> std::same_as<typename V::State>;
  { v.start() } -> std::same_as<typename V::State>;
  { v.is_goal(s) } -> std::convertible_to<bool>;
  { v.pegs() } -> std::convertible_to<int>;
  { v.discs() } -> std::convertible_to<int>;
  { v.check_move(s, peg, peg) } -> std::same_as<MoveCheck<typename V::State>>;
  { v.describe(s) } -> std::convertible_to<std::string>;
  v.for_each_successor(s, [](const typename V::State&, Move) {});
};

// Variants whose moves cannot always be undone also enumerate predecessors: the
// states u with a legal move u -> s, and that move.
template <class V>
concept HasPredecessors = StateSpace<V> && requires(const V& v, const typename V::State& s) {
  v.for_each_predecessor(s, [](const typename V::State&, Move) {});
};

// Spaces that may offer a *start-goal mirror* for the half-depth test
// (--meet-in-middle in the generic engine, bfs.hpp and disk_bfs.hpp): a map σ on
// states with σ∘σ = 1 and σ(start) = the goal that is an automorphism of the move
// graph (t is a successor of s exactly when σt is one of σs).  Then d(s, goal) =
// d(σs, start), and the optimum is the least d(s) + d(σs), found at about half its
// depth.  `has_mirror()` says whether this instance has one (Checkers: the pegs'
// reflection when the problem's base colours allow it); the tests check the
// automorphism state by state against the successor callback.
template <class V>
concept HasMirror = StateSpace<V> && requires(const V& v, const typename V::State& s) {
  { v.has_mirror() } -> std::convertible_to<bool>;
  { v.mirror(s) } -> std::same_as<typename V::State>;
};

// Predecessors of `s`: for reversible variants, the successors with the move
// reversed; otherwise the variant's own predecessor enumeration.
template <StateSpace V, class F>
void for_each_predecessor(const V& v, const typename V::State& s, F&& f) {
  if constexpr (V::kReversible) {
    v.for_each_successor(s, [&](const typename V::State& u, Move m) {
      f(u, Move{m.disc, m.to, m.from});
    });
  } else {
    static_assert(HasPredecessors<V>, "an irreversible variant must enumerate predecessors");
    v.for_each_predecessor(s, f);
  }
}

}  // namespace hanoi

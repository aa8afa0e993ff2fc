// The Frame hypothesis (seed 002, Lunnon, after Frame and Stewart): "whenever the
// largest disc moves, the other discs form consecutive sub-stacks on the other
// m - 2 pins".
//
// Design overview
// ---------------
// * A *Frame configuration* for a move of the largest disc n from peg a to peg b:
//   no other disc is on a or b, and on every other peg the discs form a run of
//   consecutive sizes (an empty peg is a run too).  The test reads only where the
//   discs 1..n-1 are and the move's two pegs, so it gives the same answer before
//   and after the move: the restriction keeps a reversible graph reversible, and
//   a predecessor u -> s via a move of disc n is allowed exactly when s -> u is.
// * `FrameRestricted<V>` is a StateSpace adaptor: the variant's own successors and
//   predecessors, with moves of the largest disc dropped unless they start from a
//   Frame configuration.  The best Frame-type solution is then the ordinary
//   breadth-first optimum of the adaptor -- the same search, the same storage.
// * `analyse_frame` runs both searches (stopping at the goal's level) and, when the
//   hypothesis fails, a third unrestricted search that keeps a witness: any optimal
//   solution then has a largest-disc move that is not Frame-type (otherwise it
//   would be a Frame-type solution as short as the optimum), and the rule checker
//   replays it and names those moves.  With `want_moves`, a Frame-type optimal
//   solution is also kept and replayed.
// * A variant takes part by naming the peg of each disc: `peg_of(state, disc)`.
// * Scope.  The hypothesis speaks of the largest disc only (`kLargestDisc`).  The
//   recursive solutions of seed 002 ("based on the same strategy outlined for
//   Domino ... necessarily of Frame type") also move every smaller tower in
//   consecutive sub-stacks; `kEveryDisc` asks that of every move: when disc d
//   moves, the discs 1..d-1 form runs of consecutive sizes on the other pegs.
//   Comparing both says which reading a seed's claim depends on.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "analyses/api.hpp"
#include "analyses/replay.hpp"
#include "analyses/types.hpp"
#include "engine/core.hpp"
#include "engine/search.hpp"

namespace hanoi {

// Whether moving disc `disc` from `from` to `to` in `s` is a Frame-type move: the
// smaller discs are off both pegs and form runs of consecutive sizes.
template <HasDiscPegs V>
bool is_frame_move_of(const V& v, const typename V::State& s, int disc, int from, int to) {
  std::uint64_t on[16] = {};
  const int m = v.pegs();
  for (int d = 1; d < disc; ++d) on[v.peg_of(s, d)] |= std::uint64_t{1} << (d - 1);
  for (int p = 0; p < m; ++p) {
    const std::uint64_t x = on[p];
    if (x == 0) continue;
    if (p == from || p == to) return false;
    const std::uint64_t run = x >> std::countr_zero(x);
    if ((run & (run + 1)) != 0) return false;  // not one block of consecutive sizes
  }
  return true;
}

// The hypothesis's own question: a move of the largest disc.
template <HasDiscPegs V>
bool is_frame_move(const V& v, const typename V::State& s, int from, int to) {
  return is_frame_move_of(v, s, v.discs(), from, to);
}

template <HasDiscPegs V, FrameScope kScope = FrameScope::kLargestDisc>
class FrameRestricted {
 public:
  using State = typename V::State;
  static constexpr bool kReversible = V::kReversible;

  explicit FrameRestricted(const V& base) : base_(base), largest_(base.discs()) {}

  Rank num_ranks() const { return base_.num_ranks(); }
  Rank rank(const State& s) const { return base_.rank(s); }
  State unrank(Rank r) const { return base_.unrank(r); }
  State start() const { return base_.start(); }
  bool is_goal(const State& s) const { return base_.is_goal(s); }
  int pegs() const { return base_.pegs(); }
  int discs() const { return base_.discs(); }
  int peg_of(const State& s, int d) const { return base_.peg_of(s, d); }
  std::string describe(const State& s) const { return base_.describe(s); }

  MoveCheck<State> check_move(const State& s, int from, int to) const {
    MoveCheck<State> c = base_.check_move(s, from, to);
    if (c.legal && checked(c.disc) && !allowed(s, c.disc, from, to)) {
      c.legal = false;
      c.rule = "a Frame-restricted disc moves only from a Frame configuration";
    }
    return c;
  }

  template <class F>
  HANOI_ALWAYS_INLINE void for_each_successor(const State& s, F&& f) const {
    base_.for_each_successor(s, [&](const State& t, Move mv) HANOI_ALWAYS_INLINE {
      if (checked(mv.disc) && !allowed(s, mv.disc, mv.from, mv.to)) return;
      f(t, mv);
    });
  }

  // Only irreversible variants need their own predecessors (see core.hpp).
  template <class F>
  requires(!V::kReversible) void for_each_predecessor(const State& s, F&& f) const {
    base_.for_each_predecessor(s, [&](const State& u, Move mv) {
      if (checked(mv.disc) && !allowed(u, mv.disc, mv.from, mv.to)) return;
      f(u, mv);
    });
  }

 private:
  bool checked(int disc) const { return kScope == FrameScope::kEveryDisc || disc == largest_; }
  // Out of line: the largest disc moves rarely, and the hot loop stays small.
  [[gnu::noinline]] bool allowed(const State& s, int disc, int from, int to) const {
    return is_frame_move_of(base_, s, disc, from, to);
  }

  const V& base_;
  int largest_;
};

namespace detail {
// Replays `moves` through the rule checker; returns the indices of the largest
// disc's moves that are not Frame-type (and, if asked, the configurations they
// start from).  Throws if the replay fails or the length is not `expected`: a
// witness that the checker rejects must never be reported.
template <HasDiscPegs V>
std::vector<std::uint64_t> replay_frame_witness(
    const V& v, const std::vector<Move>& moves, std::uint64_t expected, FrameScope scope,
    std::vector<std::string>* configurations = nullptr) {
  Replayer<V> checker(v, moves.size());
  std::vector<std::uint64_t> non_frame;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    const bool checked = scope == FrameScope::kEveryDisc || m.disc == v.discs();
    if (checked && !is_frame_move_of(v, checker.state(), m.disc, m.from, m.to)) {
      non_frame.push_back(i);
      if (configurations) configurations->push_back(v.describe(checker.state()));
    }
    if (!checker.step(m)) break;
  }
  checker.finish();
  if (checker.error())
    throw std::logic_error("Frame witness rejected by the rule checker: " +
                           checker.error()->reason);
  if (moves.size() != expected) throw std::logic_error("Frame witness has the wrong length");
  return non_frame;
}
}  // namespace detail

// The peak bytes of analyse_frame, before it starts: its three searches run one
// after another, so the largest of them.
template <HasDiscPegs V>
std::uint64_t estimate_frame(const V& v, const SearchOptions& options, bool want_moves) {
  SearchOptions so = options;
  so.stop_at_goal = true;
  so.want_path = false;
  SearchOptions wo = so;
  wo.want_path = true;
  return std::max({estimate_search(v, so), estimate_search_bytes(v.num_ranks(), want_moves),
                   estimate_search(v, wo)});
}

template <HasDiscPegs V>
FrameAnalysis analyse_frame(const V& v, const SearchOptions& options, bool want_moves,
                            FrameScope scope) {
  const auto t0 = std::chrono::steady_clock::now();
  FrameAnalysis a;
  SearchOptions so = options;
  so.stop_at_goal = true;
  so.want_path = false;
  a.full = search(v, so);
  if (a.full.outcome == SearchOutcome::kGoalReached) a.optimal = a.full.optimum;
  SearchOptions fo = so;
  fo.want_path = want_moves;
  if (scope == FrameScope::kLargestDisc) {
    a.frame = breadth_first_search(FrameRestricted<V, FrameScope::kLargestDisc>(v), fo);
  } else {
    a.frame = breadth_first_search(FrameRestricted<V, FrameScope::kEveryDisc>(v), fo);
  }
  if (a.frame.outcome == SearchOutcome::kGoalReached) a.frame_optimal = a.frame.optimum;
  a.holds = a.optimal && a.frame_optimal && *a.optimal == *a.frame_optimal;
  if (a.frame_optimal && want_moves) {
    a.frame_solution = a.frame.path;
    if (!detail::replay_frame_witness(v, a.frame_solution, *a.frame_optimal, scope).empty())
      throw std::logic_error("the Frame-restricted search produced a non-Frame move");
  }
  if (a.optimal && !a.holds) {
    SearchOptions wo = so;
    wo.want_path = true;
    const SearchResult w = search(v, wo);
    a.witness = w.path;
    a.non_frame_moves =
        detail::replay_frame_witness(v, a.witness, *a.optimal, scope, &a.non_frame_configurations);
    if (a.non_frame_moves.empty())
      throw std::logic_error(
          "an optimal solution shorter than every Frame-type one has only Frame moves");
  }
  a.scope = scope;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return a;
}

}  // namespace hanoi

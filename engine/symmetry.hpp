// Start symmetries for the generic engine (--symmetry on spaces that are not
// lattices: Checkers, Antwerp).
//
// Design overview
// ---------------
// A *start symmetry* is a map g on states that is an automorphism of the move graph
// (t is a successor of s exactly when gt is one of gs) and fixes the start.  Then
// d(gs) = d(s) for every state, so a breadth-first search may keep one state of
// each orbit of the group G of such maps: it expands the orbit's representative,
// replaces every successor by its orbit's representative before looking it up, and
// counts a newly found representative |G| / |Stab| times, so that the level counts,
// the eccentricity and the optimum (the goal's orbit's depth: d(g goal) = d(goal))
// are those of the full space.  The representative is the state of least rank in
// its orbit, so the k lowest ranks of a level are among the orbits of its k lowest
// representatives (the farthest states are recovered exactly).
//
// A space offers its group through `start_symmetries()` (|G|, 1 when this instance
// has none) and `apply_start_symmetry(s, g)` for g in [0, |G|), g = 0 the identity;
// the tests check, state by state against the slow rule check, that each g is an
// automorphism fixing the start and that the set is closed under composition.  The
// lattice engine has its own segment-level symmetry (disk_lattice.hpp,
// SegmentSymmetry); this is the state-level one of bfs.hpp.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <vector>

#include "engine/core.hpp"

namespace hanoi {

template <class V>
concept HasStartSymmetries = StateSpace<V> &&
    requires(const V& v, const typename V::State& s, int g) {
  { v.start_symmetries() } -> std::convertible_to<int>;
  { v.apply_start_symmetry(s, g) } -> std::same_as<typename V::State>;
};

// The group G of a space's start symmetries, acting on ranks (see the overview);
// order() is 1, and every call the identity, when the space names none or when not
// `wanted`.
template <StateSpace V>
class StartSymmetry {
 public:
  using State = typename V::State;
  explicit StartSymmetry(const V& v, bool wanted = true) : v_(v) {
    if constexpr (HasStartSymmetries<V>) {
      if (wanted) order_ = std::max(1, static_cast<int>(v.start_symmetries()));
    } else {
      (void)wanted;
    }
  }

  int order() const { return order_; }
  bool active() const { return order_ > 1; }

  // The rank of the orbit's representative (its least rank).  Out of line, as is
  // orbit_size: inlined into the searches' successor loops they would weigh on the
  // loops' code when no symmetry is asked for.
  [[gnu::noinline]] Rank canonical(const State& s) const {
    Rank best = v_.rank(s);
    if constexpr (HasStartSymmetries<V>) {
      for (int g = 1; g < order_; ++g)
        best = std::min(best, v_.rank(v_.apply_start_symmetry(s, g)));
    }
    return best;
  }
  Rank canonical_rank(Rank r) const { return active() ? canonical(v_.unrank(r)) : r; }

  // The number of states in the orbit of the state of rank r: |G| / |Stab|.
  [[gnu::noinline]] std::uint64_t orbit_size(Rank r) const {
    if (!active()) return 1;
    const State s = v_.unrank(r);
    int fixed = 1;
    if constexpr (HasStartSymmetries<V>) {
      for (int g = 1; g < order_; ++g) fixed += v_.rank(v_.apply_start_symmetry(s, g)) == r ? 1 : 0;
    }
    return static_cast<std::uint64_t>(order_ / fixed);
  }

  // The distinct ranks of the orbit of the state of rank r, in increasing order.
  std::vector<Rank> orbit(Rank r) const {
    std::vector<Rank> out{r};
    if constexpr (HasStartSymmetries<V>) {
      const State s = v_.unrank(r);
      for (int g = 1; g < order_; ++g) out.push_back(v_.rank(v_.apply_start_symmetry(s, g)));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  // The k lowest ranks of the states of some orbits, given their representatives
  // `reps` (the k lowest representatives of a level hold its k lowest ranks).
  std::vector<Rank> lowest_of_orbits(const std::vector<Rank>& reps, std::size_t k) const {
    std::vector<Rank> all;
    for (Rank r : reps)
      for (Rank x : orbit(r)) all.push_back(x);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    if (all.size() > k) all.resize(k);
    return all;
  }

  // Whether some state of the orbit of rank r satisfies the space's goal.
  bool orbit_has_goal(Rank r) const {
    for (Rank x : orbit(r))
      if (v_.is_goal(v_.unrank(x))) return true;
    return false;
  }

 private:
  const V& v_;
  int order_ = 1;
};

// The rank of a space's one goal state, when it names one (~0 otherwise).
template <class V>
Rank single_goal_rank(const V& v) {
  if constexpr (requires { v.goal_rank(); }) {
    return v.goal_rank();
  } else if constexpr (requires {
                         { v.goal() } -> std::convertible_to<typename V::State>;
                       }) {
    return v.rank(v.goal());
  } else {
    (void)v;
    return ~Rank{0};
  }
}

// The generic searches' goal test on the ranks they keep (bfs.hpp, disk_bfs.hpp).
// A space with one goal state names it (goal_rank() or goal()): a kept state is
// then compared by rank instead of being unranked again for is_goal, and with
// symmetry the rank looked for is the goal's orbit's representative.  Otherwise
// each kept state is asked, with symmetry through its orbit.  `sym` must outlive
// the test.
template <StateSpace V>
class GoalTest {
 public:
  GoalTest(const V& v, const StartSymmetry<V>& sym) : v_(v), sym_(sym) {
    const Rank g = single_goal_rank(v);
    rank_ = g == ~Rank{0} ? g : sym.canonical_rank(g);
  }
  bool operator()(Rank r) const {
    if (rank_ != ~Rank{0}) return r == rank_;
    return sym_.active() ? sym_.orbit_has_goal(r) : v_.is_goal(v_.unrank(r));
  }
  // The one goal's rank as kept (its orbit's representative with symmetry); ~0 when
  // the space names no single goal.
  Rank rank() const { return rank_; }

 private:
  const V& v_;
  const StartSymmetry<V>& sym_;
  Rank rank_;
};

}  // namespace hanoi

// What the choice of a search mode needs to know of a variant (SpaceFacts,
// combinations.hpp): the one template between a StateSpace and the table of
// combinations, which is compiled once.
#pragma once

#include "engine/combinations.hpp"
#include "engine/core.hpp"
#include "engine/lattice_kernel.hpp"
#include "engine/mirror.hpp"
#include "engine/symmetry.hpp"

namespace hanoi {

// Whether kAuto runs the lattice kernel first on this space.  It applies to every
// LatticeSpace, but 3-peg graphs too thin for it go to the generic engine first: a
// pair of pegs never joined (`adjacent` m = 3, whose state graph is one path of 3^n
// states, so a chunk would be read once per state) or one-way moves (`cyclic`: 10^7
// levels of about 4 states at n = 16; generic 16 s against lattice 23 s at n = 18).
template <StateSpace V>
bool lattice_preferred(const V& v) {
  if constexpr (LatticeSpace<V>) {
    if (v.pegs() == 3) {
      if (!V::kReversible) return false;
      for (int a = 0; a < 3; ++a)
        for (int b = a + 1; b < 3; ++b)
          if (!v.lattice_allows(v.discs(), a, b) && !v.lattice_allows(v.discs(), b, a))
            return false;
    }
    return true;
  } else {
    (void)v;
    return false;
  }
}

// The facts of v (without the in-memory peaks, which search.hpp adds for kAuto).
template <StateSpace V>
SpaceFacts space_facts(const V& v) {
  SpaceFacts f;
  f.num_ranks = v.num_ranks();
  if constexpr (HasMirror<V>) f.start_goal_mirror = v.has_mirror();
  f.start_symmetry = StartSymmetry<V>(v).active();
  if constexpr (LatticeSpace<V>) {
    f.lattice = true;
    f.reversible = V::kReversible;
    f.lattice_preferred = lattice_preferred(v);
    f.meet_permutation = find_meet_permutation(v).has_value();
  }
  return f;
}

}  // namespace hanoi

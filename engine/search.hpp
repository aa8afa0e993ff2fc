// One entry point for an optimum search: picks the search mode.
//
// Design overview
// ---------------
// Every mode takes the same SearchOptions and returns the same SearchResult
// (search_types.hpp), so the analyses above call `search` and never name a mode.
//   generic  bfs.hpp: one state at a time through the variant's successor callback;
//            serves every StateSpace.
//   lattice  lattice_bfs.hpp: 64 states per machine word; serves LatticeSpace (the
//            single-stack peg variants whose rule ignores what a disc lands on).
// kAuto runs the lattice engine where it applies, except on 3-peg graphs too thin
// for it: a pair of pegs never joined (`adjacent` m = 3, whose state graph is one
// path of 3^n states, so a chunk would be read once per state) or one-way moves
// (`cyclic`: 10^7 levels of about 4 states at n = 16; generic 16 s against
// lattice 23 s at n = 18), and for a witness of an irreversible rule (the
// lattice's depth-mod-3 walk-back needs reversible moves).  Asking for a mode that does not apply
// is an error, not a silent fallback.
#pragma once

#include <stdexcept>
#include <string>

#include "engine/bfs.hpp"
#include "engine/core.hpp"
#include "engine/lattice_bfs.hpp"
#include "engine/search_types.hpp"

namespace hanoi {

// Why the lattice engine cannot run this search ("" when it can).
template <StateSpace V>
std::string lattice_refusal(const V& v, const SearchOptions& o) {
  if constexpr (LatticeSpace<V>) {
    if (o.want_path && !V::kReversible)
      return "the lattice engine gives witnesses only for reversible rules";
    (void)v;
    return "";
  } else {
    (void)v;
    (void)o;
    return "the lattice engine serves only single-stack peg variants whose rule ignores "
           "what a disc lands on";
  }
}

// Whether kAuto prefers the lattice engine for this space (it applies, see above).
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

// The mode `search` will run.  Throws std::invalid_argument when the requested one
// does not apply.
template <StateSpace V>
EngineKind choose_engine(const V& v, const SearchOptions& o) {
  const std::string why = lattice_refusal(v, o);
  switch (o.engine) {
    case EngineKind::kGeneric:
      return EngineKind::kGeneric;
    case EngineKind::kLattice:
      if (!why.empty()) throw std::invalid_argument(why + " (use --engine generic)");
      return EngineKind::kLattice;
    case EngineKind::kAuto:
      break;
  }
  return why.empty() && lattice_preferred(v) ? EngineKind::kLattice : EngineKind::kGeneric;
}

// The peak bytes `search(v, o)` will ask for, known before it starts: what a
// batch checks for every cell before its first search.
template <StateSpace V>
std::uint64_t estimate_search(const V& v, const SearchOptions& o) {
  if constexpr (LatticeSpace<V>) {
    if (choose_engine(v, o) == EngineKind::kLattice)
      return estimate_lattice_bytes(v.pegs(), v.discs(), o.want_path);
  }
  return estimate_search_bytes(v.num_ranks(), o.want_path);
}

template <StateSpace V>
SearchResult search(const V& v, const SearchOptions& o) {
  if constexpr (LatticeSpace<V>) {
    if (choose_engine(v, o) == EngineKind::kLattice) return lattice_search(v, o);
  } else {
    (void)choose_engine(v, o);  // refuses an explicit --engine lattice
  }
  return breadth_first_search(v, o);
}

}  // namespace hanoi

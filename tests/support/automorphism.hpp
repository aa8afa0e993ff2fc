// Whether a map on states is an automorphism of a space's move graph, decided by
// the slow rule check (check_move) rather than the successor loop, state by state
// (the mirror and the start symmetries of tests/conformance).
#pragma once

#include <cstring>
#include <set>

#include "engine/core.hpp"

namespace hanoi::testing {

// The successors of s by the slow rule check, as ranks.
template <class V>
std::set<Rank> slow_successors(const V& v, const typename V::State& s) {
  std::set<Rank> out;
  for (int a = 0; a < v.pegs(); ++a)
    for (int b = 0; b < v.pegs(); ++b)
      if (a != b) {
        const auto c = v.check_move(s, a, b);
        if (c.legal) out.insert(v.rank(c.next));
      }
  return out;
}

// Whether x is a legal state: one that survives rank and unrank unchanged (unrank
// yields legal states only).
template <class V>
bool is_legal_state(const V& v, const typename V::State& x) {
  const typename V::State y = v.unrank(v.rank(x));
  return std::memcmp(&x, &y, sizeof(x)) == 0;
}

// Whether `img` maps every state to a legal one, one to one, and the successors of
// each state onto the successors of its image.
template <class V, class Img>
bool is_automorphism(const V& v, Img&& img) {
  std::set<Rank> images;
  for (Rank r = 0; r < v.num_ranks(); ++r) {
    const auto s = v.unrank(r);
    const auto t = img(s);
    if (!is_legal_state(v, t)) return false;
    images.insert(v.rank(t));
    std::set<Rank> mapped;
    for (Rank u : slow_successors(v, s)) mapped.insert(v.rank(img(v.unrank(u))));
    if (mapped != slow_successors(v, t)) return false;
  }
  return images.size() == v.num_ranks();
}

}  // namespace hanoi::testing

// Symmetry of the lattice engine's disk mode: the peg permutations that fix the
// start and keep the rule, and the orbits they make of the segments (which one is
// stored, which permutation carries a record to it, how many states each stands
// for).  Split from disk_lattice.hpp: the disk plan counts the stored segments too.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/core.hpp"
#include "engine/lattice_kernel.hpp"
#include "engine/mirror.hpp"

namespace hanoi {

// Symmetry.  A peg permutation σ that fixes the start and preserves the rule
// (allows(d, a, b) == allows(d, σa, σb) for every disc and pair) preserves every
// distance from the start: d(σx) = d(x).  It maps segments to segments (it relabels
// the segment discs' pegs), so the disk mode stores one segment per orbit, the one
// of least index (canonical), and counts each of its states |G| / |Stab(S)| times.
// A record (word, bits) bound for a segment T that is not canonical is carried by
// the first σ (in a fixed order) that makes T canonical; one bound for a canonical
// segment S with a non-trivial stabiliser also goes in with all its Stab(S) images,
// so that the states stored in S at each level stay closed under Stab(S) (moves
// inside S commute with Stab(S)), which is what makes every state of a stored
// segment discovered at its true depth.  The goal is looked for through its image
// in a canonical segment.  Reve's puzzle with m pegs from all discs on one peg has
// (m-1)! such permutations: 6 at 4 pegs, 24 at 5, 120 at 6.
using PegPerm = std::array<std::uint8_t, 16>;

template <LatticeSpace V>
std::vector<PegPerm> rule_symmetries(const V& v) {
  const int m = v.pegs(), n = v.discs();
  // The pegs the start uses must stay put (all on one peg for these spaces).
  const Rank r0 = v.rank(v.start());
  std::vector<bool> used(static_cast<std::size_t>(m), false);
  Rank x = r0;
  for (int d = 0; d < n; ++d) {
    used[static_cast<std::size_t>(x % static_cast<Rank>(m))] = true;
    x /= static_cast<Rank>(m);
  }
  std::vector<int> p(static_cast<std::size_t>(m));
  for (int i = 0; i < m; ++i) p[static_cast<std::size_t>(i)] = i;
  std::vector<PegPerm> out;
  do {
    bool ok = true;
    for (int a = 0; a < m && ok; ++a)
      if (used[static_cast<std::size_t>(a)] && p[static_cast<std::size_t>(a)] != a) ok = false;
    if (!ok || !keeps_rule(v, p)) continue;
    PegPerm q{};
    for (int i = 0; i < m; ++i)
      q[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(p[static_cast<std::size_t>(i)]);
    out.push_back(q);
  } while (std::next_permutation(p.begin(), p.end()));
  return out;  // the identity first
}

// The segments' orbits under a group of peg permutations (see above).
class SegmentSymmetry {
 public:
  SegmentSymmetry() = default;
  SegmentSymmetry(std::vector<PegPerm> group, const LatticeLayout& L, int segment_discs)
      : group_(std::move(group)), m_(L.pegs()), n_(L.discs()), k_(L.word_discs()) {
    if (group_.empty()) group_.push_back(identity());
    const std::uint64_t segs = L.power(segment_discs);
    canonical_.assign(segs, 0);
    carrier_.assign(segs, 0);
    weight_.assign(segs, 0);
    stab_.assign(segs, {});
    for (std::uint64_t S = 0; S < segs; ++S) {
      std::uint64_t best = S;
      std::uint32_t by = 0;
      for (std::uint32_t g = 0; g < group_.size(); ++g) {
        const std::uint64_t t = map_digits(group_[g], S, segment_discs);
        if (t < best) {
          best = t;
          by = g;
        }
      }
      canonical_[S] = best == S ? 1 : 0;
      carrier_[S] = by;
      if (best == S) {
        std::uint32_t stab = 0;
        for (std::uint32_t g = 0; g < group_.size(); ++g)
          if (map_digits(group_[g], S, segment_discs) == S) {
            ++stab;
            if (g != 0) stab_[S].push_back(g);
          }
        weight_[S] = group_.size() / stab;
        ++stored_;
      }
    }
    // Bits of a word: discs 1..k; padding bits (m^k < 64) never hold a state.
    const std::uint64_t block = L.block();
    bit_perm_.assign(group_.size() * 64, 0);
    for (std::uint32_t g = 0; g < group_.size(); ++g)
      for (std::uint64_t l = 0; l < block; ++l)
        bit_perm_[std::size_t{g} * 64 + l] =
            static_cast<std::uint8_t>(map_digits(group_[g], l, k_));
  }

  std::uint64_t order() const { return group_.empty() ? 1 : group_.size(); }
  std::uint64_t stored() const { return stored_; }
  bool canonical(std::uint64_t S) const { return canonical_[S] != 0; }
  std::uint64_t weight(std::uint64_t S) const { return weight_[S]; }

  // Where a record bound for segment T goes: calls put(segment, word, bits) once per
  // stored image (see the overview).  seg_words: words per segment.
  template <class Put>
  void route(std::uint64_t word, std::uint64_t bits, std::uint64_t seg_words, Put&& put) const {
    std::uint64_t T = word / seg_words;
    if (!canonical(T)) {
      const std::uint32_t g = carrier_[T];
      word = map_word(g, word);
      bits = map_bits(g, bits);
      T = word / seg_words;
    }
    put(T, word, bits);
    for (const std::uint32_t g : stab_[T]) put(T, map_word(g, word), map_bits(g, bits));
  }

  // The image of a rank in a canonical segment.
  Rank canonical_rank(Rank r, std::uint64_t block, std::uint64_t seg_words) const {
    const std::uint64_t word = r / block, T = word / seg_words;
    if (canonical(T)) return r;
    const std::uint32_t g = carrier_[T];
    const std::uint64_t bit = map_bits(g, std::uint64_t{1} << (r % block));
    return map_word(g, word) * block + static_cast<Rank>(std::countr_zero(bit));
  }

 private:
  static PegPerm identity() {
    PegPerm p{};
    for (std::size_t i = 0; i < p.size(); ++i) p[i] = static_cast<std::uint8_t>(i);
    return p;
  }
  // x read as `digits` base-m digits, each peg relabelled.
  std::uint64_t map_digits(const PegPerm& p, std::uint64_t x, int digits) const {
    std::uint64_t out = 0, mul = 1;
    const std::uint64_t m = static_cast<std::uint64_t>(m_);
    for (int t = 0; t < digits; ++t) {
      out += p[x % m] * mul;
      x /= m;
      mul *= m;
    }
    return out;
  }
  std::uint64_t map_word(std::uint32_t g, std::uint64_t word) const {
    return map_digits(group_[g], word, n_ - k_);
  }
  std::uint64_t map_bits(std::uint32_t g, std::uint64_t bits) const {
    std::uint64_t out = 0;
    for (; bits; bits &= bits - 1)
      out |= std::uint64_t{1}
             << bit_perm_[std::size_t{g} * 64 + static_cast<std::uint64_t>(std::countr_zero(bits))];
    return out;
  }

  std::vector<PegPerm> group_;
  int m_ = 0, n_ = 0, k_ = 0;
  std::vector<std::uint8_t> canonical_;
  std::vector<std::uint32_t> carrier_;
  std::vector<std::uint64_t> weight_;
  std::vector<std::vector<std::uint32_t>> stab_;
  std::vector<std::uint8_t> bit_perm_;
  std::uint64_t stored_ = 0;
};

}  // namespace hanoi

// The half-depth test's map from a state to its mirror image.
//
// Design overview
// ---------------
// The half-depth test (--meet-in-middle; the argument is in lattice_bfs.hpp's
// overview) needs σ: an involution of the states that is an automorphism of the
// move graph and maps the start to the goal.  Two kinds of space name one:
//   * a lattice space (the single-stack peg variants whose rule ignores what a
//     disc lands on) whose pegs admit a permutation σ with σσ = 1 that maps the
//     start to the goal disc by disc and keeps the rule (find_meet_permutation);
//     its rank is the base-m number of the discs' pegs, so σ acts on the rank
//     digit by digit (a table per group of digits; at 4 and 8 pegs, bit field by
//     bit field);
//   * a space that names a mirror itself (core.hpp's HasMirror: Checkers, whose
//     colour rule is not a lattice rule).
// StartGoalMirror gives the generic and frontier engines (bfs.hpp, disk_bfs.hpp,
// frontier_bfs.hpp) one call for both, on ranks: the variant's own mirror first,
// else the lattice permutation.
// The lattice engine pairs chunks under σ itself (lattice_bfs.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core.hpp"
#include "engine/lattice_kernel.hpp"

namespace hanoi {

// Lattice ranks as bit fields.  A rank is the base-m number of the discs' pegs, so
// where m is 4 or 8 it is a field of 2 or 3 bits a disc, read with word operations
// (σ here, the frontier engine's moves); 0: no such fields.
constexpr int rank_field_bits(int m) {
  return m == 4 ? 2 : (m == 8 ? 3 : 0);
}

// The low bit of each of n fields of w bits: the `low` of fields_equal_to.
inline std::uint64_t rank_field_lows(int w, int n) {
  std::uint64_t low = 0;
  for (int d = 0; d < n; ++d) low |= std::uint64_t{1} << (w * d);
  return low;
}

// The fields of x (W bits each) equal to p, as the low bit of each field; `low`
// has the low bit of each of the n fields set.
template <int W>
std::uint64_t fields_equal_to(std::uint64_t x, int p, std::uint64_t low) {
  const std::uint64_t t = ~(x ^ (low * static_cast<std::uint64_t>(p)));
  std::uint64_t r = t;
  for (int i = 1; i < W; ++i) r &= t >> i;
  return r & low;
}

// Whether the peg permutation p (p[a]: the image of peg a) keeps the rule:
// allows(d, a, b) == allows(d, p[a], p[b]) for every disc d and pair of pegs.  Such a
// permutation maps moves to moves, so it preserves distances between states it
// maps onto each other (the half-depth test's σ, the disk mode's symmetries).
template <LatticeSpace V>
bool keeps_rule(const V& v, const std::vector<int>& p) {
  const int m = v.pegs(), n = v.discs();
  for (int d = 1; d <= n; ++d)
    for (int a = 0; a < m; ++a)
      for (int b = 0; b < m; ++b)
        if (a != b &&
            v.lattice_allows(d, a, b) !=
                v.lattice_allows(d, p[static_cast<std::size_t>(a)], p[static_cast<std::size_t>(b)]))
          return false;
  return true;
}

// The half-depth test's σ (see the overview): the first peg permutation, in
// lexicographic order, with σσ = 1, σ(start) = goal digit by digit, and
// allows(d, a, b) == allows(d, σa, σb) for every disc and pair; none for an
// irreversible rule.  Entry i is σ(i).
template <LatticeSpace V>
std::optional<std::array<std::uint8_t, 16>> find_meet_permutation(const V& v) {
  if (!V::kReversible) return std::nullopt;
  const int m = v.pegs(), n = v.discs();
  const Rank start = v.rank(v.start()), goal = v.goal_rank();
  std::vector<int> p(static_cast<std::size_t>(m));
  for (int i = 0; i < m; ++i) p[static_cast<std::size_t>(i)] = i;
  do {
    bool ok = true;
    for (int a = 0; a < m && ok; ++a)
      ok = p[static_cast<std::size_t>(p[static_cast<std::size_t>(a)])] == a;
    Rank x = start, y = goal;
    for (int d = 0; d < n && ok; ++d) {
      ok = static_cast<Rank>(p[static_cast<std::size_t>(x % static_cast<Rank>(m))]) ==
           y % static_cast<Rank>(m);
      x /= static_cast<Rank>(m);
      y /= static_cast<Rank>(m);
    }
    ok = ok && keeps_rule(v, p);
    if (ok) {
      std::array<std::uint8_t, 16> sigma{};
      for (int i = 0; i < m; ++i)
        sigma[static_cast<std::size_t>(i)] =
            static_cast<std::uint8_t>(p[static_cast<std::size_t>(i)]);
      return sigma;
    }
  } while (std::next_permutation(p.begin(), p.end()));
  return std::nullopt;
}

// σ on ranks for the generic engine's half-depth test (see the overview); ok()
// is false when the space names none, or when not `wanted` (the search for a
// lattice permutation tries every permutation of the pegs).
template <StateSpace V>
class StartGoalMirror {
 public:
  explicit StartGoalMirror(const V& v, bool wanted = true) : v_(v) {
    if (!wanted) return;
    if constexpr (HasMirror<V>) {
      if (v.has_mirror()) {
        own_ = true;
        return;
      }
    }
    if constexpr (LatticeSpace<V>) {
      const auto sigma = find_meet_permutation(v);
      if (!sigma) return;
      sigma_ = *sigma;
      lattice_ = true;
      field_bits_ = rank_field_bits(v.pegs());
      if (field_bits_ > 0) {  // σ field by field (see rank_field_bits)
        low_ = rank_field_lows(field_bits_, v.discs());
        return;
      }
      // σ on groups of `group_` digits by table (m^group_ <= 2^16 entries).
      m_ = static_cast<std::uint64_t>(v.pegs());
      group_ = 1;
      span_ = m_;
      while (span_ * m_ <= (std::uint64_t{1} << 16) && group_ < v.discs()) {
        span_ *= m_;
        ++group_;
      }
      table_.resize(span_);
      for (std::uint64_t x = 0; x < span_; ++x) {
        std::uint64_t y = 0, mul = 1, rest = x;
        for (int t = 0; t < group_; ++t) {
          y += (*sigma)[rest % m_] * mul;
          rest /= m_;
          mul *= m_;
        }
        table_[x] = static_cast<std::uint32_t>(y);
      }
      groups_ = (v.discs() + group_ - 1) / group_;
      // The top group may be partial (no digits above disc n): digit by digit.
      top_digits_ = v.discs() - (groups_ - 1) * group_;
    }
  }

  bool ok() const { return own_ || lattice_; }

  // The rank of σ(unrank(r)).
  Rank operator()(Rank r) const {
    if constexpr (HasMirror<V>) {
      if (own_) return v_.rank(v_.mirror(v_.unrank(r)));
    }
    if (field_bits_ == 2) return permute_fields<2, 4>(r);
    if (field_bits_ == 3) return permute_fields<3, 8>(r);
    Rank out = 0, mul = 1;
    for (int g = 0; g + 1 < groups_; ++g) {
      out += table_[r % span_] * mul;
      r /= span_;
      mul *= span_;
    }
    for (int t = 0; t < top_digits_; ++t) {
      out += sigma_[r % m_] * mul;
      r /= m_;
      mul *= m_;
    }
    return out;
  }

 private:
  template <int W, int M>
  Rank permute_fields(Rank r) const {
    Rank out = 0;
    for (int p = 0; p < M; ++p)
      out |= fields_equal_to<W>(r, p, low_) * sigma_[static_cast<std::size_t>(p)];
    return out;
  }

  const V& v_;
  bool own_ = false, lattice_ = false;
  int field_bits_ = 0;     // 2 or 3: σ field by field; 0: by table
  std::uint64_t low_ = 0;  // fields: the low bit of each disc's field
  std::uint64_t m_ = 0, span_ = 0;
  int group_ = 0, groups_ = 0, top_digits_ = 0;
  std::vector<std::uint32_t> table_;  // σ of `group_` digits
  std::array<std::uint8_t, 16> sigma_{};
};

}  // namespace hanoi

// Reve's puzzle (4 pegs) modulo the symmetry of pegs 1, 2, 3: one state per orbit.
//
// Why.  With every disc starting on peg 0, each permutation of pegs 1, 2, 3 is an
// automorphism of the 4-peg state graph that fixes the start, so every state of an
// orbit lies at the same distance from the start and the quotient graph (orbits,
// joined when some members are joined) has the same distances.  Its breadth-first
// search gives the start's eccentricity, the optimum to a tower on another peg (the
// three towers form one orbit) and the level sizes counted in orbits, over about
// 4^n / 6 ranks instead of 4^n: the search's estimate is 4.7 GiB at n = 18 and
// 18.7 GiB at n = 19 (above the default budget of 3/4 of 24 GiB: pass
// --max-memory), where the full 4^n encoding needs 6 and 24 times as much.
//
// Canonical form.  The State is the PegCodec word for 4 pegs (2 bits per disc, disc
// d in bits 2(d-1), 2d-1) of the orbit's one canonical member: reading the discs from
// the largest down, the non-zero pegs appear first in the order 1, 2, 3 (peg 0 keeps
// its label).  Equivalently pegs 1..3 are numbered by decreasing bottom disc, empty
// pegs last.  `canonical` relabels without a loop over discs: with N_p the mask of
// the discs on peg p (the low bit of each field equal to p), the masks are
// disjoint, so "peg a's bottom disc is larger than peg b's" is just N_a > N_b as
// integers (an empty peg's mask is 0), peg a's new label is 1 + #{b : N_b > N_a},
// and the word is N_1 l_1 + N_2 l_2 + N_3 l_3.
//
// Rank.  The canonical words are restricted-growth strings from the largest disc:
// with k non-zero labels used so far, the next disc takes 0, 1..k, or k+1 (k < 3).
// The rank is the index in lexicographic order, which is the numeric order of the
// words, and it has a closed form because the completion counts are
//   C(j, k >= 2) = 4^j   (every label is allowed from k = 2 on),
//   C(j, 1) = (4^j + 2^j) / 2,  C(j, 0) = (4^j + 3 2^j + 2) / 6  (Burnside),
// so num_ranks() = C(n, 0).  With f the largest disc off peg 0 (on peg 1) and e the
// largest disc on peg 2 (0 if none; it lies below f and above every disc on 3):
//   rank = C(f-1, 0) + SUM_{f > d > e, d on peg 1} (4^(d-1) + 2^(d-1)) / 2
//          + [e > 0] (4^(e-1) + 2^(e-1) + the word's bits below disc e),
// the sum being (S + compress(S)) / 2 for S the word's bits of discs e+1..f-1
// (fields 0 or 1).  So rank() is two bit scans (of the word and of its fields >= 2),
// one read per scan from a 66-entry table (C(f-1, 0) and the mask below f; the mask
// of discs e..1 and 2^(e-1) - 4^(e-1)), a few masks and one gather of every other
// bit: no per-disc loop, no branch, no dependency chain through tables (the hot
// loop ranks every successor).
// unrank() finds f from bit_width(r) and one comparison, then walks the discs on
// pegs 0/1 below f (about two steps on average: past the first disc on peg 2 the
// remainder of the rank is the word itself).  The tables depend on nothing but j,
// so they are compile-time constants.  n <= 32: 64 bits of word, and C(32, 0) =
// 3.07e18 < 2^63 ranks.
//
// Moves and counts.  for_each_successor makes, per pair of pegs, the move of the
// smaller top disc (as PegSpace<FreeMoves>), then canonicalises; the Move is in the
// source state's labels, so a witness replays through check_move (the plain rule
// check on the explicit configuration, then canonicalisation of `next`).  Distinct
// pairs may give the same canonical successor; the search does not mind.  The
// goal is the tower on peg 1 (the canonical form of every other tower).  States
// reached and level sizes count orbits: an orbit has 1 member (every disc on peg
// 0), 3 (one non-zero peg used) or 6 (more).  `structure --all-pairs` measures the
// quotient graph (distances between orbits), not the puzzle's graph.
//
// What it cannot do: walk back along moves.  A move written in one orbit member's
// labels does not determine the previous orbit (with n = 2, (d2, d1) on pegs (1, 2)
// is reached by "0 -> 2" from both (1, 0) and (0, 1), at distances 3 and 1), so the
// search's witness reconstruction (which matches the stored from/to of a
// predecessor) could follow the wrong orbit.  kReversible is therefore false and
// for_each_predecessor throws a UsageError: `--moves`, optimal-solution counts and
// Frame witnesses are refused with one clear line; use `reves --pegs 4` for those.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core.hpp"
#include "variants/common/peg_space.hpp"
#include "variants/family.hpp"

namespace hanoi::variants::reves_sym {

inline constexpr int kPegs = 4;
inline constexpr int kMaxDiscs = 32;  // 2 bits a disc in a 64-bit word

namespace detail {

struct Counts {
  // c0[j] = C(j, 0) for j <= 32, then a sentinel; c1[j] = C(j, 1) for j <= 31.
  std::array<std::uint64_t, kMaxDiscs + 2> c0{};
  std::array<std::uint64_t, kMaxDiscs> c1{};
  // Indexed by 1 + the bit width of the word (see width1): the completions before
  // its largest disc f, C(f-1, 0), and the mask of the discs below f.
  struct Top {
    std::uint64_t base = 0, below = 0;
  };
  std::array<Top, 66> top{};
  // Indexed by 1 + the bit width of the word's high bits (fields 2, 3): with e the
  // largest disc on peg 2 (0 if none), the mask of discs e..1 and 2^(e-1) - 4^(e-1)
  // (mod 2^64; 0 for e = 0).
  struct Two {
    std::uint64_t upto = 0, adjust = 0;
  };
  std::array<Two, 66> two{};
  // guess[b] = #{j : c0[j] <= 2^(b-1)} (0 for b = 0): the f of every rank of bit
  // width b, or one less (consecutive c0 at least double, see unrank).
  std::array<std::uint8_t, 65> guess{};
};

constexpr Counts make_counts() {
  Counts t;
  t.c0[0] = 1;
  t.c1[0] = 1;
  for (int j = 1; j <= kMaxDiscs; ++j) {
    t.c0[j] = t.c0[j - 1] + t.c1[j - 1];
    if (j < kMaxDiscs) t.c1[j] = 2 * t.c1[j - 1] + (std::uint64_t{1} << (2 * (j - 1)));
  }
  t.c0[kMaxDiscs + 1] = ~std::uint64_t{0};
  for (int b = 1; b <= 64; ++b) {
    // A canonical word of bit width b has its largest disc off peg 0, f, on peg 1
    // (bit 2(f-1), so b = 2f-1); a word's high bits of width b have e = (b+1)/2.
    const int f = (b + 1) / 2;
    const std::uint64_t below = (std::uint64_t{1} << (2 * (f - 1))) - 1;
    t.top[b + 1] = {t.c0[f - 1], below};
    t.two[b + 1] = {f == kMaxDiscs ? ~std::uint64_t{0} : (std::uint64_t{1} << (2 * f)) - 1,
                    (std::uint64_t{1} << (f - 1)) - (std::uint64_t{1} << (2 * (f - 1)))};
    const std::uint64_t lo = std::uint64_t{1} << (b - 1);
    int g = 0;
    while (g <= kMaxDiscs && t.c0[g] <= lo) ++g;
    t.guess[b] = static_cast<std::uint8_t>(g);
  }
  return t;
}

inline constexpr Counts kCounts = make_counts();
inline constexpr std::uint64_t kEven = 0x5555555555555555ull;  // the low bit of every field

// 1 + the bit width of x, without a branch.  x < 2^63 (true of a canonical word,
// whose largest field is 0 or 1, and of its fields >= 2 shifted down), so x << 1 | 1
// loses nothing and is never 0.
HANOI_ALWAYS_INLINE constexpr std::size_t width1(std::uint64_t x) {
  return static_cast<std::size_t>(64 - std::countl_zero((x << 1) | 1));
}

// Gathers the even-position bits of x (which has no others) into bits 0..31.
HANOI_ALWAYS_INLINE constexpr std::uint64_t compress_even(std::uint64_t x) {
  x = (x | (x >> 1)) & 0x3333333333333333ull;
  x = (x | (x >> 2)) & 0x0f0f0f0f0f0f0f0full;
  x = (x | (x >> 4)) & 0x00ff00ff00ff00ffull;
  x = (x | (x >> 8)) & 0x0000ffff0000ffffull;
  x = (x | (x >> 16)) & 0x00000000ffffffffull;
  return x;
}

// The canonical word with the discs of pegs 1, 2, 3 in the disjoint masks n1, n2, n3
// (low bit of each field); a peg's new label is 1 + the number of pegs whose bottom
// disc is larger, and an empty peg's label is irrelevant (its mask is 0).
HANOI_ALWAYS_INLINE constexpr std::uint64_t relabel(std::uint64_t n1, std::uint64_t n2,
                                                    std::uint64_t n3) {
  const std::uint64_t a = n2 > n1, b = n3 > n1, c = n3 > n2;
  // l1 = 1 + a + b, l2 = 1 + (1 - a) + c, l3 = 1 + (1 - b) + (1 - c) for non-empty pegs.
  return n1 * (1 + a + b) + n2 * (2 - a + c) + n3 * (3 - b - c);
}

}  // namespace detail

// The canonical member of the orbit of a 4-peg word (any word; fields above the
// discs must be 0).
constexpr std::uint64_t canonical(std::uint64_t w) {
  const std::uint64_t lo = w & detail::kEven, hi = (w >> 1) & detail::kEven;
  return detail::relabel(lo & ~hi, hi & ~lo, lo & hi);
}

// Number of canonical words (orbits) for n discs: (4^n + 3 2^n + 2) / 6.
constexpr std::uint64_t orbit_count(int n) {
  return detail::kCounts.c0[static_cast<std::size_t>(n)];
}

class Space {
 public:
  using State = PegState;
  // The quotient graph is undirected, but a move's pegs do not determine the
  // previous orbit (see the header): predecessors are refused, not reversed.
  static constexpr bool kReversible = false;
  static constexpr bool kWalksBack = false;  // see above: refused before any search
  // A state is an orbit of placements: analyses over pairs of states refuse it.
  static constexpr bool kOrbitQuotient = true;

  explicit Space(int n);

  int pegs() const { return kPegs; }
  int discs() const { return n_; }
  int peg_of(const State& s, int d) const { return static_cast<int>((s.w >> (2 * (d - 1))) & 3); }
  Rank num_ranks() const { return detail::kCounts.c0[static_cast<std::size_t>(n_)]; }
  State start() const { return State{0}; }
  bool is_goal(const State& s) const { return s.w == low_; }

  // Closed form (see the header): two bit scans, two table reads, one gather of
  // every other bit; no loop and no branch.
  HANOI_ALWAYS_INLINE Rank rank(const State& s) const {
    const std::uint64_t w = s.w;
    const auto& top = detail::kCounts.top[detail::width1(w)];
    const auto& two = detail::kCounts.two[detail::width1((w >> 1) & detail::kEven)];
    const std::uint64_t seg = w & top.below & ~two.upto;  // discs e+1..f-1, on peg 0 or 1
    return top.base + two.adjust + (w & two.upto) + ((seg + detail::compress_even(seg)) >> 1);
  }

  // f from the rank's bit width and one comparison; then the discs below f while
  // only pegs 0 and 1 are used, one comparison pair each, until the first disc on
  // peg 2, below which the remaining rank is the word itself.
  State unrank(Rank r) const {
    const auto& t = detail::kCounts;
    const unsigned g = t.guess[static_cast<std::size_t>(std::bit_width(r))];
    const unsigned f = g + static_cast<unsigned>(r >= t.c0[g]);
    if (f == 0) return State{0};
    r -= t.c0[f - 1];
    std::uint64_t w = std::uint64_t{1} << (2 * (f - 1));
    for (unsigned d = f - 1; d >= 1; --d) {
      const std::uint64_t c = t.c1[d - 1];
      if (r < c) continue;
      const int sh = static_cast<int>(2 * (d - 1));
      if (r < 2 * c) {
        r -= c;
        w |= std::uint64_t{1} << sh;
        continue;
      }
      return State{w | (std::uint64_t{2} << sh) | (r - 2 * c)};
    }
    return State{w};
  }

  // Per pair of pegs, the smaller top moves (as PegSpace); the masks of the two pegs
  // are updated by one XOR each and the result relabelled.  An empty peg's key is
  // all ones, so "x's top is smaller" is key[x] < key[y] and the moving disc's bit is
  // the smaller key + 1.  No allocation, one branch (both pegs empty).
  template <class F>
  HANOI_ALWAYS_INLINE void for_each_successor(const State& s, F&& f) const {
    const std::uint64_t w = s.w;
    const std::uint64_t lo = w & low_, hi = (w >> 1) & low_;
    const std::uint64_t m[kPegs] = {low_ & ~(lo | hi), lo & ~hi, hi & ~lo, lo & hi};
    std::uint64_t key[kPegs];
    for (int p = 0; p < kPegs; ++p) key[p] = (m[p] & (0 - m[p])) - 1;
    const auto pair = [&]<int X, int Y>() HANOI_ALWAYS_INLINE {
      const bool x_moves = key[X] < key[Y];
      const std::uint64_t k = x_moves ? key[X] : key[Y];
      if (k == ~std::uint64_t{0}) return;  // both pegs empty
      const std::uint64_t bit = k + 1;
      std::uint64_t n[kPegs] = {0, m[1], m[2], m[3]};
      n[X] ^= bit;
      n[Y] ^= bit;
      const int d = std::countr_zero(bit) / 2 + 1;
      f(State{detail::relabel(n[1], n[2], n[3])},
        Move{static_cast<std::uint16_t>(d), static_cast<std::uint8_t>(x_moves ? X : Y),
             static_cast<std::uint8_t>(x_moves ? Y : X)});
    };
    pair.template operator()<0, 1>();
    pair.template operator()<0, 2>();
    pair.template operator()<0, 3>();
    pair.template operator()<1, 2>();
    pair.template operator()<1, 3>();
    pair.template operator()<2, 3>();
  }

  // Refused with a UsageError (see the header): the search's witness, optimal
  // solution counts and Frame witnesses need predecessors that match a stored move.
  template <class F>
  void for_each_predecessor(const State&, F&&) const {
    refuse_predecessors();
  }

  // The plain rules on explicit stacks, then the canonical form of `next`.
  MoveCheck<State> check_move(const State& s, int from, int to) const;
  // Bottom-to-top stacks, largest disc first.
  std::vector<std::vector<int>> explicit_stacks(const State& s) const;
  std::string describe(const State& s) const;

 private:
  [[noreturn]] static void refuse_predecessors();

  int n_ = 0;
  std::uint64_t low_ = 0;  // the low bit of each of the n fields; the tower on peg 1
};

Space make_space(const Params& p);
// The registry entry (variants/registry.hpp).
struct RevesSymFamily {
  using Space = reves_sym::Space;
  static Family<Space> family();
};

}  // namespace hanoi::variants::reves_sym

// Checkers (seed 002, Lunnon, "The Tower of Hanoi and Variations", Checkers
// section): four pegs, two disc colours fixed by size, colours alternating on
// every peg.
//
// Rules as implemented (VARIANTS.md, "Fixed-colour four-peg variant"):
//   * the classic rules on 4 pegs: one top disc at a time, never onto a smaller disc;
//   * disc d has the fixed colour d mod 2 (its parity);
//   * no disc may rest directly on a disc of its own colour, so on every peg the
//     colours alternate; and no disc may rest directly on a base of its own colour.
// The colour rule is a resting rule: a move is legal when the moved disc differs in
// colour from what it lands on.  Every state the search or the rule checker sees was
// built from a legal start by legal moves, so it is a legal placement; moving a disc
// back puts it onto what it legally rested on before, so the moves are reversible.
//
// Problems: transfer all n discs from peg 0 to peg 3.  The code gives the base
// colour of pegs 0, 1, 2, 3 in that order (from, via, via, to), the seed's notation
// as for Rainbow and Domino: A = the colour of the largest disc n, B = the other
// colour (that of disc n-1), D = uncoloured.  Offered: DDDD (top level, default),
// BABB and BAAB (the seed's bottom-level problems Checkers_B and Checkers_C), then
// every other code over A, B, D with pegs 0 and 3 not A (36 codes: the seed's
// DDDB, BADD, DDBB, BDDB, BADB among them; results/checkers_codes.md).  READING:
// a disc may not rest directly on a base of its own colour, exactly as on a disc; a
// D base takes any disc.  All three are solvable: disc n starts on a B or D base and
// ends on a B or D base, and the search reaches the goal for every n tested.
//
// Encoder.  The State is the PegCodec word (2 bits per disc, disc d in bits
// 2(d-1), 2d-1), so a move is one XOR and the tops come from bit operations.  Only
// the legal placements are ranked, densely: reading the discs from the largest
// down, an automaton keeps for each peg the colour of its current top (or its base
// colour: 0, 1, or "uncoloured" when empty with a D base), 3^4 = 81 states.
// count[d][a] = the number of legal ways to place discs d..1 from automaton state a
// (count[0][a] = 1; count[d][a] = sum over pegs p whose top colour differs from d's
// of count[d-1][a with peg p's colour set to d's]).  The rank of a placement is its
// index among the legal placements in lexicographic order of (peg of n, peg of
// n-1, ..., peg of 1), i.e. the numeric order of the words: the sum, over the
// discs, of the completions of the smaller legal peg choices.
//   rank():   two discs per step (one 4-bit nibble of the word, whose numeric order
//             is the pair's lexicographic order): per step one read of the next
//             automaton state (the only dependency chain) and one of the offset;
//             11 steps at n = 21.
//   unrank(): one disc per step down to disc 7: the peg is the number of the
//             cumulative offsets of pegs 1..3 not above r (an illegal peg adds no
//             placements, so its offset equals the next one's and is never the
//             last not above r), selected with masks rather than branches; then
//             the 6 smallest discs in one read from a table of every legal suffix
//             per automaton state (at most 81 x 1,420 entries of 16 bits).
// Offsets are 32-bit when every count fits (n <= 22 for DDDD), 64-bit otherwise,
// so the per-disc tables of n = 21 stay in the L1 cache.  num_ranks() is the exact
// number of legal placements: for DDDD 6,406,900 of 4^15 = 1.07e9 at n = 15 and
// 1,433,018,404 of 4^21 = 4.40e12 at n = 21 (BABB: 839,808 and 181,398,528).
// max_n = 31 (the PegCodec limit for 4 pegs; 1.1e13 placements for DDDD).
// Not every legal placement is reachable: from n = 7 on, placements whose four
// tops share one colour admit no move at all (e.g. [7], [6 5], [4 3], [2 1]).
//
// Algorithm `frame` (frame.hpp): the best Frame-type solution, computed by dynamic
// programming over Frame-Stewart splits with the colour constraints deciding which
// sub-problems are legal; see frame.hpp for exactly what is minimised.  Its count is
// the family's closed form, labelled "best Frame-type (DP)", not a seed formula.  It
// reproduces the seed's numbers: equal to Reve's (Frame-Stewart) for DDDD at every
// n < 27 except n = 15 (137 against 129) and n = 21 (337 against 321).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core.hpp"
#include "engine/peg_codec.hpp"
#include "variants/checkers/block.hpp"
#include "variants/common/peg_space.hpp"
#include "variants/family.hpp"

namespace hanoi::variants::checkers {

inline constexpr int kPegs = 4;
inline constexpr int kMaxDiscs = 31;
// Colours: a disc d has colour d & 1; a base has colour 0, 1 or kUncoloured (D).
inline constexpr int kUncoloured = 2;
inline constexpr int kAutomatonStates = 81;  // 3^4: per peg, colour of the top or base

constexpr int disc_colour(int d) {
  return d & 1;
}

using BaseColours = std::array<std::uint8_t, kPegs>;

// The base colours of pegs 0..3 for problem `code` (four letters A, B, D) and n
// discs: A = colour of disc n, B = colour of disc n-1, D = uncoloured.  Throws
// std::invalid_argument on a malformed code.
BaseColours base_colours(std::string_view code, int n);

class Space {
 public:
  using State = PegState;
  static constexpr bool kReversible = true;

  // Throws std::invalid_argument if n is out of 1..kMaxDiscs or the start (all
  // discs on peg 0) is not a legal placement for these bases.
  Space(int n, BaseColours base);

  int pegs() const { return kPegs; }
  int discs() const { return n_; }
  const PegCodec& codec() const { return codec_; }
  int peg_of(const State& s, int d) const { return codec_.peg(s.w, d); }
  const BaseColours& bases() const { return base_; }
  Rank num_ranks() const { return legal_; }
  State start() const { return State{codec_.all_on(0)}; }
  bool is_goal(const State& s) const { return s.w == goal_; }
  State goal() const { return State{goal_}; }  // the one goal state

  // Two discs (one nibble of the word) per step, from the largest down: one read of
  // the next automaton state (the only dependency chain) and one of the offset.
  Rank rank(const State& s) const {
    return narrow_ ? rank_with(s, pair_off32_) : rank_with(s, pair_off64_);
  }

  // One disc per step from the largest down to disc 7: the peg is the number of
  // cumulative offsets (for pegs 1..3) not above r.  An illegal peg's offset equals
  // the next peg's (it adds no placements), so the count always lands on a legal
  // peg.  Then the 6 smallest discs in one read of the suffix table.
  State unrank(Rank r) const {
    return narrow_ ? unrank_with(r, single32_) : unrank_with(r, single64_);
  }

  // The fast path.  With an empty peg's top read as n+1, a move between pegs x and y
  // exists when their tops differ, the smaller top moves (chosen by comparison, as in
  // PegSpace), and the colour rule compares its parity with the colour under the
  // destination: the destination's top, or its base colour when empty.  At most one
  // successor per pair of pegs; nothing allocates.
  template <class F>
  HANOI_ALWAYS_INLINE void for_each_successor(const State& s, F&& f) const {
    const int empty = n_ + 1;
    int top[kPegs], under[kPegs];
    for (int p = 0; p < kPegs; ++p) {
      const int t = codec_.template top_of<2>(s.w, p);
      top[p] = t == 0 ? empty : t;
      under[p] = t == 0 ? base_[static_cast<std::size_t>(p)] : disc_colour(t);
    }
    // The candidates are collected without branching on the colour rule (which
    // fails unpredictably), then handed over in one loop.
    std::uint64_t next[6];
    Move moves[6];
    int k = 0;
    for (int x = 0; x < kPegs; ++x) {
      for (int y = x + 1; y < kPegs; ++y) {
        const bool x_moves = top[x] < top[y];
        const int d = x_moves ? top[x] : top[y];
        const bool ok = d != empty && disc_colour(d) != (x_moves ? under[y] : under[x]);
        next[k] = s.w ^ (static_cast<std::uint64_t>(x ^ y) << (2 * (d - 1)));  // d <= 32
        moves[k] = Move{static_cast<std::uint16_t>(d), static_cast<std::uint8_t>(x_moves ? x : y),
                        static_cast<std::uint8_t>(x_moves ? y : x)};
        k += ok;
      }
    }
    for (int i = 0; i < k; ++i) f(State{next[i]}, moves[i]);
  }

  // The block kernel (block.hpp, engine/block_kernel.hpp): the generic engine's
  // bitmap levels a block of ranks at a time.  Null below BlockKernel::kMinDiscs.
  const BlockKernel* block_kernel() const { return block_.get(); }
  // Testing aid: the kernel rebuilt with parts of at most max_part_ranks ranks, so
  // that at a small n its parts fix seven or more discs, as they do from n = 24 on
  // (block.cpp, the parts; tests/conformance/block_test.cpp).
  void limit_block_parts(Rank max_part_ranks);

  // The start-goal mirror (core.hpp, HasMirror): a relabelling σ of the pegs with
  // σ(0) = 3, σσ = 1 and the same base colour on p and σp; the reflection
  // 0<->3, 1<->2 where the bases allow it (DDDD, BAAB), else 0<->3 alone (BABB).  The
  // rule sees only sizes and colours, never which peg is which, so σ maps moves to
  // moves; it keeps legality and maps the start (all on 0) to the goal (all on 3).
  bool has_mirror() const { return mirror_ok_; }
  // Entry p is σ(p) (meaningful when has_mirror()).
  const std::array<std::uint8_t, kPegs>& mirror_pegs() const { return mirror_pegs_; }
  State mirror(const State& s) const { return State{relabel(s.w, mirror_byte_)}; }

  // Start symmetries (engine/symmetry.hpp, --symmetry): the relabellings of pegs 1,
  // 2, 3 (peg 0 holds the start) that keep every base's colour, the identity first;
  // for the same reason as the mirror's they are automorphisms, and they fix the
  // start.  6 for DDDD, 2 where two of those pegs share a colour (BAAB: 1<->2), else 1.
  int start_symmetries() const { return static_cast<int>(sym_bytes_.size()); }
  State apply_start_symmetry(const State& s, int g) const {
    return State{relabel(s.w, sym_bytes_[static_cast<std::size_t>(g)])};
  }

  // The rules written plainly on explicit stacks (rule checker and test oracle).
  MoveCheck<State> check_move(const State& s, int from, int to) const;
  // Bottom-to-top stacks, largest disc first.
  std::vector<std::vector<int>> explicit_stacks(const State& s) const;
  // Whether a packed word is a legal placement (plain check on explicit stacks).
  bool is_legal(const State& s) const;
  std::string describe(const State& s) const;

 private:
  static constexpr std::size_t kPairStride = std::size_t{kAutomatonStates} * 16;
  // unrank() reads the placement of the 6 smallest discs from one table, indexed by
  // the automaton state and the remaining rank: at most 81 x 1,420 entries of 16
  // bits (about 200 KB, in the L2 cache), in place of 6 dependent steps.
  static constexpr int kSuffixDiscs = 6;

  // Per disc and automaton state: the cumulative completions of pegs 1, 2, 3 (peg
  // 0's is 0) and the four next automaton states, one byte each.  32-bit offsets
  // when every count fits (n <= 22 for DDDD): 16 bytes an entry, so the tables of
  // n = 21 (15 discs above the suffix, 19 KB) stay in the L1 cache.
  template <class Offset>
  struct UnrankEntry {
    Offset off1 = 0, off2 = 0, off3 = 0;
    std::uint32_t next = 0;
  };
  using Unrank32 = UnrankEntry<std::uint32_t>;
  using Unrank64 = UnrankEntry<std::uint64_t>;

  struct Tables {
    std::vector<std::uint8_t> pair_next;     // steps x 81 x 16, the top nibble first
    std::vector<std::uint32_t> pair_off32;   // the same layout, when narrow
    std::vector<std::uint64_t> pair_off64;   // otherwise
    std::vector<Unrank32> single32;          // n x 81, disc n first, when narrow
    std::vector<Unrank64> single64;          // otherwise
    std::vector<std::uint32_t> suffix_base;  // 81: where state a's suffixes start
    std::vector<std::uint16_t> suffix;       // the legal suffixes, state by state
  };

  template <class Offset>
  HANOI_ALWAYS_INLINE Rank rank_with(const State& s, const Offset* off) const {
    Rank r = 0;
    unsigned a = start_automaton_;
    const std::uint8_t* next = pair_next_;
    for (int i = steps_ - 1; i >= 0; --i, next += kPairStride, off += kPairStride) {
      const unsigned at = a * 16 + static_cast<unsigned>((s.w >> (4 * i)) & 15);
      r += off[at];
      a = next[at];
    }
    return r;
  }

  template <class Offset>
  HANOI_ALWAYS_INLINE State unrank_with(Rank r, const UnrankEntry<Offset>* u) const {
    std::uint64_t w = 0;
    unsigned a = start_automaton_;
    for (int d = n_; d > suffix_discs_; --d, u += kAutomatonStates) {
      const UnrankEntry<Offset>& e = u[a];
      // The offsets are nondecreasing, so g3 implies g2 implies g1, the number of
      // true comparisons is the peg, and the offset to subtract is selected by masks
      // (o1 ^ (o1 ^ o2) ^ (o2 ^ o3) = o3, ...): no branch for the compiler to
      // mispredict, no second dependent read.
      const Rank o1 = e.off1, o2 = e.off2, o3 = e.off3;
      const bool g1 = r >= o1, g2 = r >= o2, g3 = r >= o3;
      const Rank sub =
          (o1 & (Rank{0} - g1)) ^ ((o1 ^ o2) & (Rank{0} - g2)) ^ ((o2 ^ o3) & (Rank{0} - g3));
      const unsigned p =
          static_cast<unsigned>(g1) + static_cast<unsigned>(g2) + static_cast<unsigned>(g3);
      r -= sub;
      a = (e.next >> (8 * p)) & 0xff;
      w |= static_cast<std::uint64_t>(p) << (2 * (d - 1));
    }
    // The smallest discs in one read: the r-th legal suffix from automaton state a.
    return State{w | suffix_[suffix_base_[a] + r]};
  }

  void build_tables();

  using PegTable = std::array<std::uint8_t, 256>;  // a peg relabelling of four discs' pegs
  std::uint64_t relabel(std::uint64_t w, const PegTable& t) const {
    std::uint64_t out = 0;
    for (int b = 0; b < word_bytes_; ++b)
      out |= static_cast<std::uint64_t>(t[(w >> (8 * b)) & 0xff]) << (8 * b);
    return out & disc_mask_;
  }

  PegCodec codec_;
  int n_ = 0;
  int steps_ = 0;  // nibbles: ceil(n/2)
  BaseColours base_{};
  unsigned start_automaton_ = 0;
  std::uint64_t goal_ = 0;
  Rank legal_ = 0;
  bool narrow_ = false;  // every offset fits 32 bits
  bool mirror_ok_ = false;
  std::array<std::uint8_t, kPegs> mirror_pegs_{};
  PegTable mirror_byte_{};           // σ of four discs' pegs (one byte)
  std::vector<PegTable> sym_bytes_;  // the start symmetries, identity first
  std::uint64_t disc_mask_ = 0;      // the 2n bits of the discs
  int word_bytes_ = 8;               // bytes of the word that hold discs
  // Shared so that copies of a Space are cheap; the raw pointers serve the hot loops.
  std::shared_ptr<const Tables> tables_;
  const std::uint8_t* pair_next_ = nullptr;
  const std::uint32_t* pair_off32_ = nullptr;
  const std::uint64_t* pair_off64_ = nullptr;
  const Unrank32* single32_ = nullptr;
  const Unrank64* single64_ = nullptr;
  int suffix_discs_ = 0;  // min(n, kSuffixDiscs)
  const std::uint32_t* suffix_base_ = nullptr;
  const std::uint16_t* suffix_ = nullptr;
  std::shared_ptr<const BlockKernel> block_;
};

// The space for a problem code over {A, B, D} (see base_colours).
Space space_for_code(std::string_view code, int n);
// The space for family parameters (normalised: the problem code filled in).
Space make_space(const Params& p);
// The registry entry (variants/visit.hpp).
struct CheckersFamily {
  using Space = checkers::Space;
  static Family<Space> family();
};

}  // namespace hanoi::variants::checkers

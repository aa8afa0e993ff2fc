// The block kernel of Checkers (engine/block_kernel.hpp): a dense level expanded a
// block of up to 172 ranks (three words) at a time, with no unrank and no rank per
// state.
//
// Design overview
// ---------------
// Space ranks the legal placements in lexicographic order of (peg of n, ..., peg of
// 1) (checkers.hpp).  So the placements that share the pegs of discs n..5 (a
// *prefix*) are one contiguous run of ranks, a *block*.  Inside it the order is the
// numeric order of the four smallest discs' 8-bit codes (disc 4 highest), and which
// codes are legal depends only on the automaton state a after the prefix (per peg,
// the colour of its top or base): at most 172 of the 256, so a block is three words.
// (Three small discs made blocks of one word, but then the moves of disc 4 left the
// block; four make them internal and measured faster: docs/engines.md.)
//
// Per automaton state (81) the tables hold the block's codes in order and:
//   * succ[i]: the members reachable from member i by moving disc 1, 2, 3 or 4.  A
//     small disc is smaller than every disc of the prefix, so where it may land
//     depends only on the smaller discs and the colours in a, never on which large
//     disc is under it;
//   * off_both[x,y]: the members whose small discs are all off pegs x and y, the only
//     ones a move of a large disc between x and y can leave from.  The move keeps
//     the small discs where they are, and the tops of the other two pegs, so those
//     members are legal in the target block too, at the index its own table gives.
// A level is expanded by a depth-first walk over the prefixes that hold its states
// (from each next state of the level to the prefix that holds it), keeping per disc
// the rank of the prefix so far and the automaton state, so a block's first rank and
// state cost one table read per disc of the walk.  At a block: one read of the
// level's bits, one OR of succ[] per state, one write; then per pair of pegs at most
// one large disc (the smaller top) may move: if the colour under the target allows it
// and some state of the block has its small discs off both pegs, the target block's
// rank is recomputed from that disc down (usually 1-3 discs: the tops of the prefix
// are its small discs) and the states are carried over one by one (at most 16: the
// codes that use two pegs), each handed to the sink by its rank.
//
// The walk splits into *parts*, the placements of the top few discs (six, or more
// where a part would span more than 2^25 ranks), each one contiguous range of
// ranks: the unit of parallel work, and of skipping (a part whose range holds no
// state of the level is not walked).
//
// Correctness is checked against Space::for_each_successor: on every state for
// small n and level by level against the per-state engine
// (tests/conformance/block_test.cpp).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/core.hpp"

namespace hanoi::variants::checkers {

class BlockKernel {
 public:
  static constexpr int kSmallDiscs = 4;  // the discs inside a block
  static constexpr int kMinDiscs = kSmallDiscs + 1;
  static constexpr int kCodes = 1 << (2 * kSmallDiscs);
  static constexpr int kBlockWords = 3;  // a block's ranks: at most 172 (tested)
  // The most ranks a part spans where fixing one more disc can shorten it.
  static constexpr Rank kMaxPartRanks = Rank{1} << 25;

  // n >= kMinDiscs; start_automaton: the automaton state of the bases (Space);
  // max_part_ranks: see the parts (block.cpp; smaller only in tests).
  BlockKernel(int n, unsigned start_automaton, Rank max_part_ranks = kMaxPartRanks);

  std::size_t parts() const { return parts_.size(); }
  // Part i's ranks: [first, first + count).
  Rank part_first(std::size_t i) const { return parts_[i].rank[split_ - 1]; }
  Rank part_count(std::size_t i) const { return below(split_, parts_[i]); }

  // Expands the level's states in part i (engine/block_kernel.hpp, BlockSpace):
  // level.next(from) gives the first of them at or after `from` (asked with `from`
  // not decreasing; when none, a rank past the part and every later `from`),
  // level.bits(first, count) (count <= 64 kBlockWords) returns them as kBlockWords
  // words of bits (bit j: rank first + j), and the sink receives their successors,
  // block by block (sink.slot() gives kBlockWords words to fill, sink.push(first,
  // count) takes them) or one by one (sink.push_rank(rank)).
  template <class Level, class Sink>
  void expand_part(std::size_t i, Level& level, Sink& sink) const {
    Frame f = parts_[i];
    if (level.next(part_first(i)) >= part_first(i) + part_count(i)) return;
    walk(split_ - 1, f, level, sink);
  }

 private:
  static constexpr int kMaxDiscs = 32;
  static constexpr std::uint8_t kIllegal = 0xff;
  static constexpr int kPairs = 6;
  static constexpr int kPairX[kPairs] = {0, 0, 0, 1, 1, 2};
  static constexpr int kPairY[kPairs] = {1, 2, 3, 2, 3, 3};

  // The walk's state: per disc d, the rank of the discs above d (rank[d]), the
  // automaton state before d is placed (automaton[d]) and d's peg; per peg, its
  // smallest large disc (0: none).
  struct Frame {
    std::array<Rank, kMaxDiscs + 1> rank{};
    std::array<std::uint8_t, kMaxDiscs + 1> automaton{};
    std::array<std::uint8_t, kMaxDiscs + 1> peg{};
    std::array<std::uint8_t, 4> top{};
  };

  using Bits = std::array<std::uint64_t, kBlockWords>;

  // One automaton state's block.
  struct Block {
    std::uint8_t count = 0;
    std::array<std::uint8_t, kCodes> code{};   // member -> code of discs 4..1
    std::array<std::int16_t, kCodes> index{};  // code -> member, -1 when illegal
    std::uint32_t succ = 0;                    // where its members' rows start in succ_
    std::array<Bits, kPairs> off_both{};
    // Bit 4c + p: peg p's top (or base) has colour c, so no disc of colour c lands there.
    std::uint8_t refuses = 0;
  };

  // Placing disc d (>= kMinDiscs) on peg p from automaton state a.
  std::size_t at(int d, unsigned a, int p) const {
    return (static_cast<std::size_t>(d) * 81 + a) * 4 + static_cast<std::size_t>(p);
  }

  // The ranks of the states whose discs d..n are placed as in f: the placements of
  // discs d - 1..1 from the automaton state before d - 1.
  Rank below(int d, const Frame& f) const {
    return count_[static_cast<std::size_t>(d - 1) * 81 + f.automaton[d - 1]];
  }

  // For each legal peg of disc d (with the discs above placed in f) whose ranks
  // [first, first + count) keep(first, count) accepts: places d there in f (rank[d - 1],
  // automaton[d - 1], peg[d], top) and calls visit().  The walk and the enumeration of
  // the parts share it; the walk's keep skips the subtrees that hold none of the level
  // before anything is written.
  template <class Keep, class Visit>
  void each_placement(int d, Frame& f, Keep&& keep, Visit&& visit) const {
    const unsigned a = f.automaton[d];
    for (int p = 0; p < 4; ++p) {
      const std::uint8_t b = next_[at(d, a, p)];
      if (b == kIllegal) continue;
      const Rank first = f.rank[d] + off_[at(d, a, p)];
      if (!keep(first, count_[static_cast<std::size_t>(d - 1) * 81 + b])) continue;
      f.rank[d - 1] = first;
      f.automaton[d - 1] = b;
      f.peg[d] = static_cast<std::uint8_t>(p);
      const std::uint8_t saved = f.top[p];
      f.top[p] = static_cast<std::uint8_t>(d);
      visit();
      f.top[p] = saved;
    }
  }

  // Places disc d and the smaller ones where the level has states, so a sparse level
  // costs its blocks, not the rank space: from the level's next state x, the peg of
  // d whose ranks hold x is found by comparing x with the pegs' first ranks (no
  // branch per peg: an illegal peg's ranks are empty, its first rank the next one's),
  // and after that subtree the next state after it is asked for.
  template <class Level, class Sink>
  void walk(int d, Frame& f, Level& level, Sink& sink) const {
    if (d == kSmallDiscs) {
      leaf(f, level, sink);
      return;
    }
    const unsigned a = f.automaton[d];
    const Rank base = f.rank[d];
    const Rank end = base + count_[static_cast<std::size_t>(d) * 81 + a];
    const Rank* off = off_.data() + at(d, a, 0);
    for (Rank x = level.next(base); x < end;) {
      const Rank rel = x - base;
      const int p = static_cast<int>(off[1] <= rel) + static_cast<int>(off[2] <= rel) +
                    static_cast<int>(off[3] <= rel);
      const std::uint8_t b = next_[at(d, a, p)];
      const Rank first = base + off[p];
      f.rank[d - 1] = first;
      f.automaton[d - 1] = b;
      f.peg[d] = static_cast<std::uint8_t>(p);
      const std::uint8_t saved = f.top[p];
      f.top[p] = static_cast<std::uint8_t>(d);
      walk(d - 1, f, level, sink);
      f.top[p] = saved;
      x = level.next(first + count_[static_cast<std::size_t>(d - 1) * 81 + b]);
    }
  }

  // The words of a block are kept in three scalars, not an array indexed by the
  // word, so that they stay in registers: single words stored and read back as a
  // wider vector stall the load (measured: docs/engines.md).
  template <class Level, class Sink>
  void leaf(const Frame& f, Level& lv, Sink& sink) const {
    const Rank first = f.rank[kSmallDiscs];
    const unsigned a = f.automaton[kSmallDiscs];
    const Block& B = blocks_[a];
    const Bits level = lv.bits(first, static_cast<int>(B.count));
    if ((level[0] | level[1] | level[2]) == 0) return;
    std::uint64_t in0 = 0, in1 = 0, in2 = 0;
    const Bits* rows = succ_.data() + B.succ;
    for (int w = 0; w < kBlockWords; ++w)
      for (std::uint64_t b = level[static_cast<std::size_t>(w)]; b != 0; b &= b - 1) {
        const Bits& row = rows[64 * w + std::countr_zero(b)];
        in0 |= row[0];
        in1 |= row[1];
        in2 |= row[2];
      }
    if ((in0 | in1 | in2) != 0) {
      std::uint64_t* out = sink.slot();
      out[0] = in0;
      out[1] = in1;
      out[2] = in2;
      sink.push(first, static_cast<int>(B.count));
    }
    // The candidates of the six pairs are gathered without branching on the rule
    // (which fails unpredictably); only the moves some state makes are followed.
    constexpr int kNone = 64;  // a peg with no large disc reads as larger than any
    int top[4];
    for (int p = 0; p < 4; ++p) top[p] = f.top[p] == 0 ? kNone : f.top[p];
    Bits movers[kPairs];
    std::uint8_t disc_of[kPairs], to_of[kPairs];
    int k = 0;
    for (int q = 0; q < kPairs; ++q) {
      const int x = kPairX[q], y = kPairY[q];
      const bool x_moves = top[x] < top[y];
      const int disc = x_moves ? top[x] : top[y], to = x_moves ? y : x;
      // Legal when some large disc is on x or y and the colour under `to` allows it.
      const bool ok = disc != kNone && ((B.refuses >> (4 * (disc & 1) + to)) & 1) == 0;
      const std::uint64_t keep = std::uint64_t{0} - ok;
      const Bits& off = B.off_both[static_cast<std::size_t>(q)];
      Bits& m = movers[k];
      m[0] = level[0] & off[0] & keep;
      m[1] = level[1] & off[1] & keep;
      m[2] = level[2] & off[2] & keep;
      disc_of[k] = static_cast<std::uint8_t>(disc);
      to_of[k] = static_cast<std::uint8_t>(to);
      k += (m[0] | m[1] | m[2]) != 0;
    }
    for (int m = 0; m < k; ++m) {
      const int disc = disc_of[m], to = to_of[m];
      // The target block: the prefix from `disc` down, with `disc` on `to`.
      Rank r = f.rank[disc] + off_[at(disc, f.automaton[disc], to)];
      unsigned b = next_[at(disc, f.automaton[disc], to)];
      for (int e = disc - 1; e > kSmallDiscs; --e) {
        const std::size_t idx = at(e, b, f.peg[e]);
        r += off_[idx];
        b = next_[idx];
      }
      const Block& T = blocks_[b];
      for (int w = 0; w < kBlockWords; ++w)
        for (std::uint64_t bits = movers[m][static_cast<std::size_t>(w)]; bits != 0;
             bits &= bits - 1) {
          const std::uint8_t c = B.code[static_cast<std::size_t>(64 * w) +
                                        static_cast<std::size_t>(std::countr_zero(bits))];
          sink.push_rank(r + static_cast<Rank>(T.index[c]));
        }
    }
  }

  int n_ = 0;
  int split_ = 0;                   // parts fix the pegs of discs n..split_
  std::vector<Rank> count_;         // d * 81 + a: placements of discs d..1 from a
  std::vector<Rank> off_;           // at(d, a, p): ranks of the smaller legal pegs
  std::vector<std::uint8_t> next_;  // at(d, a, p): the next state, kIllegal
  std::array<Block, 81> blocks_{};
  std::vector<Bits> succ_;  // per member of each block: the members one small move away
  std::vector<Frame> parts_;
};

}  // namespace hanoi::variants::checkers

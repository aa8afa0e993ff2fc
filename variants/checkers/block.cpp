#include "variants/checkers/block.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace hanoi::variants::checkers {
namespace {

constexpr unsigned kStates = 81;
constexpr unsigned kPow3[5] = {1, 3, 9, 27, 81};

unsigned digit_of(unsigned a, int p) {
  return a / kPow3[p] % 3;
}
unsigned with_digit(unsigned a, int p, unsigned c) {
  return a - digit_of(a, p) * kPow3[p] + c * kPow3[p];
}
int peg_in(unsigned code, int d) {  // disc d (1..4) of a code
  return static_cast<int>((code >> (2 * (d - 1))) & 3);
}

}  // namespace

BlockKernel::BlockKernel(int n, unsigned start_automaton, Rank max_part_ranks) : n_(n) {
  if (n < kMinDiscs || n > kMaxDiscs - 1)
    throw std::invalid_argument("checkers block kernel: n out of range");
  // count[d][a]: legal placements of discs d..1 from automaton state a (as in Space).
  const auto N = static_cast<std::size_t>(n);
  std::vector<Rank> count((N + 1) * kStates, 1);
  off_.assign((N + 1) * kStates * 4, 0);
  next_.assign((N + 1) * kStates * 4, kIllegal);
  for (int d = 1; d <= n; ++d) {
    const auto colour = static_cast<unsigned>(d & 1);
    for (unsigned a = 0; a < kStates; ++a) {
      Rank cum = 0;
      for (int p = 0; p < 4; ++p) {
        off_[at(d, a, p)] = cum;
        if (digit_of(a, p) == colour) continue;  // same colour under it
        const unsigned b = with_digit(a, p, colour);
        next_[at(d, a, p)] = static_cast<std::uint8_t>(b);
        cum += count[(static_cast<std::size_t>(d) - 1) * kStates + b];
      }
      count[static_cast<std::size_t>(d) * kStates + a] = cum;
    }
  }

  count_ = std::move(count);

  // The blocks.  A code is legal from a when discs 4..1 in turn land on a colour
  // other than their own.
  for (unsigned a = 0; a < kStates; ++a) {
    Block& B = blocks_[a];
    B.index.fill(-1);
    for (int p = 0; p < 4; ++p)
      if (digit_of(a, p) < 2)
        B.refuses |=
            static_cast<std::uint8_t>(1u << (4 * digit_of(a, p) + static_cast<unsigned>(p)));
    int members = 0;
    for (unsigned code = 0; code < static_cast<unsigned>(kCodes); ++code) {
      unsigned s = a;
      bool legal = true;
      for (int d = kSmallDiscs; d >= 1 && legal; --d) {
        const int p = peg_in(code, d);
        legal = digit_of(s, p) != static_cast<unsigned>(d & 1);
        s = with_digit(s, p, static_cast<unsigned>(d & 1));
      }
      if (!legal) continue;
      B.index[code] = static_cast<std::int16_t>(members);
      B.code[static_cast<std::size_t>(members++)] = static_cast<std::uint8_t>(code);
    }
    if (members > 64 * kBlockWords ||
        static_cast<Rank>(members) != count_[kSmallDiscs * kStates + a])
      throw std::logic_error("checkers block kernel: block size disagrees with the ranking");
    B.count = static_cast<std::uint8_t>(members);
    B.succ = static_cast<std::uint32_t>(succ_.size());
    auto set = [](Bits& bits, int j) {
      bits[static_cast<std::size_t>(j >> 6)] |= std::uint64_t{1} << (j & 63);
    };
    for (int i = 0; i < B.count; ++i) {
      const unsigned code = B.code[static_cast<std::size_t>(i)];
      Bits succ{};
      for (int d = 1; d <= kSmallDiscs; ++d) {
        const int x = peg_in(code, d);
        bool top = true;  // no smaller disc on x
        for (int e = 1; e < d; ++e) top = top && peg_in(code, e) != x;
        if (!top) continue;
        for (int y = 0; y < 4; ++y) {
          if (y == x) continue;
          bool free = true;  // no smaller disc on y
          for (int e = 1; e < d; ++e) free = free && peg_in(code, e) != y;
          if (!free) continue;
          // Under d on y: the smallest small disc larger than d there, else the prefix.
          unsigned under = digit_of(a, y);
          for (int e = kSmallDiscs; e > d; --e)
            if (peg_in(code, e) == y) under = static_cast<unsigned>(e & 1);
          if (under == static_cast<unsigned>(d & 1)) continue;
          const unsigned moved =
              (code & ~(3u << (2 * (d - 1)))) | (static_cast<unsigned>(y) << (2 * (d - 1)));
          if (B.index[moved] < 0)
            throw std::logic_error("checkers block kernel: a move left the legal placements");
          set(succ, B.index[moved]);
        }
      }
      succ_.push_back(succ);
    }
    int q = 0;
    for (int x = 0; x < 4; ++x)
      for (int y = x + 1; y < 4; ++y, ++q)
        for (int i = 0; i < B.count; ++i) {
          const unsigned code = B.code[static_cast<std::size_t>(i)];
          bool off = true;
          for (int d = 1; d <= kSmallDiscs; ++d)
            off = off && peg_in(code, d) != x && peg_in(code, d) != y;
          if (off) set(B.off_both[static_cast<std::size_t>(q)], i);
        }
  }

  // The parts: every legal placement of discs n..split_, in rank order.  The top six
  // discs give hundreds of parts, so that the threads share a level whose states sit
  // in a few; from n = 22 or so a part of them spans more than max_part_ranks, and
  // then one more disc at a time is fixed until none does, so that a segment of the
  // disk mode (2^29 ranks at most) holds dozens of parts for its threads to share
  // (with the top six at n = 26, the largest part was 0.67 of a segment).
  split_ = std::max(kMinDiscs, n - 5);
  for (;;) {
    parts_.clear();
    Frame f;
    f.rank[static_cast<std::size_t>(n)] = 0;
    f.automaton[static_cast<std::size_t>(n)] = static_cast<std::uint8_t>(start_automaton);
    auto place = [&](auto&& self, int d) -> void {
      each_placement(
          d, f, [](Rank, Rank) { return true; },
          [&] {
            if (d == split_)
              parts_.push_back(f);
            else
              self(self, d - 1);
          });
    };
    place(place, n);
    Rank largest = 0;
    for (const Frame& p : parts_) largest = std::max(largest, below(split_, p));
    if (largest <= max_part_ranks || split_ == kMinDiscs) break;
    --split_;
  }
}

}  // namespace hanoi::variants::checkers

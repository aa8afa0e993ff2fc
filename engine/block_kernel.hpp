// The block kernel: a dense level expanded a block of ranks at a time, for spaces
// whose ranking keeps the states that differ only in their smallest discs together.
//
// Design overview
// ---------------
// The lattice kernel (lattice_kernel.hpp) needs every one of the m^n placements to
// be a state and a rule that ignores what a disc lands on.  The colour variants break
// both: Checkers ranks only its legal placements (1 in 265 at n = 16), and whether a
// disc may land depends on the colour under it.  What survives is locality: where
// the rank is lexicographic from the largest disc down, the states that share the
// pegs of their large discs are one run of consecutive ranks (a *block*, a few words),
// and the moves of the small discs stay inside it.  A space that knows its blocks
// offers a kernel (`block_kernel()`), which walks the blocks of a range of ranks,
// reads the level's bits of each block, and emits the successors' bits a block at a
// time: no unrank and no rank per state, and one memory access per block rather
// than per successor.
//
// The kernel's contract (BlockSpace), for K = the pointee of v.block_kernel():
//   K::parts(), K::part_first(i), K::part_count(i): the unit of parallel work, each
//     a range of ranks [first, first + count), together all the ranks;
//   K::expand_part(i, level, sink): reads the level's states in part i through
//     level.empty(first, count) (asked in increasing order of first) and
//     level.bits(first, count) (count <= 64 K::kBlockWords: K::kBlockWords words,
//     returned by value, bit j for rank first + j), and hands the successors of those
//     states to the sink in the same form: sink.slot() gives K::kBlockWords words to
//     fill (their old contents undefined), sink.push(first, count) takes them (every
//     successor of every state read, in one push or more);
// and v.block_kernel() may be null (the space has no kernel at this n).
//
// The generic engine (bfs.hpp) runs it on its bitmap levels when the search keeps
// every state (no symmetry) and records no parent per state (no witness).  The
// bits it emits go to `visited` by one atomic OR per word, and the states new to
// `visited` are counted by popcount.  The disk mode (disk_bfs.hpp) runs it on one
// segment's frontier at a time, reading it through the same LevelCursor (over other
// words) and writing through the same BlockRing (to another target).  Which
// families have one, and why the others do not, is in docs/engines.md.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "engine/core.hpp"
#include "engine/storage.hpp"

namespace hanoi {

template <class V>
concept BlockSpace = StateSpace<V> && requires(const V& v, std::size_t i) {
  {v.block_kernel()};
  { v.block_kernel()->parts() } -> std::convertible_to<std::size_t>;
  { v.block_kernel()->part_first(i) } -> std::convertible_to<Rank>;
  { v.block_kernel()->part_count(i) } -> std::convertible_to<Rank>;
};

namespace block_detail {

// The words of the in-memory engine's level: newer \ older.
class NewerLevelWords {
 public:
  NewerLevelWords(const BitStore& newer, const BitStore& older) : newer_(newer), older_(older) {}
  std::uint64_t word(std::uint64_t i) const { return newer_.word(i) & ~older_.word(i); }
  // The first word at or after i that may be nonzero (no summary here: i itself).
  static std::uint64_t next_candidate(std::uint64_t i) { return i; }

 private:
  const BitStore& newer_;
  const BitStore& older_;
};

// A level as a kernel reads it, within one part [begin, end), in blocks of at most
// 64 W ranks.  It keeps a cursor, the first state of the level at or after the last
// range asked about; the kernel asks in increasing order, so each word of the part
// is scanned once a level however many subtrees are skipped.  `Words` gives word i
// of the level (word(i)) and skips words known to be zero (next_candidate(i): the
// first word at or after i that may be nonzero): NewerLevelWords in memory, a
// segment's frontier and its summary in the disk mode (disk_bfs.hpp).
template <int W, class Words>
class LevelCursor {
 public:
  LevelCursor(const Words& words, Rank begin, Rank end) : words_(words), end_(end) { seek(begin); }

  // Whether ranks [first, first + count) hold no state of the level.
  bool empty(Rank first, Rank count) {
    if (next_ < first) seek(first);
    return next_ >= first + count;
  }

  // Ranks [first, first + count) of the level as W words of bits (bit j of the
  // block: bit j % 64 of word j / 64), 1 <= count <= 64 W.  Returned by value, so
  // that an inlined caller keeps them in registers (a store of single words read
  // back as a wider vector would stall).
  std::array<std::uint64_t, W> bits(Rank first, int count) const {
    std::array<std::uint64_t, W> out;
    const std::uint64_t i = first >> 6;
    const int s = static_cast<int>(first & 63);
    const std::uint64_t last = (first + static_cast<Rank>(count) - 1) >> 6;
    std::uint64_t cur = word(i);
    for (int k = 0; k < W; ++k) {
      const std::uint64_t j = i + static_cast<std::uint64_t>(k) + 1;
      const std::uint64_t nxt = j <= last ? word(j) : 0;
      std::uint64_t w = s == 0 ? cur : (cur >> s) | (nxt << (64 - s));
      cur = nxt;
      const int left = count - 64 * k;  // bits of the block in word k
      if (left < 64) w &= left > 0 ? (std::uint64_t{1} << left) - 1 : 0;
      out[static_cast<std::size_t>(k)] = w;
    }
    return out;
  }

 private:
  std::uint64_t word(std::uint64_t i) const { return words_.word(i); }
  // next_ <- the first state of the level at or after `from` (end_ when none).
  void seek(Rank from) {
    next_ = end_;
    if (from >= end_) return;
    std::uint64_t i = from >> 6;
    const std::uint64_t last = (end_ - 1) >> 6;
    std::uint64_t w = word(i) & (~std::uint64_t{0} << (from & 63));
    while (w == 0 && i < last) {
      i = words_.next_candidate(i + 1);
      if (i > last) return;
      w = word(i);
    }
    if (w != 0) next_ = std::min<Rank>(end_, (i << 6) | static_cast<Rank>(std::countr_zero(w)));
  }

  const Words& words_;
  Rank end_;
  Rank next_ = 0;  // the first state at or after the last range asked about (end_: none)
};

// The sink a kernel writes to: its blocks wait in a ring, each prefetched at its
// first rank as it enters (target.prefetch(first)), and each is written when
// kQueue - 1 later blocks have entered: the cache misses of the writes far away
// overlap (as the per-state path batches its successors), each behind the same
// number of others.  A block is written word by word at its first rank's alignment
// (W + 1 words at most): target.write_word(j, bits) for each nonzero word j.
template <int W, class Target>
class BlockRing {
 public:
  explicit BlockRing(Target& target) : target_(target) {}

  std::uint64_t* slot() { return ring_[(head_ + size_) % kQueue].bits; }
  void push(Rank first, int count) HANOI_ALWAYS_INLINE {
    Entry& e = ring_[(head_ + size_) % kQueue];
    e.first = first;
    e.count = count;
    target_.prefetch(first);
    if (++size_ == kQueue) {
      write(ring_[head_]);
      head_ = (head_ + 1) % kQueue;
      --size_;
    }
  }
  // Writes the blocks still waiting (at the end of a part).
  void drain() {
    for (; size_ > 0; --size_, head_ = (head_ + 1) % kQueue) write(ring_[head_]);
  }

 private:
  static constexpr unsigned kQueue = 16;
  struct Entry {
    Rank first;
    int count;
    std::uint64_t bits[W];
  };

  void write(const Entry& e) HANOI_ALWAYS_INLINE {
    const std::uint64_t i = e.first >> 6;
    const int s = static_cast<int>(e.first & 63);
    const std::uint64_t last = (e.first + static_cast<Rank>(e.count) - 1) >> 6;
    std::uint64_t carry = 0;
    for (int k = 0; k < W; ++k) {
      const std::uint64_t b = e.bits[k];
      const std::uint64_t out = (b << s) | carry;
      carry = s == 0 ? 0 : b >> (64 - s);
      const std::uint64_t j = i + static_cast<std::uint64_t>(k);
      if (j > last) break;
      if (out != 0) target_.write_word(j, out);
    }
    const std::uint64_t j = i + W;
    if (carry != 0 && j <= last) target_.write_word(j, carry);
  }

  Target& target_;
  Entry ring_[kQueue];
  unsigned head_ = 0, size_ = 0;
};

// The in-memory engine's target: ORs into `visited`, counting the bits it sets.
struct VisitedTarget {
  BitStore& visited;
  std::uint64_t found = 0;
  void prefetch(Rank first) HANOI_ALWAYS_INLINE { visited.prefetch(first); }
  void write_word(std::uint64_t j, std::uint64_t bits) HANOI_ALWAYS_INLINE {
    found += static_cast<std::uint64_t>(std::popcount(visited.or_word(j, bits)));
  }
};

}  // namespace block_detail

// Expands the level newer \ older of a BlockSpace into `visited`; returns the number
// of states new to `visited` (each counted by the one thread whose OR set it).
template <BlockSpace V>
std::uint64_t expand_blocks(const V& v, const BitStore& newer, const BitStore& older,
                            BitStore& visited) {
  const auto* K = v.block_kernel();
  constexpr int W = std::remove_cvref_t<decltype(*K)>::kBlockWords;
  std::atomic<std::uint64_t> found{0};
  const block_detail::NewerLevelWords words(newer, older);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, K->parts(), 1),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                      block_detail::VisitedTarget target{visited};
                      block_detail::BlockRing<W, block_detail::VisitedTarget> sink(target);
                      for (std::size_t p = range.begin(); p != range.end(); ++p) {
                        const Rank first = K->part_first(p);
                        block_detail::LevelCursor<W, block_detail::NewerLevelWords> level(
                            words, first, first + K->part_count(p));
                        K->expand_part(p, level, sink);
                        sink.drain();
                      }
                      found.fetch_add(target.found, std::memory_order_relaxed);
                    });
  return found.load();
}

}  // namespace hanoi

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
//     level.next(from) (the first state at or after `from`; when none, a rank past
//     the part and every later `from`; asked with `from` not decreasing) and
//     level.bits(first, count) (count <= 64 K::kBlockWords: K::kBlockWords words,
//     returned by value, bit j for rank first + j), and hands the successors of
//     those states to the sink in the same form: sink.slot() gives K::kBlockWords
//     words to fill (their old contents undefined), sink.push(first, count) takes
//     them (no bit at or past `count`), or one at a time by rank:
//     sink.push_rank(r) (every successor of every state read, in one push or more);
// and v.block_kernel() may be null (the space has no kernel at this n).
//
// The generic engine (bfs.hpp) runs it on its bitmap levels when the search keeps
// every state (no symmetry) and records no parent per state (no witness).  The
// bits it emits are ORed into `visited` (VisitedTarget: without an atomic where the
// word holds only the ranks of the part being expanded, the rest atomically or
// after the level), and the states new to `visited` are counted by popcount.  The
// disk mode (disk_bfs.hpp) runs it on one segment's frontier at a time, reading it
// through the same LevelCursor (over other words) and writing through the same
// BlockRing (to another target).  Which families have one, and why the others do
// not, is in docs/engines.md.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

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

// The addresses of a BitStore's segments, copied once a level, so that the kernel's
// reads and writes reach a word through one load of this table (in L1) where
// BitStore::word() goes through the store and its vector each time; after each
// atomic OR the compiler must reload such a chain, and the loads are dependent
// (measured: docs/engines.md).  `Word`: const std::uint64_t to read, std::uint64_t
// to write.
template <class Word>
class SegmentTable {
 public:
  template <class Store>
  explicit SegmentTable(Store& store) {
    segments_.reserve(store.segment_count());
    for (std::size_t s = 0; s < store.segment_count(); ++s)
      segments_.push_back(store.segment_words(s));
  }
  Word* const* data() const { return segments_.data(); }

 private:
  std::vector<Word*> segments_;
};

// Word i through a SegmentTable's addresses.
template <class Word>
[[gnu::always_inline]] inline Word& word_at(Word* const* segments, std::uint64_t i) {
  return segments[i >> kSegmentLog2][i & ((std::uint64_t{1} << kSegmentLog2) - 1)];
}

// The words of the in-memory engine's level: newer \ older.
class NewerLevelWords {
 public:
  NewerLevelWords(const SegmentTable<const std::uint64_t>& newer,
                  const SegmentTable<const std::uint64_t>& older)
      : newer_(newer.data()), older_(older.data()) {}
  std::uint64_t word(std::uint64_t i) const { return word_at(newer_, i) & ~word_at(older_, i); }
  // The first word in [i, last] that holds a state of the level; last + 1 when none.
  // Most words hold none (93% at Checkers n = 17), so the scan tests four at a time,
  // one branch for four words, within each segment.
  std::uint64_t first_nonzero(std::uint64_t i, std::uint64_t last) const {
    constexpr std::uint64_t kMask = (std::uint64_t{1} << kSegmentLog2) - 1;
    while (i <= last) {
      const std::uint64_t s = i >> kSegmentLog2;
      const std::uint64_t* n = newer_[s];
      const std::uint64_t* o = older_[s];
      std::uint64_t k = i & kMask;
      const std::uint64_t stop = std::min(last - (s << kSegmentLog2), kMask);  // in segment s
      for (; k + 3 <= stop; k += 4)
        if (((n[k] & ~o[k]) | (n[k + 1] & ~o[k + 1]) | (n[k + 2] & ~o[k + 2]) |
             (n[k + 3] & ~o[k + 3])) != 0)
          break;
      for (; k <= stop; ++k)
        if ((n[k] & ~o[k]) != 0) return (s << kSegmentLog2) | k;
      i = (s << kSegmentLog2) + stop + 1;
    }
    return last + 1;
  }

 private:
  const std::uint64_t* const* newer_;
  const std::uint64_t* const* older_;
};

// A level as a kernel reads it, within one part [begin, end), in blocks of at most
// 64 W ranks.  It keeps a cursor, the first state of the level at or after the last
// range asked about; the kernel asks in increasing order, so each word of the part
// is scanned once a level however many subtrees are skipped.  `Words` gives word i
// of the level (word(i)) and finds the next word that holds a state
// (first_nonzero(i, last): the first in [i, last], last + 1 when none):
// NewerLevelWords in memory, a segment's frontier and its summary in the disk mode
// (disk_bfs.hpp).
template <int W, class Words>
class LevelCursor {
 public:
  LevelCursor(const Words& words, Rank begin, Rank end) : words_(words), end_(end) { seek(begin); }

  // The first state of the level at or after `from`, within [begin, end); kNone
  // (past everything) when there is none.
  Rank next(Rank from) {
    if (next_ < from) seek(from);
    return next_;
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
  // next_ <- the first state of the level at or after `from` (kNone when none, so
  // that it stays past every `from` asked later: a walk that asked past the cursor's
  // end must not be sent back to it).
  void seek(Rank from) {
    next_ = kNone;
    if (from >= end_) return;
    std::uint64_t i = from >> 6;
    const std::uint64_t last = (end_ - 1) >> 6;
    std::uint64_t w = word(i) & (~std::uint64_t{0} << (from & 63));
    if (w == 0) {
      i = words_.first_nonzero(i + 1, last);
      if (i > last) return;
      w = word(i);
    }
    const Rank r = (i << 6) | static_cast<Rank>(std::countr_zero(w));
    if (r < end_) next_ = r;
  }

  static constexpr Rank kNone = ~Rank{0};
  const Words words_;  // a copy: one load fewer per word than a reference
  Rank end_;
  Rank next_ = 0;  // the first state at or after the last `from` asked (kNone: none)
};

// The sink a kernel writes to: its blocks wait in a ring, each prefetched at its
// first rank as it enters (target.prefetch(first)), and each is written when
// kQueue - 1 later blocks have entered: the cache misses of the writes far away
// overlap (as the per-state path batches its successors), each behind the same
// number of others.  A block is written word by word at its first rank's alignment:
// target.write_word(j, bits) for the W + 1 words from its first, zero or not (a
// branch per word on whether it is zero, or on whether the block reaches it, would
// fail often), so a target must take zero words anywhere, even past the last rank.
// Single ranks (push_rank) wait in a second ring of the same length and are written
// as one word each: a large disc's move carries 1.4 states on average (Checkers
// n = 16), and writing them one by one, not as a block of four words, made the
// search 4% faster there (docs/engines.md).
template <int W, class Target>
class BlockRing {
 public:
  // The target is held by value (one load fewer per write than a reference).
  explicit BlockRing(Target target) : target_(std::move(target)) {}
  Target& target() { return target_; }

  std::uint64_t* slot() { return ring_[(head_ + size_) % kQueue].bits; }
  // The count is not needed: the kernel sets no bit at or past it.
  void push(Rank first, int /*count*/) HANOI_ALWAYS_INLINE {
    Entry& e = ring_[(head_ + size_) % kQueue];
    e.first = first;
    target_.prefetch(first);
    if (++size_ == kQueue) {
      write(ring_[head_]);
      head_ = (head_ + 1) % kQueue;
      --size_;
    }
  }
  // One state's rank (a successor alone in its block): queued as blocks are, written
  // as one word.
  void push_rank(Rank r) HANOI_ALWAYS_INLINE {
    ranks_[(rhead_ + rsize_) % kQueue] = r;
    target_.prefetch(r);
    if (++rsize_ == kQueue) {
      const Rank x = ranks_[rhead_];
      target_.write_word(x >> 6, std::uint64_t{1} << (x & 63));
      rhead_ = (rhead_ + 1) % kQueue;
      --rsize_;
    }
  }
  // Writes the blocks still waiting (at the end of a part).
  void drain() {
    for (; size_ > 0; --size_, head_ = (head_ + 1) % kQueue) write(ring_[head_]);
    for (; rsize_ > 0; --rsize_, rhead_ = (rhead_ + 1) % kQueue) {
      const Rank x = ranks_[rhead_];
      target_.write_word(x >> 6, std::uint64_t{1} << (x & 63));
    }
  }

 private:
  static constexpr unsigned kQueue = 16;
  struct Entry {
    Rank first;
    std::uint64_t bits[W];
  };

  void write(const Entry& e) HANOI_ALWAYS_INLINE {
    const std::uint64_t i = e.first >> 6;
    const int s = static_cast<int>(e.first & 63);
    std::uint64_t carry = 0;
    for (int k = 0; k < W; ++k) {
      const std::uint64_t b = e.bits[k];
      target_.write_word(i + static_cast<std::uint64_t>(k), (b << s) | carry);
      carry = s == 0 ? 0 : b >> (64 - s);
    }
    target_.write_word(i + W, carry);
  }

  Target target_;
  Entry ring_[kQueue];
  unsigned head_ = 0, size_ = 0;
  Rank ranks_[kQueue];
  unsigned rhead_ = 0, rsize_ = 0;
};

// The in-memory engine's target: ORs into `visited` (through its SegmentTable),
// counting the bits it sets.  A part is expanded by one thread, and its moves stay
// inside it but for those of the discs that fix the parts; so the words that hold
// only the part's ranks are ORed without an atomic, the two at its ends (shared with
// the neighbouring parts) by one atomic OR, and the words of other parts, which
// another thread may be writing plainly meanwhile, are kept in `later` and ORed
// after the level's parallel loop (apply_later).  Measured: docs/engines.md.
class VisitedTarget {
 public:
  using Later = std::vector<std::pair<std::uint64_t, std::uint64_t>>;
  VisitedTarget(std::uint64_t* const* visited, Later& later) : visited_(visited), later_(later) {}

  // The part whose states are expanded next: ranks [first, end), first < end.
  void begin_part(Rank first, Rank end) {
    lo_ = first >> 6;
    hi_ = (end - 1) >> 6;
    inner_first_ = lo_ + 1;
    inner_count_ = hi_ > lo_ + 1 ? hi_ - lo_ - 1 : 0;
  }
  std::uint64_t found() const { return found_; }

  void prefetch(Rank first) HANOI_ALWAYS_INLINE {
    __builtin_prefetch(&word_at(visited_, first >> 6), 1, 3);
  }
  void write_word(std::uint64_t j, std::uint64_t bits) HANOI_ALWAYS_INLINE {
    // (Word j is looked up only where it exists: a zero word may lie past the space.)
    if (j - inner_first_ < inner_count_) [[likely]] {  // this thread's alone: no branch on the bits
      std::uint64_t& w = word_at(visited_, j);
      const std::uint64_t old = w;
      found_ += static_cast<std::uint64_t>(std::popcount(bits & ~old));
      w = old | bits;
      return;
    }
    if (bits == 0) return;
    if (j < lo_ || j > hi_) {
      later_.emplace_back(j, bits);
      return;
    }
    found_ += static_cast<std::uint64_t>(std::popcount(or_word_atomic(word_at(visited_, j), bits)));
  }

  // ORs the words kept for later (after the parallel loop); returns the bits set.
  static std::uint64_t apply_later(std::uint64_t* const* visited, const Later& later) {
    std::uint64_t found = 0;
    for (const auto& [j, bits] : later)
      found += static_cast<std::uint64_t>(std::popcount(or_word_atomic(word_at(visited, j), bits)));
    return found;
  }

 private:
  std::uint64_t* const* visited_;
  Later& later_;
  std::uint64_t lo_ = 0, hi_ = 0, inner_first_ = 0, inner_count_ = 0;
  std::uint64_t found_ = 0;
};

}  // namespace block_detail

// Expands the level newer \ older of a BlockSpace into `visited`; returns the number
// of states new to `visited` (each counted by the one thread whose OR set it).
template <BlockSpace V>
std::uint64_t expand_blocks(const V& v, const BitStore& newer, const BitStore& older,
                            BitStore& visited) {
  const auto* K = v.block_kernel();
  constexpr int W = std::remove_cvref_t<decltype(*K)>::kBlockWords;
  using Target = block_detail::VisitedTarget;
  std::atomic<std::uint64_t> found{0};
  const block_detail::SegmentTable<const std::uint64_t> newer_table(newer), older_table(older);
  const block_detail::SegmentTable<std::uint64_t> visited_table(visited);
  const block_detail::NewerLevelWords words(newer_table, older_table);
  tbb::enumerable_thread_specific<Target::Later> later;
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, K->parts(), 1),
      [&](const tbb::blocked_range<std::size_t>& range) {
        block_detail::BlockRing<W, Target> sink(Target(visited_table.data(), later.local()));
        for (std::size_t p = range.begin(); p != range.end(); ++p) {
          const Rank first = K->part_first(p), end = first + K->part_count(p);
          sink.target().begin_part(first, end);
          block_detail::LevelCursor<W, block_detail::NewerLevelWords> level(words, first, end);
          K->expand_part(p, level, sink);
          sink.drain();
        }
        found.fetch_add(sink.target().found(), std::memory_order_relaxed);
      });
  std::uint64_t total = found.load();
  for (const Target::Later& l : later) total += Target::apply_later(visited_table.data(), l);
  return total;
}

}  // namespace hanoi

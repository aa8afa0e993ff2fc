// Storage over the rank space, split into fixed-size segments.
//
// The search never touches raw arrays: it asks a store for the word or byte that
// holds a rank.  Every store is cut into segments of 2^kSegmentLog2 ranks, each its
// own allocation, so that a disk-backed store (segments paged to files between
// levels) or a distributed one (segments owned by ranks of a cluster) can slot in
// behind the same calls without touching the expansion code.  The in-memory
// segments come from calloc or mmap, so untouched pages cost no RAM: a sparse search over a
// large rank space (Domino) only pays for the segments it reaches.
//
// Concurrency: bits are set with atomic fetch_or through std::atomic_ref, so several
// threads may mark states in one level; tests are relaxed loads.  Byte stores are
// written only by the thread that won the corresponding bit, so they need no atomics.
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <vector>

#include "engine/core.hpp"

namespace hanoi {

inline constexpr int kSegmentLog2 = 24;  // 16 Mi ranks per segment

namespace detail {
// Frees what zeroed_array allocated: unmaps `mapped` bytes, or frees.
struct FreeDeleter {
  std::size_t mapped = 0;
  void operator()(void* p) const {
    if (mapped != 0)
      ::munmap(p, mapped);
    else
      std::free(p);
  }
};

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

// A zero-filled, lazily committed mapping of `bytes` that starts on a 2 MiB boundary
// and asks for transparent huge pages, so that it is faulted in 2 MiB at a time: a
// 4 KiB fault costs microseconds on a virtual machine, and a search touches its
// bitmaps all over within a few levels (at Checkers n = 16 the faults of three 2 MB
// bitmaps took 4% of the search: docs/engines.md).  nullptr when mmap fails.
inline void* map_huge(std::size_t bytes, std::size_t& mapped) {
  // The last huge page is whole where that adds at most an eighth (a 2 MiB page
  // commits at its first touch); otherwise the tail has 4 KiB pages.
  const std::size_t whole = (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
  const std::size_t len = whole - bytes <= bytes / 8 ? whole : (bytes + 4095) & ~std::size_t{4095};
  void* p = ::mmap(nullptr, len + kHugePageBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return nullptr;
  // The bytes before the first 2 MiB boundary, and those after `len` from it, go back.
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  const std::size_t head = ((at + kHugePageBytes - 1) & ~(kHugePageBytes - 1)) - at;
  char* const start = static_cast<char*>(p) + head;
  if (head > 0) ::munmap(p, head);
  ::munmap(start + len, kHugePageBytes - head);
#ifdef MADV_HUGEPAGE
  ::madvise(start, len, MADV_HUGEPAGE);
#endif
  mapped = len;
  return start;
}

// Zero-filled, lazily committed memory; from map_huge from 1 MiB up.
template <class T>
std::unique_ptr<T[], FreeDeleter> zeroed_array(std::size_t count) {
  const std::size_t bytes = (count == 0 ? 1 : count) * sizeof(T);
  std::size_t mapped = 0;
  void* p = bytes >= kHugePageBytes / 2 ? map_huge(bytes, mapped) : nullptr;
  if (p == nullptr) p = std::calloc(count == 0 ? 1 : count, sizeof(T));
  if (p == nullptr) throw std::bad_alloc();
  return std::unique_ptr<T[], FreeDeleter>(static_cast<T*>(p), FreeDeleter{mapped});
}
// Zero-filled, lazily committed memory for large bitmaps, backed by transparent
// huge pages where the kernel offers them: the lattice engine's far writes (a large
// disc's move lands m^j words away) miss the TLB on every 4 KiB page, and huge pages
// halved its time at 4^15.  Falls back to calloc when mmap fails.
class HugeBuffer {
 public:
  HugeBuffer() = default;
  explicit HugeBuffer(std::size_t bytes) : bytes_(bytes == 0 ? 1 : bytes) {
    void* p = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
      p = std::calloc(bytes_, 1);
      if (p == nullptr) throw std::bad_alloc();
      mapped_ = false;
    } else {
#ifdef MADV_HUGEPAGE
      ::madvise(p, bytes_, MADV_HUGEPAGE);
#endif
      mapped_ = true;
    }
    data_ = p;
  }
  HugeBuffer(HugeBuffer&& o) noexcept : data_(o.data_), bytes_(o.bytes_), mapped_(o.mapped_) {
    o.data_ = nullptr;
  }
  HugeBuffer& operator=(HugeBuffer&& o) noexcept {
    if (this != &o) {
      release();
      data_ = o.data_;
      bytes_ = o.bytes_;
      mapped_ = o.mapped_;
      o.data_ = nullptr;
    }
    return *this;
  }
  HugeBuffer(const HugeBuffer&) = delete;
  HugeBuffer& operator=(const HugeBuffer&) = delete;
  ~HugeBuffer() {
    release();
  }
  void* data() const {
    return data_;
  }

 private:
  void release() {
    if (data_ == nullptr) return;
    if (mapped_) {
      ::munmap(data_, bytes_);
    } else {
      std::free(data_);
    }
    data_ = nullptr;
  }
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  bool mapped_ = false;
};
}  // namespace detail

// Words of a bitmap grouped in *chunks* of a fixed number of words (the lattice
// engine's unit: the ranks that share their largest discs), held in segments of
// whole chunks so that a chunk is always contiguous.  A segment is the unit a
// disk-backed or distributed store would page or own.
class ChunkedWords {
 public:
  ChunkedWords() = default;
  ChunkedWords(std::uint64_t chunks, std::uint64_t chunk_words)
      : chunks_(chunks), chunk_words_(chunk_words) {
    const std::uint64_t target = std::uint64_t{1} << kSegmentLog2;  // words a segment
    per_segment_ = std::max<std::uint64_t>(1, target / chunk_words);
    const std::uint64_t count = (chunks + per_segment_ - 1) / per_segment_;
    segments_.reserve(count);
    for (std::uint64_t s = 0; s < count; ++s) {
      const std::uint64_t n = std::min(per_segment_, chunks - s * per_segment_);
      segments_.emplace_back(static_cast<std::size_t>(n * chunk_words * sizeof(std::uint64_t)));
    }
  }
  std::uint64_t chunks() const { return chunks_; }
  std::uint64_t chunk_words() const { return chunk_words_; }
  std::uint64_t bytes() const { return chunks_ * chunk_words_ * sizeof(std::uint64_t); }
  std::uint64_t* chunk(std::uint64_t c) {
    return static_cast<std::uint64_t*>(segments_[c / per_segment_].data()) +
           (c % per_segment_) * chunk_words_;
  }
  const std::uint64_t* chunk(std::uint64_t c) const {
    return static_cast<const std::uint64_t*>(segments_[c / per_segment_].data()) +
           (c % per_segment_) * chunk_words_;
  }
  // Word `w` of the whole bitmap (chunk w / chunk_words).
  std::uint64_t& word(std::uint64_t w) { return chunk(w / chunk_words_)[w % chunk_words_]; }
  std::uint64_t word(std::uint64_t w) const { return chunk(w / chunk_words_)[w % chunk_words_]; }

 private:
  std::uint64_t chunks_ = 0, chunk_words_ = 1, per_segment_ = 1;
  std::vector<detail::HugeBuffer> segments_;
};

// A segmented array of T indexed by rank.
template <class T>
class SegmentedArray {
 public:
  SegmentedArray() = default;
  explicit SegmentedArray(std::uint64_t size) : size_(size) {
    const std::uint64_t per = std::uint64_t{1} << kSegmentLog2;
    const std::uint64_t count = (size + per - 1) / per;
    segments_.reserve(count);
    for (std::uint64_t i = 0; i < count; ++i) {
      const std::uint64_t len = std::min(per, size - i * per);
      segments_.push_back(detail::zeroed_array<T>(len));
    }
  }
  std::uint64_t size() const { return size_; }
  std::size_t segment_count() const { return segments_.size(); }
  T& operator[](std::uint64_t i) {
    return segments_[i >> kSegmentLog2][i & ((std::uint64_t{1} << kSegmentLog2) - 1)];
  }
  const T& operator[](std::uint64_t i) const {
    return segments_[i >> kSegmentLog2][i & ((std::uint64_t{1} << kSegmentLog2) - 1)];
  }
  T* segment(std::size_t s) { return segments_[s].get(); }
  const T* segment(std::size_t s) const { return segments_[s].get(); }
  std::uint64_t bytes() const { return size_ * sizeof(T); }
  void clear() {
    const std::uint64_t per = std::uint64_t{1} << kSegmentLog2;
    for (std::size_t s = 0; s < segments_.size(); ++s) {
      std::memset(segments_[s].get(), 0, std::min(per, size_ - s * per) * sizeof(T));
    }
  }

 private:
  std::uint64_t size_ = 0;
  std::vector<std::unique_ptr<T[], detail::FreeDeleter>> segments_;
};

// ORs `bits` into the word w, which other threads may OR into too; returns the bits
// this call set.  One atomic, none when every bit was already set (a plain load
// first: in a search most successors are known).
[[gnu::always_inline]] inline std::uint64_t or_word_atomic(std::uint64_t& w, std::uint64_t bits) {
  std::atomic_ref<std::uint64_t> ref(w);
  if ((ref.load(std::memory_order_relaxed) & bits) == bits) return 0;
  return bits & ~ref.fetch_or(bits, std::memory_order_relaxed);
}

// One bit per rank.
class BitStore {
 public:
  BitStore() = default;
  explicit BitStore(Rank ranks) : ranks_(ranks), words_((ranks + 63) / 64) {}

  Rank ranks() const { return ranks_; }
  std::uint64_t word_count() const { return words_.size(); }
  std::uint64_t bytes() const { return words_.bytes(); }

  bool test(Rank r) const {
    const std::uint64_t& w = words_[r >> 6];
    return (std::atomic_ref<const std::uint64_t>(w).load(std::memory_order_relaxed) >> (r & 63)) &
           1;
  }
  // Sets the bit; true when this call set it (the caller discovered the rank).
  bool test_and_set(Rank r) {
    std::uint64_t& w = words_[r >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (r & 63);
    std::atomic_ref<std::uint64_t> ref(w);
    if (ref.load(std::memory_order_relaxed) & bit) return false;
    return (ref.fetch_or(bit, std::memory_order_relaxed) & bit) == 0;
  }
  // Hint that rank r's word will be read and written soon.
  void prefetch(Rank r) const { __builtin_prefetch(&words_[r >> 6], 1, 3); }
  void set_atomic(Rank r) {
    std::atomic_ref<std::uint64_t>(words_[r >> 6])
        .fetch_or(std::uint64_t{1} << (r & 63), std::memory_order_relaxed);
  }
  // ORs `bits` into word i; returns the bits this call set (one atomic per word, none
  // when every bit was already set).
  [[gnu::always_inline]] std::uint64_t or_word(std::uint64_t i, std::uint64_t bits) {
    return or_word_atomic(words_[i], bits);
  }
  void set_unsynchronized(Rank r) { words_[r >> 6] |= std::uint64_t{1} << (r & 63); }
  // The words by segment (2^kSegmentLog2 words each; the last may be shorter), for a
  // loop that keeps its own table of the segments (block_kernel.hpp's SegmentTable).
  std::size_t segment_count() const { return words_.segment_count(); }
  std::uint64_t* segment_words(std::size_t s) { return words_.segment(s); }
  const std::uint64_t* segment_words(std::size_t s) const { return words_.segment(s); }
  std::uint64_t word(std::uint64_t i) const { return words_[i]; }
  void clear_word(std::uint64_t i) { words_[i] = 0; }
  // Words [begin, end) <- those of `from` (a store of as many ranks), by segment: one
  // copy per run of words, not a load and a store through the segments per word.
  void copy_words(const BitStore& from, std::uint64_t begin, std::uint64_t end) {
    const std::uint64_t per = std::uint64_t{1} << kSegmentLog2;
    while (begin < end) {
      const std::uint64_t s = begin >> kSegmentLog2, k = begin & (per - 1);
      const std::uint64_t n = std::min(end - begin, per - k);
      std::memcpy(words_.segment(s) + k, from.words_.segment(s) + k, n * sizeof(std::uint64_t));
      begin += n;
    }
  }
  void set_word(std::uint64_t i, std::uint64_t w) { words_[i] = w; }
  void clear() { words_.clear(); }

  // Calls f(rank) for each set bit among words [begin, end).
  template <class F>
  void for_each_set(std::uint64_t begin, std::uint64_t end, F&& f) const {
    for (std::uint64_t i = begin; i < end; ++i) {
      std::uint64_t w = words_[i];
      while (w) {
        f((i << 6) | static_cast<Rank>(std::countr_zero(w)));
        w &= w - 1;
      }
    }
  }

 private:
  Rank ranks_ = 0;
  SegmentedArray<std::uint64_t> words_;
};

}  // namespace hanoi

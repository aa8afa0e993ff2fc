// LevelCounts: the number of states at each depth of a search, kept compactly.
//
// Design overview
// ---------------
// A search records one count per level.  Most searches have few levels (4 pegs:
// hundreds), but the thin graphs have very many small ones: Domino at n = 20 has
// about 2·10^9 levels of about ten states each, where eight bytes per level would
// be 16 GB, more than the search itself.  So a count below 255 takes one byte; a
// larger count stores the byte 255 and goes, with its level, into a sorted list of
// exceptions (the searches with few levels have all their counts there, which costs
// nothing at that size).  The bytes live in fixed blocks of 1 MiB (the first one
// grown to that size from 4 KiB, see grow_first) rather than one
// growing vector, so an append never copies the whole array (a vector's doubling
// would briefly hold three times its size) and the capacity past the last level is
// at most one block.
//
// Reading level i is O(1) for a small count and a binary search over the
// exceptions for a large one; iteration visits the levels in order.  The interface
// is the part of std::vector<std::uint64_t> the callers use (push_back, back,
// operator[], size, iteration), and equality compares with a vector directly.
#pragma once

#include <algorithm>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <utility>
#include <vector>

namespace hanoi {

class LevelCounts {
 public:
  using value_type = std::uint64_t;
  using size_type = std::size_t;

  // Iterates over the counts by value (a count is computed, not stored as such).
  class const_iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = std::uint64_t;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = std::uint64_t;

    const_iterator() = default;
    const_iterator(const LevelCounts* owner, std::size_t i) : owner_(owner), i_(i) {}
    std::uint64_t operator*() const { return (*owner_)[i_]; }
    std::uint64_t operator[](difference_type k) const {
      return (*owner_)[static_cast<std::size_t>(static_cast<difference_type>(i_) + k)];
    }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator old = *this;
      ++i_;
      return old;
    }
    const_iterator& operator--() {
      --i_;
      return *this;
    }
    const_iterator operator--(int) {
      const_iterator old = *this;
      --i_;
      return old;
    }
    const_iterator& operator+=(difference_type k) {
      i_ = static_cast<std::size_t>(static_cast<difference_type>(i_) + k);
      return *this;
    }
    const_iterator& operator-=(difference_type k) { return *this += -k; }
    friend const_iterator operator+(const_iterator it, difference_type k) { return it += k; }
    friend const_iterator operator+(difference_type k, const_iterator it) { return it += k; }
    friend const_iterator operator-(const_iterator it, difference_type k) { return it -= k; }
    friend difference_type operator-(const const_iterator& a, const const_iterator& b) {
      return static_cast<difference_type>(a.i_) - static_cast<difference_type>(b.i_);
    }
    friend bool operator==(const const_iterator& a, const const_iterator& b) {
      return a.i_ == b.i_;
    }
    friend auto operator<=>(const const_iterator& a, const const_iterator& b) {
      return a.i_ <=> b.i_;
    }

   private:
    const LevelCounts* owner_ = nullptr;
    std::size_t i_ = 0;
  };
  using iterator = const_iterator;

  LevelCounts() = default;
  LevelCounts(std::initializer_list<std::uint64_t> counts) { assign(counts.begin(), counts.end()); }
  explicit LevelCounts(const std::vector<std::uint64_t>& counts) {
    assign(counts.begin(), counts.end());
  }
  LevelCounts(const LevelCounts& other) { assign(other.begin(), other.end()); }
  LevelCounts& operator=(const LevelCounts& other) {
    if (this != &other) assign(other.begin(), other.end());
    return *this;
  }
  LevelCounts(LevelCounts&&) noexcept = default;
  LevelCounts& operator=(LevelCounts&&) noexcept = default;
  ~LevelCounts() = default;

  template <class It>
  void assign(It first, It last) {
    clear();
    for (; first != last; ++first) push_back(static_cast<std::uint64_t>(*first));
  }

  void push_back(std::uint64_t count) {
    if (size_ == first_cap_ && size_ < kBlockSize) {
      grow_first();
    } else if ((size_ & kBlockMask) == 0 && (size_ >> kBlockBits) == blocks_.size()) {
      // Not zeroed: a byte is written before it is read, and a zeroed 1 MiB block
      // faulted in 256 pages at once (2% to 4% of Checkers n = 16, 0.27 s).
      blocks_.push_back(std::make_unique_for_overwrite<std::uint8_t[]>(kBlockSize));
    }
    std::uint8_t& byte = blocks_[size_ >> kBlockBits][size_ & kBlockMask];
    if (count < kEscape) {
      byte = static_cast<std::uint8_t>(count);
    } else {
      byte = kEscape;
      large_.emplace_back(size_, count);
    }
    ++size_;
  }

  // Removes the last count (the search's trailing empty level).
  void pop_back() {
    if (size_ == 0) return;
    --size_;
    if (byte_at(size_) == kEscape) large_.pop_back();
    // Keep one spare block at most, so a push_back after a pop_back does not reallocate.
    while (blocks_.size() > (size_ >> kBlockBits) + 1) blocks_.pop_back();
  }

  void clear() {
    blocks_.clear();
    large_.clear();
    size_ = 0;
    first_cap_ = 0;
  }

  std::uint64_t operator[](std::size_t i) const {
    const std::uint8_t b = byte_at(i);
    if (b != kEscape) return b;
    const auto it =
        std::lower_bound(large_.begin(), large_.end(), i,
                         [](const auto& e, std::size_t level) { return e.first < level; });
    return it->second;
  }
  std::uint64_t back() const { return (*this)[size_ - 1]; }
  std::uint64_t front() const { return (*this)[0]; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

  // The counts summed (the states reached).
  std::uint64_t sum() const {
    std::uint64_t small = 0;
    for (std::size_t i = 0; i < size_; ++i) {
      const std::uint8_t b = byte_at(i);
      if (b != kEscape) small += b;
    }
    std::uint64_t big = 0;
    for (const auto& e : large_) big += e.second;
    return small + big;
  }

  std::vector<std::uint64_t> to_vector() const { return {begin(), end()}; }

  // Bytes held (the blocks and the exceptions), for memory accounting.
  std::uint64_t bytes() const {
    const std::uint64_t block_bytes =
        blocks_.empty() ? 0 : first_cap_ + (blocks_.size() - 1) * kBlockSize;
    return block_bytes + large_.capacity() * sizeof(large_[0]);
  }

  friend bool operator==(const LevelCounts& a, const LevelCounts& b) {
    return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
  }
  friend bool operator==(const LevelCounts& a, const std::vector<std::uint64_t>& b) {
    return a.size_ == b.size() && std::equal(a.begin(), a.end(), b.begin());
  }

 private:
  static constexpr unsigned kBlockBits = 20;
  static constexpr std::size_t kBlockSize = std::size_t{1} << kBlockBits;
  static constexpr std::size_t kBlockMask = kBlockSize - 1;
  static constexpr std::uint8_t kEscape = 255;

  static constexpr std::size_t kFirstBlockSize = std::size_t{1} << 12;

  std::uint8_t byte_at(std::size_t i) const { return blocks_[i >> kBlockBits][i & kBlockMask]; }

  // The first block starts at 4 KiB and doubles (its bytes copied) up to kBlockSize:
  // most searches have a few hundred levels, and a whole 1 MiB block for each was,
  // under AddressSanitizer, a fresh mapping poisoned and quarantined per search (the
  // largest cost of many tests).  Later blocks are whole from the start.
  void grow_first() {
    const std::size_t cap = first_cap_ == 0 ? kFirstBlockSize : 2 * first_cap_;
    auto block = std::make_unique_for_overwrite<std::uint8_t[]>(cap);
    if (size_ > 0) std::copy_n(blocks_[0].get(), size_, block.get());
    if (blocks_.empty())
      blocks_.push_back(std::move(block));
    else
      blocks_[0] = std::move(block);
    first_cap_ = cap;
  }

  std::vector<std::unique_ptr<std::uint8_t[]>> blocks_;
  std::vector<std::pair<std::size_t, std::uint64_t>> large_;  // (level, count), by level
  std::size_t size_ = 0;
  std::size_t first_cap_ = 0;  // bytes of blocks_[0] (kBlockSize once whole)
};

}  // namespace hanoi

// Bit-packed "peg of each disc" words and their dense mixed-radix rank.
//
// Most variants place every disc on one of m pegs, and since discs on a peg are
// always stacked by size, the peg of each disc determines the configuration.  We
// pack disc d (1-based) into bits [b*(d-1), b*d) of a 64-bit word, b = ceil(log2 m)
// bits per disc (the model is Fast Downward's IntPacker).  The rank is the base-m
// number whose digit d-1 is the peg of disc d, so [0, m^n) is dense.
//
// Why both: successor generation wants fixed-width fields (a move is one XOR), the
// visited bitmap wants a dense index.  When m is a power of two the two coincide
// and rank is the identity; otherwise rank/unrank go through per-chunk lookup
// tables (a few table reads instead of n multiplications).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "engine/core.hpp"

namespace hanoi {

class PegCodec {
 public:
  PegCodec() = default;
  PegCodec(int pegs, int discs) : pegs_(pegs), discs_(discs) {
    if (pegs < 2 || pegs > 16) throw std::invalid_argument("pegs must be in 2..16");
    // bit_width returns unsigned in libstdc++ 12 (int only since LWG 3656).
    bits_ = pegs <= 2 ? 1 : static_cast<int>(std::bit_width(static_cast<unsigned>(pegs - 1)));
    if (discs < 0 || discs * bits_ > 64) throw std::invalid_argument("too many discs to pack");
    identity_ = std::has_single_bit(static_cast<unsigned>(pegs));
    size_ = 1;
    for (int i = 0; i < discs; ++i) {
      if (size_ > UINT64_MAX / static_cast<std::uint64_t>(pegs))
        throw std::invalid_argument("rank space exceeds 64 bits");
      size_ *= static_cast<std::uint64_t>(pegs);
    }
    if (!identity_) build_tables();
    std::uint64_t rep = 0;
    for (int d = 0; d < discs; ++d) rep |= std::uint64_t{1} << (bits_ * d);
    low_ones_ = rep;
  }

  // The largest n the codec accepts for m pegs: ceil(log2 m) bits per disc in 64
  // bits, and m^n below 2^64 (a rank space of 2^64 is refused, so 4 pegs stop at 31).
  static int max_discs(int pegs) {
    const int bits =
        pegs <= 2 ? 1 : static_cast<int>(std::bit_width(static_cast<unsigned>(pegs - 1)));
    int n = 0;
    std::uint64_t size = 1;
    while ((n + 1) * bits <= 64 && size <= UINT64_MAX / static_cast<std::uint64_t>(pegs)) {
      size *= static_cast<std::uint64_t>(pegs);
      ++n;
    }
    return n;
  }

  int pegs() const { return pegs_; }
  int discs() const { return discs_; }
  int bits_per_disc() const { return bits_; }
  std::uint64_t size() const { return size_; }  // m^n

  // Peg of disc d (1-based) in a packed word.
  int peg(std::uint64_t w, int d) const {
    return static_cast<int>((w >> (bits_ * (d - 1))) & ((1u << bits_) - 1));
  }
  std::uint64_t with_peg(std::uint64_t w, int d, int p) const {
    const int sh = bits_ * (d - 1);
    const std::uint64_t mask = ((std::uint64_t{1} << bits_) - 1) << sh;
    return (w & ~mask) | (static_cast<std::uint64_t>(p) << sh);
  }
  // Every disc on peg p.
  std::uint64_t all_on(int p) const { return low_ones_ * static_cast<std::uint64_t>(p); }

  // One bit per disc (bit d-1 for disc d) for the discs on peg p.
  std::uint64_t discs_on(std::uint64_t w, int p) const {
    std::uint64_t x = w ^ all_on(p);  // a field is zero exactly where the disc is on p
    std::uint64_t any = x;
    for (int i = 1; i < bits_; ++i) any |= x >> i;
    std::uint64_t zero_fields = ~any & low_ones_;
    if (bits_ == 1) return zero_fields;
    return compress(zero_fields);
  }

  // One bit set in the low bit of every disc's field.
  std::uint64_t low_ones() const { return low_ones_; }

  // The smallest disc on peg p (0 if empty), without a loop over discs: with B bits
  // per disc known at compile time, the fields equal to p are the zero fields of
  // w ^ all_on(p), and the lowest of them is the top disc.
  template <int B>
  int top_of(std::uint64_t w, int p) const {
    const std::uint64_t x = w ^ (low_ones_ * static_cast<std::uint64_t>(p));
    std::uint64_t any = x;
    if constexpr (B >= 2) any |= x >> 1;
    if constexpr (B >= 3) any |= x >> 2;
    if constexpr (B >= 4) any |= x >> 3;
    const std::uint64_t zero = ~any & low_ones_;
    return zero ? std::countr_zero(zero) / B + 1 : 0;
  }

  // The smallest disc on each peg, 0 for an empty peg (top[p] for p < pegs()).
  void tops(std::uint64_t w, int* top) const {
    for (int p = 0; p < pegs_; ++p) top[p] = 0;
    int missing = pegs_;
    for (int d = 1; d <= discs_ && missing > 0; ++d) {
      int p = peg(w, d);
      if (top[p] == 0) {
        top[p] = d;
        --missing;
      }
    }
  }

  Rank rank(std::uint64_t w) const {
    if (identity_) return w;
    Rank r = 0;
    for (std::size_t c = 0; c < chunks_; ++c) {
      r += rank_table_[c * table_width_ + ((w >> (c * chunk_bits_)) & chunk_mask_)];
    }
    return r;
  }

  std::uint64_t unrank(Rank r) const {
    if (identity_) return r;
    std::uint64_t w = 0;
    for (std::size_t c = 0; c < chunks_; ++c) {
      w |= unrank_table_[r % chunk_radix_] << (c * chunk_bits_);
      r /= chunk_radix_;
    }
    return w;
  }

 private:
  // Gathers every bits_-th bit (the low bit of each field) into consecutive bits.
  std::uint64_t compress(std::uint64_t fields) const {
    std::uint64_t out = 0;
    while (fields) {
      out |= std::uint64_t{1} << (std::countr_zero(fields) / bits_);
      fields &= fields - 1;
    }
    return out;
  }

  void build_tables() {
    // Chunk of k discs: k*bits_ <= 12 packed bits, so each table has <= 4096 entries.
    chunk_discs_ = std::max(1, 12 / bits_);
    // Widen before multiplying (bugprone-misplaced-widening-cast); the product is <= 12.
    chunk_bits_ = static_cast<std::size_t>(chunk_discs_) * static_cast<std::size_t>(bits_);
    chunk_mask_ = (std::uint64_t{1} << chunk_bits_) - 1;
    table_width_ = std::size_t{1} << chunk_bits_;
    chunks_ = static_cast<std::size_t>((discs_ + chunk_discs_ - 1) / chunk_discs_);
    chunk_radix_ = 1;
    for (int i = 0; i < chunk_discs_; ++i) chunk_radix_ *= static_cast<std::uint64_t>(pegs_);
    rank_table_.assign(chunks_ * table_width_, 0);
    std::uint64_t scale = 1;
    for (std::size_t c = 0; c < chunks_; ++c) {
      for (std::uint64_t packed = 0; packed < table_width_; ++packed) {
        std::uint64_t value = 0, place = 1;
        bool valid = true;
        for (int i = 0; i < chunk_discs_; ++i) {
          std::uint64_t digit = (packed >> (i * bits_)) & ((1u << bits_) - 1);
          if (digit >= static_cast<std::uint64_t>(pegs_)) valid = false;
          value += digit * place;
          place *= static_cast<std::uint64_t>(pegs_);
        }
        // Invalid digits never occur in a legal packed word; wrap-around is harmless.
        rank_table_[c * table_width_ + packed] = valid ? value * scale : 0;
      }
      scale *= chunk_radix_;
    }
    unrank_table_.assign(chunk_radix_, 0);
    for (std::uint64_t v = 0; v < chunk_radix_; ++v) {
      std::uint64_t x = v, packed = 0;
      for (int i = 0; i < chunk_discs_; ++i) {
        packed |= (x % static_cast<std::uint64_t>(pegs_)) << (i * bits_);
        x /= static_cast<std::uint64_t>(pegs_);
      }
      unrank_table_[v] = packed;
    }
  }

  int pegs_ = 3;
  int discs_ = 0;
  int bits_ = 2;
  bool identity_ = false;
  std::uint64_t size_ = 1;
  std::uint64_t low_ones_ = 0;
  int chunk_discs_ = 0;
  std::size_t chunk_bits_ = 0, table_width_ = 0, chunks_ = 0;
  std::uint64_t chunk_mask_ = 0, chunk_radix_ = 1;
  std::vector<Rank> rank_table_;
  std::vector<std::uint64_t> unrank_table_;
};

}  // namespace hanoi

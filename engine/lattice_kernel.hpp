// The expansion kernel of the word-parallel ("lattice") search: the successors of
// every state of a chunk at once, with no storage and no level loop of its own.
//
// Design overview
// ---------------
// A LatticeSpace ranks a state as the base-m number whose digit d-1 is the peg of
// disc d (smallest disc lowest); every one of the m^n ranks is legal; a move is the
// plain Hanoi move of a top disc, allowed by a rule that looks only at the disc and
// the two pegs.  Disc d may move from a to b exactly when it is on a and every
// smaller disc is off a and b: the larger discs never matter.  The rank splits into
// three parts, smallest discs first:
//
//   * k *word* discs: a word of m^k <= 64 bits holds every placement of them (bit l
//     = low digits l).  Their moves stay in the word; each is a fixed shift of the
//     bits under a fixed mask, the same for every word (k(m-1) shifts each way).
//   * j *chunk* discs: a chunk of m^j words (1024 for 4 pegs) holds every placement
//     of the k + j smallest discs.  A move of chunk disc d from a to b takes the bits
//     of word i whose word discs are off a and b (a fixed mask E[a][b]) to word
//     i + (b-a)m^(d-k-1) of the same chunk, and for each word i and pair of pegs at
//     most one chunk disc moves (the smallest on either peg): a table of m(m-1)/2
//     (target, mask) entries per word, the same for every chunk.
//   * the *large* discs index the chunk.  A large disc's move needs all k + j
//     smaller discs off its two pegs: the words of the chunk whose chunk discs are
//     off a and b (2^j of 1024 for 4 pegs), masked by E[a][b], go to the same words
//     of one other chunk.  These are the only writes that leave a chunk.
//
// So a chunk (8 KiB for 4 pegs) is expanded in cache: word shifts and the table for
// every nonzero word, then at most m(m-1)/2 short lists of cross-chunk words.  For
// m not a power of two a word is padded (3 pegs: 27 of 64 bits, 5 pegs: 25, 6 pegs:
// 36, 7 pegs: 49), which costs memory, not operations.
//
// The tables are built from the space's lattice_allows(disc, from, to), so directed
// rules (cyclic) and restricted ones (adjacent, four-star) use the same code.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <concepts>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "engine/core.hpp"

namespace hanoi {

// A space the lattice engine serves (see the overview for the contract).
template <class V>
concept LatticeSpace = StateSpace<V> && requires(const V& v, int d, int a, int b) {
  requires V::kLattice;
  { v.goal_rank() } -> std::convertible_to<Rank>;
  { v.lattice_allows(d, a, b) } -> std::convertible_to<bool>;
};

// Word discs for m pegs: the largest k with m^k <= 64.
constexpr int lattice_word_discs(int pegs) {
  int k = 0;
  std::uint64_t b = 1;
  while (b * static_cast<std::uint64_t>(pegs) <= 64) {
    b *= static_cast<std::uint64_t>(pegs);
    ++k;
  }
  return k;
}

// How ranks map onto words and chunks.
class LatticeLayout {
 public:
  // chunk_discs < 0: the default, the largest j with m^j <= 1024 words (8 KiB
  // chunks: small enough for L1/L2, large enough that few moves leave them), but
  // j = 3 for 3 pegs, whose searches have 2^n levels and more of a few states each
  // (a chunk is read whole: 27 words cost less than 729 there; measured, 4.0 s
  // against 6.0 s for `classic` n = 18).
  LatticeLayout(int pegs, int discs, int chunk_discs = -1) : pegs_(pegs), discs_(discs) {
    if (pegs < 2 || pegs > 16) throw std::invalid_argument("lattice: pegs must be in 2..16");
    low_ = std::min(discs, lattice_word_discs(pegs));
    block_ = power(low_);
    int j = chunk_discs;
    if (j < 0 && pegs == 3) j = 3;
    if (j < 0) {
      j = 0;
      while (power(j + 1) <= 1024) ++j;
    }
    mid_ = std::min(j, discs - low_);
    high_ = discs - low_ - mid_;
    chunk_words_ = power(mid_);
    chunks_ = power(high_);
  }
  int pegs() const { return pegs_; }
  int discs() const { return discs_; }
  int word_discs() const { return low_; }         // k
  int chunk_discs() const { return mid_; }        // j
  int large_discs() const { return high_; }       // n - k - j
  std::uint64_t block() const { return block_; }  // m^k ranks per word
  std::uint64_t chunk_words() const { return chunk_words_; }
  std::uint64_t chunks() const { return chunks_; }
  std::uint64_t words() const { return chunks_ * chunk_words_; }
  std::uint64_t word_of(Rank r) const { return r / block_; }
  int bit_of(Rank r) const { return static_cast<int>(r % block_); }
  Rank rank_of(std::uint64_t word, int bit) const { return word * block_ + static_cast<Rank>(bit); }
  std::uint64_t power(int e) const {
    std::uint64_t p = 1;
    for (int i = 0; i < e; ++i) p *= static_cast<std::uint64_t>(pegs_);
    return p;
  }

 private:
  int pegs_, discs_, low_ = 0, mid_ = 0, high_ = 0;
  std::uint64_t block_ = 1, chunk_words_ = 1, chunks_ = 1;
};

// The move tables of one space, and the chunk expansion.
class LatticeKernel {
 public:
  // One in-chunk move of a chunk disc: word i's bits under masks[pair] go to word
  // `target` (pair = m*m is the all-zero mask: padding).
  struct ChunkMove {
    std::uint16_t target;
    std::uint16_t pair;
  };
  // A word that a large disc's move can leave from or land on (its chunk discs are
  // all off the move's two pegs), and its slot in the compact cross-chunk buffers.
  struct CrossWord {
    std::uint16_t word;
    std::uint16_t slot;
  };
  // One cross-chunk move of a large disc out of a chunk.
  struct CrossMove {
    std::uint64_t target_chunk;
    std::uint64_t mask;      // E[from][to]
    const CrossWord* words;  // the chunk's words whose chunk discs are off both pegs
    std::size_t count;
  };

  template <LatticeSpace V>
  LatticeKernel(const V& v, const LatticeLayout& layout) : L_(layout) {
    const int m = L_.pegs(), n = L_.discs(), k = L_.word_discs(), j = L_.chunk_discs();
    m_ = m;
    pairs_ = m * (m - 1) / 2;
    pw_.assign(static_cast<std::size_t>(n) + 1, 1);
    for (int i = 1; i <= n; ++i) pw_[i] = pw_[i - 1] * static_cast<std::uint64_t>(m);
    if (L_.chunk_words() > 65536) throw std::invalid_argument("lattice: chunk too large");
    const std::size_t mz = static_cast<std::size_t>(m);
    // Word shifts: amount c*m^d (d < k, c = 1..m-1), one mask each way.
    shifts_ = static_cast<std::size_t>(k) * (mz - 1);
    up_.assign(shifts_, 0);
    down_.assign(shifts_, 0);
    amount_.assign(shifts_, 0);
    for (int d = 0; d < k; ++d)
      for (int c = 1; c < m; ++c)
        amount_[static_cast<std::size_t>(d) * (mz - 1) + static_cast<std::size_t>(c - 1)] =
            c * static_cast<int>(pw_[d]);
    for (int d = 0; d < k; ++d) {
      for (int a = 0; a < m; ++a) {
        for (int b = 0; b < m; ++b) {
          if (a == b || !v.lattice_allows(d + 1, a, b)) continue;
          std::uint64_t mask = 0;
          for (std::uint64_t l = 0; l < L_.block(); ++l) {
            if (digit(l, d) != a) continue;
            bool clear = true;
            for (int e = 0; e < d && clear; ++e) clear = digit(l, e) != a && digit(l, e) != b;
            if (clear) mask |= std::uint64_t{1} << l;
          }
          const std::size_t s = static_cast<std::size_t>(d) * (mz - 1) +
                                static_cast<std::size_t>(std::abs(b - a) - 1);
          (b > a ? up_ : down_)[s] |= mask;
        }
      }
    }
    // E[a][b] (index a*m+b), and the zero mask at m*m.
    masks_.assign(mz * mz + 1, 0);
    for (int a = 0; a < m; ++a)
      for (int b = 0; b < m; ++b) {
        if (a == b) continue;
        for (std::uint64_t l = 0; l < L_.block(); ++l) {
          bool clear = true;
          for (int e = 0; e < k && clear; ++e) clear = digit(l, e) != a && digit(l, e) != b;
          if (clear) masks_[pair_index(a, b)] |= std::uint64_t{1} << l;
        }
      }
    // Chunk moves: per word, per unordered pair, the smallest chunk disc on either peg.
    const std::uint64_t cw = L_.chunk_words();
    const std::size_t P = static_cast<std::size_t>(pairs_);
    chunk_moves_.assign(cw * P, ChunkMove{0, static_cast<std::uint16_t>(mz * mz)});
    for (std::uint64_t i = 0; i < cw; ++i) {
      std::size_t q = 0;
      for (int a = 0; a < m; ++a) {
        for (int b = a + 1; b < m; ++b, ++q) {
          ChunkMove& e = chunk_moves_[i * P + q];
          e.target = static_cast<std::uint16_t>(i);
          int t = 0;
          while (t < j && digit(i, t) != a && digit(i, t) != b) ++t;
          if (t == j) continue;
          const int from = digit(i, t), to = from == a ? b : a;
          if (!v.lattice_allows(k + 1 + t, from, to)) continue;
          e.target = static_cast<std::uint16_t>(
              to > from ? i + static_cast<std::uint64_t>(to - from) * pw_[t]
                        : i - static_cast<std::uint64_t>(from - to) * pw_[t]);
          e.pair = static_cast<std::uint16_t>(pair_index(from, to));
        }
      }
    }
    // Cross-chunk words per unordered pair, and the slots of their union: only
    // these words of a chunk ever receive a large disc's move, so the buffers that
    // collect such moves hold one word per slot (184 of 1024 words for 4 pegs).
    off_.assign(mz * mz, {});
    std::vector<std::int32_t> slot(cw, -1);
    for (int a = 0; a < m; ++a)
      for (int b = a + 1; b < m; ++b)
        for (std::uint64_t i = 0; i < cw; ++i) {
          bool clear = true;
          for (int t = 0; t < j && clear; ++t) clear = digit(i, t) != a && digit(i, t) != b;
          if (!clear) continue;
          if (slot[i] < 0) {
            slot[i] = static_cast<std::int32_t>(slot_word_.size());
            slot_word_.push_back(static_cast<std::uint16_t>(i));
          }
          off_[pair_index(a, b)].push_back(
              {static_cast<std::uint16_t>(i), static_cast<std::uint16_t>(slot[i])});
        }
    // Large discs: allowed[t*m*m + from*m + to] for disc k + j + 1 + t.
    const int h = L_.large_discs();
    allowed_.assign(static_cast<std::size_t>(h) * mz * mz + 1, 0);
    for (int t = 0; t < h; ++t)
      for (int a = 0; a < m; ++a)
        for (int b = 0; b < m; ++b)
          allowed_[static_cast<std::size_t>(t) * mz * mz + pair_index(a, b)] =
              a != b && v.lattice_allows(k + j + 1 + t, a, b);
  }

  const LatticeLayout& layout() const { return L_; }
  // Words per chunk of the cross-chunk buffers, and the chunk word of each slot.
  std::uint64_t cross_slots() const { return slot_word_.size(); }
  const std::uint16_t* slot_words() const { return slot_word_.data(); }

  // Expands the frontier words F[idx[0..count)] of one chunk into `out` (the chunk's
  // next-level candidates, ORed in; the caller zeroes it).  Returns the OR of all
  // bits written.  M: the number of pegs as a compile-time constant when the word
  // holds lattice_word_discs(M) discs (unrolled shifts), 0 for the runtime loops.
  template <int M>
  HANOI_ALWAYS_INLINE std::uint64_t expand_in_chunk(const std::uint64_t* F,
                                                    const std::uint32_t* idx, std::size_t count,
                                                    std::uint64_t* out) const {
    constexpr std::size_t kS =
        M == 0 ? 0 : static_cast<std::size_t>(lattice_word_discs(M)) * (M - 1);
    constexpr std::size_t kP = M == 0 ? 0 : static_cast<std::size_t>(M * (M - 1) / 2);
    const std::size_t S = M == 0 ? shifts_ : kS;
    const std::size_t P = M == 0 ? static_cast<std::size_t>(pairs_) : kP;
    const std::uint64_t* up = up_.data();
    const std::uint64_t* down = down_.data();
    const int* amount = amount_.data();
    const std::uint64_t* masks = masks_.data();
    const ChunkMove* table = chunk_moves_.data();
    std::uint64_t any = 0;
    for (std::size_t q = 0; q < count; ++q) {
      const std::uint32_t i = idx[q];
      const std::uint64_t x = F[i];
      std::uint64_t y = 0;
      // S is a compile-time bound when M is, so this loop unrolls.
      for (std::size_t s = 0; s < S; ++s)
        y |= ((x & up[s]) << amount[s]) | ((x & down[s]) >> amount[s]);
      out[i] |= y;
      any |= y;
      const ChunkMove* e = table + static_cast<std::size_t>(i) * P;
      for (std::size_t p = 0; p < P; ++p) {
        const std::uint64_t z = x & masks[e[p].pair];
        out[e[p].target] |= z;
        any |= z;
      }
    }
    return any;
  }

  // Calls f(CrossMove) for each large-disc move out of chunk `c` (at most m(m-1)/2).
  template <class F>
  void for_each_cross_move(std::uint64_t c, F&& f) const {
    const int h = L_.large_discs();
    if (h == 0) return;
    const std::uint64_t chunk = c;
    int dg[64];
    for (int t = 0; t < h; ++t) {
      dg[t] = static_cast<int>(c % static_cast<std::uint64_t>(m_));
      c /= static_cast<std::uint64_t>(m_);
    }
    const std::size_t mz = static_cast<std::size_t>(m_);
    for (int a = 0; a < m_; ++a) {
      for (int b = a + 1; b < m_; ++b) {
        int t = 0;
        while (t < h && dg[t] != a && dg[t] != b) ++t;
        if (t == h) continue;
        const int from = dg[t], to = from == a ? b : a;
        if (!allowed_[static_cast<std::size_t>(t) * mz * mz + pair_index(from, to)]) continue;
        const auto& words = off_[pair_index(a, b)];
        if (words.empty()) continue;
        const std::uint64_t step = pw_[static_cast<std::size_t>(t)];
        const std::uint64_t target = to > from
                                         ? chunk + static_cast<std::uint64_t>(to - from) * step
                                         : chunk - static_cast<std::uint64_t>(from - to) * step;
        f(CrossMove{target, masks_[pair_index(from, to)], words.data(), words.size()});
      }
    }
  }

 private:
  std::size_t pair_index(int a, int b) const {
    return static_cast<std::size_t>(a) * static_cast<std::size_t>(m_) + static_cast<std::size_t>(b);
  }
  int digit(std::uint64_t x, int d) const {
    return static_cast<int>(x / pw_[static_cast<std::size_t>(d)] % static_cast<std::uint64_t>(m_));
  }

  LatticeLayout L_;
  int m_ = 0, pairs_ = 0;
  std::vector<std::uint64_t> pw_;
  std::size_t shifts_ = 0;
  std::vector<std::uint64_t> up_, down_, masks_;
  std::vector<int> amount_;
  std::vector<ChunkMove> chunk_moves_;
  std::vector<std::vector<CrossWord>> off_;
  std::vector<std::uint16_t> slot_word_;
  std::vector<std::uint8_t> allowed_;
};

}  // namespace hanoi

// Word-parallel ("lattice") breadth-first search for single-stack peg variants.
//
// Design overview
// ---------------
// A LatticeSpace ranks a state as the base-m number whose digit d-1 is the peg of
// disc d (smallest disc lowest), every one of the m^n ranks is legal, a move is the
// plain Hanoi move of a top disc allowed by a rule that looks only at the disc and
// the two pegs, and the goal is one rank.  Two facts about that lattice make the
// search word-parallel:
//
// * Fix the n-k larger discs and run over every placement of the k smallest: that
//   *block* of m^k <= 64 ranks is one machine word (bit l = the low digits l).  The
//   moves of the k small discs stay in the block, and each is a fixed shift of the
//   bits under a fixed mask (disc d on peg a, the discs below d off a and b; shift
//   by (b-a)*m^(d-1)), the same for every block.  So every small-disc successor of
//   all the frontier states of a block is ~18 shift-and-mask operations.
// * A move of a larger disc D from a to b needs the k small discs all off a and b
//   (a fixed mask E[a][b]) and D the top of a and smaller than the top of b among
//   the large discs (a property of the block index h alone).  It sends those bits,
//   at the same offsets, to block h + (b-a)*m^(D-1-k): one masked OR per move.
//
// For m a power of two (4 pegs: k = 3, 8 pegs: k = 2) a word is exactly a block and
// the word index is the rank's high part; otherwise a block is padded to a word
// (3 pegs: 27 of 64 bits, 5 pegs: 25, 6 pegs: 36), which costs memory (64/m^k) but
// keeps every operation above word-wide.
//
// The level loop keeps three bitmaps over words: `visited`, and two "raw" buffers
// that collect the successors of the current level (duplicates included).  A level
// is read lazily: scanning raw word h, the frontier is raw[h] & ~visited[h], which
// is then marked visited, counted and expanded into the other raw buffer, and raw[h]
// is cleared, all in one pass.  Which raw words to read: each word made nonzero is
// listed by the thread that wrote it, and a level of at most W/16 listed words is
// read word by word (a 3-peg search has 10^6 levels of a few thousand states, or
// 3^n levels of one); past that the lists are dropped and a flag per chunk of 1024
// words says which chunks to scan whole.
// Chunks are expanded in parallel; a chunk's `visited` and current raw words are
// touched only by the thread that owns the chunk, so only the writes into the next
// raw buffer are atomic (and single-threaded runs use plain writes).
//
// Witnesses.  With a witness requested the search also keeps each state's depth
// mod 3 (two more bitmaps).  For a reversible rule a predecessor of a state at
// depth D has depth D-1, D or D+1, so the one with code (D-1) mod 3 is one step
// closer; walking back from the goal gives an optimal move sequence.  An
// irreversible rule (cyclic) breaks that argument, so search.hpp runs the generic
// engine there when a witness is asked for.
//
// Same results as breadth_first_search (bfs.hpp): optimum, states, eccentricity,
// per-level counts, farthest states, stop-at-goal; the tests compare the two level
// by level.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "engine/bfs.hpp"
#include "engine/core.hpp"
#include "engine/peg_codec.hpp"
#include "engine/progress.hpp"
#include "engine/search_types.hpp"
#include "engine/storage.hpp"

namespace hanoi {

// A space the lattice engine serves (see the overview for the contract).
template <class V>
concept LatticeSpace = StateSpace<V> && requires(const V& v, int d, int a, int b) {
  requires V::kLattice;
  { v.goal_rank() } -> std::convertible_to<Rank>;
  { v.lattice_allows(d, a, b) } -> std::convertible_to<bool>;
};

// How ranks map onto words: k low discs per word, m^k bits used of 64.
class LatticeLayout {
 public:
  LatticeLayout(int pegs, int discs) : pegs_(pegs), discs_(discs) {
    low_ = 0;
    block_ = 1;
    while (low_ < discs && block_ * static_cast<std::uint64_t>(pegs) <= 64) {
      block_ *= static_cast<std::uint64_t>(pegs);
      ++low_;
    }
    words_ = 1;
    for (int i = low_; i < discs; ++i) words_ *= static_cast<std::uint64_t>(pegs);
  }
  int pegs() const { return pegs_; }
  int discs() const { return discs_; }
  int low_discs() const { return low_; }          // k
  std::uint64_t block() const { return block_; }  // m^k ranks per word
  std::uint64_t words() const { return words_; }  // m^(n-k) words
  std::uint64_t word_of(Rank r) const { return r / block_; }
  int bit_of(Rank r) const { return static_cast<int>(r % block_); }
  Rank rank_of(std::uint64_t word, int bit) const { return word * block_ + static_cast<Rank>(bit); }

 private:
  int pegs_, discs_, low_ = 0;
  std::uint64_t block_ = 1, words_ = 1;
};

namespace lattice_detail {
inline constexpr std::uint64_t kChunkWords = 1024;  // one flag per 8 KiB of a bitmap

// Bitmaps used by the search: visited and two raw buffers, two depth planes with a
// witness, and the chunk flags.
inline std::uint64_t estimate_bytes(const LatticeLayout& L, bool want_path) {
  const std::uint64_t bitmap = L.words() * 8;
  const std::uint64_t chunks = (L.words() + kChunkWords - 1) / kChunkWords;
  const std::uint64_t lists = 2 * std::max<std::uint64_t>(L.words() / 16, 4096) * 8;
  return (want_path ? 5 : 3) * bitmap + 2 * chunks + lists + (1 << 16);
}

// One shift of the in-block moves: the bits under `mask` move by `shift` places.
struct BlockShift {
  std::uint64_t mask = 0;
  int shift = 0;  // positive: towards higher bits
};
}  // namespace lattice_detail

inline std::uint64_t estimate_lattice_bytes(int pegs, int discs, bool want_path) {
  return lattice_detail::estimate_bytes(LatticeLayout(pegs, discs), want_path);
}

template <LatticeSpace V>
SearchResult lattice_search(const V& v, const SearchOptions& options) {
  using Clock = std::chrono::steady_clock;
  using lattice_detail::kChunkWords;
  const auto t0 = Clock::now();
  const int m = v.pegs(), n = v.discs();
  const LatticeLayout L(m, n);
  const int k = L.low_discs();
  SearchResult result;
  result.engine = EngineKind::kLattice;
  result.rank_space = v.num_ranks();
  const std::uint64_t budget = options.max_memory ? options.max_memory : default_memory_budget();
  const std::uint64_t need = lattice_detail::estimate_bytes(L, options.want_path);
  if (need > budget) throw MemoryBudgetExceeded(need, budget);
  if (options.want_path && !V::kReversible)
    throw std::invalid_argument(
        "the lattice engine keeps witnesses only for reversible rules (use --engine generic)");

  // --- The move tables ------------------------------------------------------
  std::vector<std::uint64_t> pw(static_cast<std::size_t>(n) + 1, 1);  // m^i
  for (int i = 1; i <= n; ++i) pw[i] = pw[i - 1] * static_cast<std::uint64_t>(m);
  auto digit = [&](std::uint64_t l, int d) {  // peg of disc d in low digits l
    return static_cast<int>(l / pw[d - 1] % static_cast<std::uint64_t>(m));
  };
  // In-block moves, one mask per distinct shift.
  std::vector<lattice_detail::BlockShift> shifts;
  for (int d = 1; d <= k; ++d) {
    for (int a = 0; a < m; ++a) {
      for (int b = 0; b < m; ++b) {
        if (a == b || !v.lattice_allows(d, a, b)) continue;
        std::uint64_t mask = 0;
        for (std::uint64_t l = 0; l < L.block(); ++l) {
          if (digit(l, d) != a) continue;
          bool clear = true;
          for (int e = 1; e < d && clear; ++e) clear = digit(l, e) != a && digit(l, e) != b;
          if (clear) mask |= std::uint64_t{1} << l;
        }
        const int shift = (b - a) * static_cast<int>(pw[d - 1]);
        auto it = std::find_if(shifts.begin(), shifts.end(),
                               [&](const auto& s) { return s.shift == shift; });
        if (it == shifts.end()) {
          shifts.push_back({mask, shift});
        } else {
          it->mask |= mask;
        }
      }
    }
  }
  // Split by direction, in fixed arrays (at most k*(m-1) shifts each way), so the
  // expansion's loop has no branch on the sign.
  std::array<lattice_detail::BlockShift, 64> up{}, down{};
  std::size_t n_up = 0, n_down = 0;
  for (const auto& sh : shifts) {
    if (sh.shift > 0) {
      up[n_up++] = sh;
    } else {
      down[n_down++] = {sh.mask, -sh.shift};
    }
  }
  // E[a*m+b]: the blocks' bits whose small discs are all off pegs a and b.
  // Table indices in size_t arithmetic (an int product widened afterwards could
  // overflow first).
  const std::size_t mz = static_cast<std::size_t>(m);
  auto pair_index = [mz](int a, int b) {
    return static_cast<std::size_t>(a) * mz + static_cast<std::size_t>(b);
  };
  std::vector<std::uint64_t> cross(mz * mz, 0);
  for (int a = 0; a < m; ++a) {
    for (int b = 0; b < m; ++b) {
      if (a == b) continue;
      for (std::uint64_t l = 0; l < L.block(); ++l) {
        bool clear = true;
        for (int e = 1; e <= k && clear; ++e) clear = digit(l, e) != a && digit(l, e) != b;
        if (clear) cross[pair_index(a, b)] |= std::uint64_t{1} << l;
      }
    }
  }
  // allowed[(D-1)*m*m + a*m + b] for the large discs D = k+1..n.
  std::vector<std::uint8_t> allowed(static_cast<std::size_t>(n * m * m) + 1, 0);
  for (int d = k + 1; d <= n; ++d)
    for (int a = 0; a < m; ++a)
      for (int b = 0; b < m; ++b)
        allowed[static_cast<std::size_t>(d - 1) * mz * mz + pair_index(a, b)] =
            a != b && v.lattice_allows(d, a, b);
  // The large discs of a word index, as PegCodec fields (tops by bit operations).
  const PegCodec high(m, n - k);

  // --- Storage ----------------------------------------------------------------
  const std::uint64_t W = L.words();
  const std::uint64_t chunks = (W + kChunkWords - 1) / kChunkWords;
  // The word lists of a level (see below) hold at most W/16 indices, twice over.
  const std::uint64_t list_bytes = 2 * std::max<std::uint64_t>(W / 16, 4096) * 8;
  SegmentedArray<std::uint64_t> visited(W), raw0(W), raw1(W), plane0, plane1;
  SegmentedArray<std::uint64_t>* raw[2] = {&raw0, &raw1};
  std::vector<std::uint8_t> flags0(chunks, 0), flags1(chunks, 0);
  std::vector<std::uint8_t>* flags[2] = {&flags0, &flags1};
  std::uint64_t allocated = 3 * visited.bytes() + 2 * chunks + list_bytes;
  if (options.want_path) {
    plane0 = SegmentedArray<std::uint64_t>(W);
    plane1 = SegmentedArray<std::uint64_t>(W);
    allocated += 2 * visited.bytes();
  }

  const Rank r0 = v.rank(v.start());
  const Rank goal = v.goal_rank();
  const std::uint64_t goal_word = L.word_of(goal);
  const std::uint64_t goal_bit = std::uint64_t{1} << L.bit_of(goal);
  (*raw[0])[L.word_of(r0)] = std::uint64_t{1} << L.bit_of(r0);
  (*flags[0])[L.word_of(r0) / kChunkWords] = 1;

  const std::size_t threads = detail::worker_count();
  const bool parallel = threads > 1;
  // A level whose raw words fit this list is read word by word (3-peg searches have
  // 10^6 levels of a few thousand states); a larger one is read chunk by chunk.
  const std::uint64_t list_cap = std::max<std::uint64_t>(W / 16, 4096);
  const std::uint64_t list_cap_per_thread = std::max<std::uint64_t>(list_cap / threads, 1024);
  std::atomic<bool> overflow{false};

  // Cross-block writes wait in a small per-thread buffer, their target words
  // prefetched, so that the cache misses of a batch of words overlap (a miss on
  // every far target was a fifth of the time when they were written at once).
  static constexpr std::size_t kPending = 512, kFlushAt = 64;  // 64 + m(m-1)/2 < 512
  struct Pending {
    std::uint64_t word, bits;
  };
  struct Local {
    std::array<Pending, kPending> pending;
    std::size_t np = 0;
    std::uint64_t count = 0;
    bool goal = false;
    std::vector<Rank> sample;               // the lowest ranks of the level seen here
    std::vector<std::uint64_t> next_words;  // words of the next raw buffer made nonzero
  };
  tbb::enumerable_thread_specific<Local> locals;

  // ORs `bits` into word `word` of the raw buffer `out` (chunk flags `fl`).
  auto put = [&]<bool kAtomic>(SegmentedArray<std::uint64_t>& out, std::vector<std::uint8_t>& fl,
                               Local& lo, std::uint64_t word, std::uint64_t bits)
                 HANOI_ALWAYS_INLINE {
                   std::uint64_t& w = out[word];
                   std::uint64_t old;
                   if constexpr (kAtomic) {
                     std::atomic_ref<std::uint64_t> ref(w);
                     old = ref.load(std::memory_order_relaxed);
                     if ((old & bits) == bits) return;
                     old = ref.fetch_or(bits, std::memory_order_relaxed);
                   } else {
                     old = w;
                     w = old | bits;
                   }
                   if (old != 0) return;
                   // This call made the word nonzero: flag its chunk and list it.
                   std::uint8_t& f = fl[word / kChunkWords];
                   if constexpr (kAtomic) {
                     std::atomic_ref<std::uint8_t> fr(f);
                     if (!fr.load(std::memory_order_relaxed))
                       fr.store(1, std::memory_order_relaxed);
                   } else {
                     f = 1;
                   }
                   if (overflow.load(std::memory_order_relaxed)) return;
                   if (lo.next_words.size() < list_cap_per_thread) {
                     lo.next_words.push_back(word);
                   } else {
                     overflow.store(true, std::memory_order_relaxed);
                   }
                 };
  // Applies the cross-block writes waiting in lo.pending.
  auto flush = [&]<bool kAtomic>(SegmentedArray<std::uint64_t>& out, std::vector<std::uint8_t>& fl,
                                 Local& lo) {
    for (std::size_t i = 0; i < lo.np; ++i)
      put.template operator()<kAtomic>(out, fl, lo, lo.pending[i].word, lo.pending[i].bits);
    lo.np = 0;
  };

  // Expands the frontier bits x of word h (visited word `vis`) into the raw buffer
  // `out` (chunk flags `fl`).  M = the number of pegs when it is a compile-time
  // constant (tops by bit operations, unrolled pair loop), 0 for the generic loop.
  auto expand = [&]<int M, bool kAtomic>(std::uint64_t h, std::uint64_t x, std::uint64_t vis,
                                         SegmentedArray<std::uint64_t>& out,
                                         std::vector<std::uint8_t>& fl,
                                         Local& lo) HANOI_ALWAYS_INLINE {
    if (lo.np >= kFlushAt) flush.template operator()<kAtomic>(out, fl, lo);
    // Small discs: shifts inside the word.
    std::uint64_t y = 0;
    for (std::size_t i = 0; i < n_up; ++i) y |= (x & up[i].mask) << up[i].shift;
    for (std::size_t i = 0; i < n_down; ++i) y |= (x & down[i].mask) >> down[i].shift;
    y &= ~vis;
    if (y) put.template operator()<kAtomic>(out, fl, lo, h, y);
    if (k == n) return;
    // Large discs: the top of each peg among them (0 = empty -> n-k+1).
    const int mm = M == 0 ? m : M;
    const int empty = n - k + 1;
    int top[16];
    const std::uint64_t packed = high.unrank(h);
    if constexpr (M == 0) {
      high.tops(packed, top);
    } else {
      constexpr int kBits = M <= 2 ? 1 : std::bit_width(static_cast<unsigned>(M - 1));
      for (int p = 0; p < M; ++p) top[p] = high.template top_of<kBits>(packed, p);
    }
    for (int p = 0; p < mm; ++p) top[p] = top[p] == 0 ? empty : top[p];
    for (int a = 0; a < mm; ++a) {
      for (int b = a + 1; b < mm; ++b) {
        const bool a_moves = top[a] < top[b];
        const int d = a_moves ? top[a] : top[b];
        if (d == empty) continue;
        const int from = a_moves ? a : b, to = a_moves ? b : a;
        // mm is a compile-time constant in the unrolled paths: keep it in the index.
        const std::size_t mmz = static_cast<std::size_t>(mm);
        const std::size_t pair =
            static_cast<std::size_t>(from) * mmz + static_cast<std::size_t>(to);
        if (!allowed[static_cast<std::size_t>(d + k - 1) * mmz * mmz + pair]) continue;
        const std::uint64_t z = x & cross[pair];
        if (!z) continue;
        const std::uint64_t target = to > from
                                         ? h + static_cast<std::uint64_t>(to - from) * pw[d - 1]
                                         : h - static_cast<std::uint64_t>(from - to) * pw[d - 1];
        __builtin_prefetch(&out[target], 1, 3);
        lo.pending[lo.np++] = {target, z};
      }
    }
  };

  // Reads one raw word of the current level: filter by visited, mark, count, expand.
  auto visit_word = [&]<int M, bool kAtomic>(std::uint64_t h, std::uint64_t& in_word,
                                             std::uint64_t& vis_word, int cur, int code,
                                             Local& lo) HANOI_ALWAYS_INLINE {
    std::uint64_t x = in_word;
    if (!x) return;
    in_word = 0;
    x &= ~vis_word;
    if (!x) return;
    vis_word |= x;
    lo.count += static_cast<std::uint64_t>(std::popcount(x));
    if (h == goal_word && (x & goal_bit)) lo.goal = true;
    if (options.want_path) {
      if (code & 1) plane0[h] |= x;
      if (code & 2) plane1[h] |= x;
    }
    if (options.farthest > 0) {
      for (std::uint64_t w = x; w; w &= w - 1)
        lo.sample.push_back(L.rank_of(h, std::countr_zero(w)));
      if (lo.sample.size() >= 4 * options.farthest) {
        std::sort(lo.sample.begin(), lo.sample.end());
        lo.sample.resize(options.farthest);
      }
    }
    expand.template operator()<M, kAtomic>(h, x, vis_word, *raw[1 - cur], *flags[1 - cur], lo);
  };
  // A chunk: the words are contiguous within one segment of each array.
  auto scan_chunk = [&]<int M, bool kAtomic>(std::uint64_t c, int cur, int code, Local& lo) {
    const std::uint64_t begin = c * kChunkWords;
    const std::uint64_t count = std::min(W, begin + kChunkWords) - begin;
    std::uint64_t* in = &(*raw[cur])[begin];
    std::uint64_t* vis = &visited[begin];
    for (std::uint64_t i = 0; i < count; ++i)
      visit_word.template operator()<M, kAtomic>(begin + i, in[i], vis[i], cur, code, lo);
  };
  auto scan_word = [&]<int M, bool kAtomic>(std::uint64_t h, int cur, int code, Local& lo) {
    std::uint8_t& f = (*flags[cur])[h / kChunkWords];
    if constexpr (kAtomic) {
      std::atomic_ref<std::uint8_t>(f).store(0, std::memory_order_relaxed);
    } else {
      f = 0;
    }
    visit_word.template operator()<M, kAtomic>(h, (*raw[cur])[h], visited[h], cur, code, lo);
  };
  // items: chunk numbers (by_chunk) or word indices.
  auto scan_level = [&]<int M>(const std::vector<std::uint64_t>& items, bool by_chunk, int cur,
                               int code) {
    const std::size_t grain = by_chunk ? 1 : 256;
    if (parallel && items.size() > (by_chunk ? 1 : 4096)) {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, items.size(), grain),
                        [&](const tbb::blocked_range<std::size_t>& r) {
                          Local& lo = locals.local();
                          for (std::size_t i = r.begin(); i != r.end(); ++i) {
                            if (by_chunk) {
                              scan_chunk.template operator()<M, true>(items[i], cur, code, lo);
                            } else {
                              scan_word.template operator()<M, true>(items[i], cur, code, lo);
                            }
                          }
                          flush.template operator()<true>(*raw[1 - cur], *flags[1 - cur], lo);
                        });
    } else {
      Local& lo = locals.local();
      for (std::uint64_t it : items) {
        if (by_chunk) {
          scan_chunk.template operator()<M, false>(it, cur, code, lo);
        } else {
          scan_word.template operator()<M, false>(it, cur, code, lo);
        }
      }
      flush.template operator()<false>(*raw[1 - cur], *flags[1 - cur], lo);
    }
  };

  // --- The level loop ---------------------------------------------------------
  std::vector<std::uint64_t> items{L.word_of(r0)};  // level 0: one word, listed
  bool by_chunk = false;
  std::vector<Rank> sample;
  std::uint64_t reached = 0;
  bool goal_found = false;
  auto last_report = t0;
  ProgressPrinter progress("lattice");
  unsigned levels_since_clock = 0;
  int cur = 0;
  for (std::uint64_t depth = 0;; ++depth) {
    check_cancel(options);
    for (auto& lo : locals) {
      lo.count = 0;
      lo.goal = false;
      lo.sample.clear();
      lo.next_words.clear();
    }
    overflow.store(false);
    const auto level_t0 = options.trace ? Clock::now() : Clock::time_point{};
    const int code = static_cast<int>(depth % 3);
    switch (m) {
      case 3:
        scan_level.template operator()<3>(items, by_chunk, cur, code);
        break;
      case 4:
        scan_level.template operator()<4>(items, by_chunk, cur, code);
        break;
      case 5:
        scan_level.template operator()<5>(items, by_chunk, cur, code);
        break;
      case 6:
        scan_level.template operator()<6>(items, by_chunk, cur, code);
        break;
      case 8:
        scan_level.template operator()<8>(items, by_chunk, cur, code);
        break;
      default:
        scan_level.template operator()<0>(items, by_chunk, cur, code);
        break;
    }
    std::uint64_t size = 0;
    bool goal_here = false;
    for (auto& lo : locals) {
      size += lo.count;
      goal_here = goal_here || lo.goal;
    }
    if (options.trace)
      std::fprintf(stderr, "[lattice] level %llu: %llu states from %zu %s, %.3f s\n",
                   static_cast<unsigned long long>(depth), static_cast<unsigned long long>(size),
                   items.size(), by_chunk ? "chunks" : "words",
                   std::chrono::duration<double>(Clock::now() - level_t0).count());
    if (size == 0) break;  // level `depth` is empty: the last level was depth-1
    result.level_sizes.push_back(size);
    reached += size;
    if (options.farthest > 0) {
      sample.clear();
      for (auto& lo : locals) sample.insert(sample.end(), lo.sample.begin(), lo.sample.end());
      std::sort(sample.begin(), sample.end());
      if (sample.size() > options.farthest) sample.resize(options.farthest);
    }
    if (goal_here && !goal_found) {
      goal_found = true;
      result.optimum = depth;
    }
    // Reading the clock costs more than a tiny level (3-peg searches have up to 3^n
    // levels of one state), so it is read every 1024 levels or after a large one.
    if (options.progress && (++levels_since_clock >= 1024 || size >= 65536)) {
      levels_since_clock = 0;
      const auto now = Clock::now();
      if (now - last_report > std::chrono::seconds(2)) {
        last_report = now;
        const double secs = std::chrono::duration<double>(now - t0).count();
        progress.report(static_cast<double>(reached) / static_cast<double>(v.num_ranks()), secs,
                        static_cast<double>(reached) / secs,
                        "level " + std::to_string(depth) + ": " + std::to_string(size) + " new, " +
                            std::to_string(reached) + " reached");
      }
    }
    if (goal_found && options.stop_at_goal) {
      result.complete = false;
      break;
    }
    // The next level's raw words: listed, or (when a list overflowed) flagged chunks.
    cur = 1 - cur;
    items.clear();
    by_chunk = overflow.load();
    if (by_chunk) {
      std::vector<std::uint8_t>& fl = *flags[cur];
      for (std::uint64_t c = 0; c < chunks; ++c) {
        if (fl[c]) {
          items.push_back(c);
          fl[c] = 0;
        }
      }
    } else {
      for (auto& lo : locals) items.insert(items.end(), lo.next_words.begin(), lo.next_words.end());
    }
  }
  result.states_reached = reached;
  result.eccentricity = result.level_sizes.empty() ? 0 : result.level_sizes.size() - 1;
  result.outcome = goal_found ? SearchOutcome::kGoalReached : SearchOutcome::kGoalUnreachable;
  if (result.complete)
    for (Rank r : sample) result.farthest.push_back(v.describe(v.unrank(r)));

  if (goal_found && options.want_path && options.max_path_moves > 0 &&
      result.optimum > options.max_path_moves) {
    result.path_omitted = true;
  } else if (goal_found && options.want_path) {
    const std::uint64_t path_bytes = result.optimum * sizeof(Move);
    if (allocated + path_bytes > budget) throw MemoryBudgetExceeded(allocated + path_bytes, budget);
    allocated += path_bytes;
    // Walk back: a predecessor one level closer has depth code (D-1) mod 3.
    auto depth_code = [&](Rank r) -> int {
      const std::uint64_t h = L.word_of(r);
      const std::uint64_t bit = std::uint64_t{1} << L.bit_of(r);
      if (!(visited[h] & bit)) return -1;
      return ((plane0[h] & bit) ? 1 : 0) | ((plane1[h] & bit) ? 2 : 0);
    };
    std::vector<Move> path;
    path.reserve(result.optimum);
    Rank r = goal;
    for (std::uint64_t d = result.optimum; d > 0; --d) {
      const int want = static_cast<int>((d - 1) % 3);
      bool stepped = false;
      for_each_predecessor(v, v.unrank(r), [&](const typename V::State& u, Move mv) {
        if (stepped) return;
        const Rank ru = v.rank(u);
        if (depth_code(ru) != want) return;
        stepped = true;
        path.push_back(mv);
        r = ru;
      });
      if (!stepped) throw std::logic_error("lattice witness: no predecessor one level closer");
    }
    if (r != r0) throw std::logic_error("lattice witness did not end at the start");
    std::reverse(path.begin(), path.end());
    result.path = std::move(path);
  }
  result.search_bytes = allocated;
  result.peak_rss = peak_rss_bytes();
  result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return result;
}

}  // namespace hanoi

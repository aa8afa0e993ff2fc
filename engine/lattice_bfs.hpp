// The lattice search mode: word-parallel breadth-first search for single-stack peg
// variants, 64 configurations per machine word and a chunk of words per task.
//
// Design overview
// ---------------
// Three parts (see level_loop.hpp): the level loop (run_levels), the storage
// (ChunkedWords in storage.hpp: the bitmaps in segments of whole chunks) and the
// kernel (LatticeKernel in lattice_kernel.hpp: the moves of a chunk).  This file is
// the glue, LatticeMode, and the witness walk-back.
//
// Bitmaps, in the layout of LatticeLayout:
//   V        visited;
//   R        the in-chunk candidates of the next level.  Only the thread expanding a
//            chunk touches its R words during a level: it reads them (and clears
//            them) before it writes the next level's, so one bitmap serves both;
//   X[2]     the cross-chunk candidates, written by the expansion of *other* chunks
//            (atomic ORs when several threads run), one word per slot of the
//            kernel's cross words (18% of a bitmap for 4 pegs), one per parity
//            because a chunk may be written before it is read in the same level;
//   planes   with a witness, each state's depth mod 3 (two bitmaps).
// Per chunk and parity, one byte says X holds candidates and one that the chunk is
// listed for the next level (the first writer lists it, so a
// level's work is the list, never a scan of all chunks: 3-peg searches have up to
// 3^n levels of one state).
//
// A level reads each listed chunk once: X's slots are ORed into R and cleared, then
// frontier = R & ~V word by word, marked visited, counted and collected into a
// dense per-thread copy with the list of its nonzero words, R cleared as it is read;
// then the kernel expands the nonzero words into the chunk's R and pushes the
// cross-chunk words into the other chunks' next X.  Which chunk a thread takes does
// not change any count, so the per-level counts are the same for every thread count.
//
// Witnesses.  For a reversible rule a predecessor of a state at depth D has depth
// D-1, D or D+1, so the one whose depth code is (D-1) mod 3 is one step closer;
// walking back from the goal through predecessors (in their fixed order) gives an
// optimal, deterministic move sequence.  An irreversible rule (cyclic) breaks that
// argument, so search.hpp runs the generic engine there when a witness is asked for.
//
// Meet in the middle (options.meet_in_middle).  Let σ be a peg permutation with
// σ∘σ = 1 that maps the start to the goal and keeps the rule (a reflection of the
// pegs, for Reve's puzzle or the linear `adjacent` rule).  It maps the graph onto
// itself, so d(s, goal) = d(σs, start) and the optimum L is the least d(s) + d(σs)
// over all s.  Let k be the first depth at which some new state s has σs reached
// (at depth k - 1 or k).  No pair was complete before, so the midpoint m of an
// optimal path, with d(m) = floor(L/2) and d(σm) = ceil(L/2), has ceil(L/2) >= k:
// L >= 2k - 1.  Any pair found at level k with d(σs) <= k - 2 would give L <= 2k - 2,
// so a pair found has d(σs) = k - 1 (then L = 2k - 1) or k (then L = 2k, if no pair
// at k - 1 exists).  The search thus stops at about half the optimum.
// σ maps chunks to chunks (it relabels the large discs' pegs) and words to words,
// so the test of a chunk's new states needs only chunk σc's visited words, which
// are exact only if no other thread is marking them: a level's tasks pair each
// listed chunk with σc when σc is listed too (one thread visits both, keeping the
// first one's new states to tell depth k from k - 1), and a chunk whose σc is not
// listed reads σc's words, which nobody writes in that level.  So the decision is
// the same for every thread count and order.
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
#include <cstring>
#include <functional>
#include <optional>
#include <stdexcept>
#include <vector>

#include "engine/bfs.hpp"
#include "engine/combinations.hpp"
#include "engine/core.hpp"
#include "engine/lattice_kernel.hpp"
#include "engine/level_loop.hpp"
#include "engine/mirror.hpp"
#include "engine/search_types.hpp"
#include "engine/space_facts.hpp"
#include "engine/storage.hpp"

namespace hanoi {

namespace lattice_detail {
// Slots of the cross buffers per chunk: chunk words whose chunk discs all avoid some
// pair of pegs, i.e. use at most m-2 pegs (counted without building the kernel).
inline std::uint64_t cross_slot_bound(const LatticeLayout& L) {
  if (L.large_discs() == 0) return 0;
  const int m = L.pegs(), j = L.chunk_discs();
  std::uint64_t count = 0;
  for (std::uint64_t i = 0; i < L.chunk_words(); ++i) {
    std::uint32_t used = 0;
    std::uint64_t x = i;
    for (int t = 0; t < j; ++t) {
      used |= 1u << (x % static_cast<std::uint64_t>(m));
      x /= static_cast<std::uint64_t>(m);
    }
    if (std::popcount(used) <= m - 2) ++count;
  }
  return count;
}

// The bytes of a LatticeMode's own buffers over spans of `span` chunks with `slots`
// cross slots each (its bitmaps excluded): the two X buffers, two flag bytes per
// chunk and parity and two list entries per chunk, per thread a dense copy of a
// chunk with its word list, and the kernel's tables.
inline std::uint64_t worker_bytes(const LatticeLayout& L, std::uint64_t span, std::uint64_t slots) {
  const std::uint64_t per_chunk = 4 + 2 * 8;  // flags, and two list entries
  const std::uint64_t per_thread = L.chunk_words() * 12 + (1 << 16);
  const std::uint64_t tables = L.chunk_words() * static_cast<std::uint64_t>(L.pegs()) *
                               static_cast<std::uint64_t>(L.pegs()) * 4;
  return 2 * span * slots * 8 + span * per_chunk + 16 * per_thread + tables + (1 << 16);
}

// Bytes of a lattice search: the visited and R bitmaps (and two depth planes with a
// witness), and the worker's buffers over every chunk.
inline std::uint64_t estimate_bytes(const LatticeLayout& L, bool want_path) {
  const std::uint64_t bitmap = L.words() * 8;
  return (want_path ? 4 : 2) * bitmap + worker_bytes(L, L.chunks(), cross_slot_bound(L));
}
}  // namespace lattice_detail

// The bytes of a LatticeMode worker over spans of `span` chunks, its bitmaps
// excluded (the disk mode's segments bring their own; an X buffer has at least one
// slot per chunk, as allocated).
inline std::uint64_t lattice_worker_bytes(const LatticeLayout& L, std::uint64_t span) {
  return lattice_detail::worker_bytes(
      L, span, std::max<std::uint64_t>(lattice_detail::cross_slot_bound(L), 1));
}

inline std::uint64_t estimate_lattice_bytes(int pegs, int discs, bool want_path) {
  return lattice_detail::estimate_bytes(LatticeLayout(pegs, discs), want_path);
}

// Storage + kernel for one lattice search; run_levels drives it level by level.
template <LatticeSpace V>
class LatticeMode {
 public:
  // span_chunks = 0: the in-memory search, one span of every chunk whose bitmaps
  // live here, seeded with the start.  Otherwise a worker over spans of that many
  // chunks whose bitmaps the caller owns and binds per call (step_span: the
  // disk-backed mode, one segment at a time).
  LatticeMode(const V& v, const SearchOptions& options, const LatticeLayout& layout,
              std::uint64_t span_chunks = 0)
      : v_(v),
        options_(options),
        L_(layout),
        kernel_(v, layout),
        span_(span_chunks == 0 ? layout.chunks() : span_chunks),
        x_{ChunkedWords(span_, std::max<std::uint64_t>(kernel_.cross_slots(), 1)),
           ChunkedWords(span_, std::max<std::uint64_t>(kernel_.cross_slots(), 1))},
        flags_(span_ * 4, 0),
        threads_(detail::worker_count()),
        locals_([cw = L_.chunk_words()] { return Local(cw); }),
        serial_(L_.chunk_words()) {
    const Rank goal = v.goal_rank();
    goal_word_ = L_.word_of(goal);
    goal_bit_ = std::uint64_t{1} << L_.bit_of(goal);
    start_ = v.rank(v.start());
    if (span_chunks == 0) {
      own_visited_ = ChunkedWords(L_.chunks(), L_.chunk_words());
      own_r_ = ChunkedWords(L_.chunks(), L_.chunk_words());
      visited_ = &own_visited_;
      r_ = &own_r_;
      if (options.want_path) {
        planes_[0] = ChunkedWords(L_.chunks(), L_.chunk_words());
        planes_[1] = ChunkedWords(L_.chunks(), L_.chunk_words());
        plane_[0] = &planes_[0];
        plane_[1] = &planes_[1];
      }
      const std::uint64_t w0 = L_.word_of(start_);
      const std::uint64_t c0 = w0 / L_.chunk_words();
      r_->chunk(c0)[w0 % L_.chunk_words()] = std::uint64_t{1} << L_.bit_of(start_);
      flag(kListed, 0, c0) = 1;
      items_.push_back(c0);
    }
    // Which instantiation of the chunk expansion fits: the peg count as a constant
    // when the word holds its full complement of discs, else the runtime loops.
    const int m = L_.pegs();
    if (L_.word_discs() == lattice_word_discs(m)) {
      switch (m) {
        case 3:
          run_level_ = &LatticeMode::run_level<3>;
          break;
        case 4:
          run_level_ = &LatticeMode::run_level<4>;
          break;
        case 5:
          run_level_ = &LatticeMode::run_level<5>;
          break;
        case 6:
          run_level_ = &LatticeMode::run_level<6>;
          break;
        case 7:
          run_level_ = &LatticeMode::run_level<7>;
          break;
        case 8:
          run_level_ = &LatticeMode::run_level<8>;
          break;
        default:
          break;
      }
    }
    if (options.meet_in_middle) init_meet();
  }

  LevelReport step(std::uint64_t depth) { return run_items(depth, /*outside=*/nullptr); }

  // Whether rank r is visited (after step(d): first reached at depth d or before);
  // run_levels reads it for the watched ranks.  The in-memory mode only.
  bool reached(Rank r) const { return (visited_->word(L_.word_of(r)) >> L_.bit_of(r) & 1) != 0; }

  // The peg permutation of the half-depth test (meet_in_middle only): pegs()[i] is σ(i).
  const std::array<std::uint8_t, 16>& meet_permutation() const { return sigma_; }

  // Looks for this rank as the goal instead of the space's (the disk mode with
  // symmetry looks for the goal's image in a stored segment).
  void set_goal(Rank goal) {
    goal_word_ = L_.word_of(goal);
    goal_bit_ = std::uint64_t{1} << L_.bit_of(goal);
  }

  // The disk mode's sink for candidates leaving the span (step_span): a thread
  // hands its list over whenever it holds `cap` of them, so that no thread holds
  // more, and carries on with the list emptied; the sink must be thread-safe.
  // Without one, they all come back in SpanLevel::outside.
  using OutsideSink = std::function<void(std::vector<std::pair<std::uint64_t, std::uint64_t>>&)>;
  void set_outside_sink(OutsideSink sink, std::size_t cap) {
    outside_sink_ = std::move(sink);
    outside_cap_ = std::max<std::size_t>(cap, 1);
  }
  std::size_t threads() const { return threads_; }

  // What one span's level produced (step_span).
  struct SpanLevel {
    LevelReport report;
    // Candidates of the next level in chunks outside the span: (word, bits) with
    // the word numbered over the whole bitmap, in one part per thread (handed over,
    // not copied: at 6 pegs they are many).  Rare at 4 pegs: a large disc moves only
    // when every smaller disc is off its two pegs.
    std::vector<std::vector<std::pair<std::uint64_t, std::uint64_t>>> outside;
    bool next_nonzero = false;  // the span's R holds candidates of the next level
  };

  // Runs level `depth` over the chunks [base, base + span) whose visited and R
  // bitmaps are `vis` and `r` (span chunks each): R holds this level's candidates
  // (those from other spans already ORed in) and, on return, the next level's.
  // `listed`: with `known`, the span's chunks that may hold candidates (each once,
  // in any order; else they are found by reading R); on return, those of the next
  // level.  With a witness (options.want_path), `planes` are the span's two depth
  // planes (depth mod 3 of each visited state).
  SpanLevel step_span(std::uint64_t depth, std::uint64_t base, ChunkedWords& vis, ChunkedWords& r,
                      std::vector<std::uint64_t>& listed, bool known,
                      ChunkedWords* planes = nullptr) {
    base_ = base;
    visited_ = &vis;
    r_ = &r;
    if (planes != nullptr) {
      plane_[0] = &planes[0];
      plane_[1] = &planes[1];
    }
    const std::uint64_t cw = L_.chunk_words();
    items_.clear();
    if (known) {
      items_.swap(listed);
    } else {
      for (std::uint64_t c = 0; c < span_; ++c) {
        const std::uint64_t* w = r.chunk(c);
        for (std::uint64_t i = 0; i < cw; ++i)
          if (w[i] != 0) {
            items_.push_back(c);
            break;
          }
      }
    }
    SpanLevel out;
    const int nx = 1 - static_cast<int>(depth & 1);
    out.report = run_items(depth, &out.outside);
    // Every chunk of the span has been read: the in-span cross candidates of the
    // next level join R, so that a span's whole state is its two bitmaps.  (Chunks
    // are independent here, so large lists fold on every thread: the X buffers are
    // cold, and one thread folding them cost a tenth of a resident search.)
    auto fold = [&](std::uint64_t c) {
      flag(kListed, nx, c) = 0;
      if (!flag(kHasX, nx, c)) return;
      flag(kHasX, nx, c) = 0;
      std::uint64_t* in_x = x_[nx].chunk(c);
      std::uint64_t* in_r = r.chunk(c);
      const std::uint16_t* words = kernel_.slot_words();
      for (std::uint64_t s = 0, S = kernel_.cross_slots(); s < S; ++s) {
        in_r[words[s]] |= in_x[s];
        in_x[s] = 0;
      }
    };
    if (threads_ > 1 && items_.size() * L_.chunk_words() >= parallel_words()) {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, items_.size(), 16),
                        [&](const tbb::blocked_range<std::size_t>& q) {
                          for (std::size_t i = q.begin(); i != q.end(); ++i) fold(items_[i]);
                        });
    } else {
      for (std::uint64_t c : items_) fold(c);
    }
    out.next_nonzero = !items_.empty();
    listed.swap(items_);
    items_.clear();
    return out;
  }

  // An optimal move sequence from the start to the goal (reversible rules only).
  std::vector<Move> witness(std::uint64_t optimum) const {
    auto depth_code = [&](Rank r) -> int {
      const std::uint64_t h = L_.word_of(r);
      const std::uint64_t bit = std::uint64_t{1} << L_.bit_of(r);
      if (!(visited_->word(h) & bit)) return -1;
      return ((planes_[0].word(h) & bit) ? 1 : 0) | ((planes_[1].word(h) & bit) ? 2 : 0);
    };
    std::vector<Move> path;
    path.reserve(optimum);
    Rank r = v_.goal_rank();
    for (std::uint64_t d = optimum; d > 0; --d) {
      const int want = static_cast<int>((d - 1) % 3);
      bool stepped = false;
      for_each_predecessor(v_, v_.unrank(r), [&](const typename V::State& u, Move mv) {
        if (stepped) return;
        const Rank ru = v_.rank(u);
        if (depth_code(ru) != want) return;
        stepped = true;
        path.push_back(mv);
        r = ru;
      });
      if (!stepped) throw std::logic_error("lattice witness: no predecessor one level closer");
    }
    if (r != start_) throw std::logic_error("lattice witness did not end at the start");
    std::reverse(path.begin(), path.end());
    return path;
  }

 private:
  // One level over items_ (chunk indexes of the span); items_ becomes the chunks
  // listed for the next level.  `outside`: where candidates leaving the span go
  // (null for the in-memory span of every chunk, which none leave).
  LevelReport run_items(
      std::uint64_t depth,
      std::vector<std::vector<std::pair<std::uint64_t, std::uint64_t>>>* outside) {
    const int cur = static_cast<int>(depth & 1);
    const int code = static_cast<int>(depth % 3);
    // Small levels run on this thread with a Local of their own: 3-peg searches have
    // millions of levels of a few states, where waking the pool or finding a
    // thread-local copy would cost more than the level.
    const bool parallel = threads_ > 1 && items_.size() * L_.chunk_words() >= parallel_words() &&
                          items_.size() >= (options_.forced.parallel ? 2u : 4u);
    if (parallel) {
      for (auto& lo : locals_) reset(lo);
    } else {
      reset(serial_);
    }
    (this->*run_level_)(cur, code, parallel);
    LevelReport report;
    report.units = items_.size();
    items_.clear();
    bool odd = false, even = false;
    auto gather = [&](Local& lo) {
      report.size += lo.count;
      report.goal = report.goal || lo.goal;
      odd = odd || lo.meet_odd;
      even = even || lo.meet_even;
      if (items_.empty()) {
        items_.swap(lo.next);
      } else {
        items_.insert(items_.end(), lo.next.begin(), lo.next.end());
      }
      if (options_.farthest > 0)
        report.sample.insert(report.sample.end(), lo.sample.begin(), lo.sample.end());
      if (outside != nullptr && !lo.outside.empty()) {
        outside->emplace_back();
        outside->back().swap(lo.outside);
      }
    };
    if (parallel) {
      for (auto& lo : locals_) gather(lo);
    } else {
      gather(serial_);
    }
    if (options_.farthest > 0) keep_lowest(report.sample, options_.farthest);
    report.meet = odd ? LevelReport::Meet::kOdd
                      : (even ? LevelReport::Meet::kEven : LevelReport::Meet::kNone);
    return report;
  }

  // A level of fewer chunk words than this runs on one thread (a parallel_for costs
  // microseconds; a chunk word about a nanosecond).
  static constexpr std::uint64_t kParallelWords = 32768;
  std::uint64_t parallel_words() const { return options_.forced.parallel ? 0 : kParallelWords; }
  enum Flag { kHasX = 0, kListed = 1 };
  std::uint8_t& flag(Flag f, int parity, std::uint64_t c) {
    return flags_[c * 4 + static_cast<std::uint64_t>(f) * 2 + static_cast<std::uint64_t>(parity)];
  }

  struct Local {
    explicit Local(std::uint64_t cw) : frontier(cw), idx(cw), frontier2(cw) {}
    std::vector<std::uint64_t> frontier;   // dense copy of the chunk's new states
    std::vector<std::uint32_t> idx;        // its nonzero words
    std::uint32_t ni = 0;                  // how many
    std::vector<std::uint64_t> frontier2;  // meet in the middle: the pair's first chunk's
    std::uint64_t count = 0;
    bool goal = false;
    bool meet_odd = false, meet_even = false;
    std::vector<Rank> sample;
    std::vector<std::uint64_t> next;  // chunks this thread listed for the next level
    std::vector<std::pair<std::uint64_t, std::uint64_t>> outside;  // leaving the span
  };

  static void reset(Local& lo) {
    lo.count = 0;
    lo.goal = false;
    lo.meet_odd = false;
    lo.meet_even = false;
    lo.sample.clear();
    lo.next.clear();
  }

  template <int M>
  void run_level(int cur, int code, bool parallel) {
    if (meet_) {
      // Tasks of the half-depth test (see the overview): c with σc, once per pair.
      tasks_.clear();
      for (const std::uint64_t c : items_) {
        const std::uint64_t p = sigma_chunk(c);
        if (p == c) {
          tasks_.push_back({c, kSelf});
        } else if (flag(kListed, cur, p) != 0) {
          if (c < p) tasks_.push_back({c, p});
        } else {
          tasks_.push_back({c, kUnlisted});
        }
      }
      if (parallel) {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, tasks_.size(), 1),
                          [&](const tbb::blocked_range<std::size_t>& r) {
                            Local& lo = locals_.local();
                            for (std::size_t i = r.begin(); i != r.end(); ++i)
                              meet_task<M, true>(tasks_[i], cur, code, lo);
                          });
      } else {
        for (const MeetTask& t : tasks_) meet_task<M, false>(t, cur, code, serial_);
      }
      return;
    }
    if (parallel) {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, items_.size(), 1),
                        [&](const tbb::blocked_range<std::size_t>& r) {
                          Local& lo = locals_.local();
                          for (std::size_t i = r.begin(); i != r.end(); ++i)
                            visit_chunk<M, true>(items_[i], cur, code, lo);
                        });
    } else {
      for (std::uint64_t c : items_) visit_chunk<M, false>(c, cur, code, serial_);
    }
  }

  // Lists chunk c for the next level unless some thread already did.
  template <bool kAtomic>
  void list_next(int nx, std::uint64_t c, Local& lo) {
    std::uint8_t& f = flag(kListed, nx, c);
    if constexpr (kAtomic) {
      std::atomic_ref<std::uint8_t> ref(f);
      if (ref.load(std::memory_order_relaxed) || ref.exchange(1, std::memory_order_relaxed)) return;
    } else {
      if (f) return;
      f = 1;
    }
    lo.next.push_back(c);
  }

  template <int M, bool kAtomic>
  void visit_chunk(std::uint64_t c, int cur, int code, Local& lo) {
    const int nx = 1 - cur;
    const std::uint64_t cw = L_.chunk_words();
    // X flags of this parity were written by other threads during the last level;
    // the level boundary (the end of parallel_for) orders them before this read.
    const bool has_x = flag(kHasX, cur, c) != 0;
    flag(kHasX, cur, c) = 0;
    flag(kListed, cur, c) = 0;
    std::uint64_t* vis = visited_->chunk(c);
    std::uint64_t* in_r = r_->chunk(c);
    if (has_x) {
      std::uint64_t* in_x = x_[cur].chunk(c);
      const std::uint16_t* words = kernel_.slot_words();
      for (std::uint64_t s = 0, S = kernel_.cross_slots(); s < S; ++s) {
        in_r[words[s]] |= in_x[s];
        in_x[s] = 0;
      }
    }
    std::uint64_t* F = lo.frontier.data();
    std::uint32_t* idx = lo.idx.data();
    std::uint32_t ni = 0;
    std::uint64_t count = 0;
    // Branch-free reading: every word is copied (and cleared) and the nonzero ones
    // listed.
    for (std::uint64_t i = 0; i < cw; ++i) {
      const std::uint64_t x = in_r[i] & ~vis[i];
      in_r[i] = 0;
      vis[i] |= x;
      F[i] = x;
      idx[ni] = static_cast<std::uint32_t>(i);
      ni += x != 0;
      count += static_cast<std::uint64_t>(std::popcount(x));
    }
    lo.count += count;
    lo.ni = ni;
    if (ni == 0) return;
    const std::uint64_t global = base_ + c;  // the chunk's number over the whole space
    const std::uint64_t first_word = global * cw;
    if (goal_word_ / cw == global && (F[goal_word_ % cw] & goal_bit_)) lo.goal = true;
    if (options_.want_path) {
      std::uint64_t* p0 = plane_[0]->chunk(c);
      std::uint64_t* p1 = plane_[1]->chunk(c);
      for (std::uint32_t q = 0; q < ni; ++q) {
        const std::uint32_t i = idx[q];
        if (code & 1) p0[i] |= F[i];
        if (code & 2) p1[i] |= F[i];
      }
    }
    if (options_.farthest > 0) {
      for (std::uint32_t q = 0; q < ni; ++q) {
        for (std::uint64_t w = F[idx[q]]; w; w &= w - 1)
          lo.sample.push_back(L_.rank_of(first_word + idx[q], std::countr_zero(w)));
        if (lo.sample.size() >= 4 * options_.farthest + 64)
          keep_lowest(lo.sample, options_.farthest);
      }
    }
    // In-chunk moves into the chunk's R (cleared above).
    if (kernel_.template expand_in_chunk<M>(F, idx, ni, in_r)) list_next<kAtomic>(nx, c, lo);
    // Large-disc moves into other chunks' next X.
    kernel_.for_each_cross_move(global, [&](const LatticeKernel::CrossMove& mv) {
      const std::uint64_t t = mv.target_chunk - base_;  // wraps when below the span
      if (t >= span_) {
        for (std::size_t q = 0; q < mv.count; ++q) {
          const std::uint64_t z = F[mv.words[q].word] & mv.mask;
          if (z) lo.outside.emplace_back(mv.target_chunk * cw + mv.words[q].word, z);
        }
        if (lo.outside.size() >= outside_cap_ && outside_sink_) outside_sink_(lo.outside);
        return;
      }
      std::uint64_t* target = x_[nx].chunk(t);
      bool wrote = false;
      for (std::size_t q = 0; q < mv.count; ++q) {
        const std::uint64_t z = F[mv.words[q].word] & mv.mask;
        if (!z) continue;
        wrote = true;
        std::uint64_t& w = target[mv.words[q].slot];
        if constexpr (kAtomic) {
          std::atomic_ref<std::uint64_t> ref(w);
          if ((ref.load(std::memory_order_relaxed) & z) != z)
            ref.fetch_or(z, std::memory_order_relaxed);
        } else {
          w |= z;
        }
      }
      if (!wrote) return;
      std::uint8_t& fx = flag(kHasX, nx, t);
      if constexpr (kAtomic) {
        std::atomic_ref<std::uint8_t>(fx).store(1, std::memory_order_relaxed);
      } else {
        fx = 1;
      }
      list_next<kAtomic>(nx, t, lo);
    });
  }

  // --- Meet in the middle (see the overview) ---
  struct MeetTask {
    std::uint64_t c, partner;  // partner: σc, or kSelf (σc = c), or kUnlisted
  };
  static constexpr std::uint64_t kSelf = ~std::uint64_t{0};
  static constexpr std::uint64_t kUnlisted = ~std::uint64_t{0} - 1;

  // x read as `digits` base-m digits, each peg p relabelled σ(p).
  std::uint64_t sigma_digits(std::uint64_t x, int digits) const {
    const std::uint64_t m = static_cast<std::uint64_t>(L_.pegs());
    std::uint64_t out = 0, mul = 1;
    for (int t = 0; t < digits; ++t) {
      out += sigma_[x % m] * mul;
      x /= m;
      mul *= m;
    }
    return out;
  }
  std::uint64_t sigma_chunk(std::uint64_t c) const { return sigma_digits(c, L_.large_discs()); }
  std::uint64_t sigma_bits(std::uint64_t x) const {
    std::uint64_t out = 0;
    for (std::size_t b = 0; b < 8; ++b) out |= meet_bits_[b][(x >> (8 * b)) & 0xff];
    return out;
  }

  // Builds the tables of σ (find_meet_permutation); throws std::invalid_argument
  // when there is none (search.hpp refuses such a search before it starts).
  void init_meet() {
    // (require_combination refused the test on segments, or without σ.)
    if (span_ != L_.chunks()) throw std::logic_error("lattice: the half-depth test on segments");
    const auto sigma = find_meet_permutation(v_);
    if (!sigma) throw std::logic_error("lattice: no start-goal permutation");
    sigma_ = *sigma;
    meet_ = true;
    const std::uint64_t block = L_.block();
    for (std::size_t b = 0; b < 8; ++b)
      for (std::uint64_t x = 0; x < 256; ++x) {
        std::uint64_t out = 0;
        for (std::uint64_t j = 0; j < 8; ++j) {
          const std::uint64_t l = 8 * b + j;
          if ((x >> j & 1) != 0 && l < block)
            out |= std::uint64_t{1} << sigma_digits(l, L_.word_discs());
        }
        meet_bits_[b][x] = out;
      }
    meet_word_.resize(L_.chunk_words());
    for (std::uint64_t i = 0; i < L_.chunk_words(); ++i)
      meet_word_[i] = static_cast<std::uint32_t>(sigma_digits(i, L_.chunk_discs()));
  }

  // σ of the current chunk's new states (lo.frontier, words lo.idx[0..lo.ni)) against
  // the words of the chunk σc: `vis` its visited words, `same` the new states of this
  // level among them (null: none).  σs in vis but not in same: reached one level
  // earlier (kOdd); in same: this level (kEven).
  void meet_test(Local& lo, const std::uint64_t* vis, const std::uint64_t* same) const {
    const std::uint64_t* F = lo.frontier.data();
    for (std::uint32_t q = 0; q < lo.ni; ++q) {
      const std::uint32_t i = lo.idx[q];
      const std::uint64_t y = sigma_bits(F[i]);
      const std::uint32_t w = meet_word_[i];
      const std::uint64_t now = same != nullptr ? same[w] : 0;
      if ((y & vis[w] & ~now) != 0) lo.meet_odd = true;
      if ((y & now) != 0) lo.meet_even = true;
    }
  }

  template <int M, bool kAtomic>
  void meet_task(const MeetTask& t, int cur, int code, Local& lo) {
    visit_chunk<M, kAtomic>(t.c, cur, code, lo);
    if (t.partner == kSelf) {
      meet_test(lo, visited_->chunk(t.c), lo.frontier.data());
      return;
    }
    const std::uint64_t p = t.partner == kUnlisted ? sigma_chunk(t.c) : t.partner;
    // σc is not visited yet in this level (this task visits it next, or no one does).
    meet_test(lo, visited_->chunk(p), nullptr);
    if (t.partner == kUnlisted) return;
    std::swap(lo.frontier, lo.frontier2);  // keep c's new states
    visit_chunk<M, kAtomic>(p, cur, code, lo);
    meet_test(lo, visited_->chunk(t.c), lo.frontier2.data());
  }

  const V& v_;
  const SearchOptions& options_;
  LatticeLayout L_;
  LatticeKernel kernel_;
  std::uint64_t span_;                // chunks of the span this mode expands
  std::uint64_t base_ = 0;            // the span's first chunk
  ChunkedWords own_visited_, own_r_;  // the in-memory search's bitmaps
  ChunkedWords* visited_ = nullptr;   // the span's bitmaps (own_*, or bound by step_span)
  ChunkedWords* r_ = nullptr;
  ChunkedWords x_[2];
  ChunkedWords planes_[2];                       // the in-memory search's depth planes
  ChunkedWords* plane_[2] = {nullptr, nullptr};  // the span's (planes_, or bound by step_span)
  std::vector<std::uint8_t> flags_;
  std::size_t threads_;
  OutsideSink outside_sink_;  // see set_outside_sink
  std::size_t outside_cap_ = ~std::size_t{0};
  tbb::enumerable_thread_specific<Local> locals_;
  Local serial_;
  std::vector<std::uint64_t> items_;
  Rank start_ = 0;
  std::uint64_t goal_word_ = 0, goal_bit_ = 0;
  void (LatticeMode::*run_level_)(int, int, bool) = &LatticeMode::run_level<0>;
  bool meet_ = false;
  std::array<std::uint8_t, 16> sigma_{};
  std::array<std::array<std::uint64_t, 256>, 8> meet_bits_{};  // σ of a word's bits, by byte
  std::vector<std::uint32_t> meet_word_;                       // σ of a word index in a chunk
  std::vector<MeetTask> tasks_;
};

template <LatticeSpace V>
SearchResult lattice_search(const V& v, const SearchOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  require_combination(space_facts(v), options, EngineKind::kLattice, LevelStore::kMemory);
  const LatticeLayout L(v.pegs(), v.discs());
  SearchResult result;
  result.engine = EngineKind::kLattice;
  result.rank_space = v.num_ranks();
  const std::uint64_t budget = options.search_budget();
  std::uint64_t allocated = lattice_detail::estimate_bytes(L, options.want_path);
  if (allocated > budget) throw in_memory_over_budget(options, allocated);

  LatticeMode<V> mode(v, options, L);
  const LevelLoopEnd end = run_levels(mode, options, v.num_ranks(), "lattice", result);
  for (Rank r : end.farthest) result.farthest.push_back(v.describe(v.unrank(r)));

  const bool goal_found = result.outcome == SearchOutcome::kGoalReached;
  if (goal_found && options.want_path && options.max_path_moves > 0 &&
      result.optimum > options.max_path_moves) {
    result.path_omitted = true;
  } else if (goal_found && options.want_path) {
    const std::uint64_t path_bytes = result.optimum * sizeof(Move);
    if (allocated + path_bytes > budget) throw over_budget(options, allocated + path_bytes);
    allocated += path_bytes;
    result.path = mode.witness(result.optimum);
  }
  result.search_bytes = allocated;
  result.peak_rss = peak_rss_bytes();
  result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return result;
}

}  // namespace hanoi

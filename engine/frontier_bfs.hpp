// The frontier engine: a breadth-first search that keeps only its last two levels,
// for the reversible single-stack peg variants (--engine frontier).
//
// Design overview
// ---------------
// Where every move can be undone, a neighbour of a state at depth d lies at depth
// d - 1, d or d + 1, so level d + 1 is succ(L_d) minus L_d minus L_(d-1): no visited
// set is needed (Korf's frontier search).  Memory then follows the two widest
// consecutive levels instead of the rank space.  The half-depth test needs no more:
// at the first level k where some state s of level k has σs reached, σs lies at
// depth k - 1 or k (lattice_bfs.hpp, "Meet in the middle"), both held here.  So the
// search that suits it is the one that stops early in a space too large for a
// bitmap: linear 4 pegs at n = 19 has 2.7·10^11 ranks (34 GiB a bitmap, and the
// lattice engine keeps two), but its levels up to the half-depth hold about 10^8
// states each.  A complete search runs too (eccentricity, farthest states), though
// the middle levels of most puzzles are a sizeable share of the space.
//
// A level is an array of states grouped by *window*, a run of 2^21 ranks, in no
// order inside one, with where each window's run starts; a state is stored as its
// offset in the window, 4 bytes (the whole rank took 8: n = 19 needed 14 GiB).
// Successors come straight from the rank, the base-m number of the discs' pegs
// (disc d+1 is digit d; at 4 and 8 pegs a bit field read with word operations): the
// top disc of a peg is its lowest digit, and moving disc d+1 from a to b adds
// (b - a)·m^d.  A level is built from shares of the last one, each a task: a pass
// counts the successors per window, a second computes them again and places them,
// grouped by window, so no unplaced copy is kept.  Then per window, with a bitmap of
// the window (256 KiB, in the thread's cache, zero between uses): the candidates'
// bits are set, the two last levels' cleared, and each candidate whose bit is still
// set is kept and its bit cleared; the kept ones are appended to the new level.
// Levels are sets, so no count depends on the thread count.
//
// The candidates (about three a state at 4 pegs in a row) are the largest part.
// Where all of a level's do not fit the budget beside the levels, they are taken a
// range of windows at a time: each range expands the last level again and keeps
// only its own candidates, so the widest levels pay one more expansion per range
// instead of stopping the run (--trace counts the levels that did).  With both,
// 4 pegs in a row at n = 16 (half-depth) takes 0.19 GiB where 8-byte ranks and one
// pass took 0.45 GiB, and 43 s where it took 55 s.
//
// Checkpoints (with --work-dir): at a level boundary every checkpoint_seconds (and
// when the run is interrupted or runs out of its budget), the two levels go to one
// fresh file, and the checkpoint component (checkpoint.hpp) writes the level counts
// and a manifest naming both with their sizes and checksums; `--resume` continues
// from it.  A
// level too large for the budget stops the run with a checkpoint and the figure:
// the levels are not known before the search, so there is no plan to refuse first.
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
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/bfs.hpp"
#include "engine/checkpoint.hpp"
#include "engine/combinations.hpp"
#include "engine/core.hpp"
#include "engine/lattice_kernel.hpp"
#include "engine/level_loop.hpp"
#include "engine/memory.hpp"
#include "engine/mirror.hpp"
#include "engine/search_types.hpp"
#include "engine/space_facts.hpp"
#include "engine/work_dir.hpp"

namespace hanoi {

namespace frontier_detail {
// The moves of a state from its rank (see the overview).  M: the peg count as a
// constant, or 0 for a run-time one.
class RankMoves {
 public:
  template <LatticeSpace V>
  explicit RankMoves(const V& v) : m_(v.pegs()), n_(v.discs()) {
    Rank p = 1;
    for (int d = 0; d < n_; ++d) {
      pow_.push_back(p);
      p *= static_cast<Rank>(m_);
      std::uint64_t bits = 0;
      for (int a = 0; a < m_; ++a)
        for (int b = 0; b < m_; ++b)
          if (a != b && v.lattice_allows(d + 1, a, b)) bits |= std::uint64_t{1} << (a * m_ + b);
      allow_.push_back(bits);
    }
    if (const int w = rank_field_bits(m_); w > 0) low_ = rank_field_lows(w, n_);
    for (int a = 0; a < m_; ++a)
      for (int b = a + 1; b < m_; ++b) {
        bool any = false;
        for (int d = 0; d < n_; ++d)
          any = any || (allow_[static_cast<std::size_t>(d)] >> (a * m_ + b) & 1) != 0 ||
                (allow_[static_cast<std::size_t>(d)] >> (b * m_ + a) & 1) != 0;
        if (any) pairs_.emplace_back(a, b);
      }
  }
  int pegs() const { return m_; }
  // At most this many successors a state (one move per pair of pegs: the smaller top).
  int max_degree() const { return static_cast<int>(pairs_.size()); }

  // Calls out(s) for every successor s of rank r.  M: the peg count as a constant
  // (0: run time).
  template <int M, class Out>
  void expand(Rank r, Out&& out) const {
    const int m = M > 0 ? M : m_;
    std::array<int, 16> top;  // the top disc (digit) of each peg, n_ when empty
    // At 4 and 8 pegs the rank's bit fields give the tops with word operations.
    constexpr int W = rank_field_bits(M);
    if constexpr (W > 0) {
      for (int p = 0; p < M; ++p) {
        const std::uint64_t e = fields_equal_to<W>(r, p, low_);
        top[static_cast<std::size_t>(p)] = e != 0 ? std::countr_zero(e) / W : n_;
      }
    } else {
      for (int p = 0; p < m; ++p) top[static_cast<std::size_t>(p)] = n_;
      Rank x = r;
      int found = 0;
      for (int d = 0; d < n_ && found < m; ++d) {
        const int p = static_cast<int>(x % static_cast<Rank>(m));
        x /= static_cast<Rank>(m);
        if (top[static_cast<std::size_t>(p)] == n_) {
          top[static_cast<std::size_t>(p)] = d;
          ++found;
        }
      }
    }
    // (A branch-free version over the pairs of pegs, writing every pair's successor
    // and counting the legal ones, measured slower: 11.0 s against 8.7 s counting
    // at adjacent n = 16.)
    for (int a = 0; a < m; ++a) {
      const int d = top[static_cast<std::size_t>(a)];
      if (d == n_) continue;
      const std::uint64_t allowed = allow_[static_cast<std::size_t>(d)] >> (a * m);
      const Rank step = pow_[static_cast<std::size_t>(d)];
      for (int b = 0; b < m; ++b)
        if (top[static_cast<std::size_t>(b)] > d && (allowed >> b & 1) != 0)
          out(r + static_cast<Rank>(b) * step - static_cast<Rank>(a) * step);
    }
  }

 private:
  int m_, n_;
  std::vector<std::pair<int, int>> pairs_;  // the pairs of pegs some disc may move between
  std::vector<Rank> pow_;                   // m^d
  std::vector<std::uint64_t> allow_;        // per digit d, bit a*m+b: disc d+1 may go a -> b
  std::uint64_t low_ = 0;                   // bit fields: the low bit of each of the n fields
};

// An array that is neither zeroed nor shrunk: the levels rotate through three of
// these and the candidates keep one, so a level reuses pages already touched (a
// std::vector zeroes on resize, and a fresh allocation faults in every page: that
// was a third of the time).  Grows by a quarter beyond what is asked; the capacity
// is even, so an array of 32-bit offsets always has room for the pad that makes it
// whole 64-bit words (a checkpoint writes words).
template <class T>
class Buffer {
 public:
  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  const T* begin() const { return data_.get(); }
  const T* end() const { return data_.get() + size_; }
  // Sets the size; the contents are undefined where it grew beyond capacity.
  void resize(std::size_t n) {
    if (n > capacity_) {
      data_.reset();
      capacity_ = grown(n);
      data_.reset(new T[capacity_]);
    }
    size_ = n;
  }
  // Sets the size, keeping the contents (a copy where it must grow).
  void resize_keep(std::size_t n) {
    if (n > capacity_) {
      const std::size_t cap = grown(n);
      std::unique_ptr<T[]> d(new T[cap]);
      if (size_ > 0) std::memcpy(d.get(), data_.get(), size_ * sizeof(T));
      data_.swap(d);
      capacity_ = cap;
    }
    size_ = n;
  }
  // The capacity resize_keep(n) would leave.
  std::size_t capacity_after(std::size_t n) const { return n > capacity_ ? grown(n) : capacity_; }
  void clear() { size_ = 0; }
  void release() {
    data_.reset();
    size_ = capacity_ = 0;
  }
  void swap(Buffer& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
  }

 private:
  static std::size_t grown(std::size_t n) { return (n + n / 4 + 2) & ~std::size_t{1}; }
  std::unique_ptr<T[]> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

// A rank's place inside its window (the low window_bits of the rank): what a level
// and the candidates store, 4 bytes a state where the whole rank took 8.
using Offset = std::uint32_t;
}  // namespace frontier_detail

// One level at a time (run_levels drives it; see the overview).
template <LatticeSpace V>
class FrontierMode {
 public:
  FrontierMode(const V& v, const SearchOptions& o, std::uint64_t budget)
      : v_(v),
        o_(o),
        moves_(v),
        mirror_(v, o.meet_in_middle),
        budget_(budget),
        persist_(!o.work_dir.empty()),
        threads_(detail::worker_count()) {
    // (require_combination refused the test where no mirror exists.)
    if (o.meet_in_middle && !mirror_.ok()) throw std::logic_error("frontier: no start-goal mirror");
    // Windows of 2^21 ranks: a thread's bitmap of one (256 KiB) stays in its cache.
    // (options.segment_bits sets them: a testing aid, for many windows at small n.)
    const int rank_bits = std::max(1, static_cast<int>(std::bit_width(v.num_ranks() - 1)));
    window_bits_ = std::min(rank_bits, o.segment_bits >= 6 ? o.segment_bits : 21);
    buckets_ = std::size_t{1} << (rank_bits - window_bits_);
    blocks_ = 2 * threads_;
    switch (moves_.pegs()) {
      case 3:
        next_level_ = &FrontierMode::next_level_m<3>;
        break;
      case 4:
        next_level_ = &FrontierMode::next_level_m<4>;
        break;
      case 8:
        next_level_ = &FrontierMode::next_level_m<8>;
        break;
      default:
        break;
    }
    for (Level* lv : {&prev_, &cur_, &next_}) lv->bounds.assign(buckets_ + 1, 0);
    if (persist_) ckpt_ = CheckpointDir(o.work_dir, "frontier", identity(), o.flush_to_device);
  }

  // Continues the checkpoint in the work directory (options.resume) or starts afresh.
  LevelLoopResume open(bool& resumed) {
    resumed = false;
    LevelLoopResume from;
    if (persist_) {
      if (const auto m = ckpt_.open(o_.resume, o_.progress, "frontier")) {
        resume_from(*m, from);
        resumed = true;
        if (meet_pending_ && run_meet_test(level_ - 1) != LevelReport::Meet::kNone) {
          from.goal_depth = goal_depth_;
          from.met_in_middle = true;
        }
        return from;
      }
    }
    return from;
  }

  LevelReport step(std::uint64_t depth) {
    LevelReport rep;
    if (depth == 0) {
      single(cur_, v_.rank(v_.start()));
      prev_.offs.clear();
      prev_.bounds.assign(buckets_ + 1, 0);
    } else {
      (this->*next_level_)(depth);
    }
    rep.size = cur_.size();
    rep.units = buckets_;
    if (rep.size == 0) return rep;  // the search is complete (or was, when resumed)
    level_ = depth + 1;
    levels_.push_back(rep.size);
    // As run_levels decides: the half-depth test first, then the goal.
    if (o_.meet_in_middle) rep.meet = run_meet_test(depth);
    rep.goal = holds(cur_, v_.goal_rank());
    if (rep.goal && goal_depth_ < 0) goal_depth_ = static_cast<std::int64_t>(depth);
    if (o_.farthest > 0) {
      rep.sample = lowest(o_.farthest);
      last_sample_ = rep.sample;
    }
    ++expanded_;
    if (persist_) {
      // (The testing aid stops as an interruption does: frontier_search checkpoints.)
      if (o_.abort_after_segments > 0 && expanded_ >= o_.abort_after_segments)
        throw SearchCancelled();
      if (due()) checkpoint();
    }
    return rep;
  }

  // The run's last manifest (its levels, no layers: a finished search answers no more).
  void finish() {
    finished_ = true;
    if (persist_) checkpoint();
  }
  // A checkpoint now (an interrupted run's last act).
  void save() {
    if (persist_) checkpoint();
  }

  std::uint64_t peak_bytes() const { return peak_bytes_; }
  std::uint64_t disk_peak() const { return ckpt_.peak(); }
  // What its files read and wrote so far (run_levels notes it per level).
  const IoTally* io() const { return ckpt_.io(); }
  std::uint64_t widest() const { return widest_; }
  // How many levels (and half-depth tests) took more than one pass for want of memory.
  std::uint64_t split_levels() const { return split_levels_; }

 private:
  using Offset = frontier_detail::Offset;

  // A level: its states grouped by bucket (a window of 2^window_bits_ ranks; in no
  // order inside one), each stored as its offset in the window, and where each
  // bucket's run starts.
  struct Level {
    frontier_detail::Buffer<Offset> offs;
    std::vector<std::uint64_t> bounds;  // bucket b: offs[bounds[b], bounds[b + 1])
    std::size_t size() const { return offs.size(); }
    std::uint64_t bytes() const { return sizeof(Offset) * offs.capacity() + 8 * bounds.capacity(); }
  };

  std::size_t bucket_of(Rank r) const { return static_cast<std::size_t>(r >> window_bits_); }
  Offset offset_of(Rank r) const {
    return static_cast<Offset>(r & ((Rank{1} << window_bits_) - 1));
  }
  Rank rank_at(std::size_t b, Offset i) const {
    return (static_cast<Rank>(b) << window_bits_) | static_cast<Rank>(i);
  }

  // Calls f(rank) for the states [lo, hi) of lv, in its order.
  template <class F>
  void for_ranks(const Level& lv, std::size_t lo, std::size_t hi, F&& f) const {
    if (lo >= hi) return;
    // The bucket holding state lo: the last b with bounds[b] <= lo.
    std::size_t b = static_cast<std::size_t>(
        std::upper_bound(lv.bounds.begin(), lv.bounds.end(), std::uint64_t{lo}) -
        lv.bounds.begin() - 1);
    for (std::size_t q = lo; q < hi; ++b) {
      const std::size_t end = std::min<std::size_t>(hi, lv.bounds[b + 1]);
      const Rank base = static_cast<Rank>(b) << window_bits_;
      for (; q < end; ++q) f(base | static_cast<Rank>(lv.offs[q]));
    }
  }

  // Level `lv` holding the one rank r.
  void single(Level& lv, Rank r) const {
    lv.offs.resize(1);
    lv.offs[0] = offset_of(r);
    lv.bounds.assign(buckets_ + 1, 0);
    for (std::size_t b = bucket_of(r) + 1; b <= buckets_; ++b) lv.bounds[b] = 1;
  }

  // What the search holds besides the candidates: the three levels' rooms (the
  // next one's as it is now), the per-bucket tables, the threads' window bitmaps
  // and a checkpoint's file buffer.
  std::uint64_t fixed_bytes() const {
    return prev_.bytes() + cur_.bytes() + next_.bytes() +
           8 * (hist_.capacity() + kept_.capacity() + cand_bounds_.capacity() +
                totals_.capacity()) +
           threads_ * (window_words() * 8 + 4096) + (persist_ ? kIoBufferBytes : 0);
  }

  // `need` bytes against the budget: beyond it the run checkpoints (the two levels
  // are whole) and stops with the figure.
  void check_budget(std::uint64_t need, std::uint64_t depth) {
    peak_bytes_ = std::max(peak_bytes_, need);
    if (need <= budget_) return;
    if (persist_) checkpoint();
    throw over_budget(o_, need, "the frontier search at level " + std::to_string(depth),
                      persist_
                          ? "its checkpoint is written: a larger memory budget, and resume"
                          : "a larger memory budget, or a work directory to checkpoint the run",
                      persist_ ? FeatureSet{Feature::kMemoryBudget, Feature::kResume}
                               : FeatureSet{Feature::kMemoryBudget, Feature::kWorkDir});
  }

  // Splits [0, count) into the blocks' ranges.
  std::pair<std::size_t, std::size_t> block_range(std::size_t i, std::size_t count) const {
    return {count * i / blocks_, count * (i + 1) / blocks_};
  }
  std::uint64_t window_words() const { return ((std::uint64_t{1} << window_bits_) + 63) / 64; }

  // The images f(x) of the states x of cur_, grouped by bucket into cand_ as offsets
  // (`produce(x, out)` calls out(y) per image y), handed to use(b0, b1) a range of
  // buckets at a time.  A first pass counts the images per bucket.  If they all fit
  // the budget beside the rest (`beside`: the bytes the caller adds, such as the
  // level being built) there is one range; otherwise the buckets are cut into ranges
  // whose images do fit, and each range expands cur_ again, keeping only its own
  // images: the time of one more expansion buys memory, and the widest levels are
  // the only ones that pay it.  Where one bucket alone is too many, the run stops
  // with the figure.
  template <class Produce, class Use>
  void gather(Produce&& produce, std::uint64_t depth, std::uint64_t beside, Use&& use) {
    const std::size_t k = blocks_;
    std::uint64_t room = 0;
    {
      Stopwatch sw(phase_[0]);
      room = count_images(produce, depth, beside);
    }
    for (std::size_t b0 = 0; b0 < buckets_;) {
      // The range [b0, b1): as many buckets as fit the room.
      std::size_t b1 = b0;
      std::uint64_t count = 0;
      while (b1 < buckets_ && count + totals_[b1] <= room) count += totals_[b1++];
      {
        // Offsets bucket-major: bucket b's images from block 0, then block 1, ...
        Stopwatch sw(phase_[0]);
        std::uint64_t at = 0;
        for (std::size_t b = b0; b < b1; ++b) {
          cand_bounds_[b] = at;
          for (std::size_t i = 0; i < k; ++i) {
            const std::uint64_t c = hist_[i * buckets_ + b];
            hist_[i * buckets_ + b] = at;
            at += c;
          }
        }
        cand_bounds_[b1] = at;
        sw.next(phase_[1]);
        cand_.resize(count);
        sw.next(phase_[2]);
        const bool whole = b0 == 0 && b1 == buckets_;
        tbb::parallel_for(std::size_t{0}, k, [&](std::size_t i) {
          const auto [lo, hi] = block_range(i, cur_.size());
          std::uint64_t* h = &hist_[i * buckets_];
          Offset* out = cand_.data();
          for_ranks(cur_, lo, hi, [&](Rank x) {
            produce(x, [&](Rank y) {
              const std::size_t b = bucket_of(y);
              if (whole || (b >= b0 && b < b1)) out[h[b]++] = offset_of(y);
            });
          });
        });
      }
      use(b0, b1);
      b0 = b1;
    }
    cand_.clear();
  }

  // gather's first pass: the images per block and bucket (hist_) and per bucket
  // (totals_), and the room for them: all, or as many as the budget leaves (at
  // least the largest bucket's, else the run stops with the figure).
  template <class Produce>
  std::uint64_t count_images(Produce& produce, std::uint64_t depth, std::uint64_t beside) {
    const std::size_t k = blocks_;
    hist_.assign(k * buckets_, 0);
    tbb::parallel_for(std::size_t{0}, k, [&](std::size_t i) {
      const auto [lo, hi] = block_range(i, cur_.size());
      std::uint64_t* h = &hist_[i * buckets_];
      for_ranks(cur_, lo, hi, [&](Rank x) { produce(x, [&](Rank y) { ++h[bucket_of(y)]; }); });
    });
    totals_.assign(buckets_, 0);
    std::uint64_t total = 0, largest = 0;
    for (std::size_t b = 0; b < buckets_; ++b) {
      for (std::size_t i = 0; i < k; ++i) totals_[b] += hist_[i * buckets_ + b];
      total += totals_[b];
      largest = std::max(largest, totals_[b]);
    }
    cand_bounds_.assign(buckets_ + 1, 0);
    kept_.assign(buckets_, 0);
    // The candidates' room: all of them, or what the budget leaves.
    const std::uint64_t base = fixed_bytes() + beside;
    std::uint64_t room = total;
    if (base + sizeof(Offset) * cand_.capacity_after(total) > budget_) {
      if (base + sizeof(Offset) * cand_.capacity() > budget_) cand_.release();
      const std::uint64_t left = budget_ > base ? (budget_ - base) / sizeof(Offset) : 0;
      // (Less the buffer's growth: capacity_after(room) <= left.)
      room = std::max<std::uint64_t>(largest, left > 4 ? (left - 4) * 4 / 5 : 0);
    }
    check_budget(base + sizeof(Offset) *
                            std::max<std::uint64_t>(cand_.capacity(), cand_.capacity_after(room)),
                 depth);
    if (room < total) ++split_levels_;
    return room;
  }

  // Runs fn(b, bitmap) for every bucket b in [b0, b1), in parallel; the bitmap (one
  // per thread, a window's bits) is zero on entry and must be left so.
  template <class Fn>
  void for_buckets(std::size_t b0, std::size_t b1, Fn&& fn) {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(b0, b1, 16),
                      [&](const tbb::blocked_range<std::size_t>& q) {
                        std::vector<std::uint64_t>& bm = bitmaps_.local();
                        if (bm.empty()) bm.assign(window_words(), 0);
                        for (std::size_t b = q.begin(); b != q.end(); ++b) fn(b, bm.data());
                      });
  }

  // Level `depth` from cur_ (depth - 1) and prev_ (depth - 2); cur_ becomes it.
  template <int M>
  void next_level_m(std::uint64_t depth) {
    // The next level is built in next_ beside the candidates: room for about the
    // last level's growth, checked again as it fills.
    const std::uint64_t grow = prev_.size() > 0 ? cur_.size() * 5 / 4 : 2 * cur_.size();
    const std::uint64_t guess = std::max<std::uint64_t>(cur_.size(), grow) + 4096;
    next_.bounds.assign(buckets_ + 1, 0);
    next_.offs.clear();
    const std::uint64_t beside =
        guess > next_.offs.capacity() ? sizeof(Offset) * next_.offs.capacity_after(guess) : 0;
    gather([&](Rank x, auto&& out) { moves_.template expand<M>(x, out); }, depth, beside,
           [&](std::size_t b0, std::size_t b1) {
             // Per bucket: a window bitmap of the candidates, less the two last levels;
             // the candidates whose bit is still set are kept (once: the bit is then
             // cleared), packed to the front of the bucket's run.
             Stopwatch sw(phase_[3]);
             for_buckets(b0, b1, [&](std::size_t b, std::uint64_t* bm) {
               Offset* first = cand_.data() + cand_bounds_[b];
               Offset* last = cand_.data() + cand_bounds_[b + 1];
               if (first == last) return;
               for (Offset* x = first; x != last; ++x) bm[*x >> 6] |= std::uint64_t{1} << (*x & 63);
               for (const Level* lv : {&cur_, &prev_})
                 for (std::uint64_t q = lv->bounds[b]; q < lv->bounds[b + 1]; ++q) {
                   const Offset i = lv->offs[q];
                   bm[i >> 6] &= ~(std::uint64_t{1} << (i & 63));
                 }
               Offset* w = first;
               for (Offset* x = first; x != last; ++x) {
                 const std::uint64_t bit = std::uint64_t{1} << (*x & 63);
                 if ((bm[*x >> 6] & bit) == 0) continue;
                 bm[*x >> 6] &= ~bit;
                 *w++ = *x;
               }
               kept_[b] = static_cast<std::uint64_t>(w - first);
             });
             // Appended to next_, bucket by bucket; the bounds follow.
             sw.next(phase_[4]);
             std::uint64_t add = 0;
             for (std::size_t b = b0; b < b1; ++b) add += kept_[b];
             std::uint64_t size = next_.size();
             // (Where next_ grows, its old and new rooms are both held while it copies.)
             const std::uint64_t grown = next_.offs.capacity_after(size + add);
             check_budget(fixed_bytes() +
                              sizeof(Offset) *
                                  (cand_.capacity() + (grown > next_.offs.capacity() ? grown : 0)),
                          depth);
             next_.offs.resize_keep(size + add);
             for (std::size_t b = b0; b < b1; ++b) {
               next_.bounds[b] = size;
               if (kept_[b] > 0)
                 std::memcpy(next_.offs.data() + size, cand_.data() + cand_bounds_[b],
                             kept_[b] * sizeof(Offset));
               size += kept_[b];
             }
             next_.bounds[buckets_] = size;
           });
    // prev_ <- cur_ <- next_; the old prev_'s room serves the level after.
    std::swap(prev_, cur_);
    std::swap(cur_, next_);
    // Room far beyond the next level's needs goes (the middle of the search passed).
    if (cand_.capacity() > 8 * cur_.size() * static_cast<std::uint64_t>(moves_.max_degree()) + 4096)
      cand_.release();
    if (next_.offs.capacity() > 2 * cur_.size() + 4096) next_.offs.release();
    widest_ = std::max<std::uint64_t>(widest_, cur_.size());
  }

  // The half-depth test on cur_ (level d): σs in prev_ (d - 1: kOdd) or in cur_
  // (kEven), by the window bitmaps of σ(cur_)'s buckets.
  LevelReport::Meet meet_test() {
    std::atomic<bool> odd{false}, even{false};
    gather([&](Rank x, auto&& out) { out(mirror_(x)); }, level_ - 1, 0,
           [&](std::size_t b0, std::size_t b1) {
             Stopwatch sw(phase_[5]);
             for_buckets(b0, b1, [&](std::size_t b, std::uint64_t* bm) {
               const Offset* first = cand_.data() + cand_bounds_[b];
               const Offset* last = cand_.data() + cand_bounds_[b + 1];
               if (first == last) return;
               for (const Level* lv : {&prev_, &cur_}) {
                 for (std::uint64_t q = lv->bounds[b]; q < lv->bounds[b + 1]; ++q) {
                   const Offset i = lv->offs[q];
                   bm[i >> 6] |= std::uint64_t{1} << (i & 63);
                 }
                 bool hit = false;
                 for (const Offset* x = first; x != last && !hit; ++x)
                   hit = (bm[*x >> 6] >> (*x & 63) & 1) != 0;
                 if (hit) (lv == &prev_ ? odd : even) = true;
                 for (std::uint64_t q = lv->bounds[b]; q < lv->bounds[b + 1]; ++q)
                   bm[lv->offs[q] >> 6] = 0;
               }
             });
           });
    if (odd) return LevelReport::Meet::kOdd;
    return even ? LevelReport::Meet::kEven : LevelReport::Meet::kNone;
  }

  // Seconds spent per phase (--trace prints them at the end): counting (with the
  // budget check), allocating and placing the candidates (or σ images); the
  // windows; appending to the next level; the half-depth test's windows.
  struct Stopwatch {
    explicit Stopwatch(double& into) : into_(&into) {}
    ~Stopwatch() { stop(); }
    void next(double& into) {
      stop();
      into_ = &into;
    }
    void stop() {
      const auto now = std::chrono::steady_clock::now();
      *into_ += std::chrono::duration<double>(now - t_).count();
      t_ = now;
    }
    double* into_;
    std::chrono::steady_clock::time_point t_ = std::chrono::steady_clock::now();
  };

 public:
  void print_phases() const {
    std::fprintf(stderr,
                 "[frontier] seconds: count %.2f, allocate %.2f, place %.2f, "
                 "windows %.2f, append %.2f, half-depth windows %.2f; "
                 "%llu levels or tests in more than one pass\n",
                 phase_[0], phase_[1], phase_[2], phase_[3], phase_[4], phase_[5],
                 static_cast<unsigned long long>(split_levels_));
  }

 private:
  // The half-depth test of level `depth` (cur_), and what it decides.  A checkpoint
  // written while it runs (out of budget) says so, and the resumed run repeats it
  // first (open).
  LevelReport::Meet run_meet_test(std::uint64_t depth) {
    meet_pending_ = true;
    const LevelReport::Meet meet = meet_test();
    meet_pending_ = false;
    if (meet != LevelReport::Meet::kNone && goal_depth_ < 0) {
      met_ = true;
      goal_depth_ =
          static_cast<std::int64_t>(meet == LevelReport::Meet::kOdd ? 2 * depth - 1 : 2 * depth);
    }
    return meet;
  }

  // The lowest `count` ranks of cur_, sorted.
  std::vector<Rank> lowest(std::size_t count) const {
    std::vector<Rank> out;
    for (std::size_t b = 0; b < buckets_ && out.size() < count; ++b) {
      const std::size_t at = out.size();
      for_ranks(cur_, cur_.bounds[b], cur_.bounds[b + 1], [&](Rank r) { out.push_back(r); });
      std::sort(out.begin() + static_cast<std::ptrdiff_t>(at), out.end());
    }
    if (out.size() > count) out.resize(count);
    return out;
  }
  bool holds(const Level& lv, Rank r) const {
    const std::size_t b = bucket_of(r);
    const Offset* last = lv.offs.begin() + lv.bounds[b + 1];
    return std::find(lv.offs.begin() + lv.bounds[b], last, offset_of(r)) != last;
  }

  // --- Checkpoints (see the overview) ---
  bool due() const { return ckpt_.due(o_.checkpoint_seconds); }

  std::string identity() const {
    return o_.identity + " | frontier | pegs " + std::to_string(v_.pegs()) + " discs " +
           std::to_string(v_.discs()) + " | window " + std::to_string(window_bits_) +
           " offsets | meet " + std::to_string(o_.meet_in_middle ? 1 : 0) + " | stop_at_goal " +
           std::to_string(o_.stop_at_goal ? 1 : 0) + " farthest " + std::to_string(o_.farthest);
  }
  std::string path(const std::string& name) const { return o_.work_dir + "/" + name; }

  // The words of a level in its file: its size, its bucket bounds, its offsets
  // (two a word, the last padded with zero).
  std::uint64_t file_words(const Level& lv) const {
    return 1 + (buckets_ + 1) + (lv.size() + 1) / 2;
  }

  // The two levels to a fresh file (not once the run finished: its levels answer
  // nothing more), then the manifest (checkpoint.hpp).
  void checkpoint() {
    ckpt_.begin();
    FileRef layers;
    if (!finished_) {
      // Room for the file beside the old one (which goes after the manifest).
      const std::uint64_t need = (file_words(prev_) + file_words(cur_)) * 8;
      const std::uint64_t have = free_disk_bytes(o_.work_dir);
      if (need + (std::uint64_t{64} << 20) > have) {
        std::fprintf(stderr,
                     "[frontier] no checkpoint at level %llu: it needs %s and %s has %s free\n",
                     static_cast<unsigned long long>(level_), format_bytes(need).c_str(),
                     o_.work_dir.c_str(), format_bytes(have).c_str());
        ckpt_.postpone();
        return;
      }
      layers.name = ckpt_.fresh_name("layers", 0);
      BitmapWriter w(path(layers.name));
      w.tally(ckpt_.io());
      for (Level* lv : {&prev_, &cur_}) {
        const std::uint64_t n = lv->size();
        w.add_raw(&n, 1);
        w.add_raw(lv->bounds.data(), buckets_ + 1);
        if (n % 2 != 0) lv->offs.data()[n] = 0;  // (the capacity is even: room for it)
        w.add_raw(reinterpret_cast<const std::uint64_t*>(lv->offs.data()), (n + 1) / 2);
      }
      w.finish(layers.bytes, layers.sum, o_.flush_to_device);
      ckpt_.account(static_cast<std::int64_t>(layers.bytes));
    }
    ckpt_.retire(layers_.name);
    layers_ = layers;
    Manifest m;
    ckpt_.write_head(m, CheckpointHead{level_, goal_depth_, finished_, last_sample_}, levels_);
    m.set("met", met_ ? "1" : "0");
    m.set("meet_pending", meet_pending_ ? "1" : "0");
    m.set("widest", std::to_string(widest_));
    ckpt_.name(m, "layers", layers_);
    ckpt_.commit(m);
    if (o_.trace) ckpt_.trace("frontier", level_);
  }

  // Reads one level of the file (checkpoint's layout) into lv; false where it does
  // not hold together: bounds that do not rise from 0 to its size, or an offset
  // outside its window or the rank space.
  bool read_level(BitmapReader& rd, Level& lv) const {
    std::uint64_t n = 0;
    rd.read_raw(&n, 1);
    if (n > v_.num_ranks() || n * sizeof(Offset) > layers_.bytes) return false;
    lv.bounds.assign(buckets_ + 1, 0);
    rd.read_raw(lv.bounds.data(), buckets_ + 1);
    if (lv.bounds[0] != 0 || lv.bounds[buckets_] != n) return false;
    for (std::size_t b = 0; b < buckets_; ++b)
      if (lv.bounds[b] > lv.bounds[b + 1]) return false;
    lv.offs.resize(n);
    rd.read_raw(reinterpret_cast<std::uint64_t*>(lv.offs.data()), (n + 1) / 2);
    for (std::size_t b = 0; b < buckets_; ++b)
      for (std::uint64_t q = lv.bounds[b]; q < lv.bounds[b + 1]; ++q)
        if (lv.offs[q] >> window_bits_ != 0 || rank_at(b, lv.offs[q]) >= v_.num_ranks())
          return false;
    return true;
  }

  void resume_from(const Manifest& m, LevelLoopResume& from) {
    const CheckpointHead h = ckpt_.read_head(m, levels_);
    level_ = h.level;
    goal_depth_ = h.goal;
    finished_ = h.finished;
    last_sample_ = h.last_sample;
    met_ = m.get("met") == "1";
    meet_pending_ = m.get("meet_pending") == "1";
    widest_ = m.get_u64("widest");
    layers_ = ckpt_.take(m.get("layers"), "layers");
    if (!layers_.empty()) {
      BitmapReader rd(path(layers_.name));
      rd.tally(ckpt_.io());
      for (Level* lv : {&prev_, &cur_})
        if (!read_level(rd, *lv))
          throw WorkDirError(path(layers_.name) + " is damaged (a level does not hold together)");
      rd.check(layers_.bytes, layers_.sum);
      if (levels_.size() == 0 || cur_.size() != levels_.back())
        throw WorkDirError(path(layers_.name) + " does not hold the manifest's last level");
    } else if (!finished_) {
      throw WorkDirError(path("manifest") + " names no levels for an unfinished run");
    } else {
      for (Level* lv : {&prev_, &cur_}) {  // (empty: the search is over)
        lv->offs.clear();
        lv->bounds.assign(buckets_ + 1, 0);
      }
    }
    ckpt_.resumed();
    from.sizes.assign(levels_.begin(), levels_.end());
    from.goal_depth = goal_depth_;
    from.met_in_middle = met_;
    from.last_sample = last_sample_;
    if (o_.progress)
      std::fprintf(stderr, "[frontier] resuming %s at level %llu\n", o_.work_dir.c_str(),
                   static_cast<unsigned long long>(level_));
  }

  const V& v_;
  const SearchOptions& o_;
  frontier_detail::RankMoves moves_;
  StartGoalMirror<V> mirror_;  // σ for the half-depth test (ok() only when it is asked for)
  std::uint64_t budget_;
  bool persist_;
  std::size_t threads_;
  int window_bits_ = 1;  // a bucket's ranks: a window of 2^window_bits_
  std::size_t buckets_ = 1;
  std::size_t blocks_ = 2;                    // shares of cur_ expanded as one task each
  Level prev_, cur_, next_;                   // levels d - 1, d and (being built) d + 1
  frontier_detail::Buffer<Offset> cand_;      // the candidates of a range of buckets
  std::vector<std::uint64_t> cand_bounds_;    // bucket b: cand_[cand_bounds_[b], [b + 1])
  std::vector<std::uint64_t> hist_, totals_;  // images per block and bucket; per bucket
  std::vector<std::uint64_t> kept_;           // per bucket: the candidates kept
  tbb::enumerable_thread_specific<std::vector<std::uint64_t>> bitmaps_;
  void (FrontierMode::*next_level_)(std::uint64_t) = &FrontierMode::next_level_m<0>;
  std::array<double, 6> phase_{};  // see Stopwatch
  std::uint64_t level_ = 0, expanded_ = 0, widest_ = 1, split_levels_ = 0;
  LevelCounts levels_;
  std::int64_t goal_depth_ = -1;   // the goal's depth, or the optimum the half-depth test gave
  std::vector<Rank> last_sample_;  // with options.farthest: of the last level
  bool met_ = false, finished_ = false;
  bool meet_pending_ = false;  // the last level's half-depth test has not run (run_meet_test)
  CheckpointDir ckpt_;         // the work directory (persist_)
  FileRef layers_;             // the last two levels' file the manifest names
  std::uint64_t peak_bytes_ = 0;
};

template <LatticeSpace V>
SearchResult frontier_search(const V& v, const SearchOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  require_combination(space_facts(v), options, EngineKind::kFrontier, LevelStore::kMemory);
  const std::uint64_t budget = options.search_budget();
  SearchResult result;
  result.engine = EngineKind::kFrontier;
  result.storage = StorageKind::kMemory;
  result.rank_space = v.num_ranks();
  FrontierMode<V> mode(v, options, budget);
  // (An interruption's checkpoint is at a level boundary: the two levels are whole.)
  const LevelLoopEnd end =
      run_persistent_levels(mode, options, v.num_ranks(), "frontier", result, options.progress);
  mode.finish();
  if (options.trace) mode.print_phases();
  for (Rank r : end.farthest) result.farthest.push_back(v.describe(v.unrank(r)));
  result.search_bytes = mode.peak_bytes();
  note_files(mode, result);
  result.widest_level = mode.widest();
  result.peak_rss = peak_rss_bytes();
  result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return result;
}

}  // namespace hanoi

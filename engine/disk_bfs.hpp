// The disk-backed generic search: the state-at-a-time engine (bfs.hpp) over
// segments of the rank space that live in a work directory, at most a budget's
// worth in memory, checkpointed and resumable.  It serves every StateSpace, so the
// variants outside the lattice engine (Checkers, Domino, Antwerp, ...) can run
// searches larger than memory (`hanoi optimum ... --work-dir DIR`).
//
// Design overview
// ---------------
// A *segment* is a run of 2^b consecutive ranks.  Every variant here ranks its
// states with the largest discs most significant (a mixed-radix or lexicographic
// rank), so a move of a small disc changes a rank by little and mostly stays in
// its segment; a move of a large disc may land anywhere.  A segment's whole state
// is three bitmaps over its ranks: V (visited) and two frontier bitmaps, F_0 and
// F_1, of which F_(d mod 2) holds the states of depth d and F_(1 - d mod 2)
// collects those of depth d + 1 (expanding a segment clears its F_(d mod 2), so the
// roles swap at the level boundary without touching the segments).  A small
// summary (one bit per block of 512 words) lists the nonzero blocks of each
// frontier, so a tiny level reads only the blocks it occupies.
//
// Level d expands the segments whose F_(d mod 2) is nonzero, resident ones first.
// A successor whose segment is resident is marked at once (one atomic fetch_or on
// V, as in bfs.hpp); one bound for a segment on disk becomes a *record* (its rank)
// queued for that segment: in memory up to an allowance of the budget, then in
// spill files.  A segment's queue is merged (V tested, F_(1 - d mod 2) set) when it
// is loaded, and at the end of the level every segment with a queue is loaded, so
// each level is complete before the next begins: delayed duplicate detection, with
// the same per-level counts as the in-memory engine, whatever the segment size,
// thread count or interruptions.
//
// Segments are a cache: up to `resident` of them stay in memory (the least recently
// used is written to a fresh file and dropped), so a search that fits the budget
// does no I/O between checkpoints.
//
// Checkpoints follow work_dir.hpp's discipline: every `checkpoint_seconds` (at a
// segment or level boundary) the changed resident segments are written to fresh
// files, the queued records to spill files, the level counts to a file, and a
// checksummed manifest naming them all replaces the old one atomically; the files
// it no longer names are then deleted.  Inside a level the manifest also says which
// segments are expanded and how many states of the next level were found, so a
// resumed run expands only the others.
//
// The half-depth test (options.meet_in_middle, for a space with a start-goal
// mirror σ, core.hpp's HasMirror) runs once a level d is complete, before the
// checkpoint that ends it: each state s of depth d asks whether σs is visited, and
// whether at depth d (F_(d mod 2)) or before.  σs whose segment was never reached
// (no file, not resident) is answered at once; one in a resident segment is read
// there; the rest are queued per segment (offsets, up to the records' allowance)
// and answered by loading those segments, with the asking segment kept resident.
// The verdict goes into the manifest, so a resumed run reports it.
//
// Start symmetries (options.symmetry, symmetry.hpp) work as in bfs.hpp: each
// successor becomes its orbit's least rank before it is looked up or queued, and a
// new one counts its orbit's size.  The least rank keeps the largest discs' pegs in
// a canonical order, so the segments that hold no representative are never written.
//
// A space with a block kernel (block_kernel.hpp: Checkers) has each segment's
// frontier expanded by it where the in-memory engine would use it (no symmetry,
// uses_block_kernel): the kernel's parts that meet the segment are walked, reading
// only the segment's states, and each word of successors goes to its segment's V
// and collecting frontier at once where the segment is resident, else as records.
//
// Not offered here: witnesses (--moves) and the distributed mode (the lattice disk
// mode, disk_lattice.hpp, has them).
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
#include <filesystem>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "engine/bfs.hpp"
#include "engine/checkpoint.hpp"
#include "engine/combinations.hpp"
#include "engine/core.hpp"
#include "engine/disk_plan.hpp"
#include "engine/level_loop.hpp"
#include "engine/memory.hpp"
#include "engine/mirror.hpp"
#include "engine/progress.hpp"
#include "engine/search_types.hpp"
#include "engine/space_facts.hpp"
#include "engine/storage.hpp"
#include "engine/symmetry.hpp"
#include "engine/work_dir.hpp"

namespace hanoi {

template <StateSpace V>
class DiskBfsMode {
 public:
  DiskBfsMode(const V& v, const SearchOptions& options, const DiskBfsPlan& plan)
      : v_(v),
        o_(options),
        plan_(plan),
        ranks_(v.num_ranks()),
        seg_ranks_(std::uint64_t{1} << plan.segment_bits),
        seg_words_(disk_bfs_detail::words_of(plan.segment_bits)),
        sum_words_(disk_bfs_detail::summary_words(plan.segment_bits)),
        sym_(v, options.symmetry),
        is_goal_rank_(v, sym_),
        mirror_(v, options.meet_in_middle),
        ckpt_(options.work_dir, "disk-generic", identity(), options.flush_to_device),
        segs_(plan.segments),
        queue_(plan.segments),
        touched_(plan.segments, 0),
        spills_(plan.segments),
        views_(plan.segments),
        local_([] {
          std::vector<Rank> b;
          b.reserve(disk_bfs_detail::kLocalRecords);
          return b;
        }),
        progress_("disk"),
        block_on_(uses_block_kernel(v, options) && plan.segment_bits >= 6) {
    if constexpr (BlockSpace<V>) {
      if (block_on_) {
        // Each segment's kernel parts: those whose ranks meet it.
        const auto* K = v.block_kernel();
        seg_parts_.resize(plan.segments);
        for (std::size_t i = 0; i < K->parts(); ++i) {
          const Rank first = K->part_first(i), count = K->part_count(i);
          if (count == 0) continue;
          for (Rank t = first >> plan.segment_bits; t <= (first + count - 1) >> plan.segment_bits;
               ++t)
            seg_parts_[t].push_back(i);
        }
      }
    }
  }

  // Continues the checkpoint in the work directory (options.resume) or starts
  // afresh; returns what a resumed run already completed.
  LevelLoopResume open(bool& resumed) {
    resumed = ckpt_.open_or_start(
        o_.resume, o_.progress, "disk",
        [&](const Manifest& m) {
          resume_from(m);
          return finished_;
        },
        [&] {
          const Rank r0 = v_.rank(v_.start());
          Segment& g = load(r0 >> plan_.segment_bits);
          const std::uint64_t off = r0 & (seg_ranks_ - 1);
          words(g.v)[off >> 6] |= std::uint64_t{1} << (off & 63);
          set_bit(words(g.f[0]), g.fsum[0].get(), off);
          g.dirty = true;
          cur_size_ = 1;
          kept_ = 1;
          cur_goal_ = v_.is_goal(v_.start());
        },
        [&] { check_free_space(); });
    // A resumed run's progress counts from what it found done (rate and ETA).
    std::uint64_t done = cur_size_ + next_size_;
    for (std::uint64_t x : levels_) done += x;
    progress_.set_origin(static_cast<double>(done) / static_cast<double>(ranks_));
    LevelLoopResume from;
    from.sizes.assign(levels_.begin(), levels_.end());
    from.goal_depth = goal_depth_;
    if (finished_ && meet_ != LevelReport::Meet::kNone && !levels_.empty()) {
      // A finished half-depth run: its verdict came at the last level.
      const std::uint64_t e = levels_.size() - 1;
      from.goal_depth =
          static_cast<std::int64_t>(meet_ == LevelReport::Meet::kOdd ? 2 * e - 1 : 2 * e);
      from.met_in_middle = true;
    }
    from.last_sample = last_sample_;
    return from;
  }

  // Reports depth d (its size and goal are known when it begins) and expands it.
  LevelReport step(std::uint64_t depth) {
    io_at_level_ = ckpt_.io()->now();
    LevelReport rep;
    rep.size = cur_size_;
    rep.goal = cur_goal_;
    if (cur_size_ == 0 || finished_) {
      rep.size = 0;
      return rep;
    }
    // A test an interruption cut short (the checkpoint says so) runs again first.
    if (meet_pending_) run_meet_test(0);
    if (meet_ != LevelReport::Meet::kNone) {
      // The half-depth test decided the optimum at this depth (see meet_test).
      rep.meet = meet_;
      levels_.push_back(cur_size_);
      cur_size_ = 0;
      return rep;
    }
    if (cur_goal_ && o_.stop_at_goal) {
      // The goal is at this depth: nothing beyond it is needed.
      levels_.push_back(cur_size_);
      if (goal_depth_ < 0) goal_depth_ = static_cast<std::int64_t>(depth);
      cur_size_ = 0;
      return rep;
    }
    const int p = static_cast<int>(depth & 1);
    std::vector<std::uint64_t> todo;
    for (int pass = 0; pass < 2; ++pass)
      for (std::uint64_t s = 0; s < plan_.segments; ++s) {
        const Segment& g = segs_[s];
        if (g.done || !has_bits(g, p)) continue;
        if ((pass == 0) == g.loaded) todo.push_back(s);
      }
    rep.sample = in_sample_;
    std::uint64_t reached_before = 0;
    for (std::uint64_t x : levels_) reached_before += x;
    for (std::size_t i = 0; i < todo.size(); ++i) {
      interruption_point();
      const std::uint64_t s = todo[i];
      Segment& g = load(s);
      if (o_.farthest > 0) {
        sample_lowest(g, s, p, rep.sample);
        in_sample_ = rep.sample;
      }
      expand(g, s, p);
      g.done = true;
      ++expanded_;
      ++work_;
      report_progress(depth, reached_before,
                      "segment " + std::to_string(i + 1) + " of " + std::to_string(todo.size()));
      if (o_.abort_after_segments > 0 && work_ >= o_.abort_after_segments)
        throw SearchCancelled();  // disk_bfs_search's save() checkpoints
      if (i + 1 < todo.size() && due()) checkpoint();
    }
    // Every record of the level goes into its segment before the level ends.
    for (std::uint64_t t = 0; t < plan_.segments; ++t) {
      if (queue_[t].empty() && spills_[t].empty()) continue;
      interruption_point();
      load(t);
      report_progress(depth, reached_before, "merging records");
    }
    // The level is complete.
    levels_.push_back(cur_size_);
    if (cur_goal_ && goal_depth_ < 0) goal_depth_ = static_cast<std::int64_t>(depth);
    last_sample_ = rep.sample;
    in_sample_.clear();
    cur_size_ = next_size_;
    cur_goal_ = next_goal_;
    next_size_ = 0;
    next_goal_ = false;
    for (Segment& g : segs_) g.done = false;
    level_ = depth + 1;
    // The half-depth test of the level just completed; until it ends, a checkpoint
    // (an interruption's included) records it as pending.
    meet_pending_ = o_.meet_in_middle && cur_size_ > 0 && goal_depth_ < 0;
    if (meet_pending_) {
      run_meet_test(reached_before + rep.size);
      if (meet_ != LevelReport::Meet::kNone) {
        checkpoint();  // the verdict, before anything else can interrupt the run
        return rep;
      }
    }
    if (due()) checkpoint();
    return rep;
  }

  // After the level loop: the segment files go (a finished search's bitmaps answer
  // nothing more) and a final manifest keeps the level counts.
  void finish() {
    finished_ = true;
    for (std::uint64_t s = 0; s < plan_.segments; ++s) {
      Segment& g = segs_[s];
      if (g.loaded) unload(g);
      retire(g.file.name);
      g = Segment();
    }
    for (std::uint64_t t = 0; t < plan_.segments; ++t) {
      for (const Spill& f : spills_[t]) retire(f.file.name);
      spills_[t].clear();
      queue_[t] = {};
    }
    checkpoint();
  }

  // A checkpoint now (an interrupted run's last act).
  void save() { checkpoint(); }

  std::uint64_t disk_peak() const { return ckpt_.peak(); }
  // What its files read and wrote so far (run_levels notes it per level).
  const IoTally* io() const { return ckpt_.io(); }
  // The segments that hold a state (resident or in a file), before finish().
  std::uint64_t segments_reached() const {
    std::uint64_t k = 0;
    for (const Segment& g : segs_) k += g.loaded || !g.file.empty() ? 1 : 0;
    return k;
  }
  // The states stored so far (with symmetry: the orbits).
  std::uint64_t kept() const { return kept_; }
  std::uint64_t spilled_records() const { return spilled_records_; }
  const StartSymmetry<V>& symmetry() const { return sym_; }
  std::uint64_t expansions() const { return expanded_; }
  // Whether the levels are expanded through the space's block kernel.
  bool block_kernel() const { return block_on_; }
  std::uint64_t records() const { return records_; }

 private:
  struct Segment {
    detail::HugeBuffer v;                                  // bitmaps of seg_words_ words (loaded)
    std::array<detail::HugeBuffer, 2> f;                   // the two frontiers (loaded)
    std::array<std::unique_ptr<std::uint64_t[]>, 2> fsum;  // their block summaries (loaded)
    bool loaded = false, dirty = false, done = false;
    std::array<bool, 2> nonzero = {false, false};  // f[i] has a state (kept while not loaded)
    FileRef file;                                  // its newest file (empty: none, all zero)
    bool synced = true;
    std::uint64_t last_use = 0;
  };
  struct Spill {
    FileRef file;
    std::uint64_t count = 0;
    bool synced = false;
  };
  // What the expansion reads of a resident segment (null when it is not).
  struct View {
    std::uint64_t* v = nullptr;
    std::uint64_t* f = nullptr;
    std::uint64_t* fsum = nullptr;
  };

  std::string path(const std::string& name) const { return ckpt_.path(name); }

  std::string identity() const {
    return o_.identity + " | generic | ranks " + std::to_string(ranks_) + " | segment_bits " +
           std::to_string(plan_.segment_bits) + " | stop_at_goal " +
           std::to_string(o_.stop_at_goal ? 1 : 0) + " farthest " + std::to_string(o_.farthest) +
           (o_.meet_in_middle ? " | meet_in_middle" : "") +
           (sym_.active() ? " | symmetry " + std::to_string(sym_.order()) : "");
  }

  void run_meet_test(std::uint64_t reached_before) {
    meet_ = meet_test(static_cast<int>(level_ & 1), level_, reached_before);
    meet_pending_ = false;
  }

  // The half-depth test of level e (complete, in F_p): whether some state s of it
  // has σs visited before depth e (kOdd) or only at depth e (kEven).
  LevelReport::Meet meet_test(int p, std::uint64_t e, std::uint64_t reached_before);

  // The worst case (every segment written twice) must fit before the search starts,
  // except for the half-depth test and symmetry: they reach a fraction of the
  // segments that no bound foresees (11 of 41 for Checkers n = 24's test), so they
  // start with a warning and check the free space before each file instead
  // (CheckpointDir::reserve_room and ensure_room; also with options.disk_share).
  void check_free_space() {
    ckpt_.reserve_room(plan_.disk_bound(), o_.disk_share,
                       o_.meet_in_middle ? "the half-depth test"
                       : sym_.active()   ? "the search with symmetry"
                                         : nullptr,
                       o_.progress, "disk");
  }

  bool has_bits(const Segment& g, int p) const {
    if (!g.loaded) return g.nonzero[p];
    for (std::uint64_t i = 0; i < sum_words_; ++i)
      if (g.fsum[p][i] != 0) return true;
    return false;
  }

  static void set_bit(std::uint64_t* f, std::uint64_t* fsum, std::uint64_t off) {
    f[off >> 6] |= std::uint64_t{1} << (off & 63);
    const std::uint64_t block = (off >> 6) / disk_bfs_detail::kBlockWords;
    fsum[block >> 6] |= std::uint64_t{1} << (block & 63);
  }

  void interruption_point() {
    if (o_.cancel != nullptr && o_.cancel->load(std::memory_order_relaxed))
      throw SearchCancelled();  // disk_bfs_search's save() checkpoints
  }

  bool due() const { return ckpt_.due(o_.checkpoint_seconds); }

  void report_progress(std::uint64_t depth, std::uint64_t reached_before, const std::string& what) {
    const auto now = std::chrono::steady_clock::now();
    if (!o_.progress || now - last_report_ <= std::chrono::seconds(2)) return;
    last_report_ = now;
    const double secs = std::chrono::duration<double>(now - t0_).count();
    const double reached = static_cast<double>(reached_before + cur_size_ + next_size_);
    // The half-depth test stops at an unknown share of the space: no ETA.
    progress_.report(
        o_.meet_in_middle ? -1.0 : reached / static_cast<double>(ranks_), secs,
        static_cast<double>(discovered_) / std::max(secs, 1e-9),
        "level " + std::to_string(depth) + ": " + what + ", " + std::to_string(next_size_) +
            " new, disk " + format_bytes(ckpt_.on_disk()) + " (this level " +
            ckpt_.io_since(io_at_level_) + "), " + std::to_string(resident_) + " resident");
  }

  // The lowest ranks of segment s's depth-d states join `sample` (kept lowest).
  void sample_lowest(const Segment& g, std::uint64_t s, int p, std::vector<Rank>& sample) {
    std::size_t taken = 0;
    for (std::uint64_t i = 0; i < seg_words_ && taken < o_.farthest; ++i)
      for (std::uint64_t w = words(g.f[p])[i]; w && taken < o_.farthest; w &= w - 1, ++taken)
        sample.push_back(s * seg_ranks_ + (i << 6) + static_cast<Rank>(std::countr_zero(w)));
    keep_lowest(sample, o_.farthest);
  }

  // A new state of depth d + 1 at rank r (its V bit was just set by this thread);
  // with symmetry, an orbit's representative, counted once per state of the orbit.
  // `kept` counts the states stored (with symmetry, the orbits).
  void discovered(Rank r, std::uint64_t& found, std::uint64_t& kept, bool& goal) {
    ++kept;
    found += sym_.active() ? sym_.orbit_size(r) : 1;
    if (is_goal_rank_(r)) goal = true;
  }

  // Expands the depth-d states of resident segment s into depth d + 1, then clears
  // its F_p (it becomes the collector of depth d + 2).
  void expand(Segment& g, std::uint64_t s, int p) {
    using State = typename V::State;
    const int q = 1 - p;
    for (std::uint64_t t = 0; t < plan_.segments; ++t) {
      const Segment& h = segs_[t];
      views_[t] = h.loaded ? View{words(h.v), words(h.f[q]), h.fsum[q].get()} : View{};
    }
    std::vector<std::uint64_t> blocks;
    for (std::uint64_t i = 0; i < sum_words_; ++i)
      for (std::uint64_t w = g.fsum[p][i]; w; w &= w - 1)
        blocks.push_back(i * 64 + static_cast<std::uint64_t>(std::countr_zero(w)));
    const std::uint64_t* f = words(g.f[p]);
    const std::uint64_t base = s * seg_ranks_;
    const int bits = plan_.segment_bits;
    const std::uint64_t mask = seg_ranks_ - 1;
    const std::uint64_t max_branching =
        static_cast<std::uint64_t>(v_.pegs()) * static_cast<std::uint64_t>(v_.pegs() - 1);
    // Per thread: the states found and the states stored (orbits, with symmetry).
    tbb::enumerable_thread_specific<std::array<std::uint64_t, 2>> found_counts(
        std::array<std::uint64_t, 2>{0, 0});
    std::atomic<bool> goal{false};
    struct Scratch {
      std::vector<Rank> batch, pending;
    };
    tbb::enumerable_thread_specific<Scratch> scratch([&] {
      Scratch sc;
      sc.batch.reserve(detail::kBatch);
      sc.pending.resize(detail::kBatch * max_branching);
      return sc;
    });
    const bool sym_on = sym_.active();
    auto run_batch = [&](Scratch& sc, std::vector<Rank>& out, std::array<std::uint64_t, 2>& found,
                         bool& g_hit) {
      std::size_t k = 0;
      Rank* pending = sc.pending.data();
      for (Rank r : sc.batch)
        v_.for_each_successor(v_.unrank(r), [&](const State& t, Move) HANOI_ALWAYS_INLINE {
          pending[k++] = sym_on ? sym_.canonical(t) : v_.rank(t);
        });
      for (std::size_t j = 0; j < k; ++j) {
        const View& w = views_[pending[j] >> bits];
        if (w.v != nullptr) __builtin_prefetch(&w.v[(pending[j] & mask) >> 6], 1, 3);
      }
      for (std::size_t j = 0; j < k; ++j) {
        const Rank rt = pending[j];
        const View& w = views_[rt >> bits];
        if (w.v == nullptr) {
          out.push_back(rt);
          if (out.size() >= disk_bfs_detail::kLocalRecords) flush_local(out);
          continue;
        }
        const std::uint64_t off = rt & mask;
        if (mark_new(w, rt >> bits, off >> 6, std::uint64_t{1} << (off & 63)) == 0) continue;
        discovered(rt, found[0], found[1], g_hit);
      }
      sc.batch.clear();
    };
    bool by_blocks = false;
    if constexpr (BlockSpace<V>) {
      if (block_on_) {
        expand_by_blocks(g, s, p, found_counts, goal);
        by_blocks = true;
      }
    }
    if (!by_blocks)
      tbb::parallel_for(
          tbb::blocked_range<std::size_t>(0, blocks.size(), 1),
          [&](const tbb::blocked_range<std::size_t>& range) {
            Scratch& sc = scratch.local();
            std::vector<Rank>& out = local_.local();
            std::array<std::uint64_t, 2>& found = found_counts.local();
            bool g_hit = false;
            for (std::size_t bi = range.begin(); bi != range.end(); ++bi) {
              const std::uint64_t first = blocks[bi] * disk_bfs_detail::kBlockWords;
              const std::uint64_t last = std::min(first + disk_bfs_detail::kBlockWords, seg_words_);
              for (std::uint64_t i = first; i < last; ++i)
                for (std::uint64_t x = f[i]; x; x &= x - 1) {
                  sc.batch.push_back(base + (i << 6) + static_cast<Rank>(std::countr_zero(x)));
                  if (sc.batch.size() == detail::kBatch) run_batch(sc, out, found, g_hit);
                }
            }
            run_batch(sc, out, found, g_hit);
            if (g_hit) goal.store(true, std::memory_order_relaxed);
          });
    for (std::vector<Rank>& out : local_) flush_local(out);
    for (const auto& [c, k] : found_counts) {
      next_size_ += c;
      discovered_ += c;
      kept_ += k;
    }
    next_goal_ = next_goal_ || goal.load();
    // Clear F_p where it was set; it collects depth d + 2.
    std::uint64_t* fw = words(g.f[p]);
    for (std::uint64_t b : blocks) {
      const std::uint64_t first = b * disk_bfs_detail::kBlockWords;
      std::memset(fw + first, 0,
                  (std::min(first + disk_bfs_detail::kBlockWords, seg_words_) - first) * 8);
    }
    std::memset(g.fsum[p].get(), 0, sum_words_ * 8);
    g.dirty = true;
    // The resident segments that gained states (only they need a new file).
    for (std::uint64_t t = 0; t < plan_.segments; ++t)
      if (touched_[t] != 0) {
        segs_[t].dirty = true;
        touched_[t] = 0;
      }
  }

  // ORs `bits` into word k of resident segment t's V (its view w); of those that were
  // not set there, sets the collecting frontier's bits, its summary's bit and t's
  // `touched` flag, and returns them (0 when all were set: no atomic then).  The
  // per-state path marks one bit at a time, the block kernel's SegmentTarget a word.
  std::uint64_t mark_new(const View& w, std::uint64_t t, std::uint64_t k,
                         std::uint64_t bits) HANOI_ALWAYS_INLINE {
    const std::uint64_t fresh = or_word_atomic(w.v[k], bits);
    if (fresh == 0) return 0;
    std::atomic_ref<std::uint64_t>(w.f[k]).fetch_or(fresh, std::memory_order_relaxed);
    const std::uint64_t block = k / disk_bfs_detail::kBlockWords;
    std::atomic_ref<std::uint64_t> sw(w.fsum[block >> 6]);
    const std::uint64_t sbit = std::uint64_t{1} << (block & 63);
    if (!(sw.load(std::memory_order_relaxed) & sbit)) sw.fetch_or(sbit, std::memory_order_relaxed);
    std::atomic_ref<std::uint8_t> touched(touched_[t]);
    if (touched.load(std::memory_order_relaxed) == 0) touched.store(1, std::memory_order_relaxed);
    return fresh;
  }

  // The words of segment s's F_p as a kernel reads them (block_kernel.hpp's
  // LevelCursor), by global word index: zero outside the segment, and the blocks its
  // summary marks empty skipped.
  struct SegmentLevelWords {
    const std::uint64_t* f;
    const std::uint64_t* fsum;
    std::uint64_t first_word, words, sum_words;
    std::uint64_t word(std::uint64_t i) const {
      const std::uint64_t k = i - first_word;  // wraps below the segment
      return k < words ? f[k] : 0;
    }
    // The first word in [i, last] that holds a state; last + 1 when none.
    std::uint64_t first_nonzero(std::uint64_t i, std::uint64_t last) const {
      for (; i <= last; ++i) {
        i = next_candidate(i);
        if (i > last) break;
        if (word(i) != 0) return i;
      }
      return last + 1;
    }
    // The first word at or after i that the summary does not rule out.
    std::uint64_t next_candidate(std::uint64_t i) const {
      const std::uint64_t k = i - first_word;
      if (k >= words) return i;
      const std::uint64_t b = k / disk_bfs_detail::kBlockWords;
      std::uint64_t x = b >> 6;
      std::uint64_t m = fsum[x] & (~std::uint64_t{0} << (b & 63));
      while (m == 0) {
        if (++x >= sum_words) return first_word + words;
        m = fsum[x];
      }
      const std::uint64_t nb = (x << 6) | static_cast<std::uint64_t>(std::countr_zero(m));
      return nb == b ? i : first_word + nb * disk_bfs_detail::kBlockWords;
    }
  };

  // Where the kernel's successors go (block_kernel.hpp's BlockRing): a word of a
  // resident segment is ORed into its V, and the states new there set in its
  // collecting frontier, as the per-state path does state by state; a word of a
  // segment on disk becomes records, one per state (they may be known there).
  struct SegmentTarget {
    DiskBfsMode& m;
    std::vector<Rank>& out;
    std::uint64_t word_shift, word_mask, goal_word, goal_bit;
    std::uint64_t found = 0;
    bool goal = false;
    void prefetch(Rank first) HANOI_ALWAYS_INLINE {
      const View& w = m.views_[(first >> 6) >> word_shift];
      if (w.v != nullptr) __builtin_prefetch(&w.v[(first >> 6) & word_mask], 1, 3);
    }
    void write_word(std::uint64_t j, std::uint64_t bits) HANOI_ALWAYS_INLINE {
      if (bits == 0) return;
      const std::uint64_t t = j >> word_shift;
      const View& w = m.views_[t];
      if (w.v == nullptr) {
        for (; bits != 0; bits &= bits - 1) {
          out.push_back((j << 6) | static_cast<Rank>(std::countr_zero(bits)));
          if (out.size() >= disk_bfs_detail::kLocalRecords) m.flush_local(out);
        }
        return;
      }
      const std::uint64_t fresh = m.mark_new(w, t, j & word_mask, bits);
      if (fresh == 0) return;
      found += static_cast<std::uint64_t>(std::popcount(fresh));
      if (j == goal_word && ((fresh >> goal_bit) & 1) != 0) goal = true;
    }
  };

  // expand()'s block path: segment s's parts (a part that meets two segments is
  // walked in each, reading only this one's states), their successors written by
  // SegmentTarget.  Found counts as the per-state path's (no symmetry: one each).
  template <class Counts>
  void expand_by_blocks(const Segment& g, std::uint64_t s, int p, Counts& found_counts,
                        std::atomic<bool>& goal) requires BlockSpace<V> {
    const auto* K = v_.block_kernel();
    constexpr int W = std::remove_cvref_t<decltype(*K)>::kBlockWords;
    const SegmentLevelWords level_words{words(g.f[p]), g.fsum[p].get(), s * seg_words_, seg_words_,
                                        sum_words_};
    const Rank seg_first = s * seg_ranks_, seg_end = std::min<Rank>(seg_first + seg_ranks_, ranks_);
    const Rank goal_rank = is_goal_rank_.rank();
    const std::vector<std::size_t>& parts = seg_parts_[s];
    tbb::parallel_for(
        tbb::blocked_range<std::size_t>(0, parts.size(), 1),
        [&](const tbb::blocked_range<std::size_t>& range) {
          block_detail::BlockRing<W, SegmentTarget> sink(SegmentTarget{
              *this, local_.local(), static_cast<std::uint64_t>(plan_.segment_bits - 6),
              seg_words_ - 1, goal_rank >> 6, goal_rank & 63});
          const SegmentTarget& target = sink.target();
          for (std::size_t x = range.begin(); x != range.end(); ++x) {
            const std::size_t i = parts[x];
            const Rank first = std::max(K->part_first(i), seg_first);
            const Rank end = std::min(K->part_first(i) + K->part_count(i), seg_end);
            block_detail::LevelCursor<W, SegmentLevelWords> level(level_words, first, end);
            K->expand_part(i, level, sink);
            sink.drain();
          }
          auto& found = found_counts.local();
          found[0] += target.found;
          found[1] += target.found;
          if (target.goal) goal.store(true, std::memory_order_relaxed);
        });
  }

  // Moves a thread's records into the per-segment queues.
  void flush_local(std::vector<Rank>& out) {
    if (out.empty()) return;
    std::lock_guard<std::mutex> lock(queue_mutex_);
    for (Rank r : out)
      queue_[r >> plan_.segment_bits].push_back(static_cast<std::uint32_t>(r & (seg_ranks_ - 1)));
    queued_ += out.size();
    records_ += out.size();
    out.clear();
    spill_if_over();  // under the lock: the queues stay within their allowance
  }

  // Queues beyond the allowance go to spill files, largest first.
  void spill_if_over() {
    const std::uint64_t cap = std::max<std::uint64_t>(plan_.record_bytes / 4, 1);
    while (queued_ > cap) {
      std::uint64_t t = 0;
      for (std::uint64_t u = 1; u < plan_.segments; ++u)
        if (queue_[u].size() > queue_[t].size()) t = u;
      spill(t, false);
    }
  }

  // Writes segment t's queue to a new spill file (flushed with `sync`).
  void spill(std::uint64_t t, bool sync);

  // ORs segment t's records into its V and collecting frontier (t resident).
  void merge(Segment& g, std::uint64_t t);

  // Makes segment s resident (reading its file, merging its records), evicting the
  // least recently used.
  Segment& load(std::uint64_t s);

  // A segment's bitmap, reused from an evicted segment where one is spare (a fresh
  // mapping would fault in and zero every page again): zeroed unless `zero` is false
  // (a file's reader is about to write every word); a fresh one is zero.
  detail::HugeBuffer take_buffer(bool zero = true) {
    if (!spare_.empty()) {
      detail::HugeBuffer b = std::move(spare_.back());
      spare_.pop_back();
      if (zero) std::memset(b.data(), 0, seg_words_ * 8);
      return b;
    }
    return detail::HugeBuffer(seg_words_ * 8);
  }

  static std::uint64_t* words(const detail::HugeBuffer& b) {
    return static_cast<std::uint64_t*>(b.data());
  }

  std::string fresh_name(const char* kind, std::uint64_t s) { return ckpt_.fresh_name(kind, s); }
  void account(std::int64_t delta) { ckpt_.account(delta); }
  // A file no longer needed: deleted now unless the last manifest names it (then
  // after the next one).
  void retire(const std::string& name) { ckpt_.retire(name); }

  // Before a file of at most `bytes` is written when the start could not promise
  // the room (check_free_space): a clear stop, the last checkpoint intact.
  void ensure_room(std::uint64_t bytes) { ckpt_.ensure_room(bytes); }

  // `sync`: for a checkpoint (an eviction's file is flushed by the next one).
  void write_segment(Segment& g, std::uint64_t s, bool sync);

  void unload(Segment& g);

  void evict(std::uint64_t s);

  // Writes the changed segments, the queued records and the level counts, then the
  // manifest (checkpoint.hpp deletes what only the old one named).
  void checkpoint();

  void resume_from(const Manifest& m);

  const V& v_;
  const SearchOptions& o_;
  DiskBfsPlan plan_;
  Rank ranks_;
  std::uint64_t seg_ranks_, seg_words_, sum_words_;
  StartSymmetry<V> sym_;       // one state per orbit when asked (options.symmetry)
  GoalTest<V> is_goal_rank_;   // on the ranks kept (with symmetry, orbits')
  StartGoalMirror<V> mirror_;  // σ for the half-depth test (ok() only when it is asked for)
  CheckpointDir ckpt_;         // the work directory's files and manifest
  std::vector<Segment> segs_;
  std::vector<std::vector<std::uint32_t>> queue_;  // records per segment (offsets)
  std::vector<std::uint8_t> touched_;              // per segment: gained a state in this expansion
  std::vector<std::vector<Spill>> spills_;         // spilled records per segment
  std::vector<View> views_;                        // per segment, for one expansion
  tbb::enumerable_thread_specific<std::vector<Rank>> local_;
  std::mutex queue_mutex_;
  std::vector<detail::HugeBuffer> spare_;
  IoBytes io_at_level_;                       // the I/O when the level started (its progress line)
  std::uint64_t pinned_ = ~std::uint64_t{0};  // kept resident by load() (the half-depth test)
  LevelReport::Meet meet_ = LevelReport::Meet::kNone;  // the verdict at the current level
  bool meet_pending_ = false;                          // the current level's test has not finished
  std::uint64_t work_ = 0;  // expansions and tested segments (abort_after_segments)
  std::uint64_t resident_ = 0, clock_ = 0, expanded_ = 0, queued_ = 0, records_ = 0,
                discovered_ = 0;
  std::uint64_t level_ = 0;
  LevelCounts levels_;
  std::int64_t goal_depth_ = -1;
  std::uint64_t cur_size_ = 0, next_size_ = 0;
  // States stored (with symmetry: orbits), start included.
  std::uint64_t kept_ = 0;
  std::uint64_t spilled_records_ = 0;  // records this process wrote to spill files
  bool cur_goal_ = false, next_goal_ = false;
  std::vector<Rank> in_sample_, last_sample_;
  bool finished_ = false;
  std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_report_ = t0_;
  ProgressPrinter progress_;
  // The block kernel expands the segments (block_kernel.hpp; as bfs.hpp decides it,
  // with segments of whole words), and each segment's parts (their indices).
  bool block_on_;
  std::vector<std::vector<std::size_t>> seg_parts_;
};

// The generic engine's disk-backed search (options.work_dir); the same level counts
// as breadth_first_search.
template <StateSpace V>
SearchResult disk_bfs_search(const V& v, const SearchOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  require_combination(space_facts(v), options, EngineKind::kGeneric, LevelStore::kSegments);
  const std::uint64_t budget = options.budget();
  // A resumed run keeps the segment size of its checkpoint.
  int forced = options.segment_bits;
  if (options.resume) {
    if (const auto m = CheckpointDir::peek(options.work_dir + "/manifest", "disk-generic")) {
      const std::string id = m->get("identity");
      const std::size_t at = id.find("| segment_bits ");
      if (at != std::string::npos) forced = std::stoi(id.substr(at + 15));
    }
  }
  const DiskBfsPlan plan =
      plan_disk_bfs(v.num_ranks(), budget, forced, detail::worker_count(), options.record_bytes,
                    options.baseline_bytes, options.disk_coding);
  SearchResult result;
  result.engine = EngineKind::kGeneric;
  result.storage = StorageKind::kDisk;
  result.rank_space = v.num_ranks();
  result.segments = plan.segments;
  result.stored_segments = plan.segments;
  DiskBfsMode<V> mode(v, options, plan);
  // (An interruption's checkpoint is at a level or segment boundary, or inside a
  // half-depth test, which it records as pending.)
  LevelLoopEnd end =
      run_persistent_levels(mode, options, v.num_ranks(), "disk", result, options.progress);
  // The segments that hold a state (with symmetry, fewer: most of those that hold no
  // representative never gain one); a finished run reported again has none left
  // to count and keeps the plan's figure.
  if (const std::uint64_t reached = mode.segments_reached(); reached > 0)
    result.stored_segments = reached;
  mode.finish();
  const StartSymmetry<V>& sym = mode.symmetry();
  if (sym.active()) {
    result.symmetries = static_cast<std::uint64_t>(sym.order());
    end.farthest = sym.lowest_of_orbits(end.farthest, options.farthest);
    result.orbits = mode.kept();
  }
  for (Rank r : end.farthest) result.farthest.push_back(v.describe(v.unrank(r)));
  result.search_bytes = plan.memory_bytes();
  note_files(mode, result);
  result.expansions = mode.expansions();
  result.block_kernel = mode.block_kernel();
  result.spilled_records = mode.spilled_records();
  result.peak_rss = peak_rss_bytes();
  result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return result;
}

}  // namespace hanoi

// The members kept in files of their own: the half-depth test, the checkpoints and
// resume, and the segments (load, write, evict, spill, merge).
#include "engine/disk_bfs_checkpoint.hpp"  // IWYU pragma: keep
#include "engine/disk_bfs_meet.hpp"        // IWYU pragma: keep
#include "engine/disk_bfs_segments.hpp"    // IWYU pragma: keep

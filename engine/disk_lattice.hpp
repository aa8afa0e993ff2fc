// The disk-backed lattice search: the lattice engine's bitmaps cut into segments
// that live in a work directory, at most a budget's worth of them in memory, with
// checkpoints from which a killed run resumes.
//
// Design overview
// ---------------
// A *segment* is the set of chunks (lattice_kernel.hpp) that share their s largest
// discs: a contiguous run of m^(h-s) chunks, h the chunk-indexing discs.  Every move
// of a smaller disc stays inside its segment; a move of one of the s segment discs
// needs all smaller discs off its two pegs, a fraction 2^-(n-s) or so of the
// states, so the candidates that cross segments are few and
// travel as (word, bits) records, kept per target segment (record_queue.hpp: in
// memory up to the plan's allowance, beyond it in spill files).
//
// A segment's whole state between levels is two bitmaps over its ranks: V
// (visited) and R (candidates: of the current level until the segment is expanded
// in it, of the next level after).  LatticeMode::step_span expands one segment's
// level with the in-memory engine's code and folds the segment's own cross-chunk
// candidates into R, so nothing else need be kept.  The segments act as a cache:
// up to `resident` of them stay in memory (least recently used evicted, written to
// a new file when changed), so a search that fits the budget does no I/O between
// checkpoints, and one that does not streams its segments through memory once
// per level.  While one segment expands, the next one of the level is read on a
// helper thread (read-ahead), into the bitmaps of the segment evicted for it,
// which that thread writes out first: so a streaming search reads and writes
// while it computes, and keeps no more segments in memory than without.
//
// Checkpoints (checkpoint.hpp: the manifest, the files' life, resume; work_dir.hpp
// for the files themselves).  Every `checkpoint_seconds`
// (at a level boundary, or at a segment boundary inside a long level) the changed
// resident segments are written to fresh files, the pending records and the level
// counts likewise, and a manifest naming them all replaces the old one
// atomically; the files it no longer names are then deleted.  Inside a level the
// manifest also lists which segments are done and the level's partial count, so a
// resumed run expands only the others.  Per-level counts do not depend on the
// order of segments, the thread count or where a run was interrupted.
//
// Why not write every segment every level: a level of the middle of a 4-peg search
// touches every segment, so a checkpoint per level would cost a write of the whole
// state per level (twice the in-memory time several times over).  The time-based
// checkpoint bounds the work a kill loses to about checkpoint_seconds instead.
//
// Symmetry (options.symmetry, segment_symmetry.hpp): one segment stored per orbit
// of the peg permutations that fix the start and keep the rule.  The plan (how
// many segments, how many resident) is disk_plan.hpp's.
//
// Witnesses (options.want_path): each segment also carries the two depth planes
// (depth mod 3 of every visited state, written by step_span), and the walk-back
// from the goal reads them segment by segment (witness()), choosing predecessors
// as the in-memory search does, so the moves are the same.
//
// Distributed (options.comm, comm.hpp): every rank runs this mode over its own
// share of the stored segments (dealt round-robin), with its own directory
// DIR/rank-K (or none: all in memory).  A rank expands only its segments; records
// for another rank's are kept aside and sent in one exchange at the end of the
// level, and the level's figures (size, goal, chunks, bytes sent, checkpoint due,
// stop) are agreed by one reduction, so run_levels sees the same level on every
// rank.  Checkpoints are then taken at level boundaries only, by every rank at
// once, in two phases (open_distributed explains the protocol); interruptions are
// agreed at the start of a level.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "engine/checkpoint.hpp"
#include "engine/combinations.hpp"
#include "engine/comm.hpp"
#include "engine/core.hpp"
#include "engine/disk_plan.hpp"
#include "engine/lattice_bfs.hpp"
#include "engine/level_loop.hpp"
#include "engine/memory.hpp"
#include "engine/progress.hpp"
#include "engine/record_queue.hpp"
#include "engine/search_types.hpp"
#include "engine/space_facts.hpp"
#include "engine/storage.hpp"
#include "engine/work_dir.hpp"

namespace hanoi {

template <LatticeSpace V>
class DiskLatticeMode {
 public:
  DiskLatticeMode(const V& v, const SearchOptions& options, const LatticeLayout& L,
                  const DiskPlan& plan, const std::vector<PegPerm>& group)
      : v_(v),
        o_(options),
        L_(L),
        plan_(plan),
        comm_(options.comm),
        rank_(options.comm != nullptr ? options.comm->rank() : 0),
        ranks_(options.comm != nullptr ? options.comm->size() : 1),
        persist_(!options.work_dir.empty()),
        dir_(ranks_ > 1 ? options.work_dir + "/rank-" + std::to_string(rank_) : options.work_dir),
        worker_(v, options, L, plan.span),
        segs_(plan.segments),
        progress_("disk") {
    seg_words_ = plan_.span * L_.chunk_words();
    // The records' allowance: half for those waiting in records_, half for the
    // worker threads' lists of records leaving the segment they expand, which they
    // hand over (take_outside) whenever they hold their share.  16 bytes a record,
    // and a growing list may hold room for twice its records.
    const std::uint64_t cap = std::max<std::uint64_t>(plan_.record_bytes / 64, 1);
    records_.init(plan_.segments, seg_words_, cap, persist_ ? &ckpt_ : nullptr);
    worker_.set_outside_sink(
        [this](std::vector<std::pair<std::uint64_t, std::uint64_t>>& part) { take_outside(part); },
        std::max<std::uint64_t>(cap / worker_.threads(), 1));
    if (group.size() > 1) {
      sym_ = SegmentSymmetry(group, L_, plan_.segment_discs);
      worker_.set_goal(sym_.canonical_rank(v.goal_rank(), L_.block(), seg_words_));
    }
    // Distributed: the stored segments dealt round-robin over the ranks, so that
    // neighbouring segments (which differ in the largest discs' pegs, and fill
    // alike) spread over all ranks.
    owner_.assign(plan_.segments, 0);
    std::uint64_t ordinal = 0;
    for (std::uint64_t s = 0; s < plan_.segments; ++s)
      if (sym_.order() == 1 || sym_.canonical(s)) {
        owner_[s] = static_cast<std::uint32_t>(ordinal++ % static_cast<std::uint64_t>(ranks_));
        if (mine(s)) ++owned_;
      }
    if (persist_) ckpt_ = CheckpointDir(dir_, "disk-lattice", identity(), options.flush_to_device);
  }

  // Opens the work directory: continues its checkpoint (options.resume) or starts
  // afresh.  Returns what a resumed run already completed.
  LevelLoopResume open(bool& resumed) {
    resumed = false;
    if (ranks_ > 1) {
      open_distributed(resumed);
    } else {
      open_single(resumed);
    }
    // A resumed run's progress counts from what it found done (rate and ETA).
    std::uint64_t done = in_count_;
    for (std::uint64_t x : levels_) done += x;
    progress_.set_origin(static_cast<double>(done) / static_cast<double>(v_.num_ranks()));
    LevelLoopResume from;
    from.sizes.assign(levels_.begin(), levels_.end());
    from.goal_depth = goal_depth_;
    from.last_sample = last_sample_;
    return from;
  }

  // The start's segment holds the only candidate of level 0 (on its owner).
  void seed_start() {
    const Rank r0 = v_.rank(v_.start());
    const std::uint64_t w0 = L_.word_of(r0);
    const std::uint64_t s0 = w0 / seg_words_;
    if (!mine(s0)) return;
    Segment& g = load(s0);
    g.r.word(w0 - s0 * seg_words_) |= std::uint64_t{1} << L_.bit_of(r0);
    g.r_nonzero = true;
    g.dirty = true;
  }

  void open_single(bool& resumed);

  // Distributed (see comm.hpp): each rank keeps its segments in its own directory
  // DIR/rank-K, with numbered manifests (manifest-C).  A checkpoint C is taken by
  // every rank at the same level boundary: each writes its files and manifest-C,
  // then all meet at a barrier, and only then does each delete what manifest-(C-1)
  // named.  So a job killed at any instant leaves every rank holding C-1, or C, or
  // both, and a resume takes the newest number that every rank holds.  The first
  // checkpoint is the exception (C - 1 = 0 is no checkpoint at all): a job killed
  // while taking it may leave manifest-1 on some ranks and nothing on others.  Its
  // directories all exist (every rank made its own before the search began), which
  // tells it from a directory lost or never written (another number of ranks), so
  // the run starts afresh instead of refusing forever.  Every refusal here is
  // agreed (a rank that finds its checkpoint unusable says so, the others stop with
  // it), so no rank is left waiting for one that gave up.
  void open_distributed(bool& resumed);

  LevelReport step(std::uint64_t depth) {
    using Clock = std::chrono::steady_clock;
    const int cur = static_cast<int>(depth & 1);
    // Distributed: an interruption is agreed at the level's start, so that every
    // rank checkpoints the same level and stops.
    if (ranks_ > 1) {
      std::uint64_t stop = o_.cancel != nullptr && o_.cancel->load(std::memory_order_relaxed);
      comm_->max(&stop, 1);
      if (stop != 0) throw SearchCancelled();  // the caller's save() checkpoints
    }
    LevelReport rep;
    rep.size = in_count_;
    rep.goal = in_goal_;
    rep.sample = in_sample_;
    const IoBytes io_at_start = ckpt_.io()->now();
    // Resident segments first (no read), then the others in order.
    std::vector<std::uint64_t> todo;
    for (int pass = 0; pass < 2; ++pass)
      for (std::uint64_t s = 0; s < plan_.segments; ++s) {
        const Segment& g = segs_[s];
        if (!mine(s) || g.done || (!g.r_nonzero && !records_.has(cur, s))) continue;
        if ((pass == 0) == g.loaded) todo.push_back(s);
      }
    std::uint64_t reached_before = 0;
    for (std::uint64_t x : levels_) reached_before += x;
    next_side_ = 1 - cur;  // where route_out sends this level's records
    for (std::size_t i = 0; i < todo.size(); ++i) {
      if (ranks_ == 1 && o_.cancel != nullptr && o_.cancel->load(std::memory_order_relaxed))
        throw SearchCancelled();
      const std::uint64_t s = todo[i];
      Segment& g = load(s);
      merge(g, s, cur);
      if (i + 1 < todo.size()) start_read_ahead(todo[i + 1], s);
      // The chunks to read: known while the segment stayed in memory (the level
      // before listed them), else found by reading R.
      auto out = worker_.step_span(depth, s * plan_.span, g.v, g.r, g.listed, g.listed_known,
                                   o_.want_path ? g.planes.data() : nullptr);
      g.listed_known = true;
      g.mark.assign(plan_.span, 0);
      for (std::uint64_t c : g.listed) g.mark[c] = 1;
      rep.size += out.report.size * (sym_.order() > 1 ? sym_.weight(s) : 1);
      rep.goal = rep.goal || out.report.goal;
      rep.units += out.report.units;
      if (o_.farthest > 0) {
        rep.sample.insert(rep.sample.end(), out.report.sample.begin(), out.report.sample.end());
        keep_lowest(rep.sample, o_.farthest);
      }
      g.r_nonzero = out.next_nonzero;
      g.done = true;
      g.dirty = true;
      // Records of the next level: straight into R where their segment is resident
      // and already expanded in this level (R holds the next level's candidates
      // there), else kept until it is; this segment's own kept ones join it now.
      // So records wait only for segments not yet expanded or not resident (in
      // memory up to their allowance, in spill files beyond: put).
      for (auto& part : out.outside) {
        route_out(part);
        part = {};  // freed as soon as routed
      }
      merge(g, s, 1 - cur);
      in_count_ = rep.size;
      in_goal_ = rep.goal;
      in_sample_ = rep.sample;
      ++expanded_;
      const auto now = Clock::now();
      if (o_.progress && rank_ == 0 && now - last_report_ > std::chrono::seconds(2)) {
        last_report_ = now;
        const double secs = std::chrono::duration<double>(now - t0_).count();
        const double reached = static_cast<double>(reached_before + rep.size);
        progress_.report(
            reached / static_cast<double>(v_.num_ranks()), secs,
            static_cast<double>(new_states_ + rep.size) / secs,
            "level " + std::to_string(depth) + ": segment " + std::to_string(i + 1) + " of " +
                std::to_string(todo.size()) + ", " + std::to_string(rep.size) + " new, disk " +
                format_bytes(ckpt_.on_disk()) + " (this level " + ckpt_.io_since(io_at_start) +
                "), " + std::to_string(resident_) + " resident" + (ranks_ > 1 ? " (rank 0)" : ""));
      }
      if (ranks_ > 1) continue;  // checkpoints only at level boundaries (agreed)
      if (o_.abort_after_segments > 0 && expanded_ >= o_.abort_after_segments)
        throw SearchCancelled();
      if (i + 1 < todo.size() && due()) checkpoint();
    }
    bool checkpoint_due = false, stop_after = false;
    if (ranks_ > 1) {
      // The records for other ranks' segments go to their owners; then the level's
      // figures are agreed: its size, the goal, chunks read, bytes exchanged,
      // whether a checkpoint is due, whether the testing aid stops here.
      const std::uint64_t sent = exchange(1 - cur);
      std::uint64_t agreed[6] = {
          rep.size,
          rep.goal ? 1u : 0u,
          rep.units,
          sent,
          persist_ && due() ? 1u : 0u,
          o_.abort_after_segments > 0 && expanded_ >= o_.abort_after_segments ? 1u : 0u};
      comm_->sum(agreed, 6);
      rep.size = agreed[0];
      rep.goal = agreed[1] != 0;
      rep.units = agreed[2];
      level_exchanged_.push_back(agreed[3]);
      exchanged_ += agreed[3];
      checkpoint_due = agreed[4] != 0;
      stop_after = agreed[5] != 0;
    } else {
      checkpoint_due = due();
    }
    // The level is complete.
    new_states_ += rep.size;
    for (Segment& g : segs_) g.done = false;
    in_count_ = 0;
    in_goal_ = false;
    in_sample_.clear();
    level_ = depth + 1;
    if (rep.size > 0) {
      levels_.push_back(rep.size);
      if (rep.goal && goal_depth_ < 0) goal_depth_ = static_cast<std::int64_t>(depth);
      last_sample_ = rep.sample;
      // Stopping, the caller's save() takes the checkpoint (once).
      if (stop_after) throw SearchCancelled();
      if (checkpoint_due) checkpoint();
    }  // (an empty level ends the search, stop or not)
    return rep;
  }

  // After the level loop: the run's final manifest (levels, optimum, farthest
  // sample); the segment files go (a finished search's bitmaps answer nothing
  // more), unless they hold a witness's depth planes.
  void finish() {
    settle();
    finished_ = true;
    if (o_.want_path) {
      // A finished run resumed again rebuilds its witness from the depth planes:
      // they stay (in a checkpoint of their own).
      records_.forget();
      checkpoint();
      return;
    }
    for (Segment& g : segs_) {
      ckpt_.retire(g.file.name);  // (gone once a manifest that names no segment is in place)
      g = Segment();
    }
    resident_ = 0;
    records_.forget();
    checkpoint();
  }

  // A checkpoint now (an interrupted run's last act).
  void save() { checkpoint(); }

  // An optimal move sequence from the start to the goal (options.want_path, after
  // the level loop), walked back as the in-memory search walks (LatticeMode::
  // witness): from the goal, the first predecessor in their fixed order whose depth
  // is one less, told by the depth planes.  So the same moves, whatever the
  // segments, ranks or resumptions.  Distributed: each rank answers for the
  // predecessors in its own segments, and the first is agreed (the least index).
  std::vector<Move> witness(std::uint64_t optimum) {
    constexpr std::uint64_t kNone = ~std::uint64_t{0};
    std::vector<Move> path;
    path.reserve(optimum);
    Rank r = v_.goal_rank();
    for (std::uint64_t d = optimum; d > 0; --d) {
      const int want = static_cast<int>((d - 1) % 3);
      std::uint64_t first = kNone, i = 0;
      for_each_predecessor(v_, v_.unrank(r), [&](const typename V::State& u, Move) {
        if (first == kNone && depth_code(v_.rank(u)) == want) first = i;
        ++i;
      });
      if (ranks_ > 1) {
        std::uint64_t least = ~first;  // the largest complement is the least index
        comm_->max(&least, 1);
        first = ~least;
      }
      if (first == kNone) throw std::logic_error("disk witness: no predecessor one level closer");
      i = 0;
      Rank next = 0;
      for_each_predecessor(v_, v_.unrank(r), [&](const typename V::State& u, Move mv) {
        if (i++ != first) return;
        path.push_back(mv);
        next = v_.rank(u);
      });
      r = next;
    }
    if (r != v_.rank(v_.start())) throw std::logic_error("disk witness did not end at the start");
    std::reverse(path.begin(), path.end());
    return path;
  }

  std::uint64_t disk_peak() const { return ckpt_.peak(); }
  // What its files read and wrote so far (run_levels notes it per level).
  const IoTally* io() const { return ckpt_.io(); }
  std::uint64_t exchanged_bytes() const { return exchanged_; }
  const std::vector<std::uint64_t>& level_exchanged() const { return level_exchanged_; }
  std::uint64_t owned_segments() const { return owned_; }
  std::uint64_t checkpoints() const { return checkpoints_; }
  std::uint64_t spilled_records() const { return records_.spilled(); }
  std::uint64_t expansions() const { return expanded_; }
  bool was_finished() const { return finished_; }

 private:
  struct Segment {
    ChunkedWords v, r;
    std::array<ChunkedWords, 2> planes;  // with a witness: depth mod 3 of each visited state
    bool loaded = false, dirty = false;
    bool r_nonzero = false;  // R holds candidates
    bool done = false;       // expanded in the current level
    FileRef file;            // its newest file (empty: all zero, never written)
    std::uint64_t last_use = 0;
    bool synced = true;  // its file is flushed to the device
    // While resident after an expansion: the chunks that may hold candidates.
    std::vector<std::uint64_t> listed;
    std::vector<std::uint8_t> mark;  // per chunk: in `listed` (when known)
    bool listed_known = false;
  };

  std::string path(const std::string& name) const { return ckpt_.path(name); }

  // A segment's bitmaps, in their order in its file: V, R, and with a witness the
  // two depth planes.
  std::vector<ChunkedWords*> bitmaps(Segment& g) const {
    if (o_.want_path) return {&g.v, &g.r, &g.planes[0], &g.planes[1]};
    return {&g.v, &g.r};
  }

  // A stored state's depth mod 3 (its segment read in if need be); -1 where it was
  // not reached, or lies in another rank's segment.
  int depth_code(Rank x) {
    const std::uint64_t w = L_.word_of(x), s = w / seg_words_;
    if (!mine(s)) return -1;
    Segment& g = load(s);
    const std::uint64_t local = w - s * seg_words_;
    const std::uint64_t bit = std::uint64_t{1} << L_.bit_of(x);
    if ((g.v.word(local) & bit) == 0) return -1;
    return ((g.planes[0].word(local) & bit) ? 1 : 0) | ((g.planes[1].word(local) & bit) ? 2 : 0);
  }

  // Whether this rank owns segment s (always, single-process).
  bool mine(std::uint64_t s) const {
    return ranks_ == 1 || owner_[s] == static_cast<std::uint32_t>(rank_);
  }

  // Records of the next level leaving the segment being expanded, each to its
  // segment (with symmetry, the stored images).
  void route_out(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& part) {
    for (const auto& [word, bits] : part) {
      if (sym_.order() > 1) {
        sym_.route(word, bits, seg_words_, [&](std::uint64_t T, std::uint64_t w, std::uint64_t b) {
          put(next_side_, T, w, b);
        });
      } else {
        put(next_side_, word / seg_words_, word, bits);
      }
    }
  }

  // The same for a worker thread's list during the expansion (set_outside_sink),
  // which it empties.  Under a lock: put() touches only the pending lists, the spill
  // files and segments already expanded in this level, never the segment being
  // expanded, and the read-ahead's helper thread touches none of those.
  void take_outside(std::vector<std::pair<std::uint64_t, std::uint64_t>>& part) {
    const std::lock_guard<std::mutex> lock(outside_mutex_);
    route_out(part);
    part.clear();
  }

  // A record of the next level for segment T: straight into R where T is resident
  // here and already expanded in this level (R holds the next level's candidates
  // there), else kept until it is (or, another rank's, until the exchange).
  // Beyond the plan's allowance for them, the longest lists of records go to spill
  // files in the work directory (none without one: --symmetry in memory).
  void put(int side, std::uint64_t T, std::uint64_t w, std::uint64_t b) {
    Segment& t = segs_[T];
    if (t.loaded && t.done) {
      merge_one(t, T, w, b);
    } else {
      records_.push(side, T, w, b);
    }
  }

  // Distributed: sends the records kept for other ranks' segments to their owners
  // and takes in those for this rank's.  Returns the bytes this rank sent.
  std::uint64_t exchange(int nx) {
    std::vector<std::vector<std::uint64_t>> out(static_cast<std::size_t>(ranks_));
    std::uint64_t sent = 0;
    for (std::uint64_t s = 0; s < plan_.segments; ++s) {
      if (mine(s) || !records_.has(nx, s)) continue;
      auto& o = out[owner_[s]];
      records_.for_each(nx, s, true, [&](std::uint64_t word, std::uint64_t bits) {
        o.push_back(word);
        o.push_back(bits);
        sent += 16;
      });
    }
    const std::vector<std::uint64_t> in = comm_->exchange(out);
    out = {};
    for (std::size_t i = 0; i + 1 < in.size(); i += 2) {
      const std::uint64_t T = in[i] / seg_words_;
      if (T >= plan_.segments || !mine(T))
        throw std::logic_error("distributed search: a record for another rank's segment");
      put(nx, T, in[i], in[i + 1]);
    }
    return sent;
  }

  // A checkpoint is due checkpoint_seconds after the last, or four times as long as
  // the last took if that is longer: writing a state of many GiB may take a while,
  // and checkpoints should not cost more than a fifth of the run.
  bool due() const { return ckpt_.due(o_.checkpoint_seconds); }

  std::string identity() const {
    return o_.identity + " | symmetry " + std::to_string(sym_.order()) +
           (ranks_ > 1 ? " | rank " + std::to_string(rank_) + " of " + std::to_string(ranks_)
                       : "") +
           " | layout " + std::to_string(L_.pegs()) + " " + std::to_string(L_.discs()) + " " +
           std::to_string(L_.word_discs()) + " " + std::to_string(L_.chunk_discs()) + " " +
           std::to_string(L_.large_discs()) + " | witness " + std::to_string(o_.want_path ? 1 : 0) +
           " | stop_at_goal " + std::to_string(o_.stop_at_goal ? 1 : 0) + " farthest " +
           std::to_string(o_.farthest);
  }

  // The bound (every stored segment's file written whole: this rank's share when
  // distributed) must fit, unless the half-depth test reaches only part of it or
  // options.disk_share expects less that fits: then the run starts with a warning and
  // checks the free space before each file (CheckpointDir::reserve_room).
  void check_free_space() {
    const std::uint64_t need =
        plan_.disk_bound() / plan_.stored * std::max<std::uint64_t>(owned_, 1);
    ckpt_.reserve_room(need, o_.disk_share, o_.meet_in_middle ? "the half-depth test" : nullptr,
                       o_.progress && rank_ == 0, "disk");
  }

  void account(std::int64_t delta) { ckpt_.account(delta); }
  std::string fresh_name(const char* kind, std::uint64_t s) { return ckpt_.fresh_name(kind, s); }

  // ORs a record into resident segment s's R and lists its chunk (once: g.mark).
  void merge_one(Segment& g, std::uint64_t s, std::uint64_t word, std::uint64_t bits) {
    const std::uint64_t local = word - s * seg_words_;
    g.r.word(local) |= bits;
    const std::uint64_t c = local / L_.chunk_words();
    if (g.listed_known && !g.mark[c]) {
      g.mark[c] = 1;
      g.listed.push_back(c);
    }
    g.r_nonzero = true;
    g.dirty = true;
  }
  // The same for every record waiting for s in records_'s `side`, which are then gone.
  void merge(Segment& g, std::uint64_t s, int side) {
    records_.for_each(side, s, true,
                      [&](std::uint64_t word, std::uint64_t bits) { merge_one(g, s, word, bits); });
  }

  // Makes segment s resident (reading its file), evicting the least recently used.
  Segment& load(std::uint64_t s);

  // The least recently used resident segment other than `keep`, or plan_.segments
  // where there is none.
  std::uint64_t lru_victim(std::uint64_t keep) const;

  // A segment's bitmaps to and from its file (thread-safe: they touch nothing but
  // the bitmaps and the file, so the read-ahead's helper thread calls them too).
  // `file` empty: no file yet, all zero (`zero` already: freshly allocated).
  static std::pair<std::uint64_t, std::uint64_t> write_bitmaps(
      ChunkedWords* const* maps, std::size_t count, std::uint64_t span, std::uint64_t cw,
      const std::string& file, bool in_place, bool sync, IoTally* io, FileCoding coding);
  static void read_bitmaps(ChunkedWords* const* maps, std::size_t count, std::uint64_t span,
                           std::uint64_t cw, const std::string& file, std::uint64_t bytes,
                           std::uint64_t sum, bool zero, IoTally* io);

  // Whether segment g's next file is written over its current one: an uncommitted
  // intermediate, which no manifest names.
  bool writes_in_place(const Segment& g) const;

  // After segment g's bitmaps went to file `name` (bytes, checksum): its newest
  // file, the disk in use, and the intermediate it replaces gone.
  void record_written(Segment& g, const std::string& name, bool in_place,
                      std::pair<std::uint64_t, std::uint64_t> written, bool synced);

  // Segment g no longer resident (its bitmaps already moved out or dropped).
  void release(Segment& g);

  // `sync`: for a checkpoint (an eviction's file is flushed by the next one).
  void write_segment(Segment& g, std::uint64_t s, bool sync);

  // Read-ahead (see the overview): starts reading segment t, the next of the level,
  // on a helper thread while `current` expands.  Single process with a work
  // directory only.  The job touches nothing but the bitmaps it is handed and its
  // two files; the bookkeeping is settle()'s, on this thread, before anything else
  // looks at a segment or a file.
  void start_read_ahead(std::uint64_t t, std::uint64_t current);

  // Waits for the read-ahead, if any, and applies it: the victim's new file, the
  // segment resident.  A failed job leaves the run unable to checkpoint (the
  // victim's changes are lost), so the last checkpoint stays the one to resume.
  void settle();

  void evict(std::uint64_t s);

  // Writes the changed segments, the records and the level counts, then the
  // manifest; deletes what the old manifest named and the new one does not.
  void checkpoint();

  void resume_from(const Manifest& m, const std::string& manifest_name = "manifest");

  const V& v_;
  const SearchOptions& o_;
  LatticeLayout L_;
  DiskPlan plan_;
  Comm* comm_;                        // distributed: the ranks (null: one process)
  int rank_, ranks_;                  // this process's rank and how many (0 and 1: one process)
  bool persist_;                      // a work directory is kept (distributed may run without one)
  std::string dir_;                   // this rank's directory
  CheckpointDir ckpt_;                // its files and manifests (persist_)
  std::vector<std::uint32_t> owner_;  // per segment: the rank that owns it
  std::uint64_t owned_ = 0;           // stored segments this rank owns
  std::uint64_t manifest_id_ = 0;     // distributed: the checkpoint number
  std::uint64_t exchanged_ = 0;       // distributed: bytes sent between ranks, all ranks
  std::vector<std::uint64_t> level_exchanged_;  // the same per level of this run
  LatticeMode<V> worker_;
  SegmentSymmetry sym_;  // order 1 without symmetry

  std::vector<Segment> segs_;
  std::vector<std::array<ChunkedWords, 4>> spare_;  // bitmaps of evicted segments
  // The segment being read ahead (start_read_ahead), and the one evicted for it.
  struct ReadAhead {
    std::uint64_t segment = 0, victim = 0;
    bool write = false;     // the victim's changed bitmaps go to file `name` first
    bool in_place = false;  // `name` is the victim's uncommitted file, written over
    std::string name;
    std::array<ChunkedWords, 4> maps;  // the victim's bitmaps, then the segment's
    std::future<std::pair<std::uint64_t, std::uint64_t>> done;  // written: bytes, checksum
  };
  std::optional<ReadAhead> ahead_;
  bool io_failed_ = false;
  RecordQueue records_;       // records waiting for their segment (record_queue.hpp)
  int next_side_ = 1;         // the parity of the next level's records (route_out)
  std::mutex outside_mutex_;  // take_outside's
  std::uint64_t seg_words_ = 0;
  std::uint64_t resident_ = 0, clock_ = 0, expanded_ = 0;
  std::uint64_t level_ = 0;
  LevelCounts levels_;
  std::int64_t goal_depth_ = -1;
  std::vector<Rank> last_sample_;
  std::uint64_t in_count_ = 0;
  bool in_goal_ = false;
  std::vector<Rank> in_sample_;
  bool finished_ = false;
  FileRef records_file_;  // the records the manifest names
  std::uint64_t new_states_ = 0;
  std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_report_ = t0_;
  std::uint64_t checkpoints_ = 0;
  ProgressPrinter progress_;
};

// The disk-backed search (options.work_dir); same results as lattice_search.
template <LatticeSpace V>
SearchResult disk_lattice_search(const V& v, const SearchOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  Comm* comm = options.comm;
  const int ranks = comm != nullptr ? comm->size() : 1;
  const int rank = comm != nullptr ? comm->rank() : 0;
  // (One process without a work directory: the search by symmetry in memory, every
  // stored segment resident, checked below.)
  require_combination(space_facts(v), options, EngineKind::kLattice,
                      comm != nullptr ? LevelStore::kRanks : LevelStore::kSegments);
  const LatticeLayout L(v.pegs(), v.discs());
  const std::uint64_t budget = options.budget();
  // A resumed run keeps the segment discs of its checkpoint (distributed: of this
  // rank's newest manifest, agreed, since a rank may have none).
  int forced = options.segment_discs;
  if (options.resume && !options.work_dir.empty()) {
    std::string name = options.work_dir + "/manifest";
    if (ranks > 1) {
      const std::string dir = options.work_dir + "/rank-" + std::to_string(rank);
      std::uint64_t newest = 0;
      if (std::filesystem::is_directory(dir))
        for (const std::string& f : list_dir(dir))
          if (f.rfind("manifest-", 0) == 0 && f.find('.') == std::string::npos)
            newest = std::max(newest, parse_manifest_number(f.substr(9), "manifest number"));
      name = dir + "/manifest-" + std::to_string(newest);
    }
    std::uint64_t from_checkpoint = 0;  // segment discs + 1, 0: no checkpoint
    if (const auto m = CheckpointDir::peek(name, "disk-lattice")) {
      from_checkpoint = m->get_u64("segment_discs") + 1;
      if (from_checkpoint > static_cast<std::uint64_t>(L.large_discs()) + 1)
        throw WorkDirError(name + ": segment_discs " + m->get("segment_discs") +
                           " does not fit this search's layout");
    }
    if (ranks > 1) comm->max(&from_checkpoint, 1);
    if (from_checkpoint > 0) forced = static_cast<int>(from_checkpoint - 1);
  }
  std::vector<PegPerm> group;
  if (options.symmetry) group = rule_symmetries(v);
  DiskPlan plan = plan_disk(L, budget, forced, group, options.want_path, options.record_bytes,
                            options.baseline_bytes, options.disk_coding);
  if (ranks > 1) {
    // Enough segments to deal out: at least 4 per rank where the layout has them.
    int s = plan.segment_discs;
    if (forced < 0) {
      while (s < L.large_discs() && plan.stored < 4 * static_cast<std::uint64_t>(ranks))
        plan = plan_disk(L, budget, ++s, group, options.want_path, options.record_bytes,
                         options.baseline_bytes, options.disk_coding);
    }
    // This rank's share of the stored segments (dealt round-robin).
    const std::uint64_t owned =
        plan.stored / static_cast<std::uint64_t>(ranks) +
        (static_cast<std::uint64_t>(rank) < plan.stored % static_cast<std::uint64_t>(ranks) ? 1
                                                                                            : 0);
    plan.resident = std::max<std::uint64_t>(1, std::min(plan.resident, owned));
    if (options.work_dir.empty() && plan.resident < owned)
      throw over_budget(options, plan.worker_bytes + owned * plan.segment_bytes,
                        "the distributed search (per rank)",
                        "a larger memory budget, more ranks, or a work directory",
                        {Feature::kMemoryBudget, Feature::kWorkDir});
  }
  if (options.work_dir.empty() && ranks == 1 && plan.resident < plan.stored)
    // (Symmetry gives no witness: the hint names a work directory.)
    throw in_memory_over_budget(options, plan.worker_bytes + plan.stored * plan.segment_bytes,
                                "the search by symmetry in memory");
  SearchResult result;
  result.symmetries = group.empty() ? 1 : group.size();
  result.stored_segments = plan.stored;
  result.engine = EngineKind::kLattice;
  result.storage = options.work_dir.empty() ? StorageKind::kMemory : StorageKind::kDisk;
  result.rank_space = v.num_ranks();
  result.segments = plan.segments;
  result.ranks = static_cast<std::uint64_t>(ranks);
  DiskLatticeMode<V> mode(v, options, L, plan, group);
  // Distributed, the interruption is agreed inside the mode's step (every rank
  // stops at the same level), never by the loop on one rank alone.
  SearchOptions loop_options = options;
  if (ranks > 1) loop_options.cancel = nullptr;
  if (ranks > 1 && rank != 0) loop_options.progress = false;
  // (An interruption's checkpoint is at a level or segment boundary, where the
  // state is consistent.)
  const LevelLoopEnd end = run_persistent_levels(mode, loop_options, v.num_ranks(), "disk", result,
                                                 options.progress && rank == 0);
  std::uint64_t path_bytes = 0;
  if (options.want_path && result.outcome == SearchOutcome::kGoalReached) {
    if (options.max_path_moves > 0 && result.optimum > options.max_path_moves) {
      result.path_omitted = true;
    } else {
      path_bytes = result.optimum * sizeof(Move);
      result.path = mode.witness(result.optimum);
    }
  }
  mode.finish();
  for (Rank r : end.farthest) result.farthest.push_back(v.describe(v.unrank(r)));
  result.search_bytes = plan.memory_bytes() + path_bytes;
  note_files(mode, result);
  result.expansions = mode.expansions();
  result.spilled_records = mode.spilled_records();
  result.peak_rss = peak_rss_bytes();
  result.exchanged_bytes = mode.exchanged_bytes();
  result.level_exchanged = mode.level_exchanged();
  if (ranks > 1) {
    // Per rank, the largest; the disk, all ranks together.
    std::uint64_t most[2] = {result.search_bytes, result.peak_rss};
    comm->max(most, 2);
    result.search_bytes = most[0];
    result.peak_rss = most[1];
    comm->sum(&result.disk_bytes, 1);
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return result;
}

}  // namespace hanoi

// The members kept in files of their own: the segment cache, and the opening,
// checkpoints and resume.
#include "engine/disk_lattice_checkpoint.hpp"  // IWYU pragma: keep
#include "engine/disk_lattice_segments.hpp"    // IWYU pragma: keep

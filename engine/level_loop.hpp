// The level loop of a level-synchronous breadth-first search, shared by the modes.
//
// Design overview
// ---------------
// A search mode splits into three parts, each in a file of its own:
//   * the level loop (this file): depth by depth, cancellation, per-level counts,
//     the optimum (first level holding the goal), stop-at-goal, the farthest
//     states, progress and trace lines, and the result's level fields;
//   * the storage (storage.hpp): where the visited and frontier bits live, cut
//     into segments of the rank space (in memory now; the seam for disk-backed and
//     distributed segments);
//   * the expansion kernel (lattice_kernel.hpp for the word-parallel lattice): what
//     the successors of a set of states are, with no loop over levels and no
//     storage of its own.
// A mode glues a storage to a kernel and exposes one call, `step(depth)`: read the
// states first reached at `depth` (they become visited), expand them into the
// candidates of depth + 1, and report the level (a LevelReport).  Everything the
// user sees about levels is decided here, once, so every mode prints and counts
// alike.
//
// Every mode runs on this loop: the generic state-at-a-time search (bfs.hpp, which
// changes representation between vector and bitmap levels inside its step), the
// lattice mode, the frontier engine and both disk modes.  The modes that keep
// checkpoints enter through run_persistent_levels, which opens or resumes them and
// takes the one checkpoint of an interruption.
#pragma once

#include <algorithm>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/core.hpp"
#include "engine/progress.hpp"
#include "engine/search_types.hpp"
#include "engine/work_dir.hpp"

namespace hanoi {

// What a mode reports about one level.
struct LevelReport {
  std::uint64_t size = 0;  // states first reached at this depth
  bool goal = false;       // the goal is among them
  // With options.farthest: the lowest ranks among them, sorted, at most `farthest`.
  std::vector<Rank> sample;
  std::uint64_t units = 0;  // for --trace: how many storage units (chunks) were read
  // With options.meet_in_middle: some state s of this depth d has σs reached at
  // depth d - 1 (kOdd: the optimum is 2d - 1) or, failing that, at depth d (kEven:
  // 2d).  See lattice_bfs.hpp, "Meet in the middle".
  enum class Meet { kNone, kEven, kOdd };
  Meet meet = Meet::kNone;
};

template <class M>
concept LevelMode = requires(M& m, std::uint64_t depth) {
  { m.step(depth) } -> std::same_as<LevelReport>;
};

// What the loop leaves for the mode's own epilogue (witness, farthest states).
struct LevelLoopEnd {
  std::vector<Rank> farthest;  // the sample of the last level (complete searches)
};

// Levels a resumed run already completed (disk_lattice.hpp's checkpoints).
struct LevelLoopResume {
  std::vector<std::uint64_t> sizes;  // of depths 0 .. sizes.size() - 1
  std::int64_t goal_depth = -1;      // the goal's depth among them, -1: not yet
  std::vector<Rank> last_sample;     // with options.farthest: of the last of them
  bool met_in_middle = false;        // the half-depth test decided: goal_depth is the optimum
};

// The watched ranks of a search (SearchOptions::watch): each one's depth, noted
// after every level by a query `reached(rank)` on what the search has visited.
// run_levels asks a mode that can answer `reached(rank)` (the in-memory modes).
class WatchedDepths {
 public:
  WatchedDepths(const SearchOptions& options, SearchResult& result)
      : watch_(options.watch), depths_(result.watch_depths), left_(options.watch.size()) {
    depths_.assign(watch_.size(), -1);
  }
  // After the level at `depth`: the watched ranks visited by now and not before.
  template <class Reached>
  void note(std::uint64_t depth, Reached&& reached) {
    for (std::size_t i = 0; left_ > 0 && i < watch_.size(); ++i)
      if (depths_[i] < 0 && reached(watch_[i])) {
        depths_[i] = static_cast<std::int64_t>(depth);
        --left_;
      }
  }

 private:
  const std::vector<Rank>& watch_;
  std::vector<std::int64_t>& depths_;
  std::size_t left_;
};

// Runs `mode` level by level from depth 0 (or from where `resume` ends) and fills
// the level fields of `result`: level_sizes, states_reached, eccentricity, optimum,
// outcome, complete.
template <LevelMode M>
LevelLoopEnd run_levels(M& mode, const SearchOptions& options, Rank rank_space, const char* tag,
                        SearchResult& result, const LevelLoopResume* resume = nullptr) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  LevelLoopEnd end;
  std::uint64_t reached = 0;
  bool goal_found = false;
  std::uint64_t first_depth = 0;
  if (resume != nullptr) {
    result.level_sizes.assign(resume->sizes.begin(), resume->sizes.end());
    for (std::uint64_t s : resume->sizes) reached += s;
    first_depth = resume->sizes.size();
    if (resume->goal_depth >= 0) {
      goal_found = true;
      result.optimum = static_cast<std::uint64_t>(resume->goal_depth);
    }
    if (resume->met_in_middle) {
      result.met_in_middle = true;
      result.complete = false;
    }
    end.farthest = resume->last_sample;
  }
  auto last_report = t0;
  ProgressPrinter progress(tag);
  // A resumed run: the rate and the ETA count what this run reaches.
  const std::uint64_t reached_at_start = reached;
  progress.set_origin(static_cast<double>(reached) / static_cast<double>(rank_space));
  unsigned levels_since_clock = 0;
  // A resumed run that had stopped at the goal has nothing left to do.
  if (goal_found && options.stop_at_goal) result.complete = false;
  // Watched ranks (options.watch): a mode that can say whether a rank is visited
  // reports each one's depth; choose_storage lets only such modes take a watch list.
  WatchedDepths watched(options, result);
  // A mode with a work directory: its I/O per level (SearchResult::level_read).
  constexpr bool kIo = requires(const M& cm) {
    { cm.io() } -> std::convertible_to<const IoTally*>;
  };
  IoBytes io_mark;
  if constexpr (kIo) {
    io_mark = mode.io()->now();
    result.io_first_level = first_depth;
  }
  for (std::uint64_t depth = first_depth; result.complete; ++depth) {
    check_cancel(options);
    const auto level_t0 = options.trace ? Clock::now() : Clock::time_point{};
    LevelReport level = mode.step(depth);
    if (options.trace)
      std::fprintf(stderr, "[%s] level %llu: %llu states from %llu chunks, %.3f s\n", tag,
                   static_cast<unsigned long long>(depth),
                   static_cast<unsigned long long>(level.size),
                   static_cast<unsigned long long>(level.units),
                   std::chrono::duration<double>(Clock::now() - level_t0).count());
    if (level.size == 0) break;  // depth is empty: the last level was depth - 1
    if constexpr (kIo) {
      const IoBytes now = mode.io()->now();
      result.level_read.push_back(now.read - io_mark.read);
      result.level_written.push_back(now.written - io_mark.written);
      io_mark = now;
    }
    result.level_sizes.push_back(level.size);
    reached += level.size;
    if (options.farthest > 0) end.farthest = std::move(level.sample);
    if (options.meet_in_middle && level.meet != LevelReport::Meet::kNone && !goal_found) {
      // The half-depth test decides the optimum at this level (depth >= 1 for kOdd).
      goal_found = true;
      result.optimum = level.meet == LevelReport::Meet::kOdd ? 2 * depth - 1 : 2 * depth;
      result.met_in_middle = true;
      result.complete = false;
      break;
    }
    if (level.goal && !goal_found) {
      goal_found = true;
      result.optimum = depth;
    }
    if constexpr (requires(const M& cm, Rank r) {
                    { cm.reached(r) } -> std::same_as<bool>;
                  }) {
      watched.note(depth, [&](Rank r) { return mode.reached(r); });
    }
    // Reading the clock costs more than a tiny level (3-peg searches have up to 3^n
    // levels of one state), so it is read every 1024 levels or after a large one.
    if (options.progress && (++levels_since_clock >= 1024 || level.size >= 65536)) {
      levels_since_clock = 0;
      const auto now = Clock::now();
      if (now - last_report > std::chrono::seconds(2)) {
        last_report = now;
        const double secs = std::chrono::duration<double>(now - t0).count();
        // The half-depth test stops at an unknown share of the space: no ETA.
        const double fraction =
            options.meet_in_middle ? -1.0
                                   : static_cast<double>(reached) / static_cast<double>(rank_space);
        progress.report(fraction, secs, static_cast<double>(reached - reached_at_start) / secs,
                        "level " + std::to_string(depth) + ": " + std::to_string(level.size) +
                            " new, " + std::to_string(reached) + " reached");
      }
    }
    if (goal_found && (options.stop_at_goal || options.meet_in_middle)) {
      result.complete = false;
      break;
    }
  }
  result.states_reached = reached;
  result.eccentricity = result.level_sizes.empty() ? 0 : result.level_sizes.size() - 1;
  result.outcome = goal_found ? SearchOutcome::kGoalReached : SearchOutcome::kGoalUnreachable;
  if (!result.complete) end.farthest.clear();
  return end;
}

// A mode that keeps checkpoints: open() resumes one or starts afresh; save()
// takes the one checkpoint of an interruption.
template <class M>
concept PersistentLevelMode = LevelMode<M> && requires(M& m, bool& resumed) {
  { m.open(resumed) } -> std::same_as<LevelLoopResume>;
  m.save();
};

// run_levels for a mode that keeps checkpoints (the disk modes, the frontier
// engine): opens it (result.resumed), runs the levels, and on an interruption
// (SearchCancelled, from the loop or the mode's step, which throws without a
// checkpoint) takes the mode's one checkpoint at the boundary where it stopped,
// says where (`announce`) and rethrows.
template <PersistentLevelMode M>
LevelLoopEnd run_persistent_levels(M& mode, const SearchOptions& options, Rank rank_space,
                                   const char* tag, SearchResult& result, bool announce) {
  bool resumed = false;
  const LevelLoopResume from = mode.open(resumed);
  result.resumed = resumed;
  try {
    return run_levels(mode, options, rank_space, tag, result, &from);
  } catch (const SearchCancelled&) {
    mode.save();
    if (announce && !options.work_dir.empty())
      std::fprintf(stderr, "[%s] checkpoint written to %s: a resumed run continues from it\n", tag,
                   options.work_dir.c_str());
    throw;
  }
}

// The figures of a mode with a work directory, after its finish(): the most its
// files held at once, and the bytes they read and wrote in this process (its
// opening, its levels and its last checkpoint).
template <class M>
void note_files(const M& mode, SearchResult& result) {
  result.disk_bytes = mode.disk_peak();
  const IoBytes io = mode.io()->now();
  result.read_bytes = io.read;
  result.written_bytes = io.written;
}

// Merges per-thread samples of one level: the lowest `keep` ranks, sorted.
inline void keep_lowest(std::vector<Rank>& sample, std::size_t keep) {
  std::sort(sample.begin(), sample.end());
  if (sample.size() > keep) sample.resize(keep);
}

}  // namespace hanoi

// The vocabulary every search mode shares: what is asked (SearchOptions), what
// comes back (SearchResult), and the one error a search throws before it starts
// (MemoryBudgetExceeded).
//
// Why a file of its own: there is more than one search mode (the state-at-a-time
// engine in bfs.hpp, the word-parallel lattice engine in lattice_bfs.hpp), chosen
// in search.hpp; the analyses and the CLI see only these types, so a new mode
// changes nothing above the engine.
#pragma once

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core.hpp"
#include "engine/features.hpp"
#include "engine/level_counts.hpp"
#include "engine/memory.hpp"
#include "engine/work_dir.hpp"

namespace hanoi {

class Comm;  // comm.hpp

// Which search mode runs.  kAuto picks the fastest that applies (search.hpp).
// kFrontier: the last two levels only (frontier_bfs.hpp), asked for by name.
enum class EngineKind { kAuto, kGeneric, kLattice, kFrontier };

inline const char* engine_name(EngineKind e) {
  switch (e) {
    case EngineKind::kGeneric:
      return "generic";
    case EngineKind::kLattice:
      return "lattice";
    case EngineKind::kFrontier:
      return "frontier";
    case EngineKind::kAuto:
      break;
  }
  return "auto";
}

// Where the search keeps its bitmaps.  kAuto: in memory when they fit the budget,
// else on disk when a work directory is given (disk_lattice.hpp).
enum class StorageKind { kAuto, kMemory, kDisk };

inline const char* storage_name(StorageKind s) {
  switch (s) {
    case StorageKind::kMemory:
      return "memory";
    case StorageKind::kDisk:
      return "disk";
    case StorageKind::kAuto:
      break;
  }
  return "auto";
}

struct SearchOptions {
  std::uint64_t max_memory = 0;  // bytes; 0 = default_memory_budget()
  // The budget in force: max_memory, or the default.  The one place it is resolved.
  // It bounds the process's peak resident memory, not only the search's.
  std::uint64_t budget() const { return max_memory ? max_memory : default_memory_budget(); }
  // What the process holds besides the search (code, libraries, what it read before;
  // process_baseline_bytes()): the CLI measures it when it builds the options, so
  // that the budget bounds the whole process.  0 in-process (the tests budget the
  // search alone).
  std::uint64_t baseline_bytes = 0;
  // The bytes the search itself may take: the budget less the baseline (0 when the
  // baseline alone fills it).  Every mode plans against this.
  std::uint64_t search_budget() const {
    const std::uint64_t b = budget();
    return b > baseline_bytes ? b - baseline_bytes : 0;
  }
  bool want_path = false;                 // keep one optimal move sequence to the goal
  bool stop_at_goal = false;              // stop after the level where the goal first appears
  bool progress = false;                  // progress lines on stderr (at most one per 2 s)
  bool trace = false;                     // one line per level on stderr: form, size, time
  std::size_t farthest = 0;               // describe up to this many states of the last level
  EngineKind engine = EngineKind::kAuto;  // search mode (search.hpp)
  // When set and true, the search stops at the next level boundary by throwing
  // SearchCancelled.  The application owns the flag (a signal handler sets it);
  // the engine only reads it, once per level.
  const std::atomic<bool>* cancel = nullptr;
  // With want_path: a witness longer than this many moves is not built (0: no
  // limit); the result says so in `path_omitted`.
  std::uint64_t max_path_moves = 0;
  // Disk mode (disk_lattice.hpp, disk_bfs.hpp).  work_dir: where segments and checkpoints live;
  // resume: continue the run checkpointed there (a missing checkpoint starts one);
  // identity: what is searched, in words (variant, n, pegs, problem), written to
  // the manifest so that a resume of something else is refused.
  StorageKind storage = StorageKind::kAuto;
  std::string work_dir;
  bool resume = false;
  std::string identity;
  // A checkpoint is written at the first level boundary (or, inside a long level,
  // segment boundary) this many seconds after the last; 0: after every segment.
  double checkpoint_seconds = 60;
  int segment_discs = -1;  // discs that fix a segment; -1: chosen from the budget
  // The share of the disk bound (every stored segment's files written whole) that
  // the files are expected to take: their all-zero and all-one words are elided, so
  // they hold a fraction of it, measured at a smaller n (results/disk_model.md).
  // 0: none expected; the bound must fit (room_for in checkpoint.hpp).
  double disk_share = 0;
  // How the disk modes store their segment files (work_dir.hpp): elided words as
  // they are, or compressed by Zstandard.  Either is read back whatever this says
  // (a resumed run may change it).
  FileCoding disk_coding = FileCoding::kElided;
  // The generic engine's disk mode (disk_bfs.hpp): 2^segment_bits ranks a segment
  // (-1: chosen from the budget); record_bytes: memory for records queued for
  // segments on disk before they spill to files (0: from the budget; a testing aid).
  // The frontier engine (frontier_bfs.hpp): segment_bits >= 6 sets its windows of
  // 2^segment_bits ranks (a testing aid; default 2^21).
  int segment_bits = -1;
  std::uint64_t record_bytes = 0;
  // The lattice engine: store one segment of each orbit under the peg permutations
  // that fix the start and preserve the rule (disk_lattice.hpp, SegmentSymmetry; no
  // farthest states).  The generic engine, in memory: one state of each orbit under
  // the space's start symmetries (symmetry.hpp).  Level counts count every state.
  bool symmetry = false;
  // Flush a checkpoint's files to the device before the manifest names them (what
  // survives a power cut needs it; a killed process does not: the tests turn it off).
  bool flush_to_device = true;
  // Testing aid: stop (as if cancelled) after this many segments were expanded in
  // this process, after writing a checkpoint (0: never; distributed: at the end of
  // the level where any rank reached it).
  std::uint64_t abort_after_segments = 0;
  // Distributed search (comm.hpp): this process is one of comm->size() ranks, each
  // running the same search over its share of the disk mode's segments; null: one
  // process.  work_dir may then be empty (every rank's segments in memory).
  Comm* comm = nullptr;
  // The half-depth optimum (lattice engine, in memory): where a peg permutation σ
  // with σ∘σ = 1 maps the start to the goal and keeps the rule, d(s, goal) =
  // d(start, σs), so the optimum is the least d(s) + d(σs) and the search stops at
  // the first level k where some s and σs are both reached: the optimum is then
  // 2k - 1 or 2k (lattice_bfs.hpp, "Meet in the middle").  No eccentricity.
  bool meet_in_middle = false;
  // Ranks whose depth the search reports besides the goal's (SearchResult::
  // watch_depths): one complete search from a start answers every goal of it (the
  // atlas: every tower from one peg).  The in-memory lattice and generic engines,
  // without symmetry or the half-depth test; choose_storage refuses the rest.
  std::vector<Rank> watch;
  // The generic engine in memory expands its bitmap levels a block of ranks at a
  // time where the space offers a block kernel (engine/block_kernel.hpp: Checkers),
  // and otherwise state by state.  per_state: state by state always (comparisons,
  // the conformance tests).
  bool per_state = false;
  // Testing aid: a small search takes the paths of a large one, so that the oracle
  // tests at small n (tests/conformance/conformance_test.cpp) cover them.  parallel:
  // every level goes through the parallel loops, split as finely as they allow (the
  // engines otherwise expand a small level on the calling thread, and split only
  // long ranges); dense: the generic engine in memory keeps every level as a bitmap
  // (otherwise only those of more than ranks/512 or so), so its dense expansion and,
  // where the space has one, its block kernel run at any n.
  struct ForcedPaths {
    bool parallel = false;
    bool dense = false;
  } forced;
};

// Thrown by a search whose `cancel` flag was raised; nothing of it is kept.
class SearchCancelled : public std::runtime_error {
 public:
  SearchCancelled() : std::runtime_error("search cancelled") {}
};

// Throws SearchCancelled when the options' flag is raised.
inline void check_cancel(const SearchOptions& o) {
  if (o.cancel != nullptr && o.cancel->load(std::memory_order_relaxed)) throw SearchCancelled();
}

enum class SearchOutcome { kGoalReached, kGoalUnreachable };

struct SearchResult {
  SearchOutcome outcome = SearchOutcome::kGoalUnreachable;
  std::uint64_t optimum = 0;         // valid when the goal was reached
  std::uint64_t states_reached = 0;  // complete only when the search was not stopped early
  std::uint64_t eccentricity = 0;    // of the start; complete only when not stopped early
  bool complete = true;              // false when stop_at_goal cut the search short
  LevelCounts level_sizes;           // states at each depth, 0 .. eccentricity (level_counts.hpp)
  std::vector<Move> path;            // when want_path and the goal was reached
  bool path_omitted = false;         // the witness exceeded options.max_path_moves
  // With options.farthest: up to that many states of the last level (at distance
  // `eccentricity` from the start), lowest ranks first, as the variant describes them.
  std::vector<std::string> farthest;
  Rank rank_space = 0;
  std::uint64_t search_bytes = 0;  // bytes the search itself allocated
  std::uint64_t peak_rss = 0;
  double seconds = 0;
  EngineKind engine = EngineKind::kGeneric;  // the mode that ran
  // The generic engine expanded its bitmap levels by the space's block kernel
  // (block_kernel.hpp) rather than state by state.
  bool block_kernel = false;
  StorageKind storage = StorageKind::kMemory;
  // Disk mode: the most bytes its files held at once, the segments, and whether
  // this run continued a checkpoint.
  std::uint64_t disk_bytes = 0;
  std::uint64_t segments = 0;
  std::uint64_t expansions = 0;       // segment expansions this process ran
  std::uint64_t symmetries = 1;       // the disk mode's symmetry group's order (1: none)
  std::uint64_t stored_segments = 0;  // segments it may store (one per orbit)
  std::uint64_t orbits = 0;           // the generic engine's --symmetry: the states kept
  std::uint64_t spilled_records = 0;  // records of moves between segments written to files
  bool resumed = false;
  bool met_in_middle = false;      // the optimum came from the half-depth test
  std::uint64_t widest_level = 0;  // the frontier engine: the most states a level held
  // Distributed: the ranks, the bytes of records they sent each other (all ranks,
  // all levels this process ran) and the same per level.
  std::uint64_t ranks = 1;
  std::uint64_t exchanged_bytes = 0;
  std::vector<std::uint64_t> level_exchanged;
  // The modes with a work directory (disk, frontier): the bytes this process's
  // files read and wrote, in all (note_files: its opening and last checkpoint
  // included) and per level: level_read[i] and level_written[i] were spent
  // producing level io_first_level + i (a resumed run starts past 0).
  std::uint64_t read_bytes = 0, written_bytes = 0;
  std::uint64_t io_first_level = 0;
  std::vector<std::uint64_t> level_read, level_written;
  // With options.watch: the depth of each watched rank, -1 where it was not reached
  // (or the search stopped before it).
  std::vector<std::int64_t> watch_depths;
  // Memory of the search per rank of the encoder, in bits.
  double bits_per_state() const {
    return rank_space == 0
               ? 0.0
               : 8.0 * static_cast<double>(search_bytes) / static_cast<double>(rank_space);
  }
};

class MemoryBudgetExceeded : public std::runtime_error, public NamesFeatures {
 public:
  // `what` names the search ("" for "search"), e.g. "batch.toml row 2, n=14".
  // `hint`: what the user can do, in the engine's words, in parentheses at the end;
  // `remedies`: the Features it names (the CLI adds their flags).
  // `baseline`: the program's own bytes, already counted in `need` (named in the
  // text, so that a need above what the search planned reads right).
  MemoryBudgetExceeded(std::uint64_t need, std::uint64_t budget, const std::string& what = "",
                       const std::string& hint = kLargerBudgetOrFewerDiscs,
                       std::uint64_t baseline = 0,
                       FeatureSet remedies = {Feature::kMemoryBudget, Feature::kDiscs})
      : std::runtime_error((what.empty() ? std::string("search") : what + ": the search") +
                           " needs about " + sizes_text(need, budget, baseline) + " (" + hint +
                           ")"),
        NamesFeatures(remedies),
        need_(need),
        budget_(budget) {}
  static constexpr const char* kLargerBudgetOrFewerDiscs = "a larger memory budget or fewer discs";
  std::uint64_t need() const { return need_; }
  std::uint64_t budget() const { return budget_; }

 private:
  // "1.50 GiB but the memory budget is 1.00 GiB"; in bytes when both round alike.
  static std::string sizes_text(std::uint64_t need, std::uint64_t budget, std::uint64_t baseline) {
    std::string a = format_bytes(need), b = format_bytes(budget);
    if (a == b) {
      a = std::to_string(need) + " bytes";
      b = std::to_string(budget) + " bytes";
    }
    if (baseline > 0) a += " (" + format_bytes(baseline) + " of it the program's own)";
    return a + " but the memory budget is " + b;
  }
  std::uint64_t need_, budget_;
};

// The refusal of a search whose own bytes `need` exceed o.search_budget(): the
// figures are the whole process's (the baseline added), as the budget is.
inline MemoryBudgetExceeded over_budget(
    const SearchOptions& o, std::uint64_t need, const std::string& what = "",
    const std::string& hint = MemoryBudgetExceeded::kLargerBudgetOrFewerDiscs,
    FeatureSet remedies = {Feature::kMemoryBudget, Feature::kDiscs}) {
  return MemoryBudgetExceeded(need + o.baseline_bytes, o.budget(), what, hint, o.baseline_bytes,
                              remedies);
}

// The refusal of an in-memory search over budget: a larger budget or fewer discs,
// and, without a witness (which needs memory), a work directory for the disk mode.
inline MemoryBudgetExceeded in_memory_over_budget(const SearchOptions& o, std::uint64_t need,
                                                  const std::string& what = "") {
  if (o.want_path) return over_budget(o, need, what);
  return over_budget(
      o, need, what,
      "a larger memory budget, fewer discs, or a work directory to keep the search on disk",
      {Feature::kMemoryBudget, Feature::kDiscs, Feature::kWorkDir});
}

// What `search(v, o)` will run and need, known before it starts (plan_search in
// engine/search.hpp: `hanoi optimum ... --plan`, and a batch's check of every cell).
struct SearchPlan {
  EngineKind engine = EngineKind::kGeneric;
  StorageKind storage = StorageKind::kMemory;
  std::uint64_t memory_bytes = 0;    // the search's planned peak
  std::uint64_t budget_bytes = 0;    // --max-memory, or the default budget
  std::uint64_t baseline_bytes = 0;  // the program's own, counted against the budget too
  // The disk mode with a work directory: the bound its free-space check uses (the
  // half-depth test reaches a fraction of it and starts regardless; disk_bfs.hpp).
  std::uint64_t disk_bytes = 0;
  std::uint64_t segments = 0, stored_segments = 0, resident_segments = 0;  // disk mode
  // A thin space in memory (ThinSpace, bfs.hpp): levels of up to thin_level_states
  // are planned; a wider one would need wide_level_bytes more, checked when it comes.
  std::uint64_t thin_level_states = 0, wide_level_bytes = 0;
};

}  // namespace hanoi

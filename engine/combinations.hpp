// Which searches exist: the table of combinations, and the choice and the refusals
// derived from it.
//
// Design overview
// ---------------
// A search mode is a composition of three axes:
//   kernel   how a level is expanded: per state through the variant's successor
//            callback (EngineKind::kGeneric; its bitmap levels a block of ranks at a
//            time where the space has a block kernel, block_kernel.hpp, and the
//            search keeps every state and no parents: the same row, the same
//            policies, the others served state by state), per machine word of 64
//            states (kLattice), or over sorted ranks keeping the last two levels
//            only (kFrontier);
//   store    where the levels live (LevelStore): whole in memory, in segments
//            (resident, or in a work directory, checkpointed), or in segments owned
//            by the ranks of a distributed run;
//   features what the level loop does besides counting (Feature): a witness, the
//            farthest states, symmetry, the half-depth test, watched states, resume.
// kCombinations lists the (kernel, store) pairs that are built and the features each
// offers; kConflicts the features that exclude each other.  choose_search() sees the
// variant only through SpaceFacts (engine/space_facts.hpp), so it is compiled once:
// it resolves kAuto to the first candidate the table serves and otherwise refuses
// with SearchRefused, in the engine's words ("symmetry", "a work directory"); the
// refusal carries the Features it names, which the CLI turns into its flags.  Each
// mode's entry point checks its own row (require_combination) before it starts, so
// a direct call is refused as `search` would refuse it.
//
// A new storage (a compressed one, say) is a new LevelStore value, a row here and
// one file holding its mode; the kernels and the policies do not change.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "engine/core.hpp"
#include "engine/search_types.hpp"

namespace hanoi {

// Where the levels of a search live.
enum class LevelStore : std::uint8_t {
  kMemory,    // whole levels in memory (bitmaps, or the frontier's sorted ranks)
  kSegments,  // segments of the rank space: resident, or files in a work directory
  kRanks,     // segments owned by the ranks of a distributed run (comm.hpp)
};

const char* level_store_name(LevelStore s);

// The policies a row may offer (the Features a level loop carries out).
inline constexpr FeatureSet kPolicies = {Feature::kWitness,  Feature::kFarthest,
                                         Feature::kSymmetry, Feature::kHalfDepth,
                                         Feature::kWatch,    Feature::kResume};

// A built search mode: a kernel on a store, and the policies it offers.
struct Combination {
  EngineKind kernel;
  LevelStore store;
  FeatureSet offers;
  const char* name;    // in refusals: "the generic engine's disk mode"
  const char* source;  // where it lives
};

// Every search mode there is.  (kernel, store) pairs not listed are not built.
inline constexpr std::array<Combination, 6> kCombinations = {{
    {EngineKind::kGeneric,
     LevelStore::kMemory,
     {Feature::kWitness, Feature::kFarthest, Feature::kSymmetry, Feature::kHalfDepth,
      Feature::kWatch},
     "the generic engine in memory",
     "bfs.hpp (GenericMode)"},
    {EngineKind::kGeneric,
     LevelStore::kSegments,
     {Feature::kFarthest, Feature::kSymmetry, Feature::kHalfDepth, Feature::kResume},
     "the generic engine's disk mode",
     "disk_bfs.hpp (DiskBfsMode)"},
    {EngineKind::kLattice,
     LevelStore::kMemory,
     {Feature::kWitness, Feature::kFarthest, Feature::kHalfDepth, Feature::kWatch},
     "the lattice engine in memory",
     "lattice_bfs.hpp (LatticeMode)"},
    {EngineKind::kLattice,
     LevelStore::kSegments,
     {Feature::kWitness, Feature::kFarthest, Feature::kSymmetry, Feature::kResume},
     "the lattice engine's segment mode",
     "disk_lattice.hpp (DiskLatticeMode)"},
    {EngineKind::kLattice,
     LevelStore::kRanks,
     {Feature::kWitness, Feature::kSymmetry, Feature::kResume},
     "the distributed search",
     "disk_lattice.hpp (DiskLatticeMode, comm.hpp)"},
    {EngineKind::kFrontier,
     LevelStore::kMemory,
     {Feature::kFarthest, Feature::kHalfDepth, Feature::kResume},
     "the frontier engine",
     "frontier_bfs.hpp (FrontierMode)"},
}};

// Two policies that no row combines (kernel kAuto: in every row), or that one row
// does not (its kernel and store).
struct Conflict {
  Feature a, b;
  EngineKind kernel;  // kAuto: every kernel
  LevelStore store;   // with kernel kAuto: ignored
  const char* why;
};

inline constexpr std::array<Conflict, 7> kConflicts = {{
    {Feature::kSymmetry, Feature::kWitness, EngineKind::kAuto, LevelStore::kMemory,
     "symmetry keeps one state or segment per orbit, which gives no witness"},
    {Feature::kHalfDepth, Feature::kWitness, EngineKind::kAuto, LevelStore::kMemory,
     "the half-depth test stops at half the optimum: it gives no witness"},
    {Feature::kHalfDepth, Feature::kFarthest, EngineKind::kAuto, LevelStore::kMemory,
     "the half-depth test stops at half the optimum: it gives no farthest states"},
    {Feature::kHalfDepth, Feature::kSymmetry, EngineKind::kAuto, LevelStore::kMemory,
     "the half-depth test does not combine with symmetry"},
    {Feature::kWatch, Feature::kSymmetry, EngineKind::kAuto, LevelStore::kMemory,
     "watched states are reported without symmetry"},
    {Feature::kWatch, Feature::kHalfDepth, EngineKind::kAuto, LevelStore::kMemory,
     "watched states are reported without the half-depth test"},
    {Feature::kSymmetry, Feature::kFarthest, EngineKind::kLattice, LevelStore::kSegments,
     "the lattice engine's symmetry keeps one segment per orbit: it names no farthest states"},
}};

// What the choice needs to know of a variant and problem (engine/space_facts.hpp
// computes it): which kernels apply and which policies the space can serve.
struct SpaceFacts {
  Rank num_ranks = 0;
  bool lattice = false;            // a LatticeSpace: the lattice and frontier kernels apply
  bool reversible = true;          // every move can be undone
  bool lattice_preferred = false;  // kAuto runs the lattice kernel first (search.hpp)
  bool meet_permutation = false;   // the lattice's half-depth test has its σ
  bool start_goal_mirror = false;  // the generic engine's half-depth test has its mirror
  bool start_symmetry = false;     // the generic engine's symmetry has a group
  // The in-memory searches' peaks, for kAuto storage with a work directory (0: not
  // known, as in a mode's own check, which never chooses).
  std::uint64_t generic_bytes = 0, lattice_bytes = 0;
};

// The policies and storage a SearchOptions asks for.
FeatureSet requested_features(const SearchOptions& o);

// The search that will run: its row of kCombinations, and the StorageKind it
// reports (kDisk for every segment store: the disk mode's algorithm runs, with or
// without files).
struct SearchChoice {
  const Combination* row = nullptr;
  EngineKind engine() const { return row->kernel; }
  StorageKind storage() const {
    return row->store == LevelStore::kMemory ? StorageKind::kMemory : StorageKind::kDisk;
  }
};

// The row kCombinations serves `o` with, kAuto resolved; throws SearchRefused.
SearchChoice choose_search(const SpaceFacts& facts, const SearchOptions& o);

// Throws SearchRefused unless the row (kernel, store) serves `o` on this space: a
// mode's own check before it starts.
void require_combination(const SpaceFacts& facts, const SearchOptions& o, EngineKind kernel,
                         LevelStore store);

// kCombinations as a Markdown table (docs/engines.md holds it; a test keeps it so).
std::string combinations_markdown();

}  // namespace hanoi

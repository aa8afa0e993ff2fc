// One entry point for an optimum search: picks the search mode.
//
// Design overview
// ---------------
// Every mode takes the same SearchOptions and returns the same SearchResult
// (search_types.hpp), so the analyses above call `search` and never name a mode.
//   generic  bfs.hpp: one state at a time through the variant's successor callback;
//            serves every StateSpace.
//   lattice  lattice_bfs.hpp: 64 states per machine word; serves LatticeSpace (the
//            single-stack peg variants whose rule ignores what a disc lands on).
//   disk     disk_lattice.hpp: the lattice engine with its bitmaps in segments on
//            disk (--work-dir), checkpointed and resumable; disk_bfs.hpp: the same
//            for the generic engine (every StateSpace; no witness).
// --symmetry: the lattice engine's segment orbits (disk_lattice.hpp, also in
// memory), or the generic engine's state orbits (symmetry.hpp: spaces that name
// start symmetries, Checkers and Antwerp), in memory or in its disk mode.
// --meet-in-middle (the half-depth test) runs on the lattice engine in memory where
// a peg permutation serves, else (or with --work-dir) on the generic engine, in
// memory or on disk, over the same permutation or a variant's own mirror (Checkers).
//   frontier frontier_bfs.hpp: only the last two levels, as sorted ranks, for the
//            reversible single-stack peg variants; asked for by name (--engine
//            frontier), for half-depth tests too large for a bitmap.
//   distributed  the disk mode run by several processes at once (options.comm,
//            comm.hpp), each owning a share of the segments, with or without disk.
// kAuto runs the lattice engine where it applies, except on 3-peg graphs too thin
// for it: a pair of pegs never joined (`adjacent` m = 3, whose state graph is one
// path of 3^n states, so a chunk would be read once per state) or one-way moves
// (`cyclic`: 10^7 levels of about 4 states at n = 16; generic 16 s against
// lattice 23 s at n = 18), and for a witness of an irreversible rule (the
// lattice's depth-mod-3 walk-back needs reversible moves).  Asking for a mode that does not apply
// is an error, not a silent fallback.
#pragma once

#include <stdexcept>
#include <string>

#include "engine/bfs.hpp"
#include "engine/core.hpp"
#include "engine/disk_bfs.hpp"
#include "engine/disk_lattice.hpp"
#include "engine/frontier_bfs.hpp"
#include "engine/lattice_bfs.hpp"
#include "engine/mirror.hpp"
#include "engine/search_api.hpp"
#include "engine/search_types.hpp"
#include "engine/symmetry.hpp"

namespace hanoi {

// Why the lattice engine cannot run this search ("" when it can).
template <StateSpace V>
std::string lattice_refusal(const V& v, const SearchOptions& o) {
  if constexpr (LatticeSpace<V>) {
    if (o.want_path && !V::kReversible)
      return "the lattice engine gives witnesses only for reversible rules";
    (void)v;
    return "";
  } else {
    (void)v;
    (void)o;
    return "the lattice engine serves only single-stack peg variants whose rule ignores "
           "what a disc lands on";
  }
}

// Whether kAuto prefers the lattice engine for this space (it applies, see above).
template <StateSpace V>
bool lattice_preferred(const V& v) {
  if constexpr (LatticeSpace<V>) {
    if (v.pegs() == 3) {
      if (!V::kReversible) return false;
      for (int a = 0; a < 3; ++a)
        for (int b = a + 1; b < 3; ++b)
          if (!v.lattice_allows(v.discs(), a, b) && !v.lattice_allows(v.discs(), b, a))
            return false;
    }
    return true;
  } else {
    (void)v;
    return false;
  }
}

// The mode `search` will run.  Throws std::invalid_argument when the requested one
// does not apply.
template <StateSpace V>
EngineKind choose_engine(const V& v, const SearchOptions& o) {
  if (o.engine == EngineKind::kFrontier) {
    // Asked for by name only: it keeps the last two levels (frontier_bfs.hpp).
    if (const std::string why = frontier_refusal(v, o); !why.empty())
      throw std::invalid_argument(why);
    if (o.meet_in_middle && o.farthest > 0)
      throw std::invalid_argument(
          "--meet-in-middle stops at half the optimum: it gives no farthest states");
    if (o.meet_in_middle && !StartGoalMirror<V>(v).ok())
      throw std::invalid_argument(kNoMeetPermutation);
    return EngineKind::kFrontier;
  }
  const std::string why = lattice_refusal(v, o);
  if (o.meet_in_middle) {
    // The half-depth test: the lattice engine's (a peg permutation, lattice_bfs.hpp)
    // in memory where it applies; else, or on disk, the generic engine's (a
    // start-goal mirror, mirror.hpp: the variant's own or the same permutation).
    if (o.want_path || o.farthest > 0)
      throw std::invalid_argument(
          "--meet-in-middle stops at half the optimum: it gives no witness (--moves) and no "
          "farthest states");
    bool lattice_meet = false;
    if constexpr (LatticeSpace<V>)
      lattice_meet = why.empty() && find_meet_permutation(v).has_value();
    const bool on_disk = !o.work_dir.empty() || o.storage == StorageKind::kDisk || o.resume;
    if (o.engine == EngineKind::kLattice) {
      if (!why.empty())
        throw std::invalid_argument("--meet-in-middle runs on the lattice engine: " + why);
      if (!lattice_meet) throw std::invalid_argument(kNoMeetPermutation);
      return EngineKind::kLattice;
    }
    if (o.engine == EngineKind::kAuto && lattice_meet && !on_disk) return EngineKind::kLattice;
    if (lattice_meet || StartGoalMirror<V>(v).ok()) return EngineKind::kGeneric;
    if constexpr (LatticeSpace<V>) throw std::invalid_argument(kNoMeetPermutation);
    throw std::invalid_argument(
        "--meet-in-middle: this variant and problem have no start-goal mirror (a symmetry of "
        "the rules that is its own inverse and maps the start to the goal)");
  }
  switch (o.engine) {
    case EngineKind::kGeneric:
      return EngineKind::kGeneric;
    case EngineKind::kLattice:
      if (!why.empty()) throw std::invalid_argument(why + " (use --engine generic)");
      return EngineKind::kLattice;
    case EngineKind::kAuto:
    case EngineKind::kFrontier:
      break;
  }
  // Distributed, the lattice wherever it applies: the generic engine has no
  // distributed mode.
  if (o.comm != nullptr && why.empty()) return EngineKind::kLattice;
  return why.empty() && lattice_preferred(v) ? EngineKind::kLattice : EngineKind::kGeneric;
}

// Where the search keeps its bitmaps (see StorageKind).  Throws
// std::invalid_argument when disk mode is asked for and does not apply.
template <StateSpace V>
StorageKind choose_storage(const V& v, const SearchOptions& o) {
  if (!o.watch.empty()) {
    // Watched ranks: the in-memory searches read them from their visited bitmap.
    for (Rank r : o.watch)
      if (r >= v.num_ranks())
        throw std::invalid_argument("a watched rank lies outside the rank space");
    if (choose_engine(v, o) == EngineKind::kFrontier || o.symmetry || o.meet_in_middle ||
        o.comm != nullptr || o.storage == StorageKind::kDisk || o.resume)
      throw std::invalid_argument(
          "watched states are reported by the in-memory lattice and generic searches only, "
          "without symmetry or the half-depth test");
    return StorageKind::kMemory;
  }
  // The frontier engine's levels live in memory; a work directory holds checkpoints.
  if (choose_engine(v, o) == EngineKind::kFrontier) return StorageKind::kMemory;
  const bool lattice = choose_engine(v, o) == EngineKind::kLattice;
  if (o.meet_in_middle) {
    if (o.symmetry)
      throw std::invalid_argument("--meet-in-middle does not combine with --symmetry (drop one)");
    if (o.comm != nullptr)
      throw std::invalid_argument("--meet-in-middle does not combine with --distributed");
    if (lattice) {
      if (o.storage == StorageKind::kDisk || o.resume || !o.work_dir.empty())
        throw std::invalid_argument(
            "--meet-in-middle on the lattice engine runs in memory only (drop --engine "
            "lattice to run it on the generic engine's disk mode)");
      return StorageKind::kMemory;
    }
    // The generic engine's test runs in memory or in its disk mode: chosen below.
  }
  if (o.comm != nullptr) {
    // The distributed search is the disk mode's algorithm (with or without files).
    if (!lattice) {
      const std::string why = lattice_refusal(v, o);
      throw std::invalid_argument(
          "the distributed search runs the lattice engine, and " +
          (why.empty() ? std::string("--engine generic was asked for") : why));
    }
    if (o.want_path && o.symmetry)
      throw std::invalid_argument("--symmetry gives no witness (--moves): drop --symmetry");
    if (o.farthest > 0)
      throw std::invalid_argument("the distributed search names no farthest states");
    return StorageKind::kDisk;
  }
  if (o.symmetry && !lattice) {
    // The generic engine's start symmetries (symmetry.hpp).
    if (!StartSymmetry<V>(v).active())
      throw std::invalid_argument(
          "--symmetry: this variant and problem have no symmetry that fixes the start (the "
          "lattice engine's serves the single-stack peg variants whose rule ignores what a "
          "disc lands on; the generic engine's, Checkers and Antwerp)");
    if (o.want_path)
      throw std::invalid_argument("--symmetry gives no witness (--moves): drop --symmetry");
    // In memory or in the disk mode, chosen below as without symmetry.
  }
  if (o.symmetry && lattice && o.storage == StorageKind::kMemory && !o.work_dir.empty())
    throw std::invalid_argument(
        "--symmetry runs in memory without --work-dir: drop --work-dir or --storage memory");
  if (o.symmetry && lattice && o.work_dir.empty() && o.storage != StorageKind::kDisk) {
    // --symmetry without a work directory: the disk mode's algorithm with every
    // stored segment in memory (disk_lattice.hpp); the result says "memory".
    if (o.want_path)
      throw std::invalid_argument("--symmetry gives no witness (--moves): drop --symmetry");
    return StorageKind::kDisk;
  }
  const bool disk_asked =
      o.storage == StorageKind::kDisk || (o.storage == StorageKind::kAuto && o.resume);
  if (o.storage == StorageKind::kMemory) return StorageKind::kMemory;
  if (disk_asked && o.work_dir.empty())
    throw std::invalid_argument("disk mode needs --work-dir DIR");
  if (disk_asked && !lattice && o.want_path)
    throw std::invalid_argument(
        "the generic engine's disk mode gives no witness (--moves): drop --moves or --storage "
        "disk");
  if (disk_asked && o.want_path && o.symmetry)
    throw std::invalid_argument("--symmetry gives no witness (--moves): drop --symmetry");
  if (disk_asked) return StorageKind::kDisk;
  if (o.work_dir.empty()) return StorageKind::kMemory;
  // kAuto with a work directory: disk only when memory will not do.
  const std::uint64_t budget = o.search_budget();
  if (!lattice) {
    // (A witness needs the in-memory search, which then refuses with its estimate.)
    return !o.want_path && estimate_search_bytes(v.num_ranks(), false) > budget
               ? StorageKind::kDisk
               : StorageKind::kMemory;
  }
  if constexpr (LatticeSpace<V>) {
    if (estimate_lattice_bytes(v.pegs(), v.discs(), o.want_path) > budget) {
      if (o.want_path && o.symmetry)
        throw std::invalid_argument("--symmetry gives no witness (--moves): drop --symmetry");
      return StorageKind::kDisk;
    }
  }
  return StorageKind::kMemory;
}

// What `search(v, o)` will run and need (SearchPlan, search_types.hpp), known before
// it starts (`hanoi optimum ... --plan`; a batch checks every cell's memory against
// the budget first).  Throws as the search would where no plan exists
// (std::invalid_argument, MemoryBudgetExceeded when not even two disk segments fit).
template <StateSpace V>
SearchPlan plan_search(const V& v, const SearchOptions& o) {
  SearchPlan p;
  p.engine = choose_engine(v, o);
  p.storage = choose_storage(v, o);
  p.budget_bytes = o.budget();
  p.baseline_bytes = o.baseline_bytes;
  const bool files = !o.work_dir.empty();
  if constexpr (LatticeSpace<V>) {
    // The frontier engine's levels are not known before it runs: it checks each one
    // against the budget as it comes (frontier_bfs.hpp); nothing to plan.
    if (p.engine == EngineKind::kFrontier) return p;
    if (p.engine == EngineKind::kLattice) {
      if (p.storage == StorageKind::kDisk) {
        const LatticeLayout L(v.pegs(), v.discs());
        const std::vector<PegPerm> group = o.symmetry ? rule_symmetries(v) : std::vector<PegPerm>{};
        const DiskPlan d = plan_disk(L, p.budget_bytes, o.segment_discs, group, o.want_path,
                                     o.record_bytes, o.baseline_bytes);
        p.memory_bytes = d.memory_bytes();
        p.disk_bytes = files ? d.disk_bound() : 0;
        p.segments = d.segments;
        p.stored_segments = d.stored;
        p.resident_segments = d.resident;
      } else {
        p.memory_bytes = estimate_lattice_bytes(v.pegs(), v.discs(), o.want_path);
      }
      return p;
    }
  }
  if (p.storage == StorageKind::kDisk) {
    const DiskBfsPlan d = plan_disk_bfs(v.num_ranks(), p.budget_bytes, o.segment_bits,
                                        detail::worker_count(), o.record_bytes, o.baseline_bytes);
    p.memory_bytes = d.memory_bytes();
    p.disk_bytes = d.disk_bound();
    p.segments = p.stored_segments = d.segments;
    p.resident_segments = d.resident;
  } else {
    p.memory_bytes = estimate_search_bytes(v.num_ranks(), o.want_path);
  }
  return p;
}

// The peak bytes `search(v, o)` will ask for (plan_search).
template <StateSpace V>
std::uint64_t estimate_search(const V& v, const SearchOptions& o) {
  return plan_search(v, o).memory_bytes;
}

template <StateSpace V>
SearchResult search(const V& v, const SearchOptions& o) {
  if constexpr (LatticeSpace<V>) {
    if (choose_engine(v, o) == EngineKind::kFrontier) return frontier_search(v, o);
    if (choose_engine(v, o) == EngineKind::kLattice) {
      if (choose_storage(v, o) == StorageKind::kDisk) return disk_lattice_search(v, o);
      return lattice_search(v, o);
    }
  }
  // (choose_storage refuses --engine lattice, or disk mode, where they do not apply.)
  if (choose_storage(v, o) == StorageKind::kDisk) return disk_bfs_search(v, o);
  return breadth_first_search(v, o);
}

}  // namespace hanoi

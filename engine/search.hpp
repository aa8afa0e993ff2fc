// One entry point for an optimum search: picks the search mode.
//
// Design overview
// ---------------
// Every mode takes the same SearchOptions and returns the same SearchResult
// (search_types.hpp), so the analyses above call `search` and never name a mode.
// A mode is a kernel on a store with policies; the table of combinations
// (combinations.hpp, kCombinations) lists the modes that are built, and the choice
// (choose_search, compiled once) and every refusal derive from it.  The modes:
//   generic  bfs.hpp: one state at a time through the variant's successor callback;
//            serves every StateSpace; disk_bfs.hpp: the same on segments in a work
//            directory, checkpointed and resumable (no witness).
//   lattice  lattice_bfs.hpp: 64 states per machine word; serves LatticeSpace (the
//            single-stack peg variants whose rule ignores what a disc lands on);
//            disk_lattice.hpp: the same on segments (resident, on disk, or owned by
//            the ranks of a distributed run), and its symmetry.
//   frontier frontier_bfs.hpp: only the last two levels, as sorted ranks, for the
//            reversible single-stack peg variants; asked for by name, for
//            half-depth tests too large for a bitmap.
// kAuto runs the lattice engine where it applies, except on 3-peg graphs too thin
// for it (space_facts.hpp, lattice_preferred), and the generic engine where the
// lattice's row does not serve the request (a witness of an irreversible rule, the
// half-depth test with a work directory).  Asking for a mode that does not apply is
// an error, not a silent fallback.
#pragma once

#include <stdexcept>
#include <string>

#include "engine/bfs.hpp"
#include "engine/combinations.hpp"
#include "engine/core.hpp"
#include "engine/disk_bfs.hpp"
#include "engine/disk_lattice.hpp"
#include "engine/frontier_bfs.hpp"
#include "engine/lattice_bfs.hpp"
#include "engine/mirror.hpp"
#include "engine/search_api.hpp"
#include "engine/search_types.hpp"
#include "engine/space_facts.hpp"
#include "engine/symmetry.hpp"

namespace hanoi {

// The facts of v for choosing its mode: space_facts with the in-memory peaks that
// kAuto storage weighs against the budget.
template <StateSpace V>
SpaceFacts choice_facts(const V& v, const SearchOptions& o) {
  SpaceFacts f = space_facts(v);
  f.generic_bytes =
      estimate_search_bytes(v.num_ranks(), false, uses_block_kernel(v, o), ThinSpace<V>);
  if constexpr (LatticeSpace<V>)
    f.lattice_bytes = estimate_lattice_bytes(v.pegs(), v.discs(), o.want_path);
  return f;
}

// The mode `search` will run: its row of the table of combinations
// (combinations.hpp).  Throws SearchRefused where no row serves the request.
// A segment size is asked of one engine: --segment-discs of the lattice engine
// (its disk mode and its symmetry), --segment-bits of the generic engine's disk mode
// (and the frontier engine's windows).  Asked of the other, it would be silently
// ignored; it is refused, naming the engine that would use it.
inline void check_segment_options(const SearchChoice& choice, const SearchOptions& o) {
  const EngineKind e = choice.engine();
  if (o.segment_discs >= 0 && e != EngineKind::kLattice)
    throw std::invalid_argument(
        "--segment-discs sizes the lattice engine's segments, and this search runs on the " +
        std::string(e == EngineKind::kFrontier ? "frontier" : "generic") +
        " engine (its disk mode takes --segment-bits)");
  if (o.segment_bits >= 0 && e == EngineKind::kLattice)
    throw std::invalid_argument(
        "--segment-bits sizes the generic engine's disk segments, and this search runs on the "
        "lattice engine (it takes --segment-discs)");
}

template <StateSpace V>
SearchChoice choose_mode(const V& v, const SearchOptions& o) {
  const SearchChoice choice = choose_search(choice_facts(v, o), o);
  check_segment_options(choice, o);
  return choice;
}

template <StateSpace V>
EngineKind choose_engine(const V& v, const SearchOptions& o) {
  return choose_mode(v, o).engine();
}

// Where the search keeps its levels: kDisk for every segment store (see SearchChoice).
template <StateSpace V>
StorageKind choose_storage(const V& v, const SearchOptions& o) {
  return choose_mode(v, o).storage();
}

// What `search(v, o)` will run and need (SearchPlan, search_types.hpp), known before
// it starts (`hanoi optimum ... --plan`; a batch checks every cell's memory against
// the budget first).  Throws as the search would where no plan exists
// (std::invalid_argument, MemoryBudgetExceeded when not even two disk segments fit).
template <StateSpace V>
SearchPlan plan_search(const V& v, const SearchOptions& o) {
  SearchPlan p;
  const SearchChoice choice = choose_mode(v, o);
  p.engine = choice.engine();
  p.storage = choice.storage();
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
                                     o.record_bytes, o.baseline_bytes, o.disk_coding);
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
    const DiskBfsPlan d =
        plan_disk_bfs(v.num_ranks(), p.budget_bytes, o.segment_bits, detail::worker_count(),
                      o.record_bytes, o.baseline_bytes, o.disk_coding);
    p.memory_bytes = d.memory_bytes();
    p.disk_bytes = d.disk_bound();
    p.segments = p.stored_segments = d.segments;
    p.resident_segments = d.resident;
  } else {
    const bool blocks = uses_block_kernel(v, o);
    p.memory_bytes = estimate_search_bytes(v.num_ranks(), o.want_path, blocks, ThinSpace<V>);
    if (ThinSpace<V> && !blocks) {
      p.thin_level_states = thin_threshold(v.num_ranks());
      p.wide_level_bytes = 2 * bitmap_bytes(v.num_ranks());
    }
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
  const SearchChoice choice = choose_mode(v, o);
  if constexpr (LatticeSpace<V>) {
    if (choice.engine() == EngineKind::kFrontier) return frontier_search(v, o);
    if (choice.engine() == EngineKind::kLattice) {
      if (choice.storage() == StorageKind::kDisk) return disk_lattice_search(v, o);
      return lattice_search(v, o);
    }
  }
  if (choice.storage() == StorageKind::kDisk) return disk_bfs_search(v, o);
  return breadth_first_search(v, o);
}

}  // namespace hanoi

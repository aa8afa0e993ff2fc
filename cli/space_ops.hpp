// What the commands run on one family's concrete Space, as a table of functions
// compiled once per Space.
//
// Design overview
// ---------------
// Every analysis a command runs (cli/analyses.hpp) is a template over the Space.
// Each family's instantiations are compiled in one generated unit of their own
// (CMakeLists.txt: `<family>_cli.cpp` per variants/<dir>/instances.inc, headed by
// cli/space_ops_unit.hpp), which defines `space_ops<Space>()`: a table of plain
// functions on a type-erased `const void*` Space.  The only unit that meets every
// family is the dispatcher (cli/analyses.cpp): it builds the Space through
// variants::visit_family and calls the table.  So no command unit includes a family
// header or an engine template, and touching one family rebuilds its own units,
// the registry and the dispatcher, nothing else.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "analyses/replay_algorithm.hpp"
#include "analyses/types.hpp"
#include "cli/state_graph.hpp"
#include "engine/search_types.hpp"
#include "variants/family.hpp"

namespace hanoi::cli {

class Stepper;

// The functions of one Space type; `space` points to a Space of that type.  Each
// turns the engine's std::invalid_argument into a UsageError naming the family.
struct SpaceOps {
  SearchResult (*search)(const void* space, const FamilyInfo& f, const Params& p,
                         const SearchOptions& o);
  Rank (*num_ranks)(const void* space);
  Rank (*goal_rank)(const void* space, const FamilyInfo& f);
  SearchPlan (*plan)(const void* space, const FamilyInfo& f, const SearchOptions& o);
  std::uint64_t (*search_need)(const void* space, const FamilyInfo& f, const SearchOptions& o);
  FrameAnalysis (*frame)(const void* space, const FamilyInfo& f, const SearchOptions& o,
                         bool want_moves, FrameScope scope);
  std::uint64_t (*frame_need)(const void* space, const FamilyInfo& f, const SearchOptions& o);
  SolutionCount (*count_optimal)(const void* space, const SearchOptions& o);
  AllPairsSummary (*all_pairs)(const void* space, const FamilyInfo& f, const Params& p,
                               const SearchOptions& o);
  RunReport (*run)(const void* space, const Params& p, const AlgorithmSpec& alg,
                   const RunOptions& o);
  std::unique_ptr<Stepper> (*stepper)(const void* space);
  StateGraph (*state_graph)(const void* space, std::uint64_t max_states);
};

// Defined for each family's Space in its generated unit (cli/space_ops_impl.hpp).
template <class Space>
const SpaceOps& space_ops();

}  // namespace hanoi::cli

// The analyses the commands run, each on the concrete state space of a family.
//
// Each function builds the family's Space (variants::visit_family, the one
// type-erasure point, in the dispatcher cli/analyses.cpp) and calls that Space's
// table of functions (cli/space_ops.hpp), whose templates are compiled once per
// family in a generated unit, so the hot loops are compiled per variant and no
// command unit includes a family or an engine template.  Capabilities are checked
// at compile time before anything runs: a Frame analysis needs a largest disc
// (`HasDiscPegs`).  A new analysis is a declaration here, a line in the dispatcher
// and a member of SpaceOps with its template body (cli/space_ops_impl.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "analyses/replay_algorithm.hpp"
#include "analyses/types.hpp"
#include "cli/state_graph.hpp"
#include "engine/search_types.hpp"
#include "variants/family.hpp"

namespace hanoi::cli {

// The exhaustive search (optimum, states, eccentricity, levels).
SearchResult search(const FamilyInfo& f, const Params& p, const SearchOptions& o);
// The encoder's rank space, for estimates before a search.
Rank rank_space(const FamilyInfo& f, const Params& p);
// The rank of the instance's goal (a search's SearchOptions::watch names other
// instances' goals this way).
Rank goal_rank(const FamilyInfo& f, const Params& p);

// The optimum against the best Frame-type solution.
FrameAnalysis frame(const FamilyInfo& f, const Params& p, const SearchOptions& o, bool want_moves,
                    FrameScope scope);

// The exact number of optimal solutions, and the all-pairs summary.
SolutionCount count_optimal(const FamilyInfo& f, const Params& p, const SearchOptions& o);
AllPairsSummary all_pairs(const FamilyInfo& f, const Params& p, const SearchOptions& o);

// A named algorithm through the rule checker.
RunReport run(const FamilyInfo& f, const Params& p, std::string_view algorithm,
              const RunOptions& o = {});

// What each analysis needs in memory at its peak, before it starts (batches check
// every cell against the budget before the first search).
std::uint64_t search_need(const FamilyInfo& f, const Params& p, const SearchOptions& o);
// What that search would run and need (optimum --plan): engine, storage, memory, disk.
SearchPlan search_plan(const FamilyInfo& f, const Params& p, const SearchOptions& o);
std::uint64_t frame_need(const FamilyInfo& f, const Params& p, const SearchOptions& o);
std::uint64_t count_need(const FamilyInfo& f, const Params& p);

class Stepper;
// A replay on the encoder's Space (cli/replay_view.hpp: make_stepper, which takes
// the family's PlainBoard beyond the encoder).
std::unique_ptr<Stepper> space_stepper(const FamilyInfo& f, const Params& p);

// The states reachable from the start and the moves between them (`hanoi graph`,
// cli/state_graph.hpp); a UsageError beyond `max_states` states.
StateGraph state_graph(const FamilyInfo& f, const Params& p, std::uint64_t max_states);

}  // namespace hanoi::cli

// The analyses the commands run, each on the concrete state space of a family.
//
// Each function looks the family's Space up through variants::visit_family (the
// one type-erasure point) and runs an engine template on it, so the hot loops are
// compiled per variant.  Capabilities are checked at compile time before anything
// runs: a Frame analysis needs a largest disc (`HasDiscPegs`).
// One analysis per file (analysis_*.cpp), so adding one touches this header and its
// own file.
#pragma once

#include <string_view>

#include "analyses/replay_algorithm.hpp"
#include "analyses/types.hpp"
#include "engine/search_types.hpp"
#include "variants/family.hpp"

namespace hanoi::cli {

// analysis_search.cpp: the exhaustive search (optimum, states, eccentricity, levels).
SearchResult search(const FamilyInfo& f, const Params& p, const SearchOptions& o);
// The encoder's rank space, for estimates before a search.
Rank rank_space(const FamilyInfo& f, const Params& p);
// The rank of the instance's goal (a search's SearchOptions::watch names other
// instances' goals this way).
Rank goal_rank(const FamilyInfo& f, const Params& p);

// analysis_frame.cpp: the optimum against the best Frame-type solution.
FrameAnalysis frame(const FamilyInfo& f, const Params& p, const SearchOptions& o, bool want_moves,
                    FrameScope scope);

// analysis_structure.cpp: the exact number of optimal solutions, and the all-pairs
// summary.
SolutionCount count_optimal(const FamilyInfo& f, const Params& p, const SearchOptions& o);
AllPairsSummary all_pairs(const FamilyInfo& f, const Params& p, const SearchOptions& o);

// analysis_run.cpp: a named algorithm through the rule checker.
RunReport run(const FamilyInfo& f, const Params& p, std::string_view algorithm,
              const RunOptions& o = {});

// What each analysis needs in memory at its peak, before it starts (batches check
// every cell against the budget before the first search).
std::uint64_t search_need(const FamilyInfo& f, const Params& p, const SearchOptions& o);
// What that search would run and need (optimum --plan): engine, storage, memory, disk.
SearchPlan search_plan(const FamilyInfo& f, const Params& p, const SearchOptions& o);
std::uint64_t frame_need(const FamilyInfo& f, const Params& p, const SearchOptions& o);
std::uint64_t count_need(const FamilyInfo& f, const Params& p);

}  // namespace hanoi::cli

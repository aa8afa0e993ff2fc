#include <stdexcept>

#include "cli/analyses.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {

SolutionCount count_optimal(const FamilyInfo& f, const Params& p, const SearchOptions& o) {
  return variants::visit_family(f, p, [&](const auto&, const auto& space) -> SolutionCount {
    using Space = std::decay_t<decltype(space)>;
    if constexpr (!can_walk_back<Space>()) {
      throw UsageError(f.name +
                       " cannot count optimal solutions: its moves do not identify the "
                       "previous state");
    } else {
      return count_optimal_solutions(space, o);
    }
  });
}

AllPairsSummary all_pairs(const FamilyInfo& f, const Params& p) {
  return variants::visit_family(f, p, [&](const auto&, const auto& space) -> AllPairsSummary {
    try {
      return all_pairs_summary(space);
    } catch (const std::length_error& e) {
      throw UsageError(f.name + " n=" + std::to_string(p.n) + ": " + e.what() + " (lower n)");
    }
  });
}

}  // namespace hanoi::cli

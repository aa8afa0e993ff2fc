#include <stdexcept>

#include "analyses/instances.hpp"
#include "cli/analyses.hpp"
#include "variants/visit.hpp"

namespace hanoi::cli {

SolutionCount count_optimal(const FamilyInfo& f, const Params& p, const SearchOptions& o) {
  return variants::visit_family(f, p, [&](const auto&, const auto& space) -> SolutionCount {
    return count_optimal_solutions(space, o);
  });
}

AllPairsSummary all_pairs(const FamilyInfo& f, const Params& p, const SearchOptions& o) {
  return variants::visit_family(f, p, [&](const auto&, const auto& space) -> AllPairsSummary {
    try {
      return all_pairs_summary(space, o);
    } catch (const std::length_error& e) {
      throw UsageError(f.name + " n=" + std::to_string(p.n) + ": " + e.what() + " (lower n)");
    }
  });
}

std::uint64_t count_need(const FamilyInfo& f, const Params& p) {
  return estimate_count_bytes(rank_space(f, p));
}

}  // namespace hanoi::cli

#include "cli/analyses.hpp"
#include "variants/instances.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {

SearchResult search(const FamilyInfo& f, const Params& p, const SearchOptions& o) {
  return variants::visit_family(f, p, [&](const auto&, const auto& space) {
    try {
      (void)choose_engine(space, o);
      (void)choose_storage(space, o);
    } catch (const std::invalid_argument& e) {
      throw UsageError(f.name + ": " + e.what());
    }
    SearchOptions named = o;
    named.identity = f.name + " n=" + std::to_string(p.n) + " pegs=" + std::to_string(p.pegs) +
                     " problem=" + p.problem + (p.colours.empty() ? "" : " colours=" + p.colours) +
                     (p.start.empty() ? "" : " start=" + p.start) +
                     (p.target < 0 ? "" : " target=" + std::to_string(p.target));
    return hanoi::search(space, named);
  });
}

Rank rank_space(const FamilyInfo& f, const Params& p) {
  return variants::visit_family(
      f, p, [](const auto&, const auto& space) -> Rank { return space.num_ranks(); });
}

SearchPlan search_plan(const FamilyInfo& f, const Params& p, const SearchOptions& o) {
  return variants::visit_family(f, p, [&](const auto&, const auto& space) -> SearchPlan {
    try {
      return plan_search(space, o);
    } catch (const std::invalid_argument& e) {
      throw UsageError(f.name + ": " + e.what());
    }
  });
}

std::uint64_t search_need(const FamilyInfo& f, const Params& p, const SearchOptions& o) {
  return variants::visit_family(f, p, [&](const auto&, const auto& space) -> std::uint64_t {
    try {
      return estimate_search(space, o);
    } catch (const std::invalid_argument& e) {
      throw UsageError(f.name + ": " + e.what());
    }
  });
}

}  // namespace hanoi::cli

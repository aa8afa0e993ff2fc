#include "cli/analyses.hpp"
#include "variants/instances.hpp"
#include "variants/visit.hpp"

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
                     (p.target < 0 ? "" : " target=" + std::to_string(p.target)) +
                     // The move-graph families: a checkpoint of one graph or pair
                     // must not resume as another.
                     (p.edges.empty() ? "" : " edges=" + p.edges) +
                     (p.from < 0 ? "" : " from=" + std::to_string(p.from)) +
                     (p.to < 0 ? "" : " to=" + std::to_string(p.to)) +
                     (p.goal.empty() ? "" : " goal=" + p.goal);
    return hanoi::search(space, named);
  });
}

Rank goal_rank(const FamilyInfo& f, const Params& p) {
  return variants::visit_family(f, p, [&](const auto&, const auto& space) -> Rank {
    if constexpr (requires { space.goal_rank(); }) {
      return space.goal_rank();
    } else {
      (void)space;
      throw UsageError(f.name + ": its goal is a set of states, not one rank");
    }
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

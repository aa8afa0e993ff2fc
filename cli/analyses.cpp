// The dispatcher of cli/analyses.hpp: the one command-side unit that meets every
// family.  It builds the family's Space (variants::visit_family) and calls that
// Space's table of functions (cli/space_ops.hpp), compiled in the family's own
// generated unit; nothing here instantiates an engine or analysis template.
#include "cli/analyses.hpp"

#include <memory>
#include <type_traits>

#include "analyses/types.hpp"
#include "cli/replay_view.hpp"
#include "cli/space_ops.hpp"
#include "variants/visit.hpp"

namespace hanoi::cli {
namespace {

// fn(ops, space) on the Space of `f` for `p`, where ops is that Space's table and
// space points to it (alive for the call).
template <class Fn>
decltype(auto) with_space(const FamilyInfo& f, const Params& p, Fn&& fn) {
  return variants::visit_family(f, p, [&](const auto&, const auto& space) -> decltype(auto) {
    using Space = std::decay_t<decltype(space)>;
    return fn(space_ops<Space>(), static_cast<const void*>(&space));
  });
}

}  // namespace

SearchResult search(const FamilyInfo& f, const Params& p, const SearchOptions& o) {
  return with_space(f, p,
                    [&](const SpaceOps& ops, const void* s) { return ops.search(s, f, p, o); });
}

Rank goal_rank(const FamilyInfo& f, const Params& p) {
  return with_space(f, p, [&](const SpaceOps& ops, const void* s) { return ops.goal_rank(s, f); });
}

Rank rank_space(const FamilyInfo& f, const Params& p) {
  return with_space(f, p, [](const SpaceOps& ops, const void* s) { return ops.num_ranks(s); });
}

SearchPlan search_plan(const FamilyInfo& f, const Params& p, const SearchOptions& o) {
  return with_space(f, p, [&](const SpaceOps& ops, const void* s) { return ops.plan(s, f, o); });
}

std::uint64_t search_need(const FamilyInfo& f, const Params& p, const SearchOptions& o) {
  return with_space(f, p,
                    [&](const SpaceOps& ops, const void* s) { return ops.search_need(s, f, o); });
}

FrameAnalysis frame(const FamilyInfo& f, const Params& p, const SearchOptions& o, bool want_moves,
                    FrameScope scope) {
  return with_space(f, p, [&](const SpaceOps& ops, const void* s) {
    return ops.frame(s, f, o, want_moves, scope);
  });
}

std::uint64_t frame_need(const FamilyInfo& f, const Params& p, const SearchOptions& o) {
  return with_space(f, p,
                    [&](const SpaceOps& ops, const void* s) { return ops.frame_need(s, f, o); });
}

SolutionCount count_optimal(const FamilyInfo& f, const Params& p, const SearchOptions& o) {
  return with_space(f, p,
                    [&](const SpaceOps& ops, const void* s) { return ops.count_optimal(s, o); });
}

AllPairsSummary all_pairs(const FamilyInfo& f, const Params& p, const SearchOptions& o) {
  return with_space(f, p,
                    [&](const SpaceOps& ops, const void* s) { return ops.all_pairs(s, f, p, o); });
}

std::uint64_t count_need(const FamilyInfo& f, const Params& p) {
  return estimate_count_bytes(rank_space(f, p));
}

RunReport run(const FamilyInfo& f, const Params& p, std::string_view algorithm,
              const RunOptions& o) {
  const AlgorithmSpec& alg = find_algorithm(f, p, algorithm);
  if (beyond_encoder(f, p)) {
    // normalize(..., Reach::kReplay) admitted these only for a family with a board.
    const std::unique_ptr<PlainBoard> board = f.beyond_encoder.board(p);
    BoardReplayer checker(*board, kRunawayMoves);
    return replay_algorithm_with(checker, p, alg, o);
  }
  return with_space(f, p,
                    [&](const SpaceOps& ops, const void* s) { return ops.run(s, p, alg, o); });
}

std::unique_ptr<Stepper> space_stepper(const FamilyInfo& f, const Params& p) {
  return with_space(f, p, [](const SpaceOps& ops, const void* s) { return ops.stepper(s); });
}

StateGraph state_graph(const FamilyInfo& f, const Params& p, std::uint64_t max_states) {
  return with_space(
      f, p, [&](const SpaceOps& ops, const void* s) { return ops.state_graph(s, max_states); });
}

}  // namespace hanoi::cli

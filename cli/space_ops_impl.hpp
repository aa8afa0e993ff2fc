// The definition of `space_ops<Space>()` (cli/space_ops.hpp): every analysis a
// command runs, on one Space.  Included only by the generated per-family units
// (cli/space_ops_unit.hpp), after the family's header.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "analyses/api.hpp"
#include "analyses/replay_algorithm.hpp"
#include "cli/refusal_flags.hpp"
#include "cli/replay_view.hpp"
#include "cli/space_ops.hpp"
#include "cli/state_graph.hpp"
#include "engine/search_api.hpp"

namespace hanoi::cli {

// A replay on the encoder's Space (make_stepper; the PlainBoard's is in
// cli/replay_view.cpp).
template <class Space>
class SpaceStepper final : public Stepper {
 public:
  explicit SpaceStepper(Space space) : space_(std::move(space)), replayer_(space_, kRunawayMoves) {}
  bool step(Move m) override { return replayer_.step(m); }
  bool finish() override { return replayer_.finish(); }
  std::string describe() const override { return space_.describe(replayer_.state()); }
  std::uint64_t count() const override { return replayer_.count(); }
  const std::optional<ReplayError>& error() const override { return replayer_.error(); }

 private:
  Space space_;  // before replayer_, which refers to it
  Replayer<Space> replayer_;
};

namespace space_ops_detail {

template <class Space>
const Space& as(const void* space) {
  return *static_cast<const Space*>(space);
}

// The engine's refusals (std::invalid_argument) as one line naming the family,
// with the flags of what they name (cli/refusal_flags.hpp).
template <class F>
decltype(auto) named_refusal(const FamilyInfo& f, F&& fn) {
  try {
    return fn();
  } catch (const std::invalid_argument& e) {
    throw UsageError(f.name + ": " + with_flags(e));
  }
}

inline UsageError no_largest_disc(const FamilyInfo& f) {
  return UsageError(f.name + " has no single largest disc: the Frame hypothesis does not apply");
}

// The search's identity in a checkpoint: every instance key, so that a checkpoint
// of one instance never resumes as another (the move-graph families: another graph
// or pair).
inline std::string search_identity(const FamilyInfo& f, const Params& p) {
  return f.name + " n=" + std::to_string(p.n) + " pegs=" + std::to_string(p.pegs) +
         " problem=" + p.problem + (p.colours.empty() ? "" : " colours=" + p.colours) +
         (p.start.empty() ? "" : " start=" + p.start) +
         (p.target < 0 ? "" : " target=" + std::to_string(p.target)) +
         (p.edges.empty() ? "" : " edges=" + p.edges) +
         (p.from < 0 ? "" : " from=" + std::to_string(p.from)) +
         (p.to < 0 ? "" : " to=" + std::to_string(p.to)) +
         (p.goal.empty() ? "" : " goal=" + p.goal);
}

template <class Space>
SpaceOps make_space_ops() {
  SpaceOps ops{};
  ops.search = [](const void* s, const FamilyInfo& f, const Params& p, const SearchOptions& o) {
    const Space& space = as<Space>(s);
    // The whole choice (choose_storage runs it): a refusal names the family.
    named_refusal(f, [&] { return choose_storage(space, o); });
    SearchOptions named = o;
    named.identity = search_identity(f, p);
    return hanoi::search(space, named);
  };
  ops.num_ranks = [](const void* s) -> Rank { return as<Space>(s).num_ranks(); };
  ops.goal_rank = [](const void* s, const FamilyInfo& f) -> Rank {
    if constexpr (requires(const Space& v) { v.goal_rank(); }) {
      (void)f;
      return as<Space>(s).goal_rank();
    } else {
      (void)s;
      throw UsageError(f.name + ": its goal is a set of states, not one rank");
    }
  };
  ops.plan = [](const void* s, const FamilyInfo& f, const SearchOptions& o) {
    return named_refusal(f, [&] { return plan_search(as<Space>(s), o); });
  };
  ops.search_need = [](const void* s, const FamilyInfo& f, const SearchOptions& o) {
    return named_refusal(f, [&] { return estimate_search(as<Space>(s), o); });
  };
  ops.frame = [](const void* s, const FamilyInfo& f, const SearchOptions& o, bool want_moves,
                 FrameScope scope) -> FrameAnalysis {
    if constexpr (!HasDiscPegs<Space>) {
      (void)s, (void)o, (void)want_moves, (void)scope;
      throw no_largest_disc(f);
    } else {
      return analyse_frame(as<Space>(s), o, want_moves, scope);
    }
  };
  ops.frame_need = [](const void* s, const FamilyInfo& f, const SearchOptions& o) -> std::uint64_t {
    if constexpr (!HasDiscPegs<Space>) {
      (void)s, (void)o;
      throw no_largest_disc(f);
    } else {
      return estimate_frame(as<Space>(s), o, false);
    }
  };
  ops.count_optimal = [](const void* s, const SearchOptions& o) {
    return count_optimal_solutions(as<Space>(s), o);
  };
  ops.all_pairs = [](const void* s, const FamilyInfo& f, const Params& p, const SearchOptions& o) {
    try {
      return all_pairs_summary(as<Space>(s), o);
    } catch (const std::length_error& e) {
      throw UsageError(f.name + " n=" + std::to_string(p.n) + ": " + e.what() + " (lower n)");
    }
  };
  ops.run = [](const void* s, const Params& p, const AlgorithmSpec& alg, const RunOptions& o) {
    return replay_algorithm(as<Space>(s), p, alg, o);
  };
  ops.stepper = [](const void* s) -> std::unique_ptr<Stepper> {
    return std::make_unique<SpaceStepper<Space>>(as<Space>(s));
  };
  ops.state_graph = [](const void* s, std::uint64_t max_states) {
    return explore_state_graph(as<Space>(s), max_states);
  };
  return ops;
}

}  // namespace space_ops_detail

template <class Space>
const SpaceOps& space_ops() {
  static const SpaceOps ops = space_ops_detail::make_space_ops<Space>();
  return ops;
}

}  // namespace hanoi::cli

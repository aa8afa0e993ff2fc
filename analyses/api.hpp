// The analyses' entry points, declared: what a caller that only calls them needs
// (cli/space_ops_impl.hpp), without their templates (analyses/frame.hpp,
// analyses/structure.hpp define them; each family's instantiations are compiled in
// its own generated unit, analyses/instances.hpp).
#pragma once

#include <concepts>
#include <cstdint>

#include "analyses/types.hpp"
#include "engine/core.hpp"
#include "engine/search_types.hpp"

namespace hanoi {

// Variants whose discs 1..n each sit on one peg (every variant with a largest disc).
template <class V>
concept HasDiscPegs = StateSpace<V> && requires(const V& v, const typename V::State& s, int d) {
  { v.peg_of(s, d) } -> std::convertible_to<int>;
};

// The optimum against the best Frame-type solution (analyses/frame.hpp).
template <HasDiscPegs V>
FrameAnalysis analyse_frame(const V& v, const SearchOptions& options, bool want_moves,
                            FrameScope scope = FrameScope::kLargestDisc);
// The peak bytes of analyse_frame, before it starts.
template <HasDiscPegs V>
std::uint64_t estimate_frame(const V& v, const SearchOptions& options, bool want_moves);

// The exact number of optimal solutions (analyses/structure.hpp).
template <StateSpace V>
SolutionCount count_optimal_solutions(const V& v, const SearchOptions& options);
// Eccentricities and distances over every pair of states, for small spaces.
template <StateSpace V>
AllPairsSummary all_pairs_summary(const V& v, const SearchOptions& options = {});

}  // namespace hanoi

// The results of the analyses beyond one search (the Frame hypothesis, optimal
// solution counts, all pairs), as plain types: what the application layer passes
// around without compiling the engine's templates (cli/analyses.hpp).  The
// analyses themselves are analyses/frame.hpp and analyses/structure.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core.hpp"
#include "engine/search_types.hpp"

namespace hanoi {

// Which moves the Frame hypothesis speaks of (analyses/frame.hpp).
enum class FrameScope { kLargestDisc, kEveryDisc };

inline const char* scope_name(FrameScope scope) {
  return scope == FrameScope::kLargestDisc ? "largest-disc" : "every-disc";
}

// What analyse_frame finds (analyses/frame.hpp).
struct FrameAnalysis {
  SearchResult full;                           // the unrestricted search (stopped at the goal)
  SearchResult frame;                          // the Frame-restricted search (stopped at the goal)
  std::optional<std::uint64_t> optimal;        // none: the goal is unreachable
  std::optional<std::uint64_t> frame_optimal;  // none: no Frame-type solution
  bool holds = false;                          // a Frame-type solution is optimal
  // When the hypothesis fails: an optimal solution, replayed by the rule checker,
  // and the 0-based indices of its largest-disc moves that are not Frame-type.
  std::vector<Move> witness;
  std::vector<std::uint64_t> non_frame_moves;
  std::vector<std::string> non_frame_configurations;  // the state before each of those moves
  // With want_moves: a Frame-type solution of length frame_optimal, replayed.
  std::vector<Move> frame_solution;
  FrameScope scope = FrameScope::kLargestDisc;
  double seconds = 0;
};

// What count_optimal_solutions finds (analyses/structure.hpp).
struct SolutionCount {
  std::optional<std::uint64_t> optimum;  // none: the goal is unreachable
  std::string count = "0";               // exact, in decimal
  std::uint64_t states_on_optimal_paths = 0;
  std::uint64_t states_searched = 0;  // states within the goal's distance
  double seconds = 0;
};

// What all_pairs_summary finds (analyses/structure.hpp); it takes at most
// kAllPairsMaxStates states.
struct AllPairsSummary {
  std::uint64_t states = 0;         // reachable from the start
  std::uint64_t ordered_pairs = 0;  // (s, t), s != t, t reachable from s
  std::uint64_t unreachable_pairs = 0;
  std::uint64_t sum_distances = 0;  // over those ordered pairs
  std::uint64_t diameter = 0;
  std::uint64_t one_path = 0;    // ordered pairs with exactly one shortest path
  std::uint64_t two_paths = 0;   // ... exactly two
  std::uint64_t more_paths = 0;  // ... three or more
  std::uint64_t max_paths = 0;   // the most shortest paths between two states (saturating)
  double seconds = 0;
};

inline constexpr std::uint64_t kAllPairsMaxStates = std::uint64_t{1} << 16;

// A distance per rank, the level vectors (8 bytes a state; budgeted at one rank in
// eight for two consecutive levels, and enforced while they grow) and a fixed
// allowance for the walk back's layers: count_optimal_solutions' peak.
inline std::uint64_t estimate_count_bytes(Rank ranks) {
  return ranks * sizeof(std::uint32_t) + ranks / 8 * sizeof(Rank) + (std::uint64_t{64} << 20);
}

}  // namespace hanoi

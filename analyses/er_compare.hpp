// ColourTowers against the optimum over every instance of Er's colour towers.
//
// Design overview
// ---------------
// For n discs and a target peg there are 2^n colourings and 3^n starts.  Per
// colouring, one backward breadth-first search from the goal (analyses/distances.hpp
// on an ErSpace) gives the optimum from every start at once, and
// ColourTowersCounter::for_each_start gives ColourTowers' count from every start in
// the same rank order, so each instance costs O(1) beyond the search.  Each pair is
// folded into an InstanceStats (analyses/instance_stats.hpp).
//
// * Parallel over colourings with oneTBB (parallel_pipeline): a serial stage hands
//   out colourings in order, a parallel stage searches and counts one colouring on
//   a per-thread workspace, and a serial in-order stage merges its statistics,
//   delivers its instances and reports progress.  So callbacks are never called
//   concurrently, instances arrive in increasing id, and the result does not depend
//   on the number of threads (run under tbb::global_control to limit them).
// * Memory: at most 2 x threads colourings are in flight, each holding O(3^n) words
//   (the distances and the queue of its search, 12 bytes per start, plus 12 bytes
//   per start of buffered results when on_instance is set); nothing grows with the
//   number of instances, so 2^n x 3^n instances need no more than a few searches.
// * Instance ids: id = colouring x 3^n + start, with colouring bit d-1 set when disc
//   d is black and start the base-3 rank (digit d-1 = the peg of disc d).  The worst
//   instance (largest excess, ties to the smallest id) is reported as a replayable
//   Instance / Params (colours, start, target tokens).
// * Checks made on every instance, each a std::logic_error if broken: every start
//   reaches the goal (Er's theorem), and ColourTowers' count is at least the optimum.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>

#include "analyses/compare.hpp"
#include "analyses/instance_stats.hpp"
#include "variants/er/er.hpp"

namespace hanoi::variants::er {

// The largest n compare_colour_towers takes (2^16 x 3^16 instances is far beyond
// any run; the limit only keeps the per-colouring buffers small).
inline constexpr int kMaxCompareDiscs = 16;

// One instance of the comparison, as delivered to CompareOptions::on_instance.
struct InstanceResult {
  std::uint64_t id = 0;             // colouring * 3^n + start
  Colouring colouring = 0;          // bit d-1 set: disc d black
  Rank start = 0;                   // base-3 rank, digit d-1 = the peg of disc d
  std::uint64_t optimum = 0;        // the search's distance to the target tower
  std::uint64_t colour_towers = 0;  // ColourTowers' move count
};

struct CompareOptions {
  // Optional: every instance, in increasing id, from one thread at a time.
  std::function<void(const InstanceResult&)> on_instance;
  // Optional: after each colouring, (colourings done, colourings in all), in order,
  // from one thread at a time.  Called 2^n times: rate-limit printing in the caller.
  std::function<void(std::uint64_t done, std::uint64_t total)> on_progress;
};

struct CompareResult {
  int n = 0;
  int target = 0;
  std::uint64_t colourings = 0;  // 2^n
  std::uint64_t starts = 0;      // 3^n per colouring
  // Summary (also in `stats`):
  std::uint64_t instances = 0;
  std::uint64_t optimal_instances = 0;  // ColourTowers == optimum
  double mean_optimum = 0;
  double mean_algorithm = 0;  // mean ColourTowers count
  double mean_excess = 0;
  std::uint64_t max_excess = 0;
  double max_ratio = 0;  // over instances with optimum > 0
  // Largest excess, ties to the smallest id; its optimum and ColourTowers' count.
  Instance worst;
  std::uint64_t worst_optimum = 0, worst_colour_towers = 0;
  // Largest ratio, ties to the smallest id (unset when no instance has optimum > 0).
  std::optional<Instance> worst_ratio;
  // Largest optimum (the hardest instance), ties to the smallest id.
  std::uint64_t max_optimum = 0;
  Instance hardest;
  std::map<std::uint64_t, std::uint64_t> histogram;  // excess -> instances
  InstanceStats stats;  // the raw accumulator (merge-able, e.g. across targets)
  double seconds = 0;
};

// Every colouring x every start of n discs (1 <= n <= kMaxCompareDiscs) against one
// target peg.  Throws UsageError for n or target out of range.
CompareResult compare_colour_towers(int n, int target, const CompareOptions& options = {});

// The family hook of `hanoi compare er colour-towers -n N [--target T]`
// (analyses/compare.hpp): every instance of p.n discs for p.target.
InstanceFamilyReport compare_instances(const Params& p, std::string_view algorithm,
                                       const InstanceFamilyOptions& options);

// The instance of an id (see the overview).
Instance instance_from_id(int n, int target, std::uint64_t id);

}  // namespace hanoi::variants::er

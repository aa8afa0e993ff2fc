#include "analyses/er_compare.hpp"

#include <tbb/concurrent_queue.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "analyses/distances.hpp"

namespace hanoi::variants::er {
namespace {

Rank power_of_three(int n) {
  Rank r = 1;
  for (int i = 0; i < n; ++i) r *= kPegs;
  return r;
}

// One colouring's results, handed from the parallel stage to the in-order stage.
// A fixed set of these circulates through a free list, so the per-start buffers
// are allocated once per token, not once per colouring.
struct Batch {
  Colouring colouring = 0;
  InstanceStats stats;
  std::vector<std::uint32_t> optimum;        // per start, only with on_instance
  std::vector<std::uint64_t> colour_towers;  // per start, only with on_instance
};

}  // namespace

Instance instance_from_id(int n, int target, std::uint64_t id) {
  const Rank starts = power_of_three(n);
  return Instance{n, static_cast<Colouring>(id / starts), id % starts, target};
}

CompareResult compare_colour_towers(int n, int target, const CompareOptions& options) {
  if (n < 1 || n > kMaxCompareDiscs)
    throw UsageError("er compare takes n from 1 to " + std::to_string(kMaxCompareDiscs) + " (got " +
                     std::to_string(n) + ")");
  if (target < 0 || target >= kPegs)
    throw UsageError("er compare: --target must be a peg 0, 1 or 2 (got " + std::to_string(target) +
                     ")");
  const auto t0 = std::chrono::steady_clock::now();
  CompareResult result;
  result.n = n;
  result.target = target;
  result.colourings = std::uint64_t{1} << n;
  result.starts = power_of_three(n);
  const Rank starts = result.starts;
  const bool keep = static_cast<bool>(options.on_instance);

  // Twice the threads keeps every thread busy while the in-order stage catches up.
  const std::size_t tokens =
      2 * static_cast<std::size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
  std::vector<Batch> batches(tokens);
  tbb::concurrent_queue<Batch*> free_batches;
  for (Batch& b : batches) {
    if (keep) {
      b.optimum.resize(starts);
      b.colour_towers.resize(starts);
    }
    free_batches.push(&b);
  }
  tbb::enumerable_thread_specific<DistanceWorkspace> workspaces;

  std::uint64_t next = 0, done = 0;
  InstanceStats total;
  tbb::parallel_pipeline(
      tokens,
      tbb::make_filter<void, Batch*>(tbb::filter_mode::serial_in_order,
                                     [&](tbb::flow_control& fc) -> Batch* {
                                       if (next == result.colourings) {
                                         fc.stop();
                                         return nullptr;
                                       }
                                       Batch* b = nullptr;
                                       // A token is free whenever this stage runs, and each token's
                                       // batch was returned before the token was.
                                       if (!free_batches.try_pop(b))
                                         throw std::logic_error("er compare: no free batch");
                                       b->colouring = static_cast<Colouring>(next++);
                                       b->stats = InstanceStats{};
                                       return b;
                                     }) &
          tbb::make_filter<Batch*, Batch*>(
              tbb::filter_mode::parallel,
              [&](Batch* b) -> Batch* {
                DistanceWorkspace& ws = workspaces.local();
                const ErSpace space(Instance{n, b->colouring, 0, target});
                distances_to_goal(space, ws);
                const ColourTowersCounter counter(n, b->colouring);
                const std::uint32_t* const dist = ws.distance.data();
                const std::uint64_t base = static_cast<std::uint64_t>(b->colouring) * starts;
                counter.for_each_start(target, [&](Rank r, std::uint64_t count) {
                  const std::uint32_t optimum = dist[r];
                  if (optimum == kUnreachedDistance)
                    throw std::logic_error("er compare: " + space.describe(space.unrank(r)) +
                                           " cannot reach peg " + std::to_string(target) +
                                           " (colours " + colours_token(n, b->colouring) + ")");
                  b->stats.add(optimum, count, base + r);  // throws if count < optimum
                  if (keep) {
                    b->optimum[r] = optimum;
                    b->colour_towers[r] = count;
                  }
                });
                return b;
              }) &
          tbb::make_filter<Batch*, void>(tbb::filter_mode::serial_in_order, [&](Batch* b) {
            total.merge(b->stats);
            if (keep) {
              const std::uint64_t base = static_cast<std::uint64_t>(b->colouring) * starts;
              for (Rank r = 0; r < starts; ++r)
                options.on_instance(
                    InstanceResult{base + r, b->colouring, r, b->optimum[r], b->colour_towers[r]});
            }
            ++done;
            free_batches.push(b);
            if (options.on_progress) options.on_progress(done, result.colourings);
          }));

  result.instances = total.instances();
  result.optimal_instances = total.optimal_instances();
  result.mean_optimum = total.mean_optimum();
  result.mean_algorithm = total.mean_algorithm();
  result.mean_excess = total.mean_excess();
  result.max_excess = total.max_excess();
  result.max_ratio = total.max_ratio();
  if (total.worst()) {
    result.worst = instance_from_id(n, target, total.worst()->id);
    result.worst_optimum = total.worst()->optimum;
    result.worst_colour_towers = total.worst()->algorithm;
  }
  if (total.hardest()) {
    result.max_optimum = total.max_optimum();
    result.hardest = instance_from_id(n, target, total.hardest()->id);
  }
  if (total.worst_ratio())
    result.worst_ratio = instance_from_id(n, target, total.worst_ratio()->id);
  result.histogram = total.histogram();
  result.stats = std::move(total);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return result;
}

namespace {
std::string instance_options(const Instance& in) {
  return "--colours " + colours_token(in.n, in.colouring) + " --start " +
         start_token(in.n, in.start) + " --target " + std::to_string(in.target);
}
}  // namespace

InstanceFamilyReport compare_instances(const Params& p, std::string_view algorithm,
                                       const InstanceFamilyOptions& options) {
  if (algorithm != "colour-towers")
    throw UsageError("er compares only colour-towers with the optimum (got '" +
                     std::string(algorithm) + "')");
  CompareOptions o;
  o.on_progress = options.on_progress;
  const int n = p.n;
  const int target = p.target;
  if (options.on_instance)
    o.on_instance = [&](const InstanceResult& r) {
      options.on_instance(InstanceRow{r.id, instance_options(instance_from_id(n, target, r.id)),
                                      r.optimum, r.colour_towers});
    };
  const CompareResult c = compare_colour_towers(n, target, o);
  InstanceFamilyReport out;
  out.family = "every colouring (2^" + std::to_string(n) + ") x every start (3^" +
               std::to_string(n) + ") of " + std::to_string(n) + " discs, target peg " +
               std::to_string(target);
  out.instances = c.instances;
  out.optimal_instances = c.optimal_instances;
  out.mean_optimum = c.mean_optimum;
  out.mean_algorithm = c.mean_algorithm;
  out.mean_excess = c.mean_excess;
  out.max_excess = c.max_excess;
  out.max_ratio = c.max_ratio;
  out.worst = instance_options(c.worst);
  out.worst_optimum = c.worst_optimum;
  out.worst_algorithm = c.worst_colour_towers;
  out.hardest = instance_options(c.hardest);
  out.max_optimum = c.max_optimum;
  out.histogram = c.histogram;
  out.seconds = c.seconds;
  return out;
}

}  // namespace hanoi::variants::er

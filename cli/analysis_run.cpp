#include "cli/analyses.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {

RunReport run(const FamilyInfo& f, const Params& p, std::string_view algorithm,
              const RunOptions& o) {
  const AlgorithmSpec& alg = find_algorithm(f, p, algorithm);
  return variants::visit_family(
      f, p, [&](const auto&, const auto& space) { return replay_algorithm(space, p, alg, o); });
}

}  // namespace hanoi::cli

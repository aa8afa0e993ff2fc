#include <memory>

#include "cli/analyses.hpp"
#include "variants/instances.hpp"
#include "variants/visit.hpp"

namespace hanoi::cli {

RunReport run(const FamilyInfo& f, const Params& p, std::string_view algorithm,
              const RunOptions& o) {
  const AlgorithmSpec& alg = find_algorithm(f, p, algorithm);
  if (beyond_encoder(f, p)) {
    // normalize(..., Reach::kReplay) admitted these only for a family with a board.
    const std::unique_ptr<PlainBoard> board = f.beyond_encoder.board(p);
    BoardReplayer checker(*board, kRunawayMoves);
    return replay_algorithm_with(checker, p, alg, o);
  }
  return variants::visit_family(
      f, p, [&](const auto&, const auto& space) { return replay_algorithm(space, p, alg, o); });
}

}  // namespace hanoi::cli

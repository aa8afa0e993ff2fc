// Running a family's published algorithm through the rule checker.
//
// The algorithm streams its moves into a Replayer (engine/replay.hpp), which checks
// each with the variant's plain `check_move`; the first illegal move stops the
// algorithm (by unwinding through it), so a runaway emitter costs nothing more.
// Templated on the Space so that the conformance suite and the CLI share it.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/replay.hpp"
#include "variants/family.hpp"

namespace hanoi {

struct RunReport {
  std::string algorithm;
  bool ok = false;
  std::uint64_t moves = 0;
  std::string error;           // first rule violation or wrong final state
  std::vector<Move> recorded;  // when asked to record
  double seconds = 0;
};

namespace detail {
struct StopEmission {};  // thrown through an algorithm once the checker has failed
}  // namespace detail

template <StateSpace Space>
RunReport replay_algorithm(const Space& space, const Params& p, const AlgorithmSpec& alg,
                           bool record) {
  const auto t0 = std::chrono::steady_clock::now();
  // A runaway algorithm is stopped far beyond any sensible count.
  Replayer<Space> checker(space, std::uint64_t{1} << 42);
  RunReport report;
  report.algorithm = alg.name;
  try {
    alg.emit(p, [&](Move m) {
      if (record) report.recorded.push_back(m);
      if (!checker.step(m)) throw detail::StopEmission{};
    });
    checker.finish();
  } catch (const detail::StopEmission&) {
  } catch (const std::exception& e) {
    // An algorithm that gives up (no legal choice, a broken invariant) is a failed run.
    report.moves = checker.count();
    report.error = std::string("algorithm stopped after ") + std::to_string(checker.count()) +
                   " moves: " + e.what();
    return report;
  }
  report.moves = checker.count();
  report.ok = !checker.error().has_value();
  if (!report.ok) {
    const ReplayError& e = *checker.error();
    report.error = e.index == checker.count() && e.move == Move{}
                       ? e.reason
                       : "move " + std::to_string(e.index + 1) + " (disc " +
                             std::to_string(e.move.disc) + " from " + std::to_string(e.move.from) +
                             " to " + std::to_string(e.move.to) + "): " + e.reason;
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return report;
}

}  // namespace hanoi

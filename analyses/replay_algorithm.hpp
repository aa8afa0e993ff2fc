// Running a family's published algorithm through the rule checker.
//
// The algorithm streams its moves into a Replayer (analyses/replay.hpp), which checks
// each with the variant's plain `check_move`; the first illegal move stops the
// algorithm (by unwinding through it), so a runaway emitter costs nothing more.
// Templated on the Space so that the conformance suite and the CLI share it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "analyses/replay.hpp"
#include "engine/progress.hpp"
#include "engine/search_types.hpp"
#include "variants/family.hpp"

namespace hanoi {

struct RunReport {
  std::string algorithm;
  bool ok = false;
  std::uint64_t moves = 0;
  std::string error;             // first rule violation or wrong final state
  std::vector<Move> recorded;    // when asked to record
  bool record_overflow = false;  // stopped: more moves than RunOptions::record_limit
  double seconds = 0;
};

struct RunOptions {
  // Record the moves, at most this many: a longer solution stops the run with
  // `record_overflow` (4 bytes a move; 0 = record nothing).
  std::uint64_t record_limit = 0;
  bool progress = false;                      // a line on stderr at most every 2 s
  const std::atomic<bool>* cancel = nullptr;  // raised: stop (SearchCancelled)
};

namespace detail {
struct StopEmission {};  // thrown through an algorithm once the checker has failed
}  // namespace detail

// The rule checker's interface (Replayer<Space>) on a family's PlainBoard, for runs
// beyond the encoder: the same checks and the same error wording.
class BoardReplayer {
 public:
  BoardReplayer(PlainBoard& board, std::uint64_t max_moves) : board_(board), max_(max_moves) {}
  bool step(Move m) {
    if (error_) return false;
    if (count_ >= max_) {
      error_ = ReplayError{count_, m, "exceeded the move cap of " + std::to_string(max_)};
      return false;
    }
    int disc = 0;
    const char* rule = board_.move(m.from, m.to, disc);
    if (*rule != '\0') {
      error_ = ReplayError{count_, m, rule};
      return false;
    }
    if (m.disc != 0 && disc != m.disc) {
      // Undo: the move was legal, only the disc it named was wrong.
      int ignored = 0;
      board_.move(m.to, m.from, ignored);
      error_ = ReplayError{count_, m,
                           "the move names disc " + std::to_string(m.disc) +
                               " but the top disc on peg " + std::to_string(m.from) + " is " +
                               std::to_string(disc)};
      return false;
    }
    ++count_;
    return true;
  }
  bool finish() {
    if (error_) return false;
    if (!board_.is_goal()) {
      error_ = ReplayError{count_, Move{}, "final state is not the goal: " + board_.describe()};
      return false;
    }
    return true;
  }
  std::uint64_t count() const { return count_; }
  const std::optional<ReplayError>& error() const { return error_; }
  std::string describe() const { return board_.describe(); }

 private:
  PlainBoard& board_;
  std::uint64_t max_;
  std::uint64_t count_ = 0;
  std::optional<ReplayError> error_;
};

// A runaway algorithm is stopped far beyond any sensible count.
inline constexpr std::uint64_t kRunawayMoves = std::uint64_t{1} << 42;

// The algorithm's moves through `checker` (a Replayer<Space> or a BoardReplayer).
template <class Checker>
RunReport replay_algorithm_with(Checker& checker, const Params& p, const AlgorithmSpec& alg,
                                const RunOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  RunReport report;
  report.algorithm = alg.name;
  auto last_report = t0;
  ProgressPrinter progress("run");
  try {
    alg.emit(p, [&](Move m) {
      if (options.record_limit > 0) {
        if (report.recorded.size() >= options.record_limit) {
          report.record_overflow = true;
          throw detail::StopEmission{};
        }
        report.recorded.push_back(m);
      }
      if (!checker.step(m)) throw detail::StopEmission{};
      // The clock and the flag every 2^20 moves: 0.05 to 0.3 s, as a move through the
      // rule checker takes 50 to 250 ns (every 2^24, a signal waited up to 4 s).
      if ((checker.count() & ((std::uint64_t{1} << 20) - 1)) == 0) {
        if (options.cancel != nullptr && options.cancel->load(std::memory_order_relaxed))
          throw SearchCancelled();
        const auto now = std::chrono::steady_clock::now();
        if (options.progress && now - last_report > std::chrono::seconds(2)) {
          last_report = now;
          progress.report(-1, std::chrono::duration<double>(now - t0).count(), 0,
                          alg.name + ": " + std::to_string(checker.count()) + " moves replayed");
        }
      }
    });
    if (!report.record_overflow) checker.finish();
  } catch (const detail::StopEmission&) {
  } catch (const SearchCancelled&) {
    throw;
  } catch (const std::exception& e) {
    // An algorithm that gives up (no legal choice, a broken invariant) is a failed run.
    report.moves = checker.count();
    report.error = std::string("algorithm stopped after ") + std::to_string(checker.count()) +
                   " moves: " + e.what();
    return report;
  }
  report.moves = checker.count();
  if (report.record_overflow) return report;
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

template <StateSpace Space>
RunReport replay_algorithm(const Space& space, const Params& p, const AlgorithmSpec& alg,
                           const RunOptions& options) {
  Replayer<Space> checker(space, kRunawayMoves);
  return replay_algorithm_with(checker, p, alg, options);
}

// Without options: the moves recorded in full when `record`.
template <StateSpace Space>
RunReport replay_algorithm(const Space& space, const Params& p, const AlgorithmSpec& alg,
                           bool record) {
  RunOptions o;
  o.record_limit = record ? ~std::uint64_t{0} : 0;
  return replay_algorithm(space, p, alg, o);
}

}  // namespace hanoi

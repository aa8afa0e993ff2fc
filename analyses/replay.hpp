// The rule checker: replays a move sequence from a variant's start state.
//
// It trusts nothing about the moves: each one is checked with the variant's plain
// `check_move` (never the fast successor loop), the disc the move names must be
// the disc that actually moves, and at the end the state must satisfy the goal.
// The first failure is reported with its index, the move and the rule it broke.
// Moves can be streamed one at a time, so an algorithm emitting 2^30 moves is
// checked without storing them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core.hpp"

namespace hanoi {

struct ReplayError {
  std::uint64_t index = 0;  // 0-based index of the offending move; == count for a wrong final state
  Move move{};
  std::string reason;
};

template <StateSpace V>
class Replayer {
 public:
  using State = typename V::State;
  explicit Replayer(const V& v, std::uint64_t max_moves = UINT64_MAX)
      : v_(v), state_(v.start()), max_moves_(max_moves) {}

  // Applies one move; returns false (and records the error) on the first bad one.
  bool step(Move m) {
    if (error_) return false;
    if (count_ >= max_moves_) {
      error_ = ReplayError{count_, m, "exceeded the move cap of " + std::to_string(max_moves_)};
      return false;
    }
    if (m.from >= v_.pegs() || m.to >= v_.pegs()) {
      error_ = ReplayError{count_, m, "peg out of range"};
      return false;
    }
    const MoveCheck<State> c = v_.check_move(state_, m.from, m.to);
    if (!c.legal) {
      error_ = ReplayError{count_, m, c.rule};
      return false;
    }
    if (m.disc != 0 && c.disc != m.disc) {
      error_ = ReplayError{count_, m,
                           "the move names disc " + std::to_string(m.disc) +
                               " but the top disc on peg " + std::to_string(m.from) + " is " +
                               std::to_string(c.disc)};
      return false;
    }
    state_ = c.next;
    ++count_;
    return true;
  }

  // Checks the final state; call once after the last move.
  bool finish() {
    if (error_) return false;
    if (!v_.is_goal(state_)) {
      error_ = ReplayError{count_, Move{}, "final state is not the goal: " + v_.describe(state_)};
      return false;
    }
    return true;
  }

  std::uint64_t count() const { return count_; }
  const State& state() const { return state_; }
  const std::optional<ReplayError>& error() const { return error_; }

 private:
  const V& v_;
  State state_;
  std::uint64_t count_ = 0;
  std::uint64_t max_moves_;
  std::optional<ReplayError> error_;
};

// Replays a whole sequence; returns the error, if any.
template <StateSpace V>
std::optional<ReplayError> replay(const V& v, const std::vector<Move>& moves) {
  Replayer<V> r(v);
  for (const Move& m : moves) {
    if (!r.step(m)) return r.error();
  }
  r.finish();
  return r.error();
}

}  // namespace hanoi

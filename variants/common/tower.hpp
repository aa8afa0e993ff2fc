// A plain explicit tower for algorithms that look at the configuration to choose
// their next move (iterative, bichromatic, Plan B, ...).  It does no rule checking
// of its own: every emitted move is replayed by the engine's rule checker.
#pragma once

#include <stdexcept>
#include <vector>

#include "engine/core.hpp"
#include "variants/family.hpp"

namespace hanoi::variants {

class Tower {
 public:
  Tower(int pegs, int discs, int start_peg) : stacks_(static_cast<std::size_t>(pegs)) {
    for (int d = discs; d >= 1; --d) stacks_[static_cast<std::size_t>(start_peg)].push_back(d);
  }
  int top(int p) const {
    const auto& s = stacks_[static_cast<std::size_t>(p)];
    return s.empty() ? 0 : s.back();
  }
  std::size_t height(int p) const { return stacks_[static_cast<std::size_t>(p)].size(); }
  // Moves the top disc of `from` onto `to` and sends the move to the sink.
  void move(int from, int to, MoveSink sink) {
    auto& src = stacks_[static_cast<std::size_t>(from)];
    if (src.empty()) throw std::logic_error("algorithm moved from an empty peg");
    const int d = src.back();
    src.pop_back();
    stacks_[static_cast<std::size_t>(to)].push_back(d);
    sink(Move{static_cast<std::uint16_t>(d), static_cast<std::uint8_t>(from),
              static_cast<std::uint8_t>(to)});
  }

 private:
  std::vector<std::vector<int>> stacks_;
};

// Emits a move of a known disc without simulating (recursive algorithms).
inline void emit_move(MoveSink sink, int disc, int from, int to) {
  sink(Move{static_cast<std::uint16_t>(disc), static_cast<std::uint8_t>(from),
            static_cast<std::uint8_t>(to)});
}

}  // namespace hanoi::variants

// Er's Colour Towers of Hanoi (seed 001): white discs move clockwise, black discs
// anticlockwise, from any legal start to a tower on a chosen peg.
//
// Rules as read (seed 001 "THE PROBLEM", VARIANTS.md "Many stacks")
// -----------------------------------------------------------------
// Three pegs stand in a circle, clockwise 0 -> 1 -> 2 -> 0 (the seed's pegs 1, 2, 3
// are our 0, 1, 2).  Each of the n discs is white or black.  Besides "one top disc
// at a time, never onto a smaller disc", a white disc moves only one step clockwise
// (p -> p+1 mod 3) and a black disc only one step anticlockwise (p -> p-1 mod 3).
// Colours never change and play no part in what may rest on what.
//
// An *instance* is a colouring, a start configuration and a target peg; the goal is
// every disc on the target.  Every placement of discs on pegs is a legal
// configuration (discs on a peg are stacked by size), so "the discs are stacked on
// the pegs randomly without violating the constraints" means any of the 3^n
// placements.  The instance travels in Params (variants/family.hpp):
//   colours  one letter per disc, smallest first: W (white) or B (black);
//            default "WBWB..." (alternating, disc 1 white);
//   start    one peg digit 0..2 per disc, smallest first; default all on peg 1;
//   target   the goal peg; default 0.
// So the default instance moves a tower from peg 1 to peg 0 (one step anticlockwise:
// a black largest disc gets there in one move, a white one needs two).
// Lower-case letters are refused, not folded: a token is meant to be replayable
// exactly as printed.  The only problem is `gather`.
//
// Encoding
// --------
// The state is the peg of each disc (PegCodec, 2 bits per disc, 3^n dense ranks:
// digit d-1 of the base-3 rank is the peg of disc d).  The colouring, start and
// target are fixed per space.  A move is irreversible (undoing a white disc's
// clockwise step takes two more clockwise steps), so the space enumerates its
// predecessors: the top disc d of peg `to` came from the one peg its colour allows,
// from = to - dir(d), and only if every disc on `from` is larger than d.  A state
// therefore has at most 3 successors (one per pair of pegs, the smaller top disc,
// if its colour points the right way) and at most 3 predecessors.  Move.disc is the
// disc's size, 1..n (1 the smallest); the colour is a property of the instance.
//
// The strong connectivity used by the comparison (compare.hpp): reversing every
// move of colouring c gives the moves of the opposite colouring (white and black
// swapped), and ColourTowers solves every colouring from every start, so every
// state reaches every tower and is reached from it.  The tests check this on the
// explicit graph instead of assuming it.
//
// Algorithm `colour-towers`: seed 001's Pascal procedure ColourTowers, transcribed
// (er.cpp): find the largest disc among the subtowers still in play; if it is on the
// target, recurse without it; if its colour points straight at the target (case B),
// clear the smaller discs to the spare peg, move it, bring them back on top; otherwise
// (case C) gather the smaller discs on the target, step the disc to the spare peg and
// solve again, now a case B.  The seed proves it always succeeds and asks for its
// average-case behaviour; it claims nothing about optimality, so the algorithm is
// registered as a bound (claimed_optimal = never) and compared with the optimum over
// every instance by compare.hpp.
//
// Counting without moving (ColourTowersCounter): the discs in play are always discs
// 1..k (the procedure only ever removes the largest one), so its cost from a start
// is a sum over the discs from the largest down.  With disc k on peg p, the target t
// of the k smallest discs, s = 3 - p - t, dir(k) = +1 (white) or -1 (black) and
// T_j(a, b) the cost of moving a tower of discs 1..j from a to b:
//   p == t              add 0,                             discs 1..k-1 aim at t
//   t == p + dir(k)     add 1 + T_{k-1}(s, t),             discs 1..k-1 aim at s
//   t == p - dir(k)     add 2 + T_{k-1}(t, p) + T_{k-1}(p, t), discs 1..k-1 aim at t
// (case C's second call is a case B from the spare peg with the smaller discs
// gathered on t: T_{k-1}(t, p), the move to t, T_{k-1}(p, t)).  Applied to a tower
// the same table gives T_k from T_{k-1}, so one table of n x 3 x 3 steps per
// colouring gives any start's count in O(n), and every start's count in O(1)
// amortised by a depth-first walk over the discs (for_each_start).  For all discs
// white and a two-step target this is seed 002's cyclic recurrence
// A(n) = 2A(n-1) + C(n-1) + 2.
//
// The mean count over every instance (derived here from the table, not in the
// seeds; the tests and the benchmark check it against the counter).  Let tau_k be
// the mean of T_k(a, b), a != b, over the 2^k colourings: the same for every ordered
// pair (turning the circle maps pairs one step apart onto each other, and the
// mirror image, which swaps the colours, maps one-step pairs onto two-step pairs).
// Disc k's colour makes the step a case B or a case C with probability 1/2 each, so
// tau_k = (1 + 2 tau_{k-1})/2 + (2 + 3 tau_{k-1})/2 = (5/2) tau_{k-1} + 3/2, i.e.
// tau_k = (5/2)^k - 1.  From a uniform start and colouring, disc n is on the target,
// one step before it or two steps before it with probability 1/3 each, and the
// smaller discs' sub-problem is again uniform: E_n = E_{n-1} + 1 + tau_{n-1}, so
// E_n = (2/3)((5/2)^n - 1), and the sum over the 6^n instances to one target is
// 2(15^n - 6^n)/3.
//
// Findings (experiments/bench_er.cpp, every colouring x start to peg 0, n <= 12):
// ColourTowers' count equals the optimum on every instance, so the seed's
// average-case question has the answer above for the optimum too.  The hardest
// instance (largest optimum) is a one-colour tower two steps from the target, the
// cyclic A(n).  Why optimality is plausible: with the largest disc's number of moves
// fixed, where the smaller discs must be at each of its moves is forced (a tower on
// the third peg), so only extra laps of the largest disc could pay, and the search
// finds none.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core.hpp"
#include "engine/peg_codec.hpp"
#include "variants/family.hpp"

namespace hanoi::variants::er {

inline constexpr int kPegs = 3;
inline constexpr int kMaxDiscs = 32;  // 2 bits per disc in 64 bits; 3^32 < 2^64

// Bit d-1 set: disc d is black.  Bit clear: white.
using Colouring = std::uint32_t;

// The peg one step from `peg` in the direction a disc of this colour moves.
inline int step_of(bool black, int peg) {
  return (peg + (black ? 2 : 1)) % kPegs;
}

// One instance: colouring, start (as a rank: base-3 digit d-1 = the peg of disc d)
// and target peg.
struct Instance {
  int n = 0;
  Colouring colouring = 0;
  Rank start = 0;
  int target = 0;
  friend bool operator==(const Instance&, const Instance&) = default;
};

// Tokens as Params carries them (smallest disc first).
std::string colours_token(int n, Colouring c);
std::string start_token(int n, Rank start);
// The instance of normalised parameters, and back.
Instance instance_of(const Params& p);
Params params_of(const Instance& in);
// Fills the defaults of Params::colours/start/target and refuses a bad token with
// one line (UsageError).  p.n is already checked.
void normalize_instance(Params& p);

struct ErState {
  std::uint64_t w = 0;  // PegCodec packing: the peg of disc d in bits 2(d-1), 2(d-1)+1
  friend bool operator==(const ErState&, const ErState&) = default;
};

class ErSpace {
 public:
  using State = ErState;
  static constexpr bool kReversible = false;

  explicit ErSpace(const Instance& in);

  int pegs() const { return kPegs; }
  int discs() const { return codec_.discs(); }
  Colouring colouring() const { return black_; }
  int target() const { return target_; }
  bool is_black(int d) const { return (black_ >> (d - 1)) & 1u; }
  int peg_of(const State& s, int d) const { return codec_.peg(s.w, d); }
  const PegCodec& codec() const { return codec_; }

  Rank num_ranks() const { return codec_.size(); }
  Rank rank(const State& s) const { return codec_.rank(s.w); }
  State unrank(Rank r) const { return State{codec_.unrank(r)}; }
  State start() const { return start_; }
  bool is_goal(const State& s) const { return s.w == goal_; }
  State goal() const { return State{goal_}; }  // the one goal state

  // For each pair of pegs the smaller top disc is the only candidate; it moves if
  // its colour points from its peg to the other one.
  template <class F>
  HANOI_ALWAYS_INLINE void for_each_successor(const State& s, F&& f) const {
    int top[kPegs];
    tops(s, top);
    for (int x = 0; x < kPegs; ++x) {
      for (int y = x + 1; y < kPegs; ++y) {
        const bool x_moves = top[x] < top[y];
        const int d = x_moves ? top[x] : top[y];
        if (d == empty_) continue;  // both pegs empty
        const int from = x_moves ? x : y;
        const int to = x_moves ? y : x;
        if (step_of(is_black(d), from) != to) continue;
        f(State{s.w ^ (static_cast<std::uint64_t>(x ^ y) << (2 * (d - 1)))},
          make_move(d, from, to));
      }
    }
  }

  // The top disc d of each non-empty peg `to` came from the one peg its colour
  // allows; the move was legal there iff d was on top of that peg, i.e. every disc
  // now on it is larger.  (What d rested on after the move is what lies below it
  // now, all larger.)
  template <class F>
  HANOI_ALWAYS_INLINE void for_each_predecessor(const State& s, F&& f) const {
    int top[kPegs];
    tops(s, top);
    for (int to = 0; to < kPegs; ++to) {
      const int d = top[to];
      if (d == empty_) continue;
      const int from = step_of(!is_black(d), to);  // one step against d's direction
      if (top[from] < d) continue;
      f(State{s.w ^ (static_cast<std::uint64_t>(from ^ to) << (2 * (d - 1)))},
        make_move(d, from, to));
    }
  }

  // The rules, plainly, on explicit stacks (the rule checker's and the oracle's
  // ground truth; shares nothing with the loops above).
  MoveCheck<State> check_move(const State& s, int from, int to) const;
  // Bottom-to-top stacks, largest disc first.
  std::vector<std::vector<int>> explicit_stacks(const State& s) const;
  // "0: 3B 1W | 1: 2W | 2:" (bottom to top, W/B the colour).
  std::string describe(const State& s) const;

 private:
  static Move make_move(int d, int from, int to) {
    return Move{static_cast<std::uint16_t>(d), static_cast<std::uint8_t>(from),
                static_cast<std::uint8_t>(to)};
  }
  // The smallest disc on each peg, empty_ (n + 1) for an empty peg, so that "the
  // smaller top moves" and "every disc on `from` is larger" are plain comparisons.
  HANOI_ALWAYS_INLINE void tops(const State& s, int* top) const {
    for (int p = 0; p < kPegs; ++p) {
      const int t = codec_.top_of<2>(s.w, p);
      top[p] = t == 0 ? empty_ : t;
    }
  }

  PegCodec codec_;
  Colouring black_;
  int target_;
  int empty_;
  State start_;
  std::uint64_t goal_;
};

// Seed 001's ColourTowers from the instance's start, emitting every move (disc ids
// are sizes 1..n).
void colour_towers(const Instance& in, MoveSink sink);

// ColourTowers' move count by the same recursion, without moves (see the overview).
class ColourTowersCounter {
 public:
  ColourTowersCounter(int n, Colouring c);

  int discs() const { return n_; }
  // T_k(from, to): ColourTowers' cost for a tower of discs 1..k (k <= n).
  std::uint64_t tower(int k, int from, int to) const;
  // The count from `start` (a rank) to `target`: O(n).
  std::uint64_t count(Rank start, int target) const;

  // f(start rank, count) for every start, in increasing rank, O(1) amortised per
  // start (a depth-first walk from the largest disc, which is the most significant
  // base-3 digit).  No allocation.
  template <class F>
  void for_each_start(int target, F&& f) const {
    if (n_ == 0) {
      f(Rank{0}, std::uint64_t{0});
      return;
    }
    walk(n_, target, 0, 0, f);
  }

 private:
  struct Step {
    std::uint64_t add = 0;  // moves charged at this disc
    int next = 0;           // the target of the smaller discs
  };
  // Index of (disc k, peg a, peg b) in steps_ and tower_, computed in size_t rather
  // than widened from an int expression (bugprone-misplaced-widening-cast).
  static std::size_t slot(int k, int a, int b) {
    return static_cast<std::size_t>(k) * 9 + static_cast<std::size_t>(a) * 3 +
           static_cast<std::size_t>(b);
  }
  const Step& step(int k, int p, int t) const { return steps_[slot(k, p, t)]; }
  template <class F>
  void walk(int k, int t, std::uint64_t acc, Rank base, F& f) const {
    const Rank w = pow3_[static_cast<std::size_t>(k - 1)];
    if (k == 1) {
      for (int p = 0; p < kPegs; ++p) f(base + static_cast<Rank>(p), acc + step(1, p, t).add);
      return;
    }
    for (int p = 0; p < kPegs; ++p) {
      const Step& s = step(k, p, t);
      walk(k - 1, s.next, acc + s.add, base + static_cast<Rank>(p) * w, f);
    }
  }

  int n_;
  std::vector<Step> steps_;           // [k][p][t], k = 1..n
  std::vector<std::uint64_t> tower_;  // [k][a][b], k = 0..n
  std::vector<Rank> pow3_;            // 3^k, k = 0..n
};

// ColourTowers' count for one instance (ColourTowersCounter, O(n)).
std::uint64_t colour_towers_count(const Instance& in);

ErSpace make_space(const Params& p);

// The registry entry (variants/visit.hpp).
struct ErFamily {
  using Space = ErSpace;
  static Family<Space> family();
};

}  // namespace hanoi::variants::er

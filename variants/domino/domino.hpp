// Domino Tower of Hanoi (seed 002, Lunnon, "The Tower of Hanoi and Variations", the
// two-colour colour-flipping variation after Rainbow; HanoiVar's Domino puzzles).
//
// Rules as implemented (VARIANTS.md, "Colour-flipping variants"): 3 pegs, discs
// 1..n (1 smallest), the classic rules (top disc only, never onto a smaller disc),
// and two colours A, B:
//   * a disc's colour flips every time it moves; the colour rule is checked with
//     the colour it has AFTER the move;
//   * a disc may rest only directly on a disc of its own colour, or on a base of its
//     own colour; an uncoloured base accepts either colour;
//   * start: all n discs colour A on peg 0.
// Hence every peg's stack is one colour, and on a coloured base it is the base's
// colour.  Moving a disc back flips it back onto the stack (or base) it left, so
// every move can be undone: kReversible = true (checked by a test over every legal
// state for small n).
//
// Problem codes PQR (one letter per peg, pegs 0, 1, 2 = from, via, to); letters are
// relative to the colour of the stack at the start of the (sub)problem, which is
// called A:
//   A  the base has the stack's start colour;
//   B  the base has the other colour;
//   D  uncoloured base;
//   E  uncoloured base, and it is the DESTINATION: the stack must finish there with
//      its colour flipped (all B);
//   F  uncoloured base, the destination, the stack finishing unchanged (all A).
// With no E or F the destination is peg 2 and its (necessarily coloured) base fixes
// the final colour: ..A finishes all A, ..B all B.  So EDD is "back on peg 0,
// flipped": the stack must leave peg 0 and return.  The source letter is never B
// (the start stack would not be legal on it).  Offered: the three top-level problems
// DDE (default), DDF, EDD; the seed's 17 sub-problems ADE ADF ADB ABE ABF AAB ABB
// ABA ADA DBB AAE DDA DDB DAB DBA DBE DAE; and DBF, DAF, which the seed calls
// "viable problems ... unused by our solution".
//
// Encoding: the peg of every disc (PegCodec, 2 bits per disc, bits 0..2n-1) and one
// colour bit per peg (bits 60, 61, 62: 0 = A, 1 = B, absolute, i.e. relative to
// the start), in one 64-bit word, so n <= 30.  An empty peg's colour bit is 0, so
// every configuration has exactly one word.  rank = pegcodec_rank * 8 + colour bits,
// num_ranks = 8 * 3^n (64-bit state; log2(8 * 3^n) = 3 + 1.585 n bits of rank).
// Holes: the colour bit of an empty peg, and of a non-empty peg on a coloured base,
// is fixed.  The legal states number the sum over the sets S of non-empty pegs of
// surj(n, |S|) * 2^(uncoloured pegs in S) -- `legal_states()`: 99.7% of the ranks
// at the top level (all bases uncoloured), 1/8 of them for ABA.
//
// Algorithms (procedures.hpp has the full table and the derivation):
//   recursive        seed 002's recursion: its 10 functions, and the identities
//                    (DDB = ADE, DAB = ABE, ...) realised as procedures of their own,
//                    20 mutually recursive methods, plus DBF and DAF derived here the
//                    same way; every problem code has its own procedure.
//   ade-alternative  the same, but ADE(n) = ADF(n-1) + 1 + DAB(n-1) (the seed's
//                    unproven "alternative" break-down) instead of ADE(n-1) + 1 +
//                    DBA(n-1), and mirror-wise DDB(n) = ABE(n-1) + 1 + DDA(n-1); offered
//                    only for the problems whose recursion reaches ADE or DDB.
//
// Closed form: seed 002's recursions, evaluated from all zeros at n = 0:
//   DDE(n) = ADE(n-1) + 1 + DDA(n-1)
//   DDF(n) = ADE(n-1) + 1 + DAE(n-1) + 1 + DDA(n-1)
//   EDD(n) = ADE(n-1) + 1 + DAE(n-1) + 1 + DAE(n-1) + 1 + DDA(n-1)
//   ADE(n) = ADE(n-1) + 1 + DBA(n-1),                 DDB(n) = ADE(n)
//   ADF(n) = ADE(n-1) + 1 + DAB(n-1) + 1 + ADA(n-1),  DDA(n) = ADF(n)
//   DBE(n) = ABE(n), DAE(n) = DBE(n)
//   ADB(n) = ABE(n-1) + 1 + DBA(n-1)
//   ABE(n) = ADB(n-1) + 1 + ABA(n-1),                 DAB(n) = ABE(n)
//   ABF(n) = ABE(n-1) + 1 + DAB(n-1) + 1 + ABA(n-1),  DBA(n) = ABF(n)
//   ADA(n) = ABA(n);  DBB(n) = ABB(n), AAE(n) = DBB(n)
//   ABB(n) = ABB(n-1) + 1 + ABA(n-1),                 AAB(n) = ABB(n)
//   ABA(n) = 3 ABA(n-1) + 2                           (= 3^n - 1)
// and, NOT in the seed (derived here, and confirmed by the search):
//   DBF(n) = ABE(n-1) + 1 + DAE(n-1) + 1 + DBA(n-1)
//   DAF(n) = ADA(n-1) + 1 + ABE(n-1) + 1 + DBF(n-1) + 1 + DAB(n-1) + 1 + ADA(n-1)
// (DAF: the via base A refuses the largest disc on its first visit, so it moves
// four times, x -> z -> y -> x -> z; the seed calls DAF "remarkable for its time").
//
// Against the search: the recursion is optimal for all 22 codes (tests n <= 10,
// batch n <= 12, top level checked to n = 16); the seed's matrix and order-6
// recurrence agree with it (its printed s(1) has 13 entries for 11 components, a
// misprint: s(1) is derived from the recursions at n = 1); ADE's alternative ties
// up to n = 3 (n = 4 for the problems calling ADE) and loses afterwards.  The three
// top-level problems share one state graph whose farthest state from the start is
// EDD's goal.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core.hpp"
#include "engine/peg_codec.hpp"
#include "variants/family.hpp"

namespace hanoi::variants::domino {

// Absolute colours (relative to the start stack) and the uncoloured base.
inline constexpr int kColourA = 0;
inline constexpr int kColourB = 1;
inline constexpr int kUncoloured = -1;

// A problem code read into pegs: base colour of each peg, destination, final colour.
struct Problem {
  std::array<int, 3> base{kUncoloured, kUncoloured, kUncoloured};
  int destination = 2;
  int final_colour = kColourB;
};

// Reads a code (three letters from A, B, D, E, F, at most one E or F; without E or
// F peg 2 must be coloured; the source is never B).  Throws std::invalid_argument.
Problem parse_problem(std::string_view code);

// The 22 offered codes: DDE (default), DDF, EDD, the seed's 17 sub-problems, DBF, DAF.
const std::vector<std::string>& problem_codes();

struct DominoState {
  std::uint64_t w = 0;  // pegs of discs in bits 0..2n-1, colour of peg p in bit 60+p
  friend bool operator==(const DominoState&, const DominoState&) = default;
};

class DominoSpace {
 public:
  using State = DominoState;
  static constexpr bool kReversible = true;
  // Levels of tens of states (results/level_shape.md): the search plans one bitmap
  // (ThinSpace, engine/bfs.hpp).
  static constexpr bool kThinLevels = true;
  static constexpr int kMaxDiscs = 30;
  static constexpr int kColourShift = 60;

  DominoSpace(int discs, const Problem& problem);

  int pegs() const { return 3; }
  int discs() const { return codec_.discs(); }
  const Problem& problem() const { return problem_; }
  const PegCodec& codec() const { return codec_; }
  Rank num_ranks() const { return codec_.size() * 8; }
  Rank rank(const State& s) const {
    return codec_.rank(s.w & peg_mask_) * 8 + (s.w >> kColourShift);
  }
  State unrank(Rank r) const { return State{codec_.unrank(r >> 3) | ((r & 7) << kColourShift)}; }
  State start() const { return State{codec_.all_on(0)}; }
  bool is_goal(const State& s) const { return s.w == goal_; }
  State goal() const { return State{goal_}; }  // the one goal state

  // The colour of peg p's stack (0 for an empty peg), and the peg of disc d.
  static int colour_of(const State& s, int p) {
    return static_cast<int>((s.w >> (kColourShift + p)) & 1);
  }
  int peg_of(const State& s, int d) const { return codec_.peg(s.w & peg_mask_, d); }

  // Is this word a legal configuration: every peg's colour bit is 0 when the peg is
  // empty and the base's colour when the base is coloured?  Plain, for the tests.
  bool is_legal(const State& s) const;
  // The number of legal states (a formula, see the header comment).
  std::uint64_t legal_states() const;

  // The fast successor loop: the tops, disc counts and colours of the three pegs
  // from bit operations on the packed word; the smaller top of each pair moves.
  template <class F>
  HANOI_ALWAYS_INLINE void for_each_successor(const State& s, F&& f) const {
    const std::uint64_t pw = s.w & peg_mask_;
    const unsigned colours = static_cast<unsigned>(s.w >> kColourShift);
    const std::uint64_t low = codec_.low_ones();
    const int empty = codec_.discs() + 1;
    int top[3];
    unsigned accept[3];  // bit c set: a disc arriving with colour c may rest here
    bool single[3];      // the peg holds exactly one disc
    for (int p = 0; p < 3; ++p) {
      const std::uint64_t x = pw ^ (low * static_cast<std::uint64_t>(p));
      const std::uint64_t on = ~(x | (x >> 1)) & low;  // low bit of each field on p
      top[p] = on ? std::countr_zero(on) / 2 + 1 : empty;
      accept[p] = on ? 1u << ((colours >> p) & 1u) : base_accept_[p];
      single[p] = on != 0 && (on & (on - 1)) == 0;
    }
    constexpr int kPairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    for (const auto& pair : kPairs) {
      const int x = pair[0], y = pair[1];
      const bool x_moves = top[x] < top[y];
      const int d = x_moves ? top[x] : top[y];
      if (d == empty) continue;  // both pegs empty
      const int from = x_moves ? x : y;
      const int to = x_moves ? y : x;
      const unsigned arriving = ((colours >> from) & 1u) ^ 1u;
      if (((accept[to] >> arriving) & 1u) == 0) continue;
      unsigned next_colours = (colours & ~(1u << to)) | (arriving << to);
      if (single[from]) next_colours &= ~(1u << from);  // canonical: empty peg is 0
      const std::uint64_t delta = static_cast<std::uint64_t>(x ^ y) << (2 * (d - 1));
      f(State{(pw ^ delta) | (static_cast<std::uint64_t>(next_colours) << kColourShift)},
        Move{static_cast<std::uint16_t>(d), static_cast<std::uint8_t>(from),
             static_cast<std::uint8_t>(to)});
    }
  }

  // The rules written plainly on explicit stacks (rule checker and test oracle).
  MoveCheck<State> check_move(const State& s, int from, int to) const;
  // Bottom-to-top stacks, largest disc first.
  std::vector<std::vector<int>> explicit_stacks(const State& s) const;
  std::string describe(const State& s) const;

 private:
  PegCodec codec_;
  Problem problem_;
  std::uint64_t peg_mask_ = 0;
  std::uint64_t goal_ = 0;
  std::array<unsigned, 3> base_accept_{3, 3, 3};
};

using Space = DominoSpace;

Space make_space(const Params& p);
// The registry entry (variants/visit.hpp).
struct DominoFamily {
  using Space = domino::Space;
  static Family<Space> family();
};

// The seed's recursions (and the two derived ones for DBF, DAF) for `code`, or
// nullopt for an unknown code or n outside 0..30.
std::optional<std::uint64_t> seed_recursion(std::string_view code, int n);
// Whether `seed_recursion` for this code is from the seed (false for DBF, DAF).
bool recursion_in_seed(std::string_view code);

// The code of the reversed problem: its solutions are the moves of a solution of
// `code`, reversed and in reverse order, the stack starting on the old destination
// (with the old final colour, called A anew) and ending on the old source.  For a
// code with its destination on peg 2 the reversed problem runs from peg 2 to peg 0
// (EDD reverses to EDD).
std::string reverse_code(std::string_view code);

}  // namespace hanoi::variants::domino

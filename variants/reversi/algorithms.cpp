#include "variants/reversi/algorithms.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "variants/common/tower.hpp"
#include "variants/reversi/reversi.hpp"

namespace hanoi::variants::reversi {

// ---------------------------------------------------------------------------
// Bottom-level recursions.  Disc numbers: the k-stack is discs 1..k (the smallest
// discs of the whole stack), so disc k is its largest.

void emit_baba(int k, int from, int via_a, int via_b, int to, MoveSink sink) {
  if (k <= 0) return;
  if (k == 1) {
    emit_move(sink, 1, from, to);  // B base -> A base: the single flip fits
    return;
  }
  // The top k-2 go onto via_a (a BABA with via_b as its B via and `to` as its A
  // via), disc k-1 parks on via_b and disc k crosses once.  Disc k-1 cannot then
  // land on disc k directly (it would match its colour), so it goes via_b -> via_a
  // -> to while the top k-2 wait on `from`.
  emit_baba(k - 2, from, to, via_b, via_a, sink);
  emit_move(sink, k - 1, from, via_b);
  emit_move(sink, k, from, to);
  emit_baba(k - 2, via_a, to, via_b, from, sink);
  emit_move(sink, k - 1, via_b, via_a);
  emit_move(sink, k - 1, via_a, to);
  emit_baba(k - 2, from, via_a, via_b, to, sink);
}

void emit_babb(int k, int from, int via_a, int via_b, int to, MoveSink sink) {
  if (k <= 0) return;
  // Disc k must flip twice, and only via_a (base A) takes it: from -> via_a -> to.
  // The top k-1 wait on via_b: a BABA there and a BABA back.
  emit_baba(k - 1, from, to, via_a, via_b, sink);
  emit_move(sink, k, from, via_a);
  emit_move(sink, k, via_a, to);
  emit_baba(k - 1, via_b, via_a, from, to, sink);
}

void emit_baab(int k, int from, int via_1, int via_2, int to, MoveSink sink) {
  if (k <= 0) return;
  // Disc k goes from -> via_1 -> to; the top k-1 wait on via_2 (two BABBs).
  emit_babb(k - 1, from, to, via_1, via_2, sink);
  emit_move(sink, k, from, via_1);
  emit_move(sink, k, via_1, to);
  emit_babb(k - 1, via_2, from, via_1, to, sink);
}

// ---------------------------------------------------------------------------
// Reversi_P.

void emit_periodic(int n, MoveSink sink) {
  constexpr int W = 0, X = 1, Y = 2, Z = 3;
  // Seed 002's tables, indexed by t mod 4 (n even) and t mod 8 (n odd).
  static constexpr std::array<std::array<int, 2>, 4> kEven = {{{Y, W}, {W, X}, {X, Z}, {Z, Y}}};
  static constexpr std::array<std::array<int, 2>, 8> kOdd = {
      {{W, X}, {X, Z}, {Y, W}, {W, X}, {Z, Y}, {Y, W}, {X, Z}, {Z, Y}}};
  Tower tower(kPegs, n, W);
  // A correct run takes BABB(n) < 4 * 3^(n/2) moves; stop a broken reading long before
  // the rule checker's cap.
  const std::uint64_t cap = std::uint64_t{16} << (2 * n);
  for (std::uint64_t t = 0; tower.height(Z) < static_cast<std::size_t>(n); ++t) {
    if (t > cap) throw std::logic_error("Reversi_P did not finish");
    const auto& pair = n % 2 == 0 ? kEven[t % 4] : kOdd[t % 8];
    const int tp = tower.top(pair[0]), tq = tower.top(pair[1]);
    if (tp == 0 && tq == 0)
      throw std::logic_error("Reversi_P names two empty pegs at t = " + std::to_string(t));
    // The smaller top disc moves onto the other peg (the only move the size rule allows).
    if (tp != 0 && (tq == 0 || tp < tq)) {
      tower.move(pair[0], pair[1], sink);
    } else {
      tower.move(pair[1], pair[0], sink);
    }
  }
}

// ---------------------------------------------------------------------------
// Reversi_G.

namespace {

constexpr int kSpare = 2;  // W, the fourth peg of Reversi_G and Reversi_H

void reversi_g(int k, int from, int via, int to, MoveSink sink) {
  if (k == 0) return;
  reversi_g(k - 1, from, to, via, sink);
  emit_move(sink, k, from, kSpare);
  emit_move(sink, k, kSpare, to);
  reversi_g(k - 1, via, from, to, sink);
}

// ---------------------------------------------------------------------------
// Reversi_H: the fewest detours through W over the classic move sequence.
//
// A sub-problem moves the k-stack (discs 1..k) from peg X to peg Z over Y, the
// three pegs' "under" colours fixed meanwhile (the colour of the larger disc on top
// of each, or kUncoloured for an empty peg; all bases are uncoloured at the top
// level).  A k-stack that sits on one peg alternates, so its discs share one flip
// parity s (0 = colours as at the start); e is the parity it must end with.  Disc k
// moves once, X -> Z, directly (one flip) when s != e and through the empty W (two
// flips) when s == e; either way it needs start_colour(k) ^ e != under(Z).  The
// (k-1)-stack goes X -> Y with a free end parity s2 and then Y -> Z ending with e
// (forced anyway: it lands on disc k).
class DetourTable {
 public:
  static constexpr std::uint64_t kNever = UINT64_MAX / 4;

  explicit DetourTable(int n) : n_(n), memo_(static_cast<std::size_t>(n + 1) * kPerLevel, kUnset) {}

  // The fewest detours for the k-stack with these under colours and parities.
  std::uint64_t detours(int k, int u_from, int u_via, int u_to, int s, int e) {
    if (k == 0) return 0;
    std::uint64_t& slot = memo_[index(k, u_from, u_via, u_to, s, e)];
    if (slot != kUnset) return slot;
    std::uint64_t best = kNever;
    for (int s2 = 0; s2 < 2; ++s2)
      best = std::min(best, split_cost(k, u_from, u_via, u_to, s, e, s2));
    slot = best;
    return best;
  }

  // The detours when the (k-1)-stack waits on the via peg with parity s2.
  std::uint64_t split_cost(int k, int u_from, int u_via, int u_to, int s, int e, int s2) {
    const int c_start = start_colour(n_, k) ^ s, c_end = start_colour(n_, k) ^ e;
    if (c_end == u_to) return kNever;
    const std::uint64_t a = detours(k - 1, c_start, u_to, u_via, s, s2);
    const std::uint64_t b = detours(k - 1, u_via, u_from, c_end, s2, e);
    if (a >= kNever || b >= kNever) return kNever;
    return a + b + (s == e ? 1 : 0);
  }

  void emit(int k, int x, int y, int z, int u_from, int u_via, int u_to, int s, int e,
            MoveSink sink) {
    if (k == 0) return;
    const std::uint64_t best = detours(k, u_from, u_via, u_to, s, e);
    if (best >= kNever) throw std::logic_error("Reversi_H: no detour plan for this sub-problem");
    int s2 = 0;
    while (split_cost(k, u_from, u_via, u_to, s, e, s2) != best) ++s2;  // first minimiser
    const int c_start = start_colour(n_, k) ^ s, c_end = start_colour(n_, k) ^ e;
    emit(k - 1, x, z, y, c_start, u_to, u_via, s, s2, sink);
    if (s != e) {
      emit_move(sink, k, x, z);
    } else {
      emit_move(sink, k, x, kSpare);
      emit_move(sink, k, kSpare, z);
    }
    emit(k - 1, y, x, z, u_via, u_from, c_end, s2, e, sink);
  }

 private:
  static constexpr std::uint64_t kUnset = UINT64_MAX;
  static constexpr std::size_t kPerLevel = std::size_t{3} * 3 * 3 * 2 * 2;
  static std::size_t index(int k, int a, int b, int c, int s, int e) {
    return static_cast<std::size_t>(k) * kPerLevel +
           static_cast<std::size_t>((((a * 3 + b) * 3 + c) * 2 + s) * 2 + e);
  }
  int n_;
  std::vector<std::uint64_t> memo_;
};

}  // namespace

void emit_reversi_g(int n, MoveSink sink) {
  reversi_g(n, 0, 1, 3, sink);
}

void emit_reversi_h(int n, bool flipped, MoveSink sink) {
  DetourTable table(n);
  table.emit(n, 0, 1, 3, kUncoloured, kUncoloured, kUncoloured, 0, flipped ? 1 : 0, sink);
}

std::uint64_t reversi_h_detour_moves(int n, bool flipped) {
  DetourTable table(n);
  const std::uint64_t d =
      table.detours(n, kUncoloured, kUncoloured, kUncoloured, 0, flipped ? 1 : 0);
  return ((std::uint64_t{1} << n) - 1) + d;
}

}  // namespace hanoi::variants::reversi

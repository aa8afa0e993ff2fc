#include "variants/classic/classic.hpp"

#include <bit>
#include <cassert>
#include <stdexcept>
#include <string>

#include "variants/common/tower.hpp"

namespace hanoi::variants::classic {
namespace {

constexpr int X = 0, Y = 1, Z = 2;

void recursive(int k, int from, int via, int to, MoveSink sink) {
  if (k == 0) return;
  recursive(k - 1, from, to, via, sink);
  emit_move(sink, k, from, to);
  recursive(k - 1, via, from, to, sink);
}

// Moves the smaller top disc between pegs a and b (onto the other).
void move_between(Tower& t, int a, int b, MoveSink sink) {
  const int ta = t.top(a), tb = t.top(b);
  if (ta != 0 && (tb == 0 || ta < tb)) {
    t.move(a, b, sink);
  } else {
    t.move(b, a, sink);
  }
}

// Seed 002: clock t, pegs chosen by t mod 3, different tables for n odd and even.
void iterative(int n, MoveSink sink) {
  static constexpr int kOdd[3][2] = {{X, Z}, {Y, X}, {Z, Y}};
  static constexpr int kEven[3][2] = {{X, Y}, {Z, X}, {Y, Z}};
  const auto& table = (n % 2 == 1) ? kOdd : kEven;
  Tower t(3, n, X);
  for (std::uint64_t clock = 0; t.height(Z) < static_cast<std::size_t>(n); ++clock) {
    const auto& pair = table[clock % 3];
    move_between(t, pair[0], pair[1], sink);
  }
}

// Seed 002's bichromatic rule.  Discs alternate colours (disc d has colour d mod 2);
// the bases are coloured too: the middle base like the largest disc, the outer bases
// the other colour.  Every move keeps colours alternating on every peg, and the
// next move never reverses the previous one; the seed says exactly one move fits.
void bichromatic(int n, MoveSink sink) {
  auto colour = [](int d) { return d % 2; };
  const int big = colour(n);
  const int base[3] = {1 - big, big, 1 - big};
  Tower t(3, n, X);
  auto fits = [&](int d, int to) {
    const int below = t.top(to);
    if (below == 0) return base[to] != colour(d);
    return below > d && colour(below) != colour(d);
  };
  int last_from = -1, last_to = -1;
  while (t.height(Z) < static_cast<std::size_t>(n)) {
    int choice_from = -1, choice_to = -1, choices = 0;
    for (int from = 0; from < 3; ++from) {
      const int d = t.top(from);
      if (d == 0) continue;
      for (int to = 0; to < 3; ++to) {
        if (to == from || (from == last_to && to == last_from)) continue;
        if (!fits(d, to)) continue;
        ++choices;
        choice_from = from;
        choice_to = to;
      }
    }
    if (choices != 1)
      throw std::logic_error("bichromatic rule found " + std::to_string(choices) +
                             " colour-consistent moves, expected exactly one");
    t.move(choice_from, choice_to, sink);
    last_from = choice_from;
    last_to = choice_to;
  }
}

// Seed 004: move m (1-based) goes from (m & m-1) % 3 to ((m | m-1) + 1) % 3; the
// stack then ends on peg 2 for odd n and on peg 1 for even n, so for even n the
// labels of pegs 1 and 2 are exchanged.  The disc is the number of trailing zeros
// of m, plus one.
void bitwise(int n, MoveSink sink) {
  const int relabel[3] = {0, n % 2 == 1 ? 1 : 2, n % 2 == 1 ? 2 : 1};
  const std::uint64_t total = (std::uint64_t{1} << n) - 1;
  for (std::uint64_t m = 1; m <= total; ++m) {
    const int from = static_cast<int>((m & (m - 1)) % 3);
    const int to = static_cast<int>(((m | (m - 1)) + 1) % 3);
    emit_move(sink, std::countr_zero(m) + 1, relabel[from], relabel[to]);
  }
}

// Seed 003 Plan A, transcribed: only disc 1's peg is tracked.  On odd moves disc 1
// steps by D1incr (1 for even n, 2 for odd n); on even moves the disc D is the
// number of times 2 divides the move number, plus one, and its parity against n
// picks which of the two other pegs is the source.
void plan_a(int n, MoveSink sink) {
  int d1p = 0;
  const int d1incr = n % 2 + 1;
  const std::uint64_t max_move = (std::uint64_t{1} << n) - 1;
  for (std::uint64_t mv = 1; mv <= max_move; ++mv) {
    if (mv % 2 == 1) {
      const int to = (d1p + d1incr) % 3;
      emit_move(sink, 1, d1p, to);
      d1p = to;
    } else {
      const int pg[2] = {(d1p + 1) % 3, (d1p + 2) % 3};
      const int d = std::countr_zero(mv) + 1;
      const int side = 1 - ((n + d) % 2);
      emit_move(sink, d, pg[side], pg[1 - side]);
    }
  }
}

// Seed 003 Plan B: a bit array per peg, disc d at bit n-d (smallest disc highest),
// so comparing two pegs' words as integers tells which holds the smaller top disc.
// The seed's listing writes "ToPeg = PG(1-FromPeg)", which indexes by a peg number;
// we take the evident intent, "the other of the two pegs".
void plan_b(int n, MoveSink sink) {
  std::uint64_t peg_bits[3] = {0, 0, 0};
  for (int d = 1; d <= n; ++d) peg_bits[0] |= std::uint64_t{1} << (n - d);
  int d1p = 0;
  const int d1incr = n % 2 + 1;
  auto transfer = [&](int from, int to) {
    // An empty `from` would give bit = -1 and a shift by a negative count (UB, found
    // by clang-analyzer); the plan never moves from an empty peg.
    assert(peg_bits[from] != 0);
    // The highest set bit is the top disc.
    const int bit = static_cast<int>(std::bit_width(peg_bits[from])) - 1;
    const int disc = n - bit;
    peg_bits[from] &= ~(std::uint64_t{1} << bit);
    peg_bits[to] |= std::uint64_t{1} << bit;
    emit_move(sink, disc, from, to);
  };
  const std::uint64_t max_move = (std::uint64_t{1} << n) - 1;
  for (std::uint64_t mv = 1; mv <= max_move; ++mv) {
    if (mv % 2 == 1) {
      const int to = (d1p + d1incr) % 3;
      transfer(d1p, to);
      d1p = to;
    } else {
      const int pg[2] = {(d1p + 1) % 3, (d1p + 2) % 3};
      const bool first_smaller = peg_bits[pg[0]] > peg_bits[pg[1]];
      const int from = first_smaller ? pg[0] : pg[1];
      transfer(from, first_smaller ? pg[1] : pg[0]);
    }
  }
}

}  // namespace

Space make_space(const Params& p) {
  return Space(3, p.n, 0, 2, FreeMoves{});
}

Family<ClassicFamily::Space> ClassicFamily::family() {
  return Family<Space>{
      .info = {
          .name = "classic",
          .summary = "3 pegs, transfer the stack from peg 0 to peg 2; optimum 2^n - 1, unique",
          .default_pegs = 3,
          .min_pegs = 3,
          .max_pegs = 3,
          .max_n = [](int) { return 32; },
          .problems = {{"transfer", "0 -> 2"}},
          .algorithms =
              {
                  {"recursive", "largest-disc recursion (seed 002)", nullptr,
                   [](const Params& p, MoveSink s) { recursive(p.n, X, Y, Z, s); }},
                  {"iterative", "period-3 clock over peg pairs (seed 002)", nullptr,
                   [](const Params& p, MoveSink s) { iterative(p.n, s); }},
                  {"bichromatic", "alternating colours, never undo the last move (seed 002)",
                   nullptr, [](const Params& p, MoveSink s) { bichromatic(p.n, s); }},
                  {"bitwise", "per-move formula (m & m-1) % 3 -> ((m | m-1) + 1) % 3 (seed 004)",
                   nullptr, [](const Params& p, MoveSink s) { bitwise(p.n, s); }},
                  {"plan-a", "Plan A: disc parity picks the pegs (seed 003)", nullptr,
                   [](const Params& p, MoveSink s) { plan_a(p.n, s); }},
                  {"plan-b", "Plan B: per-peg bit arrays (seed 003)", nullptr,
                   [](const Params& p, MoveSink s) { plan_b(p.n, s); }},
              },
          .closed_form = [](const Params& p) -> std::optional<std::uint64_t> {
            return (std::uint64_t{1} << p.n) - 1;
          },
          .formula_name = [](const Params&) { return std::string("2^n - 1"); },
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::classic

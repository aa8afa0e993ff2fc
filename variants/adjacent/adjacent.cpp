#include "variants/adjacent/adjacent.hpp"

#include <bit>
#include <cstdint>
#include <string>

#include "variants/common/tower.hpp"

namespace hanoi::variants::adjacent {

// Seed 004's long-move-tower h f t r: h-1 discs f -> t, disc h f -> r, h-1 discs
// t -> f, disc h r -> t, h-1 discs f -> t.  With f, t the end pegs and r the middle,
// every move is between neighbours.
void long_move_tower(int k, int smallest, int f, int t, int r, MoveSink sink) {
  if (k == 0) return;
  long_move_tower(k - 1, smallest, f, t, r, sink);
  emit_move(sink, smallest + k - 1, f, r);
  long_move_tower(k - 1, smallest, t, f, r, sink);
  emit_move(sink, smallest + k - 1, r, t);
  long_move_tower(k - 1, smallest, f, t, r, sink);
}

namespace {

// The Gray-code walk: move t (1-based) changes digit k = v3(t) of the code, i.e.
// moves disc k+1 from its peg in code t-1 to its peg in code t.
void gray_code(int n, MoveSink sink) {
  std::uint64_t total = 1;
  for (int i = 0; i < n; ++i) total *= 3;
  --total;  // 3^n - 1 moves
  for (std::uint64_t t = 1; t <= total; ++t) {
    int k = 0;
    for (std::uint64_t q = t; q % 3 == 0; q /= 3) ++k;
    emit_move(sink, k + 1, gray_digit(t - 1, k), gray_digit(t, k));
  }
}

}  // namespace

int gray_digit(std::uint64_t t, int i) {
  // Seed 004: digit i is r = (t / 3^i) mod 6, read as r when r < 3, else 5 - r
  // (the lower digits run backwards while the number above them is odd).
  for (int j = 0; j < i; ++j) t /= 3;
  const int r = static_cast<int>(t % 6);
  return r < 3 ? r : 5 - r;
}

Space make_space(const Params& p) {
  return Space(p.pegs, p.n, 0, p.pegs - 1, NeighbourMoves{});
}

Family<AdjacentFamily::Space> AdjacentFamily::family() {
  const auto three_pegs = [](const Params& p) { return p.pegs == 3; };
  return Family<Space>{
      .info = {
          .name = "adjacent",
          .summary = "m pegs in a row, moves only between neighbours; 0 -> m-1; m = 3: "
                     "3^n - 1 through every configuration (seeds 002, 004); m >= 4: no "
                     "formula known",
          .default_pegs = 3,
          .min_pegs = 3,
          .max_pegs = 6,
          .max_n = PegCodec::max_discs,
          .problems = {{"transfer", "0 -> m-1"}},
          .algorithms =
              {
                  {"recursive",
                   "long-move-tower: n-1 there, n, n-1 back, n, n-1 there (seeds 002, 004)",
                   three_pegs,
                   [](const Params& p, MoveSink s) { long_move_tower(p.n, 1, 0, 2, 1, s); }},
                  {"gray-code", "reflected ternary Gray code, disc = v3(t) + 1 (seed 004)",
                   three_pegs, [](const Params& p, MoveSink s) { gray_code(p.n, s); }},
              },
          .closed_form = [](const Params& p) -> std::optional<std::uint64_t> {
            if (p.pegs != 3) return std::nullopt;
            std::uint64_t x = 1;
            for (int i = 0; i < p.n; ++i) x *= 3;
            return x - 1;
          },
          .formula_name =
              [](const Params& p) {
                return p.pegs == 3 ? std::string("3^n - 1")
                                   : std::string("none known (only computed values)");
              },
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::adjacent

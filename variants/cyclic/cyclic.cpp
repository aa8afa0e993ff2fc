#include "variants/cyclic/cyclic.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "variants/common/tower.hpp"

namespace hanoi::variants::cyclic {
namespace {

int clockwise(int peg) {
  return (peg + 1) % 3;
}

}  // namespace

// Seed 002, transfer_right n discs from X via Y to Z (Z is one clockwise step from X):
// (1) transfer_left n-1 from X via Z to Y; (2) largest X -> Z;
// (3) transfer_left n-1 from Y via X to Z.
void transfer_right(int k, int x, int y, int z, MoveSink sink) {
  if (k == 0) return;
  transfer_left(k - 1, x, z, y, sink);
  emit_move(sink, k, x, z);
  transfer_left(k - 1, y, x, z, sink);
}

// Seed 002, transfer_left n discs from X via Y to Z (Y one step, Z two steps from X):
// (1) transfer_left n-1 from X via Y to Z; (2) largest X -> Y;
// (3) transfer_right n-1 from Z via Y to X; (4) largest Y -> Z;
// (5) transfer_left n-1 from X via Y to Z.
void transfer_left(int k, int x, int y, int z, MoveSink sink) {
  if (k == 0) return;
  transfer_left(k - 1, x, y, z, sink);
  emit_move(sink, k, x, y);
  transfer_right(k - 1, z, y, x, sink);
  emit_move(sink, k, y, z);
  transfer_left(k - 1, x, y, z, sink);
}

namespace {

// Parameters arrive normalised (the problem filled in), so an empty or unknown code
// is a caller's error, never a silent default.
bool is_left(const Params& p) {
  if (p.problem == "left") return true;
  if (p.problem == "right") return false;
  throw std::invalid_argument("cyclic problems are left and right (got '" + p.problem + "')");
}

void transfer(const Params& p, MoveSink sink) {
  if (is_left(p)) {
    transfer_left(p.n, 0, 1, 2, sink);
  } else {
    transfer_right(p.n, 0, 2, 1, sink);
  }
}

// Seed 002's coloured algorithm, on the reading documented in cyclic.hpp.
void colour_flip(const Params& p, MoveSink sink) {
  const int n = p.n;
  const int goal = is_left(p) ? 2 : 1;
  // blue[d] for discs 1..n; blue[n+1] is the base: orange (left) or blue (right).
  std::vector<bool> blue(static_cast<std::size_t>(n) + 2, false);
  blue[static_cast<std::size_t>(n) + 1] = !is_left(p);
  std::vector<int> peg_of(static_cast<std::size_t>(n) + 1, 0);
  Tower t(3, n, 0);

  auto done = [&] { return t.height(goal) == static_cast<std::size_t>(n); };
  // Moves the top disc of `from` one step clockwise and flips it when disc d+1
  // (or the base, for d = n) is orange.
  auto step = [&](int from) {
    const int d = t.top(from);
    const auto du = static_cast<std::size_t>(d);
    t.move(from, clockwise(from), sink);
    peg_of[du] = clockwise(from);
    if (!blue[du + 1]) blue[du] = !blue[du];
    // Seed 002: "no two discs of consecutive size are both blue" throughout.  Only
    // the pairs holding d can have changed; the base counts as disc n + 1 here too.
    if (blue[du] && ((d > 1 && blue[du - 1]) || blue[du + 1]))
      throw std::logic_error("colour-flip: two discs of consecutive size are both blue");
  };

  while (!done()) {
    // Disc 1, once or twice, until it is orange.
    step(peg_of[1]);
    if (done()) break;
    if (blue[1]) {
      step(peg_of[1]);
      if (done()) break;
      if (blue[1])
        throw std::logic_error("colour-flip: the smallest disc is still blue after two moves");
    }
    // The one legal clockwise move of a larger disc.
    int choice = -1, choices = 0;
    for (int from = 0; from < 3; ++from) {
      const int d = t.top(from);
      if (d == 0 || d == 1) continue;
      const int below = t.top(clockwise(from));
      if (below != 0 && below < d) continue;
      ++choices;
      choice = from;
    }
    if (choices != 1)
      throw std::logic_error("colour-flip: found " + std::to_string(choices) +
                             " legal moves of a larger disc, expected exactly one");
    step(choice);
  }
}

}  // namespace

std::uint64_t time_left(int n) {
  std::uint64_t a = 0, c = 0;  // A(0), C(0)
  for (int k = 1; k <= n; ++k) {
    const std::uint64_t a_next = 2 * a + c + 2;
    c = 2 * a + 1;
    a = a_next;
  }
  return a;
}

std::uint64_t time_right(int n) {
  return n == 0 ? 0 : 2 * time_left(n - 1) + 1;
}

Space make_space(const Params& p) {
  return Space(3, p.n, 0, is_left(p) ? 2 : 1, ClockwiseMoves{});
}

Family<CyclicFamily::Space> CyclicFamily::family() {
  return Family<Space>{
      .info = {
          .name = "cyclic",
          .summary = "3 pegs in a circle, every disc moves clockwise only (0 -> 1 -> 2 -> 0); "
                     "left 0 -> 2 takes A(n), right 0 -> 1 takes C(n) (seed 002)",
          .default_pegs = 3,
          .min_pegs = 3,
          .max_pegs = 3,
          .max_n = [](int) { return 32; },
          .problems = {{"left", "0 -> 2, two clockwise steps (\"leftwards\"), A(n)"},
                       {"right", "0 -> 1, one clockwise step (\"rightwards\"), C(n)"}},
          .algorithms =
              {
                  {"transfer", "mutual recursion transfer_left / transfer_right (seed 002)",
                   nullptr, transfer},
                  {"colour-flip",
                   "coloured algorithm: disc 1 until orange, then the one other legal move "
                   "(seed 002)",
                   nullptr, colour_flip},
              },
          .closed_form = [](const Params& p) -> std::optional<std::uint64_t> {
            return is_left(p) ? time_left(p.n) : time_right(p.n);
          },
          .formula_name =
              [](const Params& p) {
                return std::string(is_left(p) ? "A(n) = 2A(n-1) + C(n-1) + 2"
                                              : "C(n) = 2A(n-1) + 1, A(n) = 2A(n-1) + C(n-1) + 2");
              },
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::cyclic

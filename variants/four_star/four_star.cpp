#include "variants/four_star/four_star.hpp"

#include <stdexcept>
#include <string>

#include "variants/adjacent/adjacent.hpp"
#include "variants/common/tower.hpp"

namespace hanoi::variants::four_star {
namespace {

using Wide = unsigned __int128;

constexpr int kOuter = 0, kCentre = 1;  // index into the problem list

std::uint64_t pow3(int k) {
  std::uint64_t p = 1;
  for (int i = 0; i < k; ++i) p *= 3;
  return p;
}

// The 3-peg Adjacent algorithm on pegs a - S - b (S the star, in the middle):
// discs smallest .. smallest+k-1 from end a to end b, 3^k - 1 moves.
void end_to_end(int k, int smallest, int a, int b, MoveSink sink) {
  adjacent::long_move_tower(k, smallest, a, b, kStar, sink);
}

// Adjacent algorithm from the middle peg S to the end t, with v the other end:
// the top k-1 go S -> v, the largest goes S -> t, the k-1 go v -> t end to end.
// M(k) = M(k-1) + 1 + 3^(k-1) - 1 = (3^k - 1)/2.
void middle_to_end(int k, int smallest, int t, int v, MoveSink sink) {
  if (k == 0) return;
  middle_to_end(k - 1, smallest, v, t, sink);
  emit_move(sink, smallest + k - 1, kStar, t);
  end_to_end(k - 1, smallest, v, t, sink);
}

// Seed 002's Four_Star recursion: x -> z with y the other outer peg.
void outer(int n, int smallest, int x, int y, int z, MoveSink sink) {
  if (n == 0) return;
  const int k = seed_k(n);
  outer(n - k, smallest, x, z, y, sink);
  end_to_end(k, smallest + n - k, x, z, sink);
  outer(n - k, smallest, y, x, z, sink);
}

// Our derived centre recursion: the stack on the star goes to outer peg t.
void centre(int n, int smallest, int t, int u, int v, MoveSink sink) {
  if (n == 0) return;
  const int k = centre_k(n);
  centre(n - k, smallest, u, t, v, sink);          // top n-k: S -> u
  middle_to_end(k, smallest + n - k, t, v, sink);  // bottom k: S -> t over S, t, v
  outer(n - k, smallest, u, v, t, sink);           // top n-k: u -> t, outer to outer
}

// C(0..n) and the smallest minimising k(1..n) of the derived centre recursion.
struct CentreTable {
  std::vector<std::uint64_t> cost;
  std::vector<int> k;
};

CentreTable centre_table(int n) {
  if (n < 0 || n > 39) throw std::invalid_argument("centre recursion is tabulated for n <= 39");
  const std::vector<std::uint64_t> a = smooth_numbers(n);
  std::vector<Wide> f(static_cast<std::size_t>(n) + 1, 0);  // 2(a_1 + ... + a_j)
  for (int j = 1; j <= n; ++j) f[j] = f[j - 1] + 2 * static_cast<Wide>(a[j - 1]);
  std::vector<Wide> c(static_cast<std::size_t>(n) + 1, 0);
  CentreTable t{std::vector<std::uint64_t>(static_cast<std::size_t>(n) + 1, 0),
                std::vector<int>(static_cast<std::size_t>(n) + 1, 0)};
  for (int j = 1; j <= n; ++j) {
    Wide best = 0;
    int best_k = 0;
    for (int k = 1; k <= j; ++k) {
      const Wide v = c[j - k] + (static_cast<Wide>(pow3(k)) - 1) / 2 + f[j - k];
      if (best_k == 0 || v < best) {  // strict: keeps the smallest minimiser
        best = v;
        best_k = k;
      }
    }
    c[j] = best;
    t.cost[j] = static_cast<std::uint64_t>(best);
    t.k[j] = best_k;
  }
  return t;
}

}  // namespace

std::vector<std::uint64_t> smooth_numbers(int n) {
  // Merge the multiples by 2 and by 3 of the numbers found so far (Dijkstra's
  // Hamming-number method restricted to the primes 2 and 3).
  std::vector<std::uint64_t> a;
  if (n <= 0) return a;
  a.reserve(static_cast<std::size_t>(n));
  a.push_back(1);
  std::size_t i2 = 0, i3 = 0;
  while (a.size() < static_cast<std::size_t>(n)) {
    if (a[i3] > UINT64_MAX / 3) throw std::overflow_error("3-smooth number exceeds 64 bits");
    const std::uint64_t by2 = 2 * a[i2], by3 = 3 * a[i3];
    const std::uint64_t next = by2 < by3 ? by2 : by3;
    a.push_back(next);
    if (by2 == next) ++i2;
    if (by3 == next) ++i3;
  }
  return a;
}

int seed_k(int n) {
  if (n < 1) throw std::invalid_argument("seed_k needs n >= 1");
  const std::uint64_t an = smooth_numbers(n).back();
  // The k with 3^(k-1) <= a_n < 3^k: count the powers of 3 not above a_n.
  int k = 0;
  for (std::uint64_t p = 1; p <= an; p *= 3) {
    ++k;
    if (p > UINT64_MAX / 3) break;
  }
  if (k > n) throw std::logic_error("seed 002's k exceeds n for n=" + std::to_string(n));
  return k;
}

std::uint64_t outer_moves(int n) {
  std::uint64_t sum = 0;
  for (std::uint64_t x : smooth_numbers(n)) sum += x;
  return 2 * sum;
}

std::uint64_t centre_moves(int n) {
  return centre_table(n).cost[static_cast<std::size_t>(n)];
}

int centre_k(int n) {
  if (n < 1) throw std::invalid_argument("centre_k needs n >= 1");
  return centre_table(n).k[static_cast<std::size_t>(n)];
}

Space make_space(const Params& p) {
  const bool centre_problem = p.problem == "centre";
  return Space(4, p.n, centre_problem ? kStar : 0, centre_problem ? 0 : 2, StarMoves{});
}

Family<FourStarFamily::Space> FourStarFamily::family() {
  const auto is_problem = [](int which) {
    return [which](const Params& p) { return (p.problem == "centre" ? kCentre : kOuter) == which; };
  };
  return Family<Space>{
      .info = {
          .name = "four-star",
          .summary = "4 pegs, every move starts or ends on the star peg 3; outer 0 -> 2 "
                     "claims 2(a1+...+an), a_i the 3-smooth numbers (seed 002)",
          .default_pegs = 4,
          .min_pegs = 4,
          .max_pegs = 4,
          .max_n = [](int) { return 31; },
          .problems = {{"outer", "0 -> 2, outer peg to outer peg"},
                       {"centre", "3 -> 0, star to an outer peg"}},
          .algorithms =
              {
                  {"four-star", "Stockmeyer's recursion, k from the 3-smooth numbers (seed 002)",
                   is_problem(kOuter),
                   [](const Params& p, MoveSink s) { outer(p.n, 1, 0, 1, 2, s); }},
                  {"centre-frame",
                   "Frame-type recursion, k minimising C(n-k) + (3^k-1)/2 + 2(a1+..+a_{n-k}) "
                   "(derived here, not in the seeds)",
                   is_problem(kCentre),
                   [](const Params& p, MoveSink s) { centre(p.n, 1, 0, 1, 2, s); }},
              },
          .closed_form = [](const Params& p) -> std::optional<std::uint64_t> {
            return p.problem == "centre" ? centre_moves(p.n) : outer_moves(p.n);
          },
          .formula_name =
              [](const Params& p) {
                return p.problem == "centre"
                           ? std::string(
                                 "Frame-type recursion C(n) = min_k C(n-k) + (3^k-1)/2 + "
                                 "2(a1+..+a_{n-k}) (derived, not published)")
                           : std::string(
                                 "2(a1+...+an), a_i the 3-smooth numbers (seed 002, "
                                 "Stockmeyer)");
              },
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::four_star

#include "variants/reves/reves.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>
#include <vector>

#include "variants/common/rule_board.hpp"
#include "variants/common/tower.hpp"

namespace hanoi::variants::reves {
namespace {

using Wide = unsigned __int128;

// C(a, b), 0 outside 0 <= b <= a.  The arguments here are small (a < ~130); after
// step i the running value is C(a-b+i, i), so each division is exact.
Wide binomial(int a, int b) {
  if (a < 0 || b < 0 || b > a) return 0;
  if (b > a - b) b = a - b;
  Wide c = 1;
  for (int i = 1; i <= b; ++i) c = c * static_cast<Wide>(a - b + i) / static_cast<Wide>(i);
  return c;
}

// The seed's s: C(s+m-3, m-2) = n0 <= n < n1 = C(s+m-2, m-2).
int find_s(int m, int n) {
  int s = 0;
  while (binomial(s + m - 2, m - 2) <= static_cast<Wide>(n)) ++s;
  return s;
}

// TM(m, n, X, P, Z) of seed 002.  The stack being moved is the discs
// smallest .. smallest+n-1 (real disc numbers, 1 = smallest), all on `from`.
void tm(int m, int n, int smallest, int from, std::vector<int> others, int to, MoveSink sink) {
  if (n == 0) return;
  if (m == 2) {
    // Seed: "if m = 2 we should find n = 1, and the transfer just moves the disc".
    if (n != 1)
      throw std::logic_error("Frame-Stewart asked to move " + std::to_string(n) +
                             " discs with 2 pegs");
    emit_move(sink, smallest, from, to);
    return;
  }
  const int k = k_mn(m, n);
  // Any member of P will do (see the header); we take the first in list order.
  const int y = others.front();
  std::vector<int> without_y(others.begin() + 1, others.end());
  // The seed writes TM(m,n-k,X,P,Y) and TM(m,n-k,Y,P,Z); with "all m pins" the via
  // set of those transfers is P with Y swapped for Z (resp. for X).
  std::vector<int> via_z = without_y, via_x = without_y;
  via_z.push_back(to);
  via_x.push_back(from);
  tm(m, n - k, smallest, from, via_z, y, sink);
  tm(m - 1, k, smallest + (n - k), from, without_y, to, sink);
  tm(m, n - k, smallest, y, via_x, to, sink);
}

}  // namespace

int k_mn(int m, int n) {
  if (m < 3 || n < 1) throw std::invalid_argument("k(m,n) needs m >= 3, n >= 1");
  const int s = find_s(m, n);
  // Signed arithmetic: k1 - n1 + n can be negative.  The values are tiny (about n).
  const auto sb = [](int a, int b) { return static_cast<std::int64_t>(binomial(a, b)); };
  const std::int64_t n0 = sb(s + m - 3, m - 2), n1 = sb(s + m - 2, m - 2);
  const std::int64_t k0 = sb(s + m - 4, m - 3), k1 = sb(s + m - 3, m - 3);
  const std::int64_t lo = std::max(k0, k1 - n1 + n), hi = std::min(k1, k0 - n0 + n);
  if (lo > hi || lo < 1 || lo > n)
    throw std::logic_error("k(m,n) has no admissible value for m=" + std::to_string(m) +
                           " n=" + std::to_string(n));
  return static_cast<int>(lo);  // our choice: the smallest admissible k
}

std::optional<std::uint64_t> frame_stewart_moves(int m, int n) {
  if (m < 3 || n < 0) throw std::invalid_argument("Frame-Stewart count needs m >= 3, n >= 0");
  if (n == 0) return 0;
  const int s = find_s(m, n);
  if (s >= 120) return std::nullopt;  // 2^s would overflow the wide type
  const Wide n0 = binomial(s + m - 3, m - 2);
  Wide total = (static_cast<Wide>(n) - n0) << s;
  for (int i = 0; i < s; ++i) total += (Wide{1} << i) * binomial(i + m - 3, m - 3);
  if (total > static_cast<Wide>(UINT64_MAX)) return std::nullopt;
  return static_cast<std::uint64_t>(total);
}

int max_discs(int m) {
  return PegCodec::max_discs(m);
}

Space make_space(const Params& p) {
  return Space(p.pegs, p.n, 0, p.pegs - 1, FreeMoves{});
}

Family<RevesFamily::Space> RevesFamily::family() {
  return Family<Space>{
      .info = {
          .name = "reves",
          .summary = "m pegs (Reve's puzzle for m = 4), transfer peg 0 -> peg m-1; "
                     "Frame-Stewart (seed 002), proven optimal only for m = 4",
          .default_pegs = 4,
          .min_pegs = 4,
          .max_pegs = 8,
          .max_n = max_discs,
          .problems = {{"transfer", "0 -> m-1"}},
          .algorithms =
              {
                  {"frame-stewart",
                   "TM(m,n,X,P,Z) recursion with seed 002's k(m,n), smallest admissible k", nullptr,
                   [](const Params& p, MoveSink s) {
                     std::vector<int> others;
                     for (int q = 1; q + 1 < p.pegs; ++q) others.push_back(q);
                     tm(p.pegs, p.n, 1, 0, others, p.pegs - 1, s);
                   }},
              },
          .closed_form = [](const Params& p) { return frame_stewart_moves(p.pegs, p.n); },
          .formula_name =
              [](const Params&) {
                return std::string(
                    "Frame-Stewart (seed 002): (n - n0) 2^s + SUM_{i<s} 2^i C(i+m-3, m-3)");
              },
          // Seed 002's Many_Pin runs (m = 100, n = 1000; m = 6, n = 35) on explicit
          // stacks.  Pegs stay below 256 (a Move's peg is a byte).
          .beyond_encoder = {.max_pegs = 200,
                             .max_n = 10000,
                             .board = [](const Params& p) -> std::unique_ptr<PlainBoard> {
                               return std::make_unique<RuleBoard<FreeMoves>>(
                                   p.pegs, p.n, 0, p.pegs - 1, FreeMoves{});
                             }},
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::reves

#include "variants/checkers/frame.hpp"

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "variants/checkers/checkers.hpp"
#include "variants/common/tower.hpp"

namespace hanoi::variants::checkers {
namespace {

constexpr std::uint64_t kInf = UINT64_MAX / 4;  // three of them still fit 64 bits

// Colours relative to the tower being moved: A = its largest disc's, B = the other.
constexpr int kA = 0, kB = 1, kD = 2;

// The same peg colour seen from a tower whose largest disc has the other colour.
int flip(int r) {
  return r == kD ? kD : 1 - r;
}

int code3(int x, int y, int z) {
  return x + 3 * y + 9 * z;
}
int code4(int x, int p1, int p2, int z) {
  return x + 3 * p1 + 9 * p2 + 27 * z;
}

// One step of a three-peg macro path: the c-1 tower moves from peg `from` to `to`
// (roles 0, 1, 2), or disc h does; `h_at` is where disc h is before the step.
struct Macro {
  bool tower = false;
  int h_at = 0, from = 0, to = 0;
};

// The relative colours the c-1 tower sees on roles 0..2 when disc h is on role h_at:
// disc h itself is a base of colour B for it, the other pegs' colours flip (its
// largest disc has the other colour).
std::array<int, 3> tower_colours(const std::array<int, 3>& r, int h_at) {
  std::array<int, 3> s{};
  for (int q = 0; q < 3; ++q)
    s[static_cast<std::size_t>(q)] = q == h_at ? kB : flip(r[static_cast<std::size_t>(q)]);
  return s;
}

// F3: the shortest path over the macro states (peg of disc h, peg of the c-1 tower)
// from (0, 0) to (2, 2), given F3(c-1) for every colour code.  Fills `path` (in
// order) when asked.
std::uint64_t three_peg_path(int c, const std::array<int, 3>& r,
                             const std::array<std::uint64_t, 27>& smaller,
                             std::vector<Macro>* path) {
  if (c == 0) return 0;
  std::array<std::uint64_t, 9> dist;
  dist.fill(kInf);
  std::array<int, 9> prev{};
  std::array<Macro, 9> via{};
  std::array<bool, 9> done{};
  dist[0] = 0;  // state index a * 3 + b: disc h on role a, the tower on role b
  for (;;) {
    int u = -1;
    for (int i = 0; i < 9; ++i)
      if (!done[static_cast<std::size_t>(i)] && dist[static_cast<std::size_t>(i)] < kInf &&
          (u < 0 || dist[static_cast<std::size_t>(i)] < dist[static_cast<std::size_t>(u)]))
        u = i;
    if (u < 0 || u == 8) break;
    done[static_cast<std::size_t>(u)] = true;
    const int a = u / 3, b = u % 3;
    auto relax = [&](int v, std::uint64_t cost, Macro m) {
      if (cost >= kInf) return;
      const std::uint64_t nd = dist[static_cast<std::size_t>(u)] + cost;
      if (nd < dist[static_cast<std::size_t>(v)]) {
        dist[static_cast<std::size_t>(v)] = nd;
        prev[static_cast<std::size_t>(v)] = u;
        via[static_cast<std::size_t>(v)] = m;
      }
    };
    // The c-1 tower moves b -> t with the third peg as its via.
    const std::array<int, 3> s = tower_colours(r, a);
    for (int t = 0; t < 3; ++t) {
      if (t == b) continue;
      const int third = 3 - b - t;
      const std::uint64_t cost = smaller[static_cast<std::size_t>(
          code3(s[static_cast<std::size_t>(b)], s[static_cast<std::size_t>(third)],
                s[static_cast<std::size_t>(t)]))];
      relax(a * 3 + t, cost, Macro{true, a, b, t});
    }
    // Disc h moves to the peg holding neither it nor the tower, if not coloured A.
    if (a != b) {
      const int e = 3 - a - b;
      if (r[static_cast<std::size_t>(e)] != kA) relax(e * 3 + b, 1, Macro{false, a, a, e});
    }
  }
  if (dist[8] >= kInf) return kInf;
  if (path != nullptr) {
    path->clear();
    for (int v = 8; v != 0; v = prev[static_cast<std::size_t>(v)])
      path->push_back(via[static_cast<std::size_t>(v)]);
    std::vector<Macro> forward(path->rbegin(), path->rend());
    *path = std::move(forward);
  }
  return dist[8];
}

struct Tables {
  std::vector<std::array<std::uint64_t, 27>> f3;  // [c][code3]
  std::vector<std::array<std::uint64_t, 81>> f4;  // [c][code4]
  std::vector<std::array<std::uint8_t, 81>> k4;   // the chosen k
  std::vector<std::array<std::uint8_t, 81>> y4;   // the chosen parking peg role, 1 or 2
};

// The decomposition of F4 for a given k and parking role y: the colour codes of the
// first top transfer, the three-peg bottom transfer and the second top transfer.
struct Split {
  std::array<int, 4> first, second;
  std::array<int, 3> bottom;
};

Split split(const std::array<int, 4>& r, int k, int y) {
  const int q = 3 - y;
  auto fk = [k](int x) { return k % 2 == 1 ? flip(x) : x; };
  const auto R = [&](int role) { return r[static_cast<std::size_t>(role)]; };
  Split s;
  s.first = {kB, fk(R(q)), fk(R(3)), fk(R(y))};   // roles X, Q, Z, Y
  s.bottom = {R(0), R(q), R(3)};                  // roles X, Q, Z
  s.second = {fk(R(y)), fk(R(0)), fk(R(q)), kB};  // roles Y, X, Q, Z
  return s;
}

std::array<int, 4> digits4(int code) {
  return {code % 3, code / 3 % 3, code / 9 % 3, code / 27};
}
std::array<int, 3> digits3(int code) {
  return {code % 3, code / 3 % 3, code / 9};
}
int index4(const std::array<int, 4>& r) {
  return code4(r[0], r[1], r[2], r[3]);
}
int index3(const std::array<int, 3>& r) {
  return code3(r[0], r[1], r[2]);
}

Tables build() {
  Tables t;
  const std::size_t size = kMaxDiscs + 1;
  t.f3.resize(size);
  t.f4.resize(size);
  t.k4.resize(size);
  t.y4.resize(size);
  t.f3[0].fill(0);
  t.f4[0].fill(0);
  t.k4[0].fill(0);
  t.y4[0].fill(0);
  for (int c = 1; c <= kMaxDiscs; ++c) {
    const auto cs = static_cast<std::size_t>(c);
    for (int code = 0; code < 27; ++code)
      t.f3[cs][static_cast<std::size_t>(code)] =
          three_peg_path(c, digits3(code), t.f3[cs - 1], nullptr);
    for (int code = 0; code < 81; ++code) {
      const auto r = digits4(code);
      std::uint64_t best = kInf;
      int best_k = 0, best_y = 0;
      for (int k = 1; k <= c; ++k) {
        for (int y = 1; y <= 2; ++y) {
          const Split s = split(r, k, y);
          const auto top = static_cast<std::size_t>(c - k);
          const std::uint64_t a = c == k ? 0 : t.f4[top][static_cast<std::size_t>(index4(s.first))];
          const std::uint64_t b =
              t.f3[static_cast<std::size_t>(k)][static_cast<std::size_t>(index3(s.bottom))];
          const std::uint64_t z =
              c == k ? 0 : t.f4[top][static_cast<std::size_t>(index4(s.second))];
          if (a >= kInf || b >= kInf || z >= kInf) continue;
          if (a + b + z < best) {
            best = a + b + z;
            best_k = k;
            best_y = y;
          }
        }
      }
      t.f4[cs][static_cast<std::size_t>(code)] = best;
      t.k4[cs][static_cast<std::size_t>(code)] = static_cast<std::uint8_t>(best_k);
      t.y4[cs][static_cast<std::size_t>(code)] = static_cast<std::uint8_t>(best_y);
    }
  }
  return t;
}

const Tables& tables() {
  static const Tables t = build();
  return t;
}

int letter(char ch, std::string_view code) {
  switch (ch) {
    case 'A':
      return kA;
    case 'B':
      return kB;
    case 'D':
      return kD;
    default:
      throw std::invalid_argument("checkers codes use the letters A, B, D (got '" +
                                  std::string(code) + "')");
  }
}

void check_n(int n) {
  if (n < 0 || n > kMaxDiscs)
    throw std::invalid_argument("checkers Frame DP takes n from 0 to " + std::to_string(kMaxDiscs));
}

// Moves the tower of c discs, largest h, on roles 0 -> 2 of `pegs` with three pegs.
void emit3(int c, int h, const std::array<int, 3>& pegs, const std::array<int, 3>& r,
           MoveSink sink) {
  if (c == 0) return;
  const Tables& t = tables();
  std::vector<Macro> path;
  if (three_peg_path(c, r, t.f3[static_cast<std::size_t>(c - 1)], &path) >= kInf)
    throw std::logic_error("three-peg sub-problem has no solution");
  for (const Macro& m : path) {
    if (m.tower) {
      const int third = 3 - m.from - m.to;
      const auto s = tower_colours(r, m.h_at);
      const auto P = [&](int role) { return pegs[static_cast<std::size_t>(role)]; };
      const auto S = [&](int role) { return s[static_cast<std::size_t>(role)]; };
      emit3(c - 1, h - 1, {P(m.from), P(third), P(m.to)}, {S(m.from), S(third), S(m.to)}, sink);
    } else {
      emit_move(sink, h, pegs[static_cast<std::size_t>(m.from)],
                pegs[static_cast<std::size_t>(m.to)]);
    }
  }
}

// Moves the tower of c discs, largest h, from pegs[0] to pegs[3] with four pegs.
void emit4(int c, int h, const std::array<int, 4>& pegs, const std::array<int, 4>& r,
           MoveSink sink) {
  if (c == 0) return;
  const Tables& t = tables();
  const auto cs = static_cast<std::size_t>(c);
  const auto code = static_cast<std::size_t>(index4(r));
  if (t.f4[cs][code] >= kInf)
    throw std::logic_error("four-peg sub-problem has no Frame-type solution");
  const int k = t.k4[cs][code], y = t.y4[cs][code], q = 3 - y;
  const Split s = split(r, k, y);
  const auto P = [&](int role) { return pegs[static_cast<std::size_t>(role)]; };
  emit4(c - k, h - k, {P(0), P(q), P(3), P(y)}, s.first, sink);
  emit3(k, h, {P(0), P(q), P(3)}, s.bottom, sink);
  emit4(c - k, h - k, {P(y), P(0), P(q), P(3)}, s.second, sink);
}

}  // namespace

std::optional<std::uint64_t> frame_moves(std::string_view code, int n) {
  check_n(n);
  if (code.size() != 4) throw std::invalid_argument("a checkers problem code has four letters");
  const std::array<int, 4> r{letter(code[0], code), letter(code[1], code), letter(code[2], code),
                             letter(code[3], code)};
  const std::uint64_t v =
      tables().f4[static_cast<std::size_t>(n)][static_cast<std::size_t>(index4(r))];
  if (v >= kInf) return std::nullopt;
  return v;
}

std::optional<std::uint64_t> three_peg_moves(std::string_view code, int n) {
  check_n(n);
  if (code.size() != 3) throw std::invalid_argument("a three-peg code has three letters");
  const std::array<int, 3> r{letter(code[0], code), letter(code[1], code), letter(code[2], code)};
  const std::uint64_t v =
      tables().f3[static_cast<std::size_t>(n)][static_cast<std::size_t>(index3(r))];
  if (v >= kInf) return std::nullopt;
  return v;
}

void emit_frame(std::string_view code, int n, MoveSink sink) {
  if (!frame_moves(code, n))
    throw std::logic_error("problem " + std::string(code) +
                           " has no Frame-type solution for n = " + std::to_string(n));
  const std::array<int, 4> r{letter(code[0], code), letter(code[1], code), letter(code[2], code),
                             letter(code[3], code)};
  emit4(n, n, {0, 1, 2, 3}, r, sink);
}

}  // namespace hanoi::variants::checkers

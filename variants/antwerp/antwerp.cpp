#include "variants/antwerp/antwerp.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "variants/common/plain_rules.hpp"

namespace hanoi::variants::antwerp {
namespace {

constexpr int X = 0, Y = 1, Z = 2;

const char* const kGatherRule =
    "no-gather problem: the move would gather all discs smaller than the largest size on "
    "one peg";

// An explicit board for the algorithms: it only tracks which disc is on top, so that
// each emitted move names its disc id; every move is checked by the rule checker.
class Board {
 public:
  explicit Board(int n) {
    for (int size = n; size >= 1; --size)
      for (int c = 0; c < kColours; ++c)
        pegs_[static_cast<std::size_t>(c)].push_back(disc_id(size, c));
  }
  void move(int from, int to, MoveSink sink) {
    auto& src = pegs_[static_cast<std::size_t>(from)];
    if (src.empty()) throw std::logic_error("algorithm moved from an empty peg");
    const int d = src.back();
    src.pop_back();
    pegs_[static_cast<std::size_t>(to)].push_back(d);
    sink(Move{static_cast<std::uint16_t>(d), static_cast<std::uint8_t>(from),
              static_cast<std::uint8_t>(to)});
  }

 private:
  std::array<std::vector<int>, kPegs> pegs_;
};

// Minsker's procedures (seed 002), over an abstract `move(from, to)` so that the same
// code emits the algorithm and counts its procedures.  Argument names follow the seed.
template <class Mover>
struct Minsker {
  Mover& move;

  // T11(n, X, Y, Z): transfer 3n discs from X to Z.
  void t11(int n, int x, int y, int z) {
    if (n == 0) return;
    t11(n - 1, x, z, y);
    move(x, z);
    move(x, z);
    move(x, z);
    t11(n - 1, y, x, z);
  }
  // T31(n, X, Y, Z): collect 3n discs from pins Z, X, Y to Z.
  void t31(int n, int x, int y, int z) {
    if (n == 0) return;
    t31(n - 1, x, z, y);
    move(x, z);
    t11(n - 1, y, z, x);
    move(y, z);
    t11(n - 1, x, y, z);
  }
  // T13(n, X, Y, Z): distribute 3n discs from pin X to X, Y, Z.
  void t13(int n, int x, int y, int z) {
    if (n == 0) return;
    t11(n - 1, x, z, y);
    move(x, z);
    t11(n - 1, y, x, z);
    move(x, y);
    t13(n - 1, z, y, x);
  }
  // T33(n, X, Y, Z), the modified algorithm: permute 3n discs X -> Y -> Z -> X.
  void t33(int n, int x, int y, int z) {
    if (n == 0) return;
    t31(n - 1, x, z, y);
    move(x, z);
    t11(n - 1, y, x, z);
    move(y, x);
    t11(n - 1, z, y, x);
    move(z, y);  // the "wasted" move: two large discs from Z to Y, one after the other
    move(z, y);
    t11(n - 1, x, z, y);
    move(x, z);
    t11(n - 1, y, x, z);
    move(y, x);
    t13(n - 1, z, y, x);
  }
  // Derived here, not in the seeds: exchange the stacks on X and Z, Y's stack staying
  // put, with three moves of large discs (Z's to Y, X's to Z, then Z's from Y to X).
  // Not named `swap`: tools (bugprone-exception-escape) and readers take a member
  // swap for the non-throwing exchange of two objects, and a mover may throw.
  void swap_stacks(int n, int x, int y, int z) {
    if (n == 0) return;
    t31(n - 1, y, z, x);  // collect smaller discs from X, Y, Z to X
    move(z, y);
    t11(n - 1, x, z, y);
    move(x, z);
    t11(n - 1, y, x, z);
    move(y, x);
    t13(n - 1, z, y, x);
  }
};

// Anderson's procedures (seed 000), pegs 1, 2, 3 read as 0, 1, 2.
template <class Mover>
struct Anderson {
  Mover& move;

  void shift(int a, int b, int c, int k) {
    if (k == 0) return;
    shift(a, c, b, k - 1);
    move(a, b);
    move(a, b);
    move(a, b);
    shift(c, b, a, k - 1);
  }
  void gather(int a, int b, int c, int k) {
    if (k > 1) gather(b, c, a, k - 1);
    move(b, c);
    shift(a, b, c, k - 1);
    move(a, c);
    shift(b, c, a, k - 1);
  }
  void spread(int a, int b, int c, int k) {
    shift(a, b, c, k - 1);
    move(a, c);
    shift(b, c, a, k - 1);
    move(a, b);
    if (k > 1) spread(c, a, b, k - 1);
  }
  void permute(int a, int b, int c, int n) {
    gather(a, b, c, n);
    shift(c, b, a, n);
    shift(b, a, c, n);
    spread(a, c, b, n);
  }
};

struct CountingMover {
  std::uint64_t count = 0;
  void operator()(int, int) { ++count; }
};

std::uint64_t pow2(int n) {
  return std::uint64_t{1} << n;
}

}  // namespace

Problem parse_problem(std::string_view code) {
  Problem pr;
  pr.code = std::string(code);
  std::string_view goal = code;
  constexpr std::string_view kSuffix = "-no-gather";
  if (goal.size() > kSuffix.size() && goal.substr(goal.size() - kSuffix.size()) == kSuffix) {
    pr.no_gather = true;
    goal.remove_suffix(kSuffix.size());
  }
  if (goal == "cycle") {
    pr.goal_peg = {1, 2, 0};  // colour c to peg c+1 mod 3
  } else if (goal == "swap") {
    pr.goal_peg = {2, 1, 0};  // colours 0 and 2 exchange pegs
  } else {
    throw std::invalid_argument(
        "antwerp problems are cycle, swap, cycle-no-gather, "
        "swap-no-gather (got '" +
        std::string(code) + "')");
  }
  return pr;
}

AntwerpSpace::AntwerpSpace(int sizes, Problem problem) : n_(sizes), problem_(std::move(problem)) {
  if (n_ < 1 || n_ > kMaxSizes)
    throw std::invalid_argument("antwerp takes n from 1 to " + std::to_string(kMaxSizes));
  pow60_[0] = 1;
  for (std::size_t k = 1; k < pow60_.size(); ++k) pow60_[k] = pow60_[k - 1] * kCodes;
  no_gather_ = problem_.no_gather && n_ >= 2;
  small_mask_ = (1u << (n_ - 1)) - 1;
  Stacks start, goal;
  for (int size = n_; size >= 1; --size) {
    for (int c = 0; c < kColours; ++c) {
      start[static_cast<std::size_t>(c)].push_back(Disc{size, c});
      goal[static_cast<std::size_t>(problem_.goal_peg[static_cast<std::size_t>(c)])].push_back(
          Disc{size, c});
    }
  }
  start_ = encode(start);
  goal_ = encode(goal);
  // The start symmetries: π in lexicographic order, applied to pegs and colours.
  std::array<std::uint8_t, kPegs> pi{0, 1, 2};
  for (std::size_t g = 0; g < sym_code_.size(); ++g) {
    for (std::size_t c = 0; c < kCodes; ++c) {
      const Layer& l = kCodeTable.layer[c];
      Layer m;
      for (std::size_t p = 0; p < kPegs; ++p) {
        m.count[pi[p]] = l.count[p];
        for (std::size_t k = 0; k < l.count[p]; ++k) m.colour[pi[p]][k] = pi[l.colour[p][k]];
      }
      sym_code_[g][c] = static_cast<std::uint8_t>(code_of(kCodeTable, m));
    }
    std::next_permutation(pi.begin(), pi.end());
  }
}

Stacks AntwerpSpace::explicit_stacks(const State& s) const {
  Stacks stacks;
  int codes[kMaxSizes];
  std::uint64_t rest = s.r;
  for (int k = 0; k < n_; ++k) {
    codes[k] = static_cast<int>(rest % kCodes);
    rest /= kCodes;
  }
  for (int size = n_; size >= 1; --size) {
    const Layer& l = kCodeTable.layer[static_cast<std::size_t>(codes[size - 1])];
    for (std::size_t p = 0; p < kPegs; ++p)
      for (std::size_t k = 0; k < l.count[p]; ++k) stacks[p].push_back(Disc{size, l.colour[p][k]});
  }
  return stacks;
}

AntwerpSpace::State AntwerpSpace::encode(const Stacks& stacks) const {
  std::array<Layer, kMaxSizes> layers{};
  std::array<std::array<bool, kColours>, kMaxSizes> seen{};
  for (std::size_t p = 0; p < kPegs; ++p) {
    int below = n_ + 1;
    for (const Disc& d : stacks[p]) {
      if (d.size < 1 || d.size > n_ || d.colour < 0 || d.colour >= kColours)
        throw std::invalid_argument("antwerp: no such disc");
      if (d.size > below) throw std::invalid_argument("antwerp: a disc above a smaller one");
      below = d.size;
      auto& was = seen[static_cast<std::size_t>(d.size - 1)][static_cast<std::size_t>(d.colour)];
      if (was) throw std::invalid_argument("antwerp: a disc appears twice");
      was = true;
      Layer& l = layers[static_cast<std::size_t>(d.size - 1)];
      l.colour[p][l.count[p]++] = static_cast<std::uint8_t>(d.colour);
    }
  }
  std::uint64_t r = 0;
  for (int k = n_ - 1; k >= 0; --k) {
    for (bool b : seen[static_cast<std::size_t>(k)])
      if (!b) throw std::invalid_argument("antwerp: a disc is missing");
    r = r * kCodes +
        static_cast<std::uint64_t>(code_of(kCodeTable, layers[static_cast<std::size_t>(k)]));
  }
  return State{r};
}

bool AntwerpSpace::is_gathered(const Stacks& stacks) const {
  if (n_ < 2) return false;  // no smaller discs: the restriction is void (header)
  int pegs_with_small = 0;
  for (const auto& peg : stacks) {
    bool any = false;
    for (const Disc& d : peg) any = any || d.size < n_;
    pegs_with_small += any ? 1 : 0;
  }
  return pegs_with_small == 1;
}

MoveCheck<AntwerpSpace::State> AntwerpSpace::check_move(const State& s, int from, int to) const {
  MoveCheck<State> c;
  Stacks stacks = explicit_stacks(s);
  // The plain rules refuse only a strictly smaller disc below: equal sizes may stack.
  const bool plain = check_plain_move(c, stacks, from, to, kPegs, &Disc::size);
  if (c.disc != 0) {
    const Disc& d = stacks[static_cast<std::size_t>(from)].back();
    c.disc = disc_id(d.size, d.colour);
  }
  if (!plain) return c;
  const Disc d = stacks[static_cast<std::size_t>(from)].back();
  stacks[static_cast<std::size_t>(from)].pop_back();
  stacks[static_cast<std::size_t>(to)].push_back(d);
  if (problem_.no_gather && is_gathered(stacks)) {
    c.rule = kGatherRule;
    return c;
  }
  c.legal = true;
  c.next = encode(stacks);
  return c;
}

std::string AntwerpSpace::describe(const State& s) const {
  const Stacks stacks = explicit_stacks(s);
  std::string out;
  for (std::size_t p = 0; p < kPegs; ++p) {
    if (p != 0) out += " | ";
    out.append(std::to_string(p)).push_back(':');
    for (const Disc& d : stacks[p]) {
      out.push_back(' ');
      out.append(std::to_string(d.size)).push_back(static_cast<char>('A' + d.colour));
    }
  }
  return out;
}

Space make_space(const Params& p) {
  return Space(p.n, parse_problem(p.problem.empty() ? "cycle" : p.problem));
}

void minsker(int n, MoveSink sink) {
  Board board(n);
  auto mover = [&](int from, int to) { board.move(from, to, sink); };
  if (n == 1) {
    // The seed's count for the unmodified algorithm at n = 1 ("just 5 moves"); the
    // moves are ours (header comment).
    constexpr int kFive[5][2] = {{X, Y}, {Z, X}, {Y, X}, {Y, Z}, {X, Y}};
    for (const auto& m : kFive) mover(m[0], m[1]);
    return;
  }
  Minsker<decltype(mover)>{mover}.t33(n, X, Y, Z);
}

void minsker_swap(int n, MoveSink sink) {
  Board board(n);
  auto mover = [&](int from, int to) { board.move(from, to, sink); };
  Minsker<decltype(mover)>{mover}.swap_stacks(n, X, Y, Z);
}

void anderson(int n, MoveSink sink) {
  Board board(n);
  auto mover = [&](int from, int to) { board.move(from, to, sink); };
  Anderson<decltype(mover)>{mover}.permute(X, Y, Z, n);
}

std::uint64_t minsker_closed_form(int n) {
  if (n == 1) return 5;
  return 12 * pow2(n) - 8 * static_cast<std::uint64_t>(n) - 10;
}

std::uint64_t swap_closed_form(int n) {
  return 9 * pow2(n) - 8 * static_cast<std::uint64_t>(n) - 7;
}

std::array<std::uint64_t, 5> minsker_matrix(int n) {
  // Seed 002: s(n+1) = M s(n), s = (T33, T31, T13, T11, 1).
  constexpr std::uint64_t M[5][5] = {
      {0, 2, 0, 4, 6}, {0, 1, 0, 2, 2}, {0, 0, 1, 2, 2}, {0, 0, 0, 2, 3}, {0, 0, 0, 0, 1}};
  std::array<std::uint64_t, 5> s{6, 2, 2, 3, 1};
  for (int k = 1; k < n; ++k) {
    std::array<std::uint64_t, 5> t{};
    for (std::size_t i = 0; i < 5; ++i)
      for (std::size_t j = 0; j < 5; ++j) t[i] += M[i][j] * s[j];
    s = t;
  }
  return s;
}

std::array<std::uint64_t, 5> minsker_procedure_counts(int n) {
  std::array<std::uint64_t, 5> out{};
  for (int which = 0; which < 5; ++which) {
    CountingMover counter;
    Minsker<CountingMover> m{counter};
    switch (which) {
      case 0:
        m.t33(n, X, Y, Z);
        break;
      case 1:
        m.t31(n, X, Y, Z);
        break;
      case 2:
        m.t13(n, X, Y, Z);
        break;
      case 3:
        m.t11(n, X, Y, Z);
        break;
      default:
        m.swap_stacks(n, X, Y, Z);
        break;
    }
    out[static_cast<std::size_t>(which)] = counter.count;
  }
  return out;
}

std::uint64_t anderson_count(int n) {
  // SHIFT S(k) = 2 S(k-1) + 3; GATHER = SPREAD G(k) = G(k-1) + 2 S(k-1) + 2 (the
  // recursive call exists only for k > 1, and G(0) = 0 makes that the same sum);
  // PERMUTE = 2 G(n) + 2 S(n).
  std::uint64_t s = 0, g = 0;
  for (int k = 1; k <= n; ++k) {
    g = g + 2 * s + 2;
    s = 2 * s + 3;
  }
  return 2 * g + 2 * s;
}

Family<AntwerpFamily::Space> AntwerpFamily::family() {
  auto is_cycle = [](const Params& p) { return p.problem == "cycle"; };
  auto is_swap = [](const Params& p) { return p.problem == "swap"; };
  auto has_formula = [](const Params& p) { return p.problem == "cycle" || p.problem == "swap"; };
  return Family<Space>{
      .info = {
          .name = "antwerp",
          .summary = "Towers of Antwerpen: three stacks of n discs coloured 0, 1, 2 on pegs "
                     "0, 1, 2, a disc may rest on a larger or equal disc of any colour; "
                     "cycle: Minsker's 12*2^n - 8n - 10 (seed 002), Anderson's PERMUTE "
                     "(seed 000)",
          .default_pegs = 3,
          .min_pegs = 3,
          .max_pegs = 3,
          .max_n = [](int) { return kMaxSizes; },
          .problems =
              {
                  {"cycle",
                   "colour c from peg c to peg c+1 mod 3 (seed 002's cyclic "
                   "transfer; seed 000's permutation (1,2,3))"},
                  {"swap", "colours 0 and 2 exchange pegs, colour 1 stays on peg 1"},
                  {"cycle-no-gather",
                   "cycle, never entering a configuration with all discs of sizes < n "
                   "on one peg (seed 000's premise; unrestricted for n = 1)"},
                  {"swap-no-gather", "swap, with the same restriction"},
              },
          .algorithms =
              {
                  {"minsker",
                   "seed 002's T33 with T31, T13, T11 and the wasted double move of "
                   "large discs (n > 1); 5 moves for n = 1",
                   is_cycle,
                   [](const Params& p, MoveSink s) { minsker(p.n, s); },
                   {}},
                  {"anderson",
                   "seed 000's PERMUTE(0,1,2,n): GATHER, SHIFT, SHIFT, SPREAD; "
                   "18*2^n - 8n - 18 moves, not claimed optimal",
                   is_cycle, [](const Params& p, MoveSink s) { anderson(p.n, s); }, never},
                  {"minsker-swap",
                   "derived here, not in the seeds: Minsker's T31, T11, T13 around three "
                   "large-disc moves 2->1, 0->2, 1->0; 9*2^n - 8n - 7 moves",
                   is_swap,
                   [](const Params& p, MoveSink s) { minsker_swap(p.n, s); },
                   {}},
              },
          .closed_form = [](const Params& p) -> std::optional<std::uint64_t> {
            if (p.problem == "cycle") return minsker_closed_form(p.n);
            if (p.problem == "swap") return swap_closed_form(p.n);
            return std::nullopt;
          },
          .formula_name =
              [](const Params& p) {
                if (p.problem == "cycle")
                  return std::string("12*2^n - 8n - 10 (n > 1), 5 (n = 1): Minsker, seed 002");
                if (p.problem == "swap")
                  return std::string(
                      "9*2^n - 8n - 7: derived here (minsker-swap's count), not in the seeds");
                return std::string("none (seed 000's premise: unreachable for n > 1)");
              },
          .formula_is_optimum = has_formula,
          .normalize_instance = {},  // no instance parameters
          // 60^3: n = 1..3 for every problem.
          .conformance_ranks = 216000,
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::antwerp

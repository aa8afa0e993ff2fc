#include "variants/multistack/multistack.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "variants/common/plain_rules.hpp"
#include "variants/common/tower.hpp"
#include "variants/reves/reves.hpp"

namespace hanoi::variants::multistack {

MultiStackSpace::MultiStackSpace(int pegs, int n) : pegs_(pegs), stacks_(stacks_of(pegs)), n_(n) {
  if (pegs < kMinPegs || pegs > kMaxPegs) throw std::invalid_argument("multistack takes 4..9 pegs");
  if (n < 1 || n > max_discs(pegs)) throw std::invalid_argument("multistack: n out of range");
  const std::uint64_t base = has_centre() ? 4 : 3;
  num_ranks_ = 1;
  for (int k = 0; k < stacks_ * n_; ++k) num_ranks_ *= base;
  goal_ = all_on_local(kAway).w;
}

MultiStackState MultiStackSpace::all_on_local(int local) const {
  const std::uint64_t discs = (std::uint64_t{1} << (stacks_ * n_)) - 1;
  return State{((local & 1) ? discs : 0) | ((local & 2) ? discs << 32 : 0)};
}

MultiStackState MultiStackSpace::with_local(const State& s, int stack, int size, int local) const {
  const int k = stack * n_ + size - 1;
  std::uint64_t w = s.w & ~((std::uint64_t{1} << k) | (std::uint64_t{1} << (32 + k)));
  w |= static_cast<std::uint64_t>(local & 1) << k;
  w |= static_cast<std::uint64_t>(local >> 1) << (32 + k);
  return State{w};
}

std::vector<int> MultiStackSpace::allowed_pegs(int stack) const {
  std::vector<int> pegs = {2 * stack, 2 * stack + 1, (2 * stack + 2) % (2 * stacks_)};
  if (has_centre()) pegs.push_back(pegs_ - 1);
  return pegs;
}

std::vector<std::vector<StackDisc>> MultiStackSpace::explicit_stacks(const State& s) const {
  std::vector<std::vector<StackDisc>> stacks(static_cast<std::size_t>(pegs_));
  for (int size = n_; size >= 1; --size)
    for (int i = 0; i < stacks_; ++i)
      stacks[static_cast<std::size_t>(peg_of_disc(s, i, size))].push_back(StackDisc{i, size});
  return stacks;
}

MoveCheck<MultiStackState> MultiStackSpace::check_move(const State& s, int from, int to) const {
  MoveCheck<State> c;
  const auto stacks = explicit_stacks(s);
  const bool plain = check_plain_move(c, stacks, from, to, pegs_, &StackDisc::size);
  if (c.disc == 0) return c;  // no disc to move
  // The preamble names the moving disc by its size; Move::disc is its id.
  const StackDisc d = stacks[static_cast<std::size_t>(from)].back();
  c.disc = disc_id(d.stack, d.size);
  if (!plain) return c;
  const std::vector<int> allowed = allowed_pegs(d.stack);
  const auto to_it = std::find(allowed.begin(), allowed.end(), to);
  if (to_it == allowed.end() || std::find(allowed.begin(), allowed.end(), from) == allowed.end()) {
    c.rule = has_centre()
                 ? "a disc may use only its stack's home, ride and away pegs and the centre"
                 : "a disc may use only its stack's home, ride and away pegs";
    return c;
  }
  const auto& dst = stacks[static_cast<std::size_t>(to)];
  if (!dst.empty() && dst.back().size == d.size) {
    c.rule = "a disc may not be placed on a disc of equal size";
    return c;
  }
  c.legal = true;
  c.next = with_local(s, d.stack, d.size, static_cast<int>(to_it - allowed.begin()));
  return c;
}

std::string MultiStackSpace::describe(const State& s) const {
  std::string out;
  const auto stacks = explicit_stacks(s);
  for (std::size_t p = 0; p < stacks.size(); ++p) {
    if (p != 0) out.append(" | ");
    out.append(std::to_string(p)).push_back(':');
    for (const StackDisc& d : stacks[p]) {
      out.push_back(' ');
      out.push_back(static_cast<char>('a' + d.stack));
      out.append(std::to_string(d.size));
    }
  }
  return out;
}

int max_discs(int pegs) {
  // Without the centre: l n <= 32 (the planes; 3^32 < 2^64).  With it: 4^(l n) must
  // stay below 2^64, l n <= 31.
  const int total = pegs % 2 == 1 ? kMaxTotalDiscs - 1 : kMaxTotalDiscs;
  return total / stacks_of(pegs);
}

std::uint64_t seed002_moves(int stacks, int n) {
  if (n == 0) return 0;
  const std::uint64_t t = (std::uint64_t{1} << n) - 1;
  if (stacks == 2) return 3 * t;
  return static_cast<std::uint64_t>(stacks) * t + (std::uint64_t{1} << (n - 1));
}

std::uint64_t seed004_moves(int stacks, int n) {
  if (n == 0) return 0;
  const std::uint64_t t = (std::uint64_t{1} << n) - 1;
  if (stacks == 2) return 3 * t;
  return static_cast<std::uint64_t>(stacks) * t + ((std::uint64_t{1} << (n - 1)) - 1);
}

std::uint64_t twin_centre_moves(int n) {
  if (n == 0) return 0;
  return *reves::frame_stewart_moves(4, n) + 2 * *reves::frame_stewart_moves(4, n - 1) + 2;
}

namespace {

// Seed 002's recursion, transcribed.  Local pegs H, R, A of each stack; the seed's
// HR(k, i) is the classic 3-peg transfer of the top k discs (sizes 1..k) of stack i
// from its home to its ride peg (via its away peg), and HR(1, i) inside a
// sub-problem of size k is the single move of stack i's disc of size k.
class Recursion {
 public:
  Recursion(int pegs, int n, MoveSink sink)
      : l_(stacks_of(pegs)), n_(n), space_(pegs, n), sink_(sink) {}

  void solve() {
    const int n = n_;
    if (l_ == 2) {
      // HAHA(n) = HAHR(n-1); HR(1,0); AR(n-1,0); HA(1,1); RH(n-1,0); RA(1,0); HARA(n-1)
      hahr(n - 1);
      single(0, n, kHome, kRide);
      classic(0, n - 1, kAway, kRide);
      single(1, n, kHome, kAway);
      classic(0, n - 1, kRide, kHome);
      single(0, n, kRide, kAway);
      hara(n - 1);
    } else {
      // HAHA(n) = HAHR(n-1); HR(1,0); HA(1,i) for i = l-1..2; AH(n-1,0); HA(1,1);
      //           RA(1,0); HARA(n-1)
      hahr(n - 1);
      single(0, n, kHome, kRide);
      for (int i = l_ - 1; i >= 2; --i) single(i, n, kHome, kAway);
      classic(0, n - 1, kAway, kHome);
      single(1, n, kHome, kAway);
      single(0, n, kRide, kAway);
      hara(n - 1);
    }
  }

 private:
  // Stack 0 home -> away, the others home -> ride.
  void hahr(int k) {
    if (k == 0) return;
    hrha(k - 1);
    for (int i = 1; i < l_; ++i) {
      single(i, k, kHome, kRide);
      classic(i, k - 1, kAway, kRide);
    }
    single(0, k, kHome, kAway);
    classic(0, k - 1, kRide, kAway);
  }
  // Stack 0 home -> ride, the others home -> away.
  void hrha(int k) {
    if (k == 0) return;
    hahr(k - 1);
    single(0, k, kHome, kRide);
    classic(0, k - 1, kAway, kRide);
    for (int i = l_ - 1; i >= 1; --i) {
      single(i, k, kHome, kAway);
      classic(i, k - 1, kRide, kAway);
    }
  }
  // Stack 0 home -> away, the others ride -> away.
  void hara(int k) {
    if (k == 0) return;
    classic(0, k - 1, kHome, kRide);
    single(0, k, kHome, kAway);
    for (int i = 1; i < l_; ++i) {
      classic(i, k - 1, kRide, kHome);
      single(i, k, kRide, kAway);
    }
    raha(k - 1);
  }
  // Stack 0 ride -> away, the others home -> away.
  void raha(int k) {
    if (k == 0) return;
    for (int i = l_ - 1; i >= 1; --i) {
      classic(i, k - 1, kHome, kRide);
      single(i, k, kHome, kAway);
    }
    classic(0, k - 1, kRide, kHome);
    single(0, k, kRide, kAway);
    hara(k - 1);
  }
  // The classic recursion on stack i's local pegs 0, 1, 2 (never the centre).
  void classic(int i, int k, int from, int to) {
    if (k == 0) return;
    const int via = 3 - from - to;
    classic(i, k - 1, from, via);
    single(i, k, from, to);
    classic(i, k - 1, via, to);
  }
  void single(int i, int size, int from, int to) {
    emit_move(sink_, space_.disc_id(i, size), space_.global_peg(i, from), space_.global_peg(i, to));
  }

  int l_, n_;
  MultiStackSpace space_;
  MoveSink sink_;
};

}  // namespace

void recursive(int pegs, int n, MoveSink sink) {
  Recursion(pegs, n, sink).solve();
}

Space make_space(const Params& p) {
  return Space(p.pegs, p.n);
}

Family<MultiStackFamily::Space> MultiStackFamily::family() {
  const auto even = [](const Params& p) { return p.pegs % 2 == 0; };
  return Family<Space>{
      .info = {
          .name = "multistack",
          .summary = "l stacks of n discs; stack i uses only home 2i, its own ride 2i+1 and away "
                     "2i+2 mod 2l (odd --pegs: plus a centre peg open to all); no disc on a "
                     "smaller or equal disc; every stack home -> away (seeds 002, 004)",
          .default_pegs = 4,
          .min_pegs = kMinPegs,
          .max_pegs = kMaxPegs,
          .max_n = max_discs,
          .problems = {{"transfer",
                        "every stack from its home peg 2i to its away peg 2i+2 mod 2l"}},
          .algorithms =
              {
                  {.name = "recursive",
                   .description =
                       "seed 002's HAHR / HRHA / HARA / RAHA recursion and its top level "
                       "(l = 2, l > 2); never uses a centre peg",
                   .applies = nullptr,
                   .emit = [](const Params& p, MoveSink s) { recursive(p.pegs, p.n, s); },
                   // Seed 002 claims it optimal for 2l pegs; with a centre peg it is
                   // only a solution.
                   .claimed_optimal = even},
              },
          .closed_form = [](const Params& p) -> std::optional<std::uint64_t> {
            if (p.pegs % 2 == 0) return seed002_moves(stacks_of(p.pegs), p.n);
            if (p.pegs == 5) return twin_centre_moves(p.n);
            return std::nullopt;  // nothing published for 3 or 4 stacks with a centre
          },
          .formula_name = [](const Params& p) -> std::string {
            if (p.pegs == 4) return "3(2^n - 1) (seed 002, l = 2)";
            if (p.pegs % 2 == 0) return "l(2^n - 1) + 2^(n-1) (seed 002, l > 2)";
            if (p.pegs == 5) return "R(n) + 2R(n-1) + 2, R = Reve's (seed 004, conjectured)";
            return "";
          },
          // Seed 002 claims optimality for every even M (seed 004 agrees for l = 2);
          // seed 004 conjectures its 2 x 5 count optimal.
          .formula_is_optimum = [](const Params& p) { return p.pegs % 2 == 0 || p.pegs == 5; },
          .normalize_instance = {},  // no instance parameters: the start is fixed
          // 3^12: n = 1..3 for every M but 9 (4^(4n): n <= 2), whose n = 3 has
          // 2.2 million reachable states, too many for the explicit oracle.
          .conformance_ranks = 531441,
      },
      .make = make_space,
  };
}

}  // namespace hanoi::variants::multistack

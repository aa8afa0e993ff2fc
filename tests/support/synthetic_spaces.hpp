// Synthetic state spaces for testing the generic engine (bfs.hpp) on graphs whose
// distances are known or computed here by a plain reference BFS.
//
// A move is labelled by an ordered pair of "pegs" (from, to), as in the puzzles, and
// the engine relies on the same two facts the puzzles guarantee:
//   * a state has at most one successor and at most one predecessor per label, and
//   * for a reversible space, s -(a,b)-> t exactly when t -(b,a)-> s.
// Every space below satisfies both (LabelledGraph checks them when built), and its
// pegs() bounds its branching factor, pegs * (pegs - 1) >= successors per state.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/core.hpp"

namespace hanoi::testing {

struct NodeState {
  std::uint32_t id = 0;
  friend bool operator==(const NodeState&, const NodeState&) = default;
};

inline constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

inline Move label(int from, int to) {
  return Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
}

// ---------------------------------------------------------------------------------
// An explicit labelled graph: nodes 0..nodes-1, rank = id, start and goals given.
template <bool Reversible>
class LabelledGraph {
 public:
  using State = NodeState;
  static constexpr bool kReversible = Reversible;

  struct Edge {
    std::uint32_t from_node, to_node;
    int a, b;  // the label (from peg, to peg)
  };

  // For a reversible graph, give each undirected edge once; its reverse (b, a) is
  // added here.
  LabelledGraph(std::uint32_t nodes, int pegs, std::uint32_t start,
                std::vector<std::uint32_t> goals, const std::vector<Edge>& edges,
                Rank extra_ranks = 0)
      : nodes_(nodes), pegs_(pegs), start_(start), extra_ranks_(extra_ranks) {
    goal_.assign(nodes, false);
    for (auto g : goals) goal_.at(g) = true;
    out_.assign(nodes, std::vector<std::uint32_t>(static_cast<std::size_t>(pegs * pegs), kNone));
    in_ = out_;
    for (const Edge& e : edges) {
      add(e.from_node, e.to_node, e.a, e.b);
      if (Reversible) add(e.to_node, e.from_node, e.b, e.a);
    }
  }

  Rank num_ranks() const { return nodes_ + extra_ranks_; }
  Rank rank(const State& s) const { return s.id; }
  State unrank(Rank r) const { return State{static_cast<std::uint32_t>(r)}; }
  State start() const { return State{start_}; }
  bool is_goal(const State& s) const { return goal_[s.id]; }
  int pegs() const { return pegs_; }
  int discs() const { return 1; }
  std::string describe(const State& s) const { return "node " + std::to_string(s.id); }

  MoveCheck<State> check_move(const State& s, int from, int to) const {
    MoveCheck<State> c;
    const std::uint32_t t = out_[s.id][idx(from, to)];
    if (t == kNone) {
      c.rule = "no such edge";
      return c;
    }
    c.legal = true;
    c.next = State{t};
    return c;
  }

  template <class F>
  void for_each_successor(const State& s, F&& f) const {
    for (int a = 0; a < pegs_; ++a)
      for (int b = 0; b < pegs_; ++b) {
        const std::uint32_t t = out_[s.id][idx(a, b)];
        if (t != kNone) f(State{t}, label(a, b));
      }
  }

  template <class F>
  void for_each_predecessor(const State& s, F&& f) const {
    for (int a = 0; a < pegs_; ++a)
      for (int b = 0; b < pegs_; ++b) {
        const std::uint32_t u = in_[s.id][idx(a, b)];
        if (u != kNone) f(State{u}, label(a, b));
      }
  }

 private:
  std::size_t idx(int a, int b) const { return static_cast<std::size_t>(a * pegs_ + b); }
  void add(std::uint32_t u, std::uint32_t v, int a, int b) {
    if (a == b || a < 0 || b < 0 || a >= pegs_ || b >= pegs_)
      throw std::invalid_argument("bad label");
    auto& o = out_.at(u)[idx(a, b)];
    auto& i = in_.at(v)[idx(a, b)];
    if (o != kNone || i != kNone) throw std::invalid_argument("label used twice at a node");
    o = v;
    i = u;
  }

  std::uint32_t nodes_;
  int pegs_;
  std::uint32_t start_;
  Rank extra_ranks_;
  std::vector<bool> goal_;
  std::vector<std::vector<std::uint32_t>> out_, in_;  // [node][a*pegs+b]
};

// ---------------------------------------------------------------------------------
// The d-dimensional hypercube: state = d-bit word, a move flips one bit.  Bit k uses
// the k-th unordered peg pair (a, b), a < b: setting the bit is (a, b), clearing it
// (b, a), so the space is reversible in the engine's sense.
class Hypercube {
 public:
  using State = NodeState;
  static constexpr bool kReversible = true;

  Hypercube(int dims, int pegs, std::uint32_t goal) : dims_(dims), pegs_(pegs), goal_(goal) {
    for (int a = 0; a < pegs; ++a)
      for (int b = a + 1; b < pegs; ++b) pairs_.emplace_back(a, b);
    if (static_cast<int>(pairs_.size()) < dims) throw std::invalid_argument("too few pegs");
  }
  Rank num_ranks() const { return Rank{1} << dims_; }
  Rank rank(const State& s) const { return s.id; }
  State unrank(Rank r) const { return State{static_cast<std::uint32_t>(r)}; }
  State start() const { return State{0}; }
  bool is_goal(const State& s) const { return s.id == goal_; }
  int pegs() const { return pegs_; }
  int discs() const { return dims_; }
  std::string describe(const State& s) const { return "word " + std::to_string(s.id); }

  MoveCheck<State> check_move(const State& s, int from, int to) const {
    MoveCheck<State> c;
    for (int k = 0; k < dims_; ++k) {
      const auto [a, b] = pairs_[static_cast<std::size_t>(k)];
      const bool set = (s.id >> k) & 1;
      if ((!set && from == a && to == b) || (set && from == b && to == a)) {
        c.legal = true;
        c.disc = k + 1;
        c.next = State{s.id ^ (std::uint32_t{1} << k)};
        return c;
      }
    }
    c.rule = "no such edge";
    return c;
  }

  template <class F>
  void for_each_successor(const State& s, F&& f) const {
    for (int k = 0; k < dims_; ++k) {
      const auto [a, b] = pairs_[static_cast<std::size_t>(k)];
      const bool set = (s.id >> k) & 1;
      f(State{s.id ^ (std::uint32_t{1} << k)}, set ? label(b, a) : label(a, b));
    }
  }

 private:
  int dims_, pegs_;
  std::uint32_t goal_;
  std::vector<std::pair<int, int>> pairs_;
};

// ---------------------------------------------------------------------------------
// A random graph from partial permutations: for each label l there is an injective
// partial map perm_l, and u -(l)-> perm_l[u] where defined.  Directed: the labels are
// all ordered pairs of pegs.  Reversible: the labels are the pairs (a, b), a < b, and
// each edge u -(a,b)-> v comes with v -(b,a)-> u.  Goals are the ids with
// id % goal_mod == goal_rem.
template <bool Reversible>
class RandomPermutationGraph {
 public:
  using State = NodeState;
  static constexpr bool kReversible = Reversible;

  RandomPermutationGraph(std::uint32_t nodes, int pegs, double density, std::uint32_t start,
                         std::uint32_t goal_mod, std::uint32_t goal_rem, std::uint64_t seed)
      : nodes_(nodes), pegs_(pegs), start_(start), goal_mod_(goal_mod), goal_rem_(goal_rem) {
    std::mt19937_64 rng(seed);
    std::bernoulli_distribution keep(density);
    for (int a = 0; a < pegs; ++a)
      for (int b = 0; b < pegs; ++b) {
        if (a == b || (Reversible && a > b)) continue;
        labels_.emplace_back(a, b);
        std::vector<std::uint32_t> p(nodes);
        for (std::uint32_t i = 0; i < nodes; ++i) p[i] = i;
        std::shuffle(p.begin(), p.end(), rng);
        std::vector<std::uint32_t> inv(nodes, kNone);
        for (std::uint32_t i = 0; i < nodes; ++i) {
          if (!keep(rng))
            p[i] = kNone;
          else
            inv[p[i]] = i;
        }
        perm_.push_back(std::move(p));
        inv_.push_back(std::move(inv));
      }
  }

  Rank num_ranks() const { return rank_space_; }
  Rank rank(const State& s) const { return s.id; }
  State unrank(Rank r) const { return State{static_cast<std::uint32_t>(r)}; }
  State start() const { return State{start_}; }
  bool is_goal(const State& s) const { return s.id % goal_mod_ == goal_rem_; }
  int pegs() const { return pegs_; }
  int discs() const { return 1; }
  std::string describe(const State& s) const { return "node " + std::to_string(s.id); }

  MoveCheck<State> check_move(const State& s, int from, int to) const {
    MoveCheck<State> c;
    for (std::size_t l = 0; l < labels_.size(); ++l) {
      const auto [a, b] = labels_[l];
      std::uint32_t t = kNone;
      if (a == from && b == to)
        t = perm_[l][s.id];
      else if (Reversible && a == to && b == from)
        t = inv_[l][s.id];
      if (t != kNone) {
        c.legal = true;
        c.next = State{t};
        return c;
      }
    }
    c.rule = "no such edge";
    return c;
  }

  // Makes each expansion cost about `iterations` dependent multiplications, so that
  // a level of a few thousand states keeps several threads busy at once.
  void set_work(int iterations) { work_ = iterations; }
  // Embeds the graph in a larger rank space (the extra ranks are never reached),
  // which raises the engine's per-thread buffer size with it.
  void set_rank_space(Rank ranks) { rank_space_ = std::max<Rank>(ranks, nodes_); }

  template <class F>
  void for_each_successor(const State& s, F&& f) const {
    if (work_ > 0) {
      std::uint32_t x = s.id;
      for (int i = 0; i < work_; ++i) x = x * 2654435761u + 1;
      asm volatile("" : : "r"(x));
    }
    for (std::size_t l = 0; l < labels_.size(); ++l) {
      const auto [a, b] = labels_[l];
      if (perm_[l][s.id] != kNone) f(State{perm_[l][s.id]}, label(a, b));
      if (Reversible && inv_[l][s.id] != kNone) f(State{inv_[l][s.id]}, label(b, a));
    }
  }

  template <class F>
  void for_each_predecessor(const State& s, F&& f) const {
    for (std::size_t l = 0; l < labels_.size(); ++l) {
      const auto [a, b] = labels_[l];
      if (inv_[l][s.id] != kNone) f(State{inv_[l][s.id]}, label(a, b));
      if (Reversible && perm_[l][s.id] != kNone) f(State{perm_[l][s.id]}, label(b, a));
    }
  }

 private:
  std::uint32_t nodes_;
  int pegs_;
  std::uint32_t start_, goal_mod_, goal_rem_;
  int work_ = 0;
  Rank rank_space_ = nodes_;
  std::vector<std::pair<int, int>> labels_;
  std::vector<std::vector<std::uint32_t>> perm_, inv_;
};

// ---------------------------------------------------------------------------------
// A long thin graph in a large, mostly unused rank space: `levels` layers of 3 nodes;
// node (l, i) has rank 3l + i.  (l, i) -> (l+1, j) for every j, labelled by the Latin
// square (i + j) mod 3 over the forward pairs {(0,1), (0,2), (1,2)}; reversible, so
// the reverse edges carry (1,0), (2,0), (2,1).  Start (0, 0), goal (levels-1, 2).
class Ladder {
 public:
  using State = NodeState;
  static constexpr bool kReversible = true;

  Ladder(std::uint32_t levels, Rank rank_space) : levels_(levels), rank_space_(rank_space) {}
  Rank num_ranks() const { return rank_space_; }
  Rank rank(const State& s) const { return s.id; }
  State unrank(Rank r) const { return State{static_cast<std::uint32_t>(r)}; }
  State start() const { return State{0}; }
  bool is_goal(const State& s) const { return s.id == 3 * (levels_ - 1) + 2; }
  int pegs() const { return 3; }
  int discs() const { return 1; }
  std::string describe(const State& s) const {
    return "(" + std::to_string(s.id / 3) + ", " + std::to_string(s.id % 3) + ")";
  }

  MoveCheck<State> check_move(const State& s, int from, int to) const {
    MoveCheck<State> c;
    for_each_successor(s, [&](const State& t, Move m) {
      if (m.from == from && m.to == to) {
        c.legal = true;
        c.next = t;
      }
    });
    if (!c.legal) c.rule = "no such edge";
    return c;
  }

  template <class F>
  void for_each_successor(const State& s, F&& f) const {
    static constexpr int kPair[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    const std::uint32_t l = s.id / 3, i = s.id % 3;
    for (std::uint32_t j = 0; j < 3; ++j) {
      const int* p = kPair[(i + j) % 3];
      if (l + 1 < levels_) f(State{3 * (l + 1) + j}, label(p[0], p[1]));
      // The edge (l-1, j) -> (l, i) has label kPair[(j + i) % 3]; reversed here.
      if (l > 0) f(State{3 * (l - 1) + j}, label(p[1], p[0]));
    }
  }

 private:
  std::uint32_t levels_;
  Rank rank_space_;
};

// ---------------------------------------------------------------------------------
// Reference: a plain queue BFS over the rule check `check_move` for every ordered peg
// pair, with distances in a std::vector<int> indexed by rank (-1 = unreached).
struct ReferenceBfs {
  std::vector<int> dist;
  std::vector<std::uint64_t> level_sizes;
  int goal_distance = -1;
  std::uint64_t reached = 0;
};

// `dist_size` bounds the ranks reachable from the start (default: every rank).
template <class V>
ReferenceBfs reference_bfs(const V& v, Rank dist_size = 0) {
  ReferenceBfs r;
  r.dist.assign(dist_size ? dist_size : v.num_ranks(), -1);
  std::deque<Rank> queue;
  const Rank r0 = v.rank(v.start());
  r.dist[r0] = 0;
  queue.push_back(r0);
  while (!queue.empty()) {
    const Rank u = queue.front();
    queue.pop_front();
    const int d = r.dist[u];
    if (static_cast<std::size_t>(d) >= r.level_sizes.size()) r.level_sizes.resize(d + 1, 0);
    ++r.level_sizes[d];
    ++r.reached;
    const auto s = v.unrank(u);
    if (v.is_goal(s) && r.goal_distance < 0) r.goal_distance = d;
    for (int a = 0; a < v.pegs(); ++a)
      for (int b = 0; b < v.pegs(); ++b) {
        if (a == b) continue;
        const auto c = v.check_move(s, a, b);
        if (!c.legal) continue;
        const Rank t = v.rank(c.next);
        if (r.dist[t] < 0) {
          r.dist[t] = d + 1;
          queue.push_back(t);
        }
      }
  }
  return r;
}

}  // namespace hanoi::testing

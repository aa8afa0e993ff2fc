#include "variants/graph/graph.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <map>
#include <numeric>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "variants/instances.hpp"
#include "variants/visit.hpp"

namespace hanoi::variants::graph {
namespace {

std::vector<int> identity_perm(int m) {
  std::vector<int> p(static_cast<std::size_t>(m));
  std::iota(p.begin(), p.end(), 0);
  return p;
}

std::string peg_list(std::uint32_t bits) {
  std::string out;
  for (int p = 0; p < 32; ++p)
    if ((bits >> p) & 1) out += (out.empty() ? "" : ", ") + std::to_string(p);
  return out;
}

// A peg digit string (--start, --goal): one digit 0..pegs-1 per disc.
std::vector<int> pegs_of_digits(const std::string& text, int n, int pegs, const char* option) {
  if (static_cast<int>(text.size()) != n)
    throw UsageError(std::string("graph: ") + option +
                     " needs one peg digit per disc, smallest first (n = " + std::to_string(n) +
                     "), got '" + text + "' (" + std::to_string(text.size()) + " digits)");
  std::vector<int> out;
  for (char ch : text) {
    if (ch < '0' || ch >= '0' + pegs)
      throw UsageError(std::string("graph: ") + option + " takes the peg digits 0 to " +
                       std::to_string(pegs - 1) + ", got '" + text + "'");
    out.push_back(ch - '0');
  }
  return out;
}

}  // namespace

int MoveGraph::arc_count() const {
  return std::popcount(arcs);
}

bool MoveGraph::symmetric() const {
  for (int a = 0; a < pegs; ++a)
    for (int b = 0; b < pegs; ++b)
      if (has(a, b) != has(b, a)) return false;
  return true;
}

std::string MoveGraph::text() const {
  std::string both, one;
  for (int a = 0; a < pegs; ++a)
    for (int b = 0; b < pegs; ++b) {
      if (!has(a, b)) continue;
      if (has(b, a)) {
        if (a < b) both += (both.empty() ? "" : ",") + std::to_string(a) + "-" + std::to_string(b);
      } else {
        one += (one.empty() ? "" : ",") + std::to_string(a) + ">" + std::to_string(b);
      }
    }
  return both.empty() ? one : one.empty() ? both : both + "," + one;
}

MoveGraph MoveGraph::relabelled(const std::vector<int>& perm) const {
  MoveGraph g{pegs, 0};
  for (int a = 0; a < pegs; ++a)
    for (int b = 0; b < pegs; ++b)
      if (has(a, b)) g.add(perm[static_cast<std::size_t>(a)], perm[static_cast<std::size_t>(b)]);
  return g;
}

std::uint32_t MoveGraph::reach(int from) const {
  std::uint32_t seen = 1u << from, todo = seen;
  while (todo != 0) {
    const int a = std::countr_zero(todo);
    todo &= todo - 1;
    for (int b = 0; b < pegs; ++b)
      if (has(a, b) && !((seen >> b) & 1)) {
        seen |= 1u << b;
        todo |= 1u << b;
      }
  }
  return seen;
}

bool MoveGraph::strongly_connected() const {
  const std::uint32_t all = (1u << pegs) - 1;
  for (int a = 0; a < pegs; ++a)
    if (reach(a) != all) return false;
  return true;
}

MoveGraph parse_edges(int pegs, std::string_view text) {
  // The grammar, strictly: EDGE ("," EDGE)*, where EDGE is PEG "-" PEG (both ways)
  // or PEG ">" PEG (one way), PEG a decimal number without leading zeros, and spaces
  // allowed only around an edge ("0-1, 1-2").  An empty item (",,", a comma at
  // either end) is an error, not a thing to skip: it is a typo in a list of moves.
  MoveGraph g{pegs, 0};
  const auto fail = [&](const std::string& why) {
    throw UsageError("--edges '" + std::string(text.substr(0, 80)) + "': " + why);
  };
  const std::string_view grammar =
      " (edges look like 0-1 (both ways) or 0>1 (one way), separated by commas)";
  if (text.find_first_not_of(" ,") == std::string_view::npos)
    fail("the edge list is empty" + std::string(grammar));
  std::size_t i = 0;
  const auto spaces = [&] {
    while (i < text.size() && text[i] == ' ') ++i;
  };
  const auto number = [&]() {
    const std::size_t s = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    if (i == s || i - s > 3) fail("expected a peg number at position " + std::to_string(s + 1));
    if (i - s > 1 && text[s] == '0')
      fail("peg number '" + std::string(text.substr(s, i - s)) + "' at position " +
           std::to_string(s + 1) + " has a leading zero");
    const int v = std::atoi(std::string(text.substr(s, i - s)).c_str());
    if (v >= pegs)
      fail("peg " + std::to_string(v) + " is outside 0.." + std::to_string(pegs - 1) + " (--pegs " +
           std::to_string(pegs) + ")");
    return v;
  };
  for (;;) {
    spaces();
    if (i >= text.size() || text[i] == ',')
      fail("an empty item at position " + std::to_string(i + 1) + std::string(grammar));
    const int a = number();
    if (i >= text.size() || (text[i] != '-' && text[i] != '>'))
      fail("expected '-' (both ways) or '>' (one way) after peg " + std::to_string(a));
    const bool both = text[i] == '-';
    ++i;
    const int b = number();
    if (a == b)
      fail("the edge " + std::to_string(a) + (both ? "-" : ">") + std::to_string(b) +
           " joins a peg to itself");
    const auto put = [&](int x, int y) {
      if (g.has(x, y))
        fail("the move " + std::to_string(x) + " -> " + std::to_string(y) + " is given twice");
      g.add(x, y);
    };
    put(a, b);
    if (both) put(b, a);
    spaces();
    if (i == text.size()) break;
    if (text[i] != ',')
      fail(std::string("unexpected '") + text[i] + "' at position " + std::to_string(i + 1));
    ++i;
  }
  return g;
}

MoveGraph complete_graph(int pegs) {
  MoveGraph g{pegs, 0};
  for (int a = 0; a < pegs; ++a)
    for (int b = 0; b < pegs; ++b)
      if (a != b) g.add(a, b);
  return g;
}

MoveGraph directed_cycle(int pegs) {
  MoveGraph g{pegs, 0};
  for (int a = 0; a < pegs; ++a) g.add(a, (a + 1) % pegs);
  return g;
}

std::vector<std::vector<int>> automorphisms(const MoveGraph& g) {
  std::vector<std::vector<int>> out;
  std::vector<int> p = identity_perm(g.pegs);
  do {
    if (g.relabelled(p) == g) out.push_back(p);
  } while (std::next_permutation(p.begin(), p.end()));
  return out;
}

std::uint64_t canonical_arcs(const MoveGraph& g) {
  std::uint64_t best = g.arcs;
  std::vector<int> p = identity_perm(g.pegs);
  while (std::next_permutation(p.begin(), p.end())) best = std::min(best, g.relabelled(p).arcs);
  return best;
}

namespace {

// The subgraph induced by the pegs in `keep` (bits), on the same peg numbers.
MoveGraph induced(const MoveGraph& g, std::uint32_t keep) {
  MoveGraph h{g.pegs, 0};
  for (int a = 0; a < g.pegs; ++a)
    for (int b = 0; b < g.pegs; ++b)
      if (((keep >> a) & 1) && ((keep >> b) & 1) && g.has(a, b)) h.add(a, b);
  return h;
}

// The pegs of `keep` that reach and are reached from `a` inside it: a's strong
// component in the induced subgraph.
std::uint32_t component(const MoveGraph& h, std::uint32_t keep, int a) {
  const std::uint32_t out = h.reach(a) & keep;
  std::uint32_t both = 0;
  for (int b = 0; b < h.pegs; ++b)
    if (((out >> b) & 1) && ((h.reach(b) >> a) & 1)) both |= 1u << b;
  return both;
}

}  // namespace

bool has_shed(const MoveGraph& g) {
  if (!g.strongly_connected()) return false;  // defined for strongly connected graphs
  const std::uint32_t all = (1u << g.pegs) - 1;
  for (int v = 0; v < g.pegs; ++v) {
    const std::uint32_t keep = all & ~(1u << v);
    const MoveGraph h = induced(g, keep);
    // A strongly connected subgraph on 3 or more vertices lies inside one strong
    // component of G - v, and a strong component of 3 or more pegs is one.
    for (int a = 0; a < g.pegs; ++a)
      if (a != v && std::popcount(component(h, keep, a)) >= 3) return true;
  }
  return false;
}

namespace {

constexpr std::uint64_t kNone = ~std::uint64_t{0};

std::uint64_t add_moves(std::uint64_t a, std::uint64_t b) {
  return a == kNone || b == kNone || a > kNone - b ? kNone : a + b;
}

// The Frame-type recursion of frame_type_moves, memoised per (pegs kept, s, t, n).
class FrameType {
 public:
  explicit FrameType(const MoveGraph& g) : g_(g) {}

  std::uint64_t moves(std::uint32_t keep, int s, int t, int n) {
    if (n == 0) return 0;
    const std::uint64_t key = (static_cast<std::uint64_t>(keep) << 24) |
                              (static_cast<std::uint64_t>(s) << 16) |
                              (static_cast<std::uint64_t>(t) << 8) | static_cast<std::uint64_t>(n);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::uint64_t best = kNone;
    const int size = std::popcount(keep);
    const MoveGraph h = induced(g_, keep);
    if (n == 1) {
      best = distance(h, s, t);
    } else if (size == 3) {
      best = three_pegs(keep, s, t, n);
    } else if (size > 3) {
      for (int x = 0; x < g_.pegs; ++x) {
        if (!((keep >> x) & 1) || x == s || x == t) continue;
        const std::uint32_t rest = keep & ~(1u << x);
        for (int k = 1; k <= n; ++k) {
          const std::uint64_t there = moves(keep, s, x, n - k);
          if (there == kNone) continue;
          const std::uint64_t bottom = moves(rest, s, t, k);
          if (bottom == kNone) continue;
          best = std::min(best, add_moves(add_moves(there, bottom), moves(keep, x, t, n - k)));
        }
      }
    }
    memo_[key] = best;
    return best;
  }

 private:
  // The fewest arcs from s to t (one disc), or kNone.
  static std::uint64_t distance(const MoveGraph& h, int s, int t) {
    std::uint32_t seen = 1u << s, frontier = seen;
    for (std::uint64_t d = 1; frontier != 0; ++d) {
      std::uint32_t next = 0;
      for (int a = 0; a < h.pegs; ++a)
        if ((frontier >> a) & 1)
          for (int b = 0; b < h.pegs; ++b)
            if (h.has(a, b) && !((seen >> b) & 1)) next |= 1u << b;
      if ((next >> t) & 1) return d;
      seen |= next;
      frontier = next;
    }
    return kNone;
  }

  // Three pegs: between two moves of the largest disc the n-1 others stand as one
  // tower on the third peg, so the optimum is a shortest walk over (largest disc's
  // peg, tower's peg) whose steps are a largest-disc move along an arc (the tower
  // on the third peg: 1 move) or a tower transfer (n-1 discs, recursively).
  std::uint64_t three_pegs(std::uint32_t keep, int s, int t, int n) {
    const MoveGraph h = induced(g_, keep);
    std::uint64_t dist[8][8];
    for (auto& row : dist)
      for (auto& d : row) d = kNone;
    bool done[8][8] = {};
    dist[s][s] = 0;
    for (;;) {
      int p = -1, q = -1;
      for (int a = 0; a < g_.pegs; ++a)
        for (int b = 0; b < g_.pegs; ++b)
          if (!done[a][b] && dist[a][b] != kNone && (p < 0 || dist[a][b] < dist[p][q])) {
            p = a;
            q = b;
          }
      if (p < 0) return kNone;
      if (p == t && q == t) return dist[p][q];
      done[p][q] = true;
      const auto relax = [&](int a, int b, std::uint64_t cost) {
        const std::uint64_t d = add_moves(dist[p][q], cost);
        if (d < dist[a][b]) dist[a][b] = d;
      };
      for (int r = 0; r < g_.pegs; ++r) {
        if (!((keep >> r) & 1) || r == q) continue;
        relax(p, r, moves(keep, q, r, n - 1));  // the tower q -> r
        // The largest disc p -> r, the tower on the third peg.
        if (h.has(p, r) && q != p && q != r) relax(r, q, 1);
      }
    }
  }

  MoveGraph g_;
  std::map<std::uint64_t, std::uint64_t> memo_;
};

}  // namespace

std::optional<std::uint64_t> frame_type_moves(const MoveGraph& g, int s, int t, int n) {
  FrameType f(g);
  const std::uint64_t m = f.moves((1u << g.pegs) - 1, s, t, n);
  return m == kNone ? std::nullopt : std::optional<std::uint64_t>(m);
}

std::vector<MoveGraph> enumerate_graphs(int pegs, GraphClass cls) {
  // The candidate arcs: unordered pairs for graphs, ordered pairs for digraphs.
  std::vector<std::pair<int, int>> slots;
  for (int a = 0; a < pegs; ++a)
    for (int b = 0; b < pegs; ++b)
      if (a != b && (cls == GraphClass::kStronglyConnected || a < b)) slots.emplace_back(a, b);
  std::vector<std::vector<int>> perms;
  std::vector<int> p = identity_perm(pegs);
  while (std::next_permutation(p.begin(), p.end())) perms.push_back(p);
  std::vector<MoveGraph> out;
  const std::uint64_t total = std::uint64_t{1} << slots.size();
  for (std::uint64_t sel = 1; sel < total; ++sel) {
    MoveGraph g{pegs, 0};
    for (std::size_t i = 0; i < slots.size(); ++i)
      if ((sel >> i) & 1) {
        g.add(slots[i].first, slots[i].second);
        if (cls == GraphClass::kConnected) g.add(slots[i].second, slots[i].first);
      }
    // (Connected undirected = strongly connected as a symmetric digraph.)
    if (!g.strongly_connected()) continue;
    bool least = true;
    for (const auto& q : perms)
      if (g.relabelled(q).arcs < g.arcs) {
        least = false;
        break;
      }
    if (least) out.push_back(g);
  }
  std::sort(out.begin(), out.end(),
            [](const MoveGraph& a, const MoveGraph& b) { return a.arcs < b.arcs; });
  return out;
}

CanonicalInstance canonical_instance(const MoveGraph& g, int from, int to) {
  CanonicalInstance best{~std::uint64_t{0}, 0, 0};
  std::vector<int> p = identity_perm(g.pegs);
  do {
    const CanonicalInstance c{g.relabelled(p).arcs, p[static_cast<std::size_t>(from)],
                              p[static_cast<std::size_t>(to)]};
    if (std::tie(c.arcs, c.from, c.to) < std::tie(best.arcs, best.from, best.to)) best = c;
  } while (std::next_permutation(p.begin(), p.end()));
  return best;
}

std::vector<std::pair<int, int>> pairs_up_to_automorphism(const MoveGraph& g) {
  const auto aut = automorphisms(g);
  std::vector<std::pair<int, int>> out;
  for (int s = 0; s < g.pegs; ++s)
    for (int t = 0; t < g.pegs; ++t) {
      if (s == t) continue;
      bool least = true;
      for (const auto& q : aut) {
        const std::pair<int, int> img{q[static_cast<std::size_t>(s)],
                                      q[static_cast<std::size_t>(t)]};
        if (img < std::pair<int, int>{s, t}) least = false;
      }
      if (least) out.emplace_back(s, t);
    }
  return out;
}

MoveGraph graph_of(const Params& p) {
  return parse_edges(p.pegs, p.edges);
}

std::vector<int> start_pegs(const Params& p) {
  if (!p.start.empty()) return pegs_of_digits(p.start, p.n, p.pegs, "--start");
  return std::vector<int>(static_cast<std::size_t>(p.n), p.from);
}

std::vector<int> goal_pegs(const Params& p) {
  if (!p.goal.empty()) return pegs_of_digits(p.goal, p.n, p.pegs, "--goal");
  return std::vector<int>(static_cast<std::size_t>(p.n), p.to);
}

namespace {

// Fills the defaults of the instance keys and checks them (FamilyInfo::
// normalize_instance); `fallback` gives the default graph.
void normalize_graph_instance(Params& p, MoveGraph (*fallback)(int)) {
  if (!p.colours.empty() || p.target >= 0)
    throw UsageError("graph takes no --colours or --target (the goal is --to or --goal)");
  const MoveGraph g = p.edges.empty() ? fallback(p.pegs) : parse_edges(p.pegs, p.edges);
  p.edges = g.text();
  if (!p.start.empty() && p.from >= 0)
    throw UsageError(
        "graph: give the start as --from (one peg) or --start (a peg per disc), "
        "not both");
  if (!p.goal.empty() && p.to >= 0)
    throw UsageError("graph: give the goal as --to (one peg) or --goal (a peg per disc), not both");
  for (const int* peg : {&p.from, &p.to})
    if (*peg >= p.pegs)
      throw UsageError("graph: --from and --to name a peg 0 to " + std::to_string(p.pegs - 1) +
                       " (got " + std::to_string(*peg) + ")");
  if (p.start.empty() && p.from < 0) p.from = 0;
  if (p.goal.empty() && p.to < 0) p.to = p.pegs - 1;
  const std::vector<int> start = start_pegs(p);  // checks the digits, then the goal's
  if (start == goal_pegs(p))
    throw UsageError("graph: the start and the goal are the same configuration");
}

// The families that are one graph with one pair of pegs (their problems), matched
// to an instance by a peg relabelling: the family's pegs are read from its own
// space (its rule, start and goal), so nothing here restates their rules.
struct FamilyMatch {
  const FamilyInfo* family = nullptr;
  Params params;
  std::vector<int> to_graph;  // family peg -> this instance's peg
};

struct FamilyShape {
  MoveGraph graph;
  int from = -1, to = -1;  // -1 unless the start / goal is all discs on one peg
};

FamilyShape shape_of(const FamilyInfo& info, const Params& fp) {
  return visit_family(info, fp, [](const auto&, const auto& space) {
    FamilyShape s;
    using Space = std::decay_t<decltype(space)>;
    if constexpr (requires {
                    space.lattice_allows(1, 0, 1);
                    space.peg_of(space.start(), 1);
                  }) {
      s.graph.pegs = space.pegs();
      for (int a = 0; a < s.graph.pegs; ++a)
        for (int b = 0; b < s.graph.pegs; ++b)
          if (a != b && space.lattice_allows(1, a, b)) s.graph.add(a, b);
      const auto start = space.start();
      const auto goal = space.unrank(space.goal_rank());
      s.from = space.peg_of(start, 1);
      s.to = space.peg_of(goal, 1);
      for (int d = 2; d <= space.discs(); ++d) {
        if (space.peg_of(start, d) != s.from) s.from = -1;
        if (space.peg_of(goal, d) != s.to) s.to = -1;
      }
    } else {
      static_assert(StateSpace<Space>);
    }
    return s;
  });
}

// The parameters with the graph's defaults filled where a caller passes them
// unnormalised (`hanoi list` asks which algorithms apply to a bare problem).
Params filled(Params p, bool directed) {
  if (p.edges.empty())
    p.edges = (directed ? directed_cycle(p.pegs) : complete_graph(p.pegs)).text();
  if (p.start.empty() && p.from < 0) p.from = 0;
  if (p.goal.empty() && p.to < 0) p.to = p.pegs - 1;
  return p;
}

std::optional<FamilyMatch> match_family(const Params& given, bool directed) {
  const Params p = filled(given, directed);
  if (!p.start.empty() || !p.goal.empty()) return std::nullopt;
  static const std::pair<const char*, const char*> kCandidates[] = {
      {"classic", "transfer"}, {"reves", "transfer"},  {"adjacent", "transfer"}, {"cyclic", "left"},
      {"cyclic", "right"},     {"four-star", "outer"}, {"four-star", "centre"},
  };
  const MoveGraph g = graph_of(p);
  for (const auto& [name, problem] : kCandidates) {
    const FamilyInfo& info = find_family(name);
    if (p.pegs < info.min_pegs || p.pegs > info.max_pegs || p.n > info.max_n(p.pegs)) continue;
    Params fp{p.n, p.pegs, problem};
    fp = normalize(info, fp);
    const FamilyShape shape = shape_of(info, fp);
    if (shape.graph.arc_count() != g.arc_count() || shape.from < 0 || shape.to < 0) continue;
    std::vector<int> perm = identity_perm(p.pegs);
    do {
      if (perm[static_cast<std::size_t>(shape.from)] == p.from &&
          perm[static_cast<std::size_t>(shape.to)] == p.to && shape.graph.relabelled(perm) == g)
        return FamilyMatch{&info, fp, perm};
    } while (std::next_permutation(perm.begin(), perm.end()));
  }
  return std::nullopt;
}

// The matched family's first algorithm for its instance (the graph's `family`
// algorithm), if any.
const AlgorithmSpec* family_algorithm(const FamilyMatch& m) {
  const auto algs = algorithms_for(*m.family, m.params);
  return algs.empty() ? nullptr : algs.front();
}

// The largest n whose goal is reachable from its start (all discs on --from and on
// --to), searched for n = 1, 2, ... while the rank space stays below 2^20;
// reachability falls with n (dropping the largest disc from a solution leaves a
// solution).  -1 when every n searched is reachable.
int largest_solvable_n(const Params& p) {
  const MoveGraph g = graph_of(p);
  SearchOptions o;
  o.stop_at_goal = true;
  o.progress = false;
  std::uint64_t size = 1;
  for (int n = 1; n <= PegCodec::max_discs(p.pegs); ++n) {
    size *= static_cast<std::uint64_t>(p.pegs);
    if (size > (std::uint64_t{1} << 20)) break;
    Params q = p;
    q.n = n;
    const DirectedSpace space(q.pegs, n, start_pegs(q), goal_pegs(q), GraphMoves<false>{g.arcs});
    if (search(space, o).outcome != SearchOutcome::kGoalReached) return n - 1;
  }
  return -1;
}

}  // namespace

GraphInfo describe_graph(const Params& p) {
  const MoveGraph g = graph_of(p);
  GraphInfo info;
  info.edges = g.text();
  info.pegs = g.pegs;
  info.arcs = g.arc_count();
  info.undirected = g.symmetric();
  info.strongly_connected = g.strongly_connected();
  info.shed = has_shed(g);
  const std::vector<int> s = start_pegs(p), t = goal_pegs(p);
  for (const auto& q : automorphisms(g)) {
    ++info.automorphisms;
    bool fixes_s = true, fixes_t = true;
    for (std::size_t d = 0; d < s.size(); ++d) {
      fixes_s = fixes_s && q[static_cast<std::size_t>(s[d])] == s[d];
      fixes_t = fixes_t && q[static_cast<std::size_t>(t[d])] == t[d];
    }
    info.fixing_start += fixes_s ? 1 : 0;
    info.fixing_start_and_goal += fixes_s && fixes_t ? 1 : 0;
  }
  if (!info.strongly_connected) {
    const int goal_peg = t.back();  // the largest disc's
    for (int a = 0; a < g.pegs; ++a)
      if (!((g.reach(a) >> goal_peg) & 1)) info.cannot_reach_goal |= 1u << a;
    if (p.start.empty() && p.goal.empty()) info.largest_solvable_n = largest_solvable_n(p);
  }
  return info;
}

std::string graph_summary(const GraphInfo& g) {
  std::string out = std::to_string(g.pegs) + " pegs, " +
                    (g.undirected ? "undirected" : "directed") + " (" +
                    std::to_string(g.undirected ? g.arcs / 2 : g.arcs) +
                    (g.undirected ? " edges" : " arcs") + "), ";
  out += g.strongly_connected
             ? (g.undirected ? "connected" : "strongly connected") +
                   std::string(": every n is solvable (Leiss 1983)")
             : std::string(g.undirected ? "not connected" : "not strongly connected") +
                   (g.cannot_reach_goal != 0 ? "; the goal peg cannot be reached from peg(s) " +
                                                   peg_list(g.cannot_reach_goal)
                                             : std::string()) +
                   (g.largest_solvable_n >= 0
                        ? "; solvable only for n <= " + std::to_string(g.largest_solvable_n)
                        : std::string());
  out += g.shed ? "; has a shed" : "; no shed";
  out += "; automorphisms " + std::to_string(g.automorphisms) + " (" +
         std::to_string(g.fixing_start) + " fix the start, " +
         std::to_string(g.fixing_start_and_goal) + " the start and the goal)";
  return out;
}

namespace {

template <bool Reversible>
PegSpace<GraphMoves<Reversible>> make_graph_space(const Params& p) {
  const MoveGraph g = graph_of(p);
  if (Reversible && !g.symmetric())
    throw std::logic_error("graph: a one-way edge must be searched by digraph (served_by)");
  return PegSpace<GraphMoves<Reversible>>(p.pegs, p.n, start_pegs(p), goal_pegs(p),
                                          GraphMoves<Reversible>{g.arcs});
}

FamilyInfo graph_info(bool directed) {
  FamilyInfo f{
      .name = directed ? "digraph" : "graph",
      .summary = directed ? "any directed move graph (--edges 0>1,1>2,...); default the directed "
                            "cycle; the irreversible form that graph uses for one-way edges"
                          : "any move graph (--edges 0-1,1-2 both ways, 0>1 one way); default the "
                            "complete graph; start and goal --from/--to or --start/--goal",
      .default_pegs = directed ? 3 : 4,
      .min_pegs = kMinPegs,
      .max_pegs = kMaxPegs,
      .max_n = PegCodec::max_discs,
      .problems = {{"transfer", "--from (default 0) -> --to (default m-1), or --start -> --goal"}},
      .algorithms =
          {
              {"family",
               "the published algorithm of the family this graph and pair are (classic, reves, "
               "adjacent, cyclic, four-star), its pegs relabelled",
               [directed](const Params& p) {
                 const auto m = match_family(p, directed);
                 return m && family_algorithm(*m) != nullptr;
               },
               [directed](const Params& p, MoveSink sink) {
                 const auto m = match_family(p, directed);
                 if (!m || family_algorithm(*m) == nullptr)
                   throw std::logic_error("graph: no family algorithm for this instance");
                 family_algorithm(*m)->emit(m->params, [&](Move mv) {
                   mv.from = static_cast<std::uint8_t>(m->to_graph[mv.from]);
                   mv.to = static_cast<std::uint8_t>(m->to_graph[mv.to]);
                   sink(mv);
                 });
               },
               [directed](const Params& p) {
                 const auto m = match_family(p, directed);
                 return m && family_algorithm(*m) != nullptr &&
                        holds_for(family_algorithm(*m)->claimed_optimal, m->params);
               }},
          },
      .closed_form = [directed](const Params& p) -> std::optional<std::uint64_t> {
        const auto m = match_family(p, directed);
        if (!m) return std::nullopt;
        return closed_form_of(*m->family, m->params);
      },
      .formula_name =
          [directed](const Params& p) {
            const auto m = match_family(p, directed);
            if (!m || !closed_form_of(*m->family, m->params))
              return std::string("none known for this graph (only computed values)");
            return m->family->name + "'s: " + formula_name_of(*m->family, m->params);
          },
      .formula_is_optimum =
          [directed](const Params& p) {
            const auto m = match_family(p, directed);
            return m && holds_for(m->family->formula_is_optimum, m->params);
          },
      .normalize_instance = directed
                                ? [](Params& p) { normalize_graph_instance(p, directed_cycle); }
                                : [](Params& p) { normalize_graph_instance(p, complete_graph); },
      .conformance_ranks = 20000,
  };
  f.instance_summary = [](const Params& p) { return graph_summary(describe_graph(p)); };
  f.instance_facts = [](const Params& p) {
    const GraphInfo g = describe_graph(p);
    const auto flag = [](bool b) { return std::string(b ? "true" : "false"); };
    std::vector<std::pair<std::string, std::string>> out = {
        {"undirected", flag(g.undirected)},
        {"strongly_connected", flag(g.strongly_connected)},
        {"shed", flag(g.shed)},
        {"automorphisms", std::to_string(g.automorphisms)},
        {"automorphisms_fixing_start", std::to_string(g.fixing_start)},
        {"automorphisms_fixing_start_and_goal", std::to_string(g.fixing_start_and_goal)},
    };
    if (!g.strongly_connected)
      out.emplace_back("largest_solvable_n", g.largest_solvable_n < 0
                                                 ? std::string("null")
                                                 : std::to_string(g.largest_solvable_n));
    return out;
  };
  if (!directed)
    f.served_by = [](const Params& p) {
      return graph_of(p).symmetric() ? std::string() : std::string("digraph");
    };
  return f;
}

}  // namespace

Family<GraphFamily::Space> GraphFamily::family() {
  return Family<Space>{.info = graph_info(false), .make = make_graph_space<true>};
}

Family<DigraphFamily::Space> DigraphFamily::family() {
  return Family<Space>{.info = graph_info(true), .make = make_graph_space<false>};
}

}  // namespace hanoi::variants::graph

// What a variant family registers: its names, parameter ranges, problems,
// algorithms, closed form, and the factory that turns parameters into a concrete
// state space.
//
// Design overview
// ---------------
// The engine (engine/) knows states, searches and results.  This header is the
// application layer's view of a variant: command-line parameters (`Params`), bad
// input (`UsageError`), and `Family<Space>`, a plain description built with
// designated initialisers.  Nothing here runs a search: the analyses (cli/) receive
// the concrete `Space` from `visit_family` (variants/visit.hpp) and are templates
// over it, so capabilities (a largest disc, predecessors, witnesses) are checked at
// compile time.
//
// A family folder provides one entry type
//
//   struct ClassicFamily {
//     using Space = PegSpace<FreeMoves>;
//     static Family<Space> family();
//   };
//
// and one line in the list of variants/visit.hpp.  Everything else (the CLI's
// `list`, every analysis, the conformance test suite) follows from that list.
// docs/adding-a-variant.md walks through `classic`.
#pragma once

#include <absl/functional/function_ref.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core.hpp"

namespace hanoi {

// Bad input from the user: printed as one line, exit status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One instance of a family as the command line names it.
struct Params {
  Params() = default;
  Params(int discs, int peg_count = 0, std::string problem_code = {})
      : n(discs), pegs(peg_count), problem(std::move(problem_code)) {}

  int n = 0;
  int pegs = 0;         // 0 = the family's default
  std::string problem;  // "" = the family's default (top-level) problem
  // Instance parameters of families whose start is part of the instance (er):
  // "" / -1 = the family's default; refused by families that take none.
  std::string colours;  // one letter per disc, smallest first
  std::string start;    // one peg digit per disc, smallest first
  int target = -1;      // the goal peg
  // The move-graph families (graph, digraph): the edge list, and the start and goal
  // as one peg each (from, to) or as one peg digit per disc (start above, goal).
  std::string edges;
  int from = -1, to = -1;
  std::string goal;
};

// Copies the move-graph families' instance keys (edges, start, goal, from, to) from
// whatever names them alike: the command line's options, a batch row.
template <class Keys>
void set_graph_keys(Params& p, const Keys& k) {
  p.edges = k.edges;
  p.start = k.start;
  p.goal = k.goal;
  p.from = k.from;
  p.to = k.to;
}

// Where an algorithm sends its moves.
using MoveSink = absl::FunctionRef<void(Move)>;

struct ProblemInfo {
  std::string code;
  std::string description;
};

// Which parameters something applies to; an empty function means all.
using ParamsPredicate = std::function<bool(const Params&)>;

inline bool holds_for(const ParamsPredicate& pred, const Params& p) {
  return !pred || pred(p);
}

// A predicate that is never true: for algorithms that are only bounds.
inline bool never(const Params&) {
  return false;
}

struct AlgorithmSpec {
  std::string name;
  std::string description;
  ParamsPredicate applies;  // which (pegs, problem) it solves
  std::function<void(const Params&, MoveSink)> emit;
  // Where the seeds claim the algorithm optimal (the conformance suite then checks
  // it equals the search's optimum); elsewhere it is only claimed to be a solution.
  ParamsPredicate claimed_optimal;
};

// A rule checker on explicit stacks, for algorithm runs beyond every encoder (seed
// 002's Many_Pin demonstration: 1000 discs on 100 pegs, or 35 discs on 6).  The
// family's rules are written plainly once more, on vectors; one virtual call a move
// is nothing next to the allocation-free search loops it never enters.
class PlainBoard {
 public:
  virtual ~PlainBoard() = default;
  // Makes the move if it is legal and returns ""; otherwise returns the broken rule
  // and leaves the board unchanged.  `disc` is set to the disc on top of `from`
  // (0 when that peg is empty).
  virtual const char* move(int from, int to, int& disc) = 0;
  virtual bool is_goal() const = 0;
  // The configuration in the engine's text form ("0: 3 2 1 | 1: | 2:").
  virtual std::string describe() const = 0;
  virtual int pegs() const = 0;
};

// Where the published algorithms may run past the encoder's limits (`run`, `show`,
// `check`): up to these pegs and discs, on the family's PlainBoard.  No board = the
// encoder's limits hold everywhere.
struct BeyondEncoder {
  int max_pegs = 0, max_n = 0;
  std::function<std::unique_ptr<PlainBoard>(const Params&)> board;
};

// What parameters are checked for: a search (the encoder's limits) or a replay of
// moves (an algorithm's or a user's), which may use the family's BeyondEncoder.
enum class Reach { kSearch, kReplay };

// Everything about a family that does not depend on its state-space type.
struct FamilyInfo {
  std::string name;
  std::string summary;
  int default_pegs = 3, min_pegs = 3, max_pegs = 3;
  std::function<int(int pegs)> max_n;  // the encoder's limit
  std::vector<ProblemInfo> problems;   // the first is the default
  std::vector<AlgorithmSpec> algorithms;
  std::function<std::optional<std::uint64_t>(const Params&)> closed_form;
  std::function<std::string(const Params&)> formula_name;
  // Where the closed form is claimed to be the optimum (checked by the conformance
  // suite); elsewhere it is only the cost of a published solution.
  ParamsPredicate formula_is_optimum;
  // Instance parameters (Params::colours, start, target): fills their defaults and
  // checks them, throwing UsageError; empty = the family takes none.
  std::function<void(Params&)> normalize_instance;
  // Pictures (`hanoi show`): a disc's colour where it follows from its size alone
  // (rainbow's cycle of colours, checkers' parity), as a short name; empty = the
  // colours are the letters of the configuration text, or there are none.
  std::function<std::string(const Params&, int disc)> disc_colour;
  // The colour of a peg's base where the problem colours it (rainbow, checkers),
  // as a short name; "" = an uncoloured base.
  std::function<std::string(const Params&, int peg)> base_colour;
  // Algorithm runs past the encoder (see BeyondEncoder).
  BeyondEncoder beyond_encoder;
  // The largest (pegs, problem) instances the conformance suite searches, in ranks.
  std::uint64_t conformance_ranks = 20000;
  // A family whose instances another registered family serves (graph: a move graph
  // with a one-way edge is searched by digraph, whose space is irreversible): the
  // name of the serving family for these normalised parameters, or "" for itself.
  std::function<std::string(const Params&)> served_by;
  // What an instance's parameters make of it, for `hanoi list VARIANT ...`, the text
  // report and the JSON of a search (graph: connectivity, shed, automorphisms): one
  // line of text, and (key, JSON value) pairs; empty = nothing beyond the parameters.
  std::function<std::string(const Params&)> instance_summary;
  std::function<std::vector<std::pair<std::string, std::string>>(const Params&)> instance_facts;
};

template <StateSpace S>
struct Family {
  using Space = S;
  FamilyInfo info;
  std::function<Space(const Params&)> make;
};

inline std::optional<std::uint64_t> closed_form_of(const FamilyInfo& f, const Params& p) {
  return f.closed_form ? f.closed_form(p) : std::nullopt;
}
inline std::string formula_name_of(const FamilyInfo& f, const Params& p) {
  return f.formula_name ? f.formula_name(p) : std::string();
}

// Fills defaults (pegs, problem, instance) and checks every range; throws UsageError
// with one clear line.  Reach::kReplay accepts the BeyondEncoder limits too.  Defined
// in variants/family.cpp.
Params normalize(const FamilyInfo& f, Params p, Reach reach = Reach::kSearch);

// Whether these (normalised) parameters are beyond the encoder, so that only the
// family's PlainBoard can replay moves on them.
bool beyond_encoder(const FamilyInfo& f, const Params& p);

// The algorithms that apply to these (normalised) parameters.
std::vector<const AlgorithmSpec*> algorithms_for(const FamilyInfo& f, const Params& p);

// The named algorithm, or a UsageError listing those that apply.
const AlgorithmSpec& find_algorithm(const FamilyInfo& f, const Params& p, std::string_view name);

}  // namespace hanoi

// The command boundary: a variant *family* as the CLI and the batch runner see it.
//
// A family (classic, reves, cyclic, ...) turns command-line parameters (n, pegs,
// problem) into a concrete state-space type and runs the generic search or the
// rule checker on it.  `Family` is the only virtual interface in the engine; the
// generic `FamilyImpl<Space>` implements it for any `StateSpace`, so a variant
// folder supplies only a `FamilySpec` (names, ranges, algorithms, closed form) and
// a factory.  Registration happens in one place: variants/registry.cpp.
#pragma once

#include <absl/functional/function_ref.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/bfs.hpp"
#include "engine/core.hpp"
#include "engine/frame.hpp"
#include "engine/replay.hpp"
#include "engine/structure.hpp"

namespace hanoi {

// Bad input from the user: printed as one line, exit status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Params {
  int n = 0;
  int pegs = 0;         // 0 = the family's default
  std::string problem;  // "" = the family's default (top-level) problem
};

// Where an algorithm sends its moves.
using MoveSink = absl::FunctionRef<void(Move)>;

struct ProblemInfo {
  std::string code;
  std::string description;
};

struct AlgorithmSpec {
  std::string name;
  std::string description;
  // Which (pegs, problem) it solves; nullptr = every one.
  std::function<bool(const Params&)> applies;
  std::function<void(const Params&, MoveSink)> emit;
};

struct RunReport {
  std::string algorithm;
  bool ok = false;
  std::uint64_t moves = 0;
  std::string error;          // first rule violation or wrong final state
  std::vector<Move> recorded; // when asked to record
  double seconds = 0;
};

class Family {
 public:
  virtual ~Family() = default;
  virtual const std::string& name() const = 0;
  virtual const std::string& summary() const = 0;
  virtual int default_pegs() const = 0;
  virtual int min_pegs() const = 0;
  virtual int max_pegs() const = 0;
  virtual int max_n(int pegs) const = 0;  // the encoder's limit
  virtual const std::vector<ProblemInfo>& problems() const = 0;
  virtual std::vector<const AlgorithmSpec*> algorithms(const Params& p) const = 0;
  // Fills defaults and checks ranges; throws UsageError with one clear line.
  virtual Params normalize(Params p) const = 0;
  virtual SearchResult optimum(const Params& p, const SearchOptions& o) const = 0;
  // The optimum against the best Frame-type solution (frame.hpp).
  virtual FrameAnalysis frame(const Params& p, const SearchOptions& o, bool want_moves,
                              FrameScope scope) const = 0;
  // The exact number of optimal solutions (structure.hpp).
  virtual SolutionCount count_optimal(const Params& p, const SearchOptions& o) const = 0;
  // Distances and shortest-path counts between every pair of reachable states.
  virtual AllPairsSummary all_pairs(const Params& p) const = 0;
  // Runs a named algorithm through the rule checker.
  virtual RunReport run(const Params& p, std::string_view algorithm, bool record) const = 0;
  // The published closed form or recurrence, when there is one for these params.
  virtual std::optional<std::uint64_t> closed_form(const Params& p) const = 0;
  virtual std::string formula_name(const Params& p) const = 0;
  // The encoder's rank space for these params (for estimates without a search).
  virtual Rank rank_space(const Params& p) const = 0;
};

template <class Space>
struct FamilySpec {
  std::string name;
  std::string summary;
  int default_pegs = 3, min_pegs = 3, max_pegs = 3;
  std::function<int(int pegs)> max_n;
  std::vector<ProblemInfo> problems;  // the first is the default
  std::function<Space(const Params&)> make;
  std::vector<AlgorithmSpec> algorithms;
  std::function<std::optional<std::uint64_t>(const Params&)> closed_form;
  std::function<std::string(const Params&)> formula_name;
};

namespace detail {
struct StopEmission {};  // thrown through an algorithm once the checker has failed
}  // namespace detail

template <StateSpace Space>
class FamilyImpl final : public Family {
 public:
  explicit FamilyImpl(FamilySpec<Space> spec) : spec_(std::move(spec)) {}

  const std::string& name() const override { return spec_.name; }
  const std::string& summary() const override { return spec_.summary; }
  int default_pegs() const override { return spec_.default_pegs; }
  int min_pegs() const override { return spec_.min_pegs; }
  int max_pegs() const override { return spec_.max_pegs; }
  int max_n(int pegs) const override { return spec_.max_n(pegs); }
  const std::vector<ProblemInfo>& problems() const override { return spec_.problems; }

  std::vector<const AlgorithmSpec*> algorithms(const Params& p) const override {
    std::vector<const AlgorithmSpec*> out;
    for (const auto& a : spec_.algorithms)
      if (!a.applies || a.applies(p)) out.push_back(&a);
    return out;
  }

  Params normalize(Params p) const override {
    if (p.pegs == 0) p.pegs = spec_.default_pegs;
    if (p.pegs < spec_.min_pegs || p.pegs > spec_.max_pegs) {
      throw UsageError(spec_.min_pegs == spec_.max_pegs
                           ? spec_.name + " has exactly " + std::to_string(spec_.min_pegs) +
                                 " pegs (got --pegs " + std::to_string(p.pegs) + ")"
                           : spec_.name + " takes --pegs from " + std::to_string(spec_.min_pegs) +
                                 " to " + std::to_string(spec_.max_pegs) + " (got " +
                                 std::to_string(p.pegs) + ")");
    }
    if (p.problem.empty()) p.problem = spec_.problems.front().code;
    bool known = false;
    std::string codes;
    for (const auto& pr : spec_.problems) {
      known = known || pr.code == p.problem;
      codes += (codes.empty() ? "" : ", ") + pr.code;
    }
    if (!known)
      throw UsageError("unknown problem '" + p.problem + "' for " + spec_.name +
                       " (problems: " + codes + ")");
    const int hi = spec_.max_n(p.pegs);
    if (p.n < 1 || p.n > hi)
      throw UsageError(spec_.name + " with " + std::to_string(p.pegs) + " pegs takes n from 1 to " +
                       std::to_string(hi) + " (got " + std::to_string(p.n) + ")");
    return p;
  }

  SearchResult optimum(const Params& p, const SearchOptions& o) const override {
    const Space space = spec_.make(p);
    return breadth_first_search(space, o);
  }

  FrameAnalysis frame(const Params& p, const SearchOptions& o, bool want_moves,
                      FrameScope scope) const override {
    if constexpr (HasDiscPegs<Space>) {
      const Space space = spec_.make(p);
      return analyse_frame(space, o, want_moves, scope);
    } else {
      throw UsageError(spec_.name + " has no single largest disc: the Frame hypothesis does not apply");
    }
  }

  SolutionCount count_optimal(const Params& p, const SearchOptions& o) const override {
    const Space space = spec_.make(p);
    return count_optimal_solutions(space, o);
  }

  AllPairsSummary all_pairs(const Params& p) const override {
    const Space space = spec_.make(p);
    try {
      return all_pairs_summary(space);
    } catch (const std::length_error& e) {
      throw UsageError(spec_.name + " n=" + std::to_string(p.n) + ": " + e.what() + " (lower n)");
    }
  }

  RunReport run(const Params& p, std::string_view algorithm, bool record) const override {
    const AlgorithmSpec* alg = nullptr;
    std::string names;
    for (const AlgorithmSpec* a : algorithms(p)) {
      if (a->name == algorithm) alg = a;
      names += (names.empty() ? "" : ", ") + a->name;
    }
    if (alg == nullptr)
      throw UsageError("unknown algorithm '" + std::string(algorithm) + "' for " + spec_.name +
                       " problem " + p.problem + " (algorithms: " +
                       (names.empty() ? "none" : names) + ")");
    const auto t0 = std::chrono::steady_clock::now();
    const Space space = spec_.make(p);
    // A runaway algorithm is stopped far beyond any sensible count.
    Replayer<Space> checker(space, std::uint64_t{1} << 42);
    RunReport report;
    report.algorithm = alg->name;
    try {
      alg->emit(p, [&](Move m) {
        if (record) report.recorded.push_back(m);
        if (!checker.step(m)) throw detail::StopEmission{};
      });
      checker.finish();
    } catch (const detail::StopEmission&) {
    } catch (const std::exception& e) {
      // An algorithm that gives up (no legal choice, a broken invariant) is a failed run.
      report.moves = checker.count();
      report.ok = false;
      report.error = std::string("algorithm stopped after ") + std::to_string(checker.count()) +
                     " moves: " + e.what();
      return report;
    }
    report.moves = checker.count();
    report.ok = !checker.error().has_value();
    if (!report.ok) {
      const ReplayError& e = *checker.error();
      report.error = e.index == checker.count() && e.move == Move{}
                         ? e.reason
                         : "move " + std::to_string(e.index + 1) + " (disc " +
                               std::to_string(e.move.disc) + " from " +
                               std::to_string(e.move.from) + " to " + std::to_string(e.move.to) +
                               "): " + e.reason;
    }
    report.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return report;
  }

  std::optional<std::uint64_t> closed_form(const Params& p) const override {
    return spec_.closed_form ? spec_.closed_form(p) : std::nullopt;
  }
  std::string formula_name(const Params& p) const override {
    return spec_.formula_name ? spec_.formula_name(p) : "";
  }
  Rank rank_space(const Params& p) const override { return spec_.make(p).num_ranks(); }

 private:
  FamilySpec<Space> spec_;
};

template <StateSpace Space>
std::unique_ptr<Family> make_family(FamilySpec<Space> spec) {
  return std::make_unique<FamilyImpl<Space>>(std::move(spec));
}

}  // namespace hanoi

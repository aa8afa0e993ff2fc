// A family with its analyses as methods, for tests that exercise one family: the
// same engine templates the CLI runs (cli/analysis_*.cpp), called directly on the
// family's concrete Space.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyses/frame.hpp"
#include "analyses/instances.hpp"  // the families' searches and analyses, compiled once
#include "analyses/replay_algorithm.hpp"
#include "analyses/structure.hpp"
#include "engine/search.hpp"
#include "variants/family.hpp"

namespace hanoi::testing {

template <StateSpace Space>
class FamilyHandle {
 public:
  explicit FamilyHandle(Family<Space> f) : f_(std::move(f)) {}

  const Family<Space>& family() const { return f_; }
  const FamilyInfo& info() const { return f_.info; }
  const std::string& name() const { return f_.info.name; }
  int default_pegs() const { return f_.info.default_pegs; }
  int min_pegs() const { return f_.info.min_pegs; }
  int max_pegs() const { return f_.info.max_pegs; }
  int max_n(int pegs) const { return f_.info.max_n(pegs); }
  const std::vector<ProblemInfo>& problems() const { return f_.info.problems; }
  Params normalize(Params p) const { return hanoi::normalize(f_.info, std::move(p)); }
  std::vector<const AlgorithmSpec*> algorithms(const Params& p) const {
    return algorithms_for(f_.info, p);
  }
  std::optional<std::uint64_t> closed_form(const Params& p) const {
    return closed_form_of(f_.info, p);
  }
  std::string formula_name(const Params& p) const { return formula_name_of(f_.info, p); }
  Space space(const Params& p) const { return f_.make(p); }
  Rank rank_space(const Params& p) const { return f_.make(p).num_ranks(); }

  SearchResult optimum(const Params& p, const SearchOptions& o) const {
    return search(f_.make(p), o);
  }
  RunReport run(const Params& p, std::string_view algorithm, bool record) const {
    return replay_algorithm(f_.make(p), p, find_algorithm(f_.info, p, algorithm), record);
  }
  FrameAnalysis frame(const Params& p, const SearchOptions& o, bool want_moves,
                      FrameScope scope) const {
    return analyse_frame(f_.make(p), o, want_moves, scope);
  }
  SolutionCount count_optimal(const Params& p, const SearchOptions& o) const {
    return count_optimal_solutions(f_.make(p), o);
  }
  AllPairsSummary all_pairs(const Params& p) const { return all_pairs_summary(f_.make(p)); }

 private:
  Family<Space> f_;
};

// The registered family of a registry entry (e.g. variants::classic::ClassicFamily).
template <class Entry>
std::unique_ptr<FamilyHandle<typename Entry::Space>> family_of() {
  return std::make_unique<FamilyHandle<typename Entry::Space>>(Entry::family());
}

}  // namespace hanoi::testing

#include "variants/family.hpp"

#include <string>

namespace hanoi {

Params normalize(const FamilyInfo& f, Params p) {
  if (p.pegs == 0) p.pegs = f.default_pegs;
  if (p.pegs < f.min_pegs || p.pegs > f.max_pegs) {
    throw UsageError(f.min_pegs == f.max_pegs
                         ? f.name + " has exactly " + std::to_string(f.min_pegs) +
                               " pegs (got --pegs " + std::to_string(p.pegs) + ")"
                         : f.name + " takes --pegs from " + std::to_string(f.min_pegs) + " to " +
                               std::to_string(f.max_pegs) + " (got " + std::to_string(p.pegs) +
                               ")");
  }
  if (p.problem.empty()) p.problem = f.problems.front().code;
  bool known = false;
  std::string codes;
  for (const auto& pr : f.problems) {
    known = known || pr.code == p.problem;
    codes += (codes.empty() ? "" : ", ") + pr.code;
  }
  if (!known)
    throw UsageError("unknown problem '" + p.problem + "' for " + f.name + " (problems: " + codes +
                     ")");
  const int hi = f.max_n(p.pegs);
  if (p.n < 1 || p.n > hi)
    throw UsageError(f.name + " with " + std::to_string(p.pegs) + " pegs takes n from 1 to " +
                     std::to_string(hi) + " (got " + std::to_string(p.n) + ")");
  if (f.normalize_instance) {
    f.normalize_instance(p);
  } else if (!p.colours.empty() || !p.start.empty() || p.target >= 0) {
    throw UsageError(f.name + " takes no --colours, --start or --target (its start is fixed)");
  }
  return p;
}

std::vector<const AlgorithmSpec*> algorithms_for(const FamilyInfo& f, const Params& p) {
  std::vector<const AlgorithmSpec*> out;
  for (const auto& a : f.algorithms)
    if (holds_for(a.applies, p)) out.push_back(&a);
  return out;
}

const AlgorithmSpec& find_algorithm(const FamilyInfo& f, const Params& p, std::string_view name) {
  std::string names;
  for (const AlgorithmSpec* a : algorithms_for(f, p)) {
    if (a->name == name) return *a;
    names += (names.empty() ? "" : ", ") + a->name;
  }
  throw UsageError("unknown algorithm '" + std::string(name) + "' for " + f.name + " problem " +
                   p.problem + " (algorithms: " + (names.empty() ? "none" : names) + ")");
}

}  // namespace hanoi

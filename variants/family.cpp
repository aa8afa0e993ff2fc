#include "variants/family.hpp"

#include <algorithm>
#include <string>

namespace hanoi {

bool beyond_encoder(const FamilyInfo& f, const Params& p) {
  return p.pegs > f.max_pegs || p.n > f.max_n(std::min(p.pegs, f.max_pegs));
}

Params normalize(const FamilyInfo& f, Params p, Reach reach) {
  const bool wide = reach == Reach::kReplay && f.beyond_encoder.board;
  const int max_pegs = wide ? std::max(f.max_pegs, f.beyond_encoder.max_pegs) : f.max_pegs;
  if (p.pegs == 0) p.pegs = f.default_pegs;
  if (p.pegs < f.min_pegs || p.pegs > max_pegs) {
    throw UsageError(f.min_pegs == max_pegs
                         ? f.name + " has exactly " + std::to_string(f.min_pegs) +
                               " pegs (got --pegs " + std::to_string(p.pegs) + ")"
                         : f.name + " takes --pegs from " + std::to_string(f.min_pegs) + " to " +
                               std::to_string(max_pegs) + (wide ? " in algorithm runs" : "") +
                               " (got " + std::to_string(p.pegs) + ")" +
                               (!wide && f.beyond_encoder.board
                                    ? "; `run`, `show` and `check` take up to " +
                                          std::to_string(f.beyond_encoder.max_pegs)
                                    : ""));
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
  const int encoder_hi = p.pegs <= f.max_pegs ? f.max_n(p.pegs) : 0;
  const int hi = wide ? std::max(encoder_hi, f.beyond_encoder.max_n) : encoder_hi;
  if (p.n < 1 || p.n > hi)
    throw UsageError(f.name + " with " + std::to_string(p.pegs) + " pegs takes n from 1 to " +
                     std::to_string(hi) + (wide ? " in algorithm runs" : "") + " (got " +
                     std::to_string(p.n) + ")" +
                     (!wide && f.beyond_encoder.board ? "; `run`, `show` and `check` take up to " +
                                                            std::to_string(f.beyond_encoder.max_n)
                                                      : ""));
  if (f.normalize_instance) {
    f.normalize_instance(p);
  } else if (!p.colours.empty() || !p.start.empty() || p.target >= 0 || !p.edges.empty() ||
             p.from >= 0 || p.to >= 0 || !p.goal.empty()) {
    throw UsageError(f.name +
                     " takes no --colours, --start, --target, --edges, --from, --to or --goal "
                     "(its start and goal are fixed)");
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

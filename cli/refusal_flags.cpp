#include "cli/refusal_flags.hpp"

namespace hanoi::cli {

const char* feature_flag(Feature f) {
  switch (f) {
    case Feature::kWitness:
      return "--moves";
    case Feature::kFarthest:
      return "--farthest";
    case Feature::kSymmetry:
      return "--symmetry";
    case Feature::kHalfDepth:
      return "--meet-in-middle";
    case Feature::kWatch:
      return "";
    case Feature::kResume:
      return "--resume";
    case Feature::kWorkDir:
      return "--work-dir";
    case Feature::kDiskStorage:
      return "--storage disk";
    case Feature::kMemoryStorage:
      return "--storage memory";
    case Feature::kDistributed:
      return "--distributed";
    case Feature::kGenericEngine:
      return "--engine generic";
    case Feature::kLatticeEngine:
      return "--engine lattice";
    case Feature::kFrontierEngine:
      return "--engine frontier";
    case Feature::kMemoryBudget:
      return "--max-memory";
    case Feature::kDiscs:
      return "-n";
    case Feature::kSegmentDiscs:
      return "--segment-discs";
    case Feature::kSegmentBits:
      return "--segment-bits";
  }
  return "";
}

std::string flags_suffix(FeatureSet involved, const TakesOption& takes) {
  std::string s;
  for (int i = 0; i < kFeatureCount; ++i) {
    const auto f = static_cast<Feature>(i);
    const std::string flag = feature_flag(f);
    if (!involved.has(f) || flag.empty()) continue;
    // "--storage disk" is the option --storage.
    if (takes && !takes(flag.substr(0, flag.find(' ')))) continue;
    s += (s.empty() ? " [" : ", ") + flag;
  }
  return s.empty() ? s : s + "]";
}

std::string with_flags(const std::exception& e, const TakesOption& takes) {
  const auto* named = dynamic_cast<const NamesFeatures*>(&e);
  return std::string(e.what()) + (named != nullptr ? flags_suffix(named->involved(), takes) : "");
}

}  // namespace hanoi::cli

#include "analyses/compare.hpp"

#include "analyses/er_compare.hpp"

namespace hanoi {

const CompareInstances* find_instance_comparison(const FamilyInfo& family) {
  // One line per family that has instance families.
  static const std::map<std::string, CompareInstances> comparisons = {
      {"er", variants::er::compare_instances},
  };
  const auto it = comparisons.find(family.name);
  return it == comparisons.end() ? nullptr : &it->second;
}

}  // namespace hanoi

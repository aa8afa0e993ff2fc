// Instance families (`hanoi compare`): an algorithm against the optimum on every
// instance of a family, where a family's instances are many (Er: every colouring x
// every start for one target).
//
// Design overview
// ---------------
// An analysis, so it lives above the families (engine <- variants <- analyses <-
// cli): a family does not name its comparison; `find_instance_comparison` maps a
// family's name to it (today only `er`, analyses/er_compare.hpp).  The report is
// plain data for the CLI's tables and JSON.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "variants/family.hpp"

namespace hanoi {

struct InstanceRow {
  std::uint64_t id = 0;
  std::string instance;  // replayable command-line options, e.g. "--colours WB --start 01"
  std::uint64_t optimum = 0, algorithm = 0;
};
struct InstanceFamilyOptions {
  std::function<void(const InstanceRow&)> on_instance;  // every instance, in id order
  std::function<void(std::uint64_t done, std::uint64_t total)> on_progress;
};
struct InstanceFamilyReport {
  std::string family;  // what the instances are, in words
  std::uint64_t instances = 0, optimal_instances = 0;
  double mean_optimum = 0, mean_algorithm = 0, mean_excess = 0;
  std::uint64_t max_excess = 0;
  double max_ratio = 0;
  std::string worst;  // largest excess (ties: smallest id), as replayable options
  std::uint64_t worst_optimum = 0, worst_algorithm = 0;
  std::string hardest;  // largest optimum (ties: smallest id)
  std::uint64_t max_optimum = 0;
  std::map<std::uint64_t, std::uint64_t> histogram;  // excess -> instances
  double seconds = 0;
};

// The comparison over every instance of p's family: the algorithm's count against
// the optimum on each.
using CompareInstances = std::function<InstanceFamilyReport(
    const Params& p, std::string_view algorithm, const InstanceFamilyOptions& options)>;

// The family's instance comparison, or null where its instances are single (`hanoi
// run` compares those).
const CompareInstances* find_instance_comparison(const FamilyInfo& family);

}  // namespace hanoi

// The runtime registry of variant families: look a family up by name.
//
// Design overview
// ---------------
// The list of families itself (`Registered`) and the one type-erasure point
// (`visit_family`) are in variants/visit.hpp, which includes every family's header.
// This header includes none: a unit that only looks families up by name (every
// command, the batch runner) is not rebuilt when one family's header changes.
#pragma once

#include <string_view>
#include <vector>

#include "variants/family.hpp"

namespace hanoi::variants {

// Every registered family's description, in list order (variants/visit.hpp).
const std::vector<const FamilyInfo*>& all_families();

// The family with this name; throws UsageError naming the known ones.
const FamilyInfo& find_family(std::string_view name);

}  // namespace hanoi::variants

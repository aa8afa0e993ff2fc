// The one place where variant families are registered.
//
// The CLI and the batch runner look families up by their command-line name; adding
// a family means adding its factory to the list in registry.cpp and nothing else.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "engine/family.hpp"

namespace hanoi::variants {

// Every registered family, in the order `hanoi list` shows them.
const std::vector<std::unique_ptr<Family>>& all_families();

// The family with this name; throws UsageError naming the known ones.
const Family& find_family(std::string_view name);

}  // namespace hanoi::variants

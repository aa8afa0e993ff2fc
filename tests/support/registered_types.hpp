// Every registered family (variants/visit.hpp) as a GoogleTest type list, for the
// typed suites that run on each of them (tests/conformance/).
#pragma once

#include <gtest/gtest.h>

#include "variants/instances.hpp"  // the families' searches, compiled once
#include "variants/visit.hpp"

namespace hanoi::testing {

template <class List>
struct ToGTestTypes;
template <class... Entries>
struct ToGTestTypes<variants::FamilyList<Entries...>> {
  using type = ::testing::Types<Entries...>;
};

using AllFamilies = ToGTestTypes<variants::Registered>::type;

}  // namespace hanoi::testing

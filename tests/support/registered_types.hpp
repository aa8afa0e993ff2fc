// The registered families (variants/visit.hpp) as a GoogleTest type list, for
// the typed suites that run on each of them (tests/conformance/).
//
// The typed suites are compiled once per family folder, so that touching one
// family rebuilds its own suites only: tests/CMakeLists.txt generates a unit
// per folder of variants/ that defines HANOI_TYPED_FAMILIES (the folder's
// entries of the registry's list), includes its "declared/<dir>.hpp",
// specialises kRegisteredIndex for each entry, then includes every file of
// tests/conformance/ that has a typed suite.  Those files, compiled as the
// program's own sources (HANOI_TYPED_FAMILIES undefined), hold the plain tests
// only, which include the few families they use (a family picked by name:
// support/visit_among.hpp).  kRegisteredIndex names each suite as the one list
// would ("Conformance/13" is graph::GraphFamily, the 14th entry), so the tests
// keep their names; conformance/units_test.cpp checks that every entry has
// every suite.
#pragma once

#include <gtest/gtest.h>

#include <string>

namespace hanoi::testing {

// The entry's position in variants::Registered (set by the generated unit).
template <class Entry>
inline constexpr int kRegisteredIndex = -1;

// The typed suites' names: "Suite/<index in the registry's list>".
struct RegisteredName {
  template <class Entry>
  static std::string GetName(int) {
    static_assert(kRegisteredIndex<Entry> >= 0, "an entry the generated unit did not number");
    return std::to_string(kRegisteredIndex<Entry>);
  }
};

#ifdef HANOI_TYPED_FAMILIES
using TypedFamilies = ::testing::Types<HANOI_TYPED_FAMILIES>;
#endif

}  // namespace hanoi::testing

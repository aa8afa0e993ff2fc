// The typed suites of tests/conformance/ are compiled once per family folder,
// in units that tests/CMakeLists.txt generates from the registry's list
// (support/registered_types.hpp).  This file checks what they registered: every
// entry of the list has every typed suite, under its number in the list and
// with its own type, so a folder the generator missed cannot drop its tests
// without a word. It includes every family (variants/visit.hpp) and so is
// compiled alone, outside the unity batches (tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "variants/visit.hpp"

namespace hanoi {
namespace {

template <class... Entries>
void expect_every_entry(variants::FamilyList<Entries...>) {
  std::map<std::string, std::map<std::string, std::string>> typed;  // suite -> number -> type
  const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
  for (int i = 0; i < unit.total_test_suite_count(); ++i) {
    const ::testing::TestSuite& suite = *unit.GetTestSuite(i);
    if (suite.type_param() == nullptr) continue;
    const std::string name = suite.name();
    const auto slash = name.find('/');
    ASSERT_NE(slash, std::string::npos) << name;
    typed[name.substr(0, slash)][name.substr(slash + 1)] = suite.type_param();
  }
  EXPECT_GE(typed.size(), 9u) << "typed suites found";
  for (const auto& kv : typed) {
    // (Not a structured binding: clang 14 cannot capture one in the lambda below.)
    const std::string& suite = kv.first;
    const std::map<std::string, std::string>& entries = kv.second;
    EXPECT_EQ(entries.size(), sizeof...(Entries)) << suite;
    int index = 0;
    (
        [&] {
          const auto it = entries.find(std::to_string(index++));
          if (it == entries.end()) {
            ADD_FAILURE() << suite << " lacks " << ::testing::internal::GetTypeName<Entries>();
          } else {
            EXPECT_EQ(it->second, ::testing::internal::GetTypeName<Entries>()) << suite;
          }
        }(),
        ...);
  }
}

TEST(ConformanceUnits, EveryRegisteredFamilyHasEveryTypedSuite) {
  expect_every_entry(variants::Registered{});
}
}  // namespace
}  // namespace hanoi

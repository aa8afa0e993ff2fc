// Small helpers that several test files share.  One definition each: the test
// programs are compiled in CMake unity batches (HANOI_UNITY in CMakeLists.txt), where
// two files' private helpers of the same name would collide.
#pragma once

#include <cstdint>
#include <string>

#include "variants/registry.hpp"

namespace hanoi::testing {

// b^e by repeated multiplication (exact while it fits in 64 bits).
constexpr std::uint64_t ipow(std::uint64_t b, int e) {
  std::uint64_t r = 1;
  for (int i = 0; i < e; ++i) r *= b;
  return r;
}

// The family's canonical parameters (its default problem / pegs filled in).
inline Params params(const char* family, int n, int pegs = 0, const std::string& problem = "") {
  return normalize(variants::find_family(family), Params{n, pegs, problem});
}

}  // namespace hanoi::testing

// A fresh, empty directory per search for the tests of work directories (the disk
// mode, the distributed search): under the test's temporary directory, named by
// the process, a running count and a label.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <string>

namespace hanoi::testing {

inline std::string fresh_dir(const std::string& prefix, const std::string& label) {
  static int count = 0;
  std::string name = label;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  const std::string dir = ::testing::TempDir() + prefix + std::to_string(::getpid()) + "-" +
                          std::to_string(++count) + "-" + name;
  std::filesystem::remove_all(dir);
  return dir;
}

}  // namespace hanoi::testing

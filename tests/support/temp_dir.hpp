// A fresh, empty directory per search for the tests of work directories (the disk
// mode, the distributed search): under the test's temporary directory, named by
// the process, a running count and a label.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <fstream>
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

// A file of `dir` whose name starts with `prefix` (the last the directory lists), or
// "" if none: a segment file to damage in the refusal tests.
inline std::string file_starting(const std::string& dir, const std::string& prefix) {
  std::string found;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().rfind(prefix, 0) == 0) found = e.path().string();
  return found;
}

// Flips one bit of the byte in the middle of file `path` (a damaged file of the
// same size, which only a checksum notices).
inline void flip_middle_byte(const std::string& path) {
  const auto middle = static_cast<std::streamoff>(std::filesystem::file_size(path) / 2);
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekg(middle);
  char c = 0;
  f.read(&c, 1);
  c = static_cast<char>(c ^ 0x10);
  f.seekp(middle);
  f.write(&c, 1);
}

}  // namespace hanoi::testing

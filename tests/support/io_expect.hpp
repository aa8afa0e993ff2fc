// The I/O figures a search with a work directory reports (SearchResult::read_bytes,
// level_read, ...), checked for consistency by the disk modes' conformance tests.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "engine/search_types.hpp"

namespace hanoi::testing {

inline std::uint64_t sum_of(const std::vector<std::uint64_t>& xs) {
  std::uint64_t t = 0;
  for (std::uint64_t x : xs) t += x;
  return t;
}

// One figure per level the run produced (from io_first_level on), their sums within
// the totals, and, in a fresh run, no more bytes on disk at once than it wrote.
inline void expect_io_consistent(const SearchResult& d) {
  EXPECT_EQ(d.io_first_level + d.level_read.size(), d.level_sizes.size());
  EXPECT_EQ(d.level_written.size(), d.level_read.size());
  EXPECT_LE(sum_of(d.level_read), d.read_bytes);
  EXPECT_LE(sum_of(d.level_written), d.written_bytes);
  if (!d.resumed) {
    EXPECT_EQ(d.io_first_level, 0u);
    EXPECT_GE(d.written_bytes, d.disk_bytes);
  }
}

}  // namespace hanoi::testing

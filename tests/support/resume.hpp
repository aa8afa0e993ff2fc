// Runs an interrupted search again and again until it finishes, for the tests of
// resumable searches: `run` calls the search (options with abort_after_segments and
// resume set), which throws SearchCancelled each time it stops at a checkpoint.
#pragma once

#include <gtest/gtest.h>

#include "engine/search_types.hpp"

namespace hanoi::testing {

// The number of interrupted runs before the one that finished; fails the test (and
// returns) when `limit` runs make no progress.
template <class Run>
int resume_until_done(Run&& run, int limit = 2000) {
  for (int runs = 0; runs < limit; ++runs) {
    try {
      run();
      return runs;
    } catch (const SearchCancelled&) {
    }
  }
  ADD_FAILURE() << "no progress after " << limit << " interrupted runs";
  return limit;
}

}  // namespace hanoi::testing

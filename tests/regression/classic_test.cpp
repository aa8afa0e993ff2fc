// Classic: the engine against the Boost.Graph oracle (now in tests/conformance/), and every
// published algorithm against the optimum and the closed form 2^n - 1 (seed 002).
#include "variants/classic/classic.hpp"

#include <gtest/gtest.h>

#include "declared/classic.hpp"
#include "support/family_handle.hpp"
#include "support/oracle.hpp"

namespace hanoi {
namespace {

TEST(Classic, SearchGivesClosedFormAndAllStates) {
  auto family = testing::family_of<variants::classic::ClassicFamily>();
  for (int n = 1; n <= 12; ++n) {
    const Params p = family->normalize(Params{n, 0, ""});
    const SearchResult r = family->optimum(p, SearchOptions{});
    ASSERT_EQ(r.outcome, SearchOutcome::kGoalReached);
    EXPECT_EQ(r.optimum, (std::uint64_t{1} << n) - 1) << "n=" << n;
    EXPECT_EQ(r.optimum, *family->closed_form(p));
    std::uint64_t all = 1;
    for (int i = 0; i < n; ++i) all *= 3;
    EXPECT_EQ(r.states_reached, all) << "every placement is reachable";
  }
}

TEST(Classic, EveryAlgorithmIsLegalAndOptimal) {
  auto family = testing::family_of<variants::classic::ClassicFamily>();
  for (int n = 1; n <= 14; ++n) {
    const Params p = family->normalize(Params{n, 0, ""});
    for (const AlgorithmSpec* a : family->algorithms(p)) {
      const RunReport r = family->run(p, a->name, false);
      EXPECT_TRUE(r.ok) << a->name << " n=" << n << ": " << r.error;
      EXPECT_EQ(r.moves, (std::uint64_t{1} << n) - 1) << a->name << " n=" << n;
    }
  }
}

TEST(Classic, AlgorithmsEmitTheUniqueOptimalSequence) {
  // The optimum is unique (seed 002), so every algorithm must emit the same moves.
  auto family = testing::family_of<variants::classic::ClassicFamily>();
  const Params p = family->normalize(Params{7, 0, ""});
  const RunReport reference = family->run(p, "recursive", true);
  for (const AlgorithmSpec* a : family->algorithms(p)) {
    EXPECT_EQ(family->run(p, a->name, true).recorded, reference.recorded) << a->name;
  }
}

}  // namespace
}  // namespace hanoi

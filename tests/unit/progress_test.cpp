// The progress line's ETA (engine/progress.hpp): extrapolated from the share this
// run did, so that a resumed run does not credit itself with its predecessors' work.
#include "engine/progress.hpp"

#include <gtest/gtest.h>

namespace hanoi {
namespace {

TEST(Progress, EtaFromTheStart) {
  // A quarter done in 10 s: three quarters left take 30 s.
  EXPECT_DOUBLE_EQ(eta_seconds(0.25, 0, 10), 30);
  EXPECT_DOUBLE_EQ(eta_seconds(0.5, 0, 7), 7);
}

TEST(Progress, EtaAfterAResumeCountsOnlyThisRunsShare) {
  // Resumed at 60%: 10 s later at 70%, so the 30% left takes 30 s (not the 4.3 s
  // that 70% in 10 s would suggest).
  EXPECT_NEAR(eta_seconds(0.7, 0.6, 10), 30, 1e-9);
  // Nothing done yet since the resume: no estimate.
  EXPECT_LT(eta_seconds(0.6, 0.6, 10), 0);
}

TEST(Progress, NoEtaWhereTheShareIsUnknownOrComplete) {
  EXPECT_LT(eta_seconds(-1, 0, 10), 0);  // the half-depth test: unknown share
  EXPECT_LT(eta_seconds(0, 0, 10), 0);
  EXPECT_LT(eta_seconds(1, 0, 10), 0);
  EXPECT_LT(eta_seconds(1.5, 0, 10), 0);
}

TEST(Progress, DurationWords) {
  EXPECT_EQ(duration_words(12), "12 s");
  EXPECT_EQ(duration_words(270), "4.5 min");
  EXPECT_EQ(duration_words(7560), "2.1 h");
  EXPECT_EQ(duration_words(-1), "?");
}

}  // namespace
}  // namespace hanoi

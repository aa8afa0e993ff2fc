// --max-memory bounds the process's peak resident set in every search mode
// (issue 33, item 2): an earlier main peaked 12% over the budget in the lattice
// disk mode, 15% in the generic disk mode and 97% in its half-depth test, because
// the plans left out the program itself (its code and libraries, about 10 MiB),
// the file buffers and what the allocator kept of freed blocks.
//
// Each test runs `hanoi` as a user would, with a budget the plan says is tight
// (the disk modes: fewer segments resident than stored; the in-memory modes: the
// plan's figure plus a little), and checks the peak it reports (VmHWM) against the
// budget, within max(2%, 1 MiB).  The budget comes from the plan, so a plan that
// grew would let the program grow with it: each run's peak is also checked against
// the peak measured for it (kMeasured..., below), within kPeakMargin, so that a run
// that needs a few percent more than it did fails, whatever its budget allows (the
// overshoots above were 8-15%).  Peak RSS means nothing under AddressSanitizer (its
// shadow memory), so the tests are skipped there.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "support/cli_runner.hpp"

#if defined(__SANITIZE_ADDRESS__)
#define HANOI_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HANOI_UNDER_ASAN 1
#endif
#endif

namespace hanoi {
namespace {

using testing::hanoi_cli;
using testing::Outcome;
using testing::parse_json;
using testing::quote;
using testing::TempDir;

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
// The program's own bytes are measured again by every run (its resident set when
// the options are built), and differ between two processes by up to about a MiB
// under load (worker threads started or not by then: one failure measured 11.67
// MiB against the plan's 10.65).  A budget computed from another process's figure
// leaves this much for that.
constexpr std::uint64_t kBaselineSlack = 4 * kMiB;

// In the test's body (GTEST_SKIP returns from the function it is written in).
#ifdef HANOI_UNDER_ASAN
#define HANOI_SKIP_UNDER_ASAN() \
  GTEST_SKIP() << "peak RSS is not the program's own under AddressSanitizer"
#else
#define HANOI_SKIP_UNDER_ASAN() static_cast<void>(0)
#endif

// The allowed excess over a budget.
std::uint64_t tolerance(std::uint64_t budget) {
  return std::max(budget / 50, kMiB);
}

// The peaks measured for each run below (VmHWM of `hanoi ... --json`, MiB): the
// most of 15 runs, 10 of them with a second copy of all the runs alongside, on
// 2026-12-07 (Debian 12, 2 cores; commit 4513395 plus issue 61's tests).  Runs of
// one command vary by up to 6% (the allocator's and the worker threads' pages), so
// the most of many is the figure, and kPeakMargin the growth allowed over it.  A
// change that moves a peak on purpose measures it again (the failure says how).
constexpr double kPeakMargin = 0.04;
constexpr double kMeasuredLatticeInMemory = 14.02;    // reves --pegs 4 -n 12
constexpr double kMeasuredGenericInMemory = 13.05;    // checkers -n 15
constexpr double kMeasuredLatticeHalfDepth = 27.59;   // reves --pegs 4 -n 13 --meet-in-middle
constexpr double kMeasuredLatticeOnDisk = 14.81;      // reves --pegs 4 -n 13, 20 MiB
constexpr double kMeasuredLatticeSpilling = 13.70;    // reves --pegs 6 -n 9, 18 MiB
constexpr double kMeasuredGenericOnDisk = 12.35;      // checkers -n 15 --storage disk, 16 MiB
constexpr double kMeasuredGenericHalfOnDisk = 12.80;  // checkers -n 18 --meet-in-middle, disk
constexpr double kMeasuredFrontier = 13.27;           // adjacent --pegs 4 -n 12 --engine frontier

// Runs the search with --max-memory BUDGET (bytes) and checks its peak against it,
// and against the peak measured for it (MiB).  Returns the answer.
nlohmann::json run_within(const std::string& args, std::uint64_t budget, double measured_mib) {
  const Outcome o = hanoi_cli(args + " --max-memory " + std::to_string(budget) + " --json -q");
  EXPECT_EQ(o.status, 0) << o;
  if (o.status != 0) return {};
  const nlohmann::json j = parse_json(o);
  const std::uint64_t peak = j.value("peak_rss_bytes", std::uint64_t{0});
  EXPECT_GT(peak, 0u) << o;
  EXPECT_LE(peak, budget + tolerance(budget))
      << "peak " << peak << " bytes against a budget of " << budget << "\n"
      << o;
  const double peak_mib = static_cast<double>(peak) / static_cast<double>(kMiB);
  EXPECT_LE(peak_mib, measured_mib * (1 + kPeakMargin))
      << "peak " << peak_mib << " MiB, over the " << measured_mib << " MiB measured for this run "
      << "by more than " << kPeakMargin * 100 << "%; if that is intended, measure it again "
      << "(the most of many runs of the command, some under load) and update it\n"
      << o;
  return j;
}

// The plan of `args` under `budget` (bytes; 0: the default).
nlohmann::json plan_of(const std::string& args, std::uint64_t budget = 0) {
  const std::string flag = budget > 0 ? " --max-memory " + std::to_string(budget) : "";
  const Outcome o = hanoi_cli(args + flag + " --plan --json");
  EXPECT_EQ(o.status, 0) << o;
  return o.status == 0 ? parse_json(o) : nlohmann::json();
}

// An in-memory mode: the budget is the plan's search bytes and the program's own,
// plus kBaselineSlack for the baseline measured again in the run.
void check_in_memory(const std::string& args, const std::string& engine, double measured_mib) {
  const nlohmann::json plan = plan_of(args);
  ASSERT_TRUE(plan.is_object());
  ASSERT_EQ(plan.value("engine", ""), engine);
  ASSERT_EQ(plan.value("storage", ""), "memory");
  const std::uint64_t baseline = plan.value("baseline_bytes", std::uint64_t{0});
  EXPECT_GT(baseline, 4 * kMiB) << "the plan should count the program itself";
  const std::uint64_t budget =
      plan.value("memory_bytes", std::uint64_t{0}) + baseline + kBaselineSlack;
  run_within(args, budget, measured_mib);
}

// A disk mode under a budget that keeps fewer segments resident than it stores, so
// that segments stream through the file buffers.
nlohmann::json check_on_disk(const std::string& args, std::uint64_t budget, double measured_mib) {
  TempDir dir;
  const std::string with_dir = args + " --work-dir " + quote((dir / "w").string());
  const nlohmann::json plan = plan_of(with_dir, budget);
  EXPECT_TRUE(plan.is_object());
  if (!plan.is_object()) return {};
  EXPECT_EQ(plan.value("storage", ""), "disk");
  EXPECT_LT(plan.value("resident_segments", std::uint64_t{0}),
            plan.value("stored_segments", std::uint64_t{0}))
      << "the budget should not hold every segment: " << plan.dump();
  return run_within(with_dir, budget, measured_mib);
}

TEST(MemoryBudget, LatticeInMemory) {
  HANOI_SKIP_UNDER_ASAN();
  check_in_memory("optimum reves --pegs 4 -n 12", "lattice", kMeasuredLatticeInMemory);
}

TEST(MemoryBudget, GenericInMemory) {
  HANOI_SKIP_UNDER_ASAN();
  check_in_memory("optimum checkers -n 15", "generic", kMeasuredGenericInMemory);
}

TEST(MemoryBudget, LatticeHalfDepth) {
  HANOI_SKIP_UNDER_ASAN();
  check_in_memory("optimum reves --pegs 4 -n 13 --meet-in-middle", "lattice",
                  kMeasuredLatticeHalfDepth);
}

TEST(MemoryBudget, LatticeOnDisk) {
  HANOI_SKIP_UNDER_ASAN();
  check_on_disk("optimum reves --pegs 4 -n 13", 20 * kMiB, kMeasuredLatticeOnDisk);
}

TEST(MemoryBudget, LatticeOnDiskSpillingRecords) {
  HANOI_SKIP_UNDER_ASAN();
  // At 6 pegs records of moves between segments overflow their allowance and go
  // to files; an earlier main's allocator kept their freed lists.
  const nlohmann::json j =
      check_on_disk("optimum reves --pegs 6 -n 9", 18 * kMiB, kMeasuredLatticeSpilling);
  EXPECT_GT(j.value("spilled_records", std::uint64_t{0}), 0u) << j.dump();
}

TEST(MemoryBudget, GenericOnDisk) {
  HANOI_SKIP_UNDER_ASAN();
  check_on_disk("optimum checkers -n 15 --storage disk", 16 * kMiB, kMeasuredGenericOnDisk);
}

TEST(MemoryBudget, GenericHalfDepthOnDisk) {
  HANOI_SKIP_UNDER_ASAN();
  check_on_disk("optimum checkers -n 18 --meet-in-middle --storage disk", 16 * kMiB,
                kMeasuredGenericHalfOnDisk);
}

TEST(MemoryBudget, Frontier) {
  HANOI_SKIP_UNDER_ASAN();
  // The frontier engine has no plan (its levels are not known before): the budget
  // is what an unbounded run needed, the program's own and kBaselineSlack.
  TempDir dir;
  const std::string args =
      "optimum adjacent --pegs 4 -n 12 --engine frontier --work-dir " + quote((dir / "w").string());
  const Outcome free_run = hanoi_cli(args + " --json -q");
  ASSERT_EQ(free_run.status, 0) << free_run;
  const std::uint64_t need = parse_json(free_run).value("search_bytes", std::uint64_t{0});
  const std::uint64_t baseline = plan_of("optimum adjacent --pegs 4 -n 12 --engine frontier")
                                     .value("baseline_bytes", std::uint64_t{0});
  ASSERT_GT(need, 0u);
  std::filesystem::remove_all(dir / "w");
  run_within(args, need + baseline + kBaselineSlack, kMeasuredFrontier);
}

// The refusal counts the program too, and says so.
TEST(MemoryBudget, RefusalNamesTheProgramsOwnBytes) {
  const Outcome o = hanoi_cli("optimum reves --pegs 4 -n 12 --max-memory 8M");
  EXPECT_EQ(o.status, 3) << o;
  EXPECT_NE(o.err.find("of it the program's own"), std::string::npos) << o;
}

}  // namespace
}  // namespace hanoi

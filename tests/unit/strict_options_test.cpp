// Options that used to be accepted when they should be refused (issue 33, items 4,
// 5 and 7): numbers in hex, octal or as nan, values out of range, contradictory
// options, a batch that names an algorithm twice, and a free-space reserve that the
// refusal never named.  Each case was observed on an earlier main.
#include <gtest/gtest.h>

#include <string>

#include "support/cli_runner.hpp"

namespace hanoi {
namespace {

using testing::expect_one_line_error;
using testing::hanoi_cli;
using testing::Outcome;
using testing::quote;
using testing::TempDir;
using testing::write_file;

struct Case {
  const char* args;
  const char* mention;  // a word the one-line error must contain
};

void expect_refused(const Case& c) {
  SCOPED_TRACE(c.args);
  const Outcome o = hanoi_cli(c.args);
  expect_one_line_error(o, 2, c.mention);
  EXPECT_TRUE(o.out.empty()) << o;
}

// `--checkpoint-every nan` ran; 0x10, 1e3 and inf were read as numbers too.
TEST(StrictOptions, RealNumbersAreDecimal) {
  for (const char* v : {"nan", "inf", "0x10", "1e3", "-1", "+5", ".5", "5.", "010"}) {
    const std::string args =
        std::string("optimum classic -n 3 --work-dir /tmp/hanoi-never-made --checkpoint-every ") +
        v;
    expect_refused({args.c_str(), "not a decimal number"});
  }
}

// Hex and octal were still accepted by these options, though numbers are decimal.
TEST(StrictOptions, IntegersAreDecimal) {
  const Case cases[] = {
      {"optimum classic -n 3 --work-dir /tmp/hanoi-never-made --segment-bits 0x8",
       "not a decimal number"},
      {"optimum classic -n 3 --symmetry --segment-discs 0x3", "not a decimal number"},
      {"optimum classic -n 3 --symmetry --segment-discs 010", "not a decimal number"},
      {"compare er colour-towers -n 2 --instances-csv /tmp/hanoi-never-made.csv --csv-limit 0x10",
       "not a decimal number"},
      // `--csv-limit -4` wrote every row.
      {"compare er colour-towers -n 2 --instances-csv /tmp/hanoi-never-made.csv --csv-limit -4",
       "not a decimal number"},
  };
  for (const Case& c : cases) expect_refused(c);
}

TEST(StrictOptions, RangesAndContradictionsAreRefused) {
  const Case cases[] = {
      // `--strip 0` drew everything (and 1 divided by zero).
      {"show classic recursive -n 3 --svg /tmp/hanoi-never-made.svg --strip 0", "--strip"},
      {"show classic recursive -n 3 --svg /tmp/hanoi-never-made.svg --strip 1", "--strip"},
      // `--instances-csv ''` wrote nothing and exited 0.
      {"compare er colour-towers -n 2 --instances-csv ''", "--instances-csv"},
      // `--stop-at-goal --meet-in-middle` silently ran one of them.
      {"optimum classic -n 3 --stop-at-goal --meet-in-middle", "excludes"},
  };
  for (const Case& c : cases) expect_refused(c);
}

// `algorithms = ["recursive", "recursive"]` made a second column and duplicate rows.
TEST(StrictOptions, BatchListsNameEachAlgorithmOnce) {
  TempDir dir;
  write_file(dir / "b.toml",
             "title = \"t\"\n[[row]]\nvariant = \"classic\"\nn = [1, 3]\n"
             "algorithms = [\"recursive\", \"recursive\"]\n");
  const Outcome o =
      hanoi_cli("verify " + quote((dir / "b.toml").string()) + " --out " + quote(dir.path()));
  expect_one_line_error(o, 2, "twice");
}

}  // namespace
}  // namespace hanoi

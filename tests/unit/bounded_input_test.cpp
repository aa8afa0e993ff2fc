// User input of any size and content (issue 33, items 1, 6 and 8): every reader is
// bounded and interruptible, error lines are one printable line, and a journal line
// that was altered is recomputed, never trusted.  Each case was observed on an
// earlier main: `--moves-file /dev/zero` grew 140 MB/s past --max-memory, `hanoi
// verify /dev/zero` reached 8 GB and ignored SIGTERM, SIGINT during a read exited 2,
// a NUL byte cut an error line, escape bytes were echoed raw, a 10 MB token or a
// 100 K-character variant name was echoed whole, and a journal line edited by hand
// (an optimum changed) landed in the table.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/cli_runner.hpp"

namespace hanoi {
namespace {

namespace fs = std::filesystem;
using testing::expect_one_line_error;
using testing::hanoi_cli;
using testing::Outcome;
using testing::quote;
using testing::run_shell;
using testing::slurp;
using testing::TempDir;
using testing::write_file;

TEST(BoundedInput, EndlessMovesFileStopsAtItsLimit) {
  expect_one_line_error(hanoi_cli("check classic -n 3 --moves-file /dev/zero --max-memory 100M"), 2,
                        "longer than 1 MiB");
  // Standard input without end: the budget's half (8 MiB here) is the limit.
  TempDir dir;
  const fs::path err = dir / "err";
  const int status = run_shell("yes '1:0->2 1:2->0' | " + quote(HANOI_BINARY) +
                               " check classic -n 3 --moves-file - --max-memory 16M 2>" +
                               quote(err.string()) + " >/dev/null");
  EXPECT_EQ(status, 2);
  EXPECT_NE(slurp(err).find("standard input is longer than 8 MiB"), std::string::npos)
      << slurp(err);
}

TEST(BoundedInput, EndlessBatchFileStopsAtItsLimit) {
  TempDir dir;
  expect_one_line_error(hanoi_cli("verify /dev/zero --out " + quote((dir / "out").string())), 2,
                        "/dev/zero");
}

TEST(BoundedInput, SignalDuringReadIsAnInterruption) {
  TempDir dir;
  const fs::path status = dir / "status";
  // A writer that stalls: the read blocks until SIGINT arrives.
  run_shell("bash -c " +
            quote("(echo 1:0-\\>2; sleep 5) 2>/dev/null | " + quote(HANOI_BINARY) +
                  " check classic -n 3 --moves-file - >/dev/null 2>/dev/null & pid=$!; "
                  "sleep 1; kill -INT $pid; wait $pid; echo $? >" +
                  quote(status.string())));
  EXPECT_EQ(slurp(status), "130\n");
}

TEST(BoundedInput, ErrorLinesArePrintableAndShort) {
  TempDir dir;
  write_file(dir / "nul", std::string("1:0->2 bad\0tail\n", 16));
  Outcome o = hanoi_cli("check classic -n 3 --moves-file " + quote((dir / "nul").string()));
  expect_one_line_error(o, 2, "\\x00tail");
  write_file(dir / "esc", "\x1b[31mred\b\b\n");
  o = hanoi_cli("check classic -n 3 --moves-file " + quote((dir / "esc").string()));
  expect_one_line_error(o, 2, "\\x1b[31mred\\x08\\x08");
  // A token of 512 KiB: cut, its length named.
  write_file(dir / "long", std::string(512 << 10, '7') + "\n");
  o = hanoi_cli("check classic -n 3 --moves-file " + quote((dir / "long").string()));
  expect_one_line_error(o, 2, "characters)");
  EXPECT_LT(o.err.size(), 600u) << o.err.substr(0, 600);
  // A variant name of 100 K characters.
  o = hanoi_cli("optimum " + std::string(100000, 'v') + " -n 3");
  expect_one_line_error(o, 2, "(100000 characters)");
  EXPECT_LT(o.err.size(), 600u);
  // An unknown command is named, not "A subcommand is required".
  expect_one_line_error(hanoi_cli("nosuchcmd"), 2, "unknown command 'nosuchcmd'");
}

TEST(BoundedInput, AlteredJournalLineIsRecomputed) {
  TempDir dir;
  write_file(dir / "b.toml", "title = \"t\"\n[[row]]\nvariant = \"classic\"\nn = [1, 3]\n");
  const std::string run = "verify " + quote((dir / "b.toml").string()) + " --out " +
                          quote((dir / "out").string()) + " --no-plots";
  ASSERT_EQ(hanoi_cli(run).status, 0);
  const std::string csv = slurp(dir / "out" / "b.csv");
  // The optimum of n = 2 (3) edited to 2 in the journal, its checksum left as it was.
  std::string journal = slurp(dir / "out" / "b.journal");
  const std::string from = "transfer,2,3,9,3,", to = "transfer,2,2,9,3,";
  ASSERT_NE(journal.find(from), std::string::npos) << journal;
  for (std::size_t at; (at = journal.find(from)) != std::string::npos;)
    journal.replace(at, from.size(), to);
  write_file(dir / "out" / "b.journal", journal);
  const Outcome o = hanoi_cli(run);
  EXPECT_EQ(o.status, 0) << o;
  EXPECT_NE(o.err.find("1 line(s) whose checksum does not match"), std::string::npos) << o;
  EXPECT_EQ(slurp(dir / "out" / "b.csv"), csv);
}

}  // namespace
}  // namespace hanoi

// End-to-end tests of what the program does around its numbers: strict input,
// output that is whole or reported as failed, batches that survive interruption,
// budgets that hold and move lists that cannot run away.  Each test names the
// defect it guards against (all were observed on an earlier main).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/batch.hpp"
#include "engine/search_types.hpp"
#include "support/cli_runner.hpp"

namespace hanoi {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using testing::expect_one_line_error;
using testing::hanoi_binary;
using testing::hanoi_cli;
using testing::kQuickBatch;
using testing::lines_of;
using testing::Outcome;
using testing::parse_json;
using testing::quote;
using testing::run_shell;
using testing::slurp;
using testing::TempDir;
using testing::write_file;

// --- strict input -------------------------------------------------------------

// `-n 010` ran n = 8 (octal) and `-n 0x0a` ran n = 10, both with exit 0.
TEST(Reliability, NumbersAreDecimal) {
  for (const char* args : {"optimum classic -n 010", "optimum classic -n 0x0a",
                           "optimum classic -n +3", "optimum classic -n 3 --pegs 03",
                           "optimum classic -n 3 --threads 0x2", "run classic recursive -n 010"}) {
    SCOPED_TRACE(args);
    const Outcome o = hanoi_cli(args);
    expect_one_line_error(o, 2, "not a decimal number");
    EXPECT_TRUE(o.out.empty()) << o;
  }
  // `--threads two` said "Value two not in range".
  expect_one_line_error(hanoi_cli("optimum classic -n 3 --threads two"), 2,
                        "'two' is not a decimal number");
  EXPECT_EQ(hanoi_cli("optimum classic -n 10 --json").status, 0);
}

// An explicit value was silently replaced by the default.
TEST(Reliability, ExplicitValuesAreUsedOrRefused) {
  struct Case {
    const char* args;
    const char* mention;
  };
  const Case cases[] = {
      {"optimum classic -n 3 --pegs 0", "--pegs"},
      {"optimum classic -n 3 --problem ''", "--problem"},
      {"optimum classic -n 3 --max-memory ''", "--max-memory"},
      {"structure classic -n 3 --farthest -1", "--farthest"},
      {"optimum classic -n 3 -q --trace", "--trace"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    const Outcome o = hanoi_cli(c.args);
    expect_one_line_error(o, 2, c.mention);
    EXPECT_TRUE(o.out.empty()) << o;
  }
  TempDir dir;
  write_file(dir / "b.toml", "[[row]]\nvariant = \"classic\"\nn = 3\npegs = 0\n");
  const Outcome o = hanoi_cli("verify b.toml --out out -q", dir.path());
  expect_one_line_error(o, 2, "'pegs'");
  write_file(dir / "c.toml", "[[row]]\nvariant = \"classic\"\nn = 3\nproblem = \"\"\n");
  expect_one_line_error(hanoi_cli("verify c.toml --out out -q", dir.path()), 2, "'problem'");
}

// A typo in a batch key dropped a claim without a word.
TEST(Reliability, UnknownBatchKeysAreErrors) {
  struct Case {
    const char* file;
    const char* key;
  };
  const Case cases[] = {
      {"[[row]]\nvariant = \"classic\"\nn = 3\nalgoritms = [\"recursive\"]\n", "'algoritms'"},
      {"[[row]]\nvariant = \"classic\"\nn = 3\nexpect = \"holds\"\n", "'expect'"},
      {"kind = \"structure\"\n[[row]]\nvariant = \"classic\"\nn = 3\nalgorithms = [\"x\"]\n",
       "'algorithms'"},
      {"kind = \"frame\"\n[[row]]\nvariant = \"reves\"\npegs = 4\nn = 3\nmeasure = \"count\"\n",
       "'measure'"},
      {"titel = \"x\"\n[[row]]\nvariant = \"classic\"\nn = 3\n", "'titel'"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file);
    TempDir dir;
    write_file(dir / "b.toml", c.file);
    const Outcome o = hanoi_cli("verify b.toml --out out -q", dir.path());
    expect_one_line_error(o, 2, c.key);
    EXPECT_FALSE(fs::exists(dir / "out" / "b.md")) << "no table for a rejected batch";
  }
}

// `verify DIR` said "has no [[row]] tables".
TEST(Reliability, BatchThatIsADirectory) {
  TempDir dir;
  fs::create_directories(dir / "batches");
  expect_one_line_error(hanoi_cli("verify batches --out out", dir.path()), 2, "is a directory");
}

// "needs 1.06 GiB but the budget is 1.06 GiB": equal when rounded, so in bytes.
TEST(Reliability, BudgetMessageNeverShowsEqualSizes) {
  const std::uint64_t budget = std::uint64_t{1139} << 20;
  const MemoryBudgetExceeded e(budget + 1000, budget);
  EXPECT_NE(std::string(e.what()).find(std::to_string(budget + 1000) + " bytes"), std::string::npos)
      << e.what();
  const MemoryBudgetExceeded f(std::uint64_t{2} << 30, std::uint64_t{1} << 30);
  EXPECT_NE(std::string(f.what()).find("2.00 GiB but the memory budget is 1.00 GiB"),
            std::string::npos)
      << f.what();
}

// reves-sym (orbits of pegs 1-3) is now `reves --pegs 4 --symmetry`: an old
// command line or batch row is told so in one line.
TEST(Reliability, RetiredVariantNamesItsReplacement) {
  expect_one_line_error(hanoi_cli("structure reves-sym -n 3"), 2, "reves --pegs 4 --symmetry");
  expect_one_line_error(hanoi_cli("optimum reves-sym -n 3 --json"), 2, "retired");
}

// --- output that is whole or reported -------------------------------------------

// `--json > /dev/full` exited 0 with nothing written.
TEST(Reliability, FullStdoutIsAnError) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  TempDir dir;
  const std::string err = (dir / "err").string();
  EXPECT_EQ(run_shell(hanoi_binary() + " optimum classic -n 3 --json >/dev/full 2>" + quote(err)),
            4);
  const auto lines = lines_of(slurp(err));
  ASSERT_EQ(lines.size(), 1u) << slurp(err);
  EXPECT_NE(lines[0].find("cannot write standard output"), std::string::npos) << lines[0];
}

// A table cut mid-row on a full disk, under a header saying the batch completed.
// The file-size limit stands in for the full disk: the new table cannot be
// written, the batch says so (exit 4), and the old table stays whole.
TEST(Reliability, TablesAreWholeOrNotReplaced) {
  TempDir dir;
  write_file(dir / "quick.toml", kQuickBatch);
  ASSERT_EQ(hanoi_cli("verify quick.toml --out out -q", dir.path()).status, 0);
  const std::string before = slurp(dir / "out" / "quick.md");
  ASSERT_GT(before.size(), 1024u);  // more than the limit below
  const std::string err = (dir / "err").string();
  // ulimit -f counts 1024-byte blocks; SIGXFSZ ignored, so write() fails with EFBIG.
  // The cells come from the journal, so the first write is the table.
  const int status =
      run_shell("cd " + quote(dir.path().string()) + " && trap '' XFSZ && ulimit -f 1 && " +
                hanoi_binary() + " verify quick.toml --out out -q >/dev/null 2>" + quote(err));
  EXPECT_EQ(status, 4) << slurp(err);
  EXPECT_NE(slurp(err).find("cannot write"), std::string::npos) << slurp(err);
  EXPECT_EQ(slurp(dir / "out" / "quick.md"), before) << "the old table must stay whole";
  for (const auto& entry : fs::directory_iterator(dir / "out"))
    EXPECT_EQ(entry.path().string().find(".tmp"), std::string::npos)
        << "temporary file left behind: " << entry.path();
}

// An existing but unwritable --out was found only after the whole batch (exit 1).
TEST(Reliability, UnwritableOutIsFoundFirst) {
  if (!fs::is_directory("/proc/self")) GTEST_SKIP() << "no /proc";
  TempDir dir;
  write_file(dir / "quick.toml", kQuickBatch);
  const Outcome o = hanoi_cli("verify quick.toml --out /proc/self -q", dir.path());
  expect_one_line_error(o, 2, "not writable");
  EXPECT_TRUE(o.out.empty()) << "no search ran\n" << o;
}

// The CSV began with a '#' line holding commas, which CSV readers take as a row.
TEST(Reliability, CsvIsPlainWithProvenanceBeside) {
  TempDir dir;
  write_file(dir / "quick.toml", kQuickBatch);
  ASSERT_EQ(hanoi_cli("verify quick.toml --out out -q", dir.path()).status, 0);
  const auto csv = lines_of(slurp(dir / "out" / "quick.csv"));
  ASSERT_FALSE(csv.empty());
  EXPECT_EQ(csv[0].rfind("variant,pegs,problem,n,", 0), 0u) << csv[0];
  for (const std::string& line : csv) EXPECT_NE(line[0], '#') << line;
  const json meta = json::parse(slurp(dir / "out" / "quick.meta.json"));
  EXPECT_EQ(meta["command"], "hanoi verify quick.toml --out out -q");
  EXPECT_TRUE(meta["commit"].is_string());
  EXPECT_EQ(meta["partial"], false);
  EXPECT_EQ(meta["table"], "quick.csv");
}

// --- budgets --------------------------------------------------------------------

// A row too big for the budget was found only when reached, after earlier rows ran.
TEST(Reliability, BatchBudgetsAreCheckedBeforeTheFirstSearch) {
  for (const char* kind : {"verify", "frame", "structure"}) {
    SCOPED_TRACE(kind);
    TempDir dir;
    write_file(dir / "b.toml", std::string("kind = \"") + kind +
                                   "\"\n[[row]]\nvariant = \"reves\"\npegs = 4\nn = 3\n"
                                   "[[row]]\nvariant = \"reves\"\npegs = 4\nn = 15\n");
    // (128M: row 1 fits with the program's own bytes even under AddressSanitizer,
    // about 35 MiB there; row 2's 4^15 ranks do not.)
    const Outcome o = hanoi_cli("verify b.toml --out out --max-memory 128M", dir.path());
    expect_one_line_error(o, 3, "b.toml row 2, n=15");
    EXPECT_TRUE(o.out.empty()) << o;
    EXPECT_FALSE(fs::exists(dir / "out" / "b.md"));
  }
}

// structure --count passed its budget (the level vectors were not counted) and
// its phases were checked only after a first full search.
TEST(Reliability, CountPhaseIsCheckedBeforeTheSearch) {
  // The search alone fits 64 MiB; the count's 4 bytes a rank (4^12 ranks) do not.
  ASSERT_EQ(hanoi_cli("structure reves --pegs 4 -n 12 --max-memory 64M -q").status, 0);
  const Outcome o = hanoi_cli("structure reves --pegs 4 -n 12 --count --max-memory 64M");
  expect_one_line_error(o, 3, "memory budget is 64.00 MiB");
  EXPECT_TRUE(o.out.empty()) << o;
}

// --- move lists -----------------------------------------------------------------

// --moves printed tens of MB on one line, and kept every move as a JSON value.
TEST(Reliability, MoveListsHaveALimit) {
  Outcome o = hanoi_cli("run classic recursive -n 12 --moves --moves-limit 100");
  expect_one_line_error(o, 2, "--moves-limit");
  EXPECT_TRUE(o.out.empty()) << "nothing printed before the refusal\n" << o;
  o = hanoi_cli("optimum classic -n 8 --moves --moves-limit 100 --json");
  expect_one_line_error(o, 2, "255 moves");
  EXPECT_TRUE(o.out.empty()) << o;
  o = hanoi_cli("run classic recursive -n 8 --moves --moves-limit 255 --json");
  ASSERT_EQ(o.status, 0) << o;
  EXPECT_EQ(parse_json(o)["moves"].size(), 255u);
  expect_one_line_error(hanoi_cli("run classic recursive -n 3 --moves-limit 9"), 2, "--moves");
}

// `optimum cyclic -n 14 --moves --json` peaked at 217 MiB (about 150 bytes a move
// in a JSON value) while reporting the 23 MiB it had at the end of the search.
TEST(Reliability, WitnessOutputStaysSmallAndPeakIsReported) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "resident sizes under AddressSanitizer are not the program's";
#else
  const Outcome o = hanoi_cli("optimum cyclic -n 14 --moves --json -q --moves-limit 2000000");
  ASSERT_EQ(o.status, 0) << o.err;
  const json j = parse_json(o);
  ASSERT_EQ(j["moves"].size(), j["optimal"].get<std::size_t>());
  const std::uint64_t peak = j["peak_rss_bytes"].get<std::uint64_t>();
  EXPECT_GE(peak, j["search_bytes"].get<std::uint64_t>());
  EXPECT_LT(peak, std::uint64_t{100} << 20) << "1.4 million moves should not take 100 MiB";
#endif
}

TEST(Reliability, TextMovesOnePerLine) {
  const Outcome o = hanoi_cli("run classic recursive -n 4 --moves -q");
  ASSERT_EQ(o.status, 0) << o;
  const auto lines = lines_of(o.out);
  ASSERT_EQ(lines.size(), 16u) << o;  // the summary, then 15 moves
  for (std::size_t i = 1; i < lines.size(); ++i) {
    int d = 0, f = 0, t = 0;
    EXPECT_EQ(std::sscanf(lines[i].c_str(), "%d:%d->%d", &d, &f, &t), 3) << lines[i];
  }
}

// Witnesses found with 2 threads differed from run to run.
TEST(Reliability, WitnessesAreDeterministic) {
  const std::string base = "optimum reves --pegs 4 -n 10 --engine generic --moves --json -q";
  const Outcome first = hanoi_cli(base + " --threads 2");
  ASSERT_EQ(first.status, 0) << first;
  const json moves = parse_json(first)["moves"];
  ASSERT_EQ(moves.size(), 49u);
  for (const char* threads : {"--threads 2", "--threads 2", "--threads 1"}) {
    const Outcome again = hanoi_cli(base + " " + threads);
    ASSERT_EQ(again.status, 0) << again;
    EXPECT_EQ(parse_json(again)["moves"], moves) << threads;
  }
}

// --- interrupted batches ----------------------------------------------------------

// A batch with quick cells, then one that takes several seconds (3^17 levels of
// one state each).
const char* kInterruptedBatch =
    "title = \"long\"\n"
    "[[row]]\nvariant = \"classic\"\nn = [1, 6]\n"
    "[[row]]\nvariant = \"adjacent\"\nn = 17\n";

// An interrupted batch lost every cell computed so far.
TEST(Reliability, InterruptedBatchKeepsItsCells) {
  TempDir dir;
  write_file(dir / "long.toml", kInterruptedBatch);
  for (const char* sig : {"INT", "TERM"}) {
    SCOPED_TRACE(sig);
    const std::string err = (dir / "err").string();
    const int status = run_shell(
        "cd " + quote(dir.path().string()) + " && timeout --preserve-status -s " + sig + " 2 " +
        hanoi_binary() + " verify long.toml --out out --fresh >/dev/null 2>" + quote(err));
    EXPECT_EQ(status, std::string(sig) == "INT" ? 130 : 143) << slurp(err);
    const std::string md = slurp(dir / "out" / "long.md");
    EXPECT_NE(md.find("PARTIAL"), std::string::npos) << md;
    EXPECT_NE(md.find("| 6 | 63 |"), std::string::npos) << "the finished cells are kept\n" << md;
    EXPECT_EQ(md.find("| 17 |"), std::string::npos) << md;
    EXPECT_EQ(json::parse(slurp(dir / "out" / "long.meta.json"))["partial"], true);
    EXPECT_EQ(lines_of(slurp(dir / "out" / "long.journal")).size(), 6u);
  }
  // The rerun takes the 6 finished cells from the journal; --fresh does not.
  write_file(dir / "long.toml", "title = \"long\"\n[[row]]\nvariant = \"classic\"\nn = [1, 7]\n");
  Outcome o = hanoi_cli("verify long.toml --out out", dir.path());
  ASSERT_EQ(o.status, 0) << o;
  std::size_t reused = 0;
  for (const std::string& line : lines_of(o.err))
    if (line.find("(from the journal)") != std::string::npos) ++reused;
  EXPECT_EQ(reused, 6u) << o;
  EXPECT_NE(slurp(dir / "out" / "long.md").find("6 cells were taken from"), std::string::npos);
  EXPECT_EQ(slurp(dir / "out" / "long.md").find("PARTIAL"), std::string::npos);
  o = hanoi_cli("verify long.toml --out out --fresh", dir.path());
  ASSERT_EQ(o.status, 0) << o;
  EXPECT_EQ(o.err.find("(from the journal)"), std::string::npos) << o;
}

// A journal line cut by a kill is skipped, not trusted.
TEST(Reliability, TornJournalLineIsRecomputed) {
  TempDir dir;
  write_file(dir / "quick.toml", kQuickBatch);
  ASSERT_EQ(hanoi_cli("verify quick.toml --out out -q", dir.path()).status, 0);
  std::string journal = slurp(dir / "out" / "quick.journal");
  ASSERT_EQ(lines_of(journal).size(), 6u);
  journal.resize(journal.size() - 40);  // the last line loses its end
  write_file(dir / "out" / "quick.journal", journal);
  const Outcome o = hanoi_cli("verify quick.toml --out out", dir.path());
  ASSERT_EQ(o.status, 0) << o;
  EXPECT_NE(o.err.find("unreadable line"), std::string::npos) << o;
  EXPECT_NE(slurp(dir / "out" / "quick.md").find("5 cells were taken from"), std::string::npos);
}

// --- progress ---------------------------------------------------------------------

TEST(Reliability, RunAcceptsQuietAndStructureTimesEachPhase) {
  EXPECT_EQ(hanoi_cli("run classic recursive -n 3 -q").status, 0);
  const Outcome o = hanoi_cli("structure classic -n 4 --all-pairs --count -q");
  ASSERT_EQ(o.status, 0) << o;
  EXPECT_NE(o.out.find("s counting"), std::string::npos) << o;
  EXPECT_NE(o.out.find("s all pairs"), std::string::npos) << o;
}

}  // namespace
}  // namespace hanoi

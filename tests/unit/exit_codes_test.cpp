// The exit-status policy (README), case by case where an earlier main broke it
// (issue 33, item 3): a work directory that cannot be used is bad input (2), not an
// internal error (1); an engine refusal of a value is 2; an illegal user move is 1
// with its one line; help that cannot be written and a closed pipe are output
// failures (4), never exit 0 or death by SIGPIPE.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

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

TEST(ExitCodes, UnusableWorkDirectoryIsBadInput) {
  TempDir dir;
  write_file(dir / "file", "not a directory\n");
  const std::string file = quote((dir / "file").string());
  for (const std::string& args :
       {std::string("optimum reves --pegs 4 -n 8 --storage disk --work-dir /proc/hanoi-x"),
        "optimum reves --pegs 4 -n 8 --storage disk --work-dir " + file,
        "optimum reves --pegs 4 -n 8 --resume --work-dir " + file}) {
    SCOPED_TRACE(args);
    expect_one_line_error(hanoi_cli(args), 2);
  }
}

TEST(ExitCodes, IllegalMoveIsOneWithItsLine) {
  TempDir dir;
  write_file(dir / "moves", "1:0->1 1:1->0 2:0->1\n");
  for (const char* json : {"", " --json"}) {
    const Outcome o =
        hanoi_cli("check classic -n 2 --moves-file " + quote((dir / "moves").string()) + json);
    expect_one_line_error(o, 1, "illegal move");
    EXPECT_FALSE(o.out.empty()) << o;  // the report itself stays on stdout
  }
  // Legal moves that stop short of the goal: 1 as well, with its line.
  write_file(dir / "short", "1:0->1\n");
  expect_one_line_error(
      hanoi_cli("check classic -n 2 --moves-file " + quote((dir / "short").string())), 1, "goal");
}

TEST(ExitCodes, HelpThatCannotBeWrittenIsFour) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  TempDir dir;
  for (const char* args : {"--help", "optimum --help", "--help-all"}) {
    SCOPED_TRACE(args);
    const fs::path err = dir / "err";
    EXPECT_EQ(run_shell(quote(HANOI_BINARY) + " " + args + " </dev/null >/dev/full 2>" +
                        quote(err.string())),
              4);
    EXPECT_NE(slurp(err).find("hanoi: error: cannot write standard output"), std::string::npos)
        << slurp(err);
  }
}

// There was no --version.  It names the commit, as the tables do.
TEST(ExitCodes, VersionNamesTheCommit) {
  const Outcome o = hanoi_cli("--version");
  EXPECT_EQ(o.status, 0) << o;
  EXPECT_EQ(o.out.rfind("hanoi ", 0), 0u) << o;
  EXPECT_NE(o.out.find("(commit "), std::string::npos) << o;
  EXPECT_EQ(std::count(o.out.begin(), o.out.end(), '\n'), 1) << o;
  EXPECT_EQ(run_shell(quote(HANOI_BINARY) + " --version </dev/null >/dev/full 2>/dev/null"), 4);
}

TEST(ExitCodes, ClosedPipeIsFourNotSigpipe) {
  TempDir dir;
  const fs::path status = dir / "status";
  // A move list of 2^16 - 1 lines into `head -1`: the pipe closes long before the end.
  const int rc =
      run_shell("bash -c " + quote("set -o pipefail; " + quote(HANOI_BINARY) +
                                   " optimum classic -n 16 --moves --moves-limit 100000 2>" +
                                   quote((dir / "err").string()) + " | head -1 >/dev/null; echo " +
                                   "${PIPESTATUS[0]} >" + quote(status.string())));
  (void)rc;
  EXPECT_EQ(slurp(status), "4\n") << slurp(dir / "err");
  EXPECT_NE(slurp(dir / "err").find("hanoi: error:"), std::string::npos);
}

// Budget or disk space is 3: the free-space refusal was 1 on an earlier main.  No
// test machine has the 132 TiB and 7.9 TiB these need free, so they are refused
// before they write.
TEST(ExitCodes, NotEnoughDiskIsThree) {
  TempDir dir;
  for (const std::string& args :
       {std::string("optimum reves --pegs 4 -n 24 --max-memory 1G --work-dir "),
        std::string("optimum checkers -n 31 --storage disk --max-memory 1G --work-dir ")}) {
    SCOPED_TRACE(args);
    const Outcome o = hanoi_cli(args + quote((dir / "w").string()));
    expect_one_line_error(o, 3, "free");
    EXPECT_NE(o.err.find("of disk"), std::string::npos) << o;
  }
}

// So is a budget the program itself does not fit in.
TEST(ExitCodes, BudgetTooSmallIsThree) {
  expect_one_line_error(hanoi_cli("optimum classic -n 3 --max-memory 1M"), 3, "memory budget");
}

// The exit-status table of docs/cli-guide.md against the program (issue 59: the
// docs gave exit 1 for a refused checkpoint, the program 2).  Every status of the
// table has an example under it; every example is run in an empty directory and
// must give its status, with the one error line when it is not 0; and every "exit
// N" the docs mention is a status of the table.
TEST(ExitCodes, TheDocumentedTableIsTheProgramsBehaviour) {
  const std::string guide = slurp(fs::path(HANOI_SOURCE_DIR) / "docs" / "cli-guide.md");
  const std::size_t from = guide.find("## Exit status");
  ASSERT_NE(from, std::string::npos);
  const std::string section = guide.substr(from, guide.find("\n## ", from + 1) - from);
  std::set<int> table;
  std::vector<std::pair<int, std::string>> examples;
  std::istringstream lines(section);
  bool in_examples = false;
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, std::regex(R"(\| ([0-9, ]+) \|.*)"))) {
      std::istringstream codes(m[1].str());
      for (std::string code; std::getline(codes, code, ',');) table.insert(std::stoi(code));
    } else if (line == "    # status  command") {
      in_examples = true;
    } else if (in_examples && std::regex_match(line, m, std::regex(R"(    ([0-9]+) +(.+))"))) {
      examples.emplace_back(std::stoi(m[1].str()), m[2].str());
    } else if (in_examples && !line.empty()) {
      in_examples = false;
    }
  }
  ASSERT_GE(table.size(), 6u) << "the table was not found";
  std::set<int> shown;
  for (const auto& [status, command] : examples) {
    SCOPED_TRACE(command);
    shown.insert(status);
    EXPECT_TRUE(table.count(status)) << "an example of a status the table does not list";
    TempDir dir, capture;
    const std::string bin = fs::path(HANOI_BINARY).parent_path().string();
    const int rc =
        run_shell("cd " + quote(dir.path().string()) + " && PATH=" + quote(bin) +
                  ":\"$PATH\" bash -c " + quote(command) + " </dev/null >" +
                  quote((capture / "out").string()) + " 2>" + quote((capture / "err").string()));
    const std::string err = slurp(capture / "err");
    EXPECT_EQ(rc, status) << err;
    if (status == 0) continue;
    // The one error line (a batch names the tables it wrote before it).
    const auto err_lines = testing::lines_of(err);
    ASSERT_FALSE(err_lines.empty()) << err;
    EXPECT_EQ(err_lines.back().rfind("hanoi: error:", 0), 0u) << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), ':') > 0 &&
                  err.find("hanoi: error:") == err.rfind("hanoi: error:"),
              true)
        << "one error line\n"
        << err;
  }
  EXPECT_EQ(shown, table) << "every status of the table needs an example";
  // Every exit status the documentation mentions is one of the table's.
  std::vector<fs::path> docs = {fs::path(HANOI_SOURCE_DIR) / "README.md"};
  for (const auto& e : fs::directory_iterator(fs::path(HANOI_SOURCE_DIR) / "docs"))
    if (e.path().extension() == ".md") docs.push_back(e.path());
  // ("exit 128 + the signal" is the rule of the last row.)
  const std::regex mention(R"(\bexit(?: status)? ([0-9]+)\b(?! \+))");
  for (const fs::path& doc : docs) {
    const std::string text = slurp(doc);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), mention);
         it != std::sregex_iterator(); ++it)
      EXPECT_TRUE(table.count(std::stoi((*it)[1].str())))
          << doc.filename() << " mentions " << it->str() << ", which the table does not list";
  }
}

}  // namespace
}  // namespace hanoi

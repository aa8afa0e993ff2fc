// What a newcomer meets first (issue 34): `hanoi list` of one variant (the whole
// list is 389 lines, and `hanoi list reves` was an error), the commit in every
// JSON answer (`run --json` had none), `verify` writing to out/ rather than over
// the committed results/, docs/cli.md as the program's own --help, and bash
// completion.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "support/cli_runner.hpp"

namespace hanoi {
namespace {

using testing::expect_one_line_error;
using testing::hanoi_cli;
using testing::lines_of;
using testing::Outcome;
using testing::parse_json;
using testing::quote;
using testing::run_shell;
using testing::slurp;
using testing::TempDir;
using testing::write_file;

TEST(CliBasics, ListOneVariant) {
  const Outcome all = hanoi_cli("list");
  const Outcome one = hanoi_cli("list reves");
  EXPECT_EQ(one.status, 0) << one;
  EXPECT_EQ(one.out.rfind("reves: ", 0), 0u) << one;
  EXPECT_EQ(one.out.find("\nclassic: "), std::string::npos) << one;
  EXPECT_LT(lines_of(one.out).size(), lines_of(all.out).size());
  // The same lines as in the whole list.
  EXPECT_NE(all.out.find(one.out), std::string::npos);
  const nlohmann::json j = parse_json(hanoi_cli("list checkers --json"));
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0]["variant"], "checkers");
  expect_one_line_error(hanoi_cli("list nosuch"), 2, "unknown variant 'nosuch'");
}

TEST(CliBasics, EveryJsonAnswerNamesTheCommit) {
  for (const char* args : {"run classic recursive -n 3 --json", "optimum classic -n 3 --json",
                           "frame classic -n 3 --json", "structure classic -n 3 --json"}) {
    SCOPED_TRACE(args);
    const nlohmann::json j = parse_json(hanoi_cli(args));
    ASSERT_TRUE(j.is_object());
    ASSERT_TRUE(j.contains("commit"));
    EXPECT_FALSE(j["commit"].get<std::string>().empty());
  }
}

// Without --out a batch's tables go to out/ of the current directory; a clone's
// results/ (which holds the committed tables) is not touched.
TEST(CliBasics, VerifyWritesToOutByDefault) {
  TempDir dir;
  std::filesystem::create_directory(dir / "results");
  write_file(dir / "tiny.toml", "[[row]]\nvariant = \"classic\"\nn = [1, 3]\n");
  const Outcome o = hanoi_cli("verify tiny.toml -q --no-plots", dir.path());
  ASSERT_EQ(o.status, 0) << o;
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "tiny.md")) << o;
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "tiny.csv")) << o;
  EXPECT_TRUE(std::filesystem::is_empty(dir / "results")) << o;
}

// docs/cli.md is what scripts/cli-doc.sh prints from this binary's --help: an
// option added or changed without regenerating the page fails here.
TEST(CliDoc, PageIsCurrent) {
  TempDir dir;
  const std::string source = HANOI_SOURCE_DIR;
  ASSERT_EQ(run_shell("bash " + quote(source + "/scripts/cli-doc.sh") + " " + quote(HANOI_BINARY) +
                      " > " + quote((dir / "cli.md").string())),
            0);
  EXPECT_TRUE(slurp(dir / "cli.md") == slurp(source + "/docs/cli.md"))
      << "docs/cli.md is stale: run `bash scripts/cli-doc.sh > docs/cli.md`";
}

// The completion asks the program itself: subcommands, variants, options.
TEST(CliBasics, BashCompletion) {
  TempDir dir;
  const std::string script = std::string(HANOI_SOURCE_DIR) + "/scripts/hanoi-completion.bash";
  auto complete = [&](const std::string& words) {
    const std::string cmd =
        "bash -c " +
        quote("source " + quote(script) + " && COMP_WORDS=(" + quote(HANOI_BINARY) + " " + words +
              ") && COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) && _hanoi && "
              "echo \"${COMPREPLY[*]}\"") +
        " > " + quote((dir / "out").string());
    EXPECT_EQ(run_shell(cmd), 0) << cmd;
    std::string out = slurp(dir / "out");
    if (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
  };
  EXPECT_EQ(complete("opt"), "optimum");
  EXPECT_EQ(complete("optimum re"), "reves reversi");
  EXPECT_EQ(complete("optimum reves --max"), "--max-memory");
  EXPECT_EQ(complete("structure classic --cou"), "--count");
}

}  // namespace
}  // namespace hanoi

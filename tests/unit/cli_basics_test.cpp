// What a newcomer meets first (issue 34): `hanoi list` of one variant (the whole
// list is 389 lines, and `hanoi list reves` was an error), and the commit in every
// JSON answer (`run --json` had none).
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace hanoi

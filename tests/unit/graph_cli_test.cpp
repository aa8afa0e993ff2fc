// End-to-end tests of the move-graph variant and the atlas batch kind: `hanoi list
// graph --edges`, `optimum` on directed and undirected graphs (the JSON's instance
// facts, an unreachable goal as an answer), the refusals of bad edge lists (one line,
// exit 2), a witness replayed by `hanoi check`, and a small atlas batch whose counts
// agree with the published numbers of graphs and with `hanoi optimum`.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "support/cli_runner.hpp"

namespace hanoi {
namespace {

using nlohmann::json;
using testing::expect_one_line_error;
using testing::hanoi_cli;
using testing::Outcome;
using testing::parse_json;
using testing::slurp;
using testing::TempDir;
using testing::write_file;

TEST(GraphCli, ListDescribesAGraph) {
  const Outcome o = hanoi_cli("list graph --pegs 4 --edges 0-1,1-2,2-3 --json");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  EXPECT_EQ(j["edges"], "0-1,1-2,2-3") << o;
  EXPECT_EQ(j["instance"]["strongly_connected"], true) << o;
  EXPECT_EQ(j["instance"]["shed"], true) << o;
  EXPECT_EQ(j["instance"]["automorphisms"], 2) << o;
  const Outcome text = hanoi_cli("list graph --pegs 3 --edges '0>1,1>2'");
  ASSERT_EQ(text.status, 0) << text;
  EXPECT_NE(text.out.find("not strongly connected"), std::string::npos) << text;
  EXPECT_NE(text.out.find("solvable only for n <= 1"), std::string::npos) << text;
}

TEST(GraphCli, OptimumOnDirectedAndUndirectedGraphs) {
  // The directed 3-cycle from 0 to 2 is the cyclic family's `left` problem.
  const Outcome c = hanoi_cli("optimum graph --pegs 3 --edges '0>1,1>2,2>0' -n 6 --json -q");
  ASSERT_EQ(c.status, 0) << c;
  const json cj = parse_json(c);
  const Outcome fam = hanoi_cli("optimum cyclic -n 6 --json -q");
  ASSERT_EQ(fam.status, 0) << fam;
  EXPECT_EQ(cj["optimal"], parse_json(fam)["optimal"]) << c;
  EXPECT_EQ(cj["formula"], cj["optimal"]) << c;
  EXPECT_EQ(cj["instance"]["undirected"], false) << c;
  // An unreachable goal is an answer, not an error.
  const Outcome u = hanoi_cli("optimum graph --pegs 3 --edges '0>1,1>2' -n 3 --json -q");
  ASSERT_EQ(u.status, 0) << u;
  const json uj = parse_json(u);
  EXPECT_TRUE(uj["optimal"].is_null()) << u;
  EXPECT_EQ(uj["reachable"], false) << u;
  EXPECT_EQ(uj["instance"]["largest_solvable_n"], 1) << u;
}

TEST(GraphCli, BadEdgeListsAreOneLineExitTwo) {
  for (const char* args :
       {"optimum graph --pegs 4 --edges 0-4 -n 3", "optimum graph --pegs 4 --edges 0-1,1-0 -n 3",
        "optimum graph --pegs 4 --edges 2-2 -n 3", "optimum graph --pegs 4 --edges , -n 3",
        "optimum graph --pegs 4 --from 1 --to 1 -n 3", "optimum reves --edges 0-1 -n 3",
        "optimum graph --pegs 3 --start 012 --from 0 -n 3"}) {
    const Outcome o = hanoi_cli(args);
    expect_one_line_error(o, 2);
  }
}

TEST(GraphCli, WitnessReplaysThroughTheChecker) {
  TempDir dir;
  const Outcome o = hanoi_cli(
      "optimum graph --pegs 4 --edges 0-1,1-2,2-3 --start 0123 --goal 3210 -n 4 "
      "--moves --json -q");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  std::string moves;
  for (const json& m : j["moves"])
    moves += std::to_string(m[0].get<int>()) + ":" + std::to_string(m[1].get<int>()) + "->" +
             std::to_string(m[2].get<int>()) + "\n";
  write_file(dir / "moves.txt", moves);
  const Outcome c = hanoi_cli(
      "check graph --pegs 4 --edges 0-1,1-2,2-3 --start 0123 --goal 3210 "
      "-n 4 --moves-file " +
      (dir / "moves.txt").string());
  ASSERT_EQ(c.status, 0) << c;
  EXPECT_NE(c.out.find("optimal"), std::string::npos) << c;
}

// A checkpoint of one graph or pair does not resume as another (the work
// directory's identity names the edges and the pegs).
TEST(GraphCli, ResumeRefusesAnotherGraph) {
  TempDir dir;
  const std::string w = (dir / "w").string();
  const Outcome a = hanoi_cli(
      "optimum graph --pegs 4 --edges 0-1,1-2,2-3 -n 6 --storage disk --work-dir " + w + " -q");
  ASSERT_EQ(a.status, 0) << a;
  for (const std::string other : {"--edges 0-1,1-2,2-3,0-3", "--edges 0-1,1-2,2-3 --to 2"}) {
    const Outcome b = hanoi_cli("optimum graph --pegs 4 " + other +
                                " -n 6 --storage disk --resume --work-dir " + w + " -q");
    expect_one_line_error(b, 2);
    EXPECT_NE(b.err.find("holds a checkpoint of"), std::string::npos) << b;
  }
  const Outcome same = hanoi_cli(
      "optimum graph --pegs 4 --edges 0-1,1-2,2-3 -n 6 --storage disk --resume --work-dir " + w +
      " --json -q");
  ASSERT_EQ(same.status, 0) << same;
  EXPECT_EQ(parse_json(same)["optimal"], 88) << same;
}

TEST(GraphCli, AtlasBatch) {
  TempDir dir;
  write_file(dir / "atlas.toml",
             "title = \"t\"\nkind = \"atlas\"\n[[row]]\nvariant = \"graph\"\npegs = 4\n"
             "n = [1, 5]\n[[row]]\nvariant = \"digraph\"\npegs = 3\nn = [1, 4]\n");
  const Outcome o = hanoi_cli("verify atlas.toml --out out --no-plots -q", dir.path());
  ASSERT_EQ(o.status, 0) << o;
  const std::string md = slurp(dir / "out" / "atlas.md");
  EXPECT_NE(md.find("6 up to isomorphism (OEIS A001349: 6, agrees)"), std::string::npos) << md;
  EXPECT_NE(md.find("5 up to isomorphism (OEIS A035512: 5, agrees)"), std::string::npos) << md;
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "atlas.meta.json"));
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "atlas.b" / "C4.6_0-1.optimum.txt"));
  // K4 (the last connected graph) at n = 5: 13 moves, as `hanoi optimum reves` says.
  EXPECT_EQ(slurp(dir / "out" / "atlas.b" / "C4.6_0-1.optimum.txt"), "1 1\n2 3\n3 5\n4 9\n5 13\n");
  // The pairs of one start share one search (watched goals): every pair of every
  // 4-peg graph at n = 5 against its own search by `hanoi optimum`.
  std::istringstream csv(slurp(dir / "out" / "atlas.csv"));
  std::string line;
  int checked = 0;
  while (std::getline(csv, line)) {
    // class,pegs,graph,"edges",from,to,n,optimum,...
    const auto q1 = line.find('"'), q2 = line.find('"', q1 + 1);
    if (line.rfind("connected,4,", 0) != 0 || q1 == std::string::npos) continue;
    std::istringstream rest(line.substr(q2 + 2));
    std::string from, to, n, optimum;
    std::getline(rest, from, ',');
    std::getline(rest, to, ',');
    std::getline(rest, n, ',');
    std::getline(rest, optimum, ',');
    if (n != "5") continue;
    const Outcome one =
        hanoi_cli("optimum graph --pegs 4 --edges " + line.substr(q1 + 1, q2 - q1 - 1) +
                  " --from " + from + " --to " + to + " -n 5 --json -q");
    ASSERT_EQ(one.status, 0) << one;
    EXPECT_EQ(std::to_string(parse_json(one)["optimal"].get<std::uint64_t>()), optimum) << line;
    ++checked;
  }
  EXPECT_EQ(checked, 23);  // the pairs of the 6 graphs up to automorphism
  const Outcome again = hanoi_cli("verify atlas.toml --out out --no-plots -q", dir.path());
  ASSERT_EQ(again.status, 0) << again;
  EXPECT_NE(slurp(dir / "out" / "atlas.md").find("cells were taken from"), std::string::npos);
}

}  // namespace
}  // namespace hanoi

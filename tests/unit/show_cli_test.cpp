// End-to-end tests of the commands that let a person see and check solutions:
// `hanoi check` (a user's own moves), `hanoi show` (replay page, SVG strip, one
// configuration), `hanoi graph` (the state graph for Graphviz), runs beyond the
// encoder, and the pictures and level profiles of batches.  Expected values come
// from the seeds' formulas or an independent computation here (the Frame-Stewart
// recursion by dynamic programming, the Hanoi graph's vertex and edge counts).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_runner.hpp"

namespace hanoi {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using testing::expect_one_line_error;
using testing::hanoi_cli;
using testing::lines_of;
using testing::parse_json;
using testing::quote;
using testing::slurp;
using testing::TempDir;
using testing::write_file;

// Frame-Stewart's count by its defining recursion, FS(m, n) = min over 1 <= k < n of
// 2 FS(m, k) + FS(m-1, n-k), FS(3, n) = 2^n - 1: independent of the engine's closed
// form and of its algorithm.  Values that would overflow are never asked for.
std::uint64_t frame_stewart_dp(int m, int n) {
  std::vector<std::vector<std::uint64_t>> fs(static_cast<std::size_t>(m + 1),
                                             std::vector<std::uint64_t>(n + 1, 0));
  for (int k = 1; k <= n; ++k)
    fs[3][static_cast<std::size_t>(k)] = k >= 63 ? UINT64_MAX : (std::uint64_t{1} << k) - 1;
  for (int p = 4; p <= m; ++p) {
    auto& row = fs[static_cast<std::size_t>(p)];
    const auto& below = fs[static_cast<std::size_t>(p - 1)];
    row[1] = 1;
    for (int j = 2; j <= n; ++j) {
      std::uint64_t best = UINT64_MAX;
      for (int k = 1; k < j; ++k) {
        const std::uint64_t a = row[static_cast<std::size_t>(k)],
                            b = below[static_cast<std::size_t>(j - k)];
        if (a >= UINT64_MAX / 4 || b >= UINT64_MAX / 2) continue;
        best = std::min(best, 2 * a + b);
      }
      row[static_cast<std::size_t>(j)] = best;
    }
  }
  return fs[static_cast<std::size_t>(m)][static_cast<std::size_t>(n)];
}

// The DATA object a replay page embeds (one line: `const DATA = {...};`).
json page_data(const std::string& html) {
  const std::string marker = "\nconst DATA = ";
  const std::size_t at = html.find(marker);
  if (at == std::string::npos) {
    ADD_FAILURE() << "no DATA in the page";
    return json();
  }
  const std::size_t begin = at + marker.size();
  const std::size_t end = html.find(";\n", begin);
  return json::parse(html.substr(begin, end - begin));
}

// Stack heights of a configuration text, sorted ("0: 3 2 1 | 1: | 2:" -> 0 0 3).
std::vector<int> stack_heights(const std::string& text) {
  std::vector<int> heights;
  std::istringstream segs(text);
  std::string seg;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find(" | ", pos);
    if (end == std::string::npos) end = text.size();
    const std::string s = text.substr(pos, end - pos);
    std::istringstream words(s.substr(s.find(':') + 1));
    int count = 0;
    for (std::string w; words >> w;) ++count;
    heights.push_back(count);
    if (end == text.size()) break;
    pos = end + 3;
  }
  std::sort(heights.begin(), heights.end());
  return heights;
}

TEST(Check, TheSearchsOwnWitnessIsLegalAndOptimal) {
  TempDir dir;
  const auto opt = hanoi_cli("optimum classic -n 4 --moves -q");
  ASSERT_EQ(opt.status, 0) << opt;
  // The text output's move lines (disc:from->to) are the file, as printed.
  std::string moves;
  for (const auto& line : lines_of(opt.out))
    if (line.find("->") != std::string::npos && line.find(':') != std::string::npos &&
        line.find("moves") == std::string::npos)
      moves += line + "\n";
  write_file(dir / "moves.txt", "# classic n = 4, from `hanoi optimum`\n" + moves);
  const auto o =
      hanoi_cli("check classic -n 4 -q --json --moves-file " + quote((dir / "moves.txt").string()));
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  EXPECT_EQ(j["moves_count"], 15u);  // 2^4 - 1
  EXPECT_TRUE(j["legal"].get<bool>());
  EXPECT_TRUE(j["goal_reached"].get<bool>());
  EXPECT_EQ(j["optimum"], 15u);
  EXPECT_TRUE(j["optimal"].get<bool>());
  EXPECT_EQ(j["final"], "0: | 1: | 2: 4 3 2 1");
}

TEST(Check, NamesTheFirstIllegalMoveAndItsRule) {
  TempDir dir;
  write_file(dir / "m", "1:0->1\n2:0->1\n1:1->2\n");
  const auto o = hanoi_cli("check classic -n 3 --json --moves-file " + quote((dir / "m").string()));
  EXPECT_EQ(o.status, 1) << o;
  const json j = parse_json(o);
  EXPECT_FALSE(j["legal"].get<bool>());
  EXPECT_EQ(j["legal_moves"], 1u);
  EXPECT_EQ(j["illegal_move"]["index"], 2u);
  EXPECT_EQ(j["illegal_move"]["disc"], 2);
  EXPECT_EQ(j["illegal_move"]["from"], 0);
  EXPECT_EQ(j["illegal_move"]["to"], 1);
  EXPECT_EQ(j["illegal_move"]["rule"], "a disc may not be placed on a smaller disc");
  // The text form says the same in words.
  const auto t = hanoi_cli("check classic -n 3 --moves-file " + quote((dir / "m").string()));
  EXPECT_EQ(t.status, 1);
  EXPECT_NE(t.out.find("ILLEGAL move 2 (disc 2 from 0 to 1)"), std::string::npos) << t;
}

TEST(Check, AVariantRuleIsNamed) {
  // Cyclic: clockwise only, so 0 -> 2 is against the rule.
  TempDir dir;
  write_file(dir / "m", "0->2");
  const auto o = hanoi_cli("check cyclic -n 2 --json --moves-file " + quote((dir / "m").string()));
  EXPECT_EQ(o.status, 1) << o;
  EXPECT_NE(parse_json(o)["illegal_move"]["rule"].get<std::string>().find("clockwise"),
            std::string::npos)
      << o;
}

TEST(Check, AWrongFinalStateAndASuboptimalSolution) {
  TempDir dir;
  write_file(dir / "short", "0->1");
  auto o = hanoi_cli("check classic -n 1 --moves-file " + quote((dir / "short").string()));
  EXPECT_EQ(o.status, 1) << o;
  EXPECT_NE(o.out.find("not the goal"), std::string::npos) << o;
  // Unnamed discs (from->to only) and commas are accepted.
  write_file(dir / "long", "0->1, 1->2");
  o = hanoi_cli("check classic -n 1 --json --moves-file " + quote((dir / "long").string()));
  EXPECT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  EXPECT_EQ(j["optimum"], 1u);
  EXPECT_FALSE(j["optimal"].get<bool>());
  // A named disc that is not the top disc is refused.
  write_file(dir / "named", "2:0->2");
  o = hanoi_cli("check classic -n 2 --json --moves-file " + quote((dir / "named").string()));
  EXPECT_EQ(o.status, 1) << o;
  EXPECT_NE(o.out.find("the top disc on peg 0 is 1"), std::string::npos) << o;
}

TEST(Check, AMoveThatStaysIsNamedAndOrbitSpacesAreRefused) {
  TempDir dir;
  write_file(dir / "stay", "0->0");
  const auto o = hanoi_cli("check classic -n 3 --moves-file " + quote((dir / "stay").string()));
  EXPECT_EQ(o.status, 1) << o;
  EXPECT_NE(o.out.find("ILLEGAL move 1 (from 0 to 0): a move must change peg"), std::string::npos)
      << o;
  // A retired variant name says what replaced it, before any move is read.
  write_file(dir / "m", "0->1 0->3 1->3");
  expect_one_line_error(
      hanoi_cli("check reves-sym -n 2 --moves-file " + quote((dir / "m").string())), 2,
      "reves --pegs 4 --symmetry");
}

TEST(Check, MalformedMovesAreOneLineErrors) {
  TempDir dir;
  write_file(dir / "bad", "1:0->1\n1:1-2\n");
  expect_one_line_error(
      hanoi_cli("check classic -n 2 --moves-file " + quote((dir / "bad").string())), 2,
      "line 2: '1:1-2'");
  write_file(dir / "zero", "0:0->1");
  expect_one_line_error(
      hanoi_cli("check classic -n 2 --moves-file " + quote((dir / "zero").string())), 2,
      "numbered from 1");
  expect_one_line_error(hanoi_cli("check classic -n 2 --moves-file /nonexistent/m"), 2,
                        "/nonexistent/m");
}

TEST(BeyondEncoder, ManyPinRunsOneThousandDiscsOnOneHundredPegs) {
  // Seed 002's Many_Pin demonstration: far beyond any encoder (4 bits x 1000 discs).
  const auto o = hanoi_cli("run reves frame-stewart -n 1000 --pegs 100 --json -q");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  EXPECT_TRUE(j["legal"].get<bool>());
  EXPECT_EQ(j["moves_count"].get<std::uint64_t>(), frame_stewart_dp(100, 1000));
  EXPECT_EQ(j["formula"].get<std::uint64_t>(), frame_stewart_dp(100, 1000));
  // A search is still refused there, and the error says where the algorithm runs.
  expect_one_line_error(hanoi_cli("optimum reves -n 1000 --pegs 100"), 2, "`run`, `show`");
  expect_one_line_error(hanoi_cli("run reves frame-stewart -n 10001 --pegs 100"), 2,
                        "in algorithm runs");
}

TEST(BeyondEncoder, TheHalfTimeSnapshotOfSixPegsAndThirtyFiveDiscs) {
  // Seed 002: with m = 6 and n = 35, after move 105 of 209 the discs stand in
  // stacks of 1, 3, 6, 10 and 15 (the start and goal pegs empty).
  const std::uint64_t total = frame_stewart_dp(6, 35);
  ASSERT_EQ(total, 209u);
  const auto o = hanoi_cli("show reves frame-stewart -n 35 --pegs 6 --at 105 --json");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  EXPECT_EQ(j["total_moves"], total);
  EXPECT_EQ(stack_heights(j["configuration"].get<std::string>()),
            (std::vector<int>{0, 1, 3, 6, 10, 15}))
      << j["configuration"];
}

TEST(Show, TheReplayPageHoldsEveryConfigurationOfASmallSolution) {
  TempDir dir;
  const fs::path page = dir / "classic.html";
  const auto o = hanoi_cli("show classic optimal -n 3 -q --html " + quote(page.string()));
  ASSERT_EQ(o.status, 0) << o;
  const std::string html = slurp(page);
  EXPECT_EQ(html.find("<script src"), std::string::npos) << "the page loads nothing";
  EXPECT_EQ(html.find("<link"), std::string::npos) << "the page loads nothing";
  const json data = page_data(html);
  EXPECT_EQ(data["total_moves"], 7u);  // 2^3 - 1
  EXPECT_EQ(data["optimum"], 7u);
  EXPECT_TRUE(data["legal"].get<bool>());
  EXPECT_FALSE(data["sampled"].get<bool>());
  ASSERT_EQ(data["frames"].size(), 8u);
  EXPECT_EQ(data["frames"][0]["config"], "0: 3 2 1 | 1: | 2:");
  EXPECT_EQ(data["frames"][7]["config"], "0: | 1: | 2: 3 2 1");
  EXPECT_EQ(data["frames"][7]["pegs"][2]["discs"].size(), 3u);
  EXPECT_EQ(data["frames"][7]["pegs"][2]["discs"][0]["size"], 3);
}

TEST(Show, LongSolutionsAreSampledNotEmbedded) {
  TempDir dir;
  const fs::path page = dir / "long.html";
  const auto o =
      hanoi_cli("show classic recursive -n 16 -q --frames 101 --html " + quote(page.string()));
  ASSERT_EQ(o.status, 0) << o;
  const json data = page_data(slurp(page));
  EXPECT_EQ(data["total_moves"], 65535u);
  EXPECT_TRUE(data["sampled"].get<bool>());
  ASSERT_EQ(data["frames"].size(), 101u);
  EXPECT_EQ(data["frames"].back()["move_index"], 65535u);
  EXPECT_EQ(data["frames"].back()["config"].get<std::string>().rfind("0: | 1: | 2: 16 15", 0), 0u);
  EXPECT_LT(fs::file_size(page), 400000u);
}

TEST(Show, ColoursComeFromTheRules) {
  TempDir dir;
  const fs::path svg = dir / "rainbow.svg", page = dir / "rainbow.html";
  const auto o = hanoi_cli("show rainbow optimal -n 3 -q --svg " + quote(svg.string()) +
                           " --html " + quote(page.string()));
  ASSERT_EQ(o.status, 0) << o;
  const std::string strip = slurp(svg);
  EXPECT_EQ(strip.rfind("<svg", 0), 0u);
  // Rainbow: disc 1 green, 2 blue, 3 red.
  const json data = page_data(slurp(page));
  const json& start = data["frames"][0]["pegs"][0]["discs"];
  ASSERT_EQ(start.size(), 3u);
  EXPECT_EQ(start[0]["colour"], "#d62728");  // disc 3, red, at the bottom
  EXPECT_EQ(start[2]["colour"], "#2ca02c");  // disc 1, green, on top
  for (const char* c : {"#d62728", "#1f77b4", "#2ca02c"})
    EXPECT_NE(strip.find(c), std::string::npos) << c;
  EXPECT_EQ(data["legend"].size(), 3u);
}

TEST(Show, AUsersIllegalMovesAreShownUpToTheError) {
  TempDir dir;
  write_file(dir / "m", "1:0->1 2:0->2 2:2->1");  // the third puts 2 on 1
  const fs::path page = dir / "bad.html";
  const auto o = hanoi_cli("show classic -n 2 -q --moves-file " + quote((dir / "m").string()) +
                           " --html " + quote(page.string()));
  EXPECT_EQ(o.status, 1) << o;
  const json data = page_data(slurp(page));
  EXPECT_FALSE(data["legal"].get<bool>());
  EXPECT_EQ(data["total_moves"], 2u);
  EXPECT_NE(data["error"].get<std::string>().find("move 3"), std::string::npos) << data["error"];
}

TEST(Show, BadRequestsAreOneLineErrors) {
  expect_one_line_error(hanoi_cli("show classic optimal -n 3"), 2, "--html");
  expect_one_line_error(hanoi_cli("show classic -n 3 --at 1"), 2, "--moves-file");
  expect_one_line_error(hanoi_cli("show classic optimal -n 3 --at 8"), 2, "only 7 moves");
  expect_one_line_error(hanoi_cli("show reves optimal -n 40 --pegs 6 --at 1"), 2, "takes n");
}

// Vertices ("7[label=...]"), edges ("0--1", or "0->1" when directed) and the red ones
// of the optimal path, in the file write_graphviz writes.
struct DotCounts {
  int vertices = 0, edges = 0, red_edges = 0;
};
DotCounts count_dot(const std::string& dot, const std::string& arrow) {
  DotCounts c;
  for (const auto& line : lines_of(dot)) {
    if (line.empty() || !std::isdigit(static_cast<unsigned char>(line[0]))) continue;
    if (line.find(arrow) != std::string::npos) {
      ++c.edges;
      if (line.find("penwidth") != std::string::npos) ++c.red_edges;
    } else if (line.find("[label=") != std::string::npos) {
      ++c.vertices;
    }
  }
  return c;
}

TEST(Graph, TheClassicGraphIsTheSierpinskiGraph) {
  TempDir dir;
  for (int n = 2; n <= 4; ++n) {
    const fs::path dot = dir / "g.dot";
    const auto o =
        hanoi_cli("graph classic -n " + std::to_string(n) + " --dot " + quote(dot.string()));
    ASSERT_EQ(o.status, 0) << o;
    const DotCounts c = count_dot(slurp(dot), "--");
    std::uint64_t pow3 = 1;
    for (int i = 0; i < n; ++i) pow3 *= 3;
    EXPECT_EQ(c.vertices, static_cast<int>(pow3)) << n;             // 3^n states
    EXPECT_EQ(c.edges, static_cast<int>((3 * pow3 - 3) / 2)) << n;  // (3^(n+1) - 3) / 2
    EXPECT_EQ(c.red_edges, (1 << n) - 1) << n;                      // the 2^n - 1 optimal moves
  }
}

TEST(Graph, IrreversibleVariantsAreDirectedAndBigGraphsRefused) {
  TempDir dir;
  const fs::path dot = dir / "c.dot";
  const auto o = hanoi_cli("graph cyclic -n 2 --dot " + quote(dot.string()));
  ASSERT_EQ(o.status, 0) << o;
  const std::string text = slurp(dot);
  EXPECT_EQ(text.rfind("digraph", 0), 0u) << text.substr(0, 200);
  const DotCounts c = count_dot(text, "->");
  EXPECT_EQ(c.vertices, 9);
  // Cyclic n = 2, problem left (0 -> 2... the default): its optimum is the closed form.
  const auto opt = parse_json(hanoi_cli("optimum cyclic -n 2 --json -q"));
  EXPECT_EQ(c.red_edges, opt["optimal"].get<int>());
  expect_one_line_error(hanoi_cli("graph classic -n 9 --dot " + quote(dot.string())), 2,
                        "--max-states");
}

TEST(Batch, VerifyWritesTheLevelProfileOfEachRowsLargestN) {
  TempDir dir;
  write_file(dir / "b.toml",
             "title = \"t\"\n[[row]]\nvariant = \"classic\"\nn = [2, 4]\n"
             "[[row]]\nvariant = \"reves\"\nn = 3\n");
  const auto o = hanoi_cli("verify b.toml --out out -q --no-plots", dir.path());
  ASSERT_EQ(o.status, 0) << o;
  const auto rows = lines_of(slurp(dir / "out" / "b.levels.csv"));
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows[0], "variant,pegs,problem,n,level,states");
  // classic n = 4: 81 states over levels 0..15; reves n = 3: 64 states.
  std::uint64_t classic = 0, reves = 0;
  int classic_levels = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    std::istringstream in(rows[i]);
    std::vector<std::string> f;
    for (std::string x; std::getline(in, x, ',');) f.push_back(x);
    ASSERT_EQ(f.size(), 6u) << rows[i];
    if (f[0] == "classic") {
      EXPECT_EQ(f[3], "4");
      classic += std::stoull(f[5]);
      ++classic_levels;
    } else {
      reves += std::stoull(f[5]);
    }
  }
  EXPECT_EQ(classic, 81u);
  EXPECT_EQ(classic_levels, 16);
  EXPECT_EQ(reves, 64u);
  EXPECT_FALSE(fs::exists(dir / "out" / "b.optimum.svg")) << "--no-plots draws nothing";
}

TEST(Batch, ALongLevelProfileIsSampledEvenly) {
  // adjacent, 3 pegs, n = 8: a path of 3^8 states, so 6561 levels of one state each.
  TempDir dir;
  write_file(dir / "a.toml", "title = \"t\"\n[[row]]\nvariant = \"adjacent\"\nn = 8\n");
  ASSERT_EQ(hanoi_cli("verify a.toml --out out -q --no-plots", dir.path()).status, 0);
  const auto rows = lines_of(slurp(dir / "out" / "a.levels.csv"));
  ASSERT_EQ(rows.size(), 2001u);  // the header and 2000 levels
  EXPECT_EQ(rows[1], "adjacent,3,transfer,8,0,1");
  EXPECT_EQ(rows.back(), "adjacent,3,transfer,8,6560,1");
}

// problem = "*": one row per code the variant offers, in `hanoi list` order, each
// cell journaled under its own code (a rerun takes every one from the journal).
TEST(Batch, AStarProblemStandsForEveryCode) {
  TempDir dir;
  write_file(dir / "s.toml",
             "title = \"t\"\n[[row]]\nvariant = \"checkers\"\nproblem = \"*\"\nn = 2\n"
             "algorithms = []\n");
  ASSERT_EQ(hanoi_cli("verify s.toml --out out -q --no-plots", dir.path()).status, 0);
  const auto rows = lines_of(slurp(dir / "out" / "s.csv"));
  ASSERT_EQ(rows.size(), 1u + 36u);  // the header and one row per checkers code
  EXPECT_EQ(rows[1].substr(0, 20), "checkers,4,DDDD,2,3,");
  EXPECT_EQ(rows[2].substr(0, 16), "checkers,4,BABB,");
  std::set<std::string> codes;
  for (std::size_t i = 1; i < rows.size(); ++i) codes.insert(rows[i].substr(11, 4));
  EXPECT_EQ(codes.size(), 36u);
  const auto again = hanoi_cli("verify s.toml --out out --no-plots", dir.path());
  ASSERT_EQ(again.status, 0);
  std::size_t reused = 0;
  for (const auto& line : lines_of(again.err))
    reused += line.find("(from the journal)") != std::string::npos;
  EXPECT_EQ(reused, 36u) << again.err;
  EXPECT_EQ(lines_of(slurp(dir / "out" / "s.csv")), rows);
  write_file(dir / "bad.toml",
             "title = \"t\"\n[[row]]\nvariant = \"nope\"\nproblem = \"*\"\nn = 2\n");
  const auto bad = hanoi_cli("verify bad.toml --out out -q --no-plots", dir.path());
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("bad.toml row 1"), std::string::npos) << bad.err;
}

TEST(Batch, PicturesAreDrawnBesideTheTableWhereMatplotlibIsInstalled) {
  if (std::system("/usr/bin/python3 -c 'import matplotlib' >/dev/null 2>&1") != 0)
    HANOI_MISSING_TOOL("python3-matplotlib not installed (scripts/install-deps.sh installs it)");
  TempDir dir;
  write_file(dir / "p.toml", "title = \"t\"\n[[row]]\nvariant = \"classic\"\nn = [1, 4]\n");
  // The unit tests run with HANOI_PLOTS=off (ctest sets it); here one run sets it
  // and one clears it.
  const auto run = [&](const std::string& env, const std::string& out) {
    return std::system(("cd " + quote(dir.path().string()) + " && env " + env + " " +
                        quote(HANOI_BINARY) + " verify p.toml --out " + out + " -q >/dev/null 2>&1")
                           .c_str());
  };
  ASSERT_EQ(run("HANOI_PLOTS=off", "off"), 0);
  ASSERT_EQ(run("-u HANOI_PLOTS", "on"), 0);
  EXPECT_TRUE(fs::exists(dir / "on" / "p.optimum.svg"));
  EXPECT_TRUE(fs::exists(dir / "on" / "p.levels.svg"));
  EXPECT_NE(slurp(dir / "on" / "p.md").find("![p.optimum.svg](p.optimum.svg)"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir / "off" / "p.optimum.svg")) << "HANOI_PLOTS=off draws nothing";
}

}  // namespace
}  // namespace hanoi

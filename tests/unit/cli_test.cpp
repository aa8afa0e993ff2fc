// End-to-end tests of the `hanoi` program: they run the built binary (HANOI_BINARY)
// through the shell, capture stdout, stderr and the exit status, and check output
// against values computed here (a reference BFS over the rule check, the classic
// space's own rule checker for move lists).  Only the classic variant is used.
//
// JSON is parsed with nlohmann/json (header-only, from the system include path).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "analyses/replay.hpp"
#include "declared/classic.hpp"
#include "support/cli_runner.hpp"
#include "support/synthetic_spaces.hpp"
#include "variants/classic/classic.hpp"

namespace hanoi {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using testing::expect_one_line_error;
using testing::hanoi_cli;
using testing::lines_of;
using testing::Outcome;
using testing::parse_json;
using testing::quote;
using testing::slurp;
using testing::TempDir;
using testing::write_file;

// Replays [[disc, from, to], ...] with the classic space's rule checker.
void expect_legal_classic_solution(int n, const json& moves, std::uint64_t expected_count) {
  ASSERT_TRUE(moves.is_array());
  ASSERT_EQ(moves.size(), expected_count);
  const auto space = variants::classic::make_space(Params{n, 3, "transfer"});
  Replayer<variants::classic::Space> r(space);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const json& m = moves[i];
    ASSERT_TRUE(m.is_array() && m.size() == 3) << m.dump();
    const Move mv{m[0].get<std::uint8_t>(), m[1].get<std::uint8_t>(), m[2].get<std::uint8_t>()};
    ASSERT_NE(mv.disc, 0) << "the CLI should name the disc of move " << i;
    ASSERT_TRUE(r.step(mv)) << "move " << i << ": " << r.error()->reason;
  }
  EXPECT_TRUE(r.finish()) << r.error()->reason;
}

std::uint64_t pow3(int n) {
  std::uint64_t p = 1;
  for (int i = 0; i < n; ++i) p *= 3;
  return p;
}

// =================================================================================
// list and help
// =================================================================================

TEST(Cli, ListText) {
  const Outcome o = hanoi_cli("list");
  EXPECT_EQ(o.status, 0) << o;
  EXPECT_TRUE(o.err.empty()) << o;
  EXPECT_NE(o.out.find("classic:"), std::string::npos) << o;
  EXPECT_NE(o.out.find("--problem transfer"), std::string::npos) << o;
  EXPECT_NE(o.out.find("recursive"), std::string::npos) << o;
}

TEST(Cli, ListJson) {
  const Outcome o = hanoi_cli("list --json");
  ASSERT_EQ(o.status, 0) << o;
  EXPECT_TRUE(o.err.empty()) << o;
  const json j = parse_json(o);
  ASSERT_TRUE(j.is_array()) << o;
  const json* classic = nullptr;
  for (const json& f : j) {
    ASSERT_TRUE(f.contains("variant")) << f.dump();
    if (f["variant"] == "classic") classic = &f;
  }
  ASSERT_NE(classic, nullptr) << "classic is not listed\n" << o;
  const json& c = *classic;
  EXPECT_EQ(c["pegs"]["default"], 3);
  EXPECT_EQ(c["pegs"]["min"], 3);
  EXPECT_EQ(c["pegs"]["max"], 3);
  EXPECT_EQ(c["max_n_by_pegs"]["3"], 32);
  ASSERT_TRUE(c["problems"].is_array());
  ASSERT_FALSE(c["problems"].empty());
  EXPECT_EQ(c["problems"][0]["code"], "transfer");
  std::set<std::string> algs;
  for (const json& a : c["problems"][0]["algorithms"]) {
    algs.insert(a["name"].get<std::string>());
    EXPECT_FALSE(a["description"].get<std::string>().empty());
  }
  EXPECT_TRUE(algs.count("recursive")) << o;
  EXPECT_TRUE(algs.count("iterative")) << o;
  EXPECT_TRUE(algs.count("bitwise")) << o;
}

TEST(Cli, Help) {
  const Outcome o = hanoi_cli("--help");
  EXPECT_EQ(o.status, 0) << o;
  for (const char* sub : {"list", "optimum", "run", "verify"})
    EXPECT_NE(o.out.find(sub), std::string::npos) << "help should mention " << sub << "\n" << o;
  const Outcome sub = hanoi_cli("optimum --help");
  EXPECT_EQ(sub.status, 0) << sub;
  EXPECT_NE(sub.out.find("--max-memory"), std::string::npos) << sub;
  EXPECT_NE(sub.out.find("--stop-at-goal"), std::string::npos) << sub;
}

// =================================================================================
// optimum
// =================================================================================

TEST(Cli, OptimumJson) {
  const Outcome o = hanoi_cli("optimum classic -n 5 --json --levels");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  EXPECT_EQ(j["variant"], "classic");
  EXPECT_EQ(j["n"], 5);
  EXPECT_EQ(j["pegs"], 3);
  EXPECT_EQ(j["problem"], "transfer");
  EXPECT_EQ(j["optimal"], 31);
  EXPECT_EQ(j["reachable"], true);
  EXPECT_EQ(j["states"], 243);
  EXPECT_EQ(j["rank_space"], 243);
  EXPECT_EQ(j["formula"], 31);
  EXPECT_EQ(j["complete"], true);
  // Eccentricity and levels from a reference BFS over the rule check.
  const auto space = variants::classic::make_space(Params{5, 3, "transfer"});
  const testing::ReferenceBfs ref = testing::reference_bfs(space);
  ASSERT_TRUE(j["eccentricity"].is_number_unsigned()) << o;
  EXPECT_EQ(j["eccentricity"].get<std::uint64_t>(), ref.level_sizes.size() - 1);
  EXPECT_EQ(j["levels"].get<std::vector<std::uint64_t>>(), ref.level_sizes);
  ASSERT_TRUE(j["seconds"].is_number()) << o;
  EXPECT_GE(j["seconds"].get<double>(), 0.0);
  EXPECT_LT(j["seconds"].get<double>(), 60.0);
  ASSERT_TRUE(j["bits_per_state"].is_number()) << o;
  EXPECT_GT(j["bits_per_state"].get<double>(), 0.0);
  EXPECT_NEAR(j["bits_per_state"].get<double>(), 8.0 * j["search_bytes"].get<double>() / 243.0,
              1e-9);
  EXPECT_FALSE(j.contains("moves")) << "moves only when asked";
}

// --plan says what the search would run and need, and searches nothing: no result
// fields, no work directory created.
TEST(Cli, OptimumPlan) {
  {
    const Outcome o = hanoi_cli("optimum classic -n 5 --plan --json");
    ASSERT_EQ(o.status, 0) << o;
    const json j = parse_json(o);
    EXPECT_EQ(j["engine"], "lattice");
    EXPECT_EQ(j["storage"], "memory");
    EXPECT_EQ(j["rank_space"], 243);
    EXPECT_EQ(j["fits"], true);
    EXPECT_GT(j["memory_bytes"].get<std::uint64_t>(), 0u);
    EXPECT_FALSE(j.contains("optimal")) << "nothing is searched";
    EXPECT_FALSE(j.contains("disk_bytes"));
  }
  {
    // Four pegs n = 20 in memory: 2^40 ranks, far beyond 1 GiB.
    const Outcome o = hanoi_cli("optimum reves --pegs 4 -n 20 --max-memory 1G --plan --json");
    ASSERT_EQ(o.status, 0) << o;
    const json j = parse_json(o);
    EXPECT_EQ(j["fits"], false);
    EXPECT_GT(j["memory_bytes"].get<std::uint64_t>(), j["budget_bytes"].get<std::uint64_t>());
  }
  {
    const std::string dir = ::testing::TempDir() + "hanoi-plan-" + std::to_string(::getpid());
    std::filesystem::remove_all(dir);
    const Outcome o =
        hanoi_cli("optimum checkers -n 20 --work-dir " + dir + " --max-memory 200M --plan --json");
    ASSERT_EQ(o.status, 0) << o;
    const json j = parse_json(o);
    EXPECT_EQ(j["engine"], "generic");
    EXPECT_EQ(j["storage"], "disk");
    EXPECT_GT(j["segments"].get<std::uint64_t>(), 1u);
    EXPECT_GT(j["disk_bytes"].get<std::uint64_t>(), 0u);
    EXPECT_TRUE(j.contains("free_disk_bytes"));
    EXPECT_FALSE(std::filesystem::exists(dir)) << "--plan must not create the work directory";
  }
}

TEST(Cli, OptimumWithoutLevelsOmitsThem) {
  const Outcome o = hanoi_cli("optimum classic -n 5 --json");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  EXPECT_EQ(j["optimal"], 31);
  EXPECT_EQ(j["states"], 243);
  EXPECT_TRUE(j.contains("eccentricity"));
  EXPECT_TRUE(j.contains("seconds"));
  EXPECT_TRUE(j.contains("bits_per_state"));
  EXPECT_FALSE(j.contains("levels"));
}

TEST(Cli, OptimumMovesReplayLegally) {
  for (int n : {1, 5, 6}) {
    const Outcome o = hanoi_cli("optimum classic -n " + std::to_string(n) + " --json --moves");
    ASSERT_EQ(o.status, 0) << o;
    const json j = parse_json(o);
    const std::uint64_t opt = (std::uint64_t{1} << n) - 1;
    ASSERT_EQ(j["optimal"], opt);
    SCOPED_TRACE("n=" + std::to_string(n));
    expect_legal_classic_solution(n, j["moves"], opt);
  }
}

TEST(Cli, OptimumTextMoves) {
  const Outcome o = hanoi_cli("optimum classic -n 4 --moves");
  ASSERT_EQ(o.status, 0) << o;
  EXPECT_NE(o.out.find("optimum:      15"), std::string::npos) << o;
  EXPECT_NE(o.out.find("states:       81"), std::string::npos) << o;
  // One move per line after the "moves (15, ...):" line.
  const auto at = o.out.find("moves (15, one per line");
  ASSERT_NE(at, std::string::npos) << o;
  std::istringstream tokens(o.out.substr(o.out.find('\n', at) + 1));
  json moves = json::array();
  std::string t;
  while (tokens >> t) {
    int d = 0, f = 0, to = 0;
    ASSERT_EQ(std::sscanf(t.c_str(), "%d:%d->%d", &d, &f, &to), 3) << t;
    moves.push_back({d, f, to});
  }
  expect_legal_classic_solution(4, moves, 15);
}

TEST(Cli, OptimumStopAtGoal) {
  const Outcome o = hanoi_cli("optimum classic -n 5 --json --stop-at-goal");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  EXPECT_EQ(j["optimal"], 31);
  EXPECT_EQ(j["complete"], false);
  EXPECT_TRUE(j["eccentricity"].is_null()) << o;
}

// =================================================================================
// run
// =================================================================================

TEST(Cli, RunRecursiveJson) {
  const Outcome o = hanoi_cli("run classic recursive -n 6 --json --moves");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  EXPECT_EQ(j["algorithm"], "recursive");
  EXPECT_EQ(j["legal"], true);
  EXPECT_EQ(j["moves_count"], 63);
  EXPECT_TRUE(j["error"].is_null());
  EXPECT_EQ(j["formula"], 63);
  expect_legal_classic_solution(6, j["moves"], 63);

  const Outcome plain = hanoi_cli("run classic recursive -n 6 --json");
  ASSERT_EQ(plain.status, 0) << plain;
  const json k = parse_json(plain);
  EXPECT_EQ(k["legal"], true);
  EXPECT_EQ(k["moves_count"], 63);
  EXPECT_FALSE(k.contains("moves"));
}

TEST(Cli, RunEveryListedAlgorithm) {
  const json list = parse_json(hanoi_cli("list --json"));
  for (const json& f : list) {
    if (f["variant"] != "classic") continue;
    for (const json& a : f["problems"][0]["algorithms"]) {
      const std::string name = a["name"];
      const Outcome o = hanoi_cli("run classic " + name + " -n 5 --json --moves");
      EXPECT_EQ(o.status, 0) << o;
      const json j = parse_json(o);
      EXPECT_EQ(j["legal"], true) << name << ": " << j["error"].dump();
      SCOPED_TRACE(name);
      expect_legal_classic_solution(5, j["moves"], 31);
    }
  }
}

TEST(Cli, RunText) {
  const Outcome o = hanoi_cli("run classic recursive -n 6");
  EXPECT_EQ(o.status, 0) << o;
  EXPECT_NE(o.out.find("63 moves, all legal, goal reached"), std::string::npos) << o;
}

// =================================================================================
// errors: one line on stderr, exit 2 for bad input, 3 for a search over budget
// =================================================================================

TEST(Cli, BadInputIsOneLineAndExitTwo) {
  struct Case {
    const char* args;
    const char* mention;
  };
  const Case cases[] = {
      {"optimum nope -n 3", "unknown variant 'nope'"},
      {"run nope recursive -n 3", "unknown variant"},
      {"optimum classic -n 3 --problem nope", "unknown problem 'nope'"},
      {"run classic nope -n 3", "unknown algorithm 'nope'"},
      {"optimum classic -n 0", "(got 0)"},
      {"optimum classic -n 99", "(got 99)"},
      {"run classic recursive -n 99", "(got 99)"},
      {"optimum classic -n -1", ""},
      {"optimum classic -n 3 --pegs 4", "--pegs 4"},
      {"run classic recursive -n 3 --pegs 4", "--pegs 4"},
      {"optimum classic", "--discs"},
      {"run classic recursive", "--discs"},
      {"optimum classic -n x", ""},
      {"optimum classic -n 3 --max-memory abc", "--max-memory"},
      {"optimum classic -n 3 --max-memory 1.5G", "--max-memory"},
      {"optimum classic -n 3 --max-memory 0", "--max-memory"},
      {"optimum classic -n 3 --threads 0", "--threads"},
      {"optimum classic -n 3 --bogus", "--bogus"},
      {"optimum -n 3", ""},
      {"", ""},
      {"frobnicate", ""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    const Outcome o = hanoi_cli(c.args);
    expect_one_line_error(o, 2, c.mention);
    EXPECT_TRUE(o.out.empty()) << o;
  }
}

TEST(Cli, SearchOverBudgetExitsThree) {
  for (const char* args : {"optimum classic -n 20 --max-memory 1M",
                           "optimum classic -n 20 --max-memory 1M --moves --json"}) {
    SCOPED_TRACE(args);
    const Outcome o = hanoi_cli(args);
    expect_one_line_error(o, 3, "memory budget is 1.00 MiB");
    EXPECT_TRUE(o.out.empty()) << o;
  }
}

// =================================================================================
// verify
// =================================================================================

const char* kSmallBatch =
    "[[row]]\n"
    "variant = \"classic\"\n"
    "n = [1, 4]\n";

struct CsvRow {
  std::map<std::string, std::string> field;
};

// Splits the CSV written by verify (no quoted fields in an all-ok table): a header
// row, then the rows (the provenance is in the .meta.json beside it).
std::vector<CsvRow> read_csv(const std::string& text) {
  const auto lines = lines_of(text);
  std::vector<CsvRow> rows;
  if (lines.size() < 2) return rows;
  auto split = [](const std::string& s) {
    std::vector<std::string> out;
    std::string cell;
    std::istringstream in(s);
    while (std::getline(in, cell, ',')) out.push_back(cell);
    if (!s.empty() && s.back() == ',') out.push_back("");
    return out;
  };
  const auto header = split(lines[0]);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto cells = split(lines[i]);
    EXPECT_EQ(cells.size(), header.size()) << lines[i];
    CsvRow r;
    for (std::size_t k = 0; k < header.size() && k < cells.size(); ++k)
      r.field[header[k]] = cells[k];
    rows.push_back(std::move(r));
  }
  return rows;
}

TEST(Cli, VerifySmallBatch) {
  TempDir dir;
  write_file(dir / "small.toml", kSmallBatch);
  const fs::path out = dir / "tables";
  const Outcome o = hanoi_cli("verify " + quote((dir / "small.toml").string()) + " --out " +
                              quote(out.string()) + " -q");
  ASSERT_EQ(o.status, 0) << o;
  ASSERT_TRUE(fs::exists(out / "small.md")) << o;
  ASSERT_TRUE(fs::exists(out / "small.csv")) << o;

  const std::string md = slurp(out / "small.md");
  EXPECT_EQ(md, o.out) << "stdout carries the same Markdown as the file";
  const auto md_lines = lines_of(md);
  ASSERT_FALSE(md_lines.empty());
  EXPECT_EQ(md_lines[0], "# small") << "the title defaults to the batch file's stem";
  for (const char* key : {"Produced by", "Commit", "Wall time"}) {
    bool found = false;
    for (std::size_t i = 0; i < md_lines.size() && i < 8; ++i)
      found = found || md_lines[i].find(key) != std::string::npos;
    EXPECT_TRUE(found) << "header lacks '" << key << "'\n" << md;
  }
  EXPECT_NE(md.find("4 cells: 4 ok"), std::string::npos) << md;
  // The table is well formed: every row has as many cells as the header.
  std::size_t header_bars = 0, table_rows = 0;
  for (const auto& line : md_lines) {
    if (line.rfind("|", 0) != 0) continue;
    const auto bars = static_cast<std::size_t>(std::count(line.begin(), line.end(), '|'));
    if (header_bars == 0) header_bars = bars;
    EXPECT_EQ(bars, header_bars) << line;
    ++table_rows;
  }
  EXPECT_EQ(table_rows, 2u + 4u) << "header, separator and one row per n";
  for (int n = 1; n <= 4; ++n) {
    const std::string opt = std::to_string((1 << n) - 1);
    const std::string prefix =
        "| " + std::to_string(n) + " | " + opt + " | " + std::to_string(pow3(n)) + " | ";
    bool row = false;
    for (const auto& line : md_lines) {
      if (line.rfind(prefix, 0) != 0) continue;
      row = true;
      EXPECT_EQ(line.substr(line.size() - 6), "| ok |") << line;
    }
    EXPECT_TRUE(row) << "no table row starting '" << prefix << "'\n" << md;
  }

  const auto rows = read_csv(slurp(out / "small.csv"));
  const json meta = json::parse(slurp(out / "small.meta.json"));
  EXPECT_EQ(meta["command"].get<std::string>().rfind("hanoi verify", 0), 0u) << meta;
  EXPECT_TRUE(meta["commit"].is_string()) << meta;
  // Every algorithm the family lists, for every n.
  std::set<std::string> listed;
  const json list = parse_json(hanoi_cli("list --json"));
  for (const json& f : list)
    if (f["variant"] == "classic")
      for (const json& a : f["problems"][0]["algorithms"])
        listed.insert(a["name"].get<std::string>());
  ASSERT_FALSE(listed.empty());
  EXPECT_EQ(rows.size(), 4 * listed.size());
  std::map<int, std::set<std::string>> seen;
  for (const CsvRow& r : rows) {
    const auto& f = r.field;
    const int n = std::stoi(f.at("n"));
    const std::string opt = std::to_string((1 << n) - 1);
    EXPECT_EQ(f.at("variant"), "classic");
    EXPECT_EQ(f.at("pegs"), "3");
    EXPECT_EQ(f.at("problem"), "transfer");
    EXPECT_EQ(f.at("optimum"), opt);
    EXPECT_EQ(f.at("states"), std::to_string(pow3(n)));
    EXPECT_EQ(f.at("formula"), opt);
    EXPECT_EQ(f.at("moves"), opt) << f.at("algorithm");
    EXPECT_EQ(f.at("role"), "optimal");
    EXPECT_EQ(f.at("legal"), "yes");
    EXPECT_EQ(f.at("verdict"), "ok");
    seen[n].insert(f.at("algorithm"));
  }
  for (int n = 1; n <= 4; ++n) EXPECT_EQ(seen[n], listed) << "n=" << n;
}

TEST(Cli, VerifyExplicitAlgorithmsAndBounds) {
  TempDir dir;
  write_file(dir / "roles.toml",
             "title = \"Roles\"\n"
             "[[row]]\nvariant = \"classic\"\nn = 3\nalgorithms = [\"recursive\"]\n"
             "bounds = [\"iterative\"]\nnote = \"a note\"\n");
  const Outcome o = hanoi_cli("verify roles.toml --out out -q", dir.path());
  ASSERT_EQ(o.status, 0) << o;
  EXPECT_EQ(lines_of(o.out).at(0), "# Roles");
  EXPECT_NE(o.out.find("a note"), std::string::npos);
  EXPECT_NE(o.out.find("iterative (bound)"), std::string::npos);
  const auto rows = read_csv(slurp(dir / "out" / "roles.csv"));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].field.at("algorithm"), "recursive");
  EXPECT_EQ(rows[0].field.at("role"), "optimal");
  EXPECT_EQ(rows[1].field.at("algorithm"), "iterative");
  EXPECT_EQ(rows[1].field.at("role"), "bound");
  EXPECT_EQ(rows[1].field.at("verdict"), "ok");
}

TEST(Cli, VerifyBadBatchesAreOneLineExitTwo) {
  struct Case {
    const char* name;
    const char* text;
    const char* mention;
  };
  const Case cases[] = {
      {"badalg", "[[row]]\nvariant = \"classic\"\nn = [1, 4]\nalgorithms = [\"nope\"]\n", "'nope'"},
      {"badbound", "[[row]]\nvariant = \"classic\"\nn = 2\nbounds = [\"nope\"]\n", "'nope'"},
      {"malformed", "[[row]\nvariant = classic\n", "cannot read batch"},
      {"novariant", "[[row]]\nn = 3\n", "'variant'"},
      {"unknownvariant", "[[row]]\nvariant = \"nope\"\nn = 3\n", "unknown variant"},
      {"norows", "title = \"x\"\n", "[[row]]"},
      {"badn", "[[row]]\nvariant = \"classic\"\nn = \"three\"\n", "'n'"},
      {"emptyrange", "[[row]]\nvariant = \"classic\"\nn = [4, 1]\n", "empty n range"},
      {"nzero", "[[row]]\nvariant = \"classic\"\nn = [0, 2]\n", "(got 0)"},
      {"pegs", "[[row]]\nvariant = \"classic\"\nn = 2\npegs = 4\n", "--pegs 4"},
      {"algnotlist", "[[row]]\nvariant = \"classic\"\nn = 2\nalgorithms = \"recursive\"\n",
       "list of names"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    TempDir dir;
    const fs::path batch = dir / (std::string(c.name) + ".toml");
    write_file(batch, c.text);
    const Outcome o =
        hanoi_cli("verify " + quote(batch.string()) + " --out " + quote((dir / "out").string()));
    expect_one_line_error(o, 2, c.mention);
    EXPECT_TRUE(o.out.empty()) << o;
    EXPECT_FALSE(fs::exists(dir / "out")) << "a bad batch must fail before writing anything";
  }
}

TEST(Cli, VerifyMissingBatchFile) {
  TempDir dir;
  const Outcome o = hanoi_cli("verify " + quote((dir / "does-not-exist.toml").string()) +
                              " --out " + quote((dir / "out").string()));
  expect_one_line_error(o, 2, "does-not-exist.toml");
}

// Every cell is checked against the budget before the first search: one line,
// naming the first cell that does not fit, and no tables.
TEST(Cli, VerifyOverBudgetExitsThree) {
  TempDir dir;
  write_file(dir / "small.toml", kSmallBatch);
  const Outcome o = hanoi_cli("verify small.toml --out out -q --max-memory 1K", dir.path());
  expect_one_line_error(o, 3, "small.toml row 1, n=");
  EXPECT_FALSE(fs::exists(dir / "out" / "small.csv"));
}

// The tables are the batch's result: if they cannot be written, verify must say so
// and fail, not report success.
TEST(Cli, VerifyFailsWhenTablesCannotBeWritten) {
  TempDir dir;
  write_file(dir / "small.toml", kSmallBatch);
  fs::create_directories(dir / "out" / "small.md");  // a directory where the file should go
  const Outcome o = hanoi_cli("verify small.toml --out out -q", dir.path());
  EXPECT_NE(o.status, 0) << "verify reported success without writing out/small.md\n" << o;
  bool error_line = false;
  for (const auto& line : lines_of(o.err))
    error_line = error_line || line.rfind("hanoi: error:", 0) == 0;
  EXPECT_TRUE(error_line) << o;
  EXPECT_EQ(o.err.find("wrote"), std::string::npos) << "must not claim the tables were written\n"
                                                    << o;
}

// An --out that cannot be a directory is bad input (exit 2), like any other, and
// is found before any search runs (nothing on stdout).
TEST(Cli, VerifyOutIsNotADirectory) {
  TempDir dir;
  write_file(dir / "small.toml", kSmallBatch);
  write_file(dir / "file", "x");
  for (const char* out : {"file", "file/sub"}) {
    SCOPED_TRACE(out);
    const Outcome o = hanoi_cli(std::string("verify small.toml --out ") + out + " -q", dir.path());
    expect_one_line_error(o, 2, "--out");
    EXPECT_TRUE(o.out.empty()) << o;
  }
}

}  // namespace
}  // namespace hanoi

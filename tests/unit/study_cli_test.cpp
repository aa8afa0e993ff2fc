// End-to-end tests of `hanoi frame`, `hanoi structure` and the "frame" and
// "structure" batch kinds of `hanoi verify`: they run the built binary
// (HANOI_BINARY), capture stdout, stderr and the exit status, and check the output
// against the variants' own rule checkers (move lists are replayed), an
// independent Frame predicate written here on the variants' explicit stacks, other
// subcommands of the same program (`hanoi optimum`), and published values: seed
// 002's Frame-Stewart closed form, OEIS A143807 (Behrstock: 40 optimal solutions
// for 4 pegs, 5 discs), A382111 / A007664 (eccentricity and optimum 13 for that
// case).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "analyses/replay.hpp"
#include "declared/classic.hpp"
#include "declared/reversi.hpp"
#include "support/cli_runner.hpp"
#include "support/oracle.hpp"
#include "variants/registry.hpp"
#include "variants/reversi/reversi.hpp"
#include "variants/reves/reves.hpp"

namespace hanoi {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using testing::expect_one_line_error;
using testing::hanoi_cli;
using testing::lines_of;
using testing::Outcome;
using testing::parse_json;
using testing::slurp;
using testing::TempDir;
using testing::write_file;

// ---- independent checks -----------------------------------------------------------

std::vector<Move> moves_of(const json& moves) {
  std::vector<Move> out;
  EXPECT_TRUE(moves.is_array()) << moves.dump();
  if (!moves.is_array()) return out;
  for (const json& m : moves) {
    EXPECT_TRUE(m.is_array() && m.size() == 3) << m.dump();
    if (!m.is_array() || m.size() != 3) return {};
    out.push_back(
        Move{m[0].get<std::uint8_t>(), m[1].get<std::uint8_t>(), m[2].get<std::uint8_t>()});
  }
  return out;
}

// Disc sizes per peg, bottom to top, from the variant's plain stacks.
std::vector<std::vector<int>> sizes_on_pegs(const variants::reversi::Space& v,
                                            const variants::reversi::Space::State& s) {
  std::vector<std::vector<int>> out(4);
  const auto layout = v.decode(s);
  for (std::size_t p = 0; p < 4; ++p)
    for (const auto& d : layout[p]) out[p].push_back(d.size);
  return out;
}
std::vector<std::vector<int>> sizes_on_pegs(const variants::reves::Space& v,
                                            const variants::reves::Space::State& s) {
  return v.explicit_stacks(s);
}

// Frame configuration for a move of disc n: n alone on `from`, `to` empty, every
// other peg one run of consecutive sizes.
bool frame_configuration(std::vector<std::vector<int>> pegs, int n, int from, int to) {
  if (pegs[static_cast<std::size_t>(from)] != std::vector<int>{n}) return false;
  if (!pegs[static_cast<std::size_t>(to)].empty()) return false;
  for (std::size_t p = 0; p < pegs.size(); ++p) {
    if (static_cast<int>(p) == from || static_cast<int>(p) == to || pegs[p].empty()) continue;
    std::sort(pegs[p].begin(), pegs[p].end());
    if (pegs[p].back() - pegs[p].front() + 1 != static_cast<int>(pegs[p].size())) return false;
  }
  return true;
}

// Replays with the rule checker; returns the 1-based numbers of largest-disc moves
// that do not start from a Frame configuration.
template <class V>
std::vector<std::uint64_t> replay_non_frame(const V& v, const std::vector<Move>& moves) {
  Replayer<V> r(v);
  std::vector<std::uint64_t> bad;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    EXPECT_NE(m.disc, 0) << "move " << i + 1 << " should name its disc";
    if (m.disc == v.discs() &&
        !frame_configuration(sizes_on_pegs(v, r.state()), v.discs(), m.from, m.to))
      bad.push_back(i + 1);
    if (!r.step(m)) {
      ADD_FAILURE() << "move " << i + 1 << " rejected: " << r.error()->reason;
      return bad;
    }
  }
  EXPECT_TRUE(r.finish()) << (r.error() ? r.error()->reason : "");
  return bad;
}

variants::reversi::Space reversi_space(int n, const std::string& code = "DDDF") {
  return variants::reversi::make_space(
      normalize(variants::find_family("reversi"), Params{n, 0, code}));
}

// =================================================================================
// hanoi frame
// =================================================================================

TEST(StudyCli, FrameReversiFailsWithWitness) {
  const Outcome o = hanoi_cli("frame reversi -n 4 --json");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  const Outcome opt = hanoi_cli("optimum reversi -n 4 --json");
  ASSERT_EQ(opt.status, 0) << opt;
  const json jo = parse_json(opt);
  ASSERT_TRUE(j["optimal"].is_number_unsigned()) << o;
  ASSERT_TRUE(j["frame_optimal"].is_number_unsigned()) << o;
  EXPECT_EQ(j["optimal"], jo["optimal"]);
  const auto optimal = j["optimal"].get<std::uint64_t>();
  const auto frame_optimal = j["frame_optimal"].get<std::uint64_t>();
  EXPECT_EQ(j["holds"].get<bool>(), optimal == frame_optimal);
  EXPECT_FALSE(j["holds"].get<bool>()) << "reversi DDDF n=4 fails the hypothesis";
  EXPECT_EQ(j["gap"].get<std::uint64_t>(), frame_optimal - optimal);
  EXPECT_TRUE(j["formula"].is_null()) << "no published formula for DDDF";

  const std::vector<Move> witness = moves_of(j["witness"]);
  ASSERT_EQ(witness.size(), optimal);
  ASSERT_TRUE(j["non_frame_moves"].is_array());
  ASSERT_FALSE(j["non_frame_moves"].empty());
  const auto listed = j["non_frame_moves"].get<std::vector<std::uint64_t>>();
  for (std::uint64_t k : listed) {
    ASSERT_GE(k, 1u);
    ASSERT_LE(k, witness.size());
    EXPECT_EQ(witness[k - 1].disc, 4) << "non-Frame move " << k << " (1-based) must move disc 4";
  }
  // 1-based, and exactly the largest-disc moves from non-Frame configurations.
  EXPECT_EQ(listed, replay_non_frame(reversi_space(4), witness));
  ASSERT_TRUE(j["non_frame_configurations"].is_array());
  EXPECT_EQ(j["non_frame_configurations"].size(), listed.size());
  EXPECT_FALSE(j.contains("frame_solution")) << "only with --moves";
}

TEST(StudyCli, FrameEveryDiscScope) {
  const Outcome every = hanoi_cli("frame reversi -n 6 --every-disc --json --moves");
  ASSERT_EQ(every.status, 0) << every;
  const json je = parse_json(every);
  EXPECT_EQ(je["scope"], "every-disc");
  const json jl = parse_json(hanoi_cli("frame reversi -n 6 --json"));
  EXPECT_EQ(jl["scope"], "largest-disc");
  EXPECT_EQ(je["optimal"], jl["optimal"]);
  // Restricting every disc can only lengthen the best restricted solution.
  EXPECT_GE(je["frame_optimal"].get<std::uint64_t>(), jl["frame_optimal"].get<std::uint64_t>());
  EXPECT_EQ(moves_of(je["frame_solution"]).size(), je["frame_optimal"].get<std::uint64_t>());
}

TEST(StudyCli, FrameRevesHoldsWithFrameSolution) {
  const Outcome o = hanoi_cli("frame reves --pegs 4 -n 6 --json --moves");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  const auto fs = variants::reves::frame_stewart_moves(4, 6);  // seed 002's closed form
  ASSERT_TRUE(fs.has_value());
  EXPECT_EQ(j["holds"], true) << o;
  EXPECT_EQ(j["formula"].get<std::uint64_t>(), *fs);
  EXPECT_EQ(j["frame_optimal"].get<std::uint64_t>(), *fs);
  EXPECT_EQ(j["optimal"].get<std::uint64_t>(), *fs);  // Bousch: optimal on 4 pegs
  EXPECT_EQ(j["gap"], 0);
  EXPECT_FALSE(j.contains("witness")) << "no witness when the hypothesis holds";
  const std::vector<Move> sol = moves_of(j["frame_solution"]);
  ASSERT_EQ(sol.size(), *fs);
  const auto v = variants::reves::make_space(Params{6, 4, "transfer"});
  EXPECT_TRUE(replay_non_frame(v, sol).empty()) << "every move of disc 6 must be Frame-type";
}

TEST(StudyCli, FrameTextNamesTheVerdict) {
  const Outcome o = hanoi_cli("frame reversi -n 4");
  ASSERT_EQ(o.status, 0) << o;
  EXPECT_NE(o.out.find("fails"), std::string::npos) << o;
  const Outcome h = hanoi_cli("frame reves --pegs 4 -n 5");
  ASSERT_EQ(h.status, 0) << h;
  EXPECT_NE(h.out.find("holds"), std::string::npos) << h;
}

TEST(StudyCli, FrameAndStructureErrors) {
  expect_one_line_error(hanoi_cli("frame no-such-variant -n 3"), 2);
  expect_one_line_error(hanoi_cli("frame reversi -n 99"), 2);
  expect_one_line_error(hanoi_cli("frame reversi -n 0"), 2);
  expect_one_line_error(hanoi_cli("frame reversi -n 4 --max-memory 1K"), 3);
  expect_one_line_error(hanoi_cli("structure no-such-variant -n 3"), 2);
  expect_one_line_error(hanoi_cli("structure reves --pegs 4 -n 40"), 2);
  expect_one_line_error(hanoi_cli("structure reves --pegs 4 -n 6 --count --max-memory 1K"), 3);
  // 3^12 = 531441 states: more than the all-pairs limit.
  expect_one_line_error(hanoi_cli("structure classic -n 12 --all-pairs"), 2);
}

// =================================================================================
// hanoi structure
// =================================================================================

TEST(StudyCli, StructureCountFourPegs) {
  const Outcome o = hanoi_cli("structure reves --pegs 4 -n 5 --count --json");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  ASSERT_TRUE(j["optimal_solutions"].is_string()) << o;
  EXPECT_EQ(j["optimal_solutions"], "40");  // OEIS A143807, n = 5
  EXPECT_EQ(j["optimal"], 13);              // Frame-Stewart, A007664
  EXPECT_EQ(j["eccentricity"], 13);         // OEIS A382111, n = 5
  EXPECT_EQ(j["eccentricity_exceeds_optimum"], false);
  EXPECT_EQ(j["states"], 1024);  // 4^5: every configuration is reachable
  const auto at_max = j["states_at_max_distance"].get<std::uint64_t>();
  EXPECT_GE(at_max, 1u);
  ASSERT_TRUE(j["farthest"].is_array());
  EXPECT_EQ(j["farthest"].size(), std::min<std::uint64_t>(4, at_max)) << "default --farthest is 4";
  EXPECT_GE(j["states_on_optimal_paths"].get<std::uint64_t>(), 14u)
      << "at least one path of 13 moves";
  EXPECT_FALSE(j.contains("all_pairs"));
}

TEST(StudyCli, StructureAllPairsClassic) {
  const Outcome o = hanoi_cli("structure classic -n 3 --all-pairs --farthest 100 --json");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  const json& a = j["all_pairs"];
  ASSERT_TRUE(a.is_object()) << o;
  EXPECT_EQ(a["states"], 27);
  EXPECT_EQ(a["ordered_pairs"], 27 * 26);
  EXPECT_EQ(a["unreachable_pairs"], 0);
  EXPECT_EQ(a["sum_distances"], 2 * 1419);  // twice the Wiener index, OEIS A290004
  EXPECT_EQ(a["diameter"], 7);              // 2^n - 1
  EXPECT_EQ(a["two_paths"], 48);            // OEIS A340309
  EXPECT_EQ(a["more_paths"], 0);            // Hinz: at most two shortest paths
  EXPECT_EQ(a["max_paths"], 2);
  EXPECT_EQ(a["one_path"], 27 * 26 - 48);
  EXPECT_EQ(j["farthest"].size(), j["states_at_max_distance"].get<std::uint64_t>());
}

// Reversi DDDF n = 4: the start's eccentricity exceeds the optimum.  Every value
// against the Boost.Graph oracle over the explicit graph built from check_move.
TEST(StudyCli, StructureEccentricityExceedsOptimumMatchesOracle) {
  const auto v = reversi_space(4);
  const auto g = testing::build_explicit_graph(v);
  const testing::OracleResult ref = testing::oracle_search(v, g);
  ASSERT_TRUE(ref.goal_distance.has_value());
  const std::uint64_t ecc = ref.level_sizes.size() - 1;
  // The states at the maximal distance, by a BFS of our own over the explicit graph.
  std::vector<std::uint64_t> dist(g.states.size(), ~std::uint64_t{0});
  dist[0] = 0;
  boost::breadth_first_search(g.graph, boost::vertex(0, g.graph),
                              boost::visitor(boost::make_bfs_visitor(
                                  boost::record_distances(dist.data(), boost::on_tree_edge()))));
  std::set<std::string> at_max;
  for (std::size_t i = 0; i < g.states.size(); ++i)
    if (dist[i] == ecc) at_max.insert(v.describe(g.states[i]));

  const Outcome o = hanoi_cli("structure reversi -n 4 --farthest 100000 --json");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  EXPECT_EQ(j["optimal"].get<std::uint64_t>(), *ref.goal_distance);
  EXPECT_EQ(j["eccentricity"].get<std::uint64_t>(), ecc);
  EXPECT_EQ(j["eccentricity_exceeds_optimum"].get<bool>(), ecc > *ref.goal_distance);
  EXPECT_TRUE(j["eccentricity_exceeds_optimum"].get<bool>())
      << "reversi DDDF n=4: 16 > 12 per the oracle";
  EXPECT_EQ(j["states"].get<std::uint64_t>(), ref.states);
  EXPECT_EQ(j["states_at_max_distance"].get<std::uint64_t>(), at_max.size());
  const auto listed = j["farthest"].get<std::vector<std::string>>();
  EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()), at_max);
  EXPECT_EQ(listed.size(), at_max.size());

  // The batch form lists the farthest states where the eccentricity exceeds the optimum.
  TempDir dir;
  write_file(dir / "ecc.toml",
             "kind = \"structure\"\n[[row]]\nvariant = \"reversi\"\nn = 4\nfarthest = 2\n");
  const Outcome b = hanoi_cli("verify ecc.toml --out out -q", dir.path());
  ASSERT_EQ(b.status, 0) << b;
  const std::string md = slurp(dir / "out" / "ecc.md");
  const auto note = md.find("n = 4, distance " + std::to_string(ecc) + ":");
  ASSERT_NE(note, std::string::npos) << md;
  const std::string line = md.substr(note, md.find('\n', note) - note);
  std::vector<std::string> quoted;
  const std::regex q("`([^`]*)`");
  for (auto it = std::sregex_iterator(line.begin(), line.end(), q); it != std::sregex_iterator();
       ++it)
    quoted.push_back((*it)[1]);
  EXPECT_EQ(quoted.size(), std::min<std::size_t>(2, at_max.size())) << line;
  for (const std::string& s : quoted)
    EXPECT_TRUE(at_max.count(s)) << "'" << s << "' is not at distance " << ecc;
}

// =================================================================================
// verify: kind = "frame" and kind = "structure"
// =================================================================================

const char* kFrameBatch = R"(title = "frame batch"
kind = "frame"
[[row]]
variant = "reversi"
problem = "DDDF"
n = [3, 4]
note = "Reversi, top-level problem."
)";

TEST(StudyCli, FrameBatchWithFalseClaimIsAMismatch) {
  TempDir dir;
  write_file(dir / "claim.toml", std::string(kFrameBatch) + "expect = \"holds\"\n");
  const Outcome o = hanoi_cli("verify claim.toml --out out -q", dir.path());
  EXPECT_EQ(o.status, 1) << o;
  const std::string md = slurp(dir / "out" / "claim.md");
  EXPECT_NE(md.find("MISMATCH"), std::string::npos) << md;
  const std::string csv = slurp(dir / "out" / "claim.csv");
  EXPECT_NE(csv.find("MISMATCH"), std::string::npos) << csv;

  // The true claim passes.
  write_file(dir / "fails.toml",
             "kind = \"frame\"\n[[row]]\nvariant = \"reversi\"\nproblem = \"DDDF\"\nn = 4\nexpect "
             "= \"fails\"\n");
  const Outcome f = hanoi_cli("verify fails.toml --out out -q", dir.path());
  EXPECT_EQ(f.status, 0) << f;
  EXPECT_EQ(slurp(dir / "out" / "fails.md").find("MISMATCH"), std::string::npos);
}

TEST(StudyCli, FrameBatchTables) {
  TempDir dir;
  write_file(dir / "fr.toml", kFrameBatch);
  const Outcome o = hanoi_cli("verify fr.toml --out out -q", dir.path());
  ASSERT_EQ(o.status, 0) << o;
  const std::string md = slurp(dir / "out" / "fr.md");
  const std::string csv = slurp(dir / "out" / "fr.csv");
  ASSERT_FALSE(md.empty());
  ASSERT_FALSE(csv.empty());
  // Provenance at the top.
  const auto md_lines = lines_of(md);
  ASSERT_GE(md_lines.size(), 4u);
  EXPECT_EQ(md_lines[0], "# frame batch");
  EXPECT_NE(md.substr(0, 400).find("Produced by"), std::string::npos) << md;
  EXPECT_NE(md.substr(0, 400).find("Commit"), std::string::npos) << md;
  const auto csv_lines = lines_of(csv);
  // Plain CSV (header, n = 3, n = 4); the provenance is in fr.meta.json.
  ASSERT_EQ(csv_lines.size(), 3u) << csv;
  EXPECT_EQ(csv_lines[0].rfind("variant,pegs,problem,n,optimum,frame_optimum", 0), 0u) << csv;
  const nlohmann::json meta = nlohmann::json::parse(slurp(dir / "out" / "fr.meta.json"));
  EXPECT_EQ(meta["command"].get<std::string>().rfind("hanoi verify fr.toml", 0), 0u) << meta;
  EXPECT_EQ(md.find("MISMATCH"), std::string::npos) << "no claim, no mismatch";

  // The smallest failing n is named: n = 3 holds, n = 4 fails (as `hanoi frame`
  // says for each).
  const json j3 = parse_json(hanoi_cli("frame reversi -n 3 --json"));
  const json j4 = parse_json(hanoi_cli("frame reversi -n 4 --json"));
  ASSERT_EQ(j3["holds"], true);
  ASSERT_EQ(j4["holds"], false);
  EXPECT_NE(md.find("**n = 4**"), std::string::npos) << md;
  EXPECT_NE(md.find("Reversi, top-level problem."), std::string::npos) << "the note is printed";

  // The witness: its move list replays to the goal in the optimal number of moves,
  // and the listed non-Frame moves are exactly those the independent predicate finds.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(md, m, std::regex("Moves \\(disc:from->to\\): `([^`]*)`"))) << md;
  std::vector<Move> witness;
  {
    std::istringstream in(m[1].str());
    std::string tok;
    const std::regex move_re("(\\d+):(\\d+)->(\\d+)");
    while (in >> tok) {
      std::smatch t;
      ASSERT_TRUE(std::regex_match(tok, t, move_re)) << tok;
      witness.push_back(Move{static_cast<std::uint8_t>(std::stoi(t[1])),
                             static_cast<std::uint8_t>(std::stoi(t[2])),
                             static_cast<std::uint8_t>(std::stoi(t[3]))});
    }
  }
  EXPECT_EQ(witness.size(), j4["optimal"].get<std::uint64_t>());
  const auto bad = replay_non_frame(reversi_space(4), witness);
  ASSERT_FALSE(bad.empty());
  std::vector<std::uint64_t> listed;
  const std::regex line_re("\n- move (\\d+) \\(disc (\\d+) ");
  for (auto it = std::sregex_iterator(md.begin(), md.end(), line_re); it != std::sregex_iterator();
       ++it) {
    listed.push_back(std::stoull((*it)[1]));
    EXPECT_EQ((*it)[2], "4") << "a listed non-Frame move must be of disc 4";
  }
  EXPECT_EQ(listed, bad);
}

TEST(StudyCli, StructureBatch) {
  TempDir dir;
  write_file(dir / "st.toml", R"(title = "structure batch"
kind = "structure"
[[row]]
variant = "reves"
pegs = 4
n = [4, 5]
measure = "eccentricity"
farthest = 3
[[row]]
variant = "reves"
pegs = 4
n = [4, 5]
measure = "count"
[[row]]
variant = "classic"
n = [2, 3]
measure = "all-pairs"
max_paths = 2
[[row]]
variant = "classic"
n = 2
)");
  const Outcome o = hanoi_cli("verify st.toml --out out -q", dir.path());
  ASSERT_EQ(o.status, 0) << o;
  const auto csv = lines_of(slurp(dir / "out" / "st.csv"));
  ASSERT_EQ(csv.size(), 1u + 7u) << slurp(dir / "out" / "st.csv");
  const std::string header = csv[0];
  for (const char* col :
       {"variant", "pegs", "problem", "n", "measure", "optimum", "eccentricity", "states",
        "states_at_max_distance", "optimal_solutions", "states_on_optimal_paths", "ordered_pairs",
        "sum_distances", "diameter", "one_path", "two_paths", "more_paths", "seconds", "verdict"}) {
    EXPECT_NE(("," + header + ",").find(std::string(",") + col + ","), std::string::npos)
        << "missing column " << col << " in " << header;
  }
  // Every row has the header's number of fields, and the published values sit in
  // their columns.
  std::vector<std::string> names;
  {
    std::istringstream in(header);
    std::string f;
    while (std::getline(in, f, ',')) names.push_back(f);
  }
  auto field = [&](const std::string& row, const std::string& col) {
    std::vector<std::string> fs;
    std::istringstream in(row);
    std::string f;
    while (std::getline(in, f, ',')) fs.push_back(f);
    if (!row.empty() && row.back() == ',') fs.push_back("");
    EXPECT_EQ(fs.size(), names.size()) << row;
    const auto at = std::find(names.begin(), names.end(), col) - names.begin();
    return static_cast<std::size_t>(at) < fs.size() ? fs[static_cast<std::size_t>(at)]
                                                    : std::string("?");
  };
  // Rows: reves ecc n=4,5; reves count n=4,5; classic all-pairs n=2,3; classic ecc n=2.
  EXPECT_EQ(field(csv[1], "measure"), "eccentricity");
  EXPECT_EQ(field(csv[1], "eccentricity"), "9");        // A382111, n = 4
  EXPECT_EQ(field(csv[2], "eccentricity"), "13");       // A382111, n = 5
  EXPECT_EQ(field(csv[3], "optimal_solutions"), "22");  // A143807, n = 4
  EXPECT_EQ(field(csv[4], "optimal_solutions"), "40");  // A143807, n = 5
  EXPECT_EQ(field(csv[5], "sum_distances"), "144");     // 2 W(2) = 2 * 72, A290004
  EXPECT_EQ(field(csv[6], "sum_distances"), "2838");    // 2 W(3) = 2 * 1419
  EXPECT_EQ(field(csv[6], "two_paths"), "48");          // A340309
  EXPECT_EQ(field(csv[6], "more_paths"), "0");
  EXPECT_EQ(field(csv[7], "measure"), "eccentricity") << "the default measure";
  EXPECT_EQ(field(csv[7], "eccentricity"), "3");  // 2^2 - 1
  const std::string md = slurp(dir / "out" / "st.md");
  EXPECT_NE(md.find("Produced by"), std::string::npos);
  EXPECT_EQ(md.find("MISMATCH"), std::string::npos) << md;

  // A false max_paths claim (Hinz: two shortest paths occur from n = 2) is a mismatch.
  write_file(dir / "claim.toml",
             "kind = \"structure\"\n[[row]]\nvariant = \"classic\"\nn = 2\nmeasure = "
             "\"all-pairs\"\nmax_paths = 1\n");
  const Outcome c = hanoi_cli("verify claim.toml --out out -q", dir.path());
  EXPECT_EQ(c.status, 1) << c;
  EXPECT_NE(slurp(dir / "out" / "claim.md").find("MISMATCH"), std::string::npos);
}

TEST(StudyCli, BadBatchesAreOneLineExitTwo) {
  TempDir dir;
  const std::string row = "[[row]]\nvariant = \"classic\"\nn = 3\n";
  write_file(dir / "kind.toml", "kind = \"nonsense\"\n" + row);
  write_file(dir / "measure.toml", "kind = \"structure\"\n" + row + "measure = \"diameter\"\n");
  write_file(dir / "expect.toml", "kind = \"frame\"\n" + row + "expect = \"maybe\"\n");
  write_file(dir / "variant.toml", "kind = \"frame\"\n[[row]]\nvariant = \"nope\"\nn = 3\n");
  write_file(dir / "range.toml",
             "kind = \"structure\"\n[[row]]\nvariant = \"classic\"\nn = [1, 99]\n");
  // A key of the wrong type must not fall back to its default silently.
  write_file(dir / "expect_type.toml", "kind = \"frame\"\n" + row + "expect = true\n");
  write_file(dir / "measure_type.toml", "kind = \"structure\"\n" + row + "measure = 5\n");
  write_file(dir / "farthest.toml", "kind = \"structure\"\n" + row + "farthest = -1\n");
  write_file(dir / "max_paths.toml",
             "kind = \"structure\"\n" + row + "measure = \"all-pairs\"\nmax_paths = -1\n");
  write_file(dir / "pegs_type.toml", "kind = \"frame\"\n" + row + "pegs = \"3\"\n");
  // All-pairs over too large a graph is refused before any search (classic n = 11).
  write_file(dir / "pairs_late.toml",
             "kind = \"structure\"\n[[row]]\nvariant = \"classic\"\nn = [9, 11]\nmeasure = "
             "\"all-pairs\"\n");
  for (const char* f : {"kind", "measure", "expect", "variant", "range", "expect_type",
                        "measure_type", "farthest", "max_paths", "pegs_type", "pairs_late"}) {
    SCOPED_TRACE(f);
    const Outcome o = hanoi_cli(std::string("verify ") + f + ".toml --out out -q", dir.path());
    expect_one_line_error(o, 2);
    EXPECT_FALSE(fs::exists(dir / "out" / (std::string(f) + ".md")))
        << "no table for a rejected batch";
  }
}

TEST(StudyCli, BatchOverBudgetExitsThree) {
  TempDir dir;
  write_file(dir / "big.toml", "kind = \"frame\"\n[[row]]\nvariant = \"reves\"\npegs = 4\nn = 8\n");
  const Outcome o = hanoi_cli("verify big.toml --out out -q --max-memory 1K", dir.path());
  expect_one_line_error(o, 3, "big.toml row 1, n=8");
  EXPECT_FALSE(fs::exists(dir / "out" / "big.md")) << "refused before any search";
}

}  // namespace
}  // namespace hanoi

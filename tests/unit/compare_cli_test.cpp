// CLI tests for the instance options, `hanoi compare` and the compare batch kind,
// and for capabilities refused before any search (witnesses under symmetry).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "support/cli_runner.hpp"

namespace hanoi::testing {
namespace {

using nlohmann::json;

TEST(CompareCli, EveryInstanceOfErAgreesWithTheOptimum) {
  // 6^4 = 1296 instances; the means are exact rationals over 1296.
  const Outcome o = hanoi_cli("compare er colour-towers -n 4 --json -q");
  ASSERT_EQ(o.status, 0) << o;
  const json j = parse_json(o);
  EXPECT_EQ(j["instances"], 1296);
  EXPECT_LE(j["optimal_instances"].get<std::uint64_t>(), 1296u);
  EXPECT_GE(j["mean_algorithm"].get<double>(), j["mean_optimum"].get<double>());
  EXPECT_TRUE(j["worst"]["instance"].get<std::string>().find("--colours") == 0) << o;
  // The histogram accounts for every instance.
  std::uint64_t total = 0;
  for (const auto& [excess, count] : j["histogram"].items()) total += count.get<std::uint64_t>();
  EXPECT_EQ(total, 1296u);
}

TEST(CompareCli, HardestInstanceReplaysThroughOptimumAndRun) {
  const Outcome c = hanoi_cli("compare er colour-towers -n 3 --json -q");
  ASSERT_EQ(c.status, 0) << c;
  const json j = parse_json(c);
  const std::string instance = j["hardest"]["instance"];
  const Outcome opt = hanoi_cli("optimum er -n 3 " + instance + " --json -q");
  ASSERT_EQ(opt.status, 0) << opt;
  EXPECT_EQ(parse_json(opt)["optimal"], j["hardest"]["optimum"]);
  const Outcome run = hanoi_cli("run er colour-towers -n 3 " + instance + " --json");
  ASSERT_EQ(run.status, 0) << run;
  EXPECT_TRUE(parse_json(run)["legal"].get<bool>());
}

TEST(CompareCli, RefusesFamiliesWithoutInstancesAndBadTokens) {
  Outcome o = hanoi_cli("compare classic recursive -n 3");
  EXPECT_EQ(o.status, 2) << o;
  EXPECT_NE(o.err.find("no instance family"), std::string::npos) << o;
  o = hanoi_cli("optimum classic -n 3 --colours WBW");
  EXPECT_EQ(o.status, 2) << o;
  o = hanoi_cli("optimum er -n 3 --colours WXW");
  EXPECT_EQ(o.status, 2) << o;
  o = hanoi_cli("optimum er -n 3 --start 01");
  EXPECT_EQ(o.status, 2) << o;
  o = hanoi_cli("compare er colour-towers -n 9 --instances-csv rows.csv --csv-limit 1000");
  EXPECT_EQ(o.status, 2) << o;
  EXPECT_NE(o.err.find("--csv-limit"), std::string::npos) << o;
}

TEST(CompareCli, InstancesCsvHasOneRowPerInstance) {
  TempDir dir;
  const std::string csv = (dir / "rows.csv").string();
  const Outcome o = hanoi_cli("compare er colour-towers -n 2 -q --instances-csv " + csv);
  ASSERT_EQ(o.status, 0) << o;
  std::ifstream in(csv);
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) ++rows;
  EXPECT_EQ(rows, 1 + 36);  // header + 6^2 instances
}

TEST(CompareCli, BatchKindWritesTableAndPicture) {
  TempDir dir;
  {
    std::ofstream f(dir / "er_small.toml");
    f << "title = \"er small\"\nkind = \"compare\"\n[[row]]\nvariant = \"er\"\n"
         "algorithm = \"colour-towers\"\nn = [1, 4]\nexpect = \"optimal\"\n";
  }
  const Outcome o = hanoi_cli("verify " + (dir / "er_small.toml").string() + " -q --out " +
                              (dir / "out").string());
  ASSERT_EQ(o.status, 0) << o;
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "er_small.md"));
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "er_small.csv"));
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "er_small_row1.svg"));
}

TEST(CapabilityCli, SymmetryRefusesWitnessesBeforeSearching) {
  // One segment per orbit (lattice) or one state per orbit (generic): no path.
  Outcome o = hanoi_cli("optimum reves --pegs 4 -n 4 --symmetry --moves");
  EXPECT_EQ(o.status, 2) << o;
  EXPECT_NE(o.err.find("no witness"), std::string::npos) << o;
  o = hanoi_cli("optimum checkers -n 4 --symmetry --moves");
  EXPECT_EQ(o.status, 2) << o;
  o = hanoi_cli("frame multistack -n 2");
  EXPECT_EQ(o.status, 2) << o;
  EXPECT_NE(o.err.find("no single largest disc"), std::string::npos) << o;
}

}  // namespace
}  // namespace hanoi::testing

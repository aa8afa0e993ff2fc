// The table of combinations (engine/combinations.hpp) and the choice derived from
// it, on SpaceFacts alone (no variant): every row serves what it offers and refuses
// what it does not, every conflict is refused naming both sides, kAuto picks the
// rows the engine documents, every refusal is in the engine's words (no flag), and
// the CLI adds the flags (cli/refusal_flags.hpp).  docs/engines.md holds the table.
#include "engine/combinations.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "cli/refusal_flags.hpp"
#include "support/cli_runner.hpp"
#include "support/thread_comm.hpp"

namespace hanoi::testing {
namespace {

// A space every kernel and policy serves.
SpaceFacts capable() {
  SpaceFacts f;
  f.num_ranks = 1000;
  f.lattice = true;
  f.reversible = true;
  f.lattice_preferred = true;
  f.meet_permutation = true;
  f.start_goal_mirror = true;
  f.start_symmetry = true;
  return f;
}

// Options that put a request on this row's store, asking for `policies`.
SearchOptions on_row(const Combination& c, FeatureSet policies, Comm* comm) {
  SearchOptions o;
  o.engine = c.kernel;
  if (c.store == LevelStore::kSegments) {
    o.work_dir = "/nonexistent/work";
    o.storage = StorageKind::kDisk;
  }
  if (c.store == LevelStore::kRanks) o.comm = comm;
  o.want_path = policies.has(Feature::kWitness);
  o.farthest = policies.has(Feature::kFarthest) ? 3 : 0;
  o.symmetry = policies.has(Feature::kSymmetry);
  o.meet_in_middle = policies.has(Feature::kHalfDepth);
  if (policies.has(Feature::kWatch)) o.watch = {5};
  o.resume = policies.has(Feature::kResume);
  if (o.resume && c.store != LevelStore::kRanks) o.work_dir = "/nonexistent/work";
  return o;
}

bool conflicts(const Combination& c, Feature a, Feature b) {
  for (const Conflict& k : kConflicts)
    if (((k.a == a && k.b == b) || (k.a == b && k.b == a)) &&
        (k.kernel == EngineKind::kAuto || (k.kernel == c.kernel && k.store == c.store)))
      return true;
  return false;
}

constexpr Feature kAllPolicies[] = {Feature::kWitness,   Feature::kFarthest, Feature::kSymmetry,
                                    Feature::kHalfDepth, Feature::kWatch,    Feature::kResume};

TEST(Combinations, EveryRowServesWhatItOffersAndRefusesTheRest) {
  ThreadHub hub(2);
  ThreadComm comm(hub, 0);
  for (const Combination& c : kCombinations) {
    SCOPED_TRACE(c.name);
    for (Feature f : kAllPolicies) {
      const SearchOptions o = on_row(c, {f}, &comm);
      if (c.offers.has(f)) {
        EXPECT_NO_THROW(require_combination(capable(), o, c.kernel, c.store)) << feature_words(f);
        // The choice, asked for the kernel, lands on this row (the segment stores
        // asked for by storage or by the distributed run).
        const SearchChoice got = choose_search(capable(), o);
        EXPECT_EQ(got.row, &c) << feature_words(f);
      } else {
        try {
          require_combination(capable(), o, c.kernel, c.store);
          ADD_FAILURE() << c.name << " accepted " << feature_words(f);
        } catch (const SearchRefused& e) {
          EXPECT_TRUE(e.involved().has(f)) << e.what();
        }
      }
    }
  }
}

TEST(Combinations, EveryConflictIsRefusedNamingBothSides) {
  ThreadHub hub(2);
  ThreadComm comm(hub, 0);
  for (const Combination& c : kCombinations)
    for (Feature a : kAllPolicies)
      for (Feature b : kAllPolicies) {
        if (a >= b || !c.offers.has(a) || !c.offers.has(b)) continue;
        const SearchOptions o = on_row(c, {a, b}, &comm);
        if (conflicts(c, a, b)) {
          try {
            require_combination(capable(), o, c.kernel, c.store);
            ADD_FAILURE() << c.name << " accepted " << feature_words(a) << " with "
                          << feature_words(b);
          } catch (const SearchRefused& e) {
            EXPECT_TRUE(e.involved().has(a) && e.involved().has(b)) << e.what();
          }
        } else {
          EXPECT_NO_THROW(require_combination(capable(), o, c.kernel, c.store))
              << c.name << ": " << feature_words(a) << " with " << feature_words(b);
        }
      }
}

TEST(Combinations, WhatTheSpaceLacksIsRefused) {
  SpaceFacts f = capable();
  f.reversible = false;
  EXPECT_THROW(require_combination(f, SearchOptions{.want_path = true}, EngineKind::kLattice,
                                   LevelStore::kMemory),
               SearchRefused);
  EXPECT_THROW(require_combination(f, SearchOptions{}, EngineKind::kFrontier, LevelStore::kMemory),
               SearchRefused);
  // kAuto takes a witness of a one-way rule to the generic engine.
  EXPECT_EQ(choose_search(f, SearchOptions{.want_path = true}).engine(), EngineKind::kGeneric);

  f = capable();
  f.lattice = false;
  EXPECT_THROW(choose_search(f, SearchOptions{.engine = EngineKind::kLattice}), SearchRefused);
  EXPECT_THROW(choose_search(f, SearchOptions{.engine = EngineKind::kFrontier}), SearchRefused);
  EXPECT_EQ(choose_search(f, SearchOptions{}).engine(), EngineKind::kGeneric);

  f = capable();
  f.start_symmetry = false;
  EXPECT_THROW(require_combination(f, SearchOptions{.symmetry = true}, EngineKind::kGeneric,
                                   LevelStore::kMemory),
               SearchRefused);
  f = capable();
  f.meet_permutation = false;
  EXPECT_THROW(require_combination(f, SearchOptions{.meet_in_middle = true}, EngineKind::kLattice,
                                   LevelStore::kMemory),
               SearchRefused);
  // The generic engine's test serves with the variant's own mirror.
  EXPECT_EQ(choose_search(f, SearchOptions{.meet_in_middle = true}).engine(), EngineKind::kGeneric);
  f.start_goal_mirror = false;
  EXPECT_THROW(choose_search(f, SearchOptions{.meet_in_middle = true}), SearchRefused);

  SearchOptions watch;
  watch.watch = {capable().num_ranks};
  EXPECT_THROW(choose_search(capable(), watch), SearchRefused);
}

TEST(Combinations, AutoPicksTheDocumentedRows) {
  const SpaceFacts f = capable();
  EXPECT_EQ(choose_search(f, SearchOptions{}).row, &kCombinations[2]);  // lattice in memory
  // The lattice's symmetry is its segment mode, resident without a work directory.
  const SearchChoice sym = choose_search(f, SearchOptions{.symmetry = true});
  EXPECT_EQ(sym.row->store, LevelStore::kSegments);
  EXPECT_EQ(sym.storage(), StorageKind::kDisk);
  // The half-depth test: the lattice's in memory; with a work directory, the
  // generic engine's (in memory while it fits the budget).
  EXPECT_EQ(choose_search(f, SearchOptions{.meet_in_middle = true}).engine(), EngineKind::kLattice);
  SearchOptions meet_dir{.meet_in_middle = true};
  meet_dir.work_dir = "/nonexistent/work";
  EXPECT_EQ(choose_search(f, meet_dir).engine(), EngineKind::kGeneric);
  // A work directory: segments only when memory will not do.
  SearchOptions dir;
  dir.work_dir = "/nonexistent/work";
  dir.max_memory = 1 << 20;
  SpaceFacts small = f;
  small.lattice_bytes = 1 << 10;
  EXPECT_EQ(choose_search(small, dir).storage(), StorageKind::kMemory);
  SpaceFacts big = f;
  big.lattice_bytes = std::uint64_t{1} << 30;
  EXPECT_EQ(choose_search(big, dir).storage(), StorageKind::kDisk);
  // 3-peg graphs too thin for the lattice: the generic engine first.
  SpaceFacts thin = f;
  thin.lattice_preferred = false;
  EXPECT_EQ(choose_search(thin, SearchOptions{}).engine(), EngineKind::kGeneric);
  // Segments on disk need a work directory.
  SearchOptions disk;
  disk.storage = StorageKind::kDisk;
  EXPECT_THROW(choose_search(f, disk), SearchRefused);
}

// Every refusal, over many requests, is in the engine's words: it names no flag.
TEST(Combinations, RefusalsAreInTheEnginesWords) {
  ThreadHub hub(2);
  ThreadComm comm(hub, 0);
  int refused = 0;
  for (int bits = 0; bits < (1 << 12); ++bits) {
    SearchOptions o;
    o.want_path = (bits & 1) != 0;
    o.farthest = (bits & 2) != 0 ? 1 : 0;
    o.symmetry = (bits & 4) != 0;
    o.meet_in_middle = (bits & 8) != 0;
    if ((bits & 16) != 0) o.watch = {1};
    o.resume = (bits & 32) != 0;
    if ((bits & 64) != 0) o.work_dir = "/nonexistent/work";
    if ((bits & 128) != 0) o.comm = &comm;
    o.storage = static_cast<StorageKind>((bits >> 8) % 3);
    o.engine = static_cast<EngineKind>((bits >> 10) % 4);
    for (bool lattice : {true, false}) {
      SpaceFacts f = capable();
      f.lattice = lattice;
      try {
        (void)choose_search(f, o);
      } catch (const SearchRefused& e) {
        ++refused;
        const std::string what = e.what();
        EXPECT_EQ(what.find("--"), std::string::npos) << what;
        EXPECT_FALSE(e.involved().empty()) << what;
      }
    }
  }
  EXPECT_GT(refused, 1000);
}

TEST(Combinations, TheCliAddsTheFlags) {
  const SearchRefused e("symmetry keeps one state or segment per orbit, which gives no witness",
                        {Feature::kSymmetry, Feature::kWitness});
  EXPECT_EQ(cli::with_flags(e),
            "symmetry keeps one state or segment per orbit, which gives no witness [--moves, "
            "--symmetry]");
  const MemoryBudgetExceeded m(2 << 20, 1 << 20);
  EXPECT_NE(cli::with_flags(m).find("[--max-memory, -n]"), std::string::npos) << cli::with_flags(m);
  EXPECT_EQ(std::string(m.what()).find("--"), std::string::npos) << m.what();
  for (int i = 0; i < kFeatureCount; ++i)
    if (static_cast<Feature>(i) != Feature::kWatch)
      EXPECT_STRNE(cli::feature_flag(static_cast<Feature>(i)), "") << i;
}

// Every row through the program, with each policy that `optimum` has a flag for (a
// witness, symmetry, the half-depth test, resume; the farthest states and watched
// ranks, which it has none for, run through search() in
// tests/conformance/combinations_e2e_test.cpp): the row's kernel and store as flags
// (the distributed row: --distributed under `mpirun -np 2`), on Checkers n = 8
// (generic) or Reve's puzzle n = 7 (lattice, frontier).  An offered policy exits 0
// with the numbers of `--engine generic --per-state` and its own effect, served by
// this row; a policy not offered exits 2 naming it and its flag, or is served by a
// row that offers it.
const Combination* served_row(const nlohmann::json& j) {
  const std::string engine = j.value("engine", "");
  const LevelStore store = j.value("ranks", 1) > 1 ? LevelStore::kRanks
                           : j.contains("segments") || j.value("storage", "") == "disk"
                               ? LevelStore::kSegments
                               : LevelStore::kMemory;
  for (const Combination& c : kCombinations)
    if (engine == engine_name(c.kernel) && c.store == store) return &c;
  return nullptr;
}

// Two ranks on this machine (as tests/mpi_test.sh starts them).
constexpr const char* kMpirun =
    "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun --bind-to none --mca btl "
    "self,vader -np 2";

void row_through_the_program(const Combination& c) {
  const std::string instance =
      c.kernel == EngineKind::kGeneric ? "optimum checkers -n 8" : "optimum reves --pegs 4 -n 7";
  const Outcome ref_run = hanoi_cli(instance + " --engine generic --per-state --json -q");
  ASSERT_EQ(ref_run.status, 0) << ref_run;
  const nlohmann::json ref = parse_json(ref_run);
  const Feature kNone = Feature::kWorkDir;
  for (const Feature policy :
       {kNone, Feature::kWitness, Feature::kSymmetry, Feature::kHalfDepth, Feature::kResume}) {
    const bool none = policy == kNone;
    SCOPED_TRACE(std::string(c.name) + ", " + (none ? "no policy" : feature_words(policy)));
    TempDir dir;
    const std::string work = " --work-dir " + quote((dir / "w").string());
    std::string args = instance + " --engine " + engine_name(c.kernel);
    if (c.store == LevelStore::kMemory && c.kernel != EngineKind::kFrontier)
      args += " --storage memory";
    if (c.store == LevelStore::kSegments) args += " --storage disk" + work;
    if (c.store == LevelStore::kRanks) args += " --distributed";
    if (!none) args += std::string(" ") + cli::feature_flag(policy);
    if (policy == Feature::kResume && c.store != LevelStore::kSegments) args += work;
    const Outcome o = hanoi_cli(args + " --json -q", std::filesystem::temp_directory_path(),
                                c.store == LevelStore::kRanks ? kMpirun : "");
    if (o.status != 0) {
      EXPECT_EQ(o.status, 2) << o;
      EXPECT_FALSE(none || c.offers.has(policy)) << "refused what the row offers\n" << o;
      EXPECT_NE(o.err.find(feature_words(policy)), std::string::npos) << o;
      EXPECT_NE(o.err.find(cli::feature_flag(policy)), std::string::npos) << o;
      continue;
    }
    const nlohmann::json j = parse_json(o);
    const Combination* row = served_row(j);
    ASSERT_NE(row, nullptr) << o;
    if (none || c.offers.has(policy))
      EXPECT_EQ(row, &c) << "served by " << row->name;
    else
      EXPECT_TRUE(row != &c && row->offers.has(policy)) << "served by " << row->name;
    EXPECT_EQ(j.value("optimal", -1), ref.value("optimal", -2)) << o;
    if (policy == Feature::kHalfDepth) {
      EXPECT_TRUE(j.value("meet_in_middle", false)) << o;
      continue;
    }
    EXPECT_EQ(j.value("states", -1), ref.value("states", -2)) << o;
    EXPECT_EQ(j.value("eccentricity", -1), ref.value("eccentricity", -2)) << o;
    if (policy == Feature::kWitness)
      EXPECT_EQ(j.value("moves", nlohmann::json::array()).size(),
                ref.value("optimal", std::size_t{0}))
          << o;
    if (policy == Feature::kSymmetry) EXPECT_GT(j.value("symmetries", 0), 1) << o;
  }
}

TEST(Combinations, EveryRowThroughTheProgram) {
  for (const Combination& c : kCombinations)
    if (c.store != LevelStore::kRanks) row_through_the_program(c);
}

TEST(Combinations, TheDistributedRowThroughTheProgram) {
  const Outcome probe = hanoi_cli("optimum classic -n 2 --distributed -q");
  if (probe.status != 0 && probe.err.find("MPI") != std::string::npos)
    HANOI_MISSING_TOOL("hanoi was built without MPI: " + probe.err);
  if (run_shell("command -v mpirun >/dev/null 2>&1") != 0)
    HANOI_MISSING_TOOL("no mpirun (openmpi-bin; scripts/install-deps.sh installs it)");
  for (const Combination& c : kCombinations)
    if (c.store == LevelStore::kRanks) row_through_the_program(c);
}

// docs/engines.md holds the table as combinations_markdown() writes it.
TEST(Combinations, DocsHoldTheTable) {
  std::ifstream in(std::string(HANOI_SOURCE_DIR) + "/docs/engines.md");
  ASSERT_TRUE(in) << "docs/engines.md";
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find(combinations_markdown()), std::string::npos)
      << "docs/engines.md does not hold the table of combinations; it is now:\n"
      << combinations_markdown();
}

}  // namespace
}  // namespace hanoi::testing

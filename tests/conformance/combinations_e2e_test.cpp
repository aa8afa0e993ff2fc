// The table of combinations (engine/combinations.hpp) end to end.  The unit tests
// (tests/unit/combinations_test.cpp) ask require_combination about the same table
// they read, so a row that claims a policy its mode does not carry out would pass
// them.  Here every row runs: for each row and each policy alone (and none), the
// request is put on the row's kernel and store and handed to `search`, the entry
// the CLI calls, on a space where the policy applies (Checkers n = 8 for the
// generic kernel: start symmetries and the start-goal mirror; Reve's puzzle n = 7
// for the lattice and frontier kernels), and
//   * a policy the row offers is served by that row, with the numbers of the
//     in-memory generic engine state by state (levels, states, eccentricity,
//     optimum, farthest states) and the policy's own effect (a witness the rule
//     checker accepts, the half-depth optimum, the watched depths, a resumed run);
//   * a policy it does not offer is refused in the table's words (the row's name
//     or a conflict, and the policy), or served by another row that offers it,
//     with the same numbers.
// The distributed row runs with its ranks as threads (support/thread_comm.hpp).
#include <gtest/gtest.h>

#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include "declared/checkers.hpp"
#include "declared/classic.hpp"
#include "engine/combinations.hpp"
#include "engine/search.hpp"
#include "engine/symmetry.hpp"
#include "support/resume.hpp"
#include "support/temp_dir.hpp"
#include "support/thread_comm.hpp"
#include "variants/checkers/checkers.hpp"
#include "variants/reves/reves.hpp"

namespace hanoi {
namespace {

constexpr Feature kEveryPolicy[] = {Feature::kWitness,   Feature::kFarthest, Feature::kSymmetry,
                                    Feature::kHalfDepth, Feature::kWatch,    Feature::kResume};

// The request for `policy` (kWorkDir: none) on row c's kernel and store.
SearchOptions request(const Combination& c, Feature policy, const std::string& dir) {
  SearchOptions o;
  o.engine = c.kernel;
  o.flush_to_device = false;
  o.identity = "combinations end to end";
  if (c.store == LevelStore::kSegments) {
    o.storage = StorageKind::kDisk;
    o.work_dir = dir;
  }
  switch (policy) {
    case Feature::kWitness:
      o.want_path = true;
      break;
    case Feature::kFarthest:
      o.farthest = 3;
      break;
    case Feature::kSymmetry:
      o.symmetry = true;
      break;
    case Feature::kHalfDepth:
      o.meet_in_middle = true;
      break;
    case Feature::kWatch:
      break;  // the ranks are the space's (run_row)
    case Feature::kResume:
      o.resume = true;
      o.work_dir = dir;
      o.checkpoint_seconds = 0;
      o.abort_after_segments = 3;
      break;
    default:
      break;
  }
  return o;
}

// The search, as one process or (the distributed row) as two ranks of threads;
// interrupted and resumed until done when the request resumes.  Rank 0's result.
template <StateSpace V>
SearchResult run_search(const V& v, const Combination& c, const SearchOptions& o) {
  SearchResult out;
  auto once = [&] {
    if (c.store != LevelStore::kRanks) {
      out = search(v, o);
      return;
    }
    std::vector<SearchResult> each(2);
    const auto errors = testing::run_ranks(
        2,
        [&](Comm& comm) {
          SearchOptions mine = o;
          mine.comm = &comm;
          each[static_cast<std::size_t>(comm.rank())] = search(v, mine);
        },
        testing::agreed_failure);
    for (const auto& e : errors)
      if (e) std::rethrow_exception(e);
    out = each[0];
  };
  if (o.resume)
    testing::resume_until_done(once);
  else
    once();
  return out;
}

// The row that served a result: its kernel, and its store from the ranks and the
// segments (a segment store reports them; it says storage "memory" when it ran
// without a work directory, every segment resident, as the lattice's symmetry does).
const Combination* served_by(const SearchResult& r) {
  const LevelStore store = r.ranks > 1 ? LevelStore::kRanks
                           : r.segments > 0 || r.storage == StorageKind::kDisk
                               ? LevelStore::kSegments
                               : LevelStore::kMemory;
  for (const Combination& c : kCombinations)
    if (c.kernel == r.engine && c.store == store) return &c;
  return nullptr;
}

template <StateSpace V>
void expect_policy_served(const V& v, Feature policy, const SearchOptions& o,
                          const SearchResult& got, const SearchResult& want) {
  ASSERT_EQ(got.outcome, want.outcome);
  if (want.outcome == SearchOutcome::kGoalReached) EXPECT_EQ(got.optimum, want.optimum);
  if (policy == Feature::kHalfDepth) {
    EXPECT_TRUE(got.met_in_middle) << "the optimum did not come from the half-depth test";
    return;  // no levels past half the optimum
  }
  EXPECT_EQ(got.level_sizes, want.level_sizes);
  EXPECT_EQ(got.states_reached, want.states_reached);
  EXPECT_EQ(got.eccentricity, want.eccentricity);
  if (policy == Feature::kFarthest) EXPECT_EQ(got.farthest, want.farthest);
  if (policy == Feature::kSymmetry) EXPECT_GT(got.symmetries, 1u) << "no symmetry was used";
  if (policy == Feature::kWatch) {
    const std::vector<std::int64_t> depths{0, static_cast<std::int64_t>(want.optimum)};
    EXPECT_EQ(got.watch_depths, depths);
  }
  if (policy == Feature::kWitness) {
    ASSERT_EQ(got.path.size(), want.optimum);
    typename V::State s = v.start();
    for (const Move& m : got.path) {
      const auto step = v.check_move(s, m.from, m.to);
      ASSERT_TRUE(step.legal) << "witness move " << int(m.from) << "->" << int(m.to);
      s = step.next;
    }
    EXPECT_TRUE(v.is_goal(s));
  }
  (void)o;
}

// Every policy on one row, on space v.
template <StateSpace V>
void run_row(const V& v, const Combination& c) {
  SearchOptions ref;
  ref.engine = EngineKind::kGeneric;
  ref.per_state = true;
  ref.farthest = 3;
  const SearchResult want = search(v, ref);
  ASSERT_EQ(want.outcome, SearchOutcome::kGoalReached);
  std::vector<Feature> policies(std::begin(kEveryPolicy), std::end(kEveryPolicy));
  policies.push_back(Feature::kWorkDir);  // none
  for (const Feature policy : policies) {
    const bool none = policy == Feature::kWorkDir;
    const std::string what = none ? "no policy" : feature_words(policy);
    SCOPED_TRACE(std::string(c.name) + ", " + what);
    const std::string dir = testing::fresh_dir("hanoi-combination-", what);
    SearchOptions o = request(c, policy, dir);
    if (policy == Feature::kWatch) o.watch = {v.rank(v.start()), single_goal_rank(v)};
    SearchResult got;
    try {
      got = run_search(v, c, o);
    } catch (const SearchRefused& e) {
      const std::string why = e.what();
      EXPECT_FALSE(none || c.offers.has(policy)) << "refused what the row offers: " << why;
      EXPECT_TRUE(e.involved().has(policy)) << why;
      EXPECT_NE(why.find(feature_words(policy)), std::string::npos)
          << "the refusal does not name the policy: " << why;
      std::filesystem::remove_all(dir);
      continue;
    }
    const Combination* row = served_by(got);
    ASSERT_NE(row, nullptr);
    if (none || c.offers.has(policy)) {
      EXPECT_EQ(row, &c) << "served by " << row->name;
    } else {
      // Another row took it (kAuto's store for that policy): one that offers it.
      EXPECT_NE(row, &c) << "the row served what the table says it does not offer";
      EXPECT_TRUE(row->offers.has(policy)) << row->name << " served " << what;
    }
    expect_policy_served(v, policy, o, got, want);
    std::filesystem::remove_all(dir);
  }
}

TEST(CombinationsEndToEnd, EveryRowServesItsPoliciesAndRefusesTheRest) {
  const variants::checkers::Space checkers = variants::checkers::space_for_code("DDDD", 8);
  const Family<variants::reves::Space> fam = variants::reves::RevesFamily::family();
  const variants::reves::Space reves = fam.make(normalize(fam.info, Params{7, 4, ""}));
  for (const Combination& c : kCombinations) {
    if (c.kernel == EngineKind::kGeneric)
      run_row(checkers, c);
    else
      run_row(reves, c);
  }
}

}  // namespace
}  // namespace hanoi

// The choice of a search mode and its refusals, derived from kCombinations
// (combinations.hpp): compiled once, for every family.
#include "engine/combinations.hpp"

#include <optional>
#include <vector>

namespace hanoi {

const char* level_store_name(LevelStore s) {
  switch (s) {
    case LevelStore::kMemory:
      return "memory";
    case LevelStore::kSegments:
      return "segments";
    case LevelStore::kRanks:
      return "ranks";
  }
  return "?";
}

const char* feature_words(Feature f) {
  switch (f) {
    case Feature::kWitness:
      return "a witness";
    case Feature::kFarthest:
      return "the farthest states";
    case Feature::kSymmetry:
      return "symmetry";
    case Feature::kHalfDepth:
      return "the half-depth test";
    case Feature::kWatch:
      return "watched states";
    case Feature::kResume:
      return "resuming from a checkpoint";
    case Feature::kWorkDir:
      return "a work directory";
    case Feature::kDiskStorage:
      return "levels on disk";
    case Feature::kMemoryStorage:
      return "levels in memory";
    case Feature::kDistributed:
      return "a distributed run";
    case Feature::kGenericEngine:
      return "the generic engine";
    case Feature::kLatticeEngine:
      return "the lattice engine";
    case Feature::kFrontierEngine:
      return "the frontier engine";
    case Feature::kMemoryBudget:
      return "the memory budget";
    case Feature::kDiscs:
      return "the number of discs";
    case Feature::kSegmentDiscs:
      return "the discs that fix a segment";
    case Feature::kSegmentBits:
      return "the ranks of a segment";
  }
  return "?";
}

namespace {

Feature kernel_feature(EngineKind k) {
  switch (k) {
    case EngineKind::kLattice:
      return Feature::kLatticeEngine;
    case EngineKind::kFrontier:
      return Feature::kFrontierEngine;
    case EngineKind::kGeneric:
    case EngineKind::kAuto:
      break;
  }
  return Feature::kGenericEngine;
}

const char* kernel_words(EngineKind k) {
  switch (k) {
    case EngineKind::kLattice:
      return "the lattice engine";
    case EngineKind::kFrontier:
      return "the frontier engine";
    case EngineKind::kGeneric:
    case EngineKind::kAuto:
      break;
  }
  return "the generic engine";
}

const Combination* find_row(EngineKind kernel, LevelStore store) {
  for (const Combination& c : kCombinations)
    if (c.kernel == kernel && c.store == store) return &c;
  return nullptr;
}

// The Features of a request that choose the store (named beside a policy a row lacks).
constexpr FeatureSet kStoreAsks = {Feature::kWorkDir, Feature::kDiskStorage,
                                   Feature::kMemoryStorage, Feature::kDistributed};

struct Refusal {
  std::string why;
  FeatureSet involved;
};

constexpr const char* kNotLattice =
    "serves only single-stack peg variants whose rule ignores what a disc lands on";
constexpr const char* kNoPermutation =
    "no peg permutation that is its own inverse maps the start to the goal and keeps the rule "
    "(a directed rule such as cyclic has none)";
constexpr const char* kNoMirror =
    "this variant and problem have no start-goal mirror (a symmetry of the rules that is its "
    "own inverse and maps the start to the goal)";

// Why the kernel cannot serve this space at all.
std::optional<Refusal> kernel_refusal(const SpaceFacts& f, const SearchOptions& o,
                                      EngineKind kernel) {
  const FeatureSet k = {kernel_feature(kernel)};
  if (kernel == EngineKind::kGeneric) return std::nullopt;
  if (!f.lattice) {
    if (o.comm != nullptr && kernel == EngineKind::kLattice)
      return Refusal{
          std::string("the distributed search runs the lattice engine, which ") + kNotLattice,
          {Feature::kDistributed}};
    return Refusal{std::string(kernel_words(kernel)) + " " + kNotLattice, k};
  }
  if (kernel == EngineKind::kFrontier) {
    if (!f.reversible)
      return Refusal{"the frontier engine needs moves that can be undone (this rule is one-way)",
                     k};
    if (f.num_ranks > (Rank{1} << 62))
      return Refusal{"the rank space is too large for the frontier engine's 64-bit ranks", k};
  }
  return std::nullopt;
}

// Why the store cannot hold this request's levels (the request's own storage asks
// against the store the choice made).
std::optional<Refusal> store_refusal(const SearchOptions& o, EngineKind kernel, LevelStore store) {
  const bool disk = o.storage == StorageKind::kDisk;
  const bool files = !o.work_dir.empty();
  if (store == LevelStore::kRanks) {
    if (kernel != EngineKind::kLattice)
      return Refusal{std::string("the distributed search runs the lattice engine only, not ") +
                         kernel_words(kernel),
                     {Feature::kDistributed, kernel_feature(kernel)}};
    return std::nullopt;
  }
  if (o.comm != nullptr)
    return Refusal{std::string(kernel_words(kernel)) + " has no distributed form",
                   {Feature::kDistributed, kernel_feature(kernel)}};
  if (kernel == EngineKind::kFrontier && disk)
    return Refusal{
        "the frontier engine keeps its levels in memory (a work directory holds its "
        "checkpoints)",
        {Feature::kFrontierEngine, Feature::kDiskStorage}};
  if (store != LevelStore::kSegments) return std::nullopt;
  if (kernel == EngineKind::kLattice && o.symmetry && !files) {
    if (disk) return Refusal{"levels on disk need a work directory", {Feature::kDiskStorage}};
    return std::nullopt;  // every stored segment resident
  }
  if (kernel == EngineKind::kLattice && o.symmetry && o.storage == StorageKind::kMemory)
    return Refusal{
        "the lattice engine's symmetry keeps its segments in memory only without a "
        "work directory",
        {Feature::kSymmetry, Feature::kMemoryStorage, Feature::kWorkDir}};
  if (!files)
    return Refusal{
        std::string(find_row(kernel, store)->name) + " needs a work directory",
        FeatureSet{Feature::kWorkDir} |
            (FeatureSet{Feature::kDiskStorage, Feature::kResume} & requested_features(o))};
  return std::nullopt;
}

// Why the space cannot serve a policy the request asks of this kernel.
std::optional<Refusal> policy_refusal(const SpaceFacts& f, const SearchOptions& o,
                                      EngineKind kernel) {
  const bool word_kernel = kernel != EngineKind::kGeneric;
  if (o.want_path && kernel == EngineKind::kLattice && !f.reversible)
    return Refusal{"the lattice engine gives witnesses only for reversible rules",
                   {Feature::kWitness, Feature::kLatticeEngine}};
  if (o.meet_in_middle) {
    const bool ok = kernel == EngineKind::kLattice ? f.meet_permutation
                                                   : f.meet_permutation || f.start_goal_mirror;
    if (!ok)
      return Refusal{std::string("the half-depth test: ") +
                         (word_kernel || f.lattice ? kNoPermutation : kNoMirror),
                     {Feature::kHalfDepth}};
  }
  if (o.symmetry && kernel == EngineKind::kGeneric && !f.start_symmetry)
    return Refusal{
        "symmetry: this variant and problem have no symmetry that fixes the start (the "
        "lattice engine's serves the single-stack peg variants whose rule ignores "
        "what a disc lands on; the generic engine's, Checkers and Antwerp)",
        {Feature::kSymmetry}};
  for (Rank r : o.watch)
    if (r >= f.num_ranks)
      return Refusal{"a watched rank lies outside the rank space", {Feature::kWatch}};
  return std::nullopt;
}

// Why the row (kernel, store) cannot serve the request on this space.
std::optional<Refusal> row_refusal(const SpaceFacts& f, const SearchOptions& o, EngineKind kernel,
                                   LevelStore store) {
  if (auto r = kernel_refusal(f, o, kernel)) return r;
  if (auto r = store_refusal(o, kernel, store)) return r;
  const Combination* row = find_row(kernel, store);
  const FeatureSet asked = requested_features(o);
  if (row == nullptr)
    return Refusal{
        std::string(kernel_words(kernel)) + " has no " + level_store_name(store) + " store",
        asked & kStoreAsks};
  // Conflicts first: "symmetry gives no witness" says more than "X offers no witness".
  for (const Conflict& c : kConflicts)
    if (asked.has(c.a) && asked.has(c.b) &&
        (c.kernel == EngineKind::kAuto || (c.kernel == kernel && c.store == store)))
      return Refusal{c.why, {c.a, c.b}};
  const FeatureSet missing = (asked & kPolicies).without(row->offers);
  for (int i = 0; i < kFeatureCount; ++i) {
    const auto feature = static_cast<Feature>(i);
    if (missing.has(feature))
      return Refusal{std::string(row->name) + " does not offer " + feature_words(feature),
                     FeatureSet{feature} | (asked & kStoreAsks) |
                         (asked & FeatureSet{kernel_feature(kernel)})};
  }
  return policy_refusal(f, o, kernel);
}

// The store the choice gives the kernel for this request (row_refusal then says
// whether the row serves it).
LevelStore store_for(const SpaceFacts& f, const SearchOptions& o, EngineKind kernel) {
  if (kernel == EngineKind::kFrontier) return LevelStore::kMemory;
  if (o.comm != nullptr) return LevelStore::kRanks;
  const bool disk_asked =
      o.storage == StorageKind::kDisk || (o.storage == StorageKind::kAuto && o.resume);
  if (!o.watch.empty() && !disk_asked) return LevelStore::kMemory;
  if (kernel == EngineKind::kLattice) {
    // The lattice's half-depth test runs in memory; asked for on disk, its row
    // refuses (and kAuto goes on to the generic engine's disk mode).
    if (o.meet_in_middle)
      return disk_asked || !o.work_dir.empty() ? LevelStore::kSegments : LevelStore::kMemory;
    // Its symmetry is the segment mode's (resident without a work directory).
    if (o.symmetry) return LevelStore::kSegments;
  }
  if (o.storage == StorageKind::kMemory) return LevelStore::kMemory;
  if (disk_asked) return LevelStore::kSegments;
  if (o.work_dir.empty()) return LevelStore::kMemory;
  // kAuto with a work directory: segments only when memory will not do.  (The
  // generic engine's witness needs memory, which then refuses with its estimate.)
  const std::uint64_t budget = o.search_budget();
  if (kernel == EngineKind::kGeneric)
    return !o.want_path && f.generic_bytes > budget ? LevelStore::kSegments : LevelStore::kMemory;
  return f.lattice_bytes > budget ? LevelStore::kSegments : LevelStore::kMemory;
}

// The kernels kAuto tries, in order.
std::vector<EngineKind> candidates(const SpaceFacts& f, const SearchOptions& o) {
  if (o.engine != EngineKind::kAuto) return {o.engine};
  if (!f.lattice) return {EngineKind::kGeneric};
  // The distributed search is the lattice engine's.
  if (o.comm != nullptr) return {EngineKind::kLattice};
  // The half-depth test: the lattice engine's in memory where its σ exists.
  if (o.meet_in_middle || f.lattice_preferred) return {EngineKind::kLattice, EngineKind::kGeneric};
  // 3-peg graphs too thin for the lattice (search.hpp): the generic engine first.
  return {EngineKind::kGeneric, EngineKind::kLattice};
}

}  // namespace

FeatureSet requested_features(const SearchOptions& o) {
  FeatureSet s;
  if (o.want_path) s.add(Feature::kWitness);
  if (o.farthest > 0) s.add(Feature::kFarthest);
  if (o.symmetry) s.add(Feature::kSymmetry);
  if (o.meet_in_middle) s.add(Feature::kHalfDepth);
  if (!o.watch.empty()) s.add(Feature::kWatch);
  if (o.resume) s.add(Feature::kResume);
  if (!o.work_dir.empty()) s.add(Feature::kWorkDir);
  if (o.storage == StorageKind::kDisk) s.add(Feature::kDiskStorage);
  if (o.storage == StorageKind::kMemory) s.add(Feature::kMemoryStorage);
  if (o.comm != nullptr) s.add(Feature::kDistributed);
  if (o.engine != EngineKind::kAuto) s.add(kernel_feature(o.engine));
  return s;
}

SearchChoice choose_search(const SpaceFacts& facts, const SearchOptions& o) {
  std::optional<Refusal> first;
  for (EngineKind kernel : candidates(facts, o)) {
    const LevelStore store = store_for(facts, o, kernel);
    std::optional<Refusal> r = row_refusal(facts, o, kernel, store);
    if (!r) return SearchChoice{find_row(kernel, store)};
    if (!first) first = std::move(r);
  }
  throw SearchRefused(first->why, first->involved);
}

void require_combination(const SpaceFacts& facts, const SearchOptions& o, EngineKind kernel,
                         LevelStore store) {
  if (auto r = row_refusal(facts, o, kernel, store)) throw SearchRefused(r->why, r->involved);
}

std::string combinations_markdown() {
  std::string s =
      "| kernel | store | witness | farthest | symmetry | half-depth | watched | resume | mode |\n"
      "|---|---|---|---|---|---|---|---|---|\n";
  constexpr Feature kColumns[] = {Feature::kWitness,   Feature::kFarthest, Feature::kSymmetry,
                                  Feature::kHalfDepth, Feature::kWatch,    Feature::kResume};
  for (const Combination& c : kCombinations) {
    s += std::string("| ") + engine_name(c.kernel) + " | " + level_store_name(c.store) + " |";
    for (Feature f : kColumns) s += c.offers.has(f) ? " yes |" : " |";
    s += std::string(" ") + c.source + " |\n";
  }
  s += "\nPairs that no row combines, or that one row does not:\n\n";
  for (const Conflict& c : kConflicts) {
    s += std::string("- ") + feature_words(c.a) + " with " + feature_words(c.b);
    if (c.kernel != EngineKind::kAuto)
      s += std::string(" (") + engine_name(c.kernel) + ", " + level_store_name(c.store) + ")";
    s += std::string(": ") + c.why + "\n";
  }
  return s;
}

}  // namespace hanoi

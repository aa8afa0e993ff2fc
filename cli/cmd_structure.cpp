// `hanoi structure` and the batch kind "structure": the start's eccentricity
// against the optimum and the states at maximal distance; with --count the exact
// number of optimal solutions; with --all-pairs distances and shortest-path counts
// over every pair of states (analyses/structure.hpp through cli/analyses.hpp).
//
// Batch rows (kind = "structure"): measure = "eccentricity" (default), "count" or
// "all-pairs"; optional farthest = K (states described at maximal distance, default
// 2); optional max_paths = K for all-pairs (a claim: no pair has more shortest
// paths); optional symmetry = true for the eccentricity (as --symmetry).
//
// With symmetry (the search keeps one segment, or one state, per orbit of the
// symmetries that fix the start) the counts are still those of every state.  The
// lattice engine's symmetry names no farthest states, so there they are left out
// (said in the text output); the generic engine's names them.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/command.hpp"
#include "engine/memory.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {
namespace {

using nlohmann::json;

// The farthest states a search names: none under the lattice engine's symmetry
// (one segment per orbit; engine/disk_lattice.hpp), else `want`.
std::size_t farthest_named(const FamilyInfo& fam, const Params& p, const SearchOptions& so,
                           std::size_t want) {
  if (want == 0 || !so.symmetry) return want;
  SearchOptions none = so;
  none.farthest = 0;
  return search_plan(fam, p, none).engine == EngineKind::kLattice ? 0 : want;
}

int structure_command(const CommonOptions& o, const StructureFlags& flags) {
  const FamilyInfo& fam = variants::find_family(o.variant);
  const Params p = normalize(fam, params_of(o));
  if (flags.all_pairs && rank_space(fam, p) > kAllPairsMaxStates)
    throw UsageError("--all-pairs takes at most " + std::to_string(kAllPairsMaxStates) +
                     " ranks; " + fam.name + " n=" + std::to_string(p.n) + " has " +
                     std::to_string(rank_space(fam, p)) + " (lower n)");
  if (o.symmetry && (flags.count || flags.all_pairs))
    throw UsageError(
        "--symmetry keeps one part per orbit: --count and --all-pairs need every state (drop "
        "--symmetry)");
  SearchOptions so = search_options(o);
  so.want_path = false;
  so.farthest = farthest_named(fam, p, so, flags.farthest);
  // Every phase against the budget before the first one starts (they run one after
  // another, so the largest counts).
  const std::uint64_t need =
      std::max(search_need(fam, p, so), flags.count ? count_need(fam, p) : std::uint64_t{0});
  if (need > so.search_budget()) throw over_budget(so, need);
  const SearchResult r = search(fam, p, so);
  const bool reached = r.outcome == SearchOutcome::kGoalReached;
  const std::uint64_t at_max = r.level_sizes.empty() ? 0 : r.level_sizes.back();
  std::optional<SolutionCount> count;
  if (flags.count) count = count_optimal(fam, p, so);
  std::optional<AllPairsSummary> pairs;
  if (flags.all_pairs) pairs = all_pairs(fam, p, so);
  if (o.json) {
    json j = params_json(fam, p);
    j["optimal"] = reached ? json(r.optimum) : json(nullptr);
    j["eccentricity"] = r.eccentricity;
    j["eccentricity_exceeds_optimum"] = reached && r.eccentricity > r.optimum;
    j["states"] = r.states_reached;
    j["states_at_max_distance"] = at_max;
    j["farthest"] = r.farthest;
    if (count) {
      j["optimal_solutions"] = count->count;  // a decimal string: exact at any size
      j["states_on_optimal_paths"] = count->states_on_optimal_paths;
    }
    if (pairs) {
      j["all_pairs"] = {{"states", pairs->states},
                        {"ordered_pairs", pairs->ordered_pairs},
                        {"unreachable_pairs", pairs->unreachable_pairs},
                        {"sum_distances", pairs->sum_distances},
                        {"diameter", pairs->diameter},
                        {"one_path", pairs->one_path},
                        {"two_paths", pairs->two_paths},
                        {"more_paths", pairs->more_paths},
                        {"max_paths", pairs->max_paths}};
    }
    std::cout << j.dump() << "\n";
    return 0;
  }
  std::cout << fam.name << " n=" << p.n << " pegs=" << p.pegs << " problem=" << p.problem << "\n"
            << "  optimum:      " << (reached ? std::to_string(r.optimum) : "unreachable") << "\n"
            << "  eccentricity: " << r.eccentricity
            << (reached ? (r.eccentricity > r.optimum
                               ? "  (exceeds the optimum by " +
                                     std::to_string(r.eccentricity - r.optimum) + ")"
                               : "  (equals the optimum)")
                        : "")
            << "\n  states:       " << r.states_reached << " reachable, " << at_max
            << " at the maximal distance\n";
  for (const std::string& s : r.farthest) std::cout << "    e.g. " << s << "\n";
  if (so.farthest < flags.farthest)
    std::cout << "    (the lattice engine's --symmetry names no farthest states)\n";
  if (count)
    std::cout << "  optimal solutions: " << count->count << " (" << count->states_on_optimal_paths
              << " states lie on optimal paths)\n";
  if (pairs) {
    std::cout << "  all pairs: " << pairs->states << " states, " << pairs->ordered_pairs
              << " ordered pairs, sum of distances " << pairs->sum_distances << ", diameter "
              << pairs->diameter << "\n"
              << "    shortest paths per ordered pair: one " << pairs->one_path << ", two "
              << pairs->two_paths << ", more " << pairs->more_paths
              << " (most: " << pairs->max_paths << ")\n";
    if (pairs->unreachable_pairs)
      std::cout << "    unreachable pairs: " << pairs->unreachable_pairs << "\n";
  }
  std::printf("  time:         %.3f s search", r.seconds);
  if (count) std::printf(", %.3f s counting", count->seconds);
  if (pairs) std::printf(", %.3f s all pairs", pairs->seconds);
  std::printf("\n");
  return 0;
}

struct StructureRow : RowCommon {
  std::string measure;
  std::size_t farthest = 2;
  std::uint64_t max_paths = 0;  // 0 = no claim
  bool symmetry = false;
};

// One cell of a structure batch: the Markdown and CSV rows, the counts, the
// progress line and, where the eccentricity exceeds the optimum, a note on the
// farthest states.
nlohmann::json structure_cell(const FamilyInfo& fam, const StructureRow& r, int n,
                              const SearchOptions& so) {
  const Params p = normalize(fam, params_at(r, n));
  std::string verdict, cells_csv, farthest_note;
  std::ostringstream line;
  int unexpected = 0, too_big = 0;
  try {
    if (r.measure == "eccentricity") {
      SearchOptions eo = so;
      eo.symmetry = r.symmetry;
      eo.farthest = farthest_named(fam, p, eo, r.farthest);
      const SearchResult s = search(fam, p, eo);
      const bool reached = s.outcome == SearchOutcome::kGoalReached;
      const std::uint64_t at_max = s.level_sizes.back();
      verdict = !reached                      ? "goal unreachable"
                : s.eccentricity == s.optimum ? "equal"
                                              : "eccentricity exceeds the optimum by " +
                                                    std::to_string(s.eccentricity - s.optimum);
      line << "| " << n << " | " << (reached ? std::to_string(s.optimum) : "—") << " | "
           << s.eccentricity << " | " << s.states_reached << " | " << at_max << " | "
           << seconds_text(s.seconds) << " | " << verdict << " |\n";
      cells_csv = (reached ? std::to_string(s.optimum) : "") + "," +
                  std::to_string(s.eccentricity) + "," + std::to_string(s.states_reached) + "," +
                  std::to_string(at_max) + ",,,,,,,,," + seconds_text(s.seconds);
      if (reached && s.eccentricity > s.optimum && !s.farthest.empty()) {
        farthest_note =
            "n = " + std::to_string(n) + ", distance " + std::to_string(s.eccentricity) + ":";
        for (const std::string& f : s.farthest) farthest_note += " `" + f + "`";
      }
    } else if (r.measure == "count") {
      const SolutionCount c = count_optimal(fam, p, so);
      verdict = c.optimum ? "ok" : "goal unreachable";
      line << "| " << n << " | " << opt_text(c.optimum, "—") << " | " << c.count << " | "
           << c.states_on_optimal_paths << " | " << seconds_text(c.seconds) << " |\n";
      cells_csv = opt_text(c.optimum, "") + ",,,," + c.count + "," +
                  std::to_string(c.states_on_optimal_paths) + ",,,,,,," + seconds_text(c.seconds);
    } else {
      const AllPairsSummary a = all_pairs(fam, p, so);
      if (r.max_paths > 0 && a.max_paths > r.max_paths) {
        verdict = "MISMATCH: a pair has " + std::to_string(a.max_paths) +
                  " shortest paths (claim: at most " + std::to_string(r.max_paths) + ")";
        ++unexpected;
      } else {
        verdict = "most shortest paths between two states: " + std::to_string(a.max_paths);
      }
      line << "| " << n << " | " << a.states << " | " << a.ordered_pairs << " | " << a.sum_distances
           << " | " << a.diameter << " | " << a.one_path << " | " << a.two_paths << " | "
           << a.more_paths << " | " << seconds_text(a.seconds) << " | " << verdict << " |\n";
      cells_csv = ",," + std::to_string(a.states) + ",,,," + std::to_string(a.ordered_pairs) + "," +
                  std::to_string(a.sum_distances) + "," + std::to_string(a.diameter) + "," +
                  std::to_string(a.one_path) + "," + std::to_string(a.two_paths) + "," +
                  std::to_string(a.more_paths) + "," + seconds_text(a.seconds);
    }
  } catch (const MemoryBudgetExceeded& e) {
    ++too_big;
    verdict = std::string("does not fit: ") + e.what();
    line << "| " << n << " | " << verdict << " |\n";
    cells_csv = ",,,,,,,,,,,,";
  }
  std::ostringstream csv;
  csv << fam.name << "," << p.pegs << "," << p.problem << "," << n << "," << r.measure << ","
      << cells_csv << "," << csv_escape(verdict) << "\n";
  char log[512];
  std::snprintf(log, sizeof log, "%s pegs=%d %s n=%d %s: ", fam.name.c_str(), p.pegs,
                p.problem.c_str(), n, r.measure.c_str());
  return nlohmann::json{{"md", line.str()},          {"csv", csv.str()},
                        {"unexpected", unexpected},  {"too_big", too_big},
                        {"farthest", farthest_note}, {"log", std::string(log) + verdict},
                        {"journal", too_big == 0}};
}

int run_structure_batch(const BatchFile& batch, const std::string& out_dir, const CommonOptions& o,
                        const std::string& command_line) {
  const auto t0 = std::chrono::steady_clock::now();
  using Row = StructureRow;
  const std::vector<Row> rows = read_rows<Row>(
      batch, {"measure", "farthest", "max_paths", "symmetry"}, [](Row& r, const toml::table& t) {
        r.measure = optional_string(t, "measure", r.where);
        if (r.measure.empty()) r.measure = "eccentricity";
        if (r.measure != "eccentricity" && r.measure != "count" && r.measure != "all-pairs")
          throw UsageError(r.where +
                           ": 'measure' must be \"eccentricity\", \"count\" or \"all-pairs\"");
        r.farthest = static_cast<std::size_t>(optional_int(t, "farthest", r.where, 2, 0));
        r.max_paths = static_cast<std::uint64_t>(optional_int(t, "max_paths", r.where, 0, 1));
        r.symmetry = optional_bool(t, "symmetry", r.where);
        if (r.symmetry && r.measure != "eccentricity")
          throw UsageError(r.where +
                           ": 'symmetry' applies to the eccentricity only (count and "
                           "all-pairs need every state)");
        const FamilyInfo& fam = variants::find_family(r.variant);
        for (int n = r.n_lo; n <= r.n_hi; ++n) {
          const Params p = normalize(fam, params_at(r, n));
          // Checked before any search, so that a batch does not fail half-way.
          if (r.measure == "all-pairs" && rank_space(fam, p) > kAllPairsMaxStates)
            throw UsageError(r.where + ": all-pairs takes at most " +
                             std::to_string(kAllPairsMaxStates) + " ranks; " + fam.name + " n=" +
                             std::to_string(n) + " has " + std::to_string(rank_space(fam, p)));
        }
      });
  SearchOptions so = search_options(o);
  so.want_path = false;
  // Every cell against the budget, before the first search.
  check_cells_fit(rows, so,
                  [&](const Row& r, const FamilyInfo& fam, const Params& p) -> std::uint64_t {
                    SearchOptions eo = so;
                    eo.symmetry = r.symmetry;
                    eo.farthest = farthest_named(fam, p, eo, r.farthest);
                    return r.measure == "eccentricity" ? search_need(fam, p, eo)
                           : r.measure == "count"      ? count_need(fam, p)
                                                       : 0;
                  });
  const std::filesystem::path dir = prepare_out_dir(out_dir);
  CellJournal journal(dir, batch.path, "structure", o.fresh, o.quiet);

  std::ostringstream md, csv;
  csv << "variant,pegs,problem,n,measure,optimum,eccentricity,states,states_at_max_distance,"
         "optimal_solutions,states_on_optimal_paths,ordered_pairs,sum_distances,diameter,one_path,"
         "two_paths,more_paths,seconds,verdict\n";
  int cells = 0, unexpected = 0, too_big = 0;
  bool partial = false;
  try {
    for (const Row& r : rows) {
      const FamilyInfo& fam = variants::find_family(r.variant);
      const Params first = normalize(fam, params_at(r, r.n_lo));
      md << "\n## " << fam.name << " — pegs " << first.pegs << ", problem `" << first.problem
         << "`: " << r.measure << "\n\n";
      if (!r.note.empty()) md << r.note << "\n\n";
      if (r.measure == "eccentricity") {
        md << "| n | optimum | eccentricity | states reached | states at max distance | search s | "
              "verdict |\n|---|---|---|---|---|---|---|\n";
      } else if (r.measure == "count") {
        md << "| n | optimum | optimal solutions | states on optimal paths | s "
              "|\n|---|---|---|---|---|\n";
      } else {
        md << "| n | states | ordered pairs | sum of distances | diameter | one path | two paths | "
              "more | s | verdict |\n|---|---|---|---|---|---|---|---|---|---|\n";
      }
      std::vector<std::string> farthest_notes;
      for (int n = r.n_lo; n <= r.n_hi; ++n) {
        const nlohmann::json c = journal.cell(r, n, [&] { return structure_cell(fam, r, n, so); });
        ++cells;
        md << c["md"].get<std::string>();
        csv << c["csv"].get<std::string>();
        unexpected += c["unexpected"].get<int>();
        too_big += c["too_big"].get<int>();
        if (const std::string note = c["farthest"].get<std::string>(); !note.empty())
          farthest_notes.push_back(note);
        if (!o.quiet)
          std::fprintf(stderr, "[structure] %s%s\n", c["log"].get<std::string>().c_str(),
                       c.contains("reused") ? " (from the journal)" : "");
      }
      if (!farthest_notes.empty()) {
        md << "\nStates at the maximal distance where it exceeds the optimum (the lowest "
              "ranks):\n\n";
        for (const std::string& note : farthest_notes) md << "- " << note << "\n";
      }
    }
  } catch (const BatchInterrupted&) {
    partial = true;
  }
  TableOutput out;
  out.title = batch.title;
  out.command_line = command_line;
  out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.summary = std::to_string(cells) + " cells; " + std::to_string(unexpected) +
                " contradict a claim; " + std::to_string(too_big) + " did not fit.";
  out.legend =
      "Eccentricity tables: the start's largest distance to any state against the optimum, and "
      "how many states lie at that largest distance.  Count tables: the exact number of distinct "
      "optimal move sequences from start to goal.  All-pairs tables: over every ordered pair of "
      "distinct reachable states, the sum of the distances and how many pairs are joined by one, "
      "two or more shortest paths (an unordered pair counts twice).";
  out.body = md.str();
  out.csv = csv.str();
  out.partial = partial;
  out.journal_note = journal.summary_note();
  out.plots = !o.no_plots;
  return finish_batch(dir, batch.path, out, unexpected, too_big);
}

const RegisterCommand kStructure{[] {
  auto flags = std::make_shared<StructureFlags>();
  return Command{
      .name = "structure",
      .help = "eccentricity against optimum, states at maximal distance, optimal-solution counts",
      .order = 50,
      .options =
          [flags](CLI::App& cmd, CommonOptions& o) {
            add_variant_option(cmd, o);
            add_params(cmd, o);
            add_resources(cmd, o);
            cmd.add_flag("--json", o.json, "machine-readable output");
            cmd.add_flag("--count", flags->count,
                         "also count the optimal solutions exactly (4 bytes per rank)");
            cmd.add_flag("--all-pairs", flags->all_pairs,
                         "also sum the distances and count shortest paths between every pair of "
                         "states (at most 65536 ranks)");
            cmd.add_flag("--symmetry", o.symmetry,
                         "keep one part per orbit of the symmetries that fix the start (as "
                         "`optimum --symmetry`); the counts stay those of every state");
            cmd.add_option("--farthest", flags->farthest,
                           "describe this many states at the maximal distance (default 4)")
                ->check(decimal_for(flags->farthest));
          },
      .run = [flags](const CommonOptions& o,
                     const std::string&) { return structure_command(o, *flags); },
  };
}()};

const RegisterBatchKind kStructureBatch{BatchKind{.name = "structure", .run = run_structure_batch}};

}  // namespace
}  // namespace hanoi::cli

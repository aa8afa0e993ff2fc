// `hanoi verify BATCH`: the optimality-verification batch (and the dispatch to the
// other batch kinds: `kind = "frame"` and `kind = "structure"`, see study.cpp).
//
// A verification batch is a TOML file of [[row]] tables:
//   variant = "reves"             (required)
//   n = [1, 12]  or  n = 7        (required; inclusive range)
//   pegs = 4, problem = "..."     (optional; the variant's defaults otherwise)
//   algorithms = ["..."]          (optional; claimed optimal: must equal the optimum;
//                                  default: every algorithm for the problem)
//   bounds = ["..."]              (optional; algorithms only claimed to solve it:
//                                  must be legal and at least the optimum)
//   known_mismatch = "why"        (optional; a seed claim known to fail: reported,
//                                  not an error)
//   note = "..."                  (optional; printed under the row's heading)
// For each row and n it runs the exhaustive search, every algorithm through the
// rule checker and the closed form, and gives a verdict.  The tables go to
// OUT/<batch stem>.md and .csv, headed by the command, commit, date, machine and
// wall time.  Exit status 1 when any unexpected mismatch was found.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/batch.hpp"
#include "cli/command.hpp"
#include "cli/provenance.hpp"
#include "engine/memory.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {
namespace {

// The most levels a level profile keeps (OUT/<stem>.levels.csv); longer ones are
// sampled evenly.
constexpr std::size_t kProfileLevels = 2000;

struct Row : RowCommon {
  std::string known_mismatch;
  std::vector<std::string> algorithms, bounds;
  bool all_algorithms = true;
};

std::vector<Row> read_verify_rows(const BatchFile& batch) {
  return read_rows<Row>(batch, {"known_mismatch", "algorithms", "bounds"},
                        [](Row& r, const toml::table& t) {
                          r.known_mismatch = optional_string(t, "known_mismatch", r.where);
                          r.all_algorithms = t.get("algorithms") == nullptr;
                          r.algorithms = string_list(t, "algorithms", r.where);
                          r.bounds = string_list(t, "bounds", r.where);
                        });
}

// One cell: the search, every algorithm and the closed form at one n.  Returns the
// Markdown row, the CSV rows, the counts and the progress line (journaled as is).
nlohmann::json verify_cell(const FamilyInfo& fam, const Row& r, int n, const SearchOptions& so,
                           const std::vector<std::string>& optimal_algs,
                           const std::vector<std::string>& bound_algs) {
  const Params p = normalize(fam, params_at(r, n));
  std::string verdict;
  SearchResult sr;
  bool searched = true;
  int unexpected = 0, known = 0, too_big = 0;
  try {
    sr = search(fam, p, so);
  } catch (const MemoryBudgetExceeded& e) {
    searched = false;
    ++too_big;
    verdict = std::string("does not fit: ") + e.what();
  }
  const bool reached = searched && sr.outcome == SearchOutcome::kGoalReached;
  const std::string opt_text = !searched ? "—"
                               : reached ? std::to_string(sr.optimum)
                                         : "unreachable";
  const auto formula = closed_form_of(fam, p);
  const std::string formula_text = formula ? std::to_string(*formula) : "—";
  std::vector<std::string> problems;
  // A closed form the family does not claim optimal here (formula_is_optimum) is
  // the cost of a published solution: only one below the optimum is wrong.
  if (searched && formula) {
    if (!reached) {
      problems.push_back("formula " + formula_text + " but the goal is unreachable");
    } else if (holds_for(fam.formula_is_optimum, p) ? *formula != sr.optimum
                                                    : *formula < sr.optimum) {
      problems.push_back("formula " + formula_text +
                         (*formula < sr.optimum ? " < optimum " : " != optimum ") + opt_text);
    }
  }

  struct AlgResult {
    std::string name;
    bool claimed_optimal;
    RunReport report;
  };
  RunOptions ro;
  ro.cancel = so.cancel;
  std::vector<AlgResult> runs;
  runs.reserve(optimal_algs.size() + bound_algs.size());
  for (const auto& a : optimal_algs) runs.push_back({a, true, run(fam, p, a, ro)});
  for (const auto& a : bound_algs) runs.push_back({a, false, run(fam, p, a, ro)});
  for (const AlgResult& ar : runs) {
    const RunReport& rr = ar.report;
    if (!rr.ok) {
      problems.push_back(ar.name + ": " + rr.error);
    } else if (reached && ar.claimed_optimal && rr.moves != sr.optimum) {
      problems.push_back(ar.name + " " + std::to_string(rr.moves) + " != optimum " + opt_text);
    } else if (reached && !ar.claimed_optimal && rr.moves < sr.optimum) {
      problems.push_back(ar.name + " " + std::to_string(rr.moves) + " < optimum (impossible)");
    }
  }
  if (verdict.empty()) {
    if (problems.empty()) {
      verdict = "ok";
    } else if (!r.known_mismatch.empty()) {
      verdict = "known mismatch: ";
      ++known;
    } else {
      verdict = "MISMATCH: ";
      ++unexpected;
    }
    for (std::size_t i = 0; i < problems.size(); ++i) verdict += (i ? "; " : "") + problems[i];
  }

  std::ostringstream md, csv;
  const std::string states_text = searched ? std::to_string(sr.states_reached) : "";
  const std::string ecc_text = searched ? std::to_string(sr.eccentricity) : "";
  md << "| " << n << " | " << opt_text << " | " << (searched ? states_text : "—") << " | "
     << (searched ? ecc_text : "—") << " | " << formula_text;
  for (const AlgResult& ar : runs)
    md << " | " << (ar.report.ok ? "" : "ILLEGAL after ") << ar.report.moves;
  const std::string csv_prefix = fam.name + "," + std::to_string(p.pegs) + "," + p.problem + "," +
                                 std::to_string(n) + "," + opt_text + "," + states_text + "," +
                                 ecc_text + "," + (formula ? formula_text : "") + ",";
  if (runs.empty()) csv << csv_prefix << ",,,," << csv_escape(verdict) << "\n";
  for (const AlgResult& ar : runs) {
    csv << csv_prefix << ar.name << "," << (ar.claimed_optimal ? "optimal" : "bound") << ","
        << ar.report.moves << "," << (ar.report.ok ? "yes" : "no") << "," << csv_escape(verdict)
        << "\n";
  }
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.2f", searched ? sr.seconds : 0.0);
  md << " | " << secs << " | " << verdict << " |\n";
  char log[512];
  std::snprintf(log, sizeof log, "%s pegs=%d %s n=%d: optimum %s, ", fam.name.c_str(), p.pegs,
                p.problem.c_str(), n, opt_text.c_str());
  nlohmann::json record{{"md", md.str()},           {"csv", csv.str()},
                        {"unexpected", unexpected}, {"known", known},
                        {"too_big", too_big},       {"log", std::string(log) + verdict},
                        {"journal", searched}};
  // The level profile (OUT/<stem>.levels.csv shows the row's largest n's) as [level,
  // states] pairs: every level, or kProfileLevels of them evenly spaced (the last
  // included) where there are more (Domino's thin graphs have millions of levels).
  if (searched && sr.complete) {
    const LevelCounts& all = sr.level_sizes;
    nlohmann::json profile = nlohmann::json::array();
    const std::size_t rows = std::min<std::size_t>(all.size(), kProfileLevels);
    for (std::size_t k = 0; k < rows; ++k) {
      const std::size_t level = rows == all.size() ? k : k * (all.size() - 1) / (rows - 1);
      profile.push_back({level, all[level]});
    }
    record["levels"] = std::move(profile);
  }
  return record;
}
}  // namespace

int verify(const std::string& batch_path, const std::string& out_dir, const CommonOptions& o,
           const std::string& command_line) {
  const auto t0 = std::chrono::steady_clock::now();
  const BatchFile batch = read_batch_file(batch_path);
  const BatchKind& kind = find_batch_kind(batch.kind, batch_path);
  if (kind.name != "verify") return kind.run(batch, out_dir, o, command_line);
  const std::vector<Row> rows = read_verify_rows(batch);
  SearchOptions so = search_options(o);
  so.want_path = false;
  // Validate every row before any search, so a typo or a cell too big for the
  // budget fails fast.
  for (const Row& r : rows) {
    const FamilyInfo& fam = variants::find_family(r.variant);
    for (int n = r.n_lo; n <= r.n_hi; ++n) {
      const Params p = normalize(fam, params_at(r, n));
      std::vector<std::string> names = r.algorithms;
      names.insert(names.end(), r.bounds.begin(), r.bounds.end());
      for (const auto& name : names) {
        bool found = false;
        for (const AlgorithmSpec* a : algorithms_for(fam, p)) found = found || a->name == name;
        if (!found)
          throw UsageError("batch row " + r.variant + ": algorithm '" + name +
                           "' does not apply to problem " + p.problem + " (see hanoi list)");
      }
    }
  }

  check_cells_fit(rows, so, [&](const Row&, const FamilyInfo& fam, const Params& p) {
    return search_need(fam, p, so);
  });

  // The output directory is checked after the rows and before any search, so a typo fails fast.
  const std::filesystem::path dir = prepare_out_dir(out_dir);
  CellJournal journal(dir, batch_path, "verify", o.fresh, o.quiet);

  std::ostringstream md, csv, levels;
  csv << "variant,pegs,problem,n,optimum,states,eccentricity,formula,algorithm,role,moves,legal,"
         "verdict\n";
  levels << "variant,pegs,problem,n,level,states\n";
  int unexpected = 0, known = 0, cells = 0, too_big = 0;
  bool partial = false;
  try {
    for (const Row& r : rows) {
      const FamilyInfo& fam = variants::find_family(r.variant);
      const Params first = normalize(fam, params_at(r, r.n_lo));
      std::vector<std::string> optimal_algs = r.algorithms, bound_algs = r.bounds;
      if (r.all_algorithms) {
        for (const AlgorithmSpec* a : algorithms_for(fam, first)) {
          bool is_bound = false;
          for (const auto& b : bound_algs) is_bound = is_bound || b == a->name;
          if (!is_bound) optimal_algs.push_back(a->name);
        }
      }
      md << "\n## " << fam.name << " — pegs " << first.pegs << ", problem `" << first.problem
         << "`\n\n";
      if (!r.note.empty()) md << r.note << "\n\n";
      if (!r.known_mismatch.empty()) md << "Known mismatch: " << r.known_mismatch << "\n\n";
      md << "| n | optimum | states | eccentricity | formula (" << formula_name_of(fam, first)
         << ")";
      for (const auto& a : optimal_algs) md << " | " << a;
      for (const auto& a : bound_algs) md << " | " << a << " (bound)";
      md << " | search s | verdict |\n|---|---|---|---|---";
      for (std::size_t i = 0; i < optimal_algs.size() + bound_algs.size(); ++i) md << "|---";
      md << "|---|---|\n";

      for (int n = r.n_lo; n <= r.n_hi; ++n) {
        // Every cell keeps its level profile, and the table shows the row's largest
        // n: the journal's key has no n range (a widened or narrowed row reuses its
        // cells), so what a cell holds must not depend on the range it was run in.
        const nlohmann::json c = journal.cell(
            r, n, [&] { return verify_cell(fam, r, n, so, optimal_algs, bound_algs); });
        ++cells;
        md << c["md"].get<std::string>();
        if (n == r.n_hi && c.contains("levels")) {
          const std::string prefix = fam.name + "," + std::to_string(first.pegs) + "," +
                                     first.problem + "," + std::to_string(n) + ",";
          for (const auto& pair : c["levels"])
            levels << prefix << pair[0].get<std::uint64_t>() << "," << pair[1].get<std::uint64_t>()
                   << "\n";
        }
        csv << c["csv"].get<std::string>();
        unexpected += c["unexpected"].get<int>();
        known += c["known"].get<int>();
        too_big += c["too_big"].get<int>();
        if (!o.quiet)
          std::fprintf(stderr, "[verify] %s%s\n", c["log"].get<std::string>().c_str(),
                       c.contains("reused") ? " (from the journal)" : "");
      }
    }
  } catch (const BatchInterrupted&) {
    partial = true;
  }
  TableOutput out;
  out.title = batch.title;
  out.command_line = command_line;
  out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.summary = std::to_string(cells) +
                " cells: " + std::to_string(cells - unexpected - known - too_big) + " ok, " +
                std::to_string(known) + " known mismatches, " + std::to_string(unexpected) +
                " unexpected mismatches, " + std::to_string(too_big) + " did not fit.";
  out.legend =
      "Columns: `optimum` is the exhaustive breadth-first search's distance from start to "
      "goal; `states` the states reachable from the start; `eccentricity` the start's "
      "largest distance; each algorithm's column is its move count after the rule checker "
      "replayed every move (a bound column is only claimed to be a solution).";
  out.body = md.str();
  out.csv = csv.str();
  out.partial = partial;
  out.journal_note = journal.summary_note();
  out.extra_csv.emplace_back("levels", levels.str());
  out.plots = !o.no_plots;
  return finish_batch(dir, batch_path, out, unexpected, too_big);
}

namespace {

// Tables go to out/ unless --out says otherwise: a clone's committed results/ is
// regenerated only when asked (`--out results`), never by a trial run.
struct VerifyArgs {
  std::string batch, out_dir = "out";
};

const RegisterCommand kVerify{[] {
  auto args = std::make_shared<VerifyArgs>();
  return Command{
      .name = "verify",
      .help =
          "run a batch: optimum, algorithms and closed form side by side (or a frame, "
          "structure, compare or atlas batch), tables to out/ (or --out DIR)",
      .order = 90,
      .options =
          [args](CLI::App& cmd, CommonOptions& o) {
            cmd.add_option("batch", args->batch, "batch file (TOML), e.g. experiments/default.toml")
                ->required();
            cmd.add_option("--out", args->out_dir,
                           "directory for the CSV and Markdown tables (default: out; the "
                           "committed tables: --out results)")
                ->check(non_empty());
            cmd.add_flag("--fresh", o.fresh,
                         "recompute every cell (by default a rerun by the same commit takes the "
                         "cells it finished before from OUT/<batch>.journal)");
            cmd.add_flag("--no-plots", o.no_plots,
                         "no pictures (by default scripts/plots.py draws them from the CSV)");
            add_resources(cmd, o);
          },
      .run =
          [args](const CommonOptions& o, const std::string& command_line) {
            return verify(args->batch, args->out_dir, o, command_line);
          },
  };
}()};

// The kind itself: dispatched above, registered so that it is listed among the kinds.
const RegisterBatchKind kVerifyBatch{BatchKind{.name = "verify", .run = nullptr}};

}  // namespace
}  // namespace hanoi::cli

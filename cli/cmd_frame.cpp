// `hanoi frame` and the batch kind "frame": the optimum against the best Frame-type
// solution (analyses/frame.hpp through cli/analyses.hpp); on a failure, an optimal
// solution replayed by the rule checker, with its largest-disc moves that are not
// Frame-type.
//
// Batch rows (kind = "frame"): as for verify, plus optional expect = "holds" |
// "fails" (a claim: a different verdict is a mismatch, exit status 1) and scope =
// "largest-disc" (default) | "every-disc".
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

std::string gap_text(const FrameAnalysis& a) {
  if (!a.optimal || !a.frame_optimal) return "";
  return std::to_string(*a.frame_optimal - *a.optimal);
}

std::string frame_verdict(const FrameAnalysis& a) {
  if (!a.optimal) return "goal unreachable";
  if (!a.frame_optimal) return "fails: no Frame-type solution";
  if (a.holds) return "holds";
  return "fails (gap " + gap_text(a) + ")";
}

// "#5 (disc 4 0->3) from [stacks]" for each non-Frame move of the witness (1-based).
std::vector<std::string> non_frame_lines(const FrameAnalysis& a) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < a.non_frame_moves.size(); ++i) {
    const std::uint64_t k = a.non_frame_moves[i];
    const Move m = a.witness[k];
    out.push_back("move " + std::to_string(k + 1) + " (disc " + std::to_string(m.disc) + " " +
                  std::to_string(m.from) + "->" + std::to_string(m.to) + ") from " +
                  a.non_frame_configurations[i]);
  }
  return out;
}

int frame_command(const CommonOptions& o, bool every_disc) {
  const FamilyInfo& fam = variants::find_family(o.variant);
  const Params p = normalize(fam, params_of(o));
  SearchOptions so = search_options(o);
  so.want_path = false;
  const FrameScope scope = every_disc ? FrameScope::kEveryDisc : FrameScope::kLargestDisc;
  const FrameAnalysis a = frame(fam, p, so, o.moves, scope);
  const auto formula = closed_form_of(fam, p);
  if (o.json) {
    json j = params_json(fam, p);
    j["optimal"] = a.optimal ? json(*a.optimal) : json(nullptr);
    j["frame_optimal"] = a.frame_optimal ? json(*a.frame_optimal) : json(nullptr);
    j["holds"] = a.holds;
    j["scope"] = scope_name(scope);
    j["gap"] = a.optimal && a.frame_optimal ? json(*a.frame_optimal - *a.optimal) : json(nullptr);
    j["formula"] = formula ? json(*formula) : json(nullptr);
    j["formula_name"] = formula_name_of(fam, p);
    if (!a.witness.empty()) {
      j["witness"] = moves_json(a.witness);
      json idx = json::array();
      for (std::uint64_t k : a.non_frame_moves) idx.push_back(k + 1);
      j["non_frame_moves"] = idx;  // 1-based move numbers in the witness
      j["non_frame_configurations"] = a.non_frame_configurations;
    }
    if (o.moves && a.frame_optimal) j["frame_solution"] = moves_json(a.frame_solution);
    j["seconds"] = a.seconds;
    std::cout << j.dump() << "\n";
    return 0;
  }
  std::cout << fam.name << " n=" << p.n << " pegs=" << p.pegs << " problem=" << p.problem << "\n"
            << "  optimum:         " << opt_text(a.optimal, "unreachable") << "\n"
            << (every_disc ? "  best Frame-type, every disc: " : "  best Frame-type: ")
            << opt_text(a.frame_optimal, "none (no Frame-type solution)") << "\n";
  if (formula)
    std::cout << "  formula:         " << *formula << "  (" << formula_name_of(fam, p) << ")\n";
  std::cout << "  Frame hypothesis: " << frame_verdict(a) << "\n";
  if (!a.witness.empty()) {
    std::cout << "  witness: an optimal solution of " << a.witness.size()
              << " moves, replayed by the rule checker; its moves not of Frame type"
              << (every_disc ? "" : " (largest disc)") << ":\n";
    for (const std::string& line : non_frame_lines(a)) std::cout << "    " << line << "\n";
    std::cout << "  witness moves: " << format_moves(a.witness) << "\n";
  }
  if (o.moves && a.frame_optimal)
    std::cout << "  Frame-type solution (replayed): " << format_moves(a.frame_solution) << "\n";
  std::cout << "  time:            " << seconds_text(a.seconds) << " s\n";
  return 0;
}

struct FrameRow : RowCommon {
  std::string expect;
  FrameScope scope = FrameScope::kLargestDisc;
};

// One cell of a frame batch: the Markdown and CSV rows, the counts, the progress
// line and, where the hypothesis fails with a witness, the section that shows it.
nlohmann::json frame_cell(const FamilyInfo& fam, const FrameRow& r, int n,
                          const SearchOptions& so) {
  const Params p = normalize(fam, params_at(r, n));
  const auto formula = closed_form_of(fam, p);
  const std::string formula_text = formula ? std::to_string(*formula) : "—";
  FrameAnalysis a;
  std::string verdict;
  int failures = 0, unexpected = 0, too_big = 0;
  try {
    a = frame(fam, p, so, false, r.scope);
    verdict = frame_verdict(a);
    if (!a.holds) ++failures;
    if (!r.expect.empty() && (r.expect == "holds") != a.holds) {
      verdict = "MISMATCH: claimed to " + std::string(r.expect == "holds" ? "hold" : "fail") +
                "; " + verdict;
      ++unexpected;
    }
  } catch (const MemoryBudgetExceeded& e) {
    ++too_big;
    verdict = std::string("does not fit: ") + e.what();
  }
  std::ostringstream md, csv, failure;
  md << "| " << n << " | " << opt_text(a.optimal, "—") << " | " << opt_text(a.frame_optimal, "—")
     << " | " << gap_text(a) << " | " << formula_text << " | " << seconds_text(a.seconds) << " | "
     << verdict << " |\n";
  csv << fam.name << "," << p.pegs << "," << p.problem << "," << n << "," << opt_text(a.optimal, "")
      << "," << opt_text(a.frame_optimal, "") << "," << gap_text(a) << ","
      << (formula ? formula_text : "") << "," << (a.holds ? "yes" : "no") << ","
      << a.non_frame_moves.size() << "," << seconds_text(a.seconds) << "," << csv_escape(verdict)
      << "\n";
  if (!a.holds && !a.witness.empty()) {
    failure << "\nSmallest n where the hypothesis fails here: **n = " << n << "**, optimum "
            << *a.optimal << " against " << opt_text(a.frame_optimal, "none")
            << " for the best Frame-type solution.  Witness: an optimal solution of "
            << a.witness.size() << " moves (replayed by the rule checker); its "
            << (r.scope == FrameScope::kEveryDisc ? "" : "largest-disc ") << "moves "
            << "that are not of Frame type:\n\n";
    for (const std::string& line : non_frame_lines(a)) failure << "- " << line << "\n";
    failure << "\nMoves (disc:from->to): `" << format_moves(a.witness) << "`\n";
  }
  char log[512];
  std::snprintf(log, sizeof log, "%s pegs=%d %s n=%d: optimum %s, Frame-type %s, ",
                fam.name.c_str(), p.pegs, p.problem.c_str(), n, opt_text(a.optimal, "-").c_str(),
                opt_text(a.frame_optimal, "-").c_str());
  return nlohmann::json{
      {"md", md.str()},
      {"csv", csv.str()},
      {"failures", failures},
      {"unexpected", unexpected},
      {"too_big", too_big},
      {"failure_md", failure.str()},
      {"log", std::string(log) + verdict + " (" + seconds_text(a.seconds) + " s)"},
      {"journal", too_big == 0}};
}

int run_frame_batch(const BatchFile& batch, const std::string& out_dir, const CommonOptions& o,
                    const std::string& command_line) {
  const auto t0 = std::chrono::steady_clock::now();
  using Row = FrameRow;
  const std::vector<Row> rows =
      read_rows<Row>(batch, {"expect", "scope"}, [](Row& r, const toml::table& t) {
        r.expect = optional_string(t, "expect", r.where);
        if (!r.expect.empty() && r.expect != "holds" && r.expect != "fails")
          throw UsageError(r.where + ": 'expect' must be \"holds\" or \"fails\"");
        const std::string scope = optional_string(t, "scope", r.where);
        if (scope == "every-disc")
          r.scope = FrameScope::kEveryDisc;
        else if (!scope.empty() && scope != "largest-disc")
          throw UsageError(r.where + ": 'scope' must be \"largest-disc\" or \"every-disc\"");
        const FamilyInfo& fam = variants::find_family(r.variant);
        for (int n = r.n_lo; n <= r.n_hi; ++n) normalize(fam, params_at(r, n));
      });
  SearchOptions so = search_options(o);
  so.want_path = false;
  // Every cell's three searches against the budget, before the first search.
  check_cells_fit(rows, so, [&](const Row&, const FamilyInfo& fam, const Params& p) {
    return frame_need(fam, p, so);
  });
  const std::filesystem::path dir = prepare_out_dir(out_dir);
  CellJournal journal(dir, batch.path, "frame", o.fresh, o.quiet);

  std::ostringstream md, csv;
  csv << "variant,pegs,problem,n,optimum,frame_optimum,gap,formula,holds,non_frame_moves,seconds,"
         "verdict\n";
  int cells = 0, unexpected = 0, too_big = 0, failures = 0;
  bool partial = false;
  try {
    for (const Row& r : rows) {
      const FamilyInfo& fam = variants::find_family(r.variant);
      const Params first = normalize(fam, params_at(r, r.n_lo));
      md << "\n## " << fam.name << " — pegs " << first.pegs << ", problem `" << first.problem
         << "`\n\n";
      if (!r.note.empty()) md << r.note << "\n\n";
      if (r.scope == FrameScope::kEveryDisc)
        md << "Scope: every disc (each move of disc d from a configuration where discs 1..d-1 "
              "form runs of consecutive sizes off its two pegs), not only the largest.\n\n";
      if (!r.expect.empty())
        md << "Claim: the hypothesis " << r.expect << " for every n below.\n\n";
      md << "| n | optimum | best Frame-type | gap | formula (" << formula_name_of(fam, first)
         << ") | search s | verdict |\n|---|---|---|---|---|---|---|\n";
      std::string first_failure;  // the section on the smallest failing n, with its witness
      for (int n = r.n_lo; n <= r.n_hi; ++n) {
        const nlohmann::json c = journal.cell(r, n, [&] { return frame_cell(fam, r, n, so); });
        ++cells;
        md << c["md"].get<std::string>();
        csv << c["csv"].get<std::string>();
        failures += c["failures"].get<int>();
        unexpected += c["unexpected"].get<int>();
        too_big += c["too_big"].get<int>();
        if (first_failure.empty()) first_failure = c["failure_md"].get<std::string>();
        if (!o.quiet)
          std::fprintf(stderr, "[frame] %s%s\n", c["log"].get<std::string>().c_str(),
                       c.contains("reused") ? " (from the journal)" : "");
      }
      md << first_failure;
    }
  } catch (const BatchInterrupted&) {
    partial = true;
  }
  TableOutput out;
  out.title = batch.title;
  out.command_line = command_line;
  out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.summary = std::to_string(cells) + " cells: the hypothesis holds in " +
                std::to_string(cells - failures - too_big) + ", fails in " +
                std::to_string(failures) + "; " + std::to_string(unexpected) +
                " contradict a claim; " + std::to_string(too_big) + " did not fit.";
  out.legend =
      "Columns: `optimum` is the breadth-first distance from start to goal; `best Frame-type` "
      "the same search with the largest disc allowed to move only from a Frame configuration "
      "(every other disc on a peg other than the largest disc's two, each peg holding a run of "
      "consecutive sizes); `gap` their difference; `formula` the variant's published closed form "
      "(for reves, Frame-Stewart).  Both searches stop at the goal's level.";
  out.body = md.str();
  out.csv = csv.str();
  out.partial = partial;
  out.journal_note = journal.summary_note();
  out.plots = !o.no_plots;
  return finish_batch(dir, batch.path, out, unexpected, too_big);
}

const RegisterCommand kFrame{[] {
  auto every_disc = std::make_shared<bool>(false);
  return Command{
      .name = "frame",
      .help = "the Frame hypothesis: the optimum against the best Frame-type solution",
      .order = 40,
      .options =
          [every_disc](CLI::App& cmd, CommonOptions& o) {
            add_variant_option(cmd, o);
            add_params(cmd, o);
            add_resources(cmd, o);
            cmd.add_flag("--json", o.json,
                         "machine-readable output (optimal, frame_optimal, holds, ...)");
            cmd.add_flag("--moves", o.moves, "also print a Frame-type solution of the best length");
            cmd.add_flag(
                "--every-disc", *every_disc,
                "restrict every disc's moves, not only the largest's (recursive Frame type)");
          },
      .run = [every_disc](const CommonOptions& o,
                          const std::string&) { return frame_command(o, *every_disc); },
  };
}()};

const RegisterBatchKind kFrameBatch{BatchKind{.name = "frame", .run = run_frame_batch}};

}  // namespace
}  // namespace hanoi::cli

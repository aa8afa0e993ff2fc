// hanoi: exhaustive search, algorithms and closed forms for Tower of Hanoi variants.
#include <tbb/global_control.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "variants/family.hpp"

namespace {

void add_params(CLI::App* cmd, hanoi::cli::CommonOptions& o) {
  cmd->add_option("-n,--discs", o.n, "number of discs (per stack)")->required();
  cmd->add_option("--pegs", o.pegs, "number of pegs (default: the variant's own)");
  cmd->add_option("--problem", o.problem, "problem code (default: the top-level problem)");
  cmd->add_option("--colours", o.colours,
                  "instance colouring, one letter per disc, smallest first (er: W/B)");
  cmd->add_option("--start", o.start,
                  "instance start, one peg digit per disc, smallest first (er)");
  cmd->add_option("--target", o.target, "instance goal peg (er; default 0)");
}

void add_resources(CLI::App* cmd, hanoi::cli::CommonOptions& o) {
  cmd->add_option("--max-memory", o.max_memory,
                  "memory budget for a search, e.g. 8G (default: 3/4 of RAM)");
  cmd->add_option("--threads", o.threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1, 1024));
  cmd->add_flag("-q,--quiet", o.quiet, "no progress lines on stderr");
  cmd->add_flag("--trace", o.trace, "one line per BFS level on stderr (form, size, time)");
}

}  // namespace

int main(int argc, char** argv) {
  using hanoi::cli::CommonOptions;
  CLI::App app{
      "hanoi: exhaustive state-space search for Tower of Hanoi variants.\n"
      "Finds true optima by breadth-first search, replays published algorithms through a\n"
      "rule checker, and compares both with published closed forms.\n"
      "Start with `hanoi list`, then e.g. `hanoi optimum reves --pegs 4 -n 10`."};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "help for every subcommand");

  bool list_json = false;
  auto* list = app.add_subcommand("list", "variants, problems, algorithms and parameter ranges");
  list->add_flag("--json", list_json, "machine-readable output");

  CommonOptions opt;
  bool levels = false, stop_at_goal = false;
  auto* optimum = app.add_subcommand(
      "optimum", "exhaustive breadth-first search: optimum, states reached, eccentricity");
  optimum->add_option("variant", opt.variant, "variant name (see `hanoi list`)")->required();
  add_params(optimum, opt);
  add_resources(optimum, opt);
  optimum->add_flag("--json", opt.json, "machine-readable output");
  optimum->add_flag("--moves", opt.moves, "also print one optimal move sequence (a witness)");
  optimum->add_flag("--levels", levels, "also print the number of states at each distance");
  optimum->add_flag("--stop-at-goal", stop_at_goal,
                    "stop at the goal's level (faster; no eccentricity)");

  std::string algorithm;
  auto* run = app.add_subcommand("run", "run a published algorithm through the rule checker");
  run->add_option("variant", opt.variant, "variant name")->required();
  run->add_option("algorithm", algorithm, "algorithm name (see `hanoi list`)")->required();
  add_params(run, opt);
  run->add_flag("--json", opt.json, "machine-readable output");
  run->add_flag("--moves", opt.moves, "also print the moves");

  auto* frame = app.add_subcommand(
      "frame", "the Frame hypothesis: the optimum against the best Frame-type solution");
  frame->add_option("variant", opt.variant, "variant name (see `hanoi list`)")->required();
  add_params(frame, opt);
  add_resources(frame, opt);
  frame->add_flag("--json", opt.json, "machine-readable output (optimal, frame_optimal, holds, ...)");
  frame->add_flag("--moves", opt.moves, "also print a Frame-type solution of the best length");
  bool every_disc = false;
  frame->add_flag("--every-disc", every_disc,
                  "restrict every disc's moves, not only the largest's (recursive Frame type)");

  hanoi::cli::StructureFlags structure_flags;
  auto* structure = app.add_subcommand(
      "structure", "eccentricity against optimum, states at maximal distance, optimal-solution counts");
  structure->add_option("variant", opt.variant, "variant name (see `hanoi list`)")->required();
  add_params(structure, opt);
  add_resources(structure, opt);
  structure->add_flag("--json", opt.json, "machine-readable output");
  structure->add_flag("--count", structure_flags.count,
                      "also count the optimal solutions exactly (4 bytes per rank)");
  structure->add_flag("--all-pairs", structure_flags.all_pairs,
                      "also sum the distances and count shortest paths between every pair of states "
                      "(at most 65536 ranks)");
  structure->add_option("--farthest", structure_flags.farthest,
                        "describe this many states at the maximal distance (default 4)");

  std::string instances_csv;
  std::uint64_t csv_limit = 10'000'000;
  auto* compare = app.add_subcommand(
      "compare",
      "an algorithm against the optimum on every instance of a family (er: every colouring x "
      "every start): mean and worst excess, histogram");
  compare->add_option("variant", opt.variant, "variant name (see `hanoi list`)")->required();
  compare->add_option("algorithm", algorithm, "algorithm name (see `hanoi list`)")->required();
  add_params(compare, opt);
  add_resources(compare, opt);
  compare->add_flag("--json", opt.json, "machine-readable output");
  compare->add_option("--instances-csv", instances_csv,
                      "also write one CSV row per instance to this file");
  compare->add_option("--csv-limit", csv_limit,
                      "refuse --instances-csv for families of more instances (default 10^7)");

  std::string batch, out_dir = "results";
  auto* verify = app.add_subcommand(
      "verify",
      "run a batch: optimum, algorithms and closed form side by side (or a frame/structure batch), "
      "tables to results/");
  verify->add_option("batch", batch, "batch file (TOML), e.g. experiments/default.toml")
      ->required();
  verify->add_option("--out", out_dir, "directory for the CSV and Markdown tables");
  add_resources(verify, opt);

  std::string command_line = "hanoi";
  for (int i = 1; i < argc; ++i) command_line += std::string(" ") + argv[i];

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "hanoi: error: %s (see hanoi --help)\n", e.what());
    return 2;
  }

  std::unique_ptr<tbb::global_control> limit;
  if (opt.threads > 0)
    limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                  static_cast<std::size_t>(opt.threads));
  try {
    if (*list) return hanoi::cli::cmd_list(list_json);
    if (*optimum) return hanoi::cli::cmd_optimum(opt, levels, stop_at_goal);
    if (*run) return hanoi::cli::cmd_run(opt, algorithm);
    if (*frame) return hanoi::cli::cmd_frame(opt, every_disc);
    if (*structure) return hanoi::cli::cmd_structure(opt, structure_flags);
    if (*compare) return hanoi::cli::cmd_compare(opt, algorithm, instances_csv, csv_limit);
    if (*verify) return hanoi::cli::cmd_verify(batch, out_dir, opt, command_line);
  } catch (const hanoi::UsageError& e) {
    std::fprintf(stderr, "hanoi: error: %s\n", e.what());
    return 2;
  } catch (const hanoi::MemoryBudgetExceeded& e) {
    std::fprintf(stderr, "hanoi: error: %s\n", e.what());
    return 3;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "hanoi: error: out of memory (lower n or --max-memory)\n");
    return 3;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hanoi: error: %s\n", e.what());
    return 1;
  }
  return 0;
}

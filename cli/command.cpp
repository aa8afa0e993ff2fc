#include "cli/command.hpp"

#include <algorithm>

namespace hanoi::cli {
namespace {

std::vector<Command>& command_registry() {
  static std::vector<Command> registry;
  return registry;
}

std::vector<BatchKind>& batch_kind_registry() {
  static std::vector<BatchKind> registry;
  return registry;
}

}  // namespace

RegisterCommand::RegisterCommand(Command c) {
  command_registry().push_back(std::move(c));
}
RegisterBatchKind::RegisterBatchKind(BatchKind k) {
  batch_kind_registry().push_back(std::move(k));
}

std::vector<const Command*> commands() {
  std::vector<const Command*> out;
  for (const Command& c : command_registry()) out.push_back(&c);
  std::stable_sort(out.begin(), out.end(),
                   [](const Command* a, const Command* b) { return a->order < b->order; });
  return out;
}

const BatchKind& find_batch_kind(const std::string& name, const std::string& batch_path) {
  std::vector<std::string> names;
  for (const BatchKind& k : batch_kind_registry()) {
    if (k.name == name) return k;
    names.push_back(k.name);
  }
  std::sort(names.begin(), names.end());
  std::string known;
  for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
  throw UsageError("batch " + batch_path + ": unknown kind '" + name + "' (kinds: " + known + ")");
}

CLI::Validator decimal_up_to(std::uint64_t max) {
  // CLI11 reads 010 as octal and 0x0a as hex; a user means neither.  A number too
  // large for the option is "out of range", with the range, not "not a number".
  return CLI::Validator(
      [max](std::string& text) -> std::string {
        const bool digits =
            !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        if (!digits || (text.size() > 1 && text[0] == '0'))
          return "'" + text + "' is not a decimal number (digits only, no sign, no leading zero)";
        const std::string top = std::to_string(max);
        if (text.size() > top.size() || (text.size() == top.size() && text > top))
          return "'" + text + "' is out of range (0 to " + top + ")";
        return "";
      },
      "DECIMAL", "decimal");
}

const CLI::Validator& decimal_real() {
  // CLI11 reads "nan", "inf", "1e3" and "0x10" as numbers; a user means none of them.
  static const CLI::Validator v(
      [](std::string& text) -> std::string {
        const std::size_t dot = text.find('.');
        const std::string whole = text.substr(0, dot);
        const std::string frac = dot == std::string::npos ? "" : text.substr(dot + 1);
        const bool ok = !whole.empty() && whole.size() <= 12 && frac.size() <= 9 &&
                        whole.find_first_not_of("0123456789") == std::string::npos &&
                        frac.find_first_not_of("0123456789") == std::string::npos &&
                        (dot == std::string::npos || !frac.empty()) &&
                        !(whole.size() > 1 && whole[0] == '0');
        if (!ok)
          return "'" + text +
                 "' is not a decimal number (digits with an optional fraction, e.g. 2.5; no "
                 "sign, exponent, nan or inf)";
        return "";
      },
      "DECIMAL", "decimal real");
  return v;
}

const CLI::Validator& non_empty() {
  static const CLI::Validator v(
      [](std::string& text) -> std::string {
        return text.empty() ? "must not be empty (leave the option out for the default)" : "";
      },
      "", "non-empty");
  return v;
}

void add_variant_option(CLI::App& cmd, CommonOptions& o) {
  cmd.add_option("variant", o.variant, "variant name (see `hanoi list`)")->required();
}

void add_params(CLI::App& cmd, CommonOptions& o) {
  cmd.add_option("-n,--discs", o.n, "number of discs (per stack)")
      ->required()
      ->check(decimal_for(o.n));
  cmd.add_option("--pegs", o.pegs, "number of pegs (default: the variant's own)")
      ->check(decimal_for(o.pegs))
      ->check(CLI::Range(1, 255));
  cmd.add_option("--problem", o.problem, "problem code (default: the top-level problem)")
      ->check(non_empty());
  cmd.add_option("--colours", o.colours,
                 "instance colouring, one letter per disc, smallest first (er: W/B)")
      ->check(non_empty());
  cmd.add_option("--start", o.start,
                 "instance start, one peg digit per disc, smallest first (er, graph)")
      ->check(non_empty());
  cmd.add_option("--target", o.target, "instance goal peg (er; default 0)")
      ->check(decimal_for(o.target));
  cmd.add_option("--edges", o.edges,
                 "the move graph (graph): edges a-b (both ways) and a>b (one way), e.g. "
                 "\"0-1,1-2,2>0\"; default the complete graph")
      ->check(non_empty());
  cmd.add_option("--from", o.from, "start: every disc on this peg (graph; default 0)")
      ->check(decimal_for(o.from));
  cmd.add_option("--to", o.to, "goal: every disc on this peg (graph; default pegs-1)")
      ->check(decimal_for(o.to));
  cmd.add_option("--goal", o.goal, "goal, one peg digit per disc, smallest first (graph)")
      ->check(non_empty());
}

void add_resources(CLI::App& cmd, CommonOptions& o) {
  cmd.add_option("--max-memory", o.max_memory,
                 "memory budget, e.g. 8G (default: 3/4 of RAM): it bounds the process's peak, "
                 "the program's own ~10 MiB included (--plan shows both)")
      ->check(non_empty());
  cmd.add_option("--threads", o.threads, "worker threads (default: all cores)")
      ->check(decimal_for(o.threads))
      ->check(CLI::Range(1, 1024));
  cmd.add_option("--engine", o.engine,
                 "search mode: auto (the fastest that applies), generic (one state at a "
                 "time, every variant), lattice (64 states per word, single-stack peg "
                 "variants) or frontier (only the last two levels, reversible single-stack "
                 "peg variants: for --meet-in-middle beyond a bitmap's memory)")
      ->check(CLI::IsMember({"auto", "generic", "lattice", "frontier"}));
  cmd.add_flag("--per-state", o.per_state,
               "generic engine: expand every level state by state, even where the variant "
               "has a block kernel (checkers: bitmap levels a block of ranks at a time); for "
               "comparisons");
  CLI::Option* quiet = cmd.add_flag("-q,--quiet", o.quiet, "no progress lines on stderr");
  cmd.add_flag("--trace", o.trace, "one line per BFS level on stderr (form, size, time)")
      ->excludes(quiet);
}

void add_disk_options(CLI::App& cmd, CommonOptions& o) {
  CLI::Option* dir = cmd.add_option(
      "--work-dir", o.work_dir,
      "directory for the disk mode: segments of the search and checkpoints (used when "
      "the search does not fit --max-memory, or with --storage disk)");
  dir->check(non_empty());
  cmd.add_flag("--resume", o.resume,
               "continue the run checkpointed in --work-dir (starts one if there is none)")
      ->needs(dir);
  cmd.add_option("--storage", o.storage,
                 "where the search's bitmaps live: auto (memory when they fit the budget, "
                 "else disk with --work-dir), memory, or disk")
      ->check(CLI::IsMember({"auto", "memory", "disk"}));
  cmd.add_option("--checkpoint-every", o.checkpoint_every,
                 "disk mode: seconds between checkpoints (default 60; 0: after every segment)")
      ->check(decimal_real())
      ->check(CLI::Range(0.0, 1e9))
      ->needs(dir);
  cmd.add_option("--disk-share", o.disk_share,
                 "disk mode: the share (0 to 1) of the disk bound that the files are expected "
                 "to take, as measured at a smaller n (results/disk_model.md); a run whose "
                 "bound exceeds the free space starts when that share fits, and stops at a "
                 "checkpoint should the disk fill")
      ->check(decimal_real())
      ->check(CLI::Range(0.0, 1.0))
      ->needs(dir);
  cmd.add_option("--disk-coding", o.disk_coding,
                 "disk mode: how segment files are stored: elided (all-zero and all-one words "
                 "left out; default) or zstd (the same, compressed by Zstandard: about a "
                 "quarter of the bytes mid-search, for some CPU; results/bench_disk.md)")
      ->check(CLI::IsMember({"elided", "zstd"}))
      ->needs(dir);
  // (--segment-discs needs --work-dir, --symmetry or --distributed: checked in
  // search_options, which CLI11's `needs` cannot express.)
  cmd.add_flag("--symmetry", o.symmetry,
               "keep one part per orbit of the symmetries that fix the start: lattice "
               "variants one segment per orbit of the peg permutations that keep the rule "
               "(Reve's: (m-1)!); Checkers and Antwerp one state per orbit; in memory, or "
               "with --work-dir on disk; counts stay those of every state");
  cmd.add_option("--segment-discs", o.segment_discs,
                 "disk mode (lattice engine): the largest discs that fix a segment (default: "
                 "from the budget)")
      ->check(decimal_for(o.segment_discs))
      ->check(CLI::Range(0, 64));
  cmd.add_option("--segment-bits", o.segment_bits,
                 "disk mode (generic engine): 2^K ranks a segment (default: from the budget)")
      ->check(decimal_for(o.segment_bits))
      ->check(CLI::Range(6, 40));
  cmd.add_flag("--distributed", o.distributed,
               "run as one rank of an MPI job (mpirun -np P hanoi optimum ... --distributed): "
               "the disk mode's segments dealt over the ranks, records exchanged per level; "
               "--work-dir is then optional (each rank uses DIR/rank-K), --max-memory and "
               "--threads are per rank (default: this machine's share)");
}

void add_moves_options(CLI::App& cmd, CommonOptions& o, const char* moves_help) {
  CLI::Option* moves = cmd.add_flag("--moves", o.moves, moves_help);
  cmd.add_option("--moves-limit", o.moves_limit,
                 "refuse to print a move list longer than this (default 1000000; at least "
                 "1): raise it deliberately for longer lists")
      ->check(decimal_for(o.moves_limit))
      // 0 would refuse every list: one meaning for `optimum` and `run`, said at once.
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            return text == "0" ? "0 would refuse every move list (the limit is at least 1)" : "";
          },
          "", "positive"))
      ->needs(moves);
}

}  // namespace hanoi::cli

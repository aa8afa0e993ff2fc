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

void add_variant_option(CLI::App& cmd, CommonOptions& o) {
  cmd.add_option("variant", o.variant, "variant name (see `hanoi list`)")->required();
}

void add_params(CLI::App& cmd, CommonOptions& o) {
  cmd.add_option("-n,--discs", o.n, "number of discs (per stack)")->required();
  cmd.add_option("--pegs", o.pegs, "number of pegs (default: the variant's own)");
  cmd.add_option("--problem", o.problem, "problem code (default: the top-level problem)");
  cmd.add_option("--colours", o.colours,
                 "instance colouring, one letter per disc, smallest first (er: W/B)");
  cmd.add_option("--start", o.start, "instance start, one peg digit per disc, smallest first (er)");
  cmd.add_option("--target", o.target, "instance goal peg (er; default 0)");
}

void add_resources(CLI::App& cmd, CommonOptions& o) {
  cmd.add_option("--max-memory", o.max_memory,
                 "memory budget for a search, e.g. 8G (default: 3/4 of RAM)");
  cmd.add_option("--threads", o.threads, "worker threads (default: all cores)")
      ->check(CLI::Range(1, 1024));
  cmd.add_option("--engine", o.engine,
                 "search mode: auto (the fastest that applies), generic (one state at a "
                 "time, every variant) or lattice (64 states per word, single-stack peg "
                 "variants)")
      ->check(CLI::IsMember({"auto", "generic", "lattice"}));
  cmd.add_flag("-q,--quiet", o.quiet, "no progress lines on stderr");
  cmd.add_flag("--trace", o.trace, "one line per BFS level on stderr (form, size, time)");
}

}  // namespace hanoi::cli

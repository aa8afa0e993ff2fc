// The subcommands of `hanoi` and the batch kinds of `hanoi verify`, each registered
// once, in its own file (cli/cmd_*.cpp), by a static registration object.
//
// Design overview
// ---------------
// main.cpp knows no command by name: it builds a CLI11 app from `commands()`, lets
// each command add its own options and help, and runs the one the user named.  A
// new analysis is therefore one file: its templated body (through
// variants::visit_family), its subcommand, and optionally its batch kind.  The
// registries are function-local statics filled during static initialisation and
// only read afterwards; the command files are linked into the `hanoi` executable
// directly (not through a static library, which would drop unreferenced objects).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "cli/batch.hpp"
#include "cli/commands.hpp"

namespace hanoi::cli {

struct Command {
  std::string name;
  std::string help;
  int order = 0;  // position in `hanoi --help`
  // Adds the command's options; the common ones are stored in `opt`.
  std::function<void(CLI::App& cmd, CommonOptions& opt)> options;
  // Runs it after parsing; returns the exit status.
  std::function<int(const CommonOptions& opt, const std::string& command_line)> run;
};

// Every registered command, in `order`.
std::vector<const Command*> commands();

struct RegisterCommand {
  explicit RegisterCommand(Command c);
};

// A batch kind (`kind = "..."` in a batch file), run by `hanoi verify`.
struct BatchKind {
  std::string name;
  std::function<int(const BatchFile& batch, const std::string& out_dir, const CommonOptions& opt,
                    const std::string& command_line)>
      run;
};

// The registered kind, or a UsageError naming the known kinds.
const BatchKind& find_batch_kind(const std::string& name, const std::string& batch_path);

struct RegisterBatchKind {
  explicit RegisterBatchKind(BatchKind k);
};

// Options shared by many commands.
void add_variant_option(CLI::App& cmd, CommonOptions& o);
void add_params(CLI::App& cmd, CommonOptions& o);     // -n, --pegs, --problem, instance options
void add_resources(CLI::App& cmd, CommonOptions& o);  // --max-memory, --threads, -q, --trace
// --work-dir, --resume, --storage, --checkpoint-every, --segment-discs (disk mode)
void add_disk_options(CLI::App& cmd, CommonOptions& o);
// --moves (with its own help) and --moves-limit.
void add_moves_options(CLI::App& cmd, CommonOptions& o, const char* moves_help);
// Validators: a decimal number (no octal, hex or sign) that fits the option's
// variable (decimal_for(o.n)), a non-empty value.
CLI::Validator decimal_up_to(std::uint64_t max);
template <class T>
CLI::Validator decimal_for(const T& /*variable*/) {
  static_assert(std::is_integral_v<T>);
  return decimal_up_to(static_cast<std::uint64_t>(std::numeric_limits<T>::max()));
}
// A decimal real number (digits, an optional fraction): no sign, exponent, nan or inf.
const CLI::Validator& decimal_real();
const CLI::Validator& non_empty();

// A count that may be unknown, as text: the number, or `none` when there is none.
inline std::string opt_text(const std::optional<std::uint64_t>& v, const char* none) {
  return v ? std::to_string(*v) : std::string(none);
}

}  // namespace hanoi::cli

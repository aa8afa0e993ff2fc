// hanoi: exhaustive search, algorithms and closed forms for Tower of Hanoi variants.
//
// A thin main: the subcommands register themselves (cli/command.hpp); this file
// builds the CLI11 app from them, parses, and maps exceptions to exit statuses.
#include <tbb/global_control.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/input.hpp"
#include "cli/interrupt.hpp"
#include "cli/provenance.hpp"
#include "cli/refusal_flags.hpp"
#include "engine/bfs.hpp"
#include "engine/work_dir.hpp"

namespace {

// The one error line: printable characters only (user input may hold any byte),
// at most a few lines' worth (a value of megabytes is cut, its length named).
void error_line(const std::string& what) {
  std::fprintf(stderr, "hanoi: error: %s\n", hanoi::cli::printable(what, 2000).c_str());
}

// Everything printed must have reached stdout: a full disk or a closed pipe is an
// error (exit 4), never a silent exit 0 with a truncated answer.
int finish_output(int status) {
  std::cout.flush();
  if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::fprintf(stderr,
                 "hanoi: error: cannot write standard output (disk full or pipe closed?)\n");
    return 4;
  }
  return status;
}

// The exit status and line of a failure (docs/cli-guide.md#exit-status).
int report_failure(const std::exception_ptr& failure, const hanoi::cli::TakesOption& takes) {
  try {
    std::rethrow_exception(failure);
  } catch (const hanoi::SearchCancelled&) {
    std::fprintf(stderr, "hanoi: error: interrupted (signal %d)\n", hanoi::cli::interrupt_signal());
    return hanoi::cli::interrupted_exit_status();
  } catch (const hanoi::cli::OutputError& e) {
    error_line(e.what());
    return 4;
  } catch (const hanoi::UsageError& e) {
    error_line(e.what());
    return 2;
  } catch (const hanoi::MemoryBudgetExceeded& e) {
    error_line(hanoi::cli::with_flags(e, takes));
    return 3;
  } catch (const hanoi::DiskFullError& e) {
    // The disk, like the memory budget, cannot hold the run (resumable once it can).
    error_line(hanoi::cli::with_flags(e, takes));
    return 3;
  } catch (const hanoi::WorkDirError& e) {
    // A work directory that cannot be used, or a checkpoint refused: bad input.
    error_line(hanoi::cli::with_flags(e, takes));
    return 2;
  } catch (const std::invalid_argument& e) {
    // The engine's refusal of what was asked (a mode, a segment size that does not
    // apply here): bad input, named in the engine's words, with the flags added.
    error_line(hanoi::cli::with_flags(e, takes));
    return 2;
  } catch (const std::bad_alloc&) {
    // Advice in the command's own options (`hanoi graph` bounds itself by --max-states).
    std::fprintf(stderr, "hanoi: error: out of memory (lower n%s)\n",
                 takes("--max-memory")   ? " or --max-memory"
                 : takes("--max-states") ? " or --max-states"
                                         : "");
    return 3;
  } catch (const std::exception& e) {
    error_line(e.what());
    return 1;
  } catch (...) {
    std::fprintf(stderr, "hanoi: error: unexpected exception\n");
    return 1;
  }
}

int run_hanoi(int argc, char** argv) {
  using hanoi::cli::CommonOptions;
  CLI::App app{
      "hanoi: exhaustive state-space search for Tower of Hanoi variants.\n"
      "Finds true optima by breadth-first search, replays published algorithms through a\n"
      "rule checker, and compares both with published closed forms.\n"
      "Start with `hanoi list`, then e.g. `hanoi optimum reves --pegs 4 -n 10`."};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "help for every subcommand");
  // The commit the binary was built from, as every table names it.
  app.set_version_flag("--version", "hanoi " + std::string(PROJECT_VERSION_TEXT) + " (commit " +
                                        hanoi::git_commit() + ")");

  CommonOptions opt;
  const std::vector<const hanoi::cli::Command*> commands = hanoi::cli::commands();
  std::vector<CLI::App*> subs;
  for (const hanoi::cli::Command* c : commands) {
    CLI::App* sub = app.add_subcommand(c->name, c->help);
    c->options(*sub, opt);
    subs.push_back(sub);
  }

  std::string command_line = "hanoi";
  for (int i = 1; i < argc; ++i) command_line += std::string(" ") + argv[i];

  // An unknown first word is named (CLI11 would say "A subcommand is required").
  if (argc > 1 && argv[1][0] != '-') {
    std::string names;
    bool known = false;
    for (const hanoi::cli::Command* c : commands) {
      known = known || c->name == argv[1];
      names += (names.empty() ? "" : ", ") + c->name;
    }
    if (!known) {
      error_line("unknown command '" + std::string(argv[1]) + "' (commands: " + names +
                 "; see hanoi --help)");
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return finish_output(app.exit(e));  // help that could not be written is exit 4
  } catch (const CLI::CallForAllHelp& e) {
    return finish_output(app.exit(e));
  } catch (const CLI::CallForVersion& e) {
    return finish_output(app.exit(e));
  } catch (const CLI::ParseError& e) {
    error_line(std::string(e.what()) + " (see hanoi --help)");
    return 2;
  }

  std::unique_ptr<tbb::global_control> limit;
  if (opt.threads > 0)
    limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                  static_cast<std::size_t>(opt.threads));
  hanoi::cli::install_interrupt_handlers();
  try {
    for (std::size_t i = 0; i < commands.size(); ++i)
      if (*subs[i]) return finish_output(commands[i]->run(opt, command_line));
  } catch (const hanoi::cli::QuietExit& e) {
    return e.status;
  } catch (...) {
    // An interruption anywhere is 128 + the signal with its one line, whatever it cut
    // short: a search, a read, or an open() blocked on a FIFO that failed with EINTR.
    if (hanoi::cli::interrupted()) {
      std::fprintf(stderr, "hanoi: error: interrupted (signal %d)\n",
                   hanoi::cli::interrupt_signal());
      return hanoi::cli::interrupted_exit_status();
    }
    const CLI::App* ran = nullptr;
    for (const CLI::App* sub : subs)
      if (*sub) ran = sub;
    return report_failure(std::current_exception(), [ran](const std::string& name) {
      return ran == nullptr || ran->get_option_no_throw(name) != nullptr;
    });
  }
  return 0;
}

}  // namespace

// Every failure ends in one line on stderr and a documented exit status; an exception
// from the setup above the subcommands' own handler is still one line, exit 1.
int main(int argc, char** argv) {
  // A closed pipe (`hanoi ... | head -1`) is an output failure, exit 4 with its line,
  // not death by SIGPIPE: writes then fail with EPIPE and finish_output reports it.
  std::signal(SIGPIPE, SIG_IGN);
#if defined(__GLIBC__)
  // --max-memory bounds the peak resident set, so freed memory must leave the
  // process.  glibc raises its mmap threshold to the size of each large block freed
  // (up to 32 MiB): the disk modes' file buffers and record lists then come from
  // the heap, which keeps what they free (the 6-peg disk mode peaked 1.8 MiB over
  // a 24 MiB budget).  A fixed threshold turns that off: blocks of 2 MiB and more
  // are mapped and unmapped whole.  (Not lower: the 1 MiB file buffers, taken and
  // given back for every file, would then be mapped, faulted in and unmapped each
  // time, 3% of a 4-peg disk run.)
  mallopt(M_MMAP_THRESHOLD, 2 * 1024 * 1024);
#endif
  try {
    return run_hanoi(argc, argv);
  } catch (const std::exception& e) {
    error_line(e.what());
  } catch (...) {
    std::fprintf(stderr, "hanoi: error: unexpected exception\n");
  }
  return 1;
}

#include "cli/pictures.hpp"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "cli/interrupt.hpp"
#include "cli/output_file.hpp"

namespace hanoi::cli {
namespace {

// The script's exit statuses (scripts/plots.py's docstring).
constexpr int kNoMatplotlib = 2;
constexpr int kCannotWrite = 3;

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  if (!in && !in.eof()) throw OutputError("cannot read the drawn picture " + p.string());
  return ss.str();
}

}  // namespace

Pictures::Pictures(const std::filesystem::path& csv_path) : dir_(csv_path.parent_path()) {
  if (dir_.empty()) dir_ = ".";
  draw(csv_path);
}

Pictures::~Pictures() {
  if (folder_.empty()) return;
  std::error_code ec;
  std::filesystem::remove_all(folder_, ec);
}

void Pictures::draw(const std::filesystem::path& csv_path) {
  // The script beside the sources (or HANOI_PLOTS_SCRIPT), run by Debian's Python,
  // where python3-matplotlib lives (a python3 earlier on PATH may lack it).
  // HANOI_PLOTS=off: none (the unit tests run many small batches).
  if (const char* mode = std::getenv("HANOI_PLOTS"); mode && std::strcmp(mode, "off") == 0) return;
  // None after SIGINT/SIGTERM: the interrupted batch's tables come first.
  if (interrupted()) return;
  const char* script_env = std::getenv("HANOI_PLOTS_SCRIPT");
  const std::string script = script_env ? script_env : HANOI_SOURCE_DIR "/scripts/plots.py";
  const char* python_env = std::getenv("HANOI_PYTHON");
  const std::string python = python_env                                    ? python_env
                             : std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3"
                                                                           : "python3";
  if (!std::filesystem::exists(script)) {
    std::fprintf(stderr, "hanoi: warning: no pictures: %s is missing\n", script.c_str());
    return;
  }
  std::string folder = (dir_ / ".hanoi-pictures-XXXXXX").string();
  if (::mkdtemp(folder.data()) == nullptr) {
    failure_ = "cannot make a folder for the pictures in " + dir_.string() + " (" +
               std::strerror(errno) + ")";
    return;
  }
  folder_ = folder;
  // Everything the child needs is built before fork(): after it, only
  // async-signal-safe calls (other threads may hold the allocator's locks).
  const std::string csv = csv_path.string();
  static constexpr char kExecFailed[] = "hanoi: warning: no pictures: cannot run python3\n";
  const pid_t parent = ::getpid();
  int fds[2];
  if (::pipe(fds) != 0) return;
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return;
  }
  if (pid == 0) {
    // Ended with the program (even by SIGKILL); deaf to the terminal's Ctrl-C,
    // which the program turns into its own orderly stop (and a SIGTERM to here).
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent) _exit(1);
    ::signal(SIGINT, SIG_IGN);
    ::signal(SIGTERM, SIG_DFL);
    ::dup2(fds[1], STDOUT_FILENO);
    ::close(fds[0]);
    ::close(fds[1]);
    ::execlp(python.c_str(), python.c_str(), script.c_str(), "--out-dir", folder.c_str(),
             csv.c_str(), static_cast<char*>(nullptr));
    [[maybe_unused]] const ssize_t ignored =
        ::write(STDERR_FILENO, kExecFailed, sizeof kExecFailed - 1);
    _exit(127);
  }
  ::close(fds[1]);
  bool stopped = false;  // SIGTERM sent to the child
  const auto stop_child_if_interrupted = [&] {
    if (!stopped && interrupted()) {
      ::kill(pid, SIGTERM);
      stopped = true;
    }
  };
  std::string text;
  char buf[4096];
  for (ssize_t got; (got = ::read(fds[0], buf, sizeof buf)) != 0;) {
    stop_child_if_interrupted();
    if (got < 0) {
      if (errno != EINTR) break;
      continue;
    }
    text.append(buf, static_cast<std::size_t>(got));
  }
  ::close(fds[0]);
  int status = 0;
  pid_t waited = 0;
  while ((waited = ::waitpid(pid, &status, 0)) < 0 && errno == EINTR) stop_child_if_interrupted();
  stop_child_if_interrupted();
  if (interrupted()) return;  // the caller reports it; no picture is placed
  const int code = (waited == pid && WIFEXITED(status)) ? WEXITSTATUS(status) : -1;
  if (code == kCannotWrite) {
    // Reported by place(), after the tables: a picture never costs a table.
    failure_ = "cannot write the pictures of " + csv_path.string() +
               " (scripts/plots.py could not write them; its message is above)";
    return;
  }
  if (code != 0) {
    std::fprintf(stderr, "hanoi: warning: no pictures for %s (%s)\n", csv_path.c_str(),
                 code == kNoMatplotlib ? "python3-matplotlib is missing; scripts/install-deps.sh "
                                         "installs it"
                                       : "scripts/plots.py failed; its message is above");
    return;
  }
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) files_.push_back(std::filesystem::path(line).filename().string());
}

void Pictures::place() {
  if (!failure_.empty()) throw OutputError(failure_);
  for (const std::string& f : files_) write_file_atomic(dir_ / f, slurp(folder_ / f));
}

std::vector<std::string> make_plots(const std::filesystem::path& csv_path) {
  Pictures p(csv_path);
  p.place();
  return p.files();
}

}  // namespace hanoi::cli

// Running the built `hanoi` program from end-to-end tests (cli_test.cpp,
// study_cli_test.cpp).
//
// Design: each test runs the binary (HANOI_BINARY, a compile definition of the
// unit_tests target) through the shell with stdin from /dev/null, and redirects
// stdout and stderr into files of a scratch directory, so the two streams and the
// exit status can be checked separately without pipes or threads.  What comes back
// is an `Outcome` that prints itself (command, status, both streams, truncated) so
// that a failing assertion shows what the program did.  Only helpers that both test
// files use live here; helpers that serve one file stay in that file.  Header-only,
// every function `inline`, for use by several test translation units.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#ifndef HANOI_BINARY
#error "HANOI_BINARY must name the built hanoi program"
#endif

namespace hanoi::testing {

// Whether a missing tool (matplotlib, chromium, mpirun) fails a test rather than
// skipping it: where the setup installs them (scripts/test.sh exports
// HANOI_REQUIRE_TOOLS=1), a test that skips for want of one has tested nothing.
inline bool tools_required() {
  const char* v = std::getenv("HANOI_REQUIRE_TOOLS");
  return v != nullptr && *v != '\0' && std::string(v) != "0";
}

// In a test's body: skips for want of a tool, or fails where tools_required().
#define HANOI_MISSING_TOOL(why)                                                        \
  do {                                                                                 \
    if (::hanoi::testing::tools_required()) {                                          \
      FAIL() << (why) << " (HANOI_REQUIRE_TOOLS is set: a missing tool is a failure)"; \
    } else {                                                                           \
      GTEST_SKIP() << (why);                                                           \
    }                                                                                  \
  } while (false)

// A scratch directory for one test, removed afterwards (write permission is
// restored first, in case a test took it away).
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "hanoi_cli_test_XXXXXX").string();
    if (mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all,
                                 std::filesystem::perm_options::add, ec);
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

// Single-quotes `s` for the shell.
inline std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
  ASSERT_TRUE(out.good()) << p;
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

// The program's path, quoted for the shell (for command lines run_shell runs).
inline std::string hanoi_binary() {
  return quote(HANOI_BINARY);
}

// A verify batch of six quick cells (classic, n = 1..6).
inline constexpr const char* kQuickBatch =
    "title = \"quick\"\n"
    "[[row]]\nvariant = \"classic\"\nn = [1, 6]\n";

// One run of the program.
struct Outcome {
  int status = -1;
  std::string out, err;
  std::string args;
};

inline std::ostream& operator<<(std::ostream& os, const Outcome& o) {
  return os << "hanoi " << o.args << "\n  exit " << o.status
            << "\n  stdout: " << o.out.substr(0, 1500) << "\n  stderr: " << o.err.substr(0, 800);
}

// Runs `hanoi ARGS` (ARGS is shell text) in `cwd`, stdin from /dev/null; `launcher`
// (shell text) goes before the program, e.g. an mpirun command line.
inline Outcome hanoi_cli(const std::string& args,
                         const std::filesystem::path& cwd = std::filesystem::temp_directory_path(),
                         const std::string& launcher = "") {
  TempDir capture;
  const std::filesystem::path out = capture / "stdout", err = capture / "stderr";
  const std::string cmd = "cd " + quote(cwd.string()) + " && " + launcher +
                          (launcher.empty() ? "" : " ") + quote(HANOI_BINARY) + " " + args +
                          " </dev/null >" + quote(out.string()) + " 2>" + quote(err.string());
  const int rc = std::system(cmd.c_str());
  Outcome o;
  o.args = args;
  o.status = (rc != -1 && WIFEXITED(rc)) ? WEXITSTATUS(rc) : -1;
  o.out = slurp(out);
  o.err = slurp(err);
  return o;
}

// Runs a shell command line (for redirections and pipes the standard runner does not
// make); returns its exit status, -1 if it did not exit.
inline int run_shell(const std::string& cmd) {
  const int rc = std::system(cmd.c_str());
  return (rc != -1 && WIFEXITED(rc)) ? WEXITSTATUS(rc) : -1;
}

// stdout as JSON; a parse failure is a test failure and yields null.
inline nlohmann::json parse_json(const Outcome& o) {
  try {
    return nlohmann::json::parse(o.out);
  } catch (const nlohmann::json::exception& e) {
    ADD_FAILURE() << "stdout is not JSON (" << e.what() << ")\n" << o;
    return nlohmann::json();
  }
}

// The single-line error contract: non-zero status, exactly one terminated line on
// stderr, starting "hanoi: error:", mentioning `mention` if given.
inline void expect_one_line_error(const Outcome& o, int status, const std::string& mention = "") {
  EXPECT_EQ(o.status, status) << o;
  const auto lines = lines_of(o.err);
  ASSERT_EQ(lines.size(), 1u) << "expected exactly one stderr line\n" << o;
  EXPECT_EQ(lines[0].rfind("hanoi: error:", 0), 0u) << o;
  EXPECT_TRUE(o.err.empty() || o.err.back() == '\n') << "the line should be terminated\n" << o;
  if (!mention.empty()) {
    EXPECT_NE(o.err.find(mention), std::string::npos) << "should mention '" << mention << "'\n"
                                                      << o;
  }
}

}  // namespace hanoi::testing

// Nothing lost, nothing silently wrong, part three (issue 59): side outputs whole or
// untouched, an input never overwritten, no hang on a FIFO, one process per work
// directory and journal, and every failure with its one line.  Each test names the
// defect a probe of hostile or careless inputs found on an earlier main, and failed
// there.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "support/cli_runner.hpp"

namespace hanoi {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::expect_one_line_error;
using testing::hanoi_binary;
using testing::hanoi_cli;
using testing::kQuickBatch;
using testing::lines_of;
using testing::Outcome;
using testing::quote;
using testing::run_shell;
using testing::slurp;
using testing::TempDir;
using testing::write_file;

bool have_matplotlib() {
  return run_shell("/usr/bin/python3 -c 'import matplotlib' >/dev/null 2>&1") == 0;
}

// The names in `dir`, sorted.
std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

// Polls `ready` every 20 ms for up to `seconds`.
template <class Ready>
bool eventually(double seconds, Ready&& ready) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < end) {
    if (ready()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return ready();
}

// A `hanoi` run in the background: its streams, process ID and exit status in files
// NAME.out, .err, .pid and .rc of a scratch directory; killed if still running at the end.
class Background {
 public:
  Background(const TempDir& dir, const std::string& name, const std::string& args,
             const fs::path& cwd)
      : base_((dir / name).string()) {
    run_shell("cd " + quote(cwd.string()) + " && ( " + hanoi_binary() + " " + args +
              " </dev/null >" + quote(base_ + ".out") + " 2>" + quote(base_ + ".err") +
              " & echo $! >" + quote(base_ + ".pid") + "; wait $!; echo $? >" +
              quote(base_ + ".tmp") + "; mv " + quote(base_ + ".tmp") + " " + quote(base_ + ".rc") +
              " ) >/dev/null 2>&1 &");
    eventually(10, [&] { return !slurp(base_ + ".pid").empty(); });
    pid_ = std::atoi(slurp(base_ + ".pid").c_str());
  }
  ~Background() {
    if (!done() && pid_ > 0) ::kill(pid_, SIGKILL);
    eventually(10, [&] { return done(); });
  }
  Background(const Background&) = delete;
  Background& operator=(const Background&) = delete;

  int pid() const { return pid_; }
  bool done() const { return fs::exists(base_ + ".rc"); }
  int status() const { return std::atoi(slurp(base_ + ".rc").c_str()); }
  std::string err() const { return slurp(base_ + ".err"); }

 private:
  std::string base_;
  int pid_ = 0;
};

// --- lost or overwritten data --------------------------------------------------

// `compare --instances-csv FILE` wrote in place: a full disk left a truncated file
// where the old one was, and an interruption most of the rows with no marker.
TEST(NothingLost, InstancesCsvIsWholeOrUntouched) {
  TempDir dir;
  const fs::path csv = dir / "sub" / "instances.csv";
  fs::create_directory(dir / "sub");
  write_file(csv, "old\n");
  // The file-size limit stands in for a full disk (1 KiB; the table is ~70 KB).
  const std::string err = (dir / "err").string();
  int status = run_shell("trap '' XFSZ && ulimit -f 1 && " + hanoi_binary() +
                         " compare er colour-towers -n 5 -q --instances-csv " +
                         quote(csv.string()) + " >/dev/null 2>" + quote(err));
  EXPECT_EQ(status, 4) << slurp(err);
  EXPECT_EQ(slurp(csv), "old\n") << "the old file must be untouched";
  EXPECT_EQ(names_in(dir / "sub"), std::vector<std::string>{"instances.csv"});
  // An interruption mid-run: the old file stays, no rows without a marker.
  status = run_shell("timeout --preserve-status -s INT 0.3 " + hanoi_binary() +
                     " compare er colour-towers -n 8 -q --instances-csv " + quote(csv.string()) +
                     " >/dev/null 2>" + quote(err));
  EXPECT_EQ(status, 130) << slurp(err);
  EXPECT_EQ(slurp(csv), "old\n");
  EXPECT_EQ(names_in(dir / "sub"), std::vector<std::string>{"instances.csv"});
  // A run that ends writes the whole table: a header and 6^4 rows.
  const Outcome o =
      hanoi_cli("compare er colour-towers -n 4 -q --instances-csv " + quote(csv.string()));
  ASSERT_EQ(o.status, 0) << o;
  EXPECT_EQ(lines_of(slurp(csv)).size(), 1u + 1296u);
}

// `cp small.toml ov/small.md; hanoi verify ov/small.md --out ov` replaced the batch
// by its table and exited 0; a batch named small.journal had journal lines added.
TEST(NothingLost, BatchThatIsItsOwnOutputIsRefused) {
  TempDir dir;
  fs::create_directory(dir / "ov");
  for (const char* name : {"small.md", "small.journal", "small.csv", "small.levels.csv"}) {
    SCOPED_TRACE(name);
    const fs::path batch = dir / "ov" / name;
    write_file(batch, kQuickBatch);
    const Outcome o =
        hanoi_cli("verify " + quote(batch.string()) + " --out " + quote((dir / "ov").string()));
    expect_one_line_error(o, 2, "would be overwritten");
    EXPECT_EQ(slurp(batch), kQuickBatch);
    fs::remove(batch);
  }
  // A hard link to an output is the same file.
  write_file(dir / "small.toml", kQuickBatch);
  ASSERT_EQ(hanoi_cli("verify small.toml --out ov -q", dir.path()).status, 0);
  fs::remove(dir / "small.toml");
  fs::create_hard_link(dir / "ov" / "small.md", dir / "small.toml");
  const std::string md = slurp(dir / "ov" / "small.md");
  expect_one_line_error(hanoi_cli("verify small.toml --out ov", dir.path()), 2);
  EXPECT_EQ(slurp(dir / "ov" / "small.md"), md);
  // A batch beside its outputs under its own .toml name is fine.
  write_file(dir / "ov" / "quick.toml", kQuickBatch);
  EXPECT_EQ(hanoi_cli("verify ov/quick.toml --out ov -q", dir.path()).status, 0);
}

// levels.csv depended on the journal's history: narrowing a row from n = [1, 9] to
// [1, 5] dropped its level profile, widening kept an extra one.
TEST(NothingLost, LevelsTableEqualsAFreshRun) {
  TempDir dir;
  const auto batch = [](int hi) {
    return "title = \"t\"\n[[row]]\nvariant = \"classic\"\nn = [1, " + std::to_string(hi) +
           "]\n[[row]]\nvariant = \"cyclic\"\nn = [2, " + std::to_string(hi) + "]\n";
  };
  for (const int hi : {7, 4, 6}) {
    SCOPED_TRACE(hi);
    write_file(dir / "t.toml", batch(hi));
    ASSERT_EQ(hanoi_cli("verify t.toml --out out -q", dir.path()).status, 0);
    ASSERT_EQ(hanoi_cli("verify t.toml --out fresh --fresh -q", dir.path()).status, 0);
    const std::string levels = slurp(dir / "out" / "t.levels.csv");
    EXPECT_EQ(levels, slurp(dir / "fresh" / "t.levels.csv"));
    // Each row's largest n, and only it.
    EXPECT_NE(levels.find("classic,3,transfer," + std::to_string(hi) + ",0,1\n"), std::string::npos)
        << levels;
    EXPECT_EQ(levels.find("classic,3,transfer," + std::to_string(hi - 1) + ","), std::string::npos)
        << levels;
    EXPECT_EQ(slurp(dir / "out" / "t.csv"), slurp(dir / "fresh" / "t.csv"));
  }
}

// Pictures were written in place and before the tables: on a full disk a 48 KB SVG
// and a 0-byte PNG were left, then the table could not be written (exit 4); a
// picture that could not be written was a warning, exit 0, advising matplotlib.
TEST(NothingLost, PicturesNeverCostATable) {
  if (!have_matplotlib()) HANOI_MISSING_TOOL("python3-matplotlib is not installed");
  TempDir dir;
  write_file(dir / "quick.toml", kQuickBatch);
  const std::string err = (dir / "err").string();
  // Room enough: the pictures, each whole, and the table shows them.  (First, so
  // that matplotlib's font cache is made outside the limit below.)
  ASSERT_EQ(
      run_shell("cd " + quote(dir.path().string()) + " && env -u HANOI_PLOTS " + hanoi_binary() +
                " verify quick.toml --out room -q >/dev/null 2>" + quote(err)),
      0)
      << slurp(err);
  EXPECT_TRUE(fs::exists(dir / "room" / "quick.optimum.svg"));
  EXPECT_NE(slurp(dir / "room" / "quick.md").find("](quick.optimum.svg)"), std::string::npos);
  // 16 KiB: the tables fit, the pictures do not.
  const int status =
      run_shell("cd " + quote(dir.path().string()) + " && trap '' XFSZ && ulimit -f 16 && " +
                "env -u HANOI_PLOTS " + hanoi_binary() +
                " verify quick.toml --out out -q >/dev/null 2>" + quote(err));
  EXPECT_EQ(status, 4) << slurp(err);
  EXPECT_NE(slurp(err).find("hanoi: error: cannot write the pictures"), std::string::npos)
      << slurp(err);
  EXPECT_EQ(slurp(err).find("install"), std::string::npos) << slurp(err);
  EXPECT_NE(slurp(dir / "out" / "quick.md").find("| 6 | 63 |"), std::string::npos);
  EXPECT_TRUE(fs::exists(dir / "out" / "quick.meta.json"));
  for (const std::string& name : names_in(dir / "out")) {
    EXPECT_EQ(name.find(".svg"), std::string::npos) << name;
    EXPECT_EQ(name.find(".png"), std::string::npos) << name;
    EXPECT_EQ(name.find(".hanoi-pictures"), std::string::npos) << name;
  }
}

// --- hangs and interruptions ------------------------------------------------------

// A FIFO at an output path hung the program (the plotting step of `verify`, the
// DOT file of `graph`) until someone read it.
TEST(NothingLost, FifoNobodyReadsIsAnErrorNotAHang) {
  TempDir dir;
  const fs::path fifo = dir / "pipe.dot";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const Outcome o = hanoi_cli("graph classic -n 3 --dot " + quote(fifo.string()));
  expect_one_line_error(o, 4, "no process is reading");
  EXPECT_TRUE(fs::is_fifo(fifo));
  if (!have_matplotlib()) return;
  // A picture path: the tables are written, the picture is an error, nothing hangs.
  write_file(dir / "quick.toml", kQuickBatch);
  fs::create_directory(dir / "out");
  ASSERT_EQ(::mkfifo((dir / "out" / "quick.optimum.svg").c_str(), 0600), 0);
  const std::string err = (dir / "err").string();
  const int status =
      run_shell("cd " + quote(dir.path().string()) + " && env -u HANOI_PLOTS timeout 120 " +
                hanoi_binary() + " verify quick.toml --out out -q >/dev/null 2>" + quote(err));
  EXPECT_EQ(status, 4) << slurp(err);
  EXPECT_TRUE(fs::is_fifo(dir / "out" / "quick.optimum.svg"));
  EXPECT_NE(slurp(dir / "out" / "quick.md").find("| 6 | 63 |"), std::string::npos);
}

// A checkpoint file replaced by a FIFO blocked `--resume` for ever.
TEST(NothingLost, CheckpointFileReplacedByAFifoIsRefused) {
  TempDir dir;
  const std::string w = quote((dir / "w").string());
  const std::string run = "optimum reves --pegs 4 -n 10 --storage disk -q --work-dir " + w;
  ASSERT_EQ(hanoi_cli(run).status, 0);
  // The manifest and every file it names, in turn.
  const std::string manifest = slurp(dir / "w" / "manifest");
  int replaced = 0;
  for (const std::string& name : names_in(dir / "w")) {
    if (name != "manifest" && manifest.find(" " + name + " ") == std::string::npos) continue;
    SCOPED_TRACE(name);
    const fs::path file = dir / "w" / name;
    const std::string keep = slurp(file);
    fs::remove(file);
    ASSERT_EQ(::mkfifo(file.c_str(), 0600), 0);
    const std::string err = (dir / "err").string();
    const int status = run_shell("timeout 60 " + hanoi_binary() + " " + run +
                                 " --resume >/dev/null 2>" + quote(err));
    EXPECT_EQ(status, 2) << slurp(err);
    EXPECT_NE(slurp(err).find("not a regular file"), std::string::npos) << slurp(err);
    fs::remove(file);
    write_file(file, keep);
    ++replaced;
  }
  EXPECT_GE(replaced, 2);
  EXPECT_EQ(hanoi_cli(run + " --resume").status, 0);
}

// SIGTERM while blocked opening a FIFO gave exit 2 or 4 ("Interrupted system call").
TEST(NothingLost, SignalWhileOpeningAFifoIsTheSignalsStatus) {
  TempDir dir;
  const fs::path fifo = dir / "moves";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const char* sig : {"INT", "TERM"}) {
    SCOPED_TRACE(sig);
    const std::string err = (dir / "err").string();
    const int status = run_shell("timeout --preserve-status -s " + std::string(sig) + " 1 " +
                                 hanoi_binary() + " check classic -n 3 --moves-file " +
                                 quote(fifo.string()) + " >/dev/null 2>" + quote(err));
    EXPECT_EQ(status, std::string(sig) == "INT" ? 130 : 143) << slurp(err);
    ASSERT_EQ(lines_of(slurp(err)).size(), 1u) << slurp(err);
    EXPECT_EQ(slurp(err).rfind("hanoi: error: interrupted", 0), 0u) << slurp(err);
  }
}

// Ctrl-C during the plotting gave exit 0, a Python traceback, missing pictures and
// `partial: false`; the plotting child outlived a killed program.
TEST(NothingLost, InterruptWhilePlottingIsPartialAndEndsTheChild) {
  TempDir dir;
  write_file(dir / "quick.toml", kQuickBatch);
  // A stand-in for scripts/plots.py that says it started, then sleeps.
  write_file(dir / "slow_plots.py",
             "import os, sys, time\n"
             "open(sys.argv[0] + '.pid', 'w').write(str(os.getpid()))\n"
             "time.sleep(60)\n");
  // The terminal's Ctrl-C: SIGINT to the whole process group.
  write_file(dir / "ctrl_c.py",
             "import os, signal, subprocess, sys, time\n"
             "p = subprocess.Popen(sys.argv[2:], start_new_session=True)\n"
             "end = time.time() + 60\n"
             "while not os.path.exists(sys.argv[1]) and time.time() < end: time.sleep(0.02)\n"
             "os.killpg(p.pid, signal.SIGINT)\n"
             "sys.exit(p.wait())\n");
  const std::string pid_file = (dir / "slow_plots.py.pid").string();
  const std::string err = (dir / "err").string();
  const int status = run_shell(
      "cd " + quote(dir.path().string()) + " && env -u HANOI_PLOTS HANOI_PLOTS_SCRIPT=" +
      quote((dir / "slow_plots.py").string()) + " python3 ctrl_c.py " + quote(pid_file) + " " +
      hanoi_binary() + " verify quick.toml --out out -q >/dev/null 2>" + quote(err));
  EXPECT_EQ(status, 130) << slurp(err);
  EXPECT_EQ(slurp(err).find("Traceback"), std::string::npos) << slurp(err);
  EXPECT_NE(slurp(err).find("hanoi: error: interrupted"), std::string::npos) << slurp(err);
  EXPECT_EQ(json::parse(slurp(dir / "out" / "quick.meta.json"))["partial"], true);
  EXPECT_NE(slurp(dir / "out" / "quick.md").find("PARTIAL"), std::string::npos);
  const int child = std::atoi(slurp(pid_file).c_str());
  ASSERT_GT(child, 0);
  EXPECT_TRUE(eventually(10, [&] { return ::kill(child, 0) != 0; }))
      << "the plotting child outlived the program";
  for (const std::string& name : names_in(dir / "out"))
    EXPECT_EQ(name.find(".hanoi-pictures"), std::string::npos) << name;
}

// --- concurrency ------------------------------------------------------------------

// Two runs on one work directory interleaved and failed with "damaged",
// "truncated" or "manifest says N bytes"; two batches into one journal likewise.
TEST(NothingLost, OneProcessPerWorkDirectoryAndJournal) {
  TempDir dir;
  const std::string w = quote((dir / "w").string());
  // About 4 s on 2 cores; its first checkpoint comes after half a second.
  const std::string run =
      "optimum reves --pegs 4 -n 15 --storage disk -q --checkpoint-every 0.5 --work-dir " + w;
  {
    Background first(dir, "first", run, dir.path());
    ASSERT_TRUE(eventually(60, [&] { return fs::exists(dir / "w" / "manifest") || first.done(); }));
    ASSERT_FALSE(first.done()) << "the first run ended too soon to test: " << first.err();
    const Outcome second = hanoi_cli(run + " --resume");
    expect_one_line_error(second, 2, "in use by process " + std::to_string(first.pid()));
    EXPECT_NE(second.err.find("optimum reves --pegs 4 -n 15"), std::string::npos) << second;
  }
  // The first was killed: the kernel let go of its lock, and the run resumes (cut
  // short after a second by SIGINT, 130, instead of refused, 2).
  const std::string err = (dir / "err").string();
  EXPECT_EQ(run_shell("timeout --preserve-status -s INT 1 " + hanoi_binary() + " " + run +
                      " --resume >/dev/null 2>" + quote(err)),
            130)
      << slurp(err);

  write_file(dir / "long.toml",
             "title = \"long\"\n[[row]]\nvariant = \"classic\"\nn = [1, 3]\n"
             "[[row]]\nvariant = \"adjacent\"\nn = 17\n");
  Background batch(dir, "batch", "verify long.toml --out out -q", dir.path());
  ASSERT_TRUE(eventually(60, [&] {
    return lines_of(slurp(dir / "out" / "long.journal")).size() == 3u || batch.done();
  }));
  ASSERT_FALSE(batch.done()) << batch.err();
  const Outcome second = hanoi_cli("verify long.toml --out out -q", dir.path());
  expect_one_line_error(second, 2, "in use by process " + std::to_string(batch.pid()));
  EXPECT_EQ(lines_of(slurp(dir / "out" / "long.journal")).size(), 3u);
}

// `--dot /dev/stdout | cat` (and `>(cat)`) failed: the link was resolved by hand to
// "pipe:[N]", which is no path (found by the rerun of the probe).
TEST(NothingLost, OutputThroughAPipeByItsPath) {
  TempDir dir;
  const std::string out = (dir / "out").string(), err = (dir / "err").string();
  EXPECT_EQ(run_shell(hanoi_binary() + " graph classic -n 2 --dot /dev/stdout 2>" + quote(err) +
                      " | cat >" + quote(out)),
            0)
      << slurp(err);
  EXPECT_EQ(slurp(out).rfind("digraph", 0) == 0 || slurp(out).rfind("graph", 0) == 0, true)
      << slurp(out).substr(0, 200);
}

// --- exit policy and messages -------------------------------------------------

// A directory as --moves-file (or at OUT/<stem>.journal) gave exit 1 and
// "basic_filebuf::underflow error reading the file: Is a directory".
TEST(NothingLost, DirectoryWhereAFileBelongsIsBadInput) {
  TempDir dir;
  fs::create_directory(dir / "moves");
  Outcome o = hanoi_cli("check classic -n 3 --moves-file " + quote((dir / "moves").string()));
  expect_one_line_error(o, 2, "is a directory");
  EXPECT_EQ(o.err.find("basic_filebuf"), std::string::npos) << o;
  o = hanoi_cli("show classic -n 3 --at 1 --moves-file " + quote((dir / "moves").string()));
  expect_one_line_error(o, 2, "is a directory");
  // Standard input that is a directory, or closed, read as no moves at all (exit 1).
  const std::string err = (dir / "err").string();
  for (const std::string& redirect : {"<" + quote((dir / "moves").string()), std::string("<&-")}) {
    SCOPED_TRACE(redirect);
    EXPECT_EQ(run_shell(hanoi_binary() + " check classic -n 3 --moves-file - " + redirect +
                        " >/dev/null 2>" + quote(err)),
              2)
        << slurp(err);
    EXPECT_NE(slurp(err).find("standard input is"), std::string::npos) << slurp(err);
  }
  write_file(dir / "quick.toml", kQuickBatch);
  fs::create_directories(dir / "out" / "quick.journal");
  o = hanoi_cli("verify quick.toml --out out", dir.path());
  expect_one_line_error(o, 2, "is a directory");
  EXPECT_TRUE(fs::is_directory(dir / "out" / "quick.journal"));
}

// Some exit-1 paths printed no `hanoi: error:` line: a frame batch whose claim
// fails, a structure batch over max_paths, `show` of an illegal move (which also
// spoke of an "emitter").
TEST(NothingLost, EveryFailureHasItsErrorLine) {
  TempDir dir;
  write_file(dir / "frame.toml",
             "title = \"f\"\nkind = \"frame\"\n[[row]]\nvariant = \"reves\"\npegs = 4\nn = 5\n"
             "expect = \"fails\"\n");
  write_file(dir / "structure.toml",
             "title = \"s\"\nkind = \"structure\"\n[[row]]\nvariant = \"classic\"\nn = 4\n"
             "measure = \"all-pairs\"\nmax_paths = 1\n");
  for (const char* batch : {"frame.toml", "structure.toml"}) {
    SCOPED_TRACE(batch);
    // The batch names the tables it wrote on stderr; its last line is the error.
    const Outcome o = hanoi_cli("verify " + std::string(batch) + " --out out -q", dir.path());
    EXPECT_EQ(o.status, 1) << o;
    const auto lines = lines_of(o.err);
    ASSERT_FALSE(lines.empty()) << o;
    EXPECT_EQ(lines.back().rfind("hanoi: error: 1 cell(s) contradict their claim", 0), 0u) << o;
  }
  write_file(dir / "moves", "2:0->2\n");
  for (const char* quiet : {"", " -q"}) {
    const Outcome o = hanoi_cli("show classic -n 2 --at 0 --moves-file " +
                                quote((dir / "moves").string()) + quiet);
    expect_one_line_error(o, 1, "the replay stopped");
    EXPECT_EQ(o.err.find("emitter"), std::string::npos) << o;
    EXPECT_NE(o.err.find("the move names disc 2 but the top disc on peg 0 is 1"), std::string::npos)
        << o;
  }
}

// --segment-bits on a lattice disk run and --segment-discs on a generic one were
// silently ignored.
TEST(NothingLost, SegmentSizeOfTheOtherEngineIsRefused) {
  TempDir dir;
  const std::string w = " --storage disk -q --work-dir " + quote((dir / "w").string());
  expect_one_line_error(hanoi_cli("optimum reves --pegs 4 -n 8 --segment-bits 10" + w), 2,
                        "--segment-bits sizes the generic engine's");
  expect_one_line_error(hanoi_cli("optimum checkers -n 6 --segment-discs 2" + w), 2,
                        "--segment-discs sizes the lattice engine's");
  expect_one_line_error(
      hanoi_cli("optimum reves --pegs 4 -n 8 --segment-discs 2 --segment-bits 10" + w), 2,
      "--segment-bits");
  expect_one_line_error(
      hanoi_cli("optimum reves --pegs 4 -n 8 --engine generic --segment-discs 2" + w), 2,
      "--segment-discs");
  // Each on its own engine is used.
  EXPECT_EQ(hanoi_cli("optimum reves --pegs 4 -n 11 --segment-discs 2" + w + "1").status, 0);
  EXPECT_EQ(hanoi_cli("optimum checkers -n 6 --segment-bits 8" + w + "2").status, 0);
}

// `run --moves --moves-limit 0` printed an empty list with exit 0, and `optimum`
// ignored the limit: one meaning now (the limit is at least 1).
TEST(NothingLost, MovesLimitZeroHasOneMeaning) {
  for (const char* args : {"run classic recursive -n 3 --moves --moves-limit 0",
                           "optimum classic -n 3 --moves --moves-limit 0"}) {
    SCOPED_TRACE(args);
    const Outcome o = hanoi_cli(args);
    expect_one_line_error(o, 2, "at least 1");
    EXPECT_TRUE(o.out.empty()) << o;
  }
  EXPECT_EQ(hanoi_cli("optimum classic -n 3 --moves --moves-limit 7").status, 0);
  expect_one_line_error(hanoi_cli("optimum classic -n 3 --moves --moves-limit 6"), 2,
                        "--moves-limit");
  expect_one_line_error(hanoi_cli("run classic recursive -n 3 --moves --moves-limit 6"), 2,
                        "--moves-limit");
}

// In-range values were refused as "not a decimal number", and so were values out
// of range, without the range.
TEST(NothingLost, LargeNumbersAreTakenOrOutOfRange) {
  EXPECT_EQ(hanoi_cli("structure classic -n 3 --farthest 18446744073709551615 -q").status, 0);
  EXPECT_EQ(hanoi_cli("optimum classic -n 3 --moves --moves-limit 9223372036854775807 -q").status,
            0);
  struct Case {
    const char* args;
    const char* range;
  } cases[] = {
      {"structure classic -n 3 --farthest 18446744073709551616", "0 to 18446744073709551615"},
      {"optimum classic -n 99999999999", "0 to 2147483647"},
      {"optimum classic -n 3 --threads 99999999999999999999999", "0 to 2147483647"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    const Outcome o = hanoi_cli(c.args);
    expect_one_line_error(o, 2, "out of range");
    EXPECT_NE(o.err.find(c.range), std::string::npos) << o;
    EXPECT_EQ(o.err.find("not a decimal"), std::string::npos) << o;
  }
}

// Bidirectional controls (U+202E) and the byte-order mark were printed raw in error
// lines, where they reorder or hide what follows.
TEST(NothingLost, InvisibleCharactersAreEscapedInErrors) {
  for (const char* bad : {"\xe2\x80\xae"
                          "evil",
                          "\xef\xbb\xbf"
                          "bom",
                          "a\xe2\x80\x8b"
                          "b"}) {
    const Outcome o = hanoi_cli("optimum " + quote(bad) + " -n 3");
    expect_one_line_error(o, 2);
    for (const char* raw : {"\xe2\x80\xae", "\xef\xbb\xbf", "\xe2\x80\x8b"})
      EXPECT_EQ(o.err.find(raw), std::string::npos) << o;
    EXPECT_NE(o.err.find("\\u{"), std::string::npos) << o;
  }
  // Bytes that are not UTF-8 (a surrogate, past U+10FFFF, a bad lead byte, an
  // overlong form) are bytes: \xNN.  So is the combining grapheme joiner, \u{34f}.
  for (const char* bad : {"a\xed\xa0\x80"
                          "b",
                          "a\xf4\x90\x80\x80"
                          "b",
                          "a\xfd\x82\x97"
                          "b",
                          "a\xe0\x80\xaf"
                          "b",
                          "a\xcd\x8f"
                          "b"}) {
    const Outcome o = hanoi_cli("optimum " + quote(bad) + " -n 3");
    expect_one_line_error(o, 2);
    for (const char c : o.err)
      EXPECT_LT(static_cast<unsigned char>(c), 0x80) << "a raw byte in the error line\n" << o;
  }
  // Ordinary non-ASCII text stays as it is.
  const Outcome o = hanoi_cli("optimum " + quote("d\xc3\xa9j\xc3\xa0") + " -n 3");
  EXPECT_NE(o.err.find("d\xc3\xa9j\xc3\xa0"), std::string::npos) << o;
}

// A leading zero in --max-memory was read as decimal ("010M" as 10 MiB), where every
// other number refuses it.
TEST(NothingLost, MemorySizesAreDecimalToo) {
  expect_one_line_error(hanoi_cli("optimum classic -n 3 --max-memory 01G"), 2, "--max-memory");
  EXPECT_EQ(hanoi_cli("optimum classic -n 3 -q --max-memory 1G").status, 0);
}

// `--edges '00-1,...'` and `'0-1,,1-2'` were accepted.
TEST(NothingLost, EdgeListGrammarIsStrict) {
  for (const char* edges :
       {"00-1,1-2", "0-1,,1-2", ",0-1,1-2", "0-1,1-2,", "0-01,1-2", "0-1 1-2", "0-1,1-2,,"}) {
    SCOPED_TRACE(edges);
    expect_one_line_error(hanoi_cli("optimum graph --pegs 3 -n 2 --edges " + quote(edges)), 2,
                          "--edges");
  }
  for (const char* edges : {"0-1,1-2", "0-1, 1-2", " 0-1 , 1>2,2>1 "}) {
    SCOPED_TRACE(edges);
    EXPECT_EQ(hanoi_cli("optimum graph --pegs 3 -n 2 -q --edges " + quote(edges)).status, 0);
  }
}

// `graph` out of memory advised --max-memory, which `graph` does not take.
TEST(NothingLost, OutOfMemoryAdvisesTheCommandsOwnOptions) {
  // (A program built with AddressSanitizer cannot start under ulimit -v at all.)
  if (run_shell("ulimit -v 300000 && " + hanoi_binary() + " --version >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "the program does not start under ulimit -v (AddressSanitizer?)";
  TempDir dir;
  const std::string err = (dir / "err").string();
  // 300 MB of address space: the program starts, the state graph of 4^9 states
  // with their labels does not fit.
  const int status = run_shell("ulimit -v 300000 && " + hanoi_binary() +
                               " graph reves --pegs 4 -n 9 --max-states 1000000 --dot " +
                               quote((dir / "g.dot").string()) + " >/dev/null 2>" + quote(err));
  ASSERT_EQ(status, 3) << slurp(err);
  EXPECT_EQ(slurp(err).find("--max-memory"), std::string::npos) << slurp(err);
  EXPECT_NE(slurp(err).find("--max-states"), std::string::npos) << slurp(err);
}

// An atlas row's `published` file had no size limit and was read outside the budget
// (a 40 MB file peaked at 131 MiB under --max-memory 32M).
TEST(NothingLost, PublishedFileHasALimit) {
  TempDir dir;
  std::string big = "# padding\n";
  while (big.size() < (std::size_t{2} << 20)) big += "# " + std::string(100, 'x') + "\n";
  write_file(dir / "big.toml", big);
  write_file(dir / "atlas.toml",
             "title = \"a\"\nkind = \"atlas\"\n[[row]]\nvariant = \"graph\"\npegs = 3\n"
             "n = [1, 2]\npublished = \"big.toml\"\n");
  const Outcome o = hanoi_cli("verify atlas.toml --out out -q", dir.path());
  expect_one_line_error(o, 2, "longer than");
  EXPECT_NE(o.err.find("published file"), std::string::npos) << o;
}

// --- security ---------------------------------------------------------------------

// Outputs followed any symbolic link: in a world-writable sticky directory (/tmp)
// another user's link could point a root's output at any file.
TEST(NothingLost, OtherUsersLinksInStickyDirectoriesAreNotFollowed) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root, to give a link another owner";
  TempDir dir;
  const fs::path shared = dir / "shared";
  fs::create_directory(shared);
  ASSERT_EQ(::chmod(shared.c_str(), 01777), 0);
  write_file(dir / "victim", "precious\n");
  const fs::path link = shared / "out.dot";
  fs::create_symlink(dir / "victim", link);
  ASSERT_EQ(::lchown(link.c_str(), 65534, 65534), 0);
  const Outcome o = hanoi_cli("graph classic -n 2 --dot " + quote(link.string()));
  expect_one_line_error(o, 4, "protected_symlinks");
  EXPECT_EQ(slurp(dir / "victim"), "precious\n");
  EXPECT_TRUE(fs::is_symlink(link));
  // The same link as --out of a batch, and as its journal.
  write_file(dir / "quick.toml", kQuickBatch);
  fs::create_directory(dir / "real");
  fs::create_directory_symlink(dir / "real", shared / "outdir");
  ASSERT_EQ(::lchown((shared / "outdir").c_str(), 65534, 65534), 0);
  expect_one_line_error(
      hanoi_cli("verify quick.toml --out " + quote((shared / "outdir").string()), dir.path()), 2,
      "protected_symlinks");
  EXPECT_TRUE(fs::is_empty(dir / "real"));
  // A link of the user's own there, or another user's link elsewhere, is followed.
  ASSERT_EQ(::lchown(link.c_str(), 0, 0), 0);
  EXPECT_EQ(hanoi_cli("graph classic -n 2 --dot " + quote(link.string())).status, 0);
  EXPECT_NE(slurp(dir / "victim"), "precious\n");
  const fs::path private_link = dir / "mine.dot";
  fs::create_symlink(dir / "victim", private_link);
  ASSERT_EQ(::lchown(private_link.c_str(), 65534, 65534), 0);
  EXPECT_EQ(hanoi_cli("graph classic -n 2 --dot " + quote(private_link.string())).status, 0);
}

}  // namespace
}  // namespace hanoi

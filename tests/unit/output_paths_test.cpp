// Output paths that are not regular files (issue 33, item 0).  Every writer of a
// file named on the command line (tables, pictures, the replay page, DOT graphs)
// goes through write_file_atomic.  It used to write a temporary file and rename it
// over the path whatever the path was, so `--dot /dev/null` run as root replaced the
// device with a regular file, a FIFO was replaced without its reader seeing a byte,
// and a symbolic link became a plain file.  A FIFO that no process reads is an
// error at once, never a hang (issue 59).  Devices are made in a scratch directory
// (mknod, as root) so that a regression breaks nothing outside it.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli/batch.hpp"
#include "support/cli_runner.hpp"

namespace hanoi {
namespace {

namespace fs = std::filesystem;
using cli::OutputError;
using cli::write_file_atomic;
using testing::hanoi_cli;
using testing::Outcome;
using testing::quote;
using testing::slurp;
using testing::TempDir;

// A character device node in `dir` (1,3 is /dev/null's, 1,7 /dev/full's); false
// where this process may not make one (not root, or a container without mknod).
bool make_char_device(const fs::path& path, unsigned minor) {
  return ::mknod(path.c_str(), S_IFCHR | 0666, makedev(1, minor)) == 0;
}

bool is_char_device(const fs::path& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 && S_ISCHR(st.st_mode);
}

TEST(OutputPaths, RegularFileIsReplacedWhole) {
  TempDir dir;
  const fs::path p = dir / "t.csv";
  write_file_atomic(p, "old\n");
  write_file_atomic(p, "new\n");
  EXPECT_EQ(slurp(p), "new\n");
  // Nothing is left beside it (no temporary file).
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(OutputPaths, SymbolicLinkIsFollowed) {
  TempDir dir;
  fs::create_directory(dir / "real");
  const fs::path target = dir / "real" / "t.svg";
  write_file_atomic(target, "old\n");
  fs::create_symlink("real/t.svg", dir / "link.svg");
  write_file_atomic(dir / "link.svg", "new\n");
  EXPECT_TRUE(fs::is_symlink(dir / "link.svg"));
  EXPECT_EQ(slurp(target), "new\n");
  // A dangling link: its target is created, the link kept.
  fs::create_symlink("real/fresh.svg", dir / "dangling.svg");
  write_file_atomic(dir / "dangling.svg", "x\n");
  EXPECT_TRUE(fs::is_symlink(dir / "dangling.svg"));
  EXPECT_EQ(slurp(dir / "real" / "fresh.svg"), "x\n");
}

TEST(OutputPaths, FifoIsWrittenNotReplaced) {
  TempDir dir;
  const fs::path fifo = dir / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // No reader: an error at once (it used to block until one came).
  EXPECT_THROW(write_file_atomic(fifo, "nobody reads\n"), OutputError);
  // A reader: written through the pipe (which holds the short text).
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  write_file_atomic(fifo, "through the pipe\n");
  char buf[64] = {};
  const ssize_t got = ::read(reader, buf, sizeof buf - 1);
  ::close(reader);
  EXPECT_EQ(std::string(buf, got > 0 ? static_cast<std::size_t>(got) : 0), "through the pipe\n");
  EXPECT_TRUE(fs::is_fifo(fifo));
}

TEST(OutputPaths, DeviceIsWrittenNotReplaced) {
  TempDir dir;
  const fs::path null = dir / "null";
  if (!make_char_device(null, 3)) GTEST_SKIP() << "cannot make a device node here";
  write_file_atomic(null, "discarded\n");
  EXPECT_TRUE(is_char_device(null));
  // A full device: the write error is reported (OutputError, exit 4), the node stays.
  const fs::path full = dir / "full";
  ASSERT_TRUE(make_char_device(full, 7));
  EXPECT_THROW(write_file_atomic(full, "nowhere\n"), OutputError);
  EXPECT_TRUE(is_char_device(full));
}

TEST(OutputPaths, DirectoryIsRefused) {
  TempDir dir;
  EXPECT_THROW(write_file_atomic(dir.path(), "x\n"), OutputError);
  EXPECT_TRUE(fs::is_directory(dir.path()));
}

// Every subcommand that writes a named file, on a device node, a FIFO and a link.
TEST(OutputPaths, EveryWriterKeepsTheKindOfItsPath) {
  TempDir dir;
  const fs::path null = dir / "null";
  const bool devices = make_char_device(null, 3) && make_char_device(dir / "full", 7);
  const char* writers[] = {
      "graph classic -n 3 --dot ",
      "show classic recursive -n 3 --svg ",
      "show classic recursive -n 3 --html ",
      "compare er colour-towers -n 2 --instances-csv ",
  };
  for (const char* w : writers) {
    SCOPED_TRACE(w);
    if (devices) {
      const Outcome o = hanoi_cli(std::string(w) + quote(null.string()));
      EXPECT_EQ(o.status, 0) << o;
      EXPECT_TRUE(is_char_device(null)) << o;
      const Outcome f = hanoi_cli(std::string(w) + quote((dir / "full").string()));
      EXPECT_EQ(f.status, 4) << f;
      EXPECT_TRUE(is_char_device(dir / "full")) << f;
    }
    fs::remove(dir / "target");
    std::ofstream(dir / "target") << "old";
    fs::remove(dir / "link");
    fs::create_symlink("target", dir / "link");
    const Outcome l = hanoi_cli(std::string(w) + quote((dir / "link").string()));
    EXPECT_EQ(l.status, 0) << l;
    EXPECT_TRUE(fs::is_symlink(dir / "link")) << l;
    EXPECT_NE(slurp(dir / "target"), "old") << l;
  }
}

}  // namespace
}  // namespace hanoi

// Files named on the command line, written whole or not at all.
//
// Design overview
// ---------------
// Every file the program writes at a path a user gave (tables, pictures, the replay
// page, DOT graphs, the instances CSV) goes through OutputFile.  What it does
// depends on what is at the path:
//   - nothing, or a regular file: a temporary file in the same directory, renamed
//     over the path once complete (commit()); an error or an object destroyed
//     before commit() removes the temporary file, so the old file is untouched;
//   - a device (/dev/null) or a socket: written where it is, never replaced;
//   - a FIFO: opened without blocking, so that a FIFO no process reads is an error
//     at once (ENXIO) instead of a hang; then written like a device;
//   - a directory: an error;
//   - a symbolic link: followed (its target is written, the link stays a link),
//     except where the kernel's protected_symlinks rule would refuse it: a link in a
//     world-writable sticky directory (/tmp) that belongs neither to the user
//     running the program nor to the directory's owner.  The rule is applied
//     whatever the machine's setting, since the program often runs as root, and
//     such a link is how another user would point a root's output at any file.
// Every failure is an OutputError (exit status 4) naming the path and the cause.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace hanoi::cli {

// A file that could not be written (a full disk, a closed stdout): exit status 4.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws OutputError when following the symbolic link `link` (lstat'ed as a link)
// would break the protected_symlinks rule described above.
void check_link_may_be_followed(const std::filesystem::path& link);

// One output being written.  "-" is standard output.
class OutputFile {
 public:
  explicit OutputFile(const std::filesystem::path& path);
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  // Not committed: the temporary file is removed, the path left as it was.
  ~OutputFile();

  void write(std::string_view text);
  // Flushes, closes and renames into place; after it, the output is whole.
  void commit();

 private:
  // A device, FIFO or socket at target_: opened to be written where it is.
  void open_in_place();
  [[noreturn]] void fail(const char* what, int err);
  std::filesystem::path path_;    // as given, for messages
  std::filesystem::path target_;  // the links followed
  std::filesystem::path tmp_;     // empty when written in place
  int fd_ = -1;
  bool committed_ = false;
};

// Writes `text` to `path` through OutputFile.
void write_file_atomic(const std::filesystem::path& path, const std::string& text);

// Writes all of `text` to `fd`, retrying short writes and EINTR; false (errno set)
// on an error.
bool write_all(int fd, std::string_view text);

}  // namespace hanoi::cli

#include "cli/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace hanoi::cli {

bool write_all(int fd, std::string_view text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t w = ::write(fd, text.data() + done, text.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      if (w == 0) errno = EIO;
      return false;
    }
    done += static_cast<std::size_t>(w);
  }
  return true;
}

namespace {

[[noreturn]] void output_failed(const std::filesystem::path& path, const char* what, int err) {
  throw OutputError(std::string("cannot write ") + path.string() + " (" + what + ": " +
                    std::strerror(err) + ")");
}

}  // namespace

void check_link_may_be_followed(const std::filesystem::path& link) {
  struct stat ls {};
  if (::lstat(link.c_str(), &ls) != 0 || !S_ISLNK(ls.st_mode)) return;
  std::filesystem::path dir = link.parent_path();
  if (dir.empty()) dir = ".";
  struct stat ds {};
  if (::stat(dir.c_str(), &ds) != 0) return;
  const bool sticky_shared = (ds.st_mode & S_ISVTX) != 0 && (ds.st_mode & S_IWOTH) != 0;
  if (!sticky_shared || ls.st_uid == ::geteuid() || ls.st_uid == ds.st_uid) return;
  throw OutputError("refusing to follow the symbolic link " + link.string() +
                    ": it lies in a world-writable sticky directory and belongs to user " +
                    std::to_string(ls.st_uid) +
                    ", neither you nor the directory's owner (the kernel's protected_symlinks "
                    "rule; name the target itself)");
}

OutputFile::OutputFile(const std::filesystem::path& path) : path_(path), target_(path) {
  if (path == "-") {
    std::cout.flush();
    fd_ = STDOUT_FILENO;
    return;
  }
  // What is at the path, as the kernel follows links: a directory is refused; a
  // device, a FIFO or a socket is written where it is, never replaced (reached
  // through links or not: /dev/stdout is a link to /proc/self/fd/1, whose target
  // "pipe:[N]" is no path, and only the kernel can follow it).
  struct stat st {};
  if (::stat(path_.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) output_failed(path_, "open", EISDIR);
    if (!S_ISREG(st.st_mode)) {
      check_link_may_be_followed(path_);
      open_in_place();
      return;
    }
  }
  // A regular file or a new one.  A symbolic link is followed by hand, so that the
  // temporary file goes beside its target: the target is written and the link
  // stays a link.
  for (int hops = 0;; ++hops) {
    if (::lstat(target_.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) break;
    if (hops == 40) output_failed(path_, "open", ELOOP);
    check_link_may_be_followed(target_);
    std::error_code ec;
    const std::filesystem::path next = std::filesystem::read_symlink(target_, ec);
    if (ec) output_failed(path_, "readlink", ec.value());
    target_ = next.is_absolute() ? next : target_.parent_path() / next;
  }
  // Written through a temporary file renamed into place, so a table on disk is
  // always whole.
  tmp_ = target_.string() + ".tmp" + std::to_string(static_cast<long>(::getpid()));
  fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    // (A file in the way is not ours to remove.)
    const int err = errno;
    tmp_.clear();
    output_failed(path_, "open", err);
  }
}

void OutputFile::open_in_place() {
  // Opened without blocking, so a FIFO nobody reads fails (ENXIO) instead of
  // hanging; then blocking again, so writes wait for a slow reader as a pipe does.
  fd_ = ::open(target_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
  if (fd_ < 0 && errno == ENXIO)
    throw OutputError("cannot write " + path_.string() +
                      " (a FIFO that no process is reading; start the reader first)");
  if (fd_ < 0) output_failed(path_, "open", errno);
  const int flags = ::fcntl(fd_, F_GETFL);
  if (flags < 0 || ::fcntl(fd_, F_SETFL, flags & ~O_NONBLOCK) != 0) fail("fcntl", errno);
}

OutputFile::~OutputFile() {
  if (committed_) return;
  if (fd_ >= 0 && path_ != "-") ::close(fd_);
  if (!tmp_.empty()) ::unlink(tmp_.c_str());
}

void OutputFile::fail(const char* what, int err) {
  const bool to_stdout = path_ == "-";
  if (fd_ >= 0 && !to_stdout) ::close(fd_);
  fd_ = -1;
  if (!tmp_.empty()) ::unlink(tmp_.c_str());
  tmp_.clear();
  output_failed(to_stdout ? std::filesystem::path("standard output") : path_, what, err);
}

void OutputFile::write(std::string_view text) {
  if (fd_ < 0) output_failed(path_, "write", EBADF);
  if (!write_all(fd_, text)) fail("write", errno);
}

void OutputFile::commit() {
  if (path_ == "-") {
    committed_ = true;
    return;
  }
  if (fd_ < 0) output_failed(path_, "write", EBADF);
  if (!tmp_.empty() && ::fsync(fd_) != 0) fail("fsync", errno);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail("close", errno);
  if (!tmp_.empty() && std::rename(tmp_.c_str(), target_.c_str()) != 0) fail("rename", errno);
  committed_ = true;
}

void write_file_atomic(const std::filesystem::path& path, const std::string& text) {
  OutputFile out(path);
  out.write(text);
  out.commit();
}

}  // namespace hanoi::cli

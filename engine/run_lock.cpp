#include "engine/run_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "engine/work_dir.hpp"

namespace hanoi {

std::string flock_holder(unsigned long long dev, unsigned long long ino, long* pid_out) {
  // Lines look like "3: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF"; a waiter's
  // has "->" after the number.  The device is major:minor in hex, the inode decimal.
  char want[64];
  std::snprintf(want, sizeof want, "%02x:%02x:%llu", major(static_cast<dev_t>(dev)),
                minor(static_cast<dev_t>(dev)), ino);
  std::ifstream locks("/proc/locks");
  std::string line;
  while (std::getline(locks, line)) {
    std::istringstream fields(line);
    std::string id, kind, mode, access, where;
    long pid = 0;
    if (!(fields >> id >> kind) || kind != "FLOCK") continue;
    if (!(fields >> mode >> access >> pid >> where) || where != want) continue;
    if (pid_out != nullptr) *pid_out = pid;
    std::ifstream cmd("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(cmd)), std::istreambuf_iterator<char>());
    while (!text.empty() && text.back() == '\0') text.pop_back();
    for (char& c : text)
      if (c == '\0')
        c = ' ';
      else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
        c = '?';
    if (text.size() > 120) text = text.substr(0, 117) + "...";
    return "process " + std::to_string(pid) + (text.empty() ? "" : " (" + text + ")");
  }
  return "another process";
}

RunLock RunLock::take(int fd, const std::string& path, const std::string& what) {
  if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return RunLock(fd);
  const int err = errno;
  struct stat st {};
  const bool known = ::fstat(fd, &st) == 0;
  ::close(fd);
  if (err != EWOULDBLOCK)
    throw WorkDirError("cannot lock " + what + " " + path + ": " + std::strerror(err));
  long pid = 0;
  const std::string holder = known ? flock_holder(static_cast<unsigned long long>(st.st_dev),
                                                  static_cast<unsigned long long>(st.st_ino), &pid)
                                   : std::string("another process");
  // This process holds it already (through another object): no conflict.
  if (pid == static_cast<long>(::getpid())) return RunLock(-1);
  throw WorkDirError(what + " " + path + " is in use by " + holder +
                     "; wait for it to end, or use another");
}

RunLock RunLock::directory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    throw WorkDirError("cannot open the work directory " + dir + ": " + std::strerror(errno));
  return take(fd, dir, "the work directory");
}

RunLock RunLock::file(const std::string& path, const std::string& what) {
  const int fd =
      ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0644);
  if (fd < 0 && errno == EISDIR)
    throw WorkDirError(what + " " + path + " is a directory; move it away");
  if (fd < 0) throw WorkDirError("cannot open " + what + " " + path + ": " + std::strerror(errno));
  // A FIFO opens (O_RDWR needs no reader) but is no file to lock and append to.
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw WorkDirError(what + " " + path + " is not a regular file; move it away");
  }
  return take(fd, path, what);
}

RunLock& RunLock::operator=(RunLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

RunLock::~RunLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace hanoi

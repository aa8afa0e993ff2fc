// One process at a time on a work directory (or a batch's journal).
//
// Design overview
// ---------------
// Two runs on one work directory would each delete the other's files as leftovers
// and fail with misleading "damaged" or "truncated" errors, or worse, finish on
// files the other wrote.  A RunLock is an exclusive flock(2) on the directory itself
// (or on the journal file), held for the object's life and released by the kernel
// however the process ends (SIGKILL included), so a killed run never leaves a stale
// lock behind and no lock file is added to the directory.  A second process is
// refused at once with a line naming the holder: its process ID and command line,
// found in /proc/locks.  The same process taking the lock twice (two searches of one
// run on one directory, one after the other or nested) is not a conflict.
#pragma once

#include <string>

namespace hanoi {

class RunLock {
 public:
  // Locks the directory `dir` (which must exist), or the regular file `path`
  // (created when missing).  `what` names it in the refusal: "the batch's journal".
  // Throws WorkDirError when another process holds it, when it cannot be opened, or
  // (`file`) when a directory, FIFO or anything else but a regular file is there.
  static RunLock directory(const std::string& dir);
  static RunLock file(const std::string& path, const std::string& what);

  RunLock(RunLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  RunLock& operator=(RunLock&& other) noexcept;
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;
  ~RunLock();

  // The descriptor holding the lock (-1 when this process already held it through
  // another object): the journal truncates its file through it.
  int fd() const { return fd_; }

 private:
  explicit RunLock(int fd) : fd_(fd) {}
  static RunLock take(int fd, const std::string& path, const std::string& what);
  int fd_ = -1;
};

// "process 1234 (hanoi optimum reves -n 15 ...)" for the process holding a flock on
// the file with this device and inode, from /proc/locks; "another process" when it
// cannot be found (no /proc).  The process's own ID when it holds it itself.
std::string flock_holder(unsigned long long dev, unsigned long long ino, long* pid_out = nullptr);

}  // namespace hanoi

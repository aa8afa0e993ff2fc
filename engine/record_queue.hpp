// The records of a segmented search that wait for their segment: (word, bits)
// pairs of the lattice engine's disk mode, bound for a segment that is not
// resident (or, distributed, owned by another rank).
//
// Design overview
// ---------------
// Records are kept per parity of the level they belong to (the current level's, for
// segments not yet expanded, and the next level's) and per segment.  In memory they
// are lists; beyond an allowance (the plan's record_bytes) the longest lists go to
// spill files of the work directory, raw pairs, until those in memory are at most
// half the allowance, so that a spill frees enough to pay for its scan.  A
// checkpoint copies every waiting record, the current level's first, into one
// records file that its manifest names; the spill files themselves are never named,
// so a resumed run deletes them as strays and reads the records file back.  Without
// a work directory (the disk mode's symmetry in memory, a distributed run without
// one) nothing spills.
//
// The queue is a storage piece of its own (one file, no search template): the disk
// mode asks it to hold, hand over (for_each) and forget records; where a record goes
// is the mode's business (a resident, already expanded segment takes it straight).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/checkpoint.hpp"
#include "engine/work_dir.hpp"

namespace hanoi {

class RecordQueue {
 public:
  RecordQueue() = default;
  RecordQueue(const RecordQueue&) = delete;
  RecordQueue& operator=(const RecordQueue&) = delete;

  // `segments` segments of `seg_words` words; at most `cap` records in memory;
  // `dir` receives the spill files (null: none, the records stay in memory).
  void init(std::uint64_t segments, std::uint64_t seg_words, std::uint64_t cap, CheckpointDir* dir);

  // A record for segment s of parity `side`.
  void push(int side, std::uint64_t s, std::uint64_t word, std::uint64_t bits) {
    pending_[side][s].emplace_back(word, bits);
    if (++queued_ > cap_ && dir_ != nullptr) spill_over();
  }
  bool has(int side, std::uint64_t s) const {
    return !pending_[side][s].empty() || !spills_[side][s].empty();
  }

  // Hands every record waiting for segment s in `side` (its spill files first,
  // then those in memory) to fn(word, bits).  `consume`: they are then forgotten
  // (the files deleted).
  template <class Fn>
  void for_each(int side, std::uint64_t s, bool consume, Fn&& fn) {
    for (const Spill& f : spills_[side][s]) {
      BitmapReader rd(dir_->path(f.file.name));
      rd.tally(dir_->io());
      std::vector<std::uint64_t> buf(8192);
      for (std::uint64_t left = f.count; left > 0;) {
        const std::uint64_t n = std::min<std::uint64_t>(left, buf.size() / 2);
        rd.read_raw(buf.data(), 2 * n);
        for (std::uint64_t i = 0; i < n; ++i) {
          if (buf[2 * i] / seg_words_ != s) damaged(f.file.name);
          fn(buf[2 * i], buf[2 * i + 1]);
        }
        left -= n;
      }
      rd.check(f.file.bytes, f.file.sum);
      if (consume) dir_->retire(f.file.name);
    }
    auto& list = pending_[side][s];
    for (const auto& [word, bits] : list) fn(word, bits);
    if (consume) release(side, s);
  }

  // Drops every waiting record (a finished search).
  void forget();
  // The records this process wrote to spill files.
  std::uint64_t spilled() const { return spilled_; }

  // A checkpoint's records file (every record waiting, the side `current` first);
  // none when no record waits.
  FileRef write(int current, bool sync);
  // A resumed run's records, from the file `write` made (the spill files already
  // deleted as strays).
  void read(const FileRef& f, int current);

 private:
  struct Spill {
    FileRef file;
    std::uint64_t count = 0;
  };
  void spill_over();
  void release(int side, std::uint64_t s);
  [[noreturn]] void damaged(const std::string& name) const;

  std::vector<std::vector<std::pair<std::uint64_t, std::uint64_t>>> pending_[2];
  std::vector<std::vector<Spill>> spills_[2];  // per parity and segment
  std::uint64_t segments_ = 0, seg_words_ = 1, cap_ = 1;
  std::uint64_t queued_ = 0;   // records in pending_
  std::uint64_t spilled_ = 0;  // records written to spill files
  CheckpointDir* dir_ = nullptr;
};

}  // namespace hanoi

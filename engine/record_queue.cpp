#include "engine/record_queue.hpp"

namespace hanoi {

void RecordQueue::init(std::uint64_t segments, std::uint64_t seg_words, std::uint64_t cap,
                       CheckpointDir* dir) {
  segments_ = segments;
  seg_words_ = seg_words;
  cap_ = std::max<std::uint64_t>(cap, 1);
  dir_ = dir;
  for (int p = 0; p < 2; ++p) {
    pending_[p].assign(segments, {});
    spills_[p].assign(segments, {});
  }
  queued_ = 0;
}

void RecordQueue::damaged(const std::string& name) const {
  throw WorkDirError(dir_->path(name) + " is damaged (a record beyond its segment)");
}

void RecordQueue::release(int side, std::uint64_t s) {
  auto& list = pending_[side][s];
  spills_[side][s].clear();
  queued_ -= list.size();
  if (list.capacity() > 4096) {
    list = {};
  } else {
    list.clear();
  }
}

void RecordQueue::spill_over() {
  while (queued_ > cap_ / 2) {
    int side = 0;
    std::uint64_t t = 0, most = 0;
    for (int p = 0; p < 2; ++p)
      for (std::uint64_t u = 0; u < segments_; ++u)
        if (pending_[p][u].size() > most) {
          most = pending_[p][u].size();
          side = p;
          t = u;
        }
    if (most == 0) return;
    auto& list = pending_[side][t];
    dir_->ensure_room(list.size() * 16 + 8);
    Spill f;
    f.file.name = dir_->fresh_name("rspill", t);
    f.count = list.size();
    BitmapWriter w(dir_->path(f.file.name));
    w.tally(dir_->io());
    for (const auto& [word, bits] : list) {
      const std::uint64_t pair[2] = {word, bits};
      w.add_raw(pair, 2);
    }
    w.finish(f.file.bytes, f.file.sum, false);  // a checkpoint copies what it needs
    dir_->account(static_cast<std::int64_t>(f.file.bytes));
    spills_[side][t].push_back(f);
    spilled_ += f.count;
    queued_ -= f.count;
    list = {};
  }
}

void RecordQueue::forget() {
  for (int p = 0; p < 2; ++p)
    for (std::uint64_t s = 0; s < segments_; ++s) {
      if (dir_ != nullptr)
        for (const Spill& f : spills_[p][s]) dir_->retire(f.file.name);
      spills_[p][s] = {};
      pending_[p][s] = {};
    }
  queued_ = 0;
}

FileRef RecordQueue::write(int current, bool sync) {
  const int side[2] = {current, 1 - current};
  std::uint64_t count[2] = {0, 0};
  for (int p = 0; p < 2; ++p)
    for (std::uint64_t s = 0; s < segments_; ++s) {
      count[p] += pending_[side[p]][s].size();
      for (const Spill& f : spills_[side[p]][s]) count[p] += f.count;
    }
  FileRef out;
  if (count[0] + count[1] == 0) return out;
  dir_->ensure_room((count[0] + count[1]) * 16 + 16);
  out.name = dir_->fresh_name("records", 0);
  BitmapWriter w(dir_->path(out.name));
  w.tally(dir_->io());
  for (int p = 0; p < 2; ++p) {
    w.add_raw(&count[p], 1);
    for (std::uint64_t s = 0; s < segments_; ++s)
      for_each(side[p], s, false, [&](std::uint64_t word, std::uint64_t bits) {
        const std::uint64_t pair[2] = {word, bits};
        w.add_raw(pair, 2);
      });
  }
  w.finish(out.bytes, out.sum, sync);
  dir_->account(static_cast<std::int64_t>(out.bytes));
  return out;
}

void RecordQueue::read(const FileRef& f, int current) {
  if (f.empty()) return;
  BitmapReader rd(dir_->path(f.name));
  rd.tally(dir_->io());
  for (int p = 0; p < 2; ++p) {
    std::uint64_t n = 0;
    rd.read_raw(&n, 1);
    const int side = p == 0 ? current : 1 - current;
    for (std::uint64_t i = 0; i < n; ++i) {
      std::uint64_t pair[2];
      rd.read_raw(pair, 2);
      const std::uint64_t s = pair[0] / seg_words_;
      if (s >= segments_) throw WorkDirError(dir_->path(f.name) + " is damaged");
      push(side, s, pair[0], pair[1]);
    }
  }
  rd.check(f.bytes, f.sum);
}

}  // namespace hanoi

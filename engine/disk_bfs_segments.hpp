// The generic disk mode's segments (DiskBfsMode, disk_bfs.hpp): making a segment
// resident (its file read, the ranks queued for it merged in), writing and
// evicting it, and the queued ranks spilled to files beyond their allowance.
//
// Part of disk_bfs.hpp, which declares these members and includes this file after
// its class.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core.hpp"
#include "engine/work_dir.hpp"

namespace hanoi {

template <StateSpace V>
void DiskBfsMode<V>::spill(std::uint64_t t, bool sync) {
  std::vector<std::uint32_t>& q = queue_[t];
  if (q.empty()) return;
  ensure_room(q.size() * 4 + 64);
  Spill f;
  f.file.name = fresh_name("spill", t);
  f.count = q.size();
  BitmapWriter w(path(f.file.name));
  w.tally(ckpt_.io());
  if (q.size() % 2 != 0) q.push_back(0);  // padding, not counted
  w.add_raw(reinterpret_cast<const std::uint64_t*>(q.data()), q.size() / 2);
  w.finish(f.file.bytes, f.file.sum, sync);
  f.synced = sync;
  account(static_cast<std::int64_t>(f.file.bytes));
  spilled_records_ += f.count;
  queued_ -= f.count;
  q = {};
  spills_[t].push_back(f);
}

template <StateSpace V>
void DiskBfsMode<V>::merge(Segment& g, std::uint64_t t) {
  const int q = static_cast<int>((level_ + 1) & 1);
  std::uint64_t* vw = words(g.v);
  std::uint64_t* fw = words(g.f[q]);
  std::uint64_t* sw = g.fsum[q].get();
  std::uint64_t found = 0, kept = 0;
  bool goal = false;
  const Rank base = t * seg_ranks_;
  auto one = [&](std::uint32_t off) {
    const std::uint64_t bit = std::uint64_t{1} << (off & 63);
    if (vw[off >> 6] & bit) return;
    vw[off >> 6] |= bit;
    set_bit(fw, sw, off);
    discovered(base + off, found, kept, goal);
  };
  for (const Spill& f : spills_[t]) {
    BitmapReader rd(path(f.file.name));
    rd.tally(ckpt_.io());
    std::vector<std::uint64_t> buf(4096);
    std::uint64_t left = (f.count + 1) / 2, taken = 0;
    while (left > 0) {
      const std::uint64_t n = std::min<std::uint64_t>(left, buf.size());
      rd.read_raw(buf.data(), n);
      const auto* offs = reinterpret_cast<const std::uint32_t*>(buf.data());
      for (std::uint64_t i = 0; i < 2 * n && taken < f.count; ++i, ++taken) {
        if (offs[i] >= seg_ranks_ || base + offs[i] >= ranks_)
          throw WorkDirError(path(f.file.name) + " is damaged (a record beyond its segment)");
        one(offs[i]);
      }
      left -= n;
    }
    rd.check(f.file.bytes, f.file.sum);
    retire(f.file.name);
  }
  spills_[t].clear();
  for (std::uint32_t off : queue_[t]) one(off);
  queued_ -= queue_[t].size();
  queue_[t] = {};
  next_size_ += found;
  discovered_ += found;
  kept_ += kept;
  next_goal_ = next_goal_ || goal;
  if (found > 0) g.dirty = true;
}

template <StateSpace V>
auto DiskBfsMode<V>::load(std::uint64_t s) -> Segment& {
  Segment& g = segs_[s];
  g.last_use = ++clock_;
  if (!g.loaded) {
    while (resident_ >= plan_.resident) {
      std::uint64_t victim = plan_.segments;
      for (std::uint64_t t = 0; t < plan_.segments; ++t)
        if (segs_[t].loaded && t != s && t != pinned_ &&
            (victim == plan_.segments || segs_[t].last_use < segs_[victim].last_use))
          victim = t;
      evict(victim);
    }
    // A file's reader writes every word, so its buffers need no zeroing first.
    const bool from_file = !g.file.empty();
    g.v = take_buffer(!from_file);
    for (auto& f : g.f) f = take_buffer(!from_file);
    for (auto& fs : g.fsum) {
      fs = std::make_unique<std::uint64_t[]>(sum_words_);
      std::memset(fs.get(), 0, sum_words_ * 8);
    }
    if (from_file) {
      BitmapReader rd(path(g.file.name));
      rd.tally(ckpt_.io());
      rd.read(words(g.v), seg_words_);
      for (int p = 0; p < 2; ++p) {
        rd.read(words(g.f[p]), seg_words_);
        // The summary: a block is marked where the OR of its words is nonzero (a
        // reduction the compiler vectorizes; a branch per word cost a fifth of a
        // Checkers n = 26 run's time).
        const std::uint64_t* fw = words(g.f[p]);
        for (std::uint64_t first = 0, block = 0; first < seg_words_;
             first += disk_bfs_detail::kBlockWords, ++block) {
          const std::uint64_t last = std::min(first + disk_bfs_detail::kBlockWords, seg_words_);
          std::uint64_t any = 0;
          for (std::uint64_t i = first; i < last; ++i) any |= fw[i];
          if (any != 0) g.fsum[p][block >> 6] |= std::uint64_t{1} << (block & 63);
        }
      }
      rd.check(g.file.bytes, g.file.sum);
    }
    g.loaded = true;
    ++resident_;
  }
  if (!queue_[s].empty() || !spills_[s].empty()) merge(g, s);
  return g;
}

template <StateSpace V>
void DiskBfsMode<V>::write_segment(Segment& g, std::uint64_t s, bool sync) {
  ensure_room(plan_.segment_bytes + plan_.segment_bytes / 32);
  FileRef f;
  f.name = fresh_name("seg", s);
  BitmapWriter w(path(f.name), BitmapCodec::kFastest, false, o_.disk_coding);
  w.tally(ckpt_.io());
  w.add(words(g.v), seg_words_);
  for (auto& b : g.f) w.add(words(b), seg_words_);
  w.finish(f.bytes, f.sum, sync);
  account(static_cast<std::int64_t>(f.bytes));
  retire(g.file.name);
  g.file = f;
  g.synced = sync;
  g.dirty = false;
}

template <StateSpace V>
void DiskBfsMode<V>::unload(Segment& g) {
  for (int p = 0; p < 2; ++p) g.nonzero[p] = has_bits(g, p);
  if (spare_.size() < 3) {
    spare_.push_back(std::move(g.v));
    for (auto& f : g.f) spare_.push_back(std::move(f));
  }
  g.v = {};
  for (auto& f : g.f) f = {};
  for (auto& fs : g.fsum) fs.reset();
  g.loaded = false;
  --resident_;
}

template <StateSpace V>
void DiskBfsMode<V>::evict(std::uint64_t s) {
  Segment& g = segs_[s];
  if (g.dirty) write_segment(g, s, false);
  unload(g);
}

}  // namespace hanoi

// The lattice disk mode's segment cache (DiskLatticeMode, disk_lattice.hpp): which
// segments are resident, loading one (its file read, the records waiting for it
// merged), the least recently used one evicted and written, and the read-ahead of
// the next segment on a helper thread.
//
// Why a file of its own: the cache is the storage's half of the mode (the other
// half, disk_lattice.hpp, steps a level over the segments it hands out); it is
// kept apart so that each reads on its own.  It is part of disk_lattice.hpp, which
// declares these members and includes this file after its class.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/core.hpp"
#include "engine/storage.hpp"
#include "engine/work_dir.hpp"

namespace hanoi {

template <LatticeSpace V>
std::pair<std::uint64_t, std::uint64_t> DiskLatticeMode<V>::write_bitmaps(
    ChunkedWords* const* maps, std::size_t count, std::uint64_t span, std::uint64_t cw,
    const std::string& file, bool in_place, bool sync, IoTally* io, FileCoding coding) {
  BitmapWriter w(file, BitmapCodec::kFastest, in_place, coding);
  w.tally(io);
  for (std::size_t i = 0; i < count; ++i)
    for (std::uint64_t c = 0; c < span; ++c) w.add(maps[i]->chunk(c), cw);
  std::pair<std::uint64_t, std::uint64_t> written{0, 0};
  w.finish(written.first, written.second, sync);
  return written;
}

template <LatticeSpace V>
void DiskLatticeMode<V>::read_bitmaps(ChunkedWords* const* maps, std::size_t count,
                                      std::uint64_t span, std::uint64_t cw, const std::string& file,
                                      std::uint64_t bytes, std::uint64_t sum, bool zero,
                                      IoTally* io) {
  if (!file.empty()) {
    BitmapReader rd(file);
    rd.tally(io);
    for (std::size_t i = 0; i < count; ++i)
      for (std::uint64_t c = 0; c < span; ++c) rd.read(maps[i]->chunk(c), cw);
    rd.check(bytes, sum);
  } else if (!zero) {
    for (std::size_t i = 0; i < count; ++i)
      for (std::uint64_t c = 0; c < span; ++c) std::memset(maps[i]->chunk(c), 0, cw * 8);
  }
}

template <LatticeSpace V>
void DiskLatticeMode<V>::record_written(Segment& g, const std::string& name, bool in_place,
                                        std::pair<std::uint64_t, std::uint64_t> written,
                                        bool synced) {
  account(static_cast<std::int64_t>(written.first) -
          static_cast<std::int64_t>(in_place ? g.file.bytes : 0));
  if (!in_place) ckpt_.retire(g.file.name);
  g.file = FileRef{name, written.first, written.second};
  g.synced = synced;
  g.dirty = false;
}

template <LatticeSpace V>
auto DiskLatticeMode<V>::load(std::uint64_t s) -> Segment& {
  settle();
  Segment& g = segs_[s];
  g.last_use = ++clock_;
  if (g.loaded) return g;
  while (resident_ >= plan_.resident) evict(lru_victim(s));
  // Bitmaps of an evicted segment are reused (a fresh mapping would fault in and
  // zero every page again); reading a file sets every word.
  const bool reused = !spare_.empty();
  const auto maps = bitmaps(g);
  for (std::size_t i = 0; i < maps.size(); ++i)
    *maps[i] = reused ? std::move(spare_.back()[i]) : ChunkedWords(plan_.span, L_.chunk_words());
  if (reused) spare_.pop_back();
  read_bitmaps(maps.data(), maps.size(), plan_.span, L_.chunk_words(),
               g.file.empty() ? "" : path(g.file.name), g.file.bytes, g.file.sum, !reused,
               ckpt_.io());
  g.loaded = true;
  g.listed.clear();
  g.mark.clear();
  g.listed_known = false;  // read R to find them
  ++resident_;
  return g;
}

template <LatticeSpace V>
std::uint64_t DiskLatticeMode<V>::lru_victim(std::uint64_t keep) const {
  std::uint64_t victim = plan_.segments;
  for (std::uint64_t t = 0; t < plan_.segments; ++t)
    if (segs_[t].loaded && t != keep &&
        (victim == plan_.segments || segs_[t].last_use < segs_[victim].last_use))
      victim = t;
  return victim;
}

template <LatticeSpace V>
bool DiskLatticeMode<V>::writes_in_place(const Segment& g) const {
  return !g.file.empty() && !ckpt_.committed(g.file.name);
}

template <LatticeSpace V>
void DiskLatticeMode<V>::release(Segment& g) {
  for (ChunkedWords* b : bitmaps(g)) *b = ChunkedWords();
  g.listed = {};
  g.mark = {};
  g.listed_known = false;
  g.loaded = false;
  --resident_;
}

template <LatticeSpace V>
void DiskLatticeMode<V>::write_segment(Segment& g, std::uint64_t s, bool sync) {
  ckpt_.ensure_room(plan_.segment_bytes + plan_.segment_bytes / 32);
  const bool in_place = writes_in_place(g);
  const std::string name = in_place ? g.file.name : fresh_name("seg", s);
  const auto maps = bitmaps(g);
  record_written(g, name, in_place,
                 write_bitmaps(maps.data(), maps.size(), plan_.span, L_.chunk_words(), path(name),
                               in_place, sync, ckpt_.io(), o_.disk_coding),
                 sync);
}

template <LatticeSpace V>
void DiskLatticeMode<V>::start_read_ahead(std::uint64_t t, std::uint64_t current) {
  if (!persist_ || ranks_ > 1 || ahead_ || segs_[t].loaded) return;
  std::uint64_t victim = plan_.segments;
  if (resident_ >= plan_.resident) {
    victim = lru_victim(current);
    if (victim == plan_.segments) return;  // only `current` is resident
  }
  ReadAhead& a = ahead_.emplace();
  a.segment = t;
  bool fresh = false;
  if (victim < plan_.segments) {
    Segment& v = segs_[victim];
    const auto maps = bitmaps(v);
    for (std::size_t i = 0; i < maps.size(); ++i) a.maps[i] = std::move(*maps[i]);
    if (v.dirty) {
      ckpt_.ensure_room(plan_.segment_bytes + plan_.segment_bytes / 32);
      a.write = true;
      a.victim = victim;
      a.in_place = writes_in_place(v);
      a.name = a.in_place ? v.file.name : fresh_name("seg", victim);
    }
    release(v);
  } else if (!spare_.empty()) {
    a.maps = std::move(spare_.back());
    spare_.pop_back();
  } else {
    fresh = true;  // zero already
    for (std::size_t i = 0; i < bitmaps(segs_[t]).size(); ++i)
      a.maps[i] = ChunkedWords(plan_.span, L_.chunk_words());
  }
  ++resident_;  // t's, from now
  const Segment& g = segs_[t];
  a.done = std::async(
      std::launch::async,
      [maps = &a.maps, count = bitmaps(segs_[t]).size(), span = plan_.span, cw = L_.chunk_words(),
       write = a.write ? path(a.name) : std::string(), in_place = a.in_place,
       read = g.file.empty() ? "" : path(g.file.name), bytes = g.file.bytes, sum = g.file.sum,
       fresh, io = ckpt_.io(), coding = o_.disk_coding] {
        std::array<ChunkedWords*, 4> ptrs{};
        for (std::size_t i = 0; i < count; ++i) ptrs[i] = &(*maps)[i];
        std::pair<std::uint64_t, std::uint64_t> written{0, 0};
        if (!write.empty())
          written = write_bitmaps(ptrs.data(), count, span, cw, write, in_place, false, io, coding);
        read_bitmaps(ptrs.data(), count, span, cw, read, bytes, sum, fresh, io);
        return written;
      });
}

template <LatticeSpace V>
void DiskLatticeMode<V>::settle() {
  if (!ahead_) return;
  std::pair<std::uint64_t, std::uint64_t> written;
  try {
    written = ahead_->done.get();
  } catch (...) {
    io_failed_ = true;
    ahead_.reset();
    throw;
  }
  ReadAhead& a = *ahead_;
  if (a.write) record_written(segs_[a.victim], a.name, a.in_place, written, false);
  Segment& g = segs_[a.segment];
  const auto maps = bitmaps(g);
  for (std::size_t i = 0; i < maps.size(); ++i) *maps[i] = std::move(a.maps[i]);
  g.loaded = true;
  g.listed.clear();
  g.mark.clear();
  g.listed_known = false;
  g.last_use = ++clock_;
  ahead_.reset();
}

template <LatticeSpace V>
void DiskLatticeMode<V>::evict(std::uint64_t s) {
  Segment& g = segs_[s];
  if (g.dirty) write_segment(g, s, false);
  const auto maps = bitmaps(g);
  if (spare_.size() < 2) {
    spare_.emplace_back();
    for (std::size_t i = 0; i < maps.size(); ++i) spare_.back()[i] = std::move(*maps[i]);
  }
  release(g);
}

}  // namespace hanoi

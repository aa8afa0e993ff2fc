// The generic disk mode's checkpoints and resume (DiskBfsMode, disk_bfs.hpp): what
// the mode writes at a boundary (changed segments, queued records, the level
// counts, a pending half-depth test) and reads back.  The format, the commit and
// the file checks are CheckpointDir's (checkpoint.hpp).
//
// Part of disk_bfs.hpp, which declares these members and includes this file after
// its class.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/checkpoint.hpp"
#include "engine/core.hpp"
#include "engine/work_dir.hpp"

namespace hanoi {

template <StateSpace V>
void DiskBfsMode<V>::checkpoint() {
  ckpt_.begin();
  const bool sync = o_.flush_to_device;
  for (std::uint64_t s = 0; s < plan_.segments; ++s) {
    Segment& g = segs_[s];
    if (g.loaded && g.dirty) {
      write_segment(g, s, sync);
    } else if (sync && !g.synced && !g.file.empty()) {
      sync_file(path(g.file.name));
      g.synced = true;
    }
    spill(s, sync);
    for (Spill& f : spills_[s])
      if (sync && !f.synced) {
        sync_file(path(f.file.name));
        f.synced = true;
      }
  }
  Manifest m;
  ckpt_.write_head(m, CheckpointHead{level_, goal_depth_, finished_, last_sample_}, levels_);
  m.set("cur", std::to_string(cur_size_) + " " + std::to_string(cur_goal_ ? 1 : 0));
  m.set("next", std::to_string(next_size_) + " " + std::to_string(next_goal_ ? 1 : 0));
  m.set("in_sample", join_numbers(in_sample_));
  m.set("kept", std::to_string(kept_));
  if (o_.meet_in_middle) {
    m.set("meet", std::to_string(static_cast<int>(meet_)));
    m.set("meet_pending", meet_pending_ ? "1" : "0");
  }
  char key[64];
  for (std::uint64_t s = 0; s < plan_.segments; ++s) {
    const Segment& g = segs_[s];
    const bool nz0 = has_bits(g, 0), nz1 = has_bits(g, 1);
    if (!g.file.empty() || g.done || nz0 || nz1)
      ckpt_.name_segment(m, s, g.file,
                         std::to_string(nz0 ? 1 : 0) + " " + std::to_string(nz1 ? 1 : 0) + " " +
                             std::to_string(g.done ? 1 : 0));
    for (std::size_t i = 0; i < spills_[s].size(); ++i) {
      const Spill& f = spills_[s][i];
      std::snprintf(key, sizeof key, "spill.%010llu.%06zu", static_cast<unsigned long long>(s), i);
      ckpt_.name(m, key, f.file, std::to_string(f.count));
    }
  }
  ckpt_.commit(m);
  if (o_.trace) ckpt_.trace("disk", level_);
}

template <StateSpace V>
void DiskBfsMode<V>::resume_from(const Manifest& m) {
  const std::string where = path("manifest");
  const CheckpointHead h = ckpt_.read_head(m, levels_);
  level_ = h.level;
  goal_depth_ = h.goal;
  finished_ = h.finished;
  last_sample_ = h.last_sample;
  kept_ = m.get_u64("kept");
  if (o_.meet_in_middle) {
    const std::uint64_t k = m.get_u64("meet");
    if (k > static_cast<std::uint64_t>(LevelReport::Meet::kOdd))
      throw WorkDirError(where + " is damaged (meet)");
    meet_ = static_cast<LevelReport::Meet>(k);
    meet_pending_ = m.get("meet_pending") == "1";
  }
  const auto cur = m.get_list("cur"), next = m.get_list("next");
  if (cur.size() != 2 || next.size() != 2) throw WorkDirError(where + " is damaged (cur/next)");
  cur_size_ = cur[0];
  cur_goal_ = cur[1] != 0;
  next_size_ = next[0];
  next_goal_ = next[1] != 0;
  in_sample_ = m.get_list("in_sample");
  ckpt_.take_segments(m, plan_.segments, 3,
                      [&](std::uint64_t s, const FileRef& file, const auto& f) {
                        Segment& g = segs_[s];
                        g.file = file;
                        g.nonzero[0] = f[3] == "1";
                        g.nonzero[1] = f[4] == "1";
                        g.done = f[5] == "1";
                      });
  for (const std::string& key : m.keys_with("spill.")) {
    const std::uint64_t s = parse_manifest_number(key.substr(6, 10), "spill segment");
    if (s >= plan_.segments)
      throw WorkDirError(where + " names records for segment " + key.substr(6, 10) +
                         ", beyond this search's");
    const auto f = manifest_fields(m.get(key));
    if (f.size() != 4) throw WorkDirError(where + " is damaged (" + key + ")");
    Spill sp;
    sp.file = ckpt_.take(f, 0, key);
    sp.count = parse_manifest_number(f[3], "spill count");
    sp.synced = true;
    spills_[s].push_back(sp);
  }
  ckpt_.resumed();
  if (o_.progress)
    std::fprintf(stderr, "[disk] resuming %s at level %llu (%llu levels done, %s on disk)\n",
                 o_.work_dir.c_str(), static_cast<unsigned long long>(level_),
                 static_cast<unsigned long long>(levels_.size()),
                 format_bytes(ckpt_.on_disk()).c_str());
}

}  // namespace hanoi

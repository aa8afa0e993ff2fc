// Options that make the generic engine's disk mode (engine/disk_bfs.hpp) work hard
// on a tiny space, for the tests: segments of about ranks/32 ranks (at least 64),
// two of them resident and room for 8 queued records, so that segments are
// evicted, written and read back and records spill to files at every level.
#pragma once

#include <algorithm>
#include <bit>
#include <string>

#include "engine/disk_bfs.hpp"
#include "engine/search_types.hpp"

namespace hanoi::testing {

inline SearchOptions tight_disk_bfs_options(Rank ranks, const std::string& dir, SearchOptions o) {
  o.engine = EngineKind::kGeneric;
  o.storage = StorageKind::kDisk;
  o.work_dir = dir;
  o.segment_bits = std::max(6, static_cast<int>(std::bit_width(ranks)) - 5);
  o.record_bytes = 32;
  const DiskBfsPlan plan =
      plan_disk_bfs(ranks, ~std::uint64_t{0} >> 2, o.segment_bits, detail::worker_count(), 32);
  o.max_memory = plan.worker_bytes + 2 * plan.segment_bytes;
  o.identity = "test";
  o.flush_to_device = false;  // a killed process loses nothing the page cache holds
  return o;
}

}  // namespace hanoi::testing

// The disk plans: how a disk-backed search is cut into segments and how many stay
// in memory under the budget, for the lattice engine's disk mode (DiskPlan) and the
// generic engine's (DiskBfsPlan); search.hpp's planning (`--plan`) and the modes
// read them.  Compiled once (disk_plan.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/core.hpp"
#include "engine/lattice_kernel.hpp"
#include "engine/segment_symmetry.hpp"
#include "engine/work_dir.hpp"

namespace hanoi {

// How a disk search is cut and how much of it stays in memory.
struct DiskPlan {
  int segment_discs = 0;            // s
  std::uint64_t segments = 1;       // m^s
  std::uint64_t span = 1;           // chunks per segment
  std::uint64_t segment_bytes = 0;  // V and R of one segment (and two depth planes with a witness)
  std::uint64_t worker_bytes = 0;   // the expansion's own buffers
  std::uint64_t record_bytes = 0;   // of which the records waiting for a segment (spilled beyond)
  std::uint64_t resident = 1;       // segments kept in memory at most
  std::uint64_t stored = 1;         // segments that may hold states (one per orbit)
  std::uint64_t memory_bytes() const { return worker_bytes + resident * segment_bytes; }
  // At most two files per stored segment (the checkpoint's and a newer one), each V
  // and R with two mask words per 64.
  std::uint64_t disk_bound() const {
    return 2 * stored * (segment_bytes + segment_bytes / 32 + 64);
  }
};

namespace disk_detail {
// The budget's allowance for the records (word, bits) waiting for their segment:
// 1/256 of a bitmap, between 64 KiB and 64 MiB.  They are rare at 4 pegs (see
// above) but not at 6, where a segment disc moves whenever the smaller discs leave
// 2 of 6 pegs free: beyond the allowance they spill to files (DiskLatticeMode::put).
std::uint64_t record_allowance(const LatticeLayout& L);
}  // namespace disk_detail

// The plan for a budget of which `baseline` bytes are the program's own
// (SearchOptions::baseline_bytes): the fewest segment discs whose segment (V and R)
// is at most 256 MiB and of which two fit beside the worker in the rest; `forced_discs` >= 0 fixes
// s, `forced_record_bytes` > 0 the records' allowance (a testing aid).  The worker counts the
// buffers of the files open at once: the main thread's (a segment or records written while records
// are read) and the read-ahead's.  With a symmetry group (more than the identity), the segments
// stored are counted per orbit.  With `coding` kZstd each open file also counts a codec
// (kCodecBytes).  Throws MemoryBudgetExceeded when not even one segment fits.
DiskPlan plan_disk(const LatticeLayout& L, std::uint64_t total_budget, int forced_discs,
                   const std::vector<PegPerm>& group = {}, bool witness = false,
                   std::uint64_t forced_record_bytes = 0, std::uint64_t baseline = 0,
                   FileCoding coding = FileCoding::kElided);

// How the generic disk search is cut and how much of it stays in memory.
struct DiskBfsPlan {
  int segment_bits = 0;             // b: 2^b ranks per segment
  std::uint64_t segments = 1;       // ceil(ranks / 2^b)
  std::uint64_t segment_bytes = 0;  // V, F_0, F_1 and their summaries
  std::uint64_t worker_bytes = 0;   // record queues, per-thread buffers, scratch
  std::uint64_t record_bytes = 0;   // of which the record queues (spilled beyond)
  std::uint64_t resident = 1;       // segments kept in memory at most
  std::uint64_t memory_bytes() const { return worker_bytes + resident * segment_bytes; }
  // Two files per segment at most (the checkpoint's and a newer one), each of three
  // elided bitmaps (two mask words per 64), plus the spilled records of one level
  // (bounded by the allowance per spill, counted generously).
  std::uint64_t disk_bound() const {
    return 2 * segments * (segment_bytes + segment_bytes / 32 + 64) + 4 * record_bytes;
  }
};

namespace disk_bfs_detail {
inline constexpr std::uint64_t kBlockWords = 512;    // frontier summary granularity
inline constexpr std::size_t kLocalRecords = 16384;  // per-thread record buffer (ranks)

inline std::uint64_t words_of(int bits) {
  return bits >= 6 ? std::uint64_t{1} << (bits - 6) : 1;
}
inline std::uint64_t summary_words(int bits) {
  return (words_of(bits) + kBlockWords * 64 - 1) / (kBlockWords * 64);
}
}  // namespace disk_bfs_detail

// The plan for `ranks` ranks and a budget: the largest segments (at most 2^29
// ranks, 192 MiB) of which four fit beside the worker, down to 2^10 ranks;
// `forced_bits` >= 0 fixes b; `coding` as for plan_disk.  Throws
// MemoryBudgetExceeded when two do not fit.
DiskBfsPlan plan_disk_bfs(Rank ranks, std::uint64_t total_budget, int forced_bits,
                          std::size_t threads, std::uint64_t forced_record_bytes = 0,
                          std::uint64_t baseline = 0, FileCoding coding = FileCoding::kElided);

}  // namespace hanoi

#include "engine/disk_plan.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "engine/features.hpp"
#include "engine/lattice_bfs.hpp"
#include "engine/memory.hpp"
#include "engine/work_dir.hpp"

namespace hanoi {

namespace disk_detail {
std::uint64_t record_allowance(const LatticeLayout& L) {
  return std::clamp<std::uint64_t>(L.words() * 8 / 256, std::uint64_t{64} << 10,
                                   std::uint64_t{64} << 20);
}
// The memory of one file open at once: its buffer and, for kZstd, a codec.
std::uint64_t open_file_bytes(FileCoding coding) {
  return kIoBufferBytes + (coding == FileCoding::kZstd ? kCodecBytes : 0);
}
}  // namespace disk_detail

DiskPlan plan_disk(const LatticeLayout& L, std::uint64_t total_budget, int forced_discs,
                   const std::vector<PegPerm>& group, bool witness,
                   std::uint64_t forced_record_bytes, std::uint64_t baseline, FileCoding coding) {
  const int h = L.large_discs();
  const std::uint64_t file = disk_detail::open_file_bytes(coding);
  const std::uint64_t budget = total_budget > baseline ? total_budget - baseline : 0;
  auto make = [&](int s) {
    DiskPlan p;
    p.segment_discs = s;
    p.segments = L.power(s);
    p.span = L.chunks() / p.segments;
    p.segment_bytes = (witness ? 4 : 2) * p.span * L.chunk_words() * 8;
    p.record_bytes =
        forced_record_bytes > 0 ? forced_record_bytes : disk_detail::record_allowance(L);
    p.worker_bytes = lattice_worker_bytes(L, p.span) + p.record_bytes + p.segments * 256 + 3 * file;
    return p;
  };
  if (forced_discs > h)
    throw SearchRefused("a segment is fixed by at most " + std::to_string(h) +
                            " discs here (the discs that index chunks)",
                        {Feature::kSegmentDiscs});
  DiskPlan p;
  if (forced_discs >= 0) {
    p = make(forced_discs);
  } else {
    int s = 0;
    while (s < h && (make(s).segment_bytes > (std::uint64_t{256} << 20) ||
                     make(s).worker_bytes + 2 * make(s).segment_bytes > budget))
      ++s;
    p = make(s);
  }
  if (p.worker_bytes + p.segment_bytes > budget)
    throw MemoryBudgetExceeded(p.worker_bytes + p.segment_bytes + baseline, total_budget,
                               "disk mode", MemoryBudgetExceeded::kLargerBudgetOrFewerDiscs,
                               baseline);
  p.stored = group.size() > 1 ? SegmentSymmetry(group, L, p.segment_discs).stored() : p.segments;
  p.resident = std::min(p.stored, (budget - p.worker_bytes) / p.segment_bytes);
  return p;
}

DiskBfsPlan plan_disk_bfs(Rank ranks, std::uint64_t total_budget, int forced_bits,
                          std::size_t threads, std::uint64_t forced_record_bytes,
                          std::uint64_t baseline, FileCoding coding) {
  const std::uint64_t budget = total_budget > baseline ? total_budget - baseline : 0;
  const std::uint64_t file = disk_detail::open_file_bytes(coding);
  using namespace disk_bfs_detail;
  const int full = std::max(6, static_cast<int>(std::bit_width(ranks > 1 ? ranks - 1 : 1)));
  auto make = [&](int b) {
    DiskBfsPlan p;
    p.segment_bits = b;
    p.segments = (ranks + (std::uint64_t{1} << b) - 1) >> b;
    p.segment_bytes = 3 * words_of(b) * 8 + 2 * summary_words(b) * 8;
    p.record_bytes = forced_record_bytes > 0
                         ? forced_record_bytes
                         : std::clamp<std::uint64_t>(budget / 32, std::uint64_t{64} << 10,
                                                     std::uint64_t{256} << 20);
    // The files open at once: a segment's or the records' while another is read.
    p.worker_bytes = p.record_bytes + threads * (kLocalRecords * 8 + (std::uint64_t{64} << 10)) +
                     p.segments * 192 + (std::uint64_t{1} << 20) + 2 * file;
    p.resident = 1;
    return p;
  };
  if (forced_bits > 40 || (forced_bits >= 0 && forced_bits < 6))
    throw SearchRefused("a segment holds 2^6 to 2^40 ranks", {Feature::kSegmentBits});
  DiskBfsPlan p;
  if (forced_bits >= 0) {
    p = make(std::min(forced_bits, full));
  } else {
    int b = std::min(29, full);
    while (b > 10 && make(b).worker_bytes + 4 * make(b).segment_bytes > budget) --b;
    p = make(b);
  }
  if (p.worker_bytes + 2 * p.segment_bytes > budget)
    throw MemoryBudgetExceeded(p.worker_bytes + 2 * p.segment_bytes + baseline, total_budget,
                               "disk mode", MemoryBudgetExceeded::kLargerBudgetOrFewerDiscs,
                               baseline);
  p.resident = std::min(p.segments, (budget - p.worker_bytes) / p.segment_bytes);
  return p;
}

}  // namespace hanoi

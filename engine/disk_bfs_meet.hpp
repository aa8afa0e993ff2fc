// The generic disk mode's half-depth test (DiskBfsMode, disk_bfs.hpp; the argument
// is in lattice_bfs.hpp, "Meet in the middle"): after level e is complete, whether
// some state s of it has σs visited before depth e or only at depth e, where σs
// may lie in any segment, resident or on disk.
//
// Part of disk_bfs.hpp, which declares this member and includes this file after its
// class.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "engine/core.hpp"
#include "engine/level_loop.hpp"

namespace hanoi {

template <StateSpace V>
LevelReport::Meet DiskBfsMode<V>::meet_test(int p, std::uint64_t e, std::uint64_t reached_before) {
  const int bits = plan_.segment_bits;
  const std::uint64_t mask = seg_ranks_ - 1;
  std::atomic<bool> odd{false}, even{false};
  // What the answers read of the resident segments; a segment never reached
  // (no file, not resident) answers "not visited" at once.
  std::vector<View> look(plan_.segments);
  std::vector<std::uint8_t> reached(plan_.segments);
  auto refresh = [&] {
    for (std::uint64_t t = 0; t < plan_.segments; ++t) {
      const Segment& h = segs_[t];
      look[t] = h.loaded ? View{words(h.v), words(h.f[p]), nullptr} : View{};
      reached[t] = h.loaded || !h.file.empty() ? 1 : 0;
    }
  };
  auto answer = [&](const View& w, std::uint64_t off) {
    const std::uint64_t bit = std::uint64_t{1} << (off & 63);
    if ((w.v[off >> 6] & bit) == 0) return;
    if ((w.f[off >> 6] & bit) != 0)
      even.store(true, std::memory_order_relaxed);
    else
      odd.store(true, std::memory_order_relaxed);
  };
  std::vector<std::vector<std::uint32_t>> asks(plan_.segments);
  std::uint64_t asked = 0;
  const std::uint64_t cap = std::max<std::uint64_t>(plan_.record_bytes / 4, 1);
  auto answer_queued = [&] {
    for (std::uint64_t t = 0; t < plan_.segments && !odd.load(); ++t) {
      if (asks[t].empty()) continue;
      interruption_point();
      const Segment& h = load(t);
      const View w{words(h.v), words(h.f[p]), nullptr};
      for (std::uint32_t off : asks[t]) answer(w, off);
      asks[t] = {};
    }
    asked = 0;
    refresh();
  };
  std::vector<std::uint64_t> todo;
  for (int pass = 0; pass < 2; ++pass)
    for (std::uint64_t s = 0; s < plan_.segments; ++s)
      if (has_bits(segs_[s], p) && (pass == 0) == segs_[s].loaded) todo.push_back(s);
  tbb::enumerable_thread_specific<std::vector<Rank>> out;
  for (std::size_t i = 0; i < todo.size() && !odd.load(); ++i) {
    interruption_point();
    const std::uint64_t s = todo[i];
    // The tests' interruptions land inside the half-depth test too, at most once
    // a test (at its middle segment), so a resumed run always completes it.
    if (o_.abort_after_segments > 0 && i == todo.size() / 2 && ++work_ >= o_.abort_after_segments) {
      pinned_ = ~std::uint64_t{0};
      throw SearchCancelled();
    }
    const Segment& g = load(s);
    pinned_ = s;
    refresh();
    std::vector<std::uint64_t> blocks;
    for (std::uint64_t k = 0; k < sum_words_; ++k)
      for (std::uint64_t w = g.fsum[p][k]; w; w &= w - 1)
        blocks.push_back(k * 64 + static_cast<std::uint64_t>(std::countr_zero(w)));
    const std::uint64_t* f = words(g.f[p]);
    const Rank base = s * seg_ranks_;
    // In groups of blocks, so that the queued asks stay within their allowance.
    const std::size_t group = 64;
    for (std::size_t b0 = 0; b0 < blocks.size() && !odd.load(); b0 += group) {
      const std::size_t b1 = std::min(blocks.size(), b0 + group);
      tbb::parallel_for(
          tbb::blocked_range<std::size_t>(b0, b1, 1),
          [&](const tbb::blocked_range<std::size_t>& range) {
            std::vector<Rank>& mine = out.local();
            for (std::size_t bi = range.begin(); bi != range.end(); ++bi) {
              const std::uint64_t first = blocks[bi] * disk_bfs_detail::kBlockWords;
              const std::uint64_t last = std::min(first + disk_bfs_detail::kBlockWords, seg_words_);
              for (std::uint64_t k = first; k < last; ++k)
                for (std::uint64_t x = f[k]; x; x &= x - 1) {
                  const Rank r = base + (k << 6) + static_cast<Rank>(std::countr_zero(x));
                  const Rank t = mirror_(r);
                  const std::uint64_t seg = t >> bits;
                  if (reached[seg] == 0) continue;
                  if (look[seg].v != nullptr)
                    answer(look[seg], t & mask);
                  else
                    mine.push_back(t);
                }
            }
          });
      for (std::vector<Rank>& mine : out) {
        for (Rank t : mine) asks[t >> bits].push_back(static_cast<std::uint32_t>(t & mask));
        asked += mine.size();
        mine.clear();
      }
      if (asked > cap) answer_queued();
      report_progress(e, reached_before,
                      "half-depth test, segment " + std::to_string(i + 1) + " of " +
                          std::to_string(todo.size()));
    }
  }
  if (!odd.load()) answer_queued();
  pinned_ = ~std::uint64_t{0};
  return odd.load()    ? LevelReport::Meet::kOdd
         : even.load() ? LevelReport::Meet::kEven
                       : LevelReport::Meet::kNone;
}

}  // namespace hanoi

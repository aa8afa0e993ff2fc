// Benchmark: the disk mode (engine/disk_lattice.hpp) against the in-memory lattice
// search, 4 pegs (`reves`), complete searches from all discs on peg 0; and the
// generic engine's disk mode (engine/disk_bfs.hpp) against the in-memory generic
// search on Checkers DDDD (complete searches, the same three rows but the last,
// each through the block kernel as a plain search runs it, and a fourth: the
// streaming row state by state, --per-state, the disk mode before the kernel).
//
//   bench_disk [--n 15,16] [--streaming 18] [--checkers 18,19] [--work-dir DIR]
//              [--markdown PATH]
//
// Rows per n, each timed in this process in this run:
//   memory            lattice_search, the default budget;
//   disk, resident    the disk mode with the default budget: every segment fits, so
//                     it writes only its checkpoints (every 60 s, and the last);
//   disk, streaming   the disk mode with a budget of a quarter of its state (V and R
//                     of every segment): three quarters of the segments are read
//                     back and written out again at every level of the middle;
//   disk, streaming, zstd  the same with the segment files compressed by
//                     Zstandard (--disk-coding zstd): its disk and I/O against the
//                     elided files' (FileCoding, engine/work_dir.hpp);
//   disk, checkpoint every segment  the resident run with --checkpoint-every 0:
//                     the cost of the most frequent checkpoints.
// At the sizes of --streaming (4 pegs), whose memory row does not fit the default
// budget, only the two streaming rows run: there the zstd row's ratio is against the
// elided streaming row.  A second table sets zstd against the elided files wherever
// both ran: disk at most, bytes written, time.
// Each disk row reports the ratio of the memory row's time to its own (the issue's
// target: >= 0.5), its peak RSS against its budget (the kernel's high-water mark,
// reset before each row through /proc/self/clear_refs), the most its files held and
// how many segments it had.  Every row must report the memory row's per-level
// counts; a disagreement aborts.  Checkpoints are flushed to the device (fdatasync)
// as in a real run.
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/batch.hpp"
#include "cli/provenance.hpp"
#include "engine/bfs.hpp"
#include "engine/disk_bfs.hpp"
#include "engine/disk_lattice.hpp"
#include "engine/lattice_bfs.hpp"
#include "engine/memory.hpp"
#include "experiments/bench_table.hpp"
#include "variants/common/peg_space.hpp"
#include "variants/instances.hpp"  // the families' searches, compiled once
#include "variants/visit.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using FreeSpace = hanoi::variants::PegSpace<hanoi::variants::FreeMoves>;

struct Row {
  std::string search;  // "reves" or "checkers"
  int n = 0;
  std::string method;
  std::uint64_t budget = 0, states = 0, peak_rss = 0, disk = 0, segments = 0, written = 0;
  double seconds = 0, ratio = 0;
  bool against_memory = true;  // ratio: the memory row's time (else the elided streaming row's)
};

std::string fmt(const char* f, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, x);
  return buf;
}

// Resets the process's peak RSS (VmHWM) to its current RSS, so that each row
// measures its own peak.
void reset_peak_rss() {
  const int fd = ::open("/proc/self/clear_refs", O_WRONLY);
  if (fd < 0) return;
  const char five = '5';
  if (::write(fd, &five, 1) != 1) std::fprintf(stderr, "bench_disk: cannot reset peak RSS\n");
  ::close(fd);
}

int bench_main(int argc, char** argv) {
  std::vector<int> ns = {15, 16}, streaming_ns, checkers = {18, 19};
  std::string work = "bench-disk-work", markdown;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--n" || a == "--streaming" || a == "--checkers") && i + 1 < argc) {
      std::vector<int>& list = a == "--n" ? ns : a == "--streaming" ? streaming_ns : checkers;
      list.clear();
      std::stringstream in(argv[++i]);
      std::string tok;
      while (std::getline(in, tok, ',')) list.push_back(std::stoi(tok));
    } else if (a == "--work-dir" && i + 1 < argc) {
      work = argv[++i];
    } else if (a == "--markdown" && i + 1 < argc) {
      markdown = argv[++i];
    } else {
      std::fprintf(stderr,
                   "usage: bench_disk [--n 15,16] [--streaming 18] [--checkers 18,19] "
                   "[--work-dir DIR] [--markdown PATH]\n");
      return 2;
    }
  }
  const auto t_all = Clock::now();
  std::vector<Row> rows;
  std::vector<std::pair<int, bool>> reves_ns;  // (n, with the memory row)
  reves_ns.reserve(ns.size() + streaming_ns.size());
  for (const int n : ns) reves_ns.emplace_back(n, true);
  for (const int n : streaming_ns) reves_ns.emplace_back(n, false);
  for (const auto& [n, with_memory] : reves_ns) {
    const FreeSpace v(4, n, 0, 3, {});
    // The reference: the memory row, or (--streaming) the elided streaming row.
    hanoi::LevelCounts reference_levels;
    double reference_seconds = 0;
    if (with_memory) {
      hanoi::SearchOptions mo;
      mo.engine = hanoi::EngineKind::kLattice;
      reset_peak_rss();
      const hanoi::SearchResult mem = hanoi::lattice_search(v, mo);
      rows.push_back(Row{"reves", n, "memory", hanoi::default_memory_budget(), mem.states_reached,
                         mem.peak_rss, 0, 1, 0, mem.seconds, 1.0});
      std::fprintf(stderr, "[bench_disk] n=%d memory: %.2f s\n", n, mem.seconds);
      reference_levels = mem.level_sizes;
      reference_seconds = mem.seconds;
    }
    const hanoi::LatticeLayout L(4, n);
    const hanoi::DiskPlan full = hanoi::plan_disk(L, hanoi::default_memory_budget(), -1);
    struct Variant {
      const char* name;
      std::uint64_t budget;
      double every;
      bool streaming;  // a quarter of the state: also run at the sizes of --streaming
      hanoi::FileCoding coding = hanoi::FileCoding::kElided;
    };
    const std::uint64_t state = full.segments * full.segment_bytes;
    const std::vector<Variant> variants = {
        {"disk, resident", hanoi::default_memory_budget(), 60, false},
        {"disk, streaming (budget 1/4 of the state)", full.worker_bytes + state / 4, 60, true},
        // The same segments resident: its plan counts a codec beside each of 3 files.
        {"disk, streaming, zstd", full.worker_bytes + state / 4 + 3 * hanoi::kCodecBytes, 60, true,
         hanoi::FileCoding::kZstd},
        {"disk, checkpoint every segment", hanoi::default_memory_budget(), 0, false},
    };
    for (const Variant& var : variants) {
      if (!with_memory && !var.streaming) continue;
      const std::string dir = work + "/n" + std::to_string(n);
      std::filesystem::remove_all(dir);
      hanoi::SearchOptions o;
      o.engine = hanoi::EngineKind::kLattice;
      o.storage = hanoi::StorageKind::kDisk;
      o.work_dir = dir;
      o.max_memory = var.budget;
      o.checkpoint_seconds = var.every;
      o.disk_coding = var.coding;
      o.identity = "bench reves n=" + std::to_string(n);
      reset_peak_rss();
      const hanoi::SearchResult d = hanoi::disk_lattice_search(v, o);
      std::filesystem::remove_all(dir);
      if (reference_levels.empty()) {  // --streaming: the elided row is the reference
        reference_levels = d.level_sizes;
        reference_seconds = d.seconds;
      } else if (d.level_sizes != reference_levels) {
        std::fprintf(stderr, "bench_disk: n=%d %s: level counts differ from %s\n", n, var.name,
                     with_memory ? "memory" : "the elided streaming row");
        return 1;
      }
      rows.push_back(Row{"reves", n, var.name, var.budget, d.states_reached, d.peak_rss,
                         d.disk_bytes, d.segments, d.written_bytes, d.seconds,
                         reference_seconds / d.seconds, with_memory});
      std::fprintf(stderr, "[bench_disk] n=%d %s: %.2f s (ratio %.2f)\n", n, var.name, d.seconds,
                   reference_seconds / d.seconds);
    }
  }
  // The generic engine on Checkers DDDD: in memory, then its disk mode with every
  // segment resident, then with a budget of a quarter of its state.
  const hanoi::FamilyInfo& info = hanoi::variants::find_family("checkers");
  for (const int n : checkers) {
    const int failed = hanoi::variants::visit_family(
        info, hanoi::normalize(info, hanoi::Params{n, 4, ""}), [&](const auto&, const auto& v) {
          hanoi::SearchOptions mo;
          mo.engine = hanoi::EngineKind::kGeneric;
          reset_peak_rss();
          const hanoi::SearchResult mem = hanoi::breadth_first_search(v, mo);
          rows.push_back(Row{"checkers", n, "memory", hanoi::default_memory_budget(),
                             mem.states_reached, mem.peak_rss, 0, 1, 0, mem.seconds, 1.0});
          std::fprintf(stderr, "[bench_disk] checkers n=%d memory: %.2f s\n", n, mem.seconds);
          const std::size_t threads = hanoi::detail::worker_count();
          const hanoi::DiskBfsPlan full =
              hanoi::plan_disk_bfs(v.num_ranks(), hanoi::default_memory_budget(), -1, threads);
          // Segments of a sixteenth of the state, so that a quarter is four of them.
          int bits = full.segment_bits;
          while (bits > 10 &&
                 hanoi::plan_disk_bfs(v.num_ranks(), hanoi::default_memory_budget(), bits, threads)
                         .segments < 16)
            --bits;
          // The streaming row fixes its record queue (1 MiB), so that its worker, and so
          // its budget of a quarter of the state beside it, do not depend on the budget.
          const std::uint64_t queue = std::uint64_t{1} << 20;
          const hanoi::DiskBfsPlan cut = hanoi::plan_disk_bfs(
              v.num_ranks(), hanoi::default_memory_budget(), bits, threads, queue);
          struct Variant {
            const char* name;
            std::uint64_t budget;
            int bits;
            std::uint64_t record_bytes;
            hanoi::FileCoding coding = hanoi::FileCoding::kElided;
            bool per_state = false;
          };
          const std::uint64_t quarter = cut.worker_bytes + cut.segments * cut.segment_bytes / 4;
          const std::vector<Variant> variants = {
              {"disk, resident", hanoi::default_memory_budget(), -1, 0},
              {"disk, streaming (budget 1/4 of the state)", quarter, bits, queue},
              {"disk, streaming, zstd", quarter + 2 * hanoi::kCodecBytes, bits, queue,
               hanoi::FileCoding::kZstd},
              {"disk, streaming, state by state", quarter, bits, queue, hanoi::FileCoding::kElided,
               true},
          };
          for (const Variant& var : variants) {
            const std::string dir = work + "/checkers" + std::to_string(n);
            std::filesystem::remove_all(dir);
            hanoi::SearchOptions o;
            o.engine = hanoi::EngineKind::kGeneric;
            o.storage = hanoi::StorageKind::kDisk;
            o.work_dir = dir;
            o.max_memory = var.budget;
            o.segment_bits = var.bits;
            o.record_bytes = var.record_bytes;
            o.disk_coding = var.coding;
            o.per_state = var.per_state;
            o.identity = "bench checkers n=" + std::to_string(n);
            reset_peak_rss();
            const hanoi::SearchResult d = hanoi::disk_bfs_search(v, o);
            std::filesystem::remove_all(dir);
            if (d.level_sizes != mem.level_sizes) {
              std::fprintf(stderr, "bench_disk: checkers n=%d %s: level counts differ\n", n,
                           var.name);
              return 1;
            }
            rows.push_back(Row{"checkers", n, var.name, var.budget, d.states_reached, d.peak_rss,
                               d.disk_bytes, d.segments, d.written_bytes, d.seconds,
                               mem.seconds / d.seconds});
            std::fprintf(stderr, "[bench_disk] checkers n=%d %s: %.2f s (ratio %.2f)\n", n,
                         var.name, d.seconds, mem.seconds / d.seconds);
          }
          return 0;
        });
    if (failed != 0) return failed;
  }
  std::filesystem::remove_all(work);
  const double total = std::chrono::duration<double>(Clock::now() - t_all).count();
  std::string body =
      "| search | n | method | budget | states | seconds | states/s | memory / this (time) | "
      "peak RSS | disk at most | written | segments |\n"
      "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const Row& r : rows)
    body += "| " + r.search + " | " + std::to_string(r.n) + " | " + r.method + " | " +
            hanoi::format_bytes(r.budget) + " | " + std::to_string(r.states) + " | " +
            fmt("%.2f", r.seconds) + " | " +
            fmt("%.3g", static_cast<double>(r.states) / r.seconds) + " | " +
            (r.against_memory ? fmt("%.2f", r.ratio) : "(no memory row)") + " | " +
            hanoi::format_bytes(r.peak_rss) + " | " +
            (r.method == "memory" ? std::string("-") : hanoi::format_bytes(r.disk)) + " | " +
            (r.method == "memory" ? std::string("-") : hanoi::format_bytes(r.written)) + " | " +
            std::to_string(r.segments) + " |\n";
  body +=
      "\n## Target: disk mode at least half the in-memory speed (ratio >= 0.5)\n\n"
      "| search | n | method | ratio | met |\n|---|---:|---|---:|---|\n";
  for (const Row& r : rows)
    if (r.method != "memory" && r.against_memory)
      body += "| " + r.search + " | " + std::to_string(r.n) + " | " + r.method + " | " +
              fmt("%.2f", r.ratio) + " | " + (r.ratio >= 0.5 ? "yes" : "**no**") + " |\n";
  // zstd against the elided files, the same budget and segments, wherever both ran.
  body +=
      "\n## zstd against the elided files (the streaming rows: the same budget and segments)\n\n"
      "| search | n | disk at most, zstd / elided | written, zstd / elided | time, zstd / elided "
      "|\n|---|---:|---:|---:|---:|\n";
  for (const Row& z : rows) {
    if (z.method != "disk, streaming, zstd") continue;
    for (const Row& e : rows)
      if (e.search == z.search && e.n == z.n &&
          e.method == "disk, streaming (budget 1/4 of the state)")
        body += "| " + z.search + " | " + std::to_string(z.n) + " | " +
                fmt("%.3f", static_cast<double>(z.disk) / static_cast<double>(e.disk)) + " | " +
                fmt("%.3f", static_cast<double>(z.written) / static_cast<double>(e.written)) +
                " | " + fmt("%.2f", z.seconds / e.seconds) + " |\n";
  }
  std::fputs(body.c_str(), stdout);
  std::printf("\nTotal wall time %.1f s.\n", total);
  if (!markdown.empty()) {
    hanoi::bench::BenchTable t;
    t.title = "Disk mode against the in-memory search (lattice: 4 pegs; generic: Checkers)";
    t.command = hanoi::bench::command_line(argc, argv);
    t.total_seconds = total;
    t.intro =
        "Every row is one complete search from all discs on peg 0 (Checkers: problem DDDD), "
        "timed in this run; every row reported the memory row's per-level counts.  Rows: the "
        "header of experiments/bench_disk.cpp.  The work directory is on this machine's one "
        "disk; files written between checkpoints mostly stay in the page cache, checkpoints "
        "are flushed to the device.";
    t.body = body;
    t.summary = "the disk modes' time against the in-memory search";
    hanoi::bench::write_bench_table(markdown, t);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return bench_main(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_disk: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "bench_disk: unexpected exception\n");
  }
  return 1;
}

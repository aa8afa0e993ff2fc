// The lattice disk mode's opening, checkpoints and resume (DiskLatticeMode,
// disk_lattice.hpp): a single process's work directory, a distributed run's
// per-rank directories agreed across ranks, the checkpoint written at a boundary,
// and a checkpoint read back.  The format, the commit and the file checks are
// CheckpointDir's (checkpoint.hpp); this is what the mode writes into it.
//
// Part of disk_lattice.hpp, which declares these members and includes this file
// after its class.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/checkpoint.hpp"
#include "engine/comm.hpp"
#include "engine/core.hpp"
#include "engine/work_dir.hpp"

namespace hanoi {

template <LatticeSpace V>
void DiskLatticeMode<V>::open_single(bool& resumed) {
  if (!persist_) {  // --symmetry in memory: nothing to open, nothing to resume
    seed_start();
    return;
  }
  ckpt_.claim();
  if (std::filesystem::is_directory(dir_ + "/rank-0"))
    throw WorkDirError(dir_ +
                           " holds the checkpoint of a distributed run (rank-0/ ...): "
                           "resume it as a distributed run, or use another work directory",
                       {Feature::kDistributed, Feature::kWorkDir});
  resumed = ckpt_.open_or_start(
      o_.resume, o_.progress, "disk",
      [&](const Manifest& m) {
        resume_from(m);
        return finished_;
      },
      [&] { seed_start(); }, [&] { check_free_space(); });
}

template <LatticeSpace V>
void DiskLatticeMode<V>::open_distributed(bool& resumed) {
  std::uint64_t newest = 0;  // of this rank's manifests, 0: none
  std::string problem;       // why this rank cannot go on ("": it can)
  bool made_dir = false;     // this rank's directory did not exist before this run
  try {
    if (persist_) {
      made_dir = !std::filesystem::is_directory(dir_);
      ckpt_.claim();
      for (const std::string& name : list_dir(dir_))
        if (name.rfind("manifest-", 0) == 0 && name.find('.') == std::string::npos)
          newest = std::max(newest, parse_manifest_number(name.substr(9), "manifest number"));
      if (rank_ == 0) {
        bool single = false;
        (void)read_whole_file(o_.work_dir + "/manifest", single);
        if (single)
          problem = o_.work_dir +
                    " holds the checkpoint of a single-process run: resume it "
                    "as one process, or use another work directory";
        const std::string beyond = o_.work_dir + "/rank-" + std::to_string(ranks_);
        if (std::filesystem::is_directory(beyond))
          for (const std::string& name : list_dir(beyond))
            if (name.rfind("manifest-", 0) == 0)
              problem = o_.work_dir + " holds a checkpoint of more than " + std::to_string(ranks_) +
                        " ranks: resume it with the number of ranks that wrote it";
      }
    }
  } catch (const std::exception& e) {
    problem = e.what();
  }
  // Agreed: the newest and the oldest of the ranks' newest checkpoints, whether
  // any rank found a problem, and whether any rank made its directory just now.
  std::uint64_t agreed[4] = {newest, ~newest, problem.empty() ? 0u : 1u, made_dir ? 1u : 0u};
  comm_->max(agreed, 4);
  const std::uint64_t least = ~agreed[1];
  // The first checkpoint, cut short (see above): start afresh, its files strays.
  const bool cut_short = agreed[0] == 1 && least == 0 && agreed[3] == 0;
  const std::uint64_t most = cut_short ? 0 : agreed[0];
  // A refused run takes back the directory it made (when still empty), so that
  // a second try (with --resume, or the same number of ranks again) does not
  // count it as a directory that an interrupted job left.
  auto refuse = [&](const std::string& why, bool report) {
    std::error_code ec;
    if (made_dir) std::filesystem::remove(dir_, ec);
    throw AgreedError(why, report);
  };
  if (agreed[2] != 0)
    refuse(problem.empty() ? "another rank cannot use its work directory" : problem,
           !problem.empty());
  if (agreed[0] > 0 && !o_.resume)
    refuse(o_.work_dir + " holds a checkpoint (" + std::to_string(ranks_) +
               " ranks): resume to continue it, or use an empty directory",
           rank_ == 0);
  if (cut_short && o_.progress && rank_ == 0)
    std::fprintf(stderr,
                 "[disk] the first checkpoint in %s was not completed by every rank: "
                 "starting the search\n",
                 o_.work_dir.c_str());
  if (most > 0 && least == 0)
    refuse(o_.work_dir +
               ": some ranks hold a checkpoint and others none (another "
               "number of ranks, or a lost node-local directory): cannot resume",
           rank_ == 0);
  try {
    if (most == 0) {
      if (o_.resume && o_.progress && rank_ == 0 && !cut_short)
        std::fprintf(stderr, "[disk] no checkpoint in %s: starting the search\n",
                     o_.work_dir.c_str());
      if (persist_) {
        ckpt_.start_afresh();
        check_free_space();
      }
      seed_start();
    } else {
      manifest_id_ = least;
      const std::string name = "manifest-" + std::to_string(least);
      if (!std::filesystem::exists(path(name)))
        throw WorkDirError(path(name) + " is missing (the other ranks hold checkpoint " +
                           std::to_string(least) + ")");
      resume_from(ckpt_.read(name), name);
      resumed = true;
      if (!finished_) check_free_space();
    }
    problem.clear();
  } catch (const std::exception& e) {
    problem = e.what();
  }
  std::uint64_t failed = problem.empty() ? 0 : 1;
  comm_->max(&failed, 1);
  if (failed != 0)
    refuse(problem.empty() ? "another rank cannot resume its checkpoint" : problem,
           !problem.empty());
}

template <LatticeSpace V>
void DiskLatticeMode<V>::checkpoint() {
  if (!persist_) return;  // distributed without a work directory: nothing to keep
  settle();
  if (io_failed_) return;  // see settle(): the last checkpoint stays
  ckpt_.begin();
  for (std::uint64_t s = 0; s < plan_.segments; ++s) {
    Segment& g = segs_[s];
    if (g.loaded && g.dirty) {
      write_segment(g, s, o_.flush_to_device);
    } else if (o_.flush_to_device && !g.synced && !g.file.empty()) {
      sync_file(path(g.file.name));
      g.synced = true;
    }
  }
  // The waiting records: the current level's (for segments not yet done), then
  // the next level's.
  const FileRef records = records_.write(static_cast<int>(level_ & 1), o_.flush_to_device);
  ckpt_.retire(records_file_.name);
  records_file_ = records;
  Manifest m;
  ckpt_.write_head(m, CheckpointHead{level_, goal_depth_, finished_, last_sample_}, levels_);
  m.set("segment_discs", std::to_string(plan_.segment_discs));
  m.set("in_level", std::to_string(in_count_) + " " + std::to_string(in_goal_ ? 1 : 0));
  m.set("in_sample", join_numbers(in_sample_));
  ckpt_.name(m, "records", records_file_);
  for (std::uint64_t s = 0; s < plan_.segments; ++s) {
    const Segment& g = segs_[s];
    if (!g.file.empty() || g.done)
      ckpt_.name_segment(
          m, s, g.file, std::to_string(g.r_nonzero ? 1 : 0) + " " + std::to_string(g.done ? 1 : 0));
  }
  if (ranks_ > 1) {
    // The two phases of a distributed checkpoint (open_distributed): this rank's
    // manifest-C, then a barrier, then the old files go.
    ++manifest_id_;
    ckpt_.commit(m, "manifest-" + std::to_string(manifest_id_), [&] { comm_->barrier(); });
  } else {
    ckpt_.commit(m);
  }
  ++checkpoints_;
  if (o_.trace) ckpt_.trace("disk", level_);
}

template <LatticeSpace V>
void DiskLatticeMode<V>::resume_from(const Manifest& m, const std::string& manifest_name) {
  const std::string where = path(manifest_name);
  if (m.get_u64("segment_discs") != static_cast<std::uint64_t>(plan_.segment_discs))
    throw WorkDirError(where + ": internal: the plan was not taken from the checkpoint");
  const CheckpointHead h = ckpt_.read_head(m, levels_);
  level_ = h.level;
  goal_depth_ = h.goal;
  finished_ = h.finished;
  last_sample_ = h.last_sample;
  const auto in = m.get_list("in_level");
  if (in.size() != 2) throw WorkDirError(where + " is damaged (in_level)");
  in_count_ = in[0];
  in_goal_ = in[1] != 0;
  in_sample_ = m.get_list("in_sample");
  ckpt_.take_segments(m, plan_.segments, 2,
                      [&](std::uint64_t s, const FileRef& file, const auto& f) {
                        Segment& g = segs_[s];
                        g.file = file;
                        g.r_nonzero = f[3] == "1";
                        g.done = f[4] == "1";
                      });
  records_file_ = ckpt_.take(m.get("records"), "records");
  // Strays go first: the records may spill as they are read in.
  ckpt_.resumed(manifest_name);
  records_.read(records_file_, static_cast<int>(level_ & 1));
  if (o_.progress)
    std::fprintf(stderr, "[disk] resuming %s at level %llu (%llu levels done, %s on disk)\n",
                 dir_.c_str(), static_cast<unsigned long long>(level_),
                 static_cast<unsigned long long>(levels_.size()),
                 format_bytes(ckpt_.on_disk()).c_str());
}

}  // namespace hanoi

// The checkpoint component: what every storage that persists (the generic and the
// lattice engine's disk modes, the frontier engine) keeps in its work directory, and
// how a run resumes from it.
//
// Design overview
// ---------------
// A storage writes its data files (segments, queued records, levels) under fresh
// names and tells this component what a checkpoint names; the component owns the
// rest, once for all of them:
//
//   * the manifest (work_dir.hpp): one format, `kCheckpointFormat`, with the
//     storage that wrote it and the search's identity, checked on resume, so a
//     checkpoint of another search, another storage or an older version of the
//     program is refused with a line that says which;
//   * the common head of a checkpoint: the level the run is at, the goal's depth,
//     whether the run finished, the farthest states' sample and the per-level
//     counts (a file of their own: a thin graph has billions of levels);
//   * the life of a file: a file the current manifest names is *committed*; one
//     the run no longer needs is *retired*: deleted at once when no manifest names
//     it, else when a new manifest that does not name it is in place (commit);
//   * the commit: the manifest written atomically, then (after `between`, the
//     distributed search's barrier: the two phases of a checkpoint across ranks)
//     the files only the old manifest named deleted, and the old manifest too
//     when it had another name (the distributed search numbers them);
//   * resume: every file the manifest names verified (size and checksum) before it
//     is used, then the files of ours it does not name (an interrupted run's
//     writes) deleted;
//   * the disk in use and its peak, and the free-space refusal.
//
// The storages differ only in what they name: their data files and their own
// fields (a segment's flags, queued records, a half-depth test's verdict).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/level_counts.hpp"
#include "engine/run_lock.hpp"
#include "engine/work_dir.hpp"

namespace hanoi {

// The one checkpoint format of every storage.  Version 2 (the first shared one)
// replaced "hanoi-disk-bfs 1", "hanoi-disk-lattice 1" and "hanoi-frontier 1",
// which are refused by name.
inline constexpr const char* kCheckpointFormat = "hanoi-checkpoint 2";

// One rule for a disk run against the free space, for the plan (--plan) and the
// modes alike.  A run whose bound (every stored file written whole) fits, starts.
// One whose bound does not fit starts only when it reaches part of its bound
// (`partial`: the half-depth test, the generic engine's symmetry) or when its files
// are expected to take `share` of the bound (SearchOptions::disk_share, measured at
// a smaller n) and that fits; such a run is *watched*: it checks the free space
// before each file and stops at its last checkpoint should the disk fill anyway.
enum class Room { kFits, kWatched, kRefused };
Room room_for(std::uint64_t bound, std::uint64_t free, double share, bool partial);
// The bytes a run expects on disk: `share` of `bound` (the bound itself for 0).
std::uint64_t expected_disk(std::uint64_t bound, double share);

// A file a checkpoint names: its name, size and checksum ("-" in a manifest:
// none).
struct FileRef {
  std::string name;
  std::uint64_t bytes = 0, sum = 0;
  bool empty() const { return name.empty(); }
  std::string text() const;  // "name bytes sum", or "- 0 0"
};

// The fields every checkpoint has (see the overview).
struct CheckpointHead {
  std::uint64_t level = 0;  // the depth the run is at
  std::int64_t goal = -1;   // the goal's depth, -1: not reached
  bool finished = false;
  std::vector<std::uint64_t> last_sample;  // the farthest states so far (ranks)
};

class CheckpointDir {
 public:
  // `storage`: the name of the storage in the manifest ("disk-generic" ...);
  // `identity`: the search's, which a resumed run must match; `sync`: flush every
  // file to the device before a manifest names it.
  CheckpointDir(std::string dir, std::string storage, std::string identity, bool sync);
  CheckpointDir() = default;  // a storage that keeps no directory (nothing may be called)

  const std::string& dir() const { return dir_; }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }
  // Creates the directory and locks it for this run (engine/run_lock.hpp): a second
  // process on it is refused, naming this one.  open() calls it.
  void claim();
  // A new file name: "kind-SSSSSS-NNNNNNNN" (s: a segment, or 0), never used before
  // in this directory (the serial number goes into every manifest).
  std::string fresh_name(const char* kind, std::uint64_t s);

  // The single-process opening: creates the directory; a checkpoint there is read
  // and checked (returned) when `resume`, refused otherwise; without one, the files
  // of an interrupted start are deleted and nullopt returned (`tag`, e.g. "disk",
  // prefixes the progress line of a --resume that finds none).
  std::optional<Manifest> open(bool resume, bool progress, const char* tag);
  // open(), then resumed(manifest) (returning whether that run had finished) or
  // fresh(); check_space() runs before a fresh start writes anything and before an
  // unfinished run goes on.  Returns whether it resumed.
  template <class Resumed, class Fresh, class CheckSpace>
  bool open_or_start(bool resume, bool progress, const char* tag, Resumed&& resumed, Fresh&& fresh,
                     CheckSpace&& check_space) {
    if (const auto m = open(resume, progress, tag)) {
      if (!resumed(*m)) check_space();
      return true;
    }
    check_space();
    fresh();
    return false;
  }
  // Reads and checks the manifest `name` (the distributed search's numbered ones).
  Manifest read(const std::string& name);
  // The manifest at `path` when it is a checkpoint of `storage` (a resumed run takes
  // its plan from it before the storage is built); nullopt otherwise (open() then
  // says why it cannot be resumed).
  static std::optional<Manifest> peek(const std::string& path, const std::string& storage);

  // Resuming: the file `value` names ("name bytes sum"), verified and counted on
  // disk; `what` names the field in a refusal.  "-" is no file.
  FileRef take(const std::string& value, const std::string& what);
  // The same from fields[at], fields[at + 1], fields[at + 2] of a longer value.
  FileRef take(const std::vector<std::string>& fields, std::size_t at, const std::string& what);
  // Every segment entry of `m` ("seg.N", written by name_segment): N, below
  // `segments`, its file taken, and the storage's own `extra` fields after it;
  // fn(N, file, fields) with the file's three fields first.
  template <class Fn>
  void take_segments(const Manifest& m, std::uint64_t segments, std::size_t extra, Fn&& fn) {
    for (const std::string& key : m.keys_with("seg.")) {
      const std::uint64_t s = segment_of(key, segments);
      const auto f = manifest_fields(m.get(key));
      if (f.size() != 3 + extra)
        throw WorkDirError(path(manifest_name_) + " is damaged (" + key + ")");
      fn(s, take(f, 0, key), f);
    }
  }
  // The head of manifest `m` (its levels file taken and read into `levels`).
  CheckpointHead read_head(const Manifest& m, LevelCounts& levels);
  // After every file was taken: deletes the files of ours that the manifest does
  // not name; they become the committed ones.  `manifest_name`: the one resumed.
  void resumed(const std::string& manifest_name = "manifest");
  // Starting afresh: deletes every file of ours.
  void start_afresh();

  // Writing a checkpoint: the head (the levels go to a fresh file, named), then a
  // storage's own files (name) and fields (m.set), then commit.
  void write_head(Manifest& m, const CheckpointHead& head, const LevelCounts& levels);
  void name(Manifest& m, const std::string& key, const FileRef& f, const std::string& extra = "");
  // Segment s's entry: its file (possibly none) and the storage's fields.
  void name_segment(Manifest& m, std::uint64_t s, const FileRef& f, const std::string& extra);
  void commit(Manifest& m, const std::string& manifest_name = "manifest",
              const std::function<void()>& between = {});

  // The schedule every storage keeps: a checkpoint is due `every` seconds after the
  // last commit (or the resume), and never sooner than four times the last one's
  // cost, so that checkpoints take at most a fifth of the run (every <= 0: always
  // due).  begin() marks a checkpoint's start, commit() its end; postpone() starts
  // the wait again without one (a checkpoint skipped).
  void begin() { started_ = std::chrono::steady_clock::now(); }
  bool due(double every) const;
  void postpone() { last_commit_ = std::chrono::steady_clock::now(); }
  double last_cost() const { return last_cost_; }
  // "[tag] checkpoint at level L: S s, X on disk" on stderr (the modes' --trace).
  void trace(const char* tag, std::uint64_t level) const;

  // A file the run no longer needs (see the overview); "" is ignored.
  void retire(const std::string& name);
  // Whether the manifest on disk names `name`.
  bool committed(const std::string& name) const { return committed_.count(name) != 0; }

  // The bytes this run's files were read and written (every reader and writer of
  // the storage is given it): the I/O per level.  Held apart so that the
  // component stays movable.
  IoTally* io() const { return io_.get(); }
  // "X read, Y written" since `mark` (an io()->now() taken before): the progress
  // lines' I/O of the level so far.
  std::string io_since(const IoBytes& mark) const;

  // Disk in use by the files of this run (written, not yet deleted) and its peak.
  void account(std::int64_t delta);
  std::uint64_t on_disk() const { return disk_now_; }
  std::uint64_t peak() const { return disk_peak_; }
  // Refuses (DiskFullError) a run that may need `need` bytes more than there are:
  // the free space plus what this run holds already.
  void check_room(std::uint64_t need) const;
  // Before the run writes anything: room_for with the free space plus what this
  // run holds.  Refused: DiskFullError.  Watched: a warning on stderr (with
  // `progress`; `partial` names what reaches only part of the bound, or null) and
  // from then on ensure_room checks every file.
  void reserve_room(std::uint64_t bound, double share, const char* partial, bool progress,
                    const char* tag);
  // Before a file of at most `bytes` is written by a watched run (reserve_room):
  // DiskFullError unless kDiskReserve stays free beside it (a clear stop, the last
  // checkpoint intact).  Nothing to do for a run whose bound fits.
  void ensure_room(std::uint64_t bytes) const;

 private:
  void check(const Manifest& m, const std::string& where) const;
  std::uint64_t segment_of(const std::string& key, std::uint64_t segments) const;
  void remove_ours_except(const std::set<std::string>& keep);

  std::string dir_, storage_, identity_;
  std::shared_ptr<RunLock> lock_;  // held from claim() to the run's end
  bool sync_ = false;
  std::uint64_t serial_ = 0;
  std::set<std::string> committed_;   // the files the manifest on disk names
  std::set<std::string> naming_;      // the files the manifest being written names
  std::vector<std::string> retired_;  // committed files no longer needed
  std::string manifest_name_;         // the manifest on disk ("": none yet)
  std::string levels_file_;           // the levels file of the manifest on disk
  std::uint64_t disk_now_ = 0, disk_peak_ = 0;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_commit_ = started_;
  double last_cost_ = 0;  // seconds the last checkpoint took
  std::unique_ptr<IoTally> io_ = std::make_unique<IoTally>();
  bool watched_ = false;  // reserve_room could not promise the room
};

}  // namespace hanoi

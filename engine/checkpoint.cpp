#include "engine/checkpoint.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "engine/memory.hpp"

namespace hanoi {

namespace {

// The formats before the shared one, and what wrote them (for the refusal).
const char* older_format(const std::string& format) {
  if (format == "hanoi-disk-bfs 1") return "the generic engine's disk mode";
  if (format == "hanoi-disk-lattice 1") return "the lattice engine's disk mode";
  if (format == "hanoi-frontier 1") return "the frontier engine";
  return nullptr;
}

// The files a storage may write in its directory: what a resume or a fresh start
// deletes when no manifest names it ("manifest" covers manifest.tmp and the
// distributed search's manifest-N).
bool ours(const std::string& name) {
  for (const char* kind : {"seg-", "spill-", "rspill-", "records-", "levels-", "layers-"})
    if (name.rfind(kind, 0) == 0) return true;
  return name.rfind("manifest", 0) == 0;
}

}  // namespace

std::string FileRef::text() const {
  if (name.empty()) return "- 0 0";
  return name + " " + std::to_string(bytes) + " " + std::to_string(sum);
}

CheckpointDir::CheckpointDir(std::string dir, std::string storage, std::string identity, bool sync)
    : dir_(std::move(dir)),
      storage_(std::move(storage)),
      identity_(std::move(identity)),
      sync_(sync) {}

std::string CheckpointDir::fresh_name(const char* kind, std::uint64_t s) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s-%06llu-%08llu", kind, static_cast<unsigned long long>(s),
                static_cast<unsigned long long>(serial_++));
  return buf;
}

void CheckpointDir::check(const Manifest& m, const std::string& where) const {
  const std::string format = m.get("format");
  if (format != kCheckpointFormat) {
    const char* older = older_format(format);
    throw WorkDirError(
        where + " is a checkpoint of format '" + format + "'" +
        (older != nullptr ? std::string(" (") + older + ", an earlier version)" : std::string()) +
        "; this program reads '" + kCheckpointFormat +
        "': start the run again in an empty directory");
  }
  if (m.get("storage") != storage_)
    throw WorkDirError(where + " is a checkpoint of the storage '" + m.get("storage") +
                       "', this search's is '" + storage_ + "': use another work directory");
  if (m.get("identity") != identity_)
    throw WorkDirError(dir_ + " holds a checkpoint of " + m.get("identity") + ", not of " +
                       identity_ + ": use another work directory");
}

Manifest CheckpointDir::read(const std::string& name) {
  manifest_name_ = name;
  bool exists = false;
  const std::string text = read_whole_file(path(name), exists);
  if (!exists) throw WorkDirError(path(name) + " is missing");
  Manifest m = Manifest::parse(text, path(name));
  check(m, path(name));
  return m;
}

void CheckpointDir::claim() {
  make_work_dir(dir_);
  if (!lock_) lock_ = std::make_shared<RunLock>(RunLock::directory(dir_));
}

std::optional<Manifest> CheckpointDir::open(bool resume, bool progress, const char* tag) {
  claim();
  bool exists = false;
  const std::string text = read_whole_file(path("manifest"), exists);
  if (exists && !resume)
    throw WorkDirError(dir_ + " holds a checkpoint (" + describe_checkpoint(text) +
                           "): resume to continue it, or use an empty directory",
                       {Feature::kResume, Feature::kWorkDir});
  if (exists) {
    Manifest m = Manifest::parse(text, path("manifest"));
    check(m, path("manifest"));
    manifest_name_ = "manifest";
    return m;
  }
  if (resume && progress)
    std::fprintf(stderr, "[%s] no checkpoint in %s: starting the search\n", tag, dir_.c_str());
  start_afresh();
  return std::nullopt;
}

std::optional<Manifest> CheckpointDir::peek(const std::string& path, const std::string& storage) {
  bool exists = false;
  const std::string text = read_whole_file(path, exists);
  if (!exists) return std::nullopt;
  Manifest m = Manifest::parse(text, path);
  if (m.get("format") != kCheckpointFormat || m.get("storage") != storage) return std::nullopt;
  return m;
}

FileRef CheckpointDir::take(const std::vector<std::string>& f, std::size_t at,
                            const std::string& what) {
  if (f.size() < at + 3) throw WorkDirError(path(manifest_name_) + " is damaged (" + what + ")");
  FileRef r;
  if (f[at] == "-") return r;
  r.name = f[at];
  if (r.name.find('/') != std::string::npos || !ours(r.name))
    throw WorkDirError(path(manifest_name_) + " is damaged (" + what + " names '" + r.name + "')");
  r.bytes = parse_manifest_number(f[at + 1], what + " size");
  r.sum = parse_manifest_number(f[at + 2], what + " checksum");
  verify_file(path(r.name), r.bytes, r.sum);
  account(static_cast<std::int64_t>(r.bytes));
  naming_.insert(r.name);
  return r;
}

FileRef CheckpointDir::take(const std::string& value, const std::string& what) {
  const auto f = manifest_fields(value);
  if (f.size() != 3) throw WorkDirError(path(manifest_name_) + " is damaged (" + what + ")");
  return take(f, 0, what);
}

CheckpointHead CheckpointDir::read_head(const Manifest& m, LevelCounts& levels) {
  serial_ = m.get_u64("serial");
  CheckpointHead h;
  h.level = m.get_u64("level");
  h.goal = std::stoll(m.get("goal"));
  h.finished = m.get("finished") == "1";
  h.last_sample = m.get_list("last_sample");
  const FileRef f = take(m.get("levels"), "levels");
  if (f.empty()) throw WorkDirError(path(manifest_name_) + " names no levels file");
  levels_file_ = f.name;
  BitmapReader rd(path(f.name));
  rd.tally(io());
  std::uint64_t n = 0;
  rd.read_raw(&n, 1);
  // A finished run may be one level past its counts (the empty level that ended it).
  if (n != h.level && !(h.finished && n + 1 >= h.level))
    throw WorkDirError(path(f.name) + " holds " + std::to_string(n) +
                       " levels, the manifest says the run is at level " + std::to_string(h.level));
  levels = LevelCounts();
  std::vector<std::uint64_t> buf(4096);
  for (std::uint64_t left = n; left > 0;) {
    const std::uint64_t k = std::min<std::uint64_t>(left, buf.size());
    rd.read_raw(buf.data(), k);
    for (std::uint64_t i = 0; i < k; ++i) levels.push_back(buf[i]);
    left -= k;
  }
  rd.check(f.bytes, f.sum);
  return h;
}

void CheckpointDir::remove_ours_except(const std::set<std::string>& keep) {
  for (const std::string& name : list_dir(dir_))
    if (ours(name) && keep.count(name) == 0) remove_file(path(name));
}

void CheckpointDir::resumed(const std::string& manifest_name) {
  last_commit_ = std::chrono::steady_clock::now();
  manifest_name_ = manifest_name;
  std::set<std::string> keep = naming_;
  keep.insert(manifest_name);
  remove_ours_except(keep);
  committed_ = std::move(naming_);
  naming_.clear();
}

void CheckpointDir::start_afresh() {
  remove_ours_except({});
  committed_.clear();
  naming_.clear();
  manifest_name_.clear();
}

void CheckpointDir::write_head(Manifest& m, const CheckpointHead& h, const LevelCounts& levels) {
  m.set("level", std::to_string(h.level));
  m.set("goal", std::to_string(h.goal));
  m.set("finished", h.finished ? "1" : "0");
  m.set("last_sample", join_numbers(h.last_sample));
  FileRef f;
  f.name = fresh_name("levels", 0);
  {
    BitmapWriter w(path(f.name));
    w.tally(io());
    const std::uint64_t n = levels.size();
    w.add_raw(&n, 1);
    std::vector<std::uint64_t> buf;
    buf.reserve(4096);
    for (std::uint64_t x : levels) {
      buf.push_back(x);
      if (buf.size() == 4096) {
        w.add_raw(buf.data(), buf.size());
        buf.clear();
      }
    }
    w.add_raw(buf.data(), buf.size());
    w.finish(f.bytes, f.sum, sync_);
  }
  account(static_cast<std::int64_t>(f.bytes));
  retire(levels_file_);
  levels_file_ = f.name;
  name(m, "levels", f);
}

void CheckpointDir::name(Manifest& m, const std::string& key, const FileRef& f,
                         const std::string& extra) {
  m.set(key, extra.empty() ? f.text() : f.text() + " " + extra);
  if (!f.empty()) naming_.insert(f.name);
}

void CheckpointDir::name_segment(Manifest& m, std::uint64_t s, const FileRef& f,
                                 const std::string& extra) {
  char key[32];
  std::snprintf(key, sizeof key, "seg.%010llu", static_cast<unsigned long long>(s));
  name(m, key, f, extra);
}

std::uint64_t CheckpointDir::segment_of(const std::string& key, std::uint64_t segments) const {
  const std::uint64_t s = parse_manifest_number(key.substr(4), "segment number");
  if (s >= segments)
    throw WorkDirError(path(manifest_name_) + " names segment " + key.substr(4) +
                       ", beyond this search's " + std::to_string(segments));
  return s;
}

void CheckpointDir::commit(Manifest& m, const std::string& manifest_name,
                           const std::function<void()>& between) {
  m.set("format", kCheckpointFormat);
  m.set("storage", storage_);
  m.set("identity", identity_);
  m.set("serial", std::to_string(serial_));
  write_file_atomically(dir_, manifest_name, m.text(), sync_);
  if (between) between();
  // The new manifest is in place: what only the old one named may go.
  if (!manifest_name_.empty() && manifest_name_ != manifest_name) remove_file(path(manifest_name_));
  manifest_name_ = manifest_name;
  for (const std::string& name : retired_)
    if (naming_.count(name) == 0) {
      const std::uint64_t bytes = file_size(path(name));
      remove_file(path(name));
      account(-static_cast<std::int64_t>(bytes));
    }
  retired_.clear();
  committed_ = std::move(naming_);
  naming_.clear();
  last_commit_ = std::chrono::steady_clock::now();
  last_cost_ = std::chrono::duration<double>(last_commit_ - started_).count();
}

bool CheckpointDir::due(double every) const {
  if (every <= 0) return true;
  const double since =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - last_commit_).count();
  return since >= std::max(every, 4 * last_cost_);
}

void CheckpointDir::trace(const char* tag, std::uint64_t level) const {
  std::fprintf(stderr, "[%s] checkpoint at level %llu: %.2f s, %s on disk\n", tag,
               static_cast<unsigned long long>(level), last_cost_, format_bytes(on_disk()).c_str());
}

void CheckpointDir::retire(const std::string& name) {
  if (name.empty()) return;
  if (committed(name)) {
    retired_.push_back(name);
    return;
  }
  const std::uint64_t bytes = file_size(path(name));
  remove_file(path(name));
  account(-static_cast<std::int64_t>(bytes));
}

std::string CheckpointDir::io_since(const IoBytes& mark) const {
  const IoBytes now = io_->now();
  return format_bytes(now.read - mark.read) + " read, " + format_bytes(now.written - mark.written) +
         " written";
}

void CheckpointDir::account(std::int64_t delta) {
  disk_now_ = static_cast<std::uint64_t>(static_cast<std::int64_t>(disk_now_) + delta);
  disk_peak_ = std::max(disk_peak_, disk_now_);
}

void CheckpointDir::check_room(std::uint64_t need) const {
  const std::uint64_t have = free_disk_bytes(dir_) + disk_now_;
  if (need > have)
    throw DiskFullError("the search may need up to " + format_bytes(need) + " of disk in " + dir_ +
                            ", which has " + format_bytes(have) +
                            " free (free space, or use another work directory)",
                        {Feature::kWorkDir});
}

Room room_for(std::uint64_t bound, std::uint64_t free, double share, bool partial) {
  if (bound <= free) return Room::kFits;
  if (share > 0) return expected_disk(bound, share) <= free ? Room::kWatched : Room::kRefused;
  return partial ? Room::kWatched : Room::kRefused;
}

std::uint64_t expected_disk(std::uint64_t bound, double share) {
  if (share <= 0 || share >= 1) return bound;
  return static_cast<std::uint64_t>(std::ceil(static_cast<double>(bound) * share));
}

void CheckpointDir::reserve_room(std::uint64_t bound, double share, const char* partial,
                                 bool progress, const char* tag) {
  const std::uint64_t have = free_disk_bytes(dir_) + disk_now_;
  const Room room = room_for(bound, have, share, partial != nullptr);
  if (room == Room::kFits) return;
  char share_text[32];
  std::snprintf(share_text, sizeof share_text, "%.3g", share);
  const std::string expects = format_bytes(expected_disk(bound, share)) + " (" + share_text +
                              " of the bound " + format_bytes(bound) +
                              ", as measured at a smaller n)";
  if (room == Room::kRefused) {
    if (share > 0)
      throw DiskFullError("the search expects about " + expects + " of disk in " + dir_ +
                              ", which has " + format_bytes(have) +
                              " free (free space, or use another work directory)",
                          {Feature::kWorkDir});
    check_room(bound);  // throws: the bound does not fit
    return;
  }
  if (progress)
    std::fprintf(stderr,
                 "[%s] warning: the search could need up to %s of disk in %s, which has %s free; "
                 "%s, so it starts and stops at a checkpoint should the disk fill\n",
                 tag, format_bytes(bound).c_str(), dir_.c_str(), format_bytes(have).c_str(),
                 share > 0 ? ("its files are expected to take about " + expects).c_str()
                           : (std::string(partial) + " reaches only part of it").c_str());
  watched_ = true;
}

void CheckpointDir::ensure_room(std::uint64_t bytes) const {
  if (!watched_) return;
  const std::uint64_t have = free_disk_bytes(dir_);
  if (have < bytes + kDiskReserve)
    throw DiskFullError("the disk of " + dir_ + " is nearly full (" + format_bytes(have) +
                            " free, " + format_bytes(bytes) + " to write and a reserve of " +
                            format_bytes(kDiskReserve) +
                            " kept free): free space and resume from the last checkpoint",
                        {Feature::kResume});
}

}  // namespace hanoi

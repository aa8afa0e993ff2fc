// Files of a disk-backed search (`--work-dir`): checksummed bitmap files, the
// atomically replaced manifest, free-space checks.
//
// Design overview
// ---------------
// A checkpoint is a set of immutable data files plus one small text manifest that
// names them with their sizes and checksums.  Data files are written under fresh
// names, flushed to the device (fdatasync), and only then named by a new manifest,
// which is written to `manifest.tmp`, flushed and renamed over `manifest` (then the
// directory is flushed).  A process killed at any instant therefore leaves either
// the old manifest or the new one, each naming complete files; files that no
// manifest names are leftovers of the interrupted work and are deleted when the run
// resumes.  Every read checks the checksum, so a damaged file is refused, never
// used.
//
// Bitmaps are stored with zero and all-ones words elided: per group of 64 words, a
// 64-bit mask of the nonzero ones, then (unless that is zero) a mask of the
// all-ones ones, then the other words.  A random dense bitmap costs 1/32 more; the
// sparse ones (the next level's candidates, the visited set early on) shrink to
// their nonzero words, and a visited set that fills (most words of a 4-peg search's
// segments in its second half) to its masks.  Files of the first version (zero
// words only) are still read.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/features.hpp"

namespace hanoi {

// A work directory that cannot be used: refused checkpoint, I/O error, no space.
class WorkDirError : public std::runtime_error, public NamesFeatures {
 public:
  explicit WorkDirError(const std::string& what, FeatureSet involved = {})
      : std::runtime_error(what), NamesFeatures(involved) {}
};

// The disk is full, or too full to start or go on: the run stops at its last
// checkpoint and can resume once there is room (the CLI's exit status 3, like the
// memory budget; other WorkDirErrors are a directory that cannot be used, 2).
class DiskFullError : public WorkDirError {
 public:
  using WorkDirError::WorkDirError;
};

// The space a disk run keeps free beyond the file it is about to write, where it
// checks file by file (the half-depth test, the generic engine's symmetry: no bound
// foresees their disk use): room for the checkpoint that must still be written and
// for the machine's other programs.  Named in the refusal and in `--plan`.
inline constexpr std::uint64_t kDiskReserve = std::uint64_t{256} << 20;

// A 64-bit checksum of a sequence of words: four multiply-rotate lanes (word i
// goes to lane i mod 4, so blocks of any size give the same value), combined at the
// end.  Four independent lanes keep the multiplier busy: about 0.3 ns a word, so
// checking costs little beside the copy.
class Checksum {
 public:
  void add(std::uint64_t w) {
    mix(h_[count_ & 3], w);
    ++count_;
  }
  void add_block(const std::uint64_t* p, std::size_t n) {
    std::size_t i = 0;
    for (; i < n && (count_ & 3) != 0; ++i) add(p[i]);
    for (; i + 4 <= n; i += 4) {
      mix(h_[0], p[i]);
      mix(h_[1], p[i + 1]);
      mix(h_[2], p[i + 2]);
      mix(h_[3], p[i + 3]);
      count_ += 4;
    }
    for (; i < n; ++i) add(p[i]);
  }
  std::uint64_t value() const {
    std::uint64_t v = count_ * 0x94D049BB133111EBull;
    for (std::uint64_t h : h_) {
      v = (v ^ h) * 0xBF58476D1CE4E5B9ull;
      v ^= v >> 31;
    }
    return v;
  }

 private:
  static void mix(std::uint64_t& h, std::uint64_t w) {
    h ^= w * 0x9E3779B97F4A7C15ull;
    h = (h << 29 | h >> 35) * 0xBF58476D1CE4E5B9ull;
  }
  std::uint64_t h_[4] = {0x6A09E667F3BCC909ull, 0xBB67AE8584CAA73Bull, 0x3C6EF372FE94F82Bull,
                         0xA54FF53A5F1D36F1ull};
  std::uint64_t count_ = 0;
};

// The bytes a run's files were read and written (the disk modes' I/O per level,
// SearchResult::level_read and level_written): every BitmapWriter and BitmapReader
// given one (tally()) adds what it moves, from whichever thread it runs on.
struct IoBytes {
  std::uint64_t read = 0, written = 0;
};
struct IoTally {
  std::atomic<std::uint64_t> read{0}, written{0};
  IoBytes now() const {
    return {read.load(std::memory_order_relaxed), written.load(std::memory_order_relaxed)};
  }
};

// Writes 64-bit words to a new file `path` with zero and all-ones words elided (add) or as they
// are (add_raw); finish() gives its size and checksum and, with `sync`, flushes it
// to the device (a checkpoint's files must be there before the manifest names
// them; a file that only makes room in memory need not be, until then).
//
// The elision of a group of 64 words has two implementations that write the same
// bytes: a portable loop, and on x86-64 CPUs with AVX-512 one that compresses 8
// words per instruction (chosen at run time; several times faster, which matters
// where segments stream through memory at every level).  kPortable forces the
// loop (the tests compare the two).
enum class BitmapCodec { kFastest, kPortable };

// How a segment file's elided words are stored.  kElided: as they are.  kZstd: each
// buffer of them (1 MiB; a file's first ones smaller, from 8 KiB, doubling)
// compressed by Zstandard at its fastest level (a third version of the file,
// "HANOIBM3": the magic word, then per block a header word, raw words << 32 |
// compressed bytes, and the compressed bytes padded to whole words).  Measured on
// 4-peg segments mid-search: a quarter of the elided bytes (results/bench_disk.md).
// A reader recognises either by the magic word.
enum class FileCoding { kElided, kZstd };

// Memory a kZstd file open at once needs beside its buffer: a Zstandard context and
// a compressed block (0.6 MiB and 1 MiB for a writer; less for a reader).  The
// plans count it for every file they may have open when the coding is kZstd.
inline constexpr std::uint64_t kCodecBytes = std::uint64_t{2} << 20;

// The most buffer each open BitmapWriter or BitmapReader holds (and file_checksum
// for its pass): the disk modes count one per file they may have open at once in
// their plan, so that the budget holds.  (A writer's buffer starts at 8 KiB and
// doubles at each flush; a reader's is no larger than its file: small files, as in
// the tests, never take a whole one.)  1 MiB reads and writes stream as fast as
// larger ones on the file systems measured (results/bench_disk.md).
inline constexpr std::uint64_t kIoBufferBytes = std::uint64_t{1} << 20;

class BitmapWriter {
 public:
  // `overwrite`: write over an existing file of this name (cut to its new length at
  // finish()) rather than a new one: its pages stay in the page cache, which spares
  // the kernel allocating, zeroing and freeing them when a segment streams out at
  // every level.  Only for a file no manifest names.
  explicit BitmapWriter(const std::string& path, BitmapCodec codec = BitmapCodec::kFastest,
                        bool overwrite = false, FileCoding coding = FileCoding::kElided);
  ~BitmapWriter();
  BitmapWriter(const BitmapWriter&) = delete;
  BitmapWriter& operator=(const BitmapWriter&) = delete;
  void add(const std::uint64_t* words, std::uint64_t count);
  void add_raw(const std::uint64_t* words, std::uint64_t count);  // not elided
  // Adds the bytes this writer writes to *t (null: none).
  void tally(IoTally* t) { tally_ = t; }
  // Closes the file (flushed to the device with `sync`); its size and checksum.
  void finish(std::uint64_t& bytes, std::uint64_t& sum, bool sync = true);

 private:
  void flush_buffer();
  void flush_and_grow();  // flush_buffer(), then a larger buffer while below kBufferWords
  void flush_compressed();
  std::string path_;
  int fd_ = -1;
  // kZstd: the compressor and its output block (null for kElided).
  struct Zstd;
  std::unique_ptr<Zstd> zstd_;
  // cap_ words (up to kBufferWords, growing) and room for one more group; not
  // zeroed, so that a small file touches only the pages it fills.
  std::unique_ptr<std::uint64_t[]> buf_;
  std::size_t cap_ = 0;
  std::size_t used_ = 0;
  bool simd_ = false;
  std::uint64_t bytes_ = 0;
  Checksum sum_;
  IoTally* tally_ = nullptr;
};

// Reads back what a BitmapWriter wrote, in the same calls; throws WorkDirError on
// a short file.  check() compares the size and checksum with the manifest's.
class BitmapReader {
 public:
  explicit BitmapReader(const std::string& path, BitmapCodec codec = BitmapCodec::kFastest);
  ~BitmapReader();
  BitmapReader(const BitmapReader&) = delete;
  BitmapReader& operator=(const BitmapReader&) = delete;
  // Sets words[0..count) from an elided array (zero where elided).
  void read(std::uint64_t* words, std::uint64_t count);
  void read_raw(std::uint64_t* words, std::uint64_t count);
  void skip(std::uint64_t count);
  // Throws WorkDirError unless the file ended here with this size and checksum.
  void check(std::uint64_t bytes, std::uint64_t sum);
  // Adds the bytes this reader reads to *t (null: none), the first buffer's
  // (read by the constructor, for the file's magic word) included.
  void tally(IoTally* t) {
    tally_ = t;
    if (t != nullptr) t->read.fetch_add(bytes_, std::memory_order_relaxed);
  }

 private:
  std::uint64_t get();
  void fill();
  void fill_compressed();
  void grow(std::size_t words);
  // Reads up to `want` bytes, fewer only at the end of the file; how many.
  std::size_t read_upto(void* to, std::size_t want);
  // Reads exactly `want` bytes (false at the end of the file before any byte; a
  // partial read throws: the file is truncated).
  bool read_exact(void* to, std::size_t want);
  std::string path_;
  int fd_ = -1;
  struct Zstd;  // kZstd files: the decompressor and the compressed block
  std::unique_ptr<Zstd> zstd_;
  // cap_ words read (kBufferWords, or the file's size when smaller; a kZstd file's
  // largest block), and 8 words of slack for SIMD loads (zero); the rest not zeroed.
  std::unique_ptr<std::uint64_t[]> buf_;
  std::size_t cap_ = 0;
  std::size_t pos_ = 0, len_ = 0;
  bool simd_ = false;
  bool version2_ = true;  // all-ones words elided too (version 1: zero words only)
  std::uint64_t bytes_ = 0;
  Checksum sum_;
  IoTally* tally_ = nullptr;
};

// The checksum and size of a whole file (reading it), for a resume's verification.
void file_checksum(const std::string& path, std::uint64_t& bytes, std::uint64_t& sum);
// Flushes a written file to the device.
void sync_file(const std::string& path);

// A manifest's decimal number; WorkDirError naming `what` when `text` is not one.
std::uint64_t parse_manifest_number(const std::string& text, const std::string& what);

// The manifest: "key value" lines in a fixed order, ended by a checksum line.
class Manifest {
 public:
  void set(const std::string& key, const std::string& value);
  bool has(const std::string& key) const;
  const std::string& get(const std::string& key) const;  // WorkDirError when missing
  std::uint64_t get_u64(const std::string& key) const;
  std::vector<std::uint64_t> get_list(const std::string& key) const;  // space separated
  // Keys starting with `prefix`, in order.
  std::vector<std::string> keys_with(const std::string& prefix) const;
  std::string text() const;
  // Parses a manifest's text; throws WorkDirError (naming `path`) when it is
  // truncated, damaged (checksum) or not a manifest.
  static Manifest parse(const std::string& text, const std::string& path);

 private:
  std::map<std::string, std::string> values_;
};

// Writes `text` to dir/name atomically (temporary file, fdatasync, rename, directory
// flush; without `sync` no flushes: atomic for a killed process, not a power cut).
void write_file_atomically(const std::string& dir, const std::string& name, const std::string& text,
                           bool sync = true);
// The whole file, or nullopt-like "" with exists=false when it does not exist.
std::string read_whole_file(const std::string& path, bool& exists);
// Free bytes for an unprivileged writer on the file system holding `dir`.
std::uint64_t free_disk_bytes(const std::string& dir);
// Creates `dir` (and its parents) when missing; WorkDirError when impossible.
void make_work_dir(const std::string& dir);
// The regular files of `dir` (names only).
std::vector<std::string> list_dir(const std::string& dir);
void remove_file(const std::string& path);         // no error when it is already gone
std::uint64_t file_size(const std::string& path);  // 0 when missing

// Helpers both disk modes' manifests use.
// The space-separated fields of a manifest value ("name bytes sum ...").
std::vector<std::string> manifest_fields(const std::string& value);
// Numbers joined by single spaces (a manifest value).
std::string join_numbers(const std::vector<std::uint64_t>& xs);
// "identity, level L[, finished]" of a manifest's text, or "unreadable": for the
// refusal to overwrite a checkpoint.
std::string describe_checkpoint(const std::string& manifest_text);
// Checks that `path` is there whole: `bytes` long with checksum `sum`; throws
// WorkDirError naming it (truncated or replaced; damaged) otherwise.
void verify_file(const std::string& path, std::uint64_t bytes, std::uint64_t sum);

}  // namespace hanoi

#include "engine/work_dir.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define HANOI_AVX512_CODEC 1
#endif

namespace hanoi {
namespace {

// Version 2 (written): a group's nonzero mask, then (unless it is zero) its all-ones
// mask, then the words that are neither.  Version 1 (still read): the nonzero mask
// and the nonzero words.
constexpr std::uint64_t kMagic1 = 0x314D4249494E4148ull;  // "HANOIBM1"
constexpr std::uint64_t kMagic2 = 0x324D4249494E4148ull;  // "HANOIBM2"
// Version 3: version 2's words in Zstandard-compressed blocks (FileCoding::kZstd).
constexpr std::uint64_t kMagic3 = 0x334D4249494E4148ull;  // "HANOIBM3"
constexpr std::size_t kBufferWords = kIoBufferBytes / 8;
// A writer's buffer holds kBufferWords and one more group (64 words and 2 masks).
constexpr std::size_t kBlockWords = kBufferWords + 80;
// Room past a writer's flush point for one more group (64 words and 2 masks).
constexpr std::size_t kGroupRoom = kBlockWords - kBufferWords;
// A writer's first buffer (8 KiB), doubled at each flush up to kBufferWords: a small
// file (a test's segment, a short level's records) never allocates a whole buffer.
// An elided file's bytes do not depend on it; a kZstd file's first blocks are as
// small (any block of up to kBlockWords reads).  (Under AddressSanitizer each 1 MiB
// buffer was a fresh mapping, poisoned and quarantined: most of the disk modes'
// test time.)
constexpr std::size_t kFirstBufferWords = std::size_t{1} << 10;

// Words of a buffer for reading `bytes` of a file: no more than it holds, at least
// one, at most kBufferWords.
std::size_t read_buffer_words(off_t bytes) {
  const auto b = static_cast<std::uint64_t>(std::max<off_t>(bytes, 8));
  return static_cast<std::size_t>(std::min<std::uint64_t>(kBufferWords, (b + 7) / 8));
}

std::string errno_text(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}

// Throws the error of a failed call, errno still set: a full disk (or quota) is
// DiskFullError, anything else WorkDirError.
[[noreturn]] void throw_errno(const std::string& text) {
  if (errno == ENOSPC || errno == EDQUOT) throw DiskFullError(text);
  throw WorkDirError(text);
}

// Opens a work-directory file, which must be a regular file.  O_NONBLOCK, so that a
// FIFO put in a file's place fails here instead of blocking the run for ever (the
// flag changes nothing for a regular file).  Returns -1 with errno set where open()
// fails; throws WorkDirError for anything but a regular file.
int open_regular(const std::string& path, int flags, mode_t mode = 0) {
  const int fd = ::open(path.c_str(), flags | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, mode);
  // (ENXIO: a FIFO opened for writing that no process reads.)
  if (fd < 0 && errno == ENXIO)
    throw WorkDirError(path +
                       " is not a regular file (a FIFO where the work directory keeps a "
                       "file); remove it");
  if (fd < 0) return fd;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const bool fifo = S_ISFIFO(st.st_mode);
    ::close(fd);
    throw WorkDirError(path + " is not a regular file (" +
                       (fifo ? "a FIFO" : "a device, socket or directory") +
                       " where the work directory keeps a file); remove it");
  }
  return fd;
}

void write_all(int fd, const void* data, std::size_t bytes, const std::string& path) {
  const char* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t w = ::write(fd, p, bytes);
    if (w < 0) {
      if (errno == EINTR) continue;
      throw_errno(errno_text("cannot write", path));
    }
    p += w;
    bytes -= static_cast<std::size_t>(w);
  }
}

void sync_dir(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// Whether the AVX-512 group codec may run here (asked once).
bool avx512_codec_available() {
#ifdef HANOI_AVX512_CODEC
  static const bool yes = __builtin_cpu_supports("avx512f") != 0;
  return yes;
#else
  return false;
#endif
}

#ifdef HANOI_AVX512_CODEC
// A full group of 64 words (version 2): its masks at out[0] and out[1], then its
// other words, 8 words compressed per step.  Each step stores a whole vector (the
// buffer has room for a group and 8 words more); the next step overwrites what
// lies past its words.  Returns the end of what the group wrote.
__attribute__((target("avx512f"))) std::uint64_t* encode_group_avx512(const std::uint64_t* w,
                                                                      std::uint64_t* out) {
  std::uint64_t* const masks = out;
  out += 2;
  const __m512i all = _mm512_set1_epi64(-1);
  std::uint64_t nonzero = 0, ones = 0;
  for (std::size_t j = 0; j < 8; ++j) {
    const __m512i v = _mm512_loadu_si512(w + 8 * j);
    const unsigned nz = _mm512_test_epi64_mask(v, v);
    const unsigned full = _mm512_cmpeq_epi64_mask(v, all);
    const auto lit = static_cast<__mmask8>(nz & ~full);
    _mm512_storeu_si512(out, _mm512_maskz_compress_epi64(lit, v));
    out += std::popcount(static_cast<unsigned>(lit));
    nonzero |= std::uint64_t{nz} << (8 * j);
    ones |= std::uint64_t{full} << (8 * j);
  }
  masks[0] = nonzero;
  if (nonzero == 0) return masks + 1;
  masks[1] = ones;
  return out;
}

// The inverse for a full group whose literal words (`lit`) all lie at src (8 words
// may be loaded past them: the reader's buffer has that slack).
__attribute__((target("avx512f"))) void decode_group_avx512(std::uint64_t lit, std::uint64_t ones,
                                                            const std::uint64_t* src,
                                                            std::uint64_t* w) {
  const __m512i all = _mm512_set1_epi64(-1);
  for (std::size_t j = 0; j < 8; ++j) {
    const auto k = static_cast<__mmask8>(lit >> (8 * j));
    const __m512i v = _mm512_maskz_expand_epi64(k, _mm512_loadu_si512(src));
    _mm512_storeu_si512(w + 8 * j,
                        _mm512_mask_mov_epi64(v, static_cast<__mmask8>(ones >> (8 * j)), all));
    src += std::popcount(static_cast<unsigned>(k));
  }
}
#endif

std::string hex(std::uint64_t x) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, x);
  return buf;
}

}  // namespace

struct BitmapWriter::Zstd {
  ZSTD_CCtx* ctx = ZSTD_createCCtx();
  // The header word and the compressed block, grown with the blocks (up to
  // compressBound(kBlockWords * 8)).
  std::unique_ptr<std::uint64_t[]> out;
  std::size_t out_words = 0;
  bool magic_written = false;
  ~Zstd() { ZSTD_freeCCtx(ctx); }
};

BitmapWriter::BitmapWriter(const std::string& path, BitmapCodec codec, bool overwrite,
                           FileCoding coding)
    : path_(path), simd_(codec == BitmapCodec::kFastest && avx512_codec_available()) {
  fd_ = open_regular(path, O_WRONLY | O_CREAT | (overwrite ? 0 : O_TRUNC), 0644);
  if (fd_ < 0) throw_errno(errno_text("cannot create", path));
  cap_ = kFirstBufferWords;
  buf_ = std::make_unique_for_overwrite<std::uint64_t[]>(cap_ + kGroupRoom);
  if (coding == FileCoding::kZstd) {
    zstd_ = std::make_unique<Zstd>();
    if (zstd_->ctx == nullptr) throw std::bad_alloc();
  } else {
    buf_[used_++] = kMagic2;
  }
}

BitmapWriter::~BitmapWriter() {
  if (fd_ >= 0) ::close(fd_);
}

// The magic word (first), then the buffer as one compressed block: its header word
// and the compressed bytes padded to whole words, all in the checksum.
void BitmapWriter::flush_compressed() {
  Zstd& z = *zstd_;
  if (!z.magic_written) {
    sum_.add(kMagic3);
    write_all(fd_, &kMagic3, 8, path_);
    bytes_ += 8;
    if (tally_ != nullptr) tally_->written.fetch_add(8, std::memory_order_relaxed);
    z.magic_written = true;
  }
  if (used_ == 0) return;
  const std::size_t cap = ZSTD_compressBound(used_ * 8);
  if (z.out_words < 1 + (cap + 7) / 8) {
    z.out.reset();
    z.out_words = 1 + (cap + 7) / 8;
    z.out = std::make_unique_for_overwrite<std::uint64_t[]>(z.out_words);
  }
  char* dst = reinterpret_cast<char*>(z.out.get() + 1);
  const std::size_t n = ZSTD_compressCCtx(z.ctx, dst, cap, buf_.get(), used_ * 8, 1);
  if (ZSTD_isError(n)) throw WorkDirError("cannot compress " + path_ + ": " + ZSTD_getErrorName(n));
  const std::size_t words = 1 + (n + 7) / 8;
  std::memset(dst + n, 0, (words - 1) * 8 - n);
  z.out[0] = (static_cast<std::uint64_t>(used_) << 32) | n;
  sum_.add_block(z.out.get(), words);
  write_all(fd_, z.out.get(), words * 8, path_);
  bytes_ += words * 8;
  if (tally_ != nullptr) tally_->written.fetch_add(words * 8, std::memory_order_relaxed);
  used_ = 0;
}

void BitmapWriter::flush_buffer() {
  if (zstd_) {
    flush_compressed();
  } else {
    sum_.add_block(buf_.get(), used_);
    write_all(fd_, buf_.get(), used_ * 8, path_);
    bytes_ += used_ * 8;
    if (tally_ != nullptr) tally_->written.fetch_add(used_ * 8, std::memory_order_relaxed);
    used_ = 0;
  }
}

void BitmapWriter::flush_and_grow() {
  flush_buffer();
  if (cap_ < kBufferWords) {
    // Emptied: the old buffer goes before the larger one comes, so that a file never
    // holds more than kIoBufferBytes (and a group's room) at once.
    cap_ = std::min(2 * cap_, kBufferWords);
    buf_.reset();
    buf_ = std::make_unique_for_overwrite<std::uint64_t[]>(cap_ + kGroupRoom);
  }
}

void BitmapWriter::add(const std::uint64_t* words, std::uint64_t count) {
  for (std::uint64_t g = 0; g < count; g += 64) {
    if (used_ >= cap_) flush_and_grow();
    const std::uint64_t n = std::min<std::uint64_t>(64, count - g);
    const std::uint64_t* w = words + g;
#ifdef HANOI_AVX512_CODEC
    if (simd_ && n == 64) {
      used_ = static_cast<std::size_t>(encode_group_avx512(w, buf_.get() + used_) - buf_.get());
      continue;
    }
#endif
    std::uint64_t nonzero = 0, ones = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      nonzero |= std::uint64_t{w[i] != 0} << i;
      ones |= std::uint64_t{w[i] == ~std::uint64_t{0}} << i;
    }
    // Room for the masks and 64 words, written through a pointer.
    std::uint64_t* out = buf_.get() + used_;
    *out++ = nonzero;
    if (nonzero != 0) {
      *out++ = ones;
      const std::uint64_t lit = nonzero & ~ones;
      if (n == 64 && lit == ~std::uint64_t{0}) {
        std::memcpy(out, w, sizeof(std::uint64_t) * 64);
        out += 64;
      } else {
        for (std::uint64_t i = 0; i < n; ++i) {
          *out = w[i];
          out += (lit >> i) & 1;
        }
      }
    }
    used_ = static_cast<std::size_t>(out - buf_.get());
  }
}

void BitmapWriter::add_raw(const std::uint64_t* words, std::uint64_t count) {
  for (std::uint64_t i = 0; i < count; ++i) {
    if (used_ >= cap_) flush_and_grow();
    buf_[used_++] = words[i];
  }
}

void BitmapWriter::finish(std::uint64_t& bytes, std::uint64_t& sum, bool sync) {
  flush_buffer();
  // An overwritten file may have been longer.
  if (::ftruncate(fd_, static_cast<off_t>(bytes_)) != 0)
    throw_errno(errno_text("cannot cut", path_));
  if (sync && ::fdatasync(fd_) != 0) throw_errno(errno_text("cannot flush", path_));
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) throw_errno(errno_text("cannot close", path_));
  bytes = bytes_;
  sum = sum_.value();
}

struct BitmapReader::Zstd {
  ZSTD_DCtx* ctx = ZSTD_createDCtx();
  // A compressed block, grown to the largest read (up to compressBound(kBlockWords * 8)).
  std::unique_ptr<std::uint64_t[]> in;
  std::size_t in_words = 0;
  ~Zstd() { ZSTD_freeDCtx(ctx); }
};

BitmapReader::BitmapReader(const std::string& path, BitmapCodec codec)
    : path_(path), simd_(codec == BitmapCodec::kFastest && avx512_codec_available()) {
  fd_ = open_regular(path, O_RDONLY);
  if (fd_ < 0) throw_errno(errno_text("cannot open", path) + " (the checkpoint is incomplete)");
  struct stat st {};
  if (::fstat(fd_, &st) != 0) throw_errno(errno_text("cannot read", path));
  std::uint64_t magic = 0;
  if (!read_exact(&magic, 8)) throw WorkDirError(path + " is truncated");
  sum_.add(magic);
  bytes_ += 8;
  if (magic != kMagic1 && magic != kMagic2 && magic != kMagic3)
    throw WorkDirError(path + " is not a bitmap file of this program");
  version2_ = magic != kMagic1;
  if (magic == kMagic3) {
    // The buffer grows to the largest block's words (fill_compressed).
    cap_ = 0;
    zstd_ = std::make_unique<Zstd>();
    if (zstd_->ctx == nullptr) throw std::bad_alloc();
  } else {
    // No more than the file holds (a small file, a small buffer), and at least a word
    // (a file that grew since would still be read whole, in more calls).
    cap_ = read_buffer_words(st.st_size - 8);
  }
  grow(cap_);
}

// Only between buffers (everything in the old one read): cap_ words and 8 words of
// slack for SIMD loads (zero).
void BitmapReader::grow(std::size_t words) {
  buf_.reset();
  cap_ = words;
  buf_ = std::make_unique_for_overwrite<std::uint64_t[]>(cap_ + 8);
  std::fill_n(buf_.get() + cap_, 8, std::uint64_t{0});
}

BitmapReader::~BitmapReader() {
  if (fd_ >= 0) ::close(fd_);
}

std::size_t BitmapReader::read_upto(void* to, std::size_t want) {
  std::size_t got = 0;
  char* p = static_cast<char*>(to);
  while (got < want) {
    const ssize_t r = ::read(fd_, p + got, want - got);
    if (r < 0) {
      if (errno == EINTR) continue;
      throw_errno(errno_text("cannot read", path_));
    }
    if (r == 0) break;
    got += static_cast<std::size_t>(r);
  }
  return got;
}

bool BitmapReader::read_exact(void* to, std::size_t want) {
  const std::size_t got = read_upto(to, want);
  if (got == 0) return false;
  if (got < want) throw WorkDirError(path_ + " is truncated");
  return true;
}

void BitmapReader::fill_compressed() {
  pos_ = len_ = 0;
  std::uint64_t head = 0;
  if (!read_exact(&head, 8)) return;  // the end of the file
  const std::uint64_t raw = head >> 32, n = head & 0xFFFFFFFFu;
  const std::size_t cap = ZSTD_compressBound(kBlockWords * 8);
  if (raw == 0 || raw > kBlockWords || n == 0 || n > cap)
    throw WorkDirError(path_ + " is damaged (a bad block header)");
  const std::size_t words = (n + 7) / 8;
  if (zstd_->in_words < words) {
    zstd_->in.reset();
    zstd_->in_words = words;
    zstd_->in = std::make_unique_for_overwrite<std::uint64_t[]>(words);
  }
  if (raw > cap_) grow(static_cast<std::size_t>(raw));
  if (!read_exact(zstd_->in.get(), words * 8)) throw WorkDirError(path_ + " is truncated");
  sum_.add(head);
  sum_.add_block(zstd_->in.get(), words);
  bytes_ += 8 + words * 8;
  if (tally_ != nullptr) tally_->read.fetch_add(8 + words * 8, std::memory_order_relaxed);
  const std::size_t out = ZSTD_decompressDCtx(zstd_->ctx, buf_.get(), cap_ * 8, zstd_->in.get(), n);
  if (ZSTD_isError(out) || out != raw * 8)
    throw WorkDirError(path_ + " is damaged (a block does not decompress)");
  len_ = raw;
}

void BitmapReader::fill() {
  if (zstd_) {
    fill_compressed();
    return;
  }
  const std::size_t got = read_upto(buf_.get(), cap_ * 8);
  if (got % 8 != 0) throw WorkDirError(path_ + " is truncated (a partial word)");
  pos_ = 0;
  len_ = got / 8;
  sum_.add_block(buf_.get(), len_);
  bytes_ += got;
  if (tally_ != nullptr) tally_->read.fetch_add(got, std::memory_order_relaxed);
}

std::uint64_t BitmapReader::get() {
  if (pos_ == len_) {
    fill();
    if (len_ == 0) throw WorkDirError(path_ + " is truncated");
  }
  return buf_[pos_++];
}

void BitmapReader::read(std::uint64_t* words, std::uint64_t count) {
  for (std::uint64_t g = 0; g < count; g += 64) {
    const std::uint64_t n = std::min<std::uint64_t>(64, count - g);
    const std::uint64_t nonzero = get();
    if (n < 64 && (nonzero >> n) != 0) throw WorkDirError(path_ + " is damaged (a bad word mask)");
    std::uint64_t* w = words + g;
    if (nonzero == 0) {
      std::memset(w, 0, n * 8);
      continue;
    }
    const std::uint64_t ones = version2_ ? get() : 0;
    if ((ones & ~nonzero) != 0) throw WorkDirError(path_ + " is damaged (a bad word mask)");
    const std::uint64_t lit = nonzero & ~ones;
    const auto nz = static_cast<std::size_t>(std::popcount(lit));
    if (n == 64 && lit == ~std::uint64_t{0} && len_ - pos_ >= 64) {
      std::memcpy(w, buf_.get() + pos_, sizeof(std::uint64_t) * 64);
      pos_ += 64;
#ifdef HANOI_AVX512_CODEC
    } else if (simd_ && n == 64 && nz <= len_ - pos_) {
      decode_group_avx512(lit, ones, buf_.get() + pos_, w);
      pos_ += nz;
#endif
    } else if (nz <= len_ - pos_) {
      // The group's words are all in the buffer: no per-word refill check.
      const std::uint64_t* src = buf_.get() + pos_;
      for (std::uint64_t i = 0; i < n; ++i) {
        const std::uint64_t bit = (lit >> i) & 1;
        w[i] = bit ? *src : std::uint64_t{0} - ((ones >> i) & 1);
        src += bit;
      }
      pos_ += nz;
    } else {
      for (std::uint64_t i = 0; i < n; ++i)
        w[i] = (lit >> i) & 1 ? get() : std::uint64_t{0} - ((ones >> i) & 1);
    }
  }
}

void BitmapReader::read_raw(std::uint64_t* words, std::uint64_t count) {
  for (std::uint64_t i = 0; i < count; ++i) words[i] = get();
}

void BitmapReader::skip(std::uint64_t count) {
  for (std::uint64_t g = 0; g < count; g += 64) {
    const std::uint64_t nonzero = get();
    const std::uint64_t ones = nonzero != 0 && version2_ ? get() : 0;
    for (std::uint64_t m = nonzero & ~ones; m; m &= m - 1) (void)get();
  }
}

void BitmapReader::check(std::uint64_t bytes, std::uint64_t sum) {
  if (pos_ != len_) throw WorkDirError(path_ + " is damaged (longer than its contents)");
  fill();
  if (len_ != 0) throw WorkDirError(path_ + " is damaged (longer than its contents)");
  if (bytes_ != bytes)
    throw WorkDirError(path_ + " has " + std::to_string(bytes_) + " bytes, the manifest says " +
                       std::to_string(bytes));
  if (sum_.value() != sum) throw WorkDirError(path_ + " is damaged (checksum mismatch)");
}

void sync_file(const std::string& path) {
  const int fd = open_regular(path, O_RDONLY);
  if (fd < 0) throw_errno(errno_text("cannot open", path));
  const int rc = ::fdatasync(fd);
  ::close(fd);
  if (rc != 0) throw_errno(errno_text("cannot flush", path));
}

void file_checksum(const std::string& path, std::uint64_t& bytes, std::uint64_t& sum) {
  const int fd = open_regular(path, O_RDONLY);
  if (fd < 0) throw_errno(errno_text("cannot open", path) + " (the checkpoint is incomplete)");
  // No larger a buffer than the file needs.
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    ::close(fd);
    throw_errno(errno_text("cannot read", path));
  }
  const std::size_t words = read_buffer_words(st.st_size);
  const auto buf = std::make_unique_for_overwrite<std::uint64_t[]>(words);
  Checksum c;
  std::uint64_t total = 0;
  for (;;) {
    const ssize_t r = ::read(fd, buf.get(), words * 8);
    if (r < 0) {
      if (errno == EINTR) continue;
      ::close(fd);
      throw_errno(errno_text("cannot read", path));
    }
    if (r == 0) break;
    if (r % 8 != 0) {
      // A short read of a partial word happens only at the end of a damaged file.
      ::close(fd);
      throw WorkDirError(path + " is truncated (a partial word)");
    }
    c.add_block(buf.get(), static_cast<std::size_t>(r / 8));
    total += static_cast<std::uint64_t>(r);
  }
  ::close(fd);
  bytes = total;
  sum = c.value();
}

void Manifest::set(const std::string& key, const std::string& value) {
  values_[key] = value;
}

bool Manifest::has(const std::string& key) const {
  return values_.count(key) != 0;
}

const std::string& Manifest::get(const std::string& key) const {
  const auto it = values_.find(key);
  if (it == values_.end()) throw WorkDirError("the manifest lacks '" + key + "'");
  return it->second;
}

std::uint64_t parse_manifest_number(const std::string& text, const std::string& what) {
  std::size_t used = 0;
  std::uint64_t x = 0;
  try {
    x = std::stoull(text, &used, 10);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size())
    throw WorkDirError("the manifest's " + what + " is not a number: " + text);
  return x;
}

std::uint64_t Manifest::get_u64(const std::string& key) const {
  return parse_manifest_number(get(key), "'" + key + "'");
}

std::vector<std::uint64_t> Manifest::get_list(const std::string& key) const {
  std::vector<std::uint64_t> out;
  std::istringstream in(get(key));
  std::string tok;
  while (in >> tok) out.push_back(parse_manifest_number(tok, "'" + key + "'"));
  return out;
}

std::vector<std::string> Manifest::keys_with(const std::string& prefix) const {
  std::vector<std::string> out;
  for (auto it = values_.lower_bound(prefix); it != values_.end(); ++it) {
    if (it->first.compare(0, prefix.size(), prefix) != 0) break;
    out.push_back(it->first);
  }
  return out;
}

std::string Manifest::text() const {
  std::string body;
  for (const auto& [k, v] : values_) body += k + " " + v + "\n";
  Checksum c;
  for (unsigned char ch : body) c.add(ch);
  return body + "checksum " + hex(c.value()) + "\n";
}

Manifest Manifest::parse(const std::string& text, const std::string& path) {
  const std::size_t at = text.rfind("checksum ");
  if (at == std::string::npos || (at > 0 && text[at - 1] != '\n') || text.empty() ||
      text.back() != '\n')
    throw WorkDirError(path + " is truncated or not a manifest (no checksum line)");
  const std::string body = text.substr(0, at);
  Checksum c;
  for (unsigned char ch : body) c.add(ch);
  const std::string stored = text.substr(at + 9, text.size() - at - 10);
  if (stored != hex(c.value())) throw WorkDirError(path + " is damaged (checksum mismatch)");
  Manifest m;
  std::istringstream in(body);
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t sp = line.find(' ');
    if (sp == std::string::npos) throw WorkDirError(path + " is damaged (a line without a value)");
    m.values_[line.substr(0, sp)] = line.substr(sp + 1);
  }
  return m;
}

void write_file_atomically(const std::string& dir, const std::string& name, const std::string& text,
                           bool sync) {
  const std::string tmp = dir + "/" + name + ".tmp";
  const int fd = open_regular(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) throw_errno(errno_text("cannot create", tmp));
  try {
    write_all(fd, text.data(), text.size(), tmp);
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (sync && ::fdatasync(fd) != 0) {
    ::close(fd);
    throw_errno(errno_text("cannot flush", tmp));
  }
  ::close(fd);
  const std::string final_path = dir + "/" + name;
  if (::rename(tmp.c_str(), final_path.c_str()) != 0)
    throw_errno(errno_text("cannot rename onto", final_path));
  if (sync) sync_dir(dir);
}

std::string read_whole_file(const std::string& path, bool& exists) {
  const int fd = open_regular(path, O_RDONLY);
  if (fd < 0) {
    if (errno == ENOENT) {
      exists = false;
      return "";
    }
    throw_errno(errno_text("cannot open", path));
  }
  exists = true;
  std::string out;
  char buf[1 << 16];
  for (;;) {
    const ssize_t r = ::read(fd, buf, sizeof buf);
    if (r < 0) {
      if (errno == EINTR) continue;
      ::close(fd);
      throw_errno(errno_text("cannot read", path));
    }
    if (r == 0) break;
    out.append(buf, static_cast<std::size_t>(r));
  }
  ::close(fd);
  return out;
}

std::uint64_t free_disk_bytes(const std::string& dir) {
  struct statvfs st {};
  if (::statvfs(dir.c_str(), &st) != 0) throw_errno(errno_text("cannot stat", dir));
  return static_cast<std::uint64_t>(st.f_bavail) * static_cast<std::uint64_t>(st.f_frsize);
}

void make_work_dir(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw WorkDirError("cannot create the work directory " + dir + ": " + ec.message());
  if (!std::filesystem::is_directory(dir, ec)) throw WorkDirError(dir + " is not a directory");
  if (::access(dir.c_str(), W_OK) != 0) throw_errno(errno_text("cannot write to", dir));
}

std::vector<std::string> list_dir(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    if (e.is_regular_file(ec)) out.push_back(e.path().filename().string());
  }
  if (ec) throw WorkDirError("cannot list " + dir + ": " + ec.message());
  std::sort(out.begin(), out.end());
  return out;
}

void remove_file(const std::string& path) {
  if (::unlink(path.c_str()) != 0 && errno != ENOENT)
    throw_errno(errno_text("cannot remove", path));
}

std::uint64_t file_size(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return 0;
  return static_cast<std::uint64_t>(st.st_size);
}

std::vector<std::string> manifest_fields(const std::string& value) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < value.size()) {
    const std::size_t j = value.find(' ', i);
    out.push_back(value.substr(i, j == std::string::npos ? std::string::npos : j - i));
    if (j == std::string::npos) break;
    i = j + 1;
  }
  return out;
}

std::string join_numbers(const std::vector<std::uint64_t>& xs) {
  std::string out;
  for (std::uint64_t x : xs) {
    if (!out.empty()) out += ' ';
    out += std::to_string(x);
  }
  return out;
}

std::string describe_checkpoint(const std::string& manifest_text) {
  try {
    const Manifest m = Manifest::parse(manifest_text, "manifest");
    return m.get("identity") + ", level " + m.get("level") +
           (m.has("finished") && m.get("finished") == "1" ? ", finished" : "");
  } catch (const WorkDirError&) {
    return "unreadable";
  }
}

void verify_file(const std::string& path, std::uint64_t bytes, std::uint64_t sum) {
  std::uint64_t b = 0, c = 0;
  file_checksum(path, b, c);
  if (b != bytes)
    throw WorkDirError(path + " has " + std::to_string(b) + " bytes, the manifest says " +
                       std::to_string(bytes) + " (truncated or replaced)");
  if (c != sum) throw WorkDirError(path + " is damaged (checksum mismatch)");
}

}  // namespace hanoi

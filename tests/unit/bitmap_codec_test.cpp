// The segment files' codec (engine/work_dir.hpp): zero and all-ones words elided
// per group of 64 behind two masks.  The fastest codec (AVX-512 where the CPU has
// it) must write the very bytes of the portable loop and read back every word,
// whatever the mix of empty, full and partial groups and whatever the array's
// length; the first version's files (zero words only) still read; a damaged file
// is refused.  The Zstandard coding (FileCoding::kZstd) reads back the same words
// through both codecs, its checksum is the file's, and a damaged block is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "engine/work_dir.hpp"
#include "support/temp_dir.hpp"

namespace hanoi::testing {
namespace {

// Words in runs: all zero, all set, sparse (one word in eight), dense random.
std::vector<std::uint64_t> mixed_words(std::size_t count, std::uint32_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint64_t> w(count);
  std::size_t i = 0;
  while (i < count) {
    const std::size_t run = 1 + rng() % 300;
    const int kind = static_cast<int>(rng() % 4);
    for (std::size_t j = 0; j < run && i < count; ++j, ++i) {
      const std::uint64_t x = rng() | 1;
      w[i] = kind == 0   ? 0
             : kind == 1 ? ~std::uint64_t{0}
             : kind == 2 ? (rng() % 8 == 0 ? x : 0)
                         : x;
    }
  }
  return w;
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(BitmapCodec, FastestWritesThePortableBytesAndReadsBack) {
  const std::string dir = fresh_dir("codec-", "roundtrip");
  std::filesystem::create_directories(dir);
  // Arrays of several lengths (not all multiples of 64), written in pieces.
  for (const std::size_t count : {std::size_t{1}, std::size_t{63}, std::size_t{64}, std::size_t{65},
                                  std::size_t{4096}, std::size_t{3} << 20}) {
    SCOPED_TRACE("count " + std::to_string(count));
    const std::vector<std::uint64_t> w = mixed_words(count, static_cast<std::uint32_t>(count));
    const std::size_t piece = count >= 4096 ? 4096 : count;
    std::uint64_t bytes[2], sum[2];
    for (int k = 0; k < 2; ++k) {
      BitmapWriter out(dir + "/f" + std::to_string(k),
                       k == 0 ? BitmapCodec::kPortable : BitmapCodec::kFastest);
      for (std::size_t at = 0; at < count; at += piece)
        out.add(w.data() + at, std::min(piece, count - at));
      out.finish(bytes[k], sum[k], false);
    }
    EXPECT_EQ(bytes[0], bytes[1]);
    EXPECT_EQ(sum[0], sum[1]);
    ASSERT_EQ(file_bytes(dir + "/f0"), file_bytes(dir + "/f1"));
    for (const BitmapCodec codec : {BitmapCodec::kPortable, BitmapCodec::kFastest}) {
      // Garbage first: every word must be set by the reader.
      std::vector<std::uint64_t> back(count, 0x5555555555555555ull);
      BitmapReader in(dir + "/f1", codec);
      for (std::size_t at = 0; at < count; at += piece)
        in.read(back.data() + at, std::min(piece, count - at));
      in.check(bytes[1], sum[1]);
      ASSERT_EQ(back, w);
    }
  }
}

// The version-2 file made by hand, for arrays from a few words to several buffers:
// the writer's buffer starts small and grows at each flush, which must change
// nothing but the sizes of its write calls.  Read back by both codecs, in pieces
// that straddle the reader's buffer (sized to the file when that is smaller).
// (Groups of 64 count from each add() call's first word: pieces of 13 groups.)
TEST(BitmapCodec, FileBytesAreTheFormatsWhateverTheBuffer) {
  const std::string dir = fresh_dir("codec-", "buffers");
  std::filesystem::create_directories(dir);
  for (const std::size_t count :
       {std::size_t{5}, std::size_t{1000}, std::size_t{1100}, std::size_t{9000}, std::size_t{70000},
        std::size_t{200000}, std::size_t{1} << 18}) {
    SCOPED_TRACE("count " + std::to_string(count));
    const std::vector<std::uint64_t> w = mixed_words(count, static_cast<std::uint32_t>(count + 7));
    std::vector<std::uint64_t> file = {0x324D4249494E4148ull};
    for (std::size_t g = 0; g < count; g += 64) {
      const std::size_t n = std::min<std::size_t>(64, count - g);
      std::uint64_t nonzero = 0, ones = 0;
      for (std::size_t i = 0; i < n; ++i) {
        nonzero |= std::uint64_t{w[g + i] != 0} << i;
        ones |= std::uint64_t{w[g + i] == ~std::uint64_t{0}} << i;
      }
      file.push_back(nonzero);
      if (nonzero == 0) continue;
      file.push_back(ones);
      for (std::size_t i = 0; i < n; ++i)
        if (w[g + i] != 0 && w[g + i] != ~std::uint64_t{0}) file.push_back(w[g + i]);
    }
    // Raw words after the elided ones (as the disk modes' records are written).
    for (std::size_t i = 0; i < count % 3000; ++i) file.push_back(w[i]);
    const std::string want(reinterpret_cast<const char*>(file.data()), file.size() * 8);
    for (const BitmapCodec codec : {BitmapCodec::kPortable, BitmapCodec::kFastest}) {
      const std::string path = dir + "/f" + std::to_string(static_cast<int>(codec));
      BitmapWriter out(path, codec);
      for (std::size_t at = 0; at < count; at += 832)
        out.add(w.data() + at, std::min<std::size_t>(832, count - at));
      out.add_raw(w.data(), count % 3000);
      std::uint64_t bytes = 0, sum = 0;
      out.finish(bytes, sum, false);
      EXPECT_EQ(bytes, want.size());
      ASSERT_TRUE(file_bytes(path) == want);  // (not printed: megabytes)
      Checksum expect;
      expect.add_block(file.data(), file.size());
      EXPECT_EQ(sum, expect.value());
      std::uint64_t checked_bytes = 0, checked_sum = 0;
      file_checksum(path, checked_bytes, checked_sum);
      EXPECT_EQ(checked_bytes, bytes);
      EXPECT_EQ(checked_sum, sum);
      std::vector<std::uint64_t> back(count, 0x5555555555555555ull), raw(count % 3000, 0);
      BitmapReader in(path, codec);
      for (std::size_t at = 0; at < count; at += 4096)
        in.read(back.data() + at, std::min<std::size_t>(4096, count - at));
      in.read_raw(raw.data(), raw.size());
      in.check(bytes, sum);
      ASSERT_EQ(back, w);
      ASSERT_TRUE(std::equal(raw.begin(), raw.end(), w.begin()));
    }
  }
}

// A version-1 file made by hand: the magic "HANOIBM1", then per group the nonzero
// mask and the nonzero words (all-ones words among them), checksummed as written.
TEST(BitmapCodec, FirstVersionFilesStillRead) {
  const std::string dir = fresh_dir("codec-", "version1");
  std::filesystem::create_directories(dir);
  const std::vector<std::uint64_t> w = mixed_words(64 * 40 + 17, 11);
  std::vector<std::uint64_t> file = {0x314D4249494E4148ull};
  for (std::size_t g = 0; g < w.size(); g += 64) {
    const std::size_t n = std::min<std::size_t>(64, w.size() - g);
    std::uint64_t mask = 0;
    for (std::size_t i = 0; i < n; ++i) mask |= std::uint64_t{w[g + i] != 0} << i;
    file.push_back(mask);
    for (std::size_t i = 0; i < n; ++i)
      if (w[g + i] != 0) file.push_back(w[g + i]);
  }
  Checksum sum;
  sum.add_block(file.data(), file.size());
  std::ofstream(dir + "/v1", std::ios::binary)
      .write(reinterpret_cast<const char*>(file.data()),
             static_cast<std::streamsize>(file.size() * 8));
  for (const BitmapCodec codec : {BitmapCodec::kPortable, BitmapCodec::kFastest}) {
    std::vector<std::uint64_t> back(w.size(), 0x5555555555555555ull);
    BitmapReader in(dir + "/v1", codec);
    in.read(back.data(), back.size());
    in.check(file.size() * 8, sum.value());
    EXPECT_EQ(back, w);
  }
}

TEST(BitmapCodec, DamagedFileIsRefused) {
  const std::string dir = fresh_dir("codec-", "damaged");
  std::filesystem::create_directories(dir);
  const std::vector<std::uint64_t> w = mixed_words(1 << 16, 7);
  std::uint64_t bytes = 0, sum = 0;
  {
    BitmapWriter out(dir + "/f");
    out.add(w.data(), w.size());
    out.finish(bytes, sum, false);
  }
  // One bit flipped in a stored word, past the magic and the first mask.
  std::string data = file_bytes(dir + "/f");
  data[data.size() / 2] ^= 0x10;
  std::ofstream(dir + "/f", std::ios::binary | std::ios::trunc) << data;
  std::vector<std::uint64_t> back(w.size());
  EXPECT_THROW(
      {
        BitmapReader in(dir + "/f");
        in.read(back.data(), back.size());
        in.check(bytes, sum);
      },
      WorkDirError);
}

TEST(BitmapCodec, ZstdCodingReadsBackAndChecksTheFile) {
  const std::string dir = fresh_dir("codec-", "zstd");
  std::filesystem::create_directories(dir);
  for (const std::size_t count :
       {std::size_t{0}, std::size_t{1}, std::size_t{65}, std::size_t{4096}, std::size_t{3} << 20}) {
    SCOPED_TRACE("count " + std::to_string(count));
    const std::vector<std::uint64_t> w = mixed_words(count, static_cast<std::uint32_t>(count + 7));
    const std::string path = dir + "/z" + std::to_string(count);
    const std::size_t piece = count >= 4096 ? 4096 : std::max<std::size_t>(count, 1);
    std::uint64_t bytes = 0, sum = 0, elided_bytes = 0, elided_sum = 0;
    {
      BitmapWriter out(path, BitmapCodec::kFastest, false, FileCoding::kZstd);
      for (std::size_t at = 0; at < count; at += piece)
        out.add(w.data() + at, std::min(piece, count - at));
      out.finish(bytes, sum, false);
      BitmapWriter plain(path + ".elided");
      plain.add(w.data(), count);
      plain.finish(elided_bytes, elided_sum, false);
    }
    // Compressed: fewer bytes than elided once there is something to compress.
    if (count >= 4096) EXPECT_LT(bytes, elided_bytes);
    std::uint64_t fbytes = 0, fsum = 0;
    file_checksum(path, fbytes, fsum);
    EXPECT_EQ(fbytes, bytes);
    EXPECT_EQ(fsum, sum);
    for (const BitmapCodec codec : {BitmapCodec::kPortable, BitmapCodec::kFastest}) {
      std::vector<std::uint64_t> back(count, 0x5555555555555555ull);
      IoTally io;
      BitmapReader in(path, codec);
      in.tally(&io);
      for (std::size_t at = 0; at < count; at += piece)
        in.read(back.data() + at, std::min(piece, count - at));
      in.check(bytes, sum);
      EXPECT_EQ(io.now().read, bytes);
      ASSERT_EQ(back, w);
    }
  }
  // A flipped byte inside a compressed block: refused, by the decompressor or the
  // checksum, never read back as other words.
  const std::string path = dir + "/z" + std::to_string(std::size_t{3} << 20);
  std::uint64_t bytes = 0, sum = 0;
  file_checksum(path, bytes, sum);
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(bytes / 2));
    char c = 0;
    f.read(&c, 1);
    f.seekp(static_cast<std::streamoff>(bytes / 2));
    c = static_cast<char>(c ^ 0x5A);
    f.write(&c, 1);
  }
  std::vector<std::uint64_t> back(std::size_t{3} << 20);
  EXPECT_THROW(
      {
        BitmapReader in(path);
        in.read(back.data(), back.size());
        in.check(bytes, sum);
      },
      WorkDirError);
}

}  // namespace
}  // namespace hanoi::testing

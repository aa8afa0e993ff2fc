#include "cli/input.hpp"

#include <cstdio>
#include <string>

#include "cli/interrupt.hpp"
#include "engine/search_types.hpp"
#include "variants/family.hpp"

namespace hanoi::cli {
namespace {

std::string size_words(std::uint64_t bytes) {
  if (bytes >= (std::uint64_t{1} << 20) && bytes % (std::uint64_t{1} << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

// Checked every this many bytes (and at every failed read): a signal stops the read.
constexpr std::uint64_t kInterruptStride = std::uint64_t{1} << 16;

}  // namespace

BoundedLines::BoundedLines(std::istream& in, std::string source, std::uint64_t max_bytes,
                           std::size_t max_line, std::string hint)
    : in_(in),
      source_(std::move(source)),
      hint_(std::move(hint)),
      max_bytes_(max_bytes),
      max_line_(max_line) {}

bool BoundedLines::next(std::string& line) {
  line.clear();
  std::streambuf* buf = in_.rdbuf();
  if (buf == nullptr) return false;
  bool any = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      // The end, a read error, or a read cut short by a signal.
      if (interrupted()) throw SearchCancelled();
      if (!any) return false;
      ++line_no_;
      return true;
    }
    any = true;
    if (++bytes_ > max_bytes_)
      throw UsageError(source_ + " is longer than " + size_words(max_bytes_) +
                       " (the limit for this input" + (hint_.empty() ? "" : "; " + hint_) + ")");
    if (bytes_ % kInterruptStride == 0 && interrupted()) throw SearchCancelled();
    if (c == '\n') {
      ++line_no_;
      return true;
    }
    if (line.size() == max_line_)
      throw UsageError(source_ + ": line " + std::to_string(line_no_ + 1) + " is longer than " +
                       size_words(max_line_));
    line.push_back(static_cast<char>(c));
  }
}

std::string read_bounded(std::istream& in, const std::string& source, std::uint64_t max_bytes) {
  BoundedLines lines(in, source, max_bytes, static_cast<std::size_t>(max_bytes));
  std::string all, line;
  while (lines.next(line)) {
    all += line;
    all += '\n';
  }
  return all;
}

// The length of the well-formed UTF-8 sequence of two to four bytes at text[i]
// (the program's own messages use a few: σ, ≤, ×), or 0.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  const std::size_t n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80) return 0;
  return n;
}

std::string printable(std::string_view text, std::size_t max) {
  std::string out;
  std::size_t shown = 0;
  for (std::size_t i = 0; i < text.size(); ++shown) {
    if (shown == max) {
      out += "... (" + std::to_string(text.size()) + " characters)";
      return out;
    }
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out.push_back(text[i++]);
    } else if (const std::size_t n = c >= 0x80 ? utf8_length(text, i) : 0; n > 0) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
      ++i;
    }
  }
  return out;
}

}  // namespace hanoi::cli

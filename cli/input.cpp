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

std::string read_bounded(std::istream& in, const std::string& source, std::uint64_t max_bytes,
                         const std::string& hint) {
  BoundedLines lines(in, source, max_bytes, static_cast<std::size_t>(max_bytes), hint);
  std::string all, line;
  while (lines.next(line)) {
    all += line;
    all += '\n';
  }
  return all;
}

// The length of the well-formed UTF-8 sequence of two to four bytes at text[i]
// (the program's own messages use a few: σ, ≤, ×), or 0; its code point in `cp`.
std::size_t utf8_sequence(std::string_view text, std::size_t i, char32_t& cp) {
  const auto c = static_cast<unsigned char>(text[i]);
  const std::size_t n = c >= 0xf5 ? 0 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
  if (n == 0 || i + n > text.size()) return 0;
  cp = c & (0xff >> (n + 1));
  for (std::size_t k = 1; k < n; ++k) {
    const auto b = static_cast<unsigned char>(text[i + k]);
    if ((b & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3f);
  }
  // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
      (cp >= 0xd800 && cp <= 0xdfff))
    return 0;
  return n;
}

namespace {

// Characters that print as nothing or reorder what follows (Unicode's controls and
// format characters): the C1 controls, the soft hyphen, zero-width spaces and
// joiners, the combining grapheme joiner, the bidirectional marks, embeddings,
// overrides and isolates, the line and paragraph separators, the Hangul fillers,
// the variation selectors, the byte-order mark, the interlinear annotations, the
// tags (Unicode's default-ignorable code points and format characters).  A user's
// value holding one would otherwise rewrite the error line it is shown in.
bool invisible(char32_t cp) {
  return (cp >= 0x80 && cp <= 0x9f) || cp == 0xad || cp == 0x034f || cp == 0x061c || cp == 0x115f ||
         cp == 0x1160 || cp == 0x17b4 || cp == 0x17b5 || (cp >= 0x180b && cp <= 0x180f) ||
         (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) ||
         (cp >= 0x2060 && cp <= 0x206f) || cp == 0x3164 || (cp >= 0xfe00 && cp <= 0xfe0f) ||
         cp == 0xfeff || cp == 0xffa0 || (cp >= 0xfff0 && cp <= 0xfffb) ||
         (cp >= 0x1d173 && cp <= 0x1d17a) || (cp >= 0xe0000 && cp <= 0xe0fff);
}

}  // namespace

std::string printable(std::string_view text, std::size_t max) {
  std::string out;
  std::size_t shown = 0;
  for (std::size_t i = 0; i < text.size(); ++shown) {
    if (shown == max) {
      out += "... (" + std::to_string(text.size()) + " characters)";
      return out;
    }
    const auto c = static_cast<unsigned char>(text[i]);
    char32_t cp = 0;
    if (c >= 0x20 && c < 0x7f) {
      out.push_back(text[i++]);
    } else if (const std::size_t n = c >= 0x80 ? utf8_sequence(text, i, cp) : 0; n > 0) {
      if (invisible(cp)) {
        char code[16];
        std::snprintf(code, sizeof code, "\\u{%x}", static_cast<unsigned>(cp));
        out += code;
      } else {
        out.append(text.substr(i, n));
      }
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

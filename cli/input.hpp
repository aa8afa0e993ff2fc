// Reading what a user hands the program (a moves file, a batch file, standard
// input) without trusting its size, and quoting it back in error lines.
//
// Design overview
// ---------------
// `/dev/zero` as a moves file, or `yes ... | hanoi check`, used to grow the
// program's memory without end, past --max-memory, and ignore SIGTERM.  Every
// reader of user input goes through `BoundedLines`: lines of at most `max_line`
// bytes and `max_bytes` in all, each limit a UsageError (exit 2) that names it; a
// signal (cli/interrupt.hpp) stops the read with SearchCancelled (exit 130 or
// 143) at the next 64 KiB or at the end of the input.  A read blocked on a silent
// pipe waits for its writer: libstdc++ retries a read cut by a signal.  `printable` makes any text
// safe for the one-line error contract: control bytes and malformed UTF-8 as \xNN, long values cut
// with their length named.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>

namespace hanoi::cli {

class BoundedLines {
 public:
  // `source` names the input in errors ("moves.txt", "standard input"); `hint`, if
  // any, follows the size error (how the caller's limit can be raised).
  BoundedLines(std::istream& in, std::string source, std::uint64_t max_bytes, std::size_t max_line,
               std::string hint = {});
  // The next line without its '\n'; false at the end.  Throws UsageError past a
  // limit or on a read error, SearchCancelled when a signal arrived.
  bool next(std::string& line);
  std::uint64_t line_number() const { return line_no_; }

 private:
  std::istream& in_;
  std::string source_, hint_;
  std::uint64_t max_bytes_, bytes_ = 0, line_no_ = 0;
  std::size_t max_line_;
};

// The whole input, at most `max_bytes` (the same errors as BoundedLines).
// `hint` says where the limit comes from, in the error past it.
std::string read_bounded(std::istream& in, const std::string& source, std::uint64_t max_bytes,
                         const std::string& hint = "");

// `text` for an error line: printable ASCII and well-formed UTF-8 kept, except the
// characters that print as nothing or reorder the line (bidirectional controls, the
// byte-order mark, zero-width ones: \u{202e}); every other byte as \xNN; beyond
// `max` characters cut, with the full length named.
std::string printable(std::string_view text, std::size_t max = 80);

}  // namespace hanoi::cli

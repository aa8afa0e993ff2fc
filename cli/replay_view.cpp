#include "cli/replay_view.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "analyses/replay_algorithm.hpp"
#include "cli/analyses.hpp"
#include "cli/input.hpp"
#include "cli/interrupt.hpp"
#include "engine/search_types.hpp"

namespace hanoi::cli {
namespace {

class BoardStepper final : public Stepper {
 public:
  explicit BoardStepper(std::unique_ptr<PlainBoard> board)
      : board_(std::move(board)), replayer_(*board_, kRunawayMoves) {}
  bool step(Move m) override { return replayer_.step(m); }
  bool finish() override { return replayer_.finish(); }
  std::string describe() const override { return replayer_.describe(); }
  std::uint64_t count() const override { return replayer_.count(); }
  const std::optional<ReplayError>& error() const override { return replayer_.error(); }

 private:
  std::unique_ptr<PlainBoard> board_;
  BoardReplayer replayer_;
};

// Fixed colours, so that a name means the same on every page and in every strip.
struct NamedColour {
  const char* name;
  const char* hex;
  const char* text;
};
constexpr NamedColour kColours[] = {
    {"green", "#2ca02c", "green"},
    {"blue", "#1f77b4", "blue"},
    {"red", "#d62728", "red"},
    {"white", "#f2f2f2", "white"},
    {"black", "#2b2b2b", "black"},
    {"dark", "#6b4226", "dark (odd discs)"},
    {"light", "#e8c39e", "light (even discs)"},
    {"A", "#d62728", "colour A"},
    {"B", "#1f77b4", "colour B"},
    {"C", "#2ca02c", "colour C"},
};
constexpr const char* kStackColours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                         "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
constexpr const char* kPlain = "#4e79a7";

}  // namespace

void stop_if_interrupted(std::uint64_t moves) {
  if ((moves & ((std::uint64_t{1} << 20) - 1)) == 0 && interrupted()) throw SearchCancelled();
}

std::unique_ptr<Stepper> make_stepper(const FamilyInfo& f, const Params& p) {
  if (beyond_encoder(f, p)) return std::make_unique<BoardStepper>(f.beyond_encoder.board(p));
  return space_stepper(f, p);
}

std::string replay_error_text(const ReplayError& e, std::uint64_t count) {
  // The final-state error is the one after the last move with no move of its own
  // (a user's 0->0 is a move: it is named).
  if (e.index == count && e.move == Move{} && e.reason.rfind("final state is not the goal", 0) == 0)
    return e.reason;
  return "move " + std::to_string(e.index + 1) + " (" +
         (e.move.disc != 0 ? "disc " + std::to_string(e.move.disc) + " " : std::string()) +
         "from " + std::to_string(e.move.from) + " to " + std::to_string(e.move.to) +
         "): " + e.reason;
}

std::vector<Move> parse_moves(std::istream& in, const std::string& source,
                              std::uint64_t max_bytes) {
  std::vector<Move> moves;
  std::string line;
  // A move takes at least 5 bytes of text ("0->1 ") and 4 in memory, so the list
  // stays below the text's size: together under the caller's bound, twice over.
  BoundedLines lines(in, source, max_bytes, kMaxMovesLine,
                     max_bytes < kMaxMovesFileBytes ? "raise --max-memory for more" : "");
  while (lines.next(line)) {
    const std::uint64_t line_no = lines.line_number();
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    for (char& c : line)
      if (c == ',' || c == '\r' || c == '\t') c = ' ';
    std::istringstream words(line);
    std::string token;
    while (words >> token) {
      const auto bad = [&](const std::string& why) {
        return UsageError(source + ": line " + std::to_string(line_no) + ": '" +
                          printable(token, 40) + "' is not a move (" + why +
                          "; write disc:from->to or from->to)");
      };
      // A number of at most 5 digits, decimal, no sign.
      const auto number = [&](std::string_view t, int max) -> int {
        if (t.empty() || t.size() > 5) throw bad("a number is missing or too long");
        int v = 0;
        for (char c : t) {
          if (!std::isdigit(static_cast<unsigned char>(c))) throw bad("not a number");
          v = v * 10 + (c - '0');
        }
        if (v > max) throw bad(std::to_string(v) + " is out of range");
        return v;
      };
      std::string_view t = token;
      int disc = 0;
      if (const auto colon = t.find(':'); colon != std::string_view::npos) {
        disc = number(t.substr(0, colon), 65535);
        if (disc == 0) throw bad("discs are numbered from 1");
        t.remove_prefix(colon + 1);
      }
      const auto arrow = t.find("->");
      if (arrow == std::string_view::npos) throw bad("no '->'");
      const int from = number(t.substr(0, arrow), 255);
      const int to = number(t.substr(arrow + 2), 255);
      moves.push_back(Move{static_cast<std::uint16_t>(disc), static_cast<std::uint8_t>(from),
                           static_cast<std::uint8_t>(to)});
    }
  }
  if (in.bad()) throw UsageError(source + ": read error");
  return moves;
}

std::vector<Move> read_moves_file(const std::string& path, std::uint64_t budget) {
  // Half the budget for the text read so far, the other half for the moves.
  const std::uint64_t max_bytes = std::min(kMaxMovesFileBytes, budget / 2);
  if (path == "-") {
    // A read error on standard input would look like its end (no moves at all).
    struct stat st {};
    if (::fstat(STDIN_FILENO, &st) != 0)
      throw UsageError("standard input is closed (give the moves on it, or --moves-file FILE)");
    if (S_ISDIR(st.st_mode))
      throw UsageError(
          "standard input is a directory (give the moves on it, or --moves-file "
          "FILE)");
    return parse_moves(std::cin, "standard input", max_bytes);
  }
  // A directory opens, then fails at the first read with libstdc++'s words.
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw UsageError("the moves file '" + printable(path) +
                     "' is a directory (name a file of moves, or - for standard input)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read the moves file '" + printable(path) + "'");
  return parse_moves(in, printable(path), max_bytes);
}

std::string move_words(Move m) {
  return (m.disc != 0 ? "disc " + std::to_string(m.disc) : std::string("the top disc")) +
         " from peg " + std::to_string(m.from) + " to peg " + std::to_string(m.to);
}

std::string move_text(Move m) {
  return (m.disc != 0 ? std::to_string(m.disc) + ":" : std::string()) + std::to_string(m.from) +
         "->" + std::to_string(m.to);
}

std::string colour_hex(const std::string& name) {
  for (const NamedColour& c : kColours)
    if (name == c.name) return c.hex;
  if (name.size() == 7 && name.rfind("stack ", 0) == 0 &&
      std::islower(static_cast<unsigned char>(name[6])))
    return kStackColours[(name[6] - 'a') % std::size(kStackColours)];
  return kPlain;
}

nlohmann::json legend_of(const std::set<std::string>& used) {
  nlohmann::json out = nlohmann::json::array();
  for (const std::string& name : used) {
    std::string text = name;
    for (const NamedColour& c : kColours)
      if (name == c.name) text = c.text;
    out.push_back({{"colour", colour_hex(name)}, {"text", text}});
  }
  return out;
}

nlohmann::json picture_of(const FamilyInfo& f, const Params& p, const std::string& text,
                          std::set<std::string>& used) {
  nlohmann::json pegs = nlohmann::json::array();
  std::size_t pos = 0;
  int peg = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find(" | ", pos);
    if (end == std::string::npos) end = text.size();
    const std::string seg = text.substr(pos, end - pos);
    pos = end + 3;
    // "P[label]: tokens (face)"
    const std::size_t colon = seg.find(':');
    std::string label;
    if (const auto lb = seg.find('['); lb != std::string::npos && lb < colon)
      label = seg.substr(lb + 1, seg.find(']', lb) - lb - 1);
    std::vector<std::string> tokens;
    std::string face;
    std::istringstream words(colon == std::string::npos ? std::string() : seg.substr(colon + 1));
    for (std::string t; words >> t;) {
      if (t.size() >= 3 && t.front() == '(' && t.back() == ')') {
        face = t.substr(1, t.size() - 2);
      } else {
        tokens.push_back(t);
      }
    }
    nlohmann::json discs = nlohmann::json::array();
    for (const std::string& t : tokens) {
      // [a-z]? digits [A-Z]?
      std::size_t i = 0;
      std::string stack, letter;
      if (i < t.size() && std::islower(static_cast<unsigned char>(t[i]))) stack = t.substr(i++, 1);
      const std::size_t digits = i;
      while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
      const int size = i > digits ? std::stoi(t.substr(digits, i - digits)) : 0;
      if (i < t.size()) letter = t.substr(i);
      std::string name;
      if (f.disc_colour) {
        name = f.disc_colour(p, size);
      } else if (!letter.empty()) {
        name = letter;
      } else if (!stack.empty()) {
        name = "stack " + stack;
      } else if (!face.empty()) {
        name = face;
      }
      if (!name.empty()) used.insert(name);
      discs.push_back({{"size", size}, {"colour", colour_hex(name)}, {"label", t}});
    }
    nlohmann::json base = nullptr;
    const std::string base_name = f.base_colour ? f.base_colour(p, peg) : std::string();
    if (!base_name.empty()) {
      used.insert(base_name);
      base = {{"colour", colour_hex(base_name)}, {"label", label.empty() ? base_name : label}};
    } else if (!label.empty() && label != "D") {
      base = {{"colour", "#444444"}, {"label", label}};
    }
    pegs.push_back({{"base", base}, {"discs", discs}});
    ++peg;
    if (end == text.size()) break;
  }
  return pegs;
}

int max_disc_size(const std::string& text) {
  int best = 0, cur = -1;
  bool in_label = false;  // the peg number before ':' is not a disc
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ' ';
    if (c == '|') in_label = true;
    if (c == ':') in_label = false;
    if (i == 0) in_label = true;
    if (std::isdigit(static_cast<unsigned char>(c)) && !in_label) {
      cur = (cur < 0 ? 0 : cur * 10) + (c - '0');
    } else {
      if (cur > best) best = cur;
      cur = -1;
    }
  }
  return best;
}

}  // namespace hanoi::cli

// Moves a person can watch or check: `hanoi show` and `hanoi check`.
//
// Design overview
// ---------------
// Both commands replay a sequence of moves (an algorithm's, the search's witness,
// or a user's file) through the rule checker and look at the configurations on the
// way.  `Stepper` is that replay behind one small interface: on the variant's own
// encoder (Replayer<Space>, analyses/replay.hpp) when the parameters fit it, on the
// family's PlainBoard (variants/family.hpp) beyond it.  It is the command boundary,
// so one virtual call a move is fine here: no search loop ever goes through it.
//
// Pictures are built from the configuration's text form (`describe`), which every
// family writes the same way ("0[D]: 3A 2B 1A (A) | 1: | ..."), plus the family's
// optional colour hooks (disc_colour, base_colour): one parser serves all families,
// and what the page shows is by construction what the rule checker's state says.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analyses/replay.hpp"
#include "engine/core.hpp"
#include "variants/family.hpp"

namespace hanoi::cli {

class Stepper {
 public:
  virtual ~Stepper() = default;
  // Applies one move; false on the first illegal one (error() says why).
  virtual bool step(Move m) = 0;
  // Checks the final state; false (and error()) when it is not the goal.
  virtual bool finish() = 0;
  virtual std::string describe() const = 0;
  virtual std::uint64_t count() const = 0;
  virtual const std::optional<ReplayError>& error() const = 0;
};

// SIGINT/SIGTERM stop a long replay: throws SearchCancelled when a signal has come
// (looked at every 2^20 moves, `moves` being the count so far).
void stop_if_interrupted(std::uint64_t moves);

// The replay of (normalised) parameters: the encoder's when they fit it, else the
// family's PlainBoard (normalize(..., Reach::kReplay) admits nothing else).
std::unique_ptr<Stepper> make_stepper(const FamilyInfo& f, const Params& p);

// "move 5 (disc 2 from 0 to 1): <rule>" or the final-state message.
std::string replay_error_text(const ReplayError& e, std::uint64_t count);

// Moves in the notation `hanoi` prints: `disc:from->to`, or `from->to` (disc
// unnamed: the checker finds it), separated by whitespace or commas; `#` starts a
// comment to the end of the line.  Throws UsageError naming `source` and the token;
// at most `max_bytes` of text and lines of kMaxMovesLine (cli/input.hpp).
inline constexpr std::size_t kMaxMovesLine = std::size_t{1} << 20;
inline constexpr std::uint64_t kMaxMovesFileBytes = std::uint64_t{1} << 32;
std::vector<Move> parse_moves(std::istream& in, const std::string& source,
                              std::uint64_t max_bytes = kMaxMovesFileBytes);
// The moves of FILE, or of standard input for "-": at most 4 GiB of text and half
// the memory `budget` (the moves take no more than their text).
std::vector<Move> read_moves_file(const std::string& path, std::uint64_t budget);

// "disc 3 from peg 0 to peg 2".
std::string move_words(Move m);
// "3:0->2" (the disc left out when unnamed).
std::string move_text(Move m);

// One configuration as a picture: pegs with their base and discs bottom to top,
// each disc with a colour (hex) and a label; in the JSON schema of cli/show_page.html.
// The colour names used are added to `used` (for the key).
nlohmann::json picture_of(const FamilyInfo& f, const Params& p, const std::string& describe_text,
                          std::set<std::string>& used);
// The key of the colour names used, as [{colour, text}].
nlohmann::json legend_of(const std::set<std::string>& used);
// A colour name's hex value.
std::string colour_hex(const std::string& name);

// The largest disc size in a configuration text (multistack's labels carry a stack
// letter; sizes are the numbers).
int max_disc_size(const std::string& describe_text);

// The replay page: cli/show_page.html (compiled in) with `data` in place of its
// placeholder; `data` in the schema that page reads (cli/cmd_show.cpp builds it).
std::string show_page(const nlohmann::json& data);
// A static SVG strip of the first `count` frames of `data`, four to a row.
std::string strip_svg(const nlohmann::json& data, std::size_t count);

}  // namespace hanoi::cli

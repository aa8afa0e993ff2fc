// `hanoi show`: watch a solution.  The moves (a published algorithm's, the search's
// optimal witness, or a user's file) are replayed through the rule checker, and the
// configurations on the way become a self-contained HTML page (--html), a static
// SVG strip (--svg) or one configuration in text (--at).
//
// Long solutions are sampled, never embedded whole: the replay runs twice, first to
// count (and check) the moves, then to keep the configurations at evenly spaced
// move indices (--frames of them, the start and the end always among them; fewer
// when n is large, at most kMaxPageDiscs discs in a page).  So an algorithm of 10^8
// moves costs two replays and a page of at most about 12 MB.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <new>

#include "cli/batch.hpp"
#include "cli/command.hpp"
#include "cli/input.hpp"
#include "cli/replay_view.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {
namespace {

using nlohmann::json;

struct ShowOptions {
  std::string source;  // an algorithm, "optimal", or "" with --moves-file
  std::string moves_file, html, svg;
  std::uint64_t frames = 2001;
  std::uint64_t strip = 0;  // 0: every configuration up to 32, else the first 16
  std::int64_t at = -1;
};

// Thrown through an algorithm's emitter to stop it (after an illegal move).
struct StopEmitting {};

// A page holds at most this many discs in all (frames x n): about 12 MB of HTML.  More
// discs mean fewer frames (said on stderr).
constexpr std::uint64_t kMaxPageDiscs = 200000;

// Every configuration index (0 = the start, k = after move k) to keep of 0..last.
std::vector<std::uint64_t> sample(std::uint64_t last, std::uint64_t frames, std::int64_t at) {
  std::vector<std::uint64_t> keep;
  if (last + 1 <= frames) {
    for (std::uint64_t k = 0; k <= last; ++k) keep.push_back(k);
  } else {
    for (std::uint64_t i = 0; i < frames; ++i)
      keep.push_back(static_cast<std::uint64_t>(static_cast<long double>(i) * last / (frames - 1)));
  }
  keep.push_back(last);  // whatever the rounding above
  if (at >= 0 && static_cast<std::uint64_t>(at) <= last)
    keep.push_back(static_cast<std::uint64_t>(at));
  std::sort(keep.begin(), keep.end());
  keep.erase(std::unique(keep.begin(), keep.end()), keep.end());
  return keep;
}

int show(const CommonOptions& o, const ShowOptions& s) {
  const FamilyInfo& fam = variants::find_family(o.variant);
  if (s.html.empty() && s.svg.empty() && s.at < 0)
    throw UsageError("show writes --html FILE, --svg FILE or prints --at K: give at least one");
  if (s.moves_file.empty() == s.source.empty())
    throw UsageError(
        s.source.empty()
            ? "show needs an algorithm, `optimal`, or --moves-file FILE"
            : "show takes either an algorithm (or `optimal`) or --moves-file, not both");
  if (s.frames < 2) throw UsageError("--frames must be at least 2 (the start and the end)");
  const bool optimal = s.source == "optimal";
  const Params p = normalize(fam, params_of(o), optimal ? Reach::kSearch : Reach::kReplay);

  // The moves as an emitter, whatever their source.
  std::vector<Move> listed;
  std::function<void(MoveSink)> emit;
  std::string source_words;
  std::optional<std::uint64_t> optimum;
  if (!s.moves_file.empty()) {
    listed = read_moves_file(s.moves_file, budget_of(search_options(o)));
    source_words = "moves file " + (s.moves_file == "-"
                                        ? std::string("(standard input)")
                                        : std::filesystem::path(s.moves_file).filename().string());
  } else if (optimal) {
    SearchOptions so = search_options(o);
    so.want_path = true;
    so.max_path_moves = 0;
    const SearchResult r = search(fam, p, so);
    if (r.outcome != SearchOutcome::kGoalReached)
      throw UsageError(fam.name + " problem " + p.problem + ": the goal is unreachable");
    listed = r.path;
    optimum = r.optimum;
    source_words = "optimal solution (a witness of the search)";
  } else {
    const AlgorithmSpec& alg = find_algorithm(fam, p, s.source);
    emit = [&alg, &p](MoveSink sink) { alg.emit(p, sink); };
    source_words = "algorithm " + alg.name;
  }
  if (!emit)
    emit = [&listed](MoveSink sink) {
      for (const Move& m : listed) sink(m);
    };

  // Pass 1: how many legal moves, and how the replay ends.
  std::unique_ptr<Stepper> first = make_stepper(fam, p);
  std::string algorithm_error;
  try {
    emit([&](Move m) {
      if (!first->step(m)) throw StopEmitting{};
      stop_if_interrupted(first->count());
    });
  } catch (const StopEmitting&) {
  } catch (const SearchCancelled&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    algorithm_error =
        "the algorithm stopped after " + std::to_string(first->count()) + " moves: " + e.what();
  }
  const bool solved = algorithm_error.empty() && first->finish();
  std::string error = algorithm_error;
  if (error.empty() && first->error()) error = replay_error_text(*first->error(), first->count());
  const std::uint64_t last = first->count();
  if (s.at > static_cast<std::int64_t>(last))
    throw UsageError("--at " + std::to_string(s.at) + ": the replay has only " +
                     std::to_string(last) + (solved ? " moves" : " legal moves"));

  // Pass 2: the kept configurations.
  std::uint64_t frames_wanted = s.frames;
  const auto discs = static_cast<std::uint64_t>(p.n);
  if (frames_wanted * discs > kMaxPageDiscs) {
    frames_wanted = std::max<std::uint64_t>(2, kMaxPageDiscs / discs);
    if (!o.quiet && (!s.html.empty() || !s.svg.empty()) && last + 1 > frames_wanted)
      std::cerr << "[show] " << p.n << " discs: keeping " << frames_wanted
                << " configurations (at most " << kMaxPageDiscs << " discs in a page)\n";
  }
  const std::vector<std::uint64_t> keep = sample(last, frames_wanted, s.at);
  std::set<std::string> used;
  json frames = json::array();
  int max_size = 1;
  std::string at_text;
  std::unique_ptr<Stepper> second = make_stepper(fam, p);
  std::size_t next_keep = 0;
  auto capture = [&](std::uint64_t k, const Move* m) {
    const std::string text = second->describe();
    max_size = std::max(max_size, max_disc_size(text));
    if (static_cast<std::int64_t>(k) == s.at) at_text = text;
    frames.push_back(
        {{"move_index", k},
         {"move", m ? json(move_text(*m)) : json(nullptr)},
         {"words", m ? "move " + std::to_string(k) + ": " + move_words(*m) : std::string("start")},
         {"config", text},
         {"pegs", picture_of(fam, p, text, used)}});
  };
  capture(0, nullptr);
  next_keep = 1;
  if (last > 0) {
    try {
      emit([&](Move m) {
        if (second->count() >= last || !second->step(m)) throw StopEmitting{};
        stop_if_interrupted(second->count());
        if (next_keep < keep.size() && keep[next_keep] == second->count()) {
          capture(second->count(), &m);
          ++next_keep;
        }
      });
    } catch (const StopEmitting&) {
    } catch (const std::exception&) {
      // The algorithm's own failure was seen in pass 1; anything else was not.
      if (algorithm_error.empty()) throw;
    }
  }

  if (s.at >= 0) {
    if (o.json) {
      json j = params_json(fam, p);
      j["source"] = source_words;
      j["at"] = s.at;
      j["total_moves"] = last;
      j["configuration"] = at_text;
      std::cout << j.dump() << "\n";
    } else {
      std::cout << "after move " << s.at << " of " << last << ": " << at_text << "\n";
    }
  }
  std::vector<std::string> peg_names;
  peg_names.reserve(static_cast<std::size_t>(p.pegs));
  for (int q = 0; q < p.pegs; ++q) peg_names.push_back(std::to_string(q));
  json data = {
      {"title", fam.name + ": " + source_words + ", n = " + std::to_string(p.n) + ", " +
                    std::to_string(p.pegs) + " pegs, problem " + p.problem},
      {"variant", fam.name},
      {"n", p.n},
      {"pegs", p.pegs},
      {"problem", p.problem},
      {"source", source_words},
      {"total_moves", last},
      {"sampled", keep.size() < last + 1},
      {"legal", solved},
      {"error", solved ? json(nullptr) : json(error)},
      {"optimum", optimum ? json(*optimum) : json(nullptr)},
      {"max_size", max_size},
      {"peg_names", peg_names},
      {"legend", legend_of(used)},
      {"frames", std::move(frames)},
  };
  if (!s.html.empty()) {
    write_file_atomic(s.html, show_page(data));
    if (!o.quiet)
      std::cerr << "[show] " << s.html << ": " << data["frames"].size() << " configurations of "
                << last + 1 << (solved ? "" : " (the replay stopped: " + error + ")") << "\n";
  }
  if (!s.svg.empty()) {
    // Every configuration when there are few; else, of a complete replay, the first
    // K moves in a row, and of a sampled one K spread over it, the end last.
    const json& all = data["frames"];
    const std::size_t n_frames = all.size();
    const std::size_t count = s.strip > 0      ? static_cast<std::size_t>(s.strip)
                              : n_frames <= 32 ? n_frames
                                               : 16;
    json strip = data;
    if (data["sampled"].get<bool>() && count >= 2 && count < n_frames) {
      strip["frames"] = json::array();
      for (std::size_t i = 0; i < count; ++i)
        strip["frames"].push_back(all[i * (n_frames - 1) / (count - 1)]);
    }
    write_file_atomic(s.svg, strip_svg(strip, count));
  }
  // The one error line of a failure (exit 1), with -q too.
  if (!solved) std::cerr << "hanoi: error: the replay stopped: " << printable(error, 2000) << "\n";
  return solved ? 0 : 1;
}

const RegisterCommand kShow{[] {
  auto s = std::make_shared<ShowOptions>();
  return Command{
      .name = "show",
      .help = "watch a solution: an HTML replay page, an SVG strip, or one configuration",
      .order = 37,
      .options =
          [s](CLI::App& cmd, CommonOptions& o) {
            add_variant_option(cmd, o);
            cmd.add_option("source", s->source,
                           "an algorithm (see `hanoi list`) or `optimal` (a witness of the "
                           "search); leave out with --moves-file");
            add_params(cmd, o);
            cmd.add_option("--moves-file", s->moves_file,
                           "your own moves (as for `hanoi check`); - for standard input")
                ->check(non_empty());
            cmd.add_option("--html", s->html,
                           "write a self-contained replay page (step, play, slider)")
                ->check(non_empty());
            cmd.add_option("--svg", s->svg, "write a static strip of configurations")
                ->check(non_empty());
            cmd.add_option("--strip", s->strip,
                           "configurations in the SVG strip, at least 2: the start and the end "
                           "(default: all up to 32, else 16)")
                ->check(decimal_for(s->strip))
                ->check(CLI::Range(2, 100000));
            cmd.add_option("--frames", s->frames,
                           "configurations kept for the page; a longer solution is sampled "
                           "evenly (default 2001)")
                ->check(decimal_for(s->frames));
            cmd.add_option("--at", s->at, "print the configuration after move K")
                ->check(decimal_for(s->at));
            add_resources(cmd, o);
            cmd.add_flag("--json", o.json, "--at as JSON");
          },
      .run = [s](const CommonOptions& o, const std::string&) { return show(o, *s); },
  };
}()};

}  // namespace
}  // namespace hanoi::cli

// `hanoi check`: a user's own move sequence through the rule checker.
//
// The moves come from a file or standard input in the notation `hanoi` prints
// (cli/replay_view.hpp).  The replay stops at the first illegal move and names it
// (index, disc, pegs, the rule); otherwise the final state must be the goal.  When
// the parameters fit the encoder and the budget, the optimum is searched too, so a
// legal solution is reported against it.  Exit status: 0 a legal solution, 1 an
// illegal move or a final state that is not the goal, 2 bad input.
#include <iostream>
#include <memory>

#include "cli/command.hpp"
#include "cli/replay_view.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {
namespace {

using nlohmann::json;

struct CheckOptions {
  std::string moves_file;
  bool no_optimum = false;
};

// The one stderr line every non-zero exit carries (the report itself is on stdout).
void report_not_solved(bool legal, const std::string& error) {
  std::cerr << "hanoi: error: " << (legal ? "the moves do not reach the goal: " : "illegal move: ")
            << error << "\n";
}

int check_moves(const CommonOptions& o, const CheckOptions& c) {
  const FamilyInfo& fam = variants::find_family(o.variant);
  const Params p = normalize(fam, params_of(o), Reach::kReplay);
  const std::vector<Move> moves = read_moves_file(c.moves_file, budget_of(search_options(o)));
  const std::unique_ptr<Stepper> stepper = make_stepper(fam, p);
  for (const Move& m : moves) {
    if (!stepper->step(m)) break;
    stop_if_interrupted(stepper->count());
  }
  const bool legal = !stepper->error().has_value();
  const bool solved = legal && stepper->finish();
  // The optimum, where a search can give it: after the replay, so that a wrong
  // sequence is reported even when the search would not fit.
  std::optional<std::uint64_t> optimum;
  std::string optimum_note;
  if (solved && !c.no_optimum) {
    if (beyond_encoder(fam, p)) {
      optimum_note = "beyond the encoder: no search";
    } else {
      SearchOptions so = search_options(o);
      so.stop_at_goal = true;
      so.progress = !o.quiet;
      try {
        const SearchResult r = search(fam, p, so);
        if (r.outcome == SearchOutcome::kGoalReached) optimum = r.optimum;
      } catch (const MemoryBudgetExceeded& e) {
        optimum_note = std::string("not searched: ") + e.what();
      }
    }
  }
  // finish() records a final state that is not the goal as the error.
  const std::string error =
      stepper->error() ? replay_error_text(*stepper->error(), stepper->count()) : std::string();
  if (o.json) {
    json j = params_json(fam, p);
    j["moves_count"] = moves.size();
    j["legal_moves"] = stepper->count();
    j["legal"] = legal;
    j["goal_reached"] = solved;
    j["error"] = solved ? json(nullptr) : json(error);
    if (!legal) {
      const ReplayError& e = *stepper->error();
      j["illegal_move"] = {{"index", e.index + 1},
                           {"disc", e.move.disc},
                           {"from", e.move.from},
                           {"to", e.move.to},
                           {"rule", e.reason}};
    }
    j["final"] = stepper->describe();
    j["optimum"] = optimum ? json(*optimum) : json(nullptr);
    j["optimal"] = optimum ? json(moves.size() == *optimum) : json(nullptr);
    if (!optimum_note.empty()) j["optimum_note"] = optimum_note;
    std::cout << j.dump() << "\n";
    if (!solved) report_not_solved(legal, error);
    return solved ? 0 : 1;
  }
  std::cout << fam.name << " n=" << p.n << " pegs=" << p.pegs << " problem=" << p.problem << ": ";
  if (!legal) {
    std::cout << "ILLEGAL " << error << " (after " << stepper->count()
              << " legal moves: " << stepper->describe() << ")\n";
    report_not_solved(legal, error);
    return 1;
  }
  if (!solved) {
    std::cout << "all " << moves.size() << " moves legal, but the " << error << "\n";
    report_not_solved(legal, error);
    return 1;
  }
  std::cout << moves.size() << " moves, all legal, goal reached";
  if (optimum) {
    if (moves.size() == *optimum) {
      std::cout << "; optimal (optimum " << *optimum << ")";
    } else {
      std::cout << "; " << moves.size() - *optimum << " more than the optimum " << *optimum;
    }
  } else if (!optimum_note.empty()) {
    std::cout << "; optimum " << optimum_note;
  }
  std::cout << "\n";
  return 0;
}

const RegisterCommand kCheck{[] {
  auto c = std::make_shared<CheckOptions>();
  return Command{
      .name = "check",
      .help = "check your own move sequence with the rule checker (and against the optimum)",
      .order = 35,
      .options =
          [c](CLI::App& cmd, CommonOptions& o) {
            add_variant_option(cmd, o);
            add_params(cmd, o);
            cmd.add_option("--moves-file", c->moves_file,
                           "the moves, `disc:from->to` or `from->to`, separated by spaces or "
                           "newlines (`#` comments); - for standard input")
                ->required()
                ->check(non_empty());
            cmd.add_flag("--no-optimum", c->no_optimum,
                         "do not search for the optimum to compare with");
            add_resources(cmd, o);
            cmd.add_flag("--json", o.json, "machine-readable output");
          },
      .run = [c](const CommonOptions& o, const std::string&) { return check_moves(o, *c); },
  };
}()};

}  // namespace
}  // namespace hanoi::cli

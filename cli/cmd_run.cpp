// `hanoi run`: a published algorithm through the rule checker (cli/analyses.hpp).
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/command.hpp"
#include "cli/interrupt.hpp"
#include "engine/memory.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {
namespace {

using nlohmann::json;

int run_algorithm(const CommonOptions& o, const std::string& algorithm) {
  const FamilyInfo& fam = variants::find_family(o.variant);
  const Params p = normalize(fam, params_of(o), Reach::kReplay);
  RunOptions ro;
  ro.record_limit = o.moves ? o.moves_limit : 0;
  ro.progress = !o.quiet;
  ro.cancel = interrupt_flag();
  const RunReport r = run(fam, p, algorithm, ro);
  // Refused before anything is printed, so the output is never a cut list.
  if (r.record_overflow)
    throw UsageError("the move list has more than --moves-limit " + std::to_string(o.moves_limit) +
                     " moves; raise --moves-limit to print it");
  const auto formula = closed_form_of(fam, p);
  if (o.json) {
    json j = params_json(fam, p);
    j["algorithm"] = r.algorithm;
    j["legal"] = r.ok;
    j["moves_count"] = r.moves;
    j["error"] = r.ok ? json(nullptr) : json(r.error);
    j["formula"] = formula ? json(*formula) : json(nullptr);
    j["seconds"] = r.seconds;
    std::string text = j.dump();
    if (o.moves) {
      text.pop_back();
      std::cout << text << ",\"moves\":";
      print_moves_json(std::cout, r.recorded);
      std::cout << "}\n";
    } else {
      std::cout << text << "\n";
    }
  } else {
    std::cout << fam.name << " " << r.algorithm << " n=" << p.n << " pegs=" << p.pegs
              << " problem=" << p.problem << ": ";
    if (r.ok) {
      std::cout << r.moves << " moves, all legal, goal reached";
    } else {
      std::cout << "FAILED after " << r.moves << " legal moves: " << r.error;
    }
    if (formula) std::cout << " (formula " << formula_name_of(fam, p) << " = " << *formula << ")";
    std::cout << "\n";
    if (o.moves) print_move_lines(std::cout, r.recorded);
  }
  return r.ok ? 0 : 1;
}

const RegisterCommand kRun{[] {
  auto algorithm = std::make_shared<std::string>();
  return Command{
      .name = "run",
      .help = "run a published algorithm through the rule checker",
      .order = 30,
      .options =
          [algorithm](CLI::App& cmd, CommonOptions& o) {
            add_variant_option(cmd, o);
            cmd.add_option("algorithm", *algorithm, "algorithm name (see `hanoi list`)")
                ->required();
            add_params(cmd, o);
            cmd.add_flag("--json", o.json, "machine-readable output");
            add_moves_options(cmd, o, "also print the moves, one per line (disc:from->to)");
            cmd.add_flag("-q,--quiet", o.quiet, "no progress lines on stderr");
          },
      .run = [algorithm](const CommonOptions& o,
                         const std::string&) { return run_algorithm(o, *algorithm); },
  };
}()};

}  // namespace
}  // namespace hanoi::cli

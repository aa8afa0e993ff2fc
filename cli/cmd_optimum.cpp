// `hanoi optimum`: the exhaustive search (analysis_search.cpp) with its report.
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/command.hpp"
#include "engine/memory.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {
namespace {

using nlohmann::json;

int optimum(const CommonOptions& o, bool levels, bool stop_at_goal) {
  const FamilyInfo& fam = variants::find_family(o.variant);
  const Params p = normalize(fam, params_of(o));
  SearchOptions so = search_options(o);
  so.stop_at_goal = stop_at_goal;
  const SearchResult r = search(fam, p, so);
  const bool reached = r.outcome == SearchOutcome::kGoalReached;
  if (r.path_omitted) refuse_long_move_list(r.optimum, o.moves_limit);
  if (o.json) {
    json j = params_json(fam, p);
    j["optimal"] = reached ? json(r.optimum) : json(nullptr);
    j["reachable"] = reached;
    j["states"] = r.states_reached;
    j["eccentricity"] = r.complete ? json(r.eccentricity) : json(nullptr);
    j["complete"] = r.complete;
    j["seconds"] = r.seconds;
    j["engine"] = engine_name(r.engine);
    j["storage"] = storage_name(r.storage);
    if (r.storage == StorageKind::kDisk) {
      j["disk_bytes"] = r.disk_bytes;
      j["segments"] = r.segments;
      j["resumed"] = r.resumed;
      j["symmetries"] = r.symmetries;
      j["stored_segments"] = r.stored_segments;
    }
    j["rank_space"] = r.rank_space;
    j["bits_per_state"] = r.bits_per_state();
    j["search_bytes"] = r.search_bytes;
    j["peak_rss_bytes"] = peak_rss_bytes();  // now: the witness was built after the search
    const auto formula = closed_form_of(fam, p);
    j["formula"] = formula ? json(*formula) : json(nullptr);
    if (levels) j["levels"] = r.level_sizes;
    if (!o.moves) {
      std::cout << j.dump() << "\n";
      return 0;
    }
    // The moves last, written straight out: the object without its closing brace,
    // then the array.
    std::string head = j.dump();
    head.pop_back();
    std::cout << head << ",\"moves\":";
    print_moves_json(std::cout, r.path);
    std::cout << "}\n";
    return 0;
  }
  std::cout << fam.name << " n=" << p.n << " pegs=" << p.pegs << " problem=" << p.problem << "\n";
  if (reached) {
    std::cout << "  optimum:      " << r.optimum << "\n";
  } else {
    std::cout << "  optimum:      unreachable (the goal is not reachable from the start)\n";
  }
  const auto formula = closed_form_of(fam, p);
  if (formula)
    std::cout << "  formula:      " << *formula << "  (" << formula_name_of(fam, p) << ")\n";
  std::cout << "  states:       " << r.states_reached << (r.complete ? "" : " (stopped at goal)")
            << " of " << r.rank_space << " ranks\n";
  if (r.complete) std::cout << "  eccentricity: " << r.eccentricity << "\n";
  std::printf(
      "  engine:       %s\n  time:         %.3f s\n  memory:       %s searched, %s peak RSS, %.2f "
      "bits per rank\n",
      engine_name(r.engine), r.seconds, format_bytes(r.search_bytes).c_str(),
      format_bytes(peak_rss_bytes()).c_str(), r.bits_per_state());
  if (r.storage == StorageKind::kDisk)
    std::printf(
        "  disk:         %s at most, %llu segments (%llu stored, symmetry group of %llu)%s\n",
        format_bytes(r.disk_bytes).c_str(), static_cast<unsigned long long>(r.segments),
        static_cast<unsigned long long>(r.stored_segments),
        static_cast<unsigned long long>(r.symmetries), r.resumed ? ", resumed" : "");
  std::fflush(stdout);
  if (levels) {
    std::cout << "  levels:";
    for (std::size_t i = 0; i < r.level_sizes.size(); ++i) std::cout << " " << r.level_sizes[i];
    std::cout << "\n";
  }
  if (o.moves && reached) {
    std::cout << "  moves (" << r.path.size() << ", one per line, disc:from->to):\n";
    print_move_lines(std::cout, r.path);
  }
  return 0;
}

struct OptimumFlags {
  bool levels = false, stop_at_goal = false;
};

const RegisterCommand kOptimum{[] {
  auto flags = std::make_shared<OptimumFlags>();
  return Command{
      .name = "optimum",
      .help = "exhaustive breadth-first search: optimum, states reached, eccentricity",
      .order = 20,
      .options =
          [flags](CLI::App& cmd, CommonOptions& o) {
            add_variant_option(cmd, o);
            add_params(cmd, o);
            add_resources(cmd, o);
            add_disk_options(cmd, o);
            cmd.add_flag("--json", o.json, "machine-readable output");
            add_moves_options(cmd, o, "also print one optimal move sequence (a witness)");
            cmd.add_flag("--levels", flags->levels,
                         "also print the number of states at each distance");
            cmd.add_flag("--stop-at-goal", flags->stop_at_goal,
                         "stop at the goal's level (faster; no eccentricity)");
          },
      .run = [flags](const CommonOptions& o,
                     const std::string&) { return optimum(o, flags->levels, flags->stop_at_goal); },
  };
}()};

}  // namespace
}  // namespace hanoi::cli

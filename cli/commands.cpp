#include "cli/commands.hpp"

#include <array>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <thread>

#include "engine/memory.hpp"
#include "cli/provenance.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {
namespace {

using nlohmann::json;

}  // namespace

Params params_of(const CommonOptions& o) {
  Params p{o.n, o.pegs, o.problem};
  p.colours = o.colours;
  p.start = o.start;
  p.target = o.target;
  return p;
}

SearchOptions search_options(const CommonOptions& o) {
  SearchOptions s;
  if (!o.max_memory.empty()) {
    const auto bytes = parse_byte_size(o.max_memory);
    if (!bytes || *bytes == 0)
      throw UsageError("--max-memory takes a size such as 512M or 8G (got '" + o.max_memory + "')");
    s.max_memory = *bytes;
  }
  s.want_path = o.moves;
  s.progress = !o.quiet;
  s.trace = o.trace;
  return s;
}

std::string format_moves(const std::vector<Move>& moves) {
  std::string out;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    out += (i ? " " : "") + std::to_string(moves[i].disc) + ":" + std::to_string(moves[i].from) +
           "->" + std::to_string(moves[i].to);
  }
  return out;
}

nlohmann::json moves_json(const std::vector<Move>& moves) {
  json arr = json::array();
  for (const Move& m : moves) arr.push_back({m.disc, m.from, m.to});
  return arr;
}

nlohmann::json params_json(const FamilyInfo& fam, const Params& p) {
  return {{"variant", fam.name}, {"n", p.n}, {"pegs", p.pegs}, {"problem", p.problem}};
}

int cmd_list(bool as_json) {
  json out = json::array();
  for (const auto& f : variants::all_families()) {
    json fam;
    fam["variant"] = f->name;
    fam["summary"] = f->summary;
    fam["pegs"] = {{"default", f->default_pegs}, {"min", f->min_pegs}, {"max", f->max_pegs}};
    json problems = json::array();
    for (const auto& pr : f->problems) {
      Params p{1, f->default_pegs, pr.code};
      json algs = json::array();
      for (const AlgorithmSpec* a : algorithms_for(*f, p))
        algs.push_back({{"name", a->name}, {"description", a->description}});
      problems.push_back({{"code", pr.code}, {"description", pr.description},
                          {"algorithms", algs}});
    }
    fam["problems"] = problems;
    json nmax = json::object();
    for (int m = f->min_pegs; m <= f->max_pegs; ++m) nmax[std::to_string(m)] = f->max_n(m);
    fam["max_n_by_pegs"] = nmax;
    out.push_back(fam);
  }
  if (as_json) {
    std::cout << out.dump(2) << "\n";
    return 0;
  }
  for (const auto& fam : out) {
    std::cout << fam["variant"].get<std::string>() << ": " << fam["summary"].get<std::string>()
              << "\n";
    const auto& pg = fam["pegs"];
    std::cout << "  pegs: " << pg["default"].get<int>();
    if (pg["min"] != pg["max"])
      std::cout << " (--pegs " << pg["min"].get<int>() << ".." << pg["max"].get<int>() << ")";
    std::cout << "; n: 1.." << fam["max_n_by_pegs"][std::to_string(pg["default"].get<int>())].get<int>()
              << "\n";
    for (const auto& pr : fam["problems"]) {
      std::cout << "  --problem " << pr["code"].get<std::string>() << "  "
                << pr["description"].get<std::string>() << "\n";
      for (const auto& a : pr["algorithms"])
        std::cout << "      " << a["name"].get<std::string>() << "  "
                  << a["description"].get<std::string>() << "\n";
    }
  }
  return 0;
}

int cmd_optimum(const CommonOptions& o, bool levels, bool stop_at_goal) {
  const FamilyInfo& fam = variants::find_family(o.variant);
  const Params p = normalize(fam, params_of(o));
  SearchOptions so = search_options(o);
  so.stop_at_goal = stop_at_goal;
  const SearchResult r = search(fam, p, so);
  const bool reached = r.outcome == SearchOutcome::kGoalReached;
  if (o.json) {
    json j = params_json(fam, p);
    j["optimal"] = reached ? json(r.optimum) : json(nullptr);
    j["reachable"] = reached;
    j["states"] = r.states_reached;
    j["eccentricity"] = r.complete ? json(r.eccentricity) : json(nullptr);
    j["complete"] = r.complete;
    j["seconds"] = r.seconds;
    j["rank_space"] = r.rank_space;
    j["bits_per_state"] = r.bits_per_state();
    j["search_bytes"] = r.search_bytes;
    j["peak_rss_bytes"] = r.peak_rss;
    const auto formula = closed_form_of(fam, p);
    j["formula"] = formula ? json(*formula) : json(nullptr);
    if (levels) j["levels"] = r.level_sizes;
    if (o.moves) j["moves"] = moves_json(r.path);
    std::cout << j.dump() << "\n";
    return 0;
  }
  std::cout << fam.name << " n=" << p.n << " pegs=" << p.pegs << " problem=" << p.problem
            << "\n";
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
  std::printf("  time:         %.3f s\n  memory:       %s searched, %s peak RSS, %.2f bits per rank\n",
              r.seconds, format_bytes(r.search_bytes).c_str(), format_bytes(r.peak_rss).c_str(),
              r.bits_per_state());
  std::fflush(stdout);
  if (levels) {
    std::cout << "  levels:";
    for (std::size_t i = 0; i < r.level_sizes.size(); ++i) std::cout << " " << r.level_sizes[i];
    std::cout << "\n";
  }
  if (o.moves && reached) std::cout << "  moves: " << format_moves(r.path) << "\n";
  return 0;
}

int cmd_run(const CommonOptions& o, const std::string& algorithm) {
  const FamilyInfo& fam = variants::find_family(o.variant);
  const Params p = normalize(fam, params_of(o));
  const RunReport r = run(fam, p, algorithm, o.moves);
  const auto formula = closed_form_of(fam, p);
  if (o.json) {
    json j = params_json(fam, p);
    j["algorithm"] = r.algorithm;
    j["legal"] = r.ok;
    j["moves_count"] = r.moves;
    j["error"] = r.ok ? json(nullptr) : json(r.error);
    j["formula"] = formula ? json(*formula) : json(nullptr);
    j["seconds"] = r.seconds;
    if (o.moves) j["moves"] = moves_json(r.recorded);
    std::cout << j.dump() << "\n";
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
    if (o.moves) std::cout << format_moves(r.recorded) << "\n";
  }
  return r.ok ? 0 : 1;
}

}  // namespace hanoi::cli

#include "cli/commands.hpp"

#include <array>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <thread>

#include "cli/provenance.hpp"
#include "engine/memory.hpp"
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
  if (o.engine == "generic") {
    s.engine = EngineKind::kGeneric;
  } else if (o.engine == "lattice") {
    s.engine = EngineKind::kLattice;
  } else if (o.engine != "auto" && !o.engine.empty()) {
    throw UsageError("--engine takes auto, generic or lattice (got '" + o.engine + "')");
  }
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

}  // namespace hanoi::cli

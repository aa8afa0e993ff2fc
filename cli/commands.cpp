#include "cli/commands.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <thread>

#include "cli/interrupt.hpp"
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
  p.target = o.target;
  set_graph_keys(p, o);
  return p;
}

std::uint64_t budget_of(const SearchOptions& so) {
  return so.budget();
}

SearchOptions search_options(const CommonOptions& o) {
  SearchOptions s;
  if (!o.max_memory.empty()) {
    const auto bytes = parse_byte_size(o.max_memory);
    if (!bytes || *bytes == 0)
      throw UsageError("--max-memory takes a size such as 512M or 8G (got '" + o.max_memory + "')");
    s.max_memory = *bytes;
  }
  s.baseline_bytes = process_baseline_bytes();
  s.want_path = o.moves;
  s.max_path_moves = o.moves_limit;
  s.cancel = interrupt_flag();
  s.progress = !o.quiet;
  s.trace = o.trace;
  s.work_dir = o.work_dir;
  s.resume = o.resume;
  s.checkpoint_seconds = o.checkpoint_every;
  s.disk_share = o.disk_share;
  if (o.disk_coding == "zstd") {
    s.disk_coding = FileCoding::kZstd;
  } else if (o.disk_coding != "elided") {
    throw UsageError("--disk-coding takes elided or zstd (got '" + o.disk_coding + "')");
  }
  s.segment_discs = o.segment_discs;
  s.segment_bits = o.segment_bits;
  s.symmetry = o.symmetry;
  s.per_state = o.per_state;
  if (o.work_dir.empty() && !o.distributed) {
    if (o.segment_discs >= 0 && !o.symmetry)
      throw UsageError("--segment-discs needs --work-dir, --symmetry or --distributed");
    if (o.segment_bits >= 0) throw UsageError("--segment-bits needs --work-dir");
  }
  // HANOI_NO_FSYNC=1: checkpoints are not flushed to the device (safe against a
  // killed process, not a power cut); the kill-and-resume test sets it.
  if (const char* e = std::getenv("HANOI_NO_FSYNC"); e != nullptr && std::string(e) == "1")
    s.flush_to_device = false;
  if (o.storage == "memory") {
    s.storage = StorageKind::kMemory;
  } else if (o.storage == "disk") {
    s.storage = StorageKind::kDisk;
  } else if (o.storage != "auto" && !o.storage.empty()) {
    throw UsageError("--storage takes auto, memory or disk (got '" + o.storage + "')");
  }
  if (o.engine == "generic") {
    s.engine = EngineKind::kGeneric;
  } else if (o.engine == "lattice") {
    s.engine = EngineKind::kLattice;
  } else if (o.engine == "frontier") {
    s.engine = EngineKind::kFrontier;
  } else if (o.engine != "auto" && !o.engine.empty()) {
    throw UsageError("--engine takes auto, generic, lattice or frontier (got '" + o.engine + "')");
  }
  return s;
}

std::string format_moves(const std::vector<Move>& moves) {
  std::string out;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i) out += ' ';
    out += std::to_string(moves[i].disc);
    out += ':';
    out += std::to_string(moves[i].from);
    out += "->";
    out += std::to_string(moves[i].to);
  }
  return out;
}

void print_move_lines(std::ostream& out, const std::vector<Move>& moves) {
  std::string buf;
  for (const Move& m : moves) {
    buf += std::to_string(m.disc);
    buf += ':';
    buf += std::to_string(m.from);
    buf += "->";
    buf += std::to_string(m.to);
    buf += '\n';
    if (buf.size() >= (1 << 16)) {
      out << buf;
      buf.clear();
    }
  }
  out << buf;
}

void print_moves_json(std::ostream& out, const std::vector<Move>& moves) {
  std::string buf = "[";
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    if (i) buf += ',';
    // Appended piece by piece (a char + std::string chain trips GCC 12's -Wrestrict).
    buf += '[';
    buf += std::to_string(m.disc);
    buf += ',';
    buf += std::to_string(m.from);
    buf += ',';
    buf += std::to_string(m.to);
    buf += ']';
    if (buf.size() >= (1 << 16)) {
      out << buf;
      buf.clear();
    }
  }
  out << buf << ']';
}

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", s);
  return buf;
}

void refuse_long_move_list(std::uint64_t moves, std::uint64_t limit) {
  throw UsageError("the move list has " + std::to_string(moves) +
                   " moves, more than --moves-limit " + std::to_string(limit) + " (about " +
                   std::to_string(moves * 8 / 1000000 + 1) +
                   " MB of text); raise --moves-limit to print it");
}

nlohmann::json moves_json(const std::vector<Move>& moves) {
  json arr = json::array();
  for (const Move& m : moves) arr.push_back({m.disc, m.from, m.to});
  return arr;
}

nlohmann::json params_json(const FamilyInfo& fam, const Params& p) {
  // Every JSON answer names the code that computed it (stamped at build time).
  json j = {{"variant", fam.name},
            {"n", p.n},
            {"pegs", p.pegs},
            {"problem", p.problem},
            {"commit", git_commit()}};
  // The instance parameters a family takes (normalised: its defaults filled).
  for (const auto& [key, value] : {std::pair{"colours", &p.colours}, std::pair{"start", &p.start},
                                   std::pair{"edges", &p.edges}, std::pair{"goal", &p.goal}})
    if (!value->empty()) j[key] = *value;
  for (const auto& [key, value] :
       {std::pair{"target", p.target}, std::pair{"from", p.from}, std::pair{"to", p.to}})
    if (value >= 0) j[key] = value;
  if (fam.instance_facts) {
    json facts = json::object();
    for (const auto& [key, text] : fam.instance_facts(p)) facts[key] = json::parse(text);
    j["instance"] = facts;
  }
  return j;
}

}  // namespace hanoi::cli

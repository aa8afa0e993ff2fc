// The `hanoi` program's subcommands.  Each returns the process exit status:
// 0 success, 1 a verification mismatch or a failed algorithm, 2 bad input
// (reported as one line by main), 3 a search that cannot fit its memory budget.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/analyses.hpp"
#include "engine/bfs.hpp"
#include "variants/family.hpp"

namespace hanoi::cli {

struct BatchFile;

struct CommonOptions {
  std::string variant;
  int n = 0;
  int pegs = 0;
  std::string problem;
  std::string colours, start;  // instance parameters (er)
  int target = -1;
  bool json = false;
  bool moves = false;
  bool quiet = false;
  bool trace = false;
  std::string max_memory;  // "" = default budget
  int threads = 0;         // 0 = all cores
};

SearchOptions search_options(const CommonOptions& o);
Params params_of(const CommonOptions& o);

int cmd_list(bool json);
int cmd_optimum(const CommonOptions& o, bool levels, bool stop_at_goal);
int cmd_run(const CommonOptions& o, const std::string& algorithm);
int cmd_verify(const std::string& batch_path, const std::string& out_dir,
               const CommonOptions& o, const std::string& command_line);

struct StructureFlags {
  bool count = false;       // the number of optimal solutions
  bool all_pairs = false;   // distances and shortest-path counts between all pairs
  std::size_t farthest = 4; // states at maximal distance to describe
};
int cmd_frame(const CommonOptions& o, bool every_disc);
int cmd_structure(const CommonOptions& o, const StructureFlags& flags);
// Batch kinds "frame" and "structure" (study.cpp), dispatched from cmd_verify.
int run_frame_batch(const BatchFile& batch, const std::string& out_dir, const CommonOptions& o,
                    const std::string& command_line);
// `hanoi compare` and the batch kind "compare" (compare.cpp).
int cmd_compare(const CommonOptions& o, const std::string& algorithm,
                const std::string& instances_csv, std::uint64_t csv_limit);
int run_compare_batch(const BatchFile& batch, const std::string& out_dir, const CommonOptions& o,
                      const std::string& command_line);
int run_structure_batch(const BatchFile& batch, const std::string& out_dir,
                        const CommonOptions& o, const std::string& command_line);

// "3:0->2" style, one move per token.
std::string format_moves(const std::vector<Move>& moves);
nlohmann::json moves_json(const std::vector<Move>& moves);
// {"variant", "n", "pegs", "problem"}: the head of every command's JSON object.
nlohmann::json params_json(const FamilyInfo& fam, const Params& p);

}  // namespace hanoi::cli

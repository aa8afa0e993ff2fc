// What the `hanoi` subcommands share: the common options, parameters from them,
// and the output helpers (moves, the JSON head).  The subcommands themselves are
// registered one per file (cli/cmd_*.cpp, see cli/command.hpp).  Exit statuses:
// 0 success, 1 a verification mismatch or a failed algorithm, 2 bad input (one
// line), 3 a search that cannot fit its memory budget.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "cli/analyses.hpp"
#include "variants/family.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {

struct BatchFile;

// Ends the program with `status` and nothing more on stderr: a rank of a
// distributed job whose failure another rank reports (cmd_optimum.cpp).
struct QuietExit {
  int status;
};

struct CommonOptions {
  std::string variant;
  int n = 0;
  int pegs = 0;
  std::string problem;
  std::string colours, start;  // instance parameters (er, graph)
  int target = -1;
  std::string edges, goal;  // the move-graph families (graph, digraph)
  int from = -1, to = -1;
  bool json = false;
  bool moves = false;
  bool quiet = false;
  bool trace = false;
  std::string max_memory;                          // "" = default budget
  int threads = 0;                                 // 0 = all cores
  std::string engine = "auto";                     // search mode: auto, generic, lattice
  std::uint64_t moves_limit = kDefaultMovesLimit;  // --moves-limit
  std::string storage = "auto";                    // auto, memory, disk
  std::string work_dir;                            // disk mode's directory
  bool resume = false;                             // continue work_dir's checkpoint
  double checkpoint_every = 60;                    // seconds between checkpoints
  double disk_share = 0;                           // expected share of the disk bound
  std::string disk_coding = "elided";              // segment files: elided or zstd
  int segment_discs = -1;                          // -1: from the budget
  int segment_bits = -1;                           // generic disk mode; -1: from the budget
  bool symmetry = false;                           // disk mode: one segment per orbit
  bool per_state = false;                          // generic engine: no block kernel
  bool distributed = false;                        // optimum: one MPI rank of several
  bool fresh = false;                              // batches: ignore the journal
  bool no_plots = false;                           // batches: no scripts/plots.py
  static constexpr std::uint64_t kDefaultMovesLimit = 1000000;
};

SearchOptions search_options(const CommonOptions& o);
// Seconds as tables print them: two decimals.
std::string seconds_text(double s);
Params params_of(const CommonOptions& o);

// The budget a search with these options runs under (--max-memory or the default).
std::uint64_t budget_of(const SearchOptions& so);

// Checks every cell (row, n) of a batch against the budget before its first search:
// need(row, family, params) is the cell's peak in bytes.  Throws MemoryBudgetExceeded
// naming the first cell that does not fit.
template <class Row, class Need>
void check_cells_fit(const std::vector<Row>& rows, const SearchOptions& so, Need&& need) {
  const std::uint64_t budget = so.search_budget();
  for (const Row& r : rows) {
    const FamilyInfo& fam = variants::find_family(r.variant);
    for (int n = r.n_lo; n <= r.n_hi; ++n) {
      const Params p = normalize(fam, Params{n, r.pegs, r.problem});
      if (const std::uint64_t bytes = need(r, fam, p); bytes > budget)
        throw over_budget(so, bytes, r.where + ", n=" + std::to_string(n));
    }
  }
}

struct StructureFlags {
  bool count = false;        // the number of optimal solutions
  bool all_pairs = false;    // distances and shortest-path counts between all pairs
  std::size_t farthest = 4;  // states at maximal distance to describe
};

// "3:0->2" style, one move per token.
std::string format_moves(const std::vector<Move>& moves);
nlohmann::json moves_json(const std::vector<Move>& moves);
// The moves as `hanoi` prints them with --moves: one "disc:from->to" per line.
void print_move_lines(std::ostream& out, const std::vector<Move>& moves);
// A JSON array [[disc, from, to], ...] written straight to `out` (building a json
// value costs about 100 bytes a move).
void print_moves_json(std::ostream& out, const std::vector<Move>& moves);
// The UsageError for a move list longer than --moves-limit.
[[noreturn]] void refuse_long_move_list(std::uint64_t moves, std::uint64_t limit);
// {"variant", "n", "pegs", "problem"}: the head of every command's JSON object.
nlohmann::json params_json(const FamilyInfo& fam, const Params& p);

}  // namespace hanoi::cli

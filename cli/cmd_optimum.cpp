// `hanoi optimum`: the exhaustive search (cli/analyses.hpp) with its report.
//
// With --distributed every MPI rank runs this same command (engine/comm.hpp); rank
// 0 prints the report, the others print nothing but their own failures.
#include <tbb/global_control.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <new>
#include <thread>

#include "cli/command.hpp"
#include "cli/interrupt.hpp"
#include "cli/provenance.hpp"
#include "cli/refusal_flags.hpp"
#include "engine/checkpoint.hpp"
#include "engine/comm.hpp"
#include "engine/memory.hpp"
#include "engine/work_dir.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {
namespace {

using nlohmann::json;

// A failure every rank meets alike, which rank 0 reports: another rank ends with the
// same status, but a moment later, so that rank 0's line is written before mpirun,
// seeing a rank end with an error, stops the job (it stopped rank 0 by SIGTERM
// before it wrote, and the user read "interrupted" instead of the reason).  Bounded:
// where rank 0 did not fail after all, the job still ends.
[[noreturn]] void end_after_rank0_reports(int status) {
  // (Rank 0 meets the same failure at about the same time and needs milliseconds to
  // write its line; the wait costs a refused job 0.3 s.)
  for (int i = 0; i < 6 && !interrupted(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  throw QuietExit{status};
}

// The search of one rank of a distributed job.  Failures every rank meets alike
// (bad input, the budget: found before the ranks talk; AgreedError: agreed by them)
// end every rank normally, rank 0 (or the rank that found it) saying why.  Any other
// failure is this rank's alone while the others may be waiting for it: it is
// reported with the rank's number and ends the whole job (MPI_Abort).
SearchResult distributed_search(const FamilyInfo& fam, const Params& p, const SearchOptions& so,
                                Comm& comm) {
  const std::string who =
      "rank " + std::to_string(comm.rank()) + " of " + std::to_string(comm.size()) + ": ";
  try {
    return search(fam, p, so);
  } catch (const SearchCancelled&) {
    throw;  // agreed at a level boundary, after a checkpoint
  } catch (const UsageError&) {
    if (comm.rank() == 0) throw;
    end_after_rank0_reports(2);
  } catch (const MemoryBudgetExceeded&) {
    if (comm.rank() == 0) throw;
    end_after_rank0_reports(3);
  } catch (const AgreedError& e) {
    // A work directory or checkpoint refused, as a single process's is: exit 2.
    if (e.report()) std::fprintf(stderr, "hanoi: error: %s%s\n", who.c_str(), e.what());
    throw QuietExit{2};
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "hanoi: error: %sout of memory (lower --max-memory per rank)\n",
                 who.c_str());
    comm.abort(3);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hanoi: error: %s%s (ending the job)\n", who.c_str(),
                 with_flags(e).c_str());
  }
  comm.abort(1);
  std::_Exit(1);  // not reached (GCC does not see [[noreturn]] through a virtual call)
}

// --plan: what the search would run and need, without running it.
int print_plan(const CommonOptions& o, const FamilyInfo& fam, const Params& p,
               const SearchOptions& so) {
  const SearchPlan plan = search_plan(fam, p, so);
  const bool on_disk = plan.storage == StorageKind::kDisk && !so.work_dir.empty();
  // The free space where the work directory is, or would be created.
  std::uint64_t free = 0;
  if (on_disk) {
    std::filesystem::path at = std::filesystem::absolute(so.work_dir);
    while (!std::filesystem::exists(at) && at.has_parent_path() && at != at.parent_path())
      at = at.parent_path();
    free = free_disk_bytes(at.string());
  }
  const bool fits_memory = plan.memory_bytes + plan.baseline_bytes <= plan.budget_bytes;
  // The half-depth test, and the generic engine's symmetry, start even when the
  // bound exceeds the free space (they reach part of it; disk_bfs.hpp); so does a
  // run whose expected share of the bound (--disk-share) fits (room_for).
  const bool partial = so.meet_in_middle || (so.symmetry && plan.engine == EngineKind::kGeneric);
  const Room room = on_disk ? room_for(plan.disk_bytes, free, so.disk_share, partial) : Room::kFits;
  const bool fits_disk = room != Room::kRefused;
  if (o.json) {
    json j = params_json(fam, p);
    j["rank_space"] = rank_space(fam, p);
    j["engine"] = engine_name(plan.engine);
    j["storage"] = storage_name(plan.storage);
    // The frontier engine checks each level against the budget as it comes.
    j["memory_bytes"] =
        plan.engine == EngineKind::kFrontier ? json(nullptr) : json(plan.memory_bytes);
    j["budget_bytes"] = plan.budget_bytes;
    j["baseline_bytes"] = plan.baseline_bytes;  // the program's own, inside the budget
    if (on_disk) {
      j["disk_bytes"] = plan.disk_bytes;
      if (so.disk_share > 0)
        j["expected_disk_bytes"] = expected_disk(plan.disk_bytes, so.disk_share);
      j["free_disk_bytes"] = free;
      j["disk_reserve_bytes"] = kDiskReserve;  // kept free where the run checks file by file
    }
    if (plan.thin_level_states > 0) {
      j["thin_level_states"] = plan.thin_level_states;
      j["wide_level_bytes"] = plan.wide_level_bytes;
    }
    if (plan.segments > 0) {
      j["segments"] = plan.segments;
      j["stored_segments"] = plan.stored_segments;
      j["resident_segments"] = plan.resident_segments;
    }
    j["fits"] = fits_memory && fits_disk;
    j["commit"] = git_commit();
    std::cout << j.dump() << "\n";
    return 0;
  }
  std::printf("%s n=%d pegs=%d problem=%s: plan\n", fam.name.c_str(), p.n, p.pegs,
              p.problem.c_str());
  std::printf("  engine:  %s, storage %s, %llu ranks\n", engine_name(plan.engine),
              storage_name(plan.storage), static_cast<unsigned long long>(rank_space(fam, p)));
  if (plan.engine == EngineKind::kFrontier)
    std::printf("  memory:  checked level by level (the levels are not known before), budget %s\n",
                format_bytes(plan.budget_bytes).c_str());
  else
    std::printf("  memory:  %s planned and %s the program's own, budget %s%s\n",
                format_bytes(plan.memory_bytes).c_str(), format_bytes(plan.baseline_bytes).c_str(),
                format_bytes(plan.budget_bytes).c_str(), fits_memory ? "" : " (does not fit)");
  if (plan.thin_level_states > 0)
    std::printf(
        "  levels:  as vectors of up to %llu states (this variant's levels are tiny); a "
        "wider level would need %s more, checked when it comes\n",
        static_cast<unsigned long long>(plan.thin_level_states),
        format_bytes(plan.wide_level_bytes).c_str());
  if (plan.segments > 0)
    std::printf("  segments: %llu (%llu stored, %llu resident at most)\n",
                static_cast<unsigned long long>(plan.segments),
                static_cast<unsigned long long>(plan.stored_segments),
                static_cast<unsigned long long>(plan.resident_segments));
  if (on_disk) {
    const std::string stops = ", and stops at a checkpoint before a file would leave less than " +
                              format_bytes(kDiskReserve) + " free)";
    const std::string note = room == Room::kFits      ? std::string()
                             : room == Room::kRefused ? std::string(" (refused: does not fit)")
                             : so.disk_share > 0
                                 ? " (the search starts: its files are expected to take " +
                                       format_bytes(expected_disk(plan.disk_bytes, so.disk_share)) +
                                       ", --disk-share of it" + stops
                                 : " (the search starts anyway: it reaches part of it" + stops;
    std::printf("  disk:    up to %s, %s free%s\n", format_bytes(plan.disk_bytes).c_str(),
                format_bytes(free).c_str(), note.c_str());
  }
  return 0;
}

int optimum(const CommonOptions& o, bool levels, bool stop_at_goal, bool meet, bool plan) {
  std::unique_ptr<Comm> comm;
  if (o.distributed) {
    comm = make_mpi_comm();
    if (!comm)
      throw UsageError(
          "--distributed: this hanoi was built without MPI (install libopenmpi-dev and "
          "openmpi-bin, then rebuild: scripts/build.sh)");
  }
  // Bad input is the same on every rank: rank 0 says so.
  const bool quiet_rank = comm != nullptr && comm->rank() != 0;
  const FamilyInfo* found = nullptr;
  Params p;
  SearchOptions so;
  try {
    found = &variants::find_family(o.variant);
    p = normalize(*found, params_of(o));
    so = search_options(o);
  } catch (const UsageError&) {
    if (quiet_rank) end_after_rank0_reports(2);
    throw;
  }
  const FamilyInfo& fam = *found;
  so.stop_at_goal = stop_at_goal;
  so.meet_in_middle = meet;
  if (plan) {
    if (comm != nullptr) throw UsageError("--plan does not combine with --distributed");
    return print_plan(o, fam, p, so);
  }
  std::unique_ptr<tbb::global_control> share;
  if (comm != nullptr) {
    if (comm->size() > 1) {
      so.comm = comm.get();
      // This machine's memory and cores are shared by the ranks on it.
      if (so.max_memory == 0)
        so.max_memory = default_memory_budget() / static_cast<std::uint64_t>(comm->local_size());
      if (o.threads == 0)
        share = std::make_unique<tbb::global_control>(
            tbb::global_control::max_allowed_parallelism,
            std::max<std::size_t>(1, std::thread::hardware_concurrency() /
                                         static_cast<std::size_t>(comm->local_size())));
      if (comm->rank() != 0) {
        so.progress = false;
        so.trace = false;
      }
    }
  }
  const SearchResult r =
      so.comm != nullptr ? distributed_search(fam, p, so, *comm) : search(fam, p, so);
  if (so.comm != nullptr && comm->rank() != 0) return 0;  // rank 0 reports
  const bool reached = r.outcome == SearchOutcome::kGoalReached;
  if (r.path_omitted) refuse_long_move_list(r.optimum, o.moves_limit);
  if (o.json) {
    json j = params_json(fam, p);
    j["optimal"] = reached ? json(r.optimum) : json(nullptr);
    j["reachable"] = reached;
    j["states"] = r.states_reached;
    j["eccentricity"] = r.complete ? json(r.eccentricity) : json(nullptr);
    j["complete"] = r.complete;
    if (meet) j["meet_in_middle"] = r.met_in_middle;
    j["seconds"] = r.seconds;
    j["engine"] = engine_name(r.engine);
    j["block_kernel"] = r.block_kernel;
    j["storage"] = storage_name(r.storage);
    if (r.storage == StorageKind::kDisk) {
      j["disk_bytes"] = r.disk_bytes;
      j["disk_coding"] = so.disk_coding == FileCoding::kZstd ? "zstd" : "elided";
      j["segments"] = r.segments;
      j["resumed"] = r.resumed;
      j["symmetries"] = r.symmetries;
      j["stored_segments"] = r.stored_segments;
      if (r.orbits > 0) j["orbits"] = r.orbits;  // the generic engine's states kept
      j["spilled_records"] = r.spilled_records;
    } else if (r.symmetries > 1 && r.engine == EngineKind::kGeneric) {  // state orbits
      j["symmetries"] = r.symmetries;
      j["orbits"] = r.orbits;
    } else if (r.symmetries > 1) {  // --symmetry in memory
      j["segments"] = r.segments;
      j["symmetries"] = r.symmetries;
      j["stored_segments"] = r.stored_segments;
    }
    if (r.engine == EngineKind::kFrontier) {
      j["widest_level"] = r.widest_level;
      if (!so.work_dir.empty()) {
        j["disk_bytes"] = r.disk_bytes;  // its checkpoints
        j["resumed"] = r.resumed;
      }
    }
    if (!so.work_dir.empty() &&
        (r.storage == StorageKind::kDisk || r.engine == EngineKind::kFrontier)) {
      // The I/O of its files while the levels ran; per level from io_first_level.
      j["read_bytes"] = r.read_bytes;
      j["written_bytes"] = r.written_bytes;
      if (levels) {
        j["io_first_level"] = r.io_first_level;
        j["level_read_bytes"] = r.level_read;
        j["level_written_bytes"] = r.level_written;
      }
    }
    if (r.ranks > 1) {
      j["ranks"] = r.ranks;
      j["segments"] = r.segments;
      j["stored_segments"] = r.stored_segments;
      j["exchanged_bytes"] = r.exchanged_bytes;
      if (levels) j["level_exchanged_bytes"] = r.level_exchanged;
    }
    j["rank_space"] = r.rank_space;
    j["bits_per_state"] = r.bits_per_state();
    j["search_bytes"] = r.search_bytes;
    // Now (the witness was built after the search); distributed: the largest rank's.
    j["peak_rss_bytes"] = r.ranks > 1 ? r.peak_rss : peak_rss_bytes();
    j["commit"] = git_commit();  // the code that computed it (stamped at build time)
    const auto formula = closed_form_of(fam, p);
    j["formula"] = formula ? json(*formula) : json(nullptr);
    if (levels) j["levels"] = r.level_sizes.to_vector();
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
  if (!p.edges.empty()) std::cout << "  edges:        " << p.edges << "\n";
  if (fam.instance_summary) std::cout << "  instance:     " << fam.instance_summary(p) << "\n";
  if (reached) {
    std::cout << "  optimum:      " << r.optimum << "\n";
  } else {
    std::cout << "  optimum:      unreachable (the goal is not reachable from the start)\n";
  }
  const auto formula = closed_form_of(fam, p);
  if (formula)
    std::cout << "  formula:      " << *formula << "  (" << formula_name_of(fam, p) << ")\n";
  std::cout << "  states:       " << r.states_reached
            << (r.complete ? ""
                           : (r.met_in_middle ? " (stopped at half depth)" : " (stopped at goal)"))
            << " of " << r.rank_space << " ranks\n";
  if (r.complete) std::cout << "  eccentricity: " << r.eccentricity << "\n";
  std::printf(
      "  engine:       %s%s\n  time:         %.3f s\n  memory:       %s searched, %s peak RSS, "
      "%.2f "
      "bits per state\n",
      engine_name(r.engine), r.block_kernel ? " (block kernel)" : "", r.seconds,
      format_bytes(r.search_bytes).c_str(),
      format_bytes(r.ranks > 1 ? r.peak_rss : peak_rss_bytes()).c_str(), r.bits_per_state());
  if (r.storage == StorageKind::kDisk)
    std::printf("  disk:         %s at most, %llu segments%s%s%s\n",
                format_bytes(r.disk_bytes).c_str(), static_cast<unsigned long long>(r.segments),
                r.symmetries > 1
                    ? (" (" + std::to_string(r.stored_segments) + " stored, symmetry group of " +
                       std::to_string(r.symmetries) + ")")
                          .c_str()
                    : "",
                r.orbits > 0 ? (", " + std::to_string(r.orbits) + " orbits kept").c_str() : "",
                r.resumed ? ", resumed" : "");
  else if (r.symmetries > 1 && r.engine == EngineKind::kGeneric)
    std::printf("  symmetry:     %llu orbits kept (symmetry group of %llu), in memory\n",
                static_cast<unsigned long long>(r.orbits),
                static_cast<unsigned long long>(r.symmetries));
  else if (r.symmetries > 1)
    std::printf("  symmetry:     %llu segments, %llu stored (symmetry group of %llu), in memory\n",
                static_cast<unsigned long long>(r.segments),
                static_cast<unsigned long long>(r.stored_segments),
                static_cast<unsigned long long>(r.symmetries));
  if (r.engine == EngineKind::kFrontier)
    std::printf("  frontier:     widest level %llu states%s%s\n",
                static_cast<unsigned long long>(r.widest_level),
                so.work_dir.empty()
                    ? ""
                    : (", checkpoints " + format_bytes(r.disk_bytes) + " at most").c_str(),
                r.resumed ? ", resumed" : "");
  if (!so.work_dir.empty() &&
      (r.storage == StorageKind::kDisk || r.engine == EngineKind::kFrontier))
    std::printf("  I/O:          %s read, %s written (its files, while the levels ran)\n",
                format_bytes(r.read_bytes).c_str(), format_bytes(r.written_bytes).c_str());
  if (r.ranks > 1)
    std::printf("  ranks:        %llu (memory above: the largest rank's), %s exchanged\n",
                static_cast<unsigned long long>(r.ranks), format_bytes(r.exchanged_bytes).c_str());
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
  bool levels = false, stop_at_goal = false, meet = false, plan = false;
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
            CLI::Option* stop = cmd.get_option("--stop-at-goal");
            cmd.add_flag("--meet-in-middle", flags->meet,
                         "stop at half the optimum, where a symmetry of the rules maps the "
                         "start to the goal (a peg reflection: reves, classic, adjacent, "
                         "four-star, checkers): the optimum is the least d(s) + d(σs); in "
                         "memory, or on disk with --work-dir; no eccentricity")
                ->excludes(stop);
            cmd.add_flag("--plan", flags->plan,
                         "print what the search would run and need (engine, storage, memory, "
                         "segments, disk against the free space) and exit without searching");
          },
      .run =
          [flags](const CommonOptions& o, const std::string&) {
            return optimum(o, flags->levels, flags->stop_at_goal, flags->meet, flags->plan);
          },
  };
}()};

}  // namespace
}  // namespace hanoi::cli

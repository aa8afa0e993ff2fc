// Each family's searches and analyses are compiled once, in units of their own.
//
// Design overview
// ---------------
// The engine's searches are templates over the state space, so every unit that
// called `search(space, options)` used to compile every search mode for every
// family again (about ten units per build).  Instead each family folder holds an
// `instances.inc`: one line per group of engine templates that apply to its Space,
//
//   HANOI_SEARCH_INSTANCES(hanoi::variants::classic::Space)    every StateSpace
//   HANOI_LATTICE_INSTANCES(hanoi::variants::classic::Space)   LatticeSpace only
//   HANOI_FRAME_INSTANCES(hanoi::variants::classic::Space)     HasDiscPegs only
//
// CMake generates one unit per (family, group) that defines those templates
// (explicit instantiation; variants/instance_unit.hpp), and this header declares
// every family's as `extern template`, so a unit that includes it (cli/analyses.hpp,
// the tests' support headers, the benchmarks) calls them without compiling them.
// A family whose Space is another family's type (reves shares classic's
// PegSpace<FreeMoves>) has no instances.inc: its type is instantiated once.
// Forgetting a group costs compile time only, never correctness: a unit that does
// not see the declaration compiles the template itself.
#pragma once

#include "engine/frame.hpp"
#include "engine/search.hpp"
#include "engine/structure.hpp"

// The declarations (KW extern) or definitions (KW empty) of one group.  KW and S are
// a keyword and a type, which parentheses would break.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define HANOI_INSTANCE_LIST_SEARCH(KW, S)                                                          \
  KW template ::hanoi::SearchResult hanoi::search<S>(const S&, const ::hanoi::SearchOptions&);     \
  KW template ::hanoi::SearchPlan hanoi::plan_search<S>(const S&, const ::hanoi::SearchOptions&);  \
  KW template std::uint64_t hanoi::estimate_search<S>(const S&, const ::hanoi::SearchOptions&);    \
  KW template ::hanoi::EngineKind hanoi::choose_engine<S>(const S&,                                \
                                                          const ::hanoi::SearchOptions&);          \
  KW template ::hanoi::StorageKind hanoi::choose_storage<S>(const S&,                              \
                                                            const ::hanoi::SearchOptions&);        \
  KW template ::hanoi::SearchResult hanoi::breadth_first_search<S>(const S&,                       \
                                                                   const ::hanoi::SearchOptions&); \
  KW template ::hanoi::SearchResult hanoi::disk_bfs_search<S>(const S&,                            \
                                                              const ::hanoi::SearchOptions&);      \
  KW template ::hanoi::SolutionCount hanoi::count_optimal_solutions<S>(                            \
      const S&, const ::hanoi::SearchOptions&);                                                    \
  KW template ::hanoi::AllPairsSummary hanoi::all_pairs_summary<S>(const S&,                       \
                                                                   const ::hanoi::SearchOptions&)

#define HANOI_INSTANCE_LIST_LATTICE(KW, S)                                                        \
  KW template ::hanoi::SearchResult hanoi::lattice_search<S>(const S&,                            \
                                                             const ::hanoi::SearchOptions&);      \
  KW template ::hanoi::SearchResult hanoi::disk_lattice_search<S>(const S&,                       \
                                                                  const ::hanoi::SearchOptions&); \
  KW template ::hanoi::SearchResult hanoi::frontier_search<S>(const S&,                           \
                                                              const ::hanoi::SearchOptions&)

#define HANOI_INSTANCE_LIST_FRAME(KW, S)                                   \
  KW template ::hanoi::FrameAnalysis hanoi::analyse_frame<S>(              \
      const S&, const ::hanoi::SearchOptions&, bool, ::hanoi::FrameScope); \
  KW template std::uint64_t hanoi::estimate_frame<S>(const S&, const ::hanoi::SearchOptions&, bool)
// NOLINTEND(bugprone-macro-parentheses)

// Every family's groups, declared (a generated unit then defines its own: an
// explicit instantiation definition may follow the declaration).
#define HANOI_SEARCH_INSTANCES(S) HANOI_INSTANCE_LIST_SEARCH(extern, S)
#define HANOI_LATTICE_INSTANCES(S) HANOI_INSTANCE_LIST_LATTICE(extern, S)
#define HANOI_FRAME_INSTANCES(S) HANOI_INSTANCE_LIST_FRAME(extern, S)
#include "variants/all_families.hpp"
#include "variants/all_instances.inc"
#undef HANOI_SEARCH_INSTANCES
#undef HANOI_LATTICE_INSTANCES
#undef HANOI_FRAME_INSTANCES

// The explicit instantiations of the analyses' templates for one family's Space, as
// macros: analyses/instances.hpp declares every family's, analyses/instance_unit.hpp
// defines one family's.  No family header here.
#pragma once

#include "analyses/frame.hpp"
#include "analyses/structure.hpp"
#include "variants/instance_lists.hpp"

// The declarations (KW extern) or definitions (KW empty) of the analyses of one
// line.  KW and S are a keyword and a type, which parentheses would break.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define HANOI_INSTANCE_LIST_STRUCTURE(KW, S)                                 \
  KW template ::hanoi::SolutionCount hanoi::count_optimal_solutions<S>(      \
      const S&, const ::hanoi::SearchOptions&);                              \
  KW template ::hanoi::AllPairsSummary hanoi::all_pairs_summary<S>(const S&, \
                                                                   const ::hanoi::SearchOptions&)

#define HANOI_INSTANCE_LIST_FRAME(KW, S)                                   \
  KW template ::hanoi::FrameAnalysis hanoi::analyse_frame<S>(              \
      const S&, const ::hanoi::SearchOptions&, bool, ::hanoi::FrameScope); \
  KW template std::uint64_t hanoi::estimate_frame<S>(const S&, const ::hanoi::SearchOptions&, bool)
// NOLINTEND(bugprone-macro-parentheses)

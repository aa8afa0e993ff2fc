// The explicit instantiations of the engine's templates for one family's Space, as
// two macros (one per group of an instances.inc line): variants/instances.hpp uses
// them to declare every family's `extern template`, variants/instance_unit.hpp to
// define one family's.  No family header here.
#pragma once

#include "engine/search.hpp"

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
                                                              const ::hanoi::SearchOptions&)

#define HANOI_INSTANCE_LIST_LATTICE(KW, S)                                                        \
  KW template ::hanoi::SearchResult hanoi::lattice_search<S>(const S&,                            \
                                                             const ::hanoi::SearchOptions&);      \
  KW template ::hanoi::SearchResult hanoi::disk_lattice_search<S>(const S&,                       \
                                                                  const ::hanoi::SearchOptions&); \
  KW template ::hanoi::SearchResult hanoi::frontier_search<S>(const S&,                           \
                                                              const ::hanoi::SearchOptions&)

// NOLINTEND(bugprone-macro-parentheses)

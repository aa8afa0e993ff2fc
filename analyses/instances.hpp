// Each family's analyses compiled once: the analyses' half of variants/instances.hpp.
//
// Design overview
// ---------------
// The same lines of each family's instances.inc name the analyses' templates too:
// a SEARCH line the optimal-solution count and the all-pairs summary
// (analyses/structure.hpp), a FRAME line the Frame analysis (analyses/frame.hpp).
// This header declares them `extern template` for every family (after the engine's
// searches, variants/instances.hpp); CMake generates one unit per family that
// defines them (analyses/instance_unit.hpp), in the analyses library, so nothing
// below this layer compiles or names an analysis.
#pragma once

#include "analyses/instance_lists.hpp"
#include "variants/instances.hpp"

// Every family's analyses, declared (its generated unit then defines them).
#define HANOI_SEARCH_INSTANCES(S) HANOI_INSTANCE_LIST_STRUCTURE(extern, S)
#define HANOI_LATTICE_INSTANCES(S) static_assert(true)  // engine only: variants/instances.hpp
#define HANOI_FRAME_INSTANCES(S) HANOI_INSTANCE_LIST_FRAME(extern, S)
#include "variants/all_instances.inc"
#undef HANOI_SEARCH_INSTANCES
#undef HANOI_LATTICE_INSTANCES
#undef HANOI_FRAME_INSTANCES

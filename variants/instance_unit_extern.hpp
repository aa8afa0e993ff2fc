// The first half of every generated unit's head (variants/instance_unit.hpp,
// analyses/instance_unit.hpp): the family's header, and every group of its
// instances.inc declared `extern`, so that what the unit defines next never
// compiles another group's templates again.  The unit defines
// HANOI_INSTANCE_FAMILY_HEADER and HANOI_INSTANCE_LIST_FILE before including it.
#pragma once

#include "variants/instance_lists.hpp"
#include HANOI_INSTANCE_FAMILY_HEADER

#define HANOI_SEARCH_INSTANCES(S) HANOI_INSTANCE_LIST_SEARCH(extern, S)
#define HANOI_LATTICE_INSTANCES(S) HANOI_INSTANCE_LIST_LATTICE(extern, S)
#define HANOI_FRAME_INSTANCES(S) static_assert(true)
#include HANOI_INSTANCE_LIST_FILE
#undef HANOI_SEARCH_INSTANCES
#undef HANOI_LATTICE_INSTANCES
#undef HANOI_FRAME_INSTANCES

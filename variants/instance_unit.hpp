// The head of a generated instance unit (CMakeLists.txt: one per family folder with
// an instances.inc and per group it names; see variants/instances.hpp).  The unit
// defines HANOI_INSTANCE_GROUP to SEARCH or LATTICE, includes this header and then
// the family's instances.inc: the lines of its group become explicit
// instantiations, the others nothing (the analyses' templates of the same lines:
// analyses/instance_unit.hpp).  Each group is a unit of its own so that the
// two cores compile a family's lattice modes and its generic modes side by side.
#pragma once

#include "variants/instances.hpp"

#define HANOI_INSTANCE_EMPTY(S) static_assert(true)
#if HANOI_INSTANCE_GROUP_SEARCH
#define HANOI_SEARCH_INSTANCES(S) HANOI_INSTANCE_LIST_SEARCH(, S)
#else
#define HANOI_SEARCH_INSTANCES(S) HANOI_INSTANCE_EMPTY(S)
#endif
#if HANOI_INSTANCE_GROUP_LATTICE
// A family that names this group must be a LatticeSpace (the constraint would fail).
#define HANOI_LATTICE_INSTANCES(S) HANOI_INSTANCE_LIST_LATTICE(, S)
#else
#define HANOI_LATTICE_INSTANCES(S) HANOI_INSTANCE_EMPTY(S)
#endif
#define HANOI_FRAME_INSTANCES(S) HANOI_INSTANCE_EMPTY(S)

// A generated instance unit (CMakeLists.txt: one per family folder with an
// instances.inc and per group it names; see variants/instances.hpp).  The unit
// defines HANOI_INSTANCE_GROUP_SEARCH or _LATTICE, HANOI_INSTANCE_FAMILY_HEADER (the
// family's header) and HANOI_INSTANCE_LIST_FILE (its instances.inc), then includes
// this header.  The lines are read twice: first every group of this family is
// declared `extern` (so that compiling one group never compiles the other's
// templates again), then the unit's own group is defined.  Only this family's header
// is included: touching another family never rebuilds this unit.  The analyses'
// templates of the same lines: analyses/instance_unit.hpp.  Each group is a unit of
// its own so that the two cores compile a family's lattice modes and its generic
// modes side by side.
#pragma once

#include "variants/instance_unit_extern.hpp"

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
#include HANOI_INSTANCE_LIST_FILE

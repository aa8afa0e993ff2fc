// A generated analyses unit (CMakeLists.txt: one per family folder with an
// instances.inc; see analyses/instances.hpp).  The unit defines
// HANOI_INSTANCE_FAMILY_HEADER and HANOI_INSTANCE_LIST_FILE (as for
// variants/instance_unit.hpp) and includes this header: the family's engine groups
// are declared `extern` (its searches are compiled in the engine's units), then its
// SEARCH lines become the structure analyses' explicit instantiations and its FRAME
// lines the Frame analysis's.  Only this family's header is included.
#pragma once

#include "analyses/instance_lists.hpp"
#include "variants/instance_unit_extern.hpp"

#define HANOI_SEARCH_INSTANCES(S) HANOI_INSTANCE_LIST_STRUCTURE(, S)
#define HANOI_LATTICE_INSTANCES(S) static_assert(true)
#define HANOI_FRAME_INSTANCES(S) HANOI_INSTANCE_LIST_FRAME(, S)
#include HANOI_INSTANCE_LIST_FILE

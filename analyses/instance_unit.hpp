// The head of a generated analyses unit (CMakeLists.txt: one per family folder with
// an instances.inc; see analyses/instances.hpp).  The unit includes this header and
// then the family's instances.inc: its SEARCH lines become the structure analyses'
// explicit instantiations, its FRAME lines the Frame analysis's; its LATTICE lines
// nothing (the engine's units, variants/instance_unit.hpp, compile its searches).
#pragma once

#include "analyses/instances.hpp"

#define HANOI_SEARCH_INSTANCES(S) HANOI_INSTANCE_LIST_STRUCTURE(, S)
#define HANOI_LATTICE_INSTANCES(S) static_assert(true)
#define HANOI_FRAME_INSTANCES(S) HANOI_INSTANCE_LIST_FRAME(, S)

// A generated unit of the commands' table (CMakeLists.txt: `<family>_cli.cpp` per
// variants/<dir>/instances.inc; see cli/space_ops.hpp).  The unit defines
// HANOI_INSTANCE_FAMILY_HEADER and HANOI_INSTANCE_LIST_FILE (as for
// variants/instance_unit.hpp) and includes this header: each SEARCH line's Space
// gets its `space_ops`.  Only this family's header is included, and the engine's
// and the analyses' entry points only as declarations (engine/search_api.hpp,
// analyses/api.hpp): their templates are compiled in the family's own units.
#pragma once

#include "cli/space_ops_impl.hpp"
#include HANOI_INSTANCE_FAMILY_HEADER

#define HANOI_SEARCH_INSTANCES(S) template const ::hanoi::cli::SpaceOps& hanoi::cli::space_ops<S>()
#define HANOI_LATTICE_INSTANCES(S) static_assert(true)
#define HANOI_FRAME_INSTANCES(S) static_assert(true)
#include HANOI_INSTANCE_LIST_FILE

// Each family's searches are compiled once, in units of their own.
//
// Design overview
// ---------------
// The engine's searches are templates over the state space, so every unit that
// called `search(space, options)` used to compile every search mode for every
// family again (about ten units per build).  Instead each family folder holds an
// `instances.inc`: one line per group of templates that apply to its Space,
//
//   HANOI_SEARCH_INSTANCES(hanoi::variants::classic::Space)    every StateSpace
//   HANOI_LATTICE_INSTANCES(hanoi::variants::classic::Space)   LatticeSpace only
//   HANOI_FRAME_INSTANCES(hanoi::variants::classic::Space)     HasDiscPegs only
//
// CMake generates one unit per (family, group) that defines those templates
// (explicit instantiation; variants/instance_unit.hpp, which includes that family's
// header only, so touching one family rebuilds its own units), and this header
// declares every family's as `extern template`, so a unit that includes it (the
// analyses, the tests' support headers, the benchmarks) calls them without
// compiling them.
// This header and its units hold the engine's templates (the searches, in the
// library of the families); the analyses' templates of the same lines (the
// structure counts for SEARCH, the Frame analysis for FRAME) are declared by
// analyses/instances.hpp and compiled in units of the analyses library, so the
// layers stay engine <- variants <- analyses.
// A family whose Space is another family's type (reves shares classic's
// PegSpace<FreeMoves>) has no instances.inc: its type is instantiated once.
// Forgetting a group costs compile time only, never correctness: a unit that does
// not see the declaration compiles the template itself.
#pragma once

#include "variants/instance_lists.hpp"

// Every family's engine groups, declared (a generated unit then defines its own: an
// explicit instantiation definition may follow the declaration).
#define HANOI_SEARCH_INSTANCES(S) HANOI_INSTANCE_LIST_SEARCH(extern, S)
#define HANOI_LATTICE_INSTANCES(S) HANOI_INSTANCE_LIST_LATTICE(extern, S)
#define HANOI_FRAME_INSTANCES(S) static_assert(true)  // analyses/instances.hpp
#include "variants/all_families.hpp"
#include "variants/all_instances.inc"
#undef HANOI_SEARCH_INSTANCES
#undef HANOI_LATTICE_INSTANCES
#undef HANOI_FRAME_INSTANCES

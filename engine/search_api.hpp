// The search's entry points, declared: what a caller that only calls them needs
// (cli/space_ops_impl.hpp), without the modes' templates (engine/search.hpp, which
// defines them; each family's instantiations are compiled in its own generated
// unit, variants/instances.hpp).
#pragma once

#include <cstdint>

#include "engine/core.hpp"
#include "engine/search_types.hpp"

namespace hanoi {

// The engine a search would run (kAuto resolved), or std::invalid_argument.
template <StateSpace V>
EngineKind choose_engine(const V& v, const SearchOptions& o);
// Where its levels would live, or std::invalid_argument.
template <StateSpace V>
StorageKind choose_storage(const V& v, const SearchOptions& o);
// What it would run and need (optimum --plan).
template <StateSpace V>
SearchPlan plan_search(const V& v, const SearchOptions& o);
// The peak bytes `search(v, o)` will ask for.
template <StateSpace V>
std::uint64_t estimate_search(const V& v, const SearchOptions& o);
// The search: picks the mode (engine/search.hpp).
template <StateSpace V>
SearchResult search(const V& v, const SearchOptions& o);

}  // namespace hanoi

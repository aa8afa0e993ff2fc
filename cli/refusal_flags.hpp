// The engine's refusals with the command line's flags added.
//
// The engine names what a refusal is about in its own words and as Features
// (engine/features.hpp): "symmetry keeps one state or segment per orbit, which gives
// no witness".  This is the one place that knows which flag asks for each Feature,
// so the line a user reads ends with the flags to change: "... [--symmetry, --moves]".
#pragma once

#include <exception>
#include <functional>
#include <string>

#include "engine/features.hpp"

namespace hanoi::cli {

// The flag that asks for f ("--symmetry"); "" where no flag does (watched states
// are asked for by the atlas, not by a flag).
const char* feature_flag(Feature f);

// Whether the command being run takes an option ("--max-memory"); empty: every one.
using TakesOption = std::function<bool(const std::string& name)>;

// " [--symmetry, --moves]": the flags of the set, in Feature order; "" for none.
// Flags the command does not take are left out (`hanoi graph` has no --max-memory).
std::string flags_suffix(FeatureSet involved, const TakesOption& takes = {});

// e.what(), with the flags of the Features it names (NamesFeatures) added.
std::string with_flags(const std::exception& e, const TakesOption& takes = {});

}  // namespace hanoi::cli

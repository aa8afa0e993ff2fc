// What a search can be asked for, and what a refusal names (Feature), in the
// engine's words.
//
// Why a file of its own: the engine refuses a search (SearchRefused, a memory budget
// exceeded, a work directory it cannot use) in its own words ("symmetry", "a work
// directory") and names the Features involved; the CLI turns them into its flags
// (cli/refusal_flags.hpp), so the engine never speaks the command line's words.  The
// table of combinations (combinations.hpp) is written in the same Features.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>

namespace hanoi {

// What a search is asked for: the policies, and the choices of storage and kernel
// that a refusal may name.  The CLI maps each to its flag (cli/refusal_flags.hpp).
enum class Feature : std::uint8_t {
  // Policies of the level loop.
  kWitness,    // one optimal move sequence (the path walked back)
  kFarthest,   // the states of the last level, named
  kSymmetry,   // one state or segment per orbit
  kHalfDepth,  // the half-depth test: stop where the levels from the start meet their mirror
  kWatch,      // the depths of watched ranks
  kResume,     // continue from a checkpoint
  // Storage asked for.
  kWorkDir,        // a work directory (files, checkpoints)
  kDiskStorage,    // levels in segments on disk
  kMemoryStorage,  // levels in memory
  kDistributed,    // several processes (ranks)
  // Kernel asked for.
  kGenericEngine,
  kLatticeEngine,
  kFrontierEngine,
  // What a refusal for size suggests.
  kMemoryBudget,  // a larger memory budget
  kDiscs,         // fewer discs
  // Sizes of a segment a user may set.
  kSegmentDiscs,  // the lattice engine's: the large discs that fix a segment
  kSegmentBits,   // the generic engine's: 2^bits ranks a segment
};

inline constexpr int kFeatureCount = static_cast<int>(Feature::kSegmentBits) + 1;

// A set of Features (a bit per Feature).
class FeatureSet {
 public:
  constexpr FeatureSet() = default;
  constexpr FeatureSet(std::initializer_list<Feature> fs) {
    for (Feature f : fs) bits_ |= bit(f);
  }
  constexpr bool has(Feature f) const { return (bits_ & bit(f)) != 0; }
  constexpr FeatureSet& add(Feature f) {
    bits_ |= bit(f);
    return *this;
  }
  constexpr FeatureSet operator|(FeatureSet o) const { return from_bits(bits_ | o.bits_); }
  constexpr FeatureSet operator&(FeatureSet o) const { return from_bits(bits_ & o.bits_); }
  constexpr FeatureSet without(FeatureSet o) const { return from_bits(bits_ & ~o.bits_); }
  constexpr bool empty() const { return bits_ == 0; }

 private:
  static constexpr std::uint32_t bit(Feature f) { return std::uint32_t{1} << static_cast<int>(f); }
  static constexpr FeatureSet from_bits(std::uint32_t b) {
    FeatureSet s;
    s.bits_ = b;
    return s;
  }
  std::uint32_t bits_ = 0;
};

// A Feature in the engine's words ("symmetry", "a work directory").
const char* feature_words(Feature f);

// An error that names Features (what the user may drop, add or raise): the CLI
// adds their flags to the line it prints.  A mixin, so that each error keeps its
// own type (and exit status).
class NamesFeatures {
 public:
  explicit NamesFeatures(FeatureSet involved = {}) : involved_(involved) {}
  FeatureSet involved() const { return involved_; }

 private:
  FeatureSet involved_;
};

// A search the engine refuses: what it cannot do, in its own words, and the
// Features the words name.
class SearchRefused : public std::invalid_argument, public NamesFeatures {
 public:
  SearchRefused(const std::string& what, FeatureSet involved)
      : std::invalid_argument(what), NamesFeatures(involved) {}
};

}  // namespace hanoi

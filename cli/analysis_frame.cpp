#include "analyses/instances.hpp"
#include "cli/analyses.hpp"
#include "variants/visit.hpp"

namespace hanoi::cli {

FrameAnalysis frame(const FamilyInfo& f, const Params& p, const SearchOptions& o, bool want_moves,
                    FrameScope scope) {
  return variants::visit_family(f, p, [&](const auto&, const auto& space) -> FrameAnalysis {
    using Space = std::decay_t<decltype(space)>;
    if constexpr (!HasDiscPegs<Space>) {
      throw UsageError(f.name + " has no single largest disc: the Frame hypothesis does not apply");
    } else {
      return analyse_frame(space, o, want_moves, scope);
    }
  });
}

std::uint64_t frame_need(const FamilyInfo& f, const Params& p, const SearchOptions& o) {
  return variants::visit_family(f, p, [&](const auto&, const auto& space) -> std::uint64_t {
    using Space = std::decay_t<decltype(space)>;
    if constexpr (!HasDiscPegs<Space>) {
      throw UsageError(f.name + " has no single largest disc: the Frame hypothesis does not apply");
    } else {
      return estimate_frame(space, o, false);
    }
  });
}

}  // namespace hanoi::cli

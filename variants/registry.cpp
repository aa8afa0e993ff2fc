#include "variants/registry.hpp"

#include <string>

#include "variants/visit.hpp"

namespace hanoi::variants {

const std::vector<const FamilyInfo*>& all_families() {
  static const std::vector<const FamilyInfo*> infos = [] {
    std::vector<const FamilyInfo*> v;
    for_each_family([&](const auto& fam) { v.push_back(&fam.info); });
    return v;
  }();
  return infos;
}

const FamilyInfo& find_family(std::string_view name) {
  std::string known;
  for (const FamilyInfo* f : all_families()) {
    if (f->name == name) return *f;
    known += (known.empty() ? "" : ", ") + f->name;
  }
  // Names that were variants once and are now options of another: the one line
  // tells an old script what to run instead.
  if (name == "reves-sym")
    throw UsageError(
        "variant 'reves-sym' was retired: `reves --pegs 4 --symmetry` searches the same orbits "
        "of pegs 1-3 and counts states (the structure batch takes `symmetry = true`)");
  // (A long name is cut, its length named: the error stays one readable line.)
  const std::string shown = name.size() <= 60 ? std::string(name)
                                              : std::string(name.substr(0, 60)) + "... (" +
                                                    std::to_string(name.size()) + " characters)";
  throw UsageError("unknown variant '" + shown + "' (variants: " + known + ")");
}

}  // namespace hanoi::variants

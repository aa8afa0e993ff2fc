#include "variants/registry.hpp"

#include <string>

#include "variants/classic/classic.hpp"

namespace hanoi::variants {

const std::vector<std::unique_ptr<Family>>& all_families() {
  static const std::vector<std::unique_ptr<Family>> families = [] {
    std::vector<std::unique_ptr<Family>> f;
    f.push_back(classic::make_family());
    return f;
  }();
  return families;
}

const Family& find_family(std::string_view name) {
  std::string known;
  for (const auto& f : all_families()) {
    if (f->name() == name) return *f;
    known += (known.empty() ? "" : ", ") + f->name();
  }
  throw UsageError("unknown variant '" + std::string(name) + "' (variants: " + known + ")");
}

}  // namespace hanoi::variants

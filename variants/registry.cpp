#include "variants/registry.hpp"

#include <string>

#include "variants/adjacent/adjacent.hpp"
#include "variants/checkers/checkers.hpp"
#include "variants/classic/classic.hpp"
#include "variants/cyclic/cyclic.hpp"
#include "variants/domino/domino.hpp"
#include "variants/four_star/four_star.hpp"
#include "variants/lundon/lundon.hpp"
#include "variants/rainbow/rainbow.hpp"
#include "variants/reves/reves.hpp"
#include "variants/reves_sym/reves_sym.hpp"
#include "variants/reversi/reversi.hpp"

namespace hanoi::variants {

const std::vector<std::unique_ptr<Family>>& all_families() {
  static const std::vector<std::unique_ptr<Family>> families = [] {
    std::vector<std::unique_ptr<Family>> f;
    f.push_back(classic::make_family());
    f.push_back(reves::make_family());
    f.push_back(reves_sym::make_family());
    f.push_back(cyclic::make_family());
    f.push_back(adjacent::make_family());
    f.push_back(four_star::make_family());
    f.push_back(rainbow::make_family());
    f.push_back(domino::make_family());
    f.push_back(lundon::make_family());
    f.push_back(reversi::make_family());
    f.push_back(checkers::make_family());
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

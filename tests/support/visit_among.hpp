// A family picked by name among a few, for the plain conformance tests: like
// variants::visit_family, but the visitor is compiled for the families named
// here only, so a test file includes (and is rebuilt for) those families alone.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "variants/family.hpp"

namespace hanoi::testing {

// Calls visitor(family, space) for the entry among Entries whose family is
// called `name`, its space built for `p` (normalised); a name not among them is
// a failure.
template <class... Entries, class Visitor>
void visit_among(const std::string& name, const Params& p, Visitor&& visitor) {
  bool done = false;
  (
      [&] {
        if (done) return;
        const Family<typename Entries::Space> fam = Entries::family();
        if (fam.info.name != name) return;
        done = true;
        visitor(fam, fam.make(normalize(fam.info, p)));
      }(),
      ...);
  if (!done) ADD_FAILURE() << "'" << name << "' is not among the families this test names";
}

}  // namespace hanoi::testing

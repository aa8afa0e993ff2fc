// Fuzz target: the parameters a user gives on the command line, as `normalize`
// checks them for a variant: the variant's name, n, pegs, the problem code and the
// instance tokens (er's --colours, --start, --target), one per line of the input.
// Bad input must end in a UsageError; any other exception, a crash or a sanitizer
// report is a defect.  When the parameters are accepted and the space is small, it
// is built too (its constructor trusts normalize).  See fuzz_batch.cpp for how
// targets are built and replayed.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "variants/family.hpp"
#include "variants/visit.hpp"

namespace {

// "12" -> 12; anything else (or out of int range) -> the fallback, like an
// unparsable option that CLI11 would have refused before normalize.
int to_int(const std::string& s, int fallback) {
  if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789-") != std::string::npos)
    return fallback;
  try {
    return std::stoi(s);
  } catch (...) {
    return fallback;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hanoi;
  std::vector<std::string> field;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  for (std::string line; field.size() < 7 && std::getline(in, line);) field.push_back(line);
  field.resize(7);
  try {
    const FamilyInfo& fam = variants::find_family(field[0]);
    Params p{to_int(field[1], 3), to_int(field[2], 0), field[3]};
    p.colours = field[4];
    p.start = field[5];
    p.target = to_int(field[6], -1);
    const Params q = normalize(fam, p);
    (void)normalize(fam, q);  // normalising twice changes nothing and is accepted
    if (q.n <= 6)
      (void)variants::visit_family(fam, q, [](const auto&, const auto& space) -> std::uint64_t {
        return space.num_ranks();
      });
  } catch (const UsageError&) {
  }
  return 0;
}

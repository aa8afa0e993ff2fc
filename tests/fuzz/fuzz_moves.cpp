// Fuzz target: a moves file (`hanoi check --moves-file`, `hanoi show --moves-file`),
// as parse_moves reads it, then replayed on a small classic instance through the
// same Stepper the commands use.  Bad input must end in a UsageError whose text is
// one printable line; any other exception, a crash or a sanitizer report is a
// defect.  The limits are small here (64 KiB, lines of 1 MiB as in the program) so
// that the byte and line bounds are reached too.  See fuzz_batch.cpp for how targets
// are built and replayed.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "cli/input.hpp"
#include "cli/replay_view.hpp"
#include "variants/family.hpp"
#include "variants/registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hanoi;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const std::vector<Move> moves = cli::parse_moves(in, "fuzz", std::uint64_t{1} << 16);
    const FamilyInfo& fam = variants::find_family("classic");
    const Params p = normalize(fam, Params{4});
    const auto stepper = cli::make_stepper(fam, p);
    for (const Move& m : moves)
      if (!stepper->step(m)) break;
  } catch (const UsageError& e) {
    // The one-line contract: what main prints must be a printable single line.
    const std::string shown = cli::printable(e.what(), 2000);
    if (shown.find('\n') != std::string::npos) std::abort();
  }
  return 0;
}

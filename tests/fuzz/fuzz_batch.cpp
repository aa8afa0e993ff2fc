// Fuzz target: batch files (TOML) as `hanoi verify` reads them.
//
// The text is parsed, every row's keys are checked against the union of the batch
// kinds' keys, its common keys read and its first and last n normalised for its
// variant.  Bad input must end in a UsageError (one line for the user); any other
// exception, a crash or a sanitizer report is a defect.  Built with libFuzzer by
// experiments/fuzz.sh (clang); the corpus it grows, tests/fuzz/corpus/batch/, is
// replayed by the test suite (replay_main.cpp).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "cli/batch.hpp"
#include "variants/family.hpp"
#include "variants/registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hanoi;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const cli::BatchFile batch = cli::parse_batch_text(text, "fuzz.toml");
    int index = 0;
    for (const toml::table* t : batch.rows) {
      const std::string where = "fuzz.toml row " + std::to_string(++index);
      cli::check_row_keys(*t, where,
                          {"known_mismatch", "algorithms", "bounds", "expect", "scope", "measure",
                           "farthest", "max_paths", "algorithm", "target"});
      const cli::RowCommon r = cli::read_row_common(*t, where);
      (void)cli::string_list(*t, "algorithms", where);
      (void)cli::optional_int(*t, "farthest", where, 2, 0);
      const FamilyInfo& fam = variants::find_family(r.variant);
      for (int n : {r.n_lo, r.n_hi}) (void)normalize(fam, Params{n, r.pegs, r.problem});
    }
  } catch (const UsageError&) {
    // The expected answer to bad input.
  }
  return 0;
}

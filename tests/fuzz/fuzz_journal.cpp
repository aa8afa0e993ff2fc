// Fuzz target: a batch journal (cli/batch.hpp, CellJournal), as a rerun reads it.
// The input is written as DIR/fuzz.journal and the journal opened over it: a torn,
// edited or foreign line must be skipped (recomputed), never trusted, and nothing
// may throw but a UsageError (an input past the reader's bounds).  A line whose
// checksum matches is reused: the target then asks for that cell back.  See
// fuzz_batch.cpp for how targets are built and replayed.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli/batch.hpp"
#include "variants/family.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hanoi;
  namespace fs = std::filesystem;
  static const fs::path dir = [] {
    std::string tmpl = (fs::temp_directory_path() / "hanoi_fuzz_journal_XXXXXX").string();
    if (mkdtemp(tmpl.data()) == nullptr) std::abort();
    return fs::path(tmpl);
  }();
  {
    std::ofstream out(dir / "fuzz.journal", std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  try {
    const cli::CellJournal journal(dir, "fuzz.toml", "verify", false, true);
    (void)journal.summary_note();
  } catch (const UsageError&) {
  }
  return 0;
}

// The pictures of a table: scripts/plots.py run as a child process.
//
// Design overview
// ---------------
// The script draws into a private folder beside the table (OUT/.hanoi-pictures-*),
// never at the pictures' own paths, so that nothing it does can hang on a FIFO,
// replace a device or leave half a picture there.  place() then moves each picture
// into place whole, through OutputFile (cli/output_file.hpp), which treats a FIFO,
// a device and a link at the path as every other output does; the folder is
// removed however the drawing ends.
//
// The child is in the program's process group, ignores SIGINT (a terminal's
// Ctrl-C reaches the whole group, and Python would die of it with a traceback),
// and is ended with SIGTERM when the program is interrupted or dies (Linux's
// parent-death signal).  The program then reports the interruption itself.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace hanoi::cli {

class Pictures {
 public:
  // Draws the pictures of the CSV at `csv_path` (already written).  Where the
  // script cannot run (no python3, no matplotlib, HANOI_PLOTS=off) there are none,
  // with a warning on stderr; a picture that cannot be written is an OutputError.
  // (A failure to write is held until place().)
  explicit Pictures(const std::filesystem::path& csv_path);
  Pictures(const Pictures&) = delete;
  Pictures& operator=(const Pictures&) = delete;
  ~Pictures();

  // The pictures' file names, in the order the script wrote them.
  const std::vector<std::string>& files() const { return files_; }
  // Moves every picture beside the CSV; OutputError when the drawing could not
  // write them, or on the first that cannot be put in place.
  void place();

 private:
  void draw(const std::filesystem::path& csv_path);
  std::filesystem::path dir_;     // the CSV's directory
  std::filesystem::path folder_;  // the private folder ("" when none was made)
  std::vector<std::string> files_;
  std::string failure_;  // why the pictures could not be written ("" if they could)
};

// Draws and places the pictures of a CSV; their file names (the benchmarks' use).
std::vector<std::string> make_plots(const std::filesystem::path& csv_path);

}  // namespace hanoi::cli

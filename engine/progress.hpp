// Progress of a long phase on stderr: a bar redrawn in place on a terminal, plain
// lines everywhere else.
//
// Why two forms: a person watching a terminal wants one line that moves (percent,
// states/s, ETA) rather than a scrolling log, while a log file, a pipe or CI wants
// whole lines it can grep.  The choice is made once, from whether stderr is a
// terminal, so callers only say *what* happened; they still decide *when* (at most
// every 2 s, reading the clock only every so many levels in hot loops).
//
// `fraction` is the share of the work known to be done: the share of the rank space
// reached for a search (an upper bound on the remaining work, so the ETA is
// pessimistic where many ranks are unreachable), or of the sources for all-pairs.
// A negative fraction means unknown: no bar and no ETA.  A resumed run starts with
// part of the work done but its clock at zero: set_origin() names that part, so the
// ETA extrapolates from what this run did, not from what earlier runs did.
#pragma once

#include <string>

namespace hanoi {

class ProgressPrinter {
 public:
  // `tag` prefixes every line ("bfs", "lattice", ...).  Terminal detection can be
  // overridden for tests with HANOI_PROGRESS=lines|bar.
  explicit ProgressPrinter(std::string tag);
  ~ProgressPrinter();  // ends an open bar with a newline
  ProgressPrinter(const ProgressPrinter&) = delete;
  ProgressPrinter& operator=(const ProgressPrinter&) = delete;

  // One report: `detail` is the phase's own words ("level 37: 1200 new, ...").
  void report(double fraction, double seconds, double states_per_second, const std::string& detail);
  // The share of the work done before `seconds` began counting (a resumed run's).
  void set_origin(double fraction) { origin_ = fraction; }
  // Ends an open bar line (before other output).
  void finish();
  bool is_bar() const { return bar_; }

 private:
  std::string tag_;
  bool bar_ = false;
  bool open_ = false;
  double origin_ = 0;
};

// The ETA of a phase `fraction` done after `seconds`, of which `origin` was done
// before the clock started; negative where it cannot be told.
double eta_seconds(double fraction, double origin, double seconds);

// "12 s", "4.5 min", "2.1 h": an ETA or a duration in words.
std::string duration_words(double seconds);

}  // namespace hanoi

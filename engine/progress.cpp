#include "engine/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace hanoi {

namespace {
bool stderr_is_terminal() {
  if (const char* mode = std::getenv("HANOI_PROGRESS")) {
    if (std::strcmp(mode, "bar") == 0) return true;
    if (std::strcmp(mode, "lines") == 0) return false;
  }
  return isatty(fileno(stderr)) != 0;
}
}  // namespace

ProgressPrinter::ProgressPrinter(std::string tag)
    : tag_(std::move(tag)), bar_(stderr_is_terminal()) {}

ProgressPrinter::~ProgressPrinter() {
  finish();
}

void ProgressPrinter::finish() {
  if (open_) std::fputc('\n', stderr);
  open_ = false;
}

std::string duration_words(double seconds) {
  char buf[32];
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  if (seconds < 90) {
    std::snprintf(buf, sizeof buf, "%.0f s", seconds);
  } else if (seconds < 5400) {
    std::snprintf(buf, sizeof buf, "%.1f min", seconds / 60);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f h", seconds / 3600);
  }
  return buf;
}

double eta_seconds(double fraction, double origin, double seconds) {
  if (!(fraction >= 0 && fraction < 1) || !(fraction > origin) || !(seconds >= 0)) return -1;
  return seconds * (1 - fraction) / (fraction - std::max(origin, 0.0));
}

void ProgressPrinter::report(double fraction, double seconds, double states_per_second,
                             const std::string& detail) {
  const bool known = fraction >= 0 && fraction <= 1;
  std::string eta;
  if (const double left = eta_seconds(fraction, origin_, seconds); known && left >= 0)
    eta = ", ETA " + duration_words(left);
  char rate[48] = "";
  if (states_per_second > 0) std::snprintf(rate, sizeof rate, ", %.3g states/s", states_per_second);
  if (!bar_) {
    std::fprintf(stderr, "[%s] %s, %.1f s%s%s\n", tag_.c_str(), detail.c_str(), seconds, rate,
                 eta.c_str());
    return;
  }
  // One line, redrawn: "\r[bfs] [######......]  42.1% level 37 ..., 1.2e8 states/s, ETA 12 s"
  constexpr int kWidth = 24;
  std::string bar;
  if (known) {
    const int filled = static_cast<int>(std::lround(fraction * kWidth));
    bar = "[" + std::string(static_cast<std::size_t>(filled), '#') +
          std::string(static_cast<std::size_t>(kWidth - filled), '.') + "] ";
    char pct[16];
    std::snprintf(pct, sizeof pct, "%5.1f%% ", 100 * fraction);
    bar += pct;
  }
  // \x1b[K clears what a longer previous line left.
  std::fprintf(stderr, "\r[%s] %s%s, %s%s%s\x1b[K", tag_.c_str(), bar.c_str(), detail.c_str(),
               duration_words(seconds).c_str(), rate, eta.c_str());
  std::fflush(stderr);
  open_ = true;
}

}  // namespace hanoi

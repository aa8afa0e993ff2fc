#include "cli/provenance.hpp"

#include <unistd.h>

#include <ctime>
#include <fstream>
#include <thread>

#include "engine/memory.hpp"

namespace hanoi {
std::string git_commit() {
  // Stamped when the binary was built (cmake/build_commit.cmake), so a copy run
  // elsewhere, or run after the source tree moved on, names its own commit.
  return
#include "cli/build_commit.inc"
      ;
}

std::string utc_now() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string machine_description() {
  std::string model = "unknown CPU";
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      model = line.substr(line.find(':') + 2);
      break;
    }
  }
  char host[256] = "unknown";
  gethostname(host, sizeof host - 1);
  return std::string(host) + ", " + model + ", " +
         std::to_string(std::thread::hardware_concurrency()) + " cores, " +
         format_bytes(physical_memory_bytes()) + " RAM";
}

}  // namespace hanoi

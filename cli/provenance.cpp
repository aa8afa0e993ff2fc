#include "cli/provenance.hpp"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <memory>
#include <thread>

#include "engine/memory.hpp"

namespace hanoi {
namespace {

std::string run_capture(const char* command) {
  std::array<char, 256> buf{};
  std::string out;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command, "r"), pclose);
  if (!pipe) return out;
  while (std::fgets(buf.data(), buf.size(), pipe.get()) != nullptr) out += buf.data();
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

}  // namespace

std::string git_commit() {
  // Ask the source tree the binary was built from, wherever it is run.
  const std::string git = std::string("git -C '") + HANOI_SOURCE_DIR + "' ";
  std::string hash = run_capture((git + "rev-parse --short HEAD 2>/dev/null").c_str());
  if (hash.empty()) return "unknown";
  // Outputs under results/ do not change what the code computes: only other tracked
  // files make the tree "dirty".
  if (!run_capture(
           (git + "status --porcelain --untracked-files=no -- . ':!results' 2>/dev/null").c_str())
           .empty())
    hash += "-dirty";
  return hash;
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

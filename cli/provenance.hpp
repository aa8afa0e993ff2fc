// Provenance for every table the project writes: which commit, when, on what
// machine.  Each table in results/ is headed by these and by the command that
// produced it.
#pragma once

#include <string>

namespace hanoi {

std::string
git_commit();  // short hash the binary was built from; "-dirty": built from uncommitted code
std::string utc_now();              // ISO 8601, UTC
std::string machine_description();  // host, CPU model, cores, RAM

}  // namespace hanoi

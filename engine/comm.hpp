// The communicator of a distributed search: the few collective operations the
// disk-lattice mode needs to run as one of several processes (MPI ranks).
//
// Design overview
// ---------------
// A distributed search is the disk-lattice search (disk_lattice.hpp) run by every
// rank at once, each owning a share of the segments: a rank expands only its own
// segments, and the records (word, bits) bound for another rank's segments are
// exchanged once per level.  Everything a level decides (its size, whether it holds
// the goal, whether to checkpoint or stop) is agreed by a reduction, so every rank
// leaves the level loop at the same depth with the same counts.
//
// Why an interface and not MPI calls in the engine: the program builds and is
// tested without MPI (mpi_comm.cpp is compiled only when CMake finds it), and the
// test suite runs the same distributed algorithm with ranks as threads of one
// process (tests/support/thread_comm.hpp), under the sanitizers too.  The calls are
// per level, never per state, so a virtual call costs nothing measurable.
//
// Every call is collective: all ranks make the same calls in the same order.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace hanoi {

class Comm {
 public:
  virtual ~Comm() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Ranks sharing this machine's memory (for the default memory budget and thread
  // count); 1 when unknown.
  virtual int local_size() const = 0;
  // Every rank sends out[r] to rank r (out.size() == size(); out[rank()] is
  // ignored) and receives, concatenated in rank order, what the others sent it.
  virtual std::vector<std::uint64_t> exchange(
      const std::vector<std::vector<std::uint64_t>>& out) = 0;
  // In place over every rank: element-wise sum and maximum.
  virtual void sum(std::uint64_t* values, int count) = 0;
  virtual void max(std::uint64_t* values, int count) = 0;
  virtual void barrier() = 0;
  // Ends every rank of the job at once (a failure on one rank that the others
  // cannot see: they would wait for it forever).  Does not return.
  [[noreturn]] virtual void abort(int status) = 0;
};

// A failure every rank throws at the same point of a distributed search (after a
// reduction that told each of them), so that none is left waiting for the others.
// `report`: this rank should print it (the rank that found it, or rank 0 for a
// failure all share); the others end quietly with the same status.
class AgreedError : public std::runtime_error {
 public:
  AgreedError(const std::string& what, bool report) : std::runtime_error(what), report_(report) {}
  bool report() const { return report_; }

 private:
  bool report_;
};

// The MPI communicator (MPI_COMM_WORLD), initialised on construction and finalised
// on destruction; null when this program was built without MPI.
std::unique_ptr<Comm> make_mpi_comm();
// Whether this program was built with MPI.
bool mpi_available();

}  // namespace hanoi

// The MPI communicator (comm.hpp), or its absence when CMake found no MPI.
#include "engine/comm.hpp"

#ifdef HANOI_HAVE_MPI
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace hanoi {
namespace {

void check(int status, const char* what) {
  if (status != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

class MpiComm final : public Comm {
 public:
  MpiComm() {
    int ready = 0;
    MPI_Initialized(&ready);
    if (!ready) {
      // Only the main thread calls MPI (the search's worker threads never do).
      int provided = 0;
      check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
      owns_ = true;
    }
    // Errors come back as codes (check() turns them into exceptions, which end the
    // job through abort()), not as MPI's own abort.
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    MPI_Comm local;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local);
    MPI_Comm_size(local, &local_size_);
    MPI_Comm_free(&local);
  }
  ~MpiComm() override {
    if (owns_) MPI_Finalize();
  }
  MpiComm(const MpiComm&) = delete;
  MpiComm& operator=(const MpiComm&) = delete;

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  int local_size() const override { return std::max(local_size_, 1); }

  std::vector<std::uint64_t> exchange(const std::vector<std::vector<std::uint64_t>>& out) override {
    const std::size_t n = static_cast<std::size_t>(size_);
    std::vector<std::uint64_t> send_total(n, 0), recv_total(n, 0);
    for (std::size_t r = 0; r < n; ++r)
      if (static_cast<int>(r) != rank_) send_total[r] = out[r].size();
    check(MPI_Alltoall(send_total.data(), 1, MPI_UINT64_T, recv_total.data(), 1, MPI_UINT64_T,
                       MPI_COMM_WORLD),
          "MPI_Alltoall");
    std::vector<std::size_t> recv_at(n, 0);
    std::size_t all = 0;
    for (std::size_t r = 0; r < n; ++r) {
      recv_at[r] = all;
      all += recv_total[r];
    }
    std::vector<std::uint64_t> in(all);
    // MPI counts and displacements are ints: rounds of at most per_round words per
    // pair of ranks, so that a round's buffer stays below 2^30 words, as many as
    // the largest message needs (every rank takes part in every round).
    const std::uint64_t per_round = (std::uint64_t{1} << 30) / n;
    std::uint64_t rounds = 0;
    for (std::size_t r = 0; r < n; ++r)
      rounds = std::max({rounds, (send_total[r] + per_round - 1) / per_round,
                         (recv_total[r] + per_round - 1) / per_round});
    check(MPI_Allreduce(MPI_IN_PLACE, &rounds, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD),
          "MPI_Allreduce");
    std::vector<int> sc(n), sd(n), rc(n), rd(n);
    std::vector<std::uint64_t> sendbuf;
    for (std::uint64_t k = 0; k < rounds; ++k) {
      sendbuf.clear();
      std::uint64_t recv_words = 0;
      for (std::size_t r = 0; r < n; ++r) {
        const std::uint64_t from = std::min(send_total[r], k * per_round);
        const std::uint64_t to = std::min(send_total[r], (k + 1) * per_round);
        sd[r] = static_cast<int>(sendbuf.size());
        sc[r] = static_cast<int>(to - from);
        if (to > from)
          sendbuf.insert(sendbuf.end(), out[r].begin() + static_cast<std::ptrdiff_t>(from),
                         out[r].begin() + static_cast<std::ptrdiff_t>(to));
        const std::uint64_t rfrom = std::min(recv_total[r], k * per_round);
        const std::uint64_t rto = std::min(recv_total[r], (k + 1) * per_round);
        rc[r] = static_cast<int>(rto - rfrom);
        recv_words += rto - rfrom;
      }
      std::vector<std::uint64_t> recvbuf(recv_words);
      int at = 0;
      for (std::size_t r = 0; r < n; ++r) {
        rd[r] = at;
        at += rc[r];
      }
      check(MPI_Alltoallv(sendbuf.data(), sc.data(), sd.data(), MPI_UINT64_T, recvbuf.data(),
                          rc.data(), rd.data(), MPI_UINT64_T, MPI_COMM_WORLD),
            "MPI_Alltoallv");
      for (std::size_t r = 0; r < n; ++r) {
        const std::uint64_t rfrom = std::min(recv_total[r], k * per_round);
        std::copy(recvbuf.begin() + rd[r], recvbuf.begin() + rd[r] + rc[r],
                  in.begin() + static_cast<std::ptrdiff_t>(recv_at[r] + rfrom));
      }
    }
    return in;
  }

  void sum(std::uint64_t* values, int count) override {
    check(MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD),
          "MPI_Allreduce");
  }
  void max(std::uint64_t* values, int count) override {
    check(MPI_Allreduce(MPI_IN_PLACE, values, count, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD),
          "MPI_Allreduce");
  }
  void barrier() override { check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier"); }
  [[noreturn]] void abort(int status) override {
    std::fflush(stdout);
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, status);
    std::_Exit(status);  // MPI_Abort does not return; this keeps the promise if it did
  }

 private:
  int rank_ = 0, size_ = 1, local_size_ = 1;
  bool owns_ = false;
};

}  // namespace

std::unique_ptr<Comm> make_mpi_comm() {
  return std::make_unique<MpiComm>();
}
bool mpi_available() {
  return true;
}

}  // namespace hanoi

#else

namespace hanoi {
std::unique_ptr<Comm> make_mpi_comm() {
  return nullptr;
}
bool mpi_available() {
  return false;
}
}  // namespace hanoi

#endif

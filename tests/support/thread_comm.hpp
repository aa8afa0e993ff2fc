// Ranks as threads: a Comm (engine/comm.hpp) whose ranks are threads of one
// process, so that the distributed search runs in the test suite without MPI (and
// under the sanitizers).  The collectives meet at a std::barrier; each rank writes
// its part into a shared slot before the first arrival and reads the others' after
// it, and a second arrival keeps the slots from being overwritten while read.
#pragma once

#include <barrier>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <thread>
#include <vector>

#include "engine/comm.hpp"
#include "engine/search_types.hpp"

namespace hanoi::testing {

class ThreadHub {
 public:
  explicit ThreadHub(int ranks)
      : ranks_(ranks),
        barrier_(ranks),
        mail_(static_cast<std::size_t>(ranks) * static_cast<std::size_t>(ranks)),
        values_(static_cast<std::size_t>(ranks)) {}
  int ranks() const { return ranks_; }

 private:
  friend class ThreadComm;
  int ranks_;
  std::barrier<> barrier_;
  std::vector<std::vector<std::uint64_t>> mail_;  // [from * ranks + to]
  std::vector<std::vector<std::uint64_t>> values_;
};

class ThreadComm final : public Comm {
 public:
  ThreadComm(ThreadHub& hub, int rank) : hub_(hub), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return hub_.ranks_; }
  int local_size() const override { return hub_.ranks_; }

  std::vector<std::uint64_t> exchange(const std::vector<std::vector<std::uint64_t>>& out) override {
    const std::size_t n = static_cast<std::size_t>(hub_.ranks_);
    const std::size_t me = static_cast<std::size_t>(rank_);
    for (std::size_t r = 0; r < n; ++r)
      if (r != me) hub_.mail_[me * n + r] = out[r];
    hub_.barrier_.arrive_and_wait();
    std::vector<std::uint64_t> in;
    for (std::size_t r = 0; r < n; ++r) {
      if (r == me) continue;
      const auto& m = hub_.mail_[r * n + me];
      in.insert(in.end(), m.begin(), m.end());
    }
    hub_.barrier_.arrive_and_wait();
    return in;
  }
  void sum(std::uint64_t* values, int count) override {
    reduce(values, count, [](std::uint64_t a, std::uint64_t b) { return a + b; });
  }
  void max(std::uint64_t* values, int count) override {
    reduce(values, count, [](std::uint64_t a, std::uint64_t b) { return a > b ? a : b; });
  }
  void barrier() override { hub_.barrier_.arrive_and_wait(); }
  [[noreturn]] void abort(int status) override {
    std::fprintf(stderr, "ThreadComm: rank %d aborted the job (status %d)\n", rank_, status);
    std::abort();
  }
  // A rank that failed on its own leaves the barrier, so that the others are not
  // kept waiting (their results are then wrong, and the test fails on them).
  void drop() { hub_.barrier_.arrive_and_drop(); }

 private:
  template <class Op>
  void reduce(std::uint64_t* values, int count, Op op) {
    hub_.values_[static_cast<std::size_t>(rank_)].assign(values, values + count);
    hub_.barrier_.arrive_and_wait();
    for (int r = 0; r < hub_.ranks_; ++r) {
      if (r == rank_) continue;
      const auto& v = hub_.values_[static_cast<std::size_t>(r)];
      for (int i = 0; i < count; ++i) values[i] = op(values[i], v[static_cast<std::size_t>(i)]);
    }
    hub_.barrier_.arrive_and_wait();
  }

  ThreadHub& hub_;
  int rank_;
};

// Whether a rank's failure is one every rank throws together (SearchCancelled at a
// checkpoint, AgreedError), so that the others do not wait for it in vain.
inline bool agreed_failure(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const SearchCancelled&) {
    return true;
  } catch (const AgreedError&) {
    return true;
  } catch (...) {
    return false;
  }
}

// Runs body(comm) on `ranks` threads, one rank each; returns what each threw (null
// where it returned).  A rank that throws something other than an agreed failure
// (is_agreed, usually agreed_failure) drops out of the barrier, so a test fails
// rather than hangs.
template <class IsAgreed>
std::vector<std::exception_ptr> run_ranks(int ranks, const std::function<void(Comm&)>& body,
                                          IsAgreed&& is_agreed) {
  ThreadHub hub(ranks);
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(ranks));
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&, r] {
      ThreadComm comm(hub, r);
      try {
        body(comm);
      } catch (...) {
        errors[static_cast<std::size_t>(r)] = std::current_exception();
        if (!is_agreed(errors[static_cast<std::size_t>(r)])) comm.drop();
      }
    });
  for (auto& t : threads) t.join();
  return errors;
}

}  // namespace hanoi::testing

#include "cli/interrupt.hpp"

#include <csignal>
#include <cstdint>
#include <ctime>

namespace hanoi::cli {
namespace {

// Written only by the handler; the atomics are lock-free here (asserted), so they
// are safe to store from a signal handler.
std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};
std::atomic<std::int64_t> g_first_ms{0};  // when the first signal came (monotonic)
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free &&
              std::atomic<std::int64_t>::is_always_lock_free);

std::int64_t monotonic_ms() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);  // async-signal-safe
  return static_cast<std::int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

// The first signal raises the flag.  A second one more than a second later ends
// the program at once (the default action); one within the second is the same
// request, delivered twice: `timeout` signals the child and then its process group,
// as a terminal's Ctrl-C reaches every process of the group.
extern "C" void on_signal(int sig) {
  const std::int64_t now = monotonic_ms();
  if (!g_interrupted.load(std::memory_order_relaxed)) {
    g_first_ms.store(now, std::memory_order_relaxed);
    g_signal.store(sig, std::memory_order_relaxed);
    g_interrupted.store(true, std::memory_order_relaxed);
    return;
  }
  if (now - g_first_ms.load(std::memory_order_relaxed) < 1000) return;
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

}  // namespace

void install_interrupt_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

const std::atomic<bool>* interrupt_flag() {
  return &g_interrupted;
}

bool interrupted() {
  return g_interrupted.load(std::memory_order_relaxed);
}

int interrupt_signal() {
  return g_signal.load(std::memory_order_relaxed);
}

int interrupted_exit_status() {
  const int sig = interrupt_signal();
  return 128 + (sig == 0 ? SIGINT : sig);
}

}  // namespace hanoi::cli

#include "cli/interrupt.hpp"

#include <csignal>

namespace hanoi::cli {
namespace {

// Written only by the handler; std::atomic<bool> is lock-free here (asserted), so
// it is safe to store from a signal handler.
std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

extern "C" void on_signal(int sig) {
  g_signal.store(sig, std::memory_order_relaxed);
  g_interrupted.store(true, std::memory_order_relaxed);
}

}  // namespace

void install_interrupt_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;  // a second signal takes the default action: the program ends
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

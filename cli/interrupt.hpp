// SIGINT and SIGTERM: stop at the next safe point instead of dying mid-write.
//
// Design overview
// ---------------
// The first SIGINT or SIGTERM only raises a flag (and restores the default action,
// so a second one kills the program at once).  Searches see the flag through
// SearchOptions::cancel and stop at their next level boundary (SearchCancelled);
// batches check it between cells, write the tables of the cells finished so far,
// marked partial, and exit with 128 + the signal's number (130 for SIGINT, 143 for
// SIGTERM), as a shell does for a killed program.  The flag is the one piece of
// process-wide state: a signal handler has nowhere else to write.
#pragma once

#include <atomic>

namespace hanoi::cli {

// Installs the handlers (once, from main).
void install_interrupt_handlers();

// The flag the handlers raise, for SearchOptions::cancel.
const std::atomic<bool>* interrupt_flag();

// Whether a signal arrived, and which (0 if none).
bool interrupted();
int interrupt_signal();

// 128 + the signal's number.
int interrupted_exit_status();

}  // namespace hanoi::cli

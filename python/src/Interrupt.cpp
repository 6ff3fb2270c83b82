//===- Interrupt.cpp - Ctrl-C while Python waits for legato ---------------===//
//
// Python handles SIGINT by setting a flag that only its interpreter loop
// reads, so Ctrl-C would be ignored while a host read or a flush waits for
// compiled programs to finish. During such a wait, our own handler takes
// SIGINT: the first Ctrl-C is remembered and raised as KeyboardInterrupt
// once the running program ends (a program cannot be stopped midway and
// leave its arrays consistent); a second one ends the process at once.
// The handler is installed at the first wait and stays: outside a wait it
// hands the signal to the handler it replaced (Python's), so a wait costs
// no system call (two sigaction calls were 0.9 us of a 4 us jit call). A
// handler that Python code installs later replaces ours; Ctrl-C in a wait
// is then Python's KeyboardInterrupt when the wait ends.
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"

#include <atomic>
#include <csignal>
#include <exception>
#include <pthread.h>
#include <unistd.h>

namespace legato::python {

namespace {

std::atomic<int> interrupts{0};
std::atomic<bool> waiting{false};
struct sigaction replaced {}; // the handler before ours (Python's)

/// SIGINT outside a wait, as the replaced handler would take it.
void forward(int sig) {
  if (replaced.sa_handler == SIG_IGN)
    return;
  if (replaced.sa_handler == SIG_DFL) {
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  replaced.sa_handler(sig);
}

extern "C" void onInterrupt(int sig) {
  if (!waiting.load()) {
    forward(sig);
    return;
  }
  if (interrupts.fetch_add(1) == 0) {
    const char message[] = "\nlegato: interrupted; the running program finishes first "
                           "(Ctrl-C again to end the process now)\n";
    (void)!write(STDERR_FILENO, message, sizeof(message) - 1);
    return;
  }
  const char message[] = "\nlegato: interrupted again; ending the process\n";
  (void)!write(STDERR_FILENO, message, sizeof(message) - 1);
  _exit(130);
}

bool onMainThread() {
  static const pthread_t main = [] {
    // The module is imported on the main thread in every program we know;
    // where it is not, no handler is installed (Python allows signal
    // handlers on the main thread only).
    return pthread_self();
  }();
  return pthread_equal(main, pthread_self());
}

} // namespace

InterruptibleWait::InterruptibleWait() : installed(onMainThread() && !waiting.load()) {
  if (!installed)
    return; // (another thread, or a wait within a wait)
  static const bool handlerInstalled = [] {
    struct sigaction ours {};
    ours.sa_handler = onInterrupt;
    sigemptyset(&ours.sa_mask);
    return sigaction(SIGINT, &ours, &replaced) == 0;
  }();
  (void)handlerInstalled;
  interrupts = 0;
  waiting = true;
}

InterruptibleWait::~InterruptibleWait() noexcept(false) {
  if (!installed)
    return;
  waiting = false;
  if (interrupts.load() && !std::uncaught_exceptions()) {
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    throw py::error_already_set();
  }
}

void noteMainThread() { (void)onMainThread(); }

} // namespace legato::python

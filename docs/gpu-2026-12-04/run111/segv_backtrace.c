// LD_PRELOAD aid for run111: prints the stack of a SIGSEGV/SIGBUS to stderr
// (addresses resolved locally with addr2line against the same build).
#include <execinfo.h>
#include <signal.h>
#include <unistd.h>
static void onFault(int sig) {
  void *frames[64];
  int n = backtrace(frames, 64);
  backtrace_symbols_fd(frames, n, 2);
  signal(sig, SIG_DFL);
  raise(sig);
}
__attribute__((constructor)) static void install(void) {
  signal(SIGSEGV, onFault);
  signal(SIGBUS, onFault);
}

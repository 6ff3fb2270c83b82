// Counts malloc calls in a process and prints the total at exit: the
// allocations per lazy call quoted in PERFORMANCE.md ("Host cost of lazy
// mode") are the difference between 12 and 2 calls, over 10:
//   gcc -O2 -shared -fPIC bench/results/2026-12-03/cpu-host-path/malloc_count.c -o /tmp/malloc_count.so -ldl
//   for reps in 2 12; do LD_PRELOAD=/tmp/malloc_count.so build/tools/legato-bench/legato-bench \
//     --app cfd --n 8 --mode lazy --reps $reps --warmup 1 2>&1 | grep mallocs; done
// (a603be6: 222,000 per call; 45b7bdf: 80,000.)
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static atomic_long count;
static void *(*real_malloc)(size_t);

void *malloc(size_t n) {
  if (!real_malloc)
    real_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
  atomic_fetch_add(&count, 1);
  return real_malloc(n);
}

__attribute__((destructor)) static void report(void) {
  fprintf(stderr, "mallocs %ld\n", (long)count);
}

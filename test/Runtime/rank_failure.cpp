//===- rank_failure.cpp - a rank dies while another waits for it ---------===//
//
// Under `mpirun -n 2`: both ranks finish one all-reduce, then rank 1 either
// kills itself with SIGKILL (`kill`) or returns 1 from main (`exit`), while
// rank 0 enters a second all-reduce that cannot complete. rank_failure.sh
// checks that mpirun ends the job, non-zero and naming rank 1, rather than
// leaving rank 0 waiting forever.
//
//===----------------------------------------------------------------------===//
#include "Runtime/Communicator.h"

#include <csignal>
#include <cstdio>
#include <cstring>
#include <unistd.h>

int main(int argc, char **argv) {
  using namespace legato::runtime;
  bool kill = argc > 1 && std::strcmp(argv[1], "kill") == 0;
  std::unique_ptr<Communicator> comm = createCommunicator();
  if (comm->size() != 2) {
    std::fprintf(stderr, "rank_failure: run me under mpirun -n 2\n");
    return 2;
  }
  int64_t value = comm->rank();
  comm->allReduce(&value, 1, legato::i64, ReduceOp::sum);
  if (comm->rank() == 1) {
    std::fprintf(stderr, "rank_failure: rank 1 %s\n", kill ? "kills itself" : "returns 1");
    std::fflush(stderr);
    if (kill)
      ::kill(::getpid(), SIGKILL);
    return 1;
  }
  std::fprintf(stderr, "rank_failure: rank 0 waits in an all-reduce\n");
  std::fflush(stderr);
  comm->allReduce(&value, 1, legato::i64, ReduceOp::sum);
  std::printf("rank_failure: the all-reduce returned without rank 1\n");
  return 0;
}

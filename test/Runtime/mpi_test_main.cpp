//===- mpi_test_main.cpp - gtest's main for a run on several ranks --------===//
//
// Rank 0 prints gtest's usual report; the other ranks print only their
// failures, prefixed by the rank. The ranks agree on the exit status before
// they leave, so mpirun reports a failure on any rank without one rank
// tearing the job down while the others still print.
//
// --user-init: main calls MPI_Init_thread and MPI_Finalize itself, as a
// program that uses MPI directly would; legato must do neither.
//
//===----------------------------------------------------------------------===//
#include "Runtime/MpiCommunicator.h"
#include "mpi_test.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

namespace legato::test {
namespace {

std::unique_ptr<runtime::Communicator> gWorld;
bool gUserInit = false;

/// Prints failed assertions of a rank other than 0.
class RankFailurePrinter : public ::testing::EmptyTestEventListener {
public:
  explicit RankFailurePrinter(int rank) : rank_(rank) {}
  void OnTestStart(const ::testing::TestInfo &info) override {
    name_ = std::string(info.test_suite_name()) + "." + info.name();
  }
  void OnTestPartResult(const ::testing::TestPartResult &result) override {
    if (!result.failed())
      return;
    std::fprintf(stderr, "[rank %d] %s: %s:%d: Failure\n%s\n", rank_, name_.c_str(),
                 result.file_name() ? result.file_name() : "?", result.line_number(),
                 result.message());
    std::fflush(stderr);
  }

private:
  int rank_;
  std::string name_;
};

} // namespace

runtime::Communicator &world() { return *gWorld; }
bool userInitialisedMpi() { return gUserInit; }

} // namespace legato::test

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  using namespace legato;
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--user-init") == 0)
      test::gUserInit = true;
  if (test::gUserInit) {
    int provided = 0;
    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS)
      return 2;
  }
  test::gWorld = runtime::createCommunicator();
  int rank = test::gWorld->rank();
  if (rank != 0) {
    ::testing::TestEventListeners &listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new test::RankFailurePrinter(rank));
  }
  int64_t failed = RUN_ALL_TESTS() != 0;
  std::fflush(stdout);
  test::gWorld->allReduce(&failed, 1, i64, runtime::ReduceOp::sum);
  if (rank == 0 && failed)
    std::fprintf(stderr, "runtime_mpi_test: failures on %d rank(s) of %d (see above)\n",
                 int(failed), test::gWorld->size());
  test::gWorld.reset();
  if (test::gUserInit) {
    if (runtime::MpiCommunicator::initialisedByLegato()) {
      std::fprintf(stderr, "runtime_mpi_test: legato initialised MPI although main had\n");
      failed = 1;
    }
    MPI_Finalize();
  }
  return failed ? 1 : 0;
}

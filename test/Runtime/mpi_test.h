//===- mpi_test.h - what the MPI tests share ---------------------*- C++ -*-===//
//
// The tests in runtime_mpi_test run on every rank of an mpirun job (and
// alone, as rank 0 of 1). Every rank runs every test in the same order, so a
// test may use collectives freely; it must not return early on one rank
// only (use EXPECT, not ASSERT, between collectives).
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_TEST_RUNTIME_MPI_TEST_H
#define LEGATO_TEST_RUNTIME_MPI_TEST_H

#include "Runtime/Communicator.h"

namespace legato::test {

/// The communicator of the job, from createCommunicator().
runtime::Communicator &world();
/// Whether main initialised MPI itself (--user-init) before legato.
bool userInitialisedMpi();

} // namespace legato::test

#endif // LEGATO_TEST_RUNTIME_MPI_TEST_H

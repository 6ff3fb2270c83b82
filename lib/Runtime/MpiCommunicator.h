//===- MpiCommunicator.h - collectives over MPI between host buffers -*- C++ -*-===//
//
// The communicator of a run started by mpirun: a private duplicate of
// MPI_COMM_WORLD, so legato's messages never match a user's. MPI is
// initialised by the first MpiCommunicator of the process and finalised at
// exit; a program that initialised MPI itself keeps both jobs. mpi.h stays
// out of this header: the rest of the library does not see MPI.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_RUNTIME_MPICOMMUNICATOR_H
#define LEGATO_RUNTIME_MPICOMMUNICATOR_H

#include "Runtime/Communicator.h"

#include <memory>

namespace legato::runtime {

class MpiCommunicator final : public Communicator {
public:
  /// MPI counts are `int`: a message or reduction larger than this is
  /// described by a derived datatype (messages) or split (reductions).
  static constexpr int64_t kDefaultChunkBytes = int64_t(1) << 30;

  /// Joins MPI_COMM_WORLD, initialising MPI first if nobody has. Tests pass a
  /// small `chunkBytes` to exercise the large-message paths; every rank must
  /// pass the same value. Throws legato::Error when MPI cannot start or was
  /// already finalised.
  explicit MpiCommunicator(int64_t chunkBytes = kDefaultChunkBytes);
  ~MpiCommunicator() override;
  MpiCommunicator(const MpiCommunicator &) = delete;
  MpiCommunicator &operator=(const MpiCommunicator &) = delete;

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  void allReduce(void *data, int64_t count, DType dtype, ReduceOp op) override;
  void sendRecv(const std::vector<Message> &sends, const std::vector<Message> &receives) override;
  void broadcast(void *data, int64_t bytes, int root) override;
  void barrier() override;

  /// Whether a launcher (mpirun, or a PMIx/PMI-based one) started this
  /// process, read from its environment, or MPI is already initialised.
  /// Never initialises MPI: a singleton MPI_Init costs ~0.5 s.
  static bool launched();
  /// Whether legato initialised MPI in this process (and so finalises it at
  /// exit); false when the program did it itself or MPI is not initialised.
  static bool initialisedByLegato();

private:
  struct State; // MPI handles
  std::unique_ptr<State> state_;
  int rank_ = 0, size_ = 1;
  int64_t chunkBytes_;
};

} // namespace legato::runtime

#endif // LEGATO_RUNTIME_MPICOMMUNICATOR_H

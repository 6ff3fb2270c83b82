//===- Communicator.h - collectives among the ranks of a run ----*- C++ -*-===//
//
// The backends' collectives go through this interface: MPI between host
// buffers, NCCL between GPU buffers (issues #4, #5). A process without a
// launcher is rank 0 of 1, served by SelfCommunicator.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_RUNTIME_COMMUNICATOR_H
#define LEGATO_RUNTIME_COMMUNICATOR_H

#include "legato/legato.h"

#include <cstdint>

namespace legato::runtime {

class Communicator {
public:
  virtual ~Communicator() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// Replaces `count` elements at `data` by their sum over all ranks.
  virtual void allReduceSum(void *data, int64_t count, DType dtype) = 0;
  /// Returns once every rank has called it.
  virtual void barrier() = 0;
};

/// The communicator of a single process: every collective is the identity.
class SelfCommunicator final : public Communicator {
public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  void allReduceSum(void *, int64_t, DType) override {}
  void barrier() override {}
};

} // namespace legato::runtime

#endif // LEGATO_RUNTIME_COMMUNICATOR_H

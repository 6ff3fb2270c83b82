//===- DeviceCollectives.h - collectives on a backend's memory --*- C++ -*-===//
//
// runtime::Communicator moves host memory. A backend whose arrays live in
// device memory may offer the same operations on its own buffers, queued
// with its other work (NCCL on the CUDA backend's stream), so collectives
// need no host copies and no waits. The engine uses them where a backend
// offers them and falls back to the host path otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CODEGEN_DEVICECOLLECTIVES_H
#define LEGATO_CODEGEN_DEVICECOLLECTIVES_H

#include "Runtime/Communicator.h"

#include <vector>

namespace legato::codegen {

/// Collectives among the ranks of a run on buffers in a backend's memory,
/// ordered after the work queued before them and before the work queued
/// after them. As for runtime::Communicator, every rank makes the same calls
/// in the same order.
class DeviceCollectives {
public:
  virtual ~DeviceCollectives() = default;
  /// Posts every send and receive (Message::data in device memory) as one
  /// group. Only the ranks named as peers take part; messages between two
  /// ranks match in order and sizes must agree. Never to this rank itself.
  virtual void sendRecv(const std::vector<runtime::Communicator::Message> &sends,
                        const std::vector<runtime::Communicator::Message> &receives) = 0;
  /// Writes to `out` the combination over all ranks of `count` elements at
  /// `in` (both device memory; they may be equal), with
  /// runtime::Communicator::allReduce's semantics. Returns false, queuing
  /// nothing, when this dtype and op cannot be done here with those
  /// semantics; the caller then goes through the host.
  virtual bool allReduce(const void *in, void *out, int64_t count, DType dtype,
                         runtime::ReduceOp op) = 0;
};

} // namespace legato::codegen

#endif // LEGATO_CODEGEN_DEVICECOLLECTIVES_H

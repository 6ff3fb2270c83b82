//===- Communicator.h - collectives among the ranks of a run ----*- C++ -*-===//
//
// Exchanges of host buffers between ranks go through this interface (MPI:
// MpiCommunicator); a backend may move its device buffers itself, NCCL on
// the CUDA backend (codegen::DeviceCollectives), bootstrapped over this
// one. A process started without a launcher is rank 0 of 1, served by
// SelfCommunicator. All calls are collective unless stated otherwise: every
// rank makes the same calls in the same order.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_RUNTIME_COMMUNICATOR_H
#define LEGATO_RUNTIME_COMMUNICATOR_H

#include "legato/legato.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace legato::runtime {

enum class ReduceOp : uint8_t { sum, prod, max, min };

class Communicator {
public:
  virtual ~Communicator() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// Replaces `count` elements of `dtype` at `data` (host memory) by their
  /// combination over all ranks. Booleans combine as or (sum, max) and and
  /// (prod, min). Every rank gets bitwise the same result (floating-point
  /// sums too), and float max/min propagate NaN as NumPy does.
  virtual void allReduce(void *data, int64_t count, DType dtype, ReduceOp op) = 0;
  /// One message to or from another rank (host memory).
  struct Message {
    int peer;
    void *data;
    int64_t bytes;
  };
  /// Posts every send and receive, then waits for all of them. Not collective:
  /// only the ranks named as peers take part. Messages between two ranks
  /// match in order, and each receive must expect exactly the size sent
  /// (legato::Error otherwise); a rank may send to itself.
  virtual void sendRecv(const std::vector<Message> &sends,
                        const std::vector<Message> &receives) = 0;
  /// Copies `bytes` bytes at `data` on rank `root` to `data` on every rank.
  virtual void broadcast(void *data, int64_t bytes, int root) = 0;
  /// Returns once every rank has called it.
  virtual void barrier() = 0;
};

/// The communicator of a single process: every collective is the identity.
class SelfCommunicator final : public Communicator {
public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  void allReduce(void *, int64_t, DType, ReduceOp) override {}
  void sendRecv(const std::vector<Message> &sends,
                const std::vector<Message> &receives) override;
  void broadcast(void *, int64_t, int) override {}
  void barrier() override {}
};

/// The bytes of one element of `dtype` (the runtime's own, as it links
/// without the API library).
int64_t elementBytes(DType dtype);

/// Combines `count` elements of `dtype` at `from` into those at `into` (host
/// memory), as allReduce combines two ranks' values: booleans as or/and,
/// float max/min propagating NaN.
void combineInto(void *into, const void *from, int64_t count, DType dtype, ReduceOp op);

/// Communicator::allReduce among `members` only (ranks in ascending order,
/// this rank among them), made of messages between them: each member sends
/// its values to the others and combines all of them in rank order, so
/// every member gets bitwise the same result. Collective over the members
/// alone: the ranks of one row of a 2-D mesh combine partial results while
/// the other rows do the same among themselves. Returns the bytes this rank
/// sent.
int64_t allReduceAmong(Communicator &comm, const std::vector<int> &members, void *data,
                       int64_t count, DType dtype, ReduceOp op);

/// While one is alive, another thread of this process computes (a kernel's
/// interior beside an exchange, DistributedProgram): communicators waiting
/// for messages then yield the core between polls instead of spinning on
/// it, so that the computing thread gets it when cores are few.
class YieldWhileWaiting {
public:
  YieldWhileWaiting();
  ~YieldWhileWaiting();
  YieldWhileWaiting(const YieldWhileWaiting &) = delete;
  YieldWhileWaiting &operator=(const YieldWhileWaiting &) = delete;
  /// Whether one is alive.
  static bool active();
};

/// For implementations: delivers messages a rank sends to itself, the i-th
/// send to the i-th receive (MPI's matching order). Every peer named is this
/// rank; counts and sizes must agree, else legato::Error naming `who`.
void deliverToSelf(const char *who, const std::vector<Communicator::Message> &sends,
                   const std::vector<Communicator::Message> &receives);

/// MPI's world when this process was started by mpirun (MPI is initialised
/// on the first call and finalised at exit), a SelfCommunicator otherwise.
/// Throws legato::Error when MPI fails to start.
std::unique_ptr<Communicator> createCommunicator();

} // namespace legato::runtime

#endif // LEGATO_RUNTIME_COMMUNICATOR_H

//===- NcclCollectives.h - collectives on device buffers via NCCL -*- C++ -*-===//
//
// One NCCL communicator per process, made on the first collective of a run
// on several GPUs and bootstrapped over the engine's MPI communicator: rank 0
// makes the unique id and broadcasts it. Every operation is queued on the
// GPU's stream, ordered with the kernels around it: no host copies, no waits.
//
// Every rank computes the same steps, so NCCL calls are issued in the same
// order on every rank; the sends and receives of one exchange are one group.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CODEGEN_CUDA_NCCLCOLLECTIVES_H
#define LEGATO_CODEGEN_CUDA_NCCLCOLLECTIVES_H

#include "Codegen/CUDA/DeviceMemory.h"
#include "Codegen/CUDA/NcclApi.h"
#include "Codegen/DeviceCollectives.h"

#include <memory>

namespace legato::cuda {

class NcclCollectives final : public codegen::DeviceCollectives {
public:
  /// NCCL among the ranks of `hostComm` on `device`, or null when some rank
  /// cannot use it (no libnccl.so.2, more ranks than GPUs on a node, or
  /// LEGATO_NCCL=0): all ranks then stay on the host path together.
  /// Collective over `hostComm`. Throws legato::Error when LEGATO_NCCL=1 and
  /// NCCL cannot be used, or when NCCL fails to start.
  static std::unique_ptr<NcclCollectives> create(std::shared_ptr<Device> device,
                                                 runtime::Communicator &hostComm);
  ~NcclCollectives() override;

  void sendRecv(const std::vector<runtime::Communicator::Message> &sends,
                const std::vector<runtime::Communicator::Message> &receives) override;
  bool allReduce(const void *in, void *out, int64_t count, DType dtype,
                 runtime::ReduceOp op) override;

private:
  NcclCollectives(std::shared_ptr<Device> device, const nccl::Api &api, ncclComm_t comm,
                  int rank, int ranks)
      : device_(std::move(device)), nccl_(api), comm_(comm), rank_(rank), ranks_(ranks) {}
  cudaStream_t stream() const { return reinterpret_cast<cudaStream_t>(device_->stream()); }

  std::shared_ptr<Device> device_;
  const nccl::Api &nccl_;
  ncclComm_t comm_;
  int rank_, ranks_;
};

} // namespace legato::cuda

#endif // LEGATO_CODEGEN_CUDA_NCCLCOLLECTIVES_H

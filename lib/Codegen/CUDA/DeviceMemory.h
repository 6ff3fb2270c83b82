//===- DeviceMemory.h - one GPU: context, stream, cached memory -*- C++ -*-===//
//
// Everything a process keeps on one GPU, shared by the Runtimes it creates
// one after another: compiled programs outlive a Runtime (ExecutableCache.h)
// and their modules live in this context. Array buffers hold a shared_ptr to
// it, so device data stays readable after the Runtime is gone. While no
// Runtime uses the GPU its memory cache is empty: a Runtime's blocks go back
// to the driver when it ends, and an array freed later frees its block.
// All work goes to one stream: reusing a freed block for a later launch is
// ordered after every earlier launch that used it, so the cache may hand a
// block out again at once; the host waits only when it reads.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CODEGEN_CUDA_DEVICEMEMORY_H
#define LEGATO_CODEGEN_CUDA_DEVICEMEMORY_H

#include "Codegen/CUDA/CudaApi.h"
#include "Runtime/Allocator.h"

#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace legato::cuda {

class Device {
public:
  /// GPU `ordinal` (modulo the GPUs visible) for a starting Runtime: opened
  /// (its primary context, a new stream) the first time, the same Device
  /// after. Each open() is paired with a close().
  static std::shared_ptr<Device> open(int ordinal);
  /// The Runtime that opened it ends: when none is left, the cached blocks
  /// go back to the driver (once the stream's work is done).
  void close();

  /// `bytes` of device memory (256-byte aligned) from the cache, or a new
  /// allocation; throws legato::Error naming `what` and the byte count when
  /// the GPU is out of memory even after the cache is emptied.
  void *allocate(int64_t bytes, const char *what);
  void deallocate(void *ptr);
  int64_t currentBytes() const { return current_; }
  int64_t peakBytes() const { return peak_; }
  void resetPeak() { peak_ = current_; }
  /// Caps currentBytes() (0: no limit); see runtime::setMemoryLimit.
  void setLimit(int64_t bytes) { limit_ = bytes; }

  /// Makes this GPU's context current on the calling thread.
  void makeCurrent() const;
  void synchronize() const;

  CUstream stream() const { return stream_; }
  cublasHandle_t blas();
  const std::string &name() const { return name_; }
  /// "sm_90" for an H100/H200.
  const std::string &chip() const { return chip_; }

private:
  explicit Device(CUdevice device);
  void releaseCache(); // with mutex_ held

  CUdevice device_ = 0;
  int users_ = 0; // Runtimes open on it
  int64_t limit_ = 0;
  CUcontext context_ = nullptr;
  CUstream stream_ = nullptr;
  cublasHandle_t blas_ = nullptr;
  std::string name_, chip_;
  std::mutex mutex_;
  std::map<int64_t, std::vector<CUdeviceptr>> free_; // by rounded size
  std::map<CUdeviceptr, int64_t> sizes_;             // live and cached blocks
  int64_t current_ = 0, peak_ = 0;
};

/// An array's data in device memory.
class DeviceBuffer final : public runtime::Buffer {
public:
  DeviceBuffer(std::shared_ptr<Device> device, int64_t bytes);
  ~DeviceBuffer() override;
  void readRange(int64_t offset, int64_t count, void *dst) const override;
  void writeRange(int64_t offset, int64_t count, const void *src) override;
  void copyRange(const Buffer &src, int64_t srcOffset, int64_t offset, int64_t count) override;

private:
  CUdeviceptr at(int64_t offset) const;
  std::shared_ptr<Device> device_;
};

} // namespace legato::cuda

#endif // LEGATO_CODEGEN_CUDA_DEVICEMEMORY_H

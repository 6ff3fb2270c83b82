//===- DeviceMemory.cpp - one GPU: context, stream, cached memory -----------===//
#include "Codegen/CUDA/DeviceMemory.h"

#include "legato/legato.h"

namespace legato::cuda {

namespace {

/// Size classes: 256-byte steps up to 64 KiB, then two per power of two
/// (at most a third of a block is slack).
int64_t roundUp(int64_t bytes) {
  bytes = std::max<int64_t>(bytes, 1);
  if (bytes <= (64 << 10))
    return (bytes + 255) / 256 * 256;
  int64_t power = int64_t(1) << (63 - __builtin_clzll(uint64_t(bytes)));
  if (bytes == power)
    return bytes;
  int64_t half = power + power / 2;
  return bytes <= half ? half : 2 * power;
}

} // namespace

std::shared_ptr<Device> Device::open(int ordinal) {
  const Api &cu = api();
  int count = 0;
  check(cu.cuDeviceGetCount(&count), "cuDeviceGetCount");
  if (count == 0)
    throw Error("legato(cuda): no GPU is visible; check CUDA_VISIBLE_DEVICES or use "
                "LEGATO_BACKEND=cpu");
  // One rank per GPU; more ranks than GPUs on a node share them round-robin.
  CUdevice device = 0;
  check(cu.cuDeviceGet(&device, ordinal % count), "cuDeviceGet");
  // Kept until the process ends, as the compiled programs whose modules
  // live in its context are (never destroyed: static destruction may run
  // after the driver is gone).
  static std::mutex mutex;
  static auto *opened = new std::map<CUdevice, std::shared_ptr<Device>>();
  std::lock_guard<std::mutex> lock(mutex);
  std::shared_ptr<Device> &gpu = (*opened)[device];
  if (!gpu)
    gpu.reset(new Device(device));
  gpu->makeCurrent();
  std::lock_guard<std::mutex> memory(gpu->mutex_);
  ++gpu->users_;
  gpu->peak_ = gpu->current_; // (a Runtime's peak is its own)
  return gpu;
}

Device::Device(CUdevice device) : device_(device) {
  const Api &cu = api();
  check(cu.cuDevicePrimaryCtxRetain(&context_, device_), "cuDevicePrimaryCtxRetain");
  makeCurrent();
  check(cu.cuStreamCreate(&stream_, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  char name[256] = {};
  check(cu.cuDeviceGetName(name, sizeof name, device_), "cuDeviceGetName");
  name_ = name;
  int major = 0, minor = 0;
  check(cu.cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device_),
        "cuDeviceGetAttribute");
  check(cu.cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device_),
        "cuDeviceGetAttribute");
  chip_ = "sm_" + std::to_string(major * 10 + minor);
}

void Device::close() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (--users_ > 0)
    return;
  try { // (from the backend's destructor; a failed launch already was an error)
    makeCurrent();
    releaseCache();
  } catch (const Error &) {
  }
}

void Device::makeCurrent() const { check(api().cuCtxSetCurrent(context_), "cuCtxSetCurrent"); }

void Device::synchronize() const {
  check(api().cuStreamSynchronize(stream_), "waiting for the GPU stream");
}

cublasHandle_t Device::blas() {
  if (!blas_) {
    check(api().cublasCreate(&blas_), "cublasCreate");
    check(api().cublasSetStream(blas_, reinterpret_cast<cudaStream_t>(stream_)),
          "cublasSetStream");
  }
  return blas_;
}

void *Device::allocate(int64_t bytes, const char *what) {
  int64_t size = roundUp(bytes);
  std::lock_guard<std::mutex> lock(mutex_);
  if (limit_ > 0 && current_ + size > limit_)
    throw Error(runtime::memoryLimitMessage(bytes, what, limit_, current_, "GPU memory"));
  CUdeviceptr ptr = 0;
  auto cached = free_.find(size);
  if (cached != free_.end() && !cached->second.empty()) {
    ptr = cached->second.back();
    cached->second.pop_back();
  } else {
    CUresult result = api().cuMemAlloc(&ptr, size_t(size));
    if (result == CUDA_ERROR_OUT_OF_MEMORY) {
      releaseCache();
      result = api().cuMemAlloc(&ptr, size_t(size));
    }
    if (result == CUDA_ERROR_OUT_OF_MEMORY) {
      size_t freeBytes = 0, total = 0;
      api().cuMemGetInfo(&freeBytes, &total);
      throw Error("legato(cuda): out of GPU memory allocating " + std::to_string(bytes) +
                  " bytes for " + what + " on " + name_ + " (" + std::to_string(freeBytes) +
                  " of " + std::to_string(total) +
                  " bytes free); use smaller arrays or more GPUs");
    }
    check(result, "cuMemAlloc of " + std::to_string(bytes) + " bytes for " + what);
    sizes_[ptr] = size;
  }
  current_ += size;
  peak_ = std::max(peak_, current_);
  return reinterpret_cast<void *>(ptr);
}

void Device::deallocate(void *p) {
  if (!p)
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  auto ptr = reinterpret_cast<CUdeviceptr>(p);
  int64_t size = sizes_.at(ptr);
  current_ -= size;
  if (users_ > 0) {
    free_[size].push_back(ptr);
    return;
  }
  // No Runtime is left to reuse it; its last launch ended before close()
  // returned. (From a destructor, perhaps at exit, after the driver: errors
  // are ignored.)
  api().cuCtxSetCurrent(context_);
  api().cuMemFree(ptr);
  sizes_.erase(ptr);
}

void Device::releaseCache() {
  // A queued kernel launched before a block was freed may still use it.
  synchronize();
  for (auto &[size, blocks] : free_)
    for (CUdeviceptr ptr : blocks) {
      api().cuMemFree(ptr);
      sizes_.erase(ptr);
    }
  free_.clear();
}

DeviceBuffer::DeviceBuffer(std::shared_ptr<Device> device, int64_t bytes)
    : Buffer(bytes, bytes ? device->allocate(bytes, "array") : nullptr),
      device_(std::move(device)) {}

DeviceBuffer::~DeviceBuffer() { device_->deallocate(data); }

CUdeviceptr DeviceBuffer::at(int64_t offset) const {
  return reinterpret_cast<CUdeviceptr>(data) + CUdeviceptr(offset);
}

void DeviceBuffer::readRange(int64_t offset, int64_t count, void *dst) const {
  if (!count)
    return;
  device_->makeCurrent();
  check(api().cuMemcpyDtoHAsync(dst, at(offset), size_t(count), device_->stream()),
        "copying " + std::to_string(count) + " bytes from the GPU");
  device_->synchronize();
}

void DeviceBuffer::writeRange(int64_t offset, int64_t count, const void *src) {
  if (!count)
    return;
  device_->makeCurrent();
  check(api().cuMemcpyHtoDAsync(at(offset), src, size_t(count), device_->stream()),
        "copying " + std::to_string(count) + " bytes to the GPU");
  // The source is the caller's memory: it may change once we return.
  device_->synchronize();
}

void DeviceBuffer::copyRange(const Buffer &src, int64_t srcOffset, int64_t offset,
                             int64_t count) {
  if (!count)
    return;
  device_->makeCurrent(); // (ordered on the stream after the work that wrote `src`)
  // `src` may be a view into a device buffer: its address is all we need.
  CUdeviceptr from = reinterpret_cast<CUdeviceptr>(src.data) + CUdeviceptr(srcOffset);
  check(api().cuMemcpyDtoDAsync(at(offset), from, size_t(count), device_->stream()),
        "copying " + std::to_string(count) + " bytes within the GPU");
}

} // namespace legato::cuda

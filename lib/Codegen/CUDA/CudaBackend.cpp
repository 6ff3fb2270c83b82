//===- CudaBackend.cpp - an NVIDIA GPU as a legato backend ------------------===//
//
// Programs compile to one PTX module (loaded once through the driver, which
// compiles it for the GPU) and a launch sequence; arrays live in device
// memory from the caching allocator; everything runs asynchronously on one
// stream, and the host waits only when it reads an array.
//
//===----------------------------------------------------------------------===//
#include "Codegen/Backend.h"
#include "Codegen/CUDA/LaunchSequence.h"
#include "Codegen/CUDA/PtxCompiler.h"
#include "Codegen/ProgramImage.h"
#ifdef LEGATO_HAS_NCCL
#include "Codegen/CUDA/NcclCollectives.h"
#endif

#include "legato/legato.h"

#include "mlir/IR/Threading.h"

#include <cstdlib>
#include <exception>
#include <optional>

namespace legato::codegen {

namespace {

struct CudaProgram final : CompiledProgram {
  std::vector<CUmodule> modules; ///< one per kernel (LaunchSequence::modules of them)
  cuda::LaunchSequence sequence;
  std::vector<std::string> cubins; ///< the modules' code, kept for saveProgram (with a cache)
};

/// The driver's JIT log, for errors.
struct JitLog {
  static constexpr unsigned kBytes = 16384;
  std::string text = std::string(kBytes, '\0');
  CUjit_option options[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[2] = {text.data(), reinterpret_cast<void *>(uintptr_t(kBytes))};
  std::string message() const {
    std::string log = text.substr(0, text.find('\0'));
    return log.empty() ? "" : ":\n" + log;
  }
};

/// Compiles `ptx` to a cubin for the current device with the driver's JIT.
std::string linkCubin(const std::string &ptx) {
  const cuda::Api &cu = cuda::api();
  JitLog log;
  CUlinkState link = nullptr;
  cuda::check(cu.cuLinkCreate(2, log.options, log.values, &link), "cuLinkCreate");
  std::string cubin;
  try {
    cuda::check(cu.cuLinkAddData(link, CU_JIT_INPUT_PTX, const_cast<char *>(ptx.c_str()),
                                 ptx.size() + 1, "legato.ptx", 0, nullptr, nullptr),
                "compiling generated PTX" + log.message());
    void *image = nullptr;
    size_t bytes = 0;
    cuda::check(cu.cuLinkComplete(link, &image, &bytes), "linking generated PTX" + log.message());
    cubin.assign(static_cast<const char *>(image), bytes);
  } catch (...) {
    cu.cuLinkDestroy(link);
    throw;
  }
  cu.cuLinkDestroy(link);
  return cubin;
}

/// The GPU and driver a cubin is for: the driver's JIT makes it, so its
/// version is part of the cache's formats.
std::string cubinTarget(const std::string &chip) {
  int driver = 0;
  cuda::api().cuDriverGetVersion(&driver);
  return chip + "-driver" + std::to_string(driver);
}

/// The cubin of `ptx` for the current device: from `cache` when an earlier
/// process compiled it, else compiled now (and stored).
std::string cubinOf(const std::string &ptx, runtime::DiskCache *cache, const std::string &chip) {
  std::string format = "cubin-" + cubinTarget(chip);
  if (cache)
    if (std::optional<std::string> cubin = cache->load(ptx, format))
      return std::move(*cubin);
  std::string cubin = linkCubin(ptx);
  if (cache)
    cache->store(ptx, format, cubin);
  return cubin;
}

/// The cubins of `ptx`, one per PTX module, compiled (or loaded) on the
/// threads of `context`: the driver's JIT compiles one module per thread.
std::vector<std::string> cubinsOf(const std::vector<std::string> &ptx,
                                  runtime::DiskCache *cache, const cuda::Device &device,
                                  mlir::MLIRContext *context) {
  std::vector<std::string> cubins(ptx.size());
  std::vector<std::exception_ptr> errors(ptx.size());
  mlir::parallelFor(context, 0, ptx.size(), [&](size_t i) {
    try { // (no exception may leave a worker thread)
      device.makeCurrent(); // the driver's current context is per thread
      cubins[i] = cubinOf(ptx[i], cache, device.chip());
    } catch (...) {
      errors[i] = std::current_exception();
    }
  });
  for (const std::exception_ptr &error : errors)
    if (error)
      std::rethrow_exception(error);
  return cubins;
}

/// Loads `cubin` as a module of the current context; the JIT log in `log`.
CUresult loadCubin(CUmodule *module, std::string_view cubin, JitLog &log) {
  return cuda::api().cuModuleLoadDataEx(module, cubin.data(), 2, log.options, log.values);
}

/// Loads `cubins` as `program`'s modules; the first failure's JIT log in `log`.
CUresult loadCubins(CudaProgram &program, const std::vector<std::string_view> &cubins,
                    JitLog &log) {
  for (std::string_view cubin : cubins) {
    CUmodule module = nullptr;
    if (CUresult r = loadCubin(&module, cubin, log))
      return r;
    program.modules.push_back(module);
  }
  return CUDA_SUCCESS;
}

/// Finds each launch's kernel in its module of `program`.
CUresult resolveKernels(CudaProgram &program, std::string *failed) {
  for (cuda::Step &step : program.sequence.steps)
    if (step.kind == cuda::Step::Kind::launch)
      if (CUresult r = cuda::api().cuModuleGetFunction(
              &step.function, program.modules.at(size_t(step.module)), step.kernel.c_str())) {
        *failed = step.kernel;
        return r;
      }
  return CUDA_SUCCESS;
}

class CudaBackend final : public Backend {
public:
  CudaBackend(int ordinal, runtime::DiskCache *cache)
      : device_(cuda::Device::open(ordinal)), cache_(cache),
        // Report a failing kernel at its program: wait after each one.
        syncEachProgram_(std::getenv("LEGATO_CUDA_SYNC") != nullptr) {}
  ~CudaBackend() override { device_->close(); }

  const char *name() const override { return "cuda"; }
  const mlir::legato::Target &target() const override { return target_; }

  std::unique_ptr<CompiledProgram> compile(mlir::ModuleOp module,
                                           const mlir::legato::PipelineOptions &options) override {
    mlir::legato::PipelineOptions gpu = options;
    gpu.gpuChip = device_->chip();
    auto program = std::make_unique<CudaProgram>();
    std::vector<std::string> ptx = compileForGpu(module, gpu, &program->stats);
    program->sequence = cuda::buildLaunchSequence(module);
    program->stats.kernels = program->sequence.launches;
    std::vector<std::string> cubins = cubinsOf(ptx, cache_, *device_, module.getContext());
    device_->makeCurrent();
    JitLog log;
    cuda::check(loadCubins(*program, {cubins.begin(), cubins.end()}, log),
                "loading a compiled GPU module" + log.message());
    if (cache_)
      program->cubins = std::move(cubins);
    std::string kernel;
    cuda::check(resolveKernels(*program, &kernel), "finding kernel " + kernel);
    return program;
  }

  std::string programFormat() const override { return "cuda-" + cubinTarget(device_->chip()); }

  std::string saveProgram(CompiledProgram &compiled) override {
    auto &program = static_cast<CudaProgram &>(compiled);
    if (program.cubins.size() != program.modules.size())
      return ""; // compiled without a cache, or saved already: the code was not kept
    ImageWriter image;
    image.stats(program.stats);
    image.integer(program.cubins.size());
    for (const std::string &cubin : program.cubins)
      image.bytes(cubin);
    cuda::saveLaunchSequence(program.sequence, image);
    std::vector<std::string>().swap(program.cubins);
    return image.take();
  }

  std::unique_ptr<CompiledProgram> loadProgram(std::string_view bytes) override {
    ImageReader image(bytes);
    auto program = std::make_unique<CudaProgram>();
    program->stats = image.stats();
    std::vector<std::string_view> cubins; // (a count past the image's end stops at it)
    for (uint64_t i = 0, n = image.integer(); i < n && !image.failed(); ++i)
      cubins.push_back(image.bytes());
    std::optional<cuda::LaunchSequence> sequence = cuda::loadLaunchSequence(image);
    if (!sequence || !image.ok() || size_t(sequence->modules) != cubins.size())
      return nullptr;
    program->sequence = std::move(*sequence);
    device_->makeCurrent();
    JitLog log;
    std::string kernel;
    if (loadCubins(*program, cubins, log) != CUDA_SUCCESS ||
        resolveKernels(*program, &kernel) != CUDA_SUCCESS)
      return nullptr; // (modules loaded stay loaded, as every compiled one does)
    return program;
  }

  std::shared_ptr<runtime::Buffer> allocate(int64_t bytes) override {
    return std::make_shared<cuda::DeviceBuffer>(device_, bytes);
  }

  void launch(CompiledProgram &program, const std::vector<ArrayArg> &inputs,
              const std::vector<ArrayArg> &outputs) override {
    std::vector<void *> arguments;
    for (const ArrayArg &a : inputs)
      arguments.push_back(a.data);
    for (const ArrayArg &a : outputs)
      arguments.push_back(a.data);
    device_->makeCurrent();
    cuda::runLaunchSequence(static_cast<CudaProgram &>(program).sequence, *device_, arguments);
    if (syncEachProgram_)
      device_->synchronize();
  }

  int64_t peakBytes() const override { return device_->peakBytes(); }
  void resetPeak() override { device_->resetPeak(); }
  void setMemoryLimit(int64_t bytes) override { device_->setLimit(bytes); }
  void synchronize() override { device_->synchronize(); }

#ifdef LEGATO_HAS_NCCL
  DeviceCollectives *deviceCollectives(runtime::Communicator &hostComm) override {
    if (hostComm.size() < 2)
      return nullptr;
    // Made once; a failed attempt threw on every rank and may be retried.
    if (!collectivesMade_) {
      collectives_ = cuda::NcclCollectives::create(device_, hostComm);
      collectivesMade_ = true;
    }
    return collectives_.get();
  }
#endif

private:
  std::shared_ptr<cuda::Device> device_;
  mlir::legato::Target target_ = mlir::legato::Target::cuda();
  runtime::DiskCache *cache_;
  bool syncEachProgram_;
#ifdef LEGATO_HAS_NCCL
  std::unique_ptr<cuda::NcclCollectives> collectives_; // null: through the host
  bool collectivesMade_ = false;
#endif
};

} // namespace

std::unique_ptr<Backend> createCudaBackend(int ordinal, runtime::DiskCache *cache) {
  return std::make_unique<CudaBackend>(ordinal, cache);
}

} // namespace legato::codegen

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

#include "legato/legato.h"

#include <cstdlib>

namespace legato::codegen {

namespace {

struct CudaProgram final : CompiledProgram {
  CUmodule module = nullptr;
  cuda::LaunchSequence sequence;
};

/// Loads `ptx`, returning the driver's log in the error when it fails.
CUmodule loadModule(const std::string &ptx) {
  constexpr unsigned kLogBytes = 16384;
  std::string log(kLogBytes, '\0');
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log.data(), reinterpret_cast<void *>(uintptr_t(kLogBytes))};
  CUmodule module = nullptr;
  CUresult result = cuda::api().cuModuleLoadDataEx(&module, ptx.c_str(), 2, options, values);
  if (result != CUDA_SUCCESS) {
    log.resize(log.find('\0'));
    cuda::check(result, "loading generated PTX" + (log.empty() ? "" : ":\n" + log));
  }
  return module;
}

class CudaBackend final : public Backend {
public:
  explicit CudaBackend(int ordinal) : device_(std::make_shared<cuda::Device>(ordinal)) {
    target_.batchedGemm = false;
  }

  const char *name() const override { return "cuda"; }
  const mlir::legato::Target &target() const override { return target_; }

  std::unique_ptr<CompiledProgram> compile(mlir::ModuleOp module,
                                           const mlir::legato::PipelineOptions &options) override {
    mlir::legato::PipelineOptions gpu = options;
    gpu.gpuChip = device_->chip();
    auto program = std::make_unique<CudaProgram>();
    std::string ptx = compileForGpu(module, gpu, &program->stats);
    program->sequence = cuda::buildLaunchSequence(module);
    program->stats.kernels = program->sequence.launches;
    device_->makeCurrent();
    if (!ptx.empty())
      program->module = loadModule(ptx);
    for (cuda::Step &step : program->sequence.steps)
      if (step.kind == cuda::Step::Kind::launch)
        cuda::check(cuda::api().cuModuleGetFunction(&step.function, program->module,
                                                     step.kernel.c_str()),
                    "finding kernel " + step.kernel);
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
    if (std::getenv("LEGATO_CUDA_SYNC")) // report a failing kernel at its program
      device_->synchronize();
  }

  int64_t peakBytes() const override { return device_->peakBytes(); }
  void resetPeak() override { device_->resetPeak(); }
  void synchronize() override { device_->synchronize(); }

  runtime::Communicator &communicator() override { return self_; }

private:
  std::shared_ptr<cuda::Device> device_;
  mlir::legato::Target target_ = mlir::legato::Target::cpu();
  runtime::SelfCommunicator self_;
};

} // namespace

std::unique_ptr<Backend> createCudaBackend(int ordinal) {
  return std::make_unique<CudaBackend>(ordinal);
}

} // namespace legato::codegen

//===- CpuBackend.cpp - the host CPU as a legato backend --------------------===//
#include "Codegen/Backend.h"
#include "Codegen/CPU/CpuCompiler.h"
#include "Codegen/ProgramImage.h"
#include "Codegen/RunPipeline.h"
#include "Runtime/Fft.h"
#include "Runtime/Sort.h"
#include "Runtime/Lapack.h"

#include "mlir/Pass/PassManager.h"

#include <algorithm>
#include <cstdlib>

namespace legato::codegen {

namespace {

struct CpuProgram final : CompiledProgram {
  std::unique_ptr<CpuExecutable> executable;
  std::string code; ///< its object code, kept for saveProgram (with a cache)
};

/// A memref descriptor {allocated, aligned, offset, sizes..., strides...} of
/// a contiguous row-major array.
std::vector<int64_t> descriptor(const ArrayArg &array) {
  auto address = int64_t(reinterpret_cast<intptr_t>(array.data));
  std::vector<int64_t> d = {address, address, 0};
  d.insert(d.end(), array.shape->begin(), array.shape->end());
  std::vector<int64_t> strides(array.shape->size());
  int64_t stride = 1;
  for (size_t i = array.shape->size(); i-- > 0;) {
    strides[i] = stride;
    stride *= (*array.shape)[i];
  }
  d.insert(d.end(), strides.begin(), strides.end());
  return d;
}

class CpuBackend final : public Backend {
public:
  CpuBackend(int threads, runtime::DiskCache *cache)
      : threads_(unsigned(std::max(threads, 1))), cache_(cache) {
    initializeCpuCodegen(threads);
    runtime::setFftThreads(int(threads_));
    runtime::setSortThreads(int(threads_));
  }

  const char *name() const override { return "cpu"; }
  const mlir::legato::Target &target() const override { return target_; }

  std::unique_ptr<CompiledProgram> compile(mlir::ModuleOp module,
                                           const mlir::legato::PipelineOptions &options) override {
    auto program = std::make_unique<CpuProgram>();
    mlir::legato::PipelineOptions counted = options;
    counted.kernelStats = &program->stats;
    counted.printBufferIR = std::getenv("LEGATO_DUMP_IR") != nullptr;
    mlir::PassManager pm(module.getContext());
    mlir::legato::buildLegatoCPUPipeline(pm, counted);
    runPipeline(pm, module);
    program->executable = compileForCpu(module, "main", threads_, cache_,
                                        cache_ ? &program->code : nullptr);
    return program;
  }

  std::string programFormat() const override { return cpuObjectFormat(); }

  std::string saveProgram(CompiledProgram &compiled) override {
    auto &program = static_cast<CpuProgram &>(compiled);
    if (program.code.empty())
      return "";
    ImageWriter image;
    image.stats(program.stats);
    image.bytes(program.code);
    std::string().swap(program.code);
    return image.take();
  }

  std::unique_ptr<CompiledProgram> loadProgram(std::string_view bytes) override {
    ImageReader image(bytes);
    auto program = std::make_unique<CpuProgram>();
    program->stats = image.stats();
    std::string_view code = image.bytes();
    if (!image.ok())
      return nullptr;
    program->executable = loadCpuCode(code, "main");
    if (!program->executable)
      return nullptr;
    return program;
  }

  std::shared_ptr<runtime::Buffer> allocate(int64_t bytes) override {
    return std::make_shared<runtime::Buffer>(bytes);
  }

  void launch(CompiledProgram &program, const std::vector<ArrayArg> &inputs,
              const std::vector<ArrayArg> &outputs) override {
    // Kernels cannot report a failed allocation: check their temporaries here.
    runtime::checkMemoryLimit(program.stats.temporaryBytes, "the temporaries of a program");
    std::vector<std::vector<int64_t>> descriptors;
    for (const ArrayArg &a : inputs)
      descriptors.push_back(descriptor(a));
    for (const ArrayArg &a : outputs)
      descriptors.push_back(descriptor(a));
    std::vector<void *> pointers, args;
    for (auto &d : descriptors)
      pointers.push_back(d.data());
    for (void *&p : pointers)
      args.push_back(&p);
    static_cast<CpuProgram &>(program).executable->entry(args.data());
    if (std::string failure = runtime::takeLapackFailure(); !failure.empty())
      throw LinAlgError(failure);
    if (std::string failure = runtime::takeFftFailure(); !failure.empty())
      throw Error(failure);
    if (std::string failure = runtime::takeSortFailure(); !failure.empty())
      throw Error(failure);
  }

private:
  mlir::legato::Target target_ = mlir::legato::Target::cpu();
  unsigned threads_;          // OpenMP workers, and code generation's threads
  runtime::DiskCache *cache_; // object code kept across processes, or null
};

} // namespace

std::unique_ptr<Backend> createCpuBackend(int threads, runtime::DiskCache *cache) {
  return std::make_unique<CpuBackend>(threads, cache);
}

} // namespace legato::codegen

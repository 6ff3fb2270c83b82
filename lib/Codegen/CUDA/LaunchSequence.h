//===- LaunchSequence.h - a compiled program's host side --------*- C++ -*-===//
//
// After the GPU kernel pipeline, @main holds only host work: allocations,
// views, kernel launches and BLAS calls, all with static shapes. It becomes a
// flat list of steps that the backend replays on each launch, touching only
// device pointers: no host JIT and no per-launch interpretation of IR.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CODEGEN_CUDA_LAUNCHSEQUENCE_H
#define LEGATO_CODEGEN_CUDA_LAUNCHSEQUENCE_H

#include "Codegen/CUDA/DeviceMemory.h"
#include "Codegen/ProgramImage.h"
#include "legato/legato.h"

#include "mlir/IR/BuiltinOps.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace legato::cuda {

/// A static view of a buffer: which buffer (slot), and the memref
/// descriptor's element offset, sizes and strides.
struct View {
  int slot = -1;
  int64_t offset = 0;
  std::vector<int64_t> sizes, strides;
  int elementBytes = 0;
};

struct Step {
  enum class Kind { allocate, free, launch, gemm, gemv, gevm, lapack, fft } kind;
  int slot = -1;     // allocate, free
  int64_t bytes = 0; // allocate
  // launch
  std::string kernel;
  int module = -1; ///< which of the program's kernel modules holds it
  CUfunction function = nullptr;
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  // The kernel's parameters, 8 bytes each: scalars and every memref
  // descriptor field (allocated, aligned, offset, sizes..., strides...)
  // resolved at compile time; only the buffer addresses are filled in per
  // launch, at `addressParams` (parameter index, buffer slot).
  std::vector<uint64_t> params;
  std::vector<std::pair<unsigned, int>> addressParams;
  // gemm (c = a b + beta c), gemv (c = a b), gevm (c = a b with a a vector)
  View a, b, c;
  double beta = 0;
  bool isF64 = true;
  // gemm, gemv, gevm: the element type (f32, f64, c64, c128; beta is real,
  // isF64 tells its width). lapack: legato.lapack's routine and flags
  // (Runtime/Lapack.h) on c = the packed result of a (and b), of `dtype`;
  // run on the host (staged). fft: legato.fft's kind (routine) along axis
  // (flags) of a into c, single precision where dtype is f32 (cuFFT).
  DType dtype = DType::f64;
  int64_t routine = 0, flags = 0;
};

struct LaunchSequence {
  std::vector<Step> steps;
  int slots = 0;      ///< buffers: the arguments first, then allocations
  int arguments = 0;  ///< inputs then outputs, as @main takes them
  int modules = 0;    ///< kernel modules: the gpu.binary ops, in order
  int64_t launches = 0; ///< kernels and BLAS calls per run
};

/// Reads @main of a module after the GPU kernel pipeline; throws
/// legato::Error on an op it cannot run.
LaunchSequence buildLaunchSequence(mlir::ModuleOp module);

/// Appends `sequence` to a saved program (Backend::saveProgram): every
/// field but the kernels' CUfunctions, which a loaded module resolves.
void saveLaunchSequence(const LaunchSequence &sequence, codegen::ImageWriter &image);
/// The sequence saved by saveLaunchSequence, or nullopt when the image is
/// damaged (a step of no known kind, a buffer slot out of range).
std::optional<LaunchSequence> loadLaunchSequence(codegen::ImageReader &image);

/// Runs `sequence` on `device` with `arguments` (one device pointer per
/// @main argument), queueing everything on the device's stream.
void runLaunchSequence(const LaunchSequence &sequence, Device &device,
                       const std::vector<void *> &arguments);

} // namespace legato::cuda

#endif // LEGATO_CODEGEN_CUDA_LAUNCHSEQUENCE_H

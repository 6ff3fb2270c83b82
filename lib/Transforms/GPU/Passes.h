//===- Passes.h - legato passes toward GPU kernels -------------*- C++ -*-===//
#ifndef LEGATO_TRANSFORMS_GPU_PASSES_H
#define LEGATO_TRANSFORMS_GPU_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

// NVVM, a dependent dialect of legato-convert-linalg-to-gpu only, is included there:
// NVVMDialect.h alone takes 38 s to parse, this header with it took 48.

namespace mlir::legato {

#define GEN_PASS_DECL
#include "Transforms/GPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Transforms/GPU/Passes.h.inc"

} // namespace mlir::legato

#endif // LEGATO_TRANSFORMS_GPU_PASSES_H

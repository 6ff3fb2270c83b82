//===- KernelFusion.h - which GPU kernels can absorb others ----*- C++ -*-===//
//
// Decisions of legato-convert-linalg-to-gpu about the buffer-level program: which
// fill only initialises a reduction (and can be folded into its final
// write), and which elementwise kernel can compute a following full
// reduction of what it writes.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CONVERSION_LINALGTOGPU_KERNELFUSION_H
#define LEGATO_CONVERSION_LINALGTOGPU_KERNELFUSION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::legato::gpu_kernels {

/// The fill that sets `reduction`'s output just before it (only views,
/// constants, allocations and fills of other buffers in between), when it
/// writes a scalar defined before it; null otherwise.
linalg::GenericOp initialFill(linalg::GenericOp reduction);
/// The elementwise op whose kernel can also compute the full reduction
/// `reduction`; null when there is none.
linalg::GenericOp fusableProducer(linalg::GenericOp reduction);

} // namespace mlir::legato::gpu_kernels

#endif // LEGATO_CONVERSION_LINALGTOGPU_KERNELFUSION_H

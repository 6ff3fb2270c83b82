//===- Lapack.h - the runtime's LAPACK step of legato.lapack ----*- C++ -*-===//
//
// `legato.lapack` (Dialect/Legato/IR/LegatoOps.td: its kinds and packed
// result layouts) runs here on host memory: generated CPU code calls the
// `_mlir_ciface_legato_lapack_<type>` entry points with memref descriptors;
// other backends stage their buffers through the host and call `runLapack`.
// A routine that fails on its values records the failure (the first of a
// program) instead of throwing through generated code; the backend takes it
// after the program and throws legato::LinAlgError.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_RUNTIME_LAPACK_H
#define LEGATO_RUNTIME_LAPACK_H

#include "Runtime/HostView.h"
#include "legato/legato.h"

#include <cstdint>
#include <string>

namespace legato::runtime {

/// Flags of a legato.lapack op, as the lowering passes them.
enum LapackFlags : int64_t { kVectors = 1, kFull = 2, kUpper = 4 };

/// Runs routine `kind` (mlir::legato::LapackKind's value) on every matrix of
/// `a` (and `b`), writing the packed result into `out` (contiguous).
/// `dtype`: the operands', f32, f64, c64 or c128 (the result's too, but
/// eig's, which is complex).
void runLapack(int64_t kind, int64_t flags, DType dtype, const HostView &out,
               const HostView &a, const HostView &b);

/// The first failure recorded on this thread since the last call ("" when
/// none), cleared.
std::string takeLapackFailure();

} // namespace legato::runtime

#endif // LEGATO_RUNTIME_LAPACK_H

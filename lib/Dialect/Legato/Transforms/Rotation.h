//===- Rotation.h - np.roll as a concatenation of two windows --*- C++ -*-===//
#ifndef LEGATO_DIALECT_LEGATO_TRANSFORMS_ROTATION_H
#define LEGATO_DIALECT_LEGATO_TRANSFORMS_ROTATION_H

#include "Dialect/Legato/IR/LegatoDialect.h"

#include <optional>

namespace mlir::legato {

/// A concatenate of windows of one tensor that, read in order, walk its
/// dim `dim` cyclically once from `offsets[dim]` (np.roll:
/// `[x[:, n-k:], x[:, :n-k]]`), all at the same `offsets` and `strides` in
/// the other dims.
struct Rotation {
  Value source;
  int64_t dim;
  SmallVector<int64_t> offsets, strides;
};

/// The rotation `op` is, if it is one. convert-legato-to-linalg lowers it to a
/// copy through a map, `(i + start) mod n` along `dim`, which fuses into its
/// consumers like any other data movement, so the rolled array never
/// materialises.
std::optional<Rotation> rotation(ConcatenateOp op);

} // namespace mlir::legato

#endif // LEGATO_DIALECT_LEGATO_TRANSFORMS_ROTATION_H

//===- ElementBytes.h - bytes of an element in memory ------------*- C++ -*-===//
#ifndef LEGATO_ANALYSIS_ELEMENTBYTES_H
#define LEGATO_ANALYSIS_ELEMENTBYTES_H

#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>

namespace mlir::legato {

/// Bytes an element of `t` takes in memory: a bool (i1) one, a complex
/// number both its parts; 0 for a type without a size (index).
inline int64_t elementBytes(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    return 2 * elementBytes(c.getElementType());
  if (!t.isIntOrFloat())
    return 0;
  return std::max<int64_t>(1, t.getIntOrFloatBitWidth() / 8);
}

} // namespace mlir::legato

#endif // LEGATO_ANALYSIS_ELEMENTBYTES_H

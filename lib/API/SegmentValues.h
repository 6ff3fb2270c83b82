//===- SegmentValues.h - shapes and sizes of a local program's values -*- C++ -*-===//
//
// What DistributedProgram and its overlap pieces ask of the tensor values of
// a partitioned program: element type, shape, bytes, and whether an op is a
// collective.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_API_SEGMENTVALUES_H
#define LEGATO_API_SEGMENTVALUES_H

#include "Dialect/Legato/IR/LegatoDialect.h"
#include "legato/legato.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"

namespace legato::detail {

inline DType dtypeOf(mlir::Value v) {
  mlir::Type t = mlir::cast<mlir::RankedTensorType>(v.getType()).getElementType();
  if (t.isInteger(1))
    return DType::bool_;
  if (auto i = mlir::dyn_cast<mlir::IntegerType>(t)) {
    int64_t bytes = i.getWidth() / 8;
    bool u = i.isUnsigned();
    return bytes == 1 ? (u ? DType::u8 : DType::i8)
           : bytes == 2 ? (u ? DType::u16 : DType::i16)
           : bytes == 4 ? (u ? DType::u32 : DType::i32)
                        : (u ? DType::u64 : DType::i64);
  }
  if (auto c = mlir::dyn_cast<mlir::ComplexType>(t))
    return c.getElementType().isF32() ? DType::c64 : DType::c128;
  if (t.isF16())
    return DType::f16;
  if (t.isF32())
    return DType::f32;
  return DType::f64;
}

inline Shape shapeOfValue(mlir::Value v) {
  return mlir::cast<mlir::RankedTensorType>(v.getType()).getShape().vec();
}

inline int64_t bytesOf(const Shape &shape, DType t) {
  int64_t n = dtype_size(t);
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// Bytes of one row of an array of shape `global` (its element, for 0-d).
inline int64_t rowBytesOf(const Shape &global, DType dtype) {
  int64_t rowBytes = dtype_size(dtype);
  for (size_t d = 1; d < global.size(); ++d)
    rowBytes *= global[d];
  return rowBytes;
}

/// (the dialect's)
using mlir::legato::isCollective;

} // namespace legato::detail

#endif // LEGATO_API_SEGMENTVALUES_H

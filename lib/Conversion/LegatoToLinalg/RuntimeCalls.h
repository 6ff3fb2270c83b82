//===- RuntimeCalls.h - library ops as calls of the runtime ----*- C++ -*-===//
//
// A LAPACK routine or an FFT is no loop nest: its op becomes a call of a
// runtime entry point on buffers. The operands are read in place
// (`to_buffer read_only`, any layout: the runtime copies what its library
// overwrites), the result is a new buffer that the call fills, and
// `to_tensor restrict` hands it back to the tensor program, so that
// one-shot bufferization sees an ordinary producer.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CONVERSION_LEGATOTOLINALG_RUNTIMECALLS_H
#define LEGATO_CONVERSION_LEGATOTOLINALG_RUNTIMECALLS_H

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::legato::lowering {

/// `tensor` read in place: its buffer (any layout) as an unranked memref.
Value readOnlyBuffer(OpBuilder &b, Location loc, Value tensor);

/// Replaces `op` (one ranked tensor result) by a call of the runtime's
/// `callee` (declared once per module: private, with a C interface) taking
/// the i64 `constants`, the new result buffer and `buffers` (unranked
/// memrefs), in that order. `resultType`: the result's converted type
/// (unsigned integers become signless), when it differs from op's.
void replaceWithRuntimeCall(ConversionPatternRewriter &rewriter, Operation *op,
                            StringRef callee, ArrayRef<int64_t> constants, ValueRange buffers,
                            Type resultType = {});

} // namespace mlir::legato::lowering

#endif // LEGATO_CONVERSION_LEGATOTOLINALG_RUNTIMECALLS_H

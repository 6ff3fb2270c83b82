//===- Passes.h - passes on the legato dialect -----------------*- C++ -*-===//
#ifndef LEGATO_DIALECT_LEGATO_TRANSFORMS_PASSES_H
#define LEGATO_DIALECT_LEGATO_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::legato {

#define GEN_PASS_DECL
#include "Dialect/Legato/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Dialect/Legato/Transforms/Passes.h.inc"

} // namespace mlir::legato

#endif // LEGATO_DIALECT_LEGATO_TRANSFORMS_PASSES_H

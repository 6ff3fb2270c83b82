//===- Passes.h - legato fusion and buffer passes --------------*- C++ -*-===//
#ifndef LEGATO_TRANSFORMS_PASSES_H
#define LEGATO_TRANSFORMS_PASSES_H

#include "Support/Target.h"

#include "mlir/Pass/Pass.h"

namespace mlir::legato {

#define GEN_PASS_DECL
#include "Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Transforms/Passes.h.inc"

} // namespace mlir::legato

#endif // LEGATO_TRANSFORMS_PASSES_H

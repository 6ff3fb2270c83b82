//===- Passes.h - legato conversions ---------------------------*- C++ -*-===//
#ifndef LEGATO_CONVERSION_PASSES_H
#define LEGATO_CONVERSION_PASSES_H

#include "Support/Target.h"

#include "mlir/Pass/Pass.h"

namespace mlir::legato {

#define GEN_PASS_DECL
#include "Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Conversion/Passes.h.inc"

} // namespace mlir::legato

#endif // LEGATO_CONVERSION_PASSES_H

//===- LegatoToLinalg.h - legato ops to linalg on tensors -------*- C++ -*-===//
#ifndef LEGATO_CONVERSION_LEGATOTOLINALG_LEGATOTOLINALG_H
#define LEGATO_CONVERSION_LEGATOTOLINALG_LEGATOTOLINALG_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::legato {

/// The patterns that rewrite every legato op into linalg, tensor, arith,
/// math and scf ops on tensors (convert-legato-to-linalg), one set per op
/// family.
void populateLegatoToLinalgConversionPatterns(RewritePatternSet &patterns);

} // namespace mlir::legato

#endif // LEGATO_CONVERSION_LEGATOTOLINALG_LEGATOTOLINALG_H

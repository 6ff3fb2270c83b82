//===- Patterns.h - the legato-to-linalg patterns of each op family --*- C++ -*-===//
#ifndef LEGATO_CONVERSION_LEGATOTOLINALG_PATTERNS_H
#define LEGATO_CONVERSION_LEGATOTOLINALG_PATTERNS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::legato::lowering {

/// Arithmetic, math, comparisons, select and astype (Elementwise.cpp).
void populateElementwiseLoweringPatterns(RewritePatternSet &patterns);
/// Splats, iota and random arrays (Generators.cpp).
void populateGeneratorLoweringPatterns(RewritePatternSet &patterns);
/// Gather and scatter (Indexing.cpp).
void populateIndexingLoweringPatterns(RewritePatternSet &patterns);
/// Broadcast, transpose, slices, concatenate, pad, reshape (DataMovement.cpp).
void populateDataMovementLoweringPatterns(RewritePatternSet &patterns);
/// Reductions (Reductions.cpp).
void populateReductionLoweringPatterns(RewritePatternSet &patterns);
/// Matrix and vector products (Products.cpp).
void populateProductLoweringPatterns(RewritePatternSet &patterns);

} // namespace mlir::legato::lowering

#endif // LEGATO_CONVERSION_LEGATOTOLINALG_PATTERNS_H

//===- Patterns.h - the legato-to-linalg patterns of each op family --*- C++ -*-===//
#ifndef LEGATO_CONVERSION_LEGATOTOLINALG_PATTERNS_H
#define LEGATO_CONVERSION_LEGATOTOLINALG_PATTERNS_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::legato::lowering {

/// Arithmetic, math, comparisons, select and astype (Elementwise.cpp).
void populateElementwiseLoweringPatterns(const TypeConverter &converter, RewritePatternSet &patterns);
/// Splats, iota and random arrays (Generators.cpp).
void populateGeneratorLoweringPatterns(const TypeConverter &converter, RewritePatternSet &patterns);
/// Gather and scatter (Indexing.cpp).
void populateIndexingLoweringPatterns(const TypeConverter &converter, RewritePatternSet &patterns);
/// Broadcast, transpose, slices, concatenate, pad, reshape (DataMovement.cpp).
void populateDataMovementLoweringPatterns(const TypeConverter &converter, RewritePatternSet &patterns);
/// Reductions (Reductions.cpp).
void populateReductionLoweringPatterns(const TypeConverter &converter, RewritePatternSet &patterns);
/// Matrix and vector products (Products.cpp).
void populateProductLoweringPatterns(const TypeConverter &converter, RewritePatternSet &patterns);
/// Factorizations, solves, eigen and singular values: runtime calls (Lapack.cpp).
void populateLapackLoweringPatterns(const TypeConverter &converter, RewritePatternSet &patterns);
/// Fourier transforms: runtime calls (Fft.cpp).
void populateFftLoweringPatterns(const TypeConverter &converter, RewritePatternSet &patterns);
/// Sorts of lines: runtime calls (Sort.cpp).
void populateSortLoweringPatterns(const TypeConverter &converter, RewritePatternSet &patterns);

} // namespace mlir::legato::lowering

#endif // LEGATO_CONVERSION_LEGATOTOLINALG_PATTERNS_H

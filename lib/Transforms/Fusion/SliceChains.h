//===- SliceChains.h - dead writes in insert_slice chains ------*- C++ -*-===//
#ifndef LEGATO_TRANSFORMS_FUSION_SLICECHAINS_H
#define LEGATO_TRANSFORMS_FUSION_SLICECHAINS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::legato {

/// Drops tensor.insert_slice ops that a later insertion of the same chain
/// overwrites before anything reads the window.
void populateSliceChainPatterns(RewritePatternSet &patterns);

} // namespace mlir::legato

#endif // LEGATO_TRANSFORMS_FUSION_SLICECHAINS_H

//===- LegatoToLinalg.h - legato ops to linalg on tensors -------*- C++ -*-===//
#ifndef LEGATO_CONVERSION_LEGATOTOLINALG_LEGATOTOLINALG_H
#define LEGATO_CONVERSION_LEGATOTOLINALG_LEGATOTOLINALG_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::legato {

/// The patterns that rewrite every legato op into linalg, tensor, arith,
/// math and scf ops on tensors (convert-legato-to-linalg), one set per op
/// family.
/// Unsigned integer tensors become signless: linalg and arith take only
/// signless integers (the patterns pick unsigned operations from the
/// legato ops' own types).
class SignlessTypeConverter : public TypeConverter {
public:
  SignlessTypeConverter();
};

void populateLegatoToLinalgConversionPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns);

} // namespace mlir::legato

#endif // LEGATO_CONVERSION_LEGATOTOLINALG_LEGATOTOLINALG_H

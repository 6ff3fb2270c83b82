//===- LegatoDialect.td - the legato dialect --------------*- tablegen -*-===//
//
// Tensor-level array programs with NumPy semantics made explicit: every
// broadcast and dtype conversion is its own op, so elementwise ops take
// operands of one shape and one element type.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_DIALECT
#define LEGATO_DIALECT

include "mlir/IR/OpBase.td"

def Legato_Dialect : Dialect {
  let name = "legato";
  let summary = "Distributed NumPy-style array programs";
  let description = [{
    The program that the legato tracer records. Values are statically shaped
    ranked tensors of NumPy's dtypes: i1 (bool), i8-i64, ui8-ui64 (unsigned
    integers keep their signedness here; the lowering to linalg makes them
    signless), f16, f32 or f64. Views and in-place
    writes of the user program are functionalised (`legato.slice`,
    `legato.insert_slice`); broadcasts and dtype conversions are explicit.
  }];
  let cppNamespace = "::mlir::legato";
  let hasConstantMaterializer = 1;
  // The markers passes leave on ops of other dialects (Markers.h) are
  // checked wherever they appear: their types and the ops that carry them.
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
}

#endif // LEGATO_DIALECT

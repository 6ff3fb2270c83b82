//===- ShardingOpInterface.td - how an op maps boxes of its values -*- tablegen -*-===//
#ifndef LEGATO_SHARDING_OP_INTERFACE
#define LEGATO_SHARDING_OP_INTERFACE

include "mlir/IR/OpBase.td"

def Legato_ShardingOpInterface : OpInterface<"ShardingOpInterface"> {
  let cppNamespace = "::mlir::legato";
  let description = [{
    What legato-partition needs to know of an op with one result, in boxes
    (index ranges of global arrays, one per rank: Support/Sharding.h):
    which box of each operand computes a given box of the result, and how a
    block distribution of the operands carries over to the result. Every
    legato op implements it through an external model
    (Dialect/Legato/Transforms/ShardingInterfaceImpl.cpp, registered by
    `registerShardingOpInterfaceExternalModels`; the dialect promises it, so
    a context without the models fails loudly rather than partitioning with
    a guess). Contractions of split axes (partial results combined by an
    all-reduce) are the partitioner's own analysis (ShardingRules.h).
  }];
  let methods = [
    InterfaceMethod<[{
        The box of operand `operand` that computing `resultBox` (not empty)
        of the result reads.
      }],
      "::legato::support::Box", "getOperandBox",
      (ins "unsigned":$operand, "const ::legato::support::Box &":$resultBox)>,
    InterfaceMethod<[{
        Where the result lives given where the operands live (`operandHomes`,
        nullopt for an operand with no distribution); nullopt: no
        distribution (replicated, or computable anywhere). `homeOf` answers
        for values further up the program (a concatenation of slices of
        one array).
      }],
      "std::optional<::mlir::legato::Boxes>", "getResultHome",
      (ins "::llvm::ArrayRef<std::optional<::mlir::legato::Boxes>>":$operandHomes,
           "::mlir::legato::HomeOf":$homeOf)>,
  ];
}

#endif // LEGATO_SHARDING_OP_INTERFACE

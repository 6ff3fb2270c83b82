//===- PointEmission.cpp - one point of a linalg op's loop nest ----------===//
#include "Conversion/LinalgToLoops/PointEmission.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

SmallVector<Value> legato::indicesAt(OpBuilder &b, Location loc, AffineMap map, ValueRange ivs) {
  SmallVector<Value> indices;
  for (AffineExpr expr : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      indices.push_back(ivs[dim.getPosition()]);
    else
      indices.push_back(affine::AffineApplyOp::create(
          b, loc, AffineMap::get(map.getNumDims(), 0, expr), ivs));
  }
  return indices;
}

void legato::emitPoint(OpBuilder &b, Location loc, linalg::GenericOp op, ValueRange ivs) {
  Block *body = op.getBody();
  IRMapping mapping;
  for (OpOperand &operand : op->getOpOperands()) {
    Value element = operand.get();
    if (isa<MemRefType>(element.getType())) {
      if (op.isDpsInit(&operand) && !op.payloadUsesValueFromOperand(&operand))
        continue;
      element = memref::LoadOp::create(
          b, loc, element, indicesAt(b, loc, op.getMatchingIndexingMap(&operand), ivs));
    }
    mapping.map(body->getArgument(operand.getOperandNumber()), element);
  }
  for (Operation &inner : body->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(inner))
      mapping.map(index.getResult(), ivs[index.getDim()]);
    else
      b.clone(inner, mapping);
  }
  for (auto [out, yielded] :
       llvm::zip(op.getDpsInitsMutable(), body->getTerminator()->getOperands()))
    memref::StoreOp::create(b, loc, mapping.lookupOrDefault(yielded), out.get(),
                            indicesAt(b, loc, op.getMatchingIndexingMap(&out), ivs));
}

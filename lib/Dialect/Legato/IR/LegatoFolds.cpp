//===- LegatoFolds.cpp - folders of legato ops ----------------------------===//
//
// Folds that never change a value: identities of shape ops, involutions and
// splat constants. The algebraic rewrites live in lib/Transforms.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::legato;

/// A splat of `type` holding the single value of `attr`, or null.
static Attribute resplat(Attribute attr, Type type) {
  auto splat = dyn_cast_or_null<SplatElementsAttr>(attr);
  if (!splat)
    return {};
  return splat.resizeSplat(cast<ShapedType>(type));
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

OpFoldResult NegOp::fold(FoldAdaptor adaptor) {
  if (auto inner = getInput().getDefiningOp<NegOp>())
    return inner.getInput();
  auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getInput());
  if (!splat || isa<ComplexType>(splat.getElementType()))
    return {};
  if (auto f = dyn_cast<FloatAttr>(splat.getSplatValue<Attribute>()))
    return SplatElementsAttr::get(getType(), FloatAttr::get(f.getType(), -f.getValue()));
  auto i = cast<IntegerAttr>(splat.getSplatValue<Attribute>());
  return SplatElementsAttr::get(getType(), IntegerAttr::get(i.getType(), -i.getValue()));
}

OpFoldResult NotOp::fold(FoldAdaptor) {
  if (auto inner = getInput().getDefiningOp<NotOp>())
    return inner.getInput();
  return {};
}

OpFoldResult CompareOp::fold(FoldAdaptor) {
  // x against itself: known for integers and bools (floats may be NaN).
  if (getLhs() != getRhs() || isa<FloatType, ComplexType>(getElementTypeOrSelf(getLhs())))
    return {};
  ComparePredicate p = getPredicate();
  bool reflexive = p == ComparePredicate::le || p == ComparePredicate::ge ||
                   p == ComparePredicate::eq;
  return SplatElementsAttr::get(getType(), BoolAttr::get(getContext(), reflexive));
}

OpFoldResult ConvertOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return resplat(adaptor.getInput(), getType());
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int64_t> perm = getPermutation();
  bool identity = true;
  for (auto [i, p] : llvm::enumerate(perm))
    identity &= int64_t(i) == p;
  if (identity)
    return getInput();
  return resplat(adaptor.getInput(), getType());
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return resplat(adaptor.getInput(), getType());
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  bool whole = getInput().getType() == getType();
  for (auto [offset, stride] : llvm::zip(getOffsets(), getStrides()))
    whole &= offset == 0 && stride == 1;
  if (whole)
    return getInput();
  return resplat(adaptor.getInput(), getType());
}

OpFoldResult ConcatenateOp::fold(FoldAdaptor) {
  if (getInputs().size() == 1)
    return getInputs().front();
  return {};
}

OpFoldResult ScanOp::fold(FoldAdaptor) {
  // Element i combines elements 0 to i: along an axis of one element (or
  // none), each is itself.
  if (getType().getDimSize(getAxis()) <= 1)
    return getInput();
  return {};
}

//===- LoweringUtils.cpp - building blocks of legato-to-linalg patterns ---===//
#include "Conversion/LegatoToLinalg/LoweringUtils.h"

#include <cmath>

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::legato;

Value lowering::buildGeneric(OpBuilder &b, Location loc, RankedTensorType resultType,
                   ValueRange inputs, ArrayRef<AffineMap> inputMaps,
                   BodyBuilder body) {
  int64_t rank = resultType.getRank();
  Value init = tensor::EmptyOp::create(b, loc, resultType.getShape(),
                                       resultType.getElementType());
  SmallVector<AffineMap> maps(inputMaps);
  maps.push_back(b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value v = body(nb, nloc, args.drop_back());
        linalg::YieldOp::create(nb, nloc, v);
      });
  return generic.getResult(0);
}

/// Elementwise op over same-shaped inputs.
Value lowering::buildElementwise(OpBuilder &b, Location loc, RankedTensorType resultType,
                       ValueRange inputs, BodyBuilder body) {
  SmallVector<AffineMap> maps(inputs.size(),
                              b.getMultiDimIdentityMap(resultType.getRank()));
  return buildGeneric(b, loc, resultType, inputs, maps, body);
}

/// A scalar constant of element type `t` holding `v` (converted as astype).
Value lowering::scalarConstant(OpBuilder &b, Location loc, Type t, double v) {
  if (auto c = dyn_cast<ComplexType>(t)) // (v + 0i)
    return complex::ConstantOp::create(
        b, loc, c, b.getArrayAttr({b.getFloatAttr(c.getElementType(), v),
                                   b.getFloatAttr(c.getElementType(), 0.0)}));
  if (auto ft = dyn_cast<FloatType>(t))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(ft, v));
  if (isBool(t))
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, v != 0));
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, int64_t(v)));
}

Value lowering::buildCopyThroughMap(OpBuilder &b, Location loc, Value input,
                          RankedTensorType resultType,
                          ArrayRef<AffineExpr> exprs) {
  AffineMap map = AffineMap::get(resultType.getRank(), 0, exprs, b.getContext());
  return buildGeneric(b, loc, resultType, {input}, {map},
                      [](OpBuilder &, Location, ValueRange a) { return a[0]; });
}

Type lowering::signless(Type t) {
  if (auto shaped = dyn_cast<RankedTensorType>(t))
    return shaped.clone(signless(shaped.getElementType()));
  if (auto i = dyn_cast<IntegerType>(t); i && i.isUnsigned())
    return IntegerType::get(t.getContext(), i.getWidth());
  return t;
}

/// The identity of a reduction combiner of real numbers, as an attribute.
static TypedAttr reductionIdentityAttr(OpBuilder &b, ReduceKind kind, Type t, bool isUnsigned) {
  if (auto ft = dyn_cast<FloatType>(t)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    switch (kind) {
    case ReduceKind::sum: return b.getFloatAttr(ft, 0.0);
    case ReduceKind::prod: return b.getFloatAttr(ft, 1.0);
    case ReduceKind::max: return b.getFloatAttr(ft, llvm::APFloat::getInf(sem, true));
    case ReduceKind::min: return b.getFloatAttr(ft, llvm::APFloat::getInf(sem, false));
    }
  }
  unsigned w = t.getIntOrFloatBitWidth();
  bool u = isUnsigned || w == 1; // (bools order as unsigned: false < true)
  switch (kind) {
  case ReduceKind::sum: return b.getIntegerAttr(t, 0);
  case ReduceKind::prod: return b.getIntegerAttr(t, 1);
  case ReduceKind::max:
    return b.getIntegerAttr(t, u ? llvm::APInt::getMinValue(w) : llvm::APInt::getSignedMinValue(w));
  case ReduceKind::min:
    return b.getIntegerAttr(t, u ? llvm::APInt::getMaxValue(w) : llvm::APInt::getSignedMaxValue(w));
  }
  llvm_unreachable("unknown reduction");
}

Value lowering::reductionIdentity(OpBuilder &b, Location loc, ReduceKind kind, Type t,
                                  bool isUnsigned) {
  if (auto c = dyn_cast<ComplexType>(t)) {
    if (kind == ReduceKind::sum || kind == ReduceKind::prod)
      return scalarConstant(b, loc, t, kind == ReduceKind::prod ? 1.0 : 0.0);
    // -inf - inf*j orders before (or ties with) every number; +inf + inf*j after.
    double inf = kind == ReduceKind::max ? -INFINITY : INFINITY;
    auto part = cast<FloatType>(c.getElementType());
    return complex::ConstantOp::create(
        b, loc, t, b.getArrayAttr({b.getFloatAttr(part, inf), b.getFloatAttr(part, inf)}));
  }
  return arith::ConstantOp::create(b, loc, reductionIdentityAttr(b, kind, t, isUnsigned));
}

Value lowering::complexMaxMin(OpBuilder &b, Location loc, Value x, Value y, bool maximum) {
  using P = arith::CmpFPredicate;
  Value xr = complex::ReOp::create(b, loc, x), xi = complex::ImOp::create(b, loc, x);
  Value yr = complex::ReOp::create(b, loc, y), yi = complex::ImOp::create(b, loc, y);
  auto cmp = [&](P p, Value l, Value r) { return arith::CmpFOp::create(b, loc, p, l, r); };
  auto isNaN = [&](Value re, Value im) {
    return arith::OrIOp::create(b, loc, cmp(P::UNO, re, re), cmp(P::UNO, im, im));
  };
  P wins = maximum ? P::OGT : P::OLT;
  // y wins by its real part, or by its imaginary part at equal real parts.
  Value yWins = arith::OrIOp::create(
      b, loc, cmp(wins, yr, xr),
      arith::AndIOp::create(b, loc, cmp(P::OEQ, yr, xr), cmp(wins, yi, xi)));
  Value xNaN = isNaN(xr, xi);
  Value takeY = arith::AndIOp::create(
      b, loc, arith::XOrIOp::create(b, loc, xNaN, arith::ConstantIntOp::create(b, loc, 1, 1)),
      arith::OrIOp::create(b, loc, isNaN(yr, yi), yWins));
  return arith::SelectOp::create(b, loc, takeY, y, x);
}

Value lowering::combine(OpBuilder &b, Location loc, ReduceKind kind, Value acc, Value x,
                        bool isUnsigned) {
  Type t = x.getType();
  bool f = isFloat(t), bit = isBool(t), u = bit || isUnsigned;
  if (isa<ComplexType>(t)) {
    if (kind == ReduceKind::max || kind == ReduceKind::min)
      return complexMaxMin(b, loc, acc, x, kind == ReduceKind::max);
    return kind == ReduceKind::prod ? Value(complex::MulOp::create(b, loc, acc, x))
                                    : Value(complex::AddOp::create(b, loc, acc, x));
  }
  switch (kind) {
  case ReduceKind::sum:
    if (bit) return arith::OrIOp::create(b, loc, acc, x);
    return f ? Value(arith::AddFOp::create(b, loc, acc, x)) : Value(arith::AddIOp::create(b, loc, acc, x));
  case ReduceKind::prod:
    if (bit) return arith::AndIOp::create(b, loc, acc, x);
    return f ? Value(arith::MulFOp::create(b, loc, acc, x)) : Value(arith::MulIOp::create(b, loc, acc, x));
  case ReduceKind::max:
    return f ? Value(arith::MaximumFOp::create(b, loc, acc, x))
             : u ? Value(arith::MaxUIOp::create(b, loc, acc, x)) : Value(arith::MaxSIOp::create(b, loc, acc, x));
  case ReduceKind::min:
    return f ? Value(arith::MinimumFOp::create(b, loc, acc, x))
             : u ? Value(arith::MinUIOp::create(b, loc, acc, x)) : Value(arith::MinSIOp::create(b, loc, acc, x));
  }
  llvm_unreachable("unknown reduction");
}

//===- LowerToLinalg.cpp - legato ops to linalg on tensors ------------------===//
//
// Data movement (broadcast, transpose, strided slice) is expressed in the
// indexing maps of `linalg.generic`s, so that elementwise fusion turns a chain
// of them into a single loop nest that reads the original tensors directly.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Legato/LegatoDialect.h"
#include "Transforms/NumpyDivision.h"
#include "Transforms/NumpyMinMax.h"
#include "Transforms/Passes.h"
#include "Transforms/Rotation.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOLOWERTOLINALGPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using namespace mlir::legato;

namespace {

using BodyBuilder =
    function_ref<Value(OpBuilder &, Location, ValueRange /*input scalars*/)>;

/// Builds `linalg.generic` over the iteration space of `resultType` (all
/// parallel, identity output map) reading `inputs` through `inputMaps`.
Value buildGeneric(OpBuilder &b, Location loc, RankedTensorType resultType,
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
Value buildElementwise(OpBuilder &b, Location loc, RankedTensorType resultType,
                       ValueRange inputs, BodyBuilder body) {
  SmallVector<AffineMap> maps(inputs.size(),
                              b.getMultiDimIdentityMap(resultType.getRank()));
  return buildGeneric(b, loc, resultType, inputs, maps, body);
}

bool isFloat(Type t) { return isa<FloatType>(t); }
bool isBool(Type t) { return t.isInteger(1); }

/// A scalar constant of element type `t` holding `v` (converted as astype).
Value scalarConstant(OpBuilder &b, Location loc, Type t, double v) {
  if (auto ft = dyn_cast<FloatType>(t))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(ft, v));
  if (isBool(t))
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, v != 0));
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, int64_t(v)));
}

//===----------------------------------------------------------------------===//
// Scalar semantics of each elementwise op
//===----------------------------------------------------------------------===//

Value scalarBinary(OpBuilder &b, Location loc, Operation *op, Value x, Value y) {
  Type t = x.getType();
  bool f = isFloat(t), bit = isBool(t);
  if (isa<AddOp>(op))
    return f ? Value(arith::AddFOp::create(b, loc, x, y)) : Value(arith::AddIOp::create(b, loc, x, y));
  if (isa<SubOp>(op))
    return f ? Value(arith::SubFOp::create(b, loc, x, y)) : Value(arith::SubIOp::create(b, loc, x, y));
  if (isa<MulOp>(op))
    return f ? Value(arith::MulFOp::create(b, loc, x, y)) : Value(arith::MulIOp::create(b, loc, x, y));
  if (isa<DivOp>(op))
    return arith::DivFOp::create(b, loc, x, y);
  if (isa<PowOp>(op))
    return f ? Value(math::PowFOp::create(b, loc, x, y)) : Value(math::IPowIOp::create(b, loc, x, y));
  if (isa<MaxOp>(op))
    return f ? buildNumpyMaxMin(b, loc, x, y, /*maximum=*/true)
             : bit ? Value(arith::MaxUIOp::create(b, loc, x, y)) : Value(arith::MaxSIOp::create(b, loc, x, y));
  if (isa<MinOp>(op))
    return f ? buildNumpyMaxMin(b, loc, x, y, /*maximum=*/false)
             : bit ? Value(arith::MinUIOp::create(b, loc, x, y)) : Value(arith::MinSIOp::create(b, loc, x, y));
  if (isa<AndOp>(op))
    return arith::AndIOp::create(b, loc, x, y);
  if (isa<OrOp>(op))
    return arith::OrIOp::create(b, loc, x, y);
  if (isa<Atan2Op>(op))
    return math::Atan2Op::create(b, loc, x, y);
  if (isa<ModOp>(op))
    return buildNumpyRemainder(b, loc, x, y);
  if (isa<FloorDivOp>(op))
    return buildNumpyFloorDivide(b, loc, x, y);
  llvm_unreachable("not a legato binary op");
}

Value scalarCompare(OpBuilder &b, Location loc, ComparePredicate p, Value x, Value y) {
  Type t = x.getType();
  if (isFloat(t)) {
    // NumPy: comparisons with NaN are false, except != which is true.
    arith::CmpFPredicate fp[] = {arith::CmpFPredicate::OLT, arith::CmpFPredicate::OLE,
                                 arith::CmpFPredicate::OGT, arith::CmpFPredicate::OGE,
                                 arith::CmpFPredicate::OEQ, arith::CmpFPredicate::UNE};
    return arith::CmpFOp::create(b, loc, fp[int(p)], x, y);
  }
  bool u = isBool(t); // True > False
  arith::CmpIPredicate ip[] = {
      u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt,
      u ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle,
      u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt,
      u ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge,
      arith::CmpIPredicate::eq, arith::CmpIPredicate::ne};
  return arith::CmpIOp::create(b, loc, ip[int(p)], x, y);
}

Value scalarUnary(OpBuilder &b, Location loc, Operation *op, Value x) {
  Type t = x.getType();
  if (isa<NegOp>(op))
    return isFloat(t) ? Value(arith::NegFOp::create(b, loc, x))
                      : Value(arith::SubIOp::create(b, loc, scalarConstant(b, loc, t, 0), x));
  if (isa<AbsOp>(op)) {
    if (isFloat(t))
      return math::AbsFOp::create(b, loc, x);
    return isBool(t) ? x : Value(math::AbsIOp::create(b, loc, x));
  }
  if (isa<NotOp>(op))
    return arith::XOrIOp::create(b, loc, x, scalarConstant(b, loc, t, 1));
  if (isa<ExpOp>(op)) return math::ExpOp::create(b, loc, x);
  if (isa<LogOp>(op)) return math::LogOp::create(b, loc, x);
  if (isa<SqrtOp>(op)) return math::SqrtOp::create(b, loc, x);
  if (isa<SinOp>(op)) return math::SinOp::create(b, loc, x);
  if (isa<CosOp>(op)) return math::CosOp::create(b, loc, x);
  if (isa<TanhOp>(op)) return math::TanhOp::create(b, loc, x);
  if (isa<ErfOp>(op)) return math::ErfOp::create(b, loc, x);
  if (isa<FloorOp>(op)) return math::FloorOp::create(b, loc, x);
  if (isa<TanOp>(op)) return math::TanOp::create(b, loc, x);
  if (isa<AsinOp>(op)) return math::AsinOp::create(b, loc, x);
  if (isa<AcosOp>(op)) return math::AcosOp::create(b, loc, x);
  if (isa<AtanOp>(op)) return math::AtanOp::create(b, loc, x);
  if (isa<SinhOp>(op)) return math::SinhOp::create(b, loc, x);
  if (isa<CoshOp>(op)) return math::CoshOp::create(b, loc, x);
  if (isa<AsinhOp>(op)) return math::AsinhOp::create(b, loc, x);
  if (isa<AcoshOp>(op)) return math::AcoshOp::create(b, loc, x);
  if (isa<AtanhOp>(op)) return math::AtanhOp::create(b, loc, x);
  if (isa<Exp2Op>(op)) return math::Exp2Op::create(b, loc, x);
  if (isa<Expm1Op>(op)) return math::ExpM1Op::create(b, loc, x);
  if (isa<Log2Op>(op)) return math::Log2Op::create(b, loc, x);
  if (isa<Log10Op>(op)) return math::Log10Op::create(b, loc, x);
  if (isa<Log1pOp>(op)) return math::Log1pOp::create(b, loc, x);
  if (isa<CbrtOp>(op)) return math::CbrtOp::create(b, loc, x);
  if (isa<CeilOp>(op)) return math::CeilOp::create(b, loc, x);
  if (isa<TruncOp>(op)) return math::TruncOp::create(b, loc, x);
  if (isa<RintOp>(op)) return math::RoundEvenOp::create(b, loc, x);
  llvm_unreachable("not a legato unary op");
}

/// NumPy astype: float->int truncates, anything->bool is `!= 0`, bool->number
/// is 0/1.
Value scalarConvert(OpBuilder &b, Location loc, Value x, Type to) {
  Type from = x.getType();
  if (from == to)
    return x;
  if (isBool(to)) {
    Value zero = scalarConstant(b, loc, from, 0);
    return isFloat(from) ? Value(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x, zero))
                         : Value(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero));
  }
  if (isFloat(from) && isFloat(to))
    return from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
               ? Value(arith::ExtFOp::create(b, loc, to, x))
               : Value(arith::TruncFOp::create(b, loc, to, x));
  if (isFloat(to))
    return isBool(from) ? Value(arith::UIToFPOp::create(b, loc, to, x))
                        : Value(arith::SIToFPOp::create(b, loc, to, x));
  if (isFloat(from))
    return arith::FPToSIOp::create(b, loc, to, x);
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return isBool(from) ? Value(arith::ExtUIOp::create(b, loc, to, x))
                        : Value(arith::ExtSIOp::create(b, loc, to, x));
  return arith::TruncIOp::create(b, loc, to, x);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

template <class Op>
struct ElementwiseLowering : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Operation *raw = op.getOperation();
    Value result = buildElementwise(
        rewriter, op.getLoc(), op.getType(), adaptor.getOperands(),
        [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
          if (args.size() == 2)
            return scalarBinary(b, loc, raw, args[0], args[1]);
          return scalarUnary(b, loc, raw, args[0]);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct CompareLowering : OpConversionPattern<CompareOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(CompareOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    ComparePredicate p = op.getPredicate();
    rewriter.replaceOp(op, buildElementwise(rewriter, op.getLoc(), op.getType(),
                                            {adaptor.getLhs(), adaptor.getRhs()},
                                            [&](OpBuilder &b, Location loc, ValueRange a) {
                                              return scalarCompare(b, loc, p, a[0], a[1]);
                                            }));
    return success();
  }
};

struct SelectLowering : OpConversionPattern<SelectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(SelectOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, buildElementwise(rewriter, op.getLoc(), op.getType(),
                                            adaptor.getOperands(),
                                            [](OpBuilder &b, Location loc, ValueRange a) -> Value {
                                              return arith::SelectOp::create(b, loc, a[0], a[1], a[2]);
                                            }));
    return success();
  }
};

struct ConvertLowering : OpConversionPattern<ConvertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ConvertOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type to = op.getType().getElementType();
    rewriter.replaceOp(op, buildElementwise(rewriter, op.getLoc(), op.getType(),
                                            {adaptor.getInput()},
                                            [&](OpBuilder &b, Location loc, ValueRange a) {
                                              return scalarConvert(b, loc, a[0], to);
                                            }));
    return success();
  }
};

/// A splat becomes a generic yielding the scalar: it fuses into consumers,
/// and only materialises (as a fill) when it is itself a program output.
struct ConstantLowering : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ConstantOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    TypedAttr scalar = cast<TypedAttr>(cast<DenseElementsAttr>(op.getValue()).getSplatValue<Attribute>());
    rewriter.replaceOp(op, buildGeneric(rewriter, op.getLoc(), op.getType(), {}, {},
                                        [&](OpBuilder &b, Location loc, ValueRange) -> Value {
                                          return arith::ConstantOp::create(b, loc, scalar);
                                        }));
    return success();
  }
};

struct IotaLowering : OpConversionPattern<IotaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(IotaOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    int64_t dim = op.getDimension();
    rewriter.replaceOp(op, buildGeneric(rewriter, op.getLoc(), op.getType(), {}, {},
                                        [&](OpBuilder &b, Location loc, ValueRange) -> Value {
                                          Value i = linalg::IndexOp::create(b, loc, dim);
                                          return arith::IndexCastOp::create(b, loc, b.getI64Type(), i);
                                        }));
    return success();
  }
};

/// A generic over the result reading the indices; each element loads its
/// input element at the position its index names (clamped into the axis, so
/// that no load leaves the input whatever the index). The input is read
/// from the body, not as an operand: fusion never pulls its producer in.
struct GatherLowering : OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = op.getType();
    int64_t axis = op.getAxis();
    auto indicesType = cast<RankedTensorType>(op.getIndices().getType());
    int64_t k = indicesType.getRank(), rank = resultType.getRank();
    int64_t n = cast<RankedTensorType>(op.getInput().getType()).getDimSize(axis);
    SmallVector<AffineExpr> indexDims;
    for (int64_t d = axis; d < axis + k; ++d)
      indexDims.push_back(rewriter.getAffineDimExpr(d));
    AffineMap indicesMap = AffineMap::get(rank, 0, indexDims, rewriter.getContext());
    Value input = adaptor.getInput();
    rewriter.replaceOp(
        op, buildGeneric(rewriter, op.getLoc(), resultType, adaptor.getIndices(), {indicesMap},
                         [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
                           Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), args[0]);
                           Value zero = arith::ConstantIndexOp::create(b, loc, 0);
                           Value last = arith::ConstantIndexOp::create(b, loc, n - 1);
                           i = arith::MinSIOp::create(
                               b, loc, arith::MaxSIOp::create(b, loc, i, zero), last);
                           SmallVector<Value> position;
                           for (int64_t d = 0; d < axis; ++d)
                             position.push_back(linalg::IndexOp::create(b, loc, d));
                           position.push_back(i);
                           for (int64_t d = axis + k; d < rank; ++d)
                             position.push_back(linalg::IndexOp::create(b, loc, d));
                           return tensor::ExtractOp::create(b, loc, input, position);
                         }));
    return success();
  }
};

Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value acc, Value x); // (below)

/// A loop over the values in row-major order, carrying the destination:
/// each value is inserted at its index (added to the element there with
/// `combine sum`), so the last of repeated indices wins, as in NumPy. An
/// index outside the axis is skipped. The loop is marked `legato.scatter`
/// (kScatterLoopAttr): the GPU lowering runs its iterations in parallel.
/// A single value is stored by a kernel over the destination instead.
struct ScatterLowering : OpConversionPattern<ScatterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto valuesType = cast<RankedTensorType>(op.getValues().getType());
    int64_t axis = op.getAxis(), rank = valuesType.getRank();
    int64_t k = cast<RankedTensorType>(op.getIndices().getType()).getRank();
    int64_t n = op.getType().getDimSize(axis);
    std::optional<ReduceKind> kind = op.getCombine();
    if (valuesType.getNumElements() == 1) {
      // One value: a kernel over the destination that stores it where the
      // position along the axis is the index. (A loop of one iteration
      // would be folded away, and with it what marks it as a scatter.)
      RankedTensorType type = op.getType();
      AffineMap first = AffineMap::get(
          type.getRank(), 0, SmallVector<AffineExpr>(k, rewriter.getAffineConstantExpr(0)),
          rewriter.getContext());
      AffineMap corner = AffineMap::get(
          type.getRank(), 0, SmallVector<AffineExpr>(rank, rewriter.getAffineConstantExpr(0)),
          rewriter.getContext());
      rewriter.replaceOp(
          op,
          buildGeneric(
              rewriter, loc, type, {adaptor.getDest(), adaptor.getIndices(), adaptor.getValues()},
              {rewriter.getMultiDimIdentityMap(type.getRank()), first, corner},
              [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
                Value here = arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                                        linalg::IndexOp::create(b, loc, axis));
                Value hit = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, here, args[1]);
                Value value = kind ? combine(b, loc, *kind, args[0], args[2]) : args[2];
                return arith::SelectOp::create(b, loc, hit, value, args[0]);
              }));
      return success();
    }
    auto index = [&](int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); };
    // A destination that stays live (an argument, or read elsewhere) is
    // copied first, explicitly: into a new tensor, which the output buffer
    // of a program that returns the scatter then holds (one copy, not one
    // by bufferization and another into the output).
    Value dest = adaptor.getDest();
    if (isa<BlockArgument>(op.getDest()) || !op.getDest().hasOneUse())
      dest = linalg::CopyOp::create(rewriter, loc, dest,
                                    tensor::EmptyOp::create(rewriter, loc, op.getType().getShape(),
                                                            op.getType().getElementType())
                                        .getResult())
                 .getResult(0);
    auto loop = scf::ForOp::create(
        rewriter, loc, index(0), index(valuesType.getNumElements()), index(1), ValueRange{dest},
        [&](OpBuilder &b, Location loc, Value flat, ValueRange carried) {
          // The value's coordinates, from its row-major position.
          SmallVector<Value> at(rank);
          for (int64_t d = rank - 1; d > 0; --d) {
            Value size = arith::ConstantIndexOp::create(b, loc, valuesType.getDimSize(d));
            at[d] = arith::RemUIOp::create(b, loc, flat, size);
            flat = arith::DivUIOp::create(b, loc, flat, size);
          }
          if (rank > 0)
            at[0] = flat;
          Value i = tensor::ExtractOp::create(b, loc, adaptor.getIndices(),
                                              ArrayRef<Value>(at).slice(axis, k));
          i = arith::IndexCastOp::create(b, loc, b.getIndexType(), i);
          Value zero = arith::ConstantIndexOp::create(b, loc, 0);
          Value extent = arith::ConstantIndexOp::create(b, loc, n);
          Value inside = arith::AndIOp::create(
              b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, i, zero),
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i, extent));
          SmallVector<Value> position(ArrayRef<Value>(at).take_front(axis));
          position.push_back(i);
          llvm::append_range(position, ArrayRef<Value>(at).drop_front(axis + k));
          Value current = carried[0];
          auto store = scf::IfOp::create(
              b, loc, inside,
              [&](OpBuilder &b, Location loc) {
                Value value = tensor::ExtractOp::create(b, loc, adaptor.getValues(), at);
                if (kind)
                  value = combine(b, loc, *kind,
                                  tensor::ExtractOp::create(b, loc, current, position), value);
                scf::YieldOp::create(
                    b, loc, tensor::InsertOp::create(b, loc, value, current, position).getResult());
              },
              [&](OpBuilder &b, Location loc) { scf::YieldOp::create(b, loc, current); });
          scf::YieldOp::create(b, loc, store.getResult(0));
        });
    loop->setAttr(kScatterLoopAttr, rewriter.getUnitAttr());
    rewriter.replaceOp(op, loop.getResult(0));
    return success();
  }
};

/// SplitMix64 of (seed * golden + row-major index); see RandomOp's description.
struct RandomLowering : OpConversionPattern<RandomOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(RandomOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    uint64_t seed = uint64_t(op.getSeed());
    auto body = [&](OpBuilder &b, Location loc, ValueRange) -> Value {
      Type i64 = b.getI64Type();
      auto c = [&](uint64_t v) -> Value {
        return arith::ConstantOp::create(b, loc, b.getIntegerAttr(i64, int64_t(v)));
      };
      // Row-major linear index in the global array (a rank's block sits at
      // `offsets` of it).
      SmallVector<int64_t> global(op.getGlobalShape().value_or(type.getShape()));
      SmallVector<int64_t> offsets(op.getOffsets().value_or(SmallVector<int64_t>(type.getRank(), 0)));
      Value linear = c(0);
      for (int64_t d = 0; d < type.getRank(); ++d) {
        Value i = arith::IndexCastOp::create(b, loc, i64, linalg::IndexOp::create(b, loc, d));
        if (offsets[d])
          i = arith::AddIOp::create(b, loc, i, c(uint64_t(offsets[d])));
        linear = arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, linear, c(uint64_t(global[d]))), i);
      }
      const uint64_t golden = 0x9E3779B97F4A7C15ull;
      Value z = arith::AddIOp::create(b, loc, linear, c(seed * golden + golden));
      auto mix = [&](Value v, int64_t shift, uint64_t mul) -> Value {
        Value x = arith::XOrIOp::create(b, loc, v, arith::ShRUIOp::create(b, loc, v, c(shift)));
        return mul ? Value(arith::MulIOp::create(b, loc, x, c(mul))) : x;
      };
      z = mix(z, 30, 0xBF58476D1CE4E5B9ull);
      z = mix(z, 27, 0x94D049BB133111EBull);
      z = mix(z, 31, 0);
      Type ft = type.getElementType();
      bool f32 = ft.isF32();
      Value bits = arith::ShRUIOp::create(b, loc, z, c(f32 ? 40 : 11));
      Value asFloat = arith::UIToFPOp::create(b, loc, ft, bits);
      return arith::MulFOp::create(b, loc, asFloat,
                                   scalarConstant(b, loc, ft, f32 ? 0x1p-24 : 0x1p-53));
    };
    rewriter.replaceOp(op, buildGeneric(rewriter, op.getLoc(), type, {}, {}, body));
    return success();
  }
};

/// Copies through an indexing map; `exprs[d]` gives the input coordinate of
/// input dim d in terms of the output's loop dims.
Value buildCopyThroughMap(OpBuilder &b, Location loc, Value input,
                          RankedTensorType resultType,
                          ArrayRef<AffineExpr> exprs) {
  AffineMap map = AffineMap::get(resultType.getRank(), 0, exprs, b.getContext());
  return buildGeneric(b, loc, resultType, {input}, {map},
                      [](OpBuilder &, Location, ValueRange a) { return a[0]; });
}

struct BroadcastLowering : OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto in = cast<RankedTensorType>(op.getInput().getType());
    RankedTensorType out = op.getType();
    int64_t lead = out.getRank() - in.getRank();
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < in.getRank(); ++d)
      exprs.push_back(in.getDimSize(d) == 1 && out.getDimSize(lead + d) != 1
                          ? rewriter.getAffineConstantExpr(0)
                          : rewriter.getAffineDimExpr(lead + d));
    rewriter.replaceOp(op, buildCopyThroughMap(rewriter, op.getLoc(), adaptor.getInput(), out, exprs));
    return success();
  }
};

struct TransposeLowering : OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    ArrayRef<int64_t> perm = op.getPermutation();
    SmallVector<AffineExpr> exprs(perm.size());
    for (auto [i, p] : llvm::enumerate(perm))
      exprs[p] = rewriter.getAffineDimExpr(i);
    rewriter.replaceOp(op, buildCopyThroughMap(rewriter, op.getLoc(), adaptor.getInput(),
                                               op.getType(), exprs));
    return success();
  }
};

/// A window walked with negative strides is the same window walked forwards
/// (offset moved to its last element) with the values reversed along those
/// dims. Returns the forward offsets/strides and the reversing map, if any.
/// A dim of one element has stride 1: its stride moves nothing, and as 1
/// the window is one that folders and slice chains recognise (`a[::3] = c`
/// on a one-row array overwrites all of it).
struct ForwardWindow {
  SmallVector<int64_t> offsets, strides;
  SmallVector<AffineExpr> reverse;
  bool reversed = false;
};
ForwardWindow forwardWindow(OpBuilder &b, ArrayRef<int64_t> offsets,
                            ArrayRef<int64_t> strides, ArrayRef<int64_t> sizes) {
  ForwardWindow w{SmallVector<int64_t>(offsets), SmallVector<int64_t>(strides), {}, false};
  for (size_t d = 0; d < sizes.size(); ++d) {
    AffineExpr e = b.getAffineDimExpr(d);
    if (sizes[d] == 1)
      w.strides[d] = 1;
    if (w.strides[d] < 0) {
      w.offsets[d] += (sizes[d] - 1) * w.strides[d];
      w.strides[d] = -w.strides[d];
      e = b.getAffineConstantExpr(sizes[d] - 1) - e;
      w.reversed = true;
    }
    w.reverse.push_back(e);
  }
  return w;
}

/// Positive strides become `tensor.extract_slice` (a view after
/// bufferization: no copy); reversed dims add a generic that fuses into its
/// consumers.
struct SliceLowering : OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    ForwardWindow w = forwardWindow(rewriter, op.getOffsets(), op.getStrides(), type.getShape());
    Value slice = tensor::ExtractSliceOp::create(
        rewriter, op.getLoc(), type, adaptor.getInput(), ValueRange{}, ValueRange{},
        ValueRange{}, w.offsets, type.getShape(), w.strides);
    if (w.reversed)
      slice = buildCopyThroughMap(rewriter, op.getLoc(), slice, type, w.reverse);
    rewriter.replaceOp(op, slice);
    return success();
  }
};

/// Builds the part of a `type` tensor outside the unit-stride box (`offsets`,
/// `sizes`) from at most two boxes per dimension, each made by `makeBox`
/// (offsets, sizes); the box itself is left for the caller to fill. Only the
/// border is written, so the value placed in the box later can be computed
/// in place (empty-tensor elimination) instead of being copied in.
Value buildOutsideBox(OpBuilder &b, Location loc, RankedTensorType type,
                      ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                      function_ref<Value(ArrayRef<int64_t>, ArrayRef<int64_t>)> makeBox) {
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rank = type.getRank();
  Value result = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  SmallVector<int64_t> unit(rank, 1);
  for (int64_t d = 0; d < rank; ++d) {
    // Dims before d lie inside the box, dim d outside it, dims after d span
    // the whole array: these boxes are disjoint and cover the complement.
    SmallVector<int64_t> boxOffsets(rank, 0), boxSizes(shape);
    for (int64_t i = 0; i < d; ++i) {
      boxOffsets[i] = offsets[i];
      boxSizes[i] = sizes[i];
    }
    std::pair<int64_t, int64_t> sides[] = {{0, offsets[d]},
                                           {offsets[d] + sizes[d], shape[d] - offsets[d] - sizes[d]}};
    for (auto [start, extent] : sides) {
      if (extent == 0)
        continue;
      boxOffsets[d] = start;
      boxSizes[d] = extent;
      result = tensor::InsertSliceOp::create(b, loc, makeBox(boxOffsets, boxSizes), result,
                                             ValueRange{}, ValueRange{}, ValueRange{},
                                             boxOffsets, boxSizes, unit);
    }
  }
  return result;
}

/// A fresh tensor holding `dest` outside the box, emitted right after `dest`
/// is defined so that it dominates the producer of what goes in the box.
Value copyOutsideBox(OpBuilder &b, Location loc, Value dest, ArrayRef<int64_t> offsets,
                     ArrayRef<int64_t> sizes) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfterValue(dest);
  auto type = cast<RankedTensorType>(dest.getType());
  return buildOutsideBox(b, loc, type, offsets, sizes,
                         [&](ArrayRef<int64_t> boxOffsets, ArrayRef<int64_t> boxSizes) -> Value {
                           auto boxType = RankedTensorType::get(boxSizes, type.getElementType());
                           SmallVector<int64_t> unit(type.getRank(), 1);
                           return tensor::ExtractSliceOp::create(
                               b, loc, boxType, dest, ValueRange{}, ValueRange{}, ValueRange{},
                               boxOffsets, boxSizes, unit);
                         });
}

/// `dest` with `value` written into a window. When `value` covers most of
/// `dest` through unit strides (the interior update of a stencil), the
/// result is a fresh tensor that copies only the border from `dest` and into
/// which `value`'s kernel writes directly: one pass over memory instead of a
/// full copy of `dest` followed by a copy of `value`. Otherwise bufferization
/// updates `dest` in place when it can.
struct InsertSliceLowering : OpConversionPattern<InsertSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(InsertSliceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Value value = adaptor.getValue(), dest = adaptor.getDest();
    auto valueType = cast<RankedTensorType>(value.getType());
    auto destType = cast<RankedTensorType>(dest.getType());
    ForwardWindow w =
        forwardWindow(rewriter, op.getOffsets(), op.getStrides(), valueType.getShape());
    if (w.reversed)
      value = buildCopyThroughMap(rewriter, op.getLoc(), value, valueType, w.reverse);
    bool unitStrides = llvm::all_of(w.strides, [](int64_t s) { return s == 1; });
    if (unitStrides && 2 * valueType.getNumElements() >= destType.getNumElements() &&
        valueType.getNumElements() < destType.getNumElements())
      dest = copyOutsideBox(rewriter, op.getLoc(), dest, w.offsets, valueType.getShape());
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, value, dest, ValueRange{}, ValueRange{}, ValueRange{}, w.offsets,
        valueType.getShape(), w.strides);
    return success();
  }
};

/// Unit-stride insertion of `value` into `dest` at `offsets`.
Value insertAt(OpBuilder &b, Location loc, Value value, Value dest,
               ArrayRef<int64_t> offsets) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> strides(type.getRank(), 1);
  return tensor::InsertSliceOp::create(b, loc, value, dest, ValueRange{}, ValueRange{},
                                       ValueRange{}, offsets, type.getShape(), strides);
}

struct ConcatenateLowering : OpConversionPattern<ConcatenateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ConcatenateOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    if (std::optional<legato::Rotation> roll = legato::rotation(op)) {
      Value source = rewriter.getRemappedValue(roll->source);
      auto sourceType = cast<RankedTensorType>(source.getType());
      int64_t d = roll->dim, n = sourceType.getDimSize(d);
      // linalg takes a loop's size from an operand dim that the map reads as
      // is (offset 0, stride 1): where the windows span only the start of
      // such a dim (a rank's inner rows of its block, say), the copy reads
      // a slice of the source that ends there.
      SmallVector<int64_t> sizes(sourceType.getShape());
      bool partial = false;
      for (int64_t i = 0, e = type.getRank(); i < e; ++i)
        if (i != d && roll->offsets[i] == 0 && roll->strides[i] == 1 &&
            type.getDimSize(i) != sizes[i]) {
          sizes[i] = type.getDimSize(i);
          partial = true;
        }
      if (partial) {
        MLIRContext *ctx = rewriter.getContext();
        SmallVector<int64_t> zeros(sizes.size(), 0), ones(sizes.size(), 1);
        source = tensor::ExtractSliceOp::create(
            rewriter, op.getLoc(), source, getAsIndexOpFoldResult(ctx, zeros),
            getAsIndexOpFoldResult(ctx, sizes), getAsIndexOpFoldResult(ctx, ones));
      }
      SmallVector<AffineExpr> exprs;
      for (int64_t i = 0, e = type.getRank(); i < e; ++i) {
        AffineExpr x = rewriter.getAffineDimExpr(i);
        exprs.push_back(i == d ? (x + roll->offsets[d]) % n
                               : x * roll->strides[i] + roll->offsets[i]);
      }
      rewriter.replaceOp(op, buildCopyThroughMap(rewriter, op.getLoc(), source, type, exprs));
      return success();
    }
    Value result = tensor::EmptyOp::create(rewriter, op.getLoc(), type.getShape(),
                                           type.getElementType());
    SmallVector<int64_t> offsets(type.getRank(), 0);
    for (Value input : adaptor.getInputs()) {
      result = insertAt(rewriter, op.getLoc(), input, result, offsets);
      offsets[op.getDimension()] +=
          cast<RankedTensorType>(input.getType()).getDimSize(op.getDimension());
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct PadLowering : OpConversionPattern<PadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(PadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    double padding = op.getPadding().convertToDouble();
    auto inputType = cast<RankedTensorType>(adaptor.getInput().getType());
    Value border;
    {
      // The border depends on nothing: built first, it dominates the input's
      // producer, which then writes straight into the interior.
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(op->getBlock());
      border = buildOutsideBox(
          rewriter, op.getLoc(), type, op.getLow(), inputType.getShape(),
          [&](ArrayRef<int64_t>, ArrayRef<int64_t> boxSizes) {
            auto boxType = RankedTensorType::get(boxSizes, type.getElementType());
            return buildGeneric(rewriter, op.getLoc(), boxType, {}, {},
                                [&](OpBuilder &b, Location loc, ValueRange) {
                                  return scalarConstant(b, loc, type.getElementType(), padding);
                                });
          });
    }
    rewriter.replaceOp(op, insertAt(rewriter, op.getLoc(), adaptor.getInput(), border,
                                    op.getLow()));
    return success();
  }
};

struct ReshapeLowering : OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    // Reshapes that only split or merge dims (adding or dropping unit dims,
    // as a row written with `a[{0, all}] = ...`) are views of any layout;
    // tensor.reshape would copy a strided input into a fresh buffer.
    auto inputType = cast<RankedTensorType>(adaptor.getInput().getType());
    if (std::optional<SmallVector<ReassociationIndices>> groups =
            getReassociationIndicesForReshape(inputType, type)) {
      if (inputType.getRank() > type.getRank())
        rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(op, type, adaptor.getInput(),
                                                             *groups);
      else
        rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, type, adaptor.getInput(),
                                                           *groups);
      return success();
    }
    auto shapeType = RankedTensorType::get({type.getRank()}, rewriter.getI64Type());
    Value shape = arith::ConstantOp::create(
        rewriter, op.getLoc(), DenseIntElementsAttr::get(shapeType, type.getShape()));
    rewriter.replaceOpWithNewOp<tensor::ReshapeOp>(op, type, adaptor.getInput(), shape);
    return success();
  }
};

/// The identity element of a reduction combiner, as an element of `t`.
TypedAttr reductionIdentity(OpBuilder &b, ReduceKind kind, Type t) {
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
  bool bit = w == 1;
  switch (kind) {
  case ReduceKind::sum: return b.getIntegerAttr(t, 0);
  case ReduceKind::prod: return b.getIntegerAttr(t, 1);
  case ReduceKind::max:
    return b.getIntegerAttr(t, bit ? llvm::APInt(1, 0) : llvm::APInt::getSignedMinValue(w));
  case ReduceKind::min:
    return b.getIntegerAttr(t, bit ? llvm::APInt(1, 1) : llvm::APInt::getSignedMaxValue(w));
  }
  llvm_unreachable("unknown reduction");
}

Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value acc, Value x) {
  Type t = x.getType();
  bool f = isFloat(t), bit = isBool(t);
  switch (kind) {
  case ReduceKind::sum:
    if (bit) return arith::OrIOp::create(b, loc, acc, x);
    return f ? Value(arith::AddFOp::create(b, loc, acc, x)) : Value(arith::AddIOp::create(b, loc, acc, x));
  case ReduceKind::prod:
    if (bit) return arith::AndIOp::create(b, loc, acc, x);
    return f ? Value(arith::MulFOp::create(b, loc, acc, x)) : Value(arith::MulIOp::create(b, loc, acc, x));
  case ReduceKind::max:
    return f ? Value(arith::MaximumFOp::create(b, loc, acc, x))
             : bit ? Value(arith::MaxUIOp::create(b, loc, acc, x)) : Value(arith::MaxSIOp::create(b, loc, acc, x));
  case ReduceKind::min:
    return f ? Value(arith::MinimumFOp::create(b, loc, acc, x))
             : bit ? Value(arith::MinUIOp::create(b, loc, acc, x)) : Value(arith::MinSIOp::create(b, loc, acc, x));
  }
  llvm_unreachable("unknown reduction");
}

struct ReduceLowering : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto in = cast<RankedTensorType>(op.getInput().getType());
    RankedTensorType out = op.getType();
    Type elem = out.getElementType();
    ReduceKind kind = op.getKind();
    Value init = tensor::EmptyOp::create(rewriter, loc, out.getShape(), elem);
    Value identity = arith::ConstantOp::create(rewriter, loc, reductionIdentity(rewriter, kind, elem));
    init = linalg::FillOp::create(rewriter, loc, identity, init).getResult(0);

    SmallVector<utils::IteratorType> iterators;
    SmallVector<AffineExpr> outExprs;
    for (int64_t d = 0; d < in.getRank(); ++d) {
      bool reduced = llvm::is_contained(op.getAxes(), d);
      iterators.push_back(reduced ? utils::IteratorType::reduction
                                  : utils::IteratorType::parallel);
      if (!reduced)
        outExprs.push_back(rewriter.getAffineDimExpr(d));
    }
    SmallVector<AffineMap> maps = {
        rewriter.getMultiDimIdentityMap(in.getRank()),
        AffineMap::get(in.getRank(), 0, outExprs, rewriter.getContext())};
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{out}, ValueRange{adaptor.getInput()}, ValueRange{init},
        maps, iterators, [&](OpBuilder &b, Location nloc, ValueRange args) {
          linalg::YieldOp::create(b, nloc, combine(b, nloc, kind, args[1], args[0]));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

struct MatmulLowering : OpConversionPattern<MatmulOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(MatmulOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType out = op.getType();
    Value init = tensor::EmptyOp::create(rewriter, loc, out.getShape(), out.getElementType());
    // Float products become BLAS calls that overwrite their output (beta = 0);
    // others run as loops that accumulate into a zero fill. A matrix times a
    // vector (row-major: a reduction along contiguous rows) is a reduction
    // kernel like any other: memory-bound, it is as fast generated, and its
    // producers and consumers fuse into it (Jacobi's `(b - R @ x) / d`). A
    // transposed matrix stays with BLAS, which reads it in place.
    Value l = adaptor.getLhs(), r = adaptor.getRhs();
    int64_t lr = cast<RankedTensorType>(l.getType()).getRank();
    int64_t rr = cast<RankedTensorType>(r.getType()).getRank();
    bool generatedMatvec = lr == 2 && rr == 1 && !op.getLhs().getDefiningOp<TransposeOp>();
    bool blas = isFloat(out.getElementType()) && (lr == 2 || rr == 2) && !generatedMatvec;
    if (!blas) {
      Value zero = scalarConstant(rewriter, loc, out.getElementType(), 0);
      init = linalg::FillOp::create(rewriter, loc, zero, init).getResult(0);
    }
    Operation *product;
    if (lr == 2 && rr == 2)
      product = linalg::MatmulOp::create(rewriter, loc, ValueRange{l, r}, ValueRange{init});
    else if (lr == 2)
      product = linalg::MatvecOp::create(rewriter, loc, ValueRange{l, r}, ValueRange{init});
    else if (rr == 2)
      product = linalg::VecmatOp::create(rewriter, loc, ValueRange{l, r}, ValueRange{init});
    else
      product = linalg::DotOp::create(rewriter, loc, ValueRange{l, r}, ValueRange{init});
    if (blas)
      product->setAttr(kOverwriteAttr, rewriter.getUnitAttr());
    if (generatedMatvec) {
      FailureOr<linalg::GenericOp> generic =
          linalg::generalizeNamedOp(rewriter, cast<linalg::LinalgOp>(product));
      if (failed(generic))
        return rewriter.notifyMatchFailure(op, "matvec without a generic form");
      product = *generic;
    }
    rewriter.replaceOp(op, product->getResult(0));
    return success();
  }
};

struct LegatoLowerToLinalgPass
    : legato::impl::LegatoLowerToLinalgPassBase<LegatoLowerToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ConversionTarget target(*ctx);
    target.addIllegalDialect<LegatoDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(ctx);
    patterns
        .add<ElementwiseLowering<AddOp>, ElementwiseLowering<SubOp>, ElementwiseLowering<MulOp>,
             ElementwiseLowering<DivOp>, ElementwiseLowering<PowOp>, ElementwiseLowering<MaxOp>,
             ElementwiseLowering<MinOp>, ElementwiseLowering<AndOp>, ElementwiseLowering<OrOp>,
             ElementwiseLowering<NegOp>, ElementwiseLowering<AbsOp>, ElementwiseLowering<NotOp>,
             ElementwiseLowering<ExpOp>, ElementwiseLowering<LogOp>, ElementwiseLowering<SqrtOp>,
             ElementwiseLowering<SinOp>, ElementwiseLowering<CosOp>, ElementwiseLowering<TanhOp>,
             ElementwiseLowering<ErfOp>, ElementwiseLowering<FloorOp>, ElementwiseLowering<TanOp>,
             ElementwiseLowering<AsinOp>, ElementwiseLowering<AcosOp>, ElementwiseLowering<AtanOp>,
             ElementwiseLowering<SinhOp>, ElementwiseLowering<CoshOp>, ElementwiseLowering<AsinhOp>,
             ElementwiseLowering<AcoshOp>, ElementwiseLowering<AtanhOp>,
             ElementwiseLowering<Exp2Op>, ElementwiseLowering<Expm1Op>, ElementwiseLowering<Log2Op>,
             ElementwiseLowering<Log10Op>, ElementwiseLowering<Log1pOp>,
             ElementwiseLowering<CbrtOp>, ElementwiseLowering<CeilOp>, ElementwiseLowering<TruncOp>,
             ElementwiseLowering<RintOp>, ElementwiseLowering<Atan2Op>, ElementwiseLowering<ModOp>,
             ElementwiseLowering<FloorDivOp>, CompareLowering, SelectLowering, ConvertLowering,
             ConstantLowering, IotaLowering, RandomLowering, BroadcastLowering, TransposeLowering,
             SliceLowering, InsertSliceLowering, ConcatenateLowering, PadLowering, ReshapeLowering,
             ReduceLowering, MatmulLowering, GatherLowering, ScatterLowering>(ctx);
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

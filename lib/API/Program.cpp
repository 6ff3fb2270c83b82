//===- Program.cpp - from recorded nodes to a legato-dialect module ---------===//
#include "API/Program.h"

#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

using namespace mlir;

namespace legato::detail {

namespace {
/// Writes a program key: values at fixed widths (no separators needed to
/// keep it unambiguous, no number formatted as text), the string sized once
/// for the bytes expected (grown if they were too few) and trimmed by
/// finish().
class KeyWriter {
public:
  KeyWriter(std::string &key, size_t expected) : key(key) { key.resize(expected); }
  template <typename T> void put(T v) {
    if (at + sizeof v > key.size())
      key.resize(std::max<size_t>(2 * key.size(), 256));
    std::memcpy(key.data() + at, &v, sizeof v);
    at += sizeof v;
  }
  void putShape(const Node &n) {
    put(uint8_t(n.dtype));
    put(uint32_t(n.shape.size()));
    for (int64_t d : n.shape)
      put(d);
  }
  void finish() { key.resize(at); }

private:
  std::string &key;
  size_t at = 0;
};
} // namespace

Program collectProgram(const std::vector<Node *> &outputs,
                       const std::vector<NodePtr> &params,
                       const std::unordered_set<Node *> &computedBefore) {
  auto isInput = [&](const Node *n) {
    return !n->pending() || (!computedBefore.empty() && computedBefore.count(const_cast<Node *>(n)));
  };
  Program program;
  // Every node met is stamped with this call's number and numbered later:
  // inputs first (params in order), then the computed nodes. The key names
  // operands by these numbers, so it is the same for every program of this
  // structure whatever the nodes' ids.
  static std::atomic<uint64_t> calls{0};
  const uint64_t stamp = ++calls;
  constexpr uint32_t kUnnumbered = UINT32_MAX;
  auto meet = [&](Node *n) {
    if (n->collectStamp == stamp)
      return false;
    n->collectStamp = stamp;
    n->collectNumber = kUnnumbered;
    return true;
  };
  std::vector<Node *> stack(outputs.begin(), outputs.end());
  while (!stack.empty()) {
    Node *n = stack.back();
    stack.pop_back();
    if (!meet(n) || isInput(n))
      continue;
    program.nodes.push_back(n);
    for (const NodePtr &op : n->operands)
      stack.push_back(op.get());
  }
  std::sort(program.nodes.begin(), program.nodes.end(),
            [](Node *a, Node *b) { return a->id < b->id; });
  program.outputs = outputs;

  for (const NodePtr &p : params) {
    meet(p.get());
    p->collectNumber = uint32_t(program.inputs.size());
    program.inputs.push_back(p);
  }
  for (Node *n : program.nodes)
    for (const NodePtr &op : n->operands)
      if (op->collectNumber == kUnnumbered && isInput(op.get())) {
        op->collectNumber = uint32_t(program.inputs.size());
        program.inputs.push_back(op);
      }

  // (About what a 2-D node takes: kind, type, shape, four ints, operands.)
  KeyWriter key(program.key, 32 * program.inputs.size() + 80 * program.nodes.size());
  key.put(uint32_t(program.inputs.size()));
  for (const NodePtr &in : program.inputs)
    key.putShape(*in);
  uint32_t next = uint32_t(program.inputs.size());
  for (Node *n : program.nodes) {
    n->collectNumber = next++;
    key.put(uint8_t(n->kind));
    key.put(n->sub);
    key.putShape(*n);
    key.put(uint32_t(n->ints.size()));
    for (int64_t v : n->ints)
      key.put(v);
    key.put(n->scalar); // (its bits: -0.0 and NaN payloads differ)
    if (n->kind == OpKind::Constant) { // (the only nodes that set them)
      key.put(n->intScalar);
      key.put(n->imagScalar);
    }
    key.put(uint32_t(n->operands.size()));
    for (const NodePtr &op : n->operands)
      key.put(op->collectNumber);
  }
  for (Node *n : outputs)
    key.put(n->collectNumber);
  key.finish();
  return program;
}

namespace {

Type elementType(OpBuilder &b, DType t) {
  switch (t) {
  case DType::bool_: return b.getI1Type();
  case DType::i8: return b.getI8Type();
  case DType::i16: return b.getI16Type();
  case DType::i32: return b.getI32Type();
  case DType::i64: return b.getI64Type();
  // Unsigned integers keep their signedness in the legato dialect (its
  // lowering picks unsigned comparisons, divisions and casts from it).
  case DType::u8: return b.getIntegerType(8, /*isSigned=*/false);
  case DType::u16: return b.getIntegerType(16, false);
  case DType::u32: return b.getIntegerType(32, false);
  case DType::u64: return b.getIntegerType(64, false);
  case DType::f16: return b.getF16Type();
  case DType::f32: return b.getF32Type();
  case DType::f64: return b.getF64Type();
  case DType::c64: return ComplexType::get(b.getF32Type());
  case DType::c128: return ComplexType::get(b.getF64Type());
  }
  return {};
}

RankedTensorType tensorType(OpBuilder &b, const Node *n) {
  return RankedTensorType::get(n->shape, elementType(b, n->dtype));
}

/// A Constant node's value as a splat of `t`.
DenseElementsAttr splatAttr(OpBuilder &b, RankedTensorType t, const Node *n) {
  Type et = t.getElementType();
  if (auto c = dyn_cast<ComplexType>(et)) {
    const llvm::fltSemantics &sem = cast<FloatType>(c.getElementType()).getFloatSemantics();
    auto part = [&](double v) {
      APFloat f(v);
      bool lost;
      f.convert(sem, APFloat::rmNearestTiesToEven, &lost);
      return f;
    };
    std::complex<APFloat> value(part(n->scalar), part(n->imagScalar));
    return DenseElementsAttr::get(t, ArrayRef<std::complex<APFloat>>(value));
  }
  if (isa<FloatType>(et))
    return SplatElementsAttr::get(t, b.getFloatAttr(et, n->scalar));
  if (n->dtype == DType::bool_)
    return SplatElementsAttr::get(t, b.getIntegerAttr(et, n->scalar != 0));
  return SplatElementsAttr::get(t, b.getIntegerAttr(et, n->intScalar));
}

Value buildUnary(OpBuilder &b, Location loc, UnaryKind k, Type t, Value x) {
  switch (k) {
  case UnaryKind::Neg: return mlir::legato::NegOp::create(b, loc, t, x);
  case UnaryKind::Abs: return mlir::legato::AbsOp::create(b, loc, t, x);
  case UnaryKind::Not: return mlir::legato::NotOp::create(b, loc, t, x);
  case UnaryKind::Exp: return mlir::legato::ExpOp::create(b, loc, t, x);
  case UnaryKind::Log: return mlir::legato::LogOp::create(b, loc, t, x);
  case UnaryKind::Sqrt: return mlir::legato::SqrtOp::create(b, loc, t, x);
  case UnaryKind::Sin: return mlir::legato::SinOp::create(b, loc, t, x);
  case UnaryKind::Cos: return mlir::legato::CosOp::create(b, loc, t, x);
  case UnaryKind::Tanh: return mlir::legato::TanhOp::create(b, loc, t, x);
  case UnaryKind::Erf: return mlir::legato::ErfOp::create(b, loc, t, x);
  case UnaryKind::Floor: return mlir::legato::FloorOp::create(b, loc, t, x);
  case UnaryKind::Tan: return mlir::legato::TanOp::create(b, loc, t, x);
  case UnaryKind::Arcsin: return mlir::legato::AsinOp::create(b, loc, t, x);
  case UnaryKind::Arccos: return mlir::legato::AcosOp::create(b, loc, t, x);
  case UnaryKind::Arctan: return mlir::legato::AtanOp::create(b, loc, t, x);
  case UnaryKind::Sinh: return mlir::legato::SinhOp::create(b, loc, t, x);
  case UnaryKind::Cosh: return mlir::legato::CoshOp::create(b, loc, t, x);
  case UnaryKind::Arcsinh: return mlir::legato::AsinhOp::create(b, loc, t, x);
  case UnaryKind::Arccosh: return mlir::legato::AcoshOp::create(b, loc, t, x);
  case UnaryKind::Arctanh: return mlir::legato::AtanhOp::create(b, loc, t, x);
  case UnaryKind::Exp2: return mlir::legato::Exp2Op::create(b, loc, t, x);
  case UnaryKind::Expm1: return mlir::legato::Expm1Op::create(b, loc, t, x);
  case UnaryKind::Log2: return mlir::legato::Log2Op::create(b, loc, t, x);
  case UnaryKind::Log10: return mlir::legato::Log10Op::create(b, loc, t, x);
  case UnaryKind::Log1p: return mlir::legato::Log1pOp::create(b, loc, t, x);
  case UnaryKind::Cbrt: return mlir::legato::CbrtOp::create(b, loc, t, x);
  case UnaryKind::Ceil: return mlir::legato::CeilOp::create(b, loc, t, x);
  case UnaryKind::Trunc: return mlir::legato::TruncOp::create(b, loc, t, x);
  case UnaryKind::Rint: return mlir::legato::RintOp::create(b, loc, t, x);
  case UnaryKind::Real: return mlir::legato::RealOp::create(b, loc, t, x);
  case UnaryKind::Imag: return mlir::legato::ImagOp::create(b, loc, t, x);
  case UnaryKind::Conj: return mlir::legato::ConjOp::create(b, loc, t, x);
  case UnaryKind::Magnitude: return mlir::legato::MagnitudeOp::create(b, loc, t, x);
  }
  return {};
}

Value buildBinary(OpBuilder &b, Location loc, BinaryKind k, Type t, Value x, Value y) {
  switch (k) {
  case BinaryKind::Add: return mlir::legato::AddOp::create(b, loc, t, x, y);
  case BinaryKind::Sub: return mlir::legato::SubOp::create(b, loc, t, x, y);
  case BinaryKind::Mul: return mlir::legato::MulOp::create(b, loc, t, x, y);
  case BinaryKind::Div: return mlir::legato::DivOp::create(b, loc, t, x, y);
  case BinaryKind::Pow: return mlir::legato::PowOp::create(b, loc, t, x, y);
  case BinaryKind::Max: return mlir::legato::MaxOp::create(b, loc, t, x, y);
  case BinaryKind::Min: return mlir::legato::MinOp::create(b, loc, t, x, y);
  case BinaryKind::And: return mlir::legato::AndOp::create(b, loc, t, x, y);
  case BinaryKind::Or: return mlir::legato::OrOp::create(b, loc, t, x, y);
  case BinaryKind::Arctan2: return mlir::legato::Atan2Op::create(b, loc, t, x, y);
  case BinaryKind::Mod: return mlir::legato::ModOp::create(b, loc, t, x, y);
  case BinaryKind::FloorDiv: return mlir::legato::FloorDivOp::create(b, loc, t, x, y);
  case BinaryKind::Xor: return mlir::legato::XorOp::create(b, loc, t, x, y);
  case BinaryKind::Shl: return mlir::legato::ShlOp::create(b, loc, t, x, y);
  case BinaryKind::Shr: return mlir::legato::ShrOp::create(b, loc, t, x, y);
  }
  return {};
}

/// Splits `ints` = a ++ b into its halves.
std::pair<ArrayRef<int64_t>, ArrayRef<int64_t>> halves(const std::vector<int64_t> &v) {
  ArrayRef<int64_t> all(v);
  return {all.take_front(v.size() / 2), all.drop_front(v.size() / 2)};
}

Value buildNode(OpBuilder &b, Location loc, const Node *n, ArrayRef<Value> args) {
  RankedTensorType t = tensorType(b, n);
  switch (n->kind) {
  case OpKind::Constant:
    return mlir::legato::ConstantOp::create(b, loc, cast<ElementsAttr>(splatAttr(b, t, n)));
  case OpKind::Iota:
    return mlir::legato::IotaOp::create(b, loc, t, b.getI64IntegerAttr(n->ints[0]));
  case OpKind::Random:
    return mlir::legato::RandomOp::create(b, loc, t, b.getI64IntegerAttr(n->ints[0]), {}, {});
  case OpKind::Unary:
    return buildUnary(b, loc, UnaryKind(n->sub), t, args[0]);
  case OpKind::Binary:
    return buildBinary(b, loc, BinaryKind(n->sub), t, args[0], args[1]);
  case OpKind::Compare:
    return mlir::legato::CompareOp::create(b, loc, t, mlir::legato::ComparePredicate(n->sub), args[0], args[1]);
  case OpKind::Select:
    return mlir::legato::SelectOp::create(b, loc, t, args[0], args[1], args[2]);
  case OpKind::Convert:
    return mlir::legato::ConvertOp::create(b, loc, t, args[0]);
  case OpKind::Broadcast:
    return mlir::legato::BroadcastOp::create(b, loc, t, args[0]);
  case OpKind::Transpose:
    return mlir::legato::TransposeOp::create(b, loc, t, args[0], n->ints);
  case OpKind::Reshape:
    return mlir::legato::ReshapeOp::create(b, loc, t, args[0]);
  case OpKind::Slice: {
    auto [offsets, strides] = halves(n->ints);
    return mlir::legato::SliceOp::create(b, loc, t, args[0], offsets, strides);
  }
  case OpKind::InsertSlice: {
    auto [offsets, strides] = halves(n->ints);
    return mlir::legato::InsertSliceOp::create(b, loc, t, args[0], args[1], offsets, strides);
  }
  case OpKind::Concatenate:
    return mlir::legato::ConcatenateOp::create(b, loc, t, args, n->ints[0]);
  case OpKind::Pad: {
    auto [low, high] = halves(n->ints);
    return mlir::legato::PadOp::create(b, loc, t, args[0], low, high, llvm::APFloat(n->scalar));
  }
  case OpKind::Reduce:
    return mlir::legato::ReduceOp::create(b, loc, t, mlir::legato::ReduceKind(n->sub), args[0], n->ints);
  case OpKind::Scan:
    return mlir::legato::ScanOp::create(b, loc, t, mlir::legato::ReduceKind(n->sub), args[0],
                                        n->ints[0]);
  case OpKind::Gather:
    return mlir::legato::GatherOp::create(b, loc, t, args[0], args[1], n->ints[0]);
  case OpKind::Scatter: {
    auto combine =
        n->sub ? mlir::legato::ReduceKindAttr::get(b.getContext(), mlir::legato::ReduceKind::sum)
               : mlir::legato::ReduceKindAttr();
    return mlir::legato::ScatterOp::create(b, loc, t, args[0], args[1], args[2], n->ints[0],
                                           combine);
  }
  case OpKind::Matmul:
    return mlir::legato::MatmulOp::create(b, loc, t, args[0], args[1]);
  case OpKind::Lapack: {
    int64_t flags = n->ints[0];
    return mlir::legato::LapackOp::create(b, loc, t, args, mlir::legato::LapackKind(n->sub),
                                          flags & 1, flags & 2, flags & 4);
  }
  case OpKind::Fft:
    return mlir::legato::FftOp::create(b, loc, t, args[0], mlir::legato::FftKind(n->sub),
                                       n->ints[0]);
  case OpKind::Sort:
    return mlir::legato::SortOp::create(b, loc, t, args[0], n->ints[0], n->sub != 0,
                                        llvm::ArrayRef(n->ints).drop_front());
  case OpKind::Buffer:
  case OpKind::Param:
    break;
  }
  throw Error("legato: internal error: cannot build a node of this kind");
}

} // namespace

OwningOpRef<ModuleOp> buildModule(const Program &program, MLIRContext &context) {
  OpBuilder b(&context);
  Location loc = UnknownLoc::get(&context);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());

  SmallVector<Type> inputTypes, outputTypes;
  for (const NodePtr &in : program.inputs)
    inputTypes.push_back(tensorType(b, in.get()));
  for (Node *out : program.outputs)
    outputTypes.push_back(tensorType(b, out));
  auto func = func::FuncOp::create(b, loc, "main", b.getFunctionType(inputTypes, outputTypes));
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);

  std::unordered_map<const Node *, Value> values;
  for (auto [i, in] : llvm::enumerate(program.inputs))
    values[in.get()] = entry->getArgument(i);
  for (Node *n : program.nodes) {
    SmallVector<Value> args;
    for (const NodePtr &op : n->operands)
      args.push_back(values.at(op.get()));
    values[n] = buildNode(b, loc, n, args);
  }
  SmallVector<Value> results;
  for (Node *out : program.outputs)
    results.push_back(values.at(out));
  func::ReturnOp::create(b, loc, results);
  return module;
}

} // namespace legato::detail

//===- Ops.cpp - the array operations: checks, promotion, recording ---------===//
//
// Everything NumPy does implicitly (type promotion, broadcasting, weak
// scalars) is made explicit here, so the dialect's ops see one shape and one
// element type. User errors are caught here, before anything is recorded.
//
//===----------------------------------------------------------------------===//
#include "API/Ops.h"

#include "API/Engine.h"
#include "API/Promotion.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unistd.h>

namespace legato {
using namespace detail;

namespace detail {

namespace {
/// The host's physical memory in bytes (0: unknown).
int64_t machineMemory() {
  static const int64_t bytes = [] {
    long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    return pages > 0 && pageSize > 0 ? int64_t(pages) * pageSize : int64_t(0);
  }();
  return bytes;
}

/// The API op whose arrays a node kind makes, for makeNode's check.
const char *kindName(OpKind kind) {
  switch (kind) {
  case OpKind::Constant: return "full";
  case OpKind::Iota: return "arange";
  case OpKind::Random: return "random";
  case OpKind::Broadcast: return "broadcast_to";
  case OpKind::Reshape: return "reshape";
  case OpKind::Transpose: return "transpose";
  case OpKind::Concatenate: return "concatenate";
  case OpKind::Pad: return "pad";
  case OpKind::Gather: return "take";
  case OpKind::Scatter: return "put";
  case OpKind::Matmul: return "matmul";
  case OpKind::Lapack: return "lapack";
  case OpKind::Fft: return "fft";
  case OpKind::Sort: return "sort";
  case OpKind::Reduce: return "reduce";
  case OpKind::Scan: return "cumsum";
  case OpKind::Select: return "where";
  case OpKind::Convert: return "astype";
  default: return "elementwise";
  }
}
} // namespace

void checkArraySize(const char *op, const Shape &shape, DType dtype) {
  // The product of the nonzero dimensions, as NumPy checks it: (0, 2^62,
  // 2^62) is "too big" there as well.
  int64_t elements = 1, bytes = 0;
  bool overflow = false, empty = false;
  for (int64_t d : shape) {
    if (d < 0)
      throw Error(std::string("legato.") + op + ": negative dimensions are not allowed in " +
                  shapeString(shape));
    empty |= d == 0;
    overflow |= d != 0 && __builtin_mul_overflow(elements, d, &elements);
  }
  if (overflow || __builtin_mul_overflow(elements, dtype_size(dtype), &bytes))
    throw Error(std::string("legato.") + op + ": an array of shape " + shapeString(shape) +
                " has more than 2^63 - 1 " + (overflow ? "elements" : "bytes") + " of " +
                dtype_name(dtype) + "; no machine holds it, use a smaller shape");
  // Each rank holds a block (at least 1/ranks of it): refuse what cannot fit
  // the memory of one machine before anything runs or is allocated. (The
  // memory limit is checked where memory is allocated: it may differ
  // between ranks, which must agree here.)
  if (empty)
    return;
  int64_t ranks = engine().ranks(), share = bytes / ranks + (bytes % ranks != 0);
  int64_t memory = machineMemory();
  if (memory > 0 && share > memory)
    throw Error(std::string("legato.") + op + ": an array of shape " + shapeString(shape) +
                " and dtype " + dtype_name(dtype) + " needs " + std::to_string(bytes) +
                " bytes (" + std::to_string(share) + " per rank over " + std::to_string(ranks) +
                (ranks == 1 ? " rank" : " ranks") + "), more than this machine's memory of " +
                std::to_string(memory) +
                " bytes (LEGATO_MEMORY_LIMIT can lower that limit, not raise it); use smaller "
                "arrays or more ranks");
}

int64_t axisProduct(const char *op, int64_t a, int64_t b, const Shape &from) {
  int64_t length;
  if (__builtin_mul_overflow(a, b, &length))
    throw Error(std::string("legato.") + op + ": from an array of shape " + shapeString(from) +
                ", an axis of " + std::to_string(a) + " x " + std::to_string(b) +
                " elements, longer than 2^63 - 1; use a smaller shape");
  return length;
}

NodePtr makeNode(OpKind kind, DType dtype, Shape shape, Operands operands,
                 std::vector<int64_t> ints, double scalar, uint8_t sub) {
  checkArraySize(kindName(kind), shape, dtype);
  auto n = std::make_shared<Node>();
  n->kind = kind;
  n->sub = sub;
  n->dtype = dtype;
  n->shape = std::move(shape);
  n->ints = std::move(ints);
  n->scalar = scalar;
  if (n->size() == 0 && n->kind != OpKind::Param) {
    // Nothing to compute: an empty result is data at once (and zero-sized
    // tensors never reach the compiler).
    n->kind = OpKind::Buffer;
    n->buffer = std::make_shared<runtime::Buffer>(0);
  } else {
    n->operands = std::move(operands);
  }
  return engine().record(std::move(n));
}

Array wrap(NodePtr node) {
  Array a(std::make_shared<ArrayImpl>(node));
  engine().afterOp(node);
  return a;
}

Array CompositeScope::close(const Array &result) {
  open_ = false;
  --engine_.inComposite;
  engine_.afterOp(valueOf(result));
  return result;
}

NodePtr valueOf(const Array &a) { return a.impl()->value(); }

NodePtr convertNode(NodePtr n, DType to) {
  if (n->dtype == to)
    return n;
  return makeNode(OpKind::Convert, to, n->shape, {n});
}

NodePtr broadcastNode(NodePtr n, const Shape &to) {
  if (n->shape == to)
    return n;
  return makeNode(OpKind::Broadcast, n->dtype, to, {n});
}

NodePtr reshapeNode(NodePtr n, const Shape &to) {
  if (n->shape == to)
    return n;
  return makeNode(OpKind::Reshape, n->dtype, to, {n});
}

NodePtr withoutExtraLeadingOnes(NodePtr n, const Shape &to) {
  size_t drop = 0;
  while (n->shape.size() - drop > to.size() && n->shape[drop] == 1)
    ++drop;
  return reshapeNode(n, Shape(n->shape.begin() + int64_t(drop), n->shape.end()));
}

NodePtr constantNode(double value, DType dtype, const Shape &shape) {
  NodePtr n = makeNode(OpKind::Constant, dtype, shape, {}, {}, value);
  // As the x86 conversion NumPy's casts compile to: NaN and values out of
  // int64's range give its minimum (a C++ cast would be undefined).
  bool inRange = value >= -9223372036854775808.0 && value < 9223372036854775808.0;
  n->intScalar = inRange ? int64_t(value) : std::numeric_limits<int64_t>::min();
  return n;
}

void checkHolds(const char *op, DType t, const Scalar &value) {
  if (holds(t, value))
    return;
  std::string v = value.above_int64 ? std::to_string(uint64_t(value.i)) : std::to_string(value.i);
  throw OverflowError(std::string("legato.") + op + ": Python integer " + v +
                      " out of bounds for " + dtype_name(t) +
                      "; cast the array to a wider type first (astype) or use a value the type holds");
}

NodePtr constantNode(const Scalar &value, DType dtype, const Shape &shape) {
  checkHolds("full", dtype, value);
  // `f` holds every kind's value as a double (uint64 values above 2^63 too;
  // a complex value's real part, all a real array keeps of it, as NumPy's
  // cast); constantNode converts it to an integer dtype as astype does.
  NodePtr n = constantNode(value.f, dtype, shape);
  if (isComplex(dtype))
    n->imagScalar = value.kind == Scalar::Kind::complex ? value.imag : 0.0;
  else if (!isFloat(dtype) &&
           (value.kind == Scalar::Kind::integer || value.kind == Scalar::Kind::boolean))
    n->intScalar = value.i; // (exact beyond 2^53)
  return n;
}

} // namespace detail

namespace {

int64_t numel(const Shape &s) {
  int64_t n = 1;
  for (int64_t d : s)
    n *= d;
  return n;
}

/// An operand of an elementwise op: an Array, or a weak C++ scalar.
struct Operand {
  NodePtr node;                // null for scalars
  std::optional<Scalar> scalar;
  Operand(const Array &a) : node(valueOf(a)) {}
  Operand(Scalar s) : scalar(s) {}
  Shape shape() const { return node ? node->shape : Shape{}; }
  /// The operand as a node of `dtype` and `shape`.
  NodePtr as(DType dtype, const Shape &shape) const {
    if (!node)
      return constantNode(*scalar, dtype, shape);
    return broadcastNode(convertNode(node, dtype), shape);
  }
};

/// NumPy truthiness: x != 0.
NodePtr toBool(NodePtr n) {
  if (n->dtype == DType::bool_)
    return n;
  return makeNode(OpKind::Compare, DType::bool_, n->shape,
                  {n, constantNode(0, n->dtype, n->shape)}, {}, 0, 5 /*ne*/);
}

Shape broadcastAll(const char *op, std::initializer_list<const Operand *> operands) {
  Shape result;
  for (const Operand *o : operands) {
    if (!o->node)
      continue;
    if (result != o->node->shape) { // (equal shapes, the common case: nothing to do)
      result = broadcastShapes(op, result, o->node->shape);
      checkArraySize(op, result, DType::bool_); // (at least a byte an element)
    }
  }
  return result;
}

/// The operands' common type; an integer scalar the type cannot hold is
/// NumPy 2's OverflowError, named after `op`.
DType promoteAll(const char *op, std::initializer_list<const Operand *> operands) {
  std::optional<DType> arrays;
  for (const Operand *o : operands)
    if (o->node)
      arrays = arrays ? promoteTypes(*arrays, o->node->dtype) : o->node->dtype;
  DType t = *arrays;
  for (const Operand *o : operands)
    if (!o->node)
      t = promoteWithScalar(t, o->scalar->kind);
  for (const Operand *o : operands)
    if (!o->node)
      checkHolds(op, t, *o->scalar);
  return t;
}

[[noreturn]] void dtypeError(const char *op, DType t, const Shape &shape, const char *fix) {
  throw TypeError(std::string("legato.") + op + ": does not accept " + dtype_name(t) +
                  " (array of shape " + shapeString(shape) + "); " + fix);
}

Array binary(const char *name, BinaryKind kind, const Operand &a, const Operand &b) {
  Shape shape = broadcastAll(name, {&a, &b});
  DType t = promoteAll(name, {&a, &b});
  BinaryKind k = kind;
  if (t == DType::bool_) {
    // NumPy: bool + bool is "or", bool * bool is "and".
    if (k == BinaryKind::Add) k = BinaryKind::Or;
    else if (k == BinaryKind::Mul) k = BinaryKind::And;
    else if (k == BinaryKind::Sub) // (NumPy: TypeError)
      dtypeError(name, t, shape, "use logical_xor, or cast to an integer type with astype(legato::i64)");
    else if (k == BinaryKind::Pow || k == BinaryKind::Mod || k == BinaryKind::FloorDiv)
      t = DType::i8; // (NumPy's bool ** bool, % and // give int8)
  }
  if (isComplex(t) && (k == BinaryKind::Mod || k == BinaryKind::FloorDiv))
    dtypeError(name, t, shape, "complex numbers have no floor division or remainder (NumPy neither)");
  if (k == BinaryKind::Div && !isInexact(t))
    t = DType::f64; // true division
  return wrap(makeNode(OpKind::Binary, t, shape, {a.as(t, shape), b.as(t, shape)}, {}, 0,
                       uint8_t(k)));
}

NodePtr complexPart(UnaryKind part, const NodePtr &z) {
  return makeNode(OpKind::Unary, partOf(z->dtype), z->shape, {z}, {}, 0, uint8_t(part));
}

NodePtr compareNodes(int predicate, NodePtr x, NodePtr y) {
  Shape shape = x->shape;
  if (isComplex(x->dtype) && predicate < 4) {
    // NumPy 2 orders complex numbers by their real parts, then their
    // imaginary parts: x < y is xr < yr or (xr == yr and xi < yi).
    NodePtr xr = complexPart(UnaryKind::Real, x), yr = complexPart(UnaryKind::Real, y);
    NodePtr xi = complexPart(UnaryKind::Imag, x), yi = complexPart(UnaryKind::Imag, y);
    // (the real parts decide where they differ and no part is NaN)
    NodePtr noNaN = makeNode(OpKind::Binary, DType::bool_, shape,
                             {compareNodes(4, xi, xi), compareNodes(4, yi, yi)}, {}, 0,
                             uint8_t(BinaryKind::And));
    NodePtr first = makeNode(OpKind::Binary, DType::bool_, shape,
                             {compareNodes(predicate & ~1, xr, yr), noNaN}, {}, 0,
                             uint8_t(BinaryKind::And)); // (lt, gt: strict)
    NodePtr tie = makeNode(OpKind::Binary, DType::bool_, shape,
                           {compareNodes(4 /*eq*/, xr, yr), compareNodes(predicate, xi, yi)},
                           {}, 0, uint8_t(BinaryKind::And));
    return makeNode(OpKind::Binary, DType::bool_, shape, {first, tie}, {}, 0,
                    uint8_t(BinaryKind::Or));
  }
  return makeNode(OpKind::Compare, DType::bool_, shape, {x, y}, {}, 0, uint8_t(predicate));
}

/// NumPy 2 compares an integer array with a Python integer it cannot hold
/// (`uint8_array < 300`, `== -1`) by value: the answer is the same for every
/// element. `scalar` is the right-hand operand.
std::optional<bool> compareOutOfRange(int predicate, DType t, const Scalar &scalar) {
  if (!isInteger(t) || holds(t, scalar))
    return std::nullopt;
  bool above = scalar.above_int64 || scalar.i > 0; // (else below the minimum)
  switch (predicate) {
  case 0: case 1: return above;  // x < s, x <= s
  case 2: case 3: return !above; // x > s, x >= s
  case 4: return false;
  default: return true;
  }
}

Array compare(const char *name, int predicate, const Operand &a, const Operand &b) {
  Shape shape = broadcastAll(name, {&a, &b});
  if (a.node && !b.node)
    if (std::optional<bool> r = compareOutOfRange(predicate, a.node->dtype, *b.scalar))
      return wrap(constantNode(double(*r), DType::bool_, shape));
  if (!a.node && b.node) { // s < x is x > s
    static constexpr int mirrored[] = {2, 3, 0, 1, 4, 5};
    if (std::optional<bool> r = compareOutOfRange(mirrored[predicate], b.node->dtype, *a.scalar))
      return wrap(constantNode(double(*r), DType::bool_, shape));
  }
  DType t = promoteAll(name, {&a, &b});
  return wrap(compareNodes(predicate, a.as(t, shape), b.as(t, shape)));
}

Array logical(const char *name, BinaryKind kind, const Operand &a, const Operand &b) {
  Shape shape = broadcastAll(name, {&a, &b});
  auto asBool = [&](const Operand &o) {
    if (!o.node)
      return constantNode(o.scalar->f != 0, DType::bool_, shape);
    return broadcastNode(toBool(o.node), shape);
  };
  return wrap(makeNode(OpKind::Binary, DType::bool_, shape, {asBool(a), asBool(b)}, {}, 0,
                       uint8_t(kind)));
}

/// A bitwise op (and, or, xor, shifts): integers, and bools for the
/// logical ones; floats are NumPy's TypeError.
Array bitwise(const char *name, BinaryKind kind, const Operand &a, const Operand &b) {
  Shape shape = broadcastAll(name, {&a, &b});
  DType t = promoteAll(name, {&a, &b});
  if (isInexact(t))
    dtypeError(name, t, shape, "bitwise operations take integers and bools");
  if (t == DType::bool_ && (kind == BinaryKind::Shl || kind == BinaryKind::Shr))
    t = DType::i8; // (NumPy's bool << bool)
  return wrap(makeNode(OpKind::Binary, t, shape, {a.as(t, shape), b.as(t, shape)}, {}, 0,
                       uint8_t(kind)));
}

/// A binary float function (arctan2): integers and bools compute in the
/// narrowest float that holds them, as NumPy (float16 for bool and 8-bit).
Array floatBinary(const char *name, BinaryKind kind, const Operand &a, const Operand &b) {
  Shape shape = broadcastAll(name, {&a, &b});
  DType t = floatFor(promoteAll(name, {&a, &b}));
  if (a.node && b.node)
    t = promoteFloats(a.node->dtype, b.node->dtype);
  if (isComplex(t))
    dtypeError(name, t, shape, "it is defined for real numbers only (as NumPy's)");
  return wrap(makeNode(OpKind::Binary, t, shape, {a.as(t, shape), b.as(t, shape)}, {}, 0,
                       uint8_t(kind)));
}

/// Float math (exp, log, ...): integers and bools compute in the narrowest
/// float that holds them, as NumPy (float64 from 32-bit integers on).
Array floatUnary(const char *name, UnaryKind kind, const Array &a) {
  NodePtr n = valueOf(a);
  DType t = floatFor(n->dtype);
  // (NumPy has no erf, cbrt, floor, ceil or trunc of complex numbers; its
  // rint of them rounds both parts: round real() and imag() apart)
  if (isComplex(t) && (kind == UnaryKind::Erf || kind == UnaryKind::Cbrt ||
                       kind == UnaryKind::Floor || kind == UnaryKind::Ceil ||
                       kind == UnaryKind::Trunc || kind == UnaryKind::Rint))
    dtypeError(name, t, n->shape, "it is defined for real numbers only here");
  return wrap(makeNode(OpKind::Unary, t, n->shape, {convertNode(n, t)}, {}, 0, uint8_t(kind)));
}

} // namespace

#define LEGATO_DEFINE_BINARY(OPNAME, BODY)                                      \
  Array OPNAME(const Array &a, const Array &b) { return BODY(Operand(a), Operand(b)); } \
  Array OPNAME(const Array &a, Scalar b) { return BODY(Operand(a), Operand(b)); } \
  Array OPNAME(Scalar a, const Array &b) { return BODY(Operand(a), Operand(b)); }

#define ARITH(NAME, KIND) [](const Operand &x, const Operand &y) { return binary(NAME, BinaryKind::KIND, x, y); }
#define CMP(NAME, P) [](const Operand &x, const Operand &y) { return compare(NAME, P, x, y); }
#define FLOAT_FN(NAME, KIND) [](const Operand &x, const Operand &y) { return floatBinary(NAME, BinaryKind::KIND, x, y); }
#define LOGIC(NAME, KIND) [](const Operand &x, const Operand &y) { return logical(NAME, BinaryKind::KIND, x, y); }
#define BITWISE(NAME, KIND) [](const Operand &x, const Operand &y) { return bitwise(NAME, BinaryKind::KIND, x, y); }

LEGATO_DEFINE_BINARY(operator+, ARITH("add", Add))
LEGATO_DEFINE_BINARY(operator-, ARITH("subtract", Sub))
LEGATO_DEFINE_BINARY(operator*, ARITH("multiply", Mul))
LEGATO_DEFINE_BINARY(operator/, ARITH("divide", Div))
LEGATO_DEFINE_BINARY(pow, ARITH("power", Pow))
LEGATO_DEFINE_BINARY(maximum, ARITH("maximum", Max))
LEGATO_DEFINE_BINARY(minimum, ARITH("minimum", Min))
LEGATO_DEFINE_BINARY(arctan2, FLOAT_FN("arctan2", Arctan2))
LEGATO_DEFINE_BINARY(operator%, ARITH("remainder", Mod))
LEGATO_DEFINE_BINARY(mod, ARITH("remainder", Mod))
LEGATO_DEFINE_BINARY(floor_divide, ARITH("floor_divide", FloorDiv))
LEGATO_DEFINE_BINARY(operator<, CMP("less", 0))
LEGATO_DEFINE_BINARY(operator<=, CMP("less_equal", 1))
LEGATO_DEFINE_BINARY(operator>, CMP("greater", 2))
LEGATO_DEFINE_BINARY(operator>=, CMP("greater_equal", 3))
LEGATO_DEFINE_BINARY(operator==, CMP("equal", 4))
LEGATO_DEFINE_BINARY(operator!=, CMP("not_equal", 5))
LEGATO_DEFINE_BINARY(logical_and, LOGIC("logical_and", And))
LEGATO_DEFINE_BINARY(logical_or, LOGIC("logical_or", Or))
LEGATO_DEFINE_BINARY(bitwise_and, BITWISE("bitwise_and", And))
LEGATO_DEFINE_BINARY(bitwise_or, BITWISE("bitwise_or", Or))
LEGATO_DEFINE_BINARY(bitwise_xor, BITWISE("bitwise_xor", Xor))
LEGATO_DEFINE_BINARY(operator&, BITWISE("bitwise_and", And))
LEGATO_DEFINE_BINARY(operator|, BITWISE("bitwise_or", Or))
LEGATO_DEFINE_BINARY(operator^, BITWISE("bitwise_xor", Xor))
LEGATO_DEFINE_BINARY(left_shift, BITWISE("left_shift", Shl))
LEGATO_DEFINE_BINARY(right_shift, BITWISE("right_shift", Shr))

Array operator-(const Array &a) {
  NodePtr n = valueOf(a);
  if (n->dtype == DType::bool_)
    dtypeError("negative", n->dtype, n->shape, "use logical_not for booleans");
  return wrap(makeNode(OpKind::Unary, n->dtype, n->shape, {n}, {}, 0, uint8_t(UnaryKind::Neg)));
}

Array logical_not(const Array &a) {
  NodePtr n = toBool(valueOf(a));
  return wrap(makeNode(OpKind::Unary, DType::bool_, n->shape, {n}, {}, 0, uint8_t(UnaryKind::Not)));
}

Array invert(const Array &a) {
  NodePtr n = valueOf(a);
  if (isInexact(n->dtype))
    dtypeError("invert", n->dtype, n->shape, "bitwise not takes integers and bools");
  return wrap(makeNode(OpKind::Unary, n->dtype, n->shape, {n}, {}, 0, uint8_t(UnaryKind::Not)));
}
Array operator~(const Array &a) { return invert(a); }

Array abs(const Array &a) {
  NodePtr n = valueOf(a);
  if (isComplex(n->dtype))
    return wrap(complexPart(UnaryKind::Magnitude, n));
  return wrap(makeNode(OpKind::Unary, n->dtype, n->shape, {n}, {}, 0, uint8_t(UnaryKind::Abs)));
}

Array real(const Array &a) {
  NodePtr n = valueOf(a);
  return isComplex(n->dtype) ? wrap(complexPart(UnaryKind::Real, n)) : a;
}

Array imag(const Array &a) {
  NodePtr n = valueOf(a);
  if (isComplex(n->dtype))
    return wrap(complexPart(UnaryKind::Imag, n));
  return wrap(constantNode(0.0, n->dtype, n->shape));
}

Array conj(const Array &a) {
  NodePtr n = valueOf(a);
  if (!isComplex(n->dtype))
    return a;
  return wrap(makeNode(OpKind::Unary, n->dtype, n->shape, {n}, {}, 0, uint8_t(UnaryKind::Conj)));
}

Array angle(const Array &a, bool deg) {
  NodePtr n = valueOf(a);
  // NumPy: arctan2(imag, real), in float64 for integers and bools.
  DType part = isComplex(n->dtype) ? partOf(n->dtype) : isFloat(n->dtype) ? n->dtype : DType::f64;
  Array x = isComplex(n->dtype) ? real(a) : astype(a, part);
  Array r = arctan2(imag(isComplex(n->dtype) ? a : x), x);
  return deg ? r * (180.0 / M_PI) : r;
}
Array exp(const Array &a) { return floatUnary("exp", UnaryKind::Exp, a); }
Array log(const Array &a) { return floatUnary("log", UnaryKind::Log, a); }
Array sqrt(const Array &a) { return floatUnary("sqrt", UnaryKind::Sqrt, a); }
Array sin(const Array &a) { return floatUnary("sin", UnaryKind::Sin, a); }
Array cos(const Array &a) { return floatUnary("cos", UnaryKind::Cos, a); }
Array tanh(const Array &a) { return floatUnary("tanh", UnaryKind::Tanh, a); }
Array erf(const Array &a) { return floatUnary("erf", UnaryKind::Erf, a); }
Array floor(const Array &a) { return floatUnary("floor", UnaryKind::Floor, a); }
Array tan(const Array &a) { return floatUnary("tan", UnaryKind::Tan, a); }
Array arcsin(const Array &a) { return floatUnary("arcsin", UnaryKind::Arcsin, a); }
Array arccos(const Array &a) { return floatUnary("arccos", UnaryKind::Arccos, a); }
Array arctan(const Array &a) { return floatUnary("arctan", UnaryKind::Arctan, a); }
Array sinh(const Array &a) { return floatUnary("sinh", UnaryKind::Sinh, a); }
Array cosh(const Array &a) { return floatUnary("cosh", UnaryKind::Cosh, a); }
Array arcsinh(const Array &a) { return floatUnary("arcsinh", UnaryKind::Arcsinh, a); }
Array arccosh(const Array &a) { return floatUnary("arccosh", UnaryKind::Arccosh, a); }
Array arctanh(const Array &a) { return floatUnary("arctanh", UnaryKind::Arctanh, a); }
Array exp2(const Array &a) { return floatUnary("exp2", UnaryKind::Exp2, a); }
Array expm1(const Array &a) { return floatUnary("expm1", UnaryKind::Expm1, a); }
Array log2(const Array &a) { return floatUnary("log2", UnaryKind::Log2, a); }
Array log10(const Array &a) { return floatUnary("log10", UnaryKind::Log10, a); }
Array log1p(const Array &a) { return floatUnary("log1p", UnaryKind::Log1p, a); }
Array cbrt(const Array &a) { return floatUnary("cbrt", UnaryKind::Cbrt, a); }
Array ceil(const Array &a) { return floatUnary("ceil", UnaryKind::Ceil, a); }
Array trunc(const Array &a) { return floatUnary("trunc", UnaryKind::Trunc, a); }
Array rint(const Array &a) { return floatUnary("rint", UnaryKind::Rint, a); }

Array astype(const Array &a, DType t) {
  NodePtr n = valueOf(a);
  return wrap(convertNode(n, t));
}

namespace {
Array selectOp(const Operand &c, const Operand &a, const Operand &b) {
  Shape shape = broadcastAll("where", {&c, &a, &b});
  DType t;
  if (!a.node && !b.node) {
    // Two scalars: NumPy gives the scalars' own type.
    bool anyFloat = a.scalar->kind == Scalar::Kind::floating || b.scalar->kind == Scalar::Kind::floating;
    bool allBool = a.scalar->kind == Scalar::Kind::boolean && b.scalar->kind == Scalar::Kind::boolean;
    t = anyFloat ? DType::f64 : allBool ? DType::bool_ : DType::i64;
  } else {
    t = promoteAll("where", {&a, &b});
  }
  NodePtr cond = toBool(c.node);
  return wrap(makeNode(OpKind::Select, t, shape,
                       {broadcastNode(cond, shape), a.as(t, shape), b.as(t, shape)}));
}
} // namespace

Array where(const Array &c, const Array &a, const Array &b) { return selectOp(c, a, b); }
Array where(const Array &c, Scalar a, const Array &b) { return selectOp(c, a, b); }
Array where(const Array &c, const Array &a, Scalar b) { return selectOp(c, a, b); }
Array where(const Array &c, Scalar a, Scalar b) { return selectOp(c, a, b); }

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

Array detail::indexAlong(const Shape &shape, int64_t d) {
  return wrap(makeNode(OpKind::Iota, DType::i64, shape, {}, {d}));
}

int64_t detail::normalizeAxis(const char *op, int64_t axis, const Shape &shape, int64_t rank) {
  int64_t d = axis < 0 ? axis + rank : axis;
  if (d < 0 || d >= rank)
    throw AxisError(std::string("legato.") + op + ": axis " + std::to_string(axis) +
                    " is out of bounds for an array of shape " + shapeString(shape) +
                    "; pass an axis in [" + std::to_string(-rank) + ", " + std::to_string(rank) +
                    ")");
  return d;
}

std::vector<int64_t> detail::normalizeAxes(const char *op, std::vector<int64_t> axes,
                                           const Shape &shape) {
  int64_t rank = int64_t(shape.size());
  if (axes.empty()) {
    for (int64_t d = 0; d < rank; ++d)
      axes.push_back(d);
    return axes;
  }
  std::vector<int64_t> out;
  for (int64_t a : axes) {
    int64_t d = a < 0 ? a + rank : a;
    if (d < 0 || d >= rank)
      throw AxisError(std::string("legato.") + op + ": axis " + std::to_string(a) +
                      " is out of bounds for an array of shape " + shapeString(shape) +
                      "; axes must lie in [-ndim, ndim)");
    if (std::find(out.begin(), out.end(), d) != out.end())
      throw Error(std::string("legato.") + op + ": axis " + std::to_string(a) +
                  " is repeated (array of shape " + shapeString(shape) + ")");
    out.push_back(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

Array reduce(const char *op, int kind, const Array &a, std::vector<int64_t> axesIn,
             bool keepdims) {
  NodePtr n = valueOf(a);
  std::vector<int64_t> axes = normalizeAxes(op, std::move(axesIn), n->shape);
  Shape reduced, kept;
  int64_t count = 1;
  for (int64_t d = 0; d < int64_t(n->shape.size()); ++d) {
    bool isReduced = std::find(axes.begin(), axes.end(), d) != axes.end();
    if (isReduced)
      count *= n->shape[d];
    else
      reduced.push_back(n->shape[d]);
    kept.push_back(isReduced ? 1 : n->shape[d]);
  }
  bool extremum = kind == 2 || kind == 3;
  if (extremum && count == 0)
    throw Error(std::string("legato.") + op + ": zero-size reduction of an array of shape " +
                shapeString(n->shape) + " has no identity; reduce a non-empty axis");
  DType t = n->dtype;
  // NumPy sums and multiplies integers and bools in 64 bits, float16 in
  // float32 (rounded to float16 at the end).
  DType compute = extremum ? t : t == DType::f16 ? DType::f32 : sumType(t);
  NodePtr r = makeNode(OpKind::Reduce, compute, reduced, {convertNode(n, compute)}, axes, 0,
                       uint8_t(kind));
  if (t == DType::f16)
    r = convertNode(r, t);
  if (keepdims)
    r = reshapeNode(r, kept);
  return wrap(r);
}

} // namespace

Array sum(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  return reduce("sum", 0, a, std::move(axes), keepdims);
}
Array prod(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  return reduce("prod", 1, a, std::move(axes), keepdims);
}

Array detail::scan(const char *op, int kind, const Array &a, std::optional<int64_t> axis) {
  NodePtr n = valueOf(a);
  // NumPy scans the flattened array, and a 0-d array as 1-D (along any
  // axis that 1-D has).
  if (!axis || n->shape.empty()) {
    n = reshapeNode(n, {a.size()});
    axis = axis.value_or(0);
  }
  int64_t d = normalizeAxis(op, *axis, n->shape, int64_t(n->shape.size()));
  DType t = sumType(n->dtype); // (float16 steps round to float16, as NumPy's)
  return wrap(makeNode(OpKind::Scan, t, n->shape, {convertNode(n, t)}, {d}, 0, uint8_t(kind)));
}

Array cumsum(const Array &a, std::optional<int64_t> axis) { return scan("cumsum", 0, a, axis); }
Array cumprod(const Array &a, std::optional<int64_t> axis) { return scan("cumprod", 1, a, axis); }

Array max(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  return reduce("max", 2, a, std::move(axes), keepdims);
}
Array min(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  return reduce("min", 3, a, std::move(axes), keepdims);
}
Array mean(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  NodePtr n = valueOf(a);
  std::vector<int64_t> normalized = normalizeAxes("mean", axes, n->shape);
  int64_t count = 1;
  for (int64_t d : normalized)
    count *= n->shape[d];
  if (n->dtype == DType::f16) // (NumPy: float32 intermediates)
    return astype(mean(astype(a, DType::f32), std::move(axes), keepdims), DType::f16);
  Array input = isInexact(n->dtype) ? a : astype(a, DType::f64);
  return sum(input, std::move(axes), keepdims) / double(count);
}

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

namespace {
Array product(const char *op, const Array &a, const Array &b) {
  NodePtr x = valueOf(a), y = valueOf(b);
  auto fail = [&](const std::string &why) {
    throw Error(std::string("legato.") + op + ": " + why + ": " + shapeString(x->shape) + " @ " +
                shapeString(y->shape));
  };
  if (x->shape.empty() || y->shape.empty())
    fail("operands must be at least 1-D (use * for scalars)");
  int64_t k1 = x->shape.back(), k2 = y->shape.size() == 2 ? y->shape[0] : y->shape[0];
  if (k1 != k2)
    fail("inner dimensions differ (" + std::to_string(k1) + " vs " + std::to_string(k2) +
         "); the last axis of the first operand must match the first axis of the second");
  DType t = promoteTypes(x->dtype, y->dtype);
  Shape shape;
  if (x->shape.size() == 2)
    shape.push_back(x->shape[0]);
  if (y->shape.size() == 2)
    shape.push_back(y->shape[1]);
  // NumPy: a boolean product is the "or" of "and"s, i.e. an integer product
  // != 0; float16 products accumulate in float32.
  DType compute = t == DType::bool_ ? DType::i64 : t == DType::f16 ? DType::f32 : t;
  NodePtr r = k1 == 0 ? constantNode(0.0, compute, shape) // empty sums
                      : makeNode(OpKind::Matmul, compute, shape,
                                 {convertNode(x, compute), convertNode(y, compute)});
  if (t == DType::bool_)
    r = toBool(r);
  return wrap(convertNode(r, t));
}
} // namespace

Array matmul(const Array &a, const Array &b) {
  if (a.ndim() > 2 || b.ndim() > 2)
    return matmulOfStacks(a, b);
  return product("matmul", a, b);
}

Array dot(const Array &a, const Array &b) {
  if (a.ndim() == 0 || b.ndim() == 0)
    return a * b;
  if (a.ndim() > 2 || b.ndim() > 2)
    return dotOfStacks(a, b);
  return product("dot", a, b);
}

Array outer(const Array &a, const Array &b) {
  Array x = reshape(a, {a.size(), 1});
  Array y = reshape(b, {1, b.size()});
  return x * y;
}

Array transpose(const Array &a, std::vector<int64_t> perm) {
  NodePtr n = valueOf(a);
  int64_t rank = int64_t(n->shape.size());
  if (perm.empty())
    for (int64_t d = rank - 1; d >= 0; --d)
      perm.push_back(d);
  if (int64_t(perm.size()) != rank)
    throw Error("legato.transpose: permutation has " + std::to_string(perm.size()) +
                " entries for an array of shape " + shapeString(n->shape) +
                "; give one axis per dimension");
  std::vector<int64_t> normalized = normalizeAxes("transpose", perm, n->shape);
  (void)normalized; // validates range and repeats
  Shape shape;
  for (int64_t &p : perm) {
    p = p < 0 ? p + rank : p;
    shape.push_back(n->shape[p]);
  }
  return wrap(makeNode(OpKind::Transpose, n->dtype, shape, {n}, perm));
}

Array diagonal(const Array &a, int64_t offset) {
  NodePtr n = valueOf(a);
  if (n->shape.size() != 2)
    throw Error("legato.diagonal: needs a 2-D array, got shape " + shapeString(n->shape) +
                "; reshape it, or use diag(v) to build a matrix from a 1-D array");
  int64_t rows = n->shape[0], cols = n->shape[1];
  int64_t first = offset >= 0 ? offset : -offset * cols; // flat index of the first element
  int64_t length = std::max<int64_t>(
      0, offset >= 0 ? std::min(rows, cols - offset) : std::min(rows + offset, cols));
  // A strided window of the flattened matrix: consecutive diagonal elements
  // are cols + 1 apart in row-major order.
  Array flat = reshape(a, {rows * cols});
  if (length == 0)
    return flat[{slice(0, 0)}];
  return flat[{slice(first, first + (length - 1) * (cols + 1) + 1, cols + 1)}];
}

Array diag(const Array &v, int64_t k) {
  NodePtr n = valueOf(v);
  if (n->shape.size() == 2)
    return diagonal(v, k);
  if (n->shape.size() != 1)
    throw Error("legato.diag: needs a 1-D or 2-D array, got shape " + shapeString(n->shape));
  int64_t size = n->shape[0] + (k >= 0 ? k : -k);
  // Element (i, j) is v[min(i, j)] where j - i == k (the row for k >= 0, the
  // column below the diagonal), 0 elsewhere.
  Shape shape = {size, size};
  Array rows = wrap(makeNode(OpKind::Iota, DType::i64, shape, {}, {0}));
  Array cols = wrap(makeNode(OpKind::Iota, DType::i64, shape, {}, {1}));
  Array padded = k >= 0 ? pad(v, {{0, k}}) : pad(v, {{0, -k}});
  Array values = k >= 0 ? broadcast_to(reshape(padded, {size, 1}), shape)
                        : broadcast_to(reshape(padded, {1, size}), shape);
  return where(cols - rows == double(k), values, zeros(shape, n->dtype));
}

//===----------------------------------------------------------------------===//
// Shape
//===----------------------------------------------------------------------===//

Array reshape(const Array &a, Shape shape) {
  NodePtr n = valueOf(a);
  int64_t known = 1, unknown = -1;
  bool overflow = false, empty = false;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (unknown >= 0)
        throw Error("legato.reshape: only one dimension can be -1 in " + shapeString(shape));
      unknown = int64_t(i);
    } else if (shape[i] < 0) {
      throw Error("legato.reshape: negative dimension in " + shapeString(shape));
    } else {
      overflow |= __builtin_mul_overflow(known, shape[i], &known);
      empty |= shape[i] == 0;
    }
  }
  int64_t total = n->size();
  if (overflow && !empty) // (with a 0 the others may multiply to anything)
    throw Error("legato.reshape: cannot reshape an array of size " + std::to_string(total) +
                " into shape " + shapeString(shape) + ", which has more than 2^63 - 1 elements");
  if (unknown >= 0 && known > 0 && total % known == 0)
    shape[unknown] = total / known;
  if (numel(shape) != total || (unknown >= 0 && known == 0))
    throw Error("legato.reshape: cannot reshape an array of size " + std::to_string(total) +
                " and shape " + shapeString(n->shape) + " into shape " + shapeString(shape) +
                "; the sizes must match");
  return wrap(reshapeNode(n, shape));
}

Array broadcast_to(const Array &a, Shape shape) {
  NodePtr n = valueOf(a);
  checkBroadcastTo("broadcast_to", n->shape, shape);
  checkArraySize("broadcast_to", shape, n->dtype);
  return wrap(broadcastNode(n, shape));
}

Array concatenate(const std::vector<Array> &arrays, int64_t axis) {
  if (arrays.empty())
    throw Error("legato.concatenate: needs at least one array");
  std::vector<NodePtr> nodes;
  for (const Array &a : arrays)
    nodes.push_back(valueOf(a));
  const Shape &first = nodes[0]->shape;
  int64_t rank = int64_t(first.size());
  if (rank == 0)
    throw Error("legato.concatenate: zero-dimensional arrays (shape ()) cannot be "
                "concatenated; reshape them to (1,) first");
  int64_t dim = axis < 0 ? axis + rank : axis;
  if (dim < 0 || dim >= rank)
    throw AxisError("legato.concatenate: axis " + std::to_string(axis) +
                    " is out of bounds for arrays of shape " + shapeString(first));
  DType t = nodes[0]->dtype;
  Shape shape = first;
  shape[dim] = 0;
  for (const NodePtr &n : nodes) {
    bool ok = int64_t(n->shape.size()) == rank;
    for (int64_t d = 0; ok && d < rank; ++d)
      ok = d == dim || n->shape[d] == first[d];
    if (!ok)
      throw Error("legato.concatenate: shapes " + shapeString(first) + " and " +
                  shapeString(n->shape) + " differ outside axis " + std::to_string(dim) +
                  "; all dimensions but the concatenation axis must match");
    shape[dim] += n->shape[dim];
    t = promoteTypes(t, n->dtype);
  }
  Operands converted;
  for (const NodePtr &n : nodes)
    if (n->size() > 0) // empty pieces add nothing
      converted.push_back(convertNode(n, t));
  if (converted.empty())
    return wrap(makeNode(OpKind::Concatenate, t, shape, {}, {dim})); // empty result
  if (converted.size() == 1)
    return wrap(converted[0]);
  return wrap(makeNode(OpKind::Concatenate, t, shape, converted, {dim}));
}

Array roll(const Array &a, int64_t shift, std::optional<int64_t> axis) {
  if (axis)
    return roll(a, std::vector<int64_t>{shift}, std::vector<int64_t>{*axis});
  NodePtr n = valueOf(a);
  return reshape(roll(reshape(a, {n->size()}), shift, 0), n->shape);
}

Array roll(const Array &a, const std::vector<int64_t> &shifts, const std::vector<int64_t> &axes) {
  NodePtr n = valueOf(a);
  if (shifts.empty() || axes.empty() ||
      (shifts.size() != axes.size() && shifts.size() != 1 && axes.size() != 1))
    throw Error("legato.roll: " + std::to_string(shifts.size()) + " shifts and " +
                std::to_string(axes.size()) +
                " axes do not match; give one shift per axis, one shift for all axes, or one "
                "axis for all shifts");
  int64_t rank = int64_t(n->shape.size());
  // Shifts along one axis add up (NumPy), so each axis is rolled once.
  std::vector<int64_t> places(size_t(rank), 0);
  for (size_t i = 0; i < std::max(shifts.size(), axes.size()); ++i) {
    int64_t axis = axes[axes.size() == 1 ? 0 : i], shift = shifts[shifts.size() == 1 ? 0 : i];
    int64_t d = axis < 0 ? axis + rank : axis;
    if (d < 0 || d >= rank)
      throw AxisError("legato.roll: axis " + std::to_string(axis) +
                      " is out of bounds for an array of shape " + shapeString(n->shape));
    int64_t extent = n->shape[size_t(d)];
    if (extent)
      places[size_t(d)] = ((places[size_t(d)] + shift % extent) % extent + extent) % extent;
  }
  Array out = a;
  bool moved = false;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t k = places[size_t(d)];
    if (k == 0)
      continue;
    // The last k entries, then the others.
    std::vector<Index> wrapped(size_t(rank), all), rest(size_t(rank), all);
    wrapped[size_t(d)] = slice(-k, none);
    rest[size_t(d)] = slice(none, -k);
    out = concatenate({out[wrapped], out[rest]}, d);
    moved = true;
  }
  return moved ? out : a.copy();
}

Array pad(const Array &a, std::vector<std::pair<int64_t, int64_t>> widths, double value) {
  NodePtr n = valueOf(a);
  size_t rank = n->shape.size();
  if (widths.size() == 1 && rank > 1)
    widths.assign(rank, widths[0]); // NumPy: one pair applies to every axis
  if (widths.size() != rank)
    throw Error("legato.pad: " + std::to_string(widths.size()) +
                " (before, after) pairs for an array of shape " + shapeString(n->shape) +
                "; give one pair per axis or a single pair for all");
  std::vector<int64_t> low, high;
  Shape shape;
  for (size_t d = 0; d < rank; ++d) {
    if (widths[d].first < 0 || widths[d].second < 0)
      throw Error("legato.pad: negative width for axis " + std::to_string(d) +
                  " of an array of shape " + shapeString(n->shape));
    low.push_back(widths[d].first);
    high.push_back(widths[d].second);
    shape.push_back(n->shape[d] + widths[d].first + widths[d].second);
  }
  low.insert(low.end(), high.begin(), high.end());
  if (n->size() == 0) // all padding
    return wrap(constantNode(value, n->dtype, shape));
  return wrap(makeNode(OpKind::Pad, n->dtype, shape, {n}, low, value));
}

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

namespace {
Array filled(const char *op, Shape shape, Scalar value, DType t) {
  checkArraySize(op, shape, t);
  if (t == DType::bool_)
    value = Scalar(value.kind == Scalar::Kind::floating ? value.f != 0 : value.i != 0);
  return wrap(constantNode(value, t, shape));
}
} // namespace

Array full(Shape shape, Scalar value, DType t) { return filled("full", std::move(shape), value, t); }
Array zeros(Shape shape, DType t) { return filled("zeros", std::move(shape), 0, t); }
Array ones(Shape shape, DType t) { return filled("ones", std::move(shape), 1, t); }

Array arange(int64_t stop, DType t) {
  int64_t n = std::max<int64_t>(stop, 0);
  checkArraySize("arange", {n}, t);
  NodePtr iota = makeNode(OpKind::Iota, DType::i64, {n}, {}, {0});
  return wrap(convertNode(iota, t));
}

Array arange(double start, double stop, double step, DType t) {
  if (step == 0)
    throw Error("legato.arange: step cannot be zero");
  double count = std::ceil((stop - start) / step);
  if (!(count < 0x1p63)) // (also NaN: a NaN bound)
    throw Error("legato.arange: " + std::to_string(count) + " values from " +
                std::to_string(start) + " to " + std::to_string(stop) + " in steps of " +
                std::to_string(step) + " are more than an array can hold");
  int64_t n = std::max<int64_t>(int64_t(count), 0);
  checkArraySize("arange", {n}, t);
  NodePtr iota = convertNode(makeNode(OpKind::Iota, DType::i64, {n}, {}, {0}), DType::f64);
  NodePtr v = makeNode(OpKind::Binary, DType::f64, {n},
                       {makeNode(OpKind::Binary, DType::f64, {n},
                                 {iota, constantNode(step, DType::f64, {n})}, {}, 0,
                                 uint8_t(BinaryKind::Mul)),
                        constantNode(start, DType::f64, {n})},
                       {}, 0, uint8_t(BinaryKind::Add));
  return wrap(convertNode(v, t));
}

Array linspace(double start, double stop, int64_t num, DType t) {
  if (num < 0)
    throw Error("legato.linspace: number of samples " + std::to_string(num) +
                " must be non-negative");
  checkArraySize("linspace", {num}, t);
  double step = num > 1 ? (stop - start) / double(num - 1) : 0;
  Array i = arange(num, DType::f64);
  Array v = i * step + start;
  if (num > 1) // NumPy sets the last sample to `stop` exactly
    v = where(i == double(num - 1), stop, v);
  return astype(v, t);
}

Array eye(int64_t n, DType t) {
  if (n < 0)
    throw Error("legato.eye: size " + std::to_string(n) + " must be non-negative");
  Shape shape = {n, n};
  checkArraySize("eye", shape, t);
  NodePtr rows = makeNode(OpKind::Iota, DType::i64, shape, {}, {0});
  NodePtr cols = makeNode(OpKind::Iota, DType::i64, shape, {}, {1});
  NodePtr diagonal = makeNode(OpKind::Compare, DType::bool_, shape, {rows, cols}, {}, 0, 4);
  return wrap(convertNode(diagonal, t));
}

/// `axis` of an array of shape `shape` in [0, rank), or legato::Error.
static int64_t shardAxis(const Shape &shape, int64_t axis) {
  int64_t rank = int64_t(shape.size());
  if (axis < -rank || axis >= rank)
    throw AxisError("legato.shard: axis " + std::to_string(axis) +
                    " is out of range for an array of shape " + shapeString(shape) +
                    "; pass an axis in [" + std::to_string(-rank) + ", " + std::to_string(rank) +
                    ")" + (rank ? "" : " (a 0-d array can only be replicated)"));
  return axis < 0 ? axis + rank : axis;
}

Array shard(const Array &a, int64_t axis) {
  NodePtr v = valueOf(a);
  int64_t placement = shardAxis(v->shape, axis);
  // A new value (an identity reshape) so that Arrays sharing `v` keep theirs.
  NodePtr n = makeNode(OpKind::Reshape, v->dtype, v->shape, {v});
  n->placement = placement;
  return wrap(n);
}

Array shard(const Array &a, int64_t rows_axis, int64_t cols_axis) {
  NodePtr v = valueOf(a);
  int64_t rows = shardAxis(v->shape, rows_axis), cols = shardAxis(v->shape, cols_axis);
  if (rows == cols)
    throw Error("legato.shard: axes " + std::to_string(rows_axis) + " and " +
                std::to_string(cols_axis) + " of an array of shape " + shapeString(v->shape) +
                " are the same axis; a 2-D mesh splits two different axes (or call "
                "legato::shard(a, axis) to split one over all ranks)");
  NodePtr n = makeNode(OpKind::Reshape, v->dtype, v->shape, {v});
  n->placement = rows;
  n->placement2 = cols;
  return wrap(n);
}

Array replicate(const Array &a) {
  NodePtr v = valueOf(a);
  NodePtr n = makeNode(OpKind::Reshape, v->dtype, v->shape, {v});
  n->placement = Node::kReplicated;
  return wrap(n);
}

/// A creation op's value placed as `s` asks.
static Array placed(const Array &a, Sharding s) {
  if (s.axis == Sharding::replicated().axis)
    return replicate(a);
  return s.axis2 < 0 ? shard(a, s.axis) : shard(a, s.axis, s.axis2);
}

Array zeros(Shape shape, DType t, Sharding s) { return placed(zeros(std::move(shape), t), s); }
Array ones(Shape shape, DType t, Sharding s) { return placed(ones(std::move(shape), t), s); }
Array full(Shape shape, Scalar value, DType t, Sharding s) {
  return placed(full(std::move(shape), value, t), s);
}
Array random(Shape shape, DType t, uint64_t seed, Sharding s) {
  return placed(random(std::move(shape), t, seed), s);
}

Array random(Shape shape, DType t, uint64_t seed) {
  checkArraySize("random", shape, t);
  DType ft = t == DType::f32 ? DType::f32 : DType::f64;
  NodePtr u = makeNode(OpKind::Random, ft, shape, {}, {int64_t(seed)});
  if (isComplex(t))
    dtypeError("random", t, shape, "draw the real and imaginary parts apart");
  if (isFloat(t)) // (float16: float64's values rounded)
    return wrap(convertNode(u, t));
  // Integers: [0, 2^31); bool: u < 0.5.
  if (t == DType::bool_)
    return wrap(makeNode(OpKind::Compare, DType::bool_, shape,
                         {u, constantNode(0.5, ft, shape)}, {}, 0, 0));
  NodePtr scaled = makeNode(OpKind::Binary, ft, shape, {u, constantNode(2147483648.0, ft, shape)},
                            {}, 0, uint8_t(BinaryKind::Mul));
  return wrap(convertNode(scaled, t));
}

Array from_buffer(const void *data, DType t, Shape shape, int64_t count) {
  checkArraySize("from_vector", shape, t);
  if (count >= 0 && count != numel(shape))
    throw Error("legato.from_vector: " + std::to_string(count) +
                " values cannot fill shape " + shapeString(shape) +
                "; pass exactly as many values as the shape holds");
  auto n = std::make_shared<Node>();
  n->kind = OpKind::Buffer;
  n->dtype = t;
  n->shape = std::move(shape);
  engine().placeWhole(*n, data);
  return wrap(engine().record(n));
}

Array copy(const Array &a) { return a.copy(); }

void flush() {
  engine().flush();
  engine().device->synchronize(); // (GPU launches are asynchronous)
}

} // namespace legato

//===- Promotion.cpp - NumPy's type promotion and broadcasting --------------===//
#include "API/Promotion.h"

#include "API/Engine.h"

namespace legato::detail {

bool isFloat(DType t) { return t == DType::f16 || t == DType::f32 || t == DType::f64; }

bool isComplex(DType t) { return t == DType::c64 || t == DType::c128; }

DType complexOf(DType t) { return t == DType::f64 ? DType::c128 : DType::c64; }

DType partOf(DType complex) { return complex == DType::c128 ? DType::f64 : DType::f32; }

bool isUnsigned(DType t) {
  return t == DType::u8 || t == DType::u16 || t == DType::u32 || t == DType::u64;
}

bool isInteger(DType t) { return t != DType::bool_ && !isInexact(t); }

DType integerType(int64_t bytes, bool isUnsigned) {
  switch (bytes) {
  case 1: return isUnsigned ? DType::u8 : DType::i8;
  case 2: return isUnsigned ? DType::u16 : DType::i16;
  case 4: return isUnsigned ? DType::u32 : DType::i32;
  default: return isUnsigned ? DType::u64 : DType::i64;
  }
}

DType floatFor(DType t) {
  if (isInexact(t))
    return t;
  int64_t bytes = dtype_size(t); // (bool: one byte)
  return bytes == 1 ? DType::f16 : bytes == 2 ? DType::f32 : DType::f64;
}

DType promoteFloats(DType a, DType b) { return promoteTypes(floatFor(a), floatFor(b)); }

bool castsSameKind(DType from, DType to) {
  auto kind = [](DType t) {
    return t == DType::bool_ ? 0 : isUnsigned(t) ? 1 : isFloat(t) ? 3 : isComplex(t) ? 4 : 2;
  };
  return kind(from) <= kind(to);
}

namespace {
DType wider(DType a, DType b) { return dtype_size(a) >= dtype_size(b) ? a : b; }
} // namespace

DType promoteTypes(DType a, DType b) {
  if (a == b)
    return a;
  if (a == DType::bool_)
    return b;
  if (b == DType::bool_)
    return a;
  if (isComplex(a) || isComplex(b)) // the complex type of the parts' promotion
    return complexOf(promoteTypes(isComplex(a) ? partOf(a) : a, isComplex(b) ? partOf(b) : b));
  bool fa = isFloat(a), fb = isFloat(b);
  if (fa && fb)
    return wider(a, b);
  if (fa || fb) { // an integer with a float: the float that holds both
    DType f = fa ? a : b, i = fa ? b : a;
    return wider(f, floatFor(i));
  }
  bool ua = isUnsigned(a), ub = isUnsigned(b);
  if (ua == ub)
    return wider(a, b);
  // Signed with unsigned: a signed type wider than the unsigned one holds
  // both; past 64 bits NumPy gives float64.
  DType s = ua ? b : a, u = ua ? a : b;
  if (dtype_size(s) > dtype_size(u))
    return s;
  return dtype_size(u) == 8 ? DType::f64 : integerType(2 * dtype_size(u), false);
}

DType promoteWithScalar(DType t, Scalar::Kind scalar) {
  switch (scalar) {
  case Scalar::Kind::boolean:
    return t;
  case Scalar::Kind::integer:
    return t == DType::bool_ ? DType::i64 : t;
  case Scalar::Kind::floating:
    return isInexact(t) ? t : DType::f64;
  case Scalar::Kind::complex: // (float16 and float32 arrays: complex64)
    return isComplex(t) ? t : isFloat(t) ? complexOf(t) : DType::c128;
  }
  return t;
}

bool holds(DType t, const Scalar &s) {
  if (!isInteger(t) || s.kind != Scalar::Kind::integer)
    return true;
  if (s.above_int64)
    return t == DType::u64;
  int64_t bits = 8 * dtype_size(t);
  if (isUnsigned(t))
    return s.i >= 0 && (bits == 64 || s.i < (int64_t(1) << bits));
  return bits == 64 || (s.i >= -(int64_t(1) << (bits - 1)) && s.i < (int64_t(1) << (bits - 1)));
}

Scalar largestOf(DType t) {
  if (t == DType::u64)
    return Scalar(std::numeric_limits<uint64_t>::max());
  int64_t bits = 8 * dtype_size(t) - (isUnsigned(t) ? 0 : 1);
  return Scalar(bits == 63 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << bits) - 1);
}

DType sumType(DType t) {
  if (isInexact(t))
    return t;
  return isUnsigned(t) ? DType::u64 : DType::i64;
}

Shape broadcastShapes(const char *op, const Shape &a, const Shape &b) {
  size_t rank = std::max(a.size(), b.size());
  Shape out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t x = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t y = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (x != y && x != 1 && y != 1)
      throw Error(std::string("legato.") + op +
                  ": operands could not be broadcast together with shapes " +
                  shapeString(a) + " " + shapeString(b) +
                  "; trailing dimensions must be equal or 1");
    out[i] = x == 1 ? y : x;
  }
  return out;
}

void checkBroadcastTo(const char *op, const Shape &from, const Shape &to) {
  bool ok = from.size() <= to.size();
  for (size_t i = 0; ok && i < from.size(); ++i) {
    int64_t x = from[i], y = to[to.size() - from.size() + i];
    ok = x == y || x == 1;
  }
  for (int64_t d : to)
    ok = ok && d >= 0;
  if (!ok)
    throw Error(std::string("legato.") + op + ": cannot broadcast an array of shape " +
                shapeString(from) + " to shape " + shapeString(to) +
                "; each trailing dimension must be equal or 1");
}

} // namespace legato::detail

//===- Promotion.cpp - NumPy's type promotion and broadcasting --------------===//
#include "API/Promotion.h"

#include "API/Engine.h"

namespace legato::detail {

bool isFloat(DType t) { return t == DType::f32 || t == DType::f64; }

DType promoteTypes(DType a, DType b) {
  if (a == b)
    return a;
  if (a == DType::bool_)
    return b;
  if (b == DType::bool_)
    return a;
  bool fa = isFloat(a), fb = isFloat(b);
  if (fa && fb)
    return DType::f64;
  if (!fa && !fb)
    return DType::i64; // i32 with i64
  // Integer with float: float32 cannot hold every int32, so NumPy uses f64.
  return DType::f64;
}

DType promoteWithScalar(DType t, Scalar::Kind scalar) {
  switch (scalar) {
  case Scalar::Kind::boolean:
    return t;
  case Scalar::Kind::integer:
    return t == DType::bool_ ? DType::i64 : t;
  case Scalar::Kind::floating:
    return isFloat(t) ? t : DType::f64;
  }
  return t;
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

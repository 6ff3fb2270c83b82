//===- InPlace.cpp - a += b, a[{...}] *= b, a[indices] -= b ------------------===//
//
// NumPy's in-place operators: the operation as usual, then a write into the
// target's storage. NumPy computes into the target (`out=`), so the result
// must keep the target's shape and cast to its dtype by the same_kind rule:
// bool to int to float, and within a kind, but never back down a kind.
// `a[indices] op= b` is Python's `a[indices] = a[indices] op b`.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/Ops.h"
#include "API/Promotion.h"

#include <string>

namespace legato {
using namespace detail;

namespace {

/// `result` (= target op operand), checked against NumPy's rules for
/// writing it into `target`. Errors name the ufunc and the operator.
Array intoTarget(const char *op, const Array &target, const Array &result,
                 const Shape &operandShape) {
  if (!castsSameKind(result.dtype(), target.dtype()))
    throw TypeError(std::string("legato.") + op + ": the result is " + dtype_name(result.dtype()) +
                    ", which NumPy's same_kind rule does not cast into the array's " +
                    dtype_name(target.dtype()) + " (shape " + shapeString(target.shape()) +
                    "); write the result to a new array (a = a op b), or convert the operand");
  if (result.shape() != target.shape())
    throw Error(std::string("legato.") + op + ": the operand (shape " + shapeString(operandShape) +
                ") broadcasts the array (shape " + shapeString(target.shape()) + ") to " +
                shapeString(result.shape()) +
                ", but the result is written into the array, whose shape stays");
  return result;
}

} // namespace

#define LEGATO_IN_PLACE(OP, NAME)                                                                  \
  Array &Array::operator OP##=(const Array &b) {                                                   \
    assignWhole(impl_, valueOf(intoTarget(NAME, *this, *this OP b, b.shape())));                   \
    return *this;                                                                                  \
  }                                                                                                \
  Array &Array::operator OP##=(Scalar b) {                                                         \
    assignWhole(impl_, valueOf(intoTarget(NAME, *this, *this OP b, Shape{})));                     \
    return *this;                                                                                  \
  }                                                                                                \
  Selection &Selection::operator OP##=(const Array &b) {                                           \
    Array current = *this;                                                                         \
    return *this = intoTarget(NAME, current, current OP b, b.shape());                             \
  }                                                                                                \
  Selection &Selection::operator OP##=(Scalar b) {                                                 \
    Array current = *this;                                                                         \
    return *this = intoTarget(NAME, current, current OP b, Shape{});                               \
  }

LEGATO_IN_PLACE(+, "add (+=)")
LEGATO_IN_PLACE(-, "subtract (-=)")
LEGATO_IN_PLACE(*, "multiply (*=)")
LEGATO_IN_PLACE(/, "divide (/=)")
LEGATO_IN_PLACE(%, "remainder (%=)")
#undef LEGATO_IN_PLACE

} // namespace legato

//===- Products.cpp - NumPy's tensor products from GEMMs and broadcasts ----===//
//
// tensordot, inner, vdot and dot of stacks move the contracted axes
// together and flatten both sides into one GEMM, as NumPy does; matmul of
// stacks is einsum's "...ij,...jk->...ik"; kron and cross are broadcast products that fuse into
// one kernel. All are compositions of the public primitives, placed over
// ranks like any other ops.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/Ops.h"
#include "API/Promotion.h"

#include <algorithm>

namespace legato {
using namespace detail;

namespace {

[[noreturn]] void mismatch(const char *op, const Array &a, const Array &b, const std::string &why) {
  throw Error(std::string("legato.") + op + ": shapes " + shapeString(a.shape()) + " and " +
              shapeString(b.shape()) + " do not fit: " + why);
}

int64_t extentProduct(const Shape &shape, const std::vector<int64_t> &axes) {
  int64_t n = 1;
  for (int64_t d : axes)
    n *= shape[size_t(d)];
  return n;
}

/// The axes of a rank-`rank` array that `contracted` does not name, in order.
std::vector<int64_t> freeAxes(int64_t rank, const std::vector<int64_t> &contracted) {
  std::vector<int64_t> free;
  for (int64_t d = 0; d < rank; ++d)
    if (std::find(contracted.begin(), contracted.end(), d) == contracted.end())
      free.push_back(d);
  return free;
}

/// The broadcast of `x` and `y`, the leading axes of a's and b's stacks of
/// matrices or vectors.
Shape broadcastLeading(const char *op, const Array &a, const Array &b, const Shape &x,
                       const Shape &y) {
  try {
    return broadcastShapes(op, x, y);
  } catch (const Error &) {
    mismatch(op, a, b,
             "their leading axes " + shapeString(x) + " and " + shapeString(y) +
                 " do not broadcast; each pair must be equal or contain a 1");
  }
}

Shape allButLast(const Shape &shape) { return Shape(shape.begin(), shape.end() - 1); }

/// x[..., i]: component i of the vectors along x's last axis.
Array lastAxisAt(const Array &x, int64_t i) {
  std::vector<Index> at(size_t(x.ndim() - 1), all);
  at.push_back(i);
  return x[at];
}

} // namespace

Array detail::matmulOfStacks(const Array &a, const Array &b) {
  if (a.ndim() == 0 || b.ndim() == 0)
    mismatch("matmul", a, b, "operands must be at least 1-D (use * for scalars)");
  // NumPy: a 1-D first operand is a row, a 1-D second one a column, each
  // axis removed from the result; the axes before the matrices broadcast.
  bool row = a.ndim() == 1, column = b.ndim() == 1;
  Array x = row ? reshape(a, {1, a.size()}) : a, y = column ? reshape(b, {b.size(), 1}) : b;
  const Shape &xs = x.shape(), &ys = y.shape();
  int64_t k = xs.back();
  if (ys[ys.size() - 2] != k)
    mismatch("matmul", a, b,
             "inner dimensions differ (" + std::to_string(k) + " vs " +
                 std::to_string(ys[ys.size() - 2]) +
                 "); the last axis of the first operand must match the second-to-last of the "
                 "second");
  broadcastLeading("matmul", a, b, Shape(xs.begin(), xs.end() - 2),
                   Shape(ys.begin(), ys.end() - 2));
  // einsum's contraction: one GEMM where one side is a single matrix (no
  // stack axis on both sides), else the products summed in one fused
  // kernel; NumPy's result type (bool: OR of ANDs).
  Array r = einsum("...ij,...jk->...ik", {x, y});
  Shape out = r.shape();
  if (row)
    out.erase(out.end() - 2);
  if (column)
    out.erase(out.end() - 1);
  return reshape(r, out);
}

Array detail::dotOfStacks(const Array &a, const Array &b) {
  // NumPy's dot: the last axis of a against the second-to-last of b (its
  // only one when 1-D); a's other axes, then b's.
  int64_t axisB = b.ndim() >= 2 ? b.ndim() - 2 : 0;
  if (a.shape().back() != b.shape()[size_t(axisB)])
    mismatch("dot", a, b,
             "the last axis of the first has " + std::to_string(a.shape().back()) +
                 " elements, the second-to-last of the second " +
                 std::to_string(b.shape()[size_t(axisB)]) + "; they must be equal");
  return tensordot(a, b, {a.ndim() - 1}, {axisB});
}

Array tensordot(const Array &a, const Array &b, const std::vector<int64_t> &axesA,
                const std::vector<int64_t> &axesB) {
  if (axesA.size() != axesB.size())
    mismatch("tensordot", a, b,
             std::to_string(axesA.size()) + " axes of the first array paired with " +
                 std::to_string(axesB.size()) + " of the second; give as many of each");
  std::vector<int64_t> ca, cb;
  for (size_t i = 0; i < axesA.size(); ++i) {
    ca.push_back(normalizeAxis("tensordot", axesA[i], a.shape(), a.ndim()));
    cb.push_back(normalizeAxis("tensordot", axesB[i], b.shape(), b.ndim()));
    if (std::count(ca.begin(), ca.end(), ca.back()) > 1 ||
        std::count(cb.begin(), cb.end(), cb.back()) > 1)
      mismatch("tensordot", a, b, "an axis is contracted twice; name each axis once");
    if (a.shape()[size_t(ca.back())] != b.shape()[size_t(cb.back())])
      mismatch("tensordot", a, b,
               "axis " + std::to_string(ca.back()) + " of the first has " +
                   std::to_string(a.shape()[size_t(ca.back())]) + " elements, axis " +
                   std::to_string(cb.back()) + " of the second " +
                   std::to_string(b.shape()[size_t(cb.back())]) +
                   "; contracted axes must have equal lengths");
  }
  // a as (free, contracted), b as (contracted, free): one GEMM.
  std::vector<int64_t> fa = freeAxes(a.ndim(), ca), fb = freeAxes(b.ndim(), cb);
  std::vector<int64_t> permA = fa, permB = cb;
  permA.insert(permA.end(), ca.begin(), ca.end());
  permB.insert(permB.end(), fb.begin(), fb.end());
  int64_t m = extentProduct(a.shape(), fa), k = extentProduct(a.shape(), ca),
          n = extentProduct(b.shape(), fb);
  Array product =
      matmul(reshape(transpose(a, permA), {m, k}), reshape(transpose(b, permB), {k, n}));
  Shape shape;
  for (int64_t d : fa)
    shape.push_back(a.shape()[size_t(d)]);
  for (int64_t d : fb)
    shape.push_back(b.shape()[size_t(d)]);
  return reshape(product, shape);
}

Array tensordot(const Array &a, const Array &b, int64_t axes) {
  if (axes < 0 || axes > a.ndim() || axes > b.ndim()) // (NumPy: IndexError)
    throw IndexError("legato.tensordot: shapes " + shapeString(a.shape()) + " and " +
                     shapeString(b.shape()) + " do not fit: cannot contract the last " +
                     std::to_string(axes) + " axes of the first with the first " +
                     std::to_string(axes) + " of the second; pass 0 to min(ndim) axes");
  std::vector<int64_t> axesA, axesB;
  for (int64_t i = 0; i < axes; ++i) {
    axesA.push_back(a.ndim() - axes + i);
    axesB.push_back(i);
  }
  return tensordot(a, b, axesA, axesB);
}

Array inner(const Array &a, const Array &b) {
  if (a.ndim() == 0 || b.ndim() == 0)
    return a * b;
  if (a.shape().back() != b.shape().back())
    mismatch("inner", a, b, "their last axes must have equal lengths");
  // NumPy: a's leading axes, then b's.
  return tensordot(a, b, {a.ndim() - 1}, {b.ndim() - 1});
}

Array vdot(const Array &a, const Array &b) {
  if (a.size() != b.size())
    mismatch("vdot", a, b,
             std::to_string(a.size()) + " and " + std::to_string(b.size()) +
                 " elements; both arrays are flattened and must have as many");
  return dot(reshape(a, {a.size()}), reshape(b, {b.size()}));
}

Array kron(const Array &a, const Array &b) {
  // Both to one rank (ones in front), then a[i] * b[k] at (i, k) of each
  // pair of axes, merged: out[i * nb + k] along every axis.
  int64_t rank = std::max(a.ndim(), b.ndim());
  Shape sa(size_t(rank - a.ndim()), 1), sb(size_t(rank - b.ndim()), 1);
  sa.insert(sa.end(), a.shape().begin(), a.shape().end());
  sb.insert(sb.end(), b.shape().begin(), b.shape().end());
  Shape spreadA, spreadB, out;
  for (size_t d = 0; d < size_t(rank); ++d) {
    spreadA.insert(spreadA.end(), {sa[d], 1});
    spreadB.insert(spreadB.end(), {1, sb[d]});
    out.push_back(axisProduct("kron", sa[d], sb[d], a.shape()));
  }
  checkArraySize("kron", out, promoteTypes(a.dtype(), b.dtype()));
  return reshape(reshape(a, spreadA) * reshape(b, spreadB), out);
}

Array cross(const Array &a, const Array &b, int64_t axis) {
  if (a.ndim() == 0 || b.ndim() == 0)
    mismatch("cross", a, b, "0-d arrays hold no vectors");
  Array u = moveaxis(a, normalizeAxis("cross", axis, a.shape(), a.ndim()), -1);
  Array v = moveaxis(b, normalizeAxis("cross", axis, b.shape(), b.ndim()), -1);
  int64_t nu = u.shape().back(), nv = v.shape().back();
  if ((nu != 2 && nu != 3) || (nv != 2 && nv != 3))
    mismatch("cross", a, b,
             "the vectors along axis " + std::to_string(axis) + " have " + std::to_string(nu) +
                 " and " + std::to_string(nv) + " components; cross needs 2 or 3");
  Shape lead = broadcastLeading("cross", a, b, allButLast(u.shape()), allButLast(v.shape()));
  auto component = [&lead](const Array &x, int64_t i) -> Array {
    return broadcast_to(lastAxisAt(x, i), lead);
  };
  Array u0 = component(u, 0), u1 = component(u, 1), v0 = component(v, 0), v1 = component(v, 1);
  Array z = u0 * v1 - u1 * v0;
  if (nu == 2 && nv == 2)
    return z; // NumPy: the z component alone
  // A missing third component is 0: its products vanish.
  Array x = nu == 3 && nv == 3 ? u1 * component(v, 2) - component(u, 2) * v1
            : nu == 3          ? -(component(u, 2) * v1)
                               : u1 * component(v, 2);
  Array y = nu == 3 && nv == 3 ? component(u, 2) * v0 - u0 * component(v, 2)
            : nu == 3          ? component(u, 2) * v0
                               : -(u0 * component(v, 2));
  Array result = stack({x, y, z}, -1);
  int64_t rankOut = result.ndim();
  return moveaxis(result, -1, normalizeAxis("cross", axis, result.shape(), rankOut));
}

} // namespace legato

//===- Linalg.cpp - np.linalg over the legato.lapack primitive ------------===//
//
// Each routine records one `legato.lapack` node (its kinds and packed
// result layouts: LegatoOps.td); functions with several results take the
// packed one apart with slices and reshapes, which fuse with what reads
// them. What NumPy builds from the routines (inv, det, pinv, matrix_rank,
// cond, lstsq, matrix_power) is built here the same way, so the values
// agree with NumPy's to rounding.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/Ops.h"
#include "API/Promotion.h"
#include "Dialect/Legato/IR/LegatoDialect.h"

#include <cfloat>
#include <cmath>
#include <string>

namespace legato::linalg {
using namespace legato::detail;
using mlir::legato::LapackKind;

namespace {

[[noreturn]] void refuse(const char *op, const Array &a, const std::string &why) {
  throw LinAlgError(std::string("np.linalg.") + op + ": " + why + " (array of shape " +
                    shapeString(a.shape()) + ")");
}

/// The dtype LAPACK computes `a` in: float32, float64 and complex as they
/// are, integers and bool in float64; float16 is NumPy's TypeError.
DType lapackType(const char *op, DType t) {
  if (t == f16)
    throw TypeError(std::string("np.linalg.") + op +
                    ": array type float16 is unsupported in linalg (LAPACK has no half "
                    "precision); convert it with astype(float32)");
  return isInexact(t) ? t : f64;
}

/// `a` as a stack of matrices (square ones where `square`), in its LAPACK
/// dtype; NumPy's LinAlgError otherwise.
Array stackOf(const char *op, const Array &a, bool square) {
  if (a.ndim() < 2)
    refuse(op, a,
           std::to_string(a.ndim()) +
               "-dimensional array given. Array must be at least two-dimensional");
  if (square && a.shape()[a.shape().size() - 1] != a.shape()[a.shape().size() - 2])
    refuse(op, a, "Last 2 dimensions of the array must be square");
  return astype(a, lapackType(op, a.dtype()));
}

int64_t rows(const Array &a) { return a.shape()[a.shape().size() - 2]; }
int64_t cols(const Array &a) { return a.shape().back(); }
Shape batchOf(const Array &a) { return Shape(a.shape().begin(), a.shape().end() - 2); }

/// One legato.lapack node of the operands (of one dtype, stacks of equal
/// batch shape).
Array lapack(LapackKind kind, const std::vector<Array> &operands, bool vectors = false,
             bool full = false, bool upper = false) {
  const Shape &a = operands[0].shape();
  Shape b = operands.size() > 1 ? operands[1].shape() : Shape{};
  llvm::SmallVector<int64_t> shape =
      mlir::legato::LapackOp::resultShape(kind, a, b, vectors, full);
  Operands nodes;
  for (const Array &x : operands)
    nodes.push_back(valueOf(x));
  int64_t flags = (vectors ? 1 : 0) | (full ? 2 : 0) | (upper ? 4 : 0);
  DType t = operands[0].dtype();
  if (kind == LapackKind::eig && !isComplex(t))
    t = complexOf(t); // (eig's values are complex)
  return wrap(makeNode(OpKind::Lapack, t, Shape(shape.begin(), shape.end()), std::move(nodes),
                       {flags}, 0, uint8_t(kind)));
}

/// Elements [begin, begin + count) of the packed last axis, as `shape` per
/// matrix (batch axes first).
Array part(const Array &packed, int64_t begin, int64_t count, const Shape &shape) {
  Shape batch(packed.shape().begin(), packed.shape().end() - 1);
  std::vector<int64_t> ints(batch.size() + 1, 0);
  ints.back() = begin;
  ints.resize(2 * ints.size(), 1);
  Shape sliced = batch;
  sliced.push_back(count);
  Array piece = wrap(makeNode(OpKind::Slice, packed.dtype(), sliced, {valueOf(packed)}, ints));
  Shape out = batch;
  out.insert(out.end(), shape.begin(), shape.end());
  return reshape(piece, out);
}

/// A real quantity (eigen or singular values) that the routine packed
/// beside complex ones.
Array realPart(const Array &a) { return isComplex(a.dtype()) ? real(a) : a; }

/// The real type of `t`'s values (a complex type's parts).
DType realOf(DType t) { return isComplex(t) ? partOf(t) : t; }

double epsilonOf(DType t) { return realOf(t) == f32 ? double(FLT_EPSILON) : DBL_EPSILON; }

/// a^H of every matrix of a stack.
Array conjugateTranspose(const Array &a) {
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < a.ndim(); ++d)
    perm.push_back(d);
  std::swap(perm[perm.size() - 1], perm[perm.size() - 2]);
  Array t = transpose(a, perm);
  return isComplex(a.dtype()) ? conj(t) : t;
}

/// The identity, one per matrix of `batch`.
Array identities(const Shape &batch, int64_t n, DType dtype) {
  Shape shape = batch;
  shape.push_back(n);
  shape.push_back(n);
  return broadcast_to(eye(n, dtype), shape);
}

} // namespace

Array solve(const Array &a, const Array &b) {
  Array x = stackOf("solve", a, true);
  if (b.ndim() == 0)
    refuse("solve", b, "the right-hand side must be at least 1-D");
  int64_t n = cols(x);
  // NumPy 2: a 1-D b is one vector for every matrix, else a stack of [n, k].
  bool vector = b.ndim() == 1;
  Array y = vector ? reshape(b, {b.size(), 1}) : b;
  if (rows(y) != n)
    throw Error("np.linalg.solve: a of shape " + shapeString(a.shape()) + " and b of shape " +
                shapeString(b.shape()) + ": b must have " + std::to_string(n) +
                " rows (a vector of " + std::to_string(n) + " or a stack of [" +
                std::to_string(n) + ", k] matrices)");
  Shape batch = broadcastShapes("linalg.solve", batchOf(x), batchOf(y));
  DType t = lapackType("solve", promoteTypes(x.dtype(), b.dtype()));
  Shape as = batch, bs = batch;
  as.insert(as.end(), {n, n});
  bs.insert(bs.end(), {n, cols(y)});
  Array r = lapack(LapackKind::solve, {broadcast_to(astype(x, t), as), broadcast_to(astype(y, t), bs)});
  if (!vector)
    return r;
  Shape out = batch;
  out.push_back(n);
  return reshape(r, out);
}

Array inv(const Array &a) {
  Array x = stackOf("inv", a, true);
  CompositeScope scope;
  return scope.close(solve(x, identities(batchOf(x), cols(x), x.dtype())));
}

SlogdetResult slogdet(const Array &a) {
  Array x = stackOf("slogdet", a, true);
  Array packed = lapack(LapackKind::slogdet, {x});
  return {part(packed, 0, 1, {}), realPart(part(packed, 1, 1, {}))};
}

Array det(const Array &a) {
  Array x = stackOf("det", a, true);
  CompositeScope scope;
  SlogdetResult s = slogdet(x);
  // NumPy's det is sign * exp(logabsdet) from the same factorization.
  Array magnitude = exp(s.logabsdet);
  return scope.close(s.sign * (isComplex(x.dtype()) ? astype(magnitude, x.dtype()) : magnitude));
}

Array cholesky(const Array &a, bool upper) {
  return lapack(LapackKind::cholesky, {stackOf("cholesky", a, true)}, false, false, upper);
}

EighResult eigh(const Array &a, bool upper) {
  Array x = stackOf("eigh", a, true);
  int64_t n = cols(x);
  Array packed = lapack(LapackKind::eigh, {x}, true, false, upper);
  return {realPart(part(packed, 0, n, {n})), part(packed, n, n * n, {n, n})};
}

Array eigvalsh(const Array &a, bool upper) {
  Array x = stackOf("eigvalsh", a, true);
  return realPart(lapack(LapackKind::eigh, {x}, false, false, upper));
}

EigResult eig(const Array &a) {
  Array x = stackOf("eig", a, true);
  int64_t n = cols(x);
  Array packed = lapack(LapackKind::eig, {x}, true);
  return {part(packed, 0, n, {n}), part(packed, n, n * n, {n, n})};
}

Array eigvals(const Array &a) { return lapack(LapackKind::eig, {stackOf("eigvals", a, true)}); }

SVDResult svd(const Array &a, bool full_matrices) {
  Array x = stackOf("svd", a, false);
  int64_t m = rows(x), n = cols(x), k = std::min(m, n);
  int64_t uc = full_matrices ? m : k, vr = full_matrices ? n : k;
  Array packed = lapack(LapackKind::svd, {x}, true, full_matrices);
  return {part(packed, k, m * uc, {m, uc}), realPart(part(packed, 0, k, {k})),
          part(packed, k + m * uc, vr * n, {vr, n})};
}

Array svdvals(const Array &a) {
  return realPart(lapack(LapackKind::svd, {stackOf("svdvals", a, false)}));
}

QRResult qr(const Array &a, QRMode mode) {
  Array x = stackOf("qr", a, false);
  int64_t m = rows(x), n = cols(x), k = std::min(m, n);
  bool full = mode == QRMode::complete, vectors = mode != QRMode::r;
  int64_t rr = full ? m : k, qc = full ? m : k;
  Array packed = lapack(LapackKind::qr, {x}, vectors, full);
  Array r = part(packed, 0, rr * n, {rr, n});
  if (!vectors)
    return {Array(), r};
  return {part(packed, rr * n, m * qc, {m, qc}), r};
}

Array pinv(const Array &a, double rcond, bool hermitian) {
  (void)hermitian; // the SVD serves Hermitian matrices as well
  Array x = stackOf("pinv", a, false);
  int64_t m = rows(x), n = cols(x);
  Shape out = batchOf(x);
  out.insert(out.end(), {n, m});
  if (m == 0 || n == 0)
    return zeros(out, x.dtype());
  CompositeScope scope;
  SVDResult usv = svd(x, false);
  // Singular values at most rcond * the largest count as zero (NumPy's).
  Array largest = max(usv.S, {-1}, true);
  Array keep = usv.S > largest * rcond;
  Array inverse = where(keep, 1.0 / where(keep, usv.S, 1.0), 0.0);
  if (isComplex(x.dtype()))
    inverse = astype(inverse, x.dtype());
  Shape column = inverse.shape();
  column.push_back(1);
  // V diag(1/s) U^H with V = Vh^H.
  return scope.close(
      matmul(conjugateTranspose(usv.Vh), reshape(inverse, column) * conjugateTranspose(usv.U)));
}

Array matrix_rank(const Array &a, std::optional<double> tol, bool hermitian) {
  (void)hermitian;
  if (a.ndim() < 2) // NumPy: a vector or a number has rank 1 unless all zero
    return astype(any(a != 0), i64);
  Array x = stackOf("matrix_rank", a, false);
  CompositeScope scope;
  Array s = svdvals(x);
  Array bound = tol ? full({}, *tol, s.dtype())
                    : max(s, {-1}, true) *
                          (double(std::max(rows(x), cols(x))) * epsilonOf(s.dtype()));
  return scope.close(count_nonzero(s > bound, {-1}));
}

Array cond(const Array &a) {
  Array x = stackOf("cond", a, true);
  CompositeScope scope;
  Array s = svdvals(x);
  int64_t k = s.shape().back();
  return scope.close(part(s, 0, 1, {}) / part(s, k - 1, 1, {}));
}

LstsqResult lstsq(const Array &a, const Array &b, std::optional<double> rcond) {
  if (a.ndim() != 2)
    refuse("lstsq", a, std::to_string(a.ndim()) + "-dimensional array given. Array must be "
                       "two-dimensional");
  if (b.ndim() < 1 || b.ndim() > 2)
    refuse("lstsq", b, "b must be 1-D or 2-D");
  int64_t m = rows(a), n = cols(a);
  if (b.shape()[0] != m)
    refuse("lstsq", b, "Incompatible dimensions: a has " + std::to_string(m) + " rows");
  DType t = lapackType("lstsq", promoteTypes(a.dtype(), b.dtype()));
  Array x2 = astype(a, t), y = astype(b.ndim() == 1 ? reshape(b, {m, 1}) : b, t);
  double cutoff = rcond ? *rcond : epsilonOf(t) * double(std::max(m, n));
  // x = V diag(1/s) U^H b over the singular values above cutoff * s_max.
  SVDResult usv = svd(x2, false);
  Array keep = usv.S > max(usv.S, {}, true) * cutoff;
  Array inverse = where(keep, 1.0 / where(keep, usv.S, 1.0), 0.0);
  if (isComplex(t))
    inverse = astype(inverse, t);
  Array coefficients = matmul(conjugateTranspose(usv.U), y);
  Array x = matmul(conjugateTranspose(usv.Vh), reshape(inverse, {inverse.size(), 1}) * coefficients);
  Array rank = astype(count_nonzero(keep), i32); // (LAPACK's integer, as NumPy's)
  // NumPy: residuals only for a full-rank, overdetermined system (a host
  // read of the rank, as NumPy's own).
  Array residuals = zeros({0}, realOf(t));
  if (m > n && rank.item<int64_t>() == n) {
    Array r = y - matmul(x2, x);
    Array magnitude = isComplex(t) ? abs(r) : r;
    residuals = sum(magnitude * magnitude, {0});
  }
  if (b.ndim() == 1)
    x = reshape(x, {n});
  return {x, residuals, rank, usv.S};
}

Array matrix_power(const Array &a, int64_t n) {
  if (a.ndim() < 2)
    refuse("matrix_power", a, std::to_string(a.ndim()) +
                                  "-dimensional array given. Array must be at least "
                                  "two-dimensional");
  if (rows(a) != cols(a))
    refuse("matrix_power", a, "Last 2 dimensions of the array must be square");
  CompositeScope scope;
  if (n == 0)
    return scope.close(identities(batchOf(a), cols(a), a.dtype()).copy());
  Array base = n < 0 ? inv(a) : a;
  uint64_t e = n < 0 ? uint64_t(0) - uint64_t(n) : uint64_t(n);
  std::optional<Array> result;
  while (e) {
    if (e & 1)
      result = result ? matmul(*result, base) : base;
    e >>= 1;
    if (e)
      base = matmul(base, base);
  }
  return scope.close(*result);
}

} // namespace legato::linalg

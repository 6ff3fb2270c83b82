//===- Fft.cpp - np.fft over the legato.fft primitive ---------------------===//
//
// Each 1-D transform records one `legato.fft` node along its axis; the
// input's truncation or zero padding to n points (a slice or a pad) and the
// normalization (a multiply) are ordinary ops that fuse with what is around
// them. The n-dimensional transforms are 1-D ones axis after axis, in
// NumPy's order, so that values agree with NumPy's to rounding.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/Ops.h"
#include "API/Promotion.h"
#include "Dialect/Legato/IR/LegatoDialect.h"

#include <cmath>
#include <string>

namespace legato::fft {
using namespace legato::detail;
using mlir::legato::FftKind;

namespace {

std::string name(const char *op) { return std::string("np.fft.") + op; }

/// The complex dtype a transform computes `t` in: complex types as they
/// are, float32 and float16 in complex64 (NumPy 2), the rest in complex128.
DType complexFor(DType t) {
  if (isComplex(t))
    return t;
  return t == f32 || t == f16 ? c64 : c128;
}

/// The real dtype of a real transform's input.
DType realFor(const char *op, DType t) {
  if (isComplex(t))
    throw TypeError(name(op) + ": input must be real, not " + dtype_name(t) +
                    " (take its .real, or use np.fft.fft for complex input)");
  return t == f32 || t == f16 ? f32 : f64;
}

/// NumPy's check of a transform length.
void checkPoints(int64_t n) {
  if (n < 1)
    throw Error("Invalid number of FFT data points (" + std::to_string(n) + ") specified.");
}

/// `a` truncated or zero-padded at the end of `axis` to `n` elements.
Array resized(const Array &a, int64_t axis, int64_t n) {
  int64_t length = a.shape()[size_t(axis)];
  if (n == length)
    return a;
  if (n > length) {
    std::vector<std::pair<int64_t, int64_t>> widths(size_t(a.ndim()), {0, 0});
    widths[size_t(axis)].second = n - length;
    return pad(a, widths);
  }
  Shape shape = a.shape();
  shape[size_t(axis)] = n;
  std::vector<int64_t> ints(size_t(2 * a.ndim()), 0);
  std::fill(ints.begin() + a.ndim(), ints.end(), 1);
  return wrap(makeNode(OpKind::Slice, a.dtype(), shape, {valueOf(a)}, ints));
}

/// One legato.fft node: `kind` along `axis` of `a` (already of the
/// transform's input dtype and length), giving `length` points along it.
Array transform(FftKind kind, const Array &a, int64_t axis, int64_t length, DType result) {
  Shape shape = a.shape();
  shape[size_t(axis)] = length;
  checkArraySize("np.fft", shape, result);
  return wrap(makeNode(OpKind::Fft, result, shape, {valueOf(a)}, {axis}, 0, uint8_t(kind)));
}

/// The factor a transform of n points is scaled by (`inverse`: the inverse
/// direction's).
double scale(Norm norm, int64_t n, bool inverse) {
  switch (norm) {
  case Norm::backward: return inverse ? 1.0 / double(n) : 1.0;
  case Norm::ortho: return 1.0 / std::sqrt(double(n));
  case Norm::forward: return inverse ? 1.0 : 1.0 / double(n);
  }
  return 1.0;
}

Array scaled(const Array &a, Norm norm, int64_t n, bool inverse) {
  double f = scale(norm, n, inverse);
  return f == 1.0 ? a : a * Scalar(f);
}

/// The other direction's normalization (hfft is an irfft of the
/// conjugate with it).
Norm swapped(Norm norm) {
  return norm == Norm::backward ? Norm::forward
         : norm == Norm::forward ? Norm::backward
                                 : Norm::ortho;
}

Array complexTransform(const char *op, const Array &a, int64_t n, int64_t axis, Norm norm,
                       bool inverse) {
  int64_t d = normalizeAxis(name(op).c_str(), axis, a.shape(), a.ndim());
  if (n == -1)
    n = a.shape()[size_t(d)];
  checkPoints(n);
  DType t = complexFor(a.dtype());
  Array in = resized(astype(a, t), d, n);
  Array y = transform(inverse ? FftKind::inverse : FftKind::forward, in, d, n, t);
  return scaled(y, norm, n, inverse);
}

Array realForward(const char *op, const Array &a, int64_t n, int64_t axis, Norm norm) {
  int64_t d = normalizeAxis(name(op).c_str(), axis, a.shape(), a.ndim());
  if (n == -1)
    n = a.shape()[size_t(d)];
  checkPoints(n);
  DType t = realFor(op, a.dtype());
  Array in = resized(astype(a, t), d, n);
  return scaled(transform(FftKind::real_forward, in, d, n / 2 + 1, complexOf(t)), norm, n,
                false);
}

Array realInverse(const char *op, const Array &a, int64_t n, int64_t axis, Norm norm) {
  int64_t d = normalizeAxis(name(op).c_str(), axis, a.shape(), a.ndim());
  if (n == -1)
    n = 2 * (a.shape()[size_t(d)] - 1);
  checkPoints(n);
  DType t = complexFor(a.dtype());
  Array in = resized(astype(a, t), d, n / 2 + 1);
  Array y = scaled(transform(FftKind::real_inverse, in, d, n, partOf(t)), norm, n, true);
  // (NumPy 2: a real result of the input's real type, float16 too)
  return a.dtype() == f16 ? astype(y, f16) : y;
}

/// NumPy's _cook_nd_args: the lengths and axes of an n-dimensional
/// transform (`lastHalved`: irfftn, whose default last length is
/// 2 (m - 1)), axes in [0, ndim).
void cook(const char *op, const Array &a, std::vector<int64_t> &s,
          std::optional<std::vector<int64_t>> &axes, bool lastHalved) {
  bool given = !s.empty();
  if (!axes) {
    axes.emplace();
    int64_t count = given ? int64_t(s.size()) : a.ndim();
    if (count > a.ndim())
      throw Error(name(op) + ": s has " + std::to_string(count) +
                  " lengths for an array of shape " + shapeString(a.shape()) +
                  " (give axes, or at most one length per axis)");
    for (int64_t i = a.ndim() - count; i < a.ndim(); ++i)
      axes->push_back(i);
  }
  for (int64_t &axis : *axes)
    axis = normalizeAxis(name(op).c_str(), axis, a.shape(), a.ndim());
  if (!given) {
    for (int64_t axis : *axes)
      s.push_back(a.shape()[size_t(axis)]);
    if (lastHalved && !s.empty())
      s.back() = 2 * (s.back() - 1);
  } else if (s.size() != axes->size()) {
    throw Error(name(op) + ": Shape and axes have different lengths (" +
                std::to_string(s.size()) + " lengths, " + std::to_string(axes->size()) +
                " axes).");
  }
}

Array complexN(const char *op, const Array &a, std::vector<int64_t> s,
               std::optional<std::vector<int64_t>> axes, Norm norm, bool inverse) {
  cook(op, a, s, axes, false);
  Array y = a; // (no axes: `a` itself, as NumPy)
  for (size_t i = axes->size(); i-- > 0;)
    y = complexTransform(op, y, s[i], (*axes)[i], norm, inverse);
  return y;
}

} // namespace

Norm normFromString(const std::string &norm) {
  if (norm == "backward")
    return Norm::backward;
  if (norm == "ortho")
    return Norm::ortho;
  if (norm == "forward")
    return Norm::forward;
  throw Error("np.fft: Invalid norm value " + norm +
              "; should be \"backward\", \"ortho\" or \"forward\".");
}

Array fft(const Array &a, int64_t n, int64_t axis, Norm norm) {
  return complexTransform("fft", a, n, axis, norm, false);
}

Array ifft(const Array &a, int64_t n, int64_t axis, Norm norm) {
  return complexTransform("ifft", a, n, axis, norm, true);
}

Array rfft(const Array &a, int64_t n, int64_t axis, Norm norm) {
  return realForward("rfft", a, n, axis, norm);
}

Array irfft(const Array &a, int64_t n, int64_t axis, Norm norm) {
  return realInverse("irfft", a, n, axis, norm);
}

Array hfft(const Array &a, int64_t n, int64_t axis, Norm norm) {
  return realInverse("hfft", isComplex(a.dtype()) ? conj(a) : a, n, axis, swapped(norm));
}

Array ihfft(const Array &a, int64_t n, int64_t axis, Norm norm) {
  return conj(realForward("ihfft", a, n, axis, swapped(norm)));
}

Array fftn(const Array &a, std::vector<int64_t> s, std::optional<std::vector<int64_t>> axes,
           Norm norm) {
  return complexN("fftn", a, std::move(s), std::move(axes), norm, false);
}

Array ifftn(const Array &a, std::vector<int64_t> s, std::optional<std::vector<int64_t>> axes,
            Norm norm) {
  return complexN("ifftn", a, std::move(s), std::move(axes), norm, true);
}

Array rfftn(const Array &a, std::vector<int64_t> s, std::optional<std::vector<int64_t>> axes,
            Norm norm) {
  cook("rfftn", a, s, axes, false);
  if (axes->empty())
    throw Error("np.fft.rfftn: at least one axis must be transformed (array of shape " +
                shapeString(a.shape()) + ")");
  Array y = realForward("rfftn", a, s.back(), axes->back(), norm);
  for (size_t i = axes->size() - 1; i-- > 0;)
    y = complexTransform("rfftn", y, s[i], (*axes)[i], norm, false);
  return y;
}

Array irfftn(const Array &a, std::vector<int64_t> s, std::optional<std::vector<int64_t>> axes,
             Norm norm) {
  cook("irfftn", a, s, axes, true);
  if (axes->empty())
    throw Error("np.fft.irfftn: at least one axis must be transformed (array of shape " +
                shapeString(a.shape()) + ")");
  Array y = a;
  for (size_t i = 0; i + 1 < axes->size(); ++i)
    y = complexTransform("irfftn", y, s[i], (*axes)[i], norm, true);
  return realInverse("irfftn", y, s.back(), axes->back(), norm);
}

Array fft2(const Array &a, std::vector<int64_t> s, std::vector<int64_t> axes, Norm norm) {
  return fftn(a, std::move(s), std::move(axes), norm);
}

Array ifft2(const Array &a, std::vector<int64_t> s, std::vector<int64_t> axes, Norm norm) {
  return ifftn(a, std::move(s), std::move(axes), norm);
}

Array rfft2(const Array &a, std::vector<int64_t> s, std::vector<int64_t> axes, Norm norm) {
  return rfftn(a, std::move(s), std::move(axes), norm);
}

Array irfft2(const Array &a, std::vector<int64_t> s, std::vector<int64_t> axes, Norm norm) {
  return irfftn(a, std::move(s), std::move(axes), norm);
}

Array fftfreq(int64_t n, double d) {
  checkPoints(n);
  int64_t positive = (n - 1) / 2 + 1;
  Array k = concatenate({arange(positive, i64), arange(double(-(n / 2)), 0.0, 1.0, i64)});
  return astype(k, f64) * Scalar(1.0 / (double(n) * d));
}

Array rfftfreq(int64_t n, double d) {
  checkPoints(n);
  return astype(arange(n / 2 + 1, i64), f64) * Scalar(1.0 / (double(n) * d));
}

namespace {
Array shifted(const char *op, const Array &a, std::vector<int64_t> axes, bool inverse) {
  if (axes.empty())
    for (int64_t d = 0; d < a.ndim(); ++d)
      axes.push_back(d);
  std::vector<int64_t> shifts;
  for (int64_t &axis : axes) {
    axis = normalizeAxis(name(op).c_str(), axis, a.shape(), a.ndim());
    int64_t half = a.shape()[size_t(axis)] / 2;
    shifts.push_back(inverse ? -half : half);
  }
  return axes.empty() ? a : roll(a, shifts, axes);
}
} // namespace

Array fftshift(const Array &a, std::vector<int64_t> axes) {
  return shifted("fftshift", a, std::move(axes), false);
}

Array ifftshift(const Array &a, std::vector<int64_t> axes) {
  return shifted("ifftshift", a, std::move(axes), true);
}

} // namespace legato::fft

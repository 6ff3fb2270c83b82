//===- Histogram.cpp - np.histogram -----------------------------------------===//
//
// NumPy's algorithm for equal bins, elementwise: each value's bin is guessed
// from its distance to the first edge, in the edges' dtype, then moved down
// or up by one where the edges (np.linspace) say otherwise, so that every
// value lands in NumPy's bin. Given edges, a value's bin is found by a
// binary search among them. Values outside the range (NaN too) get no bin,
// which the scatter that adds them up skips.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/IndexArrays.h"
#include "API/Ops.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace legato {
using namespace detail;

namespace {

std::string interval(double first, double last) {
  return "[" + std::to_string(first) + ", " + std::to_string(last) + "]";
}

/// The outer edges: the range, else a's extremes (read on the host), else
/// [0, 1] for an empty array; an empty range widened by 0.5 either way.
std::pair<double, double> outerEdges(const Array &a,
                                     std::optional<std::pair<double, double>> range) {
  double first = 0, last = 1;
  if (range) {
    std::tie(first, last) = *range;
    if (first > last)
      throw Error("legato.histogram: the range " + interval(first, last) +
                  " must not start after it ends");
    if (!std::isfinite(first) || !std::isfinite(last))
      throw Error("legato.histogram: the range " + interval(first, last) + " is not finite");
  } else if (a.size() != 0) {
    if (engine().tracing)
      throw Error("legato.histogram: without a range, the edges are the extremes of the array "
                  "(shape " +
                  shapeString(a.shape()) +
                  "), which a traced (jit) function cannot read; pass a range");
    Array flat = a.reshape({a.size()}).astype(DType::f64);
    std::vector<double> extremes = stack({min(flat), max(flat)}).to_vector<double>();
    first = extremes[0];
    last = extremes[1];
    if (!std::isfinite(first) || !std::isfinite(last))
      throw Error("legato.histogram: the extremes of the array (shape " + shapeString(a.shape()) +
                  "), " + interval(first, last) +
                  ", are not finite; pass a range (NaN and inf fall outside it)");
  }
  if (first == last) {
    first -= 0.5;
    last += 0.5;
    if (!range && a.dtype() == DType::f32) { // (NumPy: float32 extremes, float32 arithmetic)
      first = double(float(first));
      last = double(float(last));
    }
  }
  return {first, last};
}

/// Checks the weights against the array they weigh.
void checkWeights(const Array &a, const std::optional<Array> &weights) {
  if (weights && weights->shape() != a.shape())
    throw Error("legato.histogram: the weights (shape " + shapeString(weights->shape()) +
                ") and the array (shape " + shapeString(a.shape()) + ") must have one shape");
  if (weights && weights->dtype() == DType::bool_)
    throw Error("legato.histogram: the weights (shape " + shapeString(weights->shape()) +
                ") must be numbers, not bool; convert them with astype");
}

/// Adds one (or the value's weight) into each value's bin; -1: none.
Array countInBins(const Array &bin, int64_t bins, const std::optional<Array> &weights) {
  int64_t n = bin.size();
  Array added = weights ? weights->reshape({n}).astype(DType::f64) : ones({n}, DType::i64);
  Array counts = scatter(zeros({bins}, added.dtype()), bin, added, 0, true);
  return counts.astype(weights ? weights->dtype() : DType::i64);
}

} // namespace

std::pair<Array, Array> histogram(const Array &a, int64_t bins,
                                  std::optional<std::pair<double, double>> range,
                                  const std::optional<Array> &weights) {
  if (bins < 1)
    throw Error("legato.histogram: bins must be positive, not " + std::to_string(bins));
  checkWeights(a, weights);
  auto [first, last] = outerEdges(a, range);
  DType edgeType = a.dtype() == DType::f32 ? DType::f32 : DType::f64;
  Array edges = linspace(first, last, bins + 1, edgeType);
  if (a.size() == 0)
    return {zeros({bins}, weights ? weights->dtype() : DType::i64), edges};
  Array v = a.reshape({a.size()}).astype(edgeType);
  // Compared in the values' dtype, as NumPy compares with a Python float.
  Array keep = logical_and(v >= first, v <= last);
  Array inside = where(keep, v, first); // (no NaN or inf to convert below)
  Array bin = ((inside - first) * (double(bins) / (last - first))).astype(DType::i64);
  bin = where(bin == bins, bins - 1, bin);
  // The guess may be one off near an edge: move it down or up as they say.
  Array below = take(edges, bin, std::nullopt, IndexMode::clip);
  bin = where(v < below, bin - 1, bin);
  Array above = take(edges, bin + 1, std::nullopt, IndexMode::clip);
  bin = where(logical_and(v >= above, bin != bins - 1), bin + 1, bin);
  bin = where(keep, bin, -1); // no bin: the scatter skips it
  return {countInBins(bin, bins, weights), edges};
}

std::pair<Array, Array> histogram(const Array &a, const Array &edges,
                                  const std::optional<Array> &weights) {
  if (edges.ndim() != 1)
    throw Error("legato.histogram: the bin edges (shape " + shapeString(edges.shape()) +
                ") must be 1-D; for equal bins pass their number");
  checkWeights(a, weights);
  int64_t bins = std::max<int64_t>(edges.size() - 1, 0); // (no edges: no bins, as NumPy)
  Array left = edges[{slice(0, -1)}], right = edges[{slice(1, none)}];
  requireNone(count_nonzero(left > right),
              "legato.histogram: the bin edges (shape " + shapeString(edges.shape()) +
                  ") must not decrease (NumPy's 'bins must increase monotonically')");
  if (a.size() == 0 || bins == 0)
    return {zeros({bins}, weights ? weights->dtype() : DType::i64), edges};
  // The last edge at or below the value starts its bin; the last bin
  // includes its right edge; NaN sorts after every edge.
  Array v = a.reshape({a.size()});
  Array bin = searchsorted(edges, v, Side::right) - 1;
  bin = where(v == Array(edges[{bins}]), bins - 1, bin);
  bin = where(logical_and(bin >= 0, bin < bins), bin, -1);
  return {countInBins(bin, bins, weights), edges};
}

} // namespace legato

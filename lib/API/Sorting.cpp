//===- Sorting.cpp - np.sort, argsort, unique, median, quantile -----------===//
//
// A sort is one `legato.sort` op where the backend's Target has it (a
// library sort of lines on CPUs: Runtime/Sort.cpp) and the dtype is not
// complex. Elsewhere (GPUs, complex numbers) it is a composition of kernels
// that every backend fuses and every partitioning supports; no element
// moves to a position computed at run time but by a gather within a row of
// 64. The sorted axis becomes the last.
// - A row of at most 64 elements sorts by counting: each element's place is
//   the number of elements that sort before it (a reduction of n^2
//   comparisons), and each place gathers the element whose place it is.
// - A longer row is padded to a power of two N with values that sort last,
//   its blocks of 64 sorted so, alternately ascending and descending, and
//   merged by the later stages of a bitonic network: stage k (k = 128 ...
//   N) runs log2(k) compare-exchange steps, pairing the elements j apart
//   (j = k/2 ... 1) and ordering each pair ascending or descending by its
//   block of k. A step is a reshape that puts the partners on an axis of
//   length 2, two selects and a concatenation; two steps share a kernel,
//   on groups of four elements. O(n log^2 n) work, against NumPy's
//   O(n log n).
// The order is NumPy's: NaN after every number. argsort carries the
// elements' positions and breaks ties by them, so its order is the stable
// one (np.argsort(kind="stable")). A sort records as one operation
// (CompositeScope): eager mode runs it as one program.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/Ops.h"
#include "API/SortOrder.h"
#include "Codegen/Backend.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>

namespace legato {
using namespace detail;

namespace {

std::string number(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

/// The keys of a row being sorted and, for argsort, the positions they came
/// from; both of shape (rows, N).
struct Rows {
  Array keys;
  std::optional<Array> positions;
};

/// b sorts strictly before a, ties broken by position where given.
Array precedes(const Array &b, const Array &a, const Array *pb, const Array *pa) {
  Array before = sortsBefore(b, a);
  if (!pb)
    return before;
  return logical_or(before, logical_and(sortsEqual(a, b), *pb < *pa));
}

/// Steps j = top, top / 2, ... top >> (g - 1) of stage k, in one kernel:
/// the 2^g elements whose positions differ only in those bits are loaded
/// together (the pieces of one axis of length 2^g), ordered by the g steps'
/// compare-exchanges, and stored back.
void exchangeSteps(Rows &rows, int64_t n, int64_t k, int64_t top, int64_t g) {
  int64_t r = rows.keys.shape()[0];
  // (rows, N / 2k, 2, k / 2top, 2^g, low): axis 2 says whether the block
  // of k sorts descending, the group axis which element of its group an
  // element is (its g bits, the first the most significant). The last
  // stage (k = N) sorts ascending only.
  bool last = k == n;
  int64_t group = int64_t(1) << g;
  Shape shape = last ? Shape{r, n / (2 * top)} : Shape{r, n / (2 * k), 2, k / (2 * top)};
  int64_t groupAxis = int64_t(shape.size());
  shape.push_back(group);
  shape.push_back(top >> (g - 1));
  auto pieces = [&](const Array &x) {
    Array shaped = reshape(x, shape);
    std::vector<Array> out;
    for (int64_t c = 0; c < group; ++c) {
      std::vector<Index> at(shape.size(), all);
      at[size_t(groupAxis)] = slice(c, c + 1);
      out.push_back(Array(shaped[at]));
    }
    return out;
  };
  std::vector<Array> keys = pieces(rows.keys);
  std::vector<Array> positions = rows.positions ? pieces(*rows.positions) : std::vector<Array>{};
  std::optional<Array> descending;
  if (!last) {
    Shape axis2(shape.size(), 1);
    axis2[2] = 2;
    descending = indexAlong(axis2, 2) == 1;
  }
  for (int64_t b = 0; b < g; ++b) {
    int64_t bit = int64_t(1) << (g - 1 - b);
    for (int64_t c = 0; c < group; ++c) {
      if (c & bit)
        continue;
      int64_t d = c | bit;
      bool withPositions = !positions.empty();
      Array flip = precedes(keys[d], keys[c], withPositions ? &positions[d] : nullptr,
                            withPositions ? &positions[c] : nullptr);
      if (descending)
        flip = flip != *descending;
      auto order = [&](std::vector<Array> &v) {
        Array lower = where(flip, v[d], v[c]);
        v[d] = where(flip, v[c], v[d]);
        v[c] = lower;
      };
      order(keys);
      if (withPositions)
        order(positions);
    }
  }
  auto assembled = [&](const std::vector<Array> &parts) {
    return reshape(concatenate(parts, groupAxis), {r, n});
  };
  rows.keys = assembled(keys);
  if (rows.positions)
    rows.positions = assembled(positions);
}

/// Compare-exchange steps per kernel: two halve the kernels and the memory
/// traffic of one; three save a quarter more but compile half as long
/// again; four no longer fuse (legato-bench --app sort --n 1048576 --mode
/// jit on 2 cores with this constant 1, 2 and 3, session 40: 197, 106 and
/// 76 kernels; 355, 262 and 226 ms; 7.3, 5.8 and 9.4 s to compile).
constexpr int64_t kStepsPerKernel = 2;

/// The steps of stage k (pairs k/2, k/4, ... 1 apart), up to
/// kStepsPerKernel at a time.
void stage(Rows &rows, int64_t n, int64_t k) {
  int64_t steps = 0;
  while ((int64_t(1) << steps) < k)
    ++steps;
  for (int64_t top = k / 2; steps > 0;) {
    int64_t g = std::min(steps, kStepsPerKernel);
    exchangeSteps(rows, n, k, top, g);
    top >>= g;
    steps -= g;
  }
}

/// A 0-d array of `dtype` that sorts after (or ties with) every value.
Array sortsLast(DType dtype) {
  if (isComplex(dtype))
    return full({}, Scalar(std::complex<double>(std::nan(""), std::nan(""))), dtype);
  if (isFloat(dtype))
    return full({}, std::nan(""), dtype);
  if (dtype == DType::bool_)
    return full({}, true, dtype);
  return full({}, largestOf(dtype), dtype);
}

/// Rows of at most this many elements sort by counting (two reductions of
/// n^2 comparisons); longer rows sort blocks of it so, then merge them with
/// the network's later stages, whose first ones this replaces.
constexpr int64_t kCountedBlock = 64;

/// Sorts each row of `rows` (m, b) by counting: an element's place is the
/// number of elements that sort before it, ties broken by position (its
/// own, else its place in the row), so the places are distinct. Rows where
/// `descending` (m, 1) holds sort in reverse.
void sortByCounting(Rows &rows, const std::optional<Array> &descending) {
  int64_t m = rows.keys.shape()[0], b = rows.keys.shape()[1];
  Array position = rows.positions ? *rows.positions : broadcast_to(indexAlong({1, b}, 1), {m, b});
  Array pi = reshape(position, {m, b, 1}), pj = reshape(position, {m, 1, b});
  Array before = precedes(reshape(rows.keys, {m, 1, b}), reshape(rows.keys, {m, b, 1}), &pj, &pi);
  Array place = count_nonzero(before, {2}); // (m, b): element i's place
  if (descending)
    place = where(*descending, (b - 1) - place, place);
  // For each place, the element whose place it is.
  Array holds = reshape(place, {m, 1, b}) == indexAlong({1, b, 1}, 1);
  Array source = sum(where(holds, indexAlong({1, 1, b}, 2), 0), {2});
  rows.keys = take_along_axis(rows.keys, source, 1);
  if (rows.positions)
    rows.positions = take_along_axis(*rows.positions, source, 1);
}

/// Sorts the rows of `x` (rows, n) along axis 1; the positions too when
/// `withPositions`. Bools sort as int32.
Rows sortRows(const Array &x, bool withPositions) {
  int64_t r = x.shape()[0], n = x.shape()[1];
  Array keys = x.dtype() == DType::bool_ ? x.astype(DType::i32) : x;
  if (n <= kCountedBlock) {
    Rows rows{keys, std::nullopt};
    if (withPositions)
      rows.positions = broadcast_to(indexAlong({1, n}, 1), {r, n});
    sortByCounting(rows, std::nullopt);
    rows.keys = rows.keys.astype(x.dtype());
    return rows;
  }
  int64_t padded = kCountedBlock;
  while (padded < n)
    padded *= 2;
  if (padded > n)
    keys = concatenate({keys, broadcast_to(sortsLast(keys.dtype()), {r, padded - n})}, 1);
  // Blocks of kCountedBlock, alternately ascending and descending: the
  // network's state after its stage k = kCountedBlock.
  int64_t blocks = r * padded / kCountedBlock;
  Rows rows{reshape(keys, {blocks, kCountedBlock}), std::nullopt};
  if (withPositions)
    rows.positions =
        reshape(broadcast_to(indexAlong({1, padded}, 1), {r, padded}), {blocks, kCountedBlock});
  Array odd =
      reshape(broadcast_to(indexAlong({1, 2, 1}, 1) == 1, {r * padded / (2 * kCountedBlock), 2, 1}),
              {blocks, 1});
  sortByCounting(rows, odd);
  rows.keys = reshape(rows.keys, {r, padded});
  if (rows.positions)
    rows.positions = reshape(*rows.positions, {r, padded});
  for (int64_t k = 2 * kCountedBlock; k <= padded; k *= 2)
    stage(rows, padded, k);
  auto unpadded = [&](const Array &a) { return padded > n ? Array(a[{all, slice(0, n)}]) : a; };
  rows.keys = unpadded(rows.keys).astype(x.dtype());
  if (rows.positions)
    rows.positions = unpadded(*rows.positions);
  return rows;
}

/// Whether the backend sorts lines of `dtype` itself (legato.sort).
bool sortIsPrimitive(DType dtype) {
  return !isComplex(dtype) && engine().device->target().sort;
}

/// `kth` (negative: from the end) of a partition along an axis of length
/// n, within it, ascending and distinct, as NumPy checks them.
std::vector<int64_t> kthPositions(const char *op, std::vector<int64_t> kth, int64_t n,
                                  const Shape &shape) {
  for (int64_t &k : kth) {
    if (k < -n || k >= n)
      throw Error("legato." + std::string(op) + ": kth(=" + std::to_string(k) +
                  ") out of bounds (" + std::to_string(n) + ") for an array of shape " +
                  shapeString(shape) + " along the partitioned axis");
    if (k < 0)
      k += n;
  }
  std::sort(kth.begin(), kth.end());
  kth.erase(std::unique(kth.begin(), kth.end()), kth.end());
  return kth;
}

/// `a` sorted along `axis` (none: flattened): the sorted values, or the
/// positions that sort it; with `kth`, partitioned at those positions (a
/// sort where the backend has no partition). Errors name `op`.
Array sortAlong(const char *op, const Array &a, std::optional<int64_t> axis, bool positions,
                const std::optional<std::vector<int64_t>> &kth = std::nullopt) {
  if (!axis)
    return sortAlong(op, reshape(a, {-1}), 0, positions, kth);
  int64_t d = normalizeAxis(op, *axis, a.shape(), a.ndim());
  Array moved = moveaxis(a, d, -1);
  Shape shape = moved.shape();
  int64_t n = shape.back();
  std::vector<int64_t> ints = {d};
  if (kth)
    for (int64_t k : kthPositions(op, *kth, n, a.shape()))
      ints.push_back(k);
  if (a.size() == 0 || n == 1)
    return positions ? zeros(a.shape(), DType::i64) : a.copy();
  if (sortIsPrimitive(a.dtype()))
    return wrap(makeNode(OpKind::Sort, positions ? DType::i64 : a.dtype(), a.shape(),
                         {valueOf(a)}, ints, 0, uint8_t(positions)));
  CompositeScope network;
  Rows rows = sortRows(reshape(moved, {a.size() / n, n}), positions);
  return network.close(moveaxis(reshape(positions ? *rows.positions : rows.keys, shape), -1, d));
}

/// `a` with the given axes ({} = all) moved last and merged into one, and
/// the shape of the reduction's result (with `keepdims`).
std::pair<Array, Shape> reducedAxesLast(const char *op, const Array &a,
                                        const std::vector<int64_t> &axes, bool keepdims) {
  std::vector<int64_t> reduced = normalizeAxes(op, axes, a.shape());
  std::vector<int64_t> perm;
  Shape kept, result;
  for (int64_t d = 0; d < a.ndim(); ++d) {
    bool isReduced = std::find(reduced.begin(), reduced.end(), d) != reduced.end();
    if (!isReduced) {
      perm.push_back(d);
      kept.push_back(a.shape()[d]);
    }
    if (!isReduced || keepdims)
      result.push_back(isReduced ? 1 : a.shape()[d]);
  }
  int64_t n = 1;
  for (int64_t d : reduced) {
    perm.push_back(d);
    n *= a.shape()[d];
  }
  kept.push_back(n);
  return {reshape(transpose(a, perm), kept), result};
}

/// The rows of `a` (..., n) partitioned at positions `kth` of the last
/// axis, and at its last position where NaNs may be, there then if the row
/// holds one (NaN sorts last).
Array partitionedLast(const char *op, const Array &a, std::vector<int64_t> kth) {
  if (isInexact(a.dtype()))
    kth.push_back(a.shape().back() - 1);
  return sortAlong(op, a, -1, false, kth);
}

/// Element `i` of the last axis (dropped).
Array elementOfLast(const Array &a, int64_t i) {
  std::vector<Index> at(a.ndim(), all);
  at.back() = i;
  return Array(a[at]);
}

/// q / 100, for a percentile in [0, 100].
double percentOf(double q) {
  if (!(q >= 0 && q <= 100))
    throw Error("legato.percentile: the percentile " + number(q) + " is outside [0, 100]");
  return q / 100;
}

/// One array per quantile in `q` (fractions), each of the reduction's shape.
std::vector<Array> quantiles(const Array &a, const std::vector<double> &q,
                             const std::vector<int64_t> &axes, bool keepdims, Shape &shape) {
  if (a.dtype() == DType::bool_)
    throw TypeError("legato.quantile: the array is bool (shape " + shapeString(a.shape()) +
                    "); NumPy's linear interpolation subtracts its values, which bools "
                    "do not support: convert it with astype(legato::i32)");
  for (double p : q)
    if (!(p >= 0 && p <= 1))
      throw Error("legato.quantile: the quantile " + number(p) +
                  " is outside [0, 1] (percentile: outside [0, 100])");
  auto [rows, reduced] = reducedAxesLast("quantile", a, axes, keepdims);
  shape = reduced;
  int64_t n = rows.shape().back();
  if (n == 0)
    throw IndexError("legato.quantile: the array has no elements along the reduced axes (shape " +
                     shapeString(a.shape()) + "), so it has no quantiles");
  std::vector<int64_t> kth;
  for (double p : q) {
    double at = double(n - 1) * p;
    int64_t below = at >= double(n - 1) ? n - 1 : int64_t(std::floor(at));
    kth.push_back(below);
    kth.push_back(std::min(below + 1, n - 1));
  }
  Array s = partitionedLast("quantile", rows, kth);
  // NaN sorts last: a slice holding one has no quantiles.
  std::optional<Array> holdsNaN;
  if (isInexact(a.dtype()))
    holdsNaN = isnan(elementOfLast(s, n - 1));
  std::vector<Array> values;
  for (double p : q) {
    // NumPy's linear method (Hyndman and Fan's 7th): the point (n - 1) q
    // between two neighbours, interpolated from whichever is nearer.
    double at = double(n - 1) * p;
    int64_t below = at >= double(n - 1) ? n - 1 : int64_t(std::floor(at));
    int64_t above = at >= double(n - 1) ? n - 1 : below + 1;
    double t = at - double(below);
    Array lo = elementOfLast(s, below), hi = elementOfLast(s, above);
    Array step = (hi - lo).astype(DType::f64); // subtracted in the array's dtype
    Array v = t >= 0.5 ? hi.astype(DType::f64) - step * (1 - t) : lo.astype(DType::f64) + step * t;
    if (holdsNaN)
      v = where(*holdsNaN, std::nan(""), v);
    values.push_back(reshape(v, shape));
  }
  return values;
}

} // namespace

Array sort(const Array &a, std::optional<int64_t> axis) {
  return sortAlong("sort", a, axis, false);
}

Array argsort(const Array &a, std::optional<int64_t> axis) {
  // NumPy sorts a 0-d array as one of one element, whatever the axis.
  return sortAlong("argsort", a, a.ndim() == 0 ? std::nullopt : axis, true);
}

Array partition(const Array &a, std::vector<int64_t> kth, std::optional<int64_t> axis) {
  return sortAlong("partition", a, axis, false, std::move(kth));
}

Array argpartition(const Array &a, std::vector<int64_t> kth, std::optional<int64_t> axis) {
  return sortAlong("argpartition", a, axis, true, std::move(kth));
}

namespace {
void checkNotTracing(const char *op, const Array &a) {
  if (engine().tracing)
    throw Error(std::string("legato.") + op +
                ": the result's length is the number of distinct elements of an array of shape " +
                shapeString(a.shape()) +
                ", which a traced (jit) function cannot read; call it outside the function");
}

/// Of the sorted 1-D `s`: whether each element starts a run of equal ones
/// (differs from the one before it; NaNs equal with `equalNan`).
Array startsOfRuns(const Array &s, bool equalNan) {
  Array first = full({1}, true, DType::bool_);
  if (s.size() < 2)
    return first;
  Array next = s[{slice(1, none)}], previous = s[{slice(0, -1)}];
  Array same = equalNan ? sortsEqual(next, previous) : next == previous;
  return concatenate({first, logical_not(same)});
}
} // namespace

Array unique(const Array &a, bool equal_nan) {
  checkNotTracing("unique", a);
  Array s = sort(a, std::nullopt);
  if (s.size() < 2)
    return s;
  return s[startsOfRuns(s, equal_nan)];
}

UniqueAll unique_all(const Array &a, bool equal_nan) {
  checkNotTracing("unique_all", a);
  int64_t n = a.size();
  Array flat = a.reshape({n});
  Array order = argsort(flat, 0); // stable: a run's first index is its first occurrence
  if (n == 0)
    return {flat, order, order, order};
  Array s = take(flat, order);
  Array starts = startsOfRuns(s, equal_nan);
  UniqueAll r;
  r.values = s[starts];
  r.indices = order[starts];
  // The run of each sorted element, scattered back to where it came from.
  r.inverse_indices = zeros({n}, DType::i64);
  put(r.inverse_indices, order, cumsum(starts.astype(DType::i64)) - 1);
  Array begin = flatnonzero(starts);
  r.counts = concatenate({begin[{slice(1, none)}], full({1}, n, DType::i64)}) - begin;
  return r;
}

Array median(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  auto [rows, shape] = reducedAxesLast("median", a, axes, keepdims);
  // (NumPy: the mean of the middle elements, in the array's float type,
  // integers in float64; np.mean sums float16 in float32, so two middle
  // elements near 65504 do not overflow)
  DType result = isInexact(a.dtype()) ? a.dtype() : DType::f64;
  DType work = result == DType::f16 ? DType::f32 : result;
  int64_t n = rows.shape().back();
  if (n == 0) // NumPy: the mean of an empty slice, NaN (with a warning)
    return full(shape, std::nan(""), result);
  std::vector<int64_t> kth = {n / 2};
  if (n % 2 == 0)
    kth.push_back(n / 2 - 1);
  Array s = partitionedLast("median", rows, kth).astype(work);
  Array mid = elementOfLast(s, n / 2);
  if (n % 2 == 0) // NumPy takes the mean of the two middle elements
    mid = (elementOfLast(s, n / 2 - 1) + mid) / 2;
  if (isInexact(a.dtype())) { // NaN sorts last: a slice holding one has no median
    Array largest = elementOfLast(s, n - 1);
    mid = where(isnan(largest), largest, mid);
  }
  return reshape(mid.astype(result), shape);
}

Array quantile(const Array &a, const std::vector<double> &q, std::vector<int64_t> axes,
               bool keepdims) {
  Shape shape;
  std::vector<Array> values = quantiles(a, q, axes, keepdims, shape);
  if (values.empty()) {
    shape.insert(shape.begin(), 0);
    return zeros(shape);
  }
  return stack(values);
}

Array quantile(const Array &a, double q, std::vector<int64_t> axes, bool keepdims) {
  Shape shape;
  return quantiles(a, {q}, axes, keepdims, shape)[0];
}

Array percentile(const Array &a, const std::vector<double> &q, std::vector<int64_t> axes,
                 bool keepdims) {
  std::vector<double> fractions;
  for (double p : q)
    fractions.push_back(percentOf(p));
  return quantile(a, fractions, std::move(axes), keepdims);
}

Array percentile(const Array &a, double q, std::vector<int64_t> axes, bool keepdims) {
  return quantile(a, percentOf(q), std::move(axes), keepdims);
}

} // namespace legato

//===- Generator.cpp - np.random's Generator over counter-based streams ---===//
//
// Every random word is SplitMix64 of (a stream's key, the element's
// row-major position in the draw's global shape), computed by elementwise
// uint64 ops from an iota, so a draw built from such words by elementwise
// ops, reductions, sorts and searches depends on the key and the global
// shape only: every backend, mode and partition over ranks computes the same
// values (bit for bit where the ops are exact; exp, log, cos and pow may
// round an ulp apart between libm, vectorized libm and CUDA's).
// (legato::random hashes the same way, but its seed is a constant of the
// compiled kernel: a Generator's key is a 0-d input instead, so a loop of
// draws compiles once.) The Generator gives each draw fresh keys (a hash
// of its seed and a counter) and builds NumPy's distributions from uniforms
// with computations of fixed size, since a kernel cannot loop until a value
// is accepted:
//  - inversion against a CDF table made on the host (searchsorted) where
//    the table is short: Poisson for lam < 10, binomial for n p < 30, choice
//    with p;
//  - otherwise a fixed number of rejection attempts laid along an extra last
//    axis, of which the first accepted is kept (the bounds that make "none
//    accepted" negligible are in legato.h).
// Nothing here reads a value on the host, so draws trace into jit functions
// and fuse with what reads them.
//
//===----------------------------------------------------------------------===//
#include <legato/legato.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <string>

namespace legato {

namespace {

constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;
constexpr double kTwoPi = 6.283185307179586476925286766559;
constexpr long double kHalfLogTwoPi = 0.918938533204672741780329736405617639861L;
/// Rejection attempts per element: PTRS and BTRS accept each with
/// probability >= 3/4 (measured minimum 0.753 at lam = 10 and 0.764 at
/// n p = 30), Marsaglia-Tsang with >= 15/16 (0.952 at shape 1), so none of
/// the attempts is accepted with probability <= 4^-32 = 16^-16 = 2^-64.
constexpr int64_t kDiscreteAttempts = 32;
constexpr int64_t kGammaAttempts = 16;
/// NumPy's largest Poisson mean (INT64_MAX - 10 sqrt(INT64_MAX)).
constexpr double kPoissonLamMax = 9.223372006484771e18;

/// SplitMix64's finalizer: a bijection of 64-bit words that mixes every bit.
uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::string shapeText(const Shape &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

/// NumPy's ValueError, naming the function, the size and the fix.
[[noreturn]] void badValue(const char *fn, const std::string &why, const Shape &size,
                           const std::string &fix) {
  throw Error(std::string("np.random.Generator.") + fn + ": " + why + " (size " +
              shapeText(size) + "); " + fix);
}

/// NumPy's TypeError for a dtype `fn` does not produce.
[[noreturn]] void badDtype(const char *fn, DType t, const std::string &accepted) {
  throw TypeError(std::string("np.random.Generator.") + fn + ": Unsupported dtype " +
                  dtype_name(t) + " for " + fn + "; use " + accepted);
}

DType floatType(const char *fn, DType t) {
  if (t != f32 && t != f64)
    badDtype(fn, t, "float64 or float32");
  return t;
}

Shape withAttempts(Shape size, int64_t attempts) {
  size.push_back(attempts);
  return size;
}

int64_t elementCount(const Shape &shape) {
  return std::accumulate(shape.begin(), shape.end(), int64_t(1), std::multiplies<int64_t>());
}

/// Of candidates along the last axis (the attempts), the first whose
/// `accepted` is true; `fallback` where none is.
Array firstAccepted(const Array &accepted, const Array &candidates, Scalar fallback) {
  int64_t attempts = accepted.shape().back();
  Array attempt = arange(attempts);
  Array first = min(where(accepted, attempt, Scalar(attempts)), {-1});
  Array picked = max(where(attempt == expand_dims(first, -1), candidates, Scalar(0)), {-1});
  return where(first == Scalar(attempts), fallback, picked);
}

/// The remainder of Stirling's formula, log(k!) - [(k + 1/2) log(k + 1) -
/// (k + 1) + log(2 pi) / 2], on the host: exact (long double) below 10, the
/// asymptotic series beyond (its first omitted term is below 1e-17 there).
double stirlingTailAt(double k) {
  if (k < 10) {
    long double x = k + 1.0L;
    return double(std::lgamma(x) - ((x - 0.5L) * std::log(x) - x + kHalfLogTwoPi));
  }
  double z = k + 1, r = 1 / (z * z);
  return ((((((1.0 / 156 * r - 691.0 / 360360) * r + 1.0 / 1188) * r - 1.0 / 1680) * r +
            1.0 / 1260) *
               r -
           1.0 / 360) *
              r +
          1.0 / 12) /
         z;
}

/// stirlingTailAt of every element of k (integer values >= 0).
Array stirlingTail(const Array &k) {
  Array z = maximum(k, 10.0) + 1.0;
  Array r = 1.0 / (z * z);
  Array series = r * (1.0 / 156) - 691.0 / 360360;
  for (double c : {1.0 / 1188, -1.0 / 1680, 1.0 / 1260, -1.0 / 360, 1.0 / 12})
    series = series * r + c;
  Array tail = series / z;
  for (int j = 0; j < 10; ++j)
    tail = where(k == double(j), Scalar(stirlingTailAt(j)), tail);
  return tail;
}

/// The CDF of a distribution on 0, 1, 2, ... at 0, 1, ..., up to `last` - 1
/// or to where it rounds to 1 in double (the mass beyond is below 2^-53, a
/// uniform's resolution). `pmf0` is P(0), `next(k, pk)` gives P(k + 1).
template <class Next>
std::vector<double> cdfTable(long double pmf0, Next next, int64_t last) {
  std::vector<double> table;
  long double pk = pmf0, cdf = 0;
  for (int64_t k = 0; k < last && table.size() < 100000; ++k) {
    cdf += pk;
    if (double(cdf) >= 1.0)
      break;
    table.push_back(double(cdf));
    pk = next(k, pk);
  }
  return table;
}

/// The inverse CDF at u: how many table entries are <= u (int64).
Array invert(const std::vector<double> &table, const Array &u) {
  if (table.empty())
    return zeros(u.shape(), i64);
  return searchsorted(from_vector(table, {int64_t(table.size())}), u, Side::right);
}

} // namespace

Generator::Generator(uint64_t seed) : seed_(seed) {}

Generator default_rng(uint64_t seed) { return Generator(seed); }

uint64_t Generator::next_stream() {
  // Distinct for every count (an odd multiplier and mix64 are bijections).
  return mix64(mix64(seed_) ^ (kGolden * ++streams_));
}

Array Generator::uniforms(const Shape &shape, DType dtype) {
  // The top 53 (float32: 24) bits, scaled into [0, 1).
  if (dtype == f32)
    return right_shift(bits64(shape), Scalar(40)).astype(f32) * 0x1p-24f;
  return right_shift(bits64(shape), Scalar(11)).astype(f64) * 0x1p-53;
}

/// Box-Muller: sqrt(-2 log(1 - u1)) cos(2 pi u2); 1 - u1 lies in (0, 1].
Array Generator::normals(const Shape &shape) {
  Array u1 = uniforms(shape), u2 = uniforms(shape);
  return sqrt(-2.0 * log(1.0 - u1)) * cos(kTwoPi * u2);
}

/// 64 random bits per element (uint64): SplitMix64 of the stream's key plus
/// the element's row-major position in `shape` times the golden gamma. The
/// key is a 0-d array, an input of the program rather than a constant in
/// it, so one compiled program serves every draw of a shape.
Array Generator::bits64(const Shape &shape) {
  Array position = full({}, Scalar(0), u64);
  int64_t stride = 1;
  for (size_t d = shape.size(); d-- > 0;) {
    Shape along(shape.size(), 1);
    along[d] = shape[d];
    position = position + reshape(arange(shape[d], u64), along) * Scalar(uint64_t(stride));
    stride *= std::max<int64_t>(shape[d], 1);
  }
  Array key = from_vector(std::vector<uint64_t>{next_stream()}, {});
  Array z = broadcast_to(position, shape) * Scalar(kGolden) + key;
  z = (z ^ right_shift(z, Scalar(30))) * Scalar(uint64_t(0xBF58476D1CE4E5B9ull));
  z = (z ^ right_shift(z, Scalar(27))) * Scalar(uint64_t(0x94D049BB133111EBull));
  return z ^ right_shift(z, Scalar(31));
}

/// n random 63-bit int64 keys.
Array Generator::keys63(int64_t n) { return right_shift(bits64({n}), Scalar(1)).astype(i64); }

Array Generator::random(Shape size, DType dtype) {
  return uniforms(size, floatType("random", dtype));
}

Array Generator::uniform(double low, double high, Shape size) {
  if (!std::isfinite(high - low))
    throw OverflowError("np.random.Generator.uniform: high - low range exceeds valid bounds "
                        "(low " + number(low) + ", high " + number(high) + ", size " +
                        shapeText(size) + "); pass finite bounds");
  return uniforms(size) * (high - low) + low;
}

Array Generator::standard_normal(Shape size, DType dtype) {
  DType t = floatType("standard_normal", dtype);
  return normals(size).astype(t);
}

Array Generator::normal(double loc, double scale, Shape size) {
  if (!(scale >= 0))
    badValue("normal", "scale < 0 (scale = " + number(scale) + ")", size, "pass scale >= 0");
  return normals(size) * scale + loc;
}

Array Generator::standard_exponential(Shape size, DType dtype) {
  DType t = floatType("standard_exponential", dtype);
  return (-log(1.0 - uniforms(size))).astype(t);
}

Array Generator::exponential(double scale, Shape size) {
  if (!(scale >= 0))
    badValue("exponential", "scale < 0 (scale = " + number(scale) + ")", size,
             "pass scale >= 0");
  return -log(1.0 - uniforms(size)) * scale;
}

/// Marsaglia and Tsang (2000) for shape >= 1: with d = shape - 1/3 and
/// c = 1 / sqrt(9 d), x normal and u uniform, v = (1 + c x)^3 is accepted
/// when 1 + c x > 0 and log(u) < x^2 / 2 + d (1 - v + log v); d v is the
/// draw.
Array Generator::gammaAtLeastOne(double shape, const Shape &size) {
  double d = shape - 1.0 / 3, c = 1 / std::sqrt(9 * d);
  Shape attempts = withAttempts(size, kGammaAttempts);
  Array x = normals(attempts);
  Array u = uniforms(attempts);
  Array root = 1.0 + c * x;
  Array v = root * root * root;
  Array accepted = logical_and(root > 0.0, log(u) < 0.5 * x * x + d * (1.0 - v + log(v)));
  return firstAccepted(accepted, d * v, shape);
}

Array Generator::standard_gamma(double shape, Shape size, DType dtype) {
  DType t = floatType("standard_gamma", dtype);
  if (!(shape >= 0))
    badValue("standard_gamma", "shape < 0 (shape = " + number(shape) + ")", size,
             "pass shape >= 0");
  if (shape == 0)
    return zeros(size, t);
  if (shape >= 1)
    return gammaAtLeastOne(shape, size).astype(t);
  // Gamma(a) = Gamma(a + 1) u^(1/a) (Marsaglia and Tsang's boost).
  Array boosted = gammaAtLeastOne(shape + 1, size);
  return (boosted * pow(uniforms(size), 1.0 / shape)).astype(t);
}

Array Generator::gamma(double shape, double scale, Shape size) {
  if (!(scale >= 0))
    badValue("gamma", "scale < 0 (scale = " + number(scale) + ")", size, "pass scale >= 0");
  if (!(shape >= 0))
    badValue("gamma", "shape < 0 (shape = " + number(shape) + ")", size, "pass shape >= 0");
  return standard_gamma(shape, size) * scale;
}

Array Generator::integers(int64_t low, int64_t high, Shape size, DType dtype, bool endpoint) {
  if (dtype == f16 || dtype == f32 || dtype == f64 || dtype == c64 || dtype == c128)
    badDtype("integers", dtype, "an integer dtype or bool");
  __int128 stop = __int128(high) + (endpoint ? 1 : 0); // exclusive
  if (stop <= low)
    badValue("integers", std::string(endpoint ? "low > high" : "low >= high") + " (low " +
                             std::to_string(low) + ", high " + std::to_string(high) + ")",
             size, endpoint ? "pass low <= high" : "pass low < high");
  // The dtype's range must hold [low, stop).
  __int128 least = 0, most = 1;
  switch (dtype) {
  case i8: least = INT8_MIN, most = INT8_MAX; break;
  case i16: least = INT16_MIN, most = INT16_MAX; break;
  case i32: least = INT32_MIN, most = INT32_MAX; break;
  case i64: least = INT64_MIN, most = INT64_MAX; break;
  case u8: most = UINT8_MAX; break;
  case u16: most = UINT16_MAX; break;
  case u32: most = UINT32_MAX; break;
  case u64: most = UINT64_MAX; break;
  default: break; // bool: 0 and 1
  }
  const std::string name = dtype_name(dtype);
  if (low < least)
    badValue("integers", "low is out of bounds for " + name, size,
             "pass low >= " + std::to_string(int64_t(least)));
  if (stop - 1 > most)
    badValue("integers", "high is out of bounds for " + name, size,
             "pass high within " + name + "'s range");
  unsigned __int128 range = (unsigned __int128)(stop - low); // 1 .. 2^64
  if (range == 1)
    return full(size, Scalar(low), dtype);
  Array offset; // uniform in [0, range), uint64
  if ((range & (range - 1)) == 0) {
    Array bits = bits64(size);
    offset = range == ((unsigned __int128)1 << 64) ? bits
                                                   : (bits & Scalar(uint64_t(range - 1)));
  } else {
    // x % range is uniform for x >= 2^64 mod range; reject the x below.
    uint64_t r = uint64_t(range);
    uint64_t biased = (0 - r) % r;
    double rejectLog2 = std::log2(double(biased)) - 64; // log2 P(reject one)
    int64_t attempts =
        biased <= 1 ? 1 : std::max<int64_t>(1, int64_t(std::ceil(64 / -rejectLog2)));
    Array x = bits64(attempts == 1 ? size : withAttempts(size, attempts));
    Array candidates = x % Scalar(r);
    offset = attempts == 1 ? candidates
                           : firstAccepted(x >= Scalar(biased), candidates, Scalar(0));
  }
  Array values = range <= ((unsigned __int128)1 << 63)
                     ? offset.astype(i64) + Scalar(low)
                     : (offset + Scalar(uint64_t(low))).astype(i64); // (wraps)
  return values.astype(dtype);
}

Array Generator::poisson(double lam, Shape size) {
  if (!(lam >= 0))
    badValue("poisson", "lam < 0 or lam is NaN (lam = " + number(lam) + ")", size,
             "pass lam >= 0");
  if (lam > kPoissonLamMax)
    badValue("poisson", "lam value too large (lam = " + number(lam) + ")", size,
             "pass lam <= " + number(kPoissonLamMax));
  if (lam == 0)
    return zeros(size, i64);
  if (lam < 10) {
    long double mean = lam;
    std::vector<double> table = cdfTable(
        std::exp(-mean), [&](int64_t k, long double pk) { return pk * mean / (k + 1); },
        std::numeric_limits<int64_t>::max());
    return invert(table, uniforms(size));
  }
  // PTRS (Hormann 1993, "The transformed rejection method for generating
  // Poisson random variables"), NumPy's random_poisson_ptrs.
  double slam = std::sqrt(lam);
  double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
  double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
  Shape attempts = withAttempts(size, kDiscreteAttempts);
  Array U = uniforms(attempts) - 0.5;
  Array V = uniforms(attempts);
  Array us = 0.5 - abs(U);
  Array k = floor((2 * a / us + b) * U + (lam + 0.43));
  Array quick = logical_and(us >= 0.07, V <= vr);
  Array plausible = logical_and(k >= 0.0, logical_not(logical_and(us < 0.013, V > us)));
  Array hat = log(V) + std::log(invalpha) - log(a / (us * us) + b);
  // log P(k) = k log(lam) - lam - log(k!), with log(k!) in Stirling's form
  // so that nothing of order lam cancels (exact to rounding for any lam).
  Array kk = maximum(k, 0.0); // (rejected lanes may hold -inf)
  Array logPmf = kk * log1p((lam - (kk + 1.0)) / (kk + 1.0)) + (kk + 1.0 - lam) -
                 0.5 * log(kk + 1.0) - double(kHalfLogTwoPi) - stirlingTail(kk);
  Array accepted = logical_or(quick, logical_and(plausible, hat <= logPmf));
  return firstAccepted(accepted, k, std::floor(lam)).astype(i64);
}

Array Generator::binomial(int64_t n, double p, Shape size) {
  if (n < 0)
    badValue("binomial", "n < 0 (n = " + std::to_string(n) + ")", size, "pass n >= 0");
  if (!(p >= 0 && p <= 1))
    badValue("binomial", "p < 0, p > 1 or p is NaN (p = " + number(p) + ")", size,
             "pass p in [0, 1]");
  if (n > (int64_t(1) << 53))
    badValue("binomial", "n above 2^53 (n = " + std::to_string(n) + ")", size,
             "pass n <= 2^53, which float64 holds exactly");
  if (n == 0 || p == 0)
    return zeros(size, i64);
  if (p == 1)
    return full(size, Scalar(n), i64);
  // Draw the count of the rarer outcome: q <= 1/2.
  bool flip = p > 0.5;
  double q = flip ? 1 - p : p;
  double nd = double(n);
  Array count;
  if (nd * q < 30) {
    long double lq = q, ratio = lq / (1 - lq);
    std::vector<double> table = cdfTable(
        std::exp(nd * std::log1p(-lq)),
        [&](int64_t k, long double pk) { return pk * (nd - k) / (k + 1) * ratio; }, n);
    count = invert(table, uniforms(size));
  } else {
    // BTRS (Hormann 1993, "The generation of binomial random variates").
    double spq = std::sqrt(nd * q * (1 - q));
    double b = 1.15 + 2.53 * spq, a = -0.0873 + 0.0248 * b + 0.01 * q;
    double c = nd * q + 0.5, vr = 0.92 - 4.2 / b;
    double alpha = (2.83 + 5.1 / b) * spq, r = q / (1 - q);
    double m = std::floor((nd + 1) * q);
    Shape attempts = withAttempts(size, kDiscreteAttempts);
    Array U = uniforms(attempts) - 0.5;
    Array V = uniforms(attempts);
    Array us = 0.5 - abs(U);
    Array k = floor((2 * a / us + b) * U + c);
    Array quick = logical_and(us >= 0.07, V <= vr);
    Array inRange = logical_and(k >= 0.0, k <= nd);
    Array hat = log(V * alpha / (a / (us * us) + b));
    // log(P(k) / P(m)) in Stirling's form (Hormann's step 3.3).
    Array kk = clip(k, 0.0, nd); // (rejected lanes may lie outside)
    double atMode = (m + 0.5) * std::log((m + 1) / (r * (nd - m + 1))) + stirlingTailAt(m) +
                    stirlingTailAt(nd - m);
    Array logRatio = atMode + (nd + 1) * log1p((kk - m) / (nd - kk + 1.0)) +
                     (kk + 0.5) * log(r * (nd - kk + 1.0) / (kk + 1.0)) - stirlingTail(kk) -
                     stirlingTail(nd - kk);
    Array accepted = logical_or(quick, logical_and(inRange, hat <= logRatio));
    count = firstAccepted(accepted, k, m).astype(i64);
  }
  return flip ? Scalar(n) - count : count;
}

Array Generator::permutation(int64_t n) {
  return argsort(keys63(std::max<int64_t>(n, 0)));
}

Array Generator::permutation(const Array &x, int64_t axis) {
  if (x.ndim() == 0)
    throw IndexError("np.random.Generator.permutation: x must be an integer or at least "
                     "1-dimensional (got a 0-d array); pass an array or a length");
  int64_t ax = axis < 0 ? axis + x.ndim() : axis;
  if (ax < 0 || ax >= x.ndim())
    throw AxisError("np.random.Generator.permutation: axis " + std::to_string(axis) +
                    " is out of bounds for array of dimension " + std::to_string(x.ndim()) +
                    " (shape " + shapeText(x.shape()) + ")");
  return take(x, permutation(x.shape()[size_t(ax)]), ax, IndexMode::clip);
}

void Generator::shuffle(const Array &x, int64_t axis) {
  if (x.ndim() == 0)
    throw TypeError("np.random.Generator.shuffle: x must be at least 1-dimensional (got a "
                    "0-d array); shuffle an array");
  Array reordered = permutation(x, axis);
  ArrayView target(x);
  target = reordered;
}

Array Generator::choice(int64_t a, Shape size, bool replace, const std::vector<double> &p) {
  if (a < 0 || (a == 0 && elementCount(size) > 0))
    badValue("choice", "a must be a positive integer unless no samples are taken (a = " +
                           std::to_string(a) + ")",
             size, "pass a > 0");
  return choice(arange(a), std::move(size), replace, p, 0);
}

Array Generator::choice(const Array &a, Shape size, bool replace, const std::vector<double> &p,
                        int64_t axis) {
  if (a.ndim() == 0)
    badValue("choice", "a must be an integer or an array of at least one dimension (got a 0-d "
                       "array)",
             size, "pass a length or an array");
  int64_t ax = axis < 0 ? axis + a.ndim() : axis;
  if (ax < 0 || ax >= a.ndim())
    throw AxisError("np.random.Generator.choice: axis " + std::to_string(axis) +
                    " is out of bounds for array of dimension " + std::to_string(a.ndim()) +
                    " (shape " + shapeText(a.shape()) + ")");
  int64_t population = a.shape()[size_t(ax)];
  int64_t count = elementCount(size);
  if (population == 0 && count > 0)
    badValue("choice", "a cannot be empty unless no samples are taken (a has shape " +
                           shapeText(a.shape()) + ")",
             size, "pass a non-empty population");
  if (!p.empty()) {
    if (int64_t(p.size()) != population)
      badValue("choice", "a and p must have same size (" + std::to_string(population) +
                             " entries, " + std::to_string(p.size()) + " probabilities)",
               size, "pass one probability per entry");
    long double total = 0;
    for (double v : p) {
      if (std::isnan(v))
        badValue("choice", "probabilities contain NaN", size, "pass finite probabilities");
      if (v < 0)
        badValue("choice", "probabilities are not non-negative", size,
                 "pass probabilities >= 0");
      total += v;
    }
    if (std::fabs(double(total) - 1) > std::sqrt(std::numeric_limits<double>::epsilon()))
      badValue("choice", "probabilities do not sum to 1 (they sum to " + number(double(total)) +
                             ")",
               size, "normalise p");
  }
  if (!replace && count > population)
    badValue("choice", "Cannot take a larger sample than population when replace is False (" +
                           std::to_string(count) + " from " + std::to_string(population) + ")",
             size, "pass replace=true or a smaller size");
  Array picks;
  if (replace && p.empty()) {
    picks = population ? integers(0, population, size) : zeros(size, i64);
  } else if (replace) {
    // The first entry whose cumulative probability exceeds u.
    std::vector<double> cdf(p.size());
    long double sum = 0, total = 0;
    for (double v : p)
      total += v;
    for (size_t i = 0; i < p.size(); ++i)
      cdf[i] = double((sum += p[i]) / total);
    cdf.back() = 1.0;
    picks = searchsorted(from_vector(cdf, {population}), uniforms(size), Side::right);
  } else {
    // The `count` smallest keys: uniform keys, or without equal weights the
    // exponential race E_i / p_i (Efraimidis-Spirakis), whose order is that
    // of successive draws proportional to p.
    Array order;
    if (p.empty()) {
      order = argsort(keys63(population));
    } else {
      if (count > std::count_if(p.begin(), p.end(), [](double v) { return v > 0; }))
        badValue("choice", "Fewer non-zero entries in p than size", size,
                 "pass a smaller size or more non-zero probabilities");
      Array weights = from_vector(p, {population});
      Array race = -log(1.0 - uniforms({population})) / weights;
      order = argsort(where(weights > 0.0, race, std::numeric_limits<double>::infinity()));
    }
    picks = reshape(order[{slice(0, count)}], size);
  }
  return take(a, picks, ax, IndexMode::clip);
}

} // namespace legato

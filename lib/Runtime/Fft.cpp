//===- Fft.cpp - legato.fft's transforms on host memory through FFTW ------===//
//
// One FFTW guru plan per transform: a rank-1 transform along the axis with
// every other axis a "howmany" loop, reading and writing the views in place
// where the lines are contiguous. Lines along a strided axis go through
// blocks of contiguous scratch rows (blockedTransform). Plans are
// made once per geometry (FFTW_ESTIMATE: planning costs microseconds and
// touches no data) and kept; FFTW's new-array execute runs a plan on the
// arrays of each call, which must have the planned alignment (part of the
// key). c2r plans are made with FFTW_PRESERVE_INPUT: the operand is the
// program's, read only.
//
//===----------------------------------------------------------------------===//
#include "Runtime/Fft.h"

#include "legato/legato.h"

#include <fftw3.h>

#include <algorithm>
#include <atomic>
#include <complex>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace legato::runtime {
namespace {

// mlir::legato::FftKind's values.
enum Kind : int64_t { kForward = 0, kInverse = 1, kRealForward = 2, kRealInverse = 3 };

/// FFTW's API of one precision.
template <bool Single> struct Fftw {
  using Real = double;
  using Complex = std::complex<double>; // (layout-compatible with fftw_complex)
  using Plan = fftw_plan;
  static Plan c2c(const fftw_iodim64 *dim, int hr, const fftw_iodim64 *howmany, Complex *in,
                  Complex *out, int sign, unsigned flags) {
    return fftw_plan_guru64_dft(1, dim, hr, howmany, reinterpret_cast<fftw_complex *>(in),
                                reinterpret_cast<fftw_complex *>(out), sign, flags);
  }
  static Plan r2c(const fftw_iodim64 *dim, int hr, const fftw_iodim64 *howmany, Real *in,
                  Complex *out, unsigned flags) {
    return fftw_plan_guru64_dft_r2c(1, dim, hr, howmany, in, reinterpret_cast<fftw_complex *>(out),
                                    flags);
  }
  static Plan c2r(const fftw_iodim64 *dim, int hr, const fftw_iodim64 *howmany, Complex *in,
                  Real *out, unsigned flags) {
    return fftw_plan_guru64_dft_c2r(1, dim, hr, howmany, reinterpret_cast<fftw_complex *>(in), out,
                                    flags);
  }
  static void run(Plan p, Complex *in, Complex *out) {
    fftw_execute_dft(p, reinterpret_cast<fftw_complex *>(in),
                     reinterpret_cast<fftw_complex *>(out));
  }
  static void run(Plan p, Real *in, Complex *out) {
    fftw_execute_dft_r2c(p, in, reinterpret_cast<fftw_complex *>(out));
  }
  static void run(Plan p, Complex *in, Real *out) {
    fftw_execute_dft_c2r(p, reinterpret_cast<fftw_complex *>(in), out);
  }
  static int alignmentOf(void *p) { return fftw_alignment_of(static_cast<double *>(p)); }
  static void planWithThreads(int threads) { fftw_plan_with_nthreads(threads); }
  static void destroy(Plan p) { fftw_destroy_plan(p); }
};

template <> struct Fftw<true> {
  using Real = float;
  using Complex = std::complex<float>; // (layout-compatible with fftwf_complex)
  using Plan = fftwf_plan;
  static Plan c2c(const fftw_iodim64 *dim, int hr, const fftw_iodim64 *howmany, Complex *in,
                  Complex *out, int sign, unsigned flags) {
    return fftwf_plan_guru64_dft(1, dim, hr, howmany, reinterpret_cast<fftwf_complex *>(in),
                                reinterpret_cast<fftwf_complex *>(out), sign, flags);
  }
  static Plan r2c(const fftw_iodim64 *dim, int hr, const fftw_iodim64 *howmany, Real *in,
                  Complex *out, unsigned flags) {
    return fftwf_plan_guru64_dft_r2c(1, dim, hr, howmany, in,
                                     reinterpret_cast<fftwf_complex *>(out), flags);
  }
  static Plan c2r(const fftw_iodim64 *dim, int hr, const fftw_iodim64 *howmany, Complex *in,
                  Real *out, unsigned flags) {
    return fftwf_plan_guru64_dft_c2r(1, dim, hr, howmany,
                                     reinterpret_cast<fftwf_complex *>(in), out, flags);
  }
  static void run(Plan p, Complex *in, Complex *out) {
    fftwf_execute_dft(p, reinterpret_cast<fftwf_complex *>(in),
                      reinterpret_cast<fftwf_complex *>(out));
  }
  static void run(Plan p, Real *in, Complex *out) {
    fftwf_execute_dft_r2c(p, in, reinterpret_cast<fftwf_complex *>(out));
  }
  static void run(Plan p, Complex *in, Real *out) {
    fftwf_execute_dft_c2r(p, reinterpret_cast<fftwf_complex *>(in), out);
  }
  static int alignmentOf(void *p) { return fftwf_alignment_of(static_cast<float *>(p)); }
  static void planWithThreads(int threads) { fftwf_plan_with_nthreads(threads); }
  static void destroy(Plan p) { fftwf_destroy_plan(p); }
};

thread_local std::string failure;

/// Plans by geometry: kind, precision, the transform's and the loops'
/// (length, input stride, output stride), both arrays' alignments and the
/// threads. FFTW's planner (making and destroying plans) is not
/// thread-safe, execution is: a caller holds its plan (shared) while it
/// runs, so starting the cache over never destroys a running plan.
std::recursive_mutex plannerMutex; // (a plan's deleter may run under it)
using SharedPlan = std::shared_ptr<void>;
std::map<std::vector<int64_t>, SharedPlan> plans;
/// The threads a large transform runs on (the backend's), and what is large.
std::atomic<int> threadsForLarge{1};
constexpr int64_t kParallelElements = 1 << 16;
constexpr size_t kMaxPlans = 1024; // geometries kept; past this the cache starts over

/// The cached plan of transform `kind` of length `n` (`dim`) repeated over
/// `loops`, for arrays of `input`'s and `output`'s alignment.
template <bool Single, class In, class Out>
SharedPlan planFor(int64_t kind, const fftw_iodim64 &dim, const std::vector<fftw_iodim64> &loops,
                   In *input, Out *output) {
  using F = Fftw<Single>;
  int64_t elements = dim.n;
  for (const fftw_iodim64 &l : loops)
    elements *= l.n;
  int threads = elements >= kParallelElements ? threadsForLarge.load() : 1;
  std::vector<int64_t> key{kind,    Single, dim.n, dim.is, dim.os, F::alignmentOf(input),
                           F::alignmentOf(output), threads};
  for (const fftw_iodim64 &l : loops)
    key.insert(key.end(), {l.n, l.is, l.os});
  std::lock_guard<std::recursive_mutex> lock(plannerMutex);
  static bool threadsReady = fftw_init_threads() && fftwf_init_threads();
  if (plans.size() >= kMaxPlans)
    plans.clear();
  SharedPlan &cached = plans[key];
  if (!cached) {
    int hr = int(loops.size());
    unsigned flags = FFTW_ESTIMATE | FFTW_PRESERVE_INPUT;
    F::planWithThreads(threadsReady ? threads : 1);
    typename F::Plan plan;
    if constexpr (std::is_same_v<In, typename F::Real>)
      plan = F::r2c(&dim, hr, loops.data(), input, output, flags);
    else if constexpr (std::is_same_v<Out, typename F::Real>)
      plan = F::c2r(&dim, hr, loops.data(), input, output, flags);
    else
      plan = F::c2c(&dim, hr, loops.data(), input, output,
                    kind == kForward ? FFTW_FORWARD : FFTW_BACKWARD, flags);
    if (!plan) {
      plans.erase(key);
      throw Error("legato: internal error: FFTW made no plan for a transform of length " +
                  std::to_string(dim.n));
    }
    cached = SharedPlan(plan, [](void *p) {
      std::lock_guard<std::recursive_mutex> lock(plannerMutex);
      F::destroy(static_cast<typename F::Plan>(p));
    });
  }
  return cached;
}

/// Elements of a block's scratch rows (a few hundred KiB: they stay in the
/// L2 between the gather, the transform and the scatter).
constexpr int64_t kBlockElements = 32768;

/// Lines along a strided axis (the columns of a matrix), which FFTW's
/// estimated plans transform several times slower than contiguous rows:
/// blocks of neighbouring lines (along `vector`, the loop axis of the
/// smallest input stride; -1: one line) are gathered into contiguous rows of
/// a scratch array (reading whole cache lines), transformed as rows, and
/// scattered into place, as pocketfft does.
template <bool Single, class In, class Out>
void blockedTransform(int64_t kind, int64_t axis, int64_t n, int64_t vector, const HostView &out,
                      const HostView &in) {
  using F = Fftw<Single>;
  int64_t lineIn = in.sizes[axis], lineOut = out.sizes[axis];
  int64_t count = vector < 0 ? 1 : in.sizes[vector];
  int64_t vectorIn = vector < 0 ? 0 : in.strides[vector];
  int64_t vectorOut = vector < 0 ? 0 : out.strides[vector];
  int64_t block = std::clamp<int64_t>(kBlockElements / std::max(lineIn, lineOut), 1, count);
  std::vector<In> rowsIn(size_t(block * lineIn));
  std::vector<Out> rowsOut(size_t(block * lineOut));
  auto *input = static_cast<const In *>(in.data);
  auto *output = static_cast<Out *>(out.data);
  // The other loop axes, walked as an odometer.
  std::vector<int64_t> outer;
  for (int64_t d = 0; d < in.rank; ++d)
    if (d != axis && d != vector && in.sizes[d] != 1)
      outer.push_back(d);
  std::vector<int64_t> index(outer.size(), 0);
  for (bool more = true; more;) {
    int64_t baseIn = 0, baseOut = 0;
    for (size_t i = 0; i < outer.size(); ++i) {
      baseIn += index[i] * in.strides[outer[i]];
      baseOut += index[i] * out.strides[outer[i]];
    }
    for (int64_t first = 0; first < count; first += block) {
      int64_t lines = std::min(block, count - first);
      const In *from = input + baseIn + first * vectorIn;
      for (int64_t j = 0; j < lineIn; ++j)
        for (int64_t b = 0; b < lines; ++b)
          rowsIn[size_t(b * lineIn + j)] = from[b * vectorIn + j * in.strides[axis]];
      fftw_iodim64 dim{n, 1, 1};
      std::vector<fftw_iodim64> rows{{lines, lineIn, lineOut}};
      SharedPlan plan = planFor<Single>(kind, dim, rows, rowsIn.data(), rowsOut.data());
      F::run(static_cast<typename F::Plan>(plan.get()), rowsIn.data(), rowsOut.data());
      Out *to = output + baseOut + first * vectorOut;
      for (int64_t k = 0; k < lineOut; ++k)
        for (int64_t b = 0; b < lines; ++b)
          to[b * vectorOut + k * out.strides[axis]] = rowsOut[size_t(b * lineOut + k)];
    }
    more = false;
    for (size_t i = outer.size(); i-- > 0;) {
      if (++index[i] < in.sizes[outer[i]]) {
        more = true;
        break;
      }
      index[i] = 0;
    }
  }
}

template <bool Single, class In, class Out>
void transform(int64_t kind, int64_t axis, const HostView &out, const HostView &in) {
  for (int64_t d = 0; d < out.rank; ++d)
    if (out.sizes[d] == 0 || in.sizes[d] == 0)
      return;
  int64_t n = kind == kRealInverse ? out.sizes[axis] : in.sizes[axis];
  // Lines that are not contiguous (and views FFTW does not take: negative
  // strides, a broadcast along the axis) go through blocks of rows.
  if (in.strides[axis] != 1 || out.strides[axis] != 1) {
    int64_t vector = -1;
    for (int64_t d = 0; d < in.rank; ++d)
      if (d != axis && in.sizes[d] != 1 &&
          (vector < 0 || std::abs(in.strides[d]) < std::abs(in.strides[vector])))
        vector = d;
    return blockedTransform<Single, In, Out>(kind, axis, n, vector, out, in);
  }
  std::vector<fftw_iodim64> loops;
  bool negative = false;
  for (int64_t d = 0; d < in.rank; ++d)
    if (d != axis && in.sizes[d] != 1) {
      loops.push_back({in.sizes[d], in.strides[d], out.strides[d]});
      negative |= in.strides[d] < 0;
    }
  if (negative) // (FFTW's loops take no negative strides)
    return blockedTransform<Single, In, Out>(kind, axis, n, -1, out, in);
  auto *input = static_cast<In *>(in.data);
  auto *output = static_cast<Out *>(out.data);
  fftw_iodim64 dim{n, 1, 1};
  SharedPlan plan = planFor<Single>(kind, dim, loops, input, output);
  Fftw<Single>::run(static_cast<typename Fftw<Single>::Plan>(plan.get()), input, output);
}

template <bool Single> void runPrecision(int64_t kind, int64_t axis, const HostView &out,
                                         const HostView &in) {
  using F = Fftw<Single>;
  switch (kind) {
  case kForward:
  case kInverse:
    return transform<Single, typename F::Complex, typename F::Complex>(kind, axis, out, in);
  case kRealForward:
    return transform<Single, typename F::Real, typename F::Complex>(kind, axis, out, in);
  case kRealInverse:
    return transform<Single, typename F::Complex, typename F::Real>(kind, axis, out, in);
  default: throw Error("legato: internal error: no FFT of kind " + std::to_string(kind));
  }
}

template <bool Single, class In, class Out>
void fromGeneratedCode(int64_t kind, int64_t axis, Unranked *out, Unranked *in) {
  try {
    runPrecision<Single>(kind, axis, viewOf<Out>(out), viewOf<In>(in));
  } catch (const Error &e) { // nothing may unwind through generated code
    if (failure.empty())
      failure = e.what();
  }
}

} // namespace

void runFft(int64_t kind, int64_t axis, bool single, const HostView &out, const HostView &in) {
  if (single)
    runPrecision<true>(kind, axis, out, in);
  else
    runPrecision<false>(kind, axis, out, in);
}

void setFftThreads(int threads) { threadsForLarge = std::max(threads, 1); }

std::string takeFftFailure() {
  std::string taken;
  taken.swap(failure);
  return taken;
}

} // namespace legato::runtime

// One entry point per pair of element types; the kind tells forward from
// inverse where both are complex.
#define LEGATO_FFT_ENTRY(name, single, In, Out)                                               \
  void _mlir_ciface_legato_fft_##name(int64_t kind, int64_t axis,                             \
                                      legato::runtime::Unranked *out,                         \
                                      legato::runtime::Unranked *in) {                        \
    legato::runtime::fromGeneratedCode<single, In, Out>(kind, axis, out, in);                 \
  }
extern "C" {
LEGATO_FFT_ENTRY(c2c_f32, true, std::complex<float>, std::complex<float>)
LEGATO_FFT_ENTRY(c2c_f64, false, std::complex<double>, std::complex<double>)
LEGATO_FFT_ENTRY(r2c_f32, true, float, std::complex<float>)
LEGATO_FFT_ENTRY(r2c_f64, false, double, std::complex<double>)
LEGATO_FFT_ENTRY(c2r_f32, true, std::complex<float>, float)
LEGATO_FFT_ENTRY(c2r_f64, false, std::complex<double>, double)
}
#undef LEGATO_FFT_ENTRY

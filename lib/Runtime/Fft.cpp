//===- Fft.cpp - legato.fft's transforms on host memory through FFTW ------===//
//
// One FFTW guru plan per transform: a rank-1 transform along the axis with
// every other axis a "howmany" loop, reading and writing the views in place
// whatever their strides (no transposes, no copies but for views FFTW does
// not take: negative strides, or a broadcast along the axis). Plans are
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

#include <complex>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

namespace legato::runtime {
namespace {

// mlir::legato::FftKind's values.
enum Kind : int64_t { kForward = 0, kInverse = 1, kRealForward = 2, kRealInverse = 3 };

/// FFTW's API of one precision.
template <bool Single> struct Fftw {
  using Real = double;
  using Complex = fftw_complex;
  using Plan = fftw_plan;
  static Plan c2c(const fftw_iodim64 *dim, int hr, const fftw_iodim64 *howmany, Complex *in,
                  Complex *out, int sign, unsigned flags) {
    return fftw_plan_guru64_dft(1, dim, hr, howmany, in, out, sign, flags);
  }
  static Plan r2c(const fftw_iodim64 *dim, int hr, const fftw_iodim64 *howmany, Real *in,
                  Complex *out, unsigned flags) {
    return fftw_plan_guru64_dft_r2c(1, dim, hr, howmany, in, out, flags);
  }
  static Plan c2r(const fftw_iodim64 *dim, int hr, const fftw_iodim64 *howmany, Complex *in,
                  Real *out, unsigned flags) {
    return fftw_plan_guru64_dft_c2r(1, dim, hr, howmany, in, out, flags);
  }
  static void run(Plan p, Complex *in, Complex *out) { fftw_execute_dft(p, in, out); }
  static void run(Plan p, Real *in, Complex *out) { fftw_execute_dft_r2c(p, in, out); }
  static void run(Plan p, Complex *in, Real *out) { fftw_execute_dft_c2r(p, in, out); }
  static int alignmentOf(void *p) { return fftw_alignment_of(static_cast<double *>(p)); }
};

template <> struct Fftw<true> {
  using Real = float;
  using Complex = fftwf_complex;
  using Plan = fftwf_plan;
  static Plan c2c(const fftw_iodim64 *dim, int hr, const fftw_iodim64 *howmany, Complex *in,
                  Complex *out, int sign, unsigned flags) {
    return fftwf_plan_guru64_dft(1, dim, hr, howmany, in, out, sign, flags);
  }
  static Plan r2c(const fftw_iodim64 *dim, int hr, const fftw_iodim64 *howmany, Real *in,
                  Complex *out, unsigned flags) {
    return fftwf_plan_guru64_dft_r2c(1, dim, hr, howmany, in, out, flags);
  }
  static Plan c2r(const fftw_iodim64 *dim, int hr, const fftw_iodim64 *howmany, Complex *in,
                  Real *out, unsigned flags) {
    return fftwf_plan_guru64_dft_c2r(1, dim, hr, howmany, in, out, flags);
  }
  static void run(Plan p, Complex *in, Complex *out) { fftwf_execute_dft(p, in, out); }
  static void run(Plan p, Real *in, Complex *out) { fftwf_execute_dft_r2c(p, in, out); }
  static void run(Plan p, Complex *in, Real *out) { fftwf_execute_dft_c2r(p, in, out); }
  static int alignmentOf(void *p) { return fftwf_alignment_of(static_cast<float *>(p)); }
};

thread_local std::string failure;

/// Plans by geometry: kind, precision, the transform's and the loops'
/// (length, input stride, output stride) and both arrays' alignments. The
/// planner is not thread-safe; execution is.
std::mutex plannerMutex;
std::map<std::vector<int64_t>, void *> plans;
constexpr size_t kMaxPlans = 1024; // past this the cache starts over (plans leak: FFTW keeps
                                   // its own tables; geometries that many are unusual)

/// `view` copied into a contiguous array of `elementBytes`-byte elements.
std::vector<char> contiguousCopy(const HostView &view, size_t elementBytes) {
  int64_t count = 1;
  for (int64_t d = 0; d < view.rank; ++d)
    count *= view.sizes[d];
  std::vector<char> copy(size_t(count) * elementBytes);
  std::vector<int64_t> index(view.rank, 0);
  const char *base = static_cast<const char *>(view.data);
  for (int64_t i = 0; i < count; ++i) {
    int64_t offset = 0;
    for (int64_t d = 0; d < view.rank; ++d)
      offset += index[d] * view.strides[d];
    std::memcpy(copy.data() + size_t(i) * elementBytes, base + offset * int64_t(elementBytes),
                elementBytes);
    for (int64_t d = view.rank - 1; d >= 0 && ++index[d] == view.sizes[d]; --d)
      index[d] = 0;
  }
  return copy;
}

std::vector<int64_t> rowMajorStrides(const HostView &view) {
  std::vector<int64_t> strides(view.rank, 1);
  for (int64_t d = view.rank - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * view.sizes[d + 1];
  return strides;
}

template <bool Single, class In, class Out>
void transform(int64_t kind, int64_t axis, const HostView &out, const HostView &inView) {
  using F = Fftw<Single>;
  for (int64_t d = 0; d < out.rank; ++d)
    if (out.sizes[d] == 0 || inView.sizes[d] == 0)
      return;
  // Views FFTW does not take are read from a copy.
  HostView in = inView;
  std::vector<char> copy;
  std::vector<int64_t> copyStrides;
  bool unusual = in.strides[axis] == 0;
  for (int64_t d = 0; d < in.rank; ++d)
    unusual |= in.strides[d] < 0;
  if (unusual) {
    copy = contiguousCopy(in, sizeof(In));
    copyStrides = rowMajorStrides(in);
    in = {copy.data(), in.rank, in.sizes, copyStrides.data()};
  }
  int64_t n = kind == kRealInverse ? out.sizes[axis] : in.sizes[axis];
  fftw_iodim64 dim{n, in.strides[axis], out.strides[axis]};
  std::vector<fftw_iodim64> loops;
  for (int64_t d = 0; d < in.rank; ++d)
    if (d != axis && in.sizes[d] != 1)
      loops.push_back({in.sizes[d], in.strides[d], out.strides[d]});
  auto *input = static_cast<In *>(in.data);
  auto *output = static_cast<Out *>(out.data);
  std::vector<int64_t> key{kind, Single, dim.n, dim.is, dim.os, F::alignmentOf(input),
                           F::alignmentOf(output)};
  for (const fftw_iodim64 &l : loops)
    key.insert(key.end(), {l.n, l.is, l.os});
  typename F::Plan plan;
  {
    std::lock_guard<std::mutex> lock(plannerMutex);
    void *&cached = plans[key];
    if (!cached) {
      int hr = int(loops.size());
      unsigned flags = FFTW_ESTIMATE | FFTW_PRESERVE_INPUT;
      if constexpr (std::is_same_v<In, typename F::Real>)
        cached = F::r2c(&dim, hr, loops.data(), input, output, flags);
      else if constexpr (std::is_same_v<Out, typename F::Real>)
        cached = F::c2r(&dim, hr, loops.data(), input, output, flags);
      else
        cached = F::c2c(&dim, hr, loops.data(), input, output,
                        kind == kForward ? FFTW_FORWARD : FFTW_BACKWARD, flags);
      if (!cached) {
        plans.erase(key);
        throw Error("legato: internal error: FFTW made no plan for a transform of length " +
                    std::to_string(n));
      }
    }
    plan = static_cast<typename F::Plan>(cached);
    if (plans.size() > kMaxPlans)
      plans.clear();
  }
  F::run(plan, input, output);
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

//===- Fft.h - the runtime's FFT step of legato.fft ------------*- C++ -*-===//
//
// `legato.fft` (Dialect/Legato/IR/LegatoOps.td: its kinds) runs here on
// host memory through FFTW: generated CPU code calls the
// `_mlir_ciface_legato_fft_<c2c|r2c|c2r>_<f32|f64>` entry points with memref
// descriptors; other backends stage their buffers through the host and
// call `runFft`.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_RUNTIME_FFT_H
#define LEGATO_RUNTIME_FFT_H

#include "Runtime/HostView.h"

#include <cstdint>
#include <string>

namespace legato::runtime {

/// Transform `kind` (mlir::legato::FftKind's value) of every line of `in`
/// along `axis`, unnormalized, into `out` (any strides); `single`: f32 /
/// complex<f32> elements, else f64 / complex<f64>. The input is not written.
void runFft(int64_t kind, int64_t axis, bool single, const HostView &out, const HostView &in);

/// Transforms of at least 2^16 elements run on `threads` threads (FFTW's
/// own pool; the CPU backend passes its thread count), smaller ones on one.
void setFftThreads(int threads);

/// The first failure recorded on this thread by generated code's calls
/// since the last call ("" when none), cleared.
std::string takeFftFailure();

} // namespace legato::runtime

#endif // LEGATO_RUNTIME_FFT_H

//===- FftBindings.cpp - legato::fft as `_core.fft_<name>` ----------------===//
//
// The C++ np.fft (legato/legato.h, namespace legato::fft), one binding per
// function, in the C++ API's forms: n = -1 for the default length, s = []
// for the input's shape, axes = None for NumPy's default, norm one of
// NumPy's names ("backward", "ortho", "forward"; a legato.ValueError
// otherwise). python/legato/numpy/fft.py gives them NumPy's signatures.
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"

#include <pybind11/stl.h>

namespace legato::python {

void bindFft(py::module_ &m) {
  namespace f = legato::fft;
  using Axes = std::vector<int64_t>;
  using OptionalAxes = std::optional<std::vector<int64_t>>;
  // The 1-D transforms: (a, n, axis, norm).
#define LEGATO_FFT_1D(name)                                                                        \
  m.def("fft_" #name, [](const Array &a, int64_t n, int64_t axis, const std::string &norm) {       \
    return f::name(a, n, axis, f::normFromString(norm));                                           \
  })
  LEGATO_FFT_1D(fft);
  LEGATO_FFT_1D(ifft);
  LEGATO_FFT_1D(rfft);
  LEGATO_FFT_1D(irfft);
  LEGATO_FFT_1D(hfft);
  LEGATO_FFT_1D(ihfft);
#undef LEGATO_FFT_1D
  // Over several axes: (a, s, axes or None, norm).
#define LEGATO_FFT_ND(name)                                                                        \
  m.def("fft_" #name,                                                                              \
        [](const Array &a, const Axes &s, const OptionalAxes &axes, const std::string &norm) {     \
          return f::name(a, s, axes, f::normFromString(norm));                                     \
        })
  LEGATO_FFT_ND(fftn);
  LEGATO_FFT_ND(ifftn);
  LEGATO_FFT_ND(rfftn);
  LEGATO_FFT_ND(irfftn);
#undef LEGATO_FFT_ND
  // The 2-D forms: (a, s, axes, norm).
#define LEGATO_FFT_2D(name)                                                                        \
  m.def("fft_" #name,                                                                              \
        [](const Array &a, const Axes &s, const Axes &axes, const std::string &norm) {             \
          return f::name(a, s, axes, f::normFromString(norm));                                     \
        })
  LEGATO_FFT_2D(fft2);
  LEGATO_FFT_2D(ifft2);
  LEGATO_FFT_2D(rfft2);
  LEGATO_FFT_2D(irfft2);
#undef LEGATO_FFT_2D
  m.def("fft_fftfreq", [](int64_t n, double d) { return f::fftfreq(n, d); });
  m.def("fft_rfftfreq", [](int64_t n, double d) { return f::rfftfreq(n, d); });
  m.def("fft_fftshift", [](const Array &a, const Axes &axes) { return f::fftshift(a, axes); });
  m.def("fft_ifftshift", [](const Array &a, const Axes &axes) { return f::ifftshift(a, axes); });
}

} // namespace legato::python

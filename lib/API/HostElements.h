//===- HostElements.h - array elements as C++ values -------------*- C++ -*-===//
//
// The C++ type that holds an element of each dtype in host memory (bool as
// one byte, float16 as GCC's _Float16, complex numbers as std::complex), and
// NumPy's casts between them for host reads (to_vector, item, a NumPy
// array's copy).
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_API_HOSTELEMENTS_H
#define LEGATO_API_HOSTELEMENTS_H

#include "legato/legato.h"

#include <complex>
#include <cstdint>

namespace legato::detail {

/// Calls `f(T{})` with the host type T of dtype `t`.
template <class F> decltype(auto) visitHostType(DType t, F &&f) {
  switch (t) {
  case DType::bool_: return f(bool{});
  case DType::i8: return f(int8_t{});
  case DType::i16: return f(int16_t{});
  case DType::i32: return f(int32_t{});
  case DType::i64: return f(int64_t{});
  case DType::u8: return f(uint8_t{});
  case DType::u16: return f(uint16_t{});
  case DType::u32: return f(uint32_t{});
  case DType::u64: return f(uint64_t{});
  case DType::f16: return f(_Float16{});
  case DType::f32: return f(float{});
  case DType::c64: return f(std::complex<float>{});
  case DType::c128: return f(std::complex<double>{});
  case DType::f64: break;
  }
  return f(double{});
}

/// Copies `count` elements of dtype `from` at `src` to `dst` as dtype
/// `to`, cast as NumPy casts: to bool is `!= 0`; a complex number to a real
/// type is its real part (NumPy warns); a float to an integer
/// truncates, and NaN or a value past int64 gives int64's minimum (as the
/// x86 conversion NumPy's casts compile to); integers wrap.
void convertElements(const void *src, DType from, void *dst, DType to, int64_t count);

} // namespace legato::detail

#endif // LEGATO_API_HOSTELEMENTS_H

//===- HostElements.cpp - NumPy's casts of host elements -------------------===//
#include "API/HostElements.h"

#include <limits>
#include <type_traits>

namespace legato::detail {

namespace {

template <class T> constexpr bool isFloatHost = std::is_floating_point_v<T> || std::is_same_v<T, _Float16>;
template <class T> struct IsComplex : std::false_type {};
template <class T> struct IsComplex<std::complex<T>> : std::true_type {};

template <class To, class From> To castElement(From v) {
  if constexpr (std::is_same_v<To, bool>) {
    return v != From(0);
  } else if constexpr (IsComplex<From>::value && IsComplex<To>::value) {
    return To(typename To::value_type(v.real()), typename To::value_type(v.imag()));
  } else if constexpr (IsComplex<From>::value) { // (the real part)
    return castElement<To>(v.real());
  } else if constexpr (IsComplex<To>::value) {
    return To(castElement<typename To::value_type>(v), 0);
  } else if constexpr (isFloatHost<From> && !isFloatHost<To>) {
    double d = double(v);
    if (std::is_same_v<To, uint64_t> && d >= 9223372036854775808.0 && d < 18446744073709551616.0)
      return To(uint64_t(d));
    bool inRange = d >= -9223372036854775808.0 && d < 9223372036854775808.0;
    return To(inRange ? int64_t(d) : std::numeric_limits<int64_t>::min());
  } else {
    return To(v);
  }
}

} // namespace

void convertElements(const void *src, DType from, void *dst, DType to, int64_t count) {
  visitHostType(from, [&](auto s) {
    using From = std::conditional_t<std::is_same_v<decltype(s), bool>, uint8_t, decltype(s)>;
    visitHostType(to, [&](auto d) {
      using To = decltype(d);
      const From *in = static_cast<const From *>(src);
      To *out = static_cast<To *>(dst);
      for (int64_t i = 0; i < count; ++i)
        out[i] = castElement<To>(in[i]);
    });
  });
}

} // namespace legato::detail

//===- dtypes_test.cpp - NumPy's dtypes through the C++ API ---------------===//
//
// int8, int16, uint8-uint64 and float16 beside the first five: NumPy's
// promotion table (hand-written here from NumPy 2's documented table),
// wraparound, unsigned comparisons and divisions, float16 computed in
// float32, host reads of every pair of dtypes. The NumPy differential
// suite (test/numpy, suite "dtypes") and the Python suite compare the same
// against NumPy itself. Each test runs in every mode (LegatoTestModes).
//
//===----------------------------------------------------------------------===//

#include "test_support.h"

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <vector>

namespace {

using legato::Array;
using legato::DType;

::testing::Environment *const runtime_env =
    ::testing::AddGlobalTestEnvironment(new legato_test::RuntimeEnvironment);

/// f(inputs), run directly or traced by legato::jit in jit mode.
Array run(const std::vector<Array> &inputs, std::function<Array(const std::vector<Array> &)> f) {
  legato_test::Body body = [&](const std::vector<Array> &in) { return std::vector<Array>{f(in)}; };
  return legato_test::jit_mode() ? legato_test::call_jit(body, inputs)[0] : body(inputs)[0];
}

TEST(DTypes, NamesAndSizes) {
  const std::vector<std::pair<DType, const char *>> names{
      {legato::i8, "int8"},    {legato::i16, "int16"},   {legato::u8, "uint8"},
      {legato::u16, "uint16"}, {legato::u32, "uint32"},  {legato::u64, "uint64"},
      {legato::f16, "float16"}};
  for (auto [t, name] : names)
    EXPECT_EQ(legato::dtype_name(t), name);
  EXPECT_EQ(legato::dtype_size(legato::i8), 1);
  EXPECT_EQ(legato::dtype_size(legato::u16), 2);
  EXPECT_EQ(legato::dtype_size(legato::f16), 2);
  EXPECT_EQ(legato::dtype_size(legato::u32), 4);
  EXPECT_EQ(legato::dtype_size(legato::u64), 8);
}

TEST(DTypes, PromotionTable) {
  // NumPy 2's promote_types, written out by hand.
  struct Case {
    DType a, b, result;
  };
  const std::vector<Case> cases{
      {legato::u8, legato::i8, legato::i16},     {legato::u8, legato::i16, legato::i16},
      {legato::u16, legato::i16, legato::i32},   {legato::u32, legato::i32, legato::i64},
      {legato::u64, legato::i64, legato::f64},   {legato::u64, legato::i8, legato::f64},
      {legato::u8, legato::u32, legato::u32},    {legato::i8, legato::i64, legato::i64},
      {legato::i8, legato::f16, legato::f16},    {legato::u8, legato::f16, legato::f16},
      {legato::i16, legato::f16, legato::f32},   {legato::u16, legato::f32, legato::f32},
      {legato::i32, legato::f16, legato::f64},   {legato::i32, legato::f32, legato::f64},
      {legato::u64, legato::f16, legato::f64},   {legato::f16, legato::f32, legato::f32},
      {legato::bool_, legato::u8, legato::u8},   {legato::bool_, legato::f16, legato::f16}};
  for (const Case &c : cases) {
    Array x = legato::ones({2}, c.a), y = legato::ones({2}, c.b);
    Array sum = run({x, y}, [](auto &in) { return in[0] + in[1]; });
    EXPECT_EQ(sum.dtype(), c.result) << legato::dtype_name(c.a) << " + " << legato::dtype_name(c.b);
    EXPECT_EQ(sum.to_vector<double>(), (std::vector<double>{2, 2}));
  }
}

TEST(DTypes, WeakScalarsKeepTheArraysType) {
  Array u8 = legato::full({2}, 250, legato::u8);
  EXPECT_EQ(run({u8}, [](auto &in) { return in[0] + 10; }).to_vector<uint8_t>(),
            (std::vector<uint8_t>{4, 4})); // 260 wraps to 4
  EXPECT_EQ(run({u8}, [](auto &in) { return in[0] * 2.0; }).dtype(), legato::f64);
  Array h = legato::full({2}, 1.5, legato::f16);
  EXPECT_EQ(run({h}, [](auto &in) { return in[0] * 2.0; }).dtype(), legato::f16);
}

TEST(DTypes, IntegersWrap) {
  Array i8 = legato::from_vector<int8_t>({-128, 127, 100}, {3});
  EXPECT_EQ(run({i8}, [](auto &in) { return in[0] + in[0]; }).to_vector<int8_t>(),
            (std::vector<int8_t>{0, -2, -56}));
  EXPECT_EQ(run({i8}, [](auto &in) { return -in[0]; }).to_vector<int8_t>(),
            (std::vector<int8_t>{-128, -127, -100}));
  EXPECT_EQ(run({i8}, [](auto &in) { return legato::floor_divide(in[0], -1); }).to_vector<int8_t>(),
            (std::vector<int8_t>{-128, -127, -100})); // MIN // -1 wraps to MIN, as NumPy
  uint64_t top = std::numeric_limits<uint64_t>::max();
  Array u64 = legato::from_vector<uint64_t>({top, uint64_t(1) << 63, 5}, {3});
  EXPECT_EQ(run({u64}, [](auto &in) { return in[0] + in[0]; }).to_vector<uint64_t>(),
            (std::vector<uint64_t>{top - 1, 0, 10}));
}

TEST(DTypes, UnsignedValuesCompareAndDivideAsUnsigned) {
  uint64_t big = (uint64_t(1) << 63) + 8;
  Array x = legato::from_vector<uint64_t>({big, 3, 200}, {3});
  Array y = legato::from_vector<uint64_t>({3, big, 7}, {3});
  EXPECT_EQ(run({x, y}, [](auto &in) { return in[0] > in[1]; }).to_vector<bool>(),
            (std::vector<bool>{true, false, true}));
  EXPECT_EQ(run({x, y}, [](auto &in) { return legato::maximum(in[0], in[1]); })
                .to_vector<uint64_t>(),
            (std::vector<uint64_t>{big, big, 200}));
  EXPECT_EQ(run({x, y}, [](auto &in) { return legato::floor_divide(in[0], in[1]); })
                .to_vector<uint64_t>(),
            (std::vector<uint64_t>{big / 3, 0, 28}));
  EXPECT_EQ(run({x, y}, [](auto &in) { return in[0] % in[1]; }).to_vector<uint64_t>(),
            (std::vector<uint64_t>{big % 3, 3, 4}));
  EXPECT_EQ(run({x}, [](auto &in) { return legato::max(in[0]); }).item<uint64_t>(), big);
  EXPECT_EQ(run({x}, [](auto &in) { return legato::argmax(in[0]); }).item<int64_t>(), 0);
  EXPECT_EQ(run({x}, [](auto &in) { return in[0].astype(legato::f64); }).to_vector<double>(),
            (std::vector<double>{double(big), 3, 200}));
  Array u8 = legato::from_vector<uint8_t>({200, 7, 0}, {3});
  Array zero = legato::zeros({3}, legato::u8);
  EXPECT_EQ(run({u8}, [](auto &in) { return legato::right_shift(in[0], 1); }).to_vector<uint8_t>(),
            (std::vector<uint8_t>{100, 3, 0})); // logical: 200 is not -56
  EXPECT_EQ(run({u8, zero}, [](auto &in) { return legato::floor_divide(in[0], in[1]); })
                .to_vector<uint8_t>(),
            (std::vector<uint8_t>{0, 0, 0})); // NumPy: x // 0 is 0
  EXPECT_EQ(run({u8}, [](auto &in) { return legato::sort(in[0]); }).to_vector<uint8_t>(),
            (std::vector<uint8_t>{0, 7, 200}));
}

TEST(DTypes, ComparisonsWithIntegersOutOfRangeAreByValue) {
  // NumPy 2: uint8 values are all below 300 and above -1, none equals 300.
  Array u8 = legato::from_vector<uint8_t>({0, 255}, {2});
  EXPECT_EQ(run({u8}, [](auto &in) { return in[0] < 300; }).to_vector<bool>(),
            (std::vector<bool>{true, true}));
  EXPECT_EQ(run({u8}, [](auto &in) { return in[0] == 300; }).to_vector<bool>(),
            (std::vector<bool>{false, false}));
  EXPECT_EQ(run({u8}, [](auto &in) { return -1 >= in[0]; }).to_vector<bool>(),
            (std::vector<bool>{false, false}));
  EXPECT_EQ(run({u8}, [](auto &in) { return in[0] != -1; }).to_vector<bool>(),
            (std::vector<bool>{true, true}));
}

TEST(DTypes, SumsWidenAsNumPys) {
  Array u8 = legato::full({300}, 255, legato::u8);
  Array s = run({u8}, [](auto &in) { return legato::sum(in[0]); });
  EXPECT_EQ(s.dtype(), legato::u64);
  EXPECT_EQ(s.item<uint64_t>(), 300u * 255u);
  Array i16 = legato::full({3}, -30000, legato::i16);
  Array c = run({i16}, [](auto &in) { return legato::cumsum(in[0]); });
  EXPECT_EQ(c.dtype(), legato::i64);
  EXPECT_EQ(c.to_vector<int64_t>(), (std::vector<int64_t>{-30000, -60000, -90000}));
}

TEST(DTypes, Float16AccumulatesInFloat32) {
  // 1 + 2048 rounds to 2048 in float16: a float16 running sum of 10000 ones
  // would stop there; NumPy (and legato) add in float32.
  Array ones = legato::ones({10000}, legato::f16);
  Array s = run({ones}, [](auto &in) { return legato::sum(in[0]); });
  EXPECT_EQ(s.dtype(), legato::f16);
  EXPECT_EQ(s.item<float>(), 10000.0f);
  EXPECT_EQ(run({ones}, [](auto &in) { return legato::mean(in[0]); }).item<float>(), 1.0f);
}

TEST(DTypes, FloatFunctionsOfSmallTypes) {
  // NumPy: float16 for bool and 8-bit integers, float32 for 16-bit ones.
  Array b = legato::ones({2}, legato::bool_), u8 = legato::full({2}, 4, legato::u8);
  Array i16 = legato::full({2}, 4, legato::i16);
  Array e = run({b}, [](auto &in) { return legato::exp(in[0]); });
  EXPECT_EQ(e.dtype(), legato::f16);
  EXPECT_NEAR(e.to_vector<float>()[0], 2.71875f, 0); // e rounded to float16
  EXPECT_EQ(run({u8}, [](auto &in) { return legato::sqrt(in[0]); }).to_vector<float>(),
            (std::vector<float>{2, 2}));
  EXPECT_EQ(run({i16}, [](auto &in) { return legato::sqrt(in[0]); }).dtype(), legato::f32);
  Array p = run({b, b}, [](auto &in) { return legato::pow(in[0], in[1]); });
  EXPECT_EQ(p.dtype(), legato::i8); // bool ** bool
}

TEST(DTypes, HostReadsConvertBetweenEveryPair) {
  for (DType from : legato::all_dtypes)
    for (DType to : legato::all_dtypes) {
      Array a = legato::from_vector<int64_t>({0, 1, 5}, {3}).astype(from);
      Array b = run({a}, [to](auto &in) { return in[0].astype(to); });
      EXPECT_EQ(b.dtype(), to);
      std::vector<double> want = from == DType::bool_ || to == DType::bool_
                                     ? std::vector<double>{0, 1, 1}
                                     : std::vector<double>{0, 1, 5};
      EXPECT_EQ(b.to_vector<double>(), want)
          << legato::dtype_name(from) << " -> " << legato::dtype_name(to);
    }
}

TEST(DTypes, Float16BitsInAndOut) {
  // 0x3C00 is 1.0, 0xC000 -2.0, 0x7BFF 65504 (the largest), 0x0001 2^-24.
  std::vector<uint16_t> bits{0x3C00, 0xC000, 0x7BFF, 0x0001};
  Array h = legato::from_buffer(bits.data(), legato::f16, {4});
  EXPECT_EQ(h.to_vector<double>(), (std::vector<double>{1, -2, 65504, 0x1p-24}));
  std::vector<uint16_t> back(4);
  run({h}, [](auto &in) { return in[0] * 1.0; }).copy_to_host(back.data(), legato::f16);
  EXPECT_EQ(back, bits);
  // 65504 * 2 overflows float16 to inf, as NumPy's.
  EXPECT_EQ(run({h}, [](auto &in) { return in[0] * 2.0; }).to_vector<double>()[2],
            std::numeric_limits<double>::infinity());
}

TEST(DTypes, ComplexArithmeticAndParts) {
  using C = std::complex<double>;
  Array z = legato::from_vector<C>({C(1, 2), C(3, 4), C(0, -1)}, {3});
  Array w = legato::from_vector<C>({C(3, -1), C(1, 0), C(0, 1)}, {3});
  EXPECT_EQ(run({z, w}, [](auto &in) { return in[0] * in[1]; }).to_vector<C>(),
            (std::vector<C>{C(5, 5), C(3, 4), C(1, 0)})); // (1+2i)(3-i) = 5+5i
  Array m = run({z}, [](auto &in) { return legato::abs(in[0]); });
  EXPECT_EQ(m.dtype(), legato::f64);
  EXPECT_EQ(m.to_vector<double>()[1], 5.0);
  EXPECT_EQ(run({z}, [](auto &in) { return legato::imag(in[0]); }).to_vector<double>(),
            (std::vector<double>{2, 4, -1}));
  EXPECT_EQ(run({z}, [](auto &in) { return legato::conj(in[0]); }).to_vector<C>(),
            (std::vector<C>{C(1, -2), C(3, -4), C(0, 1)}));
  EXPECT_EQ(run({z}, [](auto &in) { return legato::sum(in[0]); }).item<C>(), C(4, 5));
  // Ordered by real parts, then imaginary parts: 1+2i < 3+4i, 0-i < 1+2i.
  EXPECT_EQ(run({z, w}, [](auto &in) { return in[0] < in[1]; }).to_vector<bool>(),
            (std::vector<bool>{true, false, true}));
}

TEST(DTypes, ComplexPromotion) {
  Array c = legato::ones({2}, legato::c64);
  EXPECT_EQ((c + legato::ones({2}, legato::f64)).dtype(), legato::c128);
  EXPECT_EQ((c + legato::ones({2}, legato::i16)).dtype(), legato::c64);
  EXPECT_EQ((c + legato::ones({2}, legato::i32)).dtype(), legato::c128);
  EXPECT_EQ((legato::ones({2}, legato::f32) * std::complex<double>(0, 1)).dtype(), legato::c64);
  EXPECT_EQ((legato::ones({2}, legato::i64) * std::complex<double>(0, 1)).dtype(), legato::c128);
  EXPECT_THROW(legato::floor_divide(c, c), legato::TypeError);
}

TEST(DTypes, ComplexOrdering) {
  // NumPy 2's order: real parts, then imaginary parts. Of 1+2i, 1+3i, 0+9i,
  // -1-1i: the maximum is 1+3i (index 1), the minimum -1-1i (index 3); a
  // NaN in either part propagates.
  std::vector<std::complex<double>> v{{1, 2}, {1, 3}, {0, 9}, {-1, -1}};
  Array z = legato::from_vector(v, {4});
  auto r = run({z}, [](auto &in) {
    return legato::concatenate({legato::reshape(legato::max(in[0]), {1}),
                                legato::reshape(legato::min(in[0]), {1}),
                                legato::maximum(in[0], legato::flip(in[0], 0))});
  });
  auto got = r.to_vector<std::complex<double>>();
  std::vector<std::complex<double>> want{{1, 3}, {-1, -1}, {1, 2}, {1, 3}, {1, 3}, {1, 2}};
  EXPECT_EQ(got, want);
  EXPECT_EQ(legato::argmax(z).item<int64_t>(), 1);
  EXPECT_EQ(legato::argmin(z).item<int64_t>(), 3);
  v[2] = {0, std::nan("")};
  Array withNaN = legato::from_vector(v, {4});
  EXPECT_TRUE(std::isnan(legato::max(withNaN).to_vector<std::complex<double>>()[0].imag()));
  EXPECT_EQ(legato::argmin(withNaN).item<int64_t>(), 2);
}

} // namespace

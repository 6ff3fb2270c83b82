//===- sort_test.cpp - the runtime's sort step of legato.sort -------------===//
//
// The entry points generated code calls, on hand-built memref descriptors:
// against hand-computed orders (NaN last, -0 equal to 0, float16 bits,
// integer extremes) and against std::stable_sort with NumPy's order written
// out here, for every thread count from 1 to 5 (the chunked sort of one
// long line and its merges, lines shared out among threads), strided input
// and output lines.
//
//===----------------------------------------------------------------------===//
#include "Runtime/Sort.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

using namespace legato::runtime;

namespace {

/// A memref descriptor of rank 2 over `data` (sizes and strides in
/// elements), passed as generated code passes an unranked memref.
struct Descriptor2 {
  void *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
};

template <class T> Unranked unranked(Descriptor2 &d, T *data, int64_t rows, int64_t cols,
                                     int64_t rowStride, int64_t colStride) {
  d = {data, data, 0, {rows, cols}, {rowStride, colStride}};
  return {2, &d};
}

/// NumPy's order on doubles: numbers ascending, NaN after them.
bool numpyLess(double a, double b) { return std::isnan(b) ? !std::isnan(a) : a < b; }

/// Positions sorting each row of `x` (rows x n, row-major), stably.
template <class T, class Less>
std::vector<int64_t> stablePositions(const std::vector<T> &x, int64_t rows, int64_t n, Less less) {
  std::vector<int64_t> p(size_t(rows * n));
  for (int64_t r = 0; r < rows; ++r) {
    auto begin = p.begin() + r * n;
    std::iota(begin, begin + n, 0);
    std::stable_sort(begin, begin + n,
                     [&](int64_t i, int64_t j) { return less(x[r * n + i], x[r * n + j]); });
  }
  return p;
}

/// Sorts the rows of `x` along axis 1 (values and positions) with the
/// entry points and checks them against stable positions.
void checkRowsF64(const std::vector<double> &x, int64_t rows, int64_t n) {
  std::vector<double> in = x, out(x.size());
  std::vector<int64_t> positions(x.size());
  Descriptor2 di, dout, dpos;
  Unranked uin = unranked(di, in.data(), rows, n, n, 1);
  Unranked uout = unranked(dout, out.data(), rows, n, n, 1);
  Unranked upos = unranked(dpos, positions.data(), rows, n, n, 1);
  _mlir_ciface_legato_sort_f64(1, &uout, &uin);
  _mlir_ciface_legato_argsort_f64(1, &upos, &uin);
  EXPECT_EQ(std::memcmp(in.data(), x.data(), x.size() * sizeof(double)), 0)
      << "the input was written";
  std::vector<int64_t> expected = stablePositions(x, rows, n, numpyLess);
  EXPECT_EQ(positions, expected);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t i = 0; i < n; ++i) {
      double want = x[r * n + expected[r * n + i]], got = out[r * n + i];
      ASSERT_TRUE(std::isnan(want) ? std::isnan(got) : want == got)
          << "row " << r << " element " << i << ": " << got << " instead of " << want;
    }
}

class SortThreads : public ::testing::TestWithParam<int> {
protected:
  void SetUp() override { setSortThreads(GetParam()); }
  void TearDown() override { setSortThreads(1); }
};

TEST_P(SortThreads, OneLongLineInChunksAndManyLines) {
  std::mt19937_64 random(42);
  std::uniform_int_distribution<int> small(-50, 50);
  for (auto [rows, n] : {std::pair<int64_t, int64_t>{1, 100003}, {3, 40000}, {64, 700},
                         {1, 1}, {2, 5}}) {
    std::vector<double> x(size_t(rows * n));
    // Many ties (stability), NaNs, both zeros.
    for (double &v : x) {
      int k = small(random);
      v = k == 50 ? std::nan("") : k == 49 ? -0.0 : k == 48 ? 0.0 : double(k % 17);
    }
    checkRowsF64(x, rows, n);
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, SortThreads, ::testing::Values(1, 2, 3, 4, 5));

TEST(Sort, HandComputedFloatOrder) {
  double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  std::vector<double> x = {nan, 2.0, -0.0, -inf, 0.0, inf, nan, -1.5};
  std::vector<int64_t> positions(x.size());
  Descriptor2 di, dp;
  Unranked uin = unranked(di, x.data(), 1, 8, 8, 1);
  Unranked up = unranked(dp, positions.data(), 1, 8, 8, 1);
  _mlir_ciface_legato_argsort_f64(1, &up, &uin);
  // -inf, -1.5, then -0.0 and 0.0 equal (original order), 2, inf, the NaNs.
  EXPECT_EQ(positions, (std::vector<int64_t>{3, 7, 2, 4, 1, 5, 0, 6}));
}

TEST(Sort, Float16ByItsBits) {
  // -inf, -2, -0, +0, 1, 65504, inf, NaN as binary16 bits, shuffled.
  std::vector<uint16_t> bits = {0x7e00, 0x3c00, 0x8000, 0xfc00, 0x7bff, 0x0000, 0xc000, 0x7c00};
  std::vector<uint16_t> sorted(bits.size());
  std::vector<int64_t> positions(bits.size());
  Descriptor2 di, ds, dp;
  auto *in = reinterpret_cast<Half *>(bits.data());
  Unranked uin = unranked(di, in, 1, 8, 8, 1);
  Unranked us = unranked(ds, reinterpret_cast<Half *>(sorted.data()), 1, 8, 8, 1);
  Unranked up = unranked(dp, positions.data(), 1, 8, 8, 1);
  _mlir_ciface_legato_sort_f16(1, &us, &uin);
  _mlir_ciface_legato_argsort_f16(1, &up, &uin);
  EXPECT_EQ(positions, (std::vector<int64_t>{3, 6, 2, 5, 1, 4, 7, 0}));
  // The zeros tie: either order is sorted; the rest is fixed.
  EXPECT_EQ(sorted[0], 0xfc00);
  EXPECT_EQ(sorted[1], 0xc000);
  EXPECT_EQ(sorted[2] & 0x7fff, 0);
  EXPECT_EQ(sorted[3] & 0x7fff, 0);
  EXPECT_EQ((std::vector<uint16_t>(sorted.begin() + 4, sorted.end())),
            (std::vector<uint16_t>{0x3c00, 0x7bff, 0x7c00, 0x7e00}));
}

TEST(Sort, IntegerExtremesAndUnsigned) {
  std::vector<int8_t> i8 = {127, -128, 0, -1, 1};
  std::vector<uint64_t> u64 = {~uint64_t(0), 0, uint64_t(1) << 63, 5};
  std::vector<int8_t> si8(i8.size());
  std::vector<uint64_t> su64(u64.size());
  Descriptor2 a, b, c, d;
  Unranked ui8 = unranked(a, i8.data(), 1, 5, 5, 1), usi8 = unranked(b, si8.data(), 1, 5, 5, 1);
  Unranked uu = unranked(c, u64.data(), 1, 4, 4, 1), usu = unranked(d, su64.data(), 1, 4, 4, 1);
  _mlir_ciface_legato_sort_i8(1, &usi8, &ui8);
  _mlir_ciface_legato_sort_u64(1, &usu, &uu);
  EXPECT_EQ(si8, (std::vector<int8_t>{-128, -1, 0, 1, 127}));
  EXPECT_EQ(su64, (std::vector<uint64_t>{0, 5, uint64_t(1) << 63, ~uint64_t(0)}));
}

TEST(Sort, StridedLinesBothWays) {
  // A 3 x 4 matrix sorted along axis 0 (lines of stride 4), into the
  // transposed layout of a 3 x 4 output (column-major: strides 1 and 3).
  std::vector<int32_t> x = {5, 1, 9, 0,  //
                            3, 7, 2, 0,  //
                            4, 6, 8, 0};
  std::vector<int32_t> out(12, -1);
  std::vector<int64_t> positions(12, -1);
  Descriptor2 di, dout, dp;
  Unranked uin = unranked(di, x.data(), 3, 4, 4, 1);
  Unranked uout = unranked(dout, out.data(), 3, 4, 1, 3);
  Unranked up = unranked(dp, positions.data(), 3, 4, 1, 3);
  for (int threads : {1, 3}) {
    setSortThreads(threads);
    _mlir_ciface_legato_sort_i32(0, &uout, &uin);
    _mlir_ciface_legato_argsort_i32(0, &up, &uin);
    // Column-major: column j is out[3j .. 3j+2].
    EXPECT_EQ(out, (std::vector<int32_t>{3, 4, 5, 1, 6, 7, 2, 8, 9, 0, 0, 0}));
    EXPECT_EQ(positions, (std::vector<int64_t>{1, 2, 0, 0, 2, 1, 1, 2, 0, 0, 1, 2}));
  }
  setSortThreads(1);
}

TEST(Sort, PartitionAtKthPositions) {
  // One line of 9 with a NaN: kth 0, 4, 8 (8: in the NaN, last).
  double nan = std::nan("");
  std::vector<double> x = {7, 3, nan, 1, 8, 2, 6, 5, 4}, out(9);
  std::vector<int64_t> positions(9), kth = {0, 4, 8};
  Descriptor2 di, dout, dp;
  Unranked uin = unranked(di, x.data(), 1, 9, 9, 1);
  Unranked uout = unranked(dout, out.data(), 1, 9, 9, 1);
  Unranked up = unranked(dp, positions.data(), 1, 9, 9, 1);
  struct {
    void *allocated, *aligned;
    int64_t offset, size, stride;
  } k = {kth.data(), kth.data(), 0, 3, 1};
  Unranked uk = {1, &k};
  _mlir_ciface_legato_partition_f64(1, &uout, &uin, &uk);
  _mlir_ciface_legato_argpartition_f64(1, &up, &uin, &uk);
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[4], 5);
  EXPECT_TRUE(std::isnan(out[8]));
  for (int i = 1; i < 4; ++i)
    EXPECT_TRUE(out[i] > 1 && out[i] < 5) << out[i];
  for (int i = 5; i < 8; ++i)
    EXPECT_TRUE(out[i] > 5 && out[i] <= 8) << out[i];
  EXPECT_EQ(positions[0], 3);
  EXPECT_EQ(positions[4], 7);
  EXPECT_EQ(positions[8], 2);
  std::vector<int64_t> sorted = positions;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(Sort, Booleans) {
  std::vector<uint8_t> x = {1, 0, 1, 0, 0}, out(5);
  std::vector<int64_t> positions(5);
  Descriptor2 a, b, c;
  Unranked ux = unranked(a, x.data(), 1, 5, 5, 1), uo = unranked(b, out.data(), 1, 5, 5, 1);
  Unranked up = unranked(c, positions.data(), 1, 5, 5, 1);
  _mlir_ciface_legato_sort_i1(1, &uo, &ux);
  _mlir_ciface_legato_argsort_i1(1, &up, &ux);
  EXPECT_EQ(out, (std::vector<uint8_t>{0, 0, 0, 1, 1}));
  EXPECT_EQ(positions, (std::vector<int64_t>{1, 3, 4, 0, 2}));
}

} // namespace

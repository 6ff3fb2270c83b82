//===- copy_box_test.cpp - strided copies between boxes, on one rank -----===//
//
// copyBox against an element-by-element copy: random boxes of 0 to 4
// dimensions, the contiguous fast paths, empty parts, and misuse.
//
//===----------------------------------------------------------------------===//
#include "Runtime/Exchange.h"
#include "box_oracle.h"

#include <gtest/gtest.h>

#include <array>
#include <random>

using legato::Shape;
using legato::support::Box;
using legato::runtime::copyBox;
using namespace legato::test;

namespace {

/// Copies `part` element by element: the reference.
template <typename T>
void naiveCopy(const std::vector<T> &src, const Box &from, std::vector<T> &dst, const Box &into,
               const Box &part) {
  forEachIndex(part, [&](const std::vector<int64_t> &index) {
    std::vector<int64_t> a(index.size()), b(index.size());
    for (size_t d = 0; d < index.size(); ++d) {
      a[d] = index[d] - from.lo[d];
      b[d] = index[d] - into.lo[d];
    }
    dst[size_t(linearIndex(into.shape(), b))] = src[size_t(linearIndex(from.shape(), a))];
  });
}

TEST(CopyBox, ZeroDimensionalArrayHasOneElement) {
  Box scalar{{}, {}};
  double src = 2.5, dst = 0;
  copyBox(&src, scalar, &dst, scalar, scalar, sizeof(double));
  EXPECT_EQ(dst, 2.5);
}

TEST(CopyBox, RowsOfAMatrixAreOneRun) {
  Shape global{6, 4};
  Box from{{1, 0}, {5, 4}}, into{{0, 0}, {6, 4}}, part{{2, 0}, {4, 4}};
  std::vector<int64_t> src = contentOf<int64_t>(from, global), dst(24, -1);
  copyBox(src.data(), from, dst.data(), into, part, 8);
  std::vector<int64_t> expected(24, -1);
  naiveCopy(src, from, expected, into, part);
  EXPECT_EQ(dst, expected);
}

TEST(CopyBox, ColumnsOfAMatrix) {
  Shape global{5, 7};
  Box from{{0, 2}, {5, 6}}, into{{1, 0}, {4, 7}}, part{{1, 3}, {4, 5}};
  std::vector<int64_t> src = contentOf<int64_t>(from, global), dst(21, -1);
  copyBox(src.data(), from, dst.data(), into, part, 8);
  std::vector<int64_t> expected(21, -1);
  naiveCopy(src, from, expected, into, part);
  EXPECT_EQ(dst, expected);
}

TEST(CopyBox, EmptyPartWritesNothing) {
  Box from{{0, 0}, {3, 3}}, part{{1, 2}, {1, 3}};
  std::vector<int32_t> src(9, 1), dst(9, -1);
  copyBox(src.data(), from, dst.data(), from, part, 4);
  EXPECT_EQ(dst, std::vector<int32_t>(9, -1));
}

TEST(CopyBox, RandomBoxesMatchTheElementwiseCopy) {
  std::mt19937_64 random(7);
  auto pick = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(random);
  };
  for (int trial = 0; trial < 400; ++trial) {
    size_t rank = size_t(pick(1, 4));
    Box from{std::vector<int64_t>(rank), std::vector<int64_t>(rank)};
    Box into = from, part = from;
    Shape global(rank);
    for (size_t d = 0; d < rank; ++d) {
      global[d] = pick(1, 6);
      // Part first, then boxes around it (sometimes exactly it: the runs merge).
      part.lo[d] = pick(0, global[d] - 1);
      part.hi[d] = pick(part.lo[d], global[d]);
      from.lo[d] = pick(0, 1) ? part.lo[d] : pick(0, part.lo[d]);
      from.hi[d] = pick(0, 1) ? part.hi[d] : pick(part.hi[d], global[d]);
      into.lo[d] = pick(0, 1) ? from.lo[d] : pick(0, part.lo[d]);
      into.hi[d] = pick(0, 1) ? from.hi[d] : pick(part.hi[d], global[d]);
    }
    // A 24-byte element, so offsets in bytes and in elements differ.
    using Element = std::array<int64_t, 3>;
    std::vector<Element> src = contentOf<Element>(from, global);
    std::vector<Element> dst(size_t(into.size()), Element{-1, -1, -1}), expected = dst;
    copyBox(src.data(), from, dst.data(), into, part, sizeof(Element));
    naiveCopy(src, from, expected, into, part);
    EXPECT_EQ(dst, expected) << "from " << from.str() << " into " << into.str() << " part "
                             << part.str();
  }
}

TEST(CopyBox, RejectsAPartOutsideEitherBox) {
  Box from{{0}, {4}}, into{{2}, {8}};
  std::vector<int64_t> src(4), dst(6);
  EXPECT_THROW(copyBox(src.data(), from, dst.data(), into, Box{{1}, {4}}, 8), legato::Error);
  EXPECT_THROW(copyBox(src.data(), from, dst.data(), into, Box{{2}, {5}}, 8), legato::Error);
  EXPECT_THROW(copyBox(src.data(), from, dst.data(), into, Box{{2, 0}, {3, 1}}, 8), legato::Error);
  EXPECT_THROW(copyBox(src.data(), from, dst.data(), into, Box{{2}, {3}}, 0), legato::Error);
}

} // namespace

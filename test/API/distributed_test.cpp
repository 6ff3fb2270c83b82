//===- distributed_test.cpp - placement, memory and traffic over MPI ranks -===//
//
// Run alone (rank 0 of 1) and under mpirun at 2-4 ranks (CMakeLists.txt):
// every rank computes the same values as one process would, holds about
// 1/N of each distributed array, and a stencil sweep sends one ghost row to
// each neighbour and nothing more. The oracle is plain host arithmetic on
// the gathered inputs.
//
//===----------------------------------------------------------------------===//
#include <legato/legato.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

using legato::Array;
using legato::none;
using legato::slice;

namespace {

/// The process-wide Runtime (MPI is started once and lives until exit).
legato::Runtime &runtime() {
  static legato::Runtime rt;
  return rt;
}

/// Whether the tests run in eager mode (every op its own program).
bool eagerMode() {
  const char *mode = std::getenv("LEGATO_MODE");
  return mode && std::string(mode) == "eager";
}

/// Whether the run asks for exchanges overlapped with kernels'
/// interiors (Options::overlap_exchanges, test api.distributed.overlap).
bool overlapMode() {
  const char *overlap = std::getenv("LEGATO_OVERLAP");
  return overlap && std::string(overlap) != "0";
}

/// One 5-point Jacobi sweep of u's interior, in legato and in plain loops.
void sweep(Array &u) {
  u[{slice(1, -1), slice(1, -1)}] =
      0.25 * (u[{slice(none, -2), slice(1, -1)}] + u[{slice(2, none), slice(1, -1)}] +
              u[{slice(1, -1), slice(none, -2)}] + u[{slice(1, -1), slice(2, none)}]);
}
std::vector<double> sweepLoops(const std::vector<double> &u, int64_t n, int64_t m) {
  std::vector<double> next = u;
  for (int64_t i = 1; i < n - 1; ++i)
    for (int64_t j = 1; j < m - 1; ++j)
      next[size_t(i * m + j)] = 0.25 * (u[size_t((i - 1) * m + j)] + u[size_t((i + 1) * m + j)] +
                                        u[size_t(i * m + j - 1)] + u[size_t(i * m + j + 1)]);
  return next;
}

TEST(Distributed, ShardAndReplicateKeepValues) {
  runtime();
  Array a = legato::random({37, 5}, legato::f64, 3); // 37 rows: uneven blocks
  std::vector<double> host = a.to_vector<double>();
  for (Array placed : {legato::shard(a, 0), legato::shard(a, 1), legato::shard(a, -1),
                       legato::replicate(a)}) {
    std::vector<double> got = (placed * 2.0 + 1.0).to_vector<double>();
    ASSERT_EQ(got.size(), host.size());
    for (size_t i = 0; i < host.size(); ++i)
      EXPECT_EQ(got[i], host[i] * 2.0 + 1.0) << "element " << i;
  }
}

TEST(Distributed, CreationWithASharding) {
  runtime();
  Array z = legato::zeros({10, 3}, legato::f64, legato::Sharding::split(1));
  Array r = legato::random({6, 4}, legato::f32, 9, legato::Sharding::replicated());
  EXPECT_EQ(legato::sum(z + 1.0).item<double>(), 30.0);
  std::vector<float> want = legato::random({6, 4}, legato::f32, 9).to_vector<float>();
  EXPECT_EQ(r.to_vector<float>(), want);
}

TEST(Distributed, AReplicatedValueMayBeReadOnSomeRanksOnly) {
  // As the examples print on rank 0: that read is local, no collective
  // that the other ranks' next one could be mistaken for.
  legato::Runtime &rt = runtime();
  Array a = legato::reshape(legato::arange(0.0, 24.0, 1.0), {6, 4});
  Array total = legato::sum(a); // all-reduced: every rank holds it
  legato::flush();
  if (rt.rank() == 0)
    EXPECT_EQ(total.item<double>(), 276.0);
  EXPECT_EQ(legato::sum(a, {0}).to_vector<double>(), (std::vector<double>{60, 66, 72, 78}));
  EXPECT_EQ(legato::max(a * 2.0).item<double>(), 46.0);
}

TEST(Distributed, ReductionsAndProductsOverSplitAxes) {
  runtime();
  Array a = legato::reshape(legato::arange(0.0, 24.0, 1.0), {6, 4}); // a[i, j] = 4i + j
  EXPECT_EQ(legato::sum(a).item<double>(), 276.0);
  EXPECT_EQ(legato::max(a).item<double>(), 23.0);
  EXPECT_EQ(legato::sum(a, {0}).to_vector<double>(), (std::vector<double>{60, 66, 72, 78}));
  Array x = legato::ones({4});
  EXPECT_EQ(legato::matmul(a, x).to_vector<double>(),
            (std::vector<double>{6, 22, 38, 54, 70, 86}));
  Array v = legato::arange(0.0, 6.0, 1.0);
  EXPECT_EQ(legato::dot(v, v).item<double>(), 55.0);
  EXPECT_EQ(legato::matmul(legato::transpose(a), a).to_vector<double>()[0], 880.0); // sum (4i)^2
}

TEST(Distributed, PeakMemoryIsABlockPerRank) {
  legato::Runtime &rt = runtime();
  legato::flush();
  legato::reset_stats();
  const int64_t rows = 1024, cols = 512, bytes = rows * cols * 8; // 4 MiB
  Array a = legato::ones({rows, cols});
  Array b = a * 3.0;
  legato::flush();
  // a and b, a block of each (at most one row more than rows / N); the
  // GPU's caching allocator rounds a block up to its size class, at most
  // 1.5 times it. (The whole of either array is N blocks.)
  int64_t block = (rows / rt.size() + 1) * cols * 8;
  int64_t slack = rt.backend() == legato::Backend::cuda ? block : 0;
  EXPECT_LE(legato::stats().peak_bytes, 2 * block + slack + 64 * 1024)
      << "total " << bytes << " bytes over " << rt.size() << " ranks";
  EXPECT_EQ(legato::sum(b).item<double>(), 3.0 * rows * cols);
}

TEST(Distributed, StencilSweepSendsOneGhostRowPerNeighbour) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each slice as its own program";
  const int64_t n = 64, m = 48;
  Array u = legato::random({n, m}, legato::f64, 4);
  std::vector<double> want = sweepLoops(u.to_vector<double>(), n, m);
  legato::reset_stats();
  sweep(u);
  legato::flush();
  int64_t neighbours = rt.size() == 1 ? 0 : (rt.rank() == 0 || rt.rank() == rt.size() - 1) ? 1 : 2;
  EXPECT_EQ(legato::stats().bytes_sent, neighbours * m * 8);
  EXPECT_EQ(u.to_vector<double>(), want);
}

TEST(Distributed, LaterSweepsReceiveGhostRowsAroundTheBlockInPlace) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each slice as its own program";
  const int64_t n = 400, m = 256;
  auto flushedSweep = [](Array &u) {
    sweep(u);
    legato::flush(); // a window (and an exchange) per sweep
  };
  Array u = legato::random({n, m}, legato::f64, 5);
  std::vector<double> want = u.to_vector<double>(); // the oracle: plain loops
  for (int s = 0; s < 5; ++s)
    want = sweepLoops(want, n, m);
  // The first sweep's exchange copies u's block into a new buffer with room
  // for the ghost rows (u, the user's array, has none around it); the block
  // it writes gets that room, so the second sweep receives its ghost rows in
  // place: one block less at its peak (no exchange at all on one rank).
  legato::reset_stats();
  flushedSweep(u);
  int64_t copied = legato::stats().peak_bytes;
  legato::reset_stats();
  flushedSweep(u);
  int64_t inPlace = legato::stats().peak_bytes;
  int64_t row = m * 8, block = n / rt.size() * row;
  if (rt.size() > 1)
    EXPECT_LE(inPlace, copied - block + 2 * row) << rt.size() << " ranks";
  else
    EXPECT_EQ(inPlace, copied);
  for (int s = 0; s < 3; ++s)
    flushedSweep(u);
  EXPECT_EQ(u.to_vector<double>(), want);
}

TEST(Distributed, SweepsOverlapTheirExchangeWhenAsked) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each slice as its own program";
  const int64_t n = 96, m = 40;
  Array u = legato::random({n, m}, legato::f64, 6);
  std::vector<double> want = u.to_vector<double>();
  for (int s = 0; s < 4; ++s)
    want = sweepLoops(want, n, m);
  legato::reset_stats();
  for (int s = 0; s < 4; ++s) {
    sweep(u);
    legato::flush(); // a program per sweep: the exchange of u, then the sweep
  }
  // Each sweep's rows away from the ghost rows are computed during the
  // exchange, the others after it: the same values and the same traffic.
  int64_t neighbours = rt.size() == 1 ? 0 : (rt.rank() == 0 || rt.rank() == rt.size() - 1) ? 1 : 2;
  EXPECT_EQ(legato::stats().overlapped, overlapMode() && rt.size() > 1 ? 4 : 0);
  EXPECT_EQ(legato::stats().bytes_sent, 4 * neighbours * m * 8);
  EXPECT_EQ(u.to_vector<double>(), want);
}

/// u shifted as np.roll(u, shift, axis) shifts it (u is n x m, row-major),
/// in plain loops.
std::vector<double> rollLoops(const std::vector<double> &u, int64_t n, int64_t m, int shift,
                              int64_t axis) {
  std::vector<double> out(u.size());
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j) {
      int64_t from = axis == 0 ? ((i - shift + n) % n) * m + j : i * m + (j - shift + m) % m;
      out[size_t(i * m + j)] = u[size_t(from)];
    }
  return out;
}

TEST(Distributed, PeriodicWrapSendsOnlyTheWrappedRows) {
  legato::Runtime &rt = runtime();
  const int64_t n = 64, m = 24;
  Array u = legato::random({n, m}, legato::f64, 7);
  std::vector<double> host = u.to_vector<double>(), want(host.size());
  std::vector<double> up = rollLoops(host, n, m, 1, 0), down = rollLoops(host, n, m, -1, 0);
  for (size_t k = 0; k < host.size(); ++k)
    want[k] = up[k] - 2.0 * host[k] + down[k];
  legato::reset_stats();
  Array lap = legato::roll(u, 1, 0) - 2.0 * u + legato::roll(u, -1, 0);
  legato::flush();
  // Each rank sends its first row to the rank before it and its last row to
  // the one after it, around the ring; the rows at the far end of the axis
  // travel alone (before, the rank at either end demanded everything
  // between its block and the wrapped row: the whole array).
  if (!eagerMode())
    EXPECT_EQ(legato::stats().bytes_sent, rt.size() == 1 ? 0 : 2 * m * 8);
  EXPECT_EQ(lap.to_vector<double>(), want);
}

TEST(Distributed, PeriodicBoundaryRowsCopyOneRowEach) {
  legato::Runtime &rt = runtime();
  const int64_t n = 40, m = 16;
  Array v = legato::random({n, m}, legato::f64, 9);
  std::vector<double> want = v.to_vector<double>();
  for (int64_t j = 0; j < m; ++j) {
    want[size_t((n - 1) * m + j)] = want[size_t(m + j)];
    want[size_t(j)] = want[size_t((n - 2) * m + j)];
  }
  legato::reset_stats();
  v[{slice(-1, none)}] = v[{slice(1, 2)}]; // ghost rows of a periodic domain
  v[{slice(none, 1)}] = v[{slice(-2, -1)}];
  legato::flush();
  // Row 1 goes from the first rank to the last, row n - 2 back.
  bool end = rt.size() > 1 && (rt.rank() == 0 || rt.rank() == rt.size() - 1);
  if (!eagerMode())
    EXPECT_EQ(legato::stats().bytes_sent, end ? m * 8 : 0);
  EXPECT_EQ(v.to_vector<double>(), want);
}

TEST(Distributed, FlatRollSendsOneRowToTheNextRank) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each part of a function as its own program";
  // np.roll without an axis rolls the flat array: a rank's rows read the
  // flat range just before them, which lies in the previous rank's last row
  // (sent as that row), and rank 0 reads the last 3 elements (sent alone).
  // Before, that range was no box of the 2-D array and every rank gathered
  // the whole array.
  const int64_t n = 40, m = 6, shift = 3;
  Array u = legato::random({n, m}, legato::f64, 17);
  std::vector<double> host = u.to_vector<double>(), want(host.size());
  for (size_t k = 0; k < host.size(); ++k)
    want[(k + shift) % host.size()] = host[k];
  legato::flush();
  legato::reset_stats();
  Array rolled = legato::roll(u, shift);
  legato::flush();
  bool last = rt.rank() == rt.size() - 1;
  EXPECT_EQ(legato::stats().bytes_sent, rt.size() == 1 ? 0 : last ? shift * 8 : m * 8)
      << "rank " << rt.rank() << " of " << rt.size();
  EXPECT_EQ(rolled.to_vector<double>(), want);
}

TEST(Distributed, SumOverARollReducesEachRanksRows) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each part of a function as its own program";
  // Rolls along the unsplit axis live where their array does, so the sum of
  // an expression of them alone is each rank's partial sum and one
  // all-reduce.
  // Before, the concatenation had no home and every rank summed all of it,
  // gathering the array.
  const int64_t n = 36, m = 5;
  Array u = legato::random({n, m}, legato::f64, 19);
  std::vector<double> host = u.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array s = legato::sum(legato::square(legato::roll(u, 1, 1) - legato::roll(u, -1, 1)));
  legato::flush();
  EXPECT_EQ(legato::stats().bytes_sent, rt.size() == 1 ? 0 : 8) << rt.size() << " ranks";
  std::vector<double> east = rollLoops(host, n, m, 1, 1), west = rollLoops(host, n, m, -1, 1);
  double want = 0;
  for (size_t k = 0; k < host.size(); ++k)
    want += (east[k] - west[k]) * (east[k] - west[k]);
  EXPECT_NEAR(s.item<double>(), want, 1e-12 * double(host.size()));
}

TEST(Distributed, AStackIsReducedWhereItsArraysLive) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each part of a function as its own program";
  // np.stack along a new leading axis keeps the arrays' row blocks, so a
  // sum over an expression of the stack needs one all-reduce; before, every
  // rank gathered both arrays.
  const int64_t n = 30, m = 4;
  Array u = legato::random({n, m}, legato::f64, 23), v = legato::random({n, m}, legato::f64, 29);
  std::vector<double> hu = u.to_vector<double>(), hv = v.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array s = legato::sum(legato::stack({u, v}) * 3.0);
  legato::flush();
  EXPECT_EQ(legato::stats().bytes_sent, rt.size() == 1 ? 0 : 8) << rt.size() << " ranks";
  double want = 0;
  for (size_t k = 0; k < hu.size(); ++k)
    want += 3.0 * hu[k] + 3.0 * hv[k];
  EXPECT_NEAR(s.item<double>(), want, 1e-12 * double(hu.size()));
}

TEST(Distributed, NumpyFunctionsOfColumnBlocksStayOnTheirRanks) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each part of a function as its own program";
  // Composed of the primitives, clip, ones_like, flip along the rows and var
  // down the columns of an array split by columns need no data of another
  // rank (ones_like's fill is made where it is used).
  const int64_t n = 24, m = 4 * 5;
  Array a = legato::shard(legato::random({n, m}, legato::f64, 31), 1);
  std::vector<double> host = a.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array clipped = legato::clip(a, 0.2, 0.8) + legato::ones_like(a);
  Array flipped = legato::flip(a, 0);
  Array spread = legato::var(a, {0});
  legato::flush();
  EXPECT_EQ(legato::stats().bytes_sent, 0) << rt.size() << " ranks";
  EXPECT_EQ(legato::stats().collectives, 0) << rt.size() << " ranks";
  std::vector<double> got = clipped.to_vector<double>(), back = flipped.to_vector<double>(),
                      variance = spread.to_vector<double>();
  for (int64_t j = 0; j < m; ++j) {
    double mean = 0, squares = 0;
    for (int64_t i = 0; i < n; ++i) {
      double x = host[size_t(i * m + j)];
      EXPECT_EQ(got[size_t(i * m + j)], std::min(std::max(x, 0.2), 0.8) + 1.0);
      EXPECT_EQ(back[size_t((n - 1 - i) * m + j)], x);
      mean += x / n;
    }
    for (int64_t i = 0; i < n; ++i)
      squares += (host[size_t(i * m + j)] - mean) * (host[size_t(i * m + j)] - mean);
    EXPECT_NEAR(variance[size_t(j)], squares / n, 1e-12) << "column " << j;
  }
}

TEST(Distributed, TrianglesOfBlocksStayOnTheirRanks) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each part of a function as its own program";
  // tril and triu compare each element's row and column indices, which every
  // rank computes for its own block: nothing moves, whichever axis is split.
  const int64_t n = 26, m = 18;
  Array rows = legato::random({n, m}, legato::f64, 43);
  Array cols = legato::shard(legato::random({n, m}, legato::f64, 47), 1);
  std::vector<double> hr = rows.to_vector<double>(), hc = cols.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array lower = legato::tril(rows, -2), upper = legato::triu(cols, 3);
  legato::flush();
  EXPECT_EQ(legato::stats().bytes_sent, 0) << rt.size() << " ranks";
  EXPECT_EQ(legato::stats().collectives, 0) << rt.size() << " ranks";
  std::vector<double> gl = lower.to_vector<double>(), gu = upper.to_vector<double>();
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j) {
      size_t k = size_t(i * m + j);
      EXPECT_EQ(gl[k], j - i <= -2 ? hr[k] : 0.0) << i << ", " << j;
      EXPECT_EQ(gu[k], j - i >= 3 ? hc[k] : 0.0) << i << ", " << j;
    }
}

TEST(Distributed, EinsumMovesWhatItsPrimitivesMove) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each part of a function as its own program";
  // einsum is transposes, GEMMs and fused products and sums: rows of A times
  // a replicated B stay on their ranks, and a full contraction of two row
  // blocks all-reduces one value.
  const int64_t n = 22, k = 6, m = 3;
  Array A = legato::random({n, k}, legato::f64, 53);
  Array B = legato::replicate(legato::random({k, m}, legato::f64, 59));
  Array C = legato::random({n, k}, legato::f64, 61);
  std::vector<double> ha = A.to_vector<double>(), hb = B.to_vector<double>(),
                      hc = C.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array product = legato::einsum("ij,jk->ik", {A, B});
  legato::flush();
  EXPECT_EQ(legato::stats().bytes_sent, 0) << rt.size() << " ranks";
  legato::reset_stats();
  Array inner = legato::einsum("ij,ij", {A, C});
  legato::flush();
  EXPECT_EQ(legato::stats().bytes_sent, rt.size() == 1 ? 0 : 8) << rt.size() << " ranks";
  std::vector<double> got = product.to_vector<double>();
  double want = 0;
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t c = 0; c < m; ++c) {
      double s = 0;
      for (int64_t j = 0; j < k; ++j)
        s += ha[size_t(i * k + j)] * hb[size_t(j * m + c)];
      EXPECT_NEAR(got[size_t(i * m + c)], s, 1e-13) << i << ", " << c;
    }
    for (int64_t j = 0; j < k; ++j)
      want += ha[size_t(i * k + j)] * hc[size_t(i * k + j)];
  }
  EXPECT_NEAR(inner.item<double>(), want, 1e-12);
}

TEST(Distributed, GathersMoveOnlyWhatTheyMust) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each part of a function as its own program";
  // Columns taken from row blocks: each rank gathers from its own rows with
  // the replicated indices, and nothing moves. Elements taken from a split
  // vector by split indices: each rank needs the whole vector (its block
  // goes to every other rank), and the result stays under the indices.
  const int64_t n = 26, m = 5;
  Array x = legato::random({n, m}, legato::f64, 71);
  std::vector<int64_t> hc = {4, -1, 0, 9, 2, 2}, hi(30);
  for (size_t k = 0; k < hi.size(); ++k)
    hi[k] = int64_t(k * 7 % 29) - 1; // -1 and 27, 28: clipped
  Array columns = legato::replicate(legato::from_vector(hc, {6}));
  Array v = legato::shard(legato::random({n}, legato::f64, 72));
  Array indices = legato::shard(legato::from_vector(hi, {30}));
  std::vector<double> hx = x.to_vector<double>(), hv = v.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array picked = legato::take(x, columns, 1, legato::IndexMode::clip);
  legato::flush();
  EXPECT_EQ(legato::stats().bytes_sent, 0) << rt.size() << " ranks";
  legato::reset_stats();
  Array gathered = legato::take(v, indices, 0, legato::IndexMode::clip);
  legato::flush();
  int64_t ranks = rt.size(), block = n / ranks + (rt.rank() < n % ranks ? 1 : 0);
  EXPECT_EQ(legato::stats().bytes_sent, (ranks - 1) * block * int64_t(sizeof(double)))
      << rt.size() << " ranks";
  std::vector<double> gp = picked.to_vector<double>(), gg = gathered.to_vector<double>();
  for (int64_t i = 0; i < n; ++i)
    for (size_t j = 0; j < hc.size(); ++j)
      EXPECT_EQ(gp[size_t(i) * hc.size() + j],
                hx[size_t(i * m + std::clamp<int64_t>(hc[j], 0, m - 1))])
          << i << ", " << j;
  for (size_t k = 0; k < hi.size(); ++k)
    EXPECT_EQ(gg[k], hv[size_t(std::clamp<int64_t>(hi[k], 0, n - 1))]) << k;
}

TEST(Distributed, ScattersKeepTheDestinationsBlocks) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each part of a function as its own program";
  // Values put into a split vector at split indices: each rank receives
  // the whole vector, every index and every value (its blocks go to every
  // other rank), scatters them in order and keeps its block.
  const int64_t n = 26, count = 30;
  std::vector<int64_t> hi(count);
  for (size_t k = 0; k < hi.size(); ++k)
    hi[k] = int64_t(k * 11 % 31) - 2; // repeats; -2, -1 and 26..28 clipped
  Array x = legato::shard(legato::random({n}, legato::f64, 73));
  Array v = legato::shard(legato::random({count}, legato::f64, 74));
  Array indices = legato::shard(legato::from_vector(hi, {count}));
  std::vector<double> want = x.to_vector<double>(), hv = v.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  legato::put(x, indices, v, legato::IndexMode::clip);
  legato::flush();
  int64_t ranks = rt.size(), r = rt.rank();
  auto block = [&](int64_t size) { return size / ranks + (r < size % ranks ? 1 : 0); };
  EXPECT_EQ(legato::stats().bytes_sent,
            (ranks - 1) * (block(n) + 2 * block(count)) * int64_t(sizeof(double)))
      << rt.size() << " ranks";
  for (size_t k = 0; k < hi.size(); ++k)
    want[size_t(std::clamp<int64_t>(hi[k], 0, n - 1))] = hv[k];
  EXPECT_EQ(x.to_vector<double>(), want);
}

TEST(Distributed, SumsIntoAWholeArrayAllReduceIt) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each part of a function as its own program";
  // add_at of split values into a replicated array (bincount's counts): each
  // rank adds its own values, rank 0 into the array and the others into
  // zeros, and an all-reduce of the array's 5 elements sums them; no value
  // moves. Before it, mode raise's check all-reduces the indices' minimum
  // and maximum (one element each).
  const int64_t count = 40;
  std::vector<int64_t> hi(count);
  for (size_t k = 0; k < hi.size(); ++k)
    hi[k] = int64_t(k * 7 % 5);
  Array counts = legato::replicate(legato::arange(5) * 10);
  Array v = legato::shard(legato::arange(count));
  Array indices = legato::shard(legato::from_vector(hi, {count}));
  legato::flush();
  legato::reset_stats();
  legato::add_at(counts, indices, v);
  legato::flush();
  EXPECT_EQ(legato::stats().bytes_sent, rt.size() == 1 ? 0 : (2 + 5) * 8) << rt.size() << " ranks";
  std::vector<int64_t> want = {0, 10, 20, 30, 40};
  for (size_t k = 0; k < hi.size(); ++k)
    want[size_t(hi[k])] += int64_t(k);
  EXPECT_EQ(counts.to_vector<int64_t>(), want);
}

TEST(Distributed, CumsumOfBlocksSendsOnlyTheirTotals) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each part of a function as its own program";
  // A scan along the split axis: each rank scans its rows and adds the
  // totals of the rows before them, which it receives from the ranks
  // holding them (one row each: m values). Along the other axis nothing
  // moves; a scan of the flattened blocks (ranges of the row-major order)
  // sends one value to each later rank.
  const int64_t n = 26, m = 5;
  Array x = legato::random({n, m}, legato::f64, 67);
  std::vector<double> hx = x.to_vector<double>();
  legato::flush();
  auto sentToLaterRanks = [&](int64_t values) {
    return (rt.size() - 1 - rt.rank()) * values * int64_t(sizeof(double));
  };
  legato::reset_stats();
  Array down = legato::cumsum(x, 0);
  legato::flush();
  EXPECT_EQ(legato::stats().bytes_sent, sentToLaterRanks(m)) << rt.size() << " ranks";
  legato::reset_stats();
  Array across = legato::cumsum(x, 1);
  legato::flush();
  EXPECT_EQ(legato::stats().bytes_sent, 0) << rt.size() << " ranks";
  legato::reset_stats();
  Array flat = legato::cumprod(x + 0.5);
  legato::flush();
  EXPECT_EQ(legato::stats().bytes_sent, sentToLaterRanks(1)) << rt.size() << " ranks";
  std::vector<double> gd = down.to_vector<double>(), ga = across.to_vector<double>(),
                      gf = flat.to_vector<double>();
  std::vector<double> column(size_t(m), 0.0);
  double product = 1;
  for (int64_t i = 0; i < n; ++i) {
    double row = 0;
    for (int64_t j = 0; j < m; ++j) {
      size_t k = size_t(i * m + j);
      column[size_t(j)] += hx[k];
      row += hx[k];
      product *= hx[k] + 0.5;
      EXPECT_NEAR(gd[k], column[size_t(j)], 1e-12) << i << ", " << j;
      EXPECT_NEAR(ga[k], row, 1e-12) << i << ", " << j;
      EXPECT_NEAR(gf[k], product, 1e-12 * product) << i << ", " << j;
    }
  }
}

TEST(Distributed, ArgmaxOfRowBlocksSendsOnlyItsExtrema) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each part of a function as its own program";
  // argmax of row blocks: each rank's maximum, then its least index of the
  // global maximum, each an all-reduce of the results only; the flat index
  // is made from each rank's own rows, so no element moves. Along the rows,
  // and diff along them, nothing leaves a rank.
  const int64_t n = 30, m = 7;
  Array a = legato::random({n, m}, legato::f64, 41);
  std::vector<double> host = a.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array flat = legato::argmax(a);
  Array down = legato::argmin(a, 0);
  legato::flush();
  legato::Stats across = legato::stats();
  legato::reset_stats();
  Array along = legato::argmax(a, 1);
  Array steps = legato::diff(a, 2, 1);
  legato::flush();
  legato::Stats within = legato::stats();
  // the extrema (1 + m f64) and the indices (1 + m int64): two all-reduces
  // for each function, the extremum's and then the index's
  bool split = rt.size() > 1;
  EXPECT_EQ(across.bytes_sent, split ? 2 * (1 + m) * 8 : 0) << rt.size() << " ranks";
  EXPECT_EQ(across.collectives, split ? 4 : 0) << rt.size() << " ranks";
  EXPECT_EQ(within.bytes_sent, 0) << rt.size() << " ranks";
  EXPECT_EQ(within.collectives, 0) << rt.size() << " ranks";

  auto at = [&](int64_t i, int64_t j) { return host[size_t(i * m + j)]; };
  int64_t best = 0;
  for (int64_t k = 1; k < n * m; ++k)
    if (host[size_t(k)] > host[size_t(best)])
      best = k;
  EXPECT_EQ(flat.item<int64_t>(), best);
  std::vector<int64_t> lows = down.to_vector<int64_t>(), highs = along.to_vector<int64_t>();
  std::vector<double> second = steps.to_vector<double>();
  for (int64_t j = 0; j < m; ++j) {
    int64_t low = 0;
    for (int64_t i = 1; i < n; ++i)
      if (at(i, j) < at(low, j))
        low = i;
    EXPECT_EQ(lows[size_t(j)], low) << "column " << j;
  }
  for (int64_t i = 0; i < n; ++i) {
    int64_t high = 0;
    for (int64_t j = 1; j < m; ++j)
      if (at(i, j) > at(i, high))
        high = j;
    EXPECT_EQ(highs[size_t(i)], high) << "row " << i;
    for (int64_t j = 0; j + 2 < m; ++j)
      EXPECT_EQ(second[size_t(i * (m - 2) + j)],
                (at(i, j + 2) - at(i, j + 1)) - (at(i, j + 1) - at(i, j)));
  }
}

TEST(Distributed, DenseJacobiSendsVectorsNotTheMatrix) {
  legato::Runtime &rt = runtime();
  // x <- (b - (A - diag(d)) x) / d on row blocks: each rank takes its rows'
  // part of the diagonal (a strided slice of the flat matrix) and the parts
  // are exchanged, like each iteration's vector. Before, the box around the
  // diagonal's elements spanned the matrix, and every rank gathered it.
  const int64_t n = 64;
  const int iterations = 3;
  Array A = legato::random({n, n}, legato::f64, 67) + double(n) * legato::eye(n);
  Array b = legato::random({n}, legato::f64, 71);
  std::vector<double> hA = A.to_vector<double>(), hb = b.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array d = legato::diag(A);
  Array R = A - legato::diag(d);
  Array x = legato::zeros({n});
  for (int i = 0; i < iterations; ++i)
    x = (b - legato::matmul(R, x)) / d;
  legato::flush();
  // b, d and one vector per iteration at most, each sent whole.
  EXPECT_LE(legato::stats().bytes_sent, (iterations + 2) * n * 8) << rt.size() << " ranks";
  std::vector<double> hx(size_t(n), 0.0);
  for (int i = 0; i < iterations; ++i) {
    std::vector<double> next(static_cast<size_t>(n));
    for (int64_t r = 0; r < n; ++r) {
      double sum = 0;
      for (int64_t c = 0; c < n; ++c)
        sum += (c == r ? 0.0 : hA[size_t(r * n + c)]) * hx[size_t(c)];
      next[size_t(r)] = (hb[size_t(r)] - sum) / hA[size_t(r * n + r)];
    }
    hx = next;
  }
  std::vector<double> got = x.to_vector<double>();
  for (int64_t r = 0; r < n; ++r)
    EXPECT_NEAR(got[size_t(r)], hx[size_t(r)], 1e-12 * std::abs(hx[size_t(r)])) << "row " << r;
}

TEST(Distributed, FlatteningRowBlocksKeepsThemOnTheirRanks) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each part of a function as its own program";
  // Row blocks of (n, m) are ranges of whole rows of the flattened array,
  // and ranges of whole rows of (n * m) are row blocks again: flattening,
  // unflattening and repeat along the rows (a reshape merging a new axis
  // into the split one) need no data of another rank.
  const int64_t n = 30, m = 7;
  Array a = legato::random({n, m}, legato::f64, 43);
  std::vector<double> host = a.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array flat = legato::reshape(a, {n * m}) * 2.0;
  Array back = legato::reshape(flat, {n, m}) + a;
  Array twice = legato::repeat(a, 2, 0);
  legato::flush();
  EXPECT_EQ(legato::stats().bytes_sent, 0) << rt.size() << " ranks";
  EXPECT_EQ(legato::stats().collectives, 0) << rt.size() << " ranks";
  std::vector<double> f = flat.to_vector<double>(), g = back.to_vector<double>(),
                      t = twice.to_vector<double>();
  for (int64_t k = 0; k < n * m; ++k) {
    EXPECT_EQ(f[size_t(k)], 2.0 * host[size_t(k)]);
    EXPECT_EQ(g[size_t(k)], 3.0 * host[size_t(k)]);
  }
  for (int64_t i = 0; i < 2 * n; ++i)
    for (int64_t j = 0; j < m; ++j)
      EXPECT_EQ(t[size_t(i * m + j)], host[size_t((i / 2) * m + j)]);
}

TEST(Distributed, IndependentReductionsShareOneAllReduce) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each reduction as its own program";
  // BiCGSTAB's omega = (t . s) / (t . t): two dot products, and an integer
  // count and a maximum, which need all-reduces of their own kinds.
  const int64_t n = 301, m = 7;
  Array t = legato::random({n, m}, legato::f64, 21);
  Array u = legato::random({n, m}, legato::f64, 22);
  std::vector<double> ht = t.to_vector<double>(), hu = u.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array omega = legato::sum(t * u) / legato::sum(t * t);
  Array above = legato::sum(legato::astype(t > 0.5, legato::i64));
  Array top = legato::max(u);
  legato::flush();
  // sums of f64 (two values in one all-reduce), a sum of i64, a max of f64
  EXPECT_EQ(legato::stats().collectives, rt.size() > 1 ? 3 : 0) << rt.size() << " ranks";
  double tu = 0, tt = 0, most = hu[0];
  int64_t count = 0;
  for (size_t k = 0; k < ht.size(); ++k) {
    tu += ht[k] * hu[k];
    tt += ht[k] * ht[k];
    count += ht[k] > 0.5;
    most = std::max(most, hu[k]);
  }
  EXPECT_NEAR(omega.item<double>(), tu / tt, 1e-12 * std::abs(tu / tt));
  EXPECT_EQ(above.item<int64_t>(), count);
  EXPECT_EQ(top.item<double>(), most);
}

TEST(Distributed, AValueReadAfterAnAllReduceIsRecomputedThere) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager materialises every value";
  // CG's step: ap is read by p . ap, before the all-reduce, and by
  // r - alpha * ap after it, in another program on each rank.
  const int64_t n = 512, m = 256;
  Array p0 = legato::random({n, m}, legato::f64, 11);
  Array r = legato::random({n, m}, legato::f64, 12);
  std::vector<double> hp0 = p0.to_vector<double>(), hr = r.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array next = [&] { // p, ap and alpha are not results
    Array p = r + 0.5 * p0;
    Array up = legato::pad(p, {{1, 1}, {1, 1}});
    Array ap = 4.0 * p - up[{slice(none, -2), slice(1, -1)}] - up[{slice(2, none), slice(1, -1)}] -
               up[{slice(1, -1), slice(none, -2)}] - up[{slice(1, -1), slice(2, none)}];
    Array alpha = legato::sum(r * r) / legato::sum(p * ap);
    return r - alpha * ap;
  }();
  legato::flush();
  // ap is never stored: the dot product and the update each compute it
  // from p's padded block, as one process does. Per rank, counting a padded
  // block for every array: the kernel making p reads p0 and r and writes the
  // pad (3), the dot products read r and the pad (2), the update reads both
  // again and writes its result (3). Storing ap costs a block more. With
  // exchanges overlapped, the programs after them run in pieces of rows,
  // and each piece reads the rows next to its edges too: half a block more.
  int64_t block = (n / rt.size() + 2) * (m + 2) * 8;
  int64_t most = overlapMode() ? 17 * block / 2 : 8 * block;
  EXPECT_LE(legato::stats().bytes_moved, most) << rt.size() << " ranks";
  // With overlap, the program after r's and p0's exchange runs its interior
  // beside it, the two dot products' partials over rows combined after.
  EXPECT_EQ(legato::stats().overlapped, overlapMode() && rt.size() > 1 ? 1 : 0);

  auto at = [&](const std::vector<double> &v, int64_t i, int64_t j) {
    return i < 0 || i >= n || j < 0 || j >= m ? 0.0 : v[size_t(i * m + j)];
  };
  std::vector<double> hp(size_t(n * m)), hap(size_t(n * m));
  for (size_t k = 0; k < hp.size(); ++k)
    hp[k] = hr[k] + 0.5 * hp0[k];
  double rr = 0, pap = 0;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j) {
      double v = 4.0 * at(hp, i, j) - at(hp, i - 1, j) - at(hp, i + 1, j) - at(hp, i, j - 1) -
                 at(hp, i, j + 1);
      hap[size_t(i * m + j)] = v;
      rr += at(hr, i, j) * at(hr, i, j);
      pap += at(hp, i, j) * v;
    }
  std::vector<double> got = next.to_vector<double>();
  for (size_t k = 0; k < got.size(); ++k) {
    double want = hr[k] - rr / pap * hap[k];
    ASSERT_NEAR(got[k], want, 1e-12 * (std::abs(want) + 1.0)) << "element " << k;
  }
}

/// Whether the job runs with a 2-D mesh (LEGATO_MESH_ROWS, CMakeLists.txt).
bool meshIs2D() {
  const char *rows = std::getenv("LEGATO_MESH_ROWS");
  return rows && std::atoi(rows) > 0;
}

TEST(Distributed, MeshStackedRowsAreReducedInBlocksOfRows) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each part of a function as its own program";
  // Arrays joined along their rows: on a 2-D mesh their blocks are split
  // along and beside the joined axis, and no one layout joins them; the sum
  // then computes the product in blocks of rows, each rank receiving at most
  // two of the arrays' blocks (on a 1-D mesh, in even blocks: at most one).
  // Before, every rank received both arrays.
  const int64_t n = 24, m = 12;
  Array u = legato::random({n, m}, legato::f64, 37), v = legato::random({n, m}, legato::f64, 43);
  std::vector<double> hu = u.to_vector<double>(), hv = v.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array s = legato::sum(legato::concatenate({u, v}) * 2.0);
  legato::flush();
  int64_t block = n * m * 8 / rt.size();
  EXPECT_LE(legato::stats().bytes_sent, rt.size() == 1 ? 0 : 2 * block + 8)
      << "rank " << rt.rank() << " of " << rt.size();
  double want = 0;
  for (size_t k = 0; k < hu.size(); ++k)
    want += 2.0 * hu[k] + 2.0 * hv[k];
  EXPECT_NEAR(s.item<double>(), want, 1e-12 * double(hu.size()));
}

TEST(Distributed, MeshBlocksReshapedReceiveOnlyTheirRowPanel) {
  legato::Runtime &rt = runtime();
  // A reshape of mesh blocks: each block of the result lies in a range of
  // whole rows of the input, here its mesh row's panel, so a rank receives
  // the other blocks of that panel, not the array (on row blocks the
  // reshape keeps every block where it is). Before, every rank gathered
  // the whole input.
  const int64_t n = 24, m = 12;
  Array a = legato::random({n, m}, legato::f64, 47);
  std::vector<double> host = a.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array r = legato::reshape(a, {m, n});
  legato::flush();
  EXPECT_LE(legato::stats().bytes_sent, n * m * 8 / rt.size())
      << "rank " << rt.rank() << " of " << rt.size();
  EXPECT_EQ(r.to_vector<double>(), host);
}

TEST(Distributed, GridBlocksKeepValues) {
  runtime();
  Array a = legato::random({37, 29}, legato::f64, 6); // uneven blocks both ways
  std::vector<double> host = a.to_vector<double>();
  for (Array placed : {legato::shard(a, 0, 1), legato::shard(a, 1, 0),
                       legato::zeros({37, 29}, legato::f64, legato::Sharding::grid()) + a}) {
    std::vector<double> got = (placed * 2.0 + 1.0).to_vector<double>();
    ASSERT_EQ(got.size(), host.size());
    for (size_t i = 0; i < host.size(); ++i)
      EXPECT_EQ(got[i], host[i] * 2.0 + 1.0) << "element " << i;
  }
  Array g = legato::shard(a, 0, 1);
  double rowsum = 0;
  for (int64_t j = 0; j < 29; ++j)
    rowsum += host[size_t(5 * 29 + j)];
  EXPECT_NEAR(legato::sum(g, {1}).to_vector<double>()[5], rowsum, 1e-12 * std::abs(rowsum));
}

TEST(Distributed, GridReductionsAlongOneAxisCombineWithinMeshRowsOrColumns) {
  legato::Runtime &rt = runtime();
  // On an R x C mesh, a reduction along the split columns combines the
  // partial results of the C ranks of each mesh row among themselves (a
  // row's worth each), one along the rows those of each mesh column. Before,
  // each rank received the rest of its row panel or column panel.
  const int64_t n = 24, m = 12;
  Array a = legato::shard(legato::random({n, m}, legato::f64, 53), 0, 1);
  std::vector<double> host = a.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array rowSums = legato::sum(a, {1});
  Array columnMax = legato::max(a, {0});
  Array rowVar = legato::var(a, {1});
  legato::flush();
  const char *meshRows = std::getenv("LEGATO_MESH_ROWS");
  int64_t rows = meshIs2D() ? std::atoi(meshRows) : rt.size(), cols = rt.size() / rows;
  if (!meshIs2D() && rt.size() == 4)
    rows = cols = 2; // Sharding::grid's most square mesh
  // Three sums along the columns at most (the row sums, var's mean and its
  // squares), each sent to the other ranks of the mesh row; the column
  // maxima to the other ranks of the mesh column. Eager mode stores var's
  // mean where it lives, cut among the ranks of a mesh row, and each of
  // them receives the rest of its rows' means to center its block.
  int64_t most = (3 * (n / rows) * (cols - 1) + (m / cols) * (rows - 1) +
                  (eagerMode() ? (n / rows) * (cols - 1) : 0)) *
                 8;
  EXPECT_LE(legato::stats().bytes_sent, most) << rows << " x " << cols << " mesh";
  std::vector<double> sums = rowSums.to_vector<double>(), maxima = columnMax.to_vector<double>(),
                      variances = rowVar.to_vector<double>();
  for (int64_t i = 0; i < n; ++i) {
    double sum = 0, squares = 0;
    for (int64_t j = 0; j < m; ++j)
      sum += host[size_t(i * m + j)];
    for (int64_t j = 0; j < m; ++j)
      squares += (host[size_t(i * m + j)] - sum / m) * (host[size_t(i * m + j)] - sum / m);
    EXPECT_NEAR(sums[size_t(i)], sum, 1e-12 * sum) << "row " << i;
    EXPECT_NEAR(variances[size_t(i)], squares / m, 1e-12) << "row " << i;
  }
  for (int64_t j = 0; j < m; ++j) {
    double most = host[size_t(j)];
    for (int64_t i = 1; i < n; ++i)
      most = std::max(most, host[size_t(i * m + j)]);
    EXPECT_EQ(maxima[size_t(j)], most) << "column " << j;
  }
}

TEST(Distributed, GridAndColumnBlockMatvecsSendOnlyPartialProducts) {
  legato::Runtime &rt = runtime();
  // A matrix split along its columns (blocks of a mesh, or column blocks)
  // times a vector: each rank multiplies its block by the vector's rows its
  // columns meet, then the partial products are summed among the ranks
  // holding the same rows. A rank sends at most its part of the vector and
  // one partial product. Before, each rank received its matrix row panel.
  const int64_t n = 24, m = 12;
  Array a = legato::random({n, m}, legato::f64, 59), x = legato::random({m}, legato::f64, 61);
  std::vector<double> host = a.to_vector<double>(), hx = x.to_vector<double>();
  for (Array blocks : {legato::shard(a, 0, 1), legato::shard(a, 1)}) {
    legato::flush();
    legato::reset_stats();
    Array y = legato::matmul(blocks, x);
    legato::flush();
    EXPECT_LE(legato::stats().bytes_sent, (n + m) * 8) << rt.size() << " ranks";
    std::vector<double> got = y.to_vector<double>();
    for (int64_t i = 0; i < n; ++i) {
      double want = 0;
      for (int64_t j = 0; j < m; ++j)
        want += host[size_t(i * m + j)] * hx[size_t(j)];
      EXPECT_NEAR(got[size_t(i)], want, 1e-12 * std::abs(want)) << "row " << i;
    }
  }
}

TEST(Distributed, GridStencilMatchesLoops) {
  runtime();
  const int64_t n = 33, m = 26;
  Array u = legato::shard(legato::random({n, m}, legato::f64, 7), 0, 1);
  std::vector<double> want = u.to_vector<double>();
  for (int s = 0; s < 3; ++s) {
    sweep(u);
    want = sweepLoops(want, n, m);
  }
  EXPECT_EQ(u.to_vector<double>(), want);
}

TEST(Distributed, GridScansMatchLoops) {
  runtime();
  // Tiles have no rank order along either axis: each rank receives what
  // lies before its tile along the axis and scans it (and so also for a
  // scan of the flattened tiles).
  const int64_t n = 19, m = 14;
  Array x = legato::shard(legato::random({n, m}, legato::f64, 71), 0, 1);
  std::vector<double> hx = x.to_vector<double>();
  std::vector<double> down = legato::cumsum(x, 0).to_vector<double>(),
                      across = legato::cumsum(x, -1).to_vector<double>(),
                      flat = legato::cumsum(x).to_vector<double>();
  std::vector<double> column(size_t(m), 0.0);
  double total = 0;
  for (int64_t i = 0; i < n; ++i) {
    double row = 0;
    for (int64_t j = 0; j < m; ++j) {
      size_t k = size_t(i * m + j);
      column[size_t(j)] += hx[k];
      row += hx[k];
      total += hx[k];
      EXPECT_NEAR(down[k], column[size_t(j)], 1e-12) << i << ", " << j;
      EXPECT_NEAR(across[k], row, 1e-12) << i << ", " << j;
      EXPECT_NEAR(flat[k], total, 1e-12) << i << ", " << j;
    }
  }
}

TEST(Distributed, GridPeriodicLaplacianSendsOnlyBlockEdges) {
  legato::Runtime &rt = runtime();
  const int64_t n = 33, m = 26;
  Array u = legato::shard(legato::random({n, m}, legato::f64, 8), 0, 1);
  std::vector<double> host = u.to_vector<double>(), want(host.size());
  std::vector<double> up = rollLoops(host, n, m, 1, 0), down = rollLoops(host, n, m, -1, 0),
                      left = rollLoops(host, n, m, 1, 1), right = rollLoops(host, n, m, -1, 1);
  for (size_t k = 0; k < host.size(); ++k)
    want[k] = up[k] + down[k] + left[k] + right[k] - 4.0 * host[k];
  legato::reset_stats();
  Array lap = legato::roll(u, 1, 0) + legato::roll(u, -1, 0) + legato::roll(u, 1, 1) +
              legato::roll(u, -1, 1) - 4.0 * u;
  legato::flush();
  // A rank sends at most its block's first and last rows and columns (and
  // the corners of the hull of its neighbours' ghost rows and columns).
  const char *meshRows = std::getenv("LEGATO_MESH_ROWS");
  int64_t rows = meshIs2D() ? std::atoi(meshRows) : rt.size(), cols = rt.size() / rows;
  int64_t edges = (2 * ((n + rows - 1) / rows + (m + cols - 1) / cols) + 4) * 8;
  if (!eagerMode())
    EXPECT_LE(legato::stats().bytes_sent, edges);
  EXPECT_EQ(lap.to_vector<double>(), want);
}

TEST(Distributed, GridProductMatchesLoops) {
  runtime();
  // Small integers: every summation order gives the exact result.
  const int64_t n = 23, k = 17, m = 19;
  std::vector<double> a(size_t(n * k)), b(size_t(k * m));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t p = 0; p < k; ++p)
      a[size_t(i * k + p)] = double((i + 2 * p) % 7) - 3;
  for (int64_t p = 0; p < k; ++p)
    for (int64_t j = 0; j < m; ++j)
      b[size_t(p * m + j)] = double((p * j) % 5) - 2;
  Array A = legato::shard(legato::from_vector(a, {n, k}), 0, 1);
  Array B = legato::shard(legato::from_vector(b, {k, m}), 0, 1);
  std::vector<double> got = (legato::matmul(A, B) + 1.0).to_vector<double>();
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j) {
      double c = 1.0;
      for (int64_t p = 0; p < k; ++p)
        c += a[size_t(i * k + p)] * b[size_t(p * m + j)];
      ASSERT_EQ(got[size_t(i * m + j)], c) << i << ", " << j;
    }
}

TEST(Distributed, NewArraysFollowTheMesh) {
  legato::Runtime &rt = runtime();
  if (eagerMode())
    GTEST_SKIP() << "eager runs each slice as its own program";
  // A difference along axis 1 needs no neighbour's data when rows are split
  // (the 1-D mesh). On a 2-D mesh, d[:, j] lives where u[:, j + 1] does and
  // needs u[:, j] too: one ghost column from the left neighbour.
  const int64_t n = 32, m = 32;
  Array u = legato::random({n, m}, legato::f64, 8);
  std::vector<double> host = u.to_vector<double>();
  legato::flush();
  legato::reset_stats();
  Array d = u[{slice(none, none), slice(1, none)}] - u[{slice(none, none), slice(none, -1)}];
  legato::flush();
  int64_t sent = legato::stats().bytes_sent;
  if (meshIs2D() && rt.size() > 1) {
    int rows = std::atoi(std::getenv("LEGATO_MESH_ROWS")), cols = rt.size() / rows;
    // Every rank but those of the last mesh column sends the last column of
    // its block to its right neighbour.
    bool lastColumn = rt.rank() % cols == cols - 1;
    int64_t blockRows = n / rows + (rt.rank() / cols < n % rows ? 1 : 0);
    EXPECT_EQ(sent, lastColumn ? 0 : blockRows * 8) << "rank " << rt.rank();
  } else {
    EXPECT_EQ(sent, 0) << "rank " << rt.rank();
  }
  std::vector<double> got = d.to_vector<double>();
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j + 1 < m; ++j)
      ASSERT_EQ(got[size_t(i * (m - 1) + j)], host[size_t(i * m + j + 1)] - host[size_t(i * m + j)]);
}

TEST(Distributed, BadPlacementIsAnError) {
  runtime();
  Array a = legato::zeros({4, 4});
  EXPECT_THROW(legato::shard(a, 2), legato::Error);
  EXPECT_THROW(legato::shard(legato::sum(a), 0), legato::Error);
  try {
    legato::shard(a, -3);
    ADD_FAILURE() << "legato.shard accepted axis -3 of a 2-D array";
  } catch (const legato::Error &e) {
    EXPECT_NE(std::string(e.what()).find("legato.shard"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("(4, 4)"), std::string::npos) << e.what();
  }
  EXPECT_THROW(legato::shard(a, 1, -1), legato::Error); // one axis twice
  EXPECT_THROW(legato::shard(a, 0, 2), legato::Error);
}

} // namespace

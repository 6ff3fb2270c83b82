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
  // a and b, a block of each (at most one row more than rows / N).
  int64_t block = (rows / rt.size() + 1) * cols * 8;
  EXPECT_LE(legato::stats().peak_bytes, 2 * block + 64 * 1024)
      << "total " << bytes << " bytes over " << rt.size() << " ranks";
  EXPECT_EQ(legato::sum(b).item<double>(), 3.0 * rows * cols);
}

TEST(Distributed, StencilSweepSendsOneGhostRowPerNeighbour) {
  legato::Runtime &rt = runtime();
  if (std::getenv("LEGATO_MODE") && std::string(std::getenv("LEGATO_MODE")) == "eager")
    GTEST_SKIP() << "eager runs each slice as its own program";
  const int64_t n = 64, m = 48;
  Array u = legato::random({n, m}, legato::f64, 4);
  std::vector<double> before = u.to_vector<double>();
  legato::reset_stats();
  u[{slice(1, -1), slice(1, -1)}] =
      0.25 * (u[{slice(none, -2), slice(1, -1)}] + u[{slice(2, none), slice(1, -1)}] +
              u[{slice(1, -1), slice(none, -2)}] + u[{slice(1, -1), slice(2, none)}]);
  legato::flush();
  int64_t neighbours = rt.size() == 1 ? 0 : (rt.rank() == 0 || rt.rank() == rt.size() - 1) ? 1 : 2;
  EXPECT_EQ(legato::stats().bytes_sent, neighbours * m * 8);
  std::vector<double> after = u.to_vector<double>();
  for (int64_t i = 1; i < n - 1; ++i)
    for (int64_t j = 1; j < m - 1; ++j)
      ASSERT_EQ(after[i * m + j],
                0.25 * (before[(i - 1) * m + j] + before[(i + 1) * m + j] +
                        before[i * m + j - 1] + before[i * m + j + 1]))
          << i << ", " << j;
}

TEST(Distributed, LaterSweepsReceiveGhostRowsAroundTheBlockInPlace) {
  legato::Runtime &rt = runtime();
  if (std::getenv("LEGATO_MODE") && std::string(std::getenv("LEGATO_MODE")) == "eager")
    GTEST_SKIP() << "eager runs each slice as its own program";
  const int64_t n = 400, m = 256;
  auto sweep = [](Array &u) {
    u[{slice(1, -1), slice(1, -1)}] =
        0.25 * (u[{slice(none, -2), slice(1, -1)}] + u[{slice(2, none), slice(1, -1)}] +
                u[{slice(1, -1), slice(none, -2)}] + u[{slice(1, -1), slice(2, none)}]);
    legato::flush(); // a window (and an exchange) per sweep
  };
  Array u = legato::random({n, m}, legato::f64, 5);
  std::vector<double> want = u.to_vector<double>(); // the oracle: plain loops
  for (int s = 0; s < 5; ++s) {
    std::vector<double> next = want;
    for (int64_t i = 1; i < n - 1; ++i)
      for (int64_t j = 1; j < m - 1; ++j)
        next[i * m + j] = 0.25 * (want[(i - 1) * m + j] + want[(i + 1) * m + j] +
                                  want[i * m + j - 1] + want[i * m + j + 1]);
    want = next;
  }
  // The first sweep's exchange copies u's block into a new buffer with room
  // for the ghost rows (u, the user's array, has none around it); the block
  // it writes gets that room, so the second sweep receives its ghost rows in
  // place: one block less at its peak (no exchange at all on one rank).
  legato::reset_stats();
  sweep(u);
  int64_t copied = legato::stats().peak_bytes;
  legato::reset_stats();
  sweep(u);
  int64_t inPlace = legato::stats().peak_bytes;
  int64_t row = m * 8, block = n / rt.size() * row;
  if (rt.size() > 1)
    EXPECT_LE(inPlace, copied - block + 2 * row) << rt.size() << " ranks";
  else
    EXPECT_EQ(inPlace, copied);
  for (int s = 0; s < 3; ++s)
    sweep(u);
  EXPECT_EQ(u.to_vector<double>(), want);
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
}

} // namespace

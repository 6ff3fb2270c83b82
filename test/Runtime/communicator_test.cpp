//===- communicator_test.cpp - collectives on 1..N ranks -----------------===//
//
// Runs under mpirun at several rank counts and alone (SelfCommunicator).
// Inputs depend on the rank, so every expected value is computed locally by
// folding the same inputs over the ranks. A second communicator with an
// 8-byte chunk exercises the paths of messages over 2^31 bytes (derived
// datatypes) and of split reductions without the memory they would need.
//
//===----------------------------------------------------------------------===//
#include "Runtime/MpiCommunicator.h"
#include "mpi_test.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

using legato::DType;
using legato::test::world;
using namespace legato::runtime;

namespace {

bool launchedByMpirun() { return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr; }

/// The world, then (under MPI) a communicator whose messages and reductions
/// take the chunked paths. Creating it is collective.
std::vector<std::unique_ptr<Communicator>> chunkedCommunicators() {
  std::vector<std::unique_ptr<Communicator>> comms;
  if (launchedByMpirun() || legato::test::userInitialisedMpi())
    comms.push_back(std::make_unique<MpiCommunicator>(/*chunkBytes=*/8));
  return comms;
}

/// Both communicators a test runs on: the world and a chunked one.
template <typename F> void onEachCommunicator(F &&body) {
  body(world(), "world");
  for (auto &comm : chunkedCommunicators())
    body(*comm, "chunked");
}

std::vector<uint8_t> pattern(int64_t bytes, int seed) {
  std::vector<uint8_t> v(static_cast<size_t>(bytes));
  for (int64_t i = 0; i < bytes; ++i)
    v[size_t(i)] = uint8_t(seed * 31 + i * 7 + 1);
  return v;
}

//===----------------------------------------------------------------------===//
// The launch
//===----------------------------------------------------------------------===//

TEST(Communicator, WorldMatchesTheLauncher) {
  if (const char *size = std::getenv("OMPI_COMM_WORLD_SIZE")) {
    EXPECT_NE(dynamic_cast<MpiCommunicator *>(&world()), nullptr);
    EXPECT_EQ(world().size(), std::atoi(size));
    EXPECT_EQ(world().rank(), std::atoi(std::getenv("OMPI_COMM_WORLD_RANK")));
    EXPECT_EQ(MpiCommunicator::initialisedByLegato(), !legato::test::userInitialisedMpi());
  } else if (!legato::test::userInitialisedMpi()) {
    // A plain run must not pay for a singleton MPI_Init.
    EXPECT_NE(dynamic_cast<SelfCommunicator *>(&world()), nullptr);
    EXPECT_EQ(world().size(), 1);
    int initialized = 1;
    MPI_Initialized(&initialized);
    EXPECT_EQ(initialized, 0);
    EXPECT_FALSE(MpiCommunicator::initialisedByLegato());
  }
}

TEST(Communicator, CreatedAndDestroyedRepeatedly) {
  // A process may build several legato::Runtime one after the other, and
  // more than one at a time: MPI starts once and every one works.
  for (int round = 0; round < 3; ++round) {
    std::unique_ptr<Communicator> a = createCommunicator();
    std::unique_ptr<Communicator> b = createCommunicator();
    EXPECT_EQ(a->rank(), world().rank());
    EXPECT_EQ(b->size(), world().size());
    int64_t x = a->rank() + 1, y = 2;
    a->allReduce(&x, 1, legato::i64, ReduceOp::sum);
    b->allReduce(&y, 1, legato::i64, ReduceOp::prod);
    int64_t n = world().size();
    EXPECT_EQ(x, n * (n + 1) / 2);
    EXPECT_EQ(y, int64_t(1) << n);
  }
}

TEST(Communicator, RejectsAChunkSizeMpiCannotDescribe) {
  if (!launchedByMpirun())
    GTEST_SKIP() << "needs mpirun";
  EXPECT_THROW(MpiCommunicator(0), legato::Error);
  EXPECT_THROW(MpiCommunicator(int64_t(1) << 40), legato::Error);
}

//===----------------------------------------------------------------------===//
// allReduce
//===----------------------------------------------------------------------===//

template <typename T> T input(int rank, int i) {
  if constexpr (std::is_floating_point_v<T>)
    return T(0.5 * (rank + 1) * (i % 5 - 2) + 0.25 * i); // exact in binary
  else
    return T((rank + 1) * (i % 5 - 2) + i);
}

template <typename T> T fold(T a, T b, ReduceOp op) {
  switch (op) {
  case ReduceOp::sum:
    return T(a + b);
  case ReduceOp::prod:
    return T(a * b);
  case ReduceOp::max:
    return std::max(a, b);
  case ReduceOp::min:
    return std::min(a, b);
  }
  return a;
}

const char *opName(ReduceOp op) {
  const char *names[] = {"sum", "prod", "max", "min"};
  return names[int(op)];
}

template <typename T> void checkAllReduce(Communicator &comm, DType dtype, const char *what) {
  constexpr int kCount = 11;
  for (ReduceOp op : {ReduceOp::sum, ReduceOp::prod, ReduceOp::max, ReduceOp::min}) {
    std::vector<T> data(kCount), expected(kCount);
    for (int i = 0; i < kCount; ++i) {
      data[size_t(i)] = input<T>(comm.rank(), i);
      expected[size_t(i)] = input<T>(0, i);
      for (int r = 1; r < comm.size(); ++r)
        expected[size_t(i)] = fold(expected[size_t(i)], input<T>(r, i), op);
    }
    comm.allReduce(data.data(), kCount, dtype, op);
    EXPECT_EQ(data, expected) << what << " " << opName(op) << " dtype " << int(dtype);
  }
}

TEST(Communicator, AllReduceEveryNumericTypeAndOp) {
  onEachCommunicator([](Communicator &comm, const char *what) {
    checkAllReduce<int32_t>(comm, legato::i32, what);
    checkAllReduce<int64_t>(comm, legato::i64, what);
    checkAllReduce<float>(comm, legato::f32, what);
    checkAllReduce<double>(comm, legato::f64, what);
  });
}

TEST(Communicator, AllReduceBooleansAreOrAndAnd) {
  onEachCommunicator([](Communicator &comm, const char *what) {
    constexpr int kCount = 13;
    auto bit = [](int rank, int i) { return uint8_t((rank + i) % 3 == 0 || i == 0); };
    for (ReduceOp op : {ReduceOp::sum, ReduceOp::prod, ReduceOp::max, ReduceOp::min}) {
      bool isOr = op == ReduceOp::sum || op == ReduceOp::max;
      std::vector<uint8_t> data(kCount), expected(kCount);
      for (int i = 0; i < kCount; ++i) {
        data[size_t(i)] = bit(comm.rank(), i);
        bool any = false, all = true;
        for (int r = 0; r < comm.size(); ++r) {
          any = any || bit(r, i);
          all = all && bit(r, i);
        }
        expected[size_t(i)] = isOr ? any : all;
      }
      comm.allReduce(data.data(), kCount, legato::bool_, op);
      EXPECT_EQ(data, expected) << what << " " << opName(op);
    }
  });
}

template <typename T> void checkNaN(Communicator &comm, DType dtype, const char *what) {
  const T nan = std::numeric_limits<T>::quiet_NaN();
  int last = comm.size() - 1;
  for (ReduceOp op : {ReduceOp::max, ReduceOp::min, ReduceOp::sum}) {
    // NaN on the last rank, on rank 0, on no rank.
    std::vector<T> data = {comm.rank() == last ? nan : T(1), comm.rank() == 0 ? nan : T(2),
                           T(comm.rank())};
    comm.allReduce(data.data(), 3, dtype, op);
    EXPECT_TRUE(std::isnan(data[0])) << what << " " << opName(op);
    EXPECT_TRUE(std::isnan(data[1])) << what << " " << opName(op);
    EXPECT_FALSE(std::isnan(data[2])) << what << " " << opName(op);
  }
}

TEST(Communicator, AllReduceFloatsPropagateNaN) {
  onEachCommunicator([](Communicator &comm, const char *what) {
    checkNaN<float>(comm, legato::f32, what);
    checkNaN<double>(comm, legato::f64, what);
  });
}

// combineInto is an all-reduce's combination of two ranks' values, on one
// process (the partials of pieces of rows, DistributedProgram): checked
// against values worked out by hand.
TEST(Communicator, CombineIntoCombinesAsAllReduceDoes) {
  auto combined = [](std::vector<int64_t> into, const std::vector<int64_t> &from, ReduceOp op) {
    combineInto(into.data(), from.data(), int64_t(into.size()), legato::i64, op);
    return into;
  };
  const std::vector<int64_t> a = {1, -5, 7, 3}, b = {2, 4, -9, 3};
  EXPECT_EQ(combined(a, b, ReduceOp::sum), (std::vector<int64_t>{3, -1, -2, 6}));
  EXPECT_EQ(combined(a, b, ReduceOp::prod), (std::vector<int64_t>{2, -20, -63, 9}));
  EXPECT_EQ(combined(a, b, ReduceOp::max), (std::vector<int64_t>{2, 4, 7, 3}));
  EXPECT_EQ(combined(a, b, ReduceOp::min), (std::vector<int64_t>{1, -5, -9, 3}));

  std::vector<int32_t> i = {6, -2}, j = {-3, 5};
  combineInto(i.data(), j.data(), 2, legato::i32, ReduceOp::prod);
  EXPECT_EQ(i, (std::vector<int32_t>{-18, -10}));

  for (ReduceOp op : {ReduceOp::sum, ReduceOp::prod, ReduceOp::max, ReduceOp::min}) {
    std::vector<uint8_t> p = {0, 1, 0, 1}, q = {0, 0, 1, 1};
    combineInto(p.data(), q.data(), 4, legato::bool_, op);
    bool isOr = op == ReduceOp::sum || op == ReduceOp::max;
    EXPECT_EQ(p, isOr ? (std::vector<uint8_t>{0, 1, 1, 1}) : (std::vector<uint8_t>{0, 0, 0, 1}))
        << opName(op);
  }

  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (ReduceOp op : {ReduceOp::max, ReduceOp::min, ReduceOp::sum}) {
    std::vector<double> x = {1.0, nan, 3.0}, y = {nan, 2.0, -1.0};
    combineInto(x.data(), y.data(), 3, legato::f64, op);
    EXPECT_TRUE(std::isnan(x[0]) && std::isnan(x[1])) << opName(op);
    EXPECT_EQ(x[2], op == ReduceOp::max ? 3.0 : op == ReduceOp::min ? -1.0 : 2.0) << opName(op);
  }
  std::vector<float> zero = {-0.0f}, other = {0.0f}; // equal: `into` stays
  combineInto(zero.data(), other.data(), 1, legato::f32, ReduceOp::max);
  EXPECT_TRUE(std::signbit(zero[0]));
}

TEST(Communicator, AllReduceFloatSumIsBitwiseTheSameOnEveryRank) {
  // Values whose sum rounds: a different order of addition on some rank
  // would show in the last bits.
  std::vector<double> data(64);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = 0.1 * (world().rank() + 1) + 1e-3 / double(i + 1) + (i % 2 ? 1e8 : -1e-8);
  world().allReduce(data.data(), int64_t(data.size()), legato::f64, ReduceOp::sum);
  std::vector<int64_t> low(data.size()), high(data.size());
  std::memcpy(low.data(), data.data(), data.size() * 8);
  high = low;
  world().allReduce(low.data(), int64_t(low.size()), legato::i64, ReduceOp::min);
  world().allReduce(high.data(), int64_t(high.size()), legato::i64, ReduceOp::max);
  EXPECT_EQ(low, high);
}

TEST(Communicator, AllReduceOfNothing) {
  onEachCommunicator([](Communicator &comm, const char *) {
    EXPECT_NO_THROW(comm.allReduce(nullptr, 0, legato::f64, ReduceOp::sum));
  });
}

TEST(Communicator, AllReduceAmongAGroupCombinesItsMembersInRankOrder) {
  // Groups of even and odd ranks: each group's sum of values that round
  // differently in another order, folded locally in rank order, and its
  // maximum with a NaN on one member.
  onEachCommunicator([](Communicator &comm, const char *what) {
    std::vector<int> members;
    for (int r = comm.rank() % 2; r < comm.size(); r += 2)
      members.push_back(r);
    auto values = [](int rank) {
      std::vector<double> v(16);
      for (size_t i = 0; i < v.size(); ++i)
        v[i] = 0.1 * (rank + 1) + 1e-3 / double(i + 1) + (i % 2 ? 1e8 : -1e-8) * (rank + 1);
      return v;
    };
    std::vector<double> data = values(comm.rank()), want = values(members[0]);
    for (size_t k = 1; k < members.size(); ++k)
      for (size_t i = 0; i < want.size(); ++i)
        want[i] += values(members[k])[i];
    int64_t sent = allReduceAmong(comm, members, data.data(), int64_t(data.size()), legato::f64,
                                  ReduceOp::sum);
    EXPECT_EQ(data, want) << what << ", rank " << comm.rank();
    EXPECT_EQ(sent, int64_t(data.size() * 8 * (members.size() - 1))) << what;

    std::vector<double> most = {double(comm.rank()), comm.rank() == members.back()
                                                         ? std::nan("")
                                                         : double(comm.rank())};
    allReduceAmong(comm, members, most.data(), 2, legato::f64, ReduceOp::max);
    EXPECT_EQ(most[0], double(members.back())) << what;
    EXPECT_TRUE(std::isnan(most[1])) << what;
  });
}

TEST(Communicator, AllReduceAmongRejectsAGroupWithoutThisRank) {
  std::vector<int> others;
  for (int r = 0; r < world().size(); ++r)
    if (r != world().rank())
      others.push_back(r);
  double x = 1;
  EXPECT_THROW(allReduceAmong(world(), others, &x, 1, legato::f64, ReduceOp::sum),
               legato::Error);
}

//===----------------------------------------------------------------------===//
// sendRecv
//===----------------------------------------------------------------------===//

TEST(Communicator, SendRecvRingKeepsMessageOrder) {
  onEachCommunicator([](Communicator &comm, const char *what) {
    int n = comm.size(), me = comm.rank();
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    // Three messages to the same peer, sizes that depend on the sender:
    // whole chunks, a tail, nothing.
    auto sizes = [](int rank) { return std::vector<int64_t>{100 + rank, 64, 0, 3}; };
    std::vector<std::vector<uint8_t>> out, in;
    std::vector<Communicator::Message> sends, receives;
    for (size_t k = 0; k < 4; ++k) {
      out.push_back(pattern(sizes(me)[k], me * 10 + int(k)));
      in.push_back(std::vector<uint8_t>(size_t(sizes(prev)[k]), 0xee));
    }
    for (size_t k = 0; k < 4; ++k) {
      sends.push_back({next, out[k].data(), int64_t(out[k].size())});
      receives.push_back({prev, in[k].data(), int64_t(in[k].size())});
    }
    comm.sendRecv(sends, receives);
    for (size_t k = 0; k < 4; ++k)
      EXPECT_EQ(in[k], pattern(sizes(prev)[k], prev * 10 + int(k))) << what << " message " << k;
  });
}

TEST(Communicator, SendRecvAllToAll) {
  onEachCommunicator([](Communicator &comm, const char *what) {
    int n = comm.size(), me = comm.rank();
    std::vector<std::vector<uint8_t>> out, in;
    std::vector<Communicator::Message> sends, receives;
    for (int peer = 0; peer < n; ++peer) {
      out.push_back(pattern(17 + me * n + peer, me * 100 + peer));
      in.push_back(std::vector<uint8_t>(size_t(17 + peer * n + me)));
    }
    for (int peer = 0; peer < n; ++peer) {
      sends.push_back({peer, out[size_t(peer)].data(), int64_t(out[size_t(peer)].size())});
      receives.push_back({peer, in[size_t(peer)].data(), int64_t(in[size_t(peer)].size())});
    }
    comm.sendRecv(sends, receives);
    for (int peer = 0; peer < n; ++peer)
      EXPECT_EQ(in[size_t(peer)], pattern(17 + peer * n + me, peer * 100 + me))
          << what << " from rank " << peer;
  });
}

TEST(Communicator, SendRecvSizeMismatchThrows) {
  onEachCommunicator([](Communicator &comm, const char *what) {
    int n = comm.size(), me = comm.rank();
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    // Every rank receives in the ring, so every rank sees the mismatch.
    for (int64_t expected : {int64_t(40), int64_t(120)}) {
      std::vector<uint8_t> out = pattern(100, me), in(static_cast<size_t>(expected));
      try {
        comm.sendRecv({{next, out.data(), 100}}, {{prev, in.data(), expected}});
        ADD_FAILURE() << what << ": a " << expected << "-byte receive of 100 bytes passed";
      } catch (const legato::Error &e) {
        EXPECT_NE(std::string(e.what()).find("must agree"), std::string::npos) << e.what();
      }
      comm.barrier();
    }
  });
}

TEST(Communicator, SendRecvRejectsAPeerThatIsNoRank) {
  std::vector<uint8_t> buffer(4);
  int n = world().size();
  EXPECT_THROW(world().sendRecv({{n, buffer.data(), 4}}, {}), legato::Error);
  EXPECT_THROW(world().sendRecv({}, {{-1, buffer.data(), 4}}), legato::Error);
  EXPECT_THROW(world().sendRecv({{0, nullptr, 4}}, {}), legato::Error);
}

TEST(SelfCommunicator, MatchesSendsToReceivesInOrder) {
  SelfCommunicator self;
  std::vector<uint8_t> a = pattern(10, 1), b = pattern(0, 2), c = pattern(33, 3);
  std::vector<uint8_t> x(10), y(0), z(33);
  self.sendRecv({{0, a.data(), 10}, {0, b.data(), 0}, {0, c.data(), 33}},
                {{0, x.data(), 10}, {0, y.data(), 0}, {0, z.data(), 33}});
  EXPECT_EQ(x, a);
  EXPECT_EQ(z, c);
}

TEST(SelfCommunicator, RejectsWhatNoRankCouldDeliver) {
  SelfCommunicator self;
  std::vector<uint8_t> a(8), b(8);
  EXPECT_THROW(self.sendRecv({{0, a.data(), 8}}, {{0, b.data(), 4}}), legato::Error);
  EXPECT_THROW(self.sendRecv({{0, a.data(), 8}}, {}), legato::Error);
  EXPECT_THROW(self.sendRecv({{1, a.data(), 8}}, {{1, b.data(), 8}}), legato::Error);
  try {
    self.sendRecv({{0, a.data(), 8}}, {{0, b.data(), 4}});
  } catch (const legato::Error &e) {
    EXPECT_NE(std::string(e.what()).find("8 bytes"), std::string::npos) << e.what();
  }
}

//===----------------------------------------------------------------------===//
// broadcast, barrier
//===----------------------------------------------------------------------===//

TEST(Communicator, BroadcastFromEveryRoot) {
  onEachCommunicator([](Communicator &comm, const char *what) {
    for (int root = 0; root < comm.size(); ++root)
      for (int64_t bytes : {0, 1, 8, 64, 100, 1000}) {
        std::vector<uint8_t> data =
            comm.rank() == root ? pattern(bytes, root) : std::vector<uint8_t>(size_t(bytes));
        comm.broadcast(data.data(), bytes, root);
        EXPECT_EQ(data, pattern(bytes, root)) << what << " root " << root << ", " << bytes;
      }
  });
}

TEST(Communicator, BroadcastRejectsARootThatIsNoRank) {
  if (!dynamic_cast<MpiCommunicator *>(&world()))
    GTEST_SKIP() << "SelfCommunicator's broadcast is the identity";
  uint8_t byte = 0;
  EXPECT_THROW(world().broadcast(&byte, 1, world().size()), legato::Error);
  EXPECT_THROW(world().broadcast(&byte, 1, -1), legato::Error);
}

TEST(Communicator, Barrier) {
  onEachCommunicator([](Communicator &comm, const char *) { EXPECT_NO_THROW(comm.barrier()); });
}

} // namespace

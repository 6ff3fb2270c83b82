//===- exchange_test.cpp - box exchanges and agreement on 1..N ranks ------===//
//
// Every exchange is checked against the oracle of box_oracle.h: what each
// rank needs is computable locally. The bytes each rank sends are checked
// against a brute-force count over elements (each element a receiver lacks
// comes from the lowest rank holding it), so nothing else moves.
//
//===----------------------------------------------------------------------===//
#include "Runtime/Exchange.h"
#include "recording_communicator.h"
#include "box_oracle.h"
#include "mpi_test.h"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>

using legato::Shape;
using legato::test::world;
using namespace legato::runtime;
using namespace legato::test;

namespace {

/// Bytes rank `me` must send: elements other ranks need and lack, of which
/// `me` is the lowest holder.
int64_t expectedBytesSent(const Sharding &have, const std::vector<Box> &need, int me,
                          int64_t elementBytes) {
  int64_t elements = 0;
  for (int r = 0; r < have.ranks(); ++r) {
    if (r == me)
      continue;
    forEachIndex(need[size_t(r)], [&](const std::vector<int64_t> &index) {
      if (holds(have.boxes[size_t(r)], index))
        return;
      for (int s = 0; s < have.ranks(); ++s)
        if (holds(have.boxes[size_t(s)], index)) {
          elements += s == me;
          return;
        }
    });
  }
  return elements * elementBytes;
}

/// Whether every needed element is held by some rank.
bool covered(const Sharding &have, const std::vector<Box> &need) {
  bool all = true;
  for (const Box &b : need)
    forEachIndex(b, [&](const std::vector<int64_t> &index) {
      bool held = false;
      for (const Box &h : have.boxes)
        held = held || holds(h, index);
      all = all && held;
    });
  return all;
}

template <typename T = int64_t>
void exchangeAndCheck(const Sharding &have, const std::vector<Box> &need, const std::string &what) {
  Communicator &comm = world();
  int me = comm.rank();
  std::vector<T> local = contentOf<T>(have.boxes[size_t(me)], have.global);
  std::vector<T> out(size_t(need[size_t(me)].size()));
  int64_t sent = exchangeBoxes(comm, have, need, local.data(), out.data(), sizeof(T));
  EXPECT_EQ(out, contentOf<T>(need[size_t(me)], have.global))
      << what << ": rank " << me << " needs " << need[size_t(me)].str() << ", holds " << have.str();
  EXPECT_EQ(sent, expectedBytesSent(have, need, me, sizeof(T))) << what << ": rank " << me;
}

std::vector<Box> allOf(const Shape &global) {
  return std::vector<Box>(size_t(world().size()), Box::full(global));
}

/// Each box grown by `width` on both sides of every axis in `axes`,
/// clipped to the array; empty boxes stay empty.
std::vector<Box> withHalo(const Sharding &s, std::vector<int64_t> axes, int64_t width = 1) {
  std::vector<Box> boxes = s.boxes;
  for (Box &b : boxes) {
    if (b.empty())
      continue;
    for (int64_t axis : axes) {
      b.lo[size_t(axis)] = std::max<int64_t>(0, b.lo[size_t(axis)] - width);
      b.hi[size_t(axis)] = std::min(s.global[size_t(axis)], b.hi[size_t(axis)] + width);
    }
  }
  return boxes;
}

/// Blocks over a px x py mesh of the ranks (px * py = ranks).
Sharding meshBlocks(const Shape &global, int ranks) {
  int px = ranks % 2 == 0 && ranks > 2 ? 2 : ranks, py = ranks / px;
  Sharding rows = Sharding::split(global, 0, px), cols = Sharding::split(global, 1, py);
  Sharding s{global, {}};
  for (int r = 0; r < ranks; ++r)
    s.boxes.push_back(rows.boxes[size_t(r / py)].intersect(cols.boxes[size_t(r % py)]));
  return s;
}

//===----------------------------------------------------------------------===//
// exchangeBoxes
//===----------------------------------------------------------------------===//

TEST(ExchangeBoxes, AllGatherOfOneDimensionalBlocks) {
  int n = world().size();
  for (int64_t extent : {10, 3, 1, 0}) // 3 and 1: some ranks hold nothing when n > extent
    exchangeAndCheck(Sharding::split({extent}, 0, n), allOf({extent}),
                     "all-gather of " + std::to_string(extent));
}

TEST(ExchangeBoxes, AllGatherOfTwoDimensionalBlocksOnEitherAxis) {
  int n = world().size();
  for (int64_t axis : {0, 1}) {
    exchangeAndCheck(Sharding::split({7, 5}, axis, n), allOf({7, 5}),
                     "all-gather, axis " + std::to_string(axis));
    Sharding same = Sharding::split({7, 5}, axis, n);
    exchangeAndCheck(same, same.boxes, "identity, axis " + std::to_string(axis));
  }
}

TEST(ExchangeBoxes, ReshardBetweenAxes) {
  int n = world().size();
  for (Shape global : {Shape{7, 5}, Shape{2, 9}, Shape{5, 1}}) {
    Sharding byRows = Sharding::split(global, 0, n), byCols = Sharding::split(global, 1, n);
    exchangeAndCheck(byRows, byCols.boxes, "rows to columns of " + byRows.str());
    exchangeAndCheck(byCols, byRows.boxes, "columns to rows of " + byCols.str());
  }
}

TEST(ExchangeBoxes, HaloRowsTravelOnlyBetweenNeighbours) {
  int n = world().size();
  for (Shape global : {Shape{9, 4}, Shape{3, 4}, Shape{12}}) {
    Sharding s = Sharding::split(global, 0, n);
    exchangeAndCheck(s, withHalo(s, {0}), "halo of " + s.str());
    exchangeAndCheck(s, withHalo(s, {0}, 2), "2-wide halo of " + s.str());
  }
  // The same in element sizes other than 8 bytes.
  Sharding s = Sharding::split({9, 4}, 0, n);
  exchangeAndCheck<uint16_t>(s, withHalo(s, {0}), "halo, 2-byte elements");
  exchangeAndCheck<std::array<int64_t, 3>>(s, withHalo(s, {0}), "halo, 24-byte elements");
}

TEST(ExchangeBoxes, HaloOnTheSecondAxis) {
  Sharding s = Sharding::split({4, 11}, 1, world().size());
  exchangeAndCheck(s, withHalo(s, {1}), "column halo of " + s.str());
}

TEST(ExchangeBoxes, MeshBlocksWithHalosAndTransposedNeeds) {
  int n = world().size();
  Sharding mesh = meshBlocks({6, 7}, n);
  exchangeAndCheck(mesh, withHalo(mesh, {0, 1}), "2-D halo of " + mesh.str());
  exchangeAndCheck(mesh, Sharding::split({6, 7}, 1, n).boxes, "mesh to columns");
  exchangeAndCheck(mesh, allOf({6, 7}), "mesh all-gather");
}

TEST(ExchangeBoxes, ReplicatedHaveMovesNothing) {
  int n = world().size();
  Sharding everywhere = Sharding::replicated({5, 6}, n);
  exchangeAndCheck(everywhere, Sharding::split({5, 6}, 1, n).boxes, "replicated to columns");
  exchangeAndCheck(everywhere, allOf({5, 6}), "replicated to replicated");
}

TEST(ExchangeBoxes, OverlappingHaveBoxesSendFromTheLowestHolder) {
  int n = world().size();
  Sharding s = Sharding::split({10, 3}, 0, n);
  Sharding overlapping{s.global, withHalo(s, {0})};
  exchangeAndCheck(overlapping, allOf({10, 3}), "all-gather of overlapping rows");
  exchangeAndCheck(overlapping, Sharding::split({10, 3}, 1, n).boxes,
                   "overlapping rows to columns");
}

TEST(ExchangeBoxes, EmptyNeeds) {
  int n = world().size();
  Sharding s = Sharding::split({8, 2}, 0, n);
  std::vector<Box> need(size_t(n), Box{{3, 0}, {3, 2}});
  need.back() = Box::full({8, 2}); // only the last rank wants anything
  exchangeAndCheck(s, need, "one rank gathers");
  exchangeAndCheck(s, std::vector<Box>(size_t(n), Box{{0, 0}, {0, 0}}), "nobody needs anything");
}

TEST(ExchangeBoxes, ZeroDimensionalArray) {
  Sharding scalar = Sharding::replicated({}, world().size());
  exchangeAndCheck(scalar, scalar.boxes, "0-d");
  exchangeAndCheck<double>(scalar, scalar.boxes, "0-d double");
}

TEST(ExchangeBoxes, RandomBoxesMatchTheOracle) {
  // The same seed on every rank: the same arguments everywhere, as the
  // contract requires. Uncovered needs must throw on every rank.
  int n = world().size();
  std::mt19937_64 random(2024);
  auto pick = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(random);
  };
  auto randomBox = [&](const Shape &global) {
    Box b = Box::full(global);
    for (size_t d = 0; d < global.size(); ++d) {
      b.lo[d] = pick(0, global[d]);
      b.hi[d] = pick(b.lo[d], global[d]);
    }
    return b;
  };
  int failures = 0, successes = 0;
  for (int trial = 0; trial < 60; ++trial) {
    Shape global(size_t(pick(0, 3)));
    for (int64_t &e : global)
      e = pick(1, 6);
    Sharding have{global, {}};
    for (int r = 0; r < n; ++r)
      have.boxes.push_back(randomBox(global));
    // Mostly covered: some rank holds a whole block of a split.
    if (trial % 3 != 0 && !global.empty()) {
      Sharding split = Sharding::split(global, pick(0, int64_t(global.size()) - 1), n);
      for (int r = 0; r < n; ++r)
        if (pick(0, 3) != 0)
          have.boxes[size_t(r)] = split.boxes[size_t(r)];
    }
    std::vector<Box> need;
    for (int r = 0; r < n; ++r)
      need.push_back(randomBox(global));
    std::string what = "trial " + std::to_string(trial) + ": have " + have.str();
    if (covered(have, need)) {
      exchangeAndCheck(have, need, what);
      ++successes;
    } else {
      std::vector<int64_t> local = contentOf<int64_t>(have.boxes[size_t(world().rank())], global);
      std::vector<int64_t> out(size_t(need[size_t(world().rank())].size()));
      EXPECT_THROW(exchangeBoxes(world(), have, need, local.data(), out.data(), 8), legato::Error)
          << what;
      ++failures;
    }
  }
  EXPECT_GT(successes, 20);
}

TEST(ExchangeBoxes, ElementsHeldByNoRankThrowOnEveryRank) {
  int n = world().size();
  Sharding s = Sharding::split({8}, 0, n);
  s.boxes.back() = Box{{0}, {0}}; // the last block is lost
  if (n == 1)
    s.boxes.back() = Box{{0}, {5}};
  std::vector<int64_t> local = contentOf<int64_t>(s.boxes[size_t(world().rank())], s.global);
  std::vector<int64_t> out(8);
  try {
    exchangeBoxes(world(), s, allOf({8}), local.data(), out.data(), 8);
    ADD_FAILURE() << "exchanging an uncovered box did not throw";
  } catch (const legato::Error &e) {
    std::string message = e.what();
    EXPECT_NE(message.find("held by no rank"), std::string::npos) << message;
    EXPECT_NE(message.find("[0:8]"), std::string::npos) << message;
  }
  // Outside the array.
  Sharding whole = Sharding::split({8}, 0, n);
  std::vector<Box> beyond(size_t(n), Box{{4}, {9}});
  std::vector<int64_t> out5(5);
  std::vector<int64_t> mine = contentOf<int64_t>(whole.boxes[size_t(world().rank())], {8});
  EXPECT_THROW(exchangeBoxes(world(), whole, beyond, mine.data(), out5.data(), 8), legato::Error);
}

TEST(ExchangeBoxes, RejectsArgumentsOfTheWrongShape) {
  int n = world().size();
  Sharding s = Sharding::split({8}, 0, n);
  std::vector<int64_t> buffer(8);
  EXPECT_THROW(exchangeBoxes(world(), Sharding::split({8}, 0, n + 1), allOf({8}), buffer.data(),
                             buffer.data(), 8),
               legato::Error);
  EXPECT_THROW(exchangeBoxes(world(), s, std::vector<Box>(size_t(n), Box::full({8, 1})),
                             buffer.data(), buffer.data(), 8),
               legato::Error);
  EXPECT_THROW(exchangeBoxes(world(), s, allOf({8}), buffer.data(), buffer.data(), 0),
               legato::Error);
}

TEST(ExchangeBoxes, PlansOfSixtyFourRanksAgreeAndAreCheap) {
  // A 4x4x4 mesh of blocks with a halo in every direction (26 neighbours),
  // and a 6-D array split on its first axis gathered everywhere: what every
  // rank sends to a peer is what that peer expects, computed independently.
  constexpr int kRanks = 64;
  Shape cube{16, 16, 16};
  Sharding mesh{cube, {}};
  for (int r = 0; r < kRanks; ++r)
    mesh.boxes.push_back(Box{{4 * (r / 16), 4 * (r / 4 % 4), 4 * (r % 4)},
                             {4 * (r / 16) + 4, 4 * (r / 4 % 4) + 4, 4 * (r % 4) + 4}});
  std::vector<std::pair<Sharding, std::vector<Box>>> cases = {
      {mesh, withHalo(mesh, {0, 1, 2})},
      {Sharding::split({64, 2, 2, 2, 2, 2}, 0, kRanks),
       std::vector<Box>(kRanks, Box::full({64, 2, 2, 2, 2, 2}))}};
  for (auto &[have, need] : cases) {
    std::vector<std::vector<int64_t>> bytes(kRanks, std::vector<int64_t>(kRanks, 0));
    std::vector<std::vector<int64_t>> expects = bytes;
    double seconds = 0;
    for (int r = 0; r < kRanks; ++r) {
      RecordingCommunicator comm(r, kRanks);
      std::vector<int64_t> local = contentOf<int64_t>(have.boxes[size_t(r)], have.global);
      std::vector<int64_t> out(size_t(need[size_t(r)].size()));
      auto start = std::chrono::steady_clock::now();
      int64_t sent = exchangeBoxes(comm, have, need, local.data(), out.data(), 8);
      seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (r % 21 == 0) // the brute-force count is slow: a few ranks
        EXPECT_EQ(sent, expectedBytesSent(have, need, r, 8)) << "rank " << r;
      for (const Communicator::Message &m : comm.sends)
        bytes[size_t(r)][size_t(m.peer)] += m.bytes;
      for (const Communicator::Message &m : comm.receives)
        expects[size_t(m.peer)][size_t(r)] += m.bytes;
    }
    EXPECT_EQ(bytes, expects);
    std::printf("%zu-D, 64 ranks: %.3f ms per rank's exchangeBoxes (plan, pack, unpack)\n",
                have.global.size(), 1e3 * seconds / kRanks);
    // Per rank, the plan is a small fraction of a millisecond on this machine.
    EXPECT_LT(seconds / kRanks, 0.01) << have.global.size() << "-D";
  }
}

//===----------------------------------------------------------------------===//
// agreeOrThrow
//===----------------------------------------------------------------------===//

TEST(AgreeOrThrow, NoFailureNoThrow) {
  EXPECT_NO_THROW(agreeOrThrow(world(), "", 0x1234));
  EXPECT_NO_THROW(agreeOrThrow(world(), "", ~uint64_t(0)));
}

TEST(AgreeOrThrow, OneRankFailsEveryRankThrowsItsMessage) {
  int n = world().size(), me = world().rank();
  int failing = n >= 2 ? 1 : 0;
  std::string text = "compiling kernel 3 failed: out of memory (rank-specific detail)";
  try {
    agreeOrThrow(world(), me == failing ? text : "", 77);
    ADD_FAILURE() << "rank " << me << " did not throw";
  } catch (const legato::Error &e) {
    std::string message = e.what();
    std::string prefix = "rank " + std::to_string(failing) + ":";
    EXPECT_EQ(message.rfind(prefix, 0), 0u) << message;
    EXPECT_NE(message.find(text), std::string::npos) << message;
  }
}

TEST(AgreeOrThrow, TheLowestFailedRankSpeaks) {
  int n = world().size(), me = world().rank();
  if (n < 3)
    GTEST_SKIP() << "needs 3 ranks";
  try {
    agreeOrThrow(world(), me >= 1 ? "failure on rank " + std::to_string(me) : "", 5);
    ADD_FAILURE() << "rank " << me << " did not throw";
  } catch (const legato::Error &e) {
    EXPECT_EQ(std::string(e.what()), "rank 1: failure on rank 1");
  }
}

TEST(AgreeOrThrow, DifferentProgramsThrowOnEveryRank) {
  int n = world().size(), me = world().rank();
  if (n < 2)
    GTEST_SKIP() << "needs 2 ranks";
  for (uint64_t other : {uint64_t(1), ~uint64_t(0), uint64_t(1) << 63}) {
    // Only the last rank differs, by one bit or in sign.
    uint64_t hash = me == n - 1 ? 42 ^ other : 42;
    try {
      agreeOrThrow(world(), "", hash);
      ADD_FAILURE() << "rank " << me << " did not throw";
    } catch (const legato::Error &e) {
      EXPECT_NE(std::string(e.what()).find("different programs"), std::string::npos) << e.what();
    }
  }
}

} // namespace

//===- row_exchange_test.cpp - row-exchange plans against exchangeBoxes ---===//
//
// The NCCL exchange of device row blocks moves what planRowExchange says;
// the host exchange moves what exchangeBoxes says. On random uneven row
// shardings (empty blocks, gaps, blocks out of rank order, halos,
// all-gathers) every rank's plan must be exchangeBoxes' messages exactly:
// the same peers, the same rows at the same offsets, the same bytes sent.
// One process plays every rank through a communicator that records the
// messages instead of delivering them; then the plans of all ranks move
// the data among them, and every rank must end with the rows it needs.
//
//===----------------------------------------------------------------------===//
#include "Runtime/Exchange.h"
#include "recording_communicator.h"
#include "Runtime/RowExchange.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>

using namespace legato::runtime;
using legato::Shape;
using legato::test::RecordingCommunicator;

namespace {

struct RandomRows {
  std::mt19937_64 random{7};
  int64_t pick(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(random);
  }
  /// Rows [lo, hi) of `global`, spanning the other dimensions.
  Box rows(const Shape &global, int64_t lo, int64_t hi) {
    Box b = Box::full(global);
    b.lo[0] = lo;
    b.hi[0] = hi;
    return b;
  }
  /// Disjoint blocks, uneven and possibly empty, in a shuffled rank order,
  /// with a gap now and then (rows held by no rank).
  Sharding have(const Shape &global, int ranks) {
    std::vector<int64_t> cuts;
    for (int r = 0; r + 1 < ranks; ++r)
      cuts.push_back(pick(0, global[0]));
    cuts.push_back(0);
    cuts.push_back(global[0]);
    std::sort(cuts.begin(), cuts.end());
    Sharding s{global, {}};
    for (int r = 0; r < ranks; ++r) {
      int64_t lo = cuts[size_t(r)], hi = cuts[size_t(r) + 1];
      if (hi > lo && pick(0, 9) == 0)
        lo = pick(lo, hi); // a gap
      s.boxes.push_back(rows(global, lo, hi));
    }
    std::shuffle(s.boxes.begin(), s.boxes.end(), random);
    return s;
  }
  /// Halos around the held blocks, whole arrays, or any range.
  std::vector<Box> need(const Sharding &have) {
    std::vector<Box> need;
    int64_t extent = have.global[0];
    for (const Box &held : have.boxes) {
      switch (pick(0, 3)) {
      case 0: {
        int64_t halo = pick(0, 2);
        int64_t lo = held.empty() ? pick(0, extent) : held.lo[0];
        int64_t hi = held.empty() ? lo : held.hi[0];
        need.push_back(rows(have.global, std::max<int64_t>(0, lo - halo),
                            std::min(extent, hi + halo)));
        break;
      }
      case 1: need.push_back(Box::full(have.global)); break;
      default: {
        int64_t lo = pick(0, extent);
        need.push_back(rows(have.global, lo, pick(lo, extent)));
      }
      }
    }
    return need;
  }
};

int64_t rowBytesOf(const Shape &global, int64_t elementBytes) {
  int64_t bytes = elementBytes;
  for (size_t d = 1; d < global.size(); ++d)
    bytes *= global[d];
  return bytes;
}

TEST(RowExchange, PlansAreExchangeBoxesMessages) {
  RandomRows gen;
  int checked = 0, uncovered = 0;
  for (int trial = 0; trial < 400; ++trial) {
    int ranks = int(gen.pick(1, 5));
    Shape global(size_t(gen.pick(1, 3)));
    global[0] = gen.pick(0, 13);
    for (size_t d = 1; d < global.size(); ++d)
      global[d] = gen.pick(1, 3);
    Sharding have = gen.have(global, ranks);
    std::vector<Box> need = gen.need(have);
    ASSERT_TRUE(isRowExchange(have, need));
    std::string what = "trial " + std::to_string(trial) + ": have " + have.str() + ", need ";
    for (const Box &b : need)
      what += b.str();
    int64_t elementBytes = 4, rowBytes = rowBytesOf(global, elementBytes);
    for (int me = 0; me < ranks; ++me) {
      const Box &held = have.boxes[size_t(me)], &wanted = need[size_t(me)];
      std::vector<char> local(size_t(held.size() * elementBytes) + 1),
          out(size_t(wanted.size() * elementBytes) + 1);
      RecordingCommunicator comm(me, ranks);
      int64_t sent = 0;
      bool hostThrew = false, planThrew = false;
      try {
        sent = exchangeBoxes(comm, have, need, local.data(), out.data(), elementBytes,
                             /*copyOwn=*/false);
      } catch (const legato::Error &) {
        hostThrew = true;
      }
      RowExchangePlan plan;
      try {
        plan = planRowExchange(have, need, me);
      } catch (const legato::Error &) {
        planThrew = true;
      }
      ASSERT_EQ(hostThrew, planThrew) << what << " on rank " << me;
      if (hostThrew) {
        ++uncovered;
        continue;
      }
      // The same messages, at the same offsets in the held and needed blocks.
      auto asMessages = [&](const std::vector<RowTransfer> &transfers, const Box &side,
                            std::vector<char> &base) {
        std::vector<Communicator::Message> messages;
        for (const RowTransfer &t : transfers)
          messages.push_back({t.peer, base.data() + (t.lo - side.lo[0]) * rowBytes,
                              (t.hi - t.lo) * rowBytes});
        return messages;
      };
      auto expectSame = [&](const std::vector<Communicator::Message> &planned,
                            const std::vector<Communicator::Message> &host, const char *kind) {
        ASSERT_EQ(planned.size(), host.size()) << kind << ", " << what << " on rank " << me;
        for (size_t i = 0; i < host.size(); ++i) {
          EXPECT_EQ(planned[i].peer, host[i].peer) << kind << ", " << what << " on rank " << me;
          EXPECT_EQ(planned[i].data, host[i].data) << kind << ", " << what << " on rank " << me;
          EXPECT_EQ(planned[i].bytes, host[i].bytes) << kind << ", " << what << " on rank " << me;
        }
      };
      expectSame(asMessages(plan.sends, held, local), comm.sends, "sends");
      expectSame(asMessages(plan.receives, wanted, out), comm.receives, "receives");
      int64_t plannedBytes = 0;
      for (const RowTransfer &t : plan.sends)
        plannedBytes += (t.hi - t.lo) * rowBytes;
      EXPECT_EQ(plannedBytes, sent) << what << " on rank " << me;
      Box own = wanted.intersect(held);
      if (own.empty())
        EXPECT_GE(plan.ownLo, plan.ownHi) << what << " on rank " << me;
      else
        EXPECT_EQ((std::pair{plan.ownLo, plan.ownHi}), (std::pair{own.lo[0], own.hi[0]}))
            << what << " on rank " << me;
      ++checked;
    }
  }
  EXPECT_GT(checked, 400);
  EXPECT_GT(uncovered, 10);
}

TEST(RowExchange, PlansOfAllRanksDeliverTheNeededRows) {
  RandomRows gen;
  int delivered = 0;
  for (int trial = 0; trial < 300; ++trial) {
    int ranks = int(gen.pick(2, 5));
    Shape global{gen.pick(0, 13), gen.pick(1, 3)};
    Sharding have = gen.have(global, ranks);
    std::vector<Box> need = gen.need(have);
    std::vector<RowExchangePlan> plans;
    try {
      for (int r = 0; r < ranks; ++r)
        plans.push_back(planRowExchange(have, need, r));
    } catch (const legato::Error &) {
      continue;
    }
    // Every rank's block holds the global row-major indices of its rows.
    int64_t width = global[1];
    std::vector<std::vector<int64_t>> held(static_cast<size_t>(ranks)), out(held.size());
    for (int r = 0; r < ranks; ++r) {
      const Box &h = have.boxes[size_t(r)];
      for (int64_t i = 0; i < h.size(); ++i)
        held[size_t(r)].push_back(h.lo[0] * width + i);
      out[size_t(r)].assign(size_t(need[size_t(r)].size()), -1);
    }
    // Sends and receives between two ranks pair up in order, as in NCCL.
    for (int from = 0; from < ranks; ++from) {
      for (const RowTransfer &s : plans[size_t(from)].sends) {
        int to = s.peer;
        std::vector<RowTransfer> matching;
        for (const RowTransfer &r : plans[size_t(to)].receives)
          if (r.peer == from)
            matching.push_back(r);
        size_t nth = 0;
        for (const RowTransfer &earlier : plans[size_t(from)].sends) {
          if (&earlier == &s)
            break;
          nth += earlier.peer == to;
        }
        ASSERT_LT(nth, matching.size());
        ASSERT_EQ((std::pair{matching[nth].lo, matching[nth].hi}), (std::pair{s.lo, s.hi}));
        std::memcpy(out[size_t(to)].data() + (s.lo - need[size_t(to)].lo[0]) * width,
                    held[size_t(from)].data() + (s.lo - have.boxes[size_t(from)].lo[0]) * width,
                    size_t((s.hi - s.lo) * width) * sizeof(int64_t));
      }
    }
    for (int r = 0; r < ranks; ++r) {
      const RowExchangePlan &p = plans[size_t(r)];
      for (int64_t row = p.ownLo; row < p.ownHi; ++row)
        for (int64_t j = 0; j < width; ++j)
          out[size_t(r)][size_t((row - need[size_t(r)].lo[0]) * width + j)] =
              held[size_t(r)][size_t((row - have.boxes[size_t(r)].lo[0]) * width + j)];
      for (int64_t i = 0; i < need[size_t(r)].size(); ++i)
        ASSERT_EQ(out[size_t(r)][size_t(i)], need[size_t(r)].lo[0] * width + i)
            << "trial " << trial << ", rank " << r << ", have " << have.str();
    }
    ++delivered;
  }
  EXPECT_GT(delivered, 100);
}

TEST(RowExchange, OnlyDisjointRowBlocksQualify) {
  Shape global{6, 4};
  Sharding split = Sharding::split(global, 0, 2);
  EXPECT_TRUE(isRowExchange(split, {Box::full(global), Box::full(global)}));
  // Columns, overlapping (replicated) blocks, and 0-d arrays do not.
  Sharding columns = Sharding::split(global, 1, 2);
  EXPECT_FALSE(isRowExchange(columns, {Box::full(global), Box::full(global)}));
  EXPECT_FALSE(isRowExchange(split, columns.boxes));
  EXPECT_FALSE(isRowExchange(Sharding::replicated(global, 2), split.boxes));
  EXPECT_FALSE(isRowExchange(Sharding::replicated({}, 2), {Box{}, Box{}}));
}

} // namespace

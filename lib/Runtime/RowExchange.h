//===- RowExchange.h - exchanges of row blocks, planned per rank -*- C++ -*-===//
//
// Most exchanges the partitioner asks for move blocks of rows: halos of a
// row-split stencil, the all-gather of a row-split vector. There every part
// that travels is a contiguous range of rows on both sides, so a transport
// that moves device memory (NCCL) can send straight from the held block and
// receive straight into the needed one. The plan is exchangeBoxes' plan,
// restricted to rows: the same peers, the same rows, the same bytes.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_RUNTIME_ROWEXCHANGE_H
#define LEGATO_RUNTIME_ROWEXCHANGE_H

#include "Support/Sharding.h"

#include <cstdint>
#include <vector>

namespace legato::runtime {

using support::Box;
using support::Sharding;

using support::isRowExchange; // (Support/Sharding.h: the compiler asks it too)

/// Rows [lo, hi) of the global array that travel between this rank and
/// `peer`.
struct RowTransfer {
  int peer;
  int64_t lo, hi;
  bool operator==(const RowTransfer &o) const {
    return peer == o.peer && lo == o.lo && hi == o.hi;
  }
};

/// What one rank does in a row exchange.
struct RowExchangePlan {
  /// Rows this rank sends, and receives, by ascending peer, never to itself.
  std::vector<RowTransfer> sends, receives;
  /// The rows it needs and holds itself, [ownLo, ownHi) (empty when equal).
  int64_t ownLo = 0, ownHi = 0;
};

/// The plan of rank `me` in the exchange from `have` to `need` (an
/// isRowExchange): each row a rank needs and lacks comes from the rank that
/// holds it, as in exchangeBoxes, so the transfers and their bytes equal
/// exchangeBoxes' messages. Every rank computes every rank's needs, so a
/// row held by no rank throws legato::Error on every rank.
RowExchangePlan planRowExchange(const Sharding &have, const std::vector<Box> &need, int me);

} // namespace legato::runtime

#endif // LEGATO_RUNTIME_ROWEXCHANGE_H

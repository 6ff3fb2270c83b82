//===- RowExchange.cpp - exchanges of row blocks, planned per rank --------===//
//
// exchangeBoxes' own plan (planExchange), read as row ranges. Held blocks
// are disjoint, so the rows a receiver lacks below and above its own block
// never come from one source: each pair of ranks exchanges at most one
// range, as one message.
//
//===----------------------------------------------------------------------===//
#include "Runtime/RowExchange.h"

#include "Runtime/Exchange.h"

#include <algorithm>

namespace legato::runtime {

RowExchangePlan planRowExchange(const Sharding &have, const std::vector<Box> &need, int me) {
  RowExchangePlan plan;
  for (const ExchangePart &p : planExchange(have, need, me)) {
    if (p.box.empty())
      continue;
    int64_t lo = p.box.lo[0], hi = p.box.hi[0];
    if (p.from == p.to) {
      plan.ownLo = lo;
      plan.ownHi = hi;
    } else if (p.from == me) {
      plan.sends.push_back({p.to, lo, hi});
    } else {
      plan.receives.push_back({p.from, lo, hi});
    }
  }
  return plan;
}

} // namespace legato::runtime

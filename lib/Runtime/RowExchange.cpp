//===- RowExchange.cpp - exchanges of row blocks, planned per rank --------===//
//
// The same walk as exchangeBoxes' planner, on row intervals: a receiver's
// own rows first, then what is still missing from the other holders by
// ascending rank. Held blocks are disjoint, so the rows a receiver lacks
// below and above its own block never come from one source: each pair of
// ranks exchanges at most one range, as one message.
//
//===----------------------------------------------------------------------===//
#include "Runtime/RowExchange.h"

#include <algorithm>
#include <string>

namespace legato::runtime {
namespace {

struct Rows {
  int64_t lo, hi;
  bool empty() const { return hi <= lo; }
  Rows intersect(Rows o) const { return {std::max(lo, o.lo), std::min(hi, o.hi)}; }
  std::string str() const { return "[" + std::to_string(lo) + ", " + std::to_string(hi) + ")"; }
};

Rows rowsOf(const Box &b) { return b.empty() ? Rows{0, 0} : Rows{b.lo[0], b.hi[0]}; }

std::string shapeText(const Shape &shape) {
  std::string s = "(";
  for (size_t d = 0; d < shape.size(); ++d)
    s += (d ? ", " : "") + std::to_string(shape[d]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

} // namespace

bool isRowExchange(const Sharding &have, const std::vector<Box> &need) {
  auto spansRows = [&](const Box &b) {
    if (b.rank() != int64_t(have.global.size()))
      return false;
    for (size_t d = 1; d < have.global.size(); ++d)
      if (!b.empty() && (b.lo[d] != 0 || b.hi[d] != have.global[d]))
        return false;
    return true;
  };
  if (have.global.empty() || need.size() != have.boxes.size() ||
      !std::all_of(have.boxes.begin(), have.boxes.end(), spansRows) ||
      !std::all_of(need.begin(), need.end(), spansRows))
    return false;
  for (size_t r = 0; r < have.boxes.size(); ++r)
    for (size_t s = r + 1; s < have.boxes.size(); ++s)
      if (!have.boxes[r].intersect(have.boxes[s]).empty())
        return false;
  return true;
}

RowExchangePlan planRowExchange(const Sharding &have, const std::vector<Box> &need, int me) {
  RowExchangePlan plan;
  int ranks = have.ranks();
  std::vector<Rows> missing, next;
  for (int receiver = 0; receiver < ranks; ++receiver) {
    const Box &needed = need[size_t(receiver)];
    if (needed.empty())
      continue;
    Rows wanted = rowsOf(needed), own = wanted.intersect(rowsOf(have.boxes[size_t(receiver)]));
    missing.clear();
    if (own.empty()) {
      missing.push_back(wanted);
    } else {
      if (receiver == me) {
        plan.ownLo = own.lo;
        plan.ownHi = own.hi;
      }
      if (wanted.lo < own.lo)
        missing.push_back({wanted.lo, own.lo});
      if (own.hi < wanted.hi)
        missing.push_back({own.hi, wanted.hi});
    }
    for (int source = 0; source < ranks && !missing.empty(); ++source) {
      Rows held = rowsOf(have.boxes[size_t(source)]);
      if (source == receiver || held.empty())
        continue;
      next.clear();
      for (Rows m : missing) {
        Rows part = m.intersect(held);
        if (part.empty()) {
          next.push_back(m);
          continue;
        }
        if (source == me)
          plan.sends.push_back({receiver, part.lo, part.hi});
        else if (receiver == me)
          plan.receives.push_back({source, part.lo, part.hi});
        if (m.lo < part.lo)
          next.push_back({m.lo, part.lo});
        if (part.hi < m.hi)
          next.push_back({part.hi, m.hi});
      }
      std::swap(missing, next);
    }
    if (!missing.empty()) {
      std::string lost, held;
      for (Rows m : missing)
        lost += m.str();
      for (const Box &b : have.boxes)
        held += b.str();
      throw Error("row exchange: rank " + std::to_string(receiver) + " needs box " +
                  needed.str() + " of an array of shape " + shapeText(have.global) +
                  ", but rows " + lost + " of it are held by no rank (the ranks hold " + held +
                  "); every needed box must lie in the union of the held boxes");
    }
  }
  return plan;
}

} // namespace legato::runtime

//===- LoopDetector.cpp - where to cut lazy windows in a host loop ---------===//
#include "API/LoopDetector.h"

#include <algorithm>
#include <cstring>

namespace legato::detail {

namespace {
// Evidence needed for a short period: a run of equal ops this long (a chain
// of identical ops is a loop, but two alike neighbours are not).
constexpr int64_t kMinRun = 8;
// Operands further back than this count as inputs: a loop-invariant value
// computed just before the loop is ever further back, and would otherwise
// keep the iterations' signatures from ever repeating.
constexpr uint64_t kNear = 256;

uint64_t mix(uint64_t h, uint64_t v) {
  // 64-bit FNV-1a step over a whole word, then a multiply-xorshift.
  h = (h ^ v) * 0x100000001b3ull;
  return h ^ (h >> 29);
}
} // namespace

uint64_t LoopDetector::signature(const Node &node) const {
  uint64_t h = 0xcbf29ce484222325ull;
  h = mix(h, uint64_t(node.kind) << 8 | node.sub);
  h = mix(h, uint64_t(node.dtype));
  for (int64_t d : node.shape)
    h = mix(h, uint64_t(d));
  for (int64_t v : node.ints)
    h = mix(h, uint64_t(v));
  uint64_t bits;
  std::memcpy(&bits, &node.scalar, sizeof bits);
  h = mix(h, bits);
  if (node.kind == OpKind::Constant) {
    h = mix(h, uint64_t(node.intScalar));
    std::memcpy(&bits, &node.imagScalar, sizeof bits);
    h = mix(h, bits);
  }
  for (const NodePtr &op : node.operands) {
    if (op->seq >= origin && node.seq - op->seq <= kNear) {
      h = mix(h, 1);
      h = mix(h, node.seq - op->seq);
    } else {
      h = mix(h, 2);
      h = mix(h, uint64_t(op->dtype));
      for (int64_t d : op->shape)
        h = mix(h, uint64_t(d));
    }
  }
  return h;
}

int64_t LoopDetector::periodsPerWindow(int64_t p) const {
  int64_t periods = (length.minOps + p - 1) / p;
  return length.evenPeriods && periods > 1 ? periods + periods % 2 : periods;
}

LoopDetector::Cut LoopDetector::record(const Node &node, int64_t live) {
  if (history.empty() && body.empty())
    origin = node.seq;
  uint64_t sig = signature(node);
  Cut ended = Cut::none;
  if (!body.empty()) {
    if (sig == body[size_t(position)])
      return advance(node, live);
    // The loop ended: look for the next one. Its ops so far form a window.
    ended = Cut::beforeThis;
    reset();
    origin = node.seq;
    sig = signature(node);
  }

  // Only a period p with the op p back equal to this one can extend its
  // run: those are the earlier positions of this signature (a run of any
  // other period ends here), chained from the latest one, so no other p is
  // looked at.
  int64_t now = recorded++;
  if (latest.size() > size_t(8 * kMaxPeriod)) // signatures seen long ago
    forgetOldSignatures(now);
  history.push_back(sig);
  if (int64_t(history.size()) > 2 * kMaxPeriod)
    history.pop_front();
  int64_t &seen = latest.try_emplace(mapKey(sig), -1).first->second;
  int64_t earlier = seen;
  seen = now;
  previous[size_t(now) % previous.size()] = earlier;
  if (runs.empty()) {
    runs.assign(size_t(kMaxPeriod + 1), 0);
    runEnd.assign(size_t(kMaxPeriod + 1), -1);
  }
  int64_t last = int64_t(history.size()) - 1;
  for (; earlier >= 0; earlier = previous[size_t(earlier) % previous.size()]) { // (nearest first)
    int64_t p = now - earlier;
    if (p > std::min(kMaxPeriod, last))
      break;
    int64_t run = runEnd[size_t(p)] == now - 1 ? runs[size_t(p)] + 1 : 1;
    runs[size_t(p)] = run;
    runEnd[size_t(p)] = now;
    if (run >= std::max(p, kMinRun)) {
      body.assign(history.end() - p, history.end());
      chunk = p * periodsPerWindow(p);
      position = sinceCut = 0;
      liveBefore.assign(size_t(p), 0);
      reach.assign(size_t(p), 0);
      valueBytes.assign(size_t(p), 0);
      releasedAfter.assign(size_t(p), -1);
      periodicFrom = node.seq + 1 - uint64_t(run + p);
      cutBefore = -1;
      runs.clear(); // (history stays: an empty one would move the origin)
      runEnd.clear();
      latest.clear();
      sinceCut = int64_t(history.size());
      return Cut::none;
    }
  }
  return ended;
}

LoopDetector::Cut LoopDetector::advance(const Node &node, int64_t live) {
  int64_t p = period();
  if (cutBefore < 0) {
    // First period after the lock: what each cut would make a window output.
    if (outputs == Outputs::held)
      liveBefore[size_t(position)] = live;
    noteReads(node);
    if (position == p - 1)
      cutBefore = cheapestCut();
  }
  bool cut = cutBefore >= 0 && position == cutBefore && sinceCut >= chunk;
  position = (position + 1) % p;
  sinceCut = cut ? 1 : sinceCut + 1;
  return cut ? Cut::beforeThis : Cut::none;
}

void LoopDetector::noteReads(const Node &node) {
  // The body repeats, so every (writer, reader) pair of the loop shows up
  // once in the period, at the reader's position.
  int64_t p = period();
  for (const NodePtr &operand : node.operands) {
    if (operand->seq < origin || operand->seq >= node.seq)
      continue; // older than the loop: an input to every window alike
    int64_t distance = int64_t(node.seq - operand->seq);
    size_t writer = size_t(((position - distance) % p + p) % p);
    reach[writer] = std::max(reach[writer], distance);
    valueBytes[writer] = operand->size() * dtype_size(operand->dtype);
  }
}

void LoopDetector::noteRelease(const Node &node, uint64_t nextSeq) {
  if (!watchingFirstPeriod() || node.seq < periodicFrom || node.seq >= nextSeq)
    return;
  // The op at nextSeq will be at body position `position`.
  int64_t p = period(), distance = int64_t(nextSeq - node.seq);
  size_t writer = size_t(((position - distance) % p + p) % p);
  releasedAfter[writer] = std::max(releasedAfter[writer], distance);
}

bool LoopDetector::mustOutput(const Node &held, const Node &cut) const {
  if (cutBefore < 0 || held.seq < periodicFrom || held.seq >= cut.seq)
    return true; // (made before the loop, or the period has not been watched)
  int64_t p = period(), distance = int64_t(cut.seq - held.seq);
  size_t writer = size_t(((cutBefore - distance) % p + p) % p);
  return reach[writer] >= distance || releasedAfter[writer] < 0;
}

int64_t LoopDetector::cheapestCut() const {
  // A cut before position c parts writer w from a reader when
  // w < c <= w + reach[w], cyclically: the bytes read across each cut.
  // Lazily, the values Arrays hold come first (each is an output), the
  // bytes read across break ties (a Python loop's variables are held all
  // the time). Of equal cuts the first in the locked body wins (where
  // windows were cut before this cost was counted).
  int64_t p = period();
  std::vector<int64_t> across(size_t(p), 0);
  for (int64_t w = 0; w < p; ++w)
    for (int64_t k = 1; k <= std::min(reach[size_t(w)], p); ++k)
      across[size_t((w + k) % p)] += valueBytes[size_t(w)];
  int64_t best = 0;
  for (int64_t c = 1; c < p; ++c) {
    size_t i = size_t(c), b = size_t(best);
    if (outputs == Outputs::held && liveBefore[i] != liveBefore[b]) {
      if (liveBefore[i] < liveBefore[b])
        best = c;
    } else if (across[i] < across[b]) {
      best = c;
    }
  }
  return best;
}

void LoopDetector::forgetOldSignatures(int64_t now) {
  latest.clear();
  int64_t kept = std::min<int64_t>(kMaxPeriod, int64_t(history.size()));
  for (int64_t k = kept; k >= 1; --k) // oldest first: the latest time wins
    latest[mapKey(history[history.size() - size_t(k)])] = now - k;
}

void LoopDetector::reset() {
  origin = UINT64_MAX;
  history.clear();
  runs.clear();
  runEnd.clear();
  latest.clear();
  body.clear();
  liveBefore.clear();
  reach.clear();
  valueBytes.clear();
  releasedAfter.clear();
  periodicFrom = UINT64_MAX;
  chunk = position = sinceCut = 0;
  cutBefore = -1;
}

} // namespace legato::detail

//===- LoopDetector.h - where to cut lazy windows in a host loop -*- C++ -*-===//
//
// A host loop without host reads (CG's 50 iterations) would otherwise record
// one huge window: one program, compiled once but slowly, and never reused.
// The detector watches the structure of the recorded ops; once the last ops
// repeat with a period P (two identical bodies in a row), it asks for a flush
// and then for one every C ops (C a multiple of P), so every later window has
// the same structure and the executable cache serves it. The cut falls where
// the fewest values are live (seen over the first period): at an iteration
// boundary, not where a loop temporary would become a window output.
//
// An op's signature is its kind, attributes, type, and for each operand the
// distance back to it in record order, or, for data older than the ops being
// watched or far back (loop-invariant inputs), its type: iterations of a
// loop body have equal signatures. Signatures only choose where windows end;
// a collision costs a cache miss, never a wrong result.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_API_LOOPDETECTOR_H
#define LEGATO_API_LOOPDETECTOR_H

#include "API/Node.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace legato::detail {

class LoopDetector {
public:
  enum class Cut { none, afterThis, beforeThis };
  /// Windows hold at least `minWindowOps` ops once the period is locked.
  explicit LoopDetector(int64_t minWindowOps = kSingleRankWindowOps)
      : minWindowOps(minWindowOps) {}

  /// The least window length for one process: short bodies fuse across
  /// several iterations (CG's 27 ops: 4), so what a window does once (fill
  /// the pad borders, bring in its inputs) is spread over them, and updates
  /// that can wait (CG's x) are made once per window.
  static constexpr int64_t kSingleRankWindowOps = 96;
  /// Over several ranks: windows that long cost the 2-GPU stencil a copy of
  /// its block per call (weak scaling 0.98 -> 0.91 on 2 H200s, peak memory
  /// +20% per rank: a sweep's output then lacks room for its ghost rows and
  /// moves into the exchange's copy), so distributed windows stay short.
  static constexpr int64_t kDistributedWindowOps = 32;
  /// Notes the next recorded op (its `seq` set), with `live` the number of
  /// values that Arrays hold just before it (asked for only while
  /// `wantsLiveCount()`); says whether the window should end before this op
  /// or after it.
  Cut record(const Node &node, int64_t live = 0);
  /// Whether the next record() should be told the live count.
  bool wantsLiveCount() const { return !body.empty() && cutBefore < 0; }
  /// Forgets everything: a flush for another reason broke the alignment.
  void reset();

  /// The locked period in ops, 0 when none.
  int64_t period() const { return int64_t(body.size()); }

private:
  uint64_t signature(const Node &node) const;
  /// One more op of the locked body.
  Cut advance(int64_t live);

  int64_t minWindowOps;
  std::deque<uint64_t> history;   // signatures of the latest ops
  std::vector<int64_t> runs;      // runs[P]: trailing ops equal to the op P back
  std::vector<uint64_t> body;     // the locked loop body, when locked
  int64_t chunk = 0;              // ops per window while locked, at least
  int64_t position = 0;           // of the next op in the body
  int64_t sinceCut = 0;           // ops since the last cut
  std::vector<int64_t> liveBefore; // live values before each body op
  int64_t cutBefore = -1;         // body position to cut before (-1: unknown yet)
  uint64_t origin = UINT64_MAX;   // seq of the first op watched: older is input
};

} // namespace legato::detail

#endif // LEGATO_API_LOOPDETECTOR_H

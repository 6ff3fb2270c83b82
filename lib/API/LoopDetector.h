//===- LoopDetector.h - where to cut lazy windows in a host loop -*- C++ -*-===//
//
// A host loop without host reads (CG's 50 iterations) would otherwise record
// one huge window: one program, compiled once but slowly, and never reused.
// The detector watches the structure of the recorded ops; once the last ops
// repeat with a period P (two identical bodies in a row), it watches one more
// period and then asks for a flush every C ops (C a multiple of P), so every
// later window has the same structure and the executable cache serves it.
// The first window runs on to the first cut at least C ops in (a flush where
// the lock happens would fall anywhere in the body, and a loop whose
// iterations differ in their second half, a shallow-water step's x and y
// sweeps, would be cut there each iteration: 4 more outputs per window, 428
// kernels per call against 401 in jit), and a loop's end cuts the window
// too. The cut falls where the fewest values become window outputs, seen
// over the first period, so windows pass on the loop's state, not its
// temporaries:
// - lazily, a value an Array holds at the cut is an output (unless no later
//   op reads it: mustOutput): the cut goes where Arrays hold the fewest
//   values (an iteration boundary), ties broken by the bytes read across;
// - in a jit trace, whose future is known, a value is an output when a
//   later op reads it: the cut goes where the fewest bytes pass from their
//   writer to a reader across it. That is an iteration boundary too, or a
//   point as cheap that keeps more fusion in the window (before CG's update
//   of p, which then opens the window and goes into the Laplacian's pad).
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

#include "llvm/ADT/DenseMap.h"

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

namespace legato::detail {

class LoopDetector {
public:
  enum class Cut { none, beforeThis };
  /// What a cut costs: the values Arrays hold there (lazy windows), or the
  /// bytes that later ops read across it (jit traces).
  enum class Outputs { held, read };
  /// How long windows are once the period is locked.
  struct WindowLength {
    int64_t minOps;   ///< at least this many ops: whole periods
    bool evenPeriods; ///< an even number of periods when several
  };
  explicit LoopDetector(WindowLength length = kSingleRankWindow,
                        Outputs outputs = Outputs::held)
      : length(length), outputs(outputs) {}

  /// For one process: short bodies fuse across several iterations (CG's 27
  /// ops: 4), so what a window does once (fill the pad borders, bring in its
  /// inputs) is spread over them, and updates that can wait (CG's x) are
  /// made once per window.
  static constexpr WindowLength kSingleRankWindow{96, false};
  /// Over several ranks: windows that long cost the 2-GPU stencil a copy of
  /// its block per call (weak scaling 0.98 -> 0.91 on 2 H200s, peak memory
  /// +20% per rank: a sweep's output then lacks room for its ghost rows and
  /// moves into the exchange's copy), so distributed windows stay short.
  /// Stencil sweeps fuse in pairs (legato-fuse-sweeps), so a window of
  /// several iterations holds an even number of them: with three, one
  /// sweep of the stencil ran alone per window (2 ranks: 24 kernels per
  /// call, 20 with four). One rank keeps its windows: with even periods
  /// there, CFD's windows went from three time steps to four and ran more
  /// kernels (session 20, `legato-bench --app cfd --n 256 --mode jit
  /// --iters 20`: 721 against 661).
  static constexpr WindowLength kDistributedWindow{32, true};
  /// Notes the next recorded op (its `seq` set), with `live` the number of
  /// values that Arrays hold just before it (read for Outputs::held over
  /// the first period after a lock); says whether the window should end
  /// before this op.
  Cut record(const Node &node, int64_t live = 0);
  /// Forgets everything: a flush for another reason broke the alignment.
  void reset();

  /// The locked period in ops, 0 when none.
  int64_t period() const { return int64_t(body.size()); }
  /// Whether the detector is locked and watching the first period after
  /// the lock (the only time noteRelease records anything).
  bool watchingFirstPeriod() const { return !body.empty() && cutBefore < 0; }
  /// Over the first period after a lock: an Array let go of `node`'s
  /// value when the next op recorded would have seq `nextSeq`.
  void noteRelease(const Node &node, uint64_t nextSeq);
  /// Whether a cut before `cut` (an op record() said to cut before) must
  /// make `held`, an earlier op's value that an Array holds, a window
  /// output. Not when the period watched after the lock shows that no
  /// later op of the loop reads the values made there and that Arrays let
  /// go of them (a Python loop's variables live until the next iteration
  /// rebinds them, CG's `ap`): such a value stays pending, computed if it
  /// is read after all. Values made before the loop, or at a point of the
  /// body whose values Arrays kept, are outputs.
  bool mustOutput(const Node &held, const Node &cut) const;

private:
  /// The longest loop body recognised, in ops.
  static constexpr int64_t kMaxPeriod = 512;

  uint64_t signature(const Node &node) const;
  /// How many periods of length `p` a window holds.
  int64_t periodsPerWindow(int64_t p) const;
  /// One more op of the locked body.
  Cut advance(const Node &node, int64_t live);
  /// Over the first period after the lock: notes how far back `node`
  /// reads and how large what it reads is.
  void noteReads(const Node &node);
  /// Keeps `latest` to the signatures of the last kMaxPeriod ops (older
  /// ones can give no period).
  void forgetOldSignatures(int64_t now);
  /// `sig` as a DenseMap key (two values are reserved there: a collision
  /// only costs a cache miss, see above).
  static uint64_t mapKey(uint64_t sig) { return sig >= ~uint64_t(1) ? sig - 2 : sig; }
  /// At the end of that period, the cheapest cut: the fewest values held
  /// (lazily), then the fewest bytes read across it.
  int64_t cheapestCut() const;

  WindowLength length;
  Outputs outputs;
  std::deque<uint64_t> history;   // signatures of the latest ops
  int64_t recorded = 0;           // ops recorded while unlocked: `now` of record()
  llvm::DenseMap<uint64_t, int64_t> latest; // signature -> when last seen (`now`)
  // previous[t % size]: when the op recorded at t was seen before (-1: not
  // since the last reset); periods are shorter than the ring, so the
  // entries a chain visits are never overwritten.
  std::array<int64_t, 2 * kMaxPeriod> previous{};
  std::vector<int64_t> runs;      // runs[P]: ops equal to the op P back, in a row,
  std::vector<int64_t> runEnd;    // up to the op recorded at runEnd[P]
  std::vector<uint64_t> body;     // the locked loop body, when locked
  int64_t chunk = 0;              // ops per window while locked, at least
  int64_t position = 0;           // of the next op in the body
  int64_t sinceCut = 0;           // ops since the last cut
  std::vector<int64_t> liveBefore; // held: live values before each body op
  std::vector<int64_t> reach;      // per body op, its furthest reader
  std::vector<int64_t> releasedAfter; // per body op, when Arrays let go of it (-1: kept)
  std::vector<int64_t> valueBytes; // per body op, its value's size
  int64_t cutBefore = -1;         // body position to cut before (-1: unknown yet)
  uint64_t origin = UINT64_MAX;   // seq of the first op watched: older is input
  uint64_t periodicFrom = UINT64_MAX; // seq of the first op of the locked loop
};

} // namespace legato::detail

#endif // LEGATO_API_LOOPDETECTOR_H

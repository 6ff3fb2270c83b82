//===- loop_detector_test.cpp - where jit cuts a traced loop ----------------===//
//
// The loop detector on a hand-made trace: a loop body of four ops whose
// state s (one array) is all that passes from one iteration to the next,
// while inside the body t is read two and three ops after it is made:
//   t = s + s;  u = t * s;  v = u - t;  s = v / t;
// Cut before `t = s + s`, a window passes on s alone; anywhere else, two
// arrays. A jit trace (Outputs::read: what later ops read) and lazy windows
// (Outputs::held: what Arrays hold, here s alone before `t = s + s` and
// s and t or u elsewhere) must cut there whichever op of the body the
// detector happened to lock onto (the trace starts mid-body), and only
// there: not where it locked (that window would run once), but where the
// loop ends.
//
//===----------------------------------------------------------------------===//
#include "API/LoopDetector.h"

#include <gtest/gtest.h>

using legato::detail::BinaryKind;
using legato::detail::LoopDetector;
using legato::detail::Node;
using legato::detail::NodePtr;
using legato::detail::OpKind;

namespace {

constexpr int kOpsPerIteration = 4;

/// An elementwise op of 1000 float64 values, recorded as the `seq`-th.
NodePtr binaryOp(BinaryKind kind, NodePtr a, NodePtr b, uint64_t seq) {
  auto n = std::make_shared<Node>();
  n->kind = OpKind::Binary;
  n->sub = uint8_t(kind);
  n->dtype = legato::f64;
  n->shape = {1000};
  n->operands = {std::move(a), std::move(b)};
  n->seq = seq;
  return n;
}

struct Trace {
  Trace(LoopDetector::WindowLength length, LoopDetector::Outputs outputs)
      : detector(length, outputs) {}
  LoopDetector detector;
  uint64_t seq = 1;
  std::vector<int> cutBeforeOp;     ///< body op (0..3) of each op a window starts at
  std::vector<uint64_t> cutBeforeSeq; ///< and its place in the trace

  /// Records an op of body op `bodyOp` (-1: after the loop).
  NodePtr record(int bodyOp, BinaryKind kind, NodePtr a, NodePtr b) {
    NodePtr n = binaryOp(kind, std::move(a), std::move(b), seq++);
    // Held before the op: s, and t or u within the body.
    int64_t live = bodyOp <= 0 ? 1 : 2;
    if (detector.record(*n, live) == LoopDetector::Cut::beforeThis) {
      cutBeforeOp.push_back(bodyOp);
      cutBeforeSeq.push_back(n->seq);
    }
    return n;
  }
};

/// Runs `iterations` of the body from body op `first` on, then `after` ops
/// of another kind.
Trace traceOfLoopStartingAt(int first, int iterations, int after = 0,
                            LoopDetector::WindowLength length = {/*minOps=*/8,
                                                                 /*evenPeriods=*/false},
                            LoopDetector::Outputs outputs = LoopDetector::Outputs::read) {
  Trace trace(length, outputs);
  auto param = std::make_shared<Node>(); // the state before the loop: an input
  param->kind = OpKind::Param;
  param->dtype = legato::f64;
  param->shape = {1000};
  NodePtr s = param, t = param, u = param, v = param;
  for (int op = first; op < iterations * kOpsPerIteration; ++op) {
    switch (op % kOpsPerIteration) {
    case 0: t = trace.record(0, BinaryKind::Add, s, s); break;
    case 1: u = trace.record(1, BinaryKind::Mul, t, s); break;
    case 2: v = trace.record(2, BinaryKind::Sub, u, t); break;
    case 3: s = trace.record(3, BinaryKind::Div, v, t); break;
    }
  }
  for (int op = 0; op < after; ++op)
    s = trace.record(-1, BinaryKind::Pow, s, param);
  return trace;
}

constexpr LoopDetector::Outputs kBothModes[] = {LoopDetector::Outputs::read,
                                                LoopDetector::Outputs::held};

const char *modeName(LoopDetector::Outputs outputs) {
  return outputs == LoopDetector::Outputs::read ? "jit" : "lazy";
}

TEST(LoopDetector, CutsWhereOnlyTheLoopStatePassesOn) {
  for (LoopDetector::Outputs outputs : kBothModes)
    for (int first = 0; first < kOpsPerIteration; ++first) {
      std::vector<int> cuts =
          traceOfLoopStartingAt(first, 40, 0, {8, false}, outputs).cutBeforeOp;
      // Windows of at least 8 ops (two iterations) over some 35 iterations
      // after the lock.
      EXPECT_GE(cuts.size(), 15u) << modeName(outputs) << " trace starting at body op " << first;
      for (int op : cuts)
        EXPECT_EQ(op, 0) << "a " << modeName(outputs) << " window of the trace starting at body op "
                         << first << " opens at body op " << op << ", where t or u is live";
    }
}

TEST(LoopDetector, FirstCutIsAChunkInAndTheLoopsEndCuts) {
  for (LoopDetector::Outputs outputs : kBothModes)
    for (int first = 0; first < kOpsPerIteration; ++first) {
      Trace trace = traceOfLoopStartingAt(first, 10, /*after=*/3, {8, false}, outputs);
      std::string where =
          std::string(modeName(outputs)) + " trace starting at body op " + std::to_string(first);
      ASSERT_GE(trace.cutBeforeSeq.size(), 2u) << where;
      // The first window holds a chunk (8 ops) at least, as the later ones.
      EXPECT_GT(trace.cutBeforeSeq.front(), 8u) << where;
      // The last cut: before the first op after the loop.
      uint64_t loopOps = uint64_t(10 * kOpsPerIteration - first);
      EXPECT_EQ(trace.cutBeforeSeq.back(), loopOps + 1) << where;
      EXPECT_EQ(trace.cutBeforeOp.back(), -1) << where;
    }
}

TEST(LoopDetector, WindowsHoldAnEvenNumberOfPeriodsWhenAsked) {
  // At least 9 ops: 3 iterations of 4 ops, or 4 when windows hold an even
  // number of them (distributed windows: stencil sweeps fuse in pairs).
  for (bool even : {false, true}) {
    Trace trace = traceOfLoopStartingAt(0, 40, /*after=*/0, {/*minOps=*/9, even});
    ASSERT_GE(trace.cutBeforeSeq.size(), 3u);
    uint64_t window = uint64_t((even ? 4 : 3) * kOpsPerIteration);
    for (size_t i = 1; i < trace.cutBeforeSeq.size(); ++i)
      EXPECT_EQ(trace.cutBeforeSeq[i] - trace.cutBeforeSeq[i - 1], window)
          << "window " << i << (even ? " (even periods)" : "");
  }
}

TEST(LoopDetector, LazyCutsLeavePendingTheValuesNoLaterOpReads) {
  // The body as a Python loop runs it: t, u and v stay held until the next
  // iteration rebinds them (the old value let go right after the new one is
  // made), and `kept` (say, appended to a list each iteration) is never let
  // go. At a cut (before `t = s + s`) only s must be a window output.
  LoopDetector detector({/*minOps=*/8, /*evenPeriods=*/false}, LoopDetector::Outputs::held);
  uint64_t seq = 1;
  auto param = std::make_shared<Node>();
  param->kind = OpKind::Param;
  param->shape = {1000};
  NodePtr beforeLoop = param;
  NodePtr s = param, t, u, v;
  std::vector<NodePtr> list;
  int cutsChecked = 0;
  auto op = [&](BinaryKind kind, NodePtr a, NodePtr b, NodePtr &variable) {
    NodePtr n = binaryOp(kind, std::move(a), std::move(b), seq++);
    // (held: s, t, u and v all the time, as Python holds them)
    if (detector.record(*n, /*live=*/4) == LoopDetector::Cut::beforeThis) {
      ++cutsChecked;
      EXPECT_TRUE(detector.mustOutput(*s, *n)) << "s, the loop's state, is read after the cut";
      for (const NodePtr &temp : {t, u, v})
        EXPECT_FALSE(detector.mustOutput(*temp, *n))
            << "a temporary of seq " << temp->seq << " is read by no op after the cut " << n->seq;
      EXPECT_TRUE(detector.mustOutput(*list.back(), *n)) << "a value never let go";
    }
    if (variable)
      detector.noteRelease(*variable, seq);
    variable = n;
  };
  for (int i = 0; i < 40; ++i) {
    op(BinaryKind::Add, s, s, t);
    op(BinaryKind::Mul, t, s, u);
    op(BinaryKind::Sub, u, t, v);
    op(BinaryKind::Div, v, t, s);
    list.push_back(s); // (the list holds every s: those are never let go)
  }
  EXPECT_GE(cutsChecked, 10);
  // What no lock has watched yet, or what was made before the loop, is an
  // output.
  LoopDetector fresh;
  EXPECT_TRUE(fresh.mustOutput(*beforeLoop, *s));
}

/// A body of `period` ops, op k of shape {k + 1} reading the op before it,
/// recorded lazily after `before` ops that all differ (shapes no body op
/// has): where the detector locks (the seq of the op after which it knows
/// the period; 0 if never) and onto which period.
std::pair<uint64_t, int64_t> lockOfLongBody(int before, int period, int iterations) {
  LoopDetector detector({/*minOps=*/8, /*evenPeriods=*/false}, LoopDetector::Outputs::held);
  uint64_t seq = 1, lockedAfter = 0;
  auto op = [&](int64_t size, NodePtr in) {
    auto n = std::make_shared<Node>();
    n->kind = OpKind::Unary;
    n->dtype = legato::f64;
    n->shape = {size};
    n->operands = {std::move(in)};
    n->seq = seq++;
    detector.record(*n);
    if (detector.period() && !lockedAfter)
      lockedAfter = n->seq;
    return n;
  };
  NodePtr last = std::make_shared<Node>();
  last->kind = OpKind::Param;
  for (int i = 0; i < before; ++i)
    last = op(100000 + i, last);
  for (int i = 0; i < iterations * period; ++i)
    last = op(i % period + 1, last);
  return {lockedAfter, detector.period()};
}

TEST(LoopDetector, LocksOntoALongBodyAfterManyDistinctOps) {
  // More distinct ops than the detector keeps signatures of (it forgets
  // the old ones), then a body of 300 ops: it locks once two bodies have
  // been seen. (At least one op before: the body's first op reads it, as
  // in later iterations it reads the body's last op.)
  for (int before : {1, 4000, 5000}) {
    auto [lockedAfter, period] = lockOfLongBody(before, 300, 3);
    EXPECT_EQ(lockedAfter, uint64_t(before + 2 * 300)) << before << " ops before the loop";
    EXPECT_EQ(period, 300) << before << " ops before the loop";
  }
}

TEST(LoopDetector, NoBodyLongerThanTheLongestPeriod) {
  auto [lockedAfter, period] = lockOfLongBody(0, 600, 3);
  EXPECT_EQ(lockedAfter, 0u);
  EXPECT_EQ(period, 0);
}

} // namespace

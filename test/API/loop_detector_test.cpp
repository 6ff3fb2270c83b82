//===- loop_detector_test.cpp - where jit cuts a traced loop ----------------===//
//
// The loop detector on a hand-made trace: a loop body of four ops whose
// state s (one array) is all that passes from one iteration to the next,
// while inside the body t is read two and three ops after it is made:
//   t = s + s;  u = t * s;  v = u - t;  s = v / t;
// Cut before `t = s + s`, a window passes on s alone; anywhere else, two
// arrays. A jit trace (Outputs::read) must cut there whichever op of the
// body the detector happened to lock onto (the trace starts mid-body).
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

struct Trace {
  LoopDetector detector{/*minWindowOps=*/8, LoopDetector::Outputs::read};
  uint64_t seq = 1;
  std::vector<int> cutBeforeOp; ///< body op (0..3) of each op a window starts at

  NodePtr record(int bodyOp, BinaryKind kind, NodePtr a, NodePtr b) {
    auto n = std::make_shared<Node>();
    n->kind = OpKind::Binary;
    n->sub = uint8_t(kind);
    n->dtype = legato::f64;
    n->shape = {1000};
    n->operands = {std::move(a), std::move(b)};
    n->seq = seq++;
    if (detector.record(*n) == LoopDetector::Cut::beforeThis)
      cutBeforeOp.push_back(bodyOp);
    return n;
  }
};

/// Runs `iterations` of the body from body op `first` on.
std::vector<int> cutsOfLoopStartingAt(int first, int iterations) {
  Trace trace;
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
  return trace.cutBeforeOp;
}

TEST(LoopDetector, JitCutsWhereOnlyTheLoopStatePassesOn) {
  for (int first = 0; first < kOpsPerIteration; ++first) {
    std::vector<int> cuts = cutsOfLoopStartingAt(first, 40);
    // Windows of at least 8 ops (two iterations) over some 35 iterations
    // after the lock.
    EXPECT_GE(cuts.size(), 15u) << "trace starting at body op " << first;
    for (int op : cuts)
      EXPECT_EQ(op, 0) << "a window of the trace starting at body op " << first
                       << " opens at body op " << op << ", where t or u is live";
  }
}

} // namespace

//===- Legalize.cpp - rewrite a program into a target's primitives --------===//
//
// The pass options describe a `Target` (Target.h). An op the target lacks is
// rewritten into ops it has, or the pass fails with a diagnostic naming the
// op and the missing capability; nothing reaches a backend that it does not
// implement.
//   batch_matmul, no batched GEMM: one GEMM on the reshaped lhs when every
//     batch shares the rhs (a broadcast), else one GEMM per batch;
//   matmul, no GEMM: broadcast multiply + sum (needs elementwise and
//     reduction kernels);
//   scan, always (no backend has native scans): reductions over chunks of
//     the axis (ScanDecomposition.h; needs elementwise and reduction kernels);
//   elementwise/shape ops, gathers, scatters, reductions: kept, or an error.
// GEMM with transposed operands is a buffer-level matter: targets that have
// it run legato-fold-transposes-into-gemm, others keep the transpose kernel.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Legato/Transforms/Passes.h"
#include "Dialect/Legato/Transforms/ScanDecomposition.h"
#include "Dialect/Legato/Transforms/SimplifyPatterns.h"
#include "Support/Target.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOLEGALIZEPASS
#include "Dialect/Legato/Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using namespace mlir::legato;

namespace {

/// batch_matmul → 2-D matmuls: with a batch-invariant rhs (a broadcast of a
/// matrix), [b*m, k] @ [k, n] reshaped back; otherwise b products of slices,
/// concatenated.
Value decomposeBatchMatmul(IRRewriter &rewriter, BatchMatmulOp op) {
  Location loc = op.getLoc();
  RankedTensorType l = tensorType(op.getLhs()), r = tensorType(op.getRhs());
  int64_t batch = l.getDimSize(0), m = l.getDimSize(1), k = l.getDimSize(2);
  int64_t n = r.getDimSize(2);
  if (auto broadcast = op.getRhs().getDefiningOp<BroadcastOp>()) {
    RankedTensorType in = tensorType(broadcast.getInput());
    if (in.getRank() <= 2 || (in.getRank() == 3 && in.getDimSize(0) == 1)) {
      Value rhs = createReshape(rewriter, loc, broadcast.getInput(), {k, n});
      Value lhs = createReshape(rewriter, loc, op.getLhs(), {batch * m, k});
      Value p = MatmulOp::create(rewriter, loc, withShape(op, {batch * m, n}), lhs, rhs);
      return createReshape(rewriter, loc, p, {batch, m, n});
    }
  }
  SmallVector<Value> products;
  for (int64_t i = 0; i < batch; ++i) {
    Value a = createSlice(rewriter, loc, op.getLhs(), {i, 0, 0}, {1, 1, 1}, {1, m, k});
    Value b = createSlice(rewriter, loc, op.getRhs(), {i, 0, 0}, {1, 1, 1}, {1, k, n});
    Value p = MatmulOp::create(rewriter, loc, withShape(op, {m, n}),
                               createReshape(rewriter, loc, a, {m, k}),
                               createReshape(rewriter, loc, b, {k, n}));
    products.push_back(createReshape(rewriter, loc, p, {1, m, n}));
  }
  if (products.size() == 1)
    return products.front();
  return ConcatenateOp::create(rewriter, loc, op.getType(), products, 0);
}

/// A @ B as sum over k of A[m, k, 1] * B[1, k, n] (vectors likewise).
Value matmulAsReduction(IRRewriter &rewriter, MatmulOp op) {
  Location loc = op.getLoc();
  Value a = op.getLhs(), b = op.getRhs();
  RankedTensorType at = tensorType(a), bt = tensorType(b);
  int64_t k = at.getShape().back();
  SmallVector<int64_t> full; // iteration space: [m,] k [, n]
  if (at.getRank() == 2)
    full.push_back(at.getDimSize(0));
  full.push_back(k);
  if (bt.getRank() == 2)
    full.push_back(bt.getDimSize(1));
  int64_t kDim = at.getRank() == 2 ? 1 : 0;
  // Trailing size-1 dim on a when b has columns, so they align as NumPy does.
  if (bt.getRank() == 2)
    a = createReshape(rewriter, loc, a,
                      at.getRank() == 2 ? SmallVector<int64_t>{at.getDimSize(0), k, 1}
                                        : SmallVector<int64_t>{k, 1});
  Value ab = BroadcastOp::create(rewriter, loc, withShape(a, full), a);
  Value bb = BroadcastOp::create(rewriter, loc, withShape(b, full), b);
  Value product = MulOp::create(rewriter, loc, ab, bb);
  return ReduceOp::create(rewriter, loc, op.getType(), ReduceKind::sum, product,
                          ArrayRef<int64_t>{kDim});
}

struct LegatoLegalizePass : legato::impl::LegatoLegalizePassBase<LegatoLegalizePass> {
  using LegatoLegalizePassBase::LegatoLegalizePassBase;

  Target target() const {
    Target t;
    t.fusedElementwise = fusedElementwise;
    t.reductions = reductions;
    t.gemm = gemm;
    t.gemmTransposedOperands = gemmTransposedOperands;
    t.batchedGemm = batchedGemm;
    t.collectives = collectives;
    t.lapack = lapack;
    t.fft = fft;
    t.sort = sort;
    return t;
  }

  void runOnOperation() override {
    Target t = target();
    IRRewriter rewriter(&getContext());
    bool failed = false;
    auto missing = [&](Operation *op, StringRef capability) {
      op->emitOpError() << "needs the '" << capability
                        << "' capability, which the target lacks";
      failed = true;
    };
    // Batched products first: they become 2-D products legalized below.
    if (!t.batchedGemm) {
      SmallVector<BatchMatmulOp> batched;
      getOperation().walk([&](BatchMatmulOp op) { batched.push_back(op); });
      for (BatchMatmulOp op : batched) {
        rewriter.setInsertionPoint(op);
        rewriter.replaceOp(op, decomposeBatchMatmul(rewriter, op));
      }
    }
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<LegatoDialect>(op->getDialect()))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      if (auto matmul = dyn_cast<MatmulOp>(op)) {
        if (t.gemm)
          continue;
        if (!t.fusedElementwise || !t.reductions) {
          missing(op, "gemm");
          continue;
        }
        rewriter.setInsertionPoint(op);
        rewriter.replaceOp(op, matmulAsReduction(rewriter, matmul));
      } else if (auto scan = dyn_cast<ScanOp>(op)) {
        if (!t.fusedElementwise || !t.reductions) {
          missing(op, !t.reductions ? "reductions" : "fused-elementwise");
          continue;
        }
        rewriter.setInsertionPoint(op);
        rewriter.replaceOp(op, decomposeScan(rewriter, scan));
      } else if (isa<ReduceOp>(op)) {
        if (!t.reductions)
          missing(op, "reductions");
      } else if (isa<LapackOp>(op)) {
        if (!t.lapack)
          missing(op, "lapack");
      } else if (isa<FftOp>(op)) {
        if (!t.fft)
          missing(op, "fft");
      } else if (isa<SortOp>(op)) {
        if (!t.sort)
          missing(op, "sort");
      } else if (!isa<BatchMatmulOp>(op) && !t.fusedElementwise) {
        missing(op, "fused-elementwise");
      }
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace

//===- Simplify.cpp - the legato-simplify pass ----------------------------===//
//
// Runs legato's algebraic pattern sets (SimplifyPatterns.h) with the greedy
// driver, which also folds ops and erases dead ones; CSE runs around it in
// the pipeline. Failing to converge is an error, not silence.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Legato/Transforms/Passes.h"
#include "Dialect/Legato/Transforms/SimplifyPatterns.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOSIMPLIFYPASS
#include "Dialect/Legato/Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using namespace mlir::legato;

namespace {

struct LegatoSimplifyPass : legato::impl::LegatoSimplifyPassBase<LegatoSimplifyPass> {
  using LegatoSimplifyPassBase::LegatoSimplifyPassBase;

  LogicalResult initialize(MLIRContext *ctx) override {
    SimplifyOptions options;
    options.assumeFinite = assumeFinite;
    options.mergeProductsMaxElements = mergeProductsMaxElements;
    RewritePatternSet set(ctx);
    populateLegatoIdentityPatterns(set, counts, options);
    populateLegatoShapePatterns(set, counts);
    populateLegatoLinearAlgebraPatterns(set, counts, options);
    populateLegatoReductionPatterns(set, counts);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    for (auto &entry : counts)
      entry.second = 0;
    GreedyRewriteConfig config;
    config.setMaxIterations(32);
    if (failed(applyPatternsGreedily(getOperation(), patterns, config))) {
      getOperation().emitError("legato-simplify: the patterns did not converge");
      return signalPassFailure();
    }
    if (printStats)
      print(llvm::errs());
  }

  void print(raw_ostream &os) const {
    int64_t total = 0;
    for (auto &[name, n] : counts)
      total += n;
    os << "legato-simplify: " << total << " rewrites\n";
    for (auto &[name, n] : counts)
      if (n > 0)
        os << "  " << name << ": " << n << "\n";
  }

  // (Counted here, not as pass statistics: Debian's MLIR is a release
  // build, whose llvm::Statistic counts nothing.)
  PatternCounts counts;
  FrozenRewritePatternSet patterns;
};

} // namespace

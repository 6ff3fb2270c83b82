//===- StoreInPlace.cpp - results computed in their output buffers --------===//
//
// legato-buffer-interface stores each result with a
// `materialize_in_destination` into a tensor of its output buffer (a
// restrict, writable `to_tensor` at the entry). Upstream empty-tensor
// elimination then builds a result that starts as a `tensor.empty` (a pad's
// buffer, a fill) in its output buffer, and the store becomes a no-op.
//
// The store writes a tensor, so one-shot analysis sees it, and it must
// bufferize in place. When two results share a value (a value stored in one
// output and, updated, in another), computing the shared value in the
// wrong output leaves the analysis a conflict it cannot avoid: the update
// cannot be copied out of the way of a store that must happen in place.
// Such stores are taken out of the elimination: they copy into their
// output's memref, which then no tensor aliases. Stores are tried in program
// order, each kept in place when the analysis still succeeds with it; the
// first try, all in place, is the one that succeeds almost always.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/SmallBitVector.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOSTOREINPLACEPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using bufferization::MaterializeInDestinationOp;
using bufferization::ToTensorOp;

namespace {

/// The stores of `func`'s results into tensors of their output buffers.
SmallVector<MaterializeInDestinationOp> storesOf(func::FuncOp func) {
  SmallVector<MaterializeInDestinationOp> stores;
  func.walk([&](MaterializeInDestinationOp store) {
    if (store.getDest().getDefiningOp<ToTensorOp>())
      stores.push_back(store);
  });
  return stores;
}

/// Makes `store` copy into its output's memref: no tensor aliases the
/// buffer any more, and elimination leaves the store alone.
void storeIntoMemref(MaterializeInDestinationOp store) {
  auto destination = store.getDest().getDefiningOp<ToTensorOp>();
  OpBuilder b(store);
  auto copy = MaterializeInDestinationOp::create(b, store.getLoc(), store.getSource(),
                                                 destination.getBuffer());
  copy.setWritable(true);
  store->erase();
  if (destination->use_empty())
    destination->erase();
}

/// A copy of `func` with its empty tensors eliminated, the stores not in
/// `inPlace` copying into their memrefs, when one-shot analysis (with the
/// options of one-shot-bufferize) then still finds a bufferization.
FailureOr<OwningOpRef<func::FuncOp>> eliminated(func::FuncOp func,
                                                const llvm::SmallBitVector &inPlace) {
  OwningOpRef<func::FuncOp> trial = func.clone();
  for (auto [i, store] : llvm::enumerate(storesOf(*trial)))
    if (!inPlace[i])
      storeIntoMemref(store);
  ScopedDiagnosticHandler quiet(func.getContext(), [](Diagnostic &) { return success(); });
  bufferization::OneShotBufferizationOptions options;
  bufferization::OneShotAnalysisState before(*trial, options);
  IRRewriter rewriter(func.getContext());
  if (failed(bufferization::analyzeOp(*trial, before)) ||
      failed(bufferization::eliminateEmptyTensors(rewriter, *trial, before)))
    return failure();
  bufferization::OneShotAnalysisState after(*trial, options);
  if (failed(bufferization::analyzeOp(*trial, after)))
    return failure();
  return trial;
}

struct LegatoStoreInPlacePass : legato::impl::LegatoStoreInPlacePassBase<LegatoStoreInPlacePass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      unsigned stores = storesOf(func).size();
      llvm::SmallBitVector inPlace(stores, true);
      FailureOr<OwningOpRef<func::FuncOp>> best = eliminated(func, inPlace);
      if (failed(best)) {
        inPlace.reset();
        for (unsigned i = 0; i < stores; ++i) {
          inPlace.set(i);
          FailureOr<OwningOpRef<func::FuncOp>> trial = eliminated(func, inPlace);
          if (succeeded(trial))
            best = std::move(trial);
          else
            inPlace.reset(i);
        }
      }
      // Where nothing bufferizes, one-shot-bufferize says why.
      if (succeeded(best))
        func.getBody().takeBody((**best).getBody());
    }
  }
};

} // namespace

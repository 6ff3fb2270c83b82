//===- SliceChains.cpp - dead writes in insert_slice chains ---------------===//
//
// Slice assignment builds a value as a chain of tensor.insert_slice ops: a
// border copied from the old value, the interior computed into place, then
// rows such as CFD's `p[0] = p[1]` written over the border. Every insertion
// that survives bufferization is a copy kernel, so one that a later
// insertion overwrites before anything reads it is dropped (or, at the head
// of the chain, left inserting an undefined value).
//
//===----------------------------------------------------------------------===//
#include "Transforms/Fusion/SliceChains.h"
#include "Analysis/StaticBox.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using mlir::legato::boxOf;
using mlir::legato::StaticBox;

namespace {

/// insert_slice(v, ...insert_slice(u, d, R')..., R) with R' inside R: u is
/// never read, so its insertion goes, as long as every other reader of the
/// chain in between reads outside R'.
struct DropOverwrittenInsert : OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::InsertSliceOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<StaticBox> overwrite = boxOf(op);
    if (!overwrite)
      return rewriter.notifyMatchFailure(op, "dynamic or strided window");
    SmallVector<tensor::InsertSliceOp> chain;
    for (auto link = op.getDest().getDefiningOp<tensor::InsertSliceOp>(); link;
         link = link.getDest().getDefiningOp<tensor::InsertSliceOp>()) {
      chain.push_back(link);
      std::optional<StaticBox> box = boxOf(link);
      if (!box || !overwrite->contains(*box))
        continue;
      // The chain's first insertion into a tensor.empty stays, inserting
      // nothing (an empty tensor; legato-forward-copies drops the copy of
      // undefined values): empty-tensor elimination cannot place a kernel's
      // result in a chain that starts at a bare tensor.empty.
      bool first = link.getDest().getDefiningOp<tensor::EmptyOp>() != nullptr;
      if (first && link.getSource().getDefiningOp<tensor::EmptyOp>())
        continue;
      // Every value from `link` up to op's dest is the dest of the next link
      // and otherwise only read through windows that miss `link`'s.
      bool unread = true;
      for (size_t i = 0; i < chain.size() && unread; ++i) {
        tensor::InsertSliceOp consumer = i == 0 ? op : chain[i - 1];
        for (OpOperand &use : chain[i]->getUses()) {
          if (use.getOwner() == consumer && use.getOperandNumber() == 1)
            continue;
          auto extract = dyn_cast<tensor::ExtractSliceOp>(use.getOwner());
          std::optional<StaticBox> read = extract ? boxOf(extract) : std::nullopt;
          if (!read || !read->disjoint(*box)) {
            unread = false;
            break;
          }
        }
      }
      if (!unread)
        return rewriter.notifyMatchFailure(op, "the overwritten window is read");
      if (first) {
        rewriter.setInsertionPoint(link);
        auto type = link.getSourceType();
        Value nothing = tensor::EmptyOp::create(rewriter, link.getLoc(), type.getShape(),
                                                type.getElementType());
        rewriter.modifyOpInPlace(link, [&] { link.getSourceMutable().assign(nothing); });
      } else {
        rewriter.replaceOp(link, link.getDest());
      }
      return success();
    }
    return rewriter.notifyMatchFailure(op, "overwrites no earlier insertion");
  }
};

} // namespace

void mlir::legato::populateSliceChainPatterns(RewritePatternSet &patterns) {
  patterns.add<DropOverwrittenInsert>(patterns.getContext());
}

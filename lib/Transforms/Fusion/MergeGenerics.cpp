//===- MergeGenerics.cpp - two generics over one iteration space as one ---===//
#include "Transforms/Fusion/MergeGenerics.h"
#include "Analysis/BufferFootprint.h"
#include "Dialect/Legato/IR/Markers.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace {

/// Whether every output of `op` is written once per point of its iteration
/// space (an identity map): an elementwise result, readable by a kernel
/// merged after it at the same point.
bool hasElementwiseOutputs(linalg::GenericOp op) {
  return llvm::all_of(op.getDpsInitsMutable(), [&](OpOperand &init) {
    return op.getMatchingIndexingMap(&init).isIdentity();
  });
}

} // namespace

SmallVector<int64_t> legato::staticLoopRanges(linalg::GenericOp op) {
  for (OpOperand &init : op.getDpsInitsMutable()) {
    auto type = dyn_cast<ShapedType>(init.get().getType());
    if (type && type.hasStaticShape() && op.getMatchingIndexingMap(&init).isIdentity())
      return SmallVector<int64_t>(type.getShape());
  }
  return op.getStaticLoopRanges();
}

bool legato::isMergeable(linalg::GenericOp op) {
  return op.getNumReductionLoops() == 0 &&
         (op.hasPureTensorSemantics() || op.hasPureBufferSemantics()) &&
         hasElementwiseOutputs(op) &&
         llvm::none_of(staticLoopRanges(op), ShapedType::isDynamic);
}

namespace {

bool dominatesInBlock(Value v, Operation *op) {
  Operation *def = v.getDefiningOp();
  return !def || def->getBlock() != op->getBlock() || def->isBeforeInBlock(op);
}

/// The iterator types of the kernel merging `first` and `second`, or none
/// when they cannot share a loop nest. An all-parallel kernel with
/// elementwise outputs fits inside any loop nest over its iteration space;
/// two reductions fit together only when they reduce the same dimensions.
std::optional<SmallVector<utils::IteratorType>>
mergedIterators(linalg::GenericOp first, linalg::GenericOp second, bool reductions) {
  if (legato::isMergeable(first) && legato::isMergeable(second))
    return first.getIteratorTypesArray();
  if (!reductions || !first.hasPureTensorSemantics() || !second.hasPureTensorSemantics() ||
      llvm::any_of(legato::staticLoopRanges(first), ShapedType::isDynamic))
    return std::nullopt;
  if (legato::isMergeable(first))
    return second.getIteratorTypesArray();
  if (legato::isMergeable(second))
    return first.getIteratorTypesArray();
  if (first.getIteratorTypesArray() == second.getIteratorTypesArray())
    return first.getIteratorTypesArray();
  return std::nullopt;
}

} // namespace

FailureOr<linalg::GenericOp> legato::mergeGenerics(RewriterBase &rewriter,
                                                   linalg::GenericOp first,
                                                   linalg::GenericOp second, bool reductions) {
  if (first == second || first->getBlock() != second->getBlock() ||
      first.getNumLoops() != second.getNumLoops() ||
      staticLoopRanges(first) != staticLoopRanges(second))
    return rewriter.notifyMatchFailure(second, "different iteration spaces");
  if (first.hasPureTensorSemantics() != second.hasPureTensorSemantics())
    return rewriter.notifyMatchFailure(second, "one on tensors, one on buffers");
  // A kernel of a tiled pair runs its own rows in each tile: merged with
  // another, its rows would read the pair's rows far from its own.
  if (first->hasAttr(legato::kSweepTileAttr) || second->hasAttr(legato::kSweepTileAttr))
    return rewriter.notifyMatchFailure(second, "a kernel of a tiled pair of sweeps");
  // A kernel that reads at data-dependent positions (a gather) may read any
  // point of the other's output, not only the one the merged loop is at.
  auto readsOutputOf = [](linalg::GenericOp reader, linalg::GenericOp writer) {
    return llvm::any_of(legato::readInBody(reader), [&](Value v) {
      if (isa<TensorType>(v.getType()))
        return v.getDefiningOp() == writer;
      return llvm::any_of(writer.getDpsInits(),
                          [&](Value out) { return !legato::disjoint(out, v); });
    });
  };
  if (readsOutputOf(first, second) || readsOutputOf(second, first))
    return rewriter.notifyMatchFailure(second, "one reads the other's output at any point");
  std::optional<SmallVector<utils::IteratorType>> iterators =
      mergedIterators(first, second, reductions);
  if (!iterators)
    return rewriter.notifyMatchFailure(second, "the loop nests do not match");

  SmallVector<OpOperand *> secondInputs;
  for (OpOperand *in : second.getDpsInputOperands()) {
    if (auto result = dyn_cast<OpResult>(in->get()); result && result.getOwner() == first) {
      // Only a value complete at this point of the loop nest can be read.
      if (!second.getMatchingIndexingMap(in).isIdentity() ||
          !first.getIndexingMapMatchingResult(result).isIdentity())
        return rewriter.notifyMatchFailure(second, "reads the producer other than elementwise");
      continue;
    }
    secondInputs.push_back(in);
  }

  // Where the merged kernel goes: at `second` if nothing before it needs
  // `first`'s results, else at `first` if `second`'s operands exist there.
  Operation *insertAt = nullptr;
  // A use inside another op's region (a gather's tensor.extract of a value
  // captured from above) is where that op is in the block: comparing the
  // nested op itself with `second` would compare positions in two blocks.
  bool usersAfter = llvm::all_of(first->getUsers(), [&](Operation *user) {
    Operation *at = second->getBlock()->findAncestorOpInBlock(*user);
    return at == second || (at && second->isBeforeInBlock(at));
  });
  if (usersAfter) {
    insertAt = second;
  } else if (llvm::all_of(second->getOperands(),
                          [&](Value v) {
                            return v.getDefiningOp() == first || dominatesInBlock(v, first);
                          }) &&
             llvm::all_of(legato::readInBody(second),
                          [&](Value v) { return dominatesInBlock(v, first); })) {
    insertAt = first;
  } else {
    return rewriter.notifyMatchFailure(second, "no insertion point dominates all users");
  }

  SmallVector<Value> inputs, outputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *in : first.getDpsInputOperands()) {
    inputs.push_back(in->get());
    maps.push_back(first.getMatchingIndexingMap(in));
  }
  for (OpOperand *in : secondInputs) {
    inputs.push_back(in->get());
    maps.push_back(second.getMatchingIndexingMap(in));
  }
  for (OpOperand &init : first.getDpsInitsMutable()) {
    outputs.push_back(init.get());
    maps.push_back(first.getMatchingIndexingMap(&init));
  }
  for (OpOperand &init : second.getDpsInitsMutable()) {
    outputs.push_back(init.get());
    maps.push_back(second.getMatchingIndexingMap(&init));
  }
  SmallVector<Type> resultTypes(first.getResultTypes());
  llvm::append_range(resultTypes, second.getResultTypes());

  rewriter.setInsertionPoint(insertAt);
  auto merged = linalg::GenericOp::create(rewriter, second.getLoc(), resultTypes, inputs,
                                          outputs, maps, *iterators);
  Block *body = rewriter.createBlock(&merged.getRegion());
  auto addArg = [&](Value operand) {
    return body->addArgument(getElementTypeOrSelf(operand.getType()), operand.getLoc());
  };
  IRMapping mapping;
  Block &firstBody = first.getRegion().front(), &secondBody = second.getRegion().front();
  for (OpOperand *in : first.getDpsInputOperands())
    mapping.map(firstBody.getArgument(in->getOperandNumber()), addArg(in->get()));
  for (OpOperand *in : secondInputs)
    mapping.map(secondBody.getArgument(in->getOperandNumber()), addArg(in->get()));
  for (OpOperand &init : first.getDpsInitsMutable())
    mapping.map(firstBody.getArgument(init.getOperandNumber()), addArg(init.get()));
  for (OpOperand &init : second.getDpsInitsMutable())
    mapping.map(secondBody.getArgument(init.getOperandNumber()), addArg(init.get()));

  rewriter.setInsertionPointToEnd(body);
  for (Operation &op : firstBody.without_terminator())
    rewriter.clone(op, mapping);
  SmallVector<Value> yields;
  for (Value v : firstBody.getTerminator()->getOperands())
    yields.push_back(mapping.lookupOrDefault(v));
  for (OpOperand *in : second.getDpsInputOperands())
    if (auto result = dyn_cast<OpResult>(in->get()); result && result.getOwner() == first)
      mapping.map(secondBody.getArgument(in->getOperandNumber()), yields[result.getResultNumber()]);
  for (Operation &op : secondBody.without_terminator())
    rewriter.clone(op, mapping);
  for (Value v : secondBody.getTerminator()->getOperands())
    yields.push_back(mapping.lookupOrDefault(v));
  linalg::YieldOp::create(rewriter, second.getLoc(), yields);

  unsigned n = first.getNumResults();
  rewriter.replaceOp(second, merged.getResults().drop_front(n));
  rewriter.replaceOp(first, merged.getResults().take_front(n));
  return merged;
}

LogicalResult legato::mergeWithProducerOrSibling(
    RewriterBase &rewriter, linalg::GenericOp op, bool reductions,
    function_ref<bool(linalg::GenericOp)> mayMergeProducer) {
  for (Value in : op.getDpsInputs())
    if (auto producer = in.getDefiningOp<linalg::GenericOp>())
      if (mayMergeProducer(producer) &&
          succeeded(mergeGenerics(rewriter, producer, op, reductions)))
        return success();
  for (Value in : op.getDpsInputs())
    for (Operation *user : in.getUsers()) {
      auto sibling = dyn_cast<linalg::GenericOp>(user);
      if (!sibling || sibling == op || sibling->getBlock() != op->getBlock())
        continue;
      auto [first, second] =
          sibling->isBeforeInBlock(op) ? std::pair(sibling, op) : std::pair(op, sibling);
      if (succeeded(mergeGenerics(rewriter, first, second, reductions)))
        return success();
    }
  return failure();
}

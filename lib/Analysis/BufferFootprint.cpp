//===- BufferFootprint.cpp - which elements of a buffer a view touches ----===//
#include "Analysis/BufferFootprint.h"
#include "Analysis/BufferRoots.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::legato {

std::optional<Footprint> footprint(Value view) {
  Value root = view;
  while (auto subview = root.getDefiningOp<memref::SubViewOp>())
    root = subview.getSource();
  auto type = cast<MemRefType>(view.getType());
  auto rootType = cast<MemRefType>(root.getType());
  if (!rootType.getLayout().isIdentity() || !type.hasStaticShape())
    return std::nullopt;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  Footprint f{root, offset, offset};
  for (auto [size, stride] : llvm::zip(type.getShape(), strides)) {
    if (size == 0)
      return std::nullopt;
    (stride < 0 ? f.first : f.last) += (size - 1) * stride;
  }
  return f;
}

/// Per dimension of its root, the index range (first, last) that `view`
/// covers, for a chain of subviews that keep the rank, with static offsets
/// and sizes and unit strides; nullopt otherwise.
static std::optional<SmallVector<std::pair<int64_t, int64_t>>> boxOf(Value view) {
  auto type = cast<MemRefType>(view.getType());
  if (!type.hasStaticShape())
    return std::nullopt;
  SmallVector<int64_t> first(type.getRank(), 0);
  Value root = view;
  while (auto subview = root.getDefiningOp<memref::SubViewOp>()) {
    if (subview.getSourceType().getRank() != type.getRank() ||
        llvm::any_of(subview.getStaticOffsets(), ShapedType::isDynamic) ||
        llvm::any_of(subview.getStaticStrides(), [](int64_t s) { return s != 1; }))
      return std::nullopt;
    for (auto [f, offset] : llvm::zip(first, subview.getStaticOffsets()))
      f += offset;
    root = subview.getSource();
  }
  SmallVector<std::pair<int64_t, int64_t>> box;
  for (auto [f, size] : llvm::zip(first, type.getShape()))
    box.push_back({f, f + size - 1});
  return box;
}

bool disjoint(Value a, Value b) {
  std::optional<Footprint> fa = footprint(a), fb = footprint(b);
  if (fa && fb && fa->root == fb->root) {
    // A column beside a block interleaves with it in memory, not in index.
    auto boxA = boxOf(a), boxB = boxOf(b);
    if (boxA && boxB)
      for (auto [x, y] : llvm::zip(*boxA, *boxB))
        if (x.second < y.first || y.second < x.first)
          return true;
    return fa->last < fb->first || fb->last < fa->first;
  }
  // Views of two buffers, one of them fresh, share nothing, whatever the
  // views (a scan's chunks, expand_shape of an argument).
  Value ra = rootOf(a), rb = rootOf(b);
  auto distinct = [&](Value v) { return isFreshBuffer(v) || isa<BlockArgument>(v); };
  return ra != rb && ((isFreshBuffer(ra) && distinct(rb)) || (isFreshBuffer(rb) && distinct(ra)));
}

SmallVector<Value> readInBody(Operation *op) {
  llvm::SetVector<Value> above;
  getUsedValuesDefinedAbove(op->getRegions(), above);
  SmallVector<Value> read;
  for (Value v : above)
    if (isa<TensorType, BaseMemRefType>(v.getType()))
      read.push_back(v);
  return read;
}

bool independent(linalg::LinalgOp a, linalg::LinalgOp b) {
  auto clear = [](linalg::LinalgOp writer, linalg::LinalgOp other) {
    for (Value out : writer.getDpsInits())
      for (Value v : llvm::concat<Value>(other->getOperands(), readInBody(other)))
        if (isa<MemRefType>(v.getType()) && !disjoint(out, v))
          return false;
    return true;
  };
  return clear(a, b) && clear(b, a);
}

} // namespace mlir::legato

//===- Rotation.cpp - np.roll as a concatenation of two windows -----------===//
#include "Dialect/Legato/Transforms/Rotation.h"

using namespace mlir;

namespace mlir::legato {

std::optional<Rotation> rotation(ConcatenateOp op) {
  auto first = op.getInputs().front().getDefiningOp<SliceOp>();
  if (!first || op.getInputs().size() < 2)
    return std::nullopt;
  Value source = first.getInput();
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t d = op.getDimension(), n = sourceType.getDimSize(d);
  ArrayRef<int64_t> offsets = first.getOffsets(), strides = first.getStrides();
  int64_t next = offsets[d], covered = 0;
  for (Value input : op.getInputs()) {
    auto slice = input.getDefiningOp<SliceOp>();
    if (!slice || slice.getInput() != source || slice.getStrides()[d] != 1 ||
        slice.getOffsets()[d] != next)
      return std::nullopt;
    for (int64_t i = 0, e = sourceType.getRank(); i < e; ++i)
      if (i != d && (slice.getOffsets()[i] != offsets[i] || slice.getStrides()[i] != strides[i] ||
                     strides[i] <= 0))
        return std::nullopt;
    int64_t size = slice.getType().getDimSize(d);
    covered += size;
    next = (next + size) % n;
  }
  if (covered != n)
    return std::nullopt;
  return Rotation{source, d, SmallVector<int64_t>(offsets), SmallVector<int64_t>(strides)};
}

} // namespace mlir::legato

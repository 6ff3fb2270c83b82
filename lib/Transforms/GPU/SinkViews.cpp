//===- SinkViews.cpp - static views into the launches that read them ------===//
//
// Kernel outlining passes every value a launch uses as parameters: a memref
// view is a descriptor (two pointers, an offset, sizes and strides). A
// kernel that reads many windows of one array (the cells of a fused pair of
// sweeps: 25 per cell) then takes many descriptors, and LLVM sees as many
// unrelated pointers, so two reads of one element stay two loads. Views
// whose offsets, sizes and strides are static are cloned into the launch
// instead: the kernel takes the array once and the views become constant
// offsets from it. (Upstream's sinkOperationsIntoLaunchOp sinks an op only
// when the launch already uses its operands, which the viewed array is not.)
// Complex constants are cloned in too: a kernel's scalar parameters are 64
// bits, which a complex number's two parts are not.
//===----------------------------------------------------------------------===//
#include "Transforms/GPU/Passes.h"

#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Transforms/RegionUtils.h"

#include <functional>

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOGPUSINKVIEWSPASS
#include "Transforms/GPU/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

memref::SubViewOp staticView(Value v) {
  auto view = v.getDefiningOp<memref::SubViewOp>();
  return view && view.getOffsets().empty() && view.getSizes().empty() &&
                 view.getStrides().empty()
             ? view
             : memref::SubViewOp();
}

/// Clones the static views that `launch` uses from outside (and the static
/// views they are views of) to the start of its body.
void sinkViews(gpu::LaunchOp launch) {
  Region &body = launch.getBody();
  llvm::SetVector<Value> outside;
  getUsedValuesDefinedAbove(body, outside);
  OpBuilder builder = OpBuilder::atBlockBegin(&body.front());
  IRMapping cloned;
  std::function<Value(Value)> sink = [&](Value v) -> Value {
    if (auto constant = v.getDefiningOp<complex::ConstantOp>()) {
      if (Value inside = cloned.lookupOrNull(v))
        return inside;
      Value copy = builder.clone(*constant)->getResult(0);
      cloned.map(v, copy);
      return copy;
    }
    memref::SubViewOp view = staticView(v);
    if (!view)
      return v;
    if (Value inside = cloned.lookupOrNull(v))
      return inside;
    Value source = sink(view.getSource());
    auto copy = cast<memref::SubViewOp>(builder.clone(*view));
    copy.getSourceMutable().assign(source);
    cloned.map(v, copy.getResult());
    return copy.getResult();
  };
  for (Value v : outside) {
    Value inside = sink(v);
    if (inside != v)
      replaceAllUsesInRegionWith(v, inside, body);
  }
}

struct LegatoGpuSinkViewsPass
    : legato::impl::LegatoGpuSinkViewsPassBase<LegatoGpuSinkViewsPass> {
  void runOnOperation() override { getOperation().walk(sinkViews); }
};

} // namespace

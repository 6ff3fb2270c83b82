//===- Contract.cpp - let GPU kernels fuse a * b + c into one FMA ---------===//
//
// LLVM's NVPTX backend keeps a float multiply and the add of its product
// apart (mul.rn, add.rn) unless the ops carry the `contract` fast-math flag.
// nvcc (--fmad=true), NVRTC (CuPy), XLA and Triton (torch.compile) all
// contract by default. Contraction rounds once where NumPy rounds twice, so
// a fused kernel would no longer equal the ops run one by one: it is an
// option (Options::fp_contract, PipelineOptions::gpuContract), off by
// default, and the CPU backend never does it.
//
//===----------------------------------------------------------------------===//
#include "Transforms/GPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOGPUCONTRACTPASS
#include "Transforms/GPU/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

struct LegatoGpuContractPass : legato::impl::LegatoGpuContractPassBase<LegatoGpuContractPass> {
  void runOnOperation() override {
    getOperation().walk([](Operation *op) {
      if (!isa<arith::AddFOp, arith::SubFOp, arith::MulFOp>(op))
        return;
      auto fastmath = cast<arith::ArithFastMathInterface>(op);
      arith::FastMathFlags flags = fastmath.getFastMathFlagsAttr().getValue();
      op->setAttr(fastmath.getFastMathAttrName(),
                  arith::FastMathFlagsAttr::get(op->getContext(),
                                                flags | arith::FastMathFlags::contract));
    });
  }
};

} // namespace

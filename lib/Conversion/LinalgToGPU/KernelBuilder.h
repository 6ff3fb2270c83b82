//===- KernelBuilder.h - building blocks of generated GPU kernels ===//
//
// What legato-convert-linalg-to-gpu emits inside and around gpu.launch bodies: the
// iteration space of a linalg op, index arithmetic, the op's payload at given
// loop indices, launches, and block-wide reductions with their combination
// across blocks.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CONVERSION_LINALGTOGPU_KERNELBUILDER_H
#define LEGATO_CONVERSION_LINALGTOGPU_KERNELBUILDER_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

#include <optional>

namespace mlir::legato::gpu_kernels {

Value index(OpBuilder &b, Location loc, int64_t v);

/// The loop dimensions of `op`, split into parallel and reduced ones.
struct IterationSpace {
  SmallVector<int64_t> ranges;
  SmallVector<unsigned> parallel, reduced;
  int64_t parallelSize = 1, reducedSize = 1;

  explicit IterationSpace(linalg::GenericOp op) : ranges(op.getStaticLoopRanges()) {
    for (auto [dim, type] : llvm::enumerate(op.getIteratorTypesArray())) {
      bool isParallel = type == utils::IteratorType::parallel;
      (isParallel ? parallel : reduced).push_back(dim);
      (isParallel ? parallelSize : reducedSize) *= ranges[dim];
    }
  }
};

/// Sets `ivs[d]` for the dims `dims` from `linear`, row-major (last fastest),
/// in 32-bit arithmetic when the space fits.
void delinearize(OpBuilder &b, Location loc, Value linear, ArrayRef<unsigned> dims,
                 ArrayRef<int64_t> ranges, SmallVectorImpl<Value> &ivs);
/// The indices `map` selects from the loop indices `ivs`.
SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map, ValueRange ivs);
/// `operand` of `op` at loop indices `ivs` (a scalar operand as is).
Value load(OpBuilder &b, Location loc, linalg::GenericOp op, OpOperand &operand,
           ValueRange ivs);
/// Stores `value` into `op`'s output `result` at loop indices `ivs`.
void store(OpBuilder &b, Location loc, linalg::GenericOp op, unsigned result, Value value,
           ValueRange ivs);
/// Maps the payload's block arguments: inputs loaded at `ivs`, outputs to
/// `outs` (null where the payload does not read them).
void mapOperands(OpBuilder &b, Location loc, linalg::GenericOp op, ValueRange ivs,
                 ValueRange outs, IRMapping &map);
/// Keeps the loads that made `values` ahead of everything emitted after this
/// point (an empty inline asm with side effects reads them). LLVM's machine
/// code sinking otherwise moves each load down to the block of its first
/// use, past the branches of libdevice's `log` and `exp`, so that a
/// thread's loads no longer overlap one another's latency. Values whose
/// type inline PTX cannot take (index, i1, i8) are left alone.
void issueLoadsHere(OpBuilder &b, Location loc, ArrayRef<Value> values);
/// Emits the payload for operands mapped in `map`; returns what it yields.
SmallVector<Value> computePayload(OpBuilder &b, Location loc, linalg::GenericOp op,
                                  ValueRange ivs, IRMapping &map);
/// mapOperands, then computePayload.
SmallVector<Value> emitPayload(OpBuilder &b, Location loc, linalg::GenericOp op,
                               ValueRange ivs, ValueRange outs);
/// `epilogue` (legato.epilogue) at the output point `ivs` of its
/// reduction, whose value there is stored.
void emitEpilogue(OpBuilder &b, Location loc, linalg::GenericOp epilogue, ValueRange ivs);
/// A launch of `gridX` x `gridY` blocks of `block` threads; the builder is
/// left inside its body.
gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, int64_t gridX, int64_t gridY,
                           int64_t block);

/// The single arith op combining partial results of `op`'s only output, and
/// its neutral element; nullopt when the reduction is not of that form.
struct Combiner {
  Operation *op;
  TypedAttr neutral;
  /// combine(a, b), built by cloning the matched op.
  Value build(OpBuilder &b, Value lhs, Value rhs) const {
    IRMapping map;
    map.map(op->getOperand(0), lhs);
    map.map(op->getOperand(1), rhs);
    return b.clone(*op, map)->getResult(0);
  }
};
std::optional<Combiner> matchCombiner(linalg::GenericOp op);

/// `value` combined across the block with gpu.all_reduce (every thread gets
/// the total).
Value blockReduce(OpBuilder &b, Location loc, const Combiner &combiner, Value value);

/// Combines `value` across the block with gpu.all_reduce; thread 0 then
/// runs `finish` with the total.
void blockCombine(OpBuilder &b, Location loc, gpu::LaunchOp launch, const Combiner &combiner,
                  Value value, function_ref<void(OpBuilder &, Value)> finish);

/// One block per output of `op` combines that output's `blocksPerOutput`
/// partials and folds the total into the output (or into `initial`, the
/// value its removed initial fill would have written); then frees
/// `partials`. A launch of its own: see combineInLastBlock for none.
void combinePartials(OpBuilder &b, Location loc, linalg::GenericOp op,
                     const IterationSpace &space, const Combiner &combiner, Value partials,
                     int64_t blocksPerOutput, int64_t blockSize, Value initial);

/// A zero-initialised device array of `outputs` counters for
/// combineInLastBlock (a private memref.global of `module`, which kernel
/// outlining copies into the kernels that use it).
FlatSymbolRefAttr createTickets(ModuleOp module, Location loc, int64_t outputs);

/// Combines the partials of a reduction in the kernel that makes them (the
/// scheme of CUDA's threadFenceReduction sample): thread 0 of each block
/// stores the block's total `blockTotal` as partial `block` of output
/// `output`, then takes a ticket from that output's counter in `tickets`;
/// warp 0 of the block that takes the last of the `blocksPerOutput` tickets
/// combines the output's partials in a fixed order, runs `finish` with the
/// total on thread 0 and resets the counter for the next launch. One launch
/// per reduction instead of two.
void combineInLastBlock(OpBuilder &b, Location loc, gpu::LaunchOp launch,
                        const Combiner &combiner, Value blockTotal, Value partials,
                        Value output, Value block, int64_t blocksPerOutput,
                        FlatSymbolRefAttr tickets, int64_t outputs,
                        function_ref<void(OpBuilder &, Value)> finish);

} // namespace mlir::legato::gpu_kernels

#endif // LEGATO_CONVERSION_LINALGTOGPU_KERNELBUILDER_H

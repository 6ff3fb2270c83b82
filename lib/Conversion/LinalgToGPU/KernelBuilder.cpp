//===- KernelBuilder.cpp - building blocks of generated GPU kernels -------===//
#include "Conversion/LinalgToGPU/KernelBuilder.h"

#include "Analysis/ReductionChunks.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::legato::gpu_kernels {

static constexpr int32_t kWarpSize = 32;

Value index(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// Sets `ivs[d]` for the dims `dims` from `linear`, row-major (last fastest).
/// When the space fits in 32 bits, divides in 32 bits: a 64-bit division by
/// a constant costs several times more on the GPU.
void delinearize(OpBuilder &b, Location loc, Value linear, ArrayRef<unsigned> dims,
                 ArrayRef<int64_t> ranges, SmallVectorImpl<Value> &ivs) {
  int64_t size = 1;
  for (unsigned d : dims)
    size *= ranges[d];
  bool narrow = size < (int64_t(1) << 31);
  Type i32 = b.getI32Type();
  if (narrow)
    linear = arith::IndexCastUIOp::create(b, loc, i32, linear);
  auto constant = [&](int64_t v) -> Value {
    return narrow ? Value(arith::ConstantIntOp::create(b, loc, i32, v)) : index(b, loc, v);
  };
  for (unsigned d : llvm::reverse(dims)) {
    if (ranges[d] == 1) {
      ivs[d] = index(b, loc, 0);
      continue;
    }
    Value extent = constant(ranges[d]);
    Value iv = d == dims.front() ? linear : arith::RemUIOp::create(b, loc, linear, extent);
    ivs[d] = narrow ? arith::IndexCastUIOp::create(b, loc, b.getIndexType(), iv) : iv;
    linear = arith::DivUIOp::create(b, loc, linear, extent);
  }
}

/// The indices `map` selects from the loop indices `ivs`.
SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map, ValueRange ivs) {
  SmallVector<Value> indices;
  for (AffineExpr e : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(e))
      indices.push_back(ivs[dim.getPosition()]);
    else if (auto c = dyn_cast<AffineConstantExpr>(e))
      indices.push_back(index(b, loc, c.getValue()));
    else
      indices.push_back(affine::AffineApplyOp::create(
          b, loc, AffineMap::get(map.getNumDims(), 0, e), ivs));
  }
  return indices;
}

Value load(OpBuilder &b, Location loc, linalg::GenericOp op, OpOperand &operand,
           ValueRange ivs) {
  Value v = operand.get();
  if (!isa<MemRefType>(v.getType()))
    return v; // a scalar operand
  return memref::LoadOp::create(b, loc, v,
                                applyMap(b, loc, op.getMatchingIndexingMap(&operand), ivs));
}

void store(OpBuilder &b, Location loc, linalg::GenericOp op, unsigned result, Value value,
           ValueRange ivs) {
  OpOperand &out = op.getDpsInitsMutable()[result];
  memref::StoreOp::create(b, loc, value, out.get(),
                          applyMap(b, loc, op.getMatchingIndexingMap(&out), ivs));
}

/// Maps the payload's block arguments to `op`'s operands at loop indices
/// `ivs`: inputs loaded, outputs given as `outs` (null where the payload
/// does not read them).
void mapOperands(OpBuilder &b, Location loc, linalg::GenericOp op, ValueRange ivs,
                 ValueRange outs, IRMapping &map) {
  Block &body = op.getRegion().front();
  for (OpOperand *in : op.getDpsInputOperands())
    map.map(body.getArgument(in->getOperandNumber()), load(b, loc, op, *in, ivs));
  for (auto [i, out] : llvm::enumerate(outs))
    if (out)
      map.map(body.getArgument(op.getNumDpsInputs() + i), out);
}

void issueLoadsHere(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  SmallVector<Value> pinned;
  std::string constraints;
  for (Value v : values) {
    if (!v || !v.getDefiningOp<memref::LoadOp>())
      continue;
    // NVPTX inline-asm register classes.
    Type t = v.getType();
    const char *letter = t.isF64() ? "d" : t.isF32() ? "f" : t.isInteger(64) ? "l"
                       : t.isInteger(32) ? "r" : t.isInteger(16) ? "h" : nullptr;
    if (!letter)
      continue;
    constraints += (constraints.empty() ? "" : ",") + std::string(letter);
    pinned.push_back(v);
  }
  if (pinned.empty())
    return;
  LLVM::InlineAsmOp::create(b, loc, TypeRange(), pinned, /*asm_string=*/"", constraints,
                            /*has_side_effects=*/true, /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            /*asm_dialect=*/LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
}

/// Emits the payload's computation for operands mapped in `map`; returns the
/// values it yields.
SmallVector<Value> computePayload(OpBuilder &b, Location loc, linalg::GenericOp op,
                                  ValueRange ivs, IRMapping &map) {
  Block &body = op.getRegion().front();
  for (Operation &o : body.without_terminator()) {
    if (auto idx = dyn_cast<linalg::IndexOp>(o)) {
      map.map(idx.getResult(), ivs[idx.getDim()]);
      continue;
    }
    if (auto abs = dyn_cast<math::AbsIOp>(o)) {
      // NVVM has no lowering for math.absi: max(x, -x), which wraps at the
      // minimum like NumPy.
      Value x = map.lookupOrDefault(abs.getOperand());
      Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(x.getType()));
      map.map(abs.getResult(),
              arith::MaxSIOp::create(b, loc, x, arith::SubIOp::create(b, loc, zero, x)));
      continue;
    }
    b.clone(o, map);
  }
  SmallVector<Value> yielded;
  for (Value v : body.getTerminator()->getOperands())
    yielded.push_back(map.lookupOrDefault(v));
  return yielded;
}

/// Emits `op`'s payload at loop indices `ivs`, its outputs' current values
/// being `outs`; returns the values it yields.
SmallVector<Value> emitPayload(OpBuilder &b, Location loc, linalg::GenericOp op,
                               ValueRange ivs, ValueRange outs) {
  IRMapping map;
  mapOperands(b, loc, op, ivs, outs, map);
  return computePayload(b, loc, op, ivs, map);
}

/// A launch of `grid` blocks (x, y) of `block` threads; the builder is left
/// inside its body.
gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, int64_t gridX, int64_t gridY,
                           int64_t block) {
  Value one = index(b, loc, 1);
  auto launch = gpu::LaunchOp::create(b, loc, index(b, loc, gridX), index(b, loc, gridY),
                                      one, index(b, loc, block), one, one);
  b.setInsertionPointToStart(&launch.getBody().front());
  gpu::TerminatorOp::create(b, loc);
  b.setInsertionPointToStart(&launch.getBody().front());
  return launch;
}

std::optional<Combiner> matchCombiner(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1)
    return std::nullopt;
  Type elem = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  if (!elem.isF32() && !elem.isF64() && !elem.isInteger(32) && !elem.isInteger(64))
    return std::nullopt;
  Operation *combiner = singleCombiner(op);
  if (!combiner || combiner->getOperand(0) == combiner->getOperand(1))
    return std::nullopt;
  return Combiner{combiner, *arith::getNeutralElement(combiner)};
}

Value blockReduce(OpBuilder &b, Location loc, const Combiner &combiner, Value value) {
  Type elem = value.getType();
  auto reduce = gpu::AllReduceOp::create(b, loc, value, gpu::AllReduceOperationAttr(),
                                         /*uniform=*/true);
  OpBuilder::InsertionGuard guard(b);
  Block *region = b.createBlock(&reduce.getBody(), {}, {elem, elem}, {loc, loc});
  gpu::YieldOp::create(b, loc,
                       combiner.build(b, region->getArgument(0), region->getArgument(1)));
  return reduce.getResult();
}

/// Runs `then` on thread 0 of the block.
static void onFirstThread(OpBuilder &b, Location loc, gpu::LaunchOp launch,
                          function_ref<void(OpBuilder &)> then) {
  Value cond = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, launch.getThreadIds().x,
                                     index(b, loc, 0));
  auto ifFirst = scf::IfOp::create(b, loc, cond);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifFirst.getThenRegion().front());
  then(b);
}

void blockCombine(OpBuilder &b, Location loc, gpu::LaunchOp launch, const Combiner &combiner,
                  Value value, function_ref<void(OpBuilder &, Value)> finish) {
  Value total = blockReduce(b, loc, combiner, value);
  onFirstThread(b, loc, launch, [&](OpBuilder &fb) { finish(fb, total); });
}

/// partials[base .. base + count) combined across the block: each thread
/// folds every blockSize-th one, then gpu.all_reduce.
static Value combineSlots(OpBuilder &b, Location loc, gpu::LaunchOp launch,
                          const Combiner &combiner, Value partials, Value base, int64_t count,
                          int64_t blockSize) {
  Value neutral = arith::ConstantOp::create(b, loc, combiner.neutral);
  auto loop = scf::ForOp::create(b, loc, launch.getThreadIds().x, index(b, loc, count),
                                 index(b, loc, blockSize), ValueRange{neutral});
  {
    OpBuilder::InsertionGuard loopGuard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value partial = memref::LoadOp::create(
        b, loc, partials,
        ValueRange{arith::AddIOp::create(b, loc, base, loop.getInductionVar())});
    scf::YieldOp::create(b, loc, combiner.build(b, loop.getRegionIterArgs()[0], partial));
  }
  b.setInsertionPointAfter(loop);
  return blockReduce(b, loc, combiner, loop.getResult(0));
}

void combinePartials(OpBuilder &b, Location loc, linalg::GenericOp op,
                     const IterationSpace &space, const Combiner &combiner, Value partials,
                     int64_t blocksPerOutput, int64_t blockSize, Value initial) {
  {
    OpBuilder::InsertionGuard launchGuard(b);
    gpu::LaunchOp launch = createLaunch(b, loc, 1, space.parallelSize, blockSize);
    Value output = launch.getBlockIds().y;
    SmallVector<Value> ivs(space.ranges.size());
    delinearize(b, loc, output, space.parallel, space.ranges, ivs);
    Value base = arith::MulIOp::create(b, loc, output, index(b, loc, blocksPerOutput));
    Value total =
        combineSlots(b, loc, launch, combiner, partials, base, blocksPerOutput, blockSize);
    onFirstThread(b, loc, launch, [&](OpBuilder &fb) {
      OpOperand &out = op.getDpsInitsMutable()[0];
      Value current = initial ? initial : load(fb, loc, op, out, ivs);
      store(fb, loc, op, 0, combiner.build(fb, current, total), ivs);
    });
  }
  memref::DeallocOp::create(b, loc, partials);
}

FlatSymbolRefAttr createTickets(ModuleOp module, Location loc, int64_t outputs) {
  OpBuilder b(module.getContext()); // detached: SymbolTable::insert places it
  auto type = MemRefType::get({outputs}, b.getI32Type());
  auto zeros = DenseElementsAttr::get(RankedTensorType::get({outputs}, b.getI32Type()),
                                      b.getI32IntegerAttr(0).getValue());
  auto global = memref::GlobalOp::create(b, loc, "__legato_tickets", b.getStringAttr("private"),
                                         type, zeros, /*constant=*/false,
                                         /*alignment=*/nullptr);
  return FlatSymbolRefAttr::get(SymbolTable(module).insert(global, module.getBody()->begin()));
}

/// `value` combined across the 32 lanes of a warp (butterfly shuffles; every
/// lane gets the total).
static Value warpReduce(OpBuilder &b, Location loc, const Combiner &combiner, Value value) {
  for (int32_t offset = kWarpSize / 2; offset > 0; offset /= 2) {
    Value other = gpu::ShuffleOp::create(b, loc, value, offset, kWarpSize, gpu::ShuffleMode::XOR)
                      .getShuffleResult();
    value = combiner.build(b, value, other);
  }
  return value;
}

/// partials[base .. base + count) combined by one warp: each lane folds
/// every 32nd one, loading kLoadsInFlight before combining them (a lone
/// warp would otherwise wait out each load's latency in turn).
static Value warpCombineSlots(OpBuilder &b, Location loc, const Combiner &combiner,
                              Value partials, Value base, Value lane, int64_t count) {
  constexpr int64_t kLoadsInFlight = 8;
  Value neutral = arith::ConstantOp::create(b, loc, combiner.neutral);
  auto loop = scf::ForOp::create(b, loc, lane, index(b, loc, count),
                                 index(b, loc, kWarpSize * kLoadsInFlight), ValueRange{neutral});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    SmallVector<std::pair<Value, Value>> loaded; // (in range, value)
    for (int64_t j = 0; j < kLoadsInFlight; ++j) {
      Value slot = arith::AddIOp::create(b, loc, loop.getInductionVar(),
                                         index(b, loc, j * kWarpSize));
      Value inRange =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, slot, index(b, loc, count));
      Value safe = arith::SelectOp::create(b, loc, inRange, slot, index(b, loc, 0));
      loaded.push_back({inRange, memref::LoadOp::create(
                                     b, loc, partials,
                                     ValueRange{arith::AddIOp::create(b, loc, base, safe)})});
    }
    Value acc = loop.getRegionIterArgs()[0];
    for (auto [inRange, v] : loaded)
      acc = combiner.build(b, acc, arith::SelectOp::create(b, loc, inRange, v, neutral));
    scf::YieldOp::create(b, loc, acc);
  }
  b.setInsertionPointAfter(loop);
  return warpReduce(b, loc, combiner, loop.getResult(0));
}

void combineInLastBlock(OpBuilder &b, Location loc, gpu::LaunchOp launch,
                        const Combiner &combiner, Value blockTotal, Value partials,
                        Value output, Value block, int64_t blocksPerOutput,
                        FlatSymbolRefAttr tickets, int64_t outputs,
                        function_ref<void(OpBuilder &, Value)> finish) {
  Type i32 = b.getI32Type();
  Value tid = launch.getThreadIds().x;
  Value zero32 = arith::ConstantIntOp::create(b, loc, i32, 0);
  Value base = arith::MulIOp::create(b, loc, output, index(b, loc, blocksPerOutput));
  // Only warp 0 goes on: no block-wide barrier, so the other warps of every
  // block retire at once.
  auto warp0 = scf::IfOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, tid, index(b, loc, kWarpSize)));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&warp0.getThenRegion().front());
  Value counters =
      memref::GetGlobalOp::create(b, loc, MemRefType::get({outputs}, i32), tickets.getValue());

  // Thread 0 publishes the block's partial, then takes a ticket: the fence
  // orders the partial before the ticket for every other block.
  Value isFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, index(b, loc, 0));
  auto publish = scf::IfOp::create(b, loc, TypeRange{i32}, isFirst, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard publishGuard(b);
    b.setInsertionPointToStart(&publish.getThenRegion().front());
    memref::StoreOp::create(b, loc, blockTotal, partials,
                            ValueRange{arith::AddIOp::create(b, loc, base, block)});
    NVVM::MembarOp::create(b, loc, NVVM::MemScopeKind::GPU);
    Value taken = memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi,
                                              arith::ConstantIntOp::create(b, loc, i32, 1),
                                              counters, ValueRange{output});
    Value isLast = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, taken,
        arith::ConstantIntOp::create(b, loc, i32, blocksPerOutput - 1));
    scf::YieldOp::create(b, loc, ValueRange{arith::ExtUIOp::create(b, loc, i32, isLast)});
    b.setInsertionPointToStart(&publish.getElseRegion().front());
    scf::YieldOp::create(b, loc, ValueRange{zero32});
  }
  // Lane 0's verdict, for the whole warp.
  Value flag = gpu::ShuffleOp::create(b, loc, publish.getResult(0), 0, kWarpSize,
                                      gpu::ShuffleMode::IDX)
                   .getShuffleResult();
  auto ifLast = scf::IfOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, flag, zero32));
  b.setInsertionPointToStart(&ifLast.getThenRegion().front());
  NVVM::MembarOp::create(b, loc, NVVM::MemScopeKind::GPU); // the others' partials
  Value total = warpCombineSlots(b, loc, combiner, partials, base, tid, blocksPerOutput);
  auto ifFirst = scf::IfOp::create(b, loc, isFirst);
  b.setInsertionPointToStart(&ifFirst.getThenRegion().front());
  finish(b, total);
  memref::StoreOp::create(b, loc, zero32, counters, ValueRange{output}); // for the next launch
}

void emitEpilogue(OpBuilder &b, Location loc, linalg::GenericOp epilogue, ValueRange ivs) {
  SmallVector<Value> outs;
  for (OpOperand &out : epilogue.getDpsInitsMutable())
    outs.push_back(epilogue.payloadUsesValueFromOperand(&out) ? load(b, loc, epilogue, out, ivs)
                                                              : Value());
  for (auto [i, v] : llvm::enumerate(emitPayload(b, loc, epilogue, ivs, outs)))
    store(b, loc, epilogue, i, v, ivs);
}

} // namespace mlir::legato::gpu_kernels

//===- OutlineSegments.cpp - a rank's program as segments and collectives -===//
//
// One rank's program (legato-partition) runs as kernels between collectives.
// This pass makes that schedule explicit in the IR: the ops between two
// rounds of collectives become a private function `@segment_<level>`, and
// @main keeps only calls to those functions, the collectives, the splat
// constants that a collective or the return reads, and the return. Calls and
// collectives carry their level (`legato.segment`): the collectives of a
// level run after its segment, as a group. The runtime then compiles each
// callee as one program and runs @main's ops in order (DistributedProgram).
//
//===----------------------------------------------------------------------===//
#include "Dialect/Legato/IR/LegatoDialect.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Dialect/Legato/Transforms/Passes.h"
#include "Dialect/Legato/Transforms/ShardingRules.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <map>
#include <string>

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOOUTLINESEGMENTSPASS
#include "Dialect/Legato/Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using namespace mlir::legato;

namespace {

/// Each op's segment: the round of collectives it comes after.
using Levels = llvm::DenseMap<Operation *, int>;

/// Whether `op` takes a value outside the segments: a collective, or the
/// program's return (the value then needs a buffer of its own).
bool takesWhole(Operation *op) { return isCollective(op) || isa<func::ReturnOp>(op); }

/// Whether a collective or the program's results read `v`.
bool readWhole(Value v) { return llvm::any_of(v.getUsers(), takesWhole); }

/// The levels of `body`'s ops, and how many there are. A collective's result
/// is ready one level after its operands: the ops of level L form segment L,
/// and the collectives of level L run after it. Collectives also run in
/// program order: every rank makes the same calls in the same order even
/// where its own shapes fold an op away and so put a collective's operand
/// at an earlier level than on other ranks. Every other op then moves as
/// late as its users allow: into the segment of its first reader (or the
/// last segment, for results), so that a value read only after a collective
/// is computed and fused there, not materialised by an earlier segment. A
/// collective's operands stay at or before its level.
int assignLevels(Block &body, Levels &level) {
  int levels = 0, lastCollective = 0;
  for (Operation &op : body.without_terminator()) {
    int l = isCollective(&op) ? lastCollective : 0;
    for (Value operand : op.getOperands())
      if (Operation *def = operand.getDefiningOp())
        l = std::max(l, level[def] + (isCollective(def) ? 1 : 0));
    if (isCollective(&op))
      lastCollective = l;
    level[&op] = l;
    levels = std::max(levels, l + 1);
  }
  for (Operation &op : llvm::reverse(body.without_terminator())) {
    if (isCollective(&op) || isa<ConstantOp>(op) || op.use_empty())
      continue;
    int latest = levels - 1;
    for (Operation *user : op.getUsers())
      if (!isa<func::ReturnOp>(user))
        latest = std::min(latest, level[user]);
    level[&op] = std::max(level[&op], latest);
  }
  return levels;
}

/// Makes the uses of `value` by ops of levels after `after` (collectives
/// and the program's results excepted) read it as the window of `whole` at
/// `offsets`, through a slice made just before each such user.
void readLaterUsesThrough(Value value, int after, Value whole, ArrayRef<int64_t> offsets,
                          Levels &level) {
  SmallVector<int64_t> strides(offsets.size(), 1);
  for (OpOperand &use : llvm::make_early_inc_range(value.getUses())) {
    Operation *user = use.getOwner();
    if (takesWhole(user) || level[user] <= after)
      continue;
    OpBuilder b(user);
    auto slice = SliceOp::create(b, user->getLoc(), value.getType(), whole, offsets, strides);
    level[slice] = level[user];
    use.set(slice);
  }
}

/// Segments after a value's exchange read the value itself (this rank's
/// block) as a slice of the exchange's result where that result holds the
/// block. A kernel that reads both, as CG's `p · ap` beside the Laplacian
/// of p with its ghost rows, then reads one array, and the reduction can
/// join the kernel that covers it (legato-grow-reductions).
void readBlocksThroughExchanges(Block &body, Levels &level, int64_t me, int64_t ranks) {
  for (auto exchange : body.getOps<ExchangeOp>()) {
    int64_t rank = int64_t(exchange.getGlobalShape().size());
    Box held = (*decodeBoxes(exchange.getHave(), rank, ranks))[size_t(me)];
    Box wanted = (*decodeBoxes(exchange.getNeed(), rank, ranks))[size_t(me)];
    Value block = exchange.getInput();
    if (held.empty() || !wanted.contains(held) || held.shape() != shapeOf(block).vec())
      continue;
    SmallVector<int64_t> offsets;
    for (int64_t d = 0; d < rank; ++d)
      offsets.push_back(held.lo[size_t(d)] - wanted.lo[size_t(d)]);
    readLaterUsesThrough(block, level[exchange], exchange.getResult(), offsets, level);
  }
}

/// A value padded in the segment that computes it is read by later
/// segments as the interior of its padded array, so the segment returns
/// only that array: its kernel writes the value straight into the interior
/// (as one process does), where it would otherwise also write or copy it
/// into an output of its own (CG's p, padded for the Laplacian and read
/// again after the all-reduce by the updates of x and p).
void readPaddedValuesThroughPads(Block &body, Levels &level) {
  for (auto pad : body.getOps<PadOp>()) {
    Value value = pad.getInput();
    Operation *def = value.getDefiningOp();
    if (!def || level[def] != level[pad] || readWhole(value))
      continue;
    readLaterUsesThrough(value, level[pad], pad.getResult(), pad.getLow(), level);
  }
}

/// Whether `op` is a few arithmetic ops' worth of work per element: an
/// elementwise op without math functions, a slice or a broadcast.
bool isCheapToRecompute(Operation *op) {
  return isa<NegOp, AbsOp, NotOp, AddOp, SubOp, MulOp, DivOp, MaxOp, MinOp, AndOp, OrOp, XorOp,
             ShlOp, ShrOp, CompareOp, SelectOp, ConvertOp, SliceOp, BroadcastOp>(op);
}

/// Whether the array `v` exists whatever the segments return: a program
/// argument, a collective's result, a pad (the backends write a padded
/// array before the stencil that reads it), or a value that a collective,
/// the program's results or a later segment read.
bool existsAnyway(Value v, Levels &level) {
  Operation *def = v.getDefiningOp();
  if (!def || isCollective(def) || isa<PadOp>(def))
    return true;
  return llvm::any_of(v.getUsers(), [&](Operation *user) {
    return takesWhole(user) || level[user] > level[def];
  });
}

/// How a later segment recomputes a value: the ops that compute it in
/// program order, from one array that exists anyway and from scalars and
/// constants. `padded` is that array's pad when the ops read it unpadded
/// (CG's Laplacian reads p, and p's pad for the neighbours): the recomputed
/// ops read the pad's interior.
struct Recomputation {
  SmallVector<Operation *> ops;
  Value array;
  PadOp padded;
};

/// The recomputation of `value` when it takes a few cheap ops from one
/// array (see Recomputation); none otherwise.
std::optional<Recomputation> recomputationOf(Value value, Levels &level) {
  constexpr size_t kMaxOps = 16;
  Operation *root = value.getDefiningOp();
  llvm::SetVector<Operation *> chain;
  Recomputation r;
  auto readArray = [&](Value array, PadOp padded) {
    Value read = padded ? padded.getResult() : array;
    if (r.array && (r.padded ? r.padded.getResult() : r.array) != read)
      return false;
    r.array = array;
    r.padded = padded;
    return true;
  };
  SmallVector<Operation *> work{root};
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    if (!chain.insert(op))
      continue;
    if (!isCheapToRecompute(op) || chain.size() > kMaxOps)
      return std::nullopt;
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if ((def && isa<ConstantOp>(def)) || cast<RankedTensorType>(operand.getType()).getRank() == 0)
        continue; // scalars cost nothing to pass
      if (existsAnyway(operand, level)) {
        if (!readArray(operand, {}))
          return std::nullopt;
        continue;
      }
      auto pad = llvm::find_if(operand.getUsers(), [&](Operation *user) {
        auto p = dyn_cast<PadOp>(user);
        return p && p.getInput() == operand && existsAnyway(p.getResult(), level);
      });
      if (pad != operand.getUsers().end()) {
        if (!readArray(operand, cast<PadOp>(*pad)))
          return std::nullopt;
        continue;
      }
      if (!def || level[def] != level[root])
        return std::nullopt;
      work.push_back(def);
    }
  }
  r.ops.assign(chain.begin(), chain.end());
  llvm::sort(r.ops, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return r;
}

/// A value that later segments read, computed by a few arithmetic ops from
/// one array that exists anyway (see recomputationOf), is recomputed in
/// each of those segments from that array instead of being returned by its
/// own: the segment that computes it no longer writes it, and its users
/// there can recompute it in their kernels as one process does. CG's
/// `ap = laplacian(p)` is read by `p · ap` before the all-reduce and by
/// `r - alpha * ap` after it; both then read p's exchanged rows.
void recomputeInLaterSegments(Block &body, Levels &level) {
  SmallVector<Operation *> candidates;
  for (Operation &op : body.without_terminator())
    if (op.getNumResults() == 1 && isCheapToRecompute(&op))
      candidates.push_back(&op);
  // Users first: a recomputed value's scalars become later reads of theirs.
  for (Operation *op : llvm::reverse(candidates)) {
    Value value = op->getResult(0);
    if (readWhole(value))
      continue;
    std::map<int, SmallVector<OpOperand *>> laterUses; // by segment, in order
    for (OpOperand &use : value.getUses())
      if (level[use.getOwner()] > level[op])
        laterUses[level[use.getOwner()]].push_back(&use);
    if (laterUses.empty())
      continue;
    std::optional<Recomputation> recomputation = recomputationOf(value, level);
    if (!recomputation)
      continue;
    for (auto &[segment, uses] : laterUses) {
      Operation *first = uses.front()->getOwner();
      for (OpOperand *use : uses)
        if (use->getOwner()->isBeforeInBlock(first))
          first = use->getOwner();
      OpBuilder b(first);
      IRMapping map;
      if (PadOp pad = recomputation->padded) {
        SmallVector<int64_t> strides(pad.getLow().size(), 1);
        auto interior = SliceOp::create(b, pad.getLoc(), recomputation->array.getType(),
                                        pad.getResult(), pad.getLow(), strides);
        level[interior] = segment;
        map.map(recomputation->array, interior);
      }
      for (Operation *original : recomputation->ops)
        level[b.clone(*original, map)] = segment;
      for (OpOperand *use : uses)
        use->set(map.lookup(value));
    }
  }
}

/// One segment's ops, the values it reads from outside (splat constants
/// are cloned into it instead) and the values it returns.
struct Segment {
  SmallVector<Operation *> ops;
  llvm::SetVector<Value> inputs;
  llvm::SetVector<Operation *> constants;
  SmallVector<Value> outputs;
};

Segment segmentOf(Block &body, Levels &level, int l) {
  auto inSegment = [&](Operation *op) {
    return op->getBlock() == &body && !takesWhole(op) && !isa<ConstantOp>(op) &&
           level.lookup(op) == l;
  };
  Segment s;
  for (Operation &op : body.without_terminator())
    if (inSegment(&op))
      s.ops.push_back(&op);
  for (Operation *op : s.ops)
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (def && inSegment(def))
        continue;
      if (def && isa<ConstantOp>(def))
        s.constants.insert(def);
      else
        s.inputs.insert(operand);
    }
  for (Operation *op : s.ops)
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) { return !inSegment(user); }))
        s.outputs.push_back(result);
  return s;
}

/// `s` as the private function `name` at the end of `module`.
func::FuncOp outline(ModuleOp module, const Segment &s, StringRef name, Location loc) {
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  SmallVector<Type> inTypes, outTypes;
  for (Value v : s.inputs)
    inTypes.push_back(v.getType());
  for (Value v : s.outputs)
    outTypes.push_back(v.getType());
  auto callee = func::FuncOp::create(b, loc, name, b.getFunctionType(inTypes, outTypes));
  callee.setPrivate();
  Block *entry = callee.addEntryBlock();
  b.setInsertionPointToStart(entry);
  IRMapping map;
  for (auto [v, arg] : llvm::zip(s.inputs, entry->getArguments()))
    map.map(v, arg);
  for (Operation *c : s.constants)
    b.clone(*c, map);
  for (Operation *op : s.ops)
    b.clone(*op, map);
  SmallVector<Value> results;
  for (Value v : s.outputs)
    results.push_back(map.lookup(v));
  func::ReturnOp::create(b, loc, results);
  return callee;
}

struct LegatoOutlineSegmentsPass
    : mlir::legato::impl::LegatoOutlineSegmentsPassBase<LegatoOutlineSegmentsPass> {
  using LegatoOutlineSegmentsPassBase::LegatoOutlineSegmentsPassBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto main = module.lookupSymbol<func::FuncOp>("main");
    if (!main || main.getBody().getBlocks().size() != 1)
      return;
    if (rank < 0 || rank >= ranks) {
      main.emitError() << "legato-outline-segments: rank " << rank << " of " << ranks;
      return signalPassFailure();
    }
    Block &body = main.getBody().front();
    Levels level;
    int levels = assignLevels(body, level);
    readBlocksThroughExchanges(body, level, rank, ranks);
    readPaddedValuesThroughPads(body, level);
    recomputeInLaterSegments(body, level);

    // The schedule, in a new body: constants read whole, then per level the
    // call of its segment and its collectives in program order.
    auto *schedule = new Block();
    main.getBody().push_back(schedule);
    for (BlockArgument arg : body.getArguments())
      schedule->addArgument(arg.getType(), arg.getLoc());
    IRMapping map;
    map.map(body.getArguments(), schedule->getArguments());
    OpBuilder b = OpBuilder::atBlockEnd(schedule);
    for (auto constant : body.getOps<ConstantOp>())
      if (readWhole(constant.getResult()))
        b.clone(*constant, map);
    auto levelAttr = [&](int l) { return b.getI64IntegerAttr(l); };
    for (int l = 0; l < levels; ++l) {
      Segment s = segmentOf(body, level, l);
      if (!s.ops.empty() && !s.outputs.empty()) {
        func::FuncOp callee =
            outline(module, s, ("segment_" + std::to_string(l)), main.getLoc());
        SmallVector<Value> args;
        for (Value v : s.inputs)
          args.push_back(map.lookup(v));
        auto call = func::CallOp::create(b, main.getLoc(), callee, args);
        call->setAttr(kSegmentAttr, levelAttr(l));
        map.map(s.outputs, call.getResults());
      }
      for (Operation &op : body.without_terminator())
        if (isCollective(&op) && level[&op] == l)
          b.clone(op, map)->setAttr(kSegmentAttr, levelAttr(l));
    }
    b.clone(*body.getTerminator(), map);

    body.dropAllDefinedValueUses();
    body.dropAllReferences();
    body.erase();
  }
};

} // namespace

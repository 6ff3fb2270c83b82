//===- OverlapPieces.cpp - a segment in pieces of rows, to overlap exchanges ===//
#include "API/OverlapPieces.h"

#include "API/SegmentValues.h"
#include "Dialect/Legato/Transforms/Passes.h"
#include "Dialect/Legato/Transforms/ShardingRules.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/SetVector.h"

#include <algorithm>
#include <limits>

namespace legato::detail {

using namespace mlir;
using support::Box;

namespace {

/// Rows [lo, hi) of `shape` (the whole of a 0-d one).
Box rowsOf(const Shape &shape, int64_t lo, int64_t hi) {
  Box box = Box::full(shape);
  if (!shape.empty()) {
    box.lo[0] = lo;
    box.hi[0] = hi;
  }
  return box;
}

/// Makes each 0-d result of `piece` (a copy of a segment, splitForOverlap)
/// that reduces an array over all its axes reduce only the array's rows
/// [top, rows - bottom) of the piece instead (rows [0, top) for
/// `which` = 0, [rows - bottom, rows) for 2), noting its combiner in
/// `partials`: the three pieces' partials combine into the whole.
void reducePieceRows(ModuleOp piece, int which, int64_t top, int64_t bottom,
                     std::vector<std::optional<runtime::ReduceOp>> &partials) {
  Operation *ret = piece.lookupSymbol<func::FuncOp>("main").getBody().front().getTerminator();
  llvm::SetVector<Operation *> replaced;
  for (OpOperand &result : ret->getOpOperands()) {
    auto reduce = result.get().getDefiningOp<mlir::legato::ReduceOp>();
    auto input = reduce ? cast<RankedTensorType>(reduce.getInput().getType())
                        : RankedTensorType();
    if (!reduce || cast<RankedTensorType>(reduce.getType()).getRank() != 0 ||
        input.getRank() == 0 || int64_t(reduce.getAxes().size()) != input.getRank())
      continue;
    int64_t rows = input.getDimSize(0);
    int64_t lo = which == 0 ? 0 : which == 1 ? top : rows - bottom;
    int64_t hi = which == 0 ? top : which == 1 ? rows - bottom : rows;
    OpBuilder b(ret);
    SmallVector<int64_t> offsets(size_t(input.getRank()), 0), strides(offsets.size(), 1),
        shape(input.getShape());
    offsets[0] = lo;
    shape[0] = hi - lo;
    Value band = mlir::legato::SliceOp::create(
        b, reduce.getLoc(), RankedTensorType::get(shape, input.getElementType()),
        reduce.getInput(), offsets, strides);
    Value partial = mlir::legato::ReduceOp::create(b, reduce.getLoc(), reduce.getType(),
                                                   reduce.getKind(), band, reduce.getAxes());
    result.set(partial);
    partials[result.getOperandNumber()] = runtime::ReduceOp(int(reduce.getKind()));
    replaced.insert(reduce);
  }
  for (Operation *op : replaced)
    if (op->use_empty())
      op->erase();
}

/// Whether the interior piece `piece` reads the `exchanged` inputs only
/// through slices of their own rows.
bool readsOwnRowsOnly(ModuleOp piece, ArrayRef<ExchangedRows> exchanged) {
  Block &body = piece.lookupSymbol<func::FuncOp>("main").getBody().front();
  for (const ExchangedRows &e : exchanged)
    for (Operation *user : body.getArgument(e.input).getUsers()) {
      auto slice = dyn_cast<mlir::legato::SliceOp>(user);
      if (!slice)
        return false;
      int64_t first = slice.getOffsets()[0], stride = slice.getStrides()[0];
      int64_t last = first + (cast<RankedTensorType>(slice.getType()).getDimSize(0) - 1) * stride;
      if (std::min(first, last) < e.first || std::max(first, last) >= e.first + e.rows)
        return false;
    }
  return true;
}

} // namespace

/// `segment` (the program of one level) compiled as three OverlapPieces: the
/// first `top` and last `bottom` rows of every output, and the rows between
/// them, which must read only the own rows of the `exchanged` inputs.
/// legato-partition builds each piece as the program of one of three ranks
/// whose results are those rows (its inputs whole: each piece slices what
/// it reads). The margins grow in steps of the ghost rows above and below
/// (a window of k sweeps needs k steps, which its exchange of k rows each
/// way gives at once) until the interior reads no ghost row, while they
/// leave it half the rows; no pieces otherwise, nor where a piece would
/// communicate. A margin of no rows (no ghost rows on that side: the first
/// and last rank) has no piece. A 0-d output is computed by every piece:
/// a reduction of a whole array as each piece's partial over its rows of
/// that array, combined after them (OverlapPiece::partials); any other as
/// the same value.
std::vector<OverlapPiece> splitForOverlap(ModuleOp segment, ArrayRef<ExchangedRows> exchanged,
                                          codegen::Backend &backend,
                                          const mlir::legato::PipelineOptions &options) {
  MLIRContext *context = segment.getContext();
  auto func = segment.lookupSymbol<func::FuncOp>("main");
  Block &body = func.getBody().front();
  SmallVector<Value> results(body.getTerminator()->getOperands());
  int64_t fewestRows = std::numeric_limits<int64_t>::max(), above = 0, below = 0;
  for (Value v : results)
    if (Shape shape = shapeOfValue(v); !shape.empty())
      fewestRows = std::min(fewestRows, shape[0]);
  for (const ExchangedRows &e : exchanged) {
    fewestRows = std::min(fewestRows, e.rows);
    above = std::max(above, e.first);
    below = std::max(below, shapeOfValue(body.getArgument(e.input))[0] - e.first - e.rows);
  }
  if (above + below == 0)
    return {};
  Builder b(context);
  // Failed attempts are expected: their diagnostics are not the user's.
  ScopedDiagnosticHandler quiet(context, [](Diagnostic &) { return success(); });
  for (int64_t top = above, bottom = below; 2 * (top + bottom) <= fewestRows;
       top += above, bottom += below) {
    std::vector<OwningOpRef<ModuleOp>> modules;
    std::vector<std::optional<runtime::ReduceOp>> partials(results.size());
    for (int piece = 0; piece < 3; ++piece) {
      if ((piece == 0 && top == 0) || (piece == 2 && bottom == 0)) {
        modules.emplace_back(); // no rows: no program
        continue;
      }
      OwningOpRef<ModuleOp> module = segment.clone();
      auto f = module->lookupSymbol<func::FuncOp>("main");
      reducePieceRows(*module, piece, top, bottom, partials);
      for (auto [i, v] : llvm::enumerate(results)) {
        Shape shape = shapeOfValue(v);
        int64_t h = shape.empty() ? 0 : shape[0];
        f.setResultAttr(unsigned(i), mlir::legato::kBoxesAttr,
                        b.getDenseI64ArrayAttr(mlir::legato::encodeBoxes(
                            {rowsOf(shape, 0, top), rowsOf(shape, top, h - bottom),
                             rowsOf(shape, h - bottom, h)})));
      }
      PassManager pm(context);
      pm.addPass(mlir::legato::createLegatoPartitionPass({/*ranks=*/3, /*rank=*/piece, 0}));
      bool communicates = failed(pm.run(*module));
      if (!communicates)
        module->walk([&](Operation *op) { communicates |= isCollective(op); });
      if (communicates || (piece == 1 && !readsOwnRowsOnly(*module, exchanged)))
        break;
      modules.push_back(std::move(module));
    }
    if (modules.size() != 3)
      continue;
    std::vector<OverlapPiece> pieces(3);
    for (auto [piece, module] : llvm::enumerate(modules)) {
      OverlapPiece &p = pieces[piece];
      if (!module)
        continue;
      FunctionType type = module->lookupSymbol<func::FuncOp>("main").getFunctionType();
      p.partials = partials;
      for (Type t : type.getInputs())
        p.inShapes.push_back(cast<RankedTensorType>(t).getShape().vec());
      for (auto [i, t] : llvm::enumerate(type.getResults())) {
        p.outShapes.push_back(cast<RankedTensorType>(t).getShape().vec());
        Shape whole = shapeOfValue(results[i]);
        int64_t first = whole.empty() ? 0 : piece == 0 ? 0 : piece == 1 ? top : whole[0] - bottom;
        p.outOffsets.push_back(first * rowBytesOf(whole, dtypeOf(results[i])));
      }
      p.program = backend.compile(*module, options);
    }
    return pieces;
  }
  return {};
}

void launchPiece(const OverlapPiece &piece, llvm::ArrayRef<void *> inputs,
                 llvm::ArrayRef<void *> outputs, llvm::ArrayRef<DType> outTypes,
                 codegen::Backend &backend, bool edge) {
  if (!piece.program)
    return;
  std::vector<codegen::ArrayArg> in, out;
  std::vector<std::shared_ptr<runtime::Buffer>> partials(outputs.size());
  for (size_t i = 0; i < inputs.size(); ++i)
    in.push_back({inputs[i], &piece.inShapes[i]});
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (edge && piece.partials[i])
      partials[i] = backend.allocate(bytesOf(piece.outShapes[i], outTypes[i]));
    out.push_back({partials[i] ? partials[i]->data
                               : static_cast<char *>(outputs[i]) + piece.outOffsets[i],
                   &piece.outShapes[i]});
  }
  backend.launch(*piece.program, in, out);
  for (size_t i = 0; i < outputs.size(); ++i)
    if (partials[i])
      runtime::combineInto(outputs[i], partials[i]->data,
                           partials[i]->bytes / dtype_size(outTypes[i]), outTypes[i],
                           *piece.partials[i]);
}

InteriorThread &InteriorThread::get() {
  static InteriorThread thread;
  return thread;
}

InteriorThread::InteriorThread() { thread_ = std::thread([this] { serve(); }); }

InteriorThread::~InteriorThread() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void InteriorThread::start(std::function<void()> work) {
  std::lock_guard<std::mutex> lock(mutex_);
  work_ = std::move(work);
  done_ = false;
  wake_.notify_one();
}

void InteriorThread::wait() {
  std::unique_lock<std::mutex> lock(mutex_);
  finished_.wait(lock, [&] { return done_; });
}

void InteriorThread::serve() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stop_ || work_; });
    if (!work_)
      return;
    std::function<void()> work = std::move(work_);
    work_ = nullptr;
    lock.unlock();
    work();
    lock.lock();
    done_ = true;
    finished_.notify_all();
  }
}

} // namespace legato::detail

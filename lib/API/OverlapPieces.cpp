//===- OverlapPieces.cpp - a segment in pieces of rows, to overlap exchanges ===//
#include "API/OverlapPieces.h"

#include "API/SegmentValues.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Dialect/Legato/Transforms/ShardingRules.h"

namespace legato::detail {

using namespace mlir;

std::vector<OverlapPiece> compilePieces(
    ModuleOp program, func::CallOp call,
    llvm::function_ref<std::unique_ptr<codegen::CompiledProgram>(func::FuncOp)> compile) {
  auto names = call->getAttrOfType<ArrayAttr>(mlir::legato::kOverlapAttr);
  if (!names)
    return {};
  std::vector<OverlapPiece> pieces(3);
  for (auto [which, name] : llvm::enumerate(names)) {
    auto symbol = dyn_cast<FlatSymbolRefAttr>(name);
    if (!symbol)
      continue; // no rows: no program
    auto function = program.lookupSymbol<func::FuncOp>(symbol);
    OverlapPiece &p = pieces[which];
    for (Type t : function.getArgumentTypes())
      p.inShapes.push_back(cast<RankedTensorType>(t).getShape().vec());
    for (auto [i, whole] : llvm::enumerate(call.getResults())) {
      auto type = cast<RankedTensorType>(function.getResultTypes()[i]);
      p.outShapes.push_back(type.getShape().vec());
      // The piece's rows start where its own box (of three) does.
      int64_t first = 0;
      if (type.getRank() > 0)
        first = (*mlir::legato::decodeBoxes(
                    function.getResultAttrOfType<DenseI64ArrayAttr>(unsigned(i),
                                                                     mlir::legato::kBoxesAttr)
                        .asArrayRef(),
                    type.getRank(), 3))[which]
                    .lo[0];
      p.outOffsets.push_back(first * rowBytesOf(shapeOfValue(whole), dtypeOf(whole)));
      auto partial = function.getResultAttrOfType<mlir::legato::ReduceKindAttr>(
          unsigned(i), mlir::legato::kPartialAttr);
      p.partials.push_back(partial ? std::optional(runtime::ReduceOp(int(partial.getValue())))
                                   : std::nullopt);
    }
    p.program = compile(function);
  }
  return pieces;
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

//===- OverlapPieces.h - a segment in pieces of rows, to overlap exchanges -*- C++ -*-===//
//
// With Options::overlap_exchanges, a segment of a rank's program that reads
// the results of row (halo) exchanges is compiled as three pieces of its
// output rows. The interior reads only this rank's own rows of the
// exchanged arrays, so it runs on another thread while the exchanges are in
// flight; the first and last rows run after them (docs/DISTRIBUTED.md,
// "Overlapping exchanges with the interior").
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_API_OVERLAPPIECES_H
#define LEGATO_API_OVERLAPPIECES_H

#include "Codegen/Backend.h"
#include "Runtime/Communicator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace legato::detail {

/// One of the three programs of a kernel step that overlaps the row
/// exchanges before it (legato-split-for-overlap): piece 1, the interior, computes
/// the rows of every output that read no ghost row, from the exchanged
/// arrays' own rows, while the exchanges run; pieces 0 and 2 compute the
/// first and last rows after them (no program: no such rows). Each reads
/// the step's inputs whole and writes its rows in place, at byte offsets
/// into the step's outputs.
struct OverlapPiece {
  std::unique_ptr<codegen::CompiledProgram> program;
  std::vector<int64_t> outOffsets; // (inputs are read whole)
  std::vector<Shape> inShapes, outShapes;
  /// Per output: how the pieces' values combine, for a 0-d partial
  /// reduction over the rows (CG's p · Ap); none where each piece writes
  /// its own rows (or, for other 0-d outputs, the same value).
  std::vector<std::optional<runtime::ReduceOp>> partials;
};

/// The pieces that legato-split-for-overlap built for `call` (its
/// legato.overlap, an array of three symbols or units), each compiled by
/// `compile` (a function of `program` to run as a program of its own);
/// none when the call has no pieces.
std::vector<OverlapPiece> compilePieces(
    mlir::ModuleOp program, mlir::func::CallOp call,
    llvm::function_ref<std::unique_ptr<codegen::CompiledProgram>(mlir::func::FuncOp)> compile);

/// Launches `piece` on a kernel step's buffers: `inputs` read whole,
/// `outputs` written at the piece's offsets (`outTypes` their element
/// types). An edge piece (`edge`: pieces 0 and 2, after the interior)
/// writes its partials to temporaries and combines them into the
/// interior's.
void launchPiece(const OverlapPiece &piece, llvm::ArrayRef<void *> inputs,
                 llvm::ArrayRef<void *> outputs, llvm::ArrayRef<DType> outTypes,
                 codegen::Backend &backend, bool edge);

/// The thread that runs kernel interiors while this one exchanges (one per
/// process, started on first use). One thread throughout keeps its OpenMP
/// team between runs, where a new thread per run would start a new team.
class InteriorThread {
public:
  static InteriorThread &get();
  /// Runs `work` on the thread; the previous work must have been waited for.
  void start(std::function<void()> work);
  /// Returns once the work started last has finished.
  void wait();
  ~InteriorThread();

private:
  InteriorThread();
  void serve();
  std::mutex mutex_;
  std::condition_variable wake_, finished_;
  std::function<void()> work_;
  bool done_ = true, stop_ = false;
  std::thread thread_;
};

} // namespace legato::detail

#endif // LEGATO_API_OVERLAPPIECES_H

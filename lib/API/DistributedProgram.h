//===- DistributedProgram.h - one rank's program: kernels and collectives -*- C++ -*-===//
//
// legato-partition turns a program into this rank's local program with
// `legato.exchange` and `legato.all_reduce` ops in it. Here it is cut at
// those collectives into segments that the backend compiles like any
// program (so fusion never spans a collective, Diffuse's rule), and run as a
// flat list of steps: segment, collectives, segment, ...
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_API_DISTRIBUTEDPROGRAM_H
#define LEGATO_API_DISTRIBUTEDPROGRAM_H

#include "API/ChromeTrace.h"
#include "Codegen/Backend.h"
#include "Runtime/Communicator.h"
#include "Support/Sharding.h"

#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace legato::detail {

/// Runs a step of this rank alone (a copy to or from the device) within a
/// program run: a failure is recorded, not thrown, and later such steps are
/// skipped, as the rank must still join the collectives that follow; the
/// ranks agree on the failure at the end (DistributedProgram::run).
using LocalStep = llvm::function_ref<void(llvm::function_ref<void()>)>;

class DistributedProgram final : public codegen::CompiledProgram {
public:
  /// Compiles the segments of `partitioned` (rank `me` of `ranks`'s program
  /// out of the partition pipeline: @main calls one function per segment
  /// between its collectives) and runs @main's schedule; throws
  /// legato::Error. A segment that legato-split-for-overlap split into
  /// pieces of its output rows runs as those pieces, so that the rows that
  /// read no ghost row run while the exchanges are in flight
  /// (OverlapPieces).
  DistributedProgram(mlir::ModuleOp partitioned, codegen::Backend &backend,
                     const mlir::legato::PipelineOptions &options, int me, int ranks);
  ~DistributedProgram() override;

  /// Runs the steps on this rank's blocks of the inputs; returns this rank's
  /// blocks of the outputs. `stats` grows by what this run communicated
  /// (bytes_sent, collectives, overlapped). An input whose block a halo exchange had to copy
  /// (no room around it for the ghost rows) is replaced by a view of that
  /// copy, the same bytes with room around them, so that the next exchange
  /// of the same array is in place; the caller keeps the new buffer.
  std::vector<std::shared_ptr<runtime::Buffer>>
  run(std::vector<std::shared_ptr<runtime::Buffer>> &inputs, codegen::Backend &backend,
      runtime::Communicator &comm, Stats &stats, ChromeTrace *trace = nullptr);

  /// Where each output lives (boxes of all ranks).
  std::vector<std::shared_ptr<const support::Sharding>> outputShardings;

  struct Step;

private:
  /// Runs the collectives of one level (`group`, consecutive steps of
  /// run()): their outputs allocated, one agreement among the ranks, then
  /// the collectives as one group. With `overlapped`, the kernel step after
  /// them in pieces (OverlapPiece): its interior runs on another thread
  /// while this one exchanges, its first and last rows after that.
  void runCollectives(llvm::MutableArrayRef<Step> group,
                      std::vector<std::shared_ptr<runtime::Buffer>> &slots,
                      std::vector<std::shared_ptr<runtime::Buffer>> &inputs,
                      codegen::Backend &backend, runtime::Communicator &comm,
                      const std::string &failure,
                      LocalStep attempt,
                      std::vector<char> &staging, int64_t &bytesSent, int64_t &collectives,
                      ChromeTrace *trace, Step *overlapped);

  /// Allocates `step`'s outputs (a kernel's) into their slots, with the
  /// margins of margins_.
  void allocateOutputs(const Step &step, std::vector<std::shared_ptr<runtime::Buffer>> &slots,
                       codegen::Backend &backend) const;
  /// Agrees with the other ranks, on the first run, where the groups of
  /// collectives begin (groupStarts_).
  void agreeOnGroups(runtime::Communicator &comm);

  std::vector<Step> steps_;
  /// Per step: whether a group of collectives begins there. A group is
  /// collectives of one level (they do not read each other's results); a
  /// rank's own shapes can fold an op away and put a collective at an
  /// earlier level than on the others, so the ranks agree on where groups
  /// begin (a group begins where it does on any rank) and make the same
  /// calls.
  std::vector<bool> groupStarts_;
  int64_t slots_ = 0;
  std::vector<int64_t> inputSlots_, outputSlots_;
  /// Constants read by collectives or returned: (slot, buffer) filled once.
  std::vector<std::pair<int64_t, std::shared_ptr<runtime::Buffer>>> constants_;
  /// Outputs written inside a larger allocation: bytes kept free before and
  /// after them (slot -> margins). When a program's argument is exchanged
  /// for its block plus ghost rows, the outputs sharded like it get room for
  /// those rows, so that when they come back as the next program's argument
  /// (a loop's next window) the ghost rows are received in place around the
  /// block instead of copying the block into a new buffer.
  std::map<int64_t, std::pair<int64_t, int64_t>> margins_;
};

} // namespace legato::detail

#endif // LEGATO_API_DISTRIBUTEDPROGRAM_H

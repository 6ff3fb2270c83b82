//===- Engine.h - the process-wide state behind legato::Runtime -*- C++ -*-===//
#ifndef LEGATO_API_ENGINE_H
#define LEGATO_API_ENGINE_H

#include "API/ChromeTrace.h"
#include "API/CompileClock.h"
#include "API/ExecutableCache.h"
#include "API/LoopDetector.h"
#include "API/Program.h"
#include "Support/Sharding.h"
#include "Pipelines/Pipelines.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/ThreadPool.h"

#include <array>
#include <deque>
#include <future>
#include <unordered_map>
#include <unordered_set>

namespace legato::detail {

/// Indices that must lie in [-extent, extent) (NumPy's mode raise), which a
/// traced function cannot read: the function computes their extremes as
/// extra results, and each call checks them before it returns. A check of
/// another condition counts its violations in `low` and `high` (extent 1:
/// the count must be 0) and says what is wrong in `failure`.
struct IndexCheck {
  NodePtr low, high; ///< the indices' minimum and maximum (int64, 0-d)
  int64_t extent = 0;
  std::string op, where; ///< the function, and "axis a of an array of shape s"
  std::string failure;   ///< the whole message, for a check of another condition
};

/// Checks now, or after each call of the jit function being traced, that
/// `violations` (an int64 count) is 0; else throws `failure`.
void requireNone(const Array &violations, std::string failure);

/// Throws the out-of-bounds error of `check` when its extremes fall outside
/// its extent (Indexing.cpp).
void enforce(const IndexCheck &check, int64_t low, int64_t high);

/// Marks that a jit function is being traced: new nodes stay out of the lazy
/// window and host reads are refused. A loop in the traced function is cut
/// into segments where the detector says (see LoopDetector.h).
struct Trace {
  LoopDetector loops;
  std::vector<uint64_t> cutAfter; ///< node ids ending a segment
  std::vector<IndexCheck> indexChecks; ///< checked after each call
};

/// A lazy window's program whose compile runs on the compiler's threads
/// while the Runtime's thread records the next windows.
struct BackgroundCompile {
  std::shared_future<void> done;
  /// Set by the compiling thread before `done`.
  std::unique_ptr<codegen::CompiledProgram> compiled;
  std::exception_ptr error;
};

/// A lazy window waiting to run, in order, once its program is compiled.
struct QueuedProgram {
  Program program;
  std::string key; ///< its executable's
  std::shared_ptr<Executable> exe; ///< null while it compiles
  std::vector<NodePtr> outputs; ///< (kept alive until it runs)
};

/// The runtime: configuration and the lazy window.
class Engine {
public:
  /// Greater than 0 while an API function records a composition that is
  /// one operation to its user (a sorting network): the loop detector does
  /// not see its ops (their repeats are no loop of the user's), and eager
  /// mode runs them as one program, at the end (CompositeScope).
  int inComposite = 0;
  explicit Engine(const Options &options);
  /// Waits for the compiles still running on the compiler's threads.
  ~Engine();

  Backend backend;
  Mode mode;
  int threads;
  bool simplify;
  bool fastMath;   ///< Options::fast_math
  bool fpContract; ///< Options::fp_contract, on by default with fast_math
  bool fuseSweeps; ///< Options::fuse_sweeps
  /// LEGATO_FUSE_SWEEPS=recompute: the CPU fuses sweep pairs as GPU kernels
  /// do (the second sweep recomputes the first), so that machines without a
  /// GPU test that form too; tiled pairs otherwise.
  bool recomputeSweepsOnCpu;
  bool overlapExchanges; ///< Options::overlap_exchanges, with the CPU backend
  int64_t windowLimit;
  int meshRows; ///< Options::mesh_rows: 0, or the rows of a 2-D mesh of the ranks
  /// Options::trace: the timeline being recorded (null: none) and its file.
  std::unique_ptr<ChromeTrace> chromeTrace;
  std::string tracePath;
  /// Writes the timeline to this rank's file (ChromeTrace::pathFor).
  void writeTrace() const;

  /// Registers a newly created node (it joins the lazy window).
  NodePtr record(NodePtr node);
  /// Called once the node is owned by an Array: eager mode runs it now.
  void afterOp(const NodePtr &node);
  /// An Array took the first hold of `node` (`held`) or dropped the last.
  void heldChanged(const Node &node, bool held) {
    size_t slot = node.seq % kRecentOps;
    if (node.seq && recentSeq[slot] == node.seq && recentHeld[slot] != held) {
      recentHeld[slot] = held;
      recentLive += held ? 1 : -1;
    }
    if (!held && mode == Mode::lazy && loops.watchingFirstPeriod())
      loops.noteRelease(node, nextSeq);
  }
  /// Runs every pending value that a live Array holds, the queued windows
  /// first.
  void flush();
  /// Runs the lazy windows queued behind their compiles (LazyQueue.cpp),
  /// waiting for those compiles.
  void runQueued();
  /// Runs whatever `node` needs, if it is pending.
  void materialize(const NodePtr &node);

  /// Compiles (or finds in the cache) the executable of `program`.
  std::shared_ptr<Executable> compile(const Program &program);
  /// compile() of each of `programs` on one rank: those not compiled yet at
  /// once, on the compiler's threads. (Over several ranks a program's key
  /// names where its inputs live, which the program before it decides.)
  std::vector<std::shared_ptr<Executable>> compileAll(const std::vector<const Program *> &programs);
  /// Runs `exe` on materialised `inputs`, returning one buffer per output.
  /// Over several ranks the outputs' shardings are set too.
  std::vector<std::shared_ptr<runtime::Buffer>> run(const std::vector<Node *> &inputs,
                                                   const std::vector<Node *> &outputs,
                                                   Executable &exe);
  /// The module of `program` after `stage`.
  std::string ir(const Program &program, Stage stage);
  /// PTX for sm_90 of the program's fused kernels (needs no GPU).
  std::string ptx(const Program &program);

  mlir::legato::PipelineOptions pipelineOptions() const;
  /// Rewrites `module` into this rank's program (legato-partition), the
  /// inputs placed as `program`'s input nodes say.
  void partition(mlir::ModuleOp module, const Program &program);

  Stats stats;
  Trace *tracing = nullptr;
  /// The compiler's threads (`threads` of them, as many as the CPU
  /// backend's workers: the ranks of a node share its cores); null when
  /// there is one. Declared before the context, which uses it.
  std::unique_ptr<llvm::ThreadPoolInterface> compilerThreads;
  mlir::MLIRContext mlirContext;
  /// Compiled code kept across processes (LEGATO_CACHE_DIR), or null.
  std::unique_ptr<runtime::DiskCache> diskCache;
  /// Compiles and runs programs, owns array memory.
  std::unique_ptr<codegen::Backend> device;
  /// The ranks of this run (MPI under mpirun, else this process alone).
  std::unique_ptr<runtime::Communicator> comm;
  int ranks() const { return comm->size(); }
  /// The rows of the 2-D mesh that Sharding::grid places blocks on.
  int gridRows() const { return support::Sharding::gridRows(ranks(), meshRows); }
  /// The length of loop windows (LoopDetector.h says why it differs).
  LoopDetector::WindowLength windowLength() const {
    return ranks() > 1 ? LoopDetector::kDistributedWindow : LoopDetector::kSingleRankWindow;
  }

  /// The whole value of materialised `node` in host memory at `dst`:
  /// gathered from every rank when it is split (collective then, and the
  /// ranks agree on a failed copy from the device), else this rank's copy
  /// (a replicated value may be read on some ranks only).
  void readWhole(const Node &node, void *dst);
  /// This rank's part of a whole array given in host memory (`data`): the
  /// buffer and sharding of a new Buffer node.
  void placeWhole(Node &node, const void *data);
  /// Runs `work`, a step that one rank may fail alone (memory running out,
  /// a GPU fault surfacing at a copy), then, over several ranks, agrees on
  /// it: every rank throws the first failure's legato::Error, so none is
  /// left waiting in a collective that the failed rank never joins.
  /// `programHash` must be equal on all ranks (else the error says so).
  void onEveryRank(llvm::function_ref<void()> work, uint64_t programHash = 0);

private:
  /// Ends the lazy window at a point the loop detector did not choose.
  void cutWindow();
  /// Runs the window's pending values that live Arrays hold (or queues
  /// their program while it compiles). At a cut the loop detector chose
  /// (before `loopCut`), a held value that no later op of the loop reads
  /// stays pending: it is computed if it is read after all (from what it
  /// was made of, which it keeps alive), and otherwise never.
  void flushWindow(const Node *loopCut = nullptr);
  /// Runs the program computing `values` (its outputs), or queues it.
  void runProgram(const std::vector<NodePtr> &values);
  /// Runs `exe`, compiled for `program`, whose outputs become materialised
  /// leaves (dropping their operands frees the window's temporaries).
  void runCompiled(const Program &program, Executable &exe);

  /// Lazy mode on one rank with compiler threads: a window whose program
  /// is not compiled yet waits in `queued` while it compiles in the
  /// background, and the Runtime's thread goes on recording (LazyQueue.cpp).
  bool compileInBackground = false;
  std::deque<QueuedProgram> queued;
  /// The outputs of `queued`: later windows read them as inputs.
  std::unordered_set<Node *> queuedOutputs;
  /// By executable key, the compiles started and not yet kept.
  std::unordered_map<std::string, std::shared_ptr<BackgroundCompile>> compiling;
  /// At most this many windows wait; the next waits for the first to run.
  static constexpr size_t kMaxQueued = 64;
  /// Queues `program` (of the window whose values are `outputs`), starting
  /// its compile unless its executable exists or is being compiled.
  void queueProgram(Program program, const std::vector<NodePtr> &outputs);
  /// Runs queued windows in order: while more than `keep` wait, waiting
  /// for their compiles, then while their programs are compiled.
  void runQueuedPrograms(size_t keep);
  /// The executable of a queued window, waiting for its compile.
  std::shared_ptr<Executable> executableOf(const QueuedProgram &entry);
  /// Wall time during which a compile ran (Stats::compile_ms).
  CompileClock compileClock;
  uint64_t nextId = 1, nextSeq = 1;
  /// What, beside the program, the executable depends on (backend, options).
  std::string optionsKey;
  /// The compile cache's format of whole programs, which names the target
  /// and this build of the library; "" when they are not cached (no cache
  /// directory, several ranks, a backend that saves none, no build ID).
  std::string programFormat;
  /// The key of `program`'s executable (with the options and, over several
  /// ranks, where its inputs live and its outputs go).
  std::string executableKey(const Program &program) const;
  /// The executable of `program`, compiled now or loaded from the cache
  /// (a "compile" event of the Chrome trace; safe on several threads).
  std::unique_ptr<codegen::CompiledProgram> compileOrLoad(const Program &program,
                                                          const std::string &key);
  /// The executable saved under `key` in the compile cache, or null.
  std::unique_ptr<codegen::CompiledProgram> loadSaved(const std::string &key);
  /// Compiles `module` of `ops` ops (and saves it under `key`); it reads no
  /// node, so it may run while the Runtime's thread goes on.
  std::unique_ptr<codegen::CompiledProgram> compileModule(mlir::ModuleOp module,
                                                          const std::string &key, int64_t ops);
  /// Counts `compiled` (with the compile clock's time so far: programs
  /// compiled at once overlap) and keeps it under `key`.
  std::shared_ptr<Executable> keepCompiled(const std::string &key,
                                           std::unique_ptr<codegen::CompiledProgram> compiled,
                                           DistributedProgram *distributed = nullptr);
  LoopDetector loops;
  /// The values Arrays hold among the latest kRecentOps lazy ops (slot
  /// `seq % kRecentOps`), kept up to date by heldChanged: the loop
  /// detector's live count costs nothing per op.
  static constexpr size_t kRecentOps = 1024;
  std::array<uint64_t, kRecentOps> recentSeq{}; // the op in each slot (0: none)
  std::array<bool, kRecentOps> recentHeld{};
  int64_t recentLive = 0; // the number of true recentHeld
  std::vector<std::weak_ptr<Node>> window;
  int64_t opsInWindow = 0;
};

/// The live engine; throws legato::Error when no Runtime exists.
Engine &engine();

/// Null when no Runtime exists.
Engine *engineOrNull();
void setEngine(Engine *);

/// While open, the ops recorded are one API function's
/// (Engine::inComposite); `close(result)` ends it as an op that produced
/// `result` (eager mode runs the composition then).
class CompositeScope {
public:
  CompositeScope() : engine_(engine()) { ++engine_.inComposite; }
  ~CompositeScope() {
    if (open_)
      --engine_.inComposite; // (an error left the composition)
  }
  CompositeScope(const CompositeScope &) = delete;
  CompositeScope &operator=(const CompositeScope &) = delete;
  Array close(const Array &result);

private:
  Engine &engine_;
  bool open_ = true;
};

/// The error of reading a jit function's traced value after its call.
std::string tracedValueOutsideItsCall();
/// NumPy's rendering of a shape: "(3, 4)", "(5,)", "()".
std::string shapeString(const Shape &shape);

} // namespace legato::detail

#endif // LEGATO_API_ENGINE_H

//===- LazyQueue.cpp - lazy windows wait while their programs compile ------===//
//
// In lazy mode on one rank, a window whose program is not compiled yet (the
// first iterations of a loop, until each window's structure has been seen)
// compiles on the compiler's threads while the Runtime's thread records the
// next windows, whose programs compile at the same time: a loop's distinct
// programs compile at once, as a jit trace's segments do. Queued windows run
// in order as their programs become ready, and all of them before a value
// is read on the host (flush). A later window reads a queued window's
// outputs as inputs (collectProgram's computedBefore), so every value is
// computed once, as without the queue.
//
// A failed compile or run is a legato::Error where its window runs (at a
// later op, or at the host read that waits for it); the windows queued after
// it are dropped, and their values stay pending with their ops, as the
// values of a window that failed without a queue do.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"

namespace legato::detail {

namespace {
bool isReady(const std::shared_future<void> &done) {
  return done.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}
} // namespace

void Engine::queueProgram(Program program, const std::vector<NodePtr> &outputs) {
  std::string key = executableKey(program);
  std::shared_ptr<Executable> exe = findExecutable(key);
  if (!exe && !compiling.count(key)) {
    std::unique_ptr<codegen::CompiledProgram> loaded;
    std::shared_ptr<mlir::OwningOpRef<mlir::ModuleOp>> module;
    {
      CompileClock::Running running(compileClock);
      loaded = loadSaved(key);
      if (!loaded) // (built here: the nodes change once the window runs)
        module = std::make_shared<mlir::OwningOpRef<mlir::ModuleOp>>(
            buildModule(program, mlirContext));
    }
    if (loaded) {
      exe = keepCompiled(key, std::move(loaded));
    } else {
      auto job = std::make_shared<BackgroundCompile>();
      int64_t ops = int64_t(program.nodes.size());
      // The task holds the job by address: `done` owns the task, and the
      // job lives until it is done (~Engine waits for those not kept).
      BackgroundCompile *result = job.get();
      job->done = compilerThreads->async([this, result, module, key, ops] {
        CompileClock::Running running(compileClock);
        try { // (no exception may leave a worker thread)
          result->compiled = compileModule(**module, key, ops);
        } catch (...) {
          result->error = std::current_exception();
        }
        *module = nullptr; // (its IR freed on this thread)
      });
      compiling.emplace(key, std::move(job));
    }
  }
  if (exe && queued.empty()) { // the steady state: nothing waits
    runCompiled(program, *exe);
    return;
  }
  for (const NodePtr &n : outputs)
    queuedOutputs.insert(n.get());
  queued.push_back({std::move(program), std::move(key), std::move(exe), outputs});
  // The queue is bounded: its windows' inputs stay alive until they run.
  runQueuedPrograms(kMaxQueued);
}

void Engine::runQueued() { runQueuedPrograms(0); }

std::shared_ptr<Executable> Engine::executableOf(const QueuedProgram &entry) {
  if (entry.exe)
    return entry.exe;
  if (std::shared_ptr<Executable> exe = findExecutable(entry.key))
    return exe; // (compiled for an entry before it)
  auto found = compiling.find(entry.key);
  if (found == compiling.end())
    throw Error("legato: internal error: a queued window's program was never compiled");
  std::shared_ptr<BackgroundCompile> job = found->second;
  job->done.wait();
  compiling.erase(found);
  if (job->error)
    std::rethrow_exception(job->error);
  return keepCompiled(entry.key, std::move(job->compiled));
}

void Engine::runQueuedPrograms(size_t keep) {
  while (!queued.empty()) {
    QueuedProgram &next = queued.front();
    if (queued.size() <= keep && !next.exe) {
      auto job = compiling.find(next.key);
      if (job != compiling.end() && !isReady(job->second->done))
        return;
    }
    try {
      next.exe = executableOf(next);
      runCompiled(next.program, *next.exe);
    } catch (...) {
      queued.clear();
      queuedOutputs.clear();
      throw;
    }
    for (Node *n : next.program.outputs)
      queuedOutputs.erase(n);
    queued.pop_front();
  }
}

} // namespace legato::detail

//===- Engine.cpp - windows, compilation, execution -------------------------===//
#include "API/Engine.h"

#include "Codegen/CUDA/PtxCompiler.h"
#include "Runtime/BuildId.h"
#include "Runtime/Exchange.h"
#include "Dialect/Legato/Transforms/ShardingRules.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Threading.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringSet.h"

#include <cassert>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <thread>

namespace legato::detail {

namespace {
Engine *current = nullptr;

mlir::DialectRegistry compilerRegistry(Backend backend) {
  mlir::DialectRegistry registry;
  if (backend == Backend::cuda)
    mlir::legato::registerLegatoGPUCompilerDialects(registry);
  else
    mlir::legato::registerLegatoCompilerDialects(registry);
  return registry;
}

/// This rank's index among the ranks on its node (mpirun sets it).
int localRank() {
  const char *v = std::getenv("OMPI_COMM_WORLD_LOCAL_RANK");
  return v ? std::atoi(v) : 0;
}

/// The cores of this node shared among the ranks on it.
int defaultThreads() {
  const char *v = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  int ranksHere = v ? std::max(1, std::atoi(v)) : 1;
  return std::max(1, int(std::thread::hardware_concurrency()) / ranksHere);
}

/// Loads every dialect that the backend's pipelines depend on. A pass
/// manager loads them into the context when it starts, which is not safe
/// while other threads compile (Engine::compileAll): they are all loaded
/// before any compile.
void loadPipelineDialects(mlir::MLIRContext &context, Backend backend,
                          const mlir::legato::PipelineOptions &options) {
  mlir::PassManager pm(&context);
  mlir::legato::buildLegatoPartitionPipeline(pm, {});
  if (backend == Backend::cuda)
    mlir::legato::buildLegatoGPUPipeline(pm, options);
  else
    mlir::legato::buildLegatoCPUPipeline(pm, options);
  mlir::DialectRegistry registry;
  pm.getDependentDialects(registry);
  context.appendDialectRegistry(registry);
  context.loadAllAvailableDialects();
}

std::unique_ptr<codegen::Backend> createBackend(Backend backend, int threads,
                                               runtime::DiskCache *cache) {
  if (backend == Backend::cpu)
    return codegen::createCpuBackend(threads, cache);
#ifdef LEGATO_HAS_CUDA
  return codegen::createCudaBackend(localRank(), cache);
#else
  throw Error("legato: this build has no CUDA backend (the CUDA toolkit was not found "
              "when it was configured); use LEGATO_BACKEND=cpu (jit(f).ptx() still "
              "generates PTX)");
#endif
}
} // namespace

Engine &engine() {
  if (!current)
    throw Error("legato: no Runtime is alive; create a legato::Runtime (one per "
                "process) before using arrays");
  return *current;
}
Engine *engineOrNull() { return current; }
void setEngine(Engine *e) { current = e; }

std::string tracedValueOutsideItsCall() {
  return "legato.jit: this array is a value traced inside a jit function (an argument or "
         "what was computed from it), kept after the call; it has no value outside the "
         "function: return it from the function instead";
}

std::string shapeString(const Shape &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

/// The compile cache's size when Options::cache_limit leaves it unset.
constexpr int64_t kDefaultCacheLimit = int64_t(4) << 30;

/// LEGATO_FUSE_SWEEPS=recompute (the rest of that variable is read into
/// Options::fuse_sweeps).
static bool isRecomputeSweeps(const char *value) {
  return value && std::strcmp(value, "recompute") == 0;
}

Engine::Engine(const Options &o)
    : backend(o.backend.value_or(Backend::cpu)), mode(o.mode.value_or(Mode::lazy)),
      threads(o.threads > 0 ? o.threads : defaultThreads()),
      simplify(o.simplify.value_or(true)), fastMath(o.fast_math.value_or(false)),
      fpContract(o.fp_contract.value_or(fastMath)),
      fuseSweeps(o.fuse_sweeps.value_or(true)),
      recomputeSweepsOnCpu(isRecomputeSweeps(std::getenv("LEGATO_FUSE_SWEEPS"))),
      overlapExchanges(o.overlap_exchanges.value_or(false) && backend == Backend::cpu),
      windowLimit(o.window_limit > 0 ? o.window_limit : 4096), meshRows(o.mesh_rows),
      mlirContext(compilerRegistry(backend), mlir::MLIRContext::Threading::DISABLED) {
  // Passes over sibling ops, and the GPU's per-kernel code generation, run
  // on these threads (an MLIR context would otherwise start one per core in
  // every rank of the node).
  if (threads > 1) {
    compilerThreads =
        std::make_unique<llvm::DefaultThreadPool>(llvm::hardware_concurrency(unsigned(threads)));
    mlirContext.setThreadPool(*compilerThreads);
  }
  if (!o.cache_dir.empty())
    if ((diskCache = runtime::DiskCache::openOrWarn(o.cache_dir)))
      diskCache->setSizeLimit(uint64_t(o.cache_limit > 0 ? o.cache_limit : kDefaultCacheLimit));
  comm = runtime::createCommunicator();
  if (!o.trace.empty()) {
    tracePath = o.trace;
    chromeTrace = std::make_unique<ChromeTrace>(comm->rank());
  }
  if (!support::Sharding::isMeshRows(meshRows, ranks()))
    throw Error("legato: Options::mesh_rows (LEGATO_MESH_ROWS) = " + std::to_string(meshRows) +
                " does not divide the " + std::to_string(ranks()) +
                " ranks of this job into a 2-D mesh; pass a divisor of " +
                std::to_string(ranks()) + ", or 0 for a 1-D mesh");
  loops = LoopDetector(windowLength());
  device = createBackend(backend, threads, diskCache.get());
  device->setMemoryLimit(o.memory_limit);
  // The backend and the options change the generated code: part of the key.
  mlir::legato::PipelineOptions options = pipelineOptions();
  loadPipelineDialects(mlirContext, backend, options);
  optionsKey = std::string("|") + device->name() + "|threads=" + std::to_string(options.threads) +
               "|simplify=" + std::to_string(options.simplify) +
               "|contract=" + std::to_string(options.gpuContract) +
               "|fast-math=" + std::to_string(fastMath) +
               "|sweeps=" + std::to_string(options.fuseSweeps) +
               "|recompute=" + std::to_string(options.recomputeSweeps) +
               "|overlap=" + std::to_string(overlapExchanges);
  // Several ranks compile a partitioned program around collectives
  // (DistributedProgram), which has no saved form.
  const std::string &build = runtime::libraryBuildId();
  if (diskCache && ranks() == 1 && !build.empty() && !device->programFormat().empty())
    programFormat = "program-" + device->programFormat() + "-legato-" + build;
  // (Over several ranks every rank must agree on each program before it runs.)
  compileInBackground = mode == Mode::lazy && compilerThreads && ranks() == 1;
}

Engine::~Engine() {
  // Compiles of windows that never ran (after an error): their threads use
  // the backend and the context, and their programs are kept, as every
  // compiled program is (ExecutableCache.h).
  for (auto &[key, job] : compiling) {
    job->done.wait();
    if (job->compiled)
      keepCompiled(key, std::move(job->compiled));
  }
}

mlir::legato::PipelineOptions Engine::pipelineOptions() const {
  mlir::legato::PipelineOptions options;
  options.simplify = simplify;
  options.threads = threads;
  options.gpuContract = fpContract;
  options.assumeFinite = fastMath;
  options.gpuFastMath = fastMath;
  options.fuseSweeps = fuseSweeps;
  // The CPU tiles sweep pairs; GPU kernels recompute (compileForGpu sets it).
  options.recomputeSweeps = backend != Backend::cpu || recomputeSweepsOnCpu;
  return options;
}

NodePtr Engine::record(NodePtr node) {
  node->id = nextId++;
  if (tracing && node->pending()) {
    node->seq = nextSeq++;
    if (inComposite)
      return node;
    if (tracing->loops.record(*node) == LoopDetector::Cut::beforeThis)
      tracing->cutAfter.push_back(node->id - 1);
  } else if (node->pending()) {
    node->seq = nextSeq++;
    LoopDetector::Cut cut = LoopDetector::Cut::none;
    if (mode == Mode::lazy && !inComposite) {
      // Values that Arrays hold among the recent ops, computed or not: few
      // at an iteration boundary.
      int64_t live = recentLive;
      size_t slot = node->seq % kRecentOps; // (the op kRecentOps back leaves)
      recentLive -= recentHeld[slot];
      recentHeld[slot] = false;
      recentSeq[slot] = node->seq;
      cut = loops.record(*node, live);
    }
    if (cut == LoopDetector::Cut::beforeThis)
      flushWindow(node.get()); // (what this op reads stays reachable through it)
    window.push_back(node);
    ++opsInWindow;
  }
  return node;
}

void Engine::afterOp(const NodePtr &node) {
  if (tracing || !node->pending())
    return;
  if (mode == Mode::eager) {
    if (!inComposite)
      flush();
  } else if (opsInWindow >= windowLimit)
    cutWindow();
}

void Engine::flush() {
  cutWindow();
  runQueued();
}

void Engine::cutWindow() {
  loops.reset(); // a cut the detector did not choose breaks its alignment
  flushWindow();
}

void Engine::flushWindow(const Node *loopCut) {
  std::vector<NodePtr> outputs;
  for (auto &weak : window)
    if (NodePtr n = weak.lock())
      if (n->pending() && n->handles > 0 && (!loopCut || loops.mustOutput(*n, *loopCut)))
        outputs.push_back(std::move(n));
  window.clear();
  opsInWindow = 0;
  if (!outputs.empty())
    runProgram(outputs);
}

void Engine::materialize(const NodePtr &node) {
  if (!node->pending())
    return;
  if (tracing)
    throw Error("legato::jit: a traced function cannot read array values on "
                "the host (item/to_vector); return the array instead");
  flush();
  if (node->pending()) { // a value no live Array holds (e.g. an internal temp)
    runProgram({node});
    runQueued();
  }
}

void Engine::writeTrace() const {
  if (chromeTrace)
    chromeTrace->write(ChromeTrace::pathFor(tracePath, comm->rank(), ranks()));
}

void Engine::runProgram(const std::vector<NodePtr> &values) {
  ChromeTrace::Span span(chromeTrace.get(), "program", "run");
  std::vector<Node *> outputs;
  for (const NodePtr &n : values)
    outputs.push_back(n.get());
  Program program = collectProgram(outputs, {}, queuedOutputs);
  span.arg("ops", int64_t(program.nodes.size()));
  if (std::getenv("LEGATO_DEBUG_WINDOWS")) // where windows end, for tuning
    std::fprintf(stderr, "legato: window of %zu ops, %zu outputs, key hash %zx\n",
                 program.nodes.size(), outputs.size(), std::hash<std::string>()(program.key));
  if (compileInBackground) {
    queueProgram(std::move(program), values);
    return;
  }
  std::shared_ptr<Executable> exe;
  onEveryRank([&] { exe = compile(program); }, std::hash<std::string>()(program.key));
  runCompiled(program, *exe);
}

void Engine::runCompiled(const Program &program, Executable &exe) {
  std::vector<Node *> inputs;
  for (const NodePtr &in : program.inputs)
    inputs.push_back(in.get());
  const std::vector<Node *> &outputs = program.outputs;
  std::vector<std::shared_ptr<runtime::Buffer>> buffers = run(inputs, outputs, exe);
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (exe.distributed)
      outputs[i]->sharding = exe.distributed->outputShardings[i];
    outputs[i]->buffer = std::move(buffers[i]);
    outputs[i]->kind = OpKind::Buffer;
    outputs[i]->operands.clear();
  }
}

std::string Engine::executableKey(const Program &program) const {
  std::string key = program.key + optionsKey;
  if (ranks() > 1) { // where the inputs live and the outputs go decides the program
    for (const NodePtr &in : program.inputs)
      key += "|" + (in->sharding ? in->sharding->str() : std::string("whole"));
    for (Node *out : program.outputs)
      key += "|" + std::to_string(out->placement) + "," + std::to_string(out->placement2);
    key += "|mesh=" + std::to_string(meshRows);
  }
  return key;
}

std::shared_ptr<Executable> Engine::compile(const Program &program) {
  std::string key = executableKey(program);
  if (std::shared_ptr<Executable> found = findExecutable(key))
    return found;
  std::unique_ptr<codegen::CompiledProgram> compiled;
  DistributedProgram *distributed = nullptr;
  CompileClock::Running running(compileClock);
  if (ranks() == 1) {
    compiled = compileOrLoad(program, key);
  } else {
    ChromeTrace::Span span(chromeTrace.get(), "compile", "compile");
    span.arg("ops", int64_t(program.nodes.size()));
    mlir::OwningOpRef<mlir::ModuleOp> module = buildModule(program, mlirContext);
    partition(*module, program);
    auto partitioned = std::make_unique<DistributedProgram>(
        *module, *device, pipelineOptions(), comm->rank(), ranks());
    span.arg("kernels", partitioned->stats.kernels);
    distributed = partitioned.get();
    compiled = std::move(partitioned);
  }
  running.stop(); // (before keepCompiled takes the time)
  return keepCompiled(key, std::move(compiled), distributed);
}

std::vector<std::shared_ptr<Executable>>
Engine::compileAll(const std::vector<const Program *> &programs) {
  assert(ranks() == 1 && "several ranks compile their programs in order");
  std::vector<std::shared_ptr<Executable>> exes(programs.size());
  if (!mlirContext.isMultithreadingEnabled()) {
    for (size_t i = 0; i < programs.size(); ++i)
      exes[i] = compile(*programs[i]);
    return exes;
  }
  // The programs not compiled yet, once each (segments of one structure
  // share an executable).
  std::vector<std::string> keys;
  std::vector<size_t> missing;
  llvm::StringSet<> seen;
  for (const Program *program : programs) {
    keys.push_back(executableKey(*program));
    if (!findExecutable(keys.back()) && seen.insert(keys.back()).second)
      missing.push_back(keys.size() - 1);
  }
  std::vector<std::unique_ptr<codegen::CompiledProgram>> compiled(missing.size());
  std::vector<std::exception_ptr> errors(missing.size());
  mlir::parallelFor(&mlirContext, 0, missing.size(), [&](size_t m) {
    try { // (no exception may leave a worker thread)
      CompileClock::Running running(compileClock); // (the programs' times overlap)
      compiled[m] = compileOrLoad(*programs[missing[m]], keys[missing[m]]);
    } catch (...) {
      errors[m] = std::current_exception();
    }
  });
  stats.compile_ms += compileClock.take();
  for (const std::exception_ptr &error : errors) // the first program's, as compile() would
    if (error)
      std::rethrow_exception(error);
  for (size_t m = 0; m < missing.size(); ++m)
    keepCompiled(keys[missing[m]], std::move(compiled[m]));
  for (size_t i = 0; i < programs.size(); ++i)
    exes[i] = findExecutable(keys[i]);
  return exes;
}

std::shared_ptr<Executable> Engine::keepCompiled(const std::string &key,
                                                 std::unique_ptr<codegen::CompiledProgram> compiled,
                                                 DistributedProgram *distributed) {
  auto exe = std::make_shared<Executable>();
  exe->program = std::move(compiled);
  exe->distributed = distributed;
  stats.compiles++;
  stats.compile_ms += compileClock.take();
  keepExecutable(key, exe);
  return exe;
}

std::unique_ptr<codegen::CompiledProgram> Engine::compileOrLoad(const Program &program,
                                                                const std::string &key) {
  if (std::unique_ptr<codegen::CompiledProgram> loaded = loadSaved(key))
    return loaded;
  // (a program that does not load is a miss: compiled, and stored again)
  mlir::OwningOpRef<mlir::ModuleOp> module = buildModule(program, mlirContext);
  return compileModule(*module, key, int64_t(program.nodes.size()));
}

std::unique_ptr<codegen::CompiledProgram> Engine::loadSaved(const std::string &key) {
  if (programFormat.empty())
    return nullptr;
  std::optional<std::string> image = diskCache->load(key, programFormat);
  if (!image)
    return nullptr;
  ChromeTrace::Span span(chromeTrace.get(), "compile", "compile");
  std::unique_ptr<codegen::CompiledProgram> loaded = device->loadProgram(*image);
  if (loaded) {
    span.arg("loaded", int64_t(1));
    span.arg("kernels", loaded->stats.kernels);
  }
  return loaded;
}

std::unique_ptr<codegen::CompiledProgram>
Engine::compileModule(mlir::ModuleOp module, const std::string &key, int64_t ops) {
  ChromeTrace::Span span(chromeTrace.get(), "compile", "compile");
  span.arg("ops", ops);
  std::unique_ptr<codegen::CompiledProgram> compiled = device->compile(module, pipelineOptions());
  span.arg("kernels", compiled->stats.kernels);
  if (!programFormat.empty())
    if (std::string image = device->saveProgram(*compiled); !image.empty())
      diskCache->store(key, programFormat, image);
  return compiled;
}

void Engine::partition(mlir::ModuleOp module, const Program &program) {
  auto main = module.lookupSymbol<mlir::func::FuncOp>("main");
  mlir::Builder b(&mlirContext);
  for (auto [i, in] : llvm::enumerate(program.inputs))
    if (in->sharding)
      main.setArgAttr(unsigned(i), mlir::legato::kBoxesAttr,
                      b.getDenseI64ArrayAttr(mlir::legato::encodeBoxes(in->sharding->boxes)));
  for (auto [i, out] : llvm::enumerate(program.outputs)) {
    if (out->placement == Node::kAnyPlacement)
      continue;
    support::Sharding wanted =
        out->placement == Node::kReplicated ? support::Sharding::replicated(out->shape, ranks())
        : out->placement2 >= 0
            ? support::Sharding::grid(out->shape, out->placement, out->placement2,
                                      gridRows(), ranks() / gridRows())
            : support::Sharding::split(out->shape, out->placement, ranks());
    main.setResultAttr(unsigned(i), mlir::legato::kBoxesAttr,
                       b.getDenseI64ArrayAttr(mlir::legato::encodeBoxes(wanted.boxes)));
  }
  mlir::PassManager pm(&mlirContext);
  mlir::legato::buildLegatoPartitionPipeline(
      pm, {simplify, ranks(), comm->rank(), meshRows, overlapExchanges});
  if (mlir::failed(pm.run(module)))
    throw Error("legato: internal compiler error while partitioning a program over " +
                std::to_string(ranks()) + " ranks");
}

std::vector<std::shared_ptr<runtime::Buffer>>
Engine::run(const std::vector<Node *> &inputs, const std::vector<Node *> &results,
            Executable &exe) {
  ChromeTrace::Span span(chromeTrace.get(), "run", "run");
  span.arg("kernels", exe.program->stats.kernels);
  if (exe.distributed) {
    std::vector<std::shared_ptr<runtime::Buffer>> in;
    for (Node *n : inputs)
      in.push_back(n->buffer);
    std::vector<std::shared_ptr<runtime::Buffer>> out =
        exe.distributed->run(in, *device, *comm, stats, chromeTrace.get());
    for (size_t i = 0; i < inputs.size(); ++i) // (same bytes, with room for ghost rows)
      inputs[i]->buffer = in[i];
    stats.programs++;
    stats.kernels += exe.program->stats.kernels;
    stats.bytes_moved += exe.program->stats.bytesMoved;
    stats.peak_bytes = std::max(stats.peak_bytes, device->peakBytes());
    return out;
  }
  std::vector<codegen::ArrayArg> in, out;
  for (Node *n : inputs) {
    if (!n->buffer) // (a jit parameter kept past its call: the only input without data)
      throw Error(tracedValueOutsideItsCall());
    in.push_back({n->buffer->data, &n->shape});
  }
  std::vector<std::shared_ptr<runtime::Buffer>> outputs;
  for (Node *n : results) {
    outputs.push_back(device->allocate(n->size() * dtype_size(n->dtype)));
    out.push_back({outputs.back()->data, &n->shape});
  }
  device->launch(*exe.program, in, out);
  const mlir::legato::KernelStats &launched = exe.program->stats;
  stats.programs++;
  stats.kernels += launched.kernels;
  stats.bytes_moved += launched.bytesMoved;
  stats.peak_bytes = std::max(stats.peak_bytes, device->peakBytes());
  return outputs;
}

void Engine::onEveryRank(llvm::function_ref<void()> work, uint64_t programHash) {
  if (ranks() == 1)
    return work();
  std::string failure;
  try {
    work();
  } catch (const Error &e) {
    failure = runtime::failureOf(e);
  }
  runtime::agreeOrThrow(*comm, failure, programHash);
}

void Engine::readWhole(const Node &node, void *dst) {
  // A whole copy on every rank is read from this rank's, with no
  // collective: programs may read it on some ranks only (the examples print
  // on rank 0).
  if (!node.sharding || !mlir::legato::isSplit(node.sharding->boxes, node.shape))
    return node.buffer->read(dst);
  ChromeTrace::Span span(chromeTrace.get(), "gather", "collective");
  std::vector<char> staging;
  const void *src = node.buffer->data;
  if (!node.buffer->onHost()) {
    staging.resize(size_t(node.buffer->bytes));
    onEveryRank([&] { node.buffer->read(staging.data()); });
    src = staging.data();
  }
  std::vector<support::Box> everything(size_t(ranks()), support::Box::full(node.shape));
  int64_t sent = runtime::exchangeBoxes(*comm, *node.sharding, everything, src, dst,
                                        dtype_size(node.dtype));
  span.arg("bytes_sent", sent);
  stats.bytes_sent += sent;
  stats.collectives++;
}

void Engine::placeWhole(Node &node, const void *data) {
  int64_t element = dtype_size(node.dtype);
  auto whole = [&] {
    node.buffer = device->allocate(node.size() * element);
    node.buffer->write(data);
  };
  if (ranks() == 1)
    return whole();
  auto sharding = std::make_shared<support::Sharding>(
      support::Sharding::byDefault(node.shape, ranks(), meshRows));
  if (!mlir::legato::isSplit(sharding->boxes, node.shape))
    return onEveryRank(whole);
  const support::Box &mine = sharding->boxes[size_t(comm->rank())];
  std::vector<char> block(size_t(mine.size() * element));
  runtime::copyBox(data, support::Box::full(node.shape), block.data(), mine, mine, element);
  onEveryRank([&] {
    node.buffer = device->allocate(int64_t(block.size()));
    node.buffer->write(block.data());
  });
  node.sharding = std::move(sharding);
}

std::string Engine::ir(const Program &program, Stage stage) {
  mlir::OwningOpRef<mlir::ModuleOp> module = buildModule(program, mlirContext);
  mlir::PassManager pm(&mlirContext);
  if (stage != Stage::Traced)
    mlir::legato::buildLegatoOptimizePipeline(pm, pipelineOptions());
  if (stage == Stage::Lowered)
    mlir::legato::buildLegatoCPUBufferPipeline(pm, pipelineOptions());
  if (mlir::failed(pm.run(*module)))
    throw Error("legato: internal compiler error while optimizing a program");
  return mlir::legato::printModule(*module);
}

std::string Engine::ptx(const Program &program) {
  return codegen::generatePtx(
      [&](mlir::MLIRContext &context) { return buildModule(program, context); },
      pipelineOptions());
}

} // namespace legato::detail

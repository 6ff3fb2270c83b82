//===- Jit.cpp - trace once per signature, run the cached executable --------===//
#include "API/Engine.h"
#include "API/Ops.h"

#include <map>

namespace legato::detail {

/// One traced signature of a jit function.
struct JitEntry {
  std::vector<NodePtr> params;
  std::vector<NodePtr> results;  ///< traced result values, in order
  std::vector<Node *> computed;  ///< the pending results, deduplicated
  Program program;
  std::shared_ptr<Executable> exe; ///< null when nothing is computed
};

struct JitState {
  JitFunction::Body body;
  std::map<std::string, std::unique_ptr<JitEntry>> entries;
  Stats last;
};

namespace {

std::string signature(const std::vector<Array> &args) {
  std::string key = std::to_string(args.size()) + ":";
  for (const Array &a : args) {
    key += dtype_name(a.dtype()) + shapeString(a.shape());
  }
  return key;
}

/// Restores the engine's tracing state even when the traced body throws.
struct TracingScope {
  Engine &e;
  Trace *saved;
  TracingScope(Engine &e, Trace *t) : e(e), saved(e.tracing) { e.tracing = t; }
  ~TracingScope() { e.tracing = saved; }
};

JitEntry &lookupOrTrace(JitState &state, const std::vector<Array> &args) {
  std::string key = signature(args);
  auto it = state.entries.find(key);
  if (it != state.entries.end())
    return *it->second;

  Engine &e = engine();
  auto entry = std::make_unique<JitEntry>();
  Trace trace;
  std::vector<Array> results;
  {
    TracingScope scope(e, &trace);
    std::vector<Array> params;
    for (const Array &a : args) {
      NodePtr p = makeNode(OpKind::Param, a.dtype(), a.shape());
      entry->params.push_back(p);
      params.push_back(Array(std::make_shared<ArrayImpl>(p)));
    }
    results = state.body(params);
    for (const Array &r : results)
      entry->results.push_back(valueOf(r));
  }
  for (const NodePtr &r : entry->results)
    if (r->pending() &&
        std::find(entry->computed.begin(), entry->computed.end(), r.get()) == entry->computed.end())
      entry->computed.push_back(r.get());
  entry->program = collectProgram(entry->computed, entry->params);
  if (!entry->computed.empty())
    entry->exe = e.compile(entry->program);
  return *state.entries.emplace(key, std::move(entry)).first->second;
}

} // namespace

JitFunction::JitFunction(Body body) : state_(std::make_shared<JitState>()) {
  state_->body = std::move(body);
}

std::vector<Array> JitFunction::call(const std::vector<Array> &args) const {
  Engine &e = engine();
  int64_t compilesBefore = e.stats.compiles;
  JitEntry &entry = lookupOrTrace(*state_, args);

  // Bind the arguments' current values (running what they still need).
  std::vector<NodePtr> argValues;
  for (const Array &a : args) {
    NodePtr v = valueOf(a);
    e.materialize(v);
    argValues.push_back(v);
  }
  std::vector<Node *> inputs;
  for (size_t i = 0; i < entry.program.inputs.size(); ++i)
    inputs.push_back(i < argValues.size() ? argValues[i].get()
                                          : entry.program.inputs[i].get());

  Stats before = e.stats;
  std::vector<std::shared_ptr<runtime::Buffer>> buffers;
  if (entry.exe)
    buffers = e.run(inputs, entry.computed, *entry.exe);

  std::vector<Array> out;
  for (const NodePtr &r : entry.results) {
    NodePtr value;
    auto computed = std::find(entry.computed.begin(), entry.computed.end(), r.get());
    if (computed != entry.computed.end()) {
      value = std::make_shared<Node>();
      value->kind = OpKind::Buffer;
      value->dtype = r->dtype;
      value->shape = r->shape;
      value->buffer = buffers[computed - entry.computed.begin()];
      e.record(value);
    } else if (r->kind == OpKind::Param) {
      auto p = std::find(entry.params.begin(), entry.params.end(), r);
      value = argValues[p - entry.params.begin()];
    } else {
      value = r; // a value captured from outside the function
    }
    out.push_back(wrap(value));
  }
  Stats &last = state_->last;
  last = Stats{};
  last.programs = e.stats.programs - before.programs;
  last.kernels = e.stats.kernels - before.kernels;
  last.bytes_moved = e.stats.bytes_moved - before.bytes_moved;
  last.peak_bytes = e.stats.peak_bytes;
  last.compiles = e.stats.compiles - compilesBefore;
  last.compile_ms = last.compiles && entry.exe ? entry.exe->compileMs : 0;
  return out;
}

std::string JitFunction::ir(const std::vector<Array> &args, Stage stage) const {
  JitEntry &entry = lookupOrTrace(*state_, args);
  return engine().ir(entry.program, stage);
}

std::string JitFunction::ptx(const std::vector<Array> &args) const {
  JitEntry &entry = lookupOrTrace(*state_, args);
  return engine().ptx(entry.program);
}

Stats JitFunction::stats() const { return state_->last; }

} // namespace legato::detail

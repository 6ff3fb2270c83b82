//===- Jit.cpp - trace once per signature, run the cached executable --------===//
#include "API/Engine.h"
#include "API/Ops.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace legato::detail {

/// One program of a traced function: a loop in the function is cut into
/// segments of equal structure, which share one executable.
struct JitSegment {
  Program program;
  std::shared_ptr<Executable> exe;
  std::vector<Node *> lastReadHere; ///< earlier values no later segment reads
};

/// One traced signature of a jit function.
struct JitEntry {
  std::vector<NodePtr> params;
  std::vector<NodePtr> results;  ///< traced result values, in order
  std::vector<Node *> computed;  ///< the pending results, deduplicated
  std::vector<IndexCheck> indexChecks; ///< their extremes are among `computed`
  Program program;               ///< the whole function (for ir/ptx)
  std::vector<JitSegment> segments; ///< what runs, in order; empty when
                                    ///< nothing is computed
};

struct JitState {
  JitFunction::Body body;
  std::map<std::string, std::unique_ptr<JitEntry>> entries;
  Stats last;
};

namespace {

/// Shapes, dtypes and, over several ranks, where the (materialised)
/// arguments live.
std::string signature(const std::vector<NodePtr> &args) {
  std::string key = std::to_string(args.size()) + ":";
  for (const NodePtr &a : args) {
    key += dtype_name(a->dtype) + shapeString(a->shape);
    if (a->sharding)
      key += a->sharding->str();
  }
  return key;
}

std::vector<JitSegment> segment(const JitEntry &entry, const std::vector<uint64_t> &cutAfter);

std::vector<NodePtr> valuesOf(const std::vector<Array> &args) {
  std::vector<NodePtr> values;
  for (const Array &a : args)
    values.push_back(valueOf(a));
  return values;
}

/// Restores the engine's tracing state even when the traced body throws.
struct TracingScope {
  Engine &e;
  Trace *saved;
  TracingScope(Engine &e, Trace *t) : e(e), saved(e.tracing) { e.tracing = t; }
  ~TracingScope() { e.tracing = saved; }
};

JitEntry &lookupOrTrace(JitState &state, const std::vector<NodePtr> &args) {
  std::string key = signature(args);
  auto it = state.entries.find(key);
  if (it != state.entries.end())
    return *it->second;

  Engine &e = engine();
  ChromeTrace::Span span(e.chromeTrace.get(), "jit trace", "jit");
  auto entry = std::make_unique<JitEntry>();
  Trace trace{LoopDetector(e.windowLength(), LoopDetector::Outputs::read), {}};
  std::vector<Array> results;
  {
    TracingScope scope(e, &trace);
    std::vector<Array> params;
    for (const NodePtr &a : args) {
      NodePtr p = makeNode(OpKind::Param, a->dtype, a->shape);
      p->sharding = a->sharding;
      entry->params.push_back(p);
      params.push_back(Array(std::make_shared<ArrayImpl>(p)));
    }
    results = state.body(params);
    for (const Array &r : results)
      entry->results.push_back(valueOf(r));
  }
  entry->indexChecks = std::move(trace.indexChecks);
  auto compute = [&](const NodePtr &r) {
    if (r->pending() &&
        std::find(entry->computed.begin(), entry->computed.end(), r.get()) == entry->computed.end())
      entry->computed.push_back(r.get());
  };
  for (const NodePtr &r : entry->results)
    compute(r);
  for (const IndexCheck &check : entry->indexChecks) {
    compute(check.low);
    compute(check.high);
  }
  entry->program = collectProgram(entry->computed, entry->params);
  if (!entry->computed.empty())
    entry->segments = segment(*entry, trace.cutAfter);
  if (e.ranks() == 1) { // the segments compile at once
    std::vector<const Program *> programs;
    for (JitSegment &s : entry->segments)
      programs.push_back(&s.program);
    std::vector<std::shared_ptr<Executable>> exes = e.compileAll(programs);
    for (auto [s, exe] : llvm::zip_equal(entry->segments, exes))
      s.exe = exe;
  } else {
    for (JitSegment &s : entry->segments) {
      s.exe = e.compile(s.program);
      if (s.exe->distributed) // later segments read these where they live (their keys say)
        for (size_t i = 0; i < s.program.outputs.size(); ++i)
          s.program.outputs[i]->sharding = s.exe->distributed->outputShardings[i];
    }
  }
  span.arg("segments", int64_t(entry->segments.size()));
  return *state.entries.emplace(key, std::move(entry)).first->second;
}

/// Cuts the traced function after the nodes `cutAfter` names. A segment
/// returns its values that later segments read, and the function's results.
std::vector<JitSegment> segment(const JitEntry &entry, const std::vector<uint64_t> &cutAfter) {
  const std::vector<Node *> &nodes = entry.program.nodes; // topological
  auto segmentOf = [&](const Node *n) {
    return std::lower_bound(cutAfter.begin(), cutAfter.end(), n->id) - cutAfter.begin();
  };
  if (nodes.empty() || segmentOf(nodes.front()) == segmentOf(nodes.back()))
    return {JitSegment{entry.program, nullptr, {}}};

  const std::unordered_set<Node *> results(entry.computed.begin(), entry.computed.end());
  std::unordered_set<Node *> returned = results;
  for (Node *n : nodes)
    for (const NodePtr &op : n->operands)
      if (op->pending() && segmentOf(op.get()) < segmentOf(n))
        returned.insert(op.get());

  std::vector<JitSegment> segments;
  std::unordered_set<Node *> computedBefore;
  for (size_t begin = 0; begin < nodes.size();) {
    size_t end = begin;
    std::vector<Node *> outputs;
    while (end < nodes.size() && segmentOf(nodes[end]) == segmentOf(nodes[begin])) {
      if (returned.count(nodes[end]))
        outputs.push_back(nodes[end]);
      ++end;
    }
    if (!outputs.empty())
      segments.push_back({collectProgram(outputs, entry.params, computedBefore), nullptr, {}});
    computedBefore.insert(outputs.begin(), outputs.end());
    begin = end;
  }
  // Free each intermediate value after the last segment that reads it.
  std::unordered_map<Node *, size_t> lastReader;
  for (size_t k = 0; k < segments.size(); ++k)
    for (const NodePtr &in : segments[k].program.inputs)
      if (computedBefore.count(in.get()))
        lastReader[in.get()] = k;
  for (auto [node, k] : lastReader)
    if (!results.count(node))
      segments[k].lastReadHere.push_back(node);
  return segments;
}

} // namespace

JitFunction::JitFunction(Body body) : state_(std::make_shared<JitState>()) {
  state_->body = std::move(body);
}

std::vector<Array> JitFunction::call(const std::vector<Array> &args) const {
  Engine &e = engine();
  e.runQueued(); // the lazy windows before the call (not counted in its stats)
  int64_t compilesBefore = e.stats.compiles;
  double compileMsBefore = e.stats.compile_ms;
  // Bind the arguments' current values (running what they still need).
  std::vector<NodePtr> argValues;
  for (const Array &a : args) {
    NodePtr v = valueOf(a);
    e.materialize(v);
    argValues.push_back(v);
  }
  JitEntry &entry = lookupOrTrace(*state_, argValues);
  // Run the segments in order; each value they compute becomes a buffer node.
  std::unordered_map<Node *, NodePtr> values;
  for (size_t i = 0; i < entry.params.size(); ++i)
    values[entry.params[i].get()] = argValues[i];
  Stats before = e.stats;
  for (const JitSegment &segment : entry.segments) {
    std::vector<Node *> inputs;
    for (const NodePtr &in : segment.program.inputs) {
      auto bound = values.find(in.get());
      inputs.push_back(bound != values.end() ? bound->second.get() : in.get());
    }
    std::vector<std::shared_ptr<runtime::Buffer>> buffers =
        e.run(inputs, segment.program.outputs, *segment.exe);
    for (size_t i = 0; i < buffers.size(); ++i) {
      Node *traced = segment.program.outputs[i];
      auto value = std::make_shared<Node>();
      value->kind = OpKind::Buffer;
      value->dtype = traced->dtype;
      value->shape = traced->shape;
      value->buffer = std::move(buffers[i]);
      value->sharding = traced->sharding;
      values[traced] = value;
    }
    for (Node *done : segment.lastReadHere)
      values.erase(done);
  }

  auto result = [&](const NodePtr &r) {
    auto bound = values.find(r.get());
    NodePtr value = bound != values.end() ? bound->second
                                          : r; // a value captured from outside the function
    if (bound != values.end() && value->kind == OpKind::Buffer && !value->id)
      e.record(value);
    return wrap(value);
  };
  // NumPy's mode raise, checked on the host after the call (a sync).
  for (const IndexCheck &check : entry.indexChecks)
    enforce(check, result(check.low).item<int64_t>(), result(check.high).item<int64_t>());
  std::vector<Array> out;
  for (const NodePtr &r : entry.results)
    out.push_back(result(r));
  Stats &last = state_->last;
  last = Stats{};
  last.programs = e.stats.programs - before.programs;
  last.kernels = e.stats.kernels - before.kernels;
  last.bytes_moved = e.stats.bytes_moved - before.bytes_moved;
  last.peak_bytes = e.stats.peak_bytes;
  last.compiles = e.stats.compiles - compilesBefore;
  last.compile_ms = e.stats.compile_ms - compileMsBefore;
  return out;
}

std::string JitFunction::ir(const std::vector<Array> &args, Stage stage) const {
  JitEntry &entry = lookupOrTrace(*state_, valuesOf(args));
  return engine().ir(entry.program, stage);
}

std::string JitFunction::ptx(const std::vector<Array> &args) const {
  JitEntry &entry = lookupOrTrace(*state_, valuesOf(args));
  return engine().ptx(entry.program);
}

Stats JitFunction::stats() const { return state_->last; }

} // namespace legato::detail

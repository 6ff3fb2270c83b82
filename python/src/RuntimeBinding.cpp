//===- RuntimeBinding.cpp - the Runtime, configuration, stats and jit -----===//
//
// Python has no `main` to hold a legato::Runtime, so the extension holds
// one: it starts at the first array (not at import, so that
// legato.config(...) can choose the options first) and ends at exit
// (legato/__init__.py registers `shutdown` with atexit).
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"

#include <pybind11/functional.h>

#include <memory>

namespace legato::python {

namespace {

std::unique_ptr<Runtime> &runtime() {
  static std::unique_ptr<Runtime> *r = new std::unique_ptr<Runtime>; // leaked: see shutdown
  return *r;
}
Options &pending() {
  static Options options;
  return options;
}

/// legato.config's keywords, applied to `o`; unknown keywords are an error.
void applyOptions(Options &o, const py::dict &kw) {
  for (auto [key, value] : kw) {
    std::string k = key.cast<std::string>();
    if (k == "backend") {
      std::string v = value.cast<std::string>();
      if (v != "cpu" && v != "cuda")
        throw py::value_error("legato.config: backend must be \"cpu\" or \"cuda\", not \"" + v +
                              "\"");
      o.backend = v == "cpu" ? Backend::cpu : Backend::cuda;
    } else if (k == "mode") {
      std::string v = value.cast<std::string>();
      if (v != "eager" && v != "lazy")
        throw py::value_error("legato.config: mode must be \"lazy\" or \"eager\", not \"" + v +
                              "\" (a jit function is legato.jit)");
      o.mode = v == "eager" ? Mode::eager : Mode::lazy;
    } else if (k == "threads") {
      o.threads = value.cast<int>();
    } else if (k == "cache_dir") {
      o.cache_dir = value.cast<std::string>();
    } else if (k == "cache_limit") {
      o.cache_limit = value.cast<int64_t>();
    } else if (k == "trace") {
      o.trace = value.cast<std::string>();
    } else if (k == "window") {
      o.window_limit = value.cast<int64_t>();
    } else if (k == "simplify") {
      o.simplify = value.cast<bool>();
    } else if (k == "fp_contract") {
      o.fp_contract = value.cast<bool>();
    } else if (k == "fast_math") {
      o.fast_math = value.cast<bool>();
    } else if (k == "fuse_sweeps") {
      o.fuse_sweeps = value.cast<bool>();
    } else if (k == "overlap_exchanges") {
      o.overlap_exchanges = value.cast<bool>();
    } else if (k == "memory_limit") {
      o.memory_limit = value.cast<int64_t>();
    } else if (k == "mesh_rows") {
      o.mesh_rows = value.cast<int>();
    } else {
      throw py::type_error("legato.config: unknown option '" + k +
                           "' (backend, mode, threads, cache_dir, cache_limit, trace, window, "
                           "simplify, fp_contract, fast_math, fuse_sweeps, overlap_exchanges, "
                           "memory_limit, mesh_rows)");
    }
  }
}

py::dict statsDict(const Stats &s) {
  py::dict d;
  d["programs"] = s.programs;
  d["kernels"] = s.kernels;
  d["collectives"] = s.collectives;
  d["overlapped"] = s.overlapped;
  d["bytes_sent"] = s.bytes_sent;
  d["bytes_moved"] = s.bytes_moved;
  d["peak_bytes"] = s.peak_bytes;
  d["compiles"] = s.compiles;
  d["compile_ms"] = s.compile_ms;
  return d;
}

Stage stageOf(const std::string &name) {
  if (name == "traced")
    return Stage::Traced;
  if (name == "optimized")
    return Stage::Optimized;
  if (name == "lowered")
    return Stage::Lowered;
  throw py::value_error("legato.jit.ir: stage must be \"traced\", \"optimized\" or \"lowered\", "
                        "not \"" + name + "\"");
}

} // namespace

void ensureRuntime() {
  if (!runtime())
    runtime() = std::make_unique<Runtime>(pending());
}

void bindRuntime(py::module_ &m) {
  m.def("config", [](py::kwargs kw) {
    Options next = pending();
    applyOptions(next, kw);
    if (runtime()) {
      // A running Runtime is replaced by one with the new options: its
      // arrays stay valid (the old one's destructor runs what is pending).
      // The backend holds the arrays' memory, so it cannot change.
      Backend now = runtime()->backend();
      if (next.backend && *next.backend != now)
        throw legato::Error("legato.config: the backend is chosen once per process, before the "
                            "first array; call legato.config(backend=...) first or set "
                            "LEGATO_BACKEND");
      runtime().reset();
      pending() = next;
      ensureRuntime();
    } else {
      pending() = next;
    }
  });
  m.def("options", []() {
    ensureRuntime();
    py::dict d;
    d["backend"] = runtime()->backend() == Backend::cpu ? "cpu" : "cuda";
    d["mode"] = runtime()->mode() == Mode::eager ? "eager" : "lazy";
    d["rank"] = runtime()->rank();
    d["size"] = runtime()->size();
    return d;
  });
  m.def("shutdown", []() { runtime().reset(); },
        "Ends the Runtime (runs what is pending); arrays stay readable, new work starts another.");
  m.def("flush", []() {
    ensureRuntime();
    InterruptibleWait wait;
    flush();
  });
  m.def("stats", []() {
    ensureRuntime();
    return statsDict(stats());
  });
  m.def("reset_stats", []() {
    ensureRuntime();
    reset_stats();
  });

  py::class_<detail::JitFunction>(m, "JitFunction")
      .def(py::init([](std::function<std::vector<Array>(const std::vector<Array> &)> body) {
        ensureRuntime();
        return detail::JitFunction(std::move(body));
      }))
      .def("call",
           [](const detail::JitFunction &f, const std::vector<Array> &args) {
             InterruptibleWait wait;
             return f.call(args);
           })
      .def("ir", [](const detail::JitFunction &f, const std::vector<Array> &args,
                    const std::string &stage) { return f.ir(args, stageOf(stage)); })
      .def("ptx", &detail::JitFunction::ptx)
      .def("stats", [](const detail::JitFunction &f) { return statsDict(f.stats()); });
}

} // namespace legato::python

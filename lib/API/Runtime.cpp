//===- Runtime.cpp - legato::Runtime and its configuration ------------------===//
#include "API/Engine.h"

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace legato {
using namespace detail;

namespace {

const char *env(const char *name) {
  const char *v = std::getenv(name);
  return v && *v ? v : nullptr;
}

/// "4096", "512M", "2G": bytes, with an optional power-of-1024 suffix.
int64_t parseBytes(const char *name, const char *text) {
  char *end = nullptr;
  errno = 0;
  long long value = std::strtoll(text, &end, 10);
  int shift = 0;
  if (end != text && *end) {
    const char *suffixes = "KMGT";
    const char *at = std::strchr(suffixes, std::toupper(static_cast<unsigned char>(*end)));
    if (at && end[1] == '\0') {
      shift = 10 * int(at - suffixes + 1);
      ++end;
    }
  }
  if (end == text || *end || errno || value < 0 || (shift && value > (INT64_MAX >> shift)))
    throw Error(std::string("legato: ") + name + "=" + text +
                " is not a byte count (like 1073741824, 512M or 2G)");
  return int64_t(value) << shift;
}

/// Options left unset take their value from LEGATO_* environment variables.
Options withEnvironment(Options o) {
  if (!o.backend)
    if (const char *v = env("LEGATO_BACKEND")) {
      if (!std::strcmp(v, "cpu")) o.backend = Backend::cpu;
      else if (!std::strcmp(v, "cuda")) o.backend = Backend::cuda;
      else throw Error(std::string("legato: LEGATO_BACKEND=") + v + " is not cpu or cuda");
    }
  if (!o.mode)
    if (const char *v = env("LEGATO_MODE")) {
      if (!std::strcmp(v, "eager")) o.mode = Mode::eager;
      else if (!std::strcmp(v, "lazy")) o.mode = Mode::lazy;
      else throw Error(std::string("legato: LEGATO_MODE=") + v + " is not eager or lazy");
    }
  if (o.threads <= 0)
    if (const char *v = env("LEGATO_THREADS"))
      o.threads = std::atoi(v);
  if (o.window_limit <= 0)
    if (const char *v = env("LEGATO_WINDOW"))
      o.window_limit = std::atoll(v);
  if (!o.simplify)
    if (const char *v = env("LEGATO_SIMPLIFY"))
      o.simplify = std::strcmp(v, "0") != 0;
  if (!o.fp_contract)
    if (const char *v = env("LEGATO_FP_CONTRACT"))
      o.fp_contract = std::strcmp(v, "0") != 0;
  if (!o.fast_math)
    if (const char *v = env("LEGATO_FAST_MATH"))
      o.fast_math = std::strcmp(v, "0") != 0;
  if (!o.fuse_sweeps)
    if (const char *v = env("LEGATO_FUSE_SWEEPS"))
      o.fuse_sweeps = std::strcmp(v, "0") != 0;
  if (!o.overlap_exchanges)
    if (const char *v = env("LEGATO_OVERLAP"))
      o.overlap_exchanges = std::strcmp(v, "0") != 0;
  if (o.mesh_rows <= 0)
    if (const char *v = env("LEGATO_MESH_ROWS"))
      o.mesh_rows = std::atoi(v);
  if (o.memory_limit <= 0)
    if (const char *v = env("LEGATO_MEMORY_LIMIT"))
      o.memory_limit = parseBytes("LEGATO_MEMORY_LIMIT", v);
  if (o.cache_dir.empty())
    if (const char *v = env("LEGATO_CACHE_DIR"))
      o.cache_dir = v;
  if (o.cache_limit <= 0)
    if (const char *v = env("LEGATO_CACHE_LIMIT"))
      o.cache_limit = parseBytes("LEGATO_CACHE_LIMIT", v);
  if (o.trace.empty())
    if (const char *v = env("LEGATO_TRACE"))
      o.trace = v;
  return o;
}

} // namespace

Runtime::Runtime() : Runtime(Options{}) {}

Runtime::Runtime(Options options) {
  if (engineOrNull())
    throw Error("legato::Runtime: a Runtime already exists; create one per process");
  setEngine(new Engine(withEnvironment(std::move(options))));
}

Runtime::Runtime(int &, char **&, Options options) : Runtime(std::move(options)) {}

Runtime::~Runtime() {
  Engine *e = engineOrNull();
  try {
    e->flush(); // values the user still holds stay readable after shutdown
  } catch (...) {
  }
  try {
    e->writeTrace();
  } catch (const Error &err) { // a destructor must not throw: say it instead
    std::fprintf(stderr, "%s\n", err.what());
  }
  setEngine(nullptr);
  delete e;
}

Backend Runtime::backend() const { return engine().backend; }
Mode Runtime::mode() const { return engine().mode; }
int Runtime::rank() const { return engine().comm->rank(); }
int Runtime::size() const { return engine().comm->size(); }

Stats stats() { return engine().stats; }
void reset_stats() {
  engine().stats = Stats{};
  engine().device->resetPeak();
}

} // namespace legato

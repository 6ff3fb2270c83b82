//===- legato-bench.cpp - Time the example applications -------------------===//
//
// legato-bench --app black_scholes|stencil|cg|jacobi|bicgstab|cfd|swe|gemm|cumsum|take|
//                    searchsorted|scatter|add_at|histogram|sort|argsort --n N
//              [--dtype f64|f32] [--mode eager|lazy|jit] [--reps R]
//              [--warmup W] [--iters K] [--nit P]
//
// Runs the app of examples/apps.h W times untimed and R times timed, and
// prints one JSON line: median and minimum milliseconds per call, kernels,
// bytes moved (reads + writes of the kernels) and peak bytes of the last
// call, compile time and count over the whole run, whether a compile cache
// (LEGATO_CACHE_DIR) was set, the iterations per call (kernels / iterations
// = kernels per iteration; bytes_moved / iterations likewise), the pressure
// sweeps per step for cfd, and the app's checksum (equal across modes, and
// to bench/hand_fused's). bench/report reads these lines.
// --iters sets the iterations (time steps for cfd and swe) of the apps that
// loop, --nit the pressure sweeps per cfd step; both default to apps.h's.
// gemm is one product of two random n x n matrices (the distributed GEMM
// strategies of docs/DISTRIBUTED.md: LEGATO_MESH_ROWS places them on a 2-D
// mesh). cumsum is np.cumsum of n random numbers (a scan: reductions over
// chunks of the array, docs/SIMPLIFY.md). take is np.take(x, i, mode='clip')
// of n random numbers at n random positions (a gather); searchsorted finds
// n random numbers among n sorted ones (a binary search by gathers).
// scatter is r = x.copy(); r[i] = v and add_at np.add.at(r, i, v), for n
// random numbers at n random positions of n; histogram counts n random
// numbers in 100 equal bins of [0, 1). sort and argsort order n random
// numbers (a bitonic network of compare-exchange kernels).
//
//===----------------------------------------------------------------------===//
#include "apps.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace {
using legato::Array;

struct Config {
  std::string app, dtype = "f64", mode = "lazy";
  int64_t n = 0;
  int reps = 5, warmup = 2;
  int iters = -1; ///< -1: the app's default (apps.h)
  int nit = apps::kCfdPressureIters;
  int rank = 0, ranks = 1;
};

const char *const kUsage =
    "usage: legato-bench --app "
    "black_scholes|stencil|cg|jacobi|bicgstab|cfd|swe|gemm|cumsum|take|searchsorted|scatter|"
    "add_at|histogram|sort|argsort --n N "
    "[--dtype f64|f32] [--mode eager|lazy|jit] [--reps R] "
    "[--warmup W] [--iters K] [--nit P]\n";

[[noreturn]] void usage(const std::string &why) {
  std::fprintf(stderr, "legato-bench: %s\n%s", why.c_str(), kUsage);
  std::exit(2);
}

[[noreturn]] void help() {
  std::printf("%s\n"
              "Times an app of examples/apps.h (--warmup W untimed calls, default 2, then\n"
              "--reps R timed ones, default 5) and prints one JSON line: median and minimum\n"
              "ms per call, kernels, bytes moved, peak bytes, compile time, checksum.\n"
              "--dtype defaults to f64, --mode to lazy; --iters (loop iterations or time\n"
              "steps) and --nit (cfd's pressure sweeps per step, default %d) default to\n"
              "apps.h's. Under mpirun every rank prints its line.\n",
              kUsage, apps::kCfdPressureIters);
  std::exit(0);
}

/// `value` of option `key` as a whole number in [least, most], or a usage
/// error naming both.
int64_t number(const std::string &key, const std::string &value, int64_t least,
               int64_t most = INT_MAX) {
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(value.c_str(), &end, 10);
  if (value.empty() || *end || errno == ERANGE || v < least || v > most)
    usage(key + " needs a whole number from " + std::to_string(least) + " to " +
          std::to_string(most) + ", not '" + value + "'");
  return v;
}

/// Loop iterations per call of each app as apps.h runs it by default.
int default_iters(const std::string &app) {
  if (app == "stencil") return apps::kStencilIters;
  if (app == "cg") return apps::kCgIters;
  if (app == "jacobi") return apps::kJacobiIters;
  if (app == "bicgstab") return apps::kBicgstabIters;
  if (app == "cfd") return apps::kCfdSteps;
  if (app == "swe") return apps::kSweSteps;
  return 1; // black_scholes: one pass, no loop
}

Config parse(int argc, char **argv) {
  Config c;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h"))
      help();
  for (int i = 1; i < argc; i += 2) {
    std::string key = argv[i];
    if (key.rfind("--", 0) != 0)
      usage("unexpected argument '" + key + "'");
    if (i + 1 == argc)
      usage(key + " needs a value");
    std::string value = argv[i + 1];
    if (key == "--app") c.app = value;
    else if (key == "--dtype") c.dtype = value;
    else if (key == "--mode") c.mode = value;
    else if (key == "--n") c.n = number(key, value, 1, INT64_MAX);
    else if (key == "--reps") c.reps = int(number(key, value, 1));
    else if (key == "--warmup") c.warmup = int(number(key, value, 0));
    else if (key == "--iters") c.iters = int(number(key, value, 1));
    else if (key == "--nit") c.nit = int(number(key, value, 1));
    else usage("unknown option '" + key + "'");
  }
  if (c.app != "black_scholes" && c.app != "stencil" && c.app != "cg" && c.app != "jacobi" &&
      c.app != "bicgstab" && c.app != "cfd" && c.app != "swe" && c.app != "gemm" &&
      c.app != "cumsum" && c.app != "take" && c.app != "searchsorted" && c.app != "scatter" &&
      c.app != "add_at" && c.app != "histogram" && c.app != "sort" && c.app != "argsort")
    usage("--app must be black_scholes, stencil, cg, jacobi, bicgstab, cfd, "
          "swe, gemm, cumsum, take, searchsorted, scatter, add_at, histogram, sort or argsort");
  if (c.dtype != "f64" && c.dtype != "f32")
    usage("--dtype must be f64 or f32");
  if (c.mode != "eager" && c.mode != "lazy" && c.mode != "jit")
    usage("--mode must be eager, lazy or jit");
  if (c.n == 0)
    usage("--n N is required");
  if ((c.app == "cfd" && c.n < 3) || (c.app == "swe" && c.n < 2))
    usage("cfd needs --n >= 3 and swe --n >= 2");
  if (c.iters == -1)
    c.iters = default_iters(c.app);
  return c;
}

double total(const Array &a) { return legato::sum(a).item<double>(); }

/// Times `run`, which calls the app and returns its outputs.
template <class Run, class Checksum>
void measure(const Config &c, Run run, Checksum checksum) {
  using Clock = std::chrono::steady_clock;
  legato::reset_stats();
  for (int i = 0; i < c.warmup; ++i) {
    auto out = run(); // kept alive across flush: lazily, dead values never run
    legato::flush();
  }
  legato::Stats all = legato::stats(), last;
  std::vector<double> ms;
  std::optional<decltype(run())> out;
  for (int i = 0; i < c.reps; ++i) {
    out.reset(); // free the previous outputs before the next call allocates
    legato::reset_stats();
    auto t0 = Clock::now();
    out = run();
    legato::flush();
    ms.push_back(
        std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    last = legato::stats();
    all.compiles += last.compiles;
    all.compile_ms += last.compile_ms;
  }
  double sum = checksum(*out);
  std::sort(ms.begin(), ms.end());
  size_t h = ms.size() / 2;
  double median = ms.size() % 2 ? ms[h] : (ms[h - 1] + ms[h]) / 2;
  // A cold compile is one without a cache directory; bench/report measures
  // the warm one as a second process sharing a fresh LEGATO_CACHE_DIR.
  const char *cacheDir = std::getenv("LEGATO_CACHE_DIR");
  bool cached = cacheDir && *cacheDir;
  std::string nit =
      c.app == "cfd" ? ", \"nit\": " + std::to_string(c.nit) : std::string();
  std::printf("{\"app\": \"%s\", \"mode\": \"%s\", \"n\": %lld, \"dtype\": "
              "\"%s\", \"median_ms\": %.4f, \"min_ms\": %.4f, \"kernels\": "
              "%lld, \"bytes_moved\": %lld, \"peak_bytes\": %lld, "
              "\"compile_ms\": %.3f, \"compiles\": %lld, \"cache_dir\": %s, "
              "\"iterations\": %d%s, \"ranks\": %d, \"rank\": %d, "
              "\"bytes_sent\": %lld, \"collectives\": %lld, \"overlapped\": %lld, "
              "\"checksum\": %.17g}\n",
              c.app.c_str(), c.mode.c_str(), (long long)c.n, c.dtype.c_str(),
              median, ms[0], (long long)last.kernels,
              (long long)last.bytes_moved, (long long)last.peak_bytes,
              all.compile_ms, (long long)all.compiles,
              cached ? "true" : "false", c.iters, nit.c_str(), c.ranks, c.rank,
              (long long)last.bytes_sent, (long long)last.collectives,
              (long long)last.overlapped, sum);
  std::fflush(stdout);
}

/// Benchmarks f(inputs...) as written (eager/lazy) or through legato::jit.
template <class F, class Checksum, class... In>
void bench(const Config &c, F f, Checksum checksum, const In &...in) {
  legato::flush(); // the inputs exist before the clock starts
  if (c.mode == "jit") {
    auto compiled = legato::jit(f);
    measure(c, [&] { return compiled(in...); }, checksum);
  } else {
    measure(c, [&] { return f(in...); }, checksum);
  }
}

void run(const Config &c) {
  legato::DType dt = c.dtype == "f32" ? legato::f32 : legato::f64;
  using Pair = std::pair<Array, Array>;
  using Triple = std::tuple<Array, Array, Array>;
  int iters = c.iters;
  if (c.app == "black_scholes") {
    auto [S, X, T] = apps::black_scholes_inputs(c.n, dt);
    bench(
        c,
        [](const Array &S, const Array &X, const Array &T) {
          return apps::black_scholes(S, X, T);
        },
        [](const Pair &o) { return total(o.first) + total(o.second); }, S, X,
        T);
  } else if (c.app == "stencil") {
    bench(
        c, [iters](const Array &g) { return apps::stencil(g, iters); },
        [](const Array &g) { return total(g); }, apps::stencil_input(c.n, dt));
  } else if (c.app == "cg") {
    bench(
        c, [iters](const Array &b) { return apps::cg(b, iters); },
        [](const Pair &o) { return total(o.first); }, apps::cg_input(c.n, dt));
  } else if (c.app == "jacobi") {
    auto [A, b] = apps::jacobi_inputs(c.n, dt);
    bench(
        c,
        [iters](const Array &A, const Array &b) {
          return apps::jacobi(A, b, iters);
        },
        [](const Array &x) { return total(x); }, A, b);
  } else if (c.app == "bicgstab") {
    bench(
        c, [iters](const Array &b) { return apps::bicgstab(b, iters); },
        [](const Pair &o) { return total(o.first); },
        apps::bicgstab_input(c.n, dt));
  } else if (c.app == "gemm") {
    bench(
        c, [](const Array &A, const Array &B) { return legato::matmul(A, B); },
        [](const Array &C) { return total(C); },
        legato::random({c.n, c.n}, dt, 11), legato::random({c.n, c.n}, dt, 12));
  } else if (c.app == "cumsum") {
    bench(
        c, [](const Array &x) { return legato::cumsum(x); },
        [](const Array &s) { return total(s); }, legato::random({c.n}, dt, 13));
  } else if (c.app == "take") {
    Array positions = (legato::random({c.n}, legato::f64, 14) * double(c.n)).astype(legato::i64);
    bench(
        c,
        [](const Array &x, const Array &i) {
          return legato::take(x, i, std::nullopt, legato::IndexMode::clip);
        },
        [](const Array &s) { return total(s); }, legato::random({c.n}, dt, 13), positions);
  } else if (c.app == "scatter" || c.app == "add_at") {
    // n values at n random positions of an array of n: stored (the last
    // of repeated positions wins) or added.
    Array positions = (legato::random({c.n}, legato::f64, 14) * double(c.n)).astype(legato::i64);
    bool add = c.app == "add_at";
    bench(
        c,
        [add](const Array &x, const Array &i, const Array &v) {
          Array r = x.copy();
          if (add)
            legato::add_at(r, i, v);
          else
            r[i] = v;
          return r;
        },
        [](const Array &s) { return total(s); }, legato::random({c.n}, dt, 13), positions,
        legato::random({c.n}, dt, 15));
  } else if (c.app == "histogram") {
    // n random numbers in 100 equal bins of [0, 1).
    bench(
        c,
        [](const Array &x) { return legato::histogram(x, 100, std::pair{0.0, 1.0}).first; },
        [](const Array &s) { return total(s); }, legato::random({c.n}, dt, 16));
  } else if (c.app == "sort") {
    bench(
        c, [](const Array &x) { return legato::sort(x); }, [](const Array &s) { return total(s); },
        legato::random({c.n}, dt, 17));
  } else if (c.app == "argsort") {
    bench(
        c, [](const Array &x) { return legato::argsort(x); },
        [](const Array &s) { return total(s); }, legato::random({c.n}, dt, 17));
  } else if (c.app == "searchsorted") {
    bench(
        c, [](const Array &a, const Array &v) { return legato::searchsorted(a, v); },
        [](const Array &s) { return total(s); },
        legato::arange(0.0, double(c.n), 1.0, dt), legato::random({c.n}, dt, 15) * double(c.n));
  } else if (c.app == "cfd") {
    apps::ChannelFlow flow = apps::channel_flow(c.n, c.nit);
    auto [u, v, p] = apps::cfd_inputs(c.n, dt);
    bench(
        c,
        [flow, iters](const Array &u, const Array &v, const Array &p) {
          return apps::cfd(u, v, p, flow, iters);
        },
        [](const Triple &o) {
          return total(std::get<0>(o)) + total(std::get<1>(o)) +
                 total(std::get<2>(o));
        },
        u, v, p);
  } else {
    apps::ShallowWater water;
    auto [h, hu, hv] = apps::swe_inputs(c.n, dt);
    bench(
        c,
        [water, iters](const Array &h, const Array &hu, const Array &hv) {
          return apps::shallow_water(h, hu, hv, water, iters);
        },
        [water](const Triple &o) {
          auto [h, hu, hv] = o;
          return apps::swe_energy(h, hu, hv, water).item<double>();
        },
        h, hu, hv);
  }
}

} // namespace

int main(int argc, char **argv) {
  Config c = parse(argc, argv);
  try {
    legato::Options options;
    options.mode = c.mode == "eager" ? legato::Mode::eager : legato::Mode::lazy;
    legato::Runtime rt(argc, argv, options);
    // Over several ranks every rank prints its line (bench/scaling.sh
    // reports the busiest rank's traffic).
    c.rank = rt.rank();
    c.ranks = rt.size();
    run(c);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "legato-bench: %s\n", e.what());
    return 1;
  }
}

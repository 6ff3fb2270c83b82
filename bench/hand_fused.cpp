//===- hand_fused.cpp - The benchmark apps as hand-fused C++ loops --------===//
//
// hand_fused --app black_scholes|stencil|cg|jacobi --n N [--dtype f64|f32]
//            [--reps R] [--warmup W]
//
// The baseline that legato's generated code is held to: the math of
// shared/bench/apps.py written by hand as few OpenMP loops over buffers
// allocated once (Black-Scholes one loop; stencil one loop per sweep; CG three
// per iteration; Jacobi one gemv and one loop per iteration). Inputs are
// legato::random's values, so checksums match the legato apps. Prints
// legato-bench's JSON line with mode "hand"; bench/cpu.sh builds and runs it.
//
//===----------------------------------------------------------------------===//
#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace {

template <class T> using Buffer = std::unique_ptr<T[]>;
// Left uninitialised: the first write is a parallel loop (first touch).
template <class T> Buffer<T> buffer(int64_t n) { return Buffer<T>(new T[n]); }

/// legato::random: splitmix64 of the element index (see
/// test/examples/reference.py), scaled to [lo, hi) in T.
template <class T>
void uniform(T *v, int64_t n, uint64_t seed, double lo = 0, double hi = 1) {
  const uint64_t golden = 0x9E3779B97F4A7C15ull;
#pragma omp parallel for
  for (int64_t i = 0; i < n; ++i) {
    uint64_t z = seed * golden + uint64_t(i) + golden;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    T r = sizeof(T) == 8 ? T(double(z >> 11) * 0x1p-53)
                         : T(float(z >> 40) * 0x1p-24f);
    v[i] = T(lo) + T(hi - lo) * r;
  }
}

template <class T> double total(const T *v, int64_t n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int64_t i = 0; i < n; ++i)
    s += v[i];
  return s;
}

// ---- Black-Scholes -----------------------------------------------------------
template <class T> inline T cnd(T d) {
  const T a1 = 0.31938153, a2 = -0.356563782, a3 = 1.781477937,
          a4 = -1.821255978, a5 = 1.330274429;
  T k = 1 / (1 + T(0.2316419) * std::abs(d));
  T c = T(0.39894228040143267793994605993438) * std::exp(T(-0.5) * d * d) *
        (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
  return d > 0 ? 1 - c : c;
}

template <class T> struct BlackScholes {
  static constexpr double R = 0.02, V = 0.30;
  int64_t n;
  Buffer<T> S = buffer<T>(n), X = buffer<T>(n), Tm = buffer<T>(n),
            call = buffer<T>(n), put = buffer<T>(n);
  int64_t kernels = 1, bytes = 5 * n * int64_t(sizeof(T));

  explicit BlackScholes(int64_t n) : n(n) {
    uniform(S.get(), n, 1, 5, 30);
    uniform(X.get(), n, 2, 1, 100);
    uniform(Tm.get(), n, 3, 0.25, 10);
  }
  void run() {
    const T drift = R + 0.5 * V * V, v = V, minus_r = -R;
#pragma omp parallel for simd
    for (int64_t i = 0; i < n; ++i) {
      T sqrt_t = std::sqrt(Tm[i]);
      T d1 = (std::log(S[i] / X[i]) + drift * Tm[i]) / (v * sqrt_t);
      T d2 = d1 - v * sqrt_t;
      T c1 = cnd(d1), c2 = cnd(d2);
      T e = std::exp(minus_r * Tm[i]);
      call[i] = S[i] * c1 - X[i] * e * c2;
      put[i] = X[i] * e * (1 - c2) - S[i] * (1 - c1);
    }
  }
  double checksum() const { return total(call.get(), n) + total(put.get(), n); }
};

// ---- Stencil -----------------------------------------------------------------
template <class T> struct Stencil {
  int64_t n;
  int iters = 10;
  Buffer<T> in = buffer<T>(n * n), a = buffer<T>(n * n), b = buffer<T>(n * n);
  T *out = nullptr;
  int64_t kernels = 1 + iters, bytes = 3 * n * n * int64_t(sizeof(T));

  explicit Stencil(int64_t n) : n(n) { uniform(in.get(), n * n, 4); }
  void run() {
    // Both buffers start as the input: the boundary is never written again.
#pragma omp parallel for simd
    for (int64_t i = 0; i < n * n; ++i)
      a[i] = b[i] = in[i];
    T *g = a.get(), *next = b.get();
    for (int s = 0; s < iters; ++s, std::swap(g, next)) {
#pragma omp parallel for
      for (int64_t i = 1; i < n - 1; ++i) {
        const T *c = g + i * n, *up = c - n, *down = c + n;
        T *o = next + i * n;
#pragma omp simd
        for (int64_t j = 1; j < n - 1; ++j)
          o[j] = T(0.2) * (c[j] + up[j] + down[j] + c[j - 1] + c[j + 1]);
      }
    }
    out = g;
  }
  double checksum() const { return total(out, n * n); }
};

// ---- CG ----------------------------------------------------------------------
template <class T> struct CG {
  int64_t n;
  int iters = 50;
  Buffer<T> b = buffer<T>(n * n), x = buffer<T>(n * n), r = buffer<T>(n * n),
            p = buffer<T>(n * n), ap = buffer<T>(n * n);
  std::vector<T> zero_row = std::vector<T>(size_t(n));
  int64_t kernels = 1 + 3 * int64_t(iters), bytes = 5 * n * n * int64_t(sizeof(T));

  explicit CG(int64_t n) : n(n) { uniform(b.get(), n * n, 5); }

  /// ap = -Laplace(p) with zero boundary; returns sum(p * ap).
  T laplacian_dot() {
    T dot = 0;
#pragma omp parallel for reduction(+ : dot)
    for (int64_t i = 0; i < n; ++i) {
      const T *c = p.get() + i * n;
      const T *up = i > 0 ? c - n : zero_row.data();
      const T *down = i < n - 1 ? c + n : zero_row.data();
      T *o = ap.get() + i * n;
      auto point = [&](int64_t j, T left, T right) {
        o[j] = 4 * c[j] - up[j] - down[j] - left - right;
        return c[j] * o[j];
      };
      T s = point(0, 0, c[1]);
#pragma omp simd reduction(+ : s)
      for (int64_t j = 1; j < n - 1; ++j)
        s += point(j, c[j - 1], c[j + 1]);
      dot += s + point(n - 1, c[n - 2], 0);
    }
    return dot;
  }
  void run() {
    const int64_t m = n * n;
    T rs = 0;
#pragma omp parallel for simd reduction(+ : rs)
    for (int64_t i = 0; i < m; ++i) {
      x[i] = 0;
      r[i] = p[i] = b[i];
      rs += b[i] * b[i];
    }
    for (int it = 0; it < iters; ++it) {
      T alpha = rs / laplacian_dot();
      T rs_new = 0;
#pragma omp parallel for simd reduction(+ : rs_new)
      for (int64_t i = 0; i < m; ++i) {
        x[i] += alpha * p[i];
        r[i] -= alpha * ap[i];
        rs_new += r[i] * r[i];
      }
      T beta = rs_new / rs;
#pragma omp parallel for simd
      for (int64_t i = 0; i < m; ++i)
        p[i] = r[i] + beta * p[i];
      rs = rs_new;
    }
  }
  double checksum() const { return total(x.get(), n * n); }
};

// ---- Dense Jacobi ------------------------------------------------------------
inline void gemv(int64_t n, const double *A, const double *x, double *y) {
  cblas_dgemv(CblasRowMajor, CblasNoTrans, n, n, 1.0, A, n, x, 1, 0.0, y, 1);
}
inline void gemv(int64_t n, const float *A, const float *x, float *y) {
  cblas_sgemv(CblasRowMajor, CblasNoTrans, n, n, 1.0f, A, n, x, 1, 0.0f, y, 1);
}

template <class T> struct Jacobi {
  int64_t n;
  int iters = 10;
  Buffer<T> A = buffer<T>(n * n), b = buffer<T>(n), d = buffer<T>(n),
            x = buffer<T>(n), y = buffer<T>(n);
  int64_t kernels = 1 + 2 * int64_t(iters),
          bytes = (n * n + 4 * n) * int64_t(sizeof(T));

  explicit Jacobi(int64_t n) : n(n) {
    uniform(A.get(), n * n, 6);
    for (int64_t i = 0; i < n; ++i)
      A[i * n + i] += T(n);
    uniform(b.get(), n, 7);
  }
  // The O(n) loops stay on one thread: too short to pay for a fork, and
  // OpenMP's spinning threads would fight OpenBLAS's for the cores.
  void run() {
#pragma omp simd
    for (int64_t i = 0; i < n; ++i) {
      d[i] = A[i * n + i];
      x[i] = 0;
    }
    // R x = A x - d x: no copy of A without its diagonal.
    for (int it = 0; it < iters; ++it) {
      gemv(n, A.get(), x.get(), y.get());
#pragma omp simd
      for (int64_t i = 0; i < n; ++i)
        x[i] = (b[i] - (y[i] - d[i] * x[i])) / d[i];
    }
  }
  double checksum() const { return total(x.get(), n); }
};

// ---- driver ------------------------------------------------------------------
struct Config {
  std::string app, dtype = "f64";
  int64_t n = 0;
  int reps = 5, warmup = 2;
};

[[noreturn]] void usage(const std::string &why) {
  std::fprintf(stderr,
               "hand_fused: %s\nusage: hand_fused --app "
               "black_scholes|stencil|cg|jacobi --n N [--dtype f64|f32] "
               "[--reps R] [--warmup W]\n",
               why.c_str());
  std::exit(2);
}

Config parse(int argc, char **argv) {
  Config c;
  for (int i = 1; i < argc; i += 2) {
    std::string key = argv[i];
    if (i + 1 == argc)
      usage(key + " needs a value");
    std::string value = argv[i + 1];
    if (key == "--app") c.app = value;
    else if (key == "--dtype") c.dtype = value;
    else if (key == "--n") c.n = std::atoll(value.c_str());
    else if (key == "--reps") c.reps = std::atoi(value.c_str());
    else if (key == "--warmup") c.warmup = std::atoi(value.c_str());
    else usage("unknown option " + key);
  }
  if (c.app != "black_scholes" && c.app != "stencil" && c.app != "cg" &&
      c.app != "jacobi")
    usage("--app must be black_scholes, stencil, cg or jacobi");
  if (c.dtype != "f64" && c.dtype != "f32")
    usage("--dtype must be f64 or f32");
  if (c.n < 3 || c.reps < 1 || c.warmup < 0)
    usage("need --n >= 3, --reps >= 1, --warmup >= 0");
  return c;
}

template <class App> void measure(const Config &c) {
  App app(c.n);
  for (int i = 0; i < c.warmup; ++i)
    app.run();
  std::vector<double> ms;
  for (int i = 0; i < c.reps; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    app.run();
    ms.push_back(std::chrono::duration<double, std::milli>(
                     std::chrono::steady_clock::now() - t0)
                     .count());
  }
  std::sort(ms.begin(), ms.end());
  size_t h = ms.size() / 2;
  double median = ms.size() % 2 ? ms[h] : (ms[h - 1] + ms[h]) / 2;
  std::printf("{\"app\": \"%s\", \"mode\": \"hand\", \"n\": %lld, \"dtype\": "
              "\"%s\", \"median_ms\": %.4f, \"min_ms\": %.4f, \"kernels\": "
              "%lld, \"peak_bytes\": %lld, \"compile_ms\": 0, \"compiles\": 0, "
              "\"checksum\": %.17g}\n",
              c.app.c_str(), (long long)c.n, c.dtype.c_str(), median, ms[0],
              (long long)app.kernels, (long long)app.bytes, app.checksum());
}

template <class T> void dispatch(const Config &c) {
  if (c.app == "black_scholes") measure<BlackScholes<T>>(c);
  else if (c.app == "stencil") measure<Stencil<T>>(c);
  else if (c.app == "cg") measure<CG<T>>(c);
  else measure<Jacobi<T>>(c);
}

} // namespace

int main(int argc, char **argv) {
  Config c = parse(argc, argv);
  if (c.dtype == "f32")
    dispatch<float>(c);
  else
    dispatch<double>(c);
}

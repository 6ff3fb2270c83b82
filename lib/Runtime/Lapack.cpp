//===- Lapack.cpp - legato.lapack's routines on host memory ----------------===//
//
// Each matrix of a stack is copied into a column-major work array (LAPACK's
// layout; the copy also takes any strides and keeps the operand intact),
// factored or solved by LAPACK through its Fortran interface (Debian's
// liblapack3, OpenBLAS's where installed), and written row-major into its
// slot of the packed result. The copies are O(n^2) beside O(n^3) work.
//
//===----------------------------------------------------------------------===//
#include "Runtime/Lapack.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <vector>

// LAPACK's Fortran interface (LP64: 32-bit integers, as Debian builds it);
// each character argument's hidden length comes last.
extern "C" {
using lapack_int = int;
using cfloat = std::complex<float>;
using cdouble = std::complex<double>;
#define LEGATO_POTRF(p, T)                                                                  \
  void p##potrf_(const char *, const lapack_int *, T *, const lapack_int *, lapack_int *,    \
                 size_t);
#define LEGATO_GESV(p, T)                                                                   \
  void p##gesv_(const lapack_int *, const lapack_int *, T *, const lapack_int *, lapack_int *, \
                T *, const lapack_int *, lapack_int *);
#define LEGATO_GETRF(p, T)                                                                  \
  void p##getrf_(const lapack_int *, const lapack_int *, T *, const lapack_int *,           \
                 lapack_int *, lapack_int *);
#define LEGATO_GEQRF(p, T)                                                                  \
  void p##geqrf_(const lapack_int *, const lapack_int *, T *, const lapack_int *, T *, T *,  \
                 const lapack_int *, lapack_int *);
#define LEGATO_ORGQR(name, T)                                                               \
  void name(const lapack_int *, const lapack_int *, const lapack_int *, T *,                \
            const lapack_int *, const T *, T *, const lapack_int *, lapack_int *);
#define LEGATO_ALL(M)                                                                       \
  M(s, float) M(d, double) M(c, cfloat) M(z, cdouble)
LEGATO_ALL(LEGATO_POTRF)
LEGATO_ALL(LEGATO_GESV)
LEGATO_ALL(LEGATO_GETRF)
LEGATO_ALL(LEGATO_GEQRF)
LEGATO_ORGQR(sorgqr_, float)
LEGATO_ORGQR(dorgqr_, double)
LEGATO_ORGQR(cungqr_, cfloat)
LEGATO_ORGQR(zungqr_, cdouble)
#undef LEGATO_POTRF
#undef LEGATO_GESV
#undef LEGATO_GETRF
#undef LEGATO_GEQRF
#undef LEGATO_ORGQR
#undef LEGATO_ALL
void ssyevd_(const char *, const char *, const lapack_int *, float *, const lapack_int *,
             float *, float *, const lapack_int *, lapack_int *, const lapack_int *,
             lapack_int *, size_t, size_t);
void dsyevd_(const char *, const char *, const lapack_int *, double *, const lapack_int *,
             double *, double *, const lapack_int *, lapack_int *, const lapack_int *,
             lapack_int *, size_t, size_t);
void cheevd_(const char *, const char *, const lapack_int *, cfloat *, const lapack_int *,
             float *, cfloat *, const lapack_int *, float *, const lapack_int *, lapack_int *,
             const lapack_int *, lapack_int *, size_t, size_t);
void zheevd_(const char *, const char *, const lapack_int *, cdouble *, const lapack_int *,
             double *, cdouble *, const lapack_int *, double *, const lapack_int *, lapack_int *,
             const lapack_int *, lapack_int *, size_t, size_t);
void sgeev_(const char *, const char *, const lapack_int *, float *, const lapack_int *, float *,
            float *, float *, const lapack_int *, float *, const lapack_int *, float *,
            const lapack_int *, lapack_int *, size_t, size_t);
void dgeev_(const char *, const char *, const lapack_int *, double *, const lapack_int *,
            double *, double *, double *, const lapack_int *, double *, const lapack_int *,
            double *, const lapack_int *, lapack_int *, size_t, size_t);
void cgeev_(const char *, const char *, const lapack_int *, cfloat *, const lapack_int *, cfloat *,
            cfloat *, const lapack_int *, cfloat *, const lapack_int *, cfloat *,
            const lapack_int *, float *, lapack_int *, size_t, size_t);
void zgeev_(const char *, const char *, const lapack_int *, cdouble *, const lapack_int *,
            cdouble *, cdouble *, const lapack_int *, cdouble *, const lapack_int *, cdouble *,
            const lapack_int *, double *, lapack_int *, size_t, size_t);
void sgesdd_(const char *, const lapack_int *, const lapack_int *, float *, const lapack_int *,
             float *, float *, const lapack_int *, float *, const lapack_int *, float *,
             const lapack_int *, lapack_int *, lapack_int *, size_t);
void dgesdd_(const char *, const lapack_int *, const lapack_int *, double *,
             const lapack_int *, double *, double *, const lapack_int *, double *,
             const lapack_int *, double *, const lapack_int *, lapack_int *, lapack_int *,
             size_t);
void cgesdd_(const char *, const lapack_int *, const lapack_int *, cfloat *, const lapack_int *,
             float *, cfloat *, const lapack_int *, cfloat *, const lapack_int *, cfloat *,
             const lapack_int *, float *, lapack_int *, lapack_int *, size_t);
void zgesdd_(const char *, const lapack_int *, const lapack_int *, cdouble *, const lapack_int *,
             double *, cdouble *, const lapack_int *, cdouble *, const lapack_int *, cdouble *,
             const lapack_int *, double *, lapack_int *, lapack_int *, size_t);
}

// OpenBLAS's thread count, where OpenBLAS is the LAPACK (weak: another
// LAPACK leaves them null).
extern "C" {
int openblas_get_num_threads() __attribute__((weak));
void openblas_set_num_threads(int) __attribute__((weak));
}

namespace legato::runtime {
namespace {

thread_local std::string failure;

/// While alive, OpenBLAS runs on one thread: for small matrices its
/// threads cost more than they compute (bench/linalg.py's stacks of small
/// inverses ran 10x slower on two).
class SmallProblems {
public:
  explicit SmallProblems(bool small) {
    if (small && openblas_get_num_threads && openblas_set_num_threads) {
      saved_ = openblas_get_num_threads();
      if (saved_ > 1)
        openblas_set_num_threads(1);
    }
  }
  ~SmallProblems() {
    if (saved_ > 1)
      openblas_set_num_threads(saved_);
  }
  SmallProblems(const SmallProblems &) = delete;
  SmallProblems &operator=(const SmallProblems &) = delete;

private:
  int saved_ = 0;
};

/// Matrices this small run on one thread.
constexpr int64_t kSmallOrder = 64;

void fail(const std::string &message) {
  if (failure.empty())
    failure = message;
}

// The kinds, as mlir::legato::LapackKind numbers them (LegatoOps.td).
enum Kind : int64_t { kCholesky, kSolve, kSlogdet, kEigh, kSvd, kQr, kEig };

template <class T> struct RealOf {
  using type = T;
};
template <class T> struct RealOf<std::complex<T>> {
  using type = T;
};
template <class T> using Real = typename RealOf<T>::type;

lapack_int checked(int64_t n, const char *what) {
  if (n > std::numeric_limits<lapack_int>::max())
    throw Error(std::string("np.linalg: ") + what + " of " + std::to_string(n) +
                " exceeds LAPACK's 32-bit sizes; split the problem");
  return lapack_int(n);
}

// ---- LAPACK by element type ----------------------------------------------

void potrf(char uplo, lapack_int n, float *a, lapack_int *info) { spotrf_(&uplo, &n, a, &n, info, 1); }
void potrf(char uplo, lapack_int n, double *a, lapack_int *info) { dpotrf_(&uplo, &n, a, &n, info, 1); }
void potrf(char uplo, lapack_int n, cfloat *a, lapack_int *info) { cpotrf_(&uplo, &n, a, &n, info, 1); }
void potrf(char uplo, lapack_int n, cdouble *a, lapack_int *info) { zpotrf_(&uplo, &n, a, &n, info, 1); }

#define LEGATO_GESV(p, T)                                                                   \
  void gesv(lapack_int n, lapack_int k, T *a, lapack_int *ipiv, T *b, lapack_int *info) {   \
    p##gesv_(&n, &k, a, &n, ipiv, b, &n, info);                                             \
  }                                                                                         \
  void getrf(lapack_int n, T *a, lapack_int *ipiv, lapack_int *info) {                      \
    p##getrf_(&n, &n, a, &n, ipiv, info);                                                   \
  }                                                                                         \
  void geqrf(lapack_int m, lapack_int n, T *a, T *tau, T *work, lapack_int lwork,           \
             lapack_int *info) {                                                            \
    p##geqrf_(&m, &n, a, &m, tau, work, &lwork, info);                                      \
  }
LEGATO_GESV(s, float)
LEGATO_GESV(d, double)
LEGATO_GESV(c, cfloat)
LEGATO_GESV(z, cdouble)
#undef LEGATO_GESV
void orgqr(lapack_int m, lapack_int n, lapack_int k, float *a, const float *tau, float *work,
           lapack_int lwork, lapack_int *info) {
  sorgqr_(&m, &n, &k, a, &m, tau, work, &lwork, info);
}
void orgqr(lapack_int m, lapack_int n, lapack_int k, double *a, const double *tau,
           double *work, lapack_int lwork, lapack_int *info) {
  dorgqr_(&m, &n, &k, a, &m, tau, work, &lwork, info);
}
void orgqr(lapack_int m, lapack_int n, lapack_int k, cfloat *a, const cfloat *tau, cfloat *work,
           lapack_int lwork, lapack_int *info) {
  cungqr_(&m, &n, &k, a, &m, tau, work, &lwork, info);
}
void orgqr(lapack_int m, lapack_int n, lapack_int k, cdouble *a, const cdouble *tau, cdouble *work,
           lapack_int lwork, lapack_int *info) {
  zungqr_(&m, &n, &k, a, &m, tau, work, &lwork, info);
}

/// syevd/heevd: eigenvalues into w, eigenvectors over a (jobz 'V').
template <class T>
void syevd(char jobz, char uplo, lapack_int n, T *a, Real<T> *w, lapack_int *info) {
  lapack_int query = -1, liwork = 0, lrwork = 0;
  T lwork{};
  // The workspace query first, then the call with what it asked for.
  for (int pass = 0; pass < 2; ++pass) {
    std::vector<T> work(pass ? size_t(std::real(lwork)) : 1);
    std::vector<Real<T>> rwork(pass ? size_t(lrwork) : 1);
    std::vector<lapack_int> iwork(pass ? size_t(liwork) : 1);
    lapack_int lw = pass ? lapack_int(work.size()) : query;
    lapack_int lr = pass ? lrwork : query, li = pass ? liwork : query;
    if constexpr (std::is_same_v<T, float>)
      ssyevd_(&jobz, &uplo, &n, a, &n, w, work.data(), &lw, iwork.data(), &li, info, 1, 1);
    else if constexpr (std::is_same_v<T, double>)
      dsyevd_(&jobz, &uplo, &n, a, &n, w, work.data(), &lw, iwork.data(), &li, info, 1, 1);
    else if constexpr (std::is_same_v<T, cfloat>)
      cheevd_(&jobz, &uplo, &n, a, &n, w, work.data(), &lw, rwork.data(), &lr, iwork.data(),
              &li, info, 1, 1);
    else
      zheevd_(&jobz, &uplo, &n, a, &n, w, work.data(), &lw, rwork.data(), &lr, iwork.data(),
              &li, info, 1, 1);
    if (*info != 0)
      return;
    if (!pass) {
      lwork = T(std::max<Real<T>>(1, std::real(work[0])));
      lrwork = lapack_int(std::max<Real<T>>(1, rwork[0]));
      liwork = std::max<lapack_int>(1, iwork[0]);
    }
  }
}

/// gesdd: singular values into s; u [m, ucols] and vt [vrows, n] column-major.
template <class T>
void gesdd(char jobz, lapack_int m, lapack_int n, T *a, Real<T> *s, T *u, lapack_int ldu,
           T *vt, lapack_int ldvt, lapack_int *info) {
  lapack_int k = std::min(m, n), big = std::max(m, n);
  std::vector<lapack_int> iwork(size_t(8) * size_t(std::max<lapack_int>(k, 1)));
  // LAPACK 3.7's bound for the complex routines' real workspace.
  size_t lrwork = jobz == 'N' ? size_t(7) * size_t(k) + 1
                              : size_t(std::max<int64_t>(
                                    int64_t(5) * k * k + 5 * k,
                                    int64_t(2) * big * k + int64_t(2) * k * k + k)) + 1;
  std::vector<Real<T>> rwork(std::is_same_v<T, Real<T>> ? 1 : lrwork);
  T size{};
  for (int pass = 0; pass < 2; ++pass) {
    std::vector<T> work(pass ? size_t(std::real(size)) : 1);
    lapack_int lw = pass ? lapack_int(work.size()) : -1;
    if constexpr (std::is_same_v<T, float>)
      sgesdd_(&jobz, &m, &n, a, &m, s, u, &ldu, vt, &ldvt, work.data(), &lw, iwork.data(),
              info, 1);
    else if constexpr (std::is_same_v<T, double>)
      dgesdd_(&jobz, &m, &n, a, &m, s, u, &ldu, vt, &ldvt, work.data(), &lw, iwork.data(),
              info, 1);
    else if constexpr (std::is_same_v<T, cfloat>)
      cgesdd_(&jobz, &m, &n, a, &m, s, u, &ldu, vt, &ldvt, work.data(), &lw, rwork.data(),
              iwork.data(), info, 1);
    else
      zgesdd_(&jobz, &m, &n, a, &m, s, u, &ldu, vt, &ldvt, work.data(), &lw, rwork.data(),
              iwork.data(), info, 1);
    if (*info != 0)
      return;
    if (!pass)
      size = T(std::max<Real<T>>(1, std::real(work[0])));
  }
}

// ---- one matrix ----------------------------------------------------------

/// Work arrays that persist across the matrices of a stack and across
/// calls: slot `k` of element type T on this thread, `n` elements (not
/// cleared: every use writes what it reads).
template <class T, int k> std::vector<T> &slot() {
  thread_local std::vector<T> v;
  return v;
}
template <class T, int k> std::vector<T> &scratch(size_t n) {
  std::vector<T> &v = slot<T, k>();
  v.resize(std::max<size_t>(n, 1));
  return v;
}
/// Frees the work arrays of a large matrix (a stack of small ones keeps
/// reusing its few kilobytes).
template <class T> void trimScratch() {
  auto trim = [](auto &v) {
    if (v.capacity() > (size_t(1) << 20))
      std::decay_t<decltype(v)>().swap(v);
  };
  trim(slot<T, 0>());
  trim(slot<T, 1>());
  trim(slot<Real<T>, 2>());
  trim(slot<T, 3>());
  trim(slot<lapack_int, 0>());
}

/// Copies a rows x cols matrix from (row, column) strides `from` to `to`,
/// in tiles, so that neither side is walked across cache lines a whole
/// column at a time (a row-major <-> column-major copy is a transpose).
template <class T>
void copyTiled(const T *src, int64_t srcRow, int64_t srcCol, T *dst, int64_t dstRow,
               int64_t dstCol, int64_t rows, int64_t cols) {
  constexpr int64_t tile = 32;
  for (int64_t i0 = 0; i0 < rows; i0 += tile)
    for (int64_t j0 = 0; j0 < cols; j0 += tile)
      for (int64_t i = i0; i < std::min(rows, i0 + tile); ++i)
        for (int64_t j = j0; j < std::min(cols, j0 + tile); ++j)
          dst[i * dstRow + j * dstCol] = src[i * srcRow + j * srcCol];
}

/// A rows x cols matrix of a strided view.
template <class T> struct Matrix {
  T *at;
  int64_t rows, cols, rowStride, colStride;

  /// The matrix in column-major storage (a work array of slot k).
  template <int k> std::vector<T> &columnMajor() const {
    std::vector<T> &w = scratch<T, k>(size_t(rows * cols));
    copyTiled(at, rowStride, colStride, w.data(), int64_t(1), rows, rows, cols);
    return w;
  }
};

/// Writes the column-major rows x cols `w` (leading dimension ld) row-major
/// at `out`; returns the position after it.
template <class T>
T *putRowMajor(T *out, const T *w, int64_t rows, int64_t cols, int64_t ld) {
  copyTiled(w, int64_t(1), ld, out, cols, int64_t(1), rows, cols);
  return out + rows * cols;
}

template <class T> T *putIdentity(T *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      *out++ = T(i == j ? 1 : 0);
  return out;
}

/// Matrix `index` of a stack of `count`, for messages.
struct Where {
  int64_t index, count;
  std::string str() const {
    if (count == 1)
      return "";
    return " (matrix " + std::to_string(index) + " of a stack of " + std::to_string(count) +
           ")";
  }
};

template <class T>
void cholesky(const Matrix<T> &a, T *out, bool upper, const Where &where) {
  lapack_int n = checked(a.rows, "a matrix's order"), info = 0;
  std::vector<T> &w = a.template columnMajor<0>();
  if (n > 0)
    potrf(upper ? 'U' : 'L', n, w.data(), &info);
  if (info > 0) {
    fail("np.linalg.cholesky: Matrix is not positive definite" + where.str() +
         " (its leading minor of order " + std::to_string(info) + " is not)");
    std::fill(out, out + a.rows * a.cols, T(std::numeric_limits<Real<T>>::quiet_NaN()));
    return;
  }
  for (int64_t j = 0; j < n; ++j)
    for (int64_t i = 0; i < n; ++i)
      if (upper ? i > j : i < j)
        w[size_t(i + j * n)] = T(0);
  putRowMajor(out, w.data(), n, n, n);
}

template <class T>
void solve(const Matrix<T> &a, const Matrix<T> &b, T *out, const Where &where) {
  lapack_int n = checked(a.rows, "a matrix's order");
  lapack_int k = checked(b.cols, "the number of right-hand sides"), info = 0;
  std::vector<T> &w = a.template columnMajor<0>(), &x = b.template columnMajor<1>();
  std::vector<lapack_int> &pivots = scratch<lapack_int, 0>(size_t(n));
  if (n > 0 && k > 0)
    gesv(n, k, w.data(), pivots.data(), x.data(), &info);
  if (info > 0) {
    fail("np.linalg.solve: Singular matrix" + where.str() + " (U(" + std::to_string(info) + ", " +
         std::to_string(info) + ") of its LU factorization is exactly zero)");
    std::fill(out, out + int64_t(n) * k, T(std::numeric_limits<Real<T>>::quiet_NaN()));
    return;
  }
  putRowMajor(out, x.data(), n, k, n);
}

/// sign, log|det| from the LU factorization (a singular matrix: 0, -inf).
template <class T> void slogdet(const Matrix<T> &a, T *out) {
  lapack_int n = checked(a.rows, "a matrix's order"), info = 0;
  std::vector<T> &w = a.template columnMajor<0>();
  std::vector<lapack_int> &pivots = scratch<lapack_int, 0>(size_t(n));
  if (n > 0)
    getrf(n, w.data(), pivots.data(), &info);
  if (info > 0) {
    out[0] = T(0);
    out[1] = T(-std::numeric_limits<Real<T>>::infinity());
    return;
  }
  T sign = T(1);
  Real<T> logdet = 0;
  for (lapack_int i = 0; i < n; ++i) {
    T d = w[size_t(i + i * n)];
    Real<T> magnitude = std::abs(d);
    if (pivots[size_t(i)] != i + 1)
      sign = -sign;
    sign *= d / magnitude;
    logdet += std::log(magnitude);
  }
  out[0] = sign;
  out[1] = T(logdet);
}

template <class T>
void eigh(const Matrix<T> &a, T *out, bool vectors, bool upper, const Where &where) {
  lapack_int n = checked(a.rows, "a matrix's order"), info = 0;
  std::vector<T> &w = a.template columnMajor<0>();
  std::vector<Real<T>> &values = scratch<Real<T>, 2>(size_t(n));
  if (n > 0)
    syevd(vectors ? 'V' : 'N', upper ? 'U' : 'L', n, w.data(), values.data(), &info);
  if (info > 0) {
    fail("np.linalg.eigh: Eigenvalues did not converge" + where.str());
    std::fill(out, out + n + (vectors ? int64_t(n) * n : 0),
              T(std::numeric_limits<Real<T>>::quiet_NaN()));
    return;
  }
  for (lapack_int i = 0; i < n; ++i)
    *out++ = T(values[size_t(i)]);
  if (vectors)
    putRowMajor(out, w.data(), n, n, n);
}

template <class T>
void svd(const Matrix<T> &a, T *out, bool vectors, bool full, const Where &where) {
  lapack_int m = checked(a.rows, "a matrix's rows"), n = checked(a.cols, "a matrix's columns");
  lapack_int k = std::min(m, n), info = 0;
  lapack_int ucols = full ? m : k, vrows = full ? n : k;
  std::vector<T> &w = a.template columnMajor<0>();
  std::vector<Real<T>> &s = scratch<Real<T>, 2>(size_t(k));
  std::vector<T> &u = scratch<T, 1>(vectors ? size_t(m) * size_t(ucols) : 1);
  std::vector<T> &vt = scratch<T, 3>(vectors ? size_t(vrows) * size_t(n) : 1);
  if (k > 0)
    gesdd(!vectors ? 'N' : full ? 'A' : 'S', m, n, w.data(), s.data(), u.data(),
          std::max<lapack_int>(m, 1), vt.data(), std::max<lapack_int>(vrows, 1), &info);
  if (info > 0) {
    fail("np.linalg.svd: SVD did not converge" + where.str());
    int64_t size = k + (vectors ? int64_t(m) * ucols + int64_t(vrows) * n : 0);
    std::fill(out, out + size, T(std::numeric_limits<Real<T>>::quiet_NaN()));
    return;
  }
  for (lapack_int i = 0; i < k; ++i)
    *out++ = T(s[size_t(i)]);
  if (!vectors)
    return;
  if (k == 0) { // an empty matrix: the identity is its full basis
    out = full ? putIdentity(out, m) : out;
    if (full)
      putIdentity(out, n);
    return;
  }
  out = putRowMajor(out, u.data(), m, ucols, m);
  putRowMajor(out, vt.data(), vrows, n, vrows);
}

template <class T> void qr(const Matrix<T> &a, T *out, bool vectors, bool full) {
  lapack_int m = checked(a.rows, "a matrix's rows"), n = checked(a.cols, "a matrix's columns");
  lapack_int k = std::min(m, n), info = 0;
  std::vector<T> &w = a.template columnMajor<0>();
  std::vector<T> &tau = scratch<T, 1>(size_t(k));
  auto withWorkspace = [&](auto call) {
    T size{};
    call(&size, lapack_int(-1));
    std::vector<T> work(size_t(std::max<Real<T>>(1, std::real(size))));
    call(work.data(), lapack_int(work.size()));
  };
  if (k > 0)
    withWorkspace([&](T *work, lapack_int lwork) {
      geqrf(m, n, w.data(), tau.data(), work, lwork, &info);
    });
  // r: the upper triangle of the factored rows (all m of them when full).
  lapack_int rRows = full ? m : k;
  for (lapack_int i = 0; i < rRows; ++i)
    for (lapack_int j = 0; j < n; ++j)
      *out++ = j >= i ? w[size_t(i + j * m)] : T(0);
  if (!vectors)
    return;
  lapack_int qCols = full ? m : k;
  std::vector<T> q(size_t(m) * size_t(std::max<lapack_int>(qCols, 1)));
  std::copy(w.begin(), w.begin() + int64_t(m) * std::min(qCols, n), q.begin());
  if (k > 0)
    withWorkspace([&](T *work, lapack_int lwork) {
      orgqr(m, qCols, k, q.data(), tau.data(), work, lwork, &info);
    });
  else
    putIdentity(q.data(), full ? m : 0);
  putRowMajor(out, q.data(), m, qCols, m);
}

/// geev: eigenvalues (and right eigenvectors, unit columns) of a general
/// matrix as complex numbers. A real matrix's complex pairs come as
/// conjugate columns (LAPACK stores the pair's real and imaginary parts in
/// two columns), as NumPy unpacks them.
template <class T>
void eig(const Matrix<T> &a, std::complex<Real<T>> *out, bool vectors, const Where &where) {
  using C = std::complex<Real<T>>;
  lapack_int n = checked(a.rows, "a matrix's order"), info = 0, none = 1;
  std::vector<T> &w = a.template columnMajor<0>();
  std::vector<T> &vr = scratch<T, 1>(vectors ? size_t(n) * size_t(n) : 1);
  char jobvr = vectors ? 'V' : 'N', jobvl = 'N';
  lapack_int ldvr = vectors ? std::max<lapack_int>(n, 1) : 1;
  std::vector<C> values(size_t(std::max<lapack_int>(n, 1)));
  if (n > 0) {
    std::vector<Real<T>> rwork(2 * static_cast<size_t>(n));
    std::vector<Real<T>> wr(static_cast<size_t>(n)), wi(static_cast<size_t>(n));
    T size{};
    for (int pass = 0; pass < 2; ++pass) {
      std::vector<T> work(pass ? size_t(std::max<Real<T>>(1, std::real(size))) : 1);
      lapack_int lw = pass ? lapack_int(work.size()) : -1;
      if constexpr (std::is_same_v<T, float>)
        sgeev_(&jobvl, &jobvr, &n, w.data(), &n, wr.data(), wi.data(), nullptr, &none,
               vr.data(), &ldvr, work.data(), &lw, &info, 1, 1);
      else if constexpr (std::is_same_v<T, double>)
        dgeev_(&jobvl, &jobvr, &n, w.data(), &n, wr.data(), wi.data(), nullptr, &none,
               vr.data(), &ldvr, work.data(), &lw, &info, 1, 1);
      else if constexpr (std::is_same_v<T, cfloat>)
        cgeev_(&jobvl, &jobvr, &n, w.data(), &n, values.data(), nullptr, &none, vr.data(),
               &ldvr, work.data(), &lw, rwork.data(), &info, 1, 1);
      else
        zgeev_(&jobvl, &jobvr, &n, w.data(), &n, values.data(), nullptr, &none, vr.data(),
               &ldvr, work.data(), &lw, rwork.data(), &info, 1, 1);
      if (info != 0)
        break;
      if (!pass)
        size = work[0];
    }
    if constexpr (std::is_same_v<T, Real<T>>)
      for (lapack_int i = 0; i < n; ++i)
        values[size_t(i)] = C(wr[size_t(i)], wi[size_t(i)]);
  }
  if (info > 0) {
    fail("np.linalg.eig: Eigenvalues did not converge" + where.str());
    std::fill(out, out + n + (vectors ? int64_t(n) * n : 0),
              C(std::numeric_limits<Real<T>>::quiet_NaN()));
    return;
  }
  std::copy(values.begin(), values.begin() + n, out);
  if (!vectors)
    return;
  C *v = out + n;
  for (lapack_int j = 0; j < n; ++j) {
    bool pair = std::is_same_v<T, Real<T>> && values[size_t(j)].imag() > 0 && j + 1 < n;
    for (lapack_int i = 0; i < n; ++i) {
      if (pair) {
        Real<T> re = std::real(vr[size_t(i + j * n)]), im = std::real(vr[size_t(i + (j + 1) * n)]);
        v[i * n + j] = C(re, im);
        v[i * n + j + 1] = C(re, -im);
      } else {
        v[i * n + j] = C(vr[size_t(i + j * n)]);
      }
    }
    if (pair)
      ++j;
  }
}

// ---- the stack -----------------------------------------------------------

/// Matrix `batch` of the stack `v` (batch axes first).
template <class T> Matrix<T> matrixOf(const HostView &v, int64_t batch) {
  int64_t offset = 0;
  for (int64_t d = v.rank - 3; d >= 0; --d) {
    offset += (batch % v.sizes[d]) * v.strides[d];
    batch /= v.sizes[d];
  }
  int64_t r = v.rank;
  return {static_cast<T *>(v.data) + offset, v.sizes[r - 2], v.sizes[r - 1], v.strides[r - 2],
          v.strides[r - 1]};
}

template <class T>
void run(int64_t kind, int64_t flags, const HostView &out, const HostView &a, const HostView &b) {
  int64_t batches = 1, perMatrix = 1;
  for (int64_t d = 0; d + 2 < a.rank; ++d)
    batches *= a.sizes[d];
  for (int64_t d = a.rank - 2; d < out.rank; ++d)
    perMatrix *= out.sizes[d];
  bool vectors = flags & kVectors, full = flags & kFull, upper = flags & kUpper;
  SmallProblems oneThread(std::max(a.sizes[a.rank - 2], a.sizes[a.rank - 1]) <= kSmallOrder);
  for (int64_t i = 0; i < batches; ++i) {
    Matrix<T> m = matrixOf<T>(a, i);
    T *slot = static_cast<T *>(out.data) + i * perMatrix;
    Where where{i, batches};
    switch (Kind(kind)) {
    case kCholesky: cholesky(m, slot, upper, where); break;
    case kSolve: solve(m, matrixOf<T>(b, i), slot, where); break;
    case kSlogdet: slogdet(m, slot); break;
    case kEigh: eigh(m, slot, vectors, upper, where); break;
    case kSvd: svd(m, slot, vectors, full, where); break;
    case kQr: qr(m, slot, vectors, full); break;
    default: throw Error("legato: internal error: no LAPACK routine of kind " + std::to_string(kind));
    }
  }
  trimScratch<T>();
}

template <class T> void runEig(int64_t flags, const HostView &out, const HostView &a) {
  int64_t batches = 1, perMatrix = out.sizes[out.rank - 1];
  for (int64_t d = 0; d + 2 < a.rank; ++d)
    batches *= a.sizes[d];
  SmallProblems oneThread(a.sizes[a.rank - 1] <= kSmallOrder);
  for (int64_t i = 0; i < batches; ++i)
    eig(matrixOf<T>(a, i), static_cast<std::complex<Real<T>> *>(out.data) + i * perMatrix,
        flags & kVectors, Where{i, batches});
  trimScratch<T>();
}

template <class T>
void fromGeneratedCode(int64_t kind, int64_t flags, Unranked *out, Unranked *a, Unranked *b) {
  try {
    if (kind == kEig)
      return runEig<T>(flags, viewOf<std::complex<Real<T>>>(out),
                       viewOf<T>(a));
    run<T>(kind, flags, viewOf<T>(out), viewOf<T>(a),
           viewOf<T>(b));
  } catch (const Error &e) { // nothing may unwind through generated code
    fail(e.what());
  }
}

} // namespace

void runLapack(int64_t kind, int64_t flags, DType dtype, const HostView &out, const HostView &a,
               const HostView &b) {
  if (kind == kEig) {
    switch (dtype) {
    case DType::f32: return runEig<float>(flags, out, a);
    case DType::f64: return runEig<double>(flags, out, a);
    case DType::c64: return runEig<cfloat>(flags, out, a);
    case DType::c128: return runEig<cdouble>(flags, out, a);
    default: break;
    }
  }
  switch (dtype) {
  case DType::f32: return run<float>(kind, flags, out, a, b);
  case DType::f64: return run<double>(kind, flags, out, a, b);
  case DType::c64: return run<cfloat>(kind, flags, out, a, b);
  case DType::c128: return run<cdouble>(kind, flags, out, a, b);
  default: throw Error("legato: internal error: LAPACK has no routines of this dtype");
  }
}

std::string takeLapackFailure() {
  std::string taken;
  taken.swap(failure);
  return taken;
}

} // namespace legato::runtime

// One entry point per operand type, and eig's (its result is complex
// whatever the operands are; the kind says which routine runs).
#define LEGATO_LAPACK_ENTRY(name, T)                                                         \
  void _mlir_ciface_legato_lapack_##name(int64_t kind, int64_t flags,                        \
                                         legato::runtime::Unranked *out,                     \
                                         legato::runtime::Unranked *a,                       \
                                         legato::runtime::Unranked *b) {                     \
    legato::runtime::fromGeneratedCode<T>(kind, flags, out, a, b);                           \
  }
extern "C" {
LEGATO_LAPACK_ENTRY(f32, float)
LEGATO_LAPACK_ENTRY(f64, double)
LEGATO_LAPACK_ENTRY(c64, cfloat)
LEGATO_LAPACK_ENTRY(c128, cdouble)
LEGATO_LAPACK_ENTRY(eig_f32, float)
LEGATO_LAPACK_ENTRY(eig_f64, double)
LEGATO_LAPACK_ENTRY(eig_c64, cfloat)
LEGATO_LAPACK_ENTRY(eig_c128, cdouble)
}
#undef LEGATO_LAPACK_ENTRY

//===- Blas.cpp - the GEMM primitives generated CPU code calls --------------===//
//
// `legato-convert-linalg-to-blas` turns float contractions into calls to these
// C-interface functions; each takes strided memref descriptors, so
// transposed views reach BLAS as a transpose flag instead of a copy; views
// BLAS cannot describe (steps along both axes, broadcasts) are copied.
//
//===----------------------------------------------------------------------===//
#include <cblas.h>
#include <algorithm>
#include <complex>
#include <cstdint>
#include <vector>

namespace {

template <class T> struct Memref2D {
  T *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
  T *data() const { return aligned + offset; }
};
template <class T> struct Memref1D {
  T *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
  T *data() const { return aligned + offset; }
};

/// A matrix view as BLAS takes it: row-major with a leading dimension
/// (unit stride along rows), or the transpose of one (unit stride along
/// columns). Any other view (steps along both axes, a broadcast's zero
/// strides) is staged through a contiguous row-major copy, read in and,
/// for an output, written back (`finish`).
template <class T> struct BlasMatrix {
  CBLAS_TRANSPOSE trans = CblasNoTrans;
  int64_t ld;
  T *data;
  std::vector<T> copy;
  const Memref2D<T> &view;

  BlasMatrix(const Memref2D<T> &m, bool read) : view(m) {
    int64_t rows = m.sizes[0], cols = m.sizes[1];
    data = m.data();
    // Row-major: unit stride within a row, rows at least a row apart (a
    // single row or column needs only its one stride).
    auto rowMajor = [](int64_t rows, int64_t cols, int64_t outer, int64_t inner,
                       int64_t &ld) {
      if ((inner != 1 && cols != 1) || (rows != 1 && outer < std::max<int64_t>(cols, 1)))
        return false;
      ld = std::max<int64_t>(rows == 1 ? 1 : outer, std::max<int64_t>(cols, 1));
      return true;
    };
    if (rowMajor(rows, cols, m.strides[0], m.strides[1], ld))
      return;
    if (rowMajor(cols, rows, m.strides[1], m.strides[0], ld)) {
      trans = CblasTrans;
      return;
    }
    copy.resize(size_t(rows * cols));
    ld = std::max<int64_t>(cols, 1);
    if (read)
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j)
          copy[size_t(i * cols + j)] = m.data()[i * m.strides[0] + j * m.strides[1]];
    data = copy.data();
  }
  /// Writes a staged output back into its view.
  void finish() {
    if (copy.empty())
      return;
    for (int64_t i = 0; i < view.sizes[0]; ++i)
      for (int64_t j = 0; j < view.sizes[1]; ++j)
        view.data()[i * view.strides[0] + j * view.strides[1]] =
            copy[size_t(i * view.sizes[1] + j)];
  }
};

/// A vector view as BLAS takes it: a positive increment, else (a
/// broadcast's zero stride, a reversed view) a contiguous copy.
template <class T> struct BlasVector {
  T *data;
  int64_t inc;
  std::vector<T> copy;
  const Memref1D<T> &view;

  BlasVector(const Memref1D<T> &v, bool read) : data(v.data()), inc(v.strides[0]), view(v) {
    if (inc > 0 || v.sizes[0] <= 1) {
      inc = std::max<int64_t>(inc, 1);
      return;
    }
    copy.resize(size_t(v.sizes[0]));
    if (read)
      for (int64_t i = 0; i < v.sizes[0]; ++i)
        copy[size_t(i)] = v.data()[i * v.strides[0]];
    data = copy.data();
    inc = 1;
  }
  void finish() {
    for (int64_t i = 0; i < int64_t(copy.size()); ++i)
      view.data()[i * view.strides[0]] = copy[size_t(i)];
  }
};

void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int64_t m, int64_t n, int64_t k,
          const double *a, int64_t lda, const double *b, int64_t ldb, double beta,
          double *c, int64_t ldc) {
  cblas_dgemm(CblasRowMajor, ta, tb, m, n, k, 1.0, a, lda, b, ldb, beta, c, ldc);
}
void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int64_t m, int64_t n, int64_t k,
          const float *a, int64_t lda, const float *b, int64_t ldb, float beta,
          float *c, int64_t ldc) {
  cblas_sgemm(CblasRowMajor, ta, tb, m, n, k, 1.0f, a, lda, b, ldb, beta, c, ldc);
}
void gemv(CBLAS_TRANSPOSE t, int64_t m, int64_t n, const double *a, int64_t lda,
          const double *x, int64_t incx, double beta, double *y, int64_t incy) {
  cblas_dgemv(CblasRowMajor, t, m, n, 1.0, a, lda, x, incx, beta, y, incy);
}
void gemv(CBLAS_TRANSPOSE t, int64_t m, int64_t n, const float *a, int64_t lda,
          const float *x, int64_t incx, float beta, float *y, int64_t incy) {
  cblas_sgemv(CblasRowMajor, t, m, n, 1.0f, a, lda, x, incx, beta, y, incy);
}

// Complex products: alpha and beta by pointer; beta is real (0 or 1).
using cfloat = std::complex<float>;
using cdouble = std::complex<double>;
void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int64_t m, int64_t n, int64_t k,
          const cdouble *a, int64_t lda, const cdouble *b, int64_t ldb, double beta,
          cdouble *c, int64_t ldc) {
  const cdouble one = 1, scale = beta;
  cblas_zgemm(CblasRowMajor, ta, tb, m, n, k, &one, a, lda, b, ldb, &scale, c, ldc);
}
void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int64_t m, int64_t n, int64_t k,
          const cfloat *a, int64_t lda, const cfloat *b, int64_t ldb, float beta, cfloat *c,
          int64_t ldc) {
  const cfloat one = 1, scale = beta;
  cblas_cgemm(CblasRowMajor, ta, tb, m, n, k, &one, a, lda, b, ldb, &scale, c, ldc);
}
void gemv(CBLAS_TRANSPOSE t, int64_t m, int64_t n, const cdouble *a, int64_t lda,
          const cdouble *x, int64_t incx, double beta, cdouble *y, int64_t incy) {
  const cdouble one = 1, scale = beta;
  cblas_zgemv(CblasRowMajor, t, m, n, &one, a, lda, x, incx, &scale, y, incy);
}
void gemv(CBLAS_TRANSPOSE t, int64_t m, int64_t n, const cfloat *a, int64_t lda,
          const cfloat *x, int64_t incx, float beta, cfloat *y, int64_t incy) {
  const cfloat one = 1, scale = beta;
  cblas_cgemv(CblasRowMajor, t, m, n, &one, a, lda, x, incx, &scale, y, incy);
}

/// The real type of T (beta's).
template <class T> struct RealOf {
  using type = T;
};
template <class T> struct RealOf<std::complex<T>> {
  using type = T;
};
template <class T> using Real = typename RealOf<T>::type;

/// C = A B + beta C.
template <class T>
void matmul(Memref2D<T> *a, Memref2D<T> *b, Memref2D<T> *c, Real<T> beta) {
  int64_t m = c->sizes[0], n = c->sizes[1], k = a->sizes[1];
  if (m == 0 || n == 0)
    return;
  BlasMatrix<T> la(*a, true), lb(*b, true), lc(*c, beta != Real<T>(0));
  if (lc.trans == CblasTrans) { // C^T = B^T A^T, C^T row-major
    gemm(lb.trans == CblasNoTrans ? CblasTrans : CblasNoTrans,
         la.trans == CblasNoTrans ? CblasTrans : CblasNoTrans, n, m, k, lb.data, lb.ld, la.data,
         la.ld, beta, lc.data, lc.ld);
  } else {
    gemm(la.trans, lb.trans, m, n, k, la.data, la.ld, lb.data, lb.ld, beta, lc.data, lc.ld);
  }
  lc.finish();
}

/// y = A x + beta y, or with `vecmat`, y = x A + beta y.
template <class T>
void matvec(Memref2D<T> *a, Memref1D<T> *x, Memref1D<T> *y, Real<T> beta, bool vecmat) {
  int64_t rows = a->sizes[0], cols = a->sizes[1];
  if (y->sizes[0] == 0)
    return;
  BlasMatrix<T> la(*a, true);
  BlasVector<T> lx(*x, true), ly(*y, beta != Real<T>(0));
  CBLAS_TRANSPOSE t = la.trans;
  if (vecmat)
    t = t == CblasNoTrans ? CblasTrans : CblasNoTrans;
  // gemv's m, n describe the stored matrix, not the view.
  int64_t m = la.trans == CblasNoTrans ? rows : cols;
  int64_t n = la.trans == CblasNoTrans ? cols : rows;
  gemv(t, m, n, la.data, la.ld, lx.data, lx.inc, beta, ly.data, ly.inc);
  ly.finish();
}

} // namespace

extern "C" {
void _mlir_ciface_legato_gemm_f64(Memref2D<double> *a, Memref2D<double> *b,
                                  Memref2D<double> *c, double beta) {
  matmul(a, b, c, beta);
}
void _mlir_ciface_legato_gemm_f32(Memref2D<float> *a, Memref2D<float> *b,
                                  Memref2D<float> *c, float beta) {
  matmul(a, b, c, beta);
}
void _mlir_ciface_legato_gemv_f64(Memref2D<double> *a, Memref1D<double> *x,
                                  Memref1D<double> *y, double beta) {
  matvec(a, x, y, beta, false);
}
void _mlir_ciface_legato_gemv_f32(Memref2D<float> *a, Memref1D<float> *x,
                                  Memref1D<float> *y, float beta) {
  matvec(a, x, y, beta, false);
}
void _mlir_ciface_legato_gevm_f64(Memref1D<double> *x, Memref2D<double> *a,
                                  Memref1D<double> *y, double beta) {
  matvec(a, x, y, beta, true);
}
void _mlir_ciface_legato_gevm_f32(Memref1D<float> *x, Memref2D<float> *a,
                                  Memref1D<float> *y, float beta) {
  matvec(a, x, y, beta, true);
}

#define LEGATO_COMPLEX_BLAS(suffix, T, R)                                                   \
  void _mlir_ciface_legato_gemm_##suffix(Memref2D<T> *a, Memref2D<T> *b, Memref2D<T> *c,    \
                                         R beta) {                                          \
    matmul(a, b, c, beta);                                                                  \
  }                                                                                         \
  void _mlir_ciface_legato_gemv_##suffix(Memref2D<T> *a, Memref1D<T> *x, Memref1D<T> *y,    \
                                         R beta) {                                          \
    matvec(a, x, y, beta, false);                                                           \
  }                                                                                         \
  void _mlir_ciface_legato_gevm_##suffix(Memref1D<T> *x, Memref2D<T> *a, Memref1D<T> *y,    \
                                         R beta) {                                          \
    matvec(a, x, y, beta, true);                                                            \
  }
LEGATO_COMPLEX_BLAS(c64, cfloat, float)
LEGATO_COMPLEX_BLAS(c128, cdouble, double)
#undef LEGATO_COMPLEX_BLAS
}

//===- Blas.cpp - the GEMM primitives generated CPU code calls --------------===//
//
// `legato-convert-linalg-to-blas` turns float contractions into calls to these
// C-interface functions; each takes strided memref descriptors, so
// transposed views reach BLAS as a transpose flag instead of a copy.
//
//===----------------------------------------------------------------------===//
#include <cblas.h>
#include <algorithm>
#include <complex>
#include <cstdint>

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

/// BLAS layout of a matrix view: row-major with leading dimension, or its
/// transpose. Views with neither unit stride are not produced by legato.
template <class T> struct MatrixArg {
  CBLAS_TRANSPOSE trans;
  int64_t ld;
  explicit MatrixArg(const Memref2D<T> &m) {
    if (m.strides[1] == 1 || m.sizes[1] == 1) {
      trans = CblasNoTrans;
      ld = std::max<int64_t>(m.strides[0], std::max<int64_t>(m.sizes[1], 1));
    } else {
      trans = CblasTrans;
      ld = std::max<int64_t>(m.strides[1], std::max<int64_t>(m.sizes[0], 1));
    }
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
  MatrixArg<T> la(*a), lb(*b);
  gemm(la.trans, lb.trans, m, n, k, a->data(), la.ld, b->data(), lb.ld, beta,
       c->data(), std::max<int64_t>(c->strides[0], std::max<int64_t>(n, 1)));
}

/// y = A x + beta y, or with `transposeA`, y = x A + beta y.
template <class T>
void matvec(Memref2D<T> *a, Memref1D<T> *x, Memref1D<T> *y, Real<T> beta, bool vecmat) {
  int64_t rows = a->sizes[0], cols = a->sizes[1];
  if (y->sizes[0] == 0)
    return;
  MatrixArg<T> la(*a);
  CBLAS_TRANSPOSE t = la.trans;
  if (vecmat)
    t = t == CblasNoTrans ? CblasTrans : CblasNoTrans;
  // gemv's m, n describe the stored matrix, not the view.
  int64_t m = la.trans == CblasNoTrans ? rows : cols;
  int64_t n = la.trans == CblasNoTrans ? cols : rows;
  gemv(t, m, n, a->data(), la.ld, x->data(), x->strides[0], beta, y->data(),
       y->strides[0]);
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

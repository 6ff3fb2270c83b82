//===- LinalgBindings.cpp - legato::linalg as `_core.linalg_<name>` -------===//
//
// The C++ np.linalg (legato/legato.h, namespace legato::linalg), one
// binding per function; several results come back as tuples, in NumPy's
// order. python/legato/numpy/linalg.py gives them NumPy's signatures.
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"

#include <pybind11/stl.h>

namespace legato::python {

void bindLinalg(py::module_ &m) {
  namespace la = legato::linalg;
  m.def("linalg_solve", [](const Array &a, const Array &b) { return la::solve(a, b); });
  m.def("linalg_inv", [](const Array &a) { return la::inv(a); });
  m.def("linalg_det", [](const Array &a) { return la::det(a); });
  m.def("linalg_slogdet", [](const Array &a) {
    la::SlogdetResult r = la::slogdet(a);
    return py::make_tuple(r.sign, r.logabsdet);
  });
  m.def("linalg_cholesky", [](const Array &a, bool upper) { return la::cholesky(a, upper); });
  m.def("linalg_eigh", [](const Array &a, bool upper) {
    la::EighResult r = la::eigh(a, upper);
    return py::make_tuple(r.eigenvalues, r.eigenvectors);
  });
  m.def("linalg_eigvalsh", [](const Array &a, bool upper) { return la::eigvalsh(a, upper); });
  m.def("linalg_eig", [](const Array &a) {
    la::EigResult r = la::eig(a);
    return py::make_tuple(r.eigenvalues, r.eigenvectors);
  });
  m.def("linalg_eigvals", [](const Array &a) { return la::eigvals(a); });
  m.def("linalg_svd", [](const Array &a, bool full) {
    la::SVDResult r = la::svd(a, full);
    return py::make_tuple(r.U, r.S, r.Vh);
  });
  m.def("linalg_svdvals", [](const Array &a) { return la::svdvals(a); });
  m.def("linalg_qr", [](const Array &a, const std::string &mode) {
    la::QRMode qrMode = mode == "reduced"    ? la::QRMode::reduced
                        : mode == "complete" ? la::QRMode::complete
                        : mode == "r"        ? la::QRMode::r
                                             : throw Error("np.linalg.qr: unrecognized mode '" +
                                                           mode +
                                                           "'; use 'reduced', 'complete' or 'r'");
    la::QRResult r = la::qr(a, qrMode);
    if (qrMode == la::QRMode::r)
      return py::object(py::cast(r.R));
    return py::object(py::make_tuple(r.Q, r.R));
  });
  m.def("linalg_pinv", [](const Array &a, double rcond, bool hermitian) {
    return la::pinv(a, rcond, hermitian);
  });
  m.def("linalg_matrix_rank", [](const Array &a, std::optional<double> tol, bool hermitian) {
    return la::matrix_rank(a, tol, hermitian);
  });
  m.def("linalg_cond", [](const Array &a) { return la::cond(a); });
  m.def("linalg_lstsq", [](const Array &a, const Array &b, std::optional<double> rcond) {
    la::LstsqResult r = la::lstsq(a, b, rcond);
    return py::make_tuple(r.x, r.residuals, r.rank, r.s);
  });
  m.def("linalg_matrix_power", [](const Array &a, int64_t n) { return la::matrix_power(a, n); });
}

} // namespace legato::python

//===- RandomBindings.cpp - legato::Generator as `_core.Generator` --------===//
//
// The C++ np.random Generator (legato/legato.h), one method per draw, in the
// C++ API's forms (size as a list, scalar parameters, p as a list of
// floats). python/legato/numpy/random.py gives them NumPy's signatures
// (size=None, array parameters, out=, the legacy module functions).
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"

#include <pybind11/stl.h>

namespace legato::python {

void bindRandom(py::module_ &m) {
  // Every draw makes new arrays: the Runtime must be up first.
  py::class_<Generator>(m, "Generator",
                        "legato::Generator: counter-based streams (legato/legato.h)")
      .def(py::init([](uint64_t seed) { return Generator(seed); }), py::arg("seed"))
      .def_property_readonly("seed", &Generator::seed)
      .def_property_readonly("streams_used", &Generator::streams_used)
      .def("random",
           [](Generator &g, const Shape &size, DType t) {
             ensureRuntime();
             return g.random(size, t);
           })
      .def("uniform",
           [](Generator &g, double low, double high, const Shape &size) {
             ensureRuntime();
             return g.uniform(low, high, size);
           })
      .def("standard_normal",
           [](Generator &g, const Shape &size, DType t) {
             ensureRuntime();
             return g.standard_normal(size, t);
           })
      .def("normal",
           [](Generator &g, double loc, double scale, const Shape &size) {
             ensureRuntime();
             return g.normal(loc, scale, size);
           })
      .def("standard_exponential",
           [](Generator &g, const Shape &size, DType t) {
             ensureRuntime();
             return g.standard_exponential(size, t);
           })
      .def("exponential",
           [](Generator &g, double scale, const Shape &size) {
             ensureRuntime();
             return g.exponential(scale, size);
           })
      .def("standard_gamma",
           [](Generator &g, double shape, const Shape &size, DType t) {
             ensureRuntime();
             return g.standard_gamma(shape, size, t);
           })
      .def("gamma",
           [](Generator &g, double shape, double scale, const Shape &size) {
             ensureRuntime();
             return g.gamma(shape, scale, size);
           })
      .def("integers",
           [](Generator &g, int64_t low, int64_t high, const Shape &size, DType t,
              bool endpoint) {
             ensureRuntime();
             return g.integers(low, high, size, t, endpoint);
           })
      .def("poisson",
           [](Generator &g, double lam, const Shape &size) {
             ensureRuntime();
             return g.poisson(lam, size);
           })
      .def("binomial",
           [](Generator &g, int64_t n, double p, const Shape &size) {
             ensureRuntime();
             return g.binomial(n, p, size);
           })
      .def("permutation_of_length",
           [](Generator &g, int64_t n) {
             ensureRuntime();
             return g.permutation(n);
           })
      .def("permutation",
           [](Generator &g, const Array &x, int64_t axis) { return g.permutation(x, axis); })
      .def("shuffle", [](Generator &g, const Array &x, int64_t axis) { g.shuffle(x, axis); })
      .def("choice_of_length",
           [](Generator &g, int64_t a, const Shape &size, bool replace,
              const std::vector<double> &p) {
             ensureRuntime();
             return g.choice(a, size, replace, p);
           })
      .def("choice", [](Generator &g, const Array &a, const Shape &size, bool replace,
                        const std::vector<double> &p,
                        int64_t axis) { return g.choice(a, size, replace, p, axis); });
}

} // namespace legato::python

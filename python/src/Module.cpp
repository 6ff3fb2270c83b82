//===- Module.cpp - the extension module legato._core ---------------------===//
#include "Bindings.h"

PYBIND11_MODULE(_core, m) {
  m.doc() = "legato's C++ core (legato/legato.h), bound for the Python package; use legato and "
            "legato.numpy instead of this module.";
  legato::python::noteMainThread();
  legato::python::bindErrors(m);
  legato::python::bindArray(m);
  legato::python::bindFunctions(m);
  legato::python::bindRuntime(m);
  legato::python::bindLinalg(m);
  legato::python::bindFft(m);
  legato::python::bindRandom(m);
}

//===- Bindings.h - what the parts of the Python extension share -*- C++ -*-===//
//
// The extension `legato._core` binds the C++ API (legato/legato.h) and
// nothing else: the Python package is a layer over the same core, never a
// second implementation. Python's NumPy signatures (axis=None, keepdims=,
// out=, dtype=...) are normalised in python/legato/numpy; this layer takes
// the C++ API's forms and converts Python operands.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_PYTHON_BINDINGS_H
#define LEGATO_PYTHON_BINDINGS_H

#include <legato/legato.h>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <variant>

namespace legato::python {
namespace py = pybind11;

/// An operand as NumPy 2 (NEP 50) sees it: an array, or a Python bool, int
/// or float, which is "weak" (takes the array's dtype where it fits).
using Operand = std::variant<Array, Scalar>;

/// `h` as an operand: a legato array, a Python scalar (weak), or anything
/// legato.numpy.asarray takes (NumPy arrays and scalars, which are strong,
/// and nested lists). Empty when `h` is none of these (the operator then
/// returns NotImplemented, so Python tries the other operand's).
std::optional<Operand> toOperand(py::handle h);
/// `h` as an array: a weak scalar becomes a 0-d array of its default dtype
/// (bool, int64, float64), as NumPy's np.asarray(1.0).
Array toArray(py::handle h);
/// A Python bool, int or float as a C++ scalar (an int keeps its 64 bits);
/// anything else is a TypeError naming `op`.
Scalar toScalar(py::handle h, const char *op);
/// Both operands of a function of two arrays; when both are scalars the
/// first becomes a 0-d array (np.add(1, 2.5) is float64 2.5, as NumPy's).
std::pair<Operand, Operand> toOperands(py::handle a, py::handle b);

/// The numpy.dtype object of a legato dtype (cached), and the reverse
/// (raises TypeError for a NumPy dtype legato lacks).
py::object numpyDType(DType);
DType fromNumpyDType(py::handle dtype);

/// The process's Runtime, started at the first use with the options set by
/// legato.config and the LEGATO_* variables.
void ensureRuntime();

/// Around a call that may wait long for compiled programs (host reads,
/// flush, a jit call): Ctrl-C is then raised as KeyboardInterrupt when the
/// wait ends, and a second Ctrl-C ends the process (Interrupt.cpp).
class InterruptibleWait {
public:
  InterruptibleWait();
  ~InterruptibleWait() noexcept(false);
  InterruptibleWait(const InterruptibleWait &) = delete;
  InterruptibleWait &operator=(const InterruptibleWait &) = delete;

private:
  bool installed; ///< this wait (the outermost on the main thread) takes SIGINT
};
/// Remembers the importing thread as the main one (at module import).
void noteMainThread();

void bindErrors(py::module_ &m);
void bindArray(py::module_ &m);
void bindFunctions(py::module_ &m);
void bindRuntime(py::module_ &m);
void bindLinalg(py::module_ &m);
void bindFft(py::module_ &m);
void bindRandom(py::module_ &m);

} // namespace legato::python

#endif // LEGATO_PYTHON_BINDINGS_H

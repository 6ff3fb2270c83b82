//===- Errors.cpp - legato::Error as the exception NumPy raises -----------===//
//
// Each kind of legato::Error reaches Python as a class that derives from
// both legato.Error (catch every legato error) and the exception NumPy
// raises for the same misuse (code written for NumPy keeps working):
//   legato::IndexError -> legato.IndexError(legato.Error, IndexError)
//   legato::AxisError  -> legato.AxisError(legato.Error, numpy.AxisError)
//   legato::TypeError  -> legato.TypeError(legato.Error, TypeError)
//   legato::OverflowError -> legato.OverflowError(legato.Error, OverflowError)
//   legato::LinAlgError -> legato.LinAlgError(legato.Error, numpy.linalg.LinAlgError)
//   legato::Error      -> legato.ValueError(legato.Error, ValueError)
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"

namespace legato::python {

namespace {

/// A new exception class `legato.<name>` with the given bases.
py::object newException(py::module_ &m, const char *name, py::tuple bases, const char *doc) {
  std::string qualified = std::string("legato.") + name;
  PyObject *type = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases.ptr(), nullptr);
  if (!type)
    throw py::error_already_set();
  py::object cls = py::reinterpret_steal<py::object>(type);
  m.attr(name) = cls;
  return cls;
}

} // namespace

void bindErrors(py::module_ &m) {
  py::object base = newException(
      m, "Error", py::make_tuple(py::handle(PyExc_Exception)),
      "Every error legato raises; each is also the exception NumPy raises for the same misuse.");
  // numpy.exceptions.AxisError since NumPy 1.25 (numpy.AxisError before;
  // NumPy 2 removed that name).
  py::module_ numpy = py::module_::import("numpy");
  py::object axisError = py::hasattr(numpy, "exceptions")
                             ? numpy.attr("exceptions").attr("AxisError")
                             : numpy.attr("AxisError");
  // Leaked on purpose: the translator below outlives any module teardown.
  static PyObject *valueError =
      newException(m, "ValueError", py::make_tuple(base, py::handle(PyExc_ValueError)),
                   "Shapes or values an operation does not accept (NumPy's ValueError).")
          .release()
          .ptr();
  static PyObject *indexError =
      newException(m, "IndexError", py::make_tuple(base, py::handle(PyExc_IndexError)),
                   "An index out of bounds (NumPy's IndexError).")
          .release()
          .ptr();
  static PyObject *typeError =
      newException(m, "TypeError", py::make_tuple(base, py::handle(PyExc_TypeError)),
                   "An operand of a kind the operation does not accept (NumPy's TypeError).")
          .release()
          .ptr();
  static PyObject *overflowError =
      newException(m, "OverflowError", py::make_tuple(base, py::handle(PyExc_OverflowError)),
                   "A Python integer the array's dtype cannot hold (NumPy 2's OverflowError).")
          .release()
          .ptr();
  static PyObject *axisErrorType =
      newException(m, "AxisError", py::make_tuple(base, axisError),
                   "An axis out of range for the array (numpy.AxisError: a ValueError and an "
                   "IndexError).")
          .release()
          .ptr();
  static PyObject *linAlgError =
      newException(m, "LinAlgError",
                   py::make_tuple(base, numpy.attr("linalg").attr("LinAlgError")),
                   "A linear algebra routine that failed on its values: a singular or not "
                   "positive definite matrix, no convergence (numpy.linalg.LinAlgError).")
          .release()
          .ptr();
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const legato::IndexError &e) {
      PyErr_SetString(indexError, e.what());
    } catch (const legato::AxisError &e) {
      // numpy.AxisError's constructor takes (axis, ndim, msg_prefix) or
      // one message: one message it is.
      PyErr_SetObject(axisErrorType, py::make_tuple(py::str(e.what())).ptr());
    } catch (const legato::TypeError &e) {
      PyErr_SetString(typeError, e.what());
    } catch (const legato::OverflowError &e) {
      PyErr_SetString(overflowError, e.what());
    } catch (const legato::LinAlgError &e) {
      PyErr_SetString(linAlgError, e.what());
    } catch (const legato::Error &e) {
      PyErr_SetString(valueError, e.what());
    }
  });
}

} // namespace legato::python

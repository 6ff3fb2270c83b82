//===- ArrayBinding.cpp - legato.numpy.ndarray over legato::Array ---------===//
//
// The array type itself: dtypes, conversion of Python operands, the
// operators (in C++: an operator is the commonest call from Python, and
// each one here records one op with no Python frame in between), basic
// indexing, and the copy to a NumPy array. Methods with NumPy's keyword
// signatures (sum(axis=...), reshape(*shape), ...) are added in
// python/legato/numpy/_ndarray.py; subscripts other than integers, slices
// and `...` (None, integer arrays, masks) go to python/legato/numpy/_indexing.py.
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"

#include <pybind11/numpy.h>

#include <pybind11/complex.h>

#include <array>
#include <cstring>

namespace legato::python {

namespace {

constexpr size_t kDTypeCount = std::size(all_dtypes);

// Module references live until exit and are never released: a static
// py::object's destructor would run after the interpreter has finalised.
py::module_ &numpy() {
  static py::module_ *np = new py::module_(py::module_::import("numpy"));
  return *np;
}

/// legato.numpy, imported when first needed (it imports this extension).
py::module_ &package() {
  static py::module_ *pkg = new py::module_(py::module_::import("legato.numpy"));
  return *pkg;
}


/// A NumPy array (any strides) of a dtype legato has, copied into a new array.
Array fromNumpy(py::array source) {
  DType dtype = fromNumpyDType(source.dtype());
  // (asarray, not ascontiguousarray, which makes a 0-d array 1-d)
  py::array contiguous = numpy().attr("asarray")(source, py::arg("order") = "C");
  Shape shape(contiguous.shape(), contiguous.shape() + contiguous.ndim());
  ensureRuntime();
  return from_buffer(contiguous.data(), dtype, std::move(shape), contiguous.size());
}

/// The subscript `key` as basic indices (integers, slices, `...`), or
/// nothing when it holds anything else (None, arrays, lists, bools).
std::optional<std::vector<Index>> basicIndex(py::handle key, int64_t ndim) {
  auto entry = [](py::handle h) -> std::optional<Index> {
    PyObject *o = h.ptr();
    if (PyLong_CheckExact(o) || (PyIndex_Check(o) && !PyBool_Check(o) &&
                                 !py::isinstance<Array>(h) && !py::isinstance<py::array>(h))) {
      py::object i = py::reinterpret_steal<py::object>(PyNumber_Index(o));
      if (!i)
        throw py::error_already_set();
      int overflow = 0;
      long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
      if (overflow)
        throw legato::IndexError("legato.getitem: index " + py::str(h).cast<std::string>() +
                                 " is out of bounds of int64");
      return Index(v);
    }
    if (PySlice_Check(h.ptr())) {
      auto *s = reinterpret_cast<PySliceObject *>(h.ptr());
      auto bound = [](PyObject *o) -> std::optional<int64_t> {
        if (o == Py_None)
          return std::nullopt;
        py::object i = py::reinterpret_steal<py::object>(PyNumber_Index(o));
        if (!i)
          throw py::error_already_set();
        return i.cast<int64_t>();
      };
      for (PyObject *o : {s->start, s->stop, s->step})
        if (o != Py_None && !PyIndex_Check(o))
          throw legato::IndexError(
              "legato.getitem: slice indices must be integers or None, not " +
              std::string(Py_TYPE(o)->tp_name));
      Slice slice{bound(s->start), bound(s->stop), s->step == Py_None ? 1 : bound(s->step).value()};
      return Index(slice);
    }
    return std::nullopt;
  };
  std::vector<py::handle> items;
  if (PyTuple_Check(key.ptr()))
    for (py::handle h : py::reinterpret_borrow<py::tuple>(key))
      items.push_back(h);
  else
    items.push_back(key);
  std::vector<Index> index;
  int64_t ellipsis = -1;
  for (py::handle h : items) {
    if (h.ptr() == Py_Ellipsis) {
      if (ellipsis >= 0)
        throw legato::IndexError("legato.getitem: an index can only have a single ellipsis ('...')");
      ellipsis = int64_t(index.size());
      continue;
    }
    std::optional<Index> i = entry(h);
    if (!i)
      return std::nullopt;
    index.push_back(*i);
  }
  if (ellipsis >= 0 && int64_t(index.size()) < ndim)
    index.insert(index.begin() + ellipsis, size_t(ndim - int64_t(index.size())), Index(legato::all));
  return index;
}

/// A binary operator: `f(self, other)` (or f(other, self) reflected), or
/// NotImplemented when `other` is not an operand.
template <class F> py::object binaryOperator(const Array &self, py::handle other, bool reflected,
                                              F f) {
  std::optional<Operand> o = toOperand(other);
  if (!o)
    return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  return std::visit(
      [&](const auto &v) -> py::object {
        return py::cast(reflected ? Array(f(v, self)) : Array(f(self, v)));
      },
      *o);
}

void checkSize1(const Array &a, const char *what) {
  if (a.size() != 1)
    throw py::type_error(std::string("only arrays of size 1 can be converted to Python ") + what +
                         " (this one has shape " + py::str(py::cast(a.shape())).cast<std::string>() +
                         ")");
}

/// 'b', 'i' (signed or unsigned integers), 'f' or 'c': the Python number
/// a dtype's elements become.
char pythonKind(DType t) {
  if (t == DType::bool_)
    return 'b';
  if (t == DType::c64 || t == DType::c128)
    return 'c';
  return t == DType::f16 || t == DType::f32 || t == DType::f64 ? 'f' : 'i';
}

/// int(a) of a one-element array: exact for every integer dtype.
py::object pythonInt(const Array &a) {
  InterruptibleWait wait;
  if (pythonKind(a.dtype()) == 'c')
    throw py::type_error("int() of a complex array: take real() or abs() first");
  if (pythonKind(a.dtype()) == 'f')
    return py::int_(py::float_(a.item<double>()));
  if (a.dtype() == DType::u64)
    return py::int_(a.item<uint64_t>());
  return py::int_(a.item<int64_t>());
}

} // namespace

py::object numpyDType(DType t) {
  static std::array<py::object, kDTypeCount> *cache = [] {
    auto *c = new std::array<py::object, kDTypeCount>; // leaked: lives until exit
    for (DType d : all_dtypes)
      (*c)[size_t(d)] = numpy().attr("dtype")(dtype_name(d));
    return c;
  }();
  return (*cache)[size_t(t)];
}

DType fromNumpyDType(py::handle dtype) {
  py::object d = numpy().attr("dtype")(dtype);
  char kind = d.attr("kind").cast<char>();
  int64_t size = d.attr("itemsize").cast<int64_t>();
  if (kind == 'b')
    return DType::bool_;
  for (DType t : all_dtypes)
    if (dtype_size(t) == size && numpyDType(t).attr("kind").cast<char>() == kind)
      return t;
  std::string name = py::str(d).cast<std::string>();
  throw legato::TypeError("legato: the dtype " + name +
                          " is not supported; legato has bool, int8-int64, uint8-uint64, "
                          "float16-float64, complex64 and complex128");
}

namespace {
/// legato.numpy.ndarray's type object (set by bindArray): the exact-type
/// check below is the common case of every operator and function.
PyTypeObject *arrayType = nullptr;

/// The Array inside an ndarray object of exactly arrayType.
const Array &arrayIn(PyObject *o) {
  auto *instance = reinterpret_cast<py::detail::instance *>(o);
  return *instance->get_value_and_holder().value_ptr<Array>();
}
} // namespace

std::optional<Operand> toOperand(py::handle h) {
  PyObject *o = h.ptr();
  if (Py_TYPE(o) == arrayType)
    return Operand(arrayIn(o));
  if (py::isinstance<Array>(h))
    return Operand(h.cast<Array>());
  if (PyBool_Check(o))
    return Operand(Scalar(o == Py_True));
  if (PyLong_CheckExact(o)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (!overflow)
      return Operand(Scalar(int64_t(v)));
    // [2^63, 2^64): a uint64 value (NumPy: uint64 arrays take it)
    unsigned long long u = overflow > 0 ? PyLong_AsUnsignedLongLong(o) : 0;
    if (overflow < 0 || PyErr_Occurred()) {
      PyErr_Clear();
      throw legato::OverflowError("legato: Python integer " + py::str(h).cast<std::string>() +
                                  " out of bounds for int64 and uint64");
    }
    return Operand(Scalar(uint64_t(u)));
  }
  if (PyFloat_CheckExact(o))
    return Operand(Scalar(PyFloat_AS_DOUBLE(o)));
  if (PyComplex_CheckExact(o))
    return Operand(Scalar(std::complex<double>(PyComplex_RealAsDouble(o), PyComplex_ImagAsDouble(o))));
  // NumPy arrays and scalars (strong, as in NEP 50), nested sequences.
  if (py::isinstance<py::array>(h) || PyObject_HasAttrString(o, "__array_interface__") ||
      PyList_Check(o) || PyTuple_Check(o) || PyLong_Check(o) || PyFloat_Check(o) ||
      PyComplex_Check(o)) {
    py::array a = numpy().attr("asarray")(h);
    char kind = a.dtype().kind();
    if (kind == 'O' || kind == 'U' || kind == 'S' || kind == 'V')
      return std::nullopt;
    return Operand(fromNumpy(a));
  }
  return std::nullopt;
}

Array toArray(py::handle h) {
  std::optional<Operand> o = toOperand(h);
  if (!o)
    throw legato::TypeError("legato: cannot make an array of an object of type " +
                            std::string(Py_TYPE(h.ptr())->tp_name));
  if (Array *a = std::get_if<Array>(&*o))
    return *a;
  const Scalar &s = std::get<Scalar>(*o);
  ensureRuntime();
  switch (s.kind) {
  case Scalar::Kind::boolean:
    return full({}, s, DType::bool_);
  case Scalar::Kind::integer:
    return full({}, s, DType::i64);
  case Scalar::Kind::complex:
    return full({}, s, DType::c128);
  default:
    return full({}, s, DType::f64);
  }
}

Scalar toScalar(py::handle h, const char *op) {
  std::optional<Operand> o = toOperand(h);
  if (const Scalar *s = o ? std::get_if<Scalar>(&*o) : nullptr)
    return *s;
  throw legato::TypeError(std::string("legato.") + op + ": expected a Python bool, int or float, not " +
                          Py_TYPE(h.ptr())->tp_name);
}

std::pair<Operand, Operand> toOperands(py::handle a, py::handle b) {
  std::optional<Operand> x = toOperand(a), y = toOperand(b);
  if (!x || !y)
    throw legato::TypeError(std::string("legato: operands of types ") + Py_TYPE(a.ptr())->tp_name +
                            " and " + Py_TYPE(b.ptr())->tp_name + " are not arrays or numbers");
  if (std::holds_alternative<Scalar>(*x) && std::holds_alternative<Scalar>(*y))
    x = Operand(toArray(a));
  return {*x, *y};
}

void bindArray(py::module_ &m) {
  py::enum_<DType> dtypes(m, "DType");
  for (DType t : all_dtypes) // (NumPy's names: bool_, int8, ..., float64)
    dtypes.value(t == DType::bool_ ? "bool_" : dtype_name(t).c_str(), t);
  m.def("numpy_dtype", &numpyDType, "The numpy.dtype of a legato DType.");
  m.def("legato_dtype", [](py::handle d) { return fromNumpyDType(d); },
        "The legato DType of anything numpy.dtype() takes (TypeError for a dtype legato lacks).");

  py::class_<Array> cls(m, "ndarray", py::dynamic_attr());
  cls.doc() = "An n-dimensional array of legato: NumPy's semantics, computed by fused, compiled "
              "kernels (lazily: operations are recorded and run when a value is needed).";
  cls.attr("__module__") = "legato.numpy";
  arrayType = reinterpret_cast<PyTypeObject *>(cls.ptr());
  cls.attr("__hash__") = py::none();
  cls.def_property_readonly("shape", [](const Array &a) { return py::tuple(py::cast(a.shape())); })
      .def_property_readonly("dtype", [](const Array &a) { return numpyDType(a.dtype()); })
      .def_property_readonly("_dtype", &Array::dtype)
      .def_property_readonly("ndim", &Array::ndim)
      .def_property_readonly("size", &Array::size)
      .def_property_readonly("itemsize", [](const Array &a) { return dtype_size(a.dtype()); })
      .def_property_readonly("nbytes",
                             [](const Array &a) { return dtype_size(a.dtype()) * a.size(); })
      .def("_astype", &Array::astype)
      .def("_copy", &Array::copy)
      .def("__copy__", &Array::copy)
      .def("__deepcopy__", [](const Array &a, py::handle) { return a.copy(); });

#define LEGATO_OPERATOR(NAME, EXPR)                                                                \
  cls.def("__" NAME "__", [](const Array &a, py::handle b) {                                       \
    return binaryOperator(a, b, false, [](const auto &x, const auto &y) { return EXPR; });         \
  });                                                                                              \
  cls.def("__r" NAME "__", [](const Array &a, py::handle b) {                                      \
    return binaryOperator(a, b, true, [](const auto &x, const auto &y) { return EXPR; });          \
  });
  LEGATO_OPERATOR("add", x + y)
  LEGATO_OPERATOR("sub", x - y)
  LEGATO_OPERATOR("mul", x * y)
  LEGATO_OPERATOR("truediv", x / y)
  LEGATO_OPERATOR("mod", x % y)
  LEGATO_OPERATOR("floordiv", floor_divide(x, y))
  LEGATO_OPERATOR("pow", legato::pow(x, y))
#undef LEGATO_OPERATOR
  cls.def("__matmul__", [](const Array &a, py::handle b) -> py::object {
    std::optional<Operand> o = toOperand(b);
    if (!o)
      return py::reinterpret_borrow<py::object>(Py_NotImplemented);
    return py::cast(matmul(a, toArray(b)));
  });
  cls.def("__rmatmul__", [](const Array &a, py::handle b) -> py::object {
    std::optional<Operand> o = toOperand(b);
    if (!o)
      return py::reinterpret_borrow<py::object>(Py_NotImplemented);
    return py::cast(matmul(toArray(b), a));
  });
  cls.def("__divmod__", [](const Array &a, py::handle b) -> py::object {
    py::object q = binaryOperator(a, b, false, [](const auto &x, const auto &y) {
      return floor_divide(x, y);
    });
    if (q.is(py::handle(Py_NotImplemented)))
      return q;
    return py::make_tuple(q, binaryOperator(a, b, false,
                                            [](const auto &x, const auto &y) { return x % y; }));
  });
  cls.def("__rdivmod__", [](const Array &a, py::handle b) -> py::object {
    py::object q = binaryOperator(a, b, true, [](const auto &x, const auto &y) {
      return floor_divide(x, y);
    });
    if (q.is(py::handle(Py_NotImplemented)))
      return q;
    return py::make_tuple(q, binaryOperator(a, b, true,
                                            [](const auto &x, const auto &y) { return x % y; }));
  });

#define LEGATO_COMPARISON(NAME, EXPR)                                                              \
  cls.def("__" NAME "__", [](const Array &a, py::handle b) {                                       \
    return binaryOperator(a, b, false, [](const auto &x, const auto &y) { return EXPR; });         \
  });
  LEGATO_COMPARISON("lt", x < y)
  LEGATO_COMPARISON("le", x <= y)
  LEGATO_COMPARISON("gt", x > y)
  LEGATO_COMPARISON("ge", x >= y)
  LEGATO_COMPARISON("eq", x == y)
  LEGATO_COMPARISON("ne", x != y)
#undef LEGATO_COMPARISON

#define LEGATO_BITWISE(NAME, FN)                                                                   \
  cls.def("__" NAME "__", [](const Array &a, py::handle b) {                                       \
    return binaryOperator(a, b, false, [](const auto &x, const auto &y) { return FN(x, y); });     \
  });                                                                                              \
  cls.def("__r" NAME "__", [](const Array &a, py::handle b) {                                      \
    return binaryOperator(a, b, true, [](const auto &x, const auto &y) { return FN(x, y); });      \
  });
  LEGATO_BITWISE("and", bitwise_and)
  LEGATO_BITWISE("or", bitwise_or)
  LEGATO_BITWISE("xor", bitwise_xor)
  LEGATO_BITWISE("lshift", left_shift)
  LEGATO_BITWISE("rshift", right_shift)
#undef LEGATO_BITWISE

  cls.def("__neg__", [](const Array &a) {
    if (a.dtype() == DType::bool_)
      throw legato::TypeError("legato.negative: the - operator of a bool array is not supported; "
                              "use the ~ operator or logical_not instead");
    return -a;
  });
  cls.def("__pos__", [](const Array &a) {
    if (a.dtype() == DType::bool_)
      throw legato::TypeError("legato.positive: bool arrays are not supported");
    return a.copy();
  });
  cls.def("__abs__", [](const Array &a) { return legato::abs(a); });
  cls.def("__invert__", [](const Array &a) { return invert(a); });

#define LEGATO_INPLACE(NAME, OP)                                                                   \
  cls.def("__i" NAME "__", [](Array &a, py::handle b) -> py::object {                              \
    std::optional<Operand> o = toOperand(b);                                                       \
    if (!o)                                                                                        \
      return py::reinterpret_borrow<py::object>(Py_NotImplemented);                                \
    std::visit([&](const auto &v) { a OP v; }, *o);                                                \
    return py::cast(a);                                                                            \
  });
  LEGATO_INPLACE("add", +=)
  LEGATO_INPLACE("sub", -=)
  LEGATO_INPLACE("mul", *=)
  LEGATO_INPLACE("truediv", /=)
  LEGATO_INPLACE("mod", %=)
#undef LEGATO_INPLACE

  // Conversions to Python numbers.
  cls.def("__float__", [](const Array &a) {
    checkSize1(a, "scalars");
    if (pythonKind(a.dtype()) == 'c')
      throw py::type_error("float() of a complex array: take real() or abs() first");
    InterruptibleWait wait;
    return a.item<double>();
  });
  cls.def("__complex__", [](const Array &a) {
    checkSize1(a, "scalars");
    InterruptibleWait wait;
    return a.item<std::complex<double>>();
  });
  cls.def("__int__", [](const Array &a) -> py::object {
    checkSize1(a, "scalars");
    return pythonInt(a);
  });
  cls.def("__index__", [](const Array &a) -> py::object {
    if (a.ndim() != 0 || a.dtype() == DType::bool_ || pythonKind(a.dtype()) != 'i')
      throw py::type_error("only integer scalar arrays can be converted to a scalar index");
    return pythonInt(a);
  });
  cls.def("__bool__", [](const Array &a) {
    if (a.size() != 1)
      throw py::value_error("The truth value of an array with more than one element is "
                            "ambiguous. Use a.any() or a.all()");
    InterruptibleWait wait;
    return a.item<double>() != 0;
  });
  cls.def("__len__", [](const Array &a) {
    if (a.ndim() == 0)
      throw py::type_error("len() of unsized object");
    return a.shape()[0];
  });

  // Basic indexing here; the rest in Python.
  cls.def("__getitem__", [](const Array &a, py::handle key) -> py::object {
    if (std::optional<std::vector<Index>> index = basicIndex(key, a.ndim()))
      return py::cast(Array(a[*index]));
    return package().attr("_indexing").attr("getitem")(a, key);
  });
  cls.def("__setitem__", [](const Array &a, py::handle key, py::handle value) {
    std::optional<std::vector<Index>> index = basicIndex(key, a.ndim());
    std::optional<Operand> v = index ? toOperand(value) : std::nullopt;
    if (!v) {
      package().attr("_indexing").attr("setitem")(a, key, value);
      return;
    }
    ArrayView view = a[*index];
    std::visit([&](const auto &x) { view = x; }, *v);
  });
  // Basic indexing of a list of integers and slices (for the Python side).
  cls.def("_view", [](const Array &a, const std::vector<py::handle> &entries) {
    py::tuple key(entries.size());
    for (size_t i = 0; i < entries.size(); ++i)
      key[i] = entries[i];
    std::optional<std::vector<Index>> index = basicIndex(key, a.ndim());
    if (!index)
      throw py::type_error("legato: _view takes integers, slices and ... only");
    return Array(a[*index]);
  });
  // a[indices] (integers along axis 0, or a mask of the leading axes).
  cls.def("_select", [](const Array &a, const Array &indices) { return Array(a[indices]); });
  cls.def("_assign_selection", [](const Array &a, const Array &indices, py::handle value) {
    Selection s = a[indices];
    std::optional<Operand> v = toOperand(value);
    if (!v)
      throw legato::TypeError(std::string("legato.setitem: cannot assign an object of type ") +
                              Py_TYPE(value.ptr())->tp_name);
    std::visit([&](const auto &x) { s = x; }, *v);
  });

  // Host copies.
  cls.def("_to_numpy", [](const Array &a) {
    py::array out(numpyDType(a.dtype()), a.shape());
    InterruptibleWait wait;
    a.copy_to_host(out.mutable_data(), a.dtype());
    return out;
  });
  m.def("from_numpy", &fromNumpy, py::arg("array"),
        "A new legato array with a copy of a NumPy array's values (of a dtype legato has).");
  m.def("to_array", [](py::handle h) { return toArray(h); },
        "A legato array of a legato array (itself), a NumPy array, a Python number or list.");
}

} // namespace legato::python

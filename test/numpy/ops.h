//===- ops.h - The legato side of the NumPy oracle's operations -----------===//
//
// Each operation name in oracle.py's NUMPY table has an entry here that does
// the same thing with legato's public API.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_TEST_NUMPY_OPS_H
#define LEGATO_TEST_NUMPY_OPS_H

#include "manifest.h"

#include <legato/legato.h>

#include <functional>
#include <string>
#include <variant>
#include <vector>

namespace legato_numpy {

/// An operand as an operation sees it: an Array or a C++ scalar.
using Value = std::variant<legato::Array, legato::Scalar>;

struct Op {
  std::function<legato::Array(const std::vector<Value> &, const Params &)> apply;
  /// Reads values to the host (to_vector, item), so it cannot be traced by
  /// legato::jit; its group runs untraced in jit mode.
  bool host = false;
};

/// The operation called `name`; throws std::runtime_error if there is none.
const Op &find_op(const std::string &name);

} // namespace legato_numpy

#endif // LEGATO_TEST_NUMPY_OPS_H

//===- Node.h - one recorded array operation --------------------*- C++ -*-===//
//
// The tracer's program representation: a DAG of Nodes in creation order
// (which is topological). A Node holding a buffer is a materialised value
// (an input of the next program); the others are pending.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_API_NODE_H
#define LEGATO_API_NODE_H

#include "Runtime/Allocator.h"
#include "Support/Sharding.h"
#include "legato/legato.h"

#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <vector>

namespace legato::detail {

enum class OpKind : uint8_t {
  Buffer,   ///< materialised: data in `buffer`
  Param,    ///< a jit parameter (only while tracing)
  Constant, ///< splat of `scalar`
  Iota,     ///< ints[0] = dimension
  Random,   ///< ints[0] = seed
  Unary,    ///< sub = UnaryKind
  Binary,   ///< sub = BinaryKind
  Compare,  ///< sub = legato.compare predicate
  Select,
  Convert,
  Broadcast,
  Transpose, ///< ints = permutation
  Reshape,
  Slice,       ///< ints = offsets ++ strides
  InsertSlice, ///< operands (value, dest); ints = offsets ++ strides
  Concatenate, ///< ints[0] = dimension
  Pad,         ///< ints = low ++ high; scalar = value
  Reduce,      ///< sub = legato.reduce kind; ints = axes
  Scan,        ///< sub = legato.reduce kind (sum or prod); ints[0] = axis
  Gather,      ///< operands (input, int64 indices in range); ints[0] = axis
  Scatter,     ///< operands (dest, int64 indices in range, values); ints[0] = axis;
               ///< sub = 0: assign, 1: add (np.add.at)
  Matmul,
  Lapack, ///< sub = legato.lapack kind; ints[0] = flags (1 vectors, 2 full, 4 upper)
  Fft,    ///< sub = legato.fft kind; ints[0] = axis
  Sort,   ///< sub = 1: the positions (argsort), 0: the values; ints[0] = axis,
          ///< ints[1...] = kth positions of a partition
};

enum class UnaryKind : uint8_t {
  Neg, Abs, Not, Exp, Log, Sqrt, Sin, Cos, Tanh, Erf, Floor,
  Tan, Arcsin, Arccos, Arctan, Sinh, Cosh, Arcsinh, Arccosh, Arctanh,
  Exp2, Expm1, Log2, Log10, Log1p, Cbrt, Ceil, Trunc, Rint,
  Real, Imag, Conj, Magnitude ///< complex numbers' parts, conjugate and abs
};
enum class BinaryKind : uint8_t { Add, Sub, Mul, Div, Pow, Max, Min, And, Or, Arctan2, Mod, FloorDiv,
                                     Xor, Shl, Shr };

struct Node;
using NodePtr = std::shared_ptr<Node>;
/// A node's operands: most ops have one to three, held inline (one
/// allocation less per recorded op).
using Operands = llvm::SmallVector<NodePtr, 3>;

struct Node {
  OpKind kind;
  uint8_t sub = 0;
  DType dtype;
  Shape shape;
  Operands operands;
  std::vector<int64_t> ints;
  double scalar = 0;
  /// A Constant node of an integer dtype: its exact value (`scalar` holds
  /// it rounded to 53 bits).
  int64_t intScalar = 0;
  /// A Constant node of a complex dtype: its imaginary part (`scalar` holds
  /// the real part).
  double imagScalar = 0;
  std::shared_ptr<runtime::Buffer> buffer;
  /// Over several ranks: which box of the array `buffer` holds on each rank
  /// (a jit parameter: where the argument lives). Null: the whole array.
  std::shared_ptr<const support::Sharding> sharding;
  /// legato::shard / replicate asked for this value's placement: the split
  /// axis, or kReplicated. kAnyPlacement: the partitioner decides.
  int64_t placement = kAnyPlacement;
  /// With a split `placement`: the axis split over the 2-D mesh's columns
  /// (legato::Sharding::grid), or -1.
  int64_t placement2 = -1;
  static constexpr int64_t kAnyPlacement = -2, kReplicated = -1;
  /// Live Arrays whose current value is this node: a pending node with
  /// handles is a program output, one without is a temporary.
  int64_t handles = 0;
  /// Creation order: sorting by it gives a topological order.
  uint64_t id = 0;
  /// Position among the ops recorded into lazy windows (0: never recorded);
  /// loop detection compares ops by the distance to their operands in it.
  uint64_t seq = 0;
  /// Scratch of collectProgram (Program.h): the call that last met this
  /// node and the value number it gave it (no map from nodes to numbers).
  uint64_t collectStamp = 0;
  uint32_t collectNumber = 0;

  int64_t size() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
  bool pending() const { return kind != OpKind::Buffer && kind != OpKind::Param; }
};

} // namespace legato::detail

#endif // LEGATO_API_NODE_H

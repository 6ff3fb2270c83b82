//===- Program.h - A fuzzer program: inputs and a list of statements -*- C++ -*-===//
//
// The fuzzer's intermediate form of a random array program. It is deliberately
// flat: every statement either defines a new variable (`v3 = add v1 s:f:2.5`),
// writes into a variable through basic indexing (`set v1 [1:-1:2] = v2`), or
// flushes the lazy window. The same program is run by legato (LegatoRunner)
// and printed as NumPy (NumpyPrinter); its text form (see Program.cpp) is the
// format of the reproducers under test/regressions/.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_FUZZ_PROGRAM_H
#define LEGATO_FUZZ_PROGRAM_H

#include <legato/legato.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace legato_fuzz {

/// A C++ scalar operand (legato::Scalar on the legato side, a Python scalar
/// on the NumPy side).
struct ScalarValue {
  enum class Kind { boolean, integer, floating } kind = Kind::integer;
  int64_t i = 0; ///< boolean and integer scalars
  double f = 0;  ///< floating scalars
  /// An integer past int64's largest (uint64's range): `i` holds its bits.
  bool aboveInt64 = false;
  /// The value as a double (rounded past 2^53).
  double value() const {
    return kind == Kind::floating ? f : aboveInt64 ? double(uint64_t(i)) : double(i);
  }
  std::string integerText() const {
    return aboveInt64 ? std::to_string(uint64_t(i)) : std::to_string(i);
  }
};

/// An operand: a variable of the program or a scalar.
struct Operand {
  int var = -1; ///< variable number, or -1 for a scalar
  ScalarValue scalar;
  bool isScalar() const { return var < 0; }
  static Operand variable(int v) { return Operand{v, {}}; }
  static Operand of(ScalarValue s) { return Operand{-1, s}; }
};

/// One entry of a basic index: an integer or a start:stop:step slice.
struct IndexEntry {
  bool isInteger = false;
  int64_t integer = 0;
  std::optional<int64_t> start, stop;
  int64_t step = 1;
};
using IndexSpec = std::vector<IndexEntry>;

/// A statement. `op` names the operation (see OpNames in Program.cpp); which
/// attributes it uses depends on the op.
struct Statement {
  enum class Kind { let, setitem, flush } kind = Kind::let;
  int target = -1; ///< defined variable (let) or written variable (setitem)
  std::string op;  ///< let: the operation
  std::vector<Operand> args;
  // Attributes.
  std::vector<int64_t> ints; ///< axes, perm, shape, or (lo, hi) pairs for pad
  std::vector<int64_t> shifts; ///< roll: one per axis (one without axes: flattened)
  bool keepdims = false;
  legato::DType dtype = legato::DType::f64;
  double value = 0;  ///< full/pad value; arange/linspace start
  double value2 = 0; ///< arange/linspace stop
  double value3 = 0; ///< arange step
  int64_t count = 0; ///< linspace num, eye n, arange stop, random seed, axis, ddof, decimals,
                     ///< take's mode (0 wrap, 1 clip), partition's kth
  IndexSpec index;   ///< getitem and setitem
  /// np.fft: n (one, for the 1-D transforms) or s (one per axis); empty:
  /// NumPy's default (the axes' lengths; irfft's 2 (m - 1)).
  std::vector<int64_t> lengths;
  legato::fft::Norm norm = legato::fft::Norm::backward; ///< np.fft's norm
};

/// A program input: deterministic values fed through legato::from_vector on
/// one side and a literal np.array on the other.
struct Input {
  legato::DType dtype = legato::DType::f64;
  legato::Shape shape;
  std::vector<double> values; ///< exact for every dtype used (integers of
                              ///< 2^53 or more are multiples of 2^11, uint64
                              ///< up to 2^64 - 2^11; float16 values are
                              ///< float16's)
};

struct Program {
  uint64_t seed = 0;         ///< the generator's seed (0 for hand-written)
  std::vector<Input> inputs; ///< inputs are variables 0 .. inputs.size()-1
  std::vector<Statement> statements;
  int numVariables() const;
  /// "x0" for inputs, "v5" for the variable statement 5 - #inputs defines.
  std::string name(int var) const;
};

/// What an operation takes; the printer, parser and generator share it.
struct OpInfo {
  enum Attr : unsigned {
    Axes = 1,
    Perm = 2,
    ShapeAttr = 4,
    Widths = 8,
    Keepdims = 16,
    DTypeAttr = 32,
    Value = 64,
    Range = 128,
    Num = 256,
    N = 512,
    Seed = 1024,
    Axis = 2048,
    Stop = 4096,
    Shifts = 8192,
    Ddof = 16384,
    Decimals = 32768,
    Reps = 65536,
    Mode = 131072, ///< take's mode: count 0 = wrap, 1 = clip
    Lengths = 262144, ///< np.fft's n / s (Statement::lengths)
    NormAttr = 524288, ///< np.fft's norm
    Kth = 1048576, ///< partition's kth (Statement::count; negative: from the end)
  };
  const char *name;
  int minArgs, maxArgs; ///< operands (variables or scalars)
  unsigned attrs;
};
/// The operation called `name`, or null.
const OpInfo *findOp(const std::string &name);
/// Every operation, in a fixed order.
const std::vector<OpInfo> &allOps();

/// The text form, one statement per line (round-trips through parseProgram).
std::string printProgram(const Program &program);
/// Parses printProgram's output; throws std::runtime_error with a line number.
Program parseProgram(const std::string &text);

std::string dtypeName(legato::DType t); ///< "float32", ...
std::string normName(legato::fft::Norm norm); ///< "backward", "ortho", "forward"
std::optional<legato::DType> parseDType(const std::string &name);
bool isFloat(legato::DType t);   ///< float16, float32, float64
bool isInteger(legato::DType t); ///< signed or unsigned (not bool, not complex)
bool isUnsigned(legato::DType t);
bool isComplex(legato::DType t); ///< complex64, complex128
/// The float of a complex type's parts (float32, float64); `t` otherwise.
legato::DType partType(legato::DType t);
int dtypeBits(legato::DType t); ///< 8 for bool, 128 for complex128
int64_t numElements(const legato::Shape &shape);
/// float16's bits of `v`, rounded to nearest even (float16 has no C++17
/// type: legato takes and the fuzzer writes its inputs as bits).
uint16_t doubleToHalf(double v);
double halfToDouble(uint16_t bits);

/// The shape that basic indexing `index` selects from `shape`, or nullopt when
/// NumPy would raise (out-of-range integer, zero step, too many entries).
std::optional<legato::Shape> indexedShape(const legato::Shape &shape, const IndexSpec &index);
/// True when every axis is selected by an integer: NumPy then returns a
/// scalar (a copy), not a view.
bool selectsScalar(const legato::Shape &shape, const IndexSpec &index);

} // namespace legato_fuzz

#endif // LEGATO_FUZZ_PROGRAM_H

//===- Analysis.h - Types, shapes and value ranges of a fuzzer program -*- C++ -*-===//
//
// An abstract interpreter over Program: it knows each variable's dtype and
// shape (NumPy's rules, including weak scalars) and a conservative value
// range. The range decides what a well-typed program may do:
//   * a float value is "exact" when no step that produced it rounded (grid
//     inputs, +-* within the mantissa, no libm, no division). Only exact
//     values may be compared, tested for truth, floored or cast to integers:
//     a result that depends on rounding order or libm would make those
//     answers differ between two correct implementations;
//   * integer powers need a non-negative exponent, casts to integers a finite
//     in-range value (NumPy raises or the result is undefined otherwise).
// Exact float results are compared bit for bit, the others with a tolerance.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_FUZZ_ANALYSIS_H
#define LEGATO_FUZZ_ANALYSIS_H

#include "Program.h"

#include <map>
#include <optional>
#include <string>

namespace legato_fuzz {

/// A conservative description of the values an array may hold.
struct Range {
  double lo = 0, hi = 0;
  bool nan = false;  ///< may hold NaN
  bool exact = true; ///< no rounding happened anywhere (always true for ints)
  int frac = 0;      ///< exact floats are multiples of 2^-frac
  double scale = 1;  ///< largest finite magnitude seen on the way (for tolerances)
  double rtol = 0;   ///< relative tolerance of the roundings on the way (0: exact)
  /// A zero among the values may be -0 on one side and +0 on the other, or
  /// a tiny number: which of equal elements a sort or a selection puts where
  /// is the algorithm's choice (-0 == 0), and whether a transform's output
  /// cancels to exactly 0 depends on its rounding (FFTW in float32 against
  /// pocketfft in float64: seed 65770000653). A division by it gives -inf,
  /// +inf or NaN on one side and a number on the other. Every op passes it
  /// on to float results (Analysis::apply).
  bool zeroSign = false;
  double maxAbs() const;
};

/// Relative tolerance of a value rounded (libm, summation order, fused
/// multiply-add) in float16 / float32 / float64 anywhere on its way; the
/// absolute part is the same factor times Range::scale. Exact values must
/// be equal. float16 has 11 bits (one rounding is up to 4.9e-4 relative);
/// NumPy computes its functions in float32 and rounds each result to
/// float16, as legato does (500 programs' 1,032 float16 results, seeds
/// 260000-260499, were equal bit for bit), so 1e-3 leaves a rounding or
/// two. Sums differ more (float16Accumulation in Analysis.cpp).
inline constexpr double kFloat16Tolerance = 1e-3;
inline constexpr double kFloat32Tolerance = 1e-3;
inline constexpr double kFloat64Tolerance = 1e-9;

struct VarInfo {
  legato::DType dtype = legato::DType::f64;
  legato::Shape shape;
  Range range;
  int storage = -1; ///< variables with the same storage see each other's writes
};

class Analysis {
public:
  explicit Analysis(const Program &program);

  /// Checks `s` against the current state; on success applies it and returns
  /// nullopt, otherwise returns why it is not well-typed (state unchanged).
  std::optional<std::string> apply(const Statement &s);

  const std::map<int, VarInfo> &variables() const { return vars_; }
  const VarInfo *find(int var) const;

private:
  std::optional<std::string> let(const Statement &s, VarInfo &out);
  std::map<int, VarInfo> vars_;
  int nextStorage_ = 0;
  /// An input holds a NaN. Range::nan marks the NaNs that computations make
  /// (where rounding may decide), not the inputs' (the same on both sides),
  /// so this is what keeps NaN out of transforms.
  bool nanInputs_ = false;
};

/// Runs the analysis over the whole program; the first problem, or nullopt.
std::optional<std::string> checkProgram(const Program &program);

// NumPy's promotion (NEP 50 weak scalars), shared with the generator.
legato::DType promoteTypes(legato::DType a, legato::DType b);
legato::DType promoteWithScalar(legato::DType t, ScalarValue::Kind kind);
/// The float NumPy computes float functions of `t` in: `t` for floats,
/// float16 for bool and 8-bit integers, float32 for 16-bit, else float64.
legato::DType floatOf(legato::DType t);
/// NumPy's accumulator of sum, prod and the scans: int64 for bool and
/// signed integers, uint64 for unsigned, floats themselves.
legato::DType sumType(legato::DType t);
/// kFloat16Tolerance, kFloat32Tolerance or kFloat64Tolerance.
double floatTolerance(legato::DType t);
/// The dtype of np.fft's `op` of values of dtype `t`, by NumPy 2's rule:
/// float16 and float32 in single precision (complex64; irfft's real result
/// keeps the float type, float16 too), integers and bool in double.
legato::DType transformDType(const std::string &op, legato::DType t);
/// NumPy broadcasting; nullopt when the shapes are incompatible.
std::optional<legato::Shape> broadcastShapes(const legato::Shape &a, const legato::Shape &b);
/// The range of a scalar constant.
Range scalarRange(double value);
/// The range of `r` after converting values of `from` to `to`; nullopt when
/// the conversion's result would depend on rounding or be undefined.
std::optional<Range> convertRange(const Range &r, legato::DType from, legato::DType to);
/// What the value `v` becomes when stored in dtype `t` (NumPy's unsafe cast).
double castValue(double v, legato::DType t);

} // namespace legato_fuzz

#endif // LEGATO_FUZZ_ANALYSIS_H

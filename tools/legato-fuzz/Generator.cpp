//===- Generator.cpp - Random well-typed fuzzer programs -------------------===//
//
// Programs are built statement by statement: pick an operation, pick operands
// that are likely to fit (shapes from one broadcast-compatible family, recent
// variables preferred so that ops chain), then let Analysis decide whether the
// statement is well-typed; a rejected candidate is simply redrawn.
//
//===----------------------------------------------------------------------===//
#include "Generator.h"

#include "Analysis.h"
#include "OpenBugs.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <memory>

namespace legato_fuzz {

using legato::DType;
using legato::Shape;

namespace {

/// splitmix64: small, fast and the same everywhere. The seed goes through
/// the output mix first: a state of seed * increment made seed s + 1's
/// stream seed s's shifted by one draw, so consecutive seeds drew nearly the
/// same inputs and statements (until session 35).
class Rng {
public:
  explicit Rng(uint64_t seed) : state_(mix(seed ^ 0x2545F4914F6CDD1Dull)) {}
  uint64_t next() { return mix(state_ += 0x9E3779B97F4A7C15ull); }
  /// Uniform in [lo, hi].
  int64_t range(int64_t lo, int64_t hi) { return lo + int64_t(next() % uint64_t(hi - lo + 1)); }
  bool chance(double p) { return double(next() >> 11) * 0x1.0p-53 < p; }
  template <class T> const T &pick(const std::vector<T> &v) {
    return v[size_t(range(0, int64_t(v.size()) - 1))];
  }
  /// An index drawn with the given weights.
  size_t weighted(const std::vector<int> &weights) {
    int total = 0;
    for (int w : weights)
      total += w;
    int r = int(range(0, total - 1));
    for (size_t i = 0; i < weights.size(); ++i) {
      if (r < weights[i])
        return i;
      r -= weights[i];
    }
    return weights.size() - 1;
  }

private:
  static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint64_t state_;
};

/// The five dtypes of legato's first versions, and NumPy's others (issue
/// 53). A program draws its dtypes from the first five only (half of the
/// programs, so that their mix stays as it was) or from all, where the new
/// ones are 15 of 26 draws (so that they meet each other often).
const std::vector<DType> kDTypes = {DType::bool_, DType::i32, DType::i64, DType::f32, DType::f64,
                                    DType::i8,    DType::i16, DType::u8,  DType::u16, DType::u32,
                                    DType::u64,   DType::f16};
const std::vector<int> kClassicWeights = {2, 2, 2, 2, 3, 0, 0, 0, 0, 0, 0, 0};
const std::vector<int> kWideWeights = {2, 2, 2, 2, 3, 2, 2, 2, 2, 2, 2, 3};

/// Values near the limits of integer type `t` (exact in a double).
std::vector<double> limitValues(DType t) {
  switch (t) {
  case DType::i8:
    return {127, -128, -127, 100};
  case DType::i16:
    return {32767, -32768, 30000};
  case DType::i32:
    return {2147483647.0, -2147483648.0, 2147480000.0};
  case DType::i64:
    return {4611686018427387904.0, -4611686018427387904.0};
  case DType::u8:
    return {255, 254, 128, 200};
  case DType::u16:
    return {65535, 65534, 32768};
  case DType::u32:
    return {4294967295.0, 2147483648.0, 4294967000.0};
  case DType::u64: // (2^64 - 2^11: the largest double below 2^64)
    return {9223372036854775808.0, 18446744073709549568.0, 4611686018427387904.0};
  default:
    return {};
  }
}

class ProgramBuilder {
public:
  ProgramBuilder(uint64_t seed, const GeneratorOptions &options) : rng_(seed), options_(options) {
    program_.seed = seed;
  }

  Program build() {
    makeInputs();
    analysis_ = std::make_unique<Analysis>(program_);
    int target = int(rng_.range(options_.minStatements, options_.maxStatements));
    for (int attempts = 0; int(program_.statements.size()) < target && attempts < 400; ++attempts) {
      Statement s = candidate();
      if (s.kind == Statement::Kind::let)
        s.target = nextVar_;
      if (options_.avoidOpenBugs) {
        Program trial = program_;
        trial.statements.push_back(s);
        if (matchesOpenBug(trial))
          continue;
      }
      if (analysis_->apply(s))
        continue; // not well-typed: draw again
      if (s.kind == Statement::Kind::let)
        ++nextVar_;
      program_.statements.push_back(s);
      // A transform's result is mostly the next statement's first operand,
      // so that the ops around it fuse with it (of the 79 programs with a
      // transform among seeds 64090000000-399, 28 used its result without
      // this, 47 with it).
      feed_ = isTransform(s) && rng_.chance(0.8) ? s.target : -1;
    }
    return program_;
  }

private:
  // ---- shapes and values --------------------------------------------------
  int64_t dim() {
    return std::vector<int64_t>{0, 1, 1, 2, 2, 3, 3, 3, 4, 5}[size_t(rng_.range(0, 9))];
  }

  Shape randomShape() {
    int64_t rank = int64_t(rng_.weighted({1, 3, 4, 2}));
    Shape s;
    for (int64_t i = 0; i < rank; ++i)
      s.push_back(dim());
    return s;
  }

  /// A shape that broadcasts with the family's base shape.
  Shape familyShape() {
    size_t kind = rng_.weighted({6, 3, 1});
    if (kind == 0)
      return base_;
    if (kind == 2)
      return randomShape();
    Shape s = base_;
    size_t drop = size_t(rng_.range(0, int64_t(s.size())));
    s.erase(s.begin(), s.begin() + long(drop));
    for (int64_t &d : s)
      if (rng_.chance(0.3))
        d = 1;
    return s;
  }

  DType dtype() { return kDTypes[rng_.weighted(wide_ ? kWideWeights : kClassicWeights)]; }

  double value(DType t) {
    if (t == DType::bool_)
      return double(rng_.range(0, 1));
    if (isInteger(t) && rng_.chance(t == DType::i64 ? 0.03 : 0.04))
      return rng_.pick(limitValues(t));
    if (isUnsigned(t))
      return double(rng_.range(0, 9));
    if (isInteger(t))
      return double(rng_.range(-4, 5));
    if (rng_.chance(0.03)) {
      if (t == DType::f16) // (the smallest subnormal, the largest finite)
        return rng_.pick(std::vector<double>{NAN, INFINITY, -INFINITY, -0.0, 0x1p-24, 65504.0});
      return rng_.pick(std::vector<double>{NAN, INFINITY, -INFINITY, -0.0, 5e-324, DBL_MAX});
    }
    return double(rng_.range(-8, 8)) / 2.0; // halves: sums and products stay exact
  }

  void makeInputs() {
    wide_ = rng_.chance(0.5);
    base_ = randomShape();
    int count = int(rng_.range(1, options_.maxInputs));
    for (int i = 0; i < count; ++i) {
      Input in;
      in.dtype = dtype();
      in.shape = familyShape();
      for (int64_t k = 0; k < numElements(in.shape); ++k)
        in.values.push_back(value(in.dtype));
      program_.inputs.push_back(in);
    }
    nextVar_ = count;
  }

  /// A C++ scalar operand for an array of type `t`: integers within t's
  /// range when t is an integer type (NumPy 2 raises OverflowError for
  /// others, which tests elsewhere cover), now and then at its limits.
  ScalarValue scalar(DType t) {
    ScalarValue v;
    switch (rng_.weighted({1, 4, 4})) {
    case 0:
      v.kind = ScalarValue::Kind::boolean;
      v.i = rng_.range(0, 1);
      break;
    case 1:
      v.kind = ScalarValue::Kind::integer;
      v.i = rng_.range(isUnsigned(t) ? 0 : -3, 4);
      if (isInteger(t) && rng_.chance(0.06)) {
        std::vector<double> limits = limitValues(t);
        double x = limits[size_t(rng_.range(0, int64_t(limits.size()) - 1))];
        if (t == DType::u64) { // past int64's largest: uint64's own
          uint64_t u = rng_.pick(std::vector<uint64_t>{UINT64_MAX, uint64_t(1) << 63,
                                                       (uint64_t(1) << 63) + 1,
                                                       uint64_t(INT64_MAX), uint64_t(1) << 62});
          v.i = int64_t(u);
          v.aboveInt64 = u > uint64_t(INT64_MAX);
        } else {
          v.i = int64_t(x);
        }
      }
      break;
    default:
      v.kind = ScalarValue::Kind::floating;
      v.f = rng_.chance(0.05) ? rng_.pick(std::vector<double>{NAN, INFINITY, -INFINITY, 1e30, -0.0,
                                                              5e-324, 0x1p-1022, DBL_MAX})
                              : double(rng_.range(-6, 6)) / 2.0;
      if (t == DType::f16 && rng_.chance(0.05)) // past float16's largest, its smallest
        v.f = rng_.pick(std::vector<double>{65504.0, 70000.0, 0x1p-24, 0x1p-25, 1000.25});
      break;
    }
    // Integers at int64's limits and past them (uint64's) for float arrays:
    // NumPy converts them to the float type (float16: infinity).
    if (wide_ && isFloat(t) && rng_.chance(0.05)) {
      uint64_t u = rng_.pick(std::vector<uint64_t>{UINT64_MAX, uint64_t(1) << 63,
                                                   uint64_t(INT64_MAX), uint64_t(INT64_MIN)});
      v = ScalarValue{};
      v.kind = ScalarValue::Kind::integer;
      v.i = int64_t(u);
      v.aboveInt64 = u > uint64_t(INT64_MAX) && u != uint64_t(INT64_MIN);
    }
    return v;
  }

  // ---- variables ------------------------------------------------------------
  std::vector<int> live() const {
    std::vector<int> ids;
    for (const auto &[id, info] : analysis_->variables())
      ids.push_back(id);
    return ids;
  }

  static bool isTransform(const Statement &s) {
    return s.kind == Statement::Kind::let && findOp(s.op) &&
           (findOp(s.op)->attrs & OpInfo::Attr::NormAttr);
  }

  /// A variable, preferring recent ones so that operations chain (and a
  /// transform's result, feed_, right after it).
  int variable() {
    if (feed_ >= 0 && rng_.chance(0.7))
      return feed_;
    std::vector<int> ids = live();
    if (rng_.chance(0.5) && ids.size() > 2)
      return ids[ids.size() - 1 - size_t(rng_.range(0, 2))];
    return rng_.pick(ids);
  }

  const VarInfo &info(int var) const { return *analysis_->find(var); }

  /// A variable satisfying `fits`, or -1.
  template <class F> int variableWhere(F fits) {
    std::vector<int> candidates;
    for (int id : live())
      if (fits(info(id)))
        candidates.push_back(id);
    if (candidates.empty())
      return -1;
    if (rng_.chance(0.5))
      return candidates.back();
    return rng_.pick(candidates);
  }

  int broadcastPartner(const Shape &shape) {
    return variableWhere(
        [&](const VarInfo &v) { return broadcastShapes(v.shape, shape).has_value(); });
  }

  IndexSpec index(const Shape &shape) {
    IndexSpec spec;
    size_t entries = size_t(rng_.range(0, int64_t(shape.size())));
    if (rng_.chance(0.6))
      entries = shape.size();
    for (size_t d = 0; d < entries; ++d) {
      int64_t n = shape[d];
      IndexEntry e;
      if (n > 0 && rng_.chance(0.25)) {
        e.isInteger = true;
        e.integer = rng_.range(-n, n - 1);
      } else {
        e.step = rng_.pick(std::vector<int64_t>{1, 1, 1, 2, -1, -1, -2, 3});
        if (rng_.chance(0.6))
          e.start = rng_.range(-n - 1, n + 1);
        if (rng_.chance(0.6))
          e.stop = rng_.range(-n - 1, n + 1);
      }
      spec.push_back(e);
    }
    return spec;
  }

  std::vector<int64_t> axes(int64_t rank) {
    std::vector<int64_t> out;
    if (rank == 0 || rng_.chance(0.35))
      return out;
    for (int64_t d = 0; d < rank; ++d)
      if (rng_.chance(0.5))
        out.push_back(rng_.chance(0.3) ? d - rank : d);
    for (size_t i = out.size(); i > 1; --i)
      std::swap(out[i - 1], out[size_t(rng_.range(0, int64_t(i) - 1))]);
    return out;
  }

  // ---- statements -----------------------------------------------------------
  Statement let(const std::string &op, std::vector<Operand> args) {
    Statement s;
    s.kind = Statement::Kind::let;
    s.op = op;
    s.args = std::move(args);
    return s;
  }

  Statement candidate() {
    static const std::vector<int> weights = {
        30, // binary
        10, // unary
        5,  // astype
        6,  // where
        11, // reduction
        7,  // matmul / dot / outer
        4,  // transpose
        5,  // reshape
        3,  // broadcast_to
        4,  // concatenate
        4,  // pad
        3,  // roll
        8,  // getitem
        9,  // setitem
        2,  // copy / alias
        5,  // creation
        2,  // clip
        6,  // flip, scans, sorts, median, partition, tile, repeat
        3,  // take
        3,  // put / add_at
        8,  // np.fft
        2,  // flush
    };
    switch (rng_.weighted(weights)) {
    case 0:
      return binary();
    case 1:
      return unary();
    case 2: {
      Statement s = let("astype", {Operand::variable(variable())});
      s.dtype = dtype();
      return s;
    }
    case 3:
      return where();
    case 4:
      return reduction();
    case 5:
      return product();
    case 6: {
      int x = variable();
      if (rng_.chance(0.3))
        return let("T", {Operand::variable(x)});
      Statement s = let("transpose", {Operand::variable(x)});
      int64_t rank = int64_t(info(x).shape.size());
      if (rng_.chance(0.8)) {
        for (int64_t d = 0; d < rank; ++d)
          s.ints.push_back(d);
        for (size_t i = s.ints.size(); i > 1; --i)
          std::swap(s.ints[i - 1], s.ints[size_t(rng_.range(0, int64_t(i) - 1))]);
        for (int64_t &p : s.ints)
          if (rng_.chance(0.2))
            p -= rank;
      }
      return s;
    }
    case 7:
      return reshape();
    case 8:
      return broadcastTo();
    case 9:
      return concatenate();
    case 10: {
      int x = variable();
      Statement s = let("pad", {Operand::variable(x)});
      size_t pairs = rng_.chance(0.3) ? 1 : info(x).shape.size();
      for (size_t i = 0; i < pairs; ++i) {
        s.ints.push_back(rng_.range(0, 2));
        s.ints.push_back(rng_.range(0, 2));
      }
      s.value = double(rng_.range(-4, 4)) / 2.0;
      if (isUnsigned(info(x).dtype)) // (a negative value is undefined in unsigned types)
        s.value = std::fabs(s.value);
      return s;
    }
    case 11:
      return roll();
    case 12: {
      int x = variable();
      Statement s = let("getitem", {Operand::variable(x)});
      s.index = index(info(x).shape);
      return s;
    }
    case 13:
      return setitem();
    case 14:
      return let(rng_.chance(0.6) ? "copy" : "alias", {Operand::variable(variable())});
    case 15:
      return creation();
    case 16:
      return clip();
    case 17: {
      int x = variable();
      int64_t rank = int64_t(info(x).shape.size());
      if (rng_.chance(0.5)) { // np.cumsum, np.cumprod and their nan-forms; np.sort, np.argsort,
                              // np.median, np.partition's kth element
        Statement s = let(rng_.chance(0.5) ? rng_.pick<std::string>({"sort", "argsort", "median",
                                                                     "partition"})
                                           : rng_.pick<std::string>({"cumsum", "cumprod",
                                                                     "nancumsum", "nancumprod"}),
                          {Operand::variable(x)});
        if (rng_.chance(0.7))
          s.ints.push_back(rng_.range(-std::max<int64_t>(rank, 1), std::max<int64_t>(rank, 1) - 1));
        // The length of the lines that median and partition take (-1: no
        // such axis, which the analysis refuses).
        const Shape &shape = info(x).shape;
        int64_t n = s.ints.empty() ? numElements(shape)
                    : rank == 0    ? -1
                                   : shape[size_t(s.ints[0] < 0 ? s.ints[0] + rank : s.ints[0])];
        if (s.op == "median") {
          s.keepdims = rng_.chance(0.3);
          // Mostly not of an empty slice (NumPy's median of nothing is NaN,
          // with a warning): over an axis of nonzero length where there is
          // one (the result is then empty, not NaN).
          if (n == 0 && rng_.chance(0.8)) {
            std::vector<int64_t> full;
            for (int64_t d = 0; d < rank; ++d)
              if (shape[size_t(d)] > 0)
                full.push_back(d);
            if (!full.empty())
              s.ints = {rng_.pick(full)};
          }
        }
        if (s.op == "partition") // kth within the line (negative: from the end), if any
          s.count = n > 0 ? rng_.range(-n, n - 1) : 0;
        return s;
      }
      if (rng_.chance(0.2)) { // np.tile, np.repeat: a few copies
        bool tile = rng_.chance(0.5);
        Statement s = let(tile ? "tile" : "repeat", {Operand::variable(x)});
        if (tile) {
          for (int64_t i = rng_.range(0, 3); i > 0; --i)
            s.ints.push_back(rng_.range(0, 3));
        } else {
          if (rank > 0 && rng_.chance(0.7))
            s.ints.push_back(rng_.range(-rank, rank - 1));
          s.count = rng_.range(0, 3);
        }
        return s;
      }
      if (rank > 0 && rng_.chance(0.25)) { // np.tril, np.triu about diagonals -2 to 2
        Statement s = let(rng_.chance(0.5) ? "tril" : "triu", {Operand::variable(x)});
        s.count = rng_.range(-2, 2);
        return s;
      }
      if (rng_.chance(0.15)) { // np.kron of two small arrays
        int y = variableWhere([](const VarInfo &v) { return numElements(v.shape) <= 12; });
        if (y >= 0 && numElements(info(x).shape) <= 12)
          return let("kron", {Operand::variable(x), Operand::variable(y)});
      }
      if (rank > 0 && rng_.chance(0.4)) { // np.diff of order 0 to 3
        Statement s = let("diff", {Operand::variable(x)});
        s.ints.push_back(rng_.chance(0.6) ? -1 : rng_.range(-rank, rank - 1));
        s.count = rng_.weighted({1, 6, 2, 1});
        return s;
      }
      Statement s = let("flip", {Operand::variable(x)});
      if (rank > 0 && rng_.chance(0.7)) // (the analysis refuses 0-d arrays)
        s.ints.push_back(rng_.range(-rank, rank - 1));
      return s;
    }
    case 20:
      return fourier();
    case 18:
      if (std::optional<Statement> s = take())
        return *s;
      [[fallthrough]];
    case 19:
      if (std::optional<Statement> s = write())
        return *s;
      [[fallthrough]];
    default: {
      Statement s;
      s.kind = Statement::Kind::flush;
      return s;
    }
    }
  }

  /// np.take of a variable by an integer or bool variable (of at most 2
  /// dimensions), along one axis or the flattened array, wrapped or
  /// clipped; none when no such index variable is live.
  std::optional<Statement> take() {
    int i = variableWhere([](const VarInfo &v) { return !isFloat(v.dtype) && v.shape.size() <= 2; });
    if (i < 0)
      return std::nullopt;
    int x = variable();
    int64_t rank = int64_t(info(x).shape.size());
    Statement s = let("take", {Operand::variable(x), Operand::variable(i)});
    if (rank > 0 && rng_.chance(0.7))
      s.ints.push_back(rng_.range(-rank, rank - 1));
    s.count = rng_.range(0, 1);
    return s;
  }

  /// np.put (wrapped or clipped) or np.add.at (values that broadcast to
  /// the indexed rows) into a copy of a variable, by an integer or bool
  /// variable; none when no such index variable is live.
  std::optional<Statement> write() {
    // (add_at's bool indices are masks, whose selection's length is data.)
    bool add = rng_.chance(0.5);
    int i = variableWhere([&](const VarInfo &v) {
      return !isFloat(v.dtype) && v.shape.size() <= 2 && !(add && v.dtype == legato::DType::bool_);
    });
    if (i < 0)
      return std::nullopt;
    int x = variable();
    const VarInfo &dest = info(x);
    if (!add || dest.shape.empty()) {
      Statement s =
          let("put", {Operand::variable(x), Operand::variable(i), Operand::variable(variable())});
      s.count = rng_.range(0, 1);
      return s;
    }
    Shape target = info(i).shape;
    target.insert(target.end(), dest.shape.begin() + 1, dest.shape.end());
    int v = variableWhere([&](const VarInfo &info) {
      std::optional<Shape> b = broadcastShapes(info.shape, target);
      return b && *b == target;
    });
    if (v < 0)
      return std::nullopt;
    return let("add_at", {Operand::variable(x), Operand::variable(i), Operand::variable(v)});
  }

  /// An np.fft transform of a variable: a 1-D one along one axis (negative
  /// at times), with n now and then shorter or longer than the axis, or
  /// fft2/ifft2/fftn/ifftn over distinct axes (or their defaults), with s
  /// at times; any norm. rfft takes real values only; the results (complex
  /// but for irfft's) feed the ops that the analysis lets take them.
  Statement fourier() {
    int x = variableWhere([](const VarInfo &v) { return !v.shape.empty(); });
    if (x < 0)
      x = variable(); // (a 0-d one, which the analysis refuses)
    const Shape shape = info(x).shape;
    int64_t rank = int64_t(shape.size());
    static const std::vector<std::string> ops = {"fft",  "ifft",  "rfft", "irfft",
                                                 "fft2", "ifft2", "fftn", "ifftn"};
    bool complex = isComplex(info(x).dtype);
    Statement s = let(ops[rng_.weighted({4, 3, complex ? 0 : 4, 3, 1, 1, 1, 1})],
                      {Operand::variable(x)});
    s.norm = legato::fft::Norm(rng_.weighted({2, 1, 1})); // backward, ortho, forward
    auto extent = [&](int64_t axis) {
      return rank ? shape[size_t(axis < 0 ? axis + rank : axis)] : 0;
    };
    if (s.op == "fft" || s.op == "ifft" || s.op == "rfft" || s.op == "irfft") {
      s.ints.push_back(rank ? rng_.range(-rank, rank - 1) : 0);
      if (rng_.chance(0.6)) { // (irfft's n is about twice its input's length)
        int64_t m = extent(s.ints[0]);
        s.lengths.push_back(rng_.range(1, s.op == "irfft" ? 2 * m + 2 : m + 3));
      }
      return s;
    }
    bool two = s.op == "fft2" || s.op == "ifft2";
    std::vector<int64_t> axes; // the transformed axes, given or by default
    if (rng_.chance(two ? 0.6 : 0.7)) {
      for (int64_t d = 0; d < rank; ++d)
        axes.push_back(d);
      for (size_t i = axes.size(); i > 1; --i)
        std::swap(axes[i - 1], axes[size_t(rng_.range(0, int64_t(i) - 1))]);
      int64_t count = two ? std::min<int64_t>(rank, 2) : rng_.range(1, std::max<int64_t>(rank, 1));
      axes.resize(size_t(count));
      for (int64_t &a : axes)
        if (rng_.chance(0.3))
          a -= rank;
      s.ints = axes;
    } else {
      for (int64_t d = two ? rank - 2 : 0; d < rank; ++d)
        axes.push_back(d);
    }
    if (rng_.chance(0.4))
      for (int64_t a : axes)
        s.lengths.push_back(rng_.range(1, extent(a) + 2));
    return s;
  }

  /// np.roll along one or two axes (an axis may repeat, or be negative), or
  /// along the flattened array; shifts up to one past the extent either way.
  Statement roll() {
    int x = variable();
    Statement s = let("roll", {Operand::variable(x)});
    const legato::Shape &shape = info(x).shape;
    auto shiftWithin = [&](int64_t extent) { return rng_.range(-extent - 1, extent + 1); };
    if (shape.empty() || rng_.chance(0.25)) {
      s.shifts.push_back(shiftWithin(numElements(shape)));
      return s;
    }
    int64_t rank = int64_t(shape.size());
    for (int i = rng_.chance(0.3) ? 2 : 1; i > 0; --i) {
      int64_t axis = rng_.range(0, rank - 1);
      s.shifts.push_back(shiftWithin(shape[size_t(axis)]));
      s.ints.push_back(rng_.chance(0.2) ? axis - rank : axis);
    }
    return s;
  }

  Statement binary() {
    static const std::vector<std::string> ops = {
        "add", "sub", "mul", "div", "pow",         "maximum",    "minimum", "lt",
        "le",  "gt",  "ge",  "eq",  "ne",          "logical_and", "logical_or", "mod",
        "floor_divide", "fmax", "fmin", "hypot", "bitwise_and", "bitwise_or", "bitwise_xor",
        "left_shift", "right_shift"};
    static const std::vector<int> weights = {5, 4, 5, 3, 2, 2, 2, 1, 1, 1, 1, 1,
                                             1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    std::string op = ops[rng_.weighted(weights)];
    int a = variable();
    Operand other;
    if (rng_.chance(0.4) && op != "hypot") { // (legato's hypot takes arrays)
      other = Operand::of(scalar(info(a).dtype));
      if (op == "pow" && rng_.chance(0.7)) // mostly small non-negative exponents
        other = Operand::of(ScalarValue{ScalarValue::Kind::integer, rng_.range(0, 3), 0});
    } else {
      int b = broadcastPartner(info(a).shape);
      other = Operand::variable(b < 0 ? a : b);
    }
    std::vector<Operand> args = {Operand::variable(a), other};
    if (rng_.chance(0.3) && op != "pow")
      std::swap(args[0], args[1]);
    return let(op, args);
  }

  Statement unary() {
    static const std::vector<std::string> ops = {
        "neg",   "logical_not", "abs",   "exp",    "log",    "sqrt",    "sin",
        "cos",   "tanh",        "erf",   "floor",  "ceil",   "trunc",   "rint",
        "arctan", "sinh",       "cosh",  "arcsinh", "exp2",  "expm1",   "log2",
        "log10", "log1p",       "cbrt",  "square", "sign",   "isnan",   "isfinite",
        "deg2rad", "rad2deg",   "round", "invert", "real",   "imag"};
    // (real and imag take complex values only: np.fft's)
    static const std::vector<int> weights = {8, 4, 6, 2, 2, 2, 2, 2, 2, 2, 6, 2, 2, 2, 1, 1, 1,
                                             1, 1, 1, 1, 1, 1, 1, 3, 2, 1, 1, 1, 1, 3, 1, 3, 3};
    Statement s = let(ops[rng_.weighted(weights)], {Operand::variable(variable())});
    if (s.op == "real" || s.op == "imag") {
      int z = variableWhere([](const VarInfo &v) { return isComplex(v.dtype); });
      s.args[0] = Operand::variable(z < 0 ? s.args[0].var : z);
    }
    if (s.op == "round")
      s.count = rng_.range(-2, 3); // decimals
    return s;
  }

  /// np.clip with each bound a scalar or an array that broadcasts with x.
  Statement clip() {
    int x = variable();
    auto bound = [&]() {
      if (rng_.chance(0.6))
        return Operand::of(scalar(info(x).dtype));
      int b = broadcastPartner(info(x).shape);
      return Operand::variable(b < 0 ? x : b);
    };
    Operand lo = bound(), hi = bound();
    return let("clip", {Operand::variable(x), lo, hi});
  }

  Statement where() {
    int c = variableWhere([](const VarInfo &v) { return v.dtype == DType::bool_; });
    if (c < 0 || rng_.chance(0.2))
      c = variable();
    auto branch = [&]() {
      if (rng_.chance(0.35))
        return Operand::of(ScalarValue{});
      int b = broadcastPartner(info(c).shape);
      return Operand::variable(b < 0 ? c : b);
    };
    Operand a = branch(), b = branch();
    // A scalar branch in the other branch's range (its type decides).
    if (a.isScalar())
      a = Operand::of(scalar(info(b.isScalar() ? c : b.var).dtype));
    if (b.isScalar())
      b = Operand::of(scalar(info(a.isScalar() ? c : a.var).dtype));
    return let("where", {Operand::variable(c), a, b});
  }

  Statement reduction() {
    static const std::vector<std::string> ops = {
        "sum",    "prod",   "max",     "min",     "mean",   "any",    "all",
        "count_nonzero",    "var",     "std",     "ptp",    "nansum", "nanprod",
        "nanmean", "nanmax", "nanmin", "argmax",  "argmin"};
    int x = variable();
    Statement s = let(ops[rng_.weighted({8, 2, 4, 4, 4, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 2, 2})],
                      {Operand::variable(x)});
    int64_t rank = int64_t(info(x).shape.size());
    if (s.op == "argmax" || s.op == "argmin") { // one axis or none
      if (rank > 0 && rng_.chance(0.6))
        s.ints.push_back(rng_.range(-rank, rank - 1));
      s.keepdims = rng_.chance(0.3);
      return s;
    }
    s.ints = axes(rank);
    s.keepdims = rng_.chance(0.3);
    if (s.op == "var" || s.op == "std")
      s.count = rng_.chance(0.7) ? 0 : 1; // ddof
    return s;
  }

  Statement product() {
    size_t kind = rng_.weighted({5, 3, 1});
    int a = variable();
    if (kind == 2) {
      int b = variable();
      return let("outer", {Operand::variable(a), Operand::variable(b)});
    }
    const Shape &sa = info(a).shape;
    int b = -1;
    if (!sa.empty() && sa.size() <= 2) {
      int64_t k = sa.back();
      b = variableWhere([&](const VarInfo &v) {
        return !v.shape.empty() && v.shape.size() <= 2 && v.shape[0] == k;
      });
    }
    if (b < 0)
      b = variable();
    return let(kind == 0 ? "matmul" : "dot", {Operand::variable(a), Operand::variable(b)});
  }

  Statement reshape() {
    int x = variable();
    int64_t size = numElements(info(x).shape);
    Shape target;
    int64_t rest = size;
    int64_t rank = rng_.range(0, 3);
    for (int64_t i = 0; i + 1 < rank; ++i) {
      std::vector<int64_t> divisors;
      for (int64_t d = 1; d <= std::max<int64_t>(rest, 1); ++d)
        if (rest == 0 || rest % d == 0)
          divisors.push_back(d);
      int64_t d = rest == 0 && rng_.chance(0.5) ? 0 : rng_.pick(divisors);
      target.push_back(d);
      rest = d == 0 ? 1 : rest / d;
    }
    if (rank > 0)
      target.push_back(rest);
    if (rank > 0 && size > 0 && rng_.chance(0.3))
      target[size_t(rng_.range(0, rank - 1))] = -1;
    Statement s = let("reshape", {Operand::variable(x)});
    s.ints = target;
    return s;
  }

  Statement broadcastTo() {
    int x = variable();
    Shape target;
    for (int64_t i = rng_.range(0, 1); i > 0; --i)
      target.push_back(dim());
    for (int64_t d : info(x).shape)
      target.push_back(d == 1 && rng_.chance(0.6) ? dim() : d);
    Statement s = let("broadcast_to", {Operand::variable(x)});
    s.ints = target;
    return s;
  }

  Statement concatenate() {
    int x = variableWhere([](const VarInfo &v) { return !v.shape.empty(); });
    if (x < 0)
      x = variable();
    const Shape shape = info(x).shape;
    int64_t rank = int64_t(shape.size());
    int64_t axis = rank ? rng_.range(-rank, rank - 1) : 0;
    int64_t dim = axis < 0 ? axis + rank : axis;
    std::vector<Operand> args = {Operand::variable(x)};
    int more = int(rng_.range(0, 2));
    for (int i = 0; i < more; ++i) {
      int y = variableWhere([&](const VarInfo &v) {
        if (int64_t(v.shape.size()) != rank)
          return false;
        for (int64_t d = 0; d < rank; ++d)
          if (d != dim && v.shape[size_t(d)] != shape[size_t(d)])
            return false;
        return true;
      });
      args.push_back(Operand::variable(y < 0 ? x : y));
    }
    Statement s = let("concatenate", args);
    s.count = axis;
    return s;
  }

  Statement setitem() {
    Statement s;
    s.kind = Statement::Kind::setitem;
    s.target = variable();
    s.index = index(info(s.target).shape);
    std::optional<Shape> selected = indexedShape(info(s.target).shape, s.index);
    int v = -1;
    if (selected && rng_.chance(0.6))
      v = variableWhere([&](const VarInfo &info) {
        std::optional<Shape> b = broadcastShapes(info.shape, *selected);
        return b && *b == *selected;
      });
    s.args.push_back(v < 0 ? Operand::of(scalar(info(s.target).dtype)) : Operand::variable(v));
    return s;
  }

  Statement creation() {
    Statement s = let("", {});
    s.dtype = dtype();
    switch (rng_.weighted({2, 2, 2, 2, 2, 2, 1, 2})) {
    case 0:
      s.op = "zeros";
      s.ints = familyShape();
      break;
    case 1:
      s.op = "ones";
      s.ints = familyShape();
      break;
    case 2:
      s.op = "full";
      s.ints = familyShape();
      s.value = double(rng_.range(isUnsigned(s.dtype) ? 0 : -6, 6)) / 2.0;
      break;
    case 3:
      s.op = "arange_stop";
      s.count = rng_.range(-1, 6);
      break;
    case 4: {
      s.op = "arange";
      bool halves = isFloat(s.dtype);
      double unit = halves ? 0.5 : 1;
      s.value = double(rng_.range(isUnsigned(s.dtype) ? 0 : -4, 4)) * unit;
      s.value3 = double(rng_.pick(std::vector<int64_t>{1, 1, 2, 3, -1, -2})) * unit;
      s.value2 = s.value + s.value3 * double(rng_.range(-1, 5)) + (rng_.chance(0.3) ? unit / 2 : 0);
      break;
    }
    case 5: {
      s.op = "linspace";
      s.count = rng_.range(0, 6);
      s.value = double(rng_.range(isUnsigned(s.dtype) ? 0 : -4, 4));
      int64_t steps = std::max<int64_t>(s.count - 1, 1);
      s.value2 = s.value + double(rng_.range(-2, 2) * steps) / (isFloat(s.dtype) ? 2.0 : 1.0);
      break;
    }
    case 6:
      s.op = "eye";
      s.count = rng_.range(0, 4);
      break;
    default:
      s.op = "random";
      s.ints = familyShape();
      s.count = rng_.range(0, 1000);
      break;
    }
    return s;
  }

  Rng rng_;
  GeneratorOptions options_;
  Program program_;
  std::unique_ptr<Analysis> analysis_;
  Shape base_;
  bool wide_ = false; ///< draws NumPy's other dtypes too
  int nextVar_ = 0;
  int feed_ = -1; ///< the last statement's transform result, or -1
};

} // namespace

Program generateProgram(uint64_t seed, const GeneratorOptions &options) {
  return ProgramBuilder(seed, options).build();
}

} // namespace legato_fuzz

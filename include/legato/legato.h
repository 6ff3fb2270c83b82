//===- legato.h - Distributed NumPy-style arrays with an MLIR compiler ----===//
//
// The only header a user needs. Every operation on an Array is recorded into a
// program; programs are simplified, fused into few kernels and run by the
// backend. See docs/API.md for the full reference.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_LEGATO_H
#define LEGATO_LEGATO_H

#include <complex>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace legato {

using Shape = std::vector<int64_t>;

/// Every misuse of the library throws this, with a message naming the op, the
/// shapes involved and how to fix the call.
class Error : public std::runtime_error {
public:
  explicit Error(const std::string &message) : std::runtime_error(message) {}
};
/// The kinds of misuse NumPy tells apart (Python's legato.numpy raises the
/// exception NumPy raises for each); a plain Error is NumPy's ValueError
/// (shapes, values) or a failure of the system (memory, MPI, CUDA).
/// An index out of bounds (NumPy's IndexError).
class IndexError : public Error {
public:
  using Error::Error;
};
/// An axis out of range for an array's rank (NumPy's AxisError, which is
/// both a ValueError and an IndexError).
class AxisError : public Error {
public:
  using Error::Error;
};
/// An operand of a kind the operation does not accept: a dtype, a bool
/// where a number is needed, a float where an integer is (TypeError).
class TypeError : public Error {
public:
  using Error::Error;
};
/// A C++ or Python integer that the array's integer dtype cannot hold
/// (`uint8_array + 300`, `int8_array + (-200)`): NumPy 2's OverflowError.
class OverflowError : public Error {
public:
  using Error::Error;
};
/// A linear algebra routine that failed on its values (NumPy's
/// numpy.linalg.LinAlgError): a singular matrix in solve or inv, one not
/// positive definite in cholesky, an eigen or singular value iteration that
/// did not converge. Raised when the routine runs: at the host read that
/// runs a lazy window, or at the call in eager mode.
class LinAlgError : public Error {
public:
  using Error::Error;
};

/// Element types, NumPy's: bool, signed and unsigned integers of 8 to 64
/// bits, float16/32/64, complex64/128 (pairs of float32/64). Promotion among
/// them follows NumPy's table (NEP 50). (The values are stable: compiled
/// programs in a cache are keyed by them.)
enum class DType { bool_, i32, i64, f32, f64, i8, i16, u8, u16, u32, u64, f16, c64, c128 };
inline constexpr DType bool_ = DType::bool_;
inline constexpr DType i8 = DType::i8;
inline constexpr DType i16 = DType::i16;
inline constexpr DType i32 = DType::i32;
inline constexpr DType i64 = DType::i64;
inline constexpr DType u8 = DType::u8;
inline constexpr DType u16 = DType::u16;
inline constexpr DType u32 = DType::u32;
inline constexpr DType u64 = DType::u64;
inline constexpr DType f16 = DType::f16;
inline constexpr DType f32 = DType::f32;
inline constexpr DType f64 = DType::f64;
inline constexpr DType c64 = DType::c64;
inline constexpr DType c128 = DType::c128;
/// Every dtype, bool first, then by kind and size (as NumPy lists them).
inline constexpr DType all_dtypes[] = {bool_, i8, i16, i32, i64, u8, u16, u32, u64,
                                       f16, f32, f64, c64, c128};
/// "float64", "int32", ... as NumPy spells them.
std::string dtype_name(DType);
/// Bytes per element (bool is stored as one byte).
int64_t dtype_size(DType);

/// How programs are cut: every op on its own, or accumulated until a value is
/// needed on the host (the default).
enum class Mode { eager, lazy };
enum class Backend { cpu, cuda };

/// Runtime configuration. Empty/zero fields take their value from the
/// environment (LEGATO_BACKEND, LEGATO_MODE, LEGATO_THREADS, LEGATO_CACHE_DIR,
/// LEGATO_CACHE_LIMIT, LEGATO_TRACE, LEGATO_WINDOW, LEGATO_SIMPLIFY,
/// LEGATO_MEMORY_LIMIT, LEGATO_MESH_ROWS, LEGATO_FP_CONTRACT,
/// LEGATO_FUSE_SWEEPS, LEGATO_OVERLAP), then from the defaults.
struct Options {
  std::optional<Backend> backend;
  std::optional<Mode> mode;
  /// CPU worker threads, and the compiler's; 0 = the cores of the node
  /// shared among the ranks on it (all of them for one process).
  int threads = 0;
  /// Persistent compile cache ("" = memory only): compiled programs and
  /// their code kept across processes (docs/RELIABILITY.md, "Compile cache").
  std::string cache_dir;
  /// Most bytes the compile cache directory holds; past it the least
  /// recently used entries are removed. 0 = 4 GiB. The variable takes a
  /// byte count with an optional K, M, G or T suffix (powers of 1024).
  int64_t cache_limit = 0;
  std::string trace;         ///< Chrome trace JSON written at shutdown
  int64_t window_limit = 0;  ///< ops per lazy window before a forced flush
  std::optional<bool> simplify; ///< algebraic simplification on/off
  /// GPU kernels may compute a * b + c as one fused multiply-add, rounded
  /// once, as nvcc, CuPy, XLA and Triton do by default. Off by default:
  /// every op rounded as NumPy rounds it, so fused results equal eager ones
  /// bit for bit. The CPU backend never fuses them.
  std::optional<bool> fp_contract;
  /// Speed over NumPy's rounding, as nvcc's -use_fast_math: GPU kernels
  /// compute float32 division, sqrt, exp, log, sin, cos and pow with the
  /// hardware's approximate instructions (a few ulp off; a division by
  /// |y| > 2^126 gives 0) and contract a * b + c into FMAs (unless
  /// fp_contract is false); on every backend the simplifier assumes no
  /// value is inf or NaN (x * 0 -> 0, x - x -> 0, pow(x, 0.5) -> sqrt(x)).
  /// float64 kernels keep IEEE division and sqrt. Off by default
  /// (docs/GPU.md, "Fast math").
  std::optional<bool> fast_math;
  /// Two consecutive stencil sweeps in one kernel (docs/GPU.md, "Two
  /// sweeps per kernel"): less memory traffic in a Jacobi-style loop. On a
  /// GPU the second sweep recomputes what it reads of the first (on an
  /// H200: CFD 4% faster at 37 instead of 52 launches per step, shallow
  /// water 2%); on the CPU both run tile by tile of rows, the first one's
  /// rows in a per-tile scratch (CFD 36 instead of 52 launches per step).
  /// On by default; the results are the same bit for bit either way.
  std::optional<bool> fuse_sweeps;
  /// Over several ranks, a kernel that reads ghost rows computes the rows
  /// that need none while the halo exchange is in flight, and the rows
  /// next to the ghost rows after it (docs/DISTRIBUTED.md, "Overlapping
  /// exchanges with the interior"). CPU backend only; off by default.
  std::optional<bool> overlap_exchanges;
  /// Most bytes of array data and temporaries held at once per rank, in the
  /// backend's memory; 0 = no limit. Past it, legato::Error. The variable
  /// takes a byte count with an optional K, M, G or T suffix (powers of 1024).
  int64_t memory_limit = 0;
  /// A 2-D mesh of the ranks: mesh_rows rows of size / mesh_rows ranks
  /// (it must divide the number of ranks). New 2-D arrays are then split
  /// along both axes, and Sharding::grid uses this mesh. 0: a 1-D mesh of
  /// all ranks.
  int mesh_rows = 0;
};

/// What the compiler and runtime did; see docs/PERFORMANCE.md.
struct Stats {
  int64_t programs = 0;      ///< programs executed
  int64_t kernels = 0;       ///< compute launches (fused kernels + library calls)
  int64_t collectives = 0;   ///< communication calls
  int64_t overlapped = 0;    ///< groups of exchanges run beside a kernel's interior
  int64_t bytes_sent = 0;    ///< bytes this rank sent to other ranks
  int64_t bytes_moved = 0;   ///< global-memory bytes read + written by kernels
  int64_t peak_bytes = 0;    ///< peak bytes allocated (arrays + temporaries)
  /// programs compiled, or loaded from `Options::cache_dir` (misses of the
  /// process's own cache of compiled programs)
  int64_t compiles = 0;
  /// wall time spent compiling (or loading compiled code); programs
  /// compiled at once count once
  double compile_ms = 0;
};

/// RAII handle of the process-wide runtime; exactly one may exist at a time.
class Runtime {
public:
  Runtime();
  explicit Runtime(Options options);
  Runtime(int &argc, char **&argv, Options options = {});
  ~Runtime();
  Runtime(const Runtime &) = delete;
  Runtime &operator=(const Runtime &) = delete;

  Backend backend() const;
  Mode mode() const;
  int rank() const;  ///< this process's MPI rank (0 without a launcher)
  int size() const;  ///< number of ranks
};

/// Counters accumulated since the runtime started (or the last reset).
Stats stats();
void reset_stats();

namespace detail {
struct ArrayImpl;
struct JitState;
} // namespace detail

inline constexpr std::nullopt_t none = std::nullopt;

/// A basic slice start:stop:step; an empty optional is an open end.
struct Slice {
  std::optional<int64_t> start, stop;
  int64_t step = 1;
};
inline Slice slice(std::optional<int64_t> start, std::optional<int64_t> stop,
                   int64_t step = 1) {
  return Slice{start, stop, step};
}
class Array;
/// The type of legato::all: a whole-axis Slice that can also be called as
/// NumPy's np.all.
struct AllSlice : Slice {
  /// np.all: whether every element (along `axes`; {} = all axes) is nonzero;
  /// a bool array, True over an empty axis.
  Array operator()(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false) const;
};
/// NumPy's `:` in a subscript (`a[{legato::all, 0}]`), and, called, np.all
/// (`legato::all(a > 0)`).
inline const AllSlice all{{std::nullopt, std::nullopt, 1}};

/// One entry of a subscript: an integer (drops the axis) or a slice.
struct Index {
  std::variant<int64_t, Slice> value;
  Index(int v) : value(int64_t(v)) {}
  Index(long v) : value(int64_t(v)) {}
  Index(long long v) : value(int64_t(v)) {}
  Index(Slice s) : value(s) {}
};

/// A C++ number used as an operand: "weak" in NumPy 2's sense, so `a * 2.0`
/// keeps a's float type and `a + 1` keeps a's integer type.
struct Scalar {
  enum class Kind { boolean, integer, floating, complex } kind;
  double f = 0; ///< the value as a double (a complex value's real part)
  double imag = 0; ///< a complex value's imaginary part
  int64_t i = 0; ///< an integer's value; its bits when `above_int64`
  /// An unsigned integer in [2^63, 2^64): `i` holds its bits.
  bool above_int64 = false;
  Scalar(bool v) : kind(Kind::boolean), f(v), i(v) {}
  template <class T, std::enable_if_t<std::is_integral_v<T> &&
                                          !std::is_same_v<T, bool>,
                                      int> = 0>
  Scalar(T v) : kind(Kind::integer), f(double(v)), i(int64_t(v)) {
    if constexpr (std::is_unsigned_v<T>)
      above_int64 = i < 0;
  }
  template <class T,
            std::enable_if_t<std::is_floating_point_v<T>, int> = 0>
  Scalar(T v) : kind(Kind::floating), f(double(v)), i(int64_t(v)) {}
  template <class T>
  Scalar(std::complex<T> v) : kind(Kind::complex), f(double(v.real())), imag(double(v.imag())) {}
};

class ArrayView;
class Selection;

/// An n-dimensional array. Like a NumPy name, an Array is a reference:
/// `Array b = a;` shares a's storage, `a.copy()` makes an independent array.
class Array {
public:
  Array(); ///< an empty 0-d float64 zero; mostly a placeholder to assign to
  ~Array();
  Array(const Array &);
  Array(Array &&) noexcept;
  Array &operator=(const Array &);
  Array &operator=(Array &&) noexcept;

  const Shape &shape() const;
  DType dtype() const;
  int64_t ndim() const;
  int64_t size() const;

  Array astype(DType) const;
  Array reshape(Shape) const;
  Array T() const;
  Array copy() const;

  /// Basic indexing; the result is a view that writes through to this array.
  ArrayView operator[](std::initializer_list<Index>) const;
  ArrayView operator[](const std::vector<Index> &) const;
  /// NumPy's advanced indexing: an integer array selects along axis 0
  /// (take(a, indices, 0)), a boolean mask of a's leading axes the
  /// subarrays where it is true. Read, the selection is a copy (Selection);
  /// assigned to, it writes into this array: `a[indices] = v`.
  Selection operator[](const Array &indices) const;

  /// NumPy's in-place operators (`a += b`, also through a view:
  /// `a[{slice(1, -1)}] *= 2`): the result is written into this array's
  /// storage, so its views and other names see it. It must keep this
  /// array's shape and cast to its dtype by NumPy's same_kind rule
  /// (`int_array += 1.5` is an error, as in NumPy).
  Array &operator+=(const Array &);
  Array &operator+=(Scalar);
  Array &operator-=(const Array &);
  Array &operator-=(Scalar);
  Array &operator*=(const Array &);
  Array &operator*=(Scalar);
  Array &operator/=(const Array &);
  Array &operator/=(Scalar);
  Array &operator%=(const Array &);
  Array &operator%=(Scalar);

  /// Host reads: run what is pending, then copy (converting to T).
  template <class T> std::vector<T> to_vector() const {
    if constexpr (std::is_same_v<T, bool>) { // vector<bool> has no data()
      std::vector<uint8_t> bytes(static_cast<size_t>(size()));
      copy_to_host(bytes.data(), DType::bool_);
      return std::vector<bool>(bytes.begin(), bytes.end());
    } else {
      std::vector<T> out(static_cast<size_t>(size()));
      copy_to_host(out.data(), host_dtype<T>());
      return out;
    }
  }
  template <class T> T item() const {
    if (size() != 1)
      throw_item_error();
    T v{};
    copy_to_host(&v, host_dtype<T>());
    return v;
  }

  // Internal.
  explicit Array(std::shared_ptr<detail::ArrayImpl>);
  const std::shared_ptr<detail::ArrayImpl> &impl() const { return impl_; }
  template <class T> static constexpr DType host_dtype() {
    if constexpr (std::is_same_v<T, bool>) return DType::bool_;
    else if constexpr (std::is_same_v<T, int8_t>) return DType::i8;
    else if constexpr (std::is_same_v<T, int16_t>) return DType::i16;
    else if constexpr (std::is_same_v<T, int32_t>) return DType::i32;
    else if constexpr (std::is_same_v<T, int64_t>) return DType::i64;
    else if constexpr (std::is_same_v<T, uint8_t>) return DType::u8;
    else if constexpr (std::is_same_v<T, uint16_t>) return DType::u16;
    else if constexpr (std::is_same_v<T, uint32_t>) return DType::u32;
    else if constexpr (std::is_same_v<T, uint64_t>) return DType::u64;
    else if constexpr (std::is_same_v<T, float>) return DType::f32;
    else if constexpr (std::is_same_v<T, std::complex<float>>) return DType::c64;
    else if constexpr (std::is_same_v<T, std::complex<double>>) return DType::c128;
    else {
      // (float16 has no C++17 type: read it as float, or pass its bits to
      // from_buffer with DType::f16)
      static_assert(std::is_same_v<T, double>,
                    "legato: host type must be bool, int8_t ... int64_t, "
                    "uint8_t ... uint64_t, float, double or std::complex of them");
      return DType::f64;
    }
  }

  /// Runs what is pending, then copies the size() elements, row-major and
  /// converted to `as`, to host memory at `dst` (to_vector's copy, into a
  /// buffer the caller owns: a NumPy array, say).
  void copy_to_host(void *dst, DType as) const;

protected:
  [[noreturn]] void throw_item_error() const;
  std::shared_ptr<detail::ArrayImpl> impl_;
};

/// What `a[{...}]` returns: an Array that is a view of `a`, whose assignment
/// writes into a's storage (`a[{slice(1, -1)}] = b;`).
class ArrayView : public Array {
public:
  using Array::Array;
  ArrayView(const Array &a) : Array(a) {}
  ArrayView(const ArrayView &) = default;
  ArrayView &operator=(const Array &value);
  ArrayView &operator=(const ArrayView &value);
  ArrayView &operator=(Scalar value);
};

/// What `a[indices]` returns for an integer array or a boolean mask.
///  - Read (converted to an Array, or through the members below), it is a
///    copy of the selected elements of a's value at the time of indexing;
///    with a mask, reading it reads the count of true elements on the host.
///  - Assigned to, it writes into `a` (which may be a view): the value is
///    broadcast to the selection's shape and cast to a's dtype. Where
///    integer indices repeat, the last assignment wins (as in NumPy, on
///    every backend). `a[mask] = scalar` is a select and
///    reads nothing on the host, so it may be traced (jit); other values
///    are stored at the positions of the true elements (one host read).
class Selection {
public:
  operator Array() const;
  Selection &operator=(const Array &value);
  Selection &operator=(const Selection &value);
  Selection &operator=(Scalar value);
  /// `a[indices] += v` is NumPy's `a[indices] = a[indices] + v`: where
  /// indices repeat, v is added once (add_at adds at each). The casting and
  /// shape rules of Array's in-place operators apply.
  Selection &operator+=(const Array &);
  Selection &operator+=(Scalar);
  Selection &operator-=(const Array &);
  Selection &operator-=(Scalar);
  Selection &operator*=(const Array &);
  Selection &operator*=(Scalar);
  Selection &operator/=(const Array &);
  Selection &operator/=(Scalar);
  Selection &operator%=(const Array &);
  Selection &operator%=(Scalar);

  const Shape &shape() const { return selected().shape(); }
  DType dtype() const { return base_.dtype(); }
  int64_t ndim() const { return selected().ndim(); }
  int64_t size() const { return selected().size(); }
  Array astype(DType t) const { return selected().astype(t); }
  Array reshape(Shape s) const { return selected().reshape(std::move(s)); }
  Array T() const { return selected().T(); }
  Array copy() const { return selected(); }
  /// Indexing the selection indexes the copy (as a[i][j] in NumPy: a write
  /// through it does not reach `a`).
  ArrayView operator[](std::initializer_list<Index> index) const { return selected()[index]; }
  Selection operator[](const Array &indices) const;
  template <class T> std::vector<T> to_vector() const { return selected().to_vector<T>(); }
  template <class T> T item() const { return selected().item<T>(); }

private:
  friend class Array;
  Selection(const Array &base, const Array &indices);
  const Array &selected() const;
  Array base_;     ///< the indexed array: assignments write into it
  Array snapshot_; ///< its value when indexed: what a read selects from
  Array indices_;
  mutable std::shared_ptr<Array> selected_; ///< the read, once made
};

// ---- distribution (docs/DISTRIBUTED.md) -------------------------------------
/// Where the elements of an array live over the ranks of an mpirun job:
/// blocks along one axis over all ranks (uneven when the axis does not
/// divide; ranks past its extent hold nothing), blocks along two axes over a
/// 2-D mesh of the ranks, or a copy on every rank. Without a request, arrays
/// follow their inputs, and new ones are split along axis 0 when it has at
/// least as many entries as there are ranks (with Options::mesh_rows set:
/// along axes 0 and 1 over the mesh when both are long enough).
struct Sharding {
  int64_t axis = 0;   ///< the split axis (over the mesh's rows); -1: replicated
  int64_t axis2 = -1; ///< the axis split over the 2-D mesh's columns; -1: none
  static Sharding split(int64_t axis = 0) { return {axis, -1}; }
  static Sharding replicated() { return {-1, -1}; }
  /// Blocks of the 2-D mesh: `rows_axis` split among the mesh's rows,
  /// `cols_axis` among its columns (rank r is mesh row r / columns, mesh
  /// column r % columns).
  static Sharding grid(int64_t rows_axis = 0, int64_t cols_axis = 1) {
    return {rows_axis, cols_axis};
  }
};
/// The same values, stored in blocks along `axis` (negative counts from the
/// end). Like JAX's device_put: a new array, data moves at most once.
Array shard(const Array &, int64_t axis = 0);
/// The same values in blocks of the 2-D mesh (Sharding::grid): like JAX's
/// NamedSharding(mesh, P('rows', 'cols')). The mesh is Options::mesh_rows
/// by size / mesh_rows; without that option, the most square one with at
/// least as many rows as columns (4 ranks: 2 x 2; 2 ranks: 2 x 1).
Array shard(const Array &, int64_t rows_axis, int64_t cols_axis);
/// The same values, a whole copy on every rank.
Array replicate(const Array &);

// ---- creation --------------------------------------------------------------
Array zeros(Shape, DType = f64);
Array ones(Shape, DType = f64);
/// `value` cast to the dtype as NumPy's full does; an integer stays exact
/// in an int64 array (all 64 bits, where a double holds 53).
Array full(Shape, Scalar value, DType = f64);
Array zeros(Shape, DType, Sharding);
Array ones(Shape, DType, Sharding);
Array full(Shape, Scalar value, DType, Sharding);
Array arange(int64_t stop, DType = i64);
Array arange(double start, double stop, double step, DType = f64);
Array linspace(double start, double stop, int64_t num, DType = f64);
Array eye(int64_t n, DType = f64);
/// Uniform [0, 1) for float types (float16: float64's draws rounded; 0/1
/// for bool; for integers [0, 2^31), wrapped to 8- and 16-bit types, which
/// leaves them uniform over the type's values), counter-based: the same
/// seed gives the same values in every mode/backend. Complex types are a
/// legato::TypeError (draw the parts apart).
Array random(Shape, DType = f64, uint64_t seed = 0);
Array random(Shape, DType, uint64_t seed, Sharding);

// ---- np.random's Generator -------------------------------------------------
/// NumPy's numpy.random.Generator (lib/API/Generator.cpp), counter-based
/// like `random` above: every draw takes the next stream, a 64-bit key
/// hashed from the seed and the number of streams taken before it, and each
/// random word is SplitMix64 of that key and the element's row-major
/// position in the draw's global shape. So a draw depends on the seed, the
/// order of the draws and the shapes only: the same on every backend, mode,
/// thread count and number of ranks (not NumPy's numbers). Uniforms,
/// integers, Poisson, binomial, permutation and choice are the same bit for
/// bit; normal, exponential and gamma values go through exp/log/cos/pow,
/// which may round an ulp apart where a kernel is vectorized differently
/// (libm and libmvec on CPUs, CUDA's on GPUs). The results are
/// legato arrays built from the elementwise, reduction, sorting and
/// searching ops, so they fuse with what reads them; the key is an input of
/// the compiled program, so a loop of draws compiles once. Inside
/// legato::jit a draw is traced once: each call of the compiled function
/// gives the values of the trace (pass fresh draws in as arguments).
///
/// `size` is NumPy's `size` ({} = one 0-d value). Misuse throws as NumPy
/// raises: legato::Error (ValueError) for bad parameters, legato::TypeError
/// for dtypes a function does not produce.
///
/// Exactness: uniforms have 53 random bits (float32: 24); integers are
/// exact (64-bit draws, rejection of the biased remainder). Poisson,
/// binomial and gamma draws that use rejection run a fixed number of
/// attempts from independent streams and keep the first accepted one: each
/// attempt is accepted with probability at least 3/4 (Poisson, binomial:
/// 32 attempts) or 15/16 (gamma: 16 attempts), so none is accepted with
/// probability at most 2^-64, and the element is then the distribution's
/// mode (Poisson, binomial) or its mean (gamma). Integers with a range
/// that does not divide 2^64 use attempts the same way, at most 2^-64 left
/// to a remainder biased by under range/2^64.
class Generator {
public:
  explicit Generator(uint64_t seed = 0);
  uint64_t seed() const { return seed_; }
  /// Streams taken so far (each draw takes one or more).
  uint64_t streams_used() const { return streams_; }

  /// Uniform [0, 1), float64 or float32 (else TypeError).
  Array random(Shape size = {}, DType dtype = f64);
  /// Uniform [low, high): low + (high - low) * random(), float64.
  Array uniform(double low = 0.0, double high = 1.0, Shape size = {});
  /// Normal(0, 1) by the Box-Muller transform of two uniforms (|x| < 8.6);
  /// float64 or float32.
  Array standard_normal(Shape size = {}, DType dtype = f64);
  Array normal(double loc = 0.0, double scale = 1.0, Shape size = {});
  /// Exponential(1) as -log(1 - u); float64 or float32.
  Array standard_exponential(Shape size = {}, DType dtype = f64);
  Array exponential(double scale = 1.0, Shape size = {});
  /// Gamma(shape, 1) by Marsaglia and Tsang's method (shape < 1: the
  /// draw for shape + 1 times u^(1/shape)); float64 or float32.
  Array standard_gamma(double shape, Shape size = {}, DType dtype = f64);
  Array gamma(double shape, double scale = 1.0, Shape size = {});
  /// Uniform integers in [low, high) ([low, high] with `endpoint`), of an
  /// integer dtype (or bool) whose range holds them.
  Array integers(int64_t low, int64_t high, Shape size = {}, DType dtype = i64,
                 bool endpoint = false);
  /// Poisson(lam), int64: inversion of the CDF for lam < 10, Hormann's
  /// transformed rejection (PTRS, NumPy's method) otherwise.
  Array poisson(double lam = 1.0, Shape size = {});
  /// Binomial(n, p), int64: inversion of the CDF for n min(p, 1 - p) < 30,
  /// Hormann's BTRS otherwise (n up to 2^53).
  Array binomial(int64_t n, double p, Shape size = {});
  /// A random ordering of arange(n), or of x's entries along `axis` (a
  /// copy). Sorted random 63-bit keys: orderings are uniform up to the
  /// chance of two equal keys among n, below n^2 / 2^64.
  Array permutation(int64_t n);
  Array permutation(const Array &x, int64_t axis = 0);
  /// x's entries along `axis` reordered in place (x's storage, as NumPy).
  void shuffle(const Array &x, int64_t axis = 0);
  /// Entries of arange(a), or of `a` along `axis`, drawn with or without
  /// replacement, uniformly or with probabilities `p` (empty: uniform; one
  /// per entry, non-negative, summing to 1). With p and replacement: the
  /// inverse CDF (searchsorted over the cumulative sum); without
  /// replacement: the `size` smallest of E_i / p_i, E_i exponential (the
  /// order of NumPy's successive draws).
  Array choice(int64_t a, Shape size = {}, bool replace = true,
               const std::vector<double> &p = {});
  Array choice(const Array &a, Shape size = {}, bool replace = true,
               const std::vector<double> &p = {}, int64_t axis = 0);

private:
  uint64_t next_stream();
  Array uniforms(const Shape &shape, DType dtype = f64);
  Array normals(const Shape &shape);
  Array bits64(const Shape &shape);
  Array keys63(int64_t n);
  Array gammaAtLeastOne(double shape, const Shape &size);
  uint64_t seed_;
  uint64_t streams_ = 0;
};
/// np.random.default_rng(seed).
Generator default_rng(uint64_t seed = 0);
/// Copies `count` elements (checked against the shape; -1 = trust the shape).
Array from_buffer(const void *data, DType, Shape, int64_t count = -1);
template <class T> Array from_vector(const std::vector<T> &v, Shape shape) {
  if constexpr (std::is_same_v<T, bool>) {
    std::vector<uint8_t> bytes(v.begin(), v.end());
    return from_buffer(bytes.data(), DType::bool_, std::move(shape), int64_t(v.size()));
  } else {
    return from_buffer(v.data(), Array::host_dtype<T>(), std::move(shape), int64_t(v.size()));
  }
}
Array copy(const Array &);
/// np.zeros_like, np.ones_like, np.full_like: a new array of a's shape, of
/// a's dtype unless `dtype` is given (the value cast to it, as in NumPy).
Array zeros_like(const Array &, std::optional<DType> dtype = std::nullopt);
Array ones_like(const Array &, std::optional<DType> dtype = std::nullopt);
Array full_like(const Array &, Scalar value, std::optional<DType> dtype = std::nullopt);
/// np.meshgrid: for vectors x (n elements) and y (m), "xy" (Cartesian, the
/// default) gives grids of shape (m, n), x along the columns; "ij" (matrix)
/// gives (n, m). N-D inputs count as flattened, as in NumPy.
std::vector<Array> meshgrid(const std::vector<Array> &vectors,
                            const std::string &indexing = "xy");

// ---- elementwise -----------------------------------------------------------
#define LEGATO_BINARY(NAME)                                                    \
  Array NAME(const Array &, const Array &);                                    \
  Array NAME(const Array &, Scalar);                                           \
  Array NAME(Scalar, const Array &);
LEGATO_BINARY(operator+)
LEGATO_BINARY(operator-)
LEGATO_BINARY(operator*)
LEGATO_BINARY(operator/)
/// NumPy's % (np.remainder, np.mod): the remainder with the divisor's sign,
/// `a - floor(a / b) * b`; integers by 0 give 0, floats NaN.
LEGATO_BINARY(operator%)
LEGATO_BINARY(mod)
/// NumPy's // (np.floor_divide): the quotient rounded toward minus infinity;
/// integers by 0 give 0 (and MIN // -1 wraps to MIN), floats inf or NaN.
LEGATO_BINARY(floor_divide)
LEGATO_BINARY(operator<)
LEGATO_BINARY(operator<=)
LEGATO_BINARY(operator>)
LEGATO_BINARY(operator>=)
LEGATO_BINARY(operator==)
LEGATO_BINARY(operator!=)
LEGATO_BINARY(pow)
// As NumPy's: NaN from either operand; of two equal values the second, so
// maximum(0.0, -0.0) is -0.0 and maximum(-0.0, 0.0) is 0.0.
LEGATO_BINARY(maximum)
LEGATO_BINARY(minimum)
LEGATO_BINARY(logical_and)
LEGATO_BINARY(logical_or)
// Bitwise operations of integers (of bools: the logical ones), as NumPy's;
// a float operand is a TypeError.
LEGATO_BINARY(bitwise_and)
LEGATO_BINARY(bitwise_or)
LEGATO_BINARY(bitwise_xor)
LEGATO_BINARY(operator&)
LEGATO_BINARY(operator|)
LEGATO_BINARY(operator^)
// As NumPy's shifts: shifting by the bit width or more, or by a negative
// amount, gives 0 (right_shift of a negative value: -1); bools shift as
// int8 (NumPy's).
LEGATO_BINARY(left_shift)
LEGATO_BINARY(right_shift)
/// np.arctan2(y, x): the angle of the point (x, y), in (-pi, pi].
LEGATO_BINARY(arctan2)
#undef LEGATO_BINARY
Array operator-(const Array &);
Array logical_not(const Array &);
/// Bitwise not of integers, logical not of bools (NumPy's invert).
Array invert(const Array &);
Array operator~(const Array &);
/// np.abs: of a complex array, the magnitude (float32 or float64).
Array abs(const Array &);
/// np.real, np.imag, np.conj and np.angle: the parts of complex numbers
/// (real arrays: real is the array, imag zeros, conj the array, angle 0 or
/// pi by the sign, as NumPy's).
Array real(const Array &);
Array imag(const Array &);
Array conj(const Array &);
Array angle(const Array &, bool deg = false);
Array exp(const Array &);
Array log(const Array &);
Array sqrt(const Array &);
Array sin(const Array &);
Array cos(const Array &);
Array tanh(const Array &);
Array erf(const Array &);
/// Integers floor to float64, as in NumPy 1.x (NumPy 2.5 keeps their dtype);
/// so do ceil, trunc and rint (rint: to the nearest integer, halves to even).
Array floor(const Array &);
Array ceil(const Array &);
Array trunc(const Array &);
Array rint(const Array &);
/// NumPy's other float functions; integers compute in float64, bool is
/// refused (NumPy gives float16). expm1 and log1p keep every digit near 0.
Array tan(const Array &);
Array arcsin(const Array &);
Array arccos(const Array &);
Array arctan(const Array &);
Array sinh(const Array &);
Array cosh(const Array &);
Array arcsinh(const Array &);
Array arccosh(const Array &);
Array arctanh(const Array &);
Array exp2(const Array &);
Array expm1(const Array &);
Array log2(const Array &);
Array log10(const Array &);
Array log1p(const Array &);
Array cbrt(const Array &);
Array astype(const Array &, DType);
Array where(const Array &cond, const Array &a, const Array &b);
Array where(const Array &cond, Scalar a, const Array &b);
Array where(const Array &cond, const Array &a, Scalar b);
Array where(const Array &cond, Scalar a, Scalar b);
/// a * a (bool is refused: NumPy's square of bool is int8, a dtype legato lacks).
Array square(const Array &);
/// -1, 0 or 1 in a's dtype; NaN stays NaN, sign(-0.0) is 0.0 (bool refused, as in NumPy).
Array sign(const Array &);
/// Bool arrays of a's shape; integers and bools are never NaN or infinite.
Array isnan(const Array &);
Array isinf(const Array &);
Array isfinite(const Array &);
/// np.clip: minimum(maximum(a, lo), hi) in the type NumPy gives the three
/// operands together (weak scalars: clip(int array, 0.5, 2.5) is float64,
/// clip(bool array, 2, float32 array) float32); lo > hi gives hi.
Array clip(const Array &, const Array &lo, const Array &hi);
Array clip(const Array &, Scalar lo, Scalar hi);
Array clip(const Array &, const Array &lo, Scalar hi);
Array clip(const Array &, Scalar lo, const Array &hi);
/// np.isclose: |a - b| <= atol + rtol * |b| elementwise (b, and the
/// tolerances, in b's float dtype; float64 for integer b); infinities are
/// close only to themselves, NaN to nothing unless `equal_nan`.
Array isclose(const Array &a, const Array &b, double rtol = 1e-5, double atol = 1e-8,
              bool equal_nan = false);
/// np.round (np.around): halves to even at `decimals` digits after the
/// point (negative: before it), as NumPy computes it (a * 10^d, rint,
/// / 10^d); always a new array: integers with decimals >= 0 give a copy
/// of a, as NumPy since 2.4 (earlier NumPys returned a itself).
Array round(const Array &, int64_t decimals = 0);
/// np.hypot: sqrt(a^2 + b^2) without overflow or underflow on the way;
/// integers in float64, bools refused (NumPy gives float16).
Array hypot(const Array &, const Array &);
/// np.nan_to_num: NaN as `nan`, inf as `posinf` and -inf as `neginf` (the
/// dtype's largest and lowest finite values by default); a copy of integer
/// and bool arrays.
Array nan_to_num(const Array &, double nan = 0.0, std::optional<double> posinf = std::nullopt,
                 std::optional<double> neginf = std::nullopt);
/// np.heaviside(x, h0): 0 where x < 0, h0 where x == 0, 1 where x > 0.
Array heaviside(const Array &x, const Array &h0);
Array heaviside(const Array &x, double h0);
/// np.logaddexp: log(exp(a) + exp(b)) without overflow, as NumPy computes it.
Array logaddexp(const Array &, const Array &);
/// np.deg2rad / np.rad2deg (np.radians / np.degrees).
Array deg2rad(const Array &);
Array rad2deg(const Array &);
/// np.fmax / np.fmin: maximum and minimum that ignore NaN (NaN only where
/// both operands are).
Array fmax(const Array &, const Array &);
Array fmax(const Array &, Scalar);
Array fmax(Scalar, const Array &);
Array fmin(const Array &, const Array &);
Array fmin(const Array &, Scalar);
Array fmin(Scalar, const Array &);
/// np.allclose: whether isclose holds everywhere. A host read (flushes).
bool allclose(const Array &a, const Array &b, double rtol = 1e-5, double atol = 1e-8,
              bool equal_nan = false);

// ---- reductions (axes {} = all axes; negative axes count from the end) -----
Array sum(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);
Array prod(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);
Array max(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);
Array min(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);
Array mean(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);
/// np.any: whether some element (along `axes`) is nonzero; False over an
/// empty axis. (np.all is legato::all, above.)
Array any(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);
/// np.count_nonzero: int64 counts of the nonzero elements (NaN counts).
Array count_nonzero(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);
/// np.argmax / np.argmin: int64 indices of the first maximum / minimum
/// along `axis`, or in the flattened array (none); the first NaN wins, as
/// in NumPy. Two passes over a: the extremum, then where it is.
Array argmax(const Array &, std::optional<int64_t> axis = std::nullopt, bool keepdims = false);
Array argmin(const Array &, std::optional<int64_t> axis = std::nullopt, bool keepdims = false);
/// np.ptp: max - min ("peak to peak"; bool refused, as in NumPy).
Array ptp(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);
/// NumPy's nan-functions: the reduction of the elements that are not NaN.
/// nansum and nanprod of nothing but NaN give 0 and 1, nanmean, nanmax and
/// nanmin NaN (where NumPy warns); integers and bools are never NaN.
Array nansum(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);
Array nanprod(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);
Array nanmean(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);
Array nanmax(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);
Array nanmin(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);

// ---- scans ------------------------------------------------------------------
/// np.cumsum / np.cumprod: element i along `axis` is the sum / product of
/// elements 0 to i (none: of the flattened array, 1-D; a 0-d array counts as
/// 1-D). Integers and bools
/// accumulate in int64 (and wrap), floats in their own type, as in NumPy.
/// Float results differ from NumPy's by rounding: the elements combine in
/// chunks of 8 and then across chunks, not one by one.
Array cumsum(const Array &, std::optional<int64_t> axis = std::nullopt);
Array cumprod(const Array &, std::optional<int64_t> axis = std::nullopt);
/// np.nancumsum / np.nancumprod: NaN counts as 0 / 1.
Array nancumsum(const Array &, std::optional<int64_t> axis = std::nullopt);
Array nancumprod(const Array &, std::optional<int64_t> axis = std::nullopt);

// ---- indexing with integer arrays -----------------------------------------
/// NumPy's `mode` of take: an index out of [-n, n) is an error (raise), is
/// taken modulo n (wrap), or is clamped into [0, n) (clip; a negative index
/// then means 0, as in NumPy).
enum class IndexMode { raise, wrap, clip };
/// np.take: the elements at `indices` along `axis` (none: of the flattened
/// array). The result is `a` with that axis replaced by the indices' shape;
/// indices are integers or bools, negative ones count from the end. mode
/// raise reads the indices' extremes on the host: in lazy mode a flush, in
/// a jit function a check after each call (clip and wrap need neither).
Array take(const Array &a, const Array &indices, std::optional<int64_t> axis = std::nullopt,
           IndexMode mode = IndexMode::raise);
Array take(const Array &a, int64_t index, std::optional<int64_t> axis = std::nullopt,
           IndexMode mode = IndexMode::raise);
/// np.take_along_axis: result[..., j, ...] = a[..., indices[..., j, ...], ...]
/// along `axis`; `indices` has a's number of dimensions, and away from the
/// axis the two broadcast together (none: `a` flattened, 1-D indices).
/// Out-of-range indices are an error, as in NumPy.
Array take_along_axis(const Array &a, const Array &indices, std::optional<int64_t> axis);

// ---- writing through index arrays -----------------------------------------
// These write into `a` (a handle, like a[indices] = v; a view writes into
// its base). Values broadcast and are cast to a's dtype as in NumPy's
// assignment. Where indices repeat, the last write wins (NumPy's order, on
// every backend). Indices are checked as take's.
/// np.put: a.flat[indices] = values, the values repeated as often as
/// needed to match the indices (mode as take's).
void put(const Array &a, const Array &indices, const Array &values,
         IndexMode mode = IndexMode::raise);
/// np.put_along_axis: a[..., indices[..., j, ...], ...] = values[..., j, ...]
/// along `axis` (none: `a` flattened, 1-D indices); the array, the indices
/// and the values broadcast together away from the axis, as in
/// take_along_axis.
void put_along_axis(const Array &a, const Array &indices, const Array &values,
                    std::optional<int64_t> axis);
/// np.add.at: a[indices] += values along axis 0, once per occurrence of an
/// index (a[indices] += values would add once); a boolean mask of a's
/// leading axes selects as a[mask] does (one host read, unless a single
/// value is added). Values must cast to a's dtype safely (no float into an
/// integer array); on bools it is a logical or. On a GPU, float sums may
/// add in any order (atomics): the rounding may differ between runs.
void add_at(const Array &a, const Array &indices, const Array &values);
/// np.bincount: how often each value 0, 1, ... occurs in the non-negative
/// 1-D integer array `x` (int64), or the sums of `weights` (float64) per
/// value; at least `minlength` entries. The length is max(x) + 1, read on
/// the host: a jit function cannot call it.
Array bincount(const Array &x, const std::optional<Array> &weights = std::nullopt,
               int64_t minlength = 0);

/// np.histogram with `bins` equal bins over `range` (default: the array's
/// extremes, read on the host, so a jit function must pass a range): the
/// counts (int64, or the sums of `weights` in their dtype) and the bins + 1
/// edges (float32 for a float32 array, else float64). Values outside the
/// range, NaN too, fall in no bin; the last bin includes its right edge.
/// NumPy's algorithm, so every value lands in NumPy's bin; weights add in
/// order in float64 (NumPy: in blocks of 65,536), so weighted sums may
/// differ from NumPy's by rounding. No `density`: divide the counts by
/// their sum and the bins' width.
std::pair<Array, Array> histogram(const Array &a, int64_t bins = 10,
                                  std::optional<std::pair<double, double>> range = std::nullopt,
                                  const std::optional<Array> &weights = std::nullopt);
/// np.histogram with the given bin edges (1-D, non-decreasing): bin i counts the values in
/// [edges[i], edges[i + 1]), the last one its right edge too; the counts (int64, or the sums of
/// `weights`) and the edges as given. A binary search of each value among the edges (searchsorted)
/// and a scatter that adds; the edges' order is checked on the host (a jit function: after each
/// call). Weights add in order.
std::pair<Array, Array> histogram(const Array &a, const Array &edges,
                                  const std::optional<Array> &weights = std::nullopt);

// ---- selections whose length the values decide ----------------------------
// Each reads one count on the host (in lazy mode a flush); a jit function
// cannot call them. Positions are int64.
/// np.flatnonzero: the positions of the nonzero elements (NaN counts) of the
/// flattened array.
Array flatnonzero(const Array &);
/// np.nonzero: one array of positions per axis (not of a 0-d array).
std::vector<Array> nonzero(const Array &);
/// np.argwhere: the positions of the nonzero elements, one row each.
Array argwhere(const Array &);
/// np.compress: the slices along `axis` (none: elements of the flattened
/// array) where the 1-D condition is nonzero.
Array compress(const Array &condition, const Array &a, std::optional<int64_t> axis = std::nullopt);
/// np.extract: the elements of the flattened array where the flattened
/// condition is nonzero.
Array extract(const Array &condition, const Array &a);

// ---- sorting ---------------------------------------------------------------
/// np.sort: the elements in ascending order along `axis` (none: of the
/// flattened array), NaN last; complex numbers by real, then imaginary
/// part, as NumPy. On CPUs a library sort of each line, in parallel
/// (Runtime/Sort.cpp); on GPUs and for complex numbers a bitonic network of
/// compare-exchange kernels (lib/API/Sorting.cpp): O(n log^2 n) work. Over
/// ranks, lines split across ranks are gathered.
Array sort(const Array &, std::optional<int64_t> axis = -1);
/// np.argsort(kind="stable"): int64 positions that sort `a` along `axis`
/// (none: the flattened array); equal elements keep their order.
Array argsort(const Array &, std::optional<int64_t> axis = -1);
/// np.partition: `a` along `axis` (none: flattened) with the element at
/// each of the `kth` positions (negative: from the end) where a sort puts
/// it, smaller ones before it and larger ones after (in no given order).
/// A selection on CPUs (O(n)); a sort elsewhere, which is a partition too.
/// Errors: a kth outside the axis.
Array partition(const Array &, std::vector<int64_t> kth, std::optional<int64_t> axis = -1);
/// np.argpartition: the int64 positions that partition `a` so.
Array argpartition(const Array &, std::vector<int64_t> kth, std::optional<int64_t> axis = -1);
/// np.unique: the sorted distinct elements of the flattened array (NaNs
/// count as one, as NumPy 1.24's equal_nan). Its length is read on the host,
/// as nonzero's: not inside jit. `equal_nan` false counts every NaN as a
/// value of its own (the array API's rule).
Array unique(const Array &, bool equal_nan = true);
/// np.unique(return_index, return_inverse, return_counts) at once (the
/// array API's unique_all): the sorted distinct elements of the flattened
/// array, the position of each one's first occurrence, for each element of
/// the flattened array the position of its value among `values`, and how
/// often each value occurs (all int64). `equal_nan` false counts every NaN
/// as a value of its own (the array API's rule). Not inside jit, as unique.
struct UniqueAll {
  Array values, indices, inverse_indices, counts;
};
UniqueAll unique_all(const Array &, bool equal_nan = true);
/// np.median over `axes` ({} = all): the middle element, or the mean of the
/// two middle ones (float16's in float32, as np.mean); float dtypes stay
/// as they are, others give float64. NaN where a slice holds a NaN; NaN for
/// an empty slice. A selection of those elements (partition), not a sort.
Array median(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);
/// np.quantile with NumPy's default (linear) method, in float64: q in
/// [0, 1]; a list of q adds a leading axis. Not of bools (as NumPy).
Array quantile(const Array &, double q, std::vector<int64_t> axes = {}, bool keepdims = false);
Array quantile(const Array &, const std::vector<double> &q, std::vector<int64_t> axes = {},
               bool keepdims = false);
/// np.percentile: quantile(a, q / 100), q in [0, 100].
Array percentile(const Array &, double q, std::vector<int64_t> axes = {}, bool keepdims = false);
Array percentile(const Array &, const std::vector<double> &q, std::vector<int64_t> axes = {},
                 bool keepdims = false);

// ---- searching sorted arrays ----------------------------------------------
enum class Side { left, right };
/// np.searchsorted: for each value of `v`, the index at which inserting it
/// into the sorted 1-D array `a` keeps it sorted (left: before equal
/// elements, right: after them); NaN sorts last, as in NumPy. int64, of v's
/// shape. A binary search by gathers: ceil(log2(n + 1)) steps, which the
/// compiler fuses (20 steps in 4 kernels for n = 10^6). A C++ double is
/// compared as float64, as NumPy's Python float.
Array searchsorted(const Array &a, const Array &v, Side side = Side::left);
Array searchsorted(const Array &a, double v, Side side = Side::left);
/// np.interp: the piecewise-linear interpolant through the points (xp, fp)
/// (xp increasing, both 1-D and of one length) at x, in float64; below
/// xp[0] it is `left` (default fp[0]), above xp[-1] `right` (default fp[-1]).
Array interp(const Array &x, const Array &xp, const Array &fp,
             std::optional<double> left = std::nullopt, std::optional<double> right = std::nullopt);

/// np.cov: the covariance matrix of the variables in the rows of m (in
/// the columns with rowvar = false) over their observations, divided by
/// N - ddof, in float64; one variable gives a 0-d array, as NumPy's.
Array cov(const Array &m, bool rowvar = true, int64_t ddof = 1);
/// np.corrcoef: cov normalised by the standard deviations, within [-1, 1].
Array corrcoef(const Array &m, bool rowvar = true);
/// np.var: the mean of squared deviations from the mean, divided by
/// count - ddof instead of count (ddof = 1: the unbiased estimate); ints and
/// bools in float64. count <= ddof gives inf or NaN, as in NumPy.
Array var(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false,
          int64_t ddof = 0);
/// np.std: sqrt(var(...)).
Array std(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false,
          int64_t ddof = 0);

// ---- linear algebra --------------------------------------------------------
/// np.matmul: 2-D x 2-D, 1-D operands as a row (first) or a column
/// (second), and stacks of matrices, whose leading axes broadcast.
Array matmul(const Array &, const Array &);
/// np.dot: matmul for 1-D and 2-D operands; beyond, the sum over the last
/// axis of a and the second-to-last of b (a's other axes, then b's).
Array dot(const Array &, const Array &);
Array outer(const Array &, const Array &);
Array transpose(const Array &, std::vector<int64_t> perm = {});
/// np.diagonal(a, offset) of a 2-D array: a[i, i + offset] for every i where
/// it exists (offset > 0 above the main diagonal, < 0 below); a copy.
Array diagonal(const Array &, int64_t offset = 0);
/// np.diag(v, k): of a 1-D array, the square matrix with v on diagonal k and
/// zeros elsewhere; of a 2-D array, diagonal(v, k).
Array diag(const Array &, int64_t k = 0);
/// np.trace of a 2-D array: the sum of diagonal(a, offset) (ints in int64).
Array trace(const Array &, int64_t offset = 0);
/// np.tensordot(a, b, axes): the sum of products over the last `axes` axes
/// of a and the first `axes` of b (0: the outer product), or over the axes
/// paired by the two lists; a's other axes, then b's. One GEMM.
Array tensordot(const Array &, const Array &, int64_t axes = 2);
Array tensordot(const Array &, const Array &, const std::vector<int64_t> &axes_a,
                const std::vector<int64_t> &axes_b);
/// np.inner: the sum of products over the last axes of both (a * b when
/// either is 0-d).
Array inner(const Array &, const Array &);
/// np.vdot: the dot product of the flattened arrays (as many elements each).
Array vdot(const Array &, const Array &);
/// np.kron: the Kronecker product (the arrays' ranks made equal with leading
/// axes of 1); block (i, j, ...) is a[i, j, ...] * b.
Array kron(const Array &, const Array &);
/// np.cross(a, b, axis=axis): cross products of the 2- or 3-component
/// vectors along `axis` of each (other axes broadcast); two 2-vectors give
/// the z component alone, as NumPy's.
Array cross(const Array &, const Array &, int64_t axis = -1);
/// np.einsum(subscripts, operands): Einstein summation in NumPy's notation,
/// e.g. einsum("ij,jk->ik", {a, b}), "ij,jk" (implicit output: the labels
/// used once, in character order), "ii->i" (a diagonal), "...ij->...ji".
/// Labels are letters; axes of one label must match in size or be 1
/// (broadcast). The result has NumPy's result type of the operands (bool
/// for bool: OR of ANDs). Contractions with no label kept on both sides
/// run as one GEMM, others as a fused product and sum.
Array einsum(const std::string &subscripts, const std::vector<Array> &operands);
/// np.tri(n, m, k): the n x m matrix (m = n when not given) of ones at and
/// below diagonal k (k > 0 above the main diagonal), zeros elsewhere.
Array tri(int64_t n, std::optional<int64_t> m = std::nullopt, int64_t k = 0, DType = f64);
/// np.tril(a, k) / np.triu(a, k): a with the elements above (tril) or below
/// (triu) diagonal k of its last two axes zeroed, for every matrix of a
/// stack. As in NumPy a 1-D array of n elements is a row broadcast to n x n.
Array tril(const Array &, int64_t k = 0);
Array triu(const Array &, int64_t k = 0);
/// np.linalg.norm with its default order: the 2-norm of the flattened array
/// (axes {}), of vectors along one axis, or the Frobenius norm over two
/// axes; integers in float64.
Array norm(const Array &, std::vector<int64_t> axes = {}, bool keepdims = false);

/// np.linalg: every function takes a stack of matrices [..., m, n] and
/// returns one result per matrix (batch axes first, as NumPy). Integer and
/// bool arrays compute in float64; float32, float64 and complex keep their
/// dtype; float16 is a TypeError (LAPACK has no half precision, as in
/// NumPy). Each routine is one compiler primitive (LAPACK on CPUs) that the
/// operations around it fuse with; over ranks, a stack split along its
/// batch axes is solved where it lies, one split inside its matrices is
/// gathered. Failures on values are LinAlgError.
namespace linalg {
/// x with a x = b: b is [..., n, k] or, as NumPy 2, [n] (a vector for
/// every matrix); batch axes broadcast.
Array solve(const Array &a, const Array &b);
Array inv(const Array &a);
/// From the LU factorization, as NumPy: sign * exp(logabsdet).
Array det(const Array &a);
struct SlogdetResult {
  Array sign, logabsdet; ///< sign: +-1 (complex: modulus 1), 0 when singular
};
SlogdetResult slogdet(const Array &a);
/// L with L L^H = a (reading a's lower triangle), or with `upper` U with
/// U^H U = a (reading the upper one).
Array cholesky(const Array &a, bool upper = false);
struct EighResult {
  Array eigenvalues, eigenvectors; ///< ascending; eigenvectors as columns
};
/// Of a Hermitian (symmetric) matrix read from its lower triangle (NumPy's
/// UPLO='L'), or its upper one with `upper`. Eigenvalues are real.
EighResult eigh(const Array &a, bool upper = false);
Array eigvalsh(const Array &a, bool upper = false);
struct EigResult {
  Array eigenvalues, eigenvectors; ///< eigenvectors as unit columns
};
/// Of a general square matrix, in LAPACK's order; complex, of the matrix's
/// precision, also where every eigenvalue is real (NumPy 2's rule).
EigResult eig(const Array &a);
Array eigvals(const Array &a);
struct SVDResult {
  Array U, S, Vh; ///< a = U diag(S) Vh; S real, descending
};
/// With full_matrices U is [m, m] and Vh [n, n], else [m, k] and [k, n]
/// (k = min(m, n)).
SVDResult svd(const Array &a, bool full_matrices = true);
Array svdvals(const Array &a);
enum class QRMode { reduced, complete, r };
struct QRResult {
  Array Q, R; ///< mode r: R alone (Q is a default Array())
};
QRResult qr(const Array &a, QRMode mode = QRMode::reduced);
/// From the SVD: singular values at most rcond * the largest count as zero.
Array pinv(const Array &a, double rcond = 1e-15, bool hermitian = false);
/// Singular values above tol (default: S.max() * max(m, n) * eps).
Array matrix_rank(const Array &a, std::optional<double> tol = std::nullopt,
                  bool hermitian = false);
/// The 2-norm condition number, largest over smallest singular value.
Array cond(const Array &a);
struct LstsqResult {
  Array x, residuals, rank, s;
};
/// Least squares through the SVD (values as NumPy's gelsd): residuals are
/// the squared 2-norms of b - a x per column when rank == n < m, else
/// empty; rcond default eps * max(m, n).
LstsqResult lstsq(const Array &a, const Array &b, std::optional<double> rcond = std::nullopt);
/// a^n for an integer n; n < 0 inverts first, n == 0 gives the identity.
Array matrix_power(const Array &a, int64_t n);
} // namespace linalg

/// np.fft: discrete Fourier transforms with NumPy's signatures and
/// conventions (e^{-2 pi i jk/n} forward; `norm` scales the forward
/// transform by 1 (backward), 1/sqrt(n) (ortho) or 1/n (forward) and the
/// inverse by the reciprocal). A transform along an axis is one compiler
/// primitive (FFTW on CPUs) that the scaling, padding and slicing around it
/// fuse with. float32/complex64 compute in single precision (NumPy 2's
/// rule), float16 in single (irfft and hfft of float16 give float16),
/// integers and bool in double. `n` (or `s`)
/// truncates or zero-pads the input along the axis to that length first
/// (-1 / empty: the input's length; irfft's default 2 (m - 1)). Over ranks,
/// an array split across the transformed axis is gathered along it; split
/// along other axes, each rank transforms its own rows.
namespace fft {
enum class Norm { backward, ortho, forward };
/// NumPy's names: "backward", "ortho", "forward" (a legato::ValueError
/// naming them otherwise).
Norm normFromString(const std::string &);
Array fft(const Array &a, int64_t n = -1, int64_t axis = -1, Norm norm = Norm::backward);
Array ifft(const Array &a, int64_t n = -1, int64_t axis = -1, Norm norm = Norm::backward);
/// Of real input: the n/2 + 1 non-negative frequencies (complex).
Array rfft(const Array &a, int64_t n = -1, int64_t axis = -1, Norm norm = Norm::backward);
/// The real signal of length n (default 2 (m - 1)) whose rfft is `a`.
Array irfft(const Array &a, int64_t n = -1, int64_t axis = -1, Norm norm = Norm::backward);
/// Of a Hermitian-symmetric signal given by its first half: real, length n.
Array hfft(const Array &a, int64_t n = -1, int64_t axis = -1, Norm norm = Norm::backward);
Array ihfft(const Array &a, int64_t n = -1, int64_t axis = -1, Norm norm = Norm::backward);
/// Over several axes: `s` the lengths, `axes` the axes (both optional as
/// in NumPy: no axes means the last s.size() axes, or every axis; the
/// real transforms' halved axis is the last of `axes`).
Array fftn(const Array &a, std::vector<int64_t> s = {},
           std::optional<std::vector<int64_t>> axes = std::nullopt, Norm norm = Norm::backward);
Array ifftn(const Array &a, std::vector<int64_t> s = {},
            std::optional<std::vector<int64_t>> axes = std::nullopt, Norm norm = Norm::backward);
Array rfftn(const Array &a, std::vector<int64_t> s = {},
            std::optional<std::vector<int64_t>> axes = std::nullopt, Norm norm = Norm::backward);
Array irfftn(const Array &a, std::vector<int64_t> s = {},
             std::optional<std::vector<int64_t>> axes = std::nullopt, Norm norm = Norm::backward);
/// The *n functions over `axes` (default the last two).
Array fft2(const Array &a, std::vector<int64_t> s = {}, std::vector<int64_t> axes = {-2, -1},
           Norm norm = Norm::backward);
Array ifft2(const Array &a, std::vector<int64_t> s = {}, std::vector<int64_t> axes = {-2, -1},
            Norm norm = Norm::backward);
Array rfft2(const Array &a, std::vector<int64_t> s = {}, std::vector<int64_t> axes = {-2, -1},
            Norm norm = Norm::backward);
Array irfft2(const Array &a, std::vector<int64_t> s = {}, std::vector<int64_t> axes = {-2, -1},
             Norm norm = Norm::backward);
/// The sample frequencies: [0, 1, ..., n/2 - 1 (or (n-1)/2), -n/2, ..., -1]
/// / (d n), float64; rfftfreq's [0, ..., n/2] / (d n).
Array fftfreq(int64_t n, double d = 1.0);
Array rfftfreq(int64_t n, double d = 1.0);
/// The zero frequency moved to the middle of the given axes (empty: every
/// axis), and back.
Array fftshift(const Array &a, std::vector<int64_t> axes = {});
Array ifftshift(const Array &a, std::vector<int64_t> axes = {});
} // namespace fft

// ---- shape -----------------------------------------------------------------
Array reshape(const Array &, Shape);
Array broadcast_to(const Array &, Shape);
Array concatenate(const std::vector<Array> &, int64_t axis = 0);
Array pad(const Array &, std::vector<std::pair<int64_t, int64_t>> widths,
          double value = 0);
/// np.roll(a, shift, axis): the elements moved `shift` places along `axis`
/// (towards the end; negative: towards the start), those pushed past one end
/// coming back at the other; without an axis, along the flattened array
/// (the shape stays). A new array; it is read through a cyclic index, not
/// copied, where it is used (and sends only the wrapped rows over ranks).
Array roll(const Array &, int64_t shift, std::optional<int64_t> axis = std::nullopt);
/// np.roll over several axes: shifts[i] places along axes[i], or one shift
/// along every axis, or every shift along one axis (NumPy's broadcasting).
Array roll(const Array &, const std::vector<int64_t> &shifts, const std::vector<int64_t> &axes);

/// np.stack: the arrays (all of one shape) along a new axis at `axis`.
Array stack(const std::vector<Array> &, int64_t axis = 0);
/// np.expand_dims: a new axis of length 1 at `axis` (in [-ndim - 1, ndim]).
Array expand_dims(const Array &, int64_t axis);
/// np.squeeze: without the given axes of length 1 ({}: every such axis).
Array squeeze(const Array &, std::vector<int64_t> axes = {});
/// np.flip: the order of the elements reversed along `axis` (none: along
/// every axis); like NumPy's, a view of a's values.
Array flip(const Array &, std::optional<int64_t> axis = std::nullopt);
/// np.tile: a repeated `reps[i]` times along axis i (shape and reps are
/// padded with leading 1s to one rank); a new array.
Array tile(const Array &, std::vector<int64_t> reps);
/// np.repeat with one count: each element followed by repeats - 1 copies
/// along `axis` (none: of the flattened array).
Array repeat(const Array &, int64_t repeats, std::optional<int64_t> axis = std::nullopt);
/// np.gradient(f, spacing, axis=axis): central differences inside, one-sided
/// ones at both ends, of samples `spacing` apart along `axis` (at least 2
/// of them); integers give float64.
Array gradient(const Array &, double spacing, int64_t axis);
/// np.gradient(f, spacing): the gradient along every axis, in axis order.
std::vector<Array> gradient(const Array &, double spacing = 1.0);
/// np.trapezoid (np.trapz): the trapezoidal rule's integral along `axis` of
/// samples `dx` apart, or at the points `x` (1-D for the axis, or of the
/// samples' rank).
Array trapezoid(const Array &y, double dx = 1.0, int64_t axis = -1);
Array trapezoid(const Array &y, const Array &x, int64_t axis = -1);
/// np.diff: the n-th differences along `axis`, a[1:] - a[:-1] applied n
/// times (for bools a[1:] != a[:-1]); the axis is n shorter (or empty).
Array diff(const Array &, int64_t n = 1, int64_t axis = -1);
/// np.swapaxes and np.moveaxis: transposes that exchange two axes, or move
/// one axis to `destination` keeping the others in order.
Array swapaxes(const Array &, int64_t axis1, int64_t axis2);
Array moveaxis(const Array &, int64_t source, int64_t destination);

/// Runs everything pending and waits until it has finished (on a GPU too).
void flush();

// ---- jit -------------------------------------------------------------------
enum class Stage { Traced, Optimized, Lowered };

namespace detail {
/// The type-erased core of `jit`: traces `body` once per signature (shapes
/// and dtypes of the arguments), caches the compiled program, runs it.
class JitFunction {
public:
  using Body = std::function<std::vector<Array>(const std::vector<Array> &)>;
  explicit JitFunction(Body body);
  std::vector<Array> call(const std::vector<Array> &args) const;
  std::string ir(const std::vector<Array> &args, Stage stage) const;
  std::string ptx(const std::vector<Array> &args) const;
  Stats stats() const;

private:
  std::shared_ptr<JitState> state_;
};

template <class R> struct JitResult;
template <> struct JitResult<Array> {
  static std::vector<Array> flatten(const Array &a) { return {a}; }
  static Array unflatten(const std::vector<Array> &v) { return v.at(0); }
};
/// A function returning `a[indices]` returns its read: an Array.
template <> struct JitResult<Selection> {
  static std::vector<Array> flatten(const Selection &s) { return {Array(s)}; }
  static Array unflatten(const std::vector<Array> &v) { return v.at(0); }
};
template <class... T> struct JitResult<std::tuple<T...>> {
  static std::vector<Array> flatten(const std::tuple<T...> &t) {
    return std::apply([](const auto &...a) { return std::vector<Array>{a...}; },
                      t);
  }
  static std::tuple<T...> unflatten(const std::vector<Array> &v) {
    return unflattenImpl(v, std::index_sequence_for<T...>{});
  }
  template <size_t... I>
  static std::tuple<T...> unflattenImpl(const std::vector<Array> &v,
                                        std::index_sequence<I...>) {
    return std::tuple<T...>{v.at(I)...};
  }
};
template <class A, class B> struct JitResult<std::pair<A, B>> {
  static std::vector<Array> flatten(const std::pair<A, B> &p) {
    return {p.first, p.second};
  }
  static std::pair<A, B> unflatten(const std::vector<Array> &v) {
    return {v.at(0), v.at(1)};
  }
};
template <> struct JitResult<std::vector<Array>> {
  static std::vector<Array> flatten(const std::vector<Array> &v) { return v; }
  static std::vector<Array> unflatten(const std::vector<Array> &v) { return v; }
};

template <class... A> constexpr bool all_arrays() {
  return (std::is_convertible_v<const A &, const Array &> && ...);
}
} // namespace detail

/// A traced, compiled and cached function of Arrays (the C++ form of
/// Reactant's `@compile` / JAX's `jit`). Returns Array, a std::tuple or
/// std::pair of Arrays, or a std::vector<Array>.
template <class F> class Jit {
public:
  explicit Jit(F f)
      : f_(std::move(f)),
        core_([this](const std::vector<Array> &args) { return invoke(args); }) {}
  Jit(const Jit &) = delete;

  template <class... A> auto operator()(const A &...args) const {
    static_assert(detail::all_arrays<A...>(), "legato::jit: arguments must be Arrays");
    if constexpr (std::is_invocable_v<const F &, const A &...>) {
      using R = std::decay_t<std::invoke_result_t<const F &, const A &...>>;
      return detail::JitResult<R>::unflatten(core_.call({Array(args)...}));
    } else {
      core_.call({Array(args)...}); // throws: wrong number of arguments
      return Array();
    }
  }
  /// The program's MLIR; the last argument may be a Stage (default Optimized).
  template <class... A> std::string ir(const A &...args) const {
    std::vector<Array> arrays;
    Stage stage = Stage::Optimized;
    (collect(arrays, stage, args), ...);
    return core_.ir(arrays, stage);
  }
  /// PTX (sm_90) of the program's fused kernels; works on any machine.
  template <class... A> std::string ptx(const A &...args) const {
    return core_.ptx({Array(args)...});
  }
  /// Counters of the last call.
  Stats stats() const { return core_.stats(); }

private:
  static void collect(std::vector<Array> &arrays, Stage &, const Array &a) {
    arrays.push_back(a);
  }
  static void collect(std::vector<Array> &, Stage &stage, Stage s) { stage = s; }

  std::vector<Array> invoke(const std::vector<Array> &args) const {
    return invokeImpl(args, std::make_index_sequence<kMaxArity + 1>{}); // 0 to kMaxArity
  }
  static constexpr size_t kMaxArity = 8;
  template <size_t... I>
  std::vector<Array> invokeImpl(const std::vector<Array> &args,
                                std::index_sequence<I...>) const {
    std::vector<Array> out;
    bool called = false;
    ((I == args.size() && !called
          ? (called = tryCall<I>(args, out, std::make_index_sequence<I>{}), 0)
          : 0),
     ...);
    if (!called)
      throw Error("legato::jit: the traced function cannot be called with " +
                  std::to_string(args.size()) + " Array arguments");
    return out;
  }
  template <size_t N, size_t... I>
  bool tryCall(const std::vector<Array> &args, std::vector<Array> &out,
               std::index_sequence<I...>) const {
    if constexpr (std::is_invocable_v<const F &,
                                      decltype((void)I, std::declval<const Array &>())...>) {
      using R = std::decay_t<std::invoke_result_t<
          const F &, decltype((void)I, std::declval<const Array &>())...>>;
      out = detail::JitResult<R>::flatten(f_(args[I]...));
      return true;
    } else {
      return false;
    }
  }

  F f_;
  detail::JitFunction core_;
};

template <class F> auto jit(F f) { return Jit<F>(std::move(f)); }

} // namespace legato

#endif // LEGATO_LEGATO_H

// Tests that jit(f).ptx() produces PTX for sm_90 on a machine without a GPU,
// and that ptxas (when the CUDA toolkit is installed) accepts it.
#include "apps.h"

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string_view>

namespace {

legato::Runtime &runtime() {
  static legato::Runtime rt;
  return rt;
}

std::string ptxOfBlackScholesLikeKernel() {
  runtime();
  legato::Array a = legato::random({4096}, legato::f64, 1);
  legato::Array b = legato::random({4096}, legato::f64, 2);
  auto f = legato::jit([](const legato::Array &x, const legato::Array &y) {
    legato::Array d = legato::log(x / (y + 1.0)) + legato::sqrt(y);
    return legato::where(d > 0.0, legato::exp(-0.5 * d * d), 1.0 - d);
  });
  return f.ptx(a, b);
}

TEST(Ptx, TargetsSm90WithOneFusedKernel) {
  std::string ptx = ptxOfBlackScholesLikeKernel();
  EXPECT_NE(ptx.find(".target sm_90"), std::string::npos);
  size_t first = ptx.find(".entry");
  ASSERT_NE(first, std::string::npos);
  EXPECT_EQ(ptx.find(".entry", first + 1), std::string::npos) << "expected one fused kernel";
}

/// A sum of 2^22 elements: one kernel computes block partials, and its
/// last block combines them.
std::string ptxOfSum() {
  runtime();
  legato::Array a = legato::random({2048, 2048}, legato::f64, 3);
  auto f = legato::jit([](const legato::Array &x) { return legato::sum(x); });
  return f.ptx(a);
}

/// Occurrences of `what` in `text`.
int count(std::string_view text, std::string_view what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

int entries(const std::string &ptx) { return count(ptx, ".entry"); }

TEST(Ptx, ReductionIsOneKernelThatCombinesInItsLastBlock) {
  std::string ptx = ptxOfSum();
  EXPECT_EQ(entries(ptx), 1) << ptx;
  EXPECT_NE(ptx.find("membar.gl"), std::string::npos) << "partials fenced before the ticket";
  EXPECT_NE(ptx.find("atom."), std::string::npos) << "an atomic ticket per block";
  EXPECT_NE(ptx.find(".global .align 4 .b8 __legato_tickets"), std::string::npos)
      << "a zero-initialised device counter";
}

/// CG's update of r and its new squared norm: the sum is computed in the
/// update's kernel, whose last block combines the blocks' partials.
std::string ptxOfUpdateAndNorm() {
  runtime();
  legato::Array r = legato::random({2048, 2048}, legato::f64, 6);
  legato::Array ap = legato::random({2048, 2048}, legato::f64, 7);
  auto f = legato::jit([](const legato::Array &r, const legato::Array &ap) {
    legato::Array next = r - 0.5 * ap;
    return std::vector<legato::Array>{next, legato::sum(next * next)};
  });
  return f.ptx(r, ap);
}

TEST(Ptx, FusedReductionIsCombinedInItsProducersKernel) {
  std::string ptx = ptxOfUpdateAndNorm();
  EXPECT_EQ(entries(ptx), 1) << ptx;
  EXPECT_NE(ptx.find("atom."), std::string::npos) << "an atomic ticket per block";
}

/// x * 3 + y: one FMA with Options::fp_contract (LEGATO_FP_CONTRACT=1, the
/// test api.ptx.contract), a multiply and an add rounded apart without.
TEST(Ptx, ProductsFuseIntoFmaOnlyWhenAsked) {
  runtime();
  legato::Array a = legato::random({4096}, legato::f64, 4);
  legato::Array b = legato::random({4096}, legato::f64, 5);
  auto f = legato::jit([](const legato::Array &x, const legato::Array &y) { return x * 3.0 + y; });
  std::string ptx = f.ptx(a, b);
  const char *contract = std::getenv("LEGATO_FP_CONTRACT");
  if (contract && std::string(contract) != "0") {
    EXPECT_NE(ptx.find("fma.rn.f64"), std::string::npos) << ptx;
  } else {
    EXPECT_EQ(ptx.find("fma.rn.f64"), std::string::npos) << ptx;
    EXPECT_NE(ptx.find("mul.rn.f64"), std::string::npos) << ptx;
    EXPECT_NE(ptx.find("add.rn.f64"), std::string::npos) << ptx;
  }
}

/// NumPy's maximum (`a > b || isnan(a) ? a : b`): a compare, a NaN test and
/// a select, not max.f64 with its NaN and signed-zero fixes
/// (lowered so by convert-legato-to-linalg; NumpyRules in modes_test checks
/// the values, on the GPU too).
TEST(Ptx, MaximumAndMinimumAreNumpysSelect) {
  runtime();
  legato::Array a = legato::random({4096}, legato::f64, 4);
  legato::Array b = legato::random({4096}, legato::f64, 5);
  auto f = legato::jit([](const legato::Array &x, const legato::Array &y) {
    return legato::maximum(x, y) - legato::minimum(x, y);
  });
  std::string ptx = f.ptx(a, b);
  EXPECT_EQ(ptx.find("max.f64"), std::string::npos) << ptx;
  EXPECT_EQ(ptx.find("min.f64"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("setp.nan.f64"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("selp.f64"), std::string::npos) << ptx;
}

/// f64 Black-Scholes: a thread's two elements read three inputs each, and
/// all six loads are issued before its first division, as the kernel
/// builder emits them; without the barrier after them (issueLoadsHere) LLVM
/// sank each load to its first use, past the branches of libdevice's log
/// and exp, and the loads of a thread no longer overlapped.
TEST(Ptx, BlackScholesIssuesItsLoadsBeforeItsMath) {
  runtime();
  auto [S, X, T] = apps::black_scholes_inputs(1 << 20, legato::f64);
  auto f = legato::jit([](const legato::Array &s, const legato::Array &x, const legato::Array &t) {
    auto [call, put] = apps::black_scholes(s, x, t);
    return std::vector<legato::Array>{call, put};
  });
  std::string ptx = f.ptx(S, X, T);
  ASSERT_EQ(entries(ptx), 1) << ptx;
  size_t lastLoad = ptx.rfind("ld.global"), firstDivision = ptx.find("div.rn.f64");
  ASSERT_NE(lastLoad, std::string::npos) << ptx;
  ASSERT_NE(firstDivision, std::string::npos) << ptx;
  EXPECT_EQ(count(ptx, "ld.global"), 6) << ptx;
  EXPECT_LT(lastLoad, firstDivision) << ptx;
}

/// Two of CFD's pressure sweeps (rows between walls from shifted slices,
/// periodic columns, walls copied from their neighbours): with
/// Options::fuse_sweeps (the default; LEGATO_FUSE_SWEEPS=1 in the test
/// api.ptx.fuse_sweeps) one kernel for both: the second sweep's runs of rows
/// and its recomputed walls are independent of each other and share a
/// launch; one kernel each with LEGATO_FUSE_SWEEPS=0.
TEST(Ptx, TwoPressureSweepsAreOneKernelWithFuseSweeps) {
  runtime();
  using legato::all;
  using legato::none;
  using legato::slice;
  legato::Array p = legato::random({64, 64}, legato::f64, 8);
  legato::Array b = legato::random({62, 64}, legato::f64, 9);
  auto f = legato::jit([](const legato::Array &start, const legato::Array &rhs) {
    legato::Array q = start.copy();
    for (int sweep = 0; sweep < 2; ++sweep) {
      legato::Array c = q[{slice(1, -1), all}];
      legato::Array east =
          legato::concatenate({c[{all, slice(1, none)}], c[{all, slice(none, 1)}]}, 1);
      legato::Array west =
          legato::concatenate({c[{all, slice(-1, none)}], c[{all, slice(none, -1)}]}, 1);
      legato::Array ns = legato::Array(q[{slice(2, none), all}]) + legato::Array(q[{slice(none, -2), all}]);
      q[{slice(1, -1), all}] = ((east + west) * 0.3 + ns * 0.2) - 0.1 * rhs;
      q[{0, all}] = q[{1, all}];
      q[{-1, all}] = q[{-2, all}];
    }
    return q;
  });
  std::string ptx = f.ptx(p, b);
  const char *fuse = std::getenv("LEGATO_FUSE_SWEEPS");
  EXPECT_EQ(entries(ptx), fuse && std::string(fuse) == "0" ? 2 : 1) << ptx;
}

/// Two sweeps of a 5-point stencil whose border stays fixed: with
/// Options::fuse_sweeps one kernel, whose interior, edges and corners each
/// recompute the first sweep's values they read, and which takes the grid
/// and the result as one buffer each however many windows of them it reads
/// (legato-gpu-sink-views): two memref descriptors of two pointers each.
TEST(Ptx, TwoStencilSweepsAreOneKernelWithFuseSweeps) {
  runtime();
  legato::Array g0 = legato::random({64, 64}, legato::f64, 10);
  auto f = legato::jit([](const legato::Array &start) { return apps::stencil(start, 2); });
  std::string ptx = f.ptx(g0);
  const char *fuse = std::getenv("LEGATO_FUSE_SWEEPS");
  bool fused = !(fuse && std::string(fuse) == "0");
  EXPECT_EQ(entries(ptx), fused ? 1 : 2) << ptx;
  if (fused) {
    size_t pointers = 0;
    for (size_t at = ptx.find(".ptr"); at != std::string::npos; at = ptx.find(".ptr", at + 1))
      ++pointers;
    EXPECT_EQ(pointers, 4u) << ptx;
  }
}

/// One sweep of a 5-point stencil: a thread computes 4 vertically adjacent
/// cells of the interior, whose 20 window reads are 14 elements (6 of the
/// centre column, 4 of each side column), each loaded once. (The basic
/// block of the loop storing 4 cells loads 14; the last rows follow one
/// cell at a time.)
TEST(Ptx, StencilRowsOfAThreadShareTheirLoads) {
  runtime();
  legato::Array g0 = legato::random({64, 64}, legato::f64, 10);
  auto f = legato::jit([](const legato::Array &start) { return apps::stencil(start, 1); });
  std::string ptx = f.ptx(g0);
  std::string_view text = ptx;
  int groups = 0;
  for (size_t begin = 0; begin != std::string_view::npos;) {
    size_t end = text.find("\n$L__", begin + 1); // the next label
    std::string_view block = text.substr(begin, end - begin);
    if (count(block, "st.global") == 4) {
      ++groups;
      EXPECT_EQ(count(block, "ld.global"), 14) << block;
    }
    begin = end;
  }
  EXPECT_EQ(groups, 1) << ptx;
}

/// Integer powers in two kernels (a reduction between them): each kernel
/// module gets a copy of the power's helper function, and the merged module
/// keeps one; the program was an internal compiler error before (found by legato-fuzz
/// on the GPU, bench/results/2026-12-02/gpu/fuzz57).
TEST(Ptx, KernelsWithIntegerPowersShareOneHelper) {
  runtime();
  auto f = legato::jit([](const legato::Array &a, const legato::Array &b) {
    legato::Array m = legato::max(legato::pow(a, b), {0}, true);
    return legato::pow(m + a, b);
  });
  legato::Array a = legato::random({3, 3}, legato::i64, 11);
  legato::Array b = legato::random({3, 3}, legato::i64, 12);
  std::string ptx = f.ptx(a, b);
  EXPECT_EQ(entries(ptx), 2) << ptx;
  EXPECT_LE(count(ptx, "ipowi_i64("), 1) << ptx; // at most one helper left (LLVM inlines it)
}

/// A sum of a generator that reads nothing (`arange`, `i + 0.5`): the
/// generator's kernel computes the sum, combined in its last block. (Fused
/// into the reduction, the generator left it an output indexed by the
/// reduced dim, and lowering that kernel crashed: the GPU suite's
/// api.modes.lazy in session 20, test/regressions/gpu-sum-of-arange.fuzz.)
TEST(Ptx, SumOfAGeneratorIsComputedInTheGeneratorsKernel) {
  runtime();
  auto f = legato::jit([](const legato::Array &scale) {
    return legato::sum(legato::arange(0.5, double(1 << 18), 1, legato::f64)) * scale;
  });
  std::string ptx = f.ptx(legato::full({}, 2.0, legato::f64));
  EXPECT_EQ(entries(ptx), 2) << "the generator with its sum, then the product\n" << ptx;
  EXPECT_NE(ptx.find("atom."), std::string::npos) << "an atomic ticket per block";
  // Only the sum reads the generated values: the kernel keeps them in
  // registers. Its stores are its block's partial and the total (and the
  // ticket's reset); the product's kernel stores one value.
  EXPECT_EQ(count(ptx, "st.global"), 4) << ptx;
}

/// Every float function of the API in one kernel, of float32 and of float64.
std::string ptxOfFloatFunctions(legato::DType dtype) {
  runtime();
  legato::Array a = legato::random({4096}, dtype, 5);
  auto f = legato::jit([](const legato::Array &x) {
    using namespace legato;
    Array y = tan(x) + arcsin(x) + arccos(x) + arctan(x) + sinh(x) + cosh(x) + arcsinh(x) +
              arccosh(x + 1.0) + arctanh(x * 0.5) + exp2(x) + expm1(x) + log2(x) + log10(x) +
              log1p(x) + cbrt(x) + arctan2(x, x + 1.0);
    return y + ceil(y) + trunc(y) + rint(y) + floor(y) + y % x + floor_divide(y, x);
  });
  return f.ptx(a);
}

/// NumPy's integer % and // (divisions by 0 and -1 answered apart).
std::string ptxOfIntegerDivision() {
  runtime();
  legato::Array a = legato::arange(4096), b = legato::arange(4096) - 7;
  auto f = legato::jit([](const legato::Array &x, const legato::Array &y) {
    return x % y + legato::floor_divide(x, y);
  });
  return f.ptx(a, b);
}

TEST(Ptx, FloatFunctionsAreOneKernelWithRoundingInstructions) {
  for (legato::DType dtype : {legato::f32, legato::f64}) {
    std::string ptx = ptxOfFloatFunctions(dtype);
    EXPECT_EQ(entries(ptx), 1) << legato::dtype_name(dtype);
    // ceil, trunc and rint are single conversions (libdevice's functions
    // for the others are inlined: their names do not survive).
    for (const char *rounding : {"cvt.rpi", "cvt.rzi", "cvt.rni", "cvt.rmi"})
      EXPECT_NE(ptx.find(rounding), std::string::npos) << rounding << " in "
                                                       << legato::dtype_name(dtype);
  }
}

/// f32 square roots, of a whole array (4-lane vectors) and of a strided
/// view (scalars).
std::string ptxOfFloat32Roots() {
  runtime();
  legato::Array a = legato::random({4096}, legato::f32, 6);
  auto f = legato::jit([](const legato::Array &x) {
    legato::Array every = legato::sqrt(x) * 2.0;
    legato::Array other = legato::sqrt(x[{legato::slice(0, legato::none, 2)}] + 1.0);
    return std::make_tuple(every, other);
  });
  return f.ptx(a);
}

// NumPy's float32 sqrt is IEEE's, correctly rounded; libdevice's sqrtf is
// sqrt.approx.f32 unless asked otherwise (legato-gpu-ieee-sqrt).
TEST(Ptx, Float32SquareRootsAreCorrectlyRounded) {
  std::string ptx = ptxOfFloat32Roots();
  EXPECT_GE(count(ptx, "sqrt.rn.f32"), 2);
  EXPECT_EQ(count(ptx, "sqrt.approx"), 0);
}

/// np.cumsum of 4096 float32 values, or np.cumprod of the rows of 3 x 1001
/// float64 values (chunks of 8 and the rest after them).
std::string ptxOfScan(bool rows) {
  runtime();
  auto f = legato::jit(
      [rows](const legato::Array &x) { return rows ? legato::cumprod(x, 1) : legato::cumsum(x); });
  return rows ? f.ptx(legato::random({3, 1001}, legato::f64, 4))
              : f.ptx(legato::random({4096}, legato::f32, 3));
}

TEST(Ptx, ScansAreReductionKernels) {
  // 4096 = 8^4: each of three levels of chunks sums its chunks (a
  // reduction kernel) and, after the levels above, scans them from the
  // totals before each (a masked reduction kernel, its mask, identity and
  // start computed in it); the 8 totals of the top level are one masked
  // reduction. The last writes the result in place: no copy kernel.
  std::string ptx = ptxOfScan(false);
  EXPECT_EQ(entries(ptx), 7) << ptx;
  EXPECT_EQ(count(ptx, "bar.sync"), 0) << "per-element kernels: no block reductions\n" << ptx;
}

std::string ptxOfGather(bool rows) {
  runtime();
  auto f = legato::jit([rows](const legato::Array &x, const legato::Array &i) {
    if (rows)
      return legato::sum(legato::take(x, i, 1, legato::IndexMode::clip), {1});
    return legato::take(x, i, std::nullopt, legato::IndexMode::wrap) * 2.0f + 1.0f;
  });
  legato::Array i = (legato::random({1000}, legato::f64, 2) * 10000.0).astype(legato::i64);
  return rows ? f.ptx(legato::random({300, 500}, legato::f64, 1), i)
              : f.ptx(legato::random({4096}, legato::f32, 1), i);
}

TEST(Ptx, GatherIsOneKernelWithItsIndicesAndUsers) {
  // The indices wrapped (a remainder), each element loaded where its index
  // points, then scaled: one kernel, which reads the input from its body.
  std::string ptx = ptxOfGather(false);
  EXPECT_EQ(entries(ptx), 1) << ptx;
  EXPECT_EQ(count(ptx, "rem.s64"), 1) << ptx;
}

std::string ptxOfScatter(bool add) {
  runtime();
  auto f = legato::jit([add](const legato::Array &x, const legato::Array &i) {
    legato::Array r = legato::zeros({1000}, x.dtype());
    if (add)
      legato::add_at(r, i, x * 2.0);
    else
      legato::put(r, i, x * 2.0, legato::IndexMode::clip);
    return r;
  });
  legato::Array i = (legato::random({4096}, legato::f64, 2) * 1000.0).astype(legato::i64);
  return f.ptx(legato::random({4096}, legato::f64, 1), i);
}

TEST(Ptx, ScattersRunInParallelAndAddAtomically) {
  // Each thread stores its values where their indices say, the last of
  // repeated positions marked first by an atomic maximum of the
  // iterations; add_at's sums are atomic adds (reductions: their old
  // values are not read).
  std::string stored = ptxOfScatter(false), added = ptxOfScatter(true);
  EXPECT_EQ(count(stored, ".add.f64"), 0) << stored;
  EXPECT_EQ(count(stored, "global.max.s64"), 1) << stored;
  EXPECT_EQ(count(added, "red.global.add.f64") + count(added, "atom.global.add.f64"), 1) << added;
}

TEST(Ptx, AcceptedByPtxas) {
  const char *ptxas = "/usr/local/cuda/bin/ptxas";
  if (!std::ifstream(ptxas).good())
    GTEST_SKIP() << "no CUDA toolkit at /usr/local/cuda";
  int i = 0;
  for (const std::string &ptx :
       {ptxOfBlackScholesLikeKernel(), ptxOfSum(), ptxOfUpdateAndNorm(),
        ptxOfFloatFunctions(legato::f32), ptxOfFloatFunctions(legato::f64), ptxOfIntegerDivision(),
        ptxOfFloat32Roots(), ptxOfScan(false), ptxOfScan(true), ptxOfGather(false),
        ptxOfGather(true), ptxOfScatter(false), ptxOfScatter(true)}) {
    std::string path = testing::TempDir() + "legato_ptx_test" + std::to_string(i++) + ".ptx";
    std::ofstream(path) << ptx;
    std::string command =
        std::string(ptxas) + " -arch=sm_90 " + path + " -o " + path + ".cubin";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
  }
}

} // namespace

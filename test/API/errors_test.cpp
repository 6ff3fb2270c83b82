//===- errors_test.cpp - Misuse throws legato::Error naming op and shapes -===//
//
// Every misuse of the API throws legato::Error (never aborts), and the message
// names the operation and shows the offending shapes as NumPy prints them,
// "(3, 4)". The error is of the kind NumPy raises for the same misuse:
// legato::IndexError (IndexError), legato::AxisError (numpy.AxisError),
// legato::TypeError (TypeError), else a plain legato::Error (ValueError).
// Op names are checked loosely: any of a few spellings will do ("add" or
// "+"), case-insensitively. In jit mode (LEGATO_TEST_JIT=1) each
// misuse happens inside a function traced by legato::jit.
//
// What counts as misuse follows NumPy: where NumPy accepts a call (logical
// operations on numbers, slices past the end) legato must accept it too.
//
//===----------------------------------------------------------------------===//

#include "test_support.h"

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using legato::all;
using legato::Array;
using legato::none;
using legato::slice;
using legato_test::shape_str;

::testing::Environment *const runtime_env =
    ::testing::AddGlobalTestEnvironment(new legato_test::RuntimeEnvironment);

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

bool mentions_any(const std::string &message, const std::vector<std::string> &words) {
  for (const std::string &w : words)
    if (lower(message).find(lower(w)) != std::string::npos)
      return true;
  return false;
}

std::string joined(const std::vector<std::string> &words) {
  std::string s;
  for (const std::string &w : words)
    s += (s.empty() ? "\"" : " or \"") + w + "\"";
  return s;
}

using Misuse = std::function<Array(const std::vector<Array> &)>;

/// The kinds of legato::Error, as NumPy's exceptions: Plain is a
/// legato::Error of none of the subclasses (NumPy's ValueError).
enum class Kind { Plain, Index, Axis, Type, Overflow };

const char *kind_name(Kind k) {
  switch (k) {
  case Kind::Plain:
    return "plain legato::Error";
  case Kind::Index:
    return "legato::IndexError";
  case Kind::Axis:
    return "legato::AxisError";
  case Kind::Type:
    return "legato::TypeError";
  case Kind::Overflow:
    return "legato::OverflowError";
  }
  return "?";
}

Kind kind_of(const legato::Error &e) {
  // (The subclasses are siblings: each error is of one kind only.)
  if (dynamic_cast<const legato::IndexError *>(&e))
    return Kind::Index;
  if (dynamic_cast<const legato::AxisError *>(&e))
    return Kind::Axis;
  if (dynamic_cast<const legato::TypeError *>(&e))
    return Kind::Type;
  if (dynamic_cast<const legato::OverflowError *>(&e))
    return Kind::Overflow;
  return Kind::Plain;
}

/// Checks that `misuse(args)` -- run directly, or traced by legato::jit in jit
/// mode -- throws a legato::Error of `kind` whose message names one of `ops`
/// and shows one of `shapes` (none required when `shapes` is empty).
::testing::AssertionResult throws_error(Kind kind, const std::vector<std::string> &ops,
                                        const std::vector<std::string> &shapes,
                                        const std::vector<Array> &args, const Misuse &misuse,
                                        bool traced = true) {
  std::string message;
  Kind thrown = Kind::Plain;
  try {
    legato_test::Body body = [&](const std::vector<Array> &in) {
      return std::vector<Array>{misuse(in)};
    };
    if (traced && legato_test::jit_mode())
      legato_test::call_jit(body, args);
    else
      body(args);
    return ::testing::AssertionFailure()
           << "[" << legato_test::mode_name() << "] no exception; want legato::Error naming "
           << joined(ops);
  } catch (const legato::Error &e) {
    message = e.what();
    thrown = kind_of(e);
  } catch (const std::exception &e) {
    return ::testing::AssertionFailure() << "[" << legato_test::mode_name()
                                         << "] threw a non-legato::Error: " << e.what();
  }
  if (thrown != kind)
    return ::testing::AssertionFailure()
           << "[" << legato_test::mode_name() << "] threw a " << kind_name(thrown) << ", want a "
           << kind_name(kind) << ": " << message;
  if (!mentions_any(message, ops))
    return ::testing::AssertionFailure() << "the message does not name the op (" << joined(ops)
                                         << "): " << message;
  if (!shapes.empty() && !mentions_any(message, shapes))
    return ::testing::AssertionFailure() << "the message shows none of the shapes "
                                         << joined(shapes) << ": " << message;
  return ::testing::AssertionSuccess() << message;
}

Array f64(legato::Shape shape) { return legato::zeros(std::move(shape), legato::f64); }
Array booleans(legato::Shape shape) { return legato::ones(std::move(shape), legato::bool_); }

// ---- arrays that cannot exist ----------------------------------------------

/// throws_error's check of `misuse` (named `ops`, showing `shape`), and that
/// its message mentions `text`: the bytes asked, or the bound passed.
::testing::AssertionResult too_large(const std::vector<std::string> &ops, const std::string &shape,
                                     const std::string &text, const std::vector<Array> &args,
                                     const Misuse &misuse) {
  ::testing::AssertionResult named = throws_error(Kind::Plain, ops, {shape}, args, misuse);
  if (!named)
    return named;
  std::string message = named.message();
  if (message.find(text) == std::string::npos)
    return ::testing::AssertionFailure() << "the message does not mention " << text << ": "
                                         << message;
  return named;
}

constexpr int64_t kTera = int64_t(1) << 40;
// 2^40 x 2^10 elements: 2^53 bytes (8 PiB) of float64, 2^52 of float32,
// past the memory of any machine (at any rank count up to 2^20).
const std::string kShape8PiB = "(1099511627776, 1024)";
const std::string k8PiB = "9007199254740992", k4PiB = "4503599627370496";

TEST(SizeErrors, ArraysLargerThanMemoryAreRefusedAtTheOp) {
  legato::Shape shape = {kTera, 1 << 10};
  EXPECT_TRUE(too_large({"zeros"}, kShape8PiB, k8PiB, {}, [=](auto &) {
    return legato::zeros(shape);
  }));
  EXPECT_TRUE(too_large({"ones"}, kShape8PiB, k8PiB, {}, [=](auto &) {
    return legato::ones(shape);
  }));
  EXPECT_TRUE(too_large({"full"}, kShape8PiB, k4PiB, {}, [=](auto &) {
    return legato::full(shape, 2.0, legato::f32);
  }));
  EXPECT_TRUE(too_large({"random"}, kShape8PiB, k8PiB, {}, [=](auto &) {
    return legato::random(shape);
  }));
  EXPECT_TRUE(too_large({"broadcast_to"}, kShape8PiB, k8PiB, {f64({1})}, [=](auto &x) {
    return legato::broadcast_to(x[0], shape);
  }));
  // 2 elements repeated (2^39, 2^10) times: shape (2^39, 2^11), 2^53 bytes.
  EXPECT_TRUE(too_large({"tile"}, "(549755813888, 2048)", k8PiB, {f64({2})}, [](auto &x) {
    return legato::tile(x[0], {kTera / 2, 1 << 10});
  }));
  // Every rank: one, two and three dimensions.
  EXPECT_TRUE(too_large({"zeros"}, "(1125899906842624,)", k8PiB, {}, [](auto &) {
    return legato::zeros({int64_t(1) << 50});
  }));
  EXPECT_TRUE(too_large({"zeros"}, "(1024, 1024, 1073741824)", k8PiB, {}, [](auto &) {
    return legato::zeros({1 << 10, 1 << 10, int64_t(1) << 30});
  }));
  EXPECT_TRUE(too_large({"arange"}, "(1125899906842624,)", k8PiB, {}, [](auto &) {
    return legato::arange(int64_t(1) << 50);
  }));
  // The message says what the limit is.
  EXPECT_TRUE(too_large({"zeros"}, kShape8PiB, "memory", {}, [=](auto &) {
    return legato::zeros(shape);
  }));
}

TEST(SizeErrors, ShapesPastInt64AreRefusedAtTheOp) {
  const std::string bound = "2^63";
  EXPECT_TRUE(too_large({"zeros"}, "(1099511627776, 1099511627776)", bound, {}, [](auto &) {
    return legato::zeros({kTera, kTera});
  }));
  // 2^61 elements fit int64, their 2^64 bytes do not.
  EXPECT_TRUE(too_large({"ones"}, "(2305843009213693952,)", bound, {}, [](auto &) {
    return legato::ones({int64_t(1) << 61});
  }));
  EXPECT_TRUE(too_large({"zeros"}, "(2097152, 2097152, 2097152)", bound, {}, [](auto &) {
    return legato::zeros({1 << 21, 1 << 21, 1 << 21});
  }));
  // NumPy refuses these too, although an axis is empty.
  EXPECT_TRUE(too_large({"zeros"}, "(0, 4611686018427387904, 4)", bound, {}, [](auto &) {
    return legato::zeros({0, int64_t(1) << 62, 4});
  }));
  EXPECT_TRUE(too_large({"reshape"}, "(4611686018427387904, 8)", bound, {f64({4})}, [](auto &x) {
    return legato::reshape(x[0], {int64_t(1) << 62, 8});
  }));
  EXPECT_TRUE(too_large({"broadcast_to"}, "(1099511627776, 1099511627776)", bound, {f64({1})},
                        [](auto &x) { return legato::broadcast_to(x[0], {kTera, kTera}); }));
  EXPECT_TRUE(too_large({"tile"}, "(4,)", "2^63", {f64({4})}, [](auto &x) {
    return legato::tile(x[0], {int64_t(1) << 62});
  }));
  EXPECT_TRUE(too_large({"repeat"}, "(4,)", "2^63", {f64({4})}, [](auto &x) {
    return legato::repeat(x[0], int64_t(1) << 62);
  }));
  EXPECT_TRUE(too_large({"eye"}, "(4294967296, 4294967296)", "2^63", {}, [](auto &) {
    return legato::eye(int64_t(1) << 32);
  }));
  // An empty array whose other axes would fit is an array (NumPy: the same).
  EXPECT_EQ(legato::zeros({0, int64_t(1) << 59}).size(), 0);
}

// ---- shapes that do not fit ------------------------------------------------

TEST(ShapeErrors, BinaryOperandsDoNotBroadcast) {
  std::vector<Array> args{f64({3, 4}), f64({5})};
  std::vector<std::string> shapes{"(3, 4)", "(5,)"};
  EXPECT_TRUE(
      throws_error(Kind::Plain, {"add", "+"}, shapes, args, [](auto &x) { return x[0] + x[1]; }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"subtract", "-"}, shapes, args,
                           [](auto &x) { return x[1] - x[0]; }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"multiply", "*"}, shapes, args,
                           [](auto &x) { return x[0] * x[1]; }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"divide", "/"}, shapes, args,
                           [](auto &x) { return x[0] / x[1]; }));
  EXPECT_TRUE(
      throws_error(Kind::Plain, {"less", "<"}, shapes, args, [](auto &x) { return x[0] < x[1]; }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"equal", "=="}, shapes, args,
                           [](auto &x) { return x[0] == x[1]; }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"power", "pow"}, shapes, args,
                           [](auto &x) { return legato::pow(x[0], x[1]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"maximum"}, shapes, args,
                           [](auto &x) { return legato::maximum(x[0], x[1]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"logical_and"}, shapes, args,
                           [](auto &x) { return legato::logical_and(x[0], x[1]); }));
}

TEST(ShapeErrors, WhereOperandsDoNotBroadcast) {
  EXPECT_TRUE(throws_error(Kind::Plain, {"where"}, {"(3, 4)", "(2,)"}, {booleans({3, 4}), f64({2})},
                           [](auto &x) { return legato::where(x[0], x[1], 0.0); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"where"}, {"(3,)", "(3, 4)"}, {booleans({3}), f64({3, 4})},
                           [](auto &x) { return legato::where(x[0], x[1], x[1]); }));
}

TEST(ShapeErrors, ReshapeToAnotherSize) {
  EXPECT_TRUE(throws_error(Kind::Plain, {"reshape"}, {"(3, 4)", "(5,)"}, {f64({3, 4})},
                           [](auto &x) { return legato::reshape(x[0], {5}); }));
  EXPECT_TRUE(
      throws_error(Kind::Plain, {"reshape"}, {"(3, 4)", "(5, 3)"}, {f64({3, 4})}, [](auto &x) {
        return x[0].reshape({5, 3});
      }));
}

TEST(ShapeErrors, BroadcastToIncompatibleShape) {
  EXPECT_TRUE(throws_error(Kind::Plain, {"broadcast"}, {"(3,)", "(4,)"}, {f64({3})},
                           [](auto &x) { return legato::broadcast_to(x[0], {4}); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"broadcast"}, {"(2, 3)", "(3,)"}, {f64({2, 3})},
                           [](auto &x) { return legato::broadcast_to(x[0], {3}); }));
}

TEST(ShapeErrors, MatmulInnerDimensionsDiffer) {
  EXPECT_TRUE(throws_error(Kind::Plain, {"matmul"}, {"(3, 4)", "(5, 2)"},
                           {f64({3, 4}), f64({5, 2})},
                           [](auto &x) { return legato::matmul(x[0], x[1]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"matmul"}, {"(3, 4)", "(3,)"}, {f64({3, 4}), f64({3})},
                           [](auto &x) { return legato::matmul(x[0], x[1]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"matmul"}, {"(4,)", "(3, 4)"}, {f64({4}), f64({3, 4})},
                           [](auto &x) { return legato::matmul(x[0], x[1]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"dot"}, {"(3,)", "(4,)"}, {f64({3}), f64({4})},
                           [](auto &x) { return legato::dot(x[0], x[1]); }));
}

TEST(ShapeErrors, MatmulOfZeroDimensionalArray) {
  // NumPy: "matmul: Input operand 0 does not have enough dimensions".
  EXPECT_TRUE(throws_error(Kind::Plain, {"matmul"}, {"()", "(3, 4)"}, {f64({}), f64({3, 4})},
                           [](auto &x) { return legato::matmul(x[0], x[1]); }));
}

TEST(ShapeErrors, ConcatenateShapesDiffer) {
  EXPECT_TRUE(throws_error(Kind::Plain, {"concatenate"}, {"(3, 4)", "(3, 5)"},
                           {f64({3, 4}), f64({3, 5})}, [](auto &x) {
                             return legato::concatenate({x[0], x[1]}, 0);
                           }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"concatenate"}, {"(3, 4)", "(4,)"},
                           {f64({3, 4}), f64({4})}, [](auto &x) {
                             return legato::concatenate({x[0], x[1]}, 0);
                           }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"concatenate"}, {}, {},
                           [](auto &) { return legato::concatenate({}, 0); }));
}

TEST(ShapeErrors, PadWidthsDoNotFit) {
  // One (before, after) pair per axis, or a single pair for all (NumPy).
  EXPECT_TRUE(throws_error(Kind::Plain, {"pad"}, {"(3, 4)"}, {f64({3, 4})}, [](auto &x) {
    return legato::pad(x[0], {{1, 1}, {1, 1}, {1, 1}});
  }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"pad"}, {"(3, 4)"}, {f64({3, 4})}, [](auto &x) {
    return legato::pad(x[0], {{1, 1}, {-1, 0}});
  }));
}

TEST(ShapeErrors, RollShiftsAndAxesDoNotMatch) {
  EXPECT_TRUE(
      throws_error(Kind::Plain, {"roll", "3 shifts", "2 axes"}, {}, {f64({3, 4})}, [](auto &x) {
        return legato::roll(x[0], std::vector<int64_t>{1, 2, 3}, std::vector<int64_t>{0, 1});
      }));
}

// ---- axes --------------------------------------------------------------------

TEST(AxisErrors, RollAxisOutOfRange) {
  EXPECT_TRUE(throws_error(Kind::Axis, {"roll", "axis 2"}, {"(3, 4)"}, {f64({3, 4})},
                           [](auto &x) { return legato::roll(x[0], 1, 2); }));
  EXPECT_TRUE(throws_error(Kind::Axis, {"roll", "axis -3"}, {"(3, 4)"}, {f64({3, 4})}, [](auto &x) {
    return legato::roll(x[0], std::vector<int64_t>{1, 1}, std::vector<int64_t>{0, -3});
  }));
}

TEST(AxisErrors, ReductionAxisOutOfRange) {
  using Reduction = Array (*)(const Array &, std::vector<int64_t>, bool);
  const std::vector<std::pair<std::string, Reduction>> reductions{
      {"sum", legato::sum}, {"prod", legato::prod}, {"max", legato::max},
      {"min", legato::min}, {"mean", legato::mean}};
  for (const auto &[name, reduce] : reductions) {
    Reduction r = reduce;
    EXPECT_TRUE(throws_error(Kind::Axis, {name}, {"(3, 4)"}, {f64({3, 4})}, [r](auto &x) {
      return r(x[0], {2}, false);
    })) << name;
    EXPECT_TRUE(throws_error(Kind::Axis, {name}, {"(3, 4)"}, {f64({3, 4})}, [r](auto &x) {
      return r(x[0], {-3}, true);
    })) << name;
  }
}

TEST(AxisErrors, ReductionAxisRepeated) {
  // NumPy: "duplicate value in 'axis'"; 0 and -2 are the same axis of a 2-D array.
  EXPECT_TRUE(throws_error(Kind::Plain, {"sum"}, {"(3, 4)"}, {f64({3, 4})}, [](auto &x) {
    return legato::sum(x[0], {0, -2});
  }));
}

TEST(AxisErrors, ConcatenateAxisOutOfRange) {
  EXPECT_TRUE(throws_error(Kind::Axis, {"concatenate"}, {"(3, 4)"}, {f64({3, 4}), f64({3, 4})},
                           [](auto &x) {
                             return legato::concatenate({x[0], x[1]}, 2);
                           }));
  EXPECT_TRUE(throws_error(Kind::Axis, {"concatenate"}, {"(3, 4)"}, {f64({3, 4}), f64({3, 4})},
                           [](auto &x) {
                             return legato::concatenate({x[0], x[1]}, -3);
                           }));
}

TEST(AxisErrors, TransposeNotAPermutation) {
  std::vector<Array> args{f64({2, 3, 4})};
  EXPECT_TRUE(throws_error(Kind::Plain, {"transpose"}, {"(2, 3, 4)"}, args, [](auto &x) {
    return legato::transpose(x[0], {0, 1});
  }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"transpose"}, {"(2, 3, 4)"}, args, [](auto &x) {
    return legato::transpose(x[0], {0, 0, 1});
  }));
  EXPECT_TRUE(throws_error(Kind::Axis, {"transpose"}, {"(2, 3, 4)"}, args, [](auto &x) {
    return legato::transpose(x[0], {0, 1, 3});
  }));
}

TEST(ShapeErrors, DiagonalOfWrongRank) {
  std::vector<Array> vector{f64({3})}, cube{f64({2, 3, 4})};
  EXPECT_TRUE(throws_error(Kind::Plain, {"diagonal"}, {"(3,)"}, vector,
                           [](auto &x) { return legato::diagonal(x[0]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"diag"}, {"(2, 3, 4)"}, cube,
                           [](auto &x) { return legato::diag(x[0]); }));
}

TEST(ShapeErrors, EinsumSubscriptsThatDoNotFit) {
  std::vector<Array> one{f64({2, 3})}, two{f64({2, 3}), f64({4, 5})};
  auto einsum = [](const char *subscripts) {
    return [subscripts](auto &x) { return legato::einsum(subscripts, x); };
  };
  // Each message names einsum and the operands' shapes.
  for (const char *wrong : {"ij,jk", "i,j,k", "ijk", "i", "i->j", "ij->ii", "i...->i",
                            "ij->i->j", "i1", "i.j", "......"})
    EXPECT_TRUE(throws_error(Kind::Plain, {"einsum"}, {"(2, 3)"}, one, einsum(wrong))) << wrong;
  EXPECT_TRUE(throws_error(Kind::Plain, {"einsum"}, {"(4, 5)"}, two, einsum("ij,jk->ik")));
  EXPECT_TRUE(throws_error(Kind::Plain, {"einsum"}, {"(4, 5)"}, two, einsum("ij,kl->m")));
}

TEST(ShapeErrors, ProductsOfStacksThatDoNotFit) {
  std::vector<Array> args{f64({2, 3, 4}), f64({5, 2}), f64({3, 4, 2}), f64({})};
  EXPECT_TRUE(throws_error(Kind::Plain, {"matmul"}, {"(5, 2)"}, args,
                           [](auto &x) { return legato::matmul(x[0], x[1]); }));
  // Leading axes 2 and 3 do not broadcast.
  EXPECT_TRUE(throws_error(Kind::Plain, {"matmul"}, {"(3, 4, 2)"}, args,
                           [](auto &x) { return legato::matmul(x[0], x[2]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"matmul"}, {"()"}, args,
                           [](auto &x) { return legato::matmul(x[3], x[0]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"dot"}, {"(5, 2)"}, args,
                           [](auto &x) { return legato::dot(x[0], x[1]); }));
}

TEST(ShapeErrors, TensorProductsOfShapesThatDoNotFit) {
  std::vector<Array> args{f64({2, 3}), f64({4, 2})};
  EXPECT_TRUE(throws_error(Kind::Plain, {"tensordot"}, {"(2, 3)"}, args,
                           [](auto &x) { return legato::tensordot(x[0], x[1], 1); }));
  EXPECT_TRUE(throws_error(Kind::Index, {"tensordot"}, {"(4, 2)"}, args,
                           [](auto &x) { return legato::tensordot(x[0], x[1], 3); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"tensordot"}, {"(2, 3)"}, args, [](auto &x) {
    return legato::tensordot(x[0], x[1], {0, 1}, {1});
  }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"tensordot"}, {"(2, 3)"}, args, [](auto &x) {
    return legato::tensordot(x[0], x[1], {0, 0}, {1, 1});
  }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"inner"}, {"(4, 2)"}, args,
                           [](auto &x) { return legato::inner(x[0], x[1]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"vdot"}, {"(2, 3)"}, args,
                           [](auto &x) { return legato::vdot(x[0], x[1]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"cross"}, {"(4, 2)"}, args,
                           [](auto &x) { return legato::cross(x[1], x[1], 0); }));
  EXPECT_TRUE(throws_error(Kind::Axis, {"cross"}, {"(2, 3)"}, args,
                           [](auto &x) { return legato::cross(x[0], x[0], 2); }));
}

TEST(ShapeErrors, GradientsAndIntegralsOfTooFewSamples) {
  std::vector<Array> args{f64({1, 4}), f64({}), f64({3}), booleans({4})};
  EXPECT_TRUE(throws_error(Kind::Plain, {"gradient"}, {"(1, 4)"}, args,
                           [](auto &x) { return legato::gradient(x[0], 1.0, 0); }));
  EXPECT_TRUE(throws_error(Kind::Axis, {"gradient"}, {"()"}, args,
                           [](auto &x) { return legato::gradient(x[1], 1.0, 0); }));
  EXPECT_TRUE(throws_error(Kind::Axis, {"gradient"}, {"(1, 4)"}, args,
                           [](auto &x) { return legato::gradient(x[0], 1.0, 2); }));
  EXPECT_TRUE(throws_error(Kind::Type, {"gradient"}, {"(4,)"}, args,
                           [](auto &x) { return legato::gradient(x[3], 1.0, 0); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"trapezoid"}, {"(3,)"}, args,
                           [](auto &x) { return legato::trapezoid(x[0], x[2]); }));
  EXPECT_TRUE(throws_error(Kind::Axis, {"trapezoid"}, {"()"}, args,
                           [](auto &x) { return legato::trapezoid(x[1]); }));
}

TEST(ShapeErrors, ScansAlongAnAxisTheArrayLacks) {
  std::vector<Array> args{f64({2, 3}), f64({})};
  EXPECT_TRUE(throws_error(Kind::Axis, {"cumsum: axis 2"}, {"(2, 3)"}, args,
                           [](auto &x) { return legato::cumsum(x[0], 2); }));
  EXPECT_TRUE(throws_error(Kind::Axis, {"cumprod: axis -3"}, {"(2, 3)"}, args,
                           [](auto &x) { return legato::cumprod(x[0], -3); }));
  // A 0-d array scans as 1-D: axis 0 and -1 only.
  EXPECT_TRUE(throws_error(Kind::Axis, {"nancumsum: axis 1"}, {"(1,)"}, args,
                           [](auto &x) { return legato::nancumsum(x[1], 1); }));
}

TEST(IndexErrors, TakeChecksItsIndices) {
  std::vector<Array> args{f64({3, 4}), legato::from_vector<int64_t>({0, 4}, {2}), f64({2}),
                          f64({3, 0}), legato::from_vector<int64_t>({0, 1}, {2, 1})};
  // Index 4 is past axis 1 (a jit function finds it when it is called).
  EXPECT_TRUE(throws_error(Kind::Index, {"take: index 4"}, {"(3, 4)"}, args,
                           [](auto &x) { return legato::take(x[0], x[1], 1); }));
  EXPECT_TRUE(throws_error(Kind::Type, {"take: indices must be integers"}, {"(2,)"}, args,
                           [](auto &x) { return legato::take(x[0], x[2], 0); }));
  EXPECT_TRUE(throws_error(Kind::Index, {"take: 2 indices"}, {"(3, 0)"}, args, [](auto &x) {
    return legato::take(x[3], x[1], 1, legato::IndexMode::clip);
  }));
  EXPECT_TRUE(throws_error(Kind::Axis, {"take: axis 2"}, {"(3, 4)"}, args, [](auto &x) {
    return legato::take(x[0], x[1], 2, legato::IndexMode::wrap);
  }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"take_along_axis"}, {"(2,)"}, args,
                           [](auto &x) { return legato::take_along_axis(x[0], x[1], 1); }));
  EXPECT_TRUE(throws_error(Kind::Index, {"take_along_axis"}, {"(3, 4)", "(2, 1)"}, args,
                           [](auto &x) { return legato::take_along_axis(x[0], x[4], 1); }));
}

TEST(IndexErrors, WritesCheckTheirIndicesAndValues) {
  std::vector<Array> args{f64({3, 4}),   legato::from_vector<int64_t>({0, 4}, {2}),
                          f64({2, 3}),   legato::zeros({3}, legato::i64),
                          booleans({3}), f64({5})};
  // Row 4 of 3 (a jit function finds it when it is called).
  EXPECT_TRUE(throws_error(Kind::Index, {"setitem: index 4"}, {"(3, 4)"}, args, [](auto &x) {
    Array r = x[0].copy();
    r[x[1]] = 1.0;
    return r;
  }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"setitem"}, {"(2, 3)", "(2, 4)"}, args, [](auto &x) {
    Array r = x[0].copy();
    r[legato::zeros({2}, legato::i64)] = x[2]; // rows of 4, not 3
    return r;
  }));
  EXPECT_TRUE(throws_error(Kind::Index, {"put: index 12"}, {"(12,)"}, args, [](auto &x) {
    Array r = x[0].copy();
    legato::put(r, legato::full({}, 12, legato::i64), x[5]);
    return r;
  }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"put_along_axis"}, {"(3, 4)", "(2,)"}, args, [](auto &x) {
    Array r = x[0].copy();
    legato::put_along_axis(r, x[1], x[5], 1);
    return r;
  }));
  // A mask and values of another count: read on the host, so not traced.
  EXPECT_TRUE(throws_error(
      Kind::Plain, {"setitem"}, {"(5,)", "(3, 4)"}, args,
      [](auto &x) {
        Array r = x[0].copy();
        r[x[4]] = x[5];
        return r;
      },
      /*traced=*/false));
}

TEST(IndexErrors, BincountReadsItsLength) {
  std::vector<Array> args{legato::from_vector<int64_t>({1, -2}, {2}), f64({2}),
                          legato::zeros({2, 2}, legato::i64)};
  EXPECT_TRUE(throws_error(
      Kind::Plain, {"bincount"}, {"(2,)"}, args, [](auto &x) { return legato::bincount(x[0]); },
      false));
  EXPECT_TRUE(throws_error(Kind::Type, {"bincount"}, {"float64"}, args,
                           [](auto &x) { return legato::bincount(x[1]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"bincount"}, {"(2, 2)"}, args,
                           [](auto &x) { return legato::bincount(x[2]); }));
  // Its length is data: a jit function cannot call it, and says what to do.
  auto f = legato::jit([](const Array &x) { return legato::bincount(x); });
  try {
    f(legato::zeros({3}, legato::i64));
    ADD_FAILURE() << "no exception";
  } catch (const legato::Error &e) {
    std::string message = e.what();
    EXPECT_NE(message.find("legato.bincount"), std::string::npos) << message;
    EXPECT_NE(message.find("add_at"), std::string::npos) << message;
  }
}

TEST(IndexErrors, HistogramsInJitNeedARange) {
  // The edges default to the array's extremes, read on the host.
  auto f = legato::jit([](const Array &x) { return legato::histogram(x, 4).first; });
  try {
    f(f64({6}));
    ADD_FAILURE() << "no exception";
  } catch (const legato::Error &e) {
    std::string message = e.what();
    EXPECT_NE(message.find("legato.histogram"), std::string::npos) << message;
    EXPECT_NE(message.find("pass a range"), std::string::npos) << message;
  }
  // With one, the function traces.
  auto g = legato::jit([](const Array &x) {
    return legato::histogram(x, 4, std::pair{0.0, 1.0}).first;
  });
  EXPECT_EQ(g(f64({6})).to_vector<int64_t>(), (std::vector<int64_t>{6, 0, 0, 0}));
}

TEST(ShapeErrors, InPlaceResultsKeepTheArraysShapeAndKind) {
  std::vector<Array> args{legato::zeros({3, 4}, legato::i64), f64({2, 3, 4}), f64({3, 4})};
  EXPECT_TRUE(throws_error(Kind::Type, {"legato.add (+=)"}, {"float64"}, args, [](auto &x) {
    Array a = x[0].copy();
    a += x[2];
    return a;
  }));
  EXPECT_TRUE(throws_error(Kind::Type, {"legato.divide (/=)"}, {"(3, 4)"}, args, [](auto &x) {
    Array a = x[0].copy();
    a /= 2;
    return a;
  }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"legato.multiply (*=)"}, {"(2, 3, 4)"}, args, [](auto &x) {
    Array a = x[2].copy();
    a *= x[1];
    return a;
  }));
  EXPECT_TRUE(throws_error(Kind::Type, {"legato.subtract (-=)"}, {"float64"}, args, [](auto &x) {
    Array a = x[0].copy();
    a[legato::from_vector<int64_t>({0, 2}, {2})] -= 0.5;
    return a;
  }));
}

TEST(SortErrors, SortsCheckTheirAxis) {
  std::vector<Array> args{f64({3, 4}), f64({})};
  EXPECT_TRUE(throws_error(Kind::Axis, {"legato.sort"}, {"(3, 4)"}, args,
                           [](auto &x) { return legato::sort(x[0], 2); }));
  EXPECT_TRUE(throws_error(Kind::Axis, {"legato.argsort"}, {"(3, 4)"}, args,
                           [](auto &x) { return legato::argsort(x[0], -3); }));
  // NumPy: a 0-d array has no axis -1 to sort along (argsort flattens it).
  EXPECT_TRUE(throws_error(Kind::Axis, {"legato.sort"}, {"()"}, args,
                           [](auto &x) { return legato::sort(x[1]); }));
  EXPECT_TRUE(throws_error(Kind::Axis, {"legato.median"}, {"(3, 4)"}, args,
                           [](auto &x) { return legato::median(x[0], {2}); }));
}

TEST(SortErrors, QuantilesCheckTheirFractions) {
  std::vector<Array> args{f64({3, 4}), booleans({5}), f64({0, 2})};
  EXPECT_TRUE(throws_error(Kind::Plain, {"legato.quantile: the quantile 1.5"}, {"[0, 1]"}, args,
                           [](auto &x) { return legato::quantile(x[0], 1.5); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"legato.percentile: the percentile -2"}, {"[0, 100]"},
                           args, [](auto &x) {
                             return legato::percentile(x[0], {50.0, -2.0});
                           }));
  EXPECT_TRUE(throws_error(Kind::Type, {"legato.quantile: the array is bool"}, {"(5,)"}, args,
                           [](auto &x) { return legato::quantile(x[1], 0.5); }));
  EXPECT_TRUE(throws_error(Kind::Index, {"legato.quantile: the array has no elements"}, {"(0, 2)"},
                           args, [](auto &x) { return legato::quantile(x[2], 0.5, {0}); }));
}

TEST(SortErrors, UniqueReadsItsLength) {
  auto f = legato::jit([](const Array &x) { return legato::unique(x); });
  try {
    f(f64({6}));
    ADD_FAILURE() << "no exception";
  } catch (const legato::Error &e) {
    std::string message = e.what();
    EXPECT_NE(message.find("legato.unique"), std::string::npos) << message;
    EXPECT_NE(message.find("(6,)"), std::string::npos) << message;
    EXPECT_NE(message.find("outside the function"), std::string::npos) << message;
  }
  // Outside jit, the same array has its distinct elements.
  Array x = legato::from_vector<double>({2, 1, 2, 1, 3, 1}, {6});
  EXPECT_EQ(legato::unique(x).to_vector<double>(), (std::vector<double>{1, 2, 3}));
}

TEST(IndexErrors, HistogramEdgesMustNotDecrease) {
  // Checked on the host; a jit function checks after each call.
  std::vector<Array> args{f64({6}), legato::from_vector<double>({0, 2, 1}, {3}), f64({2, 2})};
  EXPECT_TRUE(throws_error(Kind::Plain, {"legato.histogram: the bin edges"}, {"must not decrease"},
                           args, [](auto &x) { return legato::histogram(x[0], x[1]).first; }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"legato.histogram: the bin edges"}, {"(2, 2)"}, args,
                           [](auto &x) { return legato::histogram(x[0], x[2]).first; }));
  auto f = legato::jit(
      [](const Array &x, const Array &edges) { return legato::histogram(x, edges).first; });
  Array x = legato::from_vector<double>({0.5, 1.5, 1.0, 3.0}, {4});
  EXPECT_EQ(f(x, legato::from_vector<double>({0, 1, 2}, {3})).to_vector<int64_t>(),
            (std::vector<int64_t>{1, 2}));
  EXPECT_THROW(f(x, legato::from_vector<double>({0, 2, 1}, {3})), legato::Error);
}

TEST(IndexErrors, MasksMatchTheirArray) {
  std::vector<Array> args{f64({3, 4}), booleans({2}), booleans({3, 4}), f64({})};
  EXPECT_TRUE(throws_error(Kind::Index, {"getitem"}, {"(2,)", "(3, 4)"}, args,
                           [](auto &x) { return x[0][x[1]]; }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"compress"}, {"(3, 4)"}, args,
                           [](auto &x) { return legato::compress(x[2], x[0], 0); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"nonzero"}, {"0-d"}, args,
                           [](auto &x) { return legato::nonzero(x[3]).at(0); }));
}

TEST(IndexErrors, SelectionsByValueAreNotTraced) {
  // A jit function's shapes are fixed when it is traced; a mask's selection
  // has as many elements as the mask has true values.
  auto f = legato::jit([](const Array &a) { return a[a > 0.0]; });
  try {
    f(f64({3, 4}));
    ADD_FAILURE() << "no exception";
  } catch (const legato::Error &e) {
    std::string message = e.what();
    EXPECT_NE(message.find("legato.getitem"), std::string::npos) << message;
    EXPECT_NE(message.find("(3, 4)"), std::string::npos) << message;
    EXPECT_NE(message.find("where("), std::string::npos) << message;
  }
}

TEST(ShapeErrors, TrianglesOfA0dArray) {
  std::vector<Array> scalar{f64({})};
  EXPECT_TRUE(throws_error(Kind::Plain, {"tril"}, {"0-d"}, scalar,
                           [](auto &x) { return legato::tril(x[0]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"triu"}, {"0-d"}, scalar,
                           [](auto &x) { return legato::triu(x[0], 1); }));
}

// ---- NumPy functions composed of primitives: errors name the function -------

TEST(ShapeErrors, StackShapesDiffer) {
  EXPECT_TRUE(throws_error(Kind::Plain, {"stack"}, {"(3, 4)", "(4, 3)"}, {f64({3, 4}), f64({4, 3})},
                           [](auto &x) {
                             return legato::stack({x[0], x[1]});
                           }));
  EXPECT_TRUE(
      throws_error(Kind::Plain, {"stack"}, {}, {}, [](auto &) { return legato::stack({}); }));
}

TEST(ShapeErrors, SqueezeAxisLongerThanOne) {
  EXPECT_TRUE(throws_error(Kind::Plain, {"squeeze"}, {"(1, 3)"}, {f64({1, 3})},
                           [](auto &x) { return legato::squeeze(x[0], {1}); }));
}

TEST(ShapeErrors, TraceOfWrongRank) {
  EXPECT_TRUE(throws_error(Kind::Plain, {"trace"}, {"(3,)"}, {f64({3})},
                           [](auto &x) { return legato::trace(x[0]); }));
}

TEST(ShapeErrors, IscloseOperandsDoNotBroadcast) {
  EXPECT_TRUE(throws_error(Kind::Plain, {"isclose"}, {"(3, 4)", "(3,)"}, {f64({3, 4}), f64({3})},
                           [](auto &x) { return legato::isclose(x[0], x[1]); }));
}

TEST(AxisErrors, FunctionAxisOutOfRange) {
  std::vector<Array> args{f64({3, 4})};
  auto misuse = [&](const char *op, Misuse m, Kind kind = Kind::Axis) {
    EXPECT_TRUE(throws_error(kind, {op}, {"(3, 4)"}, args, std::move(m))) << op;
  };
  misuse("expand_dims", [](auto &x) { return legato::expand_dims(x[0], 3); });
  misuse("expand_dims", [](auto &x) { return legato::expand_dims(x[0], -4); });
  misuse("stack", [](auto &x) { return legato::stack({x[0], x[0]}, 3); });
  misuse("squeeze", [](auto &x) { return legato::squeeze(x[0], {2}); });
  misuse("flip", [](auto &x) { return legato::flip(x[0], 2); });
  misuse("swapaxes", [](auto &x) { return legato::swapaxes(x[0], 0, -3); });
  misuse("moveaxis", [](auto &x) { return legato::moveaxis(x[0], 2, 0); });
  misuse("any", [](auto &x) { return legato::any(x[0], {2}); });
  misuse("all", [](auto &x) { return legato::all(x[0], {-3}); });
  // A repeated axis is NumPy's ValueError ("duplicate value in 'axis'").
  misuse(
      "count_nonzero",
      [](auto &x) {
        return legato::count_nonzero(x[0], {0, 0});
      },
      Kind::Plain);
  misuse("var", [](auto &x) { return legato::var(x[0], {2}); });
  misuse("std", [](auto &x) { return legato::std(x[0], {-3}); });
  misuse("norm", [](auto &x) { return legato::norm(x[0], {5}); });
  misuse("argmax", [](auto &x) { return legato::argmax(x[0], 2); });
  misuse("argmin", [](auto &x) { return legato::argmin(x[0], -3); });
  misuse("ptp", [](auto &x) { return legato::ptp(x[0], {2}); });
  misuse(
      "nansum",
      [](auto &x) {
        return legato::nansum(x[0], {1, 1});
      },
      Kind::Plain);
  misuse("nanprod", [](auto &x) { return legato::nanprod(x[0], {2}); });
  misuse("nanmean", [](auto &x) { return legato::nanmean(x[0], {-3}); });
  misuse("nanmax", [](auto &x) { return legato::nanmax(x[0], {5}); });
  misuse("nanmin", [](auto &x) { return legato::nanmin(x[0], {2}); });
  misuse("diff", [](auto &x) { return legato::diff(x[0], 1, 2); });
  misuse("repeat", [](auto &x) { return legato::repeat(x[0], 2, -3); });
}

TEST(ShapeErrors, ExtremaOfNothing) {
  // NumPy: "attempt to get argmax of an empty sequence", "zero-size array to
  // reduction operation maximum which has no identity".
  std::vector<Array> args{f64({0, 3})};
  auto misuse = [&](const char *op, Misuse m) {
    EXPECT_TRUE(throws_error(Kind::Plain, {op}, {"(0, 3)"}, args, std::move(m))) << op;
  };
  misuse("argmax", [](auto &x) { return legato::argmax(x[0]); });
  misuse("argmin", [](auto &x) { return legato::argmin(x[0], 0); });
  misuse("ptp", [](auto &x) { return legato::ptp(x[0], {0}); });
  misuse("nanmax", [](auto &x) { return legato::nanmax(x[0]); });
  misuse("nanmin", [](auto &x) { return legato::nanmin(x[0], {0}, true); });
}

TEST(ShapeErrors, DiffOfScalarOrNegativeOrder) {
  EXPECT_TRUE(throws_error(Kind::Plain, {"diff"}, {"()"}, {f64({})},
                           [](auto &x) { return legato::diff(x[0]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"diff"}, {"(3, 4)"}, {f64({3, 4})},
                           [](auto &x) { return legato::diff(x[0], -1); }));
}

TEST(ShapeErrors, CovOfMoreThanTwoDimensions) {
  std::vector<Array> args{f64({2, 3, 4})};
  EXPECT_TRUE(throws_error(Kind::Plain, {"cov"}, {"(2, 3, 4)"}, args,
                           [](auto &x) { return legato::cov(x[0]); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"corrcoef"}, {"(2, 3, 4)"}, args,
                           [](auto &x) { return legato::corrcoef(x[0]); }));
}

TEST(ShapeErrors, HypotOperandsDoNotBroadcast) {
  EXPECT_TRUE(throws_error(Kind::Plain, {"hypot"}, {"(3, 4)", "(3,)"}, {f64({3, 4}), f64({3})},
                           [](auto &x) { return legato::hypot(x[0], x[1]); }));
}

TEST(ValueErrors, NegativeRepetitions) {
  // NumPy: "negative dimensions are not allowed" (tile), "negative
  // dimensions are not allowed" or "repeats may not contain negative values".
  std::vector<Array> args{f64({2, 3})};
  EXPECT_TRUE(throws_error(Kind::Plain, {"tile"}, {"(2, 3)"}, args, [](auto &x) {
    return legato::tile(x[0], {2, -1});
  }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"repeat"}, {"(2, 3)"}, args,
                           [](auto &x) { return legato::repeat(x[0], -2, 0); }));
}

TEST(ValueErrors, MeshgridIndexing) {
  // NumPy: "Valid values for `indexing` are 'xy' and 'ij'."
  EXPECT_TRUE(throws_error(Kind::Plain, {"meshgrid"}, {}, {f64({3}), f64({2})}, [](auto &x) {
    return legato::meshgrid({x[0], x[1]}, "yx")[0];
  }));
}

TEST(AxisErrors, NormOverMoreThanTwoAxes) {
  // NumPy: "Improper number of dimensions to norm."
  EXPECT_TRUE(throws_error(Kind::Plain, {"norm"}, {"(2, 3, 4)"}, {f64({2, 3, 4})}, [](auto &x) {
    return legato::norm(x[0], {0, 1, 2});
  }));
}

// ---- indexing ------------------------------------------------------------------

const std::vector<std::string> kIndexOps{"getitem", "index", "subscript", "[]"};
const std::vector<std::string> kAssignOps{"setitem", "assign", "index", "[]"};

TEST(IndexErrors, IntegerIndexOutOfRange) {
  std::vector<Array> args{f64({3, 4})};
  EXPECT_TRUE(throws_error(Kind::Index, kIndexOps, {"(3, 4)"}, args,
                           [](auto &x) -> Array { return x[0][{3}]; }));
  EXPECT_TRUE(throws_error(Kind::Index, kIndexOps, {"(3, 4)"}, args,
                           [](auto &x) -> Array { return x[0][{-4}]; }));
  EXPECT_TRUE(throws_error(Kind::Index, kIndexOps, {"(3, 4)"}, args, [](auto &x) -> Array {
    return x[0][{all, 4}];
  }));
}

TEST(IndexErrors, TooManyIndices) {
  EXPECT_TRUE(throws_error(Kind::Index, kIndexOps, {"(3, 4)"}, {f64({3, 4})}, [](auto &x) -> Array {
    return x[0][{0, 0, 0}];
  }));
  EXPECT_TRUE(throws_error(Kind::Index, kIndexOps, {"()"}, {f64({})},
                           [](auto &x) -> Array { return x[0][{0}]; }));
}

TEST(IndexErrors, SliceStepZero) {
  EXPECT_TRUE(throws_error(Kind::Plain, kIndexOps, {"(3, 4)"}, {f64({3, 4})},
                           [](auto &x) -> Array { return x[0][{slice(0, 2, 0)}]; }));
}

TEST(IndexErrors, SlicesPastTheEndAreClamped) {
  // Not an error in NumPy: a[1:100] is a[1:].
  std::vector<Array> out = legato_test::run(
      [](const std::vector<Array> &x) {
        return std::vector<Array>{x[0][{slice(1, 100)}], x[0][{slice(-100, 2), all}]};
      },
      {f64({3, 4})});
  EXPECT_EQ(out[0].shape(), (legato::Shape{2, 4}));
  EXPECT_EQ(out[1].shape(), (legato::Shape{2, 4}));
}

TEST(IndexErrors, AssignedValueDoesNotBroadcast) {
  EXPECT_TRUE(throws_error(Kind::Plain, kAssignOps, {"(2, 4)", "(3,)"}, {f64({3, 4}), f64({3})},
                           [](auto &x) {
                             Array r = x[0].copy();
                             r[{slice(0, 2)}] = x[1];
                             return r;
                           }));
}

TEST(IndexErrors, AssignmentIndexOutOfRange) {
  EXPECT_TRUE(throws_error(Kind::Index, kAssignOps, {"(3, 4)"}, {f64({3, 4})}, [](auto &x) {
    Array r = x[0].copy();
    r[{5}] = 1.0;
    return r;
  }));
}

// ---- dtypes ------------------------------------------------------------------

TEST(DTypeErrors, SignAndRoundOfBool) {
  // NumPy: no sign of bool, and round of bool fails (its float64 scale
  // cannot cast back to bool).
  EXPECT_TRUE(throws_error(Kind::Type, {"sign"}, {"(3,)"}, {booleans({3})},
                           [](auto &x) { return legato::sign(x[0]); }));
  EXPECT_TRUE(throws_error(Kind::Type, {"round"}, {"(3,)"}, {booleans({3})},
                           [](auto &x) { return legato::round(x[0], 2); }));
}

TEST(DTypeErrors, IntegerScalarsOutOfRange) {
  // NumPy 2 (NEP 50): a Python integer the array's integer dtype cannot
  // hold is an OverflowError naming the value and the dtype.
  Array u8 = legato::zeros({3}, legato::u8), i8 = legato::zeros({3}, legato::i8);
  EXPECT_TRUE(throws_error(Kind::Overflow, {"add"}, {}, {u8},
                           [](auto &x) { return x[0] + 300; }));
  EXPECT_TRUE(throws_error(Kind::Overflow, {"subtract"}, {}, {u8},
                           [](auto &x) { return x[0] - (-1); }));
  EXPECT_TRUE(throws_error(Kind::Overflow, {"multiply"}, {}, {i8},
                           [](auto &x) { return 128 * x[0]; }));
  EXPECT_TRUE(throws_error(Kind::Overflow, {"full"}, {}, {},
                           [](auto &) { return legato::full({2}, 70000, legato::u16); }));
  ::testing::AssertionResult r = throws_error(Kind::Overflow, {"add"}, {}, {u8},
                                              [](auto &x) { return x[0] + 256; });
  EXPECT_TRUE(r);
  EXPECT_TRUE(mentions_any(r.message(), {"256"}) && mentions_any(r.message(), {"uint8"}))
      << r.message();
}

TEST(DTypeErrors, PtpOfBool) {
  // NumPy: the maximum minus the minimum, and bools do not subtract.
  EXPECT_TRUE(throws_error(Kind::Type, {"ptp"}, {"(3,)"}, {booleans({3})},
                           [](auto &x) { return legato::ptp(x[0]); }));
}

TEST(DTypeErrors, BoolNegativeAndSubtract) {
  // NumPy: "The numpy boolean negative, the `-` operator, is not supported".
  std::vector<Array> args{booleans({3}), booleans({3})};
  EXPECT_TRUE(throws_error(Kind::Type, {"negative", "neg", "-"}, {"(3,)"}, args,
                           [](auto &x) { return -x[0]; }));
  EXPECT_TRUE(throws_error(Kind::Type, {"subtract", "sub", "-"}, {"(3,)"}, args,
                           [](auto &x) { return x[0] - x[1]; }));
  EXPECT_TRUE(throws_error(Kind::Type, {"subtract", "sub", "-"}, {"(3,)"}, args,
                           [](auto &x) { return true - x[0]; }));
}

TEST(DTypeErrors, LogicalOperationsAcceptNumbers) {
  // Not an error: NumPy's logical_and/or/not take any dtype (nonzero is true).
  Array a = legato::from_vector(std::vector<double>{0.0, 1.5, -2.0, 0.0}, {4});
  Array b = legato::from_vector(std::vector<int32_t>{3, 0, 1, 0}, {4});
  std::vector<Array> out = legato_test::run(
      [](const std::vector<Array> &x) {
        return std::vector<Array>{legato::logical_and(x[0], x[1]), legato::logical_or(x[0], x[1]),
                                  legato::logical_not(x[0])};
      },
      {a, b});
  for (const Array &r : out)
    EXPECT_EQ(legato::dtype_name(r.dtype()), "bool");
  EXPECT_EQ(legato_test::host_values<bool>(out[0]), (std::vector<bool>{false, false, true, false}));
  EXPECT_EQ(legato_test::host_values<bool>(out[1]), (std::vector<bool>{true, true, true, false}));
  EXPECT_EQ(legato_test::host_values<bool>(out[2]), (std::vector<bool>{true, false, false, true}));
}

// ---- creation and host reads ------------------------------------------------

TEST(CreationErrors, NegativeSizes) {
  EXPECT_TRUE(throws_error(Kind::Plain, {"zeros"}, {"(-1,)"}, {},
                           [](auto &) { return legato::zeros({-1}); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"ones"}, {"(2, -3)"}, {}, [](auto &) {
    return legato::ones({2, -3});
  }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"full"}, {"(-2,)"}, {},
                           [](auto &) { return legato::full({-2}, 1.0); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"random"}, {"(-4,)"}, {},
                           [](auto &) { return legato::random({-4}); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"eye"}, {}, {}, [](auto &) { return legato::eye(-1); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"tri"}, {"(3, -1)"}, {},
                           [](auto &) { return legato::tri(3, -1); }));
  EXPECT_TRUE(throws_error(Kind::Plain, {"linspace"}, {}, {},
                           [](auto &) { return legato::linspace(0, 1, -1); }));
}

TEST(CreationErrors, ArangeStepZero) {
  EXPECT_TRUE(throws_error(Kind::Plain, {"arange"}, {}, {},
                           [](auto &) { return legato::arange(0.0, 1.0, 0.0); }));
}

TEST(CreationErrors, FromVectorSizeMismatch) {
  EXPECT_TRUE(throws_error(
      Kind::Plain, {"from_vector", "from_buffer"}, {"(2, 2)"}, {},
      [](auto &) {
        return legato::from_vector(std::vector<double>{1, 2, 3}, {2, 2});
      },
      /*traced=*/false));
}

TEST(HostErrors, ItemOfArrayWithManyElements) {
  Array a = f64({3, 4});
  EXPECT_TRUE(throws_error(
      Kind::Plain, {"item"}, {"(3, 4)"}, {a},
      [](auto &x) {
        x[0].template item<double>();
        return x[0];
      },
      /*traced=*/false));
  Array e = f64({0});
  EXPECT_TRUE(throws_error(
      Kind::Plain, {"item"}, {"(0,)"}, {e},
      [](auto &x) {
        x[0].template item<double>();
        return x[0];
      },
      /*traced=*/false));
}

// ---- jit ---------------------------------------------------------------------

TEST(JitErrors, WrongNumberOfArguments) {
  auto f = legato::jit([](const Array &x, const Array &y) { return x * y + 1.0; });
  Array a = f64({3}), b = f64({3}), c = f64({3});
  try {
    f(a);
    ADD_FAILURE() << "a 2-argument function called with 1 argument did not throw";
  } catch (const legato::Error &e) {
    EXPECT_TRUE(mentions_any(e.what(), {"jit"})) << e.what();
  }
  try {
    f(a, b, c);
    ADD_FAILURE() << "a 2-argument function called with 3 arguments did not throw";
  } catch (const legato::Error &e) {
    EXPECT_TRUE(mentions_any(e.what(), {"jit"})) << e.what();
  }
  // The right call still works afterwards.
  EXPECT_EQ(f(a, b).shape(), (legato::Shape{3}));
}

TEST(JitErrors, SignatureTheFunctionRejects) {
  // Traced once per signature: shapes the body cannot take throw while
  // tracing, the failure is not cached, and good signatures still work.
  auto f = legato::jit([](const Array &x, const Array &y) { return legato::matmul(x, y); });
  auto bad = [&] {
    try {
      f(f64({3, 4}), f64({3, 4}));
      return ::testing::AssertionFailure() << "matmul (3, 4) @ (3, 4) did not throw";
    } catch (const legato::Error &e) {
      if (!mentions_any(e.what(), {"matmul"}) || !mentions_any(e.what(), {"(3, 4)"}))
        return ::testing::AssertionFailure() << "message lacks op or shape: " << e.what();
      return ::testing::AssertionSuccess();
    }
  };
  EXPECT_TRUE(bad());
  EXPECT_EQ(f(f64({3, 4}), f64({4, 2})).shape(), (legato::Shape{3, 2}));
  EXPECT_TRUE(bad());
  // A different dtype is a different signature.
  EXPECT_TRUE(throws_error(
      Kind::Plain, {"matmul"}, {"(2, 2)", "(3, 3)"},
      {legato::ones({2, 2}, legato::f32), legato::ones({3, 3}, legato::f32)},
      [&f](auto &x) { return f(x[0], x[1]); }, /*traced=*/false));
}

TEST(JitErrors, HostReadInsideTrace) {
  // A traced function sees no values; reading one is an error, not a crash.
  auto f = legato::jit([](const Array &x) {
    double v = legato::sum(x).item<double>();
    return x * v;
  });
  EXPECT_THROW(f(f64({3})), legato::Error);
}

// ---- the kind of each error --------------------------------------------------
// A Python binding raises NumPy's exception for each kind: IndexError,
// numpy.AxisError, TypeError, and ValueError for a plain legato::Error.

/// The kind of legato::Error that `f` throws; std::nullopt (and a test
/// failure for anything else thrown) when it throws none.
std::optional<Kind> thrown_kind(const std::function<void()> &f) {
  try {
    f();
  } catch (const legato::Error &e) {
    return kind_of(e);
  } catch (const std::exception &e) {
    ADD_FAILURE() << "threw a non-legato::Error: " << e.what();
  }
  return std::nullopt;
}

TEST(ErrorKinds, SubscriptsOutOfBoundsAreIndexErrors) {
  Array a = f64({3, 4});
  EXPECT_THROW((void)Array(a[{3}]), legato::IndexError);
  EXPECT_THROW((void)Array(a[{all, -5}]), legato::IndexError);
  EXPECT_THROW((void)Array(a[{0, 0, 0}]), legato::IndexError); // too many indices
  EXPECT_THROW((void)Array(f64({})[{0}]), legato::IndexError);
  // Index arrays: out of bounds, of floats, a mask of another length, into a 0-d array.
  EXPECT_THROW((void)Array(a[legato::from_vector<int64_t>({0, 3}, {2})]), legato::IndexError);
  EXPECT_THROW((void)Array(a[legato::from_vector<double>({0.0}, {1})]), legato::IndexError);
  EXPECT_THROW((void)Array(a[booleans({2})]), legato::IndexError);
  EXPECT_THROW((void)Array(f64({})[legato::zeros({1}, legato::i64)]), legato::IndexError);
  // Writes.
  EXPECT_THROW(a[{5}] = 1.0, legato::IndexError);
  EXPECT_THROW(a[legato::from_vector<int64_t>({-4}, {1})] = 1.0, legato::IndexError);
  EXPECT_THROW(a[legato::from_vector<double>({1.0}, {1})] = 1.0, legato::IndexError);
  EXPECT_THROW(a[booleans({3, 5})] = 1.0, legato::IndexError);
  // NumPy's ValueError: a zero step, values that do not broadcast.
  EXPECT_EQ(thrown_kind([&] { Array r = a[{slice(0, 2, 0)}]; }), Kind::Plain);
  EXPECT_EQ(thrown_kind([&] { a[{slice(0, 2)}] = f64({3}); }), Kind::Plain);
}

TEST(ErrorKinds, TakeOutOfRangeIsAnIndexErrorAtTheCallAndAfterAJitCall) {
  Array a = legato::from_vector<double>({1, 2, 3}, {3});
  Array bad = legato::from_vector<int64_t>({0, 5}, {2});
  Array good = legato::from_vector<int64_t>({2, -1}, {2});
  // Eager and lazy: checked on the host at the call.
  EXPECT_THROW(legato::take(a, bad), legato::IndexError);
  EXPECT_THROW(legato::take(a, bad, 0, legato::IndexMode::raise), legato::IndexError);
  EXPECT_THROW(legato::take(a, int64_t(-4)), legato::IndexError);
  EXPECT_THROW(legato::take(f64({0}), good), legato::IndexError); // an empty axis
  EXPECT_THROW(legato::take_along_axis(a, bad, 0), legato::IndexError);
  EXPECT_THROW(legato::put(a.copy(), bad, a[{slice(0, 2)}]), legato::IndexError);
  EXPECT_THROW(legato::add_at(a.copy(), bad, 1.0 + f64({2})), legato::IndexError);
  EXPECT_NO_THROW(legato::take(a, bad, 0, legato::IndexMode::clip));
  // jit: the traced function computes the indices' extremes, and each call
  // checks them after it runs.
  auto f = legato::jit([](const Array &x, const Array &i) { return legato::take(x, i); });
  EXPECT_THROW(f(a, bad), legato::IndexError);
  EXPECT_EQ(f(a, good).to_vector<double>(), (std::vector<double>{3, 3}));
  EXPECT_THROW(f(a, bad), legato::IndexError); // (the cached trace checks too)
  auto g = legato::jit([](const Array &x, const Array &i) {
    Array r = x.copy();
    r[i] = 0.0;
    return r;
  });
  EXPECT_THROW(g(a, bad), legato::IndexError);
  EXPECT_EQ(g(a, good).to_vector<double>(), (std::vector<double>{1, 2, 0}));
}

TEST(ErrorKinds, FloatIndicesAreTypeErrorsForTakeAndIndexErrorsForSubscripts) {
  // NumPy: np.take and np.put cast their argument ("Cannot cast array data",
  // TypeError); a subscript, take_along_axis and add.at refuse it as an
  // index (IndexError).
  Array a = f64({3}), i = legato::from_vector<double>({1.0}, {1});
  EXPECT_THROW(legato::take(a, i), legato::TypeError);
  EXPECT_THROW(legato::put(a, i, a), legato::TypeError);
  EXPECT_THROW(legato::take_along_axis(a, i, 0), legato::IndexError);
  EXPECT_THROW(legato::take_along_axis(a, i, std::nullopt), legato::IndexError);
  EXPECT_THROW(legato::put_along_axis(a, i, a, 0), legato::IndexError);
  EXPECT_THROW(legato::add_at(a, i, a), legato::IndexError);
  EXPECT_THROW((void)Array(a[i]), legato::IndexError);
}

TEST(ErrorKinds, AxesOutOfRangeAreAxisErrors) {
  Array a = f64({3, 4});
  EXPECT_THROW(legato::sum(a, {2}), legato::AxisError);
  EXPECT_THROW(legato::mean(a, {-3}), legato::AxisError);
  EXPECT_THROW(legato::argmax(a, 2), legato::AxisError);
  EXPECT_THROW(legato::cumsum(a, -3), legato::AxisError);
  EXPECT_THROW(legato::concatenate({a, a}, 2), legato::AxisError);
  EXPECT_THROW(legato::expand_dims(a, 3), legato::AxisError);
  EXPECT_THROW(legato::roll(a, 1, 2), legato::AxisError);
  EXPECT_THROW(legato::sort(a, 2), legato::AxisError);
  EXPECT_THROW(legato::transpose(a, {0, 2}), legato::AxisError);
  EXPECT_THROW(legato::take(a, legato::zeros({1}, legato::i64), 2), legato::AxisError);
  EXPECT_THROW(legato::gradient(a, 1.0, 2), legato::AxisError);
  // While tracing, too.
  auto f = legato::jit([](const Array &x) { return legato::sum(x, {2}); });
  EXPECT_THROW(f(a), legato::AxisError);
  // A repeated axis or a permutation of another length: NumPy's ValueError.
  EXPECT_EQ(thrown_kind([&] { legato::sum(a, {0, -2}); }), Kind::Plain);
  EXPECT_EQ(thrown_kind([&] { legato::transpose(a, {0, 0}); }), Kind::Plain);
  EXPECT_EQ(thrown_kind([&] { legato::transpose(a, {0}); }), Kind::Plain);
}

TEST(ErrorKinds, RefusedOperandsAreTypeErrors) {
  Array b = booleans({3});
  EXPECT_THROW(-b, legato::TypeError);
  EXPECT_THROW(b - b, legato::TypeError);
  EXPECT_THROW(legato::sign(b), legato::TypeError);
  EXPECT_THROW(legato::quantile(b, 0.5), legato::TypeError);
  EXPECT_THROW(legato::gradient(b, 1.0, 0), legato::TypeError);
  EXPECT_THROW(legato::bincount(f64({3})), legato::TypeError);
  // In-place results that NumPy's same_kind rule does not cast back
  // (UFuncTypeError): float into int, int into bool. The array is unchanged.
  Array i = legato::zeros({3}, legato::i64);
  EXPECT_THROW(i += 1.5, legato::TypeError);
  EXPECT_THROW(i -= f64({3}), legato::TypeError);
  EXPECT_THROW(i[{slice(0, 2)}] *= 0.5, legato::TypeError);
  EXPECT_THROW(b += 1, legato::TypeError);
  EXPECT_EQ(i.to_vector<int64_t>(), (std::vector<int64_t>{0, 0, 0}));
  // np.add.at casts its values unsafely (ufunc.at): 1.7 adds 1 each time.
  legato::add_at(i, legato::zeros({2}, legato::i64), legato::full({2}, 1.7));
  EXPECT_EQ(i.to_vector<int64_t>(), (std::vector<int64_t>{2, 0, 0}));
  // What NumPy casts is no error.
  Array x = f64({3});
  EXPECT_NO_THROW(x += i);
  EXPECT_NO_THROW(i += 2);
}

TEST(ErrorKinds, ShapeMismatchesStayPlainErrors) {
  // NumPy's ValueError: a legato::Error of none of the subclasses.
  Array a = f64({2, 3});
  std::vector<std::pair<std::string, std::function<void()>>> misuses{
      {"broadcast", [&] { a + f64({4}); }},
      {"reshape", [&] { a.reshape({4}); }},
      {"broadcast_to",
       [&] {
         legato::broadcast_to(a, {3, 3});
       }},
      {"matmul", [&] { legato::matmul(a, a); }},
      {"concatenate",
       [&] {
         legato::concatenate({a, f64({3, 2})}, 0);
       }},
      {"stack",
       [&] {
         legato::stack({a, f64({3, 2})});
       }},
      {"in-place shape",
       [&] {
         Array c = f64({3});
         c += a;
       }},
      {"where", [&] { legato::where(booleans({4}), a, 0.0); }},
      {"item", [&] { a.item<double>(); }},
      {"zero-size max", [&] { legato::max(f64({0})); }},
      {"negative size", [&] { legato::zeros({-1}); }},
  };
  for (const auto &[what, misuse] : misuses)
    EXPECT_EQ(thrown_kind(misuse), Kind::Plain) << what;
}

TEST(ErrorKinds, EveryKindIsCaughtAsALegatoError) {
  static_assert(std::is_base_of_v<legato::Error, legato::IndexError>);
  static_assert(std::is_base_of_v<legato::Error, legato::AxisError>);
  static_assert(std::is_base_of_v<legato::Error, legato::TypeError>);
  static_assert(std::is_base_of_v<std::runtime_error, legato::Error>);
  Array a = f64({3, 4});
  std::vector<std::pair<Kind, std::function<void()>>> misuses{
      {Kind::Index, [&] { Array r = a[{7}]; }},
      {Kind::Axis, [&] { legato::sum(a, {5}); }},
      {Kind::Type, [&] { -booleans({2}); }},
      {Kind::Plain, [&] { a + f64({5}); }},
  };
  for (const auto &[kind, misuse] : misuses) {
    bool caught = false;
    try {
      misuse();
    } catch (const legato::Error &e) {
      caught = true;
      EXPECT_EQ(kind_of(e), kind) << e.what();
      EXPECT_NE(std::string(e.what()).find("legato"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(caught) << kind_name(kind);
    EXPECT_THROW(misuse(), std::runtime_error) << kind_name(kind);
  }
}

// ---- the runtime survives errors ---------------------------------------------

TEST(Recovery, PendingWorkSurvivesAnError) {
  // In lazy mode `p` is still pending when the bad call throws.
  Array a = legato::from_vector(std::vector<double>{1, 2, 3}, {3});
  Array p = a * 2.0 + 1.0;
  EXPECT_THROW(legato::reshape(p, {2}), legato::Error);
  EXPECT_THROW(legato::matmul(p, f64({4, 4})), legato::Error);
  EXPECT_EQ(p.to_vector<double>(), (std::vector<double>{3, 5, 7}));
}

TEST(Recovery, SecondRuntimeIsRefused) {
  try {
    legato::Runtime second;
    ADD_FAILURE() << "a second legato::Runtime was created";
  } catch (const legato::Error &e) {
    EXPECT_TRUE(mentions_any(e.what(), {"Runtime"})) << e.what();
  }
  // The first one is untouched.
  Array a = legato::from_vector(std::vector<int64_t>{4, 5}, {2});
  EXPECT_EQ(legato::sum(a).item<int64_t>(), 9);
}

} // namespace

//===- lifetime_test.cpp - the Runtime's lifetime and memory exhaustion ---===//
//
// Each test makes its own Runtime (one may exist at a time): what happens to
// arrays that outlive it, what a view or a selection reads after writes,
// and what an allocation larger than memory gives.
// Runs in eager and lazy mode (LEGATO_MODE), like the other API tests.
//
//===----------------------------------------------------------------------===//
#include <legato/legato.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using legato::Array;

bool mentions(const std::string &message, const std::string &word) {
  return message.find(word) != std::string::npos;
}

TEST(Lifetime, ArraysOutliveTheRuntimeButNewWorkIsRefused) {
  std::vector<Array> held; // (an Array is made with a Runtime)
  {
    legato::Runtime rt;
    held.push_back(legato::from_vector(std::vector<double>{1, 2, 3}, {3}));
    held.push_back(held[0] * 2.0); // still pending in lazy mode when rt goes
  }
  Array &kept = held[0], &pending = held[1];
  // Values held when the Runtime ended stay readable...
  EXPECT_EQ(pending.to_vector<double>(), (std::vector<double>{2, 4, 6}));
  // ...but computing needs a Runtime.
  try {
    Array more = kept + 1.0;
    ADD_FAILURE() << "an op ran without a Runtime";
  } catch (const legato::Error &e) {
    EXPECT_TRUE(mentions(e.what(), "Runtime")) << e.what();
  }
  EXPECT_THROW(legato::zeros({2}), legato::Error);
  // A new Runtime works, and old arrays can join its programs.
  legato::Runtime again;
  EXPECT_EQ((kept + 1.0).to_vector<double>(), (std::vector<double>{2, 3, 4}));
}

// A reference to an array's shape lasts as long as the array: a view's
// value is sliced anew after a write to its base, and the shape once lived
// in the value it replaced (eager mode then read freed memory here; the
// fuzz reproducer view-shape-after-a-write-to-its-base.fuzz).
TEST(Lifetime, AViewsShapeOutlivesAWriteToItsBase) {
  legato::Runtime rt;
  Array x = legato::from_vector(std::vector<double>{1, 2, 3, 4}, {2, 2});
  Array v = x[{legato::slice(0, 1), legato::all}];
  const legato::Shape &shape = v.shape();
  x[{legato::slice(legato::none, legato::none, -1)}] = v; // both rows become row 0
  EXPECT_EQ(v.to_vector<double>(), (std::vector<double>{1, 2}));
  EXPECT_EQ(shape, (legato::Shape{1, 2}));
  EXPECT_EQ(x.to_vector<double>(), (std::vector<double>{1, 2, 1, 2}));
}

TEST(Lifetime, ASelectionReadsTheValueItWasIndexedFrom) {
  legato::Runtime rt;
  Array a = legato::from_vector(std::vector<double>{0, 1, 2, 3, 4}, {5});
  Array i = legato::from_vector(std::vector<int64_t>{1, 3}, {2});
  auto s = a[i];
  a[{1}] = 10.0; // after indexing: NumPy's a[i] was a copy already
  EXPECT_EQ(s.to_vector<double>(), (std::vector<double>{1, 3}));
  s = 7.0; // assigned through, it writes into a
  EXPECT_EQ(a.to_vector<double>(), (std::vector<double>{0, 7, 2, 7, 4}));
  // Indexing a selection indexes the copy: a[i][0] = 9 leaves a alone.
  a[i][{0}] = 9.0;
  EXPECT_EQ(a.to_vector<double>(), (std::vector<double>{0, 7, 2, 7, 4}));
  EXPECT_EQ(a[i][{1}].item<double>(), 7.0);
  EXPECT_EQ(a[i][i - i].to_vector<double>(), (std::vector<double>{7, 7}));
}

TEST(Memory, AnAllocationLargerThanMemoryIsAnError) {
  legato::Runtime rt;
  const int64_t elements = int64_t(1) << 47; // 1 PiB of f64
  try {
    Array huge = legato::zeros({elements}, legato::f64);
    legato::flush(); // (lazy mode allocates here)
    ADD_FAILURE() << "a 1 PiB array was allocated";
  } catch (const legato::Error &e) {
    EXPECT_TRUE(mentions(e.what(), std::to_string(elements * 8))) << e.what();
    EXPECT_TRUE(mentions(e.what(), "memory")) << e.what();
  }
  // The Runtime carries on.
  Array small = legato::ones({4});
  EXPECT_EQ(legato::sum(small).item<double>(), 4.0);
}

} // namespace

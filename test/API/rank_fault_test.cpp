//===- rank_fault_test.cpp - a failure on one rank is an error on all ------===//
//
// Run alone and under mpirun at 2-3 ranks (CMakeLists.txt). The last rank
// gets a memory limit that its second block passes, so it fails inside a
// program whose next step, on the other ranks, is a collective (a halo
// exchange, then an all-reduce), or while an array is copied from the host. Every rank must throw the same
// legato::Error naming that rank and the limit — not wait forever in the
// collective — and the ranks must stay in step: a program run afterwards
// gives its exact value everywhere.
//
//===----------------------------------------------------------------------===//
#include <legato/legato.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using legato::Array;
using legato::none;
using legato::slice;

namespace {

int envInt(const char *name, int otherwise) {
  const char *v = std::getenv(name);
  return v ? std::atoi(v) : otherwise;
}
// Known before the Runtime exists, so the limit can depend on the rank.
const int kRank = envInt("OMPI_COMM_WORLD_RANK", 0);
const int kRanks = envInt("OMPI_COMM_WORLD_SIZE", 1);

constexpr int64_t kRows = 512, kCols = 256;
// The largest block of a kRows x kCols f64 array; the last rank may hold one
// and a half.
const int64_t kBlock = (kRows + kRanks - 1) / kRanks * kCols * 8;
const int64_t kLimit = kBlock * 3 / 2;

/// Expects the error of the last rank passing its limit.
void expectLimitError(const std::string &message) {
  EXPECT_NE(message.find("memory limit"), std::string::npos) << message;
  EXPECT_NE(message.find(std::to_string(kLimit)), std::string::npos) << message;
  if (kRanks > 1)
    EXPECT_EQ(message.rfind("rank " + std::to_string(kRanks - 1) + ": ", 0), 0u) << message;
}

std::unique_ptr<legato::Runtime> &runtime() {
  static std::unique_ptr<legato::Runtime> rt;
  return rt;
}

TEST(RankFault, AFailureOnOneRankIsTheSameErrorOnEveryRank) {
  std::string message;
  try {
    Array a = legato::ones({kRows, kCols}); // one block per rank: fits
    Array b = a * 2.0 + 1.0;                // a second block: not on the last rank
    Array halo = b[{slice(1, none)}] - b[{slice(none, -1)}];
    double total = legato::sum(halo).item<double>();
    ADD_FAILURE() << "no error; the sum was " << total;
  } catch (const legato::Error &e) {
    message = e.what();
  }
  expectLimitError(message);

  // Still in step: every rank runs the next programs, collectives included.
  Array small = legato::ones({64, 8});
  EXPECT_EQ(legato::sum(small[{slice(1, none)}] + small[{slice(none, -1)}]).item<double>(),
            2.0 * 63 * 8);
}

TEST(RankFault, AnIntermediateOverTheLimitIsAnError) {
  // A padded grid that no live array holds when the window runs (C++ keeps
  // temporaries alive to the end of a statement, hence the block): in a lazy
  // window on one rank it is a temporary of the program, checked before the
  // kernel runs, which could not report it; in eager mode each op's result
  // is an array. With x it is more than the last rank's limit either way.
  std::string message;
  try {
    Array x = legato::random({kRows, kCols}, legato::f64, 7);
    Array total;
    {
      Array padded = legato::pad(x * 2.0, {{1, 1}, {1, 1}});
      total = legato::sum(padded[{slice(1, none), slice(1, none)}] *
                          padded[{slice(none, -1), slice(none, -1)}]);
    }
    ADD_FAILURE() << "no error; the sum was " << total.item<double>();
  } catch (const legato::Error &e) {
    message = e.what();
  }
  expectLimitError(message);
  const char *mode = std::getenv("LEGATO_MODE");
  if (kRanks == 1 && (!mode || std::string(mode) == "lazy")) // lazy is the default
    EXPECT_NE(message.find("temporar"), std::string::npos) << message; // not an array
  EXPECT_EQ(legato::sum(legato::ones({16})).item<double>(), 16.0);
}

TEST(RankFault, AnArrayFromTheHostOverTheLimitIsAnError) {
  // Only the last rank's block of a (2 kRows, kCols) array is over its
  // limit; the copy from the host is no program, so the ranks agree there.
  std::vector<double> values(size_t(2 * kRows * kCols), 0.5);
  std::string message;
  try {
    Array a = legato::from_vector(values, {2 * kRows, kCols});
    ADD_FAILURE() << "no error; the sum was " << legato::sum(a).item<double>();
  } catch (const legato::Error &e) {
    message = e.what();
  }
  expectLimitError(message);
  Array small = legato::from_vector(std::vector<double>(64 * 8, 0.5), {64, 8});
  EXPECT_EQ(legato::sum(small).item<double>(), 0.5 * 64 * 8);
}

} // namespace

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  legato::Options options;
  if (kRank == kRanks - 1)
    options.memory_limit = kLimit;
  runtime() = std::make_unique<legato::Runtime>(options);
  int status = RUN_ALL_TESTS();
  runtime().reset();
  return status;
}

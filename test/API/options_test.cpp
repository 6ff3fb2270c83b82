//===- options_test.cpp - Runtime options that cannot work are errors -----===//
//
// Each test constructs its own Runtime (one at a time), so these run alone,
// not under mpirun: one process is rank 0 of 1.
//
//===----------------------------------------------------------------------===//
#include <legato/legato.h>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

namespace {

TEST(Options, MeshRowsMustDivideTheRanks) {
  for (int rows : {2, -1}) {
    legato::Options options;
    options.mesh_rows = rows;
    try {
      legato::Runtime rt(options);
      ADD_FAILURE() << "mesh_rows " << rows << " accepted on 1 rank";
    } catch (const legato::Error &e) {
      std::string what = e.what();
      EXPECT_NE(what.find("mesh_rows"), std::string::npos) << what;
      EXPECT_NE(what.find("divisor"), std::string::npos) << what;
    }
  }
  // The Runtime that failed left nothing behind: a valid one starts.
  legato::Options options;
  options.mesh_rows = 1;
  legato::Runtime rt(options);
  legato::Array a = legato::shard(legato::ones({4, 3}), 0, 1);
  EXPECT_EQ(legato::sum(a).item<double>(), 12.0);
}

/// The threads of this process, from /proc.
int processThreads() {
  int threads = 0;
  for (const auto &task : std::filesystem::directory_iterator("/proc/self/task")) {
    (void)task;
    ++threads;
  }
  return threads;
}

TEST(Options, OneThreadCompilesOnTheCallingThread) {
  // The ranks of a node share its cores: the compiler's threads (MLIR's
  // passes over sibling functions, code generation) are Options::threads,
  // not one per core in every rank.
  legato::Options options;
  options.backend = legato::Backend::cpu;
  options.threads = 1;
  legato::Runtime rt(options);
  int before = processThreads();
  legato::Array a = legato::random({64, 64}, legato::f64, 1);
  EXPECT_GT(legato::sum(a).item<double>(), 0.0); // (a program compiled and run)
  auto step = legato::jit([](const legato::Array &u) {
    legato::Array v = u;
    for (int i = 0; i < 4; ++i) {
      legato::Array inner = v[{legato::slice(1, -1), legato::slice(1, -1)}];
      legato::Array next = v.copy();
      next[{legato::slice(1, -1), legato::slice(1, -1)}] =
          0.25 * (v[{legato::slice(0, -2), legato::slice(1, -1)}] +
                  v[{legato::slice(2, legato::none), legato::slice(1, -1)}] +
                  v[{legato::slice(1, -1), legato::slice(0, -2)}] +
                  v[{legato::slice(1, -1), legato::slice(2, legato::none)}]) -
          0.01 * legato::sum(inner * inner);
      v = next;
    }
    return v;
  });
  EXPECT_TRUE(std::isfinite(legato::sum(step(a)).item<double>()));
  EXPECT_EQ(processThreads(), before) << "compiling started threads with Options::threads = 1";
}

} // namespace

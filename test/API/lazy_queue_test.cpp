//===- lazy_queue_test.cpp - lazy windows wait while their programs compile -===//
//
// In lazy mode with compiler threads, a window whose program is new waits
// in a queue while it compiles and later windows are recorded (and start
// compiling) meanwhile (lib/API/LazyQueue.cpp). These tests make windows of
// many structures (a short window limit) and check values against the same
// steps computed on the host, the reads in between, and a window that fails
// to run. Each test constructs its own Runtime, on the backend of
// LEGATO_BACKEND (test/gpu/run.sh runs them on the GPU).
//
//===----------------------------------------------------------------------===//
#include <legato/legato.h>

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

using legato::Array;

legato::Options queueing() {
  legato::Options options;
  options.mode = legato::Mode::lazy;
  options.threads = 2; // compiler threads, so the queue, even on one core
  options.window_limit = 5; // many short windows
  return options;
}

constexpr int64_t kSize = 1000;
constexpr int kSteps = 24;

/// Step `i` of a chain whose steps differ in structure (so each window
/// compiles a program of its own) on legato arrays and on host values.
Array step(const Array &x, int i) {
  switch (i % 4) {
  case 0: return x * 1.5 + 1.0;
  case 1: return legato::sqrt(x) + 2.0;
  case 2: return x / 3.0 - 0.25 + legato::sum(x) / double(kSize * 1000);
  default: return legato::exp(-x) + x;
  }
}
std::vector<double> step(const std::vector<double> &x, int i) {
  std::vector<double> y(x.size());
  double total = 0;
  for (double v : x)
    total += v;
  for (size_t k = 0; k < x.size(); ++k)
    switch (i % 4) {
    case 0: y[k] = x[k] * 1.5 + 1.0; break;
    case 1: y[k] = std::sqrt(x[k]) + 2.0; break;
    case 2: y[k] = x[k] / 3.0 - 0.25 + total / double(kSize * 1000); break;
    default: y[k] = std::exp(-x[k]) + x[k]; break;
    }
  return y;
}

void expectNear(const std::vector<double> &got, const std::vector<double> &want,
                const std::string &what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t k = 0; k < got.size(); ++k)
    ASSERT_NEAR(got[k], want[k], 1e-12 * std::abs(want[k])) << what << ", element " << k;
}

/// Runs the chain from `start`, every step's value held until the end (the
/// windows' outputs are read by later windows while they may still wait for
/// their programs), and checks each against the host's.
void checkChain(const std::vector<double> &start) {
  Array x = legato::from_vector(start, {kSize});
  std::vector<double> host = start;
  std::vector<Array> held;
  std::vector<std::vector<double>> expected;
  for (int i = 0; i < kSteps; ++i) {
    x = step(x, i);
    host = step(host, i);
    held.push_back(x);
    expected.push_back(host);
    if (i == kSteps / 2) // a read in the middle runs the queued windows first
      expectNear(x.to_vector<double>(), host, "the read in the middle");
  }
  for (int i = kSteps - 1; i >= 0; --i)
    expectNear(held[size_t(i)].to_vector<double>(), expected[size_t(i)],
               "step " + std::to_string(i));
}

TEST(LazyQueue, LaterWindowsReadTheValuesOfQueuedOnes) {
  legato::Runtime rt(queueing());
  std::vector<double> start(kSize);
  for (int64_t k = 0; k < kSize; ++k)
    start[size_t(k)] = 0.5 + double(k) / kSize;
  checkChain(start);
  EXPECT_GE(legato::stats().compiles, 4); // (the steps' four structures at least)
  // Again: the same windows, every program compiled by now.
  legato::reset_stats();
  checkChain(start);
  EXPECT_EQ(legato::stats().compiles, 0);
}

TEST(LazyQueue, AWindowThatFailsToRunIsAnErrorAndTheRuntimeCarriesOn) {
  legato::Options options = queueing();
  options.memory_limit = int64_t(1) << 20; // 1 MiB
  legato::Runtime rt(options);
  Array small = legato::ones({kSize});
  Array before = small * 2.0 + 1.0;
  // More than the limit, beside windows that fit. The error comes where its
  // window runs: at an op that cuts a later window, or at the flush.
  std::string message;
  try {
    Array big = legato::ones({int64_t(1) << 18}) * 3.0; // 2 MiB of f64
    Array after = legato::sqrt(small * 16.0);
    legato::flush();
  } catch (const legato::Error &e) {
    message = e.what();
  }
  EXPECT_NE(message.find("memory"), std::string::npos) << message;
  // Values held from before it are computed when read; new work runs.
  EXPECT_EQ(legato::sum(before).item<double>(), 3.0 * kSize);
  EXPECT_EQ(legato::sum(legato::sqrt(small * 16.0)).item<double>(), 4.0 * kSize);
}

} // namespace

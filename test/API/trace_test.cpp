//===- trace_test.cpp - Options::trace writes a Chrome trace --------------===//
//
// A Runtime with Options::trace runs a lazy window and a jit function, then
// ends; the file must be JSON in the Chrome trace format (checked by
// Python's json module) with the phases that ran: a jit trace, compiles,
// programs and runs, each a complete event with a duration. A trace path
// that cannot be written is reported at shutdown, not thrown.
//
//===----------------------------------------------------------------------===//
#include <legato/legato.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace {

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

int count(const std::string &text, const std::string &what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

TEST(Trace, WritesChromeTraceEventsOfEachPhase) {
  std::string path = testing::TempDir() + "legato_trace_test.json";
  std::remove(path.c_str());
  {
    legato::Options options;
    options.trace = path;
    options.mode = legato::Mode::lazy;
    legato::Runtime rt(options);
    legato::Array a = legato::random({64, 64}, legato::f64, 1);
    EXPECT_GT(legato::sum(a * 2.0).item<double>(), 0.0); // a window: compile, run
    auto f = legato::jit([](const legato::Array &x) { return legato::exp(x) + 1.0; });
    EXPECT_EQ(f(a).shape(), (legato::Shape{64, 64}));
    EXPECT_EQ(f(a).shape(), (legato::Shape{64, 64})); // traced and compiled once
  }
  std::string text = readFile(path);
  ASSERT_FALSE(text.empty()) << "no trace at " << path;
  EXPECT_EQ(count(text, "\"name\": \"jit trace\""), 1) << text;
  EXPECT_GE(count(text, "\"name\": \"compile\""), 2) << text;
  EXPECT_GE(count(text, "\"name\": \"run\""), 3) << text;
  EXPECT_GE(count(text, "\"name\": \"program\""), 1) << text;
  // Valid JSON, every event complete with a non-negative duration, and the
  // runs nested in time within the whole.
  std::string check =
      "/usr/bin/python3 -c \"import json, sys; d = json.load(open(sys.argv[1])); "
      "ev = [e for e in d['traceEvents'] if e['ph'] == 'X']; "
      "assert ev and all(e['dur'] >= 0 and e['ts'] >= 0 for e in ev), ev; "
      "assert all(e['pid'] == 0 for e in d['traceEvents'])\" " +
      path;
  EXPECT_EQ(std::system(check.c_str()), 0) << text;
  std::remove(path.c_str());
}

TEST(Trace, UnwritablePathIsReportedAtShutdown) {
  legato::Options options;
  options.trace = "/nonexistent-directory/legato-trace.json";
  testing::internal::CaptureStderr();
  {
    legato::Runtime rt(options);
    EXPECT_EQ(legato::sum(legato::ones({8})).item<double>(), 8.0);
  }
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("cannot write the trace"), std::string::npos) << err;
  EXPECT_NE(err.find("/nonexistent-directory/legato-trace.json"), std::string::npos) << err;
}

TEST(Trace, EachRankWritesItsOwnFile) {
  // Alone and under mpirun (api.trace.np2): rank r of N > 1 writes
  // name.rank<r>.json, with its rank as the events' pid, and its collectives.
  legato::Options options;
  std::string path = testing::TempDir() + "legato_trace_ranks.json";
  options.trace = path;
  int rank = 0, ranks = 1;
  {
    legato::Runtime rt(options);
    rank = rt.rank();
    ranks = rt.size();
    legato::Array a = legato::random({64, 8}, legato::f64, 2);
    EXPECT_GT(legato::sum(a).item<double>(), 0.0);
    // A split array's read gathers it (a replicated value's read is local).
    EXPECT_EQ((a * 2.0).to_vector<double>().size(), 64u * 8u);
  }
  std::string mine = ranks == 1 ? path
                                : testing::TempDir() + "legato_trace_ranks.rank" +
                                      std::to_string(rank) + ".json";
  std::string text = readFile(mine);
  ASSERT_FALSE(text.empty()) << "rank " << rank << " of " << ranks << ": no " << mine;
  EXPECT_NE(text.find("\"pid\": " + std::to_string(rank) + ","), std::string::npos) << text;
  if (ranks > 1)
    EXPECT_NE(text.find("\"cat\": \"collective\""), std::string::npos) << text;
  std::remove(mine.c_str());
}

} // namespace

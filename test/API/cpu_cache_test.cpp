//===- cpu_cache_test.cpp - CPU object code in the compile cache ----------===//
//
// The CPU backend keeps the objects it compiles in LEGATO_CACHE_DIR and
// loads them in later processes (docs/RELIABILITY.md, "Compile cache"). Each
// test runs this binary again as a child (the disabled test at the bottom)
// that computes a fixed set of programs and writes the results' bits to a
// file. A miss always stores its entry (a new file renamed over the old), so
// "no entry file was replaced" after a run is what says every program of
// that run was loaded from the cache.
//
//===----------------------------------------------------------------------===//
#include <legato/legato.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <regex>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace {

namespace fs = std::filesystem;
using legato::Array;

constexpr const char *kOutputVariable = "LEGATO_CPU_CACHE_TEST_OUTPUT";

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

/// One entry file: its identity (a replaced file is a new inode) and bytes.
struct EntryFile {
  ino_t inode = 0;
  std::string bytes;
};

std::map<std::string, EntryFile> entries(const std::string &dir) {
  std::map<std::string, EntryFile> found;
  for (const fs::directory_entry &e : fs::directory_iterator(dir)) {
    std::string name = e.path().filename().string();
    if (name.size() < 6 || name.substr(name.size() - 6) != ".entry")
      continue;
    struct stat st;
    if (::stat(e.path().c_str(), &st) == 0)
      found[name] = {st.st_ino, readFile(e.path().string())};
  }
  return found;
}

uint32_t le32(const std::string &b, size_t at) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i)
    v = v << 8 | uint8_t(b[at + i]);
  return v;
}
uint64_t le64(const std::string &b, size_t at) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i)
    v = v << 8 | uint8_t(b[at + i]);
  return v;
}

/// The format and key fields of an entry (layout in docs/RELIABILITY.md).
std::pair<std::string, std::string> formatAndKey(const std::string &entry) {
  size_t stamp = le32(entry, 12), format = le32(entry, 16), key = le32(entry, 20);
  return {entry.substr(48 + stamp, format), entry.substr(48 + stamp + format, key)};
}

/// Bit-identical results, or where they first differ (not all the bytes).
::testing::AssertionResult sameBits(const std::string &got, const std::string &want) {
  if (got == want)
    return ::testing::AssertionSuccess();
  size_t at = 0;
  while (at < got.size() && at < want.size() && got[at] == want[at])
    ++at;
  return ::testing::AssertionFailure()
         << "results differ: " << got.size() << " vs " << want.size()
         << " bytes, first difference in value " << at / sizeof(double);
}

/// What one child process computed, and how long it spent compiling.
struct ChildRun {
  std::string resultBits;
  double compileMs = 0;
};

class CpuCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    char pattern[] = "/tmp/legato-cpu-cache-test-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    scratch = pattern;
    cacheDir = scratch + "/cache";
  }
  void TearDown() override { fs::remove_all(scratch); }

  /// Runs the child computation in a new process, with the cache in `cache`
  /// ("" for none).
  ChildRun runChild(const std::string &cache) {
    std::string output = scratch + "/result-" + std::to_string(children++);
    std::vector<std::string> env;
    for (char **e = environ; *e; ++e)
      if (std::strncmp(*e, "LEGATO_", 7) != 0) // the child's configuration is ours
        env.push_back(*e);
    env.push_back("LEGATO_BACKEND=cpu");
    env.push_back("LEGATO_MODE=lazy");
    env.push_back("LEGATO_THREADS=2"); // OpenMP loops and reductions
    env.push_back(std::string(kOutputVariable) + "=" + output);
    if (!cache.empty())
      env.push_back("LEGATO_CACHE_DIR=" + cache);
    std::vector<std::string> args = {"/proc/self/exe", "--gtest_filter=CpuCacheChild.*",
                                     "--gtest_also_run_disabled_tests", "--gtest_brief=1"};
    auto pointers = [](std::vector<std::string> &strings) {
      std::vector<char *> p;
      for (std::string &s : strings)
        p.push_back(s.data());
      p.push_back(nullptr);
      return p;
    };
    std::vector<char *> argv = pointers(args), envp = pointers(env);
    std::cout.flush();
    pid_t pid = ::fork();
    if (pid == 0) {
      ::execve(argv[0], argv.data(), envp.data());
      ::_exit(127);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "the child process failed (status " << status << ")";
    ChildRun run;
    std::string out = readFile(output);
    if (out.size() < sizeof(double)) {
      ADD_FAILURE() << "the child wrote no results";
      return run;
    }
    std::memcpy(&run.compileMs, out.data(), sizeof(double));
    run.resultBits = out.substr(sizeof(double));
    return run;
  }

  std::string scratch, cacheDir;
  int children = 0;
};

TEST_F(CpuCacheTest, ASecondProcessLoadsEveryProgramAndGetsTheSameBits) {
  ChildRun uncached = runChild("");
  ASSERT_FALSE(uncached.resultBits.empty());

  ChildRun cold = runChild(cacheDir);
  EXPECT_TRUE(sameBits(cold.resultBits, uncached.resultBits));
  std::map<std::string, EntryFile> stored = entries(cacheDir);
  ASSERT_GE(stored.size(), 3u) << "the programs were not stored in " << cacheDir;
  for (auto &[name, entry] : stored) {
    auto [format, key] = formatAndKey(entry.bytes);
    EXPECT_EQ(format.rfind("cpu-object-", 0), 0u) << format;
    EXPECT_TRUE(std::regex_search(format, std::regex("-r[0-9]+$"))) << format; // the revision
    EXPECT_EQ(key.rfind("entry main\n", 0), 0u) << key.substr(0, 40);
    EXPECT_NE(key.find("llvm.func @_mlir_ciface_main("), std::string::npos);
  }

  ChildRun warm = runChild(cacheDir);
  EXPECT_TRUE(sameBits(warm.resultBits, uncached.resultBits));
  std::map<std::string, EntryFile> after = entries(cacheDir);
  EXPECT_EQ(after.size(), stored.size()) << "the second process compiled new programs";
  for (auto &[name, entry] : stored) {
    auto it = after.find(name);
    ASSERT_NE(it, after.end()) << name;
    EXPECT_EQ(it->second.inode, entry.inode)
        << name << " was stored again: the second process missed it";
  }
  std::cout << "compile_ms: no cache " << uncached.compileMs << ", cold cache "
            << cold.compileMs << ", warm cache " << warm.compileMs << "\n";
}

TEST_F(CpuCacheTest, ACorruptedEntryIsRecompiledAndRewritten) {
  ChildRun cold = runChild(cacheDir);
  ASSERT_FALSE(cold.resultBits.empty());
  std::map<std::string, EntryFile> stored = entries(cacheDir);
  ASSERT_FALSE(stored.empty());

  // Flip a byte in the middle of the first entry's object code.
  const std::string victim = stored.begin()->first;
  std::string bytes = stored.begin()->second.bytes;
  uint64_t payload = le64(bytes, 24);
  ASSERT_GT(payload, 0u);
  size_t at = bytes.size() - payload / 2;
  bytes[at] = char(bytes[at] ^ 0x5a);
  {
    std::fstream file(cacheDir + "/" + victim, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(at);
    file.put(bytes[at]);
  }
  ASSERT_EQ(readFile(cacheDir + "/" + victim), bytes);

  ChildRun repaired = runChild(cacheDir);
  EXPECT_TRUE(sameBits(repaired.resultBits, cold.resultBits));
  std::map<std::string, EntryFile> after = entries(cacheDir);
  ASSERT_EQ(after.size(), stored.size());
  for (auto &[name, entry] : stored) {
    const EntryFile &now = after[name];
    if (name == victim) {
      EXPECT_NE(now.inode, entry.inode) << "the corrupted entry was not stored again";
      // Compilation is deterministic: the same object as the first time.
      EXPECT_TRUE(now.bytes == entry.bytes) << "the rewritten entry differs from the first";
    } else {
      EXPECT_EQ(now.inode, entry.inode) << name << " was stored again";
    }
  }
}

/// The child: a few programs that use what generated code links against
/// (libmvec, libm, OpenMP, BLAS, the allocator). Run by the tests above only.
TEST(CpuCacheChild, DISABLED_Compute) {
  const char *output = std::getenv(kOutputVariable);
  ASSERT_NE(output, nullptr);
  std::vector<double> results;
  double compileMs = 0;
  auto keep = [&](const Array &a) {
    std::vector<double> v = legato::astype(a, legato::f64).to_vector<double>();
    results.insert(results.end(), v.begin(), v.end());
  };
  {
    legato::Runtime runtime;
    Array x = legato::random({4096}, legato::f64, 7);
    keep(legato::exp(x) * 2.0 + legato::log(x + 1.0));        // vector math
    keep(legato::tanh(x) - legato::erf(x));                   // libm
    keep(legato::sum(legato::sqrt(x)));                       // reduction
    Array a = legato::random({48, 48}, legato::f64, 3);
    keep(legato::matmul(a, legato::transpose(a)) + 1.0);      // GEMM
    Array f = legato::astype(legato::random({300, 20}, legato::f64, 5), legato::f32);
    keep(legato::max(f, {1}) * legato::mean(f, {1}));         // f32 reductions
    keep(legato::pow(legato::arange(12), 3));                 // integer power
    compileMs = legato::stats().compile_ms;
  }
  std::ofstream out(output, std::ios::binary);
  out.write(reinterpret_cast<const char *>(&compileMs), sizeof compileMs);
  out.write(reinterpret_cast<const char *>(results.data()),
            std::streamsize(results.size() * sizeof(double)));
}

} // namespace

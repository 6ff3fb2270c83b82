//===- disk_cache_test.cpp - the on-disk compile cache -----------------------===//
//
// Each guarantee of docs/RELIABILITY.md's "Compile cache" section, tested
// against real files: round trips, atomic replacement, checksums, truncation,
// versions, key collisions, the directory's permissions, and several
// processes (fork) filling one directory at once.
//
//===----------------------------------------------------------------------===//
#include "Runtime/DiskCache.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using legato::runtime::DiskCache;

namespace {

constexpr const char *kFormat = "cpu-object-x86-64";

/// A fresh private scratch directory per test; the cache goes in "cache"
/// below it, so every test also creates the cache directory.
class DiskCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    char pattern[] = "/tmp/legato-disk-cache-test-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    scratch = pattern;
    dir = scratch + "/cache";
  }
  void TearDown() override {
    ::chmod(dir.c_str(), 0700); // tests may leave it unreadable
    llvm::sys::fs::remove_directories(scratch);
  }

  std::unique_ptr<DiskCache> openCache() {
    std::string why;
    std::unique_ptr<DiskCache> cache = DiskCache::open(dir, &why);
    EXPECT_TRUE(cache) << why;
    return cache;
  }

  std::string scratch, dir;
};

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void writeFile(const std::string &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

std::vector<std::string> listDirectory(const std::string &path) {
  std::vector<std::string> names;
  if (DIR *d = ::opendir(path.c_str())) {
    while (struct dirent *e = ::readdir(d))
      if (std::string(e->d_name) != "." && std::string(e->d_name) != "..")
        names.push_back(e->d_name);
    ::closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

mode_t permissionsOf(const std::string &path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 ? (st.st_mode & 07777) : mode_t(-1);
}

/// Deterministic bytes, every byte value included, different per seed.
std::string bytesFor(uint64_t seed, size_t size) {
  std::string bytes(size, '\0');
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
  for (char &c : bytes) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    c = char(x);
  }
  return bytes;
}

bool onlyEntries(const std::string &path) {
  for (const std::string &name : listDirectory(path))
    if (name.size() != 64 + 6 || name.substr(64) != ".entry")
      return false;
  return true;
}

int64_t rejected(const DiskCache::Counters &c) {
  return c.corrupt + c.otherVersion + c.otherKey;
}

//===----------------------------------------------------------------------===//
// Round trips
//===----------------------------------------------------------------------===//

TEST_F(DiskCacheTest, RoundTrip) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  const std::string object = bytesFor(1, 1 << 20);
  const std::string key = std::string("module {\0 llvm.func @main", 25) + bytesFor(2, 100000);
  EXPECT_FALSE(cache->load(key, kFormat));
  ASSERT_TRUE(cache->store(key, kFormat, object));
  EXPECT_EQ(cache->load(key, kFormat), object);
  ASSERT_TRUE(cache->store("empty", kFormat, ""));
  EXPECT_EQ(cache->load("empty", kFormat), std::string());

  // Another handle on the directory (another process, in effect) sees both.
  auto other = openCache();
  ASSERT_TRUE(other);
  EXPECT_EQ(other->load(key, kFormat), object);
  EXPECT_EQ(other->load("empty", kFormat), std::string());
  EXPECT_FALSE(other->load("never stored", kFormat));

  DiskCache::Counters c = cache->counters();
  EXPECT_EQ(c.hits, 2);
  EXPECT_EQ(c.absent, 1);
  EXPECT_EQ(c.stores, 2);
  EXPECT_EQ(rejected(c), 0);
  EXPECT_EQ(permissionsOf(cache->entryPath(key, kFormat)), mode_t(0600));
}

TEST_F(DiskCacheTest, FormatsAndKeysAreSeparateEntries) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  ASSERT_TRUE(cache->store("ptx-hash", "cubin-sm_80", "for sm_80"));
  ASSERT_TRUE(cache->store("ptx-hash", "cubin-sm_90", "for sm_90"));
  ASSERT_TRUE(cache->store("c", "ab", "ab|c"));
  ASSERT_TRUE(cache->store("bc", "a", "a|bc"));
  EXPECT_EQ(cache->load("ptx-hash", "cubin-sm_80"), "for sm_80");
  EXPECT_EQ(cache->load("ptx-hash", "cubin-sm_90"), "for sm_90");
  EXPECT_EQ(cache->load("c", "ab"), "ab|c");
  EXPECT_EQ(cache->load("bc", "a"), "a|bc");
  EXPECT_FALSE(cache->load("ptx-hash", "cubin-sm_70"));
  EXPECT_EQ(listDirectory(dir).size(), 4u);
}

//===----------------------------------------------------------------------===//
// The size limit
//===----------------------------------------------------------------------===//

/// The total size of the directory's entry files.
uint64_t entryBytesIn(const std::string &path) {
  uint64_t total = 0;
  for (const std::string &name : listDirectory(path)) {
    struct stat st;
    if (::stat((path + "/" + name).c_str(), &st) == 0)
      total += uint64_t(st.st_size);
  }
  return total;
}

/// Sets an entry's modification time to `seconds` after the epoch.
void setModified(const std::string &path, time_t seconds) {
  struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), times, 0), 0) << path;
}

TEST_F(DiskCacheTest, AFullCacheEvictsTheLeastRecentlyUsedEntries) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  const size_t payload = 10000;
  ASSERT_TRUE(cache->store("k0", kFormat, bytesFor(0, payload)));
  const uint64_t entry = entryBytesIn(dir); // one entry, header included
  // Eight entries, k0 the oldest and k7 the newest (file times are coarser
  // than a store, so they are set), under a limit of ten entries.
  cache->setSizeLimit(10 * entry);
  for (int i = 1; i < 8; ++i)
    ASSERT_TRUE(cache->store("k" + std::to_string(i), kFormat, bytesFor(i, payload)));
  for (int i = 0; i < 8; ++i)
    setModified(cache->entryPath("k" + std::to_string(i), kFormat), 1000000 + i);
  EXPECT_EQ(cache->counters().evicted, 0);
  // A hit makes k0 the most recently used.
  ASSERT_TRUE(cache->load("k0", kFormat) == bytesFor(0, payload));

  // Three more: the eleventh entry passes the limit, and the least recently
  // used go until 3/4 of it is left (7 entries): k1, k2, k3 and k4.
  for (int i = 8; i < 11; ++i)
    ASSERT_TRUE(cache->store("k" + std::to_string(i), kFormat, bytesFor(i, payload)));
  EXPECT_EQ(cache->counters().evicted, 4);
  EXPECT_LE(entryBytesIn(dir), 10 * entry * 3 / 4);
  for (int i : {1, 2, 3, 4})
    EXPECT_FALSE(cache->load("k" + std::to_string(i), kFormat)) << "k" << i << " was kept";
  for (int i : {0, 5, 6, 7, 8, 9, 10})
    EXPECT_TRUE(cache->load("k" + std::to_string(i), kFormat) == bytesFor(i, payload))
        << "k" << i << " was evicted";
  EXPECT_TRUE(onlyEntries(dir));
}

TEST_F(DiskCacheTest, ManyStoresStayUnderTheLimit) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  const uint64_t limit = 200000;
  cache->setSizeLimit(limit);
  for (int i = 0; i < 300; ++i) {
    ASSERT_TRUE(
        cache->store("key " + std::to_string(i), kFormat, bytesFor(i, 1000 + i * 37 % 9000)));
    ASSERT_LE(entryBytesIn(dir), limit) << "after store " << i;
  }
  EXPECT_GT(cache->counters().evicted, 0);
  // The newest entry is always kept.
  EXPECT_TRUE(cache->load("key 299", kFormat) == bytesFor(299, 1000 + 299 * 37 % 9000));
}

TEST_F(DiskCacheTest, AnEntryLargerThanTheLimitIsKeptAlone) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  cache->setSizeLimit(50000);
  ASSERT_TRUE(cache->store("small", kFormat, bytesFor(1, 1000)));
  ASSERT_TRUE(cache->store("large", kFormat, bytesFor(2, 100000)));
  EXPECT_TRUE(cache->load("large", kFormat) == bytesFor(2, 100000));
  EXPECT_FALSE(cache->load("small", kFormat));
  EXPECT_EQ(listDirectory(dir).size(), 1u);
}

// Without a limit (the default of a DiskCache; the engine sets one) nothing
// is ever removed.
TEST_F(DiskCacheTest, WithoutALimitNothingIsEvicted) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  for (int i = 0; i < 50; ++i)
    ASSERT_TRUE(cache->store("key " + std::to_string(i), kFormat, bytesFor(i, 20000)));
  EXPECT_EQ(listDirectory(dir).size(), 50u);
  EXPECT_EQ(cache->counters().evicted, 0);
}

//===----------------------------------------------------------------------===//
// Atomic writes
//===----------------------------------------------------------------------===//

TEST_F(DiskCacheTest, StoreReplacesTheEntryAndLeavesNoTemporaryFile) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  for (int i = 0; i < 20; ++i)
    ASSERT_TRUE(cache->store("key", kFormat, bytesFor(i, 1000 + i)));
  EXPECT_EQ(cache->load("key", kFormat), bytesFor(19, 1019));
  EXPECT_EQ(listDirectory(dir).size(), 1u);
  EXPECT_TRUE(onlyEntries(dir));
}

// A writer replaces one entry over and over while this process reads it.
// Once the entry exists, every read must return one whole payload: an
// in-place write would show readers a truncated file (a miss) or a mixture.
// The reads are counted, not timed: the writer starts storing before the
// first read and stops only when the last one is done, however slowly
// either runs on a loaded machine.
TEST_F(DiskCacheTest, AReaderNeverSeesAPartialEntry) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  const size_t size = 2 << 20;
  const std::string a = bytesFor(10, size), b = bytesFor(11, size);
  ASSERT_TRUE(cache->store("key", kFormat, a));

  int started[2], stop[2];
  ASSERT_EQ(::pipe(started), 0);
  ASSERT_EQ(::pipe(stop), 0);
  pid_t writer = ::fork();
  ASSERT_GE(writer, 0);
  if (writer == 0) {
    ::close(started[0]);
    ::close(stop[1]);
    ::fcntl(stop[0], F_SETFL, O_NONBLOCK);
    auto own = DiskCache::open(dir);
    bool ok = own != nullptr && own->store("key", kFormat, b);
    char c = 1;
    ok = ::write(started[1], &c, 1) == 1 && ok;
    // Odd stores write `a`, so the entry ends as `a` when asked to stop.
    for (int i = 1; ok; ++i) {
      ok = own->store("key", kFormat, i % 2 ? a : b);
      if (i % 2 && ::read(stop[0], &c, 1) == 1)
        break;
    }
    ::_exit(ok ? 0 : 1);
  }
  ::close(started[1]);
  ::close(stop[0]);
  char c = 0;
  ASSERT_EQ(::read(started[0], &c, 1), 1) << "the writer failed before its first store";
  const int reads = 60;
  int wrong = 0;
  for (int r = 0; r < reads; ++r) {
    std::optional<std::string> got = cache->load("key", kFormat);
    if (!got || (*got != a && *got != b))
      ++wrong;
  }
  // (A writer that failed has exited: then the byte goes nowhere, and its
  // status says so.)
  ::signal(SIGPIPE, SIG_IGN);
  (void)!::write(stop[1], &c, 1);
  int status = 0;
  ASSERT_EQ(::waitpid(writer, &status, 0), writer);
  ::close(started[0]);
  ::close(stop[1]);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(wrong, 0) << "of " << reads << " reads";
  EXPECT_EQ(rejected(cache->counters()), 0);
  EXPECT_EQ(cache->load("key", kFormat), a); // the writer's last store
  EXPECT_EQ(listDirectory(dir).size(), 1u);
  EXPECT_TRUE(onlyEntries(dir));
}

//===----------------------------------------------------------------------===//
// Checks before loading
//===----------------------------------------------------------------------===//

TEST_F(DiskCacheTest, AFlippedByteIsAMissAndTheNextStoreRewritesIt) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  const std::string key = "a key", object = bytesFor(3, 5000);
  ASSERT_TRUE(cache->store(key, kFormat, object));
  const std::string path = cache->entryPath(key, kFormat);
  const std::string good = readFile(path);
  ASSERT_EQ(good.size(), 48 + DiskCache::libraryVersion().size() +
                             std::string(kFormat).size() + key.size() + object.size());

  // Every field: magic, layout, sizes, checksums, stamp, format, key, payload.
  std::vector<size_t> offsets = {0, 7, 8, 12, 16, 20, 24, 32, 40, 47, 48};
  for (size_t at = 48; at < good.size(); at += 37)
    offsets.push_back(at);
  offsets.push_back(good.size() - 1);
  for (size_t at : offsets) {
    std::string bad = good;
    bad[at] ^= 0x20;
    writeFile(path, bad);
    int64_t before = rejected(cache->counters());
    EXPECT_FALSE(cache->load(key, kFormat)) << "byte " << at << " flipped";
    EXPECT_EQ(rejected(cache->counters()), before + 1) << "byte " << at;
  }
  // A flip in the payload is caught by its checksum, and only by it.
  std::string bad = good;
  bad[good.size() - 100] ^= 1;
  writeFile(path, bad);
  int64_t corrupt = cache->counters().corrupt;
  EXPECT_FALSE(cache->load(key, kFormat));
  EXPECT_EQ(cache->counters().corrupt, corrupt + 1);

  ASSERT_TRUE(cache->store(key, kFormat, object));
  EXPECT_EQ(cache->load(key, kFormat), object);
  EXPECT_EQ(readFile(path), good);
}

TEST_F(DiskCacheTest, ATruncatedOrExtendedEntryIsAMiss) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  const std::string object = bytesFor(4, 3000);
  ASSERT_TRUE(cache->store("key", kFormat, object));
  const std::string path = cache->entryPath("key", kFormat);
  const std::string good = readFile(path);
  for (size_t size : {size_t(0), size_t(1), size_t(47), size_t(48), size_t(60),
                      good.size() - object.size(), good.size() - 1}) {
    writeFile(path, good.substr(0, size));
    EXPECT_FALSE(cache->load("key", kFormat)) << "truncated to " << size;
  }
  writeFile(path, good + "x");
  EXPECT_FALSE(cache->load("key", kFormat)) << "one byte appended";
  EXPECT_EQ(cache->counters().corrupt, 8);
  EXPECT_EQ(cache->counters().hits, 0);

  ASSERT_TRUE(cache->store("key", kFormat, object));
  EXPECT_EQ(cache->load("key", kFormat), object);
}

TEST_F(DiskCacheTest, AForeignFileOrSymlinkIsAMiss) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  const std::string path = cache->entryPath("key", kFormat);
  writeFile(path, "not a cache entry, just some text long enough to hold a header\n");
  EXPECT_FALSE(cache->load("key", kFormat));

  // A symlink to a valid entry is not followed.
  ASSERT_TRUE(cache->store("real", kFormat, "bytes"));
  ::unlink(path.c_str());
  ASSERT_EQ(::symlink(cache->entryPath("real", kFormat).c_str(), path.c_str()), 0);
  EXPECT_FALSE(cache->load("key", kFormat));
  EXPECT_EQ(cache->counters().corrupt, 2);
}

TEST_F(DiskCacheTest, AnEntryOfAnotherVersionIsAMissAndIsRewritten) {
  EXPECT_NE(DiskCache::libraryVersion().find(LLVM_VERSION_STRING), std::string::npos);
  EXPECT_NE(DiskCache::libraryVersion().find("legato"), std::string::npos);
  auto current = openCache();
  auto older = openCache();
  ASSERT_TRUE(current && older);
  older->setLibraryVersionForTesting("legato 0.0.1, LLVM 21.1.0");

  ASSERT_TRUE(older->store("key", kFormat, "old code"));
  EXPECT_FALSE(current->load("key", kFormat));
  EXPECT_EQ(current->counters().otherVersion, 1);

  ASSERT_TRUE(current->store("key", kFormat, "new code"));
  EXPECT_EQ(current->load("key", kFormat), "new code");
  EXPECT_FALSE(older->load("key", kFormat));
  EXPECT_EQ(older->counters().otherVersion, 1);
}

// SHA-256 collisions cannot be made; moving an entry to another key's file
// name plays one.
TEST_F(DiskCacheTest, AnEntryOfAnotherKeyIsAMiss) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  ASSERT_TRUE(cache->store("first", kFormat, "first's code"));
  ASSERT_EQ(::rename(cache->entryPath("first", kFormat).c_str(),
                     cache->entryPath("second", kFormat).c_str()),
            0);
  EXPECT_FALSE(cache->load("second", kFormat));
  EXPECT_EQ(cache->counters().otherKey, 1);

  // Same key, another format, moved likewise.
  ASSERT_TRUE(cache->store("key", "cubin-sm_80", "sm_80 code"));
  ASSERT_EQ(::rename(cache->entryPath("key", "cubin-sm_80").c_str(),
                     cache->entryPath("key", "cubin-sm_90").c_str()),
            0);
  EXPECT_FALSE(cache->load("key", "cubin-sm_90"));
  EXPECT_EQ(cache->counters().otherKey, 2);
}

//===----------------------------------------------------------------------===//
// I/O failures
//===----------------------------------------------------------------------===//

TEST_F(DiskCacheTest, AFailedStoreWarnsOnceAndTheProgramGoesOn) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  llvm::sys::fs::remove_directories(dir); // the directory vanishes under us
  ::testing::internal::CaptureStderr();
  EXPECT_FALSE(cache->store("key", kFormat, "code"));
  EXPECT_FALSE(cache->store("key", kFormat, "code"));
  std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_FALSE(cache->load("key", kFormat));
  EXPECT_EQ(cache->counters().storeFailures, 2);
  EXPECT_NE(err.find("compile cache"), std::string::npos) << err;
  EXPECT_EQ(err.find("compile cache"), err.rfind("compile cache")) << "warned twice: " << err;
}

TEST_F(DiskCacheTest, AFailedStoreLeavesNoTemporaryFile) {
  auto cache = openCache();
  ASSERT_TRUE(cache);
  // A directory where the entry should go makes the final rename fail.
  const std::string path = cache->entryPath("key", kFormat);
  ASSERT_EQ(::mkdir(path.c_str(), 0700), 0);
  ::testing::internal::CaptureStderr();
  EXPECT_FALSE(cache->store("key", kFormat, "code"));
  std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("cannot rename"), std::string::npos) << err;
  EXPECT_FALSE(cache->load("key", kFormat));
  EXPECT_EQ(listDirectory(dir), std::vector<std::string>{path.substr(dir.size() + 1)});
}

TEST_F(DiskCacheTest, StaleTemporaryFilesAreRemovedOnOpen) {
  ASSERT_TRUE(openCache());
  const std::string dead = dir + "/.tmp-12345-dead-0", live = dir + "/.tmp-12346-live-0";
  writeFile(dead, "a writer died here");
  writeFile(live, "a writer is busy here");
  struct timespec twoHoursAgo[2] = {{::time(nullptr) - 7200, 0}, {::time(nullptr) - 7200, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, dead.c_str(), twoHoursAgo, 0), 0);
  ASSERT_TRUE(openCache());
  EXPECT_EQ(listDirectory(dir), std::vector<std::string>{".tmp-12346-live-0"});
}

//===----------------------------------------------------------------------===//
// The directory
//===----------------------------------------------------------------------===//

TEST_F(DiskCacheTest, TheDirectoryIsCreatedPrivateWhateverTheUmask) {
  for (mode_t mask : {mode_t(0), mode_t(022), mode_t(077)}) {
    std::string nested = scratch + "/umask" + std::to_string(mask) + "/a/b/cache";
    mode_t old = ::umask(mask);
    std::string why;
    auto cache = DiskCache::open(nested + "/", &why);
    ::umask(old);
    ASSERT_TRUE(cache) << why;
    EXPECT_EQ(permissionsOf(nested), mode_t(0700)) << "umask " << mask;
    EXPECT_TRUE(cache->store("key", kFormat, "code"));
    EXPECT_EQ(cache->load("key", kFormat), "code");
  }
  // A umask that takes the owner's own bits: the cache gives them back.
  mode_t old = ::umask(0277);
  auto cache = DiskCache::open(dir);
  ::umask(old);
  ASSERT_TRUE(cache);
  EXPECT_EQ(permissionsOf(dir), mode_t(0700));
}

TEST_F(DiskCacheTest, ADirectoryOpenToOthersIsRefusedAndLeftAlone) {
  ASSERT_EQ(::mkdir(dir.c_str(), 0700), 0);
  for (mode_t mode : {mode_t(0777), mode_t(0755), mode_t(0750), mode_t(0701), mode_t(01777)}) {
    ASSERT_EQ(::chmod(dir.c_str(), mode), 0);
    std::string why;
    EXPECT_FALSE(DiskCache::open(dir, &why)) << std::oct << mode;
    char octal[8];
    std::snprintf(octal, sizeof(octal), "%04o", unsigned(mode));
    EXPECT_NE(why.find(std::string("permissions ") + octal), std::string::npos) << why;
    EXPECT_NE(why.find("private"), std::string::npos) << why;
    EXPECT_EQ(permissionsOf(dir), mode);
  }
  ASSERT_EQ(::chmod(dir.c_str(), 0500), 0);
  std::string why;
  EXPECT_FALSE(DiskCache::open(dir, &why));
  EXPECT_NE(why.find("0500"), std::string::npos) << why;

  // The warning is printed once per directory.
  ASSERT_EQ(::chmod(dir.c_str(), 0777), 0);
  ::testing::internal::CaptureStderr();
  EXPECT_FALSE(DiskCache::openOrWarn(dir));
  EXPECT_FALSE(DiskCache::openOrWarn(dir));
  std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(err, "legato: warning: compile cache disabled: '" + dir +
                     "' has permissions 0777; compiled code is only loaded from a "
                     "directory private to its user (chmod 700 it, or choose another "
                     "LEGATO_CACHE_DIR)\n");
}

TEST_F(DiskCacheTest, ADirectoryOfAnotherUserIsRefused) {
  std::string other = "/"; // root's, when the test does not run as root
  if (::geteuid() == 0) {
    ASSERT_EQ(::mkdir(dir.c_str(), 0700), 0);
    ASSERT_EQ(::chown(dir.c_str(), 65534, 65534), 0);
    other = dir;
  }
  std::string why;
  EXPECT_FALSE(DiskCache::open(other, &why));
  EXPECT_NE(why.find("is owned by uid"), std::string::npos) << why;
  EXPECT_NE(why.find("not by this user"), std::string::npos) << why;
}

TEST_F(DiskCacheTest, AFileIsNotADirectory) {
  writeFile(scratch + "/file", "x");
  std::string why;
  EXPECT_FALSE(DiskCache::open(scratch + "/file", &why));
  EXPECT_NE(why.find("not a directory"), std::string::npos) << why;
  EXPECT_FALSE(DiskCache::open(scratch + "/file/cache", &why));
  EXPECT_FALSE(DiskCache::open("", &why));
}

TEST_F(DiskCacheTest, ASymlinkToAPrivateDirectoryIsFollowed) {
  ASSERT_EQ(::mkdir(dir.c_str(), 0700), 0);
  const std::string link = scratch + "/link";
  ASSERT_EQ(::symlink(dir.c_str(), link.c_str()), 0);
  std::string why;
  auto cache = DiskCache::open(link, &why);
  ASSERT_TRUE(cache) << why;
  ASSERT_TRUE(cache->store("key", kFormat, "code"));
  EXPECT_EQ(openCache()->load("key", kFormat), "code");
}

//===----------------------------------------------------------------------===//
// Several processes
//===----------------------------------------------------------------------===//

// Processes load and store shared keys (same key, same bytes, as compiling
// one program gives) and keys of their own, at random, all at once. Every
// load is a miss or exactly the right bytes, no process ever meets a corrupt
// entry, and afterwards every key loads.
TEST_F(DiskCacheTest, ProcessesFillOneDirectoryConsistently) {
  constexpr int kProcesses = 6, kSharedKeys = 12, kOwnKeys = 10, kSteps = 300;
  auto sharedKey = [](int k) { return "shared program " + std::to_string(k); };
  auto ownKey = [](int p, int k) {
    return "process " + std::to_string(p) + " program " + std::to_string(k);
  };
  auto payloadOf = [](const std::string &key) {
    uint64_t seed = std::hash<std::string>()(key);
    return bytesFor(seed, seed % 200000);
  };
  ASSERT_TRUE(openCache());

  std::vector<pid_t> children;
  for (int p = 0; p < kProcesses; ++p) {
    pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      auto cache = DiskCache::open(dir);
      if (!cache)
        ::_exit(10);
      uint64_t x = 88172645463325252ull + p;
      for (int step = 0; step < kSteps; ++step) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        bool shared = x % 3 != 0;
        std::string key = shared ? sharedKey((x >> 8) % kSharedKeys)
                                 : ownKey(p, (x >> 8) % kOwnKeys);
        std::string expected = payloadOf(key);
        std::optional<std::string> got = cache->load(key, kFormat);
        if (got && *got != expected)
          ::_exit(11); // wrong bytes
        // Stores also follow some hits: writers of one key then race often.
        if ((!got || x % 4 == 0) && !cache->store(key, kFormat, expected))
          ::_exit(12);
        if (!shared && cache->load(key, kFormat) != expected)
          ::_exit(13); // only this process writes it: it must be there now
      }
      ::_exit(rejected(cache->counters()) == 0 ? 0 : 14);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "child exit status " << WEXITSTATUS(status);
  }

  auto cache = openCache();
  ASSERT_TRUE(cache);
  for (int k = 0; k < kSharedKeys; ++k)
    EXPECT_EQ(cache->load(sharedKey(k), kFormat), payloadOf(sharedKey(k))) << sharedKey(k);
  int own = 0;
  for (int p = 0; p < kProcesses; ++p)
    for (int k = 0; k < kOwnKeys; ++k)
      if (auto got = cache->load(ownKey(p, k), kFormat)) {
        EXPECT_EQ(*got, payloadOf(ownKey(p, k)));
        ++own;
      }
  EXPECT_GT(own, kProcesses * kOwnKeys / 2); // most were drawn at least once
  EXPECT_EQ(rejected(cache->counters()), 0);
  EXPECT_EQ(listDirectory(dir).size(), size_t(kSharedKeys + own));
  EXPECT_TRUE(onlyEntries(dir));
}

} // namespace

//===- DiskCache.cpp - persistent key-to-bytes store in a directory -------===//
//
// An entry is one file, <sha256 of (format, key)>.entry:
//
//   offset  size  field (integers little-endian)
//        0     8  magic "LGTCACHE"
//        8     4  entry layout (kLayout)
//       12     4  stamp size S   (library and LLVM version)
//       16     4  format size F  (the caller's tag, e.g. "cubin-sm_90")
//       20     4  key size K
//       24     8  payload size P
//       32     8  xxh3-64 of the payload
//       40     8  xxh3-64 of bytes 0..39, stamp, format and key
//       48     S  stamp, then F format, K key, P payload; nothing after.
//
// Readers check the size, the header checksum, the stamp and the key before
// they read the payload, and the payload checksum before they return it.
// Writers fill a temporary file in the same directory and rename it over the
// entry, so a reader sees a whole old entry or a whole new one. There is no
// fsync: a crash can leave a garbled entry, which the checksums turn into a
// miss, and a cache need not survive a crash.
//
//===----------------------------------------------------------------------===//
#include "Runtime/DiskCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <limits>
#include <mutex>
#include <set>
#include <vector>
#include <sys/stat.h>
#include <unistd.h>

#ifndef LEGATO_VERSION
#define LEGATO_VERSION "dev"
#endif

namespace legato::runtime {
namespace {

constexpr char kMagic[8] = {'L', 'G', 'T', 'C', 'A', 'C', 'H', 'E'};
constexpr uint32_t kLayout = 1;
constexpr size_t kHeaderSize = 48;
constexpr size_t kChecksummedHeaderSize = 40;
/// Anything larger is a corrupt size field, not a compiled program.
constexpr uint64_t kMaxPartBytes = uint64_t(1) << 32;
constexpr const char *kEntrySuffix = ".entry";
constexpr const char *kTempPrefix = ".tmp-";
/// A temporary file this old belongs to a writer that died before renaming.
constexpr time_t kStaleTempSeconds = 3600;

std::string errnoText() { return std::strerror(errno); }

/// Closes a file descriptor when it goes out of scope.
struct FdCloser {
  int fd;
  ~FdCloser() {
    if (fd >= 0)
      ::close(fd);
  }
};

bool readAt(int fd, char *buffer, uint64_t size, uint64_t offset) {
  while (size > 0) {
    ssize_t n = ::pread(fd, buffer, size, offset);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false; // error, or the file shrank under us
    buffer += n;
    size -= n;
    offset += n;
  }
  return true;
}

bool writeAll(int fd, std::string_view bytes) {
  const char *p = bytes.data();
  size_t left = bytes.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return false;
    p += n;
    left -= n;
  }
  return true;
}

uint64_t checksum(std::string_view bytes) {
  return llvm::xxh3_64bits(llvm::StringRef(bytes.data(), bytes.size()));
}

/// The fixed header and the variable-size metadata after it.
struct EntryHead {
  std::string fixed; ///< kHeaderSize bytes
  std::string meta;  ///< stamp, format, key
};

EntryHead encodeHead(std::string_view stamp, std::string_view format,
                     std::string_view key, std::string_view payload) {
  using namespace llvm::support::endian;
  EntryHead head;
  head.fixed.assign(kHeaderSize, '\0');
  char *p = head.fixed.data();
  std::memcpy(p, kMagic, sizeof(kMagic));
  write32le(p + 8, kLayout);
  write32le(p + 12, uint32_t(stamp.size()));
  write32le(p + 16, uint32_t(format.size()));
  write32le(p + 20, uint32_t(key.size()));
  write64le(p + 24, payload.size());
  write64le(p + 32, checksum(payload));
  head.meta.reserve(stamp.size() + format.size() + key.size());
  head.meta.append(stamp).append(format).append(key);
  std::string covered = head.fixed.substr(0, kChecksummedHeaderSize) + head.meta;
  write64le(p + 40, checksum(covered));
  return head;
}

enum class Outcome { hit, absent, corrupt, otherVersion, otherKey };

/// Reads and checks the entry `name`; fills `payload` only on a hit.
Outcome readEntry(int dirFd, const std::string &name, std::string_view stamp,
                  std::string_view format, std::string_view key,
                  std::string &payload) {
  using namespace llvm::support::endian;
  int fd = ::openat(dirFd, name.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    return errno == ENOENT ? Outcome::absent : Outcome::corrupt;
  FdCloser closer{fd};
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    return Outcome::corrupt;
  const uint64_t fileSize = uint64_t(st.st_size);

  char fixed[kHeaderSize];
  if (fileSize < kHeaderSize || !readAt(fd, fixed, kHeaderSize, 0) ||
      std::memcmp(fixed, kMagic, sizeof(kMagic)) != 0)
    return Outcome::corrupt;
  if (read32le(fixed + 8) != kLayout)
    return Outcome::otherVersion;
  const uint64_t stampSize = read32le(fixed + 12), formatSize = read32le(fixed + 16),
                 keySize = read32le(fixed + 20), payloadSize = read64le(fixed + 24);
  const uint64_t metaSize = stampSize + formatSize + keySize;
  // The sizes must account for the file exactly: this catches truncation.
  if (payloadSize > kMaxPartBytes || kHeaderSize + metaSize + payloadSize != fileSize)
    return Outcome::corrupt;

  std::string covered(kChecksummedHeaderSize + metaSize, '\0');
  std::memcpy(covered.data(), fixed, kChecksummedHeaderSize);
  if (!readAt(fd, covered.data() + kChecksummedHeaderSize, metaSize, kHeaderSize) ||
      checksum(covered) != read64le(fixed + 40))
    return Outcome::corrupt;
  std::string_view meta = std::string_view(covered).substr(kChecksummedHeaderSize);
  if (meta.substr(0, stampSize) != stamp)
    return Outcome::otherVersion;
  if (meta.substr(stampSize, formatSize) != format ||
      meta.substr(stampSize + formatSize) != key)
    return Outcome::otherKey;

  // Only now, with the entry known to be ours and intact, read the payload.
  std::string bytes(payloadSize, '\0');
  if (!readAt(fd, bytes.data(), payloadSize, kHeaderSize + metaSize) ||
      checksum(bytes) != read64le(fixed + 32))
    return Outcome::corrupt;
  payload = std::move(bytes);
  return Outcome::hit;
}

/// Calls `visit` with the name of every file in the directory of `dirFd`.
template <typename Visit> void forEachName(int dirFd, Visit visit) {
  int fd = ::dup(dirFd); // (closedir closes it; dirFd stays open)
  if (fd < 0)
    return;
  DIR *dir = ::fdopendir(fd);
  if (!dir) {
    ::close(fd);
    return;
  }
  ::rewinddir(dir);
  while (struct dirent *e = ::readdir(dir))
    visit(static_cast<const char *>(e->d_name));
  ::closedir(dir);
}

/// Deletes temporary files left by writers that died before renaming them.
void removeStaleTemporaries(int dirFd) {
  const time_t now = ::time(nullptr);
  forEachName(dirFd, [&](const char *name) {
    if (std::strncmp(name, kTempPrefix, std::strlen(kTempPrefix)) != 0)
      return;
    struct stat st;
    if (::fstatat(dirFd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
        now - st.st_mtime > kStaleTempSeconds)
      ::unlinkat(dirFd, name, 0); // another process may beat us to it
  });
}

/// An entry file of the directory, for eviction.
struct EntryFile {
  std::string name;
  uint64_t bytes;
  struct timespec modified;
};

/// The directory's entry files (regular files named *.entry).
std::vector<EntryFile> listEntries(int dirFd) {
  std::vector<EntryFile> entries;
  const size_t suffix = std::strlen(kEntrySuffix);
  forEachName(dirFd, [&](const char *name) {
    size_t length = std::strlen(name);
    if (length <= suffix || std::strcmp(name + length - suffix, kEntrySuffix) != 0)
      return;
    struct stat st;
    if (::fstatat(dirFd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
      entries.push_back({name, uint64_t(st.st_size), st.st_mtim});
  });
  return entries;
}

/// The size of entry `name`, 0 when there is none.
uint64_t entryBytes(int dirFd, const std::string &name) {
  struct stat st;
  return ::fstatat(dirFd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 ? uint64_t(st.st_size) : 0;
}

/// <sha256 of (format, key)>.entry. The format's length goes first so that
/// ("ab", "c") and ("a", "bc") differ.
std::string entryName(std::string_view key, std::string_view format) {
  uint8_t formatSize[8];
  llvm::support::endian::write64le(formatSize, format.size());
  llvm::SHA256 sha;
  sha.update(llvm::ArrayRef<uint8_t>(formatSize));
  sha.update(llvm::StringRef(format.data(), format.size()));
  sha.update(llvm::StringRef(key.data(), key.size()));
  return llvm::toHex(sha.final(), /*LowerCase=*/true) + kEntrySuffix;
}

std::string octal(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof(text), "%04o", unsigned(mode & 07777));
  return text;
}

} // namespace

std::string DiskCache::libraryVersion() {
  return std::string("legato ") + LEGATO_VERSION + ", LLVM " + LLVM_VERSION_STRING;
}

DiskCache::DiskCache(std::string dir, int dirFd)
    : dir(std::move(dir)), dirFd(dirFd), version(libraryVersion()) {}

DiskCache::~DiskCache() { ::close(dirFd); }

std::unique_ptr<DiskCache> DiskCache::open(const std::string &dirIn, std::string *whyNot) {
  std::string dir = dirIn;
  while (dir.size() > 1 && dir.back() == '/')
    dir.pop_back();
  auto refuse = [&](const std::string &why) -> std::unique_ptr<DiskCache> {
    if (whyNot)
      *whyNot = "'" + dirIn + "' " + why;
    return nullptr;
  };
  if (dir.empty())
    return refuse("is not a directory name");

  bool created = false;
  struct stat st;
  if (::stat(dir.c_str(), &st) != 0) {
    if (errno != ENOENT)
      return refuse("cannot be examined: " + errnoText());
    llvm::StringRef parent = llvm::sys::path::parent_path(dir);
    if (!parent.empty())
      if (std::error_code ec = llvm::sys::fs::create_directories(parent))
        return refuse("cannot be created: its parent cannot: " + ec.message());
    if (::mkdir(dir.c_str(), 0700) == 0)
      created = true;
    else if (errno != EEXIST) // EEXIST: another process just created it
      return refuse("cannot be created: " + errnoText());
  }

  // From here on everything goes through this descriptor, so the directory
  // checked below is the one used, whatever later happens to the path.
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    return refuse(errno == ENOTDIR ? std::string("is not a directory")
                                   : "cannot be opened: " + errnoText());
  if (created)
    ::fchmod(fd, 0700); // the umask may have taken bits from mkdir's mode
  if (::fstat(fd, &st) != 0) {
    std::string why = "cannot be examined: " + errnoText();
    ::close(fd);
    return refuse(why);
  }
  const mode_t perms = st.st_mode & 07777;
  std::string why;
  if (st.st_uid != ::geteuid())
    why = "is owned by uid " + std::to_string(st.st_uid) + ", not by this user (uid " +
          std::to_string(::geteuid()) +
          "); compiled code is only loaded from a directory the user owns";
  else if (perms & 077)
    why = "has permissions " + octal(perms) +
          "; compiled code is only loaded from a directory private to its user "
          "(chmod 700 it, or choose another LEGATO_CACHE_DIR)";
  else if ((perms & 0700) != 0700)
    why = "has permissions " + octal(perms) +
          "; its owner needs read, write and search permission (chmod 700 it)";
  if (!why.empty()) {
    ::close(fd);
    return refuse(why);
  }
  removeStaleTemporaries(fd);
  return std::unique_ptr<DiskCache>(new DiskCache(dir, fd));
}

std::unique_ptr<DiskCache> DiskCache::openOrWarn(const std::string &dir) {
  std::string why;
  std::unique_ptr<DiskCache> cache = open(dir, &why);
  if (!cache) {
    static std::mutex mutex;
    static std::set<std::string> warned;
    std::lock_guard<std::mutex> lock(mutex);
    if (warned.insert(dir).second)
      std::fprintf(stderr, "legato: warning: compile cache disabled: %s\n", why.c_str());
  }
  return cache;
}

std::string DiskCache::entryPath(std::string_view key, std::string_view format) const {
  return dir + "/" + entryName(key, format);
}

std::optional<std::string> DiskCache::load(std::string_view key, std::string_view format) {
  std::string name = entryName(key, format);
  std::string payload;
  Outcome outcome;
  try {
    outcome = readEntry(dirFd, name, version, format, key, payload);
  } catch (const std::bad_alloc &) { // a huge entry: not worth failing for
    outcome = Outcome::corrupt;
  }
  switch (outcome) {
  case Outcome::hit:
    ++count.hits;
    if (sizeLimit) // recently used: evicted last
      ::utimensat(dirFd, name.c_str(), nullptr, AT_SYMLINK_NOFOLLOW);
    return payload;
  case Outcome::absent:
    ++count.absent;
    break;
  case Outcome::corrupt:
    ++count.corrupt;
    break;
  case Outcome::otherVersion:
    ++count.otherVersion;
    break;
  case Outcome::otherKey:
    ++count.otherKey;
    break;
  }
  return std::nullopt;
}

bool DiskCache::store(std::string_view key, std::string_view format, std::string_view bytes) {
  auto fail = [&](const std::string &why) {
    ++count.storeFailures;
    warnOnce("legato: warning: compile cache '" + dir + "': " + why +
             "; going on without storing compiled code");
    return false;
  };
  const uint64_t limit = std::numeric_limits<uint32_t>::max();
  if (key.size() > limit || format.size() > limit || version.size() > limit ||
      bytes.size() > kMaxPartBytes)
    return fail("an entry of " + std::to_string(bytes.size() + key.size()) +
                " bytes is too large");

  std::string name = entryName(key, format);
  std::string tempName;
  int fd = -1;
  try {
    EntryHead head = encodeHead(version, format, key, bytes);
    // O_EXCL: a name another writer holds is retried with the next counter.
    for (int attempt = 0; attempt < 16 && fd < 0; ++attempt) {
      tempName = kTempPrefix + std::to_string(::getpid()) + "-" +
                 llvm::utohexstr(reinterpret_cast<uintptr_t>(this)) + "-" +
                 std::to_string(tempCounter++);
      fd = ::openat(dirFd, tempName.c_str(),
                    O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
      if (fd < 0 && errno != EEXIST)
        break;
    }
    if (fd < 0)
      return fail("cannot create a temporary file: " + errnoText());
    const uint64_t replaced = sizeLimit ? entryBytes(dirFd, name) : 0;
    bool written = writeAll(fd, head.fixed) && writeAll(fd, head.meta) && writeAll(fd, bytes);
    std::string why = written ? "" : "cannot write: " + errnoText();
    if (::close(fd) != 0 && written)
      why = "cannot write: " + errnoText();
    fd = -1;
    if (why.empty() && ::renameat(dirFd, tempName.c_str(), dirFd, name.c_str()) != 0)
      why = "cannot rename the temporary file: " + errnoText();
    if (why.empty()) {
      ++count.stores;
      if (sizeLimit)
        keepUnderSizeLimit(name, head.fixed.size() + head.meta.size() + bytes.size(), replaced);
      return true;
    }
    ::unlinkat(dirFd, tempName.c_str(), 0);
    return fail(why);
  } catch (const std::bad_alloc &) {
    if (fd >= 0) {
      ::close(fd);
      ::unlinkat(dirFd, tempName.c_str(), 0);
    }
    return fail("out of memory");
  }
}

void DiskCache::setSizeLimit(uint64_t bytes) { sizeLimit = bytes; }

void DiskCache::keepUnderSizeLimit(const std::string &stored, uint64_t bytes,
                                   uint64_t replaced) {
  std::lock_guard<std::mutex> lock(sizeMutex);
  const uint64_t limit = sizeLimit;
  if (usedBytes) {
    *usedBytes = *usedBytes + bytes - std::min(replaced, *usedBytes + bytes);
    if (*usedBytes <= limit)
      return;
  }
  // The first store under a limit, or one past it: count the directory
  // (other processes store and evict in it too).
  std::vector<EntryFile> entries = listEntries(dirFd);
  uint64_t total = 0;
  for (const EntryFile &e : entries)
    total += e.bytes;
  usedBytes = total;
  if (total <= limit)
    return;
  std::sort(entries.begin(), entries.end(), [](const EntryFile &a, const EntryFile &b) {
    if (a.modified.tv_sec != b.modified.tv_sec)
      return a.modified.tv_sec < b.modified.tv_sec;
    if (a.modified.tv_nsec != b.modified.tv_nsec)
      return a.modified.tv_nsec < b.modified.tv_nsec;
    return a.name < b.name;
  });
  // Down to 3/4 of the limit, so that the next stores need not evict again;
  // the entry just stored stays whatever its size.
  const uint64_t target = limit - limit / 4;
  for (size_t i = 0; i < entries.size() && total > target; ++i)
    if (entries[i].name != stored &&
        (::unlinkat(dirFd, entries[i].name.c_str(), 0) == 0 || errno == ENOENT)) {
      total -= entries[i].bytes; // (ENOENT: another process evicted it)
      ++count.evicted;
    }
  usedBytes = total;
}

DiskCache::Counters DiskCache::counters() const {
  Counters c;
  c.hits = count.hits;
  c.absent = count.absent;
  c.corrupt = count.corrupt;
  c.otherVersion = count.otherVersion;
  c.otherKey = count.otherKey;
  c.stores = count.stores;
  c.storeFailures = count.storeFailures;
  c.evicted = count.evicted;
  return c;
}

void DiskCache::setLibraryVersionForTesting(std::string stamp) { version = std::move(stamp); }

void DiskCache::warnOnce(const std::string &message) {
  if (!warned.exchange(true))
    std::fprintf(stderr, "%s\n", message.c_str());
}

} // namespace legato::runtime

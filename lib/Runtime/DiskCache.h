//===- DiskCache.h - persistent key-to-bytes store in a directory -*- C++ -*-===//
//
// The compile cache under LEGATO_CACHE_DIR: compiled code (CPU objects, CUDA
// cubins) kept across processes. It is only an optimisation, so nothing here
// throws: an unusable directory disables the cache with a reason, a bad entry
// is a miss, a failed store is forgotten. docs/RELIABILITY.md ("Compile
// cache") gives the layout, the entry format and the guarantees.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_RUNTIME_DISKCACHE_H
#define LEGATO_RUNTIME_DISKCACHE_H

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace legato::runtime {

/// A directory of entries, each holding the bytes stored under a (key,
/// format) pair. Entries are written atomically (temporary file, then
/// rename), so several processes may fill one directory at once; every entry
/// carries checksums and the version of the library and of LLVM, all checked
/// before a byte of payload is returned. Safe to use from several threads.
class DiskCache {
public:
  /// Opens the cache in `dir`, creating it (mode 0700) and its parents when
  /// missing. Returns null, and the reason in `whyNot`, when `dir` cannot be
  /// used: not a directory, owned by another user, with any permission for
  /// group or others, or without read, write and search for its owner.
  /// An existing directory's permissions are never changed.
  static std::unique_ptr<DiskCache> open(const std::string &dir,
                                         std::string *whyNot = nullptr);

  /// open(), printing "legato: warning: compile cache disabled: <why>" to
  /// stderr on failure (once per directory and process).
  static std::unique_ptr<DiskCache> openOrWarn(const std::string &dir);

  /// The bytes stored under (`key`, `format`) by a process of this library
  /// and LLVM version; nullopt when there are none or the entry is corrupt,
  /// truncated, of another version or of another key.
  std::optional<std::string> load(std::string_view key, std::string_view format);

  /// Stores `bytes` under (`key`, `format`), replacing any entry. Returns
  /// false, after a one-time warning on stderr, when the entry could not be
  /// written; the program goes on without it.
  bool store(std::string_view key, std::string_view format, std::string_view bytes);

  /// Caps the bytes of the directory's entries (0: no cap, the default).
  /// A store that takes them past it removes the least recently used
  /// entries, by modification time (which a hit renews), down to 3/4 of it.
  void setSizeLimit(uint64_t bytes);

  /// What load() and store() have seen, for tests and statistics.
  struct Counters {
    int64_t hits = 0;
    int64_t absent = 0;        ///< no entry under the key
    int64_t corrupt = 0;       ///< bad magic, size or checksum (truncated, flipped, foreign file)
    int64_t otherVersion = 0;  ///< written by another library or LLVM version
    int64_t otherKey = 0;      ///< another (key, format) with the same file name
    int64_t stores = 0;        ///< entries written
    int64_t storeFailures = 0; ///< stores abandoned on an I/O error
    int64_t evicted = 0;       ///< entries removed to keep under the size limit
  };
  Counters counters() const;

  /// Version stamp written into every entry: legato's and LLVM's versions.
  static std::string libraryVersion();
  /// Stamps and accepts entries of `version` instead: lets a test play a
  /// process of another version.
  void setLibraryVersionForTesting(std::string version);

  const std::string &directory() const { return dir; }
  /// Path of the entry for (`key`, `format`): <dir>/<sha256 hex>.entry.
  std::string entryPath(std::string_view key, std::string_view format) const;

  ~DiskCache();
  DiskCache(const DiskCache &) = delete;
  DiskCache &operator=(const DiskCache &) = delete;

private:
  DiskCache(std::string dir, int dirFd);
  void warnOnce(const std::string &message);
  /// After a store of entry `stored`, `bytes` long (replacing one of
  /// `replaced` bytes): evicts other entries when the directory holds more
  /// than the size limit.
  void keepUnderSizeLimit(const std::string &stored, uint64_t bytes, uint64_t replaced);

  std::string dir;
  int dirFd; ///< all file operations are relative to it: the checked directory
  std::string version;
  std::atomic<uint64_t> tempCounter{0};
  std::atomic<bool> warned{false};
  struct AtomicCounters {
    std::atomic<int64_t> hits{0}, absent{0}, corrupt{0}, otherVersion{0},
        otherKey{0}, stores{0}, storeFailures{0}, evicted{0};
  } count;
  std::atomic<uint64_t> sizeLimit{0};
  std::mutex sizeMutex; ///< guards usedBytes and eviction
  /// The entries' bytes: unknown (nullopt) until the first store under a
  /// limit lists the directory; then kept up to date by this process's
  /// stores and recounted at each eviction (other processes store too).
  std::optional<uint64_t> usedBytes;
};

} // namespace legato::runtime

#endif // LEGATO_RUNTIME_DISKCACHE_H

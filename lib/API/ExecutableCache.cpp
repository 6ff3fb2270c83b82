//===- ExecutableCache.cpp - compiled programs, kept for the process -------===//
#include "API/ExecutableCache.h"

#include <mutex>
#include <unordered_map>

namespace legato::detail {

namespace {

struct Cache {
  std::mutex mutex;
  std::unordered_map<std::string, std::shared_ptr<Executable>> entries;
};

/// Never destroyed (see the header): static destruction must not reach it.
Cache &cache() {
  static Cache *instance = new Cache;
  return *instance;
}

} // namespace

std::shared_ptr<Executable> findExecutable(const std::string &key) {
  Cache &c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  auto it = c.entries.find(key);
  return it == c.entries.end() ? nullptr : it->second;
}

void keepExecutable(const std::string &key, std::shared_ptr<Executable> exe) {
  Cache &c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  c.entries.emplace(key, std::move(exe));
}

} // namespace legato::detail

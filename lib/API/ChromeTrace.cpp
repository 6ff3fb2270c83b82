//===- ChromeTrace.cpp - writing the timeline as Chrome trace JSON --------===//
#include "API/ChromeTrace.h"

#include "legato/legato.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace legato::detail {

std::string ChromeTrace::pathFor(const std::string &path, int rank, int ranks) {
  if (ranks <= 1)
    return path;
  size_t slash = path.find_last_of('/');
  size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
    dot = path.size();
  return path.substr(0, dot) + ".rank" + std::to_string(rank) + path.substr(dot);
}

void ChromeTrace::write(const std::string &path) const {
  FILE *f = std::fopen(path.c_str(), "w");
  if (!f)
    throw Error("legato: cannot write the trace (Options::trace, LEGATO_TRACE) to " + path +
                ": " + std::strerror(errno) + "; pass a path in a writable directory");
  auto us = [&](Clock::time_point t) {
    return std::chrono::duration<double, std::micro>(t - origin_).count();
  };
  std::fprintf(f, "{\"displayTimeUnit\": \"ms\", \"traceEvents\": [\n");
  std::fprintf(f,
               "{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": %d, \"tid\": 0, "
               "\"args\": {\"name\": \"legato rank %d\"}}",
               rank_, rank_);
  for (const Event &e : events_) {
    std::fprintf(f,
                 ",\n{\"name\": \"%s\", \"cat\": \"%s\", \"ph\": \"X\", \"ts\": %.3f, "
                 "\"dur\": %.3f, \"pid\": %d, \"tid\": 0, \"args\": {",
                 e.name, e.category, us(e.start), us(e.end) - us(e.start), rank_);
    for (size_t i = 0; i < e.args.size(); ++i)
      std::fprintf(f, "%s\"%s\": %lld", i ? ", " : "", e.args[i].first,
                   (long long)e.args[i].second);
    std::fprintf(f, "}}");
  }
  std::fprintf(f, "\n]}\n");
  bool failed = std::ferror(f) != 0;
  if (std::fclose(f) != 0 || failed)
    throw Error("legato: writing the trace to " + path + " failed: " + std::strerror(errno));
}

} // namespace legato::detail

//===- ChromeTrace.h - a timeline of compile and run phases ----*- C++ -*-===//
//
// Options::trace (LEGATO_TRACE=file.json) records what the runtime spends
// host time on — tracing jit functions, compiling programs, running them,
// collectives — as complete events of the Chrome trace format, written when
// the Runtime ends: open it in chrome://tracing or ui.perfetto.dev. On the
// GPU a "run" is the time to queue the program's launches, not the kernels'.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_API_CHROMETRACE_H
#define LEGATO_API_CHROMETRACE_H

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace legato::detail {

class ChromeTrace {
public:
  using Clock = std::chrono::steady_clock;

  /// Events of rank `rank` (their "pid"), timed from now.
  explicit ChromeTrace(int rank) : rank_(rank), origin_(Clock::now()) {}

  /// One phase from its construction to its destruction; a no-op without a
  /// trace (not even a clock read: spans sit on the dispatch path). `name`
  /// and `category` are literals (no escaping needed).
  class Span {
  public:
    Span(ChromeTrace *trace, const char *name, const char *category)
        : trace_(trace), name_(name), category_(category),
          start_(trace ? Clock::now() : Clock::time_point()) {}
    ~Span() {
      if (trace_)
        trace_->add(name_, category_, start_, Clock::now(), std::move(args_));
    }
    Span(const Span &) = delete;
    Span &operator=(const Span &) = delete;
    /// A number shown with the event.
    void arg(const char *key, int64_t value) {
      if (trace_)
        args_.emplace_back(key, value);
    }

  private:
    ChromeTrace *trace_;
    const char *name_, *category_;
    Clock::time_point start_;
    std::vector<std::pair<const char *, int64_t>> args_;
  };

  /// The file rank `rank` of `ranks` writes: `path` itself with one rank,
  /// else `path` with ".rank<r>" before its extension.
  static std::string pathFor(const std::string &path, int rank, int ranks);
  /// Writes {"traceEvents": [...]} to `path`; legato::Error if it cannot.
  void write(const std::string &path) const;

private:
  struct Event {
    const char *name, *category;
    Clock::time_point start, end;
    std::vector<std::pair<const char *, int64_t>> args;
  };
  void add(const char *name, const char *category, Clock::time_point start,
           Clock::time_point end, std::vector<std::pair<const char *, int64_t>> args) {
    std::lock_guard<std::mutex> lock(mutex_); // (programs compile on several threads)
    events_.push_back({name, category, start, end, std::move(args)});
  }

  int rank_;
  Clock::time_point origin_;
  std::mutex mutex_;
  std::vector<Event> events_;
};

} // namespace legato::detail

#endif // LEGATO_API_CHROMETRACE_H

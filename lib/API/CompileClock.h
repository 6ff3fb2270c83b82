//===- CompileClock.h - wall time spent compiling, overlaps once -*- C++ -*-===//
//
// Programs compile at once on the compiler's threads (a jit trace's segments,
// lazy windows in the background), so Stats::compile_ms is the time during
// which any compile ran, not the sum of their times. Threads mark a compile's
// start and end; the Runtime's thread takes what accumulated into its stats.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_API_COMPILECLOCK_H
#define LEGATO_API_COMPILECLOCK_H

#include <chrono>
#include <mutex>

namespace legato::detail {

class CompileClock {
public:
  /// A compile starts (on any thread).
  void start() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (running_++ == 0)
      since_ = Clock::now();
  }
  /// A compile ends (on any thread).
  void stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (--running_ == 0)
      untaken_ += Clock::now() - since_;
  }
  /// The milliseconds with a compile running since the last take(), those
  /// of compiles still running counted up to now.
  double take() {
    std::lock_guard<std::mutex> lock(mutex_);
    Clock::duration total = untaken_;
    untaken_ = {};
    if (running_ > 0) {
      Clock::time_point now = Clock::now();
      total += now - since_;
      since_ = now;
    }
    return std::chrono::duration<double, std::milli>(total).count();
  }

  /// Marks one compile, until stop() or the end of its scope.
  class Running {
  public:
    explicit Running(CompileClock &clock) : clock_(&clock) { clock_->start(); }
    ~Running() { stop(); }
    void stop() {
      if (clock_)
        clock_->stop();
      clock_ = nullptr;
    }
    Running(const Running &) = delete;
    Running &operator=(const Running &) = delete;

  private:
    CompileClock *clock_;
  };

private:
  using Clock = std::chrono::steady_clock;
  std::mutex mutex_;
  int running_ = 0;
  Clock::time_point since_;
  Clock::duration untaken_{};
};

} // namespace legato::detail

#endif // LEGATO_API_COMPILECLOCK_H

//===- Sort.cpp - legato.sort on host memory ------------------------------===//
//
// Each line is gathered into contiguous memory (the output's own line when
// it is contiguous), sorted by std::sort, and scattered back. Floats move
// their NaNs to the end first (NumPy's order), so the sort itself compares
// numbers only; float16 compares by an integer key of its bits with the
// same order. Positions sort (key, position) pairs, so equal keys keep their
// original order (NumPy's stable argsort; -0.0 equals 0.0). A partition
// (np.partition) selects its kth positions in turn with std::nth_element,
// each among the elements right of the one before.
// Many lines are shared out among the threads; a line longer than the
// threads' share of the work is sorted in chunks on the threads and merged.
//
//===----------------------------------------------------------------------===//
#include "Runtime/Sort.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace legato::runtime {
namespace {

std::atomic<int> threadsForLarge{1};

/// Sorts of fewer elements run on one thread: starting threads costs more.
constexpr int64_t kParallelElements = int64_t(1) << 15;

/// The first failure of generated code's calls on this thread (scratch
/// memory that could not be had), until taken.
thread_local std::string failure;

/// body(begin, end) over [0, count) split into `threads` ranges, run on
/// that many threads (this one included); a worker's exception is thrown
/// here after all have ended.
template <class Body> void onThreads(int64_t count, int threads, const Body &body) {
  threads = int(std::min<int64_t>(threads, count));
  if (threads <= 1) {
    body(int64_t(0), count);
    return;
  }
  std::vector<std::thread> workers;
  std::vector<std::exception_ptr> errors(static_cast<size_t>(threads));
  auto range = [&](int t) { return count * t / threads; };
  auto run = [&](int t) {
    try {
      body(range(t), range(t + 1));
    } catch (...) {
      errors[size_t(t)] = std::current_exception();
    }
  };
  for (int t = 1; t < threads; ++t)
    workers.emplace_back(run, t);
  run(0);
  for (std::thread &w : workers)
    w.join();
  for (const std::exception_ptr &e : errors)
    if (e)
      std::rethrow_exception(e);
}

/// std::sort of [first, first + n) in `threads` chunks sorted at once, then
/// merged pairwise, the merges of one level at once.
template <class It, class Less> void sortOnThreads(It first, int64_t n, int threads, Less less) {
  if (threads <= 1 || n < kParallelElements) {
    std::sort(first, first + n, less);
    return;
  }
  auto bound = [&](int64_t chunk) { return std::min(n, n * chunk / threads); };
  onThreads(threads, threads, [&](int64_t begin, int64_t end) {
    for (int64_t c = begin; c < end; ++c)
      std::sort(first + bound(c), first + bound(c + 1), less);
  });
  for (int64_t width = 1; width < threads; width *= 2) {
    int64_t merges = (threads + 2 * width - 1) / (2 * width);
    onThreads(merges, threads, [&](int64_t begin, int64_t end) {
      for (int64_t m = begin; m < end; ++m) {
        int64_t lo = 2 * width * m, mid = std::min<int64_t>(lo + width, threads),
                hi = std::min<int64_t>(lo + 2 * width, threads);
        if (mid < hi)
          std::inplace_merge(first + bound(lo), first + bound(mid), first + bound(hi), less);
      }
    });
  }
}

/// The kth positions of a partition (ascending), or none for a sort.
using Kth = std::vector<int64_t>;

/// [first, first + n) sorted, or with `kth` partitioned: each kth position
/// (past n: in the NaNs after the numbers, nothing to do) holds what a sort
/// puts there, smaller elements before it and larger after.
template <class It, class Less>
void order(It first, int64_t n, const Kth &kth, int threads, Less less) {
  if (kth.empty()) {
    sortOnThreads(first, n, threads, less);
    return;
  }
  int64_t lo = 0;
  for (int64_t k : kth) {
    if (k >= n)
      break;
    std::nth_element(first + lo, first + k, first + n, less);
    lo = k + 1;
  }
}

/// How elements of T order: by `key`, NaNs (`isNan`) after every number.
template <class T> struct Order {
  using Key = T;
  static Key key(T v) { return v; }
  static bool isNan(T v) {
    if constexpr (std::is_floating_point_v<T>)
      return std::isnan(v);
    return false;
  }
};

/// float16 by the bits: negative numbers reversed below the positive ones,
/// -0 as +0.
template <> struct Order<Half> {
  using Key = uint16_t;
  static Key key(Half h) {
    uint16_t s = h.bits;
    if ((s & 0x7fff) == 0)
      s = 0;
    return (s & 0x8000) ? uint16_t(~s) : uint16_t(s | 0x8000);
  }
  static bool isNan(Half h) { return (h.bits & 0x7c00) == 0x7c00 && (h.bits & 0x03ff) != 0; }
};

/// The lines of a view along `axis`: how many, their length, the stride
/// along them and where each starts (lines numbered in row-major order of
/// the other axes).
struct Lines {
  const HostView &view;
  int64_t axis, count = 1, length, step;
  Lines(const HostView &view, int64_t axis)
      : view(view), axis(axis), length(view.sizes[axis]), step(view.strides[axis]) {
    for (int64_t d = 0; d < view.rank; ++d)
      if (d != axis)
        count *= view.sizes[d];
  }
  int64_t offset(int64_t line) const {
    int64_t at = 0;
    for (int64_t d = view.rank - 1; d >= 0; --d) {
      if (d == axis)
        continue;
      at += (line % view.sizes[d]) * view.strides[d];
      line /= view.sizes[d];
    }
    return at;
  }
};

/// Sorts (partitions) lines [begin, end) of `in` into `out`, each line on
/// `threads`.
template <class T>
void sortValues(const Lines &out, const Lines &in, const Kth &kth, int64_t begin, int64_t end,
                int threads) {
  using O = Order<T>;
  int64_t n = in.length;
  std::vector<T> scratch(out.step == 1 ? 0 : n);
  auto *src = static_cast<const T *>(in.view.data);
  auto *dst = static_cast<T *>(out.view.data);
  for (int64_t line = begin; line < end; ++line) {
    T *row = out.step == 1 ? dst + out.offset(line) : scratch.data();
    const T *from = src + in.offset(line);
    for (int64_t i = 0; i < n; ++i)
      row[i] = from[i * in.step];
    T *numbers = std::partition(row, row + n, [](T v) { return !O::isNan(v); });
    order(row, numbers - row, kth, threads, [](T a, T b) { return O::key(a) < O::key(b); });
    if (out.step != 1) {
      T *to = dst + out.offset(line);
      for (int64_t i = 0; i < n; ++i)
        to[i * out.step] = row[i];
    }
  }
}

/// The positions that sort (partition) lines [begin, end) of `in`, into
/// `out`.
template <class T>
void sortPositions(const Lines &out, const Lines &in, const Kth &kth, int64_t begin,
                   int64_t end, int threads) {
  using O = Order<T>;
  int64_t n = in.length;
  std::vector<std::pair<typename O::Key, int64_t>> pairs;
  pairs.reserve(size_t(n));
  std::vector<int64_t> nans;
  auto *src = static_cast<const T *>(in.view.data);
  auto *dst = static_cast<int64_t *>(out.view.data);
  for (int64_t line = begin; line < end; ++line) {
    pairs.clear();
    nans.clear();
    const T *from = src + in.offset(line);
    for (int64_t i = 0; i < n; ++i) {
      T v = from[i * in.step];
      if (O::isNan(v))
        nans.push_back(i);
      else
        pairs.emplace_back(O::key(v), i);
    }
    // Pairs compare keys, then positions: equal keys keep their order.
    order(pairs.begin(), int64_t(pairs.size()), kth, threads, [](const auto &a, const auto &b) {
      return a.first < b.first || (!(b.first < a.first) && a.second < b.second);
    });
    int64_t *to = dst + out.offset(line);
    int64_t i = 0;
    for (const auto &p : pairs)
      to[(i++) * out.step] = p.second;
    for (int64_t p : nans)
      to[(i++) * out.step] = p;
  }
}

/// Lines of `in` along `axis` sorted (with `kth`: partitioned) into `out`
/// (same shape, any strides): the values, or with `positions` the int64
/// positions along the axis that sort each line. `in` is not written; out
/// and in may not overlap.
template <class T>
void sortLinesOf(int64_t axis, bool positions, const HostView &out, const HostView &in,
                 const Kth &kth) {
  Lines outLines(out, axis), inLines(in, axis);
  int64_t n = inLines.length, count = inLines.count;
  if (n == 0 || count == 0)
    return;
  int threads = n * count >= kParallelElements ? threadsForLarge.load() : 1;
  // Enough lines for every thread: lines in parallel; else each line on
  // all of them.
  bool manyLines = count >= threads;
  auto sortLines = [&](int64_t begin, int64_t end) {
    int perLine = manyLines ? 1 : threads;
    if (positions)
      sortPositions<T>(outLines, inLines, kth, begin, end, perLine);
    else
      sortValues<T>(outLines, inLines, kth, begin, end, perLine);
  };
  if (manyLines)
    onThreads(count, threads, sortLines);
  else
    sortLines(0, count);
}

/// The kth positions a partition's i64 buffer holds.
Kth kthOf(const Unranked *buffer) {
  HostView v = viewOf<int64_t>(buffer);
  Kth kth(size_t(v.sizes[0]));
  for (int64_t i = 0; i < v.sizes[0]; ++i)
    kth[size_t(i)] = static_cast<const int64_t *>(v.data)[i * v.strides[0]];
  return kth;
}

/// sortLinesOf for generated code, partitioning at the positions of the
/// `kth` buffer where given: nothing may unwind through generated code, so
/// a failure is recorded for takeSortFailure.
template <class T>
void runSort(int64_t axis, bool positions, const HostView &out, const HostView &in,
             const Unranked *kth = nullptr) noexcept {
  try {
    sortLinesOf<T>(axis, positions, out, in, kth ? kthOf(kth) : Kth{});
  } catch (const std::exception &e) {
    if (failure.empty())
      failure = std::string("legato.sort: out of memory for the sort's scratch rows (") +
                e.what() + ")";
  }
}

} // namespace

void setSortThreads(int threads) { threadsForLarge = std::max(threads, 1); }

std::string takeSortFailure() {
  std::string taken;
  taken.swap(failure);
  return taken;
}

} // namespace legato::runtime

// The entry points generated code calls.
#define LEGATO_SORT_ENTRY(name, T)                                                                 \
  void _mlir_ciface_legato_sort_##name(int64_t axis, legato::runtime::Unranked *out,               \
                                       legato::runtime::Unranked *in) {                            \
    using namespace legato::runtime;                                                               \
    runSort<T>(axis, false, viewOf<T>(out), viewOf<T>(in));                                        \
  }                                                                                                \
  void _mlir_ciface_legato_argsort_##name(int64_t axis, legato::runtime::Unranked *out,            \
                                          legato::runtime::Unranked *in) {                         \
    using namespace legato::runtime;                                                               \
    runSort<T>(axis, true, viewOf<int64_t>(out), viewOf<T>(in));                                   \
  }                                                                                                \
  void _mlir_ciface_legato_partition_##name(int64_t axis, legato::runtime::Unranked *out,          \
                                            legato::runtime::Unranked *in,                         \
                                            legato::runtime::Unranked *kth) {                      \
    using namespace legato::runtime;                                                               \
    runSort<T>(axis, false, viewOf<T>(out), viewOf<T>(in), kth);                           \
  }                                                                                                \
  void _mlir_ciface_legato_argpartition_##name(int64_t axis, legato::runtime::Unranked *out,       \
                                               legato::runtime::Unranked *in,                      \
                                               legato::runtime::Unranked *kth) {                   \
    using namespace legato::runtime;                                                               \
    runSort<T>(axis, true, viewOf<int64_t>(out), viewOf<T>(in), kth);                       \
  }
extern "C" {
LEGATO_SORT_TYPES(LEGATO_SORT_ENTRY)
}
#undef LEGATO_SORT_ENTRY

//===- Sort.h - the runtime's sort step of legato.sort ---------*- C++ -*-===//
//
// `legato.sort` (Dialect/Legato/IR/LegatoOps.td) runs here on host memory:
// generated CPU code calls `_mlir_ciface_legato_sort_<type>` (the sorted
// values) and `_mlir_ciface_legato_argsort_<type>` (the int64 positions that
// sort each line, ties in their original order) with memref descriptors;
// `_mlir_ciface_legato_{partition,argpartition}_<type>` partition the lines
// at the kth positions of an i64 buffer (np.partition). NumPy's order:
// ascending, NaN after every number.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_RUNTIME_SORT_H
#define LEGATO_RUNTIME_SORT_H

#include "Runtime/HostView.h"

#include <cstdint>
#include <string>

namespace legato::runtime {

/// The element types with a sort entry point: (suffix, storage type).
/// Booleans are bytes (0 or 1); float16 is its bits.
#define LEGATO_SORT_TYPES(X)                                                                       \
  X(i1, uint8_t)                                                                                   \
  X(i8, int8_t)                                                                                    \
  X(i16, int16_t)                                                                                  \
  X(i32, int32_t)                                                                                  \
  X(i64, int64_t)                                                                                  \
  X(u8, uint8_t)                                                                                   \
  X(u16, uint16_t)                                                                                 \
  X(u32, uint32_t)                                                                                 \
  X(u64, uint64_t)                                                                                 \
  X(f16, Half)                                                                                     \
  X(f32, float)                                                                                    \
  X(f64, double)

/// A float16 element: its IEEE binary16 bits.
struct Half {
  uint16_t bits;
};

/// Sorts of at least 2^15 elements run on `threads` threads (the CPU
/// backend passes its thread count), smaller ones on one.
void setSortThreads(int threads);

/// The first failure recorded on this thread by generated code's calls
/// since the last call ("" when none), cleared.
std::string takeSortFailure();

} // namespace legato::runtime

extern "C" {
#define LEGATO_SORT_DECL(name, T)                                                                  \
  void _mlir_ciface_legato_sort_##name(int64_t axis, legato::runtime::Unranked *out,               \
                                       legato::runtime::Unranked *in);                             \
  void _mlir_ciface_legato_argsort_##name(int64_t axis, legato::runtime::Unranked *out,            \
                                          legato::runtime::Unranked *in);                          \
  void _mlir_ciface_legato_partition_##name(int64_t axis, legato::runtime::Unranked *out,          \
                                            legato::runtime::Unranked *in,                         \
                                            legato::runtime::Unranked *kth);                       \
  void _mlir_ciface_legato_argpartition_##name(int64_t axis, legato::runtime::Unranked *out,       \
                                               legato::runtime::Unranked *in,                      \
                                               legato::runtime::Unranked *kth);
LEGATO_SORT_TYPES(LEGATO_SORT_DECL)
#undef LEGATO_SORT_DECL
}

#endif // LEGATO_RUNTIME_SORT_H

//===- DeviceFft.cpp - legato.fft on the GPU through cuFFT ----------------===//
//
// cuFFT (libcufft, opened at run time as cuBLAS is: CudaApi.h) runs each
// transform where its buffers are: a 1-D plan along the axis, batched over
// the loop axis with the most lines (cuFFT's advanced layout: element x of
// line b at b * dist + x * stride, any strides), executed once per index of
// the other loop axes, all on the program's stream. Plans are made once per
// geometry and kept. cuFFT's complex-to-real transforms overwrite their
// input, which is the program's operand: they read a device copy of it.
// Without libcufft, or for views cuFFT does not take (negative strides),
// the step goes through the host (LaunchSequence.cpp, Runtime/Fft.cpp).
//
//===----------------------------------------------------------------------===//
#include "Codegen/CUDA/DeviceFft.h"

#include "Codegen/CUDA/CudaApi.h"
#include "legato/legato.h"

#include <cufft.h>
#include <dlfcn.h>

#include <map>
#include <mutex>
#include <vector>

namespace legato::cuda {
namespace {

// mlir::legato::FftKind's values.
enum Kind : int64_t { kForward = 0, kInverse = 1, kRealForward = 2, kRealInverse = 3 };

// The cuFFT entry points used.
#define LEGATO_CUFFT_FUNCTIONS(X)                                                             \
  X(cufftCreate) X(cufftMakePlanMany64) X(cufftSetStream) X(cufftDestroy) X(cufftExecZ2Z)     \
  X(cufftExecC2C) X(cufftExecD2Z) X(cufftExecR2C) X(cufftExecZ2D) X(cufftExecC2R)

/// The entry points, or none (`usable` false) without libcufft.
struct Cufft {
#define LEGATO_CUFFT_FIELD(name) decltype(&::name) name = nullptr;
  LEGATO_CUFFT_FUNCTIONS(LEGATO_CUFFT_FIELD)
#undef LEGATO_CUFFT_FIELD
  bool usable = false;

  Cufft() {
    void *lib = nullptr;
    for (const char *name : {"libcufft.so.12", "libcufft.so.11", "libcufft.so",
                             "/usr/local/cuda/lib64/libcufft.so"})
      if ((lib = dlopen(name, RTLD_NOW | RTLD_GLOBAL)))
        break;
    if (!lib)
      return;
#define LEGATO_CUFFT_LOAD(name)                                                               \
  if (!(name = reinterpret_cast<decltype(name)>(dlsym(lib, #name))))                          \
    return;
    LEGATO_CUFFT_FUNCTIONS(LEGATO_CUFFT_LOAD)
#undef LEGATO_CUFFT_LOAD
    usable = true;
  }
};

const Cufft &cufft() {
  static Cufft loaded;
  return loaded;
}

void check(cufftResult result, const char *what) {
  if (result != CUFFT_SUCCESS)
    throw Error(std::string("legato(cuda): ") + what + " failed (cufftResult " +
                std::to_string(int(result)) + ")");
}

cufftType typeOf(int64_t kind, bool single) {
  switch (kind) {
  case kRealForward: return single ? CUFFT_R2C : CUFFT_D2Z;
  case kRealInverse: return single ? CUFFT_C2R : CUFFT_Z2D;
  default: return single ? CUFFT_C2C : CUFFT_Z2Z;
  }
}

std::mutex planMutex;
std::map<std::vector<long long>, cufftHandle> plans;

/// The cached plan of `batch` transforms of length n of `type`.
cufftHandle planFor(cufftType type, long long n, long long lineIn, long long lineOut,
                    long long strideIn, long long distIn, long long strideOut,
                    long long distOut, long long batch) {
  std::vector<long long> key{type, n, lineIn, lineOut, strideIn, distIn, strideOut, distOut,
                             batch};
  std::lock_guard<std::mutex> lock(planMutex);
  auto it = plans.find(key);
  if (it != plans.end())
    return it->second;
  const Cufft &api = cufft();
  cufftHandle plan;
  check(api.cufftCreate(&plan), "cufftCreate");
  size_t workspace = 0;
  cufftResult made = api.cufftMakePlanMany64(plan, 1, &n, &lineIn, strideIn, distIn, &lineOut,
                                             strideOut, distOut, type, batch, &workspace);
  if (made != CUFFT_SUCCESS) {
    api.cufftDestroy(plan);
    check(made, "cufftMakePlanMany64");
  }
  plans.emplace(std::move(key), plan);
  return plan;
}

void execute(cufftHandle plan, int64_t kind, bool single, void *in, void *out) {
  const Cufft &api = cufft();
  int direction = kind == kInverse ? CUFFT_INVERSE : CUFFT_FORWARD;
  switch (kind) {
  case kRealForward:
    return single ? check(api.cufftExecR2C(plan, static_cast<cufftReal *>(in),
                                           static_cast<cufftComplex *>(out)),
                          "cufftExecR2C")
                  : check(api.cufftExecD2Z(plan, static_cast<cufftDoubleReal *>(in),
                                           static_cast<cufftDoubleComplex *>(out)),
                          "cufftExecD2Z");
  case kRealInverse:
    return single ? check(api.cufftExecC2R(plan, static_cast<cufftComplex *>(in),
                                           static_cast<cufftReal *>(out)),
                          "cufftExecC2R")
                  : check(api.cufftExecZ2D(plan, static_cast<cufftDoubleComplex *>(in),
                                           static_cast<cufftDoubleReal *>(out)),
                          "cufftExecZ2D");
  default:
    return single ? check(api.cufftExecC2C(plan, static_cast<cufftComplex *>(in),
                                           static_cast<cufftComplex *>(out), direction),
                          "cufftExecC2C")
                  : check(api.cufftExecZ2Z(plan, static_cast<cufftDoubleComplex *>(in),
                                           static_cast<cufftDoubleComplex *>(out), direction),
                          "cufftExecZ2Z");
  }
}

/// Elements from a view's first to its last (0 when empty).
int64_t span(const View &v) {
  int64_t last = 0;
  for (size_t d = 0; d < v.sizes.size(); ++d) {
    if (v.sizes[d] == 0)
      return 0;
    last += (v.sizes[d] - 1) * v.strides[d];
  }
  return last + 1;
}

} // namespace

bool fftOnDevice(Device &device, const Step &s, const std::vector<void *> &slots) {
  const View &in = s.a, &out = s.c;
  int64_t axis = s.flags, kind = s.routine, rank = int64_t(in.sizes.size());
  bool single = s.dtype == DType::f32;
  for (int64_t d = 0; d < rank; ++d)
    if (in.strides[size_t(d)] < 0 || out.strides[size_t(d)] < 0)
      return false;
  if (!cufft().usable)
    return false;
  if (span(in) == 0 || span(out) == 0)
    return true; // nothing to transform
  // The batch: the loop axis of the most lines; the other loop axes are
  // executed one index at a time.
  int64_t batchAxis = -1;
  std::vector<int64_t> outer;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && in.sizes[size_t(d)] > 1) {
      if (batchAxis < 0 || in.sizes[size_t(d)] > in.sizes[size_t(batchAxis)]) {
        if (batchAxis >= 0)
          outer.push_back(batchAxis);
        batchAxis = d;
      } else {
        outer.push_back(d);
      }
    }
  auto sizeOf = [](const View &v, int64_t d) { return d < 0 ? int64_t(1) : v.sizes[size_t(d)]; };
  auto strideOf = [](const View &v, int64_t d) {
    return d < 0 ? int64_t(1) : v.strides[size_t(d)];
  };
  long long n = kind == kRealInverse ? out.sizes[size_t(axis)] : in.sizes[size_t(axis)];
  cufftHandle plan =
      planFor(typeOf(kind, single), n, in.sizes[size_t(axis)], out.sizes[size_t(axis)],
              in.strides[size_t(axis)], strideOf(in, batchAxis), out.strides[size_t(axis)],
              strideOf(out, batchAxis), sizeOf(in, batchAxis));
  check(cufft().cufftSetStream(plan, device.stream()), "cufftSetStream");

  char *input = static_cast<char *>(slots[size_t(in.slot)]) + in.offset * in.elementBytes;
  char *output = static_cast<char *>(slots[size_t(out.slot)]) + out.offset * out.elementBytes;
  void *copy = nullptr; // c2r's input, which cuFFT overwrites
  if (kind == kRealInverse) {
    int64_t bytes = span(in) * in.elementBytes;
    copy = device.allocate(bytes, "a copy of an inverse real FFT's input");
    check(api().cuMemcpyDtoDAsync(CUdeviceptr(copy), CUdeviceptr(input), size_t(bytes),
                                  device.stream()),
          "copying an inverse real FFT's input");
    input = static_cast<char *>(copy);
  }
  try {
    std::vector<int64_t> index(outer.size(), 0);
    for (bool more = true; more;) {
      int64_t offsetIn = 0, offsetOut = 0;
      for (size_t i = 0; i < outer.size(); ++i) {
        offsetIn += index[i] * in.strides[size_t(outer[i])];
        offsetOut += index[i] * out.strides[size_t(outer[i])];
      }
      execute(plan, kind, single, input + offsetIn * in.elementBytes,
              output + offsetOut * out.elementBytes);
      more = false;
      for (size_t i = outer.size(); i-- > 0;) {
        if (++index[i] < in.sizes[size_t(outer[i])]) {
          more = true;
          break;
        }
        index[i] = 0;
      }
    }
  } catch (...) {
    if (copy)
      device.deallocate(copy);
    throw;
  }
  if (copy)
    device.deallocate(copy); // (stream-ordered: the transforms are queued before any reuse)
  return true;
}

} // namespace legato::cuda

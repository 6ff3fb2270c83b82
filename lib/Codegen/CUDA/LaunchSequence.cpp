//===- LaunchSequence.cpp - a compiled program's host side ------------------===//
#include "Codegen/CUDA/LaunchSequence.h"
#include "Analysis/ElementBytes.h"
#include "Codegen/CUDA/DeviceFft.h"
#include "Runtime/Fft.h"
#include "Runtime/Lapack.h"

#include "legato/legato.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cstring>

using namespace mlir;

namespace legato::cuda {

namespace {

std::string describe(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, OpPrintingFlags().skipRegions());
  return text;
}

[[noreturn]] void unsupported(Operation *op, const std::string &why) {
  throw Error("legato(cuda): internal error: cannot run `" + describe(op) + "` on the GPU: " +
              why);
}

class Builder {
public:
  explicit Builder(ModuleOp module, func::FuncOp main) : main_(main) {
    for (auto binary : module.getOps<gpu::BinaryOp>())
      modules_[binary.getNameAttr()] = sequence_.modules++;
  }

  LaunchSequence build() {
    for (BlockArgument arg : main_.getArguments())
      views_[arg] = viewOf(arg, sequence_.slots++);
    sequence_.arguments = sequence_.slots;
    for (Operation &op : main_.getBody().front())
      visit(&op);
    return std::move(sequence_);
  }

private:
  View viewOf(Value memref, int slot) {
    auto type = cast<MemRefType>(memref.getType());
    View v;
    v.slot = slot;
    v.sizes.assign(type.getShape().begin(), type.getShape().end());
    v.elementBytes = int(mlir::legato::elementBytes(type.getElementType()));
    SmallVector<int64_t> strides;
    int64_t offset;
    if (type.hasStaticShape() && type.getNumElements() == 0) {
      // Nothing is read or written through an empty view, whose strides MLIR
      // leaves dynamic: row-major ones do.
      strides.assign(type.getRank(), 1);
      for (int64_t d = type.getRank() - 2; d >= 0; --d)
        strides[d] = strides[d + 1] * std::max<int64_t>(type.getDimSize(d + 1), 1);
      offset = 0;
    } else if (failed(type.getStridesAndOffset(strides, offset)) ||
               llvm::any_of(strides, ShapedType::isDynamic) || ShapedType::isDynamic(offset) ||
               !type.hasStaticShape()) {
      unsupported(memref.getDefiningOp() ? memref.getDefiningOp() : main_,
                  "the buffer's layout is not static");
    }
    v.strides.assign(strides.begin(), strides.end());
    v.offset = offset;
    return v;
  }

  const View &lookup(Operation *user, Value memref) {
    auto it = views_.find(memref);
    if (it == views_.end())
      unsupported(user, "an operand is not a buffer of this program");
    return it->second;
  }

  uint64_t constant(Operation *user, Value v) {
    auto it = constants_.find(v);
    if (it == constants_.end())
      unsupported(user, "an operand is not a constant");
    return it->second;
  }

  void visit(Operation *op) {
    llvm::TypeSwitch<Operation *>(op)
        .Case([&](arith::ConstantOp c) {
          uint64_t bits = 0;
          if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
            bits = i.getValue().getZExtValue(); // (true is 1, not all ones)
          else if (auto f = dyn_cast<FloatAttr>(c.getValue()))
            bits = f.getValue().bitcastToAPInt().getZExtValue(); // (its own width: f16 too)
          else {
            return; // (a vector or tensor constant no host step reads)
          }
          constants_[c.getResult()] = bits;
        })
        // (complex constants are cloned into the kernels that read them,
        // LegatoGpuSinkViewsPass: the host's copy has no step)
        .Case([&](complex::ConstantOp) {})
        .Case([&](memref::AllocOp alloc) {
          View v = viewOf(alloc.getResult(), sequence_.slots++);
          Step step{Step::Kind::allocate};
          step.slot = v.slot;
          step.bytes = alloc.getType().getNumElements() * v.elementBytes;
          sequence_.steps.push_back(step);
          views_[alloc.getResult()] = v;
        })
        .Case([&](memref::DeallocOp dealloc) {
          Step step{Step::Kind::free};
          step.slot = lookup(op, dealloc.getMemref()).slot;
          sequence_.steps.push_back(step);
        })
        .Case([&](memref::GetGlobalOp) {
          // The shape operand of a memref.reshape: its view needs no data.
          if (!llvm::all_of(op->getUsers(), [&](Operation *user) {
                auto reshape = dyn_cast<memref::ReshapeOp>(user);
                return reshape && reshape.getShape() == op->getResult(0);
              }))
            unsupported(op, "a global constant the host would have to read");
        })
        .Case([&](memref::ReshapeOp reshape) {
          views_[reshape.getResult()] =
              viewOf(reshape.getResult(), lookup(op, reshape.getSource()).slot);
        })
        .Case([&](memref::TransposeOp transpose) { // (not a ViewLikeOpInterface)
          views_[transpose.getResult()] =
              viewOf(transpose.getResult(), lookup(op, transpose.getIn()).slot);
        })
        .Case([&](memref::CastOp cast) {
          // To the dynamic layout BLAS callees take: the static view stays.
          // (A copy first: inserting may rehash the map under a reference.)
          View source = lookup(op, cast.getSource());
          views_[cast.getResult()] = std::move(source);
        })
        .Case([&](ViewLikeOpInterface view) {
          if (op->getNumResults() != 1 || !isa<MemRefType>(op->getResult(0).getType()))
            unsupported(op, "not a single memref view");
          views_[op->getResult(0)] =
              viewOf(op->getResult(0), lookup(op, view.getViewSource()).slot);
        })
        .Case([&](gpu::LaunchFuncOp launch) { visitLaunch(launch); })
        .Case([&](func::CallOp call) { visitBlasCall(call); })
        .Case([&](func::ReturnOp) {})
        .Default([&](Operation *) { unsupported(op, "no GPU runtime step for this op"); });
  }

  void visitLaunch(gpu::LaunchFuncOp launch) {
    Operation *op = launch;
    if (launch.getDynamicSharedMemorySize() &&
        constant(op, launch.getDynamicSharedMemorySize()) != 0)
      unsupported(op, "dynamic shared memory");
    if (!launch.getAsyncDependencies().empty() || launch.hasClusterSize())
      unsupported(op, "async tokens or clusters");
    Step step{Step::Kind::launch};
    step.kernel = launch.getKernelName().str();
    auto module = modules_.find(launch.getKernelModuleName());
    if (module == modules_.end())
      unsupported(op, "a kernel of no compiled module");
    step.module = module->second;
    gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
    gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
    Value dims[6] = {grid.x, grid.y, grid.z, block.x, block.y, block.z};
    for (int i = 0; i < 3; ++i) {
      step.grid[i] = unsigned(constant(op, dims[i]));
      step.block[i] = unsigned(constant(op, dims[3 + i]));
    }
    for (Value operand : launch.getKernelOperands()) {
      if (!isa<MemRefType>(operand.getType())) {
        step.params.push_back(constant(op, operand));
        continue;
      }
      const View &view = lookup(op, operand);
      for (int pointer = 0; pointer < 2; ++pointer) { // allocated, aligned
        step.addressParams.push_back({unsigned(step.params.size()), view.slot});
        step.params.push_back(0);
      }
      step.params.push_back(uint64_t(view.offset));
      for (int64_t size : view.sizes)
        step.params.push_back(uint64_t(size));
      for (int64_t stride : view.strides)
        step.params.push_back(uint64_t(stride));
    }
    sequence_.steps.push_back(std::move(step));
    sequence_.launches++;
  }

  /// legato_lapack_<type>(routine, flags, out, a, b).
  void visitLapackCall(func::CallOp call) {
    Operation *op = call;
    StringRef type = call.getCallee().drop_front(strlen("legato_lapack_"));
    type.consume_front("eig_"); // (the operands' type; the routine says eig)
    Step step{Step::Kind::lapack};
    step.dtype = type == "f32"   ? DType::f32
                 : type == "f64" ? DType::f64
                 : type == "c64" ? DType::c64
                                 : DType::c128;
    if (call.getNumOperands() != 5)
      unsupported(op, "expected a routine, flags and three buffers");
    step.routine = int64_t(constant(op, call.getOperand(0)));
    step.flags = int64_t(constant(op, call.getOperand(1)));
    step.c = lookup(op, call.getOperand(2));
    step.a = lookup(op, call.getOperand(3));
    step.b = lookup(op, call.getOperand(4));
    sequence_.steps.push_back(std::move(step));
    sequence_.launches++;
  }

  /// legato_fft_<c2c|r2c|c2r>_<f32|f64>(kind, axis, out, in).
  void visitFftCall(func::CallOp call) {
    Operation *op = call;
    Step step{Step::Kind::fft};
    step.dtype = call.getCallee().ends_with("f32") ? DType::f32 : DType::f64;
    if (call.getNumOperands() != 4)
      unsupported(op, "expected a kind, an axis and two buffers");
    step.routine = int64_t(constant(op, call.getOperand(0)));
    step.flags = int64_t(constant(op, call.getOperand(1)));
    step.c = lookup(op, call.getOperand(2));
    step.a = lookup(op, call.getOperand(3));
    sequence_.steps.push_back(std::move(step));
    sequence_.launches++;
  }

  void visitBlasCall(func::CallOp call) {
    Operation *op = call;
    StringRef callee = call.getCallee();
    if (callee.starts_with("legato_lapack_"))
      return visitLapackCall(call);
    if (callee.starts_with("legato_fft_"))
      return visitFftCall(call);
    Step step{Step::Kind::gemm};
    if (callee.starts_with("legato_gemv"))
      step.kind = Step::Kind::gemv;
    else if (callee.starts_with("legato_gevm"))
      step.kind = Step::Kind::gevm;
    else if (!callee.starts_with("legato_gemm"))
      unsupported(op, "not a BLAS primitive of the runtime");
    step.dtype = callee.ends_with("_f64")    ? DType::f64
                 : callee.ends_with("_f32")  ? DType::f32
                 : callee.ends_with("_c128") ? DType::c128
                                             : DType::c64;
    // (beta is real: a complex product's is its parts' type)
    step.isF64 = step.dtype == DType::f64 || step.dtype == DType::c128;
    if (call.getNumOperands() != 4)
      unsupported(op, "expected three buffers and beta");
    step.a = lookup(op, call.getOperand(0));
    step.b = lookup(op, call.getOperand(1));
    step.c = lookup(op, call.getOperand(2));
    uint64_t bits = constant(op, call.getOperand(3));
    if (step.isF64) {
      std::memcpy(&step.beta, &bits, sizeof step.beta);
    } else {
      float f;
      std::memcpy(&f, &bits, sizeof f);
      step.beta = f;
    }
    sequence_.steps.push_back(std::move(step));
    sequence_.launches++;
  }

  func::FuncOp main_;
  llvm::DenseMap<StringAttr, int> modules_; ///< gpu.binary name -> index
  LaunchSequence sequence_;
  llvm::DenseMap<Value, View> views_;
  llvm::DenseMap<Value, uint64_t> constants_;
};

/// A 2-D view as cuBLAS (column-major) sees its memory: a rows x cols
/// matrix with leading dimension ld, which is the view itself or, for a
/// row-major view, its transpose.
struct Stored {
  int rows, cols, ld;
  bool isTranspose; // the stored matrix is the view's transpose
};
Stored stored(const View &v) {
  int64_t r = v.sizes[0], c = v.sizes[1];
  if (v.strides[1] == 1 || c == 1) // row-major: column-major transpose
    return {int(c), int(r), int(std::max<int64_t>({r > 1 ? v.strides[0] : c, c, 1})), true};
  if (v.strides[0] == 1 || r == 1)
    return {int(r), int(c), int(std::max<int64_t>({c > 1 ? v.strides[1] : r, r, 1})), false};
  throw Error("legato(cuda): internal error: a GEMM operand has no unit stride");
}

char *address(const std::vector<void *> &slots, const View &v) {
  return static_cast<char *>(slots[v.slot]) + v.offset * v.elementBytes;
}

/// c = a b + beta c, all 2-D row- or column-major views.
void gemm(Device &device, const Step &s, const std::vector<void *> &slots) {
  int64_t m = s.c.sizes[0], n = s.c.sizes[1], k = s.a.sizes[1];
  if (m == 0 || n == 0)
    return;
  Stored a = stored(s.a), b = stored(s.b), c = stored(s.c);
  const double one = 1;
  const float onef = 1, betaf = float(s.beta);
  auto op = [](bool transpose) { return transpose ? CUBLAS_OP_T : CUBLAS_OP_N; };
  const void *first, *second;
  Stored x, y;
  int rows, cols;
  if (c.isTranspose) { // row-major c: compute its transpose, b^T a^T
    first = address(slots, s.b), second = address(slots, s.a);
    x = b, y = a, rows = int(n), cols = int(m);
  } else {
    first = address(slots, s.a), second = address(slots, s.b);
    x = a, y = b, rows = int(m), cols = int(n);
  }
  // In the c^T case the operand needed is b^T: stored as is when b is
  // row-major (isTranspose), else transposed. Likewise in the direct case.
  bool tx = c.isTranspose ? !x.isTranspose : x.isTranspose;
  bool ty = c.isTranspose ? !y.isTranspose : y.isTranspose;
  cublasHandle_t h = device.blas();
  void *out = address(slots, s.c);
  if (s.dtype == DType::c128 || s.dtype == DType::c64) {
    const cuDoubleComplex zone = {1, 0}, zbeta = {s.beta, 0};
    const cuComplex cone = {1, 0}, cbeta = {float(s.beta), 0};
    if (s.dtype == DType::c128)
      check(api().cublasZgemm(h, op(tx), op(ty), rows, cols, int(k), &zone,
                              static_cast<const cuDoubleComplex *>(first), x.ld,
                              static_cast<const cuDoubleComplex *>(second), y.ld, &zbeta,
                              static_cast<cuDoubleComplex *>(out), c.ld),
            "cublasZgemm");
    else
      check(api().cublasCgemm(h, op(tx), op(ty), rows, cols, int(k), &cone,
                              static_cast<const cuComplex *>(first), x.ld,
                              static_cast<const cuComplex *>(second), y.ld, &cbeta,
                              static_cast<cuComplex *>(out), c.ld),
            "cublasCgemm");
  } else if (s.isF64)
    check(api().cublasDgemm(h, op(tx), op(ty), rows, cols, int(k), &one,
                            static_cast<const double *>(first), x.ld,
                            static_cast<const double *>(second), y.ld, &s.beta,
                            static_cast<double *>(out), c.ld),
          "cublasDgemm");
  else
    check(api().cublasSgemm(h, op(tx), op(ty), rows, cols, int(k), &onef,
                            static_cast<const float *>(first), x.ld,
                            static_cast<const float *>(second), y.ld, &betaf,
                            static_cast<float *>(out), c.ld),
          "cublasSgemm");
}

/// c = a b (gemv: a a matrix) or c = a b (gevm: a a vector, b a matrix).
void gemv(Device &device, const Step &s, const std::vector<void *> &slots) {
  const View &matrix = s.kind == Step::Kind::gemv ? s.a : s.b;
  const View &vector = s.kind == Step::Kind::gemv ? s.b : s.a;
  if (s.c.sizes[0] == 0)
    return;
  Stored m = stored(matrix);
  // y = M x needs op N on the stored matrix when it is M itself; y = x M =
  // M^T x needs the opposite.
  bool transpose = m.isTranspose;
  if (s.kind == Step::Kind::gevm)
    transpose = !transpose;
  cublasOperation_t op = transpose ? CUBLAS_OP_T : CUBLAS_OP_N;
  int incx = int(std::max<int64_t>(vector.strides[0], 1));
  int incy = int(std::max<int64_t>(s.c.strides[0], 1));
  const double one = 1;
  const float onef = 1, betaf = float(s.beta);
  cublasHandle_t h = device.blas();
  if (s.dtype == DType::c128) {
    const cuDoubleComplex zone = {1, 0}, zbeta = {s.beta, 0};
    check(api().cublasZgemv(h, op, m.rows, m.cols, &zone,
                            reinterpret_cast<const cuDoubleComplex *>(address(slots, matrix)),
                            m.ld,
                            reinterpret_cast<const cuDoubleComplex *>(address(slots, vector)),
                            incx, &zbeta,
                            reinterpret_cast<cuDoubleComplex *>(address(slots, s.c)), incy),
          "cublasZgemv");
  } else if (s.dtype == DType::c64) {
    const cuComplex cone = {1, 0}, cbeta = {float(s.beta), 0};
    check(api().cublasCgemv(h, op, m.rows, m.cols, &cone,
                            reinterpret_cast<const cuComplex *>(address(slots, matrix)), m.ld,
                            reinterpret_cast<const cuComplex *>(address(slots, vector)), incx,
                            &cbeta, reinterpret_cast<cuComplex *>(address(slots, s.c)), incy),
          "cublasCgemv");
  } else if (s.isF64)
    check(api().cublasDgemv(h, op, m.rows, m.cols, &one,
                            reinterpret_cast<const double *>(address(slots, matrix)), m.ld,
                            reinterpret_cast<const double *>(address(slots, vector)), incx,
                            &s.beta, reinterpret_cast<double *>(address(slots, s.c)), incy),
          "cublasDgemv");
  else
    check(api().cublasSgemv(h, op, m.rows, m.cols, &onef,
                            reinterpret_cast<const float *>(address(slots, matrix)), m.ld,
                            reinterpret_cast<const float *>(address(slots, vector)), incx,
                            &betaf, reinterpret_cast<float *>(address(slots, s.c)), incy),
          "cublasSgemv");
}

/// A library step through the host (LAPACK: cuSOLVER is not wired in yet;
/// FFTs that cuFFT cannot run: DeviceFft.cpp): the elements the operand views a (and b, where it names a buffer)
/// span copied to host memory, `run(c, a, b)` there on host views, the
/// result c copied back. Synchronous.
template <class Run>
void throughHost(Device &device, const Step &s, const std::vector<void *> &slots, Run run) {
  auto span = [](const View &v) { // elements from the view's first to its last
    int64_t last = 0;
    for (size_t d = 0; d < v.sizes.size(); ++d) {
      if (v.sizes[d] == 0)
        return int64_t(0);
      last += (v.sizes[d] - 1) * v.strides[d];
    }
    return last + 1;
  };
  CUstream stream = device.stream();
  std::vector<char> host[3];
  const View *views[3] = {&s.a, &s.b, &s.c};
  runtime::HostView hostViews[3] = {};
  for (int i = 0; i < 3; ++i) {
    const View &v = *views[i];
    if (v.slot < 0)
      continue;
    host[i].resize(size_t(span(v) * v.elementBytes));
    if (i < 2 && !host[i].empty())
      check(api().cuMemcpyDtoHAsync(host[i].data(), CUdeviceptr(address(slots, v)),
                                    host[i].size(), stream),
            "copying a library step's operand to the host");
    hostViews[i] = {host[i].data(), int64_t(v.sizes.size()), v.sizes.data(), v.strides.data()};
  }
  check(api().cuStreamSynchronize(stream), "cuStreamSynchronize");
  run(hostViews[2], hostViews[0], hostViews[1]);
  if (!host[2].empty()) {
    check(api().cuMemcpyHtoDAsync(CUdeviceptr(address(slots, s.c)), host[2].data(),
                                  host[2].size(), stream),
          "copying a library step's result to the device");
    check(api().cuStreamSynchronize(stream), "cuStreamSynchronize"); // (host[2] dies here)
  }
}

void launch(Device &device, const Step &s, const std::vector<void *> &slots) {
  // Reused across launches: no allocation on this path once warm.
  thread_local std::vector<uint64_t> values;
  thread_local std::vector<void *> params;
  values.assign(s.params.begin(), s.params.end());
  for (auto [param, slot] : s.addressParams)
    values[param] = reinterpret_cast<uint64_t>(slots[slot]);
  params.resize(values.size());
  for (size_t i = 0; i < values.size(); ++i)
    params[i] = &values[i];
  CUresult result = api().cuLaunchKernel(s.function, s.grid[0], s.grid[1], s.grid[2],
                                         s.block[0], s.block[1], s.block[2], 0,
                                         device.stream(), params.data(), nullptr);
  if (result != CUDA_SUCCESS)
    check(result, "launching kernel " + s.kernel); // (the message only on failure)
}

} // namespace

LaunchSequence buildLaunchSequence(ModuleOp module) {
  auto main = module.lookupSymbol<func::FuncOp>("main");
  if (!main || main.getBody().getBlocks().size() != 1)
    throw Error("legato(cuda): internal error: the program has no single-block @main");
  return Builder(module, main).build();
}

//===-- Saved programs ----------------------------------------------------===//

namespace {

void saveView(const View &view, codegen::ImageWriter &image) {
  image.integer(uint64_t(view.slot));
  image.integer(uint64_t(view.offset));
  image.integer(view.sizes.size());
  for (size_t i = 0; i < view.sizes.size(); ++i) {
    image.integer(uint64_t(view.sizes[i]));
    image.integer(uint64_t(view.strides[i]));
  }
  image.integer(uint64_t(view.elementBytes));
}

View loadView(codegen::ImageReader &image) {
  View view;
  view.slot = int(int64_t(image.integer()));
  view.offset = int64_t(image.integer());
  uint64_t rank = image.integer();
  for (uint64_t i = 0; i < rank && !image.failed(); ++i) {
    view.sizes.push_back(int64_t(image.integer()));
    view.strides.push_back(int64_t(image.integer()));
  }
  view.elementBytes = int(image.integer());
  return view;
}

} // namespace

void saveLaunchSequence(const LaunchSequence &sequence, codegen::ImageWriter &image) {
  image.integer(uint64_t(sequence.slots));
  image.integer(uint64_t(sequence.arguments));
  image.integer(uint64_t(sequence.launches));
  image.integer(uint64_t(sequence.modules));
  image.integer(sequence.steps.size());
  for (const Step &s : sequence.steps) {
    image.integer(uint64_t(s.kind));
    image.integer(uint64_t(s.slot));
    image.integer(uint64_t(s.bytes));
    image.bytes(s.kernel);
    image.integer(uint64_t(s.module));
    for (int d = 0; d < 3; ++d) {
      image.integer(s.grid[d]);
      image.integer(s.block[d]);
    }
    image.integer(s.params.size());
    for (uint64_t param : s.params)
      image.integer(param);
    image.integer(s.addressParams.size());
    for (auto [param, slot] : s.addressParams) {
      image.integer(param);
      image.integer(uint64_t(slot));
    }
    for (const View *view : {&s.a, &s.b, &s.c})
      saveView(*view, image);
    image.integer(llvm::bit_cast<uint64_t>(s.beta));
    image.integer(s.isF64);
    image.integer(uint64_t(s.routine));
    image.integer(uint64_t(s.flags));
    image.integer(uint64_t(s.dtype));
  }
}

std::optional<LaunchSequence> loadLaunchSequence(codegen::ImageReader &image) {
  LaunchSequence sequence;
  sequence.slots = int(image.integer());
  sequence.arguments = int(image.integer());
  sequence.launches = int64_t(image.integer());
  sequence.modules = int(image.integer());
  uint64_t steps = image.integer();
  bool valid = sequence.slots >= 0 && sequence.arguments >= 0 &&
               sequence.arguments <= sequence.slots && sequence.modules >= 0;
  auto isSlot = [&](int64_t slot) { return slot >= 0 && slot < sequence.slots; };
  // (the BLAS steps read this many sizes and strides of their views)
  auto isView = [&](const View &view, size_t rank) {
    return isSlot(view.slot) && view.sizes.size() == rank;
  };
  for (uint64_t i = 0; i < steps && valid && !image.failed(); ++i) {
    Step s;
    uint64_t kind = image.integer();
    valid = kind <= uint64_t(Step::Kind::fft);
    s.kind = Step::Kind(kind);
    s.slot = int(int64_t(image.integer()));
    s.bytes = int64_t(image.integer());
    s.kernel = std::string(image.bytes());
    s.module = int(int64_t(image.integer()));
    for (int d = 0; d < 3; ++d) {
      s.grid[d] = unsigned(image.integer());
      s.block[d] = unsigned(image.integer());
    }
    uint64_t params = image.integer();
    for (uint64_t p = 0; p < params && !image.failed(); ++p)
      s.params.push_back(image.integer());
    uint64_t addresses = image.integer();
    for (uint64_t p = 0; p < addresses && !image.failed(); ++p) {
      auto param = unsigned(image.integer());
      auto slot = int(int64_t(image.integer()));
      valid = valid && param < s.params.size() && isSlot(slot);
      s.addressParams.emplace_back(param, slot);
    }
    for (View *view : {&s.a, &s.b, &s.c})
      *view = loadView(image);
    s.beta = llvm::bit_cast<double>(image.integer());
    s.isF64 = image.integer() != 0;
    s.routine = int64_t(image.integer());
    s.flags = int64_t(image.integer());
    uint64_t dtype = image.integer();
    valid = valid && dtype <= uint64_t(DType::c128);
    s.dtype = DType(dtype);
    switch (s.kind) {
    case Step::Kind::allocate:
    case Step::Kind::free: valid = valid && isSlot(s.slot); break;
    case Step::Kind::launch: valid = valid && s.module >= 0 && s.module < sequence.modules; break;
    case Step::Kind::gemm:
      valid = valid && isView(s.a, 2) && isView(s.b, 2) && isView(s.c, 2);
      break;
    case Step::Kind::gemv:
      valid = valid && isView(s.a, 2) && isView(s.b, 1) && isView(s.c, 1);
      break;
    case Step::Kind::gevm:
      valid = valid && isView(s.a, 1) && isView(s.b, 2) && isView(s.c, 1);
      break;
    case Step::Kind::lapack:
      valid = valid && isView(s.a, s.a.sizes.size()) && s.a.sizes.size() >= 2 &&
              isView(s.b, s.a.sizes.size()) && isView(s.c, s.c.sizes.size());
      break;
    case Step::Kind::fft:
      valid = valid && isView(s.a, s.a.sizes.size()) && isView(s.c, s.a.sizes.size()) &&
              s.flags >= 0 && s.flags < int64_t(s.a.sizes.size());
      break;
    }
    sequence.steps.push_back(std::move(s));
  }
  if (!valid || image.failed())
    return std::nullopt;
  return sequence;
}

void runLaunchSequence(const LaunchSequence &sequence, Device &device,
                       const std::vector<void *> &arguments) {
  std::vector<void *> slots(size_t(sequence.slots), nullptr);
  std::copy(arguments.begin(), arguments.end(), slots.begin());
  try {
    for (const Step &s : sequence.steps) {
      switch (s.kind) {
      case Step::Kind::allocate:
        slots[s.slot] = device.allocate(s.bytes, "a temporary");
        break;
      case Step::Kind::free:
        device.deallocate(slots[s.slot]);
        slots[s.slot] = nullptr;
        break;
      case Step::Kind::launch: launch(device, s, slots); break;
      case Step::Kind::gemm: gemm(device, s, slots); break;
      case Step::Kind::gemv:
      case Step::Kind::gevm: gemv(device, s, slots); break;
      case Step::Kind::lapack:
        throughHost(device, s, slots,
                    [&](const runtime::HostView &c, const runtime::HostView &a,
                        const runtime::HostView &b) {
                      runtime::runLapack(s.routine, s.flags, s.dtype, c, a, b);
                      if (std::string failure = runtime::takeLapackFailure(); !failure.empty())
                        throw LinAlgError(failure);
                    });
        break;
      case Step::Kind::fft:
        if (fftOnDevice(device, s, slots))
          break;
        throughHost(device, s, slots,
                    [&](const runtime::HostView &c, const runtime::HostView &a,
                        const runtime::HostView &) {
                      runtime::runFft(s.routine, s.flags, s.dtype == DType::f32, c, a);
                    });
        break;
      }
    }
  } catch (...) {
    for (size_t i = size_t(sequence.arguments); i < slots.size(); ++i)
      device.deallocate(slots[i]);
    throw;
  }
}

} // namespace legato::cuda

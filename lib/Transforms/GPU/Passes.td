//===- Passes.td - legato passes on GPU kernels -----------*- tablegen -*-===//
//
// Kept apart from ../Passes.td so that only the GPU code paths pull in the gpu
// dialect's headers.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_TRANSFORMS_GPU_PASSES
#define LEGATO_TRANSFORMS_GPU_PASSES

include "mlir/Pass/PassBase.td"

def LegatoGpuMergeLaunchesPass : Pass<"legato-gpu-merge-launches", "mlir::ModuleOp"> {
  let summary = "Merge consecutive independent GPU launches into one";
  let description = [{
    Consecutive `gpu.launch` ops of the grid-stride form (1-D grid, no block
    synchronisation) that touch no common data — no buffer region one writes
    is read or written by the other — become one launch whose blocks are
    split among the original bodies by block index. A stencil sweep's
    interior kernel and its four border copies become one kernel; small
    kernels such as reduction-initialising fills ride along with their
    neighbours. Only side-effect-free ops and allocations may lie between
    merged launches.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::scf::SCFDialect"];
}

def LegatoGpuSinkViewsPass : Pass<"legato-gpu-sink-views", "mlir::ModuleOp"> {
  let summary = "Move the static views that launches read into the launches";
  let description = [{
    A `memref.subview` of static offsets, sizes and strides defined outside a
    `gpu.launch` and used inside it is cloned into the launch. The kernel
    then takes the viewed buffer once, however many windows of it it reads:
    the cells of a fused pair of stencil sweeps read 25 windows of one
    array, which as views would be 25 descriptors of parameters and 25
    pointers that LLVM cannot tell apart. Inside the kernel they are one
    pointer and static offsets, so loads of the same address are shared.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::memref::MemRefDialect"];
}

def LegatoGpuLowerAllReducePass
    : Pass<"legato-gpu-lower-all-reduce", "mlir::gpu::GPUModuleOp"> {
  let summary = "Lower gpu.all_reduce in outlined kernels to shuffles and shared memory";
  let description = [{
    Upstream's rewrite of `gpu.all_reduce`: a shuffle reduction within each
    warp, the warps' partial results through a workgroup buffer it adds to
    the `gpu.func` (so kernels must be outlined first), and branches on the
    lane and warp ids between the steps.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::cf::ControlFlowDialect",
                           "mlir::gpu::GPUDialect", "mlir::memref::MemRefDialect"];
}

def LegatoGpuContractPass : Pass<"legato-gpu-contract", "mlir::gpu::GPUModuleOp"> {
  let summary = "Allow fusing float multiplies into the adds of their products (FMA)";
  let description = [{
    Adds the `contract` fast-math flag to every float add, subtract and
    multiply of the kernels, so that the NVPTX backend may emit one `fma.rn`
    for `a * b + c` (rounded once) where NumPy rounds twice: the default of
    nvcc, NVRTC, XLA and Triton on GPUs. Nothing else changes: no
    reassociation, no approximate division, square root or transcendentals.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def LegatoGpuFastMathPass : Pass<"legato-gpu-fast-math", "mlir::gpu::GPUModuleOp"> {
  let summary = "Let float32 math in kernels use the GPU's approximate instructions";
  let description = [{
    Adds the `afn` (approximate functions) fast-math flag to every f32
    division and f32 `math` op of the kernels (Options::fast_math), as nvcc's
    -use_fast_math does: the NVVM conversion then calls libdevice's fast
    variants (`__nv_fast_expf`, `__nv_fast_logf`, `__nv_fast_sinf`,
    `__nv_fast_cosf`, `__nv_fast_powf`, ...: ex2.approx, lg2.approx,
    sin.approx), NVPTX emits `div.approx.f32` for divisions, and square
    roots stay libdevice's `sqrt.approx.f32` (this pass replaces
    legato-gpu-ieee-sqrt). Errors grow from NumPy's (correctly rounded
    division and square root) to a few ulp, more for exp of large
    arguments and sin and cos far from [-pi, pi]; a division by
    |y| > 2^126 gives 0. f64 ops keep their IEEE instructions (the GPU has
    no faster ones).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def LegatoGpuIeeeSqrtPass : Pass<"legato-gpu-ieee-sqrt", "mlir::gpu::GPUModuleOp"> {
  let summary = "Keep float32 square roots in kernels correctly rounded";
  let description = [{
    Rewrites `math.sqrt` of f32 (scalars, and vectors lane by lane) into
    calls of the intrinsic `llvm.nvvm.sqrt.rn.f`, PTX's `sqrt.rn.f32`:
    IEEE's correctly rounded square root, as NumPy and the CPU backend
    compute it. Left to the NVVM conversion (which does the same to
    `llvm.intr.sqrt`), it becomes libdevice's `__nv_sqrtf`, which is
    `sqrt.approx.f32` unless `__nvvm_reflect("__CUDA_PREC_SQRT")` says
    otherwise (nvcc's default -prec-sqrt=true does; LLVM 22's NVVMReflect
    takes it only from a command-line option). f64 square roots are
    `sqrt.rn.f64` either way.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::vector::VectorDialect"];
}

def LegatoGpuMergeModulesPass : Pass<"legato-gpu-merge-modules", "mlir::ModuleOp"> {
  let summary = "Move every outlined kernel into one gpu.module";
  let description = [{
    Kernel outlining makes a gpu.module per launch, which the GPU backend
    keeps (each is lowered, serialised and compiled in parallel with the
    others: legato-gpu-modules-to-ptx). jit(f).ptx() shows a program's
    kernels as one PTX module instead: this pass merges them, renaming a
    kernel on a clash and keeping one copy of a helper that outlining copied
    into several modules. Device globals the kernels use (the counters of
    reductions combined in their last block) move with them; their host
    copies, which outlining leaves unused, are erased.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def LegatoGpuModulesToPtxPass : Pass<"legato-gpu-modules-to-ptx", "mlir::ModuleOp"> {
  let summary = "Serialise every gpu.module to PTX, the modules in parallel";
  let description = [{
    Upstream's `gpu-module-to-binary{format=isa}`, but with the modules
    serialised at once on the context's threads: each gpu.module becomes a
    gpu.binary holding the PTX of its one target (an `#nvvm.target`),
    translated to LLVM IR, linked with libdevice, optimised and printed by
    LLVM's NVPTX backend in an LLVM context of its own. The GPU backend
    keeps a gpu.module per kernel (legato-gpu-merge-modules runs only for
    jit(f).ptx()), so a program's kernels are generated on every core; the
    PTX is the same as one at a time.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

#endif // LEGATO_TRANSFORMS_GPU_PASSES

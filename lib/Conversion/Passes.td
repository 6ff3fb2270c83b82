//===- Passes.td - legato conversions ---------------------*- tablegen -*-===//
//
// Passes that lower one level of the compiler to the next: the legato dialect
// to linalg on tensors, linalg on buffers to loops, GPU launches or BLAS
// calls, math to libm calls.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CONVERSION_PASSES
#define LEGATO_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertLegatoToLinalgPass : Pass<"convert-legato-to-linalg", "mlir::ModuleOp"> {
  let summary = "Lower legato ops to linalg/tensor/arith/math on tensors";
  let description = [{
    Every elementwise op, broadcast, transpose, slice and creation op becomes a
    `linalg.generic` whose indexing maps carry the data movement, so that
    `legato-fuse-kernels` can merge chains of them into one kernel. Reductions
    become generics with reduction iterators, products become linalg named
    contractions, and reshape/insert_slice/concatenate/pad become tensor ops.
    A scatter becomes an `scf.for` over its values marked `legato.scatter`,
    which inserts each one into the destination in order. A `legato.lapack`
    becomes a call of the runtime's `legato_lapack_<type>` on buffers
    (bufferization.to_buffer of the operands, a new result buffer), a
    `legato.fft` one of `legato_fft_<c2c|r2c|c2r>_<f32|f64>` the same way, a
    `legato.sort` one of `legato_{sort,argsort,partition,argpartition}_<type>`.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::bufferization::BufferizationDialect",
    "mlir::complex::ComplexDialect", "mlir::func::FuncDialect", "mlir::linalg::LinalgDialect",
    "mlir::math::MathDialect", "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
    "mlir::tensor::TensorDialect"
  ];
}

def LegatoConvertLinalgToLoopsPass : Pass<"legato-convert-linalg-to-loops", "mlir::ModuleOp"> {
  let summary = "Lower linalg ops to loops, parallel where the work pays for threads";
  let description = [{
    Every linalg op becomes loops. With `threads` > 1, the parallel dimensions
    of an op with at least `min-parallel-iterations` iterations become an
    `scf.parallel` (OpenMP later); smaller ops stay sequential, since waking
    a thread team costs more than they compute. The kernels of one launch
    (`legato.launch`) become one loop over their rows; a tiled pair of
    sweeps one loop over tiles of rows, each tile computing the first
    sweep's rows it needs into a scratch buffer on the stack, then its rows
    of the second sweep. Reductions keep their accumulators in registers
    (ReductionLoops.h); a reduction over outer dims (a sum over axis 0) runs
    row by row as NumPy does, blocks of its contiguous outputs on the
    threads (OuterReductionLoops.h). The loops of ops below
    `min-parallel-iterations` carry a `loop_annotation` that turns LLVM's
    unrolling off: they run for microseconds, and unrolled they multiplied
    the code LLVM generated. So does a reduction's loop of lanes over a
    short row (16 trips or fewer), which unrolled in full lost its vectors.
  }];
  let options = [
    Option<"threads", "threads", "int", "1", "CPU worker threads">,
    Option<"minParallelIterations", "min-parallel-iterations", "int64_t",
           "::mlir::legato::Target().minParallelIterations",
           "iterations below which an op runs on one thread">,
    Option<"minParallelRows", "min-parallel-rows", "int64_t",
           "::mlir::legato::Target().minParallelRows",
           "rows below which a loop nest keeps all its dimensions parallel">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::memref::MemRefDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def LegatoConvertLinalgToGPUPass : Pass<"legato-convert-linalg-to-gpu", "mlir::ModuleOp"> {
  let summary = "Turn every linalg op on buffers into a GPU launch";
  let description = [{
    Each linalg op of a bufferised program becomes one `gpu.launch`:
    - elementwise ops, and reductions with many outputs, run one output
      element per thread in a grid-stride loop over the flattened parallel
      iteration space (the innermost dimension fastest, so neighbouring
      threads touch neighbouring addresses);
    - reductions to few outputs whose combiner is a single associative arith
      op run a block (or a grid of blocks plus a combining launch) per output:
      each thread accumulates a strided share, then `gpu.all_reduce` combines
      the block. The launch shape depends only on the shapes, so results are
      the same on every run.
    Named ops are generalised first; BLAS calls are left to the runtime.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", "256", "threads per block">,
    Option<"maxBlocks", "max-blocks", "int64_t", "65536",
           "blocks beyond which threads loop over more elements">,
    Option<"threadPerOutput", "thread-per-output", "int64_t",
           "::mlir::legato::Target().gpuThreadPerOutput",
           "outputs from which a reduction runs a thread (not a block) per output">,
    Option<"minBlockReduction", "min-block-reduction", "int64_t",
           "::mlir::legato::Target().gpuMinBlockReduction",
           "reduced elements per output below which no block reduces one output">,
  ];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::scf::SCFDialect",
                           "mlir::memref::MemRefDialect", "mlir::affine::AffineDialect",
                           "mlir::vector::VectorDialect", "mlir::NVVM::NVVMDialect"];
}

def LegatoConvertLinalgToBLASPass : Pass<"legato-convert-linalg-to-blas", "mlir::ModuleOp"> {
  let summary = "Replace f32/f64 linalg contractions on buffers by BLAS calls";
  let description = [{
    `linalg.matmul`/`matvec`/`vecmat` on memrefs become calls to the runtime's
    `legato_gemm_*` entry points (OpenBLAS on the CPU). Products marked
    `legato.overwrite` write their output (beta = 0); others accumulate.
  }];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def LegatoExactMathCallsPass : Pass<"legato-exact-math-calls", "mlir::ModuleOp"> {
  let summary = "Call libm's expm1 and log1p instead of exp(x) - 1 and log(1 + x)";
  let description = [{
    Runs before convert-math-to-llvm on the CPU, which would lower
    `math.expm1` and `math.log1p` to the naive formulas and lose the digits
    of small arguments. Other math ops are left for convert-math-to-llvm.
  }];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::vector::VectorDialect"];
}

#endif // LEGATO_CONVERSION_PASSES

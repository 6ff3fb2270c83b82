//===- Passes.td - legato fusion and buffer passes --------*- tablegen -*-===//
//
// Passes on linalg: fusion of kernels on tensors and on buffers (Fusion/),
// and the destination-passing buffer program (Buffers/). GPU passes are in
// GPU/Passes.td.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_TRANSFORMS_PASSES
#define LEGATO_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def LegatoFuseKernelsPass : Pass<"legato-fuse-kernels", "mlir::ModuleOp"> {
  let summary = "Fuse producer/consumer linalg generics into kernels";
  let description = [{
    Fuses elementwise producers into their consumers, also when the producer has
    other users: the fused kernel then also yields the producer's value, so no
    work is repeated and a program whose values share one iteration space
    becomes a single multi-result kernel (Black-Scholes: 1 kernel). A producer
    with other users is not fused into a reduction.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def LegatoFuseSweepsPass : Pass<"legato-fuse-sweeps", "mlir::ModuleOp"> {
  let summary = "Fuse pairs of consecutive stencil sweeps into one kernel";
  let description = [{
    A kernel that reads, at shifted rows and columns, the result of another
    assembled by slice assignment (a sweep of a Jacobi-style iteration
    reading the previous sweep's array: its interior from the previous
    sweep's kernel, its border copied from rows next to it or from the
    array before) is split into cells, boxes of its loops in which every
    input reads one piece of one value at a constant shift, and each cell
    recomputes the first kernel's values from its inputs: two sweeps, one
    pass over memory. Pairs only: a fused kernel is not fused again. With
    `recompute`, a second sweep may recompute several first ones (shallow
    water's face fluxes, the slopes of h, hu and hv), and a kernel (or a
    fused cell) that reads an array assembled mostly from copies of other
    arrays (an argument between ghost cells) is cut into cells that read
    those arrays instead, so the copy is never made.

    With `recompute=false` (the CPU's), only runs of whole rows that read
    nothing but the first kernel's values of its array pair; they read the
    first kernel's
    result instead, and the first kernel and its runs are marked as one
    tiled pair (`legato.sweep_tile`): legato-group-launches makes them one
    launch, and legato-convert-linalg-to-loops computes them tile by tile of rows,
    the first sweep's rows of a tile (and the few beyond it that the second
    reads) in a scratch buffer of that tile, so the first sweep's array is
    never stored and a value of it is recomputed only at tile edges.
  }];
  let options = [
    Option<"recompute", "recompute", "bool", "true",
           "each cell recomputes the first sweep's values (else: tiled pair)">,
  ];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect"];
}

def LegatoGrowReductionsPass : Pass<"legato-grow-reductions", "mlir::ModuleOp"> {
  let summary = "Run a reduction of part of a kernel's result over the kernel's space";
  let description = [{
    A full reduction that reads a slice of an elementwise kernel's result
    (on an MPI rank: the held rows of a value computed over more rows) is
    rewritten over that kernel's iteration space, its other inputs read
    through slices that cover it and the points outside its own box
    contributing the combiner's neutral element. The two then share an
    iteration space, and the reduction fuses into the kernel
    (legato-fuse-reductions, legato-convert-linalg-to-gpu). Only where every input
    is a slice of an array that holds the larger space, and the body
    neither may trap nor reads a loop index. On the CPU (`require-chunks`)
    also only where the grown reduction can still be split into parallel
    chunks (legato-split-reductions): otherwise it would not fuse there
    either, and would run on one thread.
  }];
  let options = [
    Option<"requireChunks", "require-chunks", "bool", "false",
           "grow only reductions that legato-split-reductions can split">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
}

def LegatoFuseReductionsPass : Pass<"legato-fuse-reductions", "mlir::ModuleOp"> {
  let summary = "Compute a reduction in the kernel that produces its operands";
  let description = [{
    The CPU's: a reduction and an elementwise kernel over the same iteration
    space that produces what it reduces (CG's `sum(p * ap)` after `ap =
    laplacian(p)`), or that reads the same inputs, become one kernel that
    writes the elementwise values and accumulates the reduction in the same
    pass over memory. Only where the merged kernel keeps its parallelism:
    parallel dimensions outermost, and enough of them or a reduction that
    legato-split-reductions splits into parallel chunks.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def LegatoSplitReductionsPass : Pass<"legato-split-reductions", "mlir::ModuleOp"> {
  let summary = "Split reductions to few values into parallel partials";
  let description = [{
    A reduction whose result has little parallelism (a full sum, a column
    sum of a tall array) has its outermost reduced dimension split into up to
    64 chunks (a divisor of its extent, chosen from the shape alone): a
    parallel kernel computes one partial per chunk, a small one combines them.
    When the extent has no such divisor (a prime number of rows), the
    largest multiple of the chunk count it asks for is split that way, and
    the rows left are reduced after it into the same result.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::tensor::TensorDialect"];
}

def LegatoFuseEpiloguesPass : Pass<"legato-fuse-epilogues", "mlir::ModuleOp"> {
  let summary = "Run the elementwise consumer of a reduction inside its loop nest";
  let description = [{
    On buffers: the elementwise kernel right after a reduction to many
    values (only allocations, views and deallocations in between) that reads
    the reduction's output point by point, over exactly its output points,
    and writes fresh buffers the reduction does not touch, is marked
    `legato.epilogue` and moved right after the reduction. The lowerings of
    the reduction (legato-convert-linalg-to-loops, legato-convert-linalg-to-gpu) compute it
    at each output point as soon as the value there is final: Jacobi's
    `x = (b - R @ x) / d` is one kernel with the matvec.
  }];
}

def LegatoGroupLaunchesPass : Pass<"legato-group-launches", "mlir::ModuleOp"> {
  let summary = "Mark consecutive independent kernels that share one CPU loop";
  let description = [{
    Consecutive all-parallel kernels of one or two loops that touch disjoint
    memory, with only effect-free ops between them, are marked as one
    launch (`legato.launch`, the same number on each): legato-convert-linalg-to-loops
    runs them as one loop over their rows, one fork and join of the thread
    team, and kernel counts take them as one (a pad's border rows and
    columns beside the kernel that writes its interior; a pressure sweep's
    wall rows beside its interior). A one-loop kernel is one row of the
    shared loop, so only short ones (at most 4096 iterations) join; a
    two-loop kernel large enough for threads joins when it has at least 64
    rows to share out. The kernels of a tiled pair of sweeps
    (`legato.sweep_tile`, from legato-fuse-sweeps recompute=false) are a
    launch of their own when they can run tile by tile (SweepTiles.h);
    otherwise they lose the mark.
  }];
  let options = [
    Option<"minParallelIterations", "min-parallel-iterations", "int64_t",
           "::mlir::legato::Target().minParallelIterations",
           "iterations from which a kernel runs on the thread team">,
    Option<"minParallelRows", "min-parallel-rows", "int64_t",
           "::mlir::legato::Target().minParallelRows",
           "rows a kernel on the thread team needs to join a launch">,
  ];
}

def LegatoBufferInterfacePass : Pass<"legato-buffer-interface", "mlir::ModuleOp"> {
  let summary = "Make the entry function take inputs and outputs as memrefs";
  let description = [{
    Rewrites `func.func @f(tensor...) -> (tensor...)` into destination-passing
    style `@f(memref inputs..., memref outputs...)`: the runtime allocates the
    outputs, and every other value is a temporary of the kernel.
  }];
  let dependentDialects = [
    "mlir::bufferization::BufferizationDialect", "mlir::memref::MemRefDialect"
  ];
}

def LegatoStoreInPlacePass : Pass<"legato-store-in-place", "mlir::ModuleOp"> {
  let summary = "Compute results in their output buffers where bufferization allows";
  let description = [{
    Upstream empty-tensor elimination on the stores of
    `legato-buffer-interface` (`materialize_in_destination` into a tensor of
    each output buffer): a result whose value starts as a `tensor.empty` is
    computed in its output buffer instead of a temporary. Computing two
    results in place can be impossible (a value stored in one output and,
    updated, in another, when the second store is taken first): one-shot
    analysis then finds a conflict it cannot avoid. Such a store is kept
    out of the elimination: it becomes a copy into its output buffer, which
    no tensor aliases. The stores are tried in program order, each kept in
    place when the analysis still succeeds with it.
  }];
  let dependentDialects = ["mlir::bufferization::BufferizationDialect"];
}

def LegatoCopiesToLinalgPass : Pass<"legato-copies-to-linalg", "mlir::ModuleOp"> {
  let summary = "Turn memref.copy into linalg.copy";
  let description = [{
    Copies that bufferization inserts (e.g. the destination of a slice
    assignment) become loops like every other kernel: vectorised, threaded,
    and free of the C runner-utils library that `memref.copy` would call.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def LegatoEarlyDeallocPass : Pass<"legato-early-dealloc", "mlir::ModuleOp"> {
  let summary = "Free each buffer right after its last use";
  let description = [{
    Moves every `memref.dealloc` of a buffer allocated in the same block to
    just after the last operation that uses the buffer or a view of it, so a
    long fused program holds only the temporaries still needed.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def LegatoForwardCopiesPass : Pass<"legato-forward-copies", "mlir::ModuleOp"> {
  let summary = "Turn copies src -> tmp -> dst into one copy src -> dst";
  let description = [{
    Bufferization stages a value in a temporary when the buffer it was read
    from is written before the read is used, even where the two windows are
    disjoint (CFD's `p[0] = p[1]`): two copy kernels. When the source and the
    destination provably do not overlap (different allocations, or disjoint
    ranges of one buffer) and nothing writes memory in between, the copy goes
    straight from source to destination and the temporary disappears. A
    temporary filled by one kernel and then copied into a view of another
    buffer (a value that is also padded) is written into that view directly
    when nothing else touches the view meanwhile. A copy of at most an
    eighth of an elementwise kernel's output whose inputs are unchanged
    since (CFD's wall rows after a pressure sweep) becomes the kernel's
    payload over that window, and two of one kernel over equal windows
    become one kernel. A runtime library call (an FFT or LAPACK step) that
    fills a temporary then copied whole into a destination (a program's
    output) writes the destination instead. An allocation that nothing
    reads goes, with the kernels that only write it.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def LegatoFoldTransposesIntoGemmPass
    : Pass<"legato-fold-transposes-into-gemm", "mlir::ModuleOp"> {
  let summary = "Let GEMM read transposed operands instead of copying them";
  let description = [{
    On buffers: a 2-D transpose kernel whose result only feeds BLAS-bound
    products (linalg.matmul/matvec/vecmat) is replaced by a `memref.transpose`
    view, which `legato-convert-linalg-to-blas` passes to BLAS as a transpose
    flag. Only for targets with `gemmTransposedOperands`; others keep the
    explicit transpose kernel.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def LegatoNumpyMinMaxPass : Pass<"legato-numpy-min-max"> {
  let summary = "Lower float maximum and minimum in kernels as NumPy computes them";
  let description = [{
    Rewrites `arith.maximumf a, b` into `a > b || isnan(a) ? a : b` (and
    `arith.minimumf` with `<`): NaN propagates, and of two equal values the
    second is returned, so `maximum(0.0, -0.0)` is -0.0 as in NumPy.
    Elementwise maximum and minimum are lowered so already
    (convert-legato-to-linalg); in kernels this leaves the combiners of max and
    min reductions.
    `arith.maximumf` orders -0.0 below +0.0, which costs the NVPTX backend
    nine instructions for f64 (max.f64, then a compare and a select for NaN
    and for each signed zero) where NumPy's rule takes four: shallow water's
    flux kernels, bound by instruction issue, spent half their instructions
    there. On the CPU (`loop-carried-only`), only the accumulators a loop
    carries: there `llvm.maximum`'s lowering sits on the loop's chain of
    dependent steps (a maximum along rows ran at 0.3x NumPy, NumPy's rule
    at 1.4x), while a maximum stored to memory each step (a maximum over
    axis 0) was faster as `arith.maximumf`.
  }];
  let options = [
    Option<"loopCarriedOnly", "loop-carried-only", "bool", "false",
           "only the maxima and minima an scf.for yields">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

#endif // LEGATO_TRANSFORMS_PASSES

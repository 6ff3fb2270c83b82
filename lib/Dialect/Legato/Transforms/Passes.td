//===- Passes.td - passes on the legato dialect -----------*- tablegen -*-===//
//
// Passes whose input and output are legato programs: algebraic simplification,
// legalization to a Target's primitives, and partitioning over ranks.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_DIALECT_LEGATO_TRANSFORMS_PASSES
#define LEGATO_DIALECT_LEGATO_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def LegatoSimplifyPass : Pass<"legato-simplify", "mlir::ModuleOp"> {
  let summary = "Algebraic simplification of legato programs";
  let description = [{
    Rewrites the traced program with legato's algebraic pattern sets
    (SimplifyPatterns.h): identities and constant folding, shape movement
    (slices pushed toward the inputs so only what is used is computed,
    transposes and reshapes merged), linear algebra (identity products,
    scalars pulled out of products, AX + BX = (A + B)X, products sharing an
    operand merged into one GEMM, chains reassociated by FLOP count) and
    reductions. With `stats` it prints how often each pattern fired.
  }];
  let options = [
    Option<"assumeFinite", "assume-finite", "bool", "false",
           "assume no NaN, infinity or signed zero: x*0 and x-x fold to 0">,
    Option<"mergeProductsMaxElements", "merge-products-max-elements", "int64_t",
           "262144",
           "merge products sharing an operand only while the copies this adds "
           "(concatenated operand and result slices) hold at most this many "
           "elements">,
    Option<"printStats", "stats", "bool", "false",
           "print how often each pattern fired to stderr">,
  ];
}

def LegatoLegalizePass : Pass<"legato-legalize", "mlir::ModuleOp"> {
  let summary = "Rewrite every op into a primitive the target implements";
  let description = [{
    The options describe a `Target` (Target.h). Ops the target lacks are
    rewritten into ones it has: a batched product without batched GEMM
    becomes one GEMM on a reshaped operand (shared right operand) or one GEMM
    per batch; a product without GEMM becomes a broadcast multiply and a sum.
    What cannot be rewritten fails with a diagnostic naming the op and the
    missing capability.
  }];
  let options = [
    Option<"fusedElementwise", "fused-elementwise", "bool", "true",
           "generated elementwise/broadcast/slice kernels">,
    Option<"reductions", "reductions", "bool", "true", "generated reduction kernels">,
    Option<"gemm", "gemm", "bool", "true", "a GEMM/GEMV library primitive">,
    Option<"gemmTransposedOperands", "gemm-transposed-operands", "bool", "true",
           "GEMM reads transposed operands itself">,
    Option<"batchedGemm", "batched-gemm", "bool", "false",
           "one call for a batch of products">,
    Option<"collectives", "collectives", "bool", "false",
           "all-reduce, all-gather, halo exchange">,
    Option<"lapack", "lapack", "bool", "true",
           "legato.lapack: factorizations, solves, eigen and singular values">,
    Option<"fft", "fft", "bool", "true", "legato.fft: discrete Fourier transforms">,
    Option<"sort", "sort", "bool", "true", "legato.sort: a library sort of lines">,
  ];
}

def LegatoPartitionPass : Pass<"legato-partition", "mlir::ModuleOp"> {
  let summary = "Rewrite a global program into one rank's local program with collectives";
  let description = [{
    The arguments of @main carry `legato.boxes` (ShardingAttrs.h: the box of
    the global array each rank holds; absent: replicated). The pass decides
    where each value lives (`home`: block distributions follow the arguments
    through elementwise ops, slices, pads, transposes and row-split
    products), then, backwards from the outputs, which box of every value
    each rank must compute. Shifted slices make those boxes overlap the
    neighbours' blocks: the ghost rows are computed again locally from the
    arguments, so communication happens only where data enters the program
    (`legato.exchange`: halo exchange, all-gather, reshard) and where a
    reduction or product contracts a split axis (a local partial result and
    `legato.all_reduce`). Everything else becomes local ops on local shapes,
    and fuses as before. Results get `legato.boxes`: the requested
    distribution, else the one the value has, else blocks along axis 0 when
    its leading dimension has at least `ranks` entries, else replicated
    (with `mesh-rows`, a 2-D mesh: blocks along axes 0 and 1 first, when
    both have an entry per mesh row and column).
  }];
  let options = [
    Option<"ranks", "ranks", "int64_t", "1", "number of ranks">,
    Option<"rank", "rank", "int64_t", "0", "the rank whose program is built">,
    Option<"meshRows", "mesh-rows", "int64_t", "0",
           "rows of a 2-D mesh of the ranks (0: a 1-D mesh)">,
  ];
}

def LegatoOutlineSegmentsPass : Pass<"legato-outline-segments", "mlir::ModuleOp"> {
  let summary = "Outline one rank's program into segments called between its collectives";
  let description = [{
    One rank's program (legato-partition) runs as kernels between rounds of
    collectives. A collective's result is ready one level after its operands;
    every other op moves as late as its readers allow, so that a value read
    only after a collective is computed there. Later segments then read a
    block through its exchange's result (one array per kernel), a padded
    value through its pad's interior, and recompute a few cheap ops from one
    array rather than have an earlier segment return them (CG's
    `laplacian(p)`). Each level's ops become a private function
    `@segment_<level>` (splat constants cloned in); `@main` keeps the calls,
    the collectives in program order, the splat constants a collective or
    the return reads, and the return. Calls and collectives carry their
    level as `legato.segment`: the collectives of a level run after its
    segment, as a group. The runtime compiles each callee as one program
    (DistributedProgram).
  }];
  let options = [
    Option<"ranks", "ranks", "int64_t", "1", "number of ranks">,
    Option<"rank", "rank", "int64_t", "0", "the rank whose program this is">,
  ];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def LegatoSplitForOverlapPass : Pass<"legato-split-for-overlap", "mlir::ModuleOp"> {
  let summary = "Split the segments that read row exchanges into pieces of rows";
  let description = [{
    On an outlined program (legato-outline-segments), each segment that
    reads results of row (halo) exchanges made just before it gets three
    pieces of its output rows, private functions beside it: the first rows,
    the interior and the last rows. The interior reads only this rank's own
    rows of the exchanged arrays, so the runtime runs it while the
    exchanges are in flight, and the first and last rows after them
    (Options::overlap_exchanges). Each piece is the segment partitioned as
    the program of one of three ranks whose results are those rows
    (`legato.boxes` on its results); a 0-d reduction of a whole array
    becomes each piece's partial over its rows (`legato.partial`: the
    combiner). The margins grow by the ghost rows on each side until the
    interior reads no ghost row, while they leave it half the rows; a
    segment stays whole where they cannot, or where a piece would
    communicate. The call names its pieces in `legato.overlap` (a unit
    where a margin has no rows: the first and last rank) and keeps its
    callee, the whole segment.
  }];
  let options = [
    Option<"ranks", "ranks", "int64_t", "1", "number of ranks">,
    Option<"rank", "rank", "int64_t", "0", "the rank whose program this is">,
  ];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

#endif // LEGATO_DIALECT_LEGATO_TRANSFORMS_PASSES

//===- LegatoOps.td - legato dialect operations -----------*- tablegen -*-===//
#ifndef LEGATO_OPS
#define LEGATO_OPS

include "LegatoDialect.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/Traits.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Types and enums
//===----------------------------------------------------------------------===//

// NumPy's dtypes: bool (i1), signed integers (signless i8-i64), unsigned
// integers (ui8-ui64: their signedness picks the lowering's comparisons,
// divisions and casts; linalg and below see them signless), floats and
// complex numbers (complex<f32>, complex<f64>).
defvar Legato_Ints = [I8, I16, I32, I64, UI8, UI16, UI32, UI64];
defvar Legato_Floats = [F16, F32, F64];
defvar Legato_Complexes = [Complex<F32>, Complex<F64>];
def Legato_Tensor
    : StaticShapeTensorOf<!listconcat([I1], Legato_Ints, Legato_Floats, Legato_Complexes)>;
def Legato_FloatTensor : StaticShapeTensorOf<Legato_Floats>;
def Legato_ComplexTensor : StaticShapeTensorOf<Legato_Complexes>;
// Floats and complex numbers: what true division and the math functions
// that NumPy defines for complex arguments take.
def Legato_InexactTensor : StaticShapeTensorOf<!listconcat(Legato_Floats, Legato_Complexes)>;
def Legato_BoolTensor : StaticShapeTensorOf<[I1]>;
def Legato_IntegerTensor : StaticShapeTensorOf<!listconcat([I1], Legato_Ints)>;
def Legato_IntOnlyTensor : StaticShapeTensorOf<Legato_Ints>;
// Booleans, integers and floats: what has a total order for sorting.
def Legato_OrderedTensor
    : StaticShapeTensorOf<!listconcat([I1], Legato_Ints, Legato_Floats)>;
def Legato_NumericTensor
    : StaticShapeTensorOf<!listconcat(Legato_Ints, Legato_Floats, Legato_Complexes)>;

def Legato_ComparePredicate : I32EnumAttr<"ComparePredicate",
    "elementwise comparison", [
      I32EnumAttrCase<"lt", 0>, I32EnumAttrCase<"le", 1>,
      I32EnumAttrCase<"gt", 2>, I32EnumAttrCase<"ge", 3>,
      I32EnumAttrCase<"eq", 4>, I32EnumAttrCase<"ne", 5>]> {
  let cppNamespace = "::mlir::legato";
}

def Legato_ReduceKind : I32EnumAttr<"ReduceKind", "reduction combiner", [
      I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"prod", 1>,
      I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"min", 3>]> {
  let cppNamespace = "::mlir::legato";
}

def Legato_LapackKind : I32EnumAttr<"LapackKind", "a dense linear algebra routine", [
      I32EnumAttrCase<"cholesky", 0>, I32EnumAttrCase<"solve", 1>,
      I32EnumAttrCase<"slogdet", 2>, I32EnumAttrCase<"eigh", 3>,
      I32EnumAttrCase<"svd", 4>, I32EnumAttrCase<"qr", 5>,
      I32EnumAttrCase<"eig", 6>]> {
  let cppNamespace = "::mlir::legato";
}

def Legato_FftKind : I32EnumAttr<"FftKind", "a discrete Fourier transform", [
      I32EnumAttrCase<"forward", 0>, I32EnumAttrCase<"inverse", 1>,
      I32EnumAttrCase<"real_forward", 2>, I32EnumAttrCase<"real_inverse", 3>]> {
  let cppNamespace = "::mlir::legato";
}

class Legato_Op<string mnemonic, list<Trait> traits = []>
    : Op<Legato_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

class Legato_UnaryOp<string mnemonic, Type operandType, list<Trait> traits = []>
    : Legato_Op<mnemonic, !listconcat(traits, [Pure, SameOperandsAndResultType])> {
  let arguments = (ins operandType:$input);
  let results = (outs operandType:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
}

def Legato_NegOp : Legato_UnaryOp<"neg", Legato_NumericTensor> {
  let summary = "elementwise negation";
  let hasFolder = 1;
}
def Legato_AbsOp : Legato_UnaryOp<"abs", Legato_Tensor> {
  let summary = "elementwise absolute value";
}
def Legato_NotOp : Legato_UnaryOp<"not", Legato_IntegerTensor> {
  let summary = "elementwise bitwise not (on bool, logical not)";
  let hasFolder = 1;
}
def Legato_ExpOp : Legato_UnaryOp<"exp", Legato_InexactTensor> {
  let summary = "elementwise e^x";
}
def Legato_LogOp : Legato_UnaryOp<"log", Legato_InexactTensor> {
  let summary = "elementwise natural logarithm";
}
def Legato_SqrtOp : Legato_UnaryOp<"sqrt", Legato_InexactTensor> {
  let summary = "elementwise square root";
}
def Legato_SinOp : Legato_UnaryOp<"sin", Legato_InexactTensor> {
  let summary = "elementwise sine";
}
def Legato_CosOp : Legato_UnaryOp<"cos", Legato_InexactTensor> {
  let summary = "elementwise cosine";
}
def Legato_TanhOp : Legato_UnaryOp<"tanh", Legato_InexactTensor> {
  let summary = "elementwise hyperbolic tangent";
}
def Legato_ErfOp : Legato_UnaryOp<"erf", Legato_FloatTensor> {
  let summary = "elementwise error function";
}
def Legato_FloorOp : Legato_UnaryOp<"floor", Legato_FloatTensor> {
  let summary = "elementwise floor";
}
def Legato_TanOp : Legato_UnaryOp<"tan", Legato_InexactTensor> {
  let summary = "elementwise tangent";
}
def Legato_AsinOp : Legato_UnaryOp<"asin", Legato_InexactTensor> {
  let summary = "elementwise inverse sine";
}
def Legato_AcosOp : Legato_UnaryOp<"acos", Legato_InexactTensor> {
  let summary = "elementwise inverse cosine";
}
def Legato_AtanOp : Legato_UnaryOp<"atan", Legato_InexactTensor> {
  let summary = "elementwise inverse tangent";
}
def Legato_SinhOp : Legato_UnaryOp<"sinh", Legato_InexactTensor> {
  let summary = "elementwise hyperbolic sine";
}
def Legato_CoshOp : Legato_UnaryOp<"cosh", Legato_InexactTensor> {
  let summary = "elementwise hyperbolic cosine";
}
def Legato_AsinhOp : Legato_UnaryOp<"asinh", Legato_InexactTensor> {
  let summary = "elementwise inverse hyperbolic sine";
}
def Legato_AcoshOp : Legato_UnaryOp<"acosh", Legato_InexactTensor> {
  let summary = "elementwise inverse hyperbolic cosine";
}
def Legato_AtanhOp : Legato_UnaryOp<"atanh", Legato_InexactTensor> {
  let summary = "elementwise inverse hyperbolic tangent";
}
def Legato_Exp2Op : Legato_UnaryOp<"exp2", Legato_InexactTensor> {
  let summary = "elementwise 2^x";
}
def Legato_Expm1Op : Legato_UnaryOp<"expm1", Legato_InexactTensor> {
  let summary = "elementwise e^x - 1, exact for small x";
}
def Legato_Log2Op : Legato_UnaryOp<"log2", Legato_InexactTensor> {
  let summary = "elementwise base-2 logarithm";
}
def Legato_Log10Op : Legato_UnaryOp<"log10", Legato_InexactTensor> {
  let summary = "elementwise base-10 logarithm";
}
def Legato_Log1pOp : Legato_UnaryOp<"log1p", Legato_InexactTensor> {
  let summary = "elementwise log(1 + x), exact for small x";
}
def Legato_CbrtOp : Legato_UnaryOp<"cbrt", Legato_FloatTensor> {
  let summary = "elementwise cube root";
}
def Legato_CeilOp : Legato_UnaryOp<"ceil", Legato_FloatTensor> {
  let summary = "elementwise ceiling";
}
def Legato_TruncOp : Legato_UnaryOp<"trunc", Legato_FloatTensor> {
  let summary = "elementwise rounding toward zero";
}
def Legato_RintOp : Legato_UnaryOp<"rint", Legato_FloatTensor> {
  let summary = "elementwise rounding to the nearest integer, halves to even";
}

// Complex numbers' parts: real and imaginary parts and magnitude (np.abs)
// are floats of the parts' type.
class Legato_ComplexPartOp<string mnemonic>
    : Legato_Op<mnemonic, [Pure, SameOperandsAndResultShape]> {
  let arguments = (ins Legato_ComplexTensor:$input);
  let results = (outs Legato_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}
def Legato_RealOp : Legato_ComplexPartOp<"real"> {
  let summary = "elementwise real part of complex numbers";
}
def Legato_ImagOp : Legato_ComplexPartOp<"imag"> {
  let summary = "elementwise imaginary part of complex numbers";
}
def Legato_MagnitudeOp : Legato_ComplexPartOp<"magnitude"> {
  let summary = "elementwise |z| of complex numbers (np.abs), without overflow";
}
def Legato_ConjOp : Legato_UnaryOp<"conj", Legato_ComplexTensor> {
  let summary = "elementwise complex conjugate";
}

class Legato_BinaryOp<string mnemonic, Type operandType, list<Trait> traits = []>
    : Legato_Op<mnemonic, !listconcat(traits, [Pure, SameOperandsAndResultType])> {
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs operandType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def Legato_AddOp : Legato_BinaryOp<"add", Legato_NumericTensor, [Commutative]> {
  let summary = "elementwise addition (integers wrap)";
}
def Legato_SubOp : Legato_BinaryOp<"sub", Legato_NumericTensor> {
  let summary = "elementwise subtraction (integers wrap)";
}
def Legato_MulOp : Legato_BinaryOp<"mul", Legato_NumericTensor, [Commutative]> {
  let summary = "elementwise multiplication (integers wrap)";
}
def Legato_DivOp : Legato_BinaryOp<"div", Legato_InexactTensor> {
  let summary = "elementwise true division (IEEE: x/0 is inf or nan)";
}
def Legato_PowOp : Legato_BinaryOp<"pow", Legato_NumericTensor> {
  let summary = "elementwise power";
}
// Not Commutative: as in NumPy, of two equal floats the second is the
// result, so max(0.0, -0.0) is -0.0 and max(-0.0, 0.0) is 0.0.
def Legato_MaxOp : Legato_BinaryOp<"max", Legato_Tensor> {
  let summary = "elementwise maximum (NaN propagates; of equal values the second)";
}
def Legato_MinOp : Legato_BinaryOp<"min", Legato_Tensor> {
  let summary = "elementwise minimum (NaN propagates; of equal values the second)";
}
def Legato_ModOp : Legato_BinaryOp<"mod", Legato_NumericTensor> {
  let summary = "elementwise remainder with the divisor's sign (NumPy's %)";
  let description = [{
    As NumPy's `remainder`: `lhs - floor(lhs / rhs) * rhs`, computed from
    fmod so that floats round as NumPy's do; an integer remainder by 0 is 0,
    a float one NaN.
  }];
}
def Legato_FloorDivOp : Legato_BinaryOp<"floordiv", Legato_NumericTensor> {
  let summary = "elementwise division rounded toward minus infinity (NumPy's //)";
  let description = [{
    As NumPy's `floor_divide`: integers divide by 0 to 0 and `MIN // -1`
    wraps to `MIN`; floats take NumPy's divmod steps (x / 0 is inf or NaN).
  }];
}
def Legato_Atan2Op : Legato_BinaryOp<"atan2", Legato_FloatTensor> {
  let summary = "elementwise arc tangent of lhs / rhs in the quadrant of (rhs, lhs)";
}
def Legato_AndOp : Legato_BinaryOp<"and", Legato_IntegerTensor, [Commutative]> {
  let summary = "elementwise bitwise and (on bool, logical and)";
}
def Legato_OrOp : Legato_BinaryOp<"or", Legato_IntegerTensor, [Commutative]> {
  let summary = "elementwise bitwise or (on bool, logical or)";
}
def Legato_XorOp : Legato_BinaryOp<"xor", Legato_IntegerTensor, [Commutative]> {
  let summary = "elementwise bitwise exclusive or (on bool, logical xor)";
}
def Legato_ShlOp : Legato_BinaryOp<"shl", Legato_IntOnlyTensor> {
  let summary = "elementwise left shift (NumPy's left_shift)";
  let description = [{
    As NumPy's `left_shift`: a shift by the bit width or more, or by a
    negative amount, gives 0 (LLVM's `shl` would give poison).
  }];
}
def Legato_ShrOp : Legato_BinaryOp<"shr", Legato_IntOnlyTensor> {
  let summary = "elementwise arithmetic right shift (NumPy's right_shift)";
  let description = [{
    As NumPy's `right_shift` of signed integers: the sign bit is kept, and
    a shift by the bit width or more, or by a negative amount, gives -1 for
    a negative `lhs` and 0 otherwise.
  }];
}

def Legato_CompareOp : Legato_Op<"compare", [Pure, SameTypeOperands,
                                             AllShapesMatch<["lhs", "result"]>]> {
  let summary = "elementwise comparison giving a bool tensor";
  let description = [{
    NumPy semantics: every comparison with NaN is false except `ne`.
  }];
  let arguments = (ins Legato_ComparePredicate:$predicate, Legato_Tensor:$lhs,
                       Legato_Tensor:$rhs);
  let results = (outs Legato_BoolTensor:$result);
  let assemblyFormat =
      "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasFolder = 1;
}

def Legato_SelectOp : Legato_Op<"select", [Pure,
    AllTypesMatch<["on_true", "on_false", "result"]>,
    AllShapesMatch<["condition", "result"]>]> {
  let summary = "elementwise choice: condition ? on_true : on_false";
  let arguments = (ins Legato_BoolTensor:$condition, Legato_Tensor:$on_true,
                       Legato_Tensor:$on_false);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat = [{
    $condition `,` $on_true `,` $on_false attr-dict `:` type($condition) `,` type($result)
  }];
}

def Legato_ConvertOp : Legato_Op<"convert", [Pure,
                                             AllShapesMatch<["input", "result"]>]> {
  let summary = "elementwise dtype conversion with NumPy's astype semantics";
  let description = [{
    Float to integer truncates toward zero; anything to bool is `x != 0`.
  }];
  let arguments = (ins Legato_Tensor:$input);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

def Legato_ConstantOp : Legato_Op<"constant", [ConstantLike, Pure,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "a tensor filled with one value";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Legato_IotaOp : Legato_Op<"iota", [Pure]> {
  let summary = "each element's index along one dimension, as i64";
  let arguments = (ins I64Attr:$dimension);
  let results = (outs StaticShapeTensorOf<[I64]>:$result);
  let assemblyFormat = "$dimension attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Legato_RandomOp : Legato_Op<"random", [Pure]> {
  let summary = "counter-based uniform [0, 1) numbers";
  let description = [{
    Element i (row-major) is a SplitMix64 hash of `seed * golden + i`, so the
    value depends only on the seed and the position: every backend, mode and
    partitioning produces the same array. A rank's block of a distributed
    array is the box at `offsets` of an array of `global_shape` (both absent:
    the whole array).
  }];
  let arguments = (ins I64Attr:$seed,
                       OptionalAttr<DenseI64ArrayAttr>:$global_shape,
                       OptionalAttr<DenseI64ArrayAttr>:$offsets);
  let results = (outs Legato_FloatTensor:$result);
  let assemblyFormat = "$seed attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and linear algebra
//===----------------------------------------------------------------------===//

def Legato_ReduceOp : Legato_Op<"reduce", [Pure]> {
  let summary = "reduction over a set of axes, which are dropped";
  let arguments = (ins Legato_ReduceKind:$kind, Legato_Tensor:$input,
                       DenseI64ArrayAttr:$axes);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat =
      "$kind $input `over` $axes attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Legato_ScanOp : Legato_Op<"scan", [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "inclusive scan along one axis (NumPy's cumsum and cumprod)";
  let description = [{
    Element i along `axis` combines elements 0 to i of the input (sum or
    prod; integers wrap). No backend implements scans natively:
    `legato-legalize` rewrites them into reductions over chunks of the axis.
  }];
  let arguments = (ins Legato_ReduceKind:$kind, Legato_NumericTensor:$input,
                       I64Attr:$axis);
  let results = (outs Legato_NumericTensor:$result);
  let assemblyFormat =
      "$kind $input `along` $axis attr-dict `:` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Legato_GatherOp : Legato_Op<"gather", [Pure]> {
  let summary = "elements picked along one axis by an index array (NumPy's take)";
  let description = [{
    The result is the input with `axis` replaced by the dimensions of
    `indices`: `result[p..., q..., r...] = input[p..., indices[q...], r...]`.
    Indices are positions in [0, n) along the axis (the API resolves
    negative ones and NumPy's modes); the lowering clamps any other value
    into range, so that no access leaves the input.
  }];
  let arguments = (ins Legato_Tensor:$input, StaticShapeTensorOf<[I64]>:$indices,
                       I64Attr:$axis);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat = [{
    $input `[` $indices `]` `along` $axis attr-dict `:` type($input) `,` type($indices)
    `->` type($result)
  }];
  let hasVerifier = 1;
}

def Legato_ScatterOp : Legato_Op<"scatter", [Pure, AllTypesMatch<["dest", "result"]>]> {
  let summary = "writes values at positions along one axis (NumPy's a[indices] = v, np.add.at)";
  let description = [{
    The inverse of `legato.gather`: `values` has the shape of `dest` with
    `axis` replaced by the dimensions of `indices`, and the result is `dest`
    with each `values[p..., q..., r...]` stored at
    `[p..., indices[q...], r...]`. Without `combine` the value replaces the
    element, and where indices repeat the last one in row-major order of the
    indices wins (NumPy's assignment), on every backend. With
    `combine sum` it is added, once per occurrence (np.add.at). Indices are
    positions in [0, n) along the axis (the API resolves negative ones and
    NumPy's modes); the lowering skips any other value.
  }];
  let arguments = (ins Legato_Tensor:$dest, StaticShapeTensorOf<[I64]>:$indices,
                       Legato_Tensor:$values, I64Attr:$axis,
                       OptionalAttr<Legato_ReduceKind>:$combine);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat = [{
    $dest `[` $indices `]` `along` $axis `=` $values (`combine` $combine^)? attr-dict `:`
    type($dest) `,` type($indices) `,` type($values)
  }];
  let hasVerifier = 1;
}

def Legato_MatmulOp : Legato_Op<"matmul", [Pure]> {
  let summary = "matrix product of 1-D or 2-D operands (NumPy matmul rules)";
  let arguments = (ins Legato_NumericTensor:$lhs, Legato_NumericTensor:$rhs);
  let results = (outs Legato_NumericTensor:$result);
  let assemblyFormat =
      "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
  let hasVerifier = 1;
}

def Legato_BatchMatmulOp : Legato_Op<"batch_matmul", [Pure]> {
  let summary = "a batch of matrix products: result[i] = lhs[i] @ rhs[i]";
  let description = [{
    3-D operands [b, m, k] and [b, k, n] give [b, m, n]. No backend declares
    batched GEMM yet: `legato-legalize` rewrites it into 2-D products.
  }];
  let arguments = (ins Legato_NumericTensor:$lhs, Legato_NumericTensor:$rhs);
  let results = (outs Legato_NumericTensor:$result);
  let assemblyFormat =
      "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
  let hasVerifier = 1;
}

def Legato_LapackOp : Legato_Op<"lapack", [Pure]> {
  let summary = "a factorization, solve, eigen or singular value problem of stacked matrices";
  let description = [{
    One LAPACK-class routine (LAPACK on CPUs) applied to every matrix of a
    stack: the operands are [B..., m, n] (B... the batch axes, equal for both
    operands of `solve`), float32/float64/complex. The result is one tensor
    (the partitioner's ops have one result); routines with several outputs
    pack them, values first, on one axis after the batch axes, and the
    caller takes them apart with slices and reshapes, which fuse:

    - `cholesky` [B, n, n] -> [B, n, n]: L with L L^H = a (`upper`: U with
      U^H U = a), zeros in the other triangle.
    - `solve` a [B, n, n], b [B, n, k] -> x [B, n, k] with a x = b.
    - `slogdet` [B, n, n] -> [B, 2]: sign (|sign| = 1, or 0 for a singular
      matrix) and log|det| (complex: in the real part).
    - `eigh` [B, n, n] -> [B, n] ascending eigenvalues of the Hermitian
      matrix read from its lower (`upper`: upper) triangle, with `vectors`
      [B, n + n*n]: then the eigenvectors as the columns of an n x n matrix.
      Complex operands give their (real) eigenvalues as complex numbers.
    - `svd` [B, m, n] -> [B, k] singular values, k = min(m, n), descending;
      with `vectors` [B, k + m*c + c*n], then u [m, c] and vh [c, n], c = k,
      or `full`: u [m, m] and vh [n, n] (c = m for u, n for vh). Complex
      operands give their singular values as complex numbers.
    - `qr` [B, m, n] -> r [B, k*n] (upper triangular k x n); with `vectors`
      [B, k*n + m*k]: then q [m, k]; with `full` too, r [m, n] and q [m, m].
    - `eig` [B, n, n] -> [B, n] eigenvalues of a general matrix, complex
      (of the operand's precision, for real operands too), in LAPACK's
      order; with `vectors` [B, n + n*n]: then the right eigenvectors as the
      columns of an n x n matrix, normalized to unit length.

    A routine that fails (a singular matrix in `solve`, one not positive
    definite in `cholesky`, no convergence) reports it at run time as a
    LinAlgError naming the routine.
  }];
  let arguments = (ins Variadic<Legato_InexactTensor>:$operands,
                       Legato_LapackKind:$kind,
                       DefaultValuedAttr<BoolAttr, "false">:$vectors,
                       DefaultValuedAttr<BoolAttr, "false">:$full,
                       DefaultValuedAttr<BoolAttr, "false">:$upper);
  let results = (outs Legato_InexactTensor:$result);
  let assemblyFormat =
      "$kind $operands attr-dict `:` type($operands) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The result shape `kind` gives for operand shapes `a` (and `b`).
    static SmallVector<int64_t> resultShape(LapackKind kind, ArrayRef<int64_t> a,
                                            ArrayRef<int64_t> b, bool vectors, bool full);
  }];
}

def Legato_FftOp : Legato_Op<"fft", [Pure]> {
  let summary = "a discrete Fourier transform along one axis";
  let description = [{
    The unnormalized DFT of every line of the input along `axis` (FFTW on
    CPUs), the others being batch axes:

    - `forward` complex [..., n, ...] -> complex [..., n, ...]:
      y_k = sum_j x_j e^{-2 pi i jk/n}; `inverse` the same with e^{+...}
      (no 1/n: the scaling is an ordinary multiply that fuses).
    - `real_forward` real [..., n, ...] -> complex [..., n/2 + 1, ...]: the
      forward transform's non-negative frequencies.
    - `real_inverse` complex [..., n/2 + 1, ...] -> real [..., n, ...]: the
      inverse transform of the Hermitian-symmetric signal whose first half
      the operand holds; n is the result's length along the axis (the
      imaginary parts of frequencies 0 and n/2 (even n) are ignored).

    The complex type is the real one's precision (f32 with complex<f32>).
  }];
  let arguments = (ins Legato_InexactTensor:$input, Legato_FftKind:$kind, I64Attr:$axis);
  let results = (outs Legato_InexactTensor:$result);
  let assemblyFormat =
      "$kind $input `along` $axis attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Legato_SortOp : Legato_Op<"sort", [Pure]> {
  let summary = "every line along one axis sorted, or the positions that sort it";
  let description = [{
    Each line of the input along `axis` in NumPy's sort order (ascending,
    NaN after every number; a library sort on CPUs), the other axes being
    batch axes. With `positions`, the result is instead the int64
    positions along the axis that sort each line, equal elements in their
    original order (NumPy's stable argsort; -0.0 equals 0.0).

    With `kth` (positions along the axis, ascending, distinct), each line is
    only partitioned, as np.partition does: the element at each kth
    position is the one a sort puts there, those before it sort before or
    equal to it, those after it after or equal (a selection: O(n) work).

    Complex numbers have no sort op: the API composes their sort of
    generated kernels, as it does for targets without this op.
  }];
  let arguments = (ins Legato_OrderedTensor:$input, I64Attr:$axis, UnitAttr:$positions,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$kth);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat =
      "$input `along` $axis (`positions` $positions^)? (`kth` $kth^)? attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shape
//===----------------------------------------------------------------------===//

def Legato_BroadcastOp : Legato_Op<"broadcast", [Pure]> {
  let summary = "NumPy broadcast_to: align trailing axes, stretch size-1 axes";
  let arguments = (ins Legato_Tensor:$input);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Legato_TransposeOp : Legato_Op<"transpose", [Pure]> {
  let summary = "permutation of axes: result dim i is input dim permutation[i]";
  let arguments = (ins Legato_Tensor:$input, DenseI64ArrayAttr:$permutation);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat =
      "$input `,` $permutation attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Legato_ReshapeOp : Legato_Op<"reshape", [Pure]> {
  let summary = "row-major reshape to a shape of the same size";
  let arguments = (ins Legato_Tensor:$input);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Legato_SliceOp : Legato_Op<"slice", [Pure]> {
  let summary = "strided window: element i of dim d is input[offsets[d] + i * strides[d]]";
  let description = [{
    Strides may be negative (NumPy's `a[::-1]`); the result's shape gives the
    window's sizes. Integer indexing is a size-1 slice followed by a reshape.
  }];
  let arguments = (ins Legato_Tensor:$input, DenseI64ArrayAttr:$offsets,
                       DenseI64ArrayAttr:$strides);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat = [{
    $input `[` $offsets `,` $strides `]` attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Legato_InsertSliceOp : Legato_Op<"insert_slice", [Pure,
    AllTypesMatch<["dest", "result"]>]> {
  let summary = "dest with the strided window of legato.slice replaced by value";
  let arguments = (ins Legato_Tensor:$value, Legato_Tensor:$dest,
                       DenseI64ArrayAttr:$offsets, DenseI64ArrayAttr:$strides);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat = [{
    $value `into` $dest `[` $offsets `,` $strides `]` attr-dict `:` type($value) `into` type($dest)
  }];
  let hasVerifier = 1;
}

def Legato_ConcatenateOp : Legato_Op<"concatenate", [Pure]> {
  let summary = "join tensors along one dimension";
  let arguments = (ins Variadic<Legato_Tensor>:$inputs, I64Attr:$dimension);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat =
      "$inputs `along` $dimension attr-dict `:` functional-type($inputs, $result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Legato_PadOp : Legato_Op<"pad", [Pure]> {
  let summary = "constant padding: low[d] elements before and high[d] after dim d";
  let arguments = (ins Legato_Tensor:$input, DenseI64ArrayAttr:$low,
                       DenseI64ArrayAttr:$high, F64Attr:$padding);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat = [{
    $input `low` $low `high` $high `value` $padding attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Collectives (only between legato-partition and the runtime's program split)
//===----------------------------------------------------------------------===//

def Legato_AllReduceOp : Legato_Op<"all_reduce", [SameOperandsAndResultType]> {
  let summary = "combines ranks' values elementwise (a partial reduction's result)";
  let description = [{
    Without `groups`, every rank's value is combined and every rank gets the
    result. With `groups` (one entry per rank: the index of its group), each
    rank combines only with the ranks of its own group: the ranks of a 2-D
    mesh's row that each reduced their block along the split columns.
  }];
  let arguments = (ins Legato_ReduceKind:$kind, Legato_Tensor:$input,
                       OptionalAttr<DenseI64ArrayAttr>:$groups);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat = "$kind $input (`in` `groups` $groups^)? attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Legato_ExchangeOp : Legato_Op<"exchange"> {
  let summary = "gives each rank the box of a distributed array it needs";
  let description = [{
    Rank r holds box `have[r]` of an array of `global_shape` (the input) and
    receives box `need[r]` (the result). Boxes are flattened: for each rank,
    the low corner then the high corner (exclusive). Each element travels
    from its owner, the lowest rank holding it: a halo exchange, an
    all-gather and a reshard are all exchanges.
  }];
  let arguments = (ins Legato_Tensor:$input, DenseI64ArrayAttr:$global_shape,
                       DenseI64ArrayAttr:$have, DenseI64ArrayAttr:$need,
                       I64Attr:$rank);
  let results = (outs Legato_Tensor:$result);
  let assemblyFormat = [{
    $input `have` $have `need` $need `of` $global_shape `on` $rank attr-dict
    `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // LEGATO_OPS

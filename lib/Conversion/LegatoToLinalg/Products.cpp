//===- Products.cpp - legato.matmul to linalg contractions ----------------===//
#include "Conversion/LegatoToLinalg/LoweringUtils.h"
#include "Conversion/LegatoToLinalg/Patterns.h"
#include "Dialect/Legato/IR/Markers.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::legato;
using namespace mlir::legato::lowering;

namespace {

/// Whether the vector `v` is read from memory with a stride: a slice
/// (through reshapes) whose elements are not consecutive in its source (a
/// column of a matrix). A generated matrix-vector product would read it
/// element by element across cache lines for every row; BLAS takes the
/// stride as its increment.
bool readsStrided(Value v) {
  while (auto reshape = v.getDefiningOp<ReshapeOp>())
    v = reshape.getInput();
  auto slice = v.getDefiningOp<SliceOp>();
  if (!slice)
    return false;
  ArrayRef<int64_t> source = cast<RankedTensorType>(slice.getInput().getType()).getShape();
  ArrayRef<int64_t> result = cast<RankedTensorType>(slice.getType()).getShape();
  // Consecutive: one step along the outermost dim with more than one
  // index, whole extents inside it.
  auto outer = llvm::find_if(result, [](int64_t extent) { return extent > 1; });
  if (outer == result.end())
    return false;
  size_t k = outer - result.begin();
  if (slice.getStrides()[k] != 1)
    return true;
  for (size_t d = k + 1; d < result.size(); ++d)
    if (result[d] != source[d])
      return true;
  return false;
}

struct MatmulLowering : OpConversionPattern<MatmulOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(MatmulOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType out = signless(op.getType());
    Value init = tensor::EmptyOp::create(rewriter, loc, out.getShape(), out.getElementType());
    // Float and complex products become BLAS calls that overwrite their
    // output (beta = 0);
    // others run as loops that accumulate into a zero fill. A matrix times a
    // vector (row-major: a reduction along contiguous rows) is a reduction
    // kernel like any other: memory-bound, it is as fast generated, and its
    // producers and consumers fuse into it (Jacobi's `(b - R @ x) / d`). A
    // transposed matrix stays with BLAS, which reads it in place, as does
    // a strided vector (readsStrided).
    Value l = adaptor.getLhs(), r = adaptor.getRhs();
    int64_t lr = cast<RankedTensorType>(l.getType()).getRank();
    int64_t rr = cast<RankedTensorType>(r.getType()).getRank();
    bool generatedMatvec = lr == 2 && rr == 1 && !op.getLhs().getDefiningOp<TransposeOp>() &&
                           !readsStrided(op.getRhs());
    Type elem = out.getElementType();
    bool blas = (isFloat(elem) || isa<ComplexType>(elem)) && (lr == 2 || rr == 2) &&
                !generatedMatvec;
    if (!blas) {
      Value zero = scalarConstant(rewriter, loc, out.getElementType(), 0);
      init = linalg::FillOp::create(rewriter, loc, zero, init).getResult(0);
    }
    Operation *product;
    if (lr == 2 && rr == 2)
      product = linalg::MatmulOp::create(rewriter, loc, ValueRange{l, r}, ValueRange{init});
    else if (lr == 2)
      product = linalg::MatvecOp::create(rewriter, loc, ValueRange{l, r}, ValueRange{init});
    else if (rr == 2)
      product = linalg::VecmatOp::create(rewriter, loc, ValueRange{l, r}, ValueRange{init});
    else
      product = linalg::DotOp::create(rewriter, loc, ValueRange{l, r}, ValueRange{init});
    if (blas)
      product->setAttr(kOverwriteAttr, rewriter.getUnitAttr());
    if (generatedMatvec) {
      FailureOr<linalg::GenericOp> generic =
          linalg::generalizeNamedOp(rewriter, cast<linalg::LinalgOp>(product));
      if (failed(generic))
        return rewriter.notifyMatchFailure(op, "matvec without a generic form");
      product = *generic;
    }
    rewriter.replaceOp(op, product->getResult(0));
    return success();
  }
};

} // namespace

void lowering::populateProductLoweringPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<MatmulLowering>(converter, patterns.getContext());
}

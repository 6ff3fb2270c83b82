//===- FoldTransposesIntoGemm.cpp - GEMM reads transposed operands itself -===//
//
// After bufferization a transposed GEMM operand is a copy kernel into a
// fresh buffer. BLAS reads a transposed matrix as well as a plain one (a
// flag), and the runtime's GEMM entry points take any strided view
// (lib/Runtime/Blas.cpp), so the copy can become a `memref.transpose` view:
// one kernel and one temporary less. Targets without transposed-operand GEMM
// do not run this pass and keep the copy.
//
//===----------------------------------------------------------------------===//

#include "Analysis/BufferRoots.h"
#include "Transforms/Passes.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOFOLDTRANSPOSESINTOGEMMPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// The source of `generic` when it only copies a 2-D buffer transposed.
Value transposedSource(linalg::GenericOp generic) {
  if (!generic.hasPureBufferSemantics() || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 || generic.getNumLoops() != 2 ||
      generic.getNumReductionLoops() != 0)
    return {};
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  if (generic.getBody()->getOperations().size() != 1 ||
      yield.getValues()[0] != generic.getBody()->getArgument(0))
    return {};
  AffineMap in = generic.getIndexingMapsArray()[0];
  AffineMap out = generic.getIndexingMapsArray()[1];
  MLIRContext *ctx = generic.getContext();
  AffineMap swap = AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, ctx);
  if (!out.isIdentity() || in != swap)
    return {};
  // BLAS needs one unit stride; the transposed view of a row-major
  // source has it in its first dim.
  Value source = generic.getDpsInputs()[0];
  auto type = cast<MemRefType>(source.getType());
  auto [strides, offset] = type.getStridesAndOffset();
  if (strides.back() != 1)
    return {};
  return source;
}

bool isBlasProduct(Operation *op) {
  Type elem = getElementTypeOrSelf(op->getOperand(0).getType());
  if (auto c = dyn_cast<ComplexType>(elem))
    elem = c.getElementType();
  return isa<linalg::MatmulOp, linalg::MatvecOp, linalg::VecmatOp>(op) &&
         (elem.isF32() || elem.isF64());
}

struct LegatoFoldTransposesIntoGemmPass
    : legato::impl::LegatoFoldTransposesIntoGemmPassBase<LegatoFoldTransposesIntoGemmPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, Value>> work;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (Value source = transposedSource(generic))
        work.push_back({generic, source});
    });
    for (auto [generic, source] : work) {
      Value copy = generic.getDpsInits()[0];
      auto alloc = copy.getDefiningOp<memref::AllocOp>();
      if (!alloc)
        continue;
      // The copy may only be read, after it is written, by products as an
      // input (and freed): then a view of the source serves the same values.
      bool foldable = true;
      for (OpOperand &use : copy.getUses()) {
        Operation *user = use.getOwner();
        if (user == generic || isa<memref::DeallocOp>(user))
          continue;
        foldable &= isBlasProduct(user) && use.getOperandNumber() < 2 &&
                    user->getBlock() == generic->getBlock() &&
                    generic->isBeforeInBlock(user);
      }
      // The source must not change between the copy and the products.
      foldable &= llvm::all_of(source.getUsers(), [&](Operation *user) {
        auto dps = dyn_cast<DestinationStyleOpInterface>(user);
        return !dps || !llvm::is_contained(dps.getDpsInits(), source);
      });
      if (!foldable)
        continue;
      OpBuilder b(generic);
      AffineMap swap = AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, &getContext());
      Value view = memref::TransposeOp::create(b, generic.getLoc(), source,
                                               AffineMapAttr::get(swap));
      Operation *lastProduct = generic;
      for (OpOperand &use : llvm::make_early_inc_range(copy.getUses()))
        if (isBlasProduct(use.getOwner())) {
          use.set(view);
          if (lastProduct->isBeforeInBlock(use.getOwner()))
            lastProduct = use.getOwner();
        }
      // The source's buffer now lives until the last product reads it: a
      // dealloc placed after the copy, before the products, moves after them.
      for (Operation *user : legato::rootOf(source).getUsers())
        if (auto dealloc = dyn_cast<memref::DeallocOp>(user))
          if (dealloc->getBlock() == lastProduct->getBlock() &&
              dealloc->isBeforeInBlock(lastProduct))
            dealloc->moveAfter(lastProduct);
      generic->erase();
      for (Operation *user : llvm::make_early_inc_range(copy.getUsers()))
        user->erase(); // the deallocs
      alloc->erase();
    }
  }
};

} // namespace

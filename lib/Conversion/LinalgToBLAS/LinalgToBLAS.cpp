//===- LinalgToBLAS.cpp - contractions on buffers to BLAS calls -----------===//
#include "Conversion/Passes.h"
#include "Dialect/Legato/IR/Markers.h"

#include "mlir/IR/SymbolTable.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOCONVERTLINALGTOBLASPASS
#include "Conversion/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// memref<...xT, strided<[?...], offset: ?>>: one callee type for every view.
MemRefType anyStrided(MemRefType t) {
  SmallVector<int64_t> dyn(t.getRank(), ShapedType::kDynamic);
  auto layout = StridedLayoutAttr::get(t.getContext(), ShapedType::kDynamic, dyn);
  return MemRefType::get(dyn, t.getElementType(), layout);
}

/// Declares (once) `legato_<kind>_<f32|f64|c64|c128>(memref, memref, memref,
/// beta)`.
func::FuncOp getOrDeclare(ModuleOp module, StringRef name, TypeRange args) {
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto f = func::FuncOp::create(b, module.getLoc(), name,
                                b.getFunctionType(args, {}));
  f.setPrivate();
  f->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  return f;
}

/// The BLAS entry point for `op`, or "" when it is not a float or complex
/// product.
std::string calleeFor(linalg::LinalgOp op) {
  Type elem = getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType());
  std::string suffix;
  if (auto c = dyn_cast<ComplexType>(elem))
    suffix = c.getElementType().isF32() ? "_c64" : c.getElementType().isF64() ? "_c128" : "";
  else if (elem.isF32() || elem.isF64())
    suffix = elem.isF32() ? "_f32" : "_f64";
  if (suffix.empty())
    return "";
  if (isa<linalg::MatmulOp>(op))
    return "legato_gemm" + suffix;
  if (isa<linalg::MatvecOp>(op))
    return "legato_gemv" + suffix;
  if (isa<linalg::VecmatOp>(op))
    return "legato_gevm" + suffix;
  return "";
}

void lowerToCall(ModuleOp module, linalg::LinalgOp op, StringRef callee) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value out = op.getDpsInitOperand(0)->get();
  Type elem = getElementTypeOrSelf(out.getType());
  double beta = op->hasAttr(legato::kOverwriteAttr) ? 0.0 : 1.0;
  SmallVector<Value> args;
  SmallVector<Type> types;
  for (Value v : op->getOperands()) {
    auto t = anyStrided(cast<MemRefType>(v.getType()));
    args.push_back(memref::CastOp::create(b, loc, t, v));
    types.push_back(t);
  }
  // beta is real (0 or 1): a complex product's is its parts' type.
  Type betaType = isa<ComplexType>(elem) ? cast<ComplexType>(elem).getElementType() : elem;
  args.push_back(arith::ConstantOp::create(b, loc, b.getFloatAttr(betaType, beta)));
  types.push_back(betaType);
  func::FuncOp decl = getOrDeclare(module, callee, types);
  func::CallOp::create(b, loc, decl, args);
  op->erase();
}

struct LegatoConvertLinalgToBLASPass
    : legato::impl::LegatoConvertLinalgToBLASPassBase<LegatoConvertLinalgToBLASPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<linalg::LinalgOp, std::string>> work;
    module.walk([&](linalg::LinalgOp op) {
      if (!op.hasPureBufferSemantics())
        return;
      std::string callee = calleeFor(op);
      if (!callee.empty())
        work.push_back({op, callee});
    });
    for (auto &[op, callee] : work)
      lowerToCall(module, op, callee);
  }
};

} // namespace

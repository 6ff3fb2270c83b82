//===- LegatoDialect.cpp - dialect registration ---------------------------===//
#include "Dialect/Legato/IR/LegatoDialect.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Dialect/Legato/IR/ShardingOpInterface.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::legato;

#include "Dialect/Legato/IR/LegatoOpsDialect.cpp.inc"
#include "Dialect/Legato/IR/LegatoOpsEnums.cpp.inc"

void LegatoDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Dialect/Legato/IR/LegatoOps.cpp.inc"
      >();
  // Every op's sharding rule is an external model beside the partitioner
  // (registerShardingOpInterfaceExternalModels).
  declarePromisedInterfaces<ShardingOpInterface,
#define GET_OP_LIST
#include "Dialect/Legato/IR/LegatoOps.cpp.inc"
                            >();
}

Operation *LegatoDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  auto splat = dyn_cast<SplatElementsAttr>(value);
  if (!splat || splat.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, cast<ElementsAttr>(splat));
}

//===----------------------------------------------------------------------===//
// The markers of Markers.h, on ops of other dialects
//===----------------------------------------------------------------------===//

namespace {

/// `attr` is a marker named in Markers.h, of the type and on the kind of op
/// that its passes write and read; else an error naming what is wrong.
LogicalResult verifyMarker(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  Attribute value = attr.getValue();
  auto expect = [&](bool typeOk, StringRef type, bool opOk, StringRef ops) -> LogicalResult {
    if (!typeOk)
      return op->emitOpError() << "'" << name << "' must be " << type << ", not " << value;
    if (!opOk)
      return op->emitOpError() << "cannot carry '" << name << "': it marks " << ops;
    return success();
  };
  bool unit = isa<UnitAttr>(value);
  bool integer = isa<IntegerAttr>(value);
  bool generic = isa<linalg::GenericOp>(op);
  if (name == kOverwriteAttr)
    return expect(unit, "a unit attribute", isa<linalg::LinalgOp>(op),
                  "linalg contractions whose output starts uninitialised");
  if (name == kCombineAttr || name == kEpilogueAttr || name == kSplitAttr ||
      name == kPeeledAttr)
    return expect(unit, "a unit attribute", generic, "linalg.generic kernels");
  if (name == kLaunchAttr || name == kSweepTileAttr)
    return expect(integer, "an integer (the group's number)", generic, "linalg.generic kernels");
  if (name == kScatterLoopAttr)
    return expect(unit, "a unit attribute", isa<scf::ForOp>(op), "the scf.for of a scatter");
  if (name == kSegmentAttr)
    return expect(integer, "an integer (the level)",
                  isa<func::CallOp>(op) || isCollective(op),
                  "the calls of segments and the collectives of an outlined program");
  if (name == kOverlapAttr) {
    auto pieces = dyn_cast<ArrayAttr>(value);
    bool typeOk = pieces && pieces.size() == 3 &&
                  llvm::all_of(pieces, llvm::IsaPred<FlatSymbolRefAttr, UnitAttr>);
    return expect(typeOk, "an array of three piece symbols or units", isa<func::CallOp>(op),
                  "the calls of segments");
  }
  return op->emitOpError() << "'" << name
                           << "' is not an attribute of the legato dialect (Markers.h lists them)";
}

/// An argument or result attribute of a function: `legato.output` on the
/// arguments that receive results, `legato.boxes` on a global program's,
/// `legato.partial` on a piece's partial reductions.
LogicalResult verifyFunctionValueMarker(Operation *op, NamedAttribute attr, bool argument) {
  StringRef name = attr.getName().strref();
  if (name == kBoxesAttr) {
    if (!isa<DenseI64ArrayAttr>(attr.getValue()))
      return op->emitOpError() << "'" << name << "' must be a DenseI64ArrayAttr of boxes";
    return success();
  }
  if (!argument && name == kPartialAttr) {
    if (!isa<ReduceKindAttr>(attr.getValue()))
      return op->emitOpError() << "'" << name << "' must be a reduction kind";
    return success();
  }
  if (argument && name == kOutputArgAttr) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitOpError() << "'" << name << "' must be a unit attribute";
    return success();
  }
  return op->emitOpError() << "'" << name << "' is not " << (argument ? "an argument" : "a result")
                           << " attribute of the legato dialect (Markers.h lists them)";
}

} // namespace

LogicalResult LegatoDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  return verifyMarker(op, attr);
}

LogicalResult LegatoDialect::verifyRegionArgAttribute(Operation *op, unsigned, unsigned,
                                                       NamedAttribute attr) {
  return verifyFunctionValueMarker(op, attr, /*argument=*/true);
}

LogicalResult LegatoDialect::verifyRegionResultAttribute(Operation *op, unsigned, unsigned,
                                                          NamedAttribute attr) {
  return verifyFunctionValueMarker(op, attr, /*argument=*/false);
}

//===- RunPipeline.cpp - a backend's pipeline, its failures as errors -----===//
#include "Codegen/RunPipeline.h"
#include "legato/legato.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/raw_ostream.h"

namespace legato::codegen {

void runPipeline(mlir::PassManager &pm, mlir::ModuleOp module) {
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  mlir::ScopedDiagnosticHandler handler(module.getContext(), [&](mlir::Diagnostic &d) {
    os << d << "\n";
    return mlir::success();
  });
  if (mlir::failed(pm.run(module)))
    throw Error("legato: internal compiler error while compiling a program:\n" + diagnostics);
}

} // namespace legato::codegen

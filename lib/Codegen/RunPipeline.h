//===- RunPipeline.h - a backend's pipeline, its failures as errors -*- C++ -*-===//
#ifndef LEGATO_CODEGEN_RUNPIPELINE_H
#define LEGATO_CODEGEN_RUNPIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace legato::codegen {

/// Runs a backend's pipeline on `module`; a failure is an internal compiler
/// error (a legato::Error) carrying the pipeline's diagnostics.
void runPipeline(mlir::PassManager &pm, mlir::ModuleOp module);

} // namespace legato::codegen

#endif // LEGATO_CODEGEN_RUNPIPELINE_H

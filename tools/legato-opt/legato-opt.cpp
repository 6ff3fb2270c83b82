//===- legato-opt.cpp - mlir-opt for the legato dialect and passes ----------===//
#include "Transforms/Pipelines.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::legato::registerLegatoCompilerDialects(registry);
  mlir::legato::registerLegatoPassesAndPipelines();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "legato optimizer driver\n", registry));
}

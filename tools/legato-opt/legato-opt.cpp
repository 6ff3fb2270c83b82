//===- legato-opt.cpp - mlir-opt for the legato dialect and passes ----------===//
#include "Pipelines/Pipelines.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::legato::registerLegatoGPUCompilerDialects(registry);
  mlir::legato::registerLegatoPassesAndPipelines();
  mlir::legato::registerLegatoGPUPassesAndPipelines();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "legato optimizer driver\n", registry));
}

//===- legato-opt.cpp - mlir-opt for the legato dialect and passes ----------===//
#include "Pipelines/Pipelines.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"

namespace {
/// --legato-stats: legato-simplify prints how often each pattern fired.
struct StatsOption {
  llvm::cl::opt<bool> enabled{"legato-stats",
                              llvm::cl::desc("Print how often each legato-simplify "
                                             "pattern fired"),
                              llvm::cl::init(false),
                              llvm::cl::callback([](const bool &on) {
                                mlir::legato::setSimplifyStatsPrinting(on);
                              })};
};
} // namespace

int main(int argc, char **argv) {
  static StatsOption stats;
  mlir::DialectRegistry registry;
  mlir::legato::registerLegatoGPUCompilerDialects(registry);
  mlir::legato::registerLegatoPassesAndPipelines();
  mlir::legato::registerLegatoGPUPassesAndPipelines();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "legato optimizer driver\n", registry));
}

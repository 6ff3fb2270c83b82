//===- Program.h - a cut of the recorded DAG, ready to compile --*- C++ -*-===//
#ifndef LEGATO_API_PROGRAM_H
#define LEGATO_API_PROGRAM_H

#include "API/Node.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>
#include <unordered_set>

namespace legato::detail {

/// The pending nodes needed for `outputs`, with the materialised values and
/// parameters they read as inputs. `key` identifies the program up to value
/// renumbering, so equal keys can share one compiled executable.
struct Program {
  std::vector<Node *> nodes;   ///< pending, topological
  std::vector<NodePtr> inputs; ///< Buffer or Param nodes, in first-use order
  std::vector<Node *> outputs; ///< pending nodes whose values are returned
  std::string key;
};

/// Collects the program computing `outputs` (all pending). `params`, when
/// given, fixes the order of the leading inputs (jit arguments); pending
/// nodes in `computedBefore` are inputs too (values of an earlier program).
Program collectProgram(const std::vector<Node *> &outputs,
                       const std::vector<NodePtr> &params = {},
                       const std::unordered_set<Node *> &computedBefore = {});

/// The program as a `legato`-dialect module with one function, @main.
mlir::OwningOpRef<mlir::ModuleOp> buildModule(const Program &program,
                                              mlir::MLIRContext &context);

} // namespace legato::detail

#endif // LEGATO_API_PROGRAM_H

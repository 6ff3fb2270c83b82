//===- ShardingInterfaceImpl.h - each legato op's sharding rule -*- C++ -*-===//
#ifndef LEGATO_DIALECT_LEGATO_TRANSFORMS_SHARDINGINTERFACEIMPL_H
#define LEGATO_DIALECT_LEGATO_TRANSFORMS_SHARDINGINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
namespace legato {

/// Attaches ShardingOpInterface to every legato op (a context that
/// partitions programs needs it: registerLegatoCompilerDialects does it).
void registerShardingOpInterfaceExternalModels(DialectRegistry &registry);

} // namespace legato
} // namespace mlir

#endif // LEGATO_DIALECT_LEGATO_TRANSFORMS_SHARDINGINTERFACEIMPL_H

//===- ShardingOpInterface.cpp - how an op maps boxes of its values -------===//
#include "Dialect/Legato/IR/ShardingOpInterface.h"

#include "Dialect/Legato/IR/ShardingOpInterface.cpp.inc"

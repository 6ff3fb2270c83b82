// RUN: %legato_opt %s --legato-buffer-interface --split-input-file | FileCheck %s

// Inputs become memrefs read through restrict to_tensor ops; each result
// gets an output memref (legato.output), written through a tensor of it
// defined at the entry, in the order the results are computed: the sum
// (the second result) is stored first.
// CHECK-LABEL: func.func @main(
// CHECK-SAME:    %[[A:.*]]: memref<4xf64>, %[[B:.*]]: memref<4xf64>,
// CHECK-SAME:    %[[P:.*]]: memref<4xf64> {legato.output}, %[[S:.*]]: memref<4xf64> {legato.output})
// CHECK-SAME:    attributes {llvm.emit_c_interface}
// CHECK-DAG:     %[[SDEST:.*]] = bufferization.to_tensor %[[S]] restrict writable
// CHECK-DAG:     %[[PDEST:.*]] = bufferization.to_tensor %[[P]] restrict writable
// CHECK-DAG:     %[[TA:.*]] = bufferization.to_tensor %[[A]] restrict :
// CHECK-DAG:     %[[TB:.*]] = bufferization.to_tensor %[[B]] restrict :
// CHECK:         %[[SUM:.*]] = arith.addf %[[TA]], %[[TB]]
// CHECK:         %[[PROD:.*]] = arith.mulf %[[SUM]], %[[TA]]
// CHECK:         bufferization.materialize_in_destination %[[SUM]] in %[[SDEST]]
// CHECK-NEXT:    bufferization.materialize_in_destination %[[PROD]] in %[[PDEST]]
// CHECK-NEXT:    return{{$}}
func.func @main(%a: tensor<4xf64>, %b: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %s = arith.addf %a, %b : tensor<4xf64>
  %p = arith.mulf %s, %a : tensor<4xf64>
  return %p, %s : tensor<4xf64>, tensor<4xf64>
}

// -----

// A returned argument is copied into its output.
// CHECK-LABEL: func.func @passthrough(
// CHECK-SAME:    %[[IN:.*]]: memref<2x3xf32>, %[[OUT:.*]]: memref<2x3xf32> {legato.output})
// CHECK:         %[[DEST:.*]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK:         %[[T:.*]] = bufferization.to_tensor %[[IN]] restrict :
// CHECK:         bufferization.materialize_in_destination %[[T]] in %[[DEST]]
func.func @passthrough(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %a : tensor<2x3xf32>
}

// -----

// Declarations keep their tensor signature.
// CHECK-LABEL: func.func private @external(tensor<4xf64>) -> tensor<4xf64>
func.func private @external(tensor<4xf64>) -> tensor<4xf64>

// RUN: %legato_opt %s --split-input-file --legato-store-in-place | FileCheck %s
// RUN: %legato_opt %s --split-input-file --legato-store-in-place --one-shot-bufferize | FileCheck %s --check-prefix=BUF

// The input is what legato-buffer-interface makes: each result stored into a
// tensor of its output buffer.

#map = affine_map<(d0) -> (d0)>

// Tests that a result starting as an empty tensor is computed in its output
// buffer, and the store then copies nothing.
// CHECK-LABEL: func @result_in_its_buffer
// CHECK: %[[OUT:.*]] = bufferization.to_tensor %arg1 restrict writable
// CHECK: %[[R:.*]] = linalg.generic {{.*}} outs(%[[OUT]] :
// CHECK: bufferization.materialize_in_destination %[[R]] in %[[OUT]]
// BUF-LABEL: func @result_in_its_buffer
// BUF: linalg.generic {{.*}} ins(%arg0 {{.*}} outs(%arg1 :
// BUF-NOT: memref.alloc
// BUF: return
func.func @result_in_its_buffer(%in: memref<4xf64>, %out: memref<4xf64>) {
  %o = bufferization.to_tensor %out restrict writable : memref<4xf64> to tensor<4xf64>
  %x = bufferization.to_tensor %in restrict : memref<4xf64> to tensor<4xf64>
  %e = tensor.empty() : tensor<4xf64>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<4xf64>) outs(%e : tensor<4xf64>) {
  ^bb0(%a: f64, %b: f64):
    %s = arith.mulf %a, %a : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  %0 = bufferization.materialize_in_destination %r in %o : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return
}

// -----

#map = affine_map<(d0) -> (d0)>

// Tests a value stored in one output and, updated, in another, the update
// stored first: computed in the update's output, the value could not be
// kept from the update's store. The update's store copies into its memref
// instead; the value is computed in its own output.
// CHECK-LABEL: func @value_and_its_update
// CHECK-NOT: to_tensor %arg1
// CHECK: %[[VALUE_OUT:.*]] = bufferization.to_tensor %arg2 restrict writable
// CHECK: %[[V:.*]] = linalg.generic {{.*}} outs(%[[VALUE_OUT]] :
// CHECK: %[[U:.*]] = tensor.insert_slice %{{.*}} into %[[V]]
// CHECK: bufferization.materialize_in_destination %[[U]] in writable %arg1 : (tensor<3xf64>, memref<3xf64>)
// CHECK: bufferization.materialize_in_destination %[[V]] in %[[VALUE_OUT]]
// BUF-LABEL: func @value_and_its_update
// BUF: linalg.generic {{.*}} outs(%arg2 :
// BUF: memref.copy %arg2, %[[COPY:.*]] :
// BUF: memref.copy %[[COPY]], %arg1
func.func @value_and_its_update(%in: memref<3xf64>, %updated: memref<3xf64>, %value: memref<3xf64>) {
  %out0 = bufferization.to_tensor %updated restrict writable : memref<3xf64> to tensor<3xf64>
  %out1 = bufferization.to_tensor %value restrict writable : memref<3xf64> to tensor<3xf64>
  %x = bufferization.to_tensor %in restrict : memref<3xf64> to tensor<3xf64>
  %cst = arith.constant -3.0 : f64
  %e = tensor.empty() : tensor<3xf64>
  %v = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<3xf64>) outs(%e : tensor<3xf64>) {
  ^bb0(%a: f64, %b: f64):
    %s = arith.addf %a, %a : f64
    linalg.yield %s : f64
  } -> tensor<3xf64>
  %e1 = tensor.empty() : tensor<1xf64>
  %f = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%e1 : tensor<1xf64>) {
  ^bb0(%b: f64):
    linalg.yield %cst : f64
  } -> tensor<1xf64>
  %u = tensor.insert_slice %f into %v[0] [1] [1] : tensor<1xf64> into tensor<3xf64>
  %0 = bufferization.materialize_in_destination %u in %out0 : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  %1 = bufferization.materialize_in_destination %v in %out1 : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  return
}

// -----

#map = affine_map<(d0) -> (d0)>

// Tests two updates of one value (a pad's border, its interior set in one
// result and its last element in the other; the fuzzer's seed 335945): the
// stores into tensors let the analysis see that neither output may hold
// the shared value while the other update still reads it. Each output is
// written once, at the end (a store into the memref wrote the first one
// while the second update still lived there).
// BUF-LABEL: func @two_updates_of_one_value
// BUF-NOT: outs(%arg
// BUF-NOT: memref.copy {{.*}}, %arg
// BUF: memref.copy %{{.*}}, %arg1
// BUF-NEXT: memref.copy %{{.*}}, %arg2
// BUF-NEXT: return
func.func @two_updates_of_one_value(%in: memref<1xi32>, %padded: memref<3xi32>, %set: memref<3xi32>) {
  %out0 = bufferization.to_tensor %padded restrict writable : memref<3xi32> to tensor<3xi32>
  %out1 = bufferization.to_tensor %set restrict writable : memref<3xi32> to tensor<3xi32>
  %x = bufferization.to_tensor %in restrict : memref<1xi32> to tensor<1xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %e = tensor.empty() : tensor<3xi32>
  %e2 = tensor.empty() : tensor<2xi32>
  %border = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%e2 : tensor<2xi32>) {
  ^bb0(%b: i32):
    linalg.yield %c0 : i32
  } -> tensor<2xi32>
  %base = tensor.insert_slice %border into %e[0] [2] [1] : tensor<2xi32> into tensor<3xi32>
  %e1 = tensor.empty() : tensor<1xi32>
  %one = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%e1 : tensor<1xi32>) {
  ^bb0(%b: i32):
    linalg.yield %c1 : i32
  } -> tensor<1xi32>
  %pad = tensor.insert_slice %x into %base[2] [1] [1] : tensor<1xi32> into tensor<3xi32>
  %updated = tensor.insert_slice %one into %base[2] [1] [1] : tensor<1xi32> into tensor<3xi32>
  %0 = bufferization.materialize_in_destination %pad in %out0 : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %1 = bufferization.materialize_in_destination %updated in %out1 : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return
}

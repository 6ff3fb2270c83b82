// RUN: %legato_opt %s --legato-convert-linalg-to-blas --split-input-file | FileCheck %s

// A product marked legato.overwrite (its output uninitialised) is a call
// with beta = 0; every operand is passed as a view of any strides.
// CHECK-LABEL: func.func @gemm_overwrites(
// CHECK-SAME:    %[[A:.*]]: memref<4x3xf64>, %[[B:.*]]: memref<3x5xf64>, %[[C:.*]]: memref<4x5xf64>)
// CHECK:         %[[CA:.*]] = memref.cast %[[A]] : memref<4x3xf64> to memref<?x?xf64, strided<[?, ?], offset: ?>>
// CHECK:         %[[CB:.*]] = memref.cast %[[B]]
// CHECK:         %[[CC:.*]] = memref.cast %[[C]]
// CHECK:         %[[BETA:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         call @legato_gemm_f64(%[[CA]], %[[CB]], %[[CC]], %[[BETA]])
// CHECK-NOT:     linalg.matmul
// CHECK:         func.func private @legato_gemm_f64(memref<?x?xf64, strided<[?, ?], offset: ?>>, memref<?x?xf64, strided<[?, ?], offset: ?>>, memref<?x?xf64, strided<[?, ?], offset: ?>>, f64) attributes {llvm.emit_c_interface}
func.func @gemm_overwrites(%a: memref<4x3xf64>, %b: memref<3x5xf64>, %c: memref<4x5xf64>) {
  linalg.matmul {legato.overwrite} ins(%a, %b : memref<4x3xf64>, memref<3x5xf64>) outs(%c : memref<4x5xf64>)
  return
}

// -----

// Unmarked products accumulate (beta = 1); each entry point is declared
// once however often it is called.
// CHECK-LABEL: func.func @gemv_and_gevm_accumulate(
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         call @legato_gemv_f32({{.*}}, %[[ONE]])
// CHECK:         call @legato_gevm_f32(
// CHECK:         call @legato_gemv_f32(
// CHECK-COUNT-1: func.func private @legato_gemv_f32(
// CHECK-COUNT-1: func.func private @legato_gevm_f32(
// CHECK-NOT:     func.func private
func.func @gemv_and_gevm_accumulate(%a: memref<4x3xf32>, %x: memref<3xf32>, %y: memref<4xf32>, %z: memref<3xf32>) {
  linalg.matvec ins(%a, %x : memref<4x3xf32>, memref<3xf32>) outs(%y : memref<4xf32>)
  linalg.vecmat ins(%y, %a : memref<4xf32>, memref<4x3xf32>) outs(%z : memref<3xf32>)
  linalg.matvec ins(%a, %x : memref<4x3xf32>, memref<3xf32>) outs(%y : memref<4xf32>)
  return
}

// -----

// A transposed view reaches the call as it is: BLAS reads its strides.
// CHECK-LABEL: func.func @strided_view(
// CHECK:         %[[T:.*]] = memref.transpose
// CHECK:         %[[CT:.*]] = memref.cast %[[T]] : memref<4x3xf64, strided<[1, 4]>> to memref<?x?xf64, strided<[?, ?], offset: ?>>
// CHECK:         call @legato_gemm_f64(%[[CT]],
func.func @strided_view(%a: memref<3x4xf64>, %b: memref<3x5xf64>, %c: memref<4x5xf64>) {
  %t = memref.transpose %a (d0, d1) -> (d1, d0) : memref<3x4xf64> to memref<4x3xf64, strided<[1, 4]>>
  linalg.matmul ins(%t, %b : memref<4x3xf64, strided<[1, 4]>>, memref<3x5xf64>) outs(%c : memref<4x5xf64>)
  return
}

// -----

// Integer products have no BLAS entry point: they stay for the loops.
// CHECK-LABEL: func.func @integers_stay(
// CHECK:         linalg.matmul
// CHECK-NOT:     call
func.func @integers_stay(%a: memref<4x3xi64>, %b: memref<3x5xi64>, %c: memref<4x5xi64>) {
  linalg.matmul ins(%a, %b : memref<4x3xi64>, memref<3x5xi64>) outs(%c : memref<4x5xi64>)
  return
}

// -----

// Complex products call zgemm/cgemm's entry points; beta stays real, of
// the parts' type.
// CHECK-LABEL: func.func @complex_products(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         call @legato_gemm_c128({{.*}}, %[[ZERO]])
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         call @legato_gemv_c64({{.*}}, %[[ONE]])
// CHECK:         func.func private @legato_gemm_c128(memref<?x?xcomplex<f64>, strided<[?, ?], offset: ?>>, memref<?x?xcomplex<f64>, strided<[?, ?], offset: ?>>, memref<?x?xcomplex<f64>, strided<[?, ?], offset: ?>>, f64)
// CHECK:         func.func private @legato_gemv_c64(memref<?x?xcomplex<f32>, strided<[?, ?], offset: ?>>, memref<?xcomplex<f32>, strided<[?], offset: ?>>, memref<?xcomplex<f32>, strided<[?], offset: ?>>, f32)
func.func @complex_products(%a: memref<4x3xcomplex<f64>>, %b: memref<3x5xcomplex<f64>>, %c: memref<4x5xcomplex<f64>>,
                            %m: memref<4x3xcomplex<f32>>, %x: memref<3xcomplex<f32>>, %y: memref<4xcomplex<f32>>) {
  linalg.matmul {legato.overwrite} ins(%a, %b : memref<4x3xcomplex<f64>>, memref<3x5xcomplex<f64>>) outs(%c : memref<4x5xcomplex<f64>>)
  linalg.matvec ins(%m, %x : memref<4x3xcomplex<f32>>, memref<3xcomplex<f32>>) outs(%y : memref<4xcomplex<f32>>)
  return
}

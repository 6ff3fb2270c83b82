// RUN: %legato_opt %s --convert-legato-to-linalg | FileCheck %s

// A LAPACK routine becomes a call of the runtime on buffers: the operands
// read in place (to_buffer read_only, any layout), a new 64-byte aligned
// result buffer, one private callee per element type taking unranked
// memrefs, the kind (1: solve) and the flags (1 vectors, 2 full, 4 upper).

// CHECK-LABEL: func @solve
// CHECK-DAG:   %[[A:.+]] = bufferization.to_buffer %{{.*}} read_only : tensor<3x4x4xf64> to memref<3x4x4xf64, strided<[?, ?, ?], offset: ?>>
// CHECK-DAG:   %[[B:.+]] = bufferization.to_buffer %{{.*}} read_only : tensor<3x4x2xf64> to memref<3x4x2xf64, strided<[?, ?, ?], offset: ?>>
// CHECK-DAG:   %[[OUT:.+]] = memref.alloc() {alignment = 64 : i64} : memref<3x4x2xf64>
// CHECK-DAG:   %[[KIND:.+]] = arith.constant 1 : i64
// CHECK-DAG:   %[[FLAGS:.+]] = arith.constant 0 : i64
// CHECK:       call @legato_lapack_f64(%[[KIND]], %[[FLAGS]], %{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, memref<*xf64>, memref<*xf64>, memref<*xf64>) -> ()
// CHECK:       bufferization.to_tensor %[[OUT]] restrict writable
func.func @solve(%a: tensor<3x4x4xf64>, %b: tensor<3x4x2xf64>) -> tensor<3x4x2xf64> {
  %x = legato.lapack solve %a, %b : tensor<3x4x4xf64>, tensor<3x4x2xf64> -> tensor<3x4x2xf64>
  return %x : tensor<3x4x2xf64>
}

// Tests that an SVD with vectors packs s (2), u (5x2) and vh (2x2) on one
// axis (flags 1), and that complex<f32> calls its own entry point.
// CHECK-LABEL: func @svd_complex
// CHECK:       %[[FLAGS:.+]] = arith.constant 1 : i64
// CHECK:       call @legato_lapack_c64(%{{.*}}, %[[FLAGS]], %{{.*}}, %{{.*}}, %{{.*}})
func.func @svd_complex(%a: tensor<5x2xcomplex<f32>>) -> tensor<16xcomplex<f32>> {
  %p = legato.lapack svd %a {vectors = true} : tensor<5x2xcomplex<f32>> -> tensor<16xcomplex<f32>>
  return %p : tensor<16xcomplex<f32>>
}

// Tests that eig of a real matrix has its own entry point: complex result,
// real operands.
// CHECK-LABEL: func @eig_of_reals
// CHECK:       call @legato_lapack_eig_f64(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, memref<*xcomplex<f64>>, memref<*xf64>, memref<*xf64>) -> ()
// The callees are declared once each, private, with C interfaces.
// CHECK:       func.func private @legato_lapack_f64(i64, i64, memref<*xf64>, memref<*xf64>, memref<*xf64>) attributes {llvm.emit_c_interface}
// CHECK:       func.func private @legato_lapack_c64(i64, i64, memref<*xcomplex<f32>>, memref<*xcomplex<f32>>, memref<*xcomplex<f32>>) attributes {llvm.emit_c_interface}
// CHECK:       func.func private @legato_lapack_eig_f64(i64, i64, memref<*xcomplex<f64>>, memref<*xf64>, memref<*xf64>) attributes {llvm.emit_c_interface}
func.func @eig_of_reals(%a: tensor<3x3xf64>) -> tensor<12xcomplex<f64>> {
  %p = legato.lapack eig %a {vectors = true} : tensor<3x3xf64> -> tensor<12xcomplex<f64>>
  return %p : tensor<12xcomplex<f64>>
}

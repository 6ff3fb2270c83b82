// RUN: %legato_opt %s --convert-legato-to-linalg | FileCheck %s

// A transform becomes a call of the runtime on buffers, as a LAPACK
// routine does: the operand read in place (to_buffer read_only, any
// layout), a new 64-byte aligned result buffer, one private callee per
// pair of element types taking unranked memrefs, the kind (0 forward,
// 1 inverse, 2 real_forward, 3 real_inverse) and the axis.

// CHECK-LABEL: func @forward_along_rows
// CHECK-DAG:   %[[IN:.+]] = bufferization.to_buffer %{{.*}} read_only : tensor<4x6xcomplex<f64>> to memref<4x6xcomplex<f64>, strided<[?, ?], offset: ?>>
// CHECK-DAG:   %[[OUT:.+]] = memref.alloc() {alignment = 64 : i64} : memref<4x6xcomplex<f64>>
// CHECK-DAG:   %[[KIND:.+]] = arith.constant 0 : i64
// CHECK-DAG:   %[[AXIS:.+]] = arith.constant 1 : i64
// CHECK:       call @legato_fft_c2c_f64(%[[KIND]], %[[AXIS]], %{{.*}}, %{{.*}}) : (i64, i64, memref<*xcomplex<f64>>, memref<*xcomplex<f64>>) -> ()
// CHECK:       bufferization.to_tensor %[[OUT]] restrict writable
func.func @forward_along_rows(%a: tensor<4x6xcomplex<f64>>) -> tensor<4x6xcomplex<f64>> {
  %y = legato.fft forward %a along 1 : tensor<4x6xcomplex<f64>> -> tensor<4x6xcomplex<f64>>
  return %y : tensor<4x6xcomplex<f64>>
}

// Tests that the real transforms have their own entry points (real
// operand or real result), single precision too, along the first axis;
// and that an inverse shares the complex entry point (kind 1).
// CHECK-LABEL: func @real_round_trip
// CHECK:       call @legato_fft_r2c_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, memref<*xcomplex<f32>>, memref<*xf32>) -> ()
// CHECK:       call @legato_fft_c2c_f32
// CHECK:       call @legato_fft_c2r_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, memref<*xf32>, memref<*xcomplex<f32>>) -> ()
// The callees are declared once each, private, with C interfaces.
// CHECK:       func.func private @legato_fft_r2c_f32(i64, i64, memref<*xcomplex<f32>>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK:       func.func private @legato_fft_c2c_f32(i64, i64, memref<*xcomplex<f32>>, memref<*xcomplex<f32>>) attributes {llvm.emit_c_interface}
// CHECK:       func.func private @legato_fft_c2r_f32(i64, i64, memref<*xf32>, memref<*xcomplex<f32>>) attributes {llvm.emit_c_interface}
func.func @real_round_trip(%a: tensor<7x3xf32>) -> tensor<7x3xf32> {
  %s = legato.fft real_forward %a along 0 : tensor<7x3xf32> -> tensor<4x3xcomplex<f32>>
  %t = legato.fft inverse %s along 1 : tensor<4x3xcomplex<f32>> -> tensor<4x3xcomplex<f32>>
  %x = legato.fft real_inverse %t along 0 : tensor<4x3xcomplex<f32>> -> tensor<7x3xf32>
  return %x : tensor<7x3xf32>
}

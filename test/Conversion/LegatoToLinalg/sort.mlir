// RUN: %legato_opt %s --convert-legato-to-linalg | FileCheck %s

// A sort becomes a call of the runtime on buffers, as an FFT does: the
// operand read in place (to_buffer read_only, any layout), a new 64-byte
// aligned result buffer, one private callee per element type taking the
// axis and unranked memrefs.

// CHECK-LABEL: func @values_along_rows
// CHECK-DAG:   %[[IN:.+]] = bufferization.to_buffer %{{.*}} read_only : tensor<4x6xf64> to memref<4x6xf64, strided<[?, ?], offset: ?>>
// CHECK-DAG:   %[[OUT:.+]] = memref.alloc() {alignment = 64 : i64} : memref<4x6xf64>
// CHECK-DAG:   %[[AXIS:.+]] = arith.constant 1 : i64
// CHECK:       call @legato_sort_f64(%[[AXIS]], %{{.*}}, %{{.*}}) : (i64, memref<*xf64>, memref<*xf64>) -> ()
// CHECK:       bufferization.to_tensor %[[OUT]] restrict writable
func.func @values_along_rows(%a: tensor<4x6xf64>) -> tensor<4x6xf64> {
  %y = legato.sort %a along 1 : tensor<4x6xf64> -> tensor<4x6xf64>
  return %y : tensor<4x6xf64>
}

// Tests that positions have their own entry point with an int64 result,
// and that the suffix keeps what signless buffers lose: unsigned integers
// (u16) apart from signed ones (i16), booleans (i1), float16.
// CHECK-LABEL: func @positions_and_types
// CHECK:       call @legato_argsort_u16(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, memref<*xi64>, memref<*xi16>) -> ()
// CHECK:       call @legato_sort_u16(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, memref<*xi16>, memref<*xi16>) -> ()
// CHECK:       call @legato_sort_i16(
// CHECK:       call @legato_sort_i1(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, memref<*xi1>, memref<*xi1>) -> ()
// CHECK:       call @legato_argsort_f16(
func.func @positions_and_types(%u: tensor<5xui16>, %i: tensor<5xi16>, %b: tensor<2x5xi1>, %h: tensor<5x2xf16>)
    -> (tensor<5xi64>, tensor<5xui16>, tensor<5xi16>, tensor<2x5xi1>, tensor<5x2xi64>) {
  %p = legato.sort %u along 0 positions : tensor<5xui16> -> tensor<5xi64>
  %s = legato.sort %u along 0 : tensor<5xui16> -> tensor<5xui16>
  %t = legato.sort %i along 0 : tensor<5xi16> -> tensor<5xi16>
  %c = legato.sort %b along 1 : tensor<2x5xi1> -> tensor<2x5xi1>
  %q = legato.sort %h along 0 positions : tensor<5x2xf16> -> tensor<5x2xi64>
  return %p, %s, %t, %c, %q : tensor<5xi64>, tensor<5xui16>, tensor<5xi16>, tensor<2x5xi1>, tensor<5x2xi64>
}

// Tests that a partition passes its kth positions as an i64 constant
// buffer after the input, to its own entry points.
// CHECK-LABEL: func @partition
// CHECK-DAG:   %[[KTH:.+]] = arith.constant dense<[2, 5]> : tensor<2xi64>
// CHECK-DAG:   %[[K:.+]] = bufferization.to_buffer %[[KTH]] read_only
// CHECK:       call @legato_partition_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, memref<*xf32>, memref<*xf32>, memref<*xi64>) -> ()
// CHECK:       call @legato_argpartition_i64(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, memref<*xi64>, memref<*xi64>, memref<*xi64>) -> ()
// The callees are declared once each, private, with C interfaces.
// CHECK:       func.func private @legato_argsort_u16(i64, memref<*xi64>, memref<*xi16>) attributes {llvm.emit_c_interface}
// CHECK:       func.func private @legato_argpartition_i64(i64, memref<*xi64>, memref<*xi64>, memref<*xi64>) attributes {llvm.emit_c_interface}
func.func @partition(%a: tensor<3x8xf32>, %b: tensor<8xi64>) -> (tensor<3x8xf32>, tensor<8xi64>) {
  %p = legato.sort %a along 1 kth [2, 5] : tensor<3x8xf32> -> tensor<3x8xf32>
  %q = legato.sort %b along 0 positions kth [7] : tensor<8xi64> -> tensor<8xi64>
  return %p, %q : tensor<3x8xf32>, tensor<8xi64>
}

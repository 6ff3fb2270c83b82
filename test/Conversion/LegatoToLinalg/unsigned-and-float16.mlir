// RUN: %legato_opt %s --convert-legato-to-linalg | FileCheck %s

// Unsigned integers are signless from linalg down: the function's signature
// and every tensor lose the sign, and the ops that depend on it take their
// unsigned forms from the legato op's types.

// CHECK-LABEL: func @unsigned_compare
// CHECK-SAME: (%{{.*}}: tensor<4xi8>, %{{.*}}: tensor<4xi8>) -> tensor<4xi1>
// CHECK: arith.cmpi ult
// CHECK-NOT: ui8
func.func @unsigned_compare(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xi1> {
  %0 = legato.compare lt, %a, %b : tensor<4xui8> -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// Tests that signed integers keep the signed predicate.
// CHECK-LABEL: func @signed_compare
// CHECK: arith.cmpi slt
func.func @signed_compare(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi1> {
  %0 = legato.compare lt, %a, %b : tensor<4xi8> -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// Tests that unsigned max, floor division and remainder are unsigned, and
// that a division by 0 is answered apart (NumPy gives 0; arith's is
// undefined).
// CHECK-LABEL: func @unsigned_arithmetic
// CHECK: arith.maxui
// CHECK: arith.cmpi eq
// CHECK: arith.divui
// CHECK: arith.cmpi eq
// CHECK: arith.remui
// CHECK-NOT: divsi
// CHECK-NOT: remsi
func.func @unsigned_arithmetic(%a: tensor<4xui32>, %b: tensor<4xui32>) -> tensor<4xui32> {
  %0 = legato.max %a, %b : tensor<4xui32>
  %1 = legato.floordiv %0, %b : tensor<4xui32>
  %2 = legato.mod %1, %b : tensor<4xui32>
  return %2 : tensor<4xui32>
}

// Tests that an unsigned right shift is logical.
// CHECK-LABEL: func @unsigned_shift
// CHECK: arith.shrui
// CHECK-NOT: arith.shrsi
func.func @unsigned_shift(%a: tensor<4xui16>, %b: tensor<4xui16>) -> tensor<4xui16> {
  %0 = legato.shr %a, %b : tensor<4xui16>
  return %0 : tensor<4xui16>
}

// Tests that an unsigned reduction's max starts at 0 and compares unsigned.
// CHECK-LABEL: func @unsigned_max_reduction
// CHECK: arith.constant 0 : i64
// CHECK: linalg.fill
// CHECK: arith.maxui
func.func @unsigned_max_reduction(%a: tensor<3x4xui64>) -> tensor<3xui64> {
  %0 = legato.reduce max %a over [1] : tensor<3x4xui64> -> tensor<3xui64>
  return %0 : tensor<3xui64>
}

// Tests conversions: unsigned values extend with zeros and convert to
// float as unsigned.
// CHECK-LABEL: func @unsigned_conversions
// CHECK: arith.extui %{{.*}} : i8 to i64
// CHECK: arith.uitofp %{{.*}} : i8 to f64
func.func @unsigned_conversions(%a: tensor<4xui8>) -> (tensor<4xi64>, tensor<4xf64>) {
  %0 = legato.convert %a : tensor<4xui8> -> tensor<4xi64>
  %1 = legato.convert %a : tensor<4xui8> -> tensor<4xf64>
  return %0, %1 : tensor<4xi64>, tensor<4xf64>
}

// Tests that float16 math computes in float32 and rounds once, as NumPy's
// float16 loops do.
// CHECK-LABEL: func @float16_exp
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: math.exp %{{.*}} : f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @float16_exp(%a: tensor<4xf16>) -> tensor<4xf16> {
  %0 = legato.exp %a : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// Tests that float64 rounds to float16 once (no stop at float32), and that
// an integer reaches float16 through float32 (exact below 2^24).
// CHECK-LABEL: func @to_float16
// CHECK: arith.truncf %{{.*}} : f64 to f16
// CHECK: arith.sitofp %{{.*}} : i32 to f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @to_float16(%a: tensor<4xf64>, %b: tensor<4xi32>) -> (tensor<4xf16>, tensor<4xf16>) {
  %0 = legato.convert %a : tensor<4xf64> -> tensor<4xf16>
  %1 = legato.convert %b : tensor<4xi32> -> tensor<4xf16>
  return %0, %1 : tensor<4xf16>, tensor<4xf16>
}

// RUN: %legato_opt %s --legato-simplify | FileCheck %s
// RUN: %legato_opt %s --legato-simplify=assume-finite=true | FileCheck %s --check-prefix=FINITE

// Tests that x+(-0), x-0, x*1, x/1 and their mirrored forms vanish.
// CHECK-LABEL: func @units
// CHECK-SAME: (%[[A:.+]]: tensor<4xf64>)
// CHECK-NOT: legato.add
// CHECK-NOT: legato.mul
// CHECK-NOT: legato.div
// CHECK: return %[[A]], %[[A]], %[[A]], %[[A]], %[[A]]
func.func @units(%a: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %nz = legato.constant dense<-0.0> : tensor<4xf64>
  %z = legato.constant dense<0.0> : tensor<4xf64>
  %o = legato.constant dense<1.0> : tensor<4xf64>
  %0 = legato.add %a, %nz : tensor<4xf64>
  %1 = legato.add %nz, %a : tensor<4xf64>
  %2 = legato.sub %a, %z : tensor<4xf64>
  %3 = legato.mul %o, %a : tensor<4xf64>
  %4 = legato.div %a, %o : tensor<4xf64>
  return %0, %1, %2, %3, %4 : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}

// Tests that float zeros that are not identities stay: x + +0 is +0 for
// x = -0 (a linspace from 0 to a negative stop gives +0 first, and 1 / x
// tells the zeros apart), x - -0 is x + +0, and +0 - x is +0 for x = +0
// where -x is -0. Integer zeros have no sign: they fold.
// CHECK-LABEL: func @signed_zeros
// CHECK-SAME: (%[[A:.+]]: tensor<4xf64>, %[[I:.+]]: tensor<4xi64>)
// CHECK: %[[ADD:.+]] = legato.add %[[A]]
// CHECK: %[[SUB:.+]] = legato.sub %[[A]]
// CHECK: %[[FROM:.+]] = legato.sub %{{.+}}, %[[A]]
// CHECK: %[[NI:.+]] = legato.neg %[[I]]
// CHECK: return %[[ADD]], %[[SUB]], %[[FROM]], %[[I]], %[[NI]]
func.func @signed_zeros(%a: tensor<4xf64>, %i: tensor<4xi64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xi64>, tensor<4xi64>) {
  %z = legato.constant dense<0.0> : tensor<4xf64>
  %nz = legato.constant dense<-0.0> : tensor<4xf64>
  %zi = legato.constant dense<0> : tensor<4xi64>
  %0 = legato.add %a, %z : tensor<4xf64>
  %1 = legato.sub %a, %nz : tensor<4xf64>
  %2 = legato.sub %z, %a : tensor<4xf64>
  %3 = legato.add %zi, %i : tensor<4xi64>
  %4 = legato.sub %zi, %i : tensor<4xi64>
  return %0, %1, %2, %3, %4 : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xi64>, tensor<4xi64>
}

// Tests that x + +0 folds where x holds no -0: floats converted from
// integers (arange's first sample is +0 either way).
// CHECK-LABEL: func @zero_plus_converted_integers
// CHECK-SAME: (%[[I:.+]]: tensor<4xi64>)
// CHECK: %[[F:.+]] = legato.convert %[[I]]
// CHECK-NOT: legato.add
// CHECK: return %[[F]]
func.func @zero_plus_converted_integers(%i: tensor<4xi64>) -> tensor<4xf64> {
  %z = legato.constant dense<0.0> : tensor<4xf64>
  %f = legato.convert %i : tensor<4xi64> -> tensor<4xf64>
  %0 = legato.add %z, %f : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// Tests that (-0)-x and x*-1 become negations and --x is x.
// CHECK-LABEL: func @negations
// CHECK-SAME: (%[[A:.+]]: tensor<4xf64>)
// CHECK: %[[N:.+]] = legato.neg %[[A]]
// CHECK-NOT: legato.sub
// CHECK: return %[[N]], %[[A]]
func.func @negations(%a: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %z = legato.constant dense<-0.0> : tensor<4xf64>
  %m = legato.constant dense<-1.0> : tensor<4xf64>
  %0 = legato.sub %z, %a : tensor<4xf64>
  %1 = legato.mul %0, %m : tensor<4xf64>
  return %0, %1 : tensor<4xf64>, tensor<4xf64>
}

// Tests that float x*0 and x-x stay without assume-finite (NaN, inf) and
// fold with it; integer ones always fold.
// CHECK-LABEL: func @zeros
// CHECK-DAG: %[[ZI:.+]] = legato.constant dense<0> : tensor<4xi64>
// CHECK-DAG: %[[M:.+]] = legato.mul
// CHECK-DAG: %[[S:.+]] = legato.sub
// CHECK: return %[[M]], %[[S]], %[[ZI]], %[[ZI]]
// FINITE-LABEL: func @zeros
// FINITE-NOT: legato.mul
// FINITE-NOT: legato.sub
// FINITE: legato.constant dense<0.000000e+00> : tensor<4xf64>
// FINITE-NOT: legato.mul
// FINITE-NOT: legato.sub
func.func @zeros(%a: tensor<4xf64>, %i: tensor<4xi64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xi64>, tensor<4xi64>) {
  %z = legato.constant dense<0.0> : tensor<4xf64>
  %zi = legato.constant dense<0> : tensor<4xi64>
  %0 = legato.mul %a, %z : tensor<4xf64>
  %1 = legato.sub %a, %a : tensor<4xf64>
  %2 = legato.mul %i, %zi : tensor<4xi64>
  %3 = legato.sub %i, %i : tensor<4xi64>
  return %0, %1, %2, %3 : tensor<4xf64>, tensor<4xf64>, tensor<4xi64>, tensor<4xi64>
}

// Tests pow by the constants 0, 1, 2 (and 0.5 only under assume-finite).
// CHECK-LABEL: func @powers
// CHECK-SAME: (%[[A:.+]]: tensor<4xf64>)
// CHECK-DAG: %[[ONE:.+]] = legato.constant dense<1.000000e+00>
// CHECK-DAG: %[[SQ:.+]] = legato.mul %[[A]], %[[A]]
// CHECK-DAG: %[[H:.+]] = legato.pow %[[A]], %{{.+}}
// CHECK: return %[[ONE]], %[[A]], %[[SQ]], %[[H]]
// FINITE-LABEL: func @powers
// FINITE-NOT: legato.pow
// FINITE: legato.sqrt
func.func @powers(%a: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %c0 = legato.constant dense<0.0> : tensor<4xf64>
  %c1 = legato.constant dense<1.0> : tensor<4xf64>
  %c2 = legato.constant dense<2.0> : tensor<4xf64>
  %ch = legato.constant dense<0.5> : tensor<4xf64>
  %0 = legato.pow %a, %c0 : tensor<4xf64>
  %1 = legato.pow %a, %c1 : tensor<4xf64>
  %2 = legato.pow %a, %c2 : tensor<4xf64>
  %3 = legato.pow %a, %ch : tensor<4xf64>
  return %0, %1, %2, %3 : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}

// Tests that division by a power of two becomes an (exact) multiplication,
// and by other constants only under assume-finite.
// CHECK-LABEL: func @divisions
// CHECK: legato.constant dense<2.500000e-01>
// CHECK: legato.mul
// CHECK: legato.div
// FINITE-LABEL: func @divisions
// FINITE-NOT: legato.div
func.func @divisions(%a: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %c4 = legato.constant dense<4.0> : tensor<4xf64>
  %c3 = legato.constant dense<3.0> : tensor<4xf64>
  %0 = legato.div %a, %c4 : tensor<4xf64>
  %1 = legato.div %a, %c3 : tensor<4xf64>
  return %0, %1 : tensor<4xf64>, tensor<4xf64>
}

// Tests that a power of two whose reciprocal overflows (2^-1074 in f64,
// 2^-128 in f32) stays a divisor, also under assume-finite, while 2^-1023
// and 2^-127 become multiplications.
// CHECK-LABEL: func @reciprocal_overflows
// CHECK-SAME: (%[[A:.+]]: tensor<4xf64>, %[[B:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[R32:.+]] = legato.constant dense<1.70141183E+38> : tensor<4xf32>
// CHECK-DAG: %[[TINY:.+]] = legato.constant dense<4.940660e-324> : tensor<4xf64>
// CHECK-DAG: %[[TINY32:.+]] = legato.constant dense<2.93873588E-39> : tensor<4xf32>
// CHECK-DAG: %[[R:.+]] = legato.constant dense<8.9884656743115795E+307> : tensor<4xf64>
// CHECK: legato.mul %[[A]], %[[R]]
// CHECK: legato.div %[[A]], %[[TINY]]
// CHECK: legato.mul %[[B]], %[[R32]]
// CHECK: legato.div %[[B]], %[[TINY32]]
// FINITE-LABEL: func @reciprocal_overflows
// FINITE: legato.mul
// FINITE: legato.div
// FINITE: legato.mul
// FINITE: legato.div
func.func @reciprocal_overflows(%a: tensor<4xf64>, %b: tensor<4xf32>)
    -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf32>, tensor<4xf32>) {
  %normal = legato.constant dense<0x0008000000000000> : tensor<4xf64>
  %tiny = legato.constant dense<0x0000000000000001> : tensor<4xf64>
  %normal32 = legato.constant dense<0x00400000> : tensor<4xf32>
  %tiny32 = legato.constant dense<0x00200000> : tensor<4xf32>
  %0 = legato.div %a, %normal : tensor<4xf64>
  %1 = legato.div %a, %tiny : tensor<4xf64>
  %2 = legato.div %b, %normal32 : tensor<4xf32>
  %3 = legato.div %b, %tiny32 : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf64>, tensor<4xf64>, tensor<4xf32>, tensor<4xf32>
}

// Tests that maximum and minimum fold as NumPy computes them: of two equal
// values the second (so the sign of a zero comes from the rhs), NaN from
// either side; and that their operands are not reordered (not commutative).
// CHECK-LABEL: func @max_min_constants
// CHECK-NOT: legato.max
// CHECK-NOT: legato.min
// CHECK-DAG: %[[NEG:.*]] = legato.constant dense<-0.000000e+00> : tensor<2xf64>
// CHECK-DAG: %[[POS:.*]] = legato.constant dense<0.000000e+00> : tensor<2xf64>
// CHECK-DAG: %[[NAN:.*]] = legato.constant dense<0x7FF8000000000000> : tensor<2xf64>
// CHECK: return %[[NEG]], %[[POS]], %[[NEG]], %[[NAN]], %[[NAN]]
// CHECK-LABEL: func @max_keeps_its_order
// CHECK: legato.max %{{.*}}, %arg0
func.func @max_min_constants() -> (tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) {
  %pos = legato.constant dense<0.0> : tensor<2xf64>
  %neg = legato.constant dense<-0.0> : tensor<2xf64>
  %nan = legato.constant dense<0x7FF8000000000000> : tensor<2xf64>
  %0 = legato.max %pos, %neg : tensor<2xf64>
  %1 = legato.max %neg, %pos : tensor<2xf64>
  %2 = legato.min %pos, %neg : tensor<2xf64>
  %3 = legato.max %nan, %pos : tensor<2xf64>
  %4 = legato.min %pos, %nan : tensor<2xf64>
  return %0, %1, %2, %3, %4 : tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>
}
func.func @max_keeps_its_order(%x: tensor<4xf64>) -> tensor<4xf64> {
  %zero = legato.constant dense<0.0> : tensor<4xf64>
  %0 = legato.max %zero, %x : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// Tests constant folding of bitwise ops as NumPy computes them: not of an
// integer is ~x, of a bool logical; shifts past the width give 0 or -1.
// CHECK-LABEL: func @bitwise_constants
// CHECK-NOT: legato.not
// CHECK-NOT: legato.sh
// CHECK-NOT: legato.xor
// CHECK-DAG: legato.constant dense<-6> : tensor<2xi32>
// CHECK-DAG: legato.constant dense<false> : tensor<2xi1>
// CHECK-DAG: legato.constant dense<0> : tensor<2xi64>
// CHECK-DAG: legato.constant dense<-1> : tensor<2xi64>
// CHECK-DAG: legato.constant dense<-2147483648> : tensor<2xi32>
// CHECK-DAG: legato.constant dense<6> : tensor<2xi64>
func.func @bitwise_constants() -> (tensor<2xi32>, tensor<2xi1>, tensor<2xi64>, tensor<2xi64>, tensor<2xi32>, tensor<2xi64>) {
  %five = legato.constant dense<5> : tensor<2xi32>
  %not5 = legato.not %five : tensor<2xi32>
  %true = legato.constant dense<true> : tensor<2xi1>
  %nottrue = legato.not %true : tensor<2xi1>
  %m5 = legato.constant dense<-5> : tensor<2xi64>
  %p5 = legato.constant dense<5> : tensor<2xi64>
  %big = legato.constant dense<64> : tensor<2xi64>
  %shl = legato.shl %m5, %big : tensor<2xi64>
  %shr = legato.shr %m5, %big : tensor<2xi64>
  %one = legato.constant dense<1> : tensor<2xi32>
  %s31 = legato.constant dense<31> : tensor<2xi32>
  %min = legato.shl %one, %s31 : tensor<2xi32>
  %three = legato.constant dense<3> : tensor<2xi64>
  %x = legato.xor %p5, %three : tensor<2xi64>
  return %not5, %nottrue, %shl, %shr, %min, %x : tensor<2xi32>, tensor<2xi1>, tensor<2xi64>, tensor<2xi64>, tensor<2xi32>, tensor<2xi64>
}

// Tests constant folding of elementwise ops on splats, in the op's type
// (i32 wraps), including compare, convert and select.
// CHECK-LABEL: func @constants
// CHECK-NOT: legato.add
// CHECK-NOT: legato.exp
// CHECK-NOT: legato.compare
// CHECK-NOT: legato.select
// CHECK-DAG: legato.constant dense<7.3890560989306504> : tensor<2xf64>
// CHECK-DAG: legato.constant dense<-2147483648> : tensor<2xi32>
// CHECK-DAG: legato.constant dense<3> : tensor<2xi64>
// CHECK-DAG: legato.constant dense<5.000000e+00> : tensor<2xf32>
func.func @constants() -> (tensor<2xf64>, tensor<2xi32>, tensor<2xi64>, tensor<2xf32>) {
  %two = legato.constant dense<2.0> : tensor<2xf64>
  %e2 = legato.exp %two : tensor<2xf64>
  %max = legato.constant dense<2147483647> : tensor<2xi32>
  %one = legato.constant dense<1> : tensor<2xi32>
  %wrap = legato.add %max, %one : tensor<2xi32>
  %f = legato.constant dense<3.7> : tensor<2xf64>
  %t = legato.convert %f : tensor<2xf64> -> tensor<2xi64>
  %lt = legato.compare lt, %two, %f : tensor<2xf64> -> tensor<2xi1>
  %a = legato.constant dense<5.0> : tensor<2xf32>
  %b = legato.constant dense<6.0> : tensor<2xf32>
  %s = legato.select %lt, %a, %b : tensor<2xi1>, tensor<2xf32>
  return %e2, %wrap, %t, %s : tensor<2xf64>, tensor<2xi32>, tensor<2xi64>, tensor<2xf32>
}

// Tests that a splat constant converted to complex is not folded (its value
// was truncated to an integer: full(2.5) + 0j became 2; fuzz
// complex-of-a-constant-array).
// CHECK-LABEL: func @constant_to_complex
// CHECK:       legato.convert %{{.*}} : tensor<4xf64> -> tensor<4xcomplex<f64>>
// FINITE-LABEL: func @constant_to_complex
func.func @constant_to_complex() -> tensor<4xcomplex<f64>> {
  %c = legato.constant dense<2.5> : tensor<4xf64>
  %z = legato.convert %c : tensor<4xf64> -> tensor<4xcomplex<f64>>
  return %z : tensor<4xcomplex<f64>>
}

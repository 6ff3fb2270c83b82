// RUN: %legato_opt %s | %legato_opt | FileCheck %s
// Tests that every legato op prints and parses back unchanged.

// CHECK-LABEL: func @elementwise
func.func @elementwise(%a: tensor<4xf64>, %b: tensor<4xf64>, %m: tensor<4xi1>) -> tensor<4xf64> {
  // CHECK: legato.add %{{.*}}, %{{.*}} : tensor<4xf64>
  %0 = legato.add %a, %b : tensor<4xf64>
  // CHECK: legato.sub
  %1 = legato.sub %0, %b : tensor<4xf64>
  // CHECK: legato.mul
  %2 = legato.mul %1, %b : tensor<4xf64>
  // CHECK: legato.div
  %3 = legato.div %2, %b : tensor<4xf64>
  // CHECK: legato.pow
  %4 = legato.pow %3, %b : tensor<4xf64>
  // CHECK: legato.max
  %5 = legato.max %4, %b : tensor<4xf64>
  // CHECK: legato.min
  %6 = legato.min %5, %b : tensor<4xf64>
  // CHECK: legato.exp
  %7 = legato.exp %6 : tensor<4xf64>
  // CHECK: legato.log
  %8 = legato.log %7 : tensor<4xf64>
  // CHECK: legato.sqrt
  %9 = legato.sqrt %8 : tensor<4xf64>
  // CHECK: legato.sin
  %10 = legato.sin %9 : tensor<4xf64>
  // CHECK: legato.cos
  %11 = legato.cos %10 : tensor<4xf64>
  // CHECK: legato.tanh
  %12 = legato.tanh %11 : tensor<4xf64>
  // CHECK: legato.erf
  %13 = legato.erf %12 : tensor<4xf64>
  // CHECK: legato.floor
  %14 = legato.floor %13 : tensor<4xf64>
  // CHECK: legato.abs
  %15 = legato.abs %14 : tensor<4xf64>
  // CHECK: legato.neg
  %16 = legato.neg %15 : tensor<4xf64>
  // CHECK: legato.compare lt, %{{.*}}, %{{.*}} : tensor<4xf64> -> tensor<4xi1>
  %c = legato.compare lt, %16, %a : tensor<4xf64> -> tensor<4xi1>
  // CHECK: legato.and
  %d = legato.and %c, %m : tensor<4xi1>
  // CHECK: legato.or
  %e = legato.or %d, %m : tensor<4xi1>
  // CHECK: legato.not
  %f = legato.not %e : tensor<4xi1>
  // CHECK: legato.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xf64>
  %g = legato.select %f, %16, %a : tensor<4xi1>, tensor<4xf64>
  return %g : tensor<4xf64>
}

// CHECK-LABEL: func @creation
func.func @creation() -> (tensor<2x3xf32>, tensor<5xi64>, tensor<8xf64>) {
  // CHECK: legato.constant dense<1.500000e+00> : tensor<2x3xf32>
  %0 = legato.constant dense<1.5> : tensor<2x3xf32>
  // CHECK: legato.iota 0 : tensor<5xi64>
  %1 = legato.iota 0 : tensor<5xi64>
  // CHECK: legato.random 7 : tensor<8xf64>
  %2 = legato.random 7 : tensor<8xf64>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<5xi64>, tensor<8xf64>
}

// CHECK-LABEL: func @shapes
func.func @shapes(%a: tensor<3x4xf64>, %v: tensor<4xf64>, %i: tensor<3x4xi32>) -> tensor<4x3xf64> {
  // CHECK: legato.convert %{{.*}} : tensor<3x4xi32> -> tensor<3x4xf64>
  %0 = legato.convert %i : tensor<3x4xi32> -> tensor<3x4xf64>
  // CHECK: legato.broadcast %{{.*}} : tensor<4xf64> -> tensor<3x4xf64>
  %1 = legato.broadcast %v : tensor<4xf64> -> tensor<3x4xf64>
  // CHECK: legato.transpose %{{.*}}, [1, 0] : tensor<3x4xf64> -> tensor<4x3xf64>
  %2 = legato.transpose %a, [1, 0] : tensor<3x4xf64> -> tensor<4x3xf64>
  // CHECK: legato.reshape %{{.*}} : tensor<3x4xf64> -> tensor<12xf64>
  %3 = legato.reshape %1 : tensor<3x4xf64> -> tensor<12xf64>
  // CHECK: legato.slice %{{.*}}{{\[}}[2, 3], [-1, -2]] : tensor<3x4xf64> -> tensor<2x2xf64>
  %4 = legato.slice %0[[2, 3], [-1, -2]] : tensor<3x4xf64> -> tensor<2x2xf64>
  // CHECK: legato.insert_slice %{{.*}} into %{{.*}}{{\[}}[0, 0], [1, 1]] : tensor<2x2xf64> into tensor<3x4xf64>
  %5 = legato.insert_slice %4 into %a[[0, 0], [1, 1]] : tensor<2x2xf64> into tensor<3x4xf64>
  // CHECK: legato.concatenate %{{.*}}, %{{.*}} along 0 : (tensor<3x4xf64>, tensor<3x4xf64>) -> tensor<6x4xf64>
  %6 = legato.concatenate %5, %0 along 0 : (tensor<3x4xf64>, tensor<3x4xf64>) -> tensor<6x4xf64>
  // CHECK: legato.pad %{{.*}} low [1, 0] high [0, 2] value 0.0{{.*}} : tensor<6x4xf64> -> tensor<7x6xf64>
  %7 = legato.pad %6 low [1, 0] high [0, 2] value 0.0 : tensor<6x4xf64> -> tensor<7x6xf64>
  // CHECK: legato.reduce sum %{{.*}} over [0] : tensor<7x6xf64> -> tensor<6xf64>
  %8 = legato.reduce sum %7 over [0] : tensor<7x6xf64> -> tensor<6xf64>
  // CHECK: legato.matmul %{{.*}}, %{{.*}} : tensor<4x3xf64>, tensor<3x4xf64> -> tensor<4x4xf64>
  %9 = legato.matmul %2, %a : tensor<4x3xf64>, tensor<3x4xf64> -> tensor<4x4xf64>
  return %2 : tensor<4x3xf64>
}

// CHECK-LABEL: func @float_functions
func.func @float_functions(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: legato.tan %{{.*}} : tensor<4xf32>
  %0 = legato.tan %a : tensor<4xf32>
  // CHECK: legato.asin %{{.*}} : tensor<4xf32>
  %1 = legato.asin %0 : tensor<4xf32>
  // CHECK: legato.acos %{{.*}} : tensor<4xf32>
  %2 = legato.acos %1 : tensor<4xf32>
  // CHECK: legato.atan %{{.*}} : tensor<4xf32>
  %3 = legato.atan %2 : tensor<4xf32>
  // CHECK: legato.sinh %{{.*}} : tensor<4xf32>
  %4 = legato.sinh %3 : tensor<4xf32>
  // CHECK: legato.cosh %{{.*}} : tensor<4xf32>
  %5 = legato.cosh %4 : tensor<4xf32>
  // CHECK: legato.asinh %{{.*}} : tensor<4xf32>
  %6 = legato.asinh %5 : tensor<4xf32>
  // CHECK: legato.acosh %{{.*}} : tensor<4xf32>
  %7 = legato.acosh %6 : tensor<4xf32>
  // CHECK: legato.atanh %{{.*}} : tensor<4xf32>
  %8 = legato.atanh %7 : tensor<4xf32>
  // CHECK: legato.exp2 %{{.*}} : tensor<4xf32>
  %9 = legato.exp2 %8 : tensor<4xf32>
  // CHECK: legato.expm1 %{{.*}} : tensor<4xf32>
  %10 = legato.expm1 %9 : tensor<4xf32>
  // CHECK: legato.log2 %{{.*}} : tensor<4xf32>
  %11 = legato.log2 %10 : tensor<4xf32>
  // CHECK: legato.log10 %{{.*}} : tensor<4xf32>
  %12 = legato.log10 %11 : tensor<4xf32>
  // CHECK: legato.log1p %{{.*}} : tensor<4xf32>
  %13 = legato.log1p %12 : tensor<4xf32>
  // CHECK: legato.cbrt %{{.*}} : tensor<4xf32>
  %14 = legato.cbrt %13 : tensor<4xf32>
  // CHECK: legato.ceil %{{.*}} : tensor<4xf32>
  %15 = legato.ceil %14 : tensor<4xf32>
  // CHECK: legato.trunc %{{.*}} : tensor<4xf32>
  %16 = legato.trunc %15 : tensor<4xf32>
  // CHECK: legato.rint %{{.*}} : tensor<4xf32>
  %17 = legato.rint %16 : tensor<4xf32>
  // CHECK: legato.atan2 %{{.*}}, %{{.*}} : tensor<4xf32>
  %18 = legato.atan2 %17, %a : tensor<4xf32>
  return %18 : tensor<4xf32>
}

// CHECK-LABEL: func @floored_division
func.func @floored_division(%a: tensor<4xi32>, %b: tensor<4xf64>) -> (tensor<4xi32>, tensor<4xf64>) {
  // CHECK: legato.mod %{{.*}}, %{{.*}} : tensor<4xi32>
  %0 = legato.mod %a, %a : tensor<4xi32>
  // CHECK: legato.floordiv %{{.*}}, %{{.*}} : tensor<4xf64>
  %1 = legato.floordiv %b, %b : tensor<4xf64>
  return %0, %1 : tensor<4xi32>, tensor<4xf64>
}

// CHECK-LABEL: func @collectives
func.func @collectives(%a: tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf64>, tensor<4xf64>) {
  // CHECK: legato.all_reduce sum %{{.*}} : tensor<2xf64>
  %0 = legato.all_reduce sum %a : tensor<2xf64>
  // CHECK: legato.all_reduce max %{{.*}} in groups [0, 0, 1, 1] : tensor<2xf64>
  %1 = legato.all_reduce max %a in groups [0, 0, 1, 1] : tensor<2xf64>
  // CHECK: legato.exchange %{{.*}} have [0, 2, 2, 4] need [0, 4, 0, 4] of [4] on 0 : tensor<2xf64> -> tensor<4xf64>
  %2 = legato.exchange %a have [0, 2, 2, 4] need [0, 4, 0, 4] of [4] on 0 : tensor<2xf64> -> tensor<4xf64>
  return %0, %1, %2 : tensor<2xf64>, tensor<2xf64>, tensor<4xf64>
}

// CHECK-LABEL: func @scans
func.func @scans(%a: tensor<3x4xi64>) -> (tensor<3x4xi64>, tensor<3x4xi64>) {
  // CHECK: legato.scan sum %{{.*}} along 1 : tensor<3x4xi64>
  %0 = legato.scan sum %a along 1 : tensor<3x4xi64>
  // CHECK: legato.scan prod %{{.*}} along 0 : tensor<3x4xi64>
  %1 = legato.scan prod %a along 0 : tensor<3x4xi64>
  return %0, %1 : tensor<3x4xi64>, tensor<3x4xi64>
}

// CHECK-LABEL: func @gathers
func.func @gathers(%a: tensor<3x4xf64>, %i: tensor<2x5xi64>, %s: tensor<i64>)
    -> (tensor<3x2x5xf64>, tensor<4xf64>) {
  // CHECK: legato.gather %{{.*}}[%{{.*}}] along 1 : tensor<3x4xf64>, tensor<2x5xi64> -> tensor<3x2x5xf64>
  %0 = legato.gather %a[%i] along 1 : tensor<3x4xf64>, tensor<2x5xi64> -> tensor<3x2x5xf64>
  // CHECK: legato.gather %{{.*}}[%{{.*}}] along 0 : tensor<3x4xf64>, tensor<i64> -> tensor<4xf64>
  %1 = legato.gather %a[%s] along 0 : tensor<3x4xf64>, tensor<i64> -> tensor<4xf64>
  return %0, %1 : tensor<3x2x5xf64>, tensor<4xf64>
}

// CHECK-LABEL: func @scatters
func.func @scatters(%a: tensor<3x4xf64>, %i: tensor<2x5xi64>, %v: tensor<3x2x5xf64>,
                    %s: tensor<i64>, %row: tensor<4xf64>) -> (tensor<3x4xf64>, tensor<3x4xf64>) {
  // CHECK: legato.scatter %{{.*}}[%{{.*}}] along 1 = %{{.*}} : tensor<3x4xf64>, tensor<2x5xi64>, tensor<3x2x5xf64>
  %0 = legato.scatter %a[%i] along 1 = %v : tensor<3x4xf64>, tensor<2x5xi64>, tensor<3x2x5xf64>
  // CHECK: legato.scatter %{{.*}}[%{{.*}}] along 0 = %{{.*}} combine sum : tensor<3x4xf64>, tensor<i64>, tensor<4xf64>
  %1 = legato.scatter %a[%s] along 0 = %row combine sum : tensor<3x4xf64>, tensor<i64>, tensor<4xf64>
  return %0, %1 : tensor<3x4xf64>, tensor<3x4xf64>
}

// RUN: %legato_opt %s -split-input-file -verify-diagnostics | FileCheck %s
// The attributes passes leave on ops of other dialects (Markers.h) are
// checked wherever they appear: each on the ops it marks, of its type.

// CHECK-LABEL: func.func @well_formed(
// CHECK-SAME:    legato.boxes = array<i64: 0, 2, 2, 4>
// CHECK-SAME:    legato.output
// CHECK:         legato.launch = 3
// CHECK:         legato.sweep_tile = 1
// CHECK:         legato.overwrite
// CHECK:         legato.scatter
#id = affine_map<(i) -> (i)>
func.func @well_formed(%a: memref<4xf64> {legato.boxes = array<i64: 0, 2, 2, 4>},
                       %b: memref<4xf64> {legato.output},
                       %m: memref<4x4xf64>, %v: memref<4xf64>)
    -> (memref<4xf64> {legato.boxes = array<i64: 0, 2, 2, 4>}) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"],
                  legato.launch = 3 : i64, legato.sweep_tile = 1 : i64, legato.epilogue}
      ins(%a : memref<4xf64>) outs(%b : memref<4xf64>) {
  ^bb0(%x: f64, %y: f64):
    linalg.yield %x : f64
  }
  linalg.matvec {legato.overwrite} ins(%m, %a : memref<4x4xf64>, memref<4xf64>) outs(%v : memref<4xf64>)
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
  } {legato.scatter}
  return %v : memref<4xf64>
}

// -----

func.func @launch_not_a_number(%a: memref<4xf64>, %b: memref<4xf64>) {
  // expected-error @+1 {{'legato.launch' must be an integer (the group's number), not unit}}
  linalg.copy {legato.launch} ins(%a : memref<4xf64>) outs(%b : memref<4xf64>)
  return
}

// -----

func.func @epilogue_on_a_copy(%a: memref<4xf64>, %b: memref<4xf64>) {
  // expected-error @+1 {{cannot carry 'legato.epilogue': it marks linalg.generic kernels}}
  linalg.copy {legato.epilogue} ins(%a : memref<4xf64>) outs(%b : memref<4xf64>)
  return
}

// -----

func.func @scatter_on_a_parallel_loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{cannot carry 'legato.scatter': it marks the scf.for of a scatter}}
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
  } {legato.scatter}
  return
}

// -----

func.func @unknown_marker(%a: memref<4xf64>, %b: memref<4xf64>) {
  // expected-error @+1 {{'legato.lanch' is not an attribute of the legato dialect (Markers.h lists them)}}
  linalg.copy {legato.lanch = 1 : i64} ins(%a : memref<4xf64>) outs(%b : memref<4xf64>)
  return
}

// -----

// expected-error @+1 {{'legato.boxes' must be a DenseI64ArrayAttr of boxes}}
func.func @boxes_of_the_wrong_type(%a: memref<4xf64> {legato.boxes = [0, 2, 2, 4]}) {
  return
}

// -----

// expected-error @+1 {{'legato.output' is not a result attribute of the legato dialect}}
func.func @output_on_a_result(%a: memref<4xf64>) -> (memref<4xf64> {legato.output}) {
  return %a : memref<4xf64>
}

// -----

func.func @segment_on_an_add(%a: tensor<4xf64>) {
  // expected-error @+1 {{cannot carry 'legato.segment': it marks the calls of segments and the collectives of an outlined program}}
  %0 = legato.add %a, %a {legato.segment = 0 : i64} : tensor<4xf64>
  return
}

// -----

// The pieces of a split segment: a call names three pieces or units, a
// piece's partial reduction carries its combiner.
// CHECK-LABEL: func.func @pieces
// CHECK: legato.overlap = [unit, @piece, @piece]
// CHECK: func.func private @piece
// CHECK-SAME: legato.partial = 0 : i32
func.func @pieces(%a: tensor<4xf64>) -> tensor<f64> {
  %0 = call @piece(%a) {legato.overlap = [unit, @piece, @piece], legato.segment = 1 : i64} : (tensor<4xf64>) -> tensor<f64>
  return %0 : tensor<f64>
}
func.func private @piece(%a: tensor<4xf64>) -> (tensor<f64> {legato.partial = 0 : i32}) {
  %0 = legato.reduce sum %a over [0] : tensor<4xf64> -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

func.func private @piece(%a: tensor<4xf64>) -> tensor<4xf64>
func.func @two_pieces(%a: tensor<4xf64>) {
  // expected-error @+1 {{'legato.overlap' must be an array of three piece symbols or units}}
  %0 = call @piece(%a) {legato.overlap = [@piece, @piece]} : (tensor<4xf64>) -> tensor<4xf64>
  return
}

// -----

// expected-error @+1 {{'legato.partial' must be a reduction kind}}
func.func private @partial_of_a_float(%a: tensor<4xf64>) -> (tensor<f64> {legato.partial = 1.0 : f64})

// -----

// expected-error @+1 {{'legato.partial' is not an argument attribute of the legato dialect}}
func.func private @partial_on_an_argument(%a: tensor<4xf64> {legato.partial = 0 : i32})

// RUN: %legato_opt %s --convert-legato-to-linalg | FileCheck %s

// The broadcast and reversing maps are printed as aliases at the top.
// CHECK-DAG: = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: = affine_map<(d0) -> (-d0 + 2)>
// CHECK-DAG: #[[$IDX:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
// Tests that a broadcast is an indexing map, not a copy of data.
// CHECK-LABEL: func @broadcast
// CHECK: linalg.generic
func.func @broadcast(%a: tensor<1x4xf64>) -> tensor<3x4xf64> {
  %0 = legato.broadcast %a : tensor<1x4xf64> -> tensor<3x4xf64>
  return %0 : tensor<3x4xf64>
}

// Tests that a reversed slice is a forward view plus a reversing map.
// CHECK-LABEL: func @reverse
// CHECK: tensor.extract_slice %{{.*}}[1] [3] [2]
// CHECK: linalg.generic
func.func @reverse(%a: tensor<8xf64>) -> tensor<3xf64> {
  %0 = legato.slice %a[[5], [-2]] : tensor<8xf64> -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// Tests NumPy comparison semantics: != is unordered (true for NaN).
// CHECK-LABEL: func @compare
// CHECK: arith.cmpf une
func.func @compare(%a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<4xi1> {
  %0 = legato.compare ne, %a, %b : tensor<4xf64> -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// Tests NumPy's shifts: an amount outside [0, 64) selects 0 (left) or the
// sign (right, by 63), and no shift gets an out-of-range amount (poison).
// CHECK-LABEL: func @shifts
// CHECK: ^bb0(%[[A:.*]]: i64, %[[B:.*]]: i64, %{{.*}}: i64):
// CHECK: %[[C64:.*]] = arith.constant 64 : i64
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[B]], %[[C64]] : i64
// CHECK: %[[C0:.*]] = arith.constant 0 : i64
// CHECK: %[[SAFE:.*]] = arith.select %[[IN]], %[[B]], %[[C0]] : i64
// CHECK: %[[SHL:.*]] = arith.shli %[[A]], %[[SAFE]] : i64
// CHECK: arith.select %[[IN]], %[[SHL]], %{{.*}} : i64
// CHECK: ^bb0(%[[A2:.*]]: i64, %[[B2:.*]]: i64, %{{.*}}: i64):
// CHECK: %[[IN2:.*]] = arith.cmpi ult, %[[B2]], %{{.*}} : i64
// CHECK: %[[C63:.*]] = arith.constant 63 : i64
// CHECK: %[[SAFE2:.*]] = arith.select %[[IN2]], %[[B2]], %[[C63]] : i64
// CHECK: arith.shrsi %[[A2]], %[[SAFE2]] : i64
func.func @shifts(%a: tensor<4xi64>, %b: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>) {
  %0 = legato.shl %a, %b : tensor<4xi64>
  %1 = legato.shr %a, %b : tensor<4xi64>
  return %0, %1 : tensor<4xi64>, tensor<4xi64>
}

// Tests that bitwise not is an xor with all ones, for integers and bools.
// CHECK-LABEL: func @bitwise
// CHECK: arith.xori %{{.*}}, %{{.*}} : i32
// CHECK: arith.constant -1 : i32
// CHECK: arith.xori
// CHECK: arith.constant true
// CHECK: arith.xori %{{.*}}, %{{.*}} : i1
func.func @bitwise(%a: tensor<4xi32>, %b: tensor<4xi32>, %c: tensor<4xi1>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi1>) {
  %0 = legato.xor %a, %b : tensor<4xi32>
  %1 = legato.not %a : tensor<4xi32>
  %2 = legato.not %c : tensor<4xi1>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi1>
}

// Tests that float products are marked to overwrite their output (BLAS beta 0)
// while integer products accumulate into a zero fill.
// CHECK-LABEL: func @matmul
// CHECK: linalg.matmul {legato.overwrite}
// CHECK: linalg.fill
// CHECK: linalg.matmul ins
func.func @matmul(%a: tensor<2x3xf64>, %b: tensor<3x4xf64>, %c: tensor<2x3xi32>, %d: tensor<3x4xi32>) -> (tensor<2x4xf64>, tensor<2x4xi32>) {
  %0 = legato.matmul %a, %b : tensor<2x3xf64>, tensor<3x4xf64> -> tensor<2x4xf64>
  %1 = legato.matmul %c, %d : tensor<2x3xi32>, tensor<3x4xi32> -> tensor<2x4xi32>
  return %0, %1 : tensor<2x4xf64>, tensor<2x4xi32>
}

// Tests that a matrix times a vector is a reduction kernel along the rows
// that accumulates into a zero fill, while a transposed matrix times a
// vector stays a product for BLAS, which reads the transpose in place.
// CHECK-LABEL: func @matvec
// CHECK: linalg.fill
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "reduction"]}
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.matvec {legato.overwrite}
func.func @matvec(%a: tensor<2x3xf64>, %x: tensor<3xf64>, %y: tensor<2xf64>) -> (tensor<2xf64>, tensor<3xf64>) {
  %0 = legato.matmul %a, %x : tensor<2x3xf64>, tensor<3xf64> -> tensor<2xf64>
  %t = legato.transpose %a, [1, 0] : tensor<2x3xf64> -> tensor<3x2xf64>
  %1 = legato.matmul %t, %y : tensor<3x2xf64>, tensor<2xf64> -> tensor<3xf64>
  return %0, %1 : tensor<2xf64>, tensor<3xf64>
}

// Tests that a matrix times a column of another stays a product for BLAS,
// which reads the column with its stride, while a matrix times a row (its
// elements consecutive) is a generated reduction.
// CHECK-LABEL: func @matvec_of_a_column
// CHECK: %[[COLUMN:.*]] = tensor.collapse_shape
// CHECK: linalg.matvec {legato.overwrite} ins(%{{.*}}, %[[COLUMN]] :
// CHECK: linalg.generic
func.func @matvec_of_a_column(%a: tensor<3x3xf64>, %b: tensor<3x3xf64>) -> (tensor<3xf64>, tensor<3xf64>) {
  %c = legato.slice %b[[0, 1], [1, 1]] : tensor<3x3xf64> -> tensor<3x1xf64>
  %column = legato.reshape %c : tensor<3x1xf64> -> tensor<3xf64>
  %0 = legato.matmul %a, %column : tensor<3x3xf64>, tensor<3xf64> -> tensor<3xf64>
  %r = legato.slice %b[[1, 0], [1, 1]] : tensor<3x3xf64> -> tensor<1x3xf64>
  %row = legato.reshape %r : tensor<1x3xf64> -> tensor<3xf64>
  %1 = legato.matmul %a, %row : tensor<3x3xf64>, tensor<3xf64> -> tensor<3xf64>
  return %0, %1 : tensor<3xf64>, tensor<3xf64>
}

// Tests that an interior update copies only the border of the destination
// (two rows, then two column strips) into a fresh tensor before inserting.
// CHECK-LABEL: func @interior_update
// CHECK: %[[FRESH:.*]] = tensor.empty() : tensor<6x8xf64>
// CHECK: tensor.extract_slice %[[DEST:.*]][0, 0] [1, 8] [1, 1]
// CHECK: tensor.insert_slice %{{.*}} into %[[FRESH]][0, 0] [1, 8] [1, 1]
// CHECK: tensor.extract_slice %[[DEST]][5, 0] [1, 8] [1, 1]
// CHECK: tensor.extract_slice %[[DEST]][1, 0] [4, 1] [1, 1]
// CHECK: tensor.extract_slice %[[DEST]][1, 7] [4, 1] [1, 1]
// CHECK: %[[BORDER:.*]] = tensor.insert_slice %{{.*}}[1, 7] [4, 1] [1, 1]
// CHECK: tensor.insert_slice %{{.*}} into %[[BORDER]][1, 1] [4, 6] [1, 1]
func.func @interior_update(%g: tensor<6x8xf64>, %c: tensor<4x6xf64>) -> tensor<6x8xf64> {
  %0 = legato.insert_slice %c into %g[[1, 1], [1, 1]] : tensor<4x6xf64> into tensor<6x8xf64>
  return %0 : tensor<6x8xf64>
}

// Tests that a small update stays an insertion into the destination (which
// bufferization updates in place when it can).
// CHECK-LABEL: func @row_update
// CHECK-NOT: tensor.empty
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[2, 0] [1, 8] [1, 1]
func.func @row_update(%g: tensor<6x8xf64>, %r: tensor<1x8xf64>) -> tensor<6x8xf64> {
  %0 = legato.insert_slice %r into %g[[2, 0], [1, 1]] : tensor<1x8xf64> into tensor<6x8xf64>
  return %0 : tensor<6x8xf64>
}

// Tests that a pad writes only its border (four strips, never the whole
// tensor) and inserts the input into the interior, so the input's kernel can
// write there directly.
// CHECK-LABEL: func @pad_border
// CHECK: %[[WHOLE:.*]] = tensor.empty() : tensor<10x10xf64>
// CHECK-NOT: outs(%[[WHOLE]]
// CHECK: tensor.empty() : tensor<1x10xf64>
// CHECK: tensor.empty() : tensor<1x10xf64>
// CHECK: tensor.empty() : tensor<8x1xf64>
// CHECK: tensor.empty() : tensor<8x1xf64>
// CHECK-NOT: outs(%[[WHOLE]]
// CHECK: tensor.insert_slice %arg0 into %{{.*}}[1, 1] [8, 8] [1, 1]
func.func @pad_border(%a: tensor<8x8xf64>) -> tensor<10x10xf64> {
  %0 = legato.pad %a low [1, 1] high [1, 1] value 0.0 : tensor<8x8xf64> -> tensor<10x10xf64>
  return %0 : tensor<10x10xf64>
}

// A gather reads its indices as an operand (mapped onto the result's
// dims that replace the axis) and its input from the body, at the index
// clamped into the axis.
// CHECK-LABEL: func @gather
// CHECK: linalg.generic {indexing_maps = [#[[$IDX]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[I:.*]] : tensor<2x5xi64>)
// CHECK: ^bb0(%[[IN:.*]]: i64, %{{.*}}: f32):
// CHECK: %[[CAST:.*]] = arith.index_cast %[[IN]] : i64 to index
// CHECK: %[[LOW:.*]] = arith.maxsi %[[CAST]], %{{.*}} : index
// CHECK: %[[POS:.*]] = arith.minsi %[[LOW]], %{{.*}} : index
// CHECK-DAG: %[[ROW:.*]] = linalg.index 0 : index
// CHECK-DAG: %[[COL:.*]] = linalg.index 3 : index
// CHECK: tensor.extract %{{.*}}[%[[ROW]], %[[POS]], %[[COL]]] : tensor<3x4x6xf32>
func.func @gather(%a: tensor<3x4x6xf32>, %i: tensor<2x5xi64>) -> tensor<3x2x5x6xf32> {
  %0 = legato.gather %a[%i] along 1 : tensor<3x4x6xf32>, tensor<2x5xi64> -> tensor<3x2x5x6xf32>
  return %0 : tensor<3x2x5x6xf32>
}

// A scatter is a loop over its values in order (the last of repeated
// indices wins), skipping indices outside the axis; combine sum adds to
// the element there. A destination that is an argument is copied first.
// CHECK-LABEL: func @scatter
// CHECK: %[[COPY:.*]] = linalg.copy ins(%{{.*}} : tensor<3x4xf64>) outs(%{{.*}} : tensor<3x4xf64>)
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[D:.*]] = %[[COPY]]) -> (tensor<3x4xf64>)
// CHECK: %[[COL:.*]] = arith.remui %[[J]], %{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.divui %[[J]], %{{.*}} : index
// CHECK: %[[I:.*]] = tensor.extract %{{.*}}[%[[COL]]] : tensor<2xi64>
// CHECK: %[[AT:.*]] = arith.index_cast %[[I]] : i64 to index
// CHECK: scf.if
// CHECK: %[[V:.*]] = tensor.extract %{{.*}}[%[[ROW]], %[[COL]]] : tensor<3x2xf64>
// CHECK: %[[OLD:.*]] = tensor.extract %[[D]][%[[ROW]], %[[AT]]] : tensor<3x4xf64>
// CHECK: %[[SUM:.*]] = arith.addf %[[OLD]], %[[V]] : f64
// CHECK: tensor.insert %[[SUM]] into %[[D]][%[[ROW]], %[[AT]]] : tensor<3x4xf64>
// CHECK: } else {
// CHECK: } {legato.scatter}
func.func @scatter(%a: tensor<3x4xf64>, %i: tensor<2xi64>, %v: tensor<3x2xf64>) -> tensor<3x4xf64> {
  %0 = legato.scatter %a[%i] along 1 = %v combine sum : tensor<3x4xf64>, tensor<2xi64>, tensor<3x2xf64>
  return %0 : tensor<3x4xf64>
}

// One value is stored by a kernel over the destination (a loop of one
// iteration would be folded away, and with it its legato.scatter mark).
// CHECK-LABEL: func @scatter_one
// CHECK-NOT: scf.for
// CHECK: linalg.generic
// CHECK: ^bb0(%[[OLD:.*]]: i32, %[[I:.*]]: i64, %[[V:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[HERE:.*]] = linalg.index 1 : index
// CHECK: %[[AT:.*]] = arith.index_cast %[[HERE]] : index to i64
// CHECK: %[[HIT:.*]] = arith.cmpi eq, %[[AT]], %[[I]] : i64
// CHECK: %[[SUM:.*]] = arith.addi %[[OLD]], %[[V]] : i32
// CHECK: arith.select %[[HIT]], %[[SUM]], %[[OLD]] : i32
func.func @scatter_one(%a: tensor<1x5xi32>, %i: tensor<i64>, %v: tensor<1xi32>) -> tensor<1x5xi32> {
  %0 = legato.scatter %a[%i] along 1 = %v combine sum : tensor<1x5xi32>, tensor<i64>, tensor<1xi32>
  return %0 : tensor<1x5xi32>
}

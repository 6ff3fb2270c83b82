// RUN: %legato_opt --split-input-file --legato-partition="ranks=4 rank=3 mesh-rows=2" %s | FileCheck %s --check-prefix=R3
// RUN: %legato_opt --split-input-file --legato-partition="ranks=4 rank=0 mesh-rows=2" %s | FileCheck %s --check-prefix=R0

// Blocks of a 2 x 2 mesh (rank 3: rows [4, 8), columns [3, 6)). A product
// is SUMMA-style: each rank gathers the row panel of A and the column
// panel of B its block of C needs, multiplies locally, and C stays in
// blocks of the mesh.
// R3-LABEL: func.func @summa
// R3: %[[A:.+]] = legato.exchange %arg0 have [0, 0, 4, 3, 0, 3, 4, 6, 4, 0, 8, 3, 4, 3, 8, 6] need [0, 0, 4, 6, 0, 0, 4, 6, 4, 0, 8, 6, 4, 0, 8, 6] of [8, 6] on 3 : tensor<4x3xf64> -> tensor<4x6xf64>
// R3: %[[B:.+]] = legato.exchange %arg1 have {{.+}} on 3 : tensor<3x3xf64> -> tensor<6x3xf64>
// R3: legato.matmul %[[A]], %[[B]] : tensor<4x6xf64>, tensor<6x3xf64> -> tensor<4x3xf64>
// R3-NOT: legato.exchange
// R3: return {{.+}} : tensor<4x3xf64>
func.func @summa(%a: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 4,3,  0,3, 4,6,  4,0, 8,3,  4,3, 8,6>},
                 %b: tensor<6x6xf64> {legato.boxes = array<i64: 0,0, 3,3,  0,3, 3,6,  3,0, 6,3,  3,3, 6,6>}) -> tensor<8x6xf64> {
  %c = legato.matmul %a, %b : tensor<8x6xf64>, tensor<6x6xf64> -> tensor<8x6xf64>
  return %c : tensor<8x6xf64>
}

// -----

// A 5-point sweep on mesh blocks: the ghost ring around the block (its
// hull: with corners) comes in one exchange, the interior write lands at
// the local offsets.
// R0-LABEL: func.func @stencil
// R0: legato.exchange %arg0 have {{.+}} need [0, 0, 5, 4, {{.+}}] of [8, 6] on 0 : tensor<4x3xf64> -> tensor<5x4xf64>
// R0: legato.insert_slice %{{.+}} into %{{.+}}{{\[}}[1, 1], [1, 1]] : tensor<3x2xf64> into tensor<4x3xf64>
func.func @stencil(%u: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 4,3,  0,3, 4,6,  4,0, 8,3,  4,3, 8,6>}) -> tensor<8x6xf64> {
  %n = legato.slice %u[[0, 1], [1, 1]] : tensor<8x6xf64> -> tensor<6x4xf64>
  %s = legato.slice %u[[2, 1], [1, 1]] : tensor<8x6xf64> -> tensor<6x4xf64>
  %w = legato.slice %u[[1, 0], [1, 1]] : tensor<8x6xf64> -> tensor<6x4xf64>
  %e = legato.slice %u[[1, 2], [1, 1]] : tensor<8x6xf64> -> tensor<6x4xf64>
  %a = legato.add %n, %s : tensor<6x4xf64>
  %b = legato.add %w, %e : tensor<6x4xf64>
  %c = legato.add %a, %b : tensor<6x4xf64>
  %r = legato.insert_slice %c into %u[[1, 1], [1, 1]] : tensor<6x4xf64> into tensor<8x6xf64>
  return %r : tensor<8x6xf64>
}

// -----

// New arrays without a placement: blocks of both axes on the mesh when
// each axis has an entry per mesh row and column, else rows over all ranks.
// R3-LABEL: func.func @create
// R3-SAME: -> (tensor<4x3xf64> {legato.boxes = array<i64: 0, 0, 4, 3, 0, 3, 4, 6, 4, 0, 8, 3, 4, 3, 8, 6>}, tensor<2x1xf64> {legato.boxes = array<i64: 0, 0, 2, 1, 2, 0, 4, 1, 4, 0, 6, 1, 6, 0, 8, 1>})
func.func @create() -> (tensor<8x6xf64>, tensor<8x1xf64>) {
  %r = legato.random 7 : tensor<8x6xf64>
  %s = legato.random 8 : tensor<8x1xf64>
  return %r, %s : tensor<8x6xf64>, tensor<8x1xf64>
}

// -----

// Arrays stacked along their split rows on the mesh: no one layout joins
// blocks split along and beside the joined axis, so the concatenation has
// no home; its reduction computes the product in blocks of rows (rank 0:
// rows [0, 4), the first half of %a, half of them received; rank 3: the
// second half of %b) and all-reduces the partial sums. (Before, every rank
// received both arrays.)
// R0-LABEL: func.func @stacked_on_a_mesh
// R0: legato.exchange %arg0 {{.+}} need [0, 0, 4, 6, 4, 0, 8, 6, 0, 0, 0, 0, 0, 0, 0, 0] of [8, 6] on 0 : tensor<4x3xf64> -> tensor<4x6xf64>
// R0: legato.exchange %arg1 {{.+}} need [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 6, 4, 0, 8, 6] of [8, 6] on 0 : tensor<4x3xf64> -> tensor<0x0xf64>
// R0: legato.reduce sum {{.+}} : tensor<4x6xf64> -> tensor<f64>
// R0: legato.all_reduce sum
// R3-LABEL: func.func @stacked_on_a_mesh
// R3: legato.exchange %arg1 {{.+}} on 3 : tensor<4x3xf64> -> tensor<4x6xf64>
// R3: legato.reduce sum {{.+}} : tensor<4x6xf64> -> tensor<f64>
func.func @stacked_on_a_mesh(%a: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 4,3,  0,3, 4,6,  4,0, 8,3,  4,3, 8,6>}, %b: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 4,3,  0,3, 4,6,  4,0, 8,3,  4,3, 8,6>}) -> tensor<f64> {
  %c = legato.concatenate %a, %b along 0 : (tensor<8x6xf64>, tensor<8x6xf64>) -> tensor<16x6xf64>
  %two = legato.constant dense<2.0> : tensor<16x6xf64>
  %d = legato.mul %c, %two : tensor<16x6xf64>
  %s = legato.reduce sum %d over [0, 1] : tensor<16x6xf64> -> tensor<f64>
  return %s : tensor<f64>
}

// -----

// A reshape of mesh blocks: rank 0's block of the (6, 4) result, rows
// [0, 3) and columns [0, 2), lies in the range of rows [0, 3), flat [0, 12),
// which is rows [0, 2) of the input: the rank receives its row panel (one
// block from its mesh row's other rank), reshapes the range and slices its
// columns. (Before, every rank gathered the whole input.)
// R0-LABEL: func.func @mesh_reshape
// R0: %[[PANEL:.+]] = legato.exchange %arg0 have [0, 0, 2, 3, 0, 3, 2, 6, 2, 0, 4, 3, 2, 3, 4, 6] need [0, 0, 2, 6, 0, 0, 2, 6, 2, 0, 4, 6, 2, 0, 4, 6] of [4, 6] on 0 : tensor<2x3xf64> -> tensor<2x6xf64>
// R0: %[[FLAT:.+]] = legato.reshape %[[PANEL]] : tensor<2x6xf64> -> tensor<12xf64>
// R0: %[[RANGE:.+]] = legato.reshape %{{.+}} : tensor<12xf64> -> tensor<3x4xf64>
// R0: legato.slice %[[RANGE]]{{\[}}[0, 0], [1, 1]] : tensor<3x4xf64> -> tensor<3x2xf64>
// R3-LABEL: func.func @mesh_reshape
// R3: legato.slice %{{.+}}{{\[}}[0, 2], [1, 1]] : tensor<3x4xf64> -> tensor<3x2xf64>
func.func @mesh_reshape(%x: tensor<4x6xf64> {legato.boxes = array<i64: 0,0, 2,3,  0,3, 2,6,  2,0, 4,3,  2,3, 4,6>}) -> tensor<6x4xf64> {
  %r = legato.reshape %x : tensor<4x6xf64> -> tensor<6x4xf64>
  return %r : tensor<6x4xf64>
}

// -----

// Mesh blocks reduced along one split axis: each rank reduces its block,
// and the ranks of a mesh row (along the columns) or of a mesh column
// (along the rows) combine their partial results among themselves. Each
// rank of a group holds the group's range of the result; its home, which
// holds every element once, cuts the range among them (rank 3 returns
// rows [6, 8) and columns [4, 6)). (Before, each rank received its mesh
// row's panel or column's.)
// R3-LABEL: func.func @reduced_along_one_split_axis
// R3-SAME: -> (tensor<2xf64> {legato.boxes = array<i64: 0, 2, 2, 4, 4, 6, 6, 8>}, tensor<2xf64> {legato.boxes = array<i64: 0, 1, 3, 4, 1, 3, 4, 6>})
// R3-NOT: legato.exchange
// R3: %[[ROWS:.+]] = legato.reduce sum %arg0 over [1] : tensor<4x3xf64> -> tensor<4xf64>
// R3: legato.all_reduce sum %[[ROWS]] in groups [0, 0, 1, 1] : tensor<4xf64>
// R3: %[[COLUMNS:.+]] = legato.reduce max %arg0 over [0] : tensor<4x3xf64> -> tensor<3xf64>
// R3: legato.all_reduce max %[[COLUMNS]] in groups [0, 1, 0, 1] : tensor<3xf64>
func.func @reduced_along_one_split_axis(%a: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 4,3,  0,3, 4,6,  4,0, 8,3,  4,3, 8,6>}) -> (tensor<8xf64>, tensor<6xf64>) {
  %rows = legato.reduce sum %a over [1] : tensor<8x6xf64> -> tensor<8xf64>
  %columns = legato.reduce max %a over [0] : tensor<8x6xf64> -> tensor<6xf64>
  return %rows, %columns : tensor<8xf64>, tensor<6xf64>
}

// -----

// A row's variance: the group's row means broadcast back over the block
// are rows the rank holds, so nothing is exchanged for them; the row sums,
// returned on every rank, are sent on to the other group's ranks once
// combined.
// R0-LABEL: func.func @variance_of_rows
// R0-NOT: legato.exchange
// R0: legato.all_reduce sum %{{.+}} in groups [0, 0, 1, 1] : tensor<4xf64>
// R0: legato.exchange %{{.+}} have [0, 4, 0, 4, 4, 8, 4, 8] need [0, 8, 0, 8, 0, 8, 0, 8] of [8] on 0 : tensor<4xf64> -> tensor<8xf64>
// R0-NOT: legato.exchange
// R0: legato.all_reduce sum %{{.+}} in groups [0, 0, 1, 1] : tensor<4xf64>
// R0-NOT: legato.exchange
// R0: return
func.func @variance_of_rows(%a: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 4,3,  0,3, 4,6,  4,0, 8,3,  4,3, 8,6>}) -> (tensor<8xf64>, tensor<8xf64> {legato.boxes = array<i64: 0, 8, 0, 8, 0, 8, 0, 8>}) {
  %s = legato.reduce sum %a over [1] : tensor<8x6xf64> -> tensor<8xf64>
  %six = legato.constant dense<6.0> : tensor<8xf64>
  %mean = legato.div %s, %six : tensor<8xf64>
  %column = legato.reshape %mean : tensor<8xf64> -> tensor<8x1xf64>
  %wide = legato.broadcast %column : tensor<8x1xf64> -> tensor<8x6xf64>
  %d = legato.sub %a, %wide : tensor<8x6xf64>
  %d2 = legato.mul %d, %d : tensor<8x6xf64>
  %v = legato.reduce sum %d2 over [1] : tensor<8x6xf64> -> tensor<8xf64>
  return %v, %s : tensor<8xf64>, tensor<8xf64>
}

// -----

// A matrix-vector product of mesh blocks: each rank multiplies its block by
// the vector's rows that its columns meet (received from the vector's
// blocks), and the mesh row's ranks sum their partial products. (Before,
// each rank received its matrix row panel.)
// R3-LABEL: func.func @mesh_matvec
// R3-SAME: -> (tensor<2xf64> {legato.boxes = array<i64: 0, 2, 2, 4, 4, 6, 6, 8>})
// R3: %[[X:.+]] = legato.exchange %arg1 have [0, 2, 2, 3, 3, 5, 5, 6] need [0, 3, 3, 6, 0, 3, 3, 6] of [6] on 3 : tensor<1xf64> -> tensor<3xf64>
// R3-NOT: legato.exchange
// R3: %[[Y:.+]] = legato.matmul %arg0, %[[X]] : tensor<4x3xf64>, tensor<3xf64> -> tensor<4xf64>
// R3: legato.all_reduce sum %[[Y]] in groups [0, 0, 1, 1] : tensor<4xf64>
func.func @mesh_matvec(%a: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 4,3,  0,3, 4,6,  4,0, 8,3,  4,3, 8,6>},
                       %x: tensor<6xf64> {legato.boxes = array<i64: 0,2, 2,3, 3,5, 5,6>}) -> tensor<8xf64> {
  %y = legato.matmul %a, %x : tensor<8x6xf64>, tensor<6xf64> -> tensor<8xf64>
  return %y : tensor<8xf64>
}

// -----

// The row sums' home cuts each mesh row's range among its ranks (rank 0:
// rows [0, 2), rank 1: [2, 4)), so their sum adds each row sum once.
// R0-LABEL: func.func @sum_of_row_sums
// R0: %[[ROWS:.+]] = legato.all_reduce sum %{{.+}} in groups [0, 0, 1, 1] : tensor<4xf64>
// R0: %[[MINE:.+]] = legato.slice %[[ROWS]]{{\[}}[0], [1]] : tensor<4xf64> -> tensor<2xf64>
// R0: %[[PART:.+]] = legato.reduce sum %[[MINE]] over [0] : tensor<2xf64> -> tensor<f64>
// R0: legato.all_reduce sum %[[PART]] : tensor<f64>
// R3-LABEL: func.func @sum_of_row_sums
// R3: legato.slice %{{.+}}{{\[}}[2], [1]] : tensor<4xf64> -> tensor<2xf64>
func.func @sum_of_row_sums(%a: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 4,3,  0,3, 4,6,  4,0, 8,3,  4,3, 8,6>}) -> tensor<f64> {
  %rows = legato.reduce sum %a over [1] : tensor<8x6xf64> -> tensor<8xf64>
  %total = legato.reduce sum %rows over [0] : tensor<8xf64> -> tensor<f64>
  return %total : tensor<f64>
}

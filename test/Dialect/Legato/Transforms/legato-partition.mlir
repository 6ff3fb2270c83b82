// RUN: %legato_opt --split-input-file --legato-partition="ranks=2 rank=0" %s | FileCheck %s --check-prefix=R0
// RUN: %legato_opt --split-input-file --legato-partition="ranks=2 rank=1" %s | FileCheck %s --check-prefix=R1

// A 5-point sweep on row blocks: one ghost row from each neighbour (none
// beyond the edges), then one local kernel's worth of ops; the interior
// write lands at the local offsets.
// R0-LABEL: func.func @stencil
// R0-SAME: tensor<4x6xf64>
// R0: legato.exchange %arg0 have [0, 0, 4, 6, 4, 0, 8, 6] need [0, 0, 5, 6, 3, 0, 8, 6] of [8, 6] on 0 : tensor<4x6xf64> -> tensor<5x6xf64>
// R0-NOT: legato.exchange
// R0: legato.insert_slice %{{.+}} into %{{.+}}{{\[}}[1, 1], [1, 1]] : tensor<3x4xf64> into tensor<4x6xf64>
// R1-LABEL: func.func @stencil
// R1: legato.exchange {{.+}} on 1 : tensor<4x6xf64> -> tensor<5x6xf64>
// R1: legato.insert_slice %{{.+}} into %{{.+}}{{\[}}[0, 1], [1, 1]] : tensor<3x4xf64> into tensor<4x6xf64>
// R1: return {{.+}} : tensor<4x6xf64>
func.func @stencil(%u: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 4,6,  4,0, 8,6>}) -> tensor<8x6xf64> {
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

// A reduction over the split axis: each rank reduces its block, an
// all-reduce combines; over the other axis the result keeps the rows.
// R1-LABEL: func.func @reduce
// R1-SAME: -> (tensor<f64> {legato.boxes = array<i64>}, tensor<4xf64> {legato.boxes = array<i64: 0, 4, 4, 8>})
// R1: %[[P:.+]] = legato.reduce sum %arg0 over [0, 1] : tensor<4x4xf64> -> tensor<f64>
// R1: legato.all_reduce sum %[[P]] : tensor<f64>
// R1: legato.reduce max %arg0 over [1] : tensor<4x4xf64> -> tensor<4xf64>
// R1-NOT: legato.all_reduce
func.func @reduce(%x: tensor<8x4xf64> {legato.boxes = array<i64: 0,0, 4,4,  4,0, 8,4>}) -> (tensor<f64>, tensor<8xf64>) {
  %s = legato.reduce sum %x over [0, 1] : tensor<8x4xf64> -> tensor<f64>
  %r = legato.reduce max %x over [1] : tensor<8x4xf64> -> tensor<8xf64>
  return %s, %r : tensor<f64>, tensor<8xf64>
}

// -----

// Row-split matrix times a split vector: the vector is gathered, the rows
// stay local. A dot of two split vectors: local dot, then an all-reduce.
// R1-LABEL: func.func @gemv
// R1: %[[X:.+]] = legato.exchange %arg1 have [0, 3, 3, 6] need [0, 6, 0, 6] of [6] on 1 : tensor<3xf64> -> tensor<6xf64>
// R1: legato.matmul %arg0, %[[X]] : tensor<3x6xf64>, tensor<6xf64> -> tensor<3xf64>
// R1: %[[D:.+]] = legato.matmul {{.+}} : tensor<3xf64>, tensor<3xf64> -> tensor<f64>
// R1: legato.all_reduce sum %[[D]]
func.func @gemv(%a: tensor<6x6xf64> {legato.boxes = array<i64: 0,0, 3,6,  3,0, 6,6>}, %x: tensor<6xf64> {legato.boxes = array<i64: 0, 3, 3, 6>}) -> (tensor<6xf64>, tensor<f64>) {
  %y = legato.matmul %a, %x : tensor<6x6xf64>, tensor<6xf64> -> tensor<6xf64>
  %d = legato.matmul %x, %x : tensor<6xf64>, tensor<6xf64> -> tensor<f64>
  return %y, %d : tensor<6xf64>, tensor<f64>
}

// -----

// Created values: each rank generates its own block (random numbers by
// global position, iota shifted); a small result is replicated.
// R1-LABEL: func.func @create
// R1-SAME: -> (tensor<4x2xf64> {legato.boxes = array<i64: 0, 0, 4, 2, 4, 0, 8, 2>}, tensor<1xi64>
// R1: legato.random 7 {global_shape = array<i64: 8, 2>, offsets = array<i64: 4, 0>} : tensor<4x2xf64>
// R1: %[[I:.+]] = legato.iota 0 : tensor<1xi64>
// R1: %[[C:.+]] = legato.constant dense<1> : tensor<1xi64>
// R1: legato.add %[[I]], %[[C]]
func.func @create() -> (tensor<8x2xf64>, tensor<2xi64>) {
  %r = legato.random 7 : tensor<8x2xf64>
  %i = legato.iota 0 : tensor<2xi64>
  return %r, %i : tensor<8x2xf64>, tensor<2xi64>
}

// -----

// np.roll(u, 1) on row blocks: the wrapped element u[7] lives on rank 1,
// and rank 0 needs nothing else of rank 1's block, so the slice is taken on
// rank 1 and sent as it is; u's own exchange carries only rank 1's ghost
// u[3]. (Demanding u[7] of u would extend rank 0's box of u to [0, 8).)
// R0-LABEL: func.func @periodic_wrap
// R0: legato.exchange %arg0 have [0, 4, 4, 8] need [0, 3, 3, 8] of [8] on 0 : tensor<4xf64> -> tensor<3xf64>
// R0: %[[LAST:.+]] = legato.exchange {{.+}} have [0, 0, 0, 1] need [0, 1, 0, 0] of [1] on 0 : tensor<0xf64> -> tensor<1xf64>
// R0: legato.concatenate %[[LAST]], {{.+}} : (tensor<1xf64>, tensor<3xf64>) -> tensor<4xf64>
// R1-LABEL: func.func @periodic_wrap
// R1: legato.exchange %arg0 have [0, 4, 4, 8] need [0, 3, 3, 8] of [8] on 1 : tensor<4xf64> -> tensor<5xf64>
// R1: legato.slice %arg0{{\[}}[3], [1]] : tensor<4xf64> -> tensor<1xf64>
// R1: legato.exchange {{.+}} have [0, 0, 0, 1] need [0, 1, 0, 0] of [1] on 1 : tensor<1xf64> -> tensor<0xf64>
func.func @periodic_wrap(%u: tensor<8xf64> {legato.boxes = array<i64: 0, 4, 4, 8>}) -> tensor<8xf64> {
  %last = legato.slice %u[[7], [1]] : tensor<8xf64> -> tensor<1xf64>
  %rest = legato.slice %u[[0], [1]] : tensor<8xf64> -> tensor<7xf64>
  %r = legato.concatenate %last, %rest along 0 : (tensor<1xf64>, tensor<7xf64>) -> tensor<8xf64>
  return %r : tensor<8xf64>
}

// -----

// Deviations from the column means of an array split by columns (NumPy's
// `x - x.mean(axis=0, keepdims=True)`): the reshape that keeps the reduced
// axis, (4) -> (1, 4), continues the split axis, so no rank needs another's
// columns. (Before, a reshape kept only a common prefix of axes local, and
// the means were gathered to every rank.)
// R1-LABEL: func.func @centred_columns
// R1-NOT: legato.exchange
// R1: %[[S:.+]] = legato.reduce sum %arg0 over [0] : tensor<6x2xf64> -> tensor<2xf64>
// R1: %[[R:.+]] = legato.reshape %[[S]] : tensor<2xf64> -> tensor<1x2xf64>
// R1: legato.broadcast %[[R]] : tensor<1x2xf64> -> tensor<6x2xf64>
// R1-NOT: legato.exchange
// R1: return {{.+}} : tensor<6x2xf64>
func.func @centred_columns(%x: tensor<6x4xf64> {legato.boxes = array<i64: 0,0, 6,2,  0,2, 6,4>}) -> tensor<6x4xf64> {
  %s = legato.reduce sum %x over [0] : tensor<6x4xf64> -> tensor<4xf64>
  %k = legato.reshape %s : tensor<4xf64> -> tensor<1x4xf64>
  %b = legato.broadcast %k : tensor<1x4xf64> -> tensor<6x4xf64>
  %d = legato.sub %x, %b : tensor<6x4xf64>
  return %d : tensor<6x4xf64>
}

// -----

// Flattening row blocks: rows [3, 6) of a 6 x 4 array are elements [12, 24)
// of the flat array, one range, so rank 1 reshapes its own 3 x 4 piece; the
// flat result doubled and unflattened again stays there too. (Before, a
// reshape that merged a split axis gathered the whole array.)
// R1-LABEL: func.func @flattened_rows
// R1-NOT: legato.exchange
// R1: %[[F:.+]] = legato.reshape %arg0 : tensor<3x4xf64> -> tensor<12xf64>
// R1: %[[D:.+]] = legato.add %[[F]], %[[F]] : tensor<12xf64>
// R1: legato.reshape %[[D]] : tensor<12xf64> -> tensor<3x4xf64>
// R1-NOT: legato.exchange
// R1: return {{.+}} : tensor<3x4xf64>
func.func @flattened_rows(%x: tensor<6x4xf64> {legato.boxes = array<i64: 0,0, 3,4,  3,0, 6,4>}) -> tensor<6x4xf64> {
  %f = legato.reshape %x : tensor<6x4xf64> -> tensor<24xf64>
  %d = legato.add %f, %f : tensor<24xf64>
  %r = legato.reshape %d : tensor<24xf64> -> tensor<6x4xf64>
  return %r : tensor<6x4xf64>
}

// -----

// np.roll without an axis: the flat array rolled by one and unflattened.
// Rank 1's rows [3, 6) are flat elements [12, 24), which read flat
// [11, 23): rows [2, 6) of the argument, one halo row, taken as a range of
// its flattened piece. Rank 0 gets the wrapped element alone. (Before, a
// flat range that is no box of the 2-D array gathered the whole array.)
// R0-LABEL: func.func @flat_roll
// R0: legato.exchange %arg0 have [0, 0, 3, 4, 3, 0, 6, 4] need [0, 0, 3, 4, 2, 0, 6, 4] of [6, 4] on 0 : tensor<3x4xf64> -> tensor<3x4xf64>
// R0: legato.exchange {{.+}} have [0, 0, 0, 1] need [0, 1, 0, 0] of [1] on 0 : tensor<0xf64> -> tensor<1xf64>
// R1-LABEL: func.func @flat_roll
// R1: %[[ROWS:.+]] = legato.exchange %arg0 have [0, 0, 3, 4, 3, 0, 6, 4] need [0, 0, 3, 4, 2, 0, 6, 4] of [6, 4] on 1 : tensor<3x4xf64> -> tensor<4x4xf64>
// R1: %[[FLAT:.+]] = legato.reshape %[[ROWS]] : tensor<4x4xf64> -> tensor<16xf64>
// R1: legato.slice %[[FLAT]]{{\[}}[3], [1]] : tensor<16xf64> -> tensor<13xf64>
// R1: legato.reshape {{.+}} : tensor<12xf64> -> tensor<3x4xf64>
func.func @flat_roll(%x: tensor<6x4xf64> {legato.boxes = array<i64: 0,0, 3,4,  3,0, 6,4>}) -> tensor<6x4xf64> {
  %f = legato.reshape %x : tensor<6x4xf64> -> tensor<24xf64>
  %last = legato.slice %f[[23], [1]] : tensor<24xf64> -> tensor<1xf64>
  %rest = legato.slice %f[[0], [1]] : tensor<24xf64> -> tensor<23xf64>
  %c = legato.concatenate %last, %rest along 0 : (tensor<1xf64>, tensor<23xf64>) -> tensor<24xf64>
  %r = legato.reshape %c : tensor<24xf64> -> tensor<6x4xf64>
  return %r : tensor<6x4xf64>
}

// -----

// A sum over a roll along the unsplit axis: the concatenation lives where
// its array does, so each rank sums its rows and an all-reduce combines.
// (Before, the concatenation had no home and every rank summed everything.)
// R1-LABEL: func.func @sum_of_rolled_columns
// R1-NOT: legato.exchange
// R1: legato.concatenate {{.+}} along 1 : (tensor<3x1xf64>, tensor<3x3xf64>) -> tensor<3x4xf64>
// R1: legato.reduce sum {{.+}} : tensor<3x4xf64> -> tensor<f64>
// R1: legato.all_reduce sum
func.func @sum_of_rolled_columns(%u: tensor<6x4xf64> {legato.boxes = array<i64: 0,0, 3,4,  3,0, 6,4>}) -> tensor<f64> {
  %last = legato.slice %u[[0, 3], [1, 1]] : tensor<6x4xf64> -> tensor<6x1xf64>
  %rest = legato.slice %u[[0, 0], [1, 1]] : tensor<6x4xf64> -> tensor<6x3xf64>
  %c = legato.concatenate %last, %rest along 1 : (tensor<6x1xf64>, tensor<6x3xf64>) -> tensor<6x4xf64>
  %two = legato.constant dense<2.0> : tensor<6x4xf64>
  %d = legato.mul %c, %two : tensor<6x4xf64>
  %s = legato.reduce sum %d over [0, 1] : tensor<6x4xf64> -> tensor<f64>
  return %s : tensor<f64>
}

// -----

// Two row-split arrays stacked: the result is split evenly, so rank 0
// reduces all of %a (receiving its second block) and rank 1 all of %b.
// R0-LABEL: func.func @stacked_blocks
// R0: legato.exchange %arg0 {{.+}} need [0, 0, 4, 2, 0, 0, 0, 0] of [4, 2] on 0 : tensor<2x2xf64> -> tensor<4x2xf64>
// R0: legato.exchange %arg1 {{.+}} need [0, 0, 0, 0, 0, 0, 4, 2] of [4, 2] on 0 : tensor<2x2xf64> -> tensor<0x0xf64>
// R0: legato.reduce sum {{.+}} : tensor<4x2xf64> -> tensor<f64>
// R0: legato.all_reduce sum
func.func @stacked_blocks(%a: tensor<4x2xf64> {legato.boxes = array<i64: 0,0, 2,2,  2,0, 4,2>}, %b: tensor<4x2xf64> {legato.boxes = array<i64: 0,0, 2,2,  2,0, 4,2>}) -> tensor<f64> {
  %c = legato.concatenate %a, %b along 0 : (tensor<4x2xf64>, tensor<4x2xf64>) -> tensor<8x2xf64>
  %two = legato.constant dense<2.0> : tensor<8x2xf64>
  %d = legato.mul %c, %two : tensor<8x2xf64>
  %s = legato.reduce sum %d over [0, 1] : tensor<8x2xf64> -> tensor<f64>
  return %s : tensor<f64>
}

// -----

// np.stack of two row-split arrays along a new leading axis: the pieces are
// split beside the joined axis, so the stack keeps their row blocks whole
// along it and each rank sums its own rows of both. (Before, every rank
// gathered both arrays.)
// R0-LABEL: func.func @stacked_along_a_new_axis
// R0-NOT: legato.exchange
// R0: legato.concatenate {{.+}} along 0 : (tensor<1x2x2xf64>, tensor<1x2x2xf64>) -> tensor<2x2x2xf64>
// R0: legato.all_reduce sum
func.func @stacked_along_a_new_axis(%a: tensor<4x2xf64> {legato.boxes = array<i64: 0,0, 2,2,  2,0, 4,2>}, %b: tensor<4x2xf64> {legato.boxes = array<i64: 0,0, 2,2,  2,0, 4,2>}) -> tensor<f64> {
  %ea = legato.reshape %a : tensor<4x2xf64> -> tensor<1x4x2xf64>
  %eb = legato.reshape %b : tensor<4x2xf64> -> tensor<1x4x2xf64>
  %c = legato.concatenate %ea, %eb along 0 : (tensor<1x4x2xf64>, tensor<1x4x2xf64>) -> tensor<2x4x2xf64>
  %two = legato.constant dense<2.0> : tensor<2x4x2xf64>
  %d = legato.mul %c, %two : tensor<2x4x2xf64>
  %s = legato.reduce sum %d over [0, 1, 2] : tensor<2x4x2xf64> -> tensor<f64>
  return %s : tensor<f64>
}

// -----

// A reshape whose result blocks start inside rows of the input: rank 0's
// rows [0, 2) of the (3, 6) result are flat [0, 12), which lie in rows
// [0, 2) of the input (one received); rank 1's flat [12, 18) is the end of
// its own row, read as that range. (Before, both ranks gathered the input.)
// R0-LABEL: func.func @reshape_into_ranges
// R0: %[[ROWS:.+]] = legato.exchange %arg0 have [0, 0, 1, 9, 1, 0, 2, 9] need [0, 0, 2, 9, 1, 3, 2, 9] of [2, 9] on 0 : tensor<1x9xf64> -> tensor<2x9xf64>
// R0: %[[FLAT:.+]] = legato.reshape %[[ROWS]] : tensor<2x9xf64> -> tensor<18xf64>
// R0: %[[RANGE:.+]] = legato.slice %[[FLAT]]{{\[}}[0], [1]] : tensor<18xf64> -> tensor<12xf64>
// R0: legato.reshape %[[RANGE]] : tensor<12xf64> -> tensor<2x6xf64>
// R1-LABEL: func.func @reshape_into_ranges
// R1: legato.slice %arg0{{\[}}[0, 3], [1, 1]] : tensor<1x9xf64> -> tensor<1x6xf64>
// R1: return {{.+}} : tensor<1x6xf64>
func.func @reshape_into_ranges(%x: tensor<2x9xf64> {legato.boxes = array<i64: 0,0, 1,9,  1,0, 2,9>}) -> tensor<3x6xf64> {
  %r = legato.reshape %x : tensor<2x9xf64> -> tensor<3x6xf64>
  return %r : tensor<3x6xf64>
}

// -----

// The diagonal of row blocks (np.diag: the flat matrix[::n+1]), wanted
// whole on every rank (to divide a replicated vector by it): each rank
// takes its rows' part of the diagonal and the parts are exchanged; the
// matrix stays where it is. (Before, the box around the strided elements
// spanned the whole matrix, and every rank received it.)
// R0-LABEL: func.func @diagonal
// R0-NOT: legato.exchange %arg0
// R0: legato.reshape %arg0 : tensor<2x4xf64> -> tensor<8xf64>
// R0: %[[MINE:.+]] = legato.slice %{{.+}}{{\[}}[0], [5]] : tensor<6xf64> -> tensor<2xf64>
// R0: legato.exchange %[[MINE]] have [0, 2, 2, 4] need [0, 4, 0, 4] of [4] on 0 : tensor<2xf64> -> tensor<4xf64>
func.func @diagonal(%a: tensor<4x4xf64> {legato.boxes = array<i64: 0, 0, 2, 4, 2, 0, 4, 4>},
                    %x: tensor<4xf64>) -> (tensor<4xf64> {legato.boxes = array<i64: 0, 4, 0, 4>}) {
  %flat = legato.reshape %a : tensor<4x4xf64> -> tensor<16xf64>
  %d = legato.slice %flat[[0], [5]] : tensor<16xf64> -> tensor<4xf64>
  %y = legato.div %x, %d : tensor<4xf64>
  return %y : tensor<4xf64>
}

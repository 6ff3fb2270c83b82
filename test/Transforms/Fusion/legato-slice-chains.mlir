// RUN: %legato_opt %s --convert-legato-to-linalg --legato-fuse-kernels | FileCheck %s

// Tests CFD's pressure update: p's interior recomputed, then `p[0] = p[1]`
// and `p[-1] = p[-2]`. The border rows copied from the old p are overwritten
// before anything reads them: the last row's insertion goes, the first
// (the head of the chain, which empty-tensor elimination needs) inserts an
// undefined value instead of a copy of the old row.
// CHECK-LABEL: func @walls
// CHECK-SAME: (%[[P:.+]]: tensor<8x8xf64>, %[[B:.+]]: tensor<6x8xf64>)
// CHECK: %[[E:.+]] = tensor.empty() : tensor<8x8xf64>
// CHECK: %[[TOP:.+]] = tensor.empty() : tensor<1x8xf64>
// CHECK: %[[C0:.+]] = tensor.insert_slice %[[TOP]] into %[[E]][0, 0] [1, 8]
// CHECK-NOT: tensor.extract_slice %[[P]][7, 0]
// CHECK: %[[K:.+]] = linalg.generic
// CHECK: %[[C1:.+]] = tensor.insert_slice %[[K]] into %[[C0]][1, 0] [6, 8]
// CHECK: tensor.extract_slice %[[C1]][1, 0] [1, 8]
// CHECK: %[[C2:.+]] = tensor.insert_slice %{{.+}} into %[[C1]][0, 0] [1, 8]
// CHECK: %[[C3:.+]] = tensor.insert_slice %{{.+}} into %[[C2]][7, 0] [1, 8]
// CHECK: return %[[C3]]
func.func @walls(%p: tensor<8x8xf64>, %b: tensor<6x8xf64>) -> tensor<8x8xf64> {
  %i = legato.slice %p[[0, 0], [1, 1]] : tensor<8x8xf64> -> tensor<6x8xf64>
  %j = legato.add %i, %b : tensor<6x8xf64>
  %q = legato.insert_slice %j into %p[[1, 0], [1, 1]] : tensor<6x8xf64> into tensor<8x8xf64>
  %r1 = legato.slice %q[[1, 0], [1, 1]] : tensor<8x8xf64> -> tensor<1x8xf64>
  %w1 = legato.insert_slice %r1 into %q[[0, 0], [1, 1]] : tensor<1x8xf64> into tensor<8x8xf64>
  %r2 = legato.slice %w1[[6, 0], [1, 1]] : tensor<8x8xf64> -> tensor<1x8xf64>
  %w2 = legato.insert_slice %r2 into %w1[[7, 0], [1, 1]] : tensor<1x8xf64> into tensor<8x8xf64>
  return %w2 : tensor<8x8xf64>
}

// Tests that an insertion whose window is read before being overwritten
// stays.
// CHECK-LABEL: func @read_before_overwrite
// CHECK: %[[C0:.+]] = tensor.insert_slice %{{.+}} into %{{.+}}[0, 0] [1, 8]
// CHECK: tensor.insert_slice %{{.+}} into %[[C0]][7, 0] [1, 8]
// CHECK: linalg.generic
// CHECK: tensor.extract_slice %{{.+}}[7, 0] [1, 8]
func.func @read_before_overwrite(%p: tensor<8x8xf64>, %b: tensor<6x8xf64>) -> (tensor<8x8xf64>, tensor<1x8xf64>) {
  %i = legato.slice %p[[0, 0], [1, 1]] : tensor<8x8xf64> -> tensor<6x8xf64>
  %j = legato.add %i, %b : tensor<6x8xf64>
  %q = legato.insert_slice %j into %p[[1, 0], [1, 1]] : tensor<6x8xf64> into tensor<8x8xf64>
  %r = legato.slice %q[[7, 0], [1, 1]] : tensor<8x8xf64> -> tensor<1x8xf64>
  %r2 = legato.slice %q[[6, 0], [1, 1]] : tensor<8x8xf64> -> tensor<1x8xf64>
  %w2 = legato.insert_slice %r2 into %q[[7, 0], [1, 1]] : tensor<1x8xf64> into tensor<8x8xf64>
  return %w2, %r : tensor<8x8xf64>, tensor<1x8xf64>
}

// Tests that a row read as a vector (`p[{1, all}]`, a rank-dropping
// reshape of a 1 x n window) and written back as a row are views
// (collapse_shape / expand_shape), which bufferize without a copy even of
// a strided window; tensor.reshape would copy into a fresh buffer.
// CHECK-LABEL: func @row_as_vector
// CHECK: %[[R:.+]] = tensor.extract_slice %{{.+}}[1, 0] [1, 8]
// CHECK: %[[V:.+]] = tensor.collapse_shape %[[R]] {{\[}}[0, 1]] : tensor<1x8xf64> into tensor<8xf64>
// CHECK: tensor.expand_shape %{{.+}} {{\[}}[0, 1]] output_shape [1, 8] : tensor<8xf64> into tensor<1x8xf64>
// CHECK-NOT: tensor.reshape
func.func @row_as_vector(%p: tensor<8x8xf64>) -> (tensor<8xf64>, tensor<1x8xf64>) {
  %r = legato.slice %p[[1, 0], [1, 1]] : tensor<8x8xf64> -> tensor<1x8xf64>
  %v = legato.reshape %r : tensor<1x8xf64> -> tensor<8xf64>
  %w = legato.exp %v : tensor<8xf64>
  %u = legato.reshape %w : tensor<8xf64> -> tensor<1x8xf64>
  return %v, %u : tensor<8xf64>, tensor<1x8xf64>
}

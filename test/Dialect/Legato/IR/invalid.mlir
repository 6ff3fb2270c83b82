// RUN: %legato_opt %s -split-input-file -verify-diagnostics
// Tests that every verifier rejects ill-typed IR with a clear message.

func.func @add_mixed(%a: tensor<4xf64>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'legato.add' op requires the same type for all operands and results}}
  %0 = "legato.add"(%a, %b) : (tensor<4xf64>, tensor<4xf32>) -> tensor<4xf64>
  return
}

// -----

func.func @exp_int(%a: tensor<4xi32>) {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 16-bit float or 32-bit float or 64-bit float or complex type}}
  %0 = legato.exp %a : tensor<4xi32>
  return
}

// -----

func.func @xor_float(%a: tensor<4xf64>) {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 1-bit signless integer or 8-bit signless integer or}}
  %0 = legato.xor %a, %a : tensor<4xf64>
  return
}

// -----

func.func @shift_bool(%a: tensor<4xi1>) {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 8-bit signless integer or}}
  %0 = legato.shl %a, %a : tensor<4xi1>
  return
}

// -----

func.func @dynamic(%a: tensor<?xf64>) {
  // expected-error @+1 {{must be statically shaped tensor}}
  %0 = legato.neg %a : tensor<?xf64>
  return
}

// -----

func.func @reduce_axis(%a: tensor<3x4xf64>) {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = legato.reduce sum %a over [2] : tensor<3x4xf64> -> tensor<3x4xf64>
  return
}

// -----

func.func @reduce_shape(%a: tensor<3x4xf64>) {
  // expected-error @+1 {{result shape must be the input shape without the reduced axes}}
  %0 = legato.reduce max %a over [0] : tensor<3x4xf64> -> tensor<3xf64>
  return
}

// -----

func.func @matmul_inner(%a: tensor<3x4xf64>, %b: tensor<5x2xf64>) {
  // expected-error @+1 {{contraction sizes differ: 4 vs 5}}
  %0 = legato.matmul %a, %b : tensor<3x4xf64>, tensor<5x2xf64> -> tensor<3x2xf64>
  return
}

// -----

func.func @broadcast_stretch(%a: tensor<3xf64>) {
  // expected-error @+1 {{input dim 0 of size 3 cannot stretch to 4}}
  %0 = legato.broadcast %a : tensor<3xf64> -> tensor<2x4xf64>
  return
}

// -----

func.func @transpose_repeat(%a: tensor<3x4xf64>) {
  // expected-error @+1 {{permutation entry 0 is repeated}}
  %0 = legato.transpose %a, [0, 0] : tensor<3x4xf64> -> tensor<3x3xf64>
  return
}

// -----

func.func @reshape_size(%a: tensor<3x4xf64>) {
  // expected-error @+1 {{cannot reshape 12 elements into 10}}
  %0 = legato.reshape %a : tensor<3x4xf64> -> tensor<10xf64>
  return
}

// -----

func.func @slice_bounds(%a: tensor<4xf64>) {
  // expected-error @+1 {{window of dim 0 leaves [0, 4)}}
  %0 = legato.slice %a[[2], [1]] : tensor<4xf64> -> tensor<3xf64>
  return
}

// -----

func.func @slice_zero_stride(%a: tensor<4xf64>) {
  // expected-error @+1 {{stride of dim 0 is zero}}
  %0 = legato.slice %a[[0], [0]] : tensor<4xf64> -> tensor<2xf64>
  return
}

// -----

func.func @insert_bounds(%v: tensor<3xf64>, %a: tensor<4xf64>) {
  // expected-error @+1 {{window of dim 0 leaves [0, 4)}}
  %0 = legato.insert_slice %v into %a[[2], [1]] : tensor<3xf64> into tensor<4xf64>
  return
}

// -----

func.func @concat_mismatch(%a: tensor<3x4xf64>, %b: tensor<3x5xf64>) {
  // expected-error @+1 {{inputs differ from the result in dim 1}}
  %0 = legato.concatenate %a, %b along 0 : (tensor<3x4xf64>, tensor<3x5xf64>) -> tensor<6x4xf64>
  return
}

// -----

func.func @pad_negative(%a: tensor<3xf64>) {
  // expected-error @+1 {{padding widths must be non-negative}}
  %0 = legato.pad %a low [-1] high [0] value 0.0 : tensor<3xf64> -> tensor<2xf64>
  return
}

// -----

func.func @iota_dim() {
  // expected-error @+1 {{dimension 1 is out of range for rank 1}}
  %0 = legato.iota 1 : tensor<4xi64>
  return
}

// -----

func.func @constant_not_splat() {
  // expected-error @+1 {{value must be a splat}}
  %0 = legato.constant dense<[1.0, 2.0]> : tensor<2xf64>
  return
}

// -----

func.func @all_reduce_negative_group(%a: tensor<4xf64>) {
  // expected-error @+1 {{groups must hold a group index (0 or more) for each rank}}
  %0 = legato.all_reduce sum %a in groups [0, -1] : tensor<4xf64>
  return
}

// -----

func.func @scan_axis(%a: tensor<3x4xf64>) {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = legato.scan sum %a along 2 : tensor<3x4xf64>
  return
}

// -----

func.func @scan_kind(%a: tensor<3x4xf64>) {
  // expected-error @+1 {{kind must be sum or prod}}
  %0 = legato.scan max %a along 0 : tensor<3x4xf64>
  return
}

// -----

func.func @gather_axis(%a: tensor<3x4xf64>, %i: tensor<2xi64>) {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = legato.gather %a[%i] along 2 : tensor<3x4xf64>, tensor<2xi64> -> tensor<3x2xf64>
  return
}

// -----

func.func @gather_shape(%a: tensor<3x4xf64>, %i: tensor<2xi64>) {
  // expected-error @+1 {{result must be 'tensor<3x2xf64>': the input with axis 1 replaced by the indices' shape}}
  %0 = legato.gather %a[%i] along 1 : tensor<3x4xf64>, tensor<2xi64> -> tensor<2x4xf64>
  return
}

// -----

func.func @gather_empty_axis(%a: tensor<3x0xf64>, %i: tensor<2xi64>) {
  // expected-error @+1 {{cannot take elements from an empty axis}}
  %0 = legato.gather %a[%i] along 1 : tensor<3x0xf64>, tensor<2xi64> -> tensor<3x2xf64>
  return
}

// -----

func.func @gather_float_indices(%a: tensor<3x4xf64>, %i: tensor<2xf64>) {
  // expected-error @+1 {{operand #1 must be statically shaped tensor of 64-bit signless integer values}}
  %0 = legato.gather %a[%i] along 1 : tensor<3x4xf64>, tensor<2xf64> -> tensor<3x2xf64>
  return
}

// -----

func.func @scatter_axis(%a: tensor<3x4xf64>, %i: tensor<2xi64>, %v: tensor<3x2xf64>) {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %0 = legato.scatter %a[%i] along 2 = %v : tensor<3x4xf64>, tensor<2xi64>, tensor<3x2xf64>
  return
}

// -----

func.func @scatter_values_shape(%a: tensor<3x4xf64>, %i: tensor<2xi64>, %v: tensor<2x4xf64>) {
  // expected-error @+1 {{values must be 'tensor<3x2xf64>': the destination with axis 1 replaced by the indices' shape}}
  %0 = legato.scatter %a[%i] along 1 = %v : tensor<3x4xf64>, tensor<2xi64>, tensor<2x4xf64>
  return
}

// -----

func.func @scatter_values_type(%a: tensor<3x4xf64>, %i: tensor<2xi64>, %v: tensor<3x2xf32>) {
  // expected-error @+1 {{values must be 'tensor<3x2xf64>'}}
  %0 = legato.scatter %a[%i] along 1 = %v : tensor<3x4xf64>, tensor<2xi64>, tensor<3x2xf32>
  return
}

// -----

func.func @scatter_combine(%a: tensor<4xf64>, %i: tensor<2xi64>, %v: tensor<2xf64>) {
  // expected-error @+1 {{can only combine by sum (np.add.at)}}
  %0 = legato.scatter %a[%i] along 0 = %v combine max : tensor<4xf64>, tensor<2xi64>, tensor<2xf64>
  return
}

// -----

func.func @scatter_add_bools(%a: tensor<4xi1>, %i: tensor<2xi64>, %v: tensor<2xi1>) {
  // expected-error @+1 {{cannot add booleans}}
  %0 = legato.scatter %a[%i] along 0 = %v combine sum : tensor<4xi1>, tensor<2xi64>, tensor<2xi1>
  return
}

// -----

func.func @lapack_not_square(%a: tensor<3x4xf64>) {
  // expected-error @+1 {{needs square matrices}}
  %0 = legato.lapack cholesky %a : tensor<3x4xf64> -> tensor<3x4xf64>
  return
}

// -----

func.func @lapack_solve_one_operand(%a: tensor<4x4xf64>) {
  // expected-error @+1 {{solve takes two operands}}
  %0 = legato.lapack solve %a : tensor<4x4xf64> -> tensor<4x4xf64>
  return
}

// -----

func.func @lapack_right_hand_sides(%a: tensor<2x4x4xf64>, %b: tensor<3x4x1xf64>) {
  // expected-error @+1 {{right-hand sides must be [B..., n, k] for [B..., n, n]}}
  %0 = legato.lapack solve %a, %b : tensor<2x4x4xf64>, tensor<3x4x1xf64> -> tensor<2x4x1xf64>
  return
}

// -----

func.func @lapack_float16(%a: tensor<4x4xf16>) {
  // expected-error @+1 {{LAPACK has no float16 routines}}
  %0 = legato.lapack cholesky %a : tensor<4x4xf16> -> tensor<4x4xf16>
  return
}

// -----

func.func @lapack_packed_shape(%a: tensor<2x3x3xf32>) {
  // expected-error @+1 {{result shape does not match the operands}}
  %0 = legato.lapack eigh %a {vectors = true} : tensor<2x3x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @lapack_vector(%a: tensor<4xf64>) {
  // expected-error @+1 {{operands must be stacks of matrices (at least 2-D)}}
  %0 = legato.lapack slogdet %a : tensor<4xf64> -> tensor<2xf64>
  return
}

// -----

func.func @lapack_eig_real_result(%a: tensor<3x3xf32>) {
  // expected-error @+1 {{result element type must be 'complex<f32>'}}
  %0 = legato.lapack eig %a : tensor<3x3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @fft_axis(%a: tensor<4x8xcomplex<f64>>) {
  // expected-error @+1 {{axis 2 out of range for rank 2}}
  %0 = legato.fft forward %a along 2 : tensor<4x8xcomplex<f64>> -> tensor<4x8xcomplex<f64>>
  return
}

// -----

func.func @fft_real_operand(%a: tensor<8xf64>) {
  // expected-error @+1 {{forward maps complex to complex elements}}
  %0 = legato.fft forward %a along 0 : tensor<8xf64> -> tensor<8xcomplex<f64>>
  return
}

// -----

func.func @fft_precisions(%a: tensor<8xf32>) {
  // expected-error @+1 {{needs f32 or f64 (or their complex types) of one precision}}
  %0 = legato.fft real_forward %a along 0 : tensor<8xf32> -> tensor<5xcomplex<f64>>
  return
}

// -----

func.func @fft_half_length(%a: tensor<3x8xf64>) {
  // expected-error @+1 {{axis lengths 8 -> 4 do not fit real_forward}}
  %0 = legato.fft real_forward %a along 1 : tensor<3x8xf64> -> tensor<3x4xcomplex<f64>>
  return
}

// -----

func.func @fft_batch_axis(%a: tensor<3x8xcomplex<f32>>) {
  // expected-error @+1 {{batch axis 0 must keep its length}}
  %0 = legato.fft inverse %a along 1 : tensor<3x8xcomplex<f32>> -> tensor<2x8xcomplex<f32>>
  return
}

// -----

func.func @sort_axis(%a: tensor<4x8xf64>) {
  // expected-error @+1 {{axis 2 out of range for rank 2}}
  %0 = legato.sort %a along 2 : tensor<4x8xf64> -> tensor<4x8xf64>
  return
}

// -----

func.func @sort_positions_type(%a: tensor<8xf32>) {
  // expected-error @+1 {{result elements must be 'i64' (positions)}}
  %0 = legato.sort %a along 0 positions : tensor<8xf32> -> tensor<8xf32>
  return
}

// -----

func.func @sort_shape(%a: tensor<8xi32>) {
  // expected-error @+1 {{result shape must be the input's}}
  %0 = legato.sort %a along 0 : tensor<8xi32> -> tensor<4xi32>
  return
}

// -----

func.func @sort_complex(%a: tensor<8xcomplex<f64>>) {
  // expected-error @+1 {{operand #0 must be statically shaped tensor}}
  %0 = legato.sort %a along 0 : tensor<8xcomplex<f64>> -> tensor<8xcomplex<f64>>
  return
}

// -----

func.func @partition_kth(%a: tensor<8xf64>) {
  // expected-error @+1 {{kth positions must ascend within [0, 8)}}
  %0 = legato.sort %a along 0 kth [3, 3] : tensor<8xf64> -> tensor<8xf64>
  return
}

// -----

func.func @partition_kth_range(%a: tensor<4x8xf64>) {
  // expected-error @+1 {{kth positions must ascend within [0, 4)}}
  %0 = legato.sort %a along 0 kth [4] : tensor<4x8xf64> -> tensor<4x8xf64>
  return
}

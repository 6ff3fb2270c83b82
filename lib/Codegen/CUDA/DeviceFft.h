//===- DeviceFft.h - legato.fft on the GPU through cuFFT -------*- C++ -*-===//
#ifndef LEGATO_CODEGEN_CUDA_DEVICEFFT_H
#define LEGATO_CODEGEN_CUDA_DEVICEFFT_H

#include "Codegen/CUDA/DeviceMemory.h"
#include "Codegen/CUDA/LaunchSequence.h"

#include <vector>

namespace legato::cuda {

/// Queues fft step `s` (LaunchSequence.h) on the device's stream through
/// cuFFT; false, doing nothing, where cuFFT cannot run it (no libcufft, a
/// view with negative strides): the caller then stages it through the host.
bool fftOnDevice(Device &device, const Step &s, const std::vector<void *> &slots);

} // namespace legato::cuda

#endif // LEGATO_CODEGEN_CUDA_DEVICEFFT_H

// Part of multi_file.test: a second translation unit with kernels and a template.
// SPDX-License-Identifier: Apache-2.0
#include <cuda_runtime.h>

static __global__ void apply(float *d, int n, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] += k;
}

template <typename T> __global__ void fill(T *d, int n, T v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] = v;
}

cudaError_t offsetOnDevice(float *d, int n, float k) {
  apply<<<(n + 127) / 128, 128>>>(d, n, k);
  return cudaGetLastError();
}

cudaError_t fillOnDevice(float *d, int n, float v) {
  fill<<<(n + 63) / 64, 64>>>(d, n, v);
  return cudaGetLastError();
}

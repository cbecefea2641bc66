// Part of multi_file.test: a kernel plus a host wrapper in its own translation unit.
// SPDX-License-Identifier: Apache-2.0
#include <cuda_runtime.h>

// The same internal kernel name exists in offset.cu with other behaviour:
// each translation unit's stub must reach its own kernel.
static __global__ void apply(float *d, int n, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] *= k;
}

__device__ int scaleCalls;

cudaError_t scaleOnDevice(float *d, int n, float k) {
  apply<<<(n + 255) / 256, 256>>>(d, n, k);
  return cudaGetLastError();
}

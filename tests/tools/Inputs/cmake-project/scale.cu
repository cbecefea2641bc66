// SPDX-License-Identifier: Apache-2.0
// A kernel that calls a __device__ function of helper.cu, and a host wrapper.
#include <cuda_runtime.h>

extern __device__ float twice(float X);

__global__ void scaleKernel(float *Out, const float *In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = twice(In[I]) + 1.0f;
}

cudaError_t scaleOnDevice(float *Out, const float *In, int N) {
  scaleKernel<<<(N + 127) / 128, 128>>>(Out, In, N);
  return cudaDeviceSynchronize();
}

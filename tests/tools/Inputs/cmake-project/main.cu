// SPDX-License-Identifier: Apache-2.0
// Runs the library's kernel and checks it against the CPU; exit 1 on a mismatch.
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

cudaError_t scaleOnDevice(float *Out, const float *In, int N);

#ifndef __NVCC__
#error "nvcc defines __NVCC__"
#endif

int main() {
  const int N = 1000;
  std::vector<float> In(N), Out(N);
  for (int I = 0; I < N; ++I)
    In[I] = float(I) * 0.5f;
  float *DIn, *DOut;
  cudaMalloc(&DIn, N * sizeof(float));
  cudaMalloc(&DOut, N * sizeof(float));
  cudaMemcpy(DIn, In.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  if (scaleOnDevice(DOut, DIn, N) != cudaSuccess) {
    std::printf("FAILED: launch\n");
    return 1;
  }
  cudaMemcpy(Out.data(), DOut, N * sizeof(float), cudaMemcpyDeviceToHost);
  for (int I = 0; I < N; ++I)
    if (Out[I] != 2.0f * In[I] + 1.0f) {
      std::printf("FAILED at %d: %f\n", I, Out[I]);
      return 1;
    }
  std::printf("PASSED: cmake_check, CUDA %d.%d\n", __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__);
  return 0;
}

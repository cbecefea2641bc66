// SPDX-License-Identifier: Apache-2.0
// Host C++ linked with CUDA::cudart: the runtime API without any kernel.
#include <cstdio>
#include <cuda_runtime_api.h>

int main() {
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess || Count < 1) {
    std::printf("FAILED: no device\n");
    return 1;
  }
  void *P = nullptr;
  if (cudaMalloc(&P, 64) != cudaSuccess || cudaMemset(P, 0, 64) != cudaSuccess ||
      cudaFree(P) != cudaSuccess) {
    std::printf("FAILED: memory\n");
    return 1;
  }
  int Version = 0;
  cudaRuntimeGetVersion(&Version);
  std::printf("PASSED: cudart_check, runtime %d\n", Version);
  return 0;
}

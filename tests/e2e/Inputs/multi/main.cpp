// Part of multi_file.test: plain C++ host code calling kernels in two .cu files.
// SPDX-License-Identifier: Apache-2.0
#include <cstdio>
#include <cuda_runtime_api.h>
#include <vector>

cudaError_t scaleOnDevice(float *d, int n, float k);
cudaError_t offsetOnDevice(float *d, int n, float k);
cudaError_t fillOnDevice(float *d, int n, float v);

int main() {
  const int n = 5000;
  float *d = nullptr;
  if (cudaMalloc((void **)&d, n * sizeof(float)) != cudaSuccess)
    return 1;
  if (fillOnDevice(d, n, 2.0f) != cudaSuccess || scaleOnDevice(d, n, 3.0f) != cudaSuccess ||
      offsetOnDevice(d, n, 0.5f) != cudaSuccess)
    return 2;
  std::vector<float> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (h[i] != 6.5f) {
      std::printf("FAILED at %d: %f\n", i, h[i]);
      return 3;
    }
  std::printf("PASSED\n");
  return 0;
}

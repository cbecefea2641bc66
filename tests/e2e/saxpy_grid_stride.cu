// SAXPY with a grid-stride loop: fewer threads than elements, many launches.
// RUN: %loomcc %s -o %t
// RUN: %t 128 | FileCheck %s
// RUN: %t 96 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 32 | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"
#include <vector>

__global__ void saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 128);
  const int n = 1 << 18;
  std::vector<float> x(n), y(n), ref(n);
  for (int i = 0; i < n; ++i) {
    x[i] = (i % 97) * 0.25f;
    y[i] = (i % 13) - 6.0f;
    ref[i] = y[i];
  }
  float *dx, *dy;
  CHECK_CUDA(cudaMalloc(&dx, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dy, n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  const int reps = 20;
  for (int r = 0; r < reps; ++r) {
    saxpy<<<37, threads>>>(n, 0.5f, dx, dy);
    for (int i = 0; i < n; ++i)
      ref[i] = 0.5f * x[i] + ref[i];
  }
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    EXPECT(close(y[i], ref[i]));
  std::printf("PASSED\n");
  return 0;
}

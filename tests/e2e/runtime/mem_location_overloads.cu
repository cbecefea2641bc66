// CUDA 13's cudaMemAdvise and cudaMemPrefetchAsync take a cudaMemLocation
// (CUDA 12.2's _v2 forms) where CUDA 12 took a device ordinal; NVIDIA's
// current samples (conjugateGradientMultiDeviceCG) call them so, and
// Loom's header had only the ordinal form. Both forms on managed memory
// used by a kernel; an invalid location and prefetch flags are refused.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"

__global__ void twice(int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= 2;
}

int main() {
  const int n = 4096;
  int *v;
  CHECK_CUDA(cudaMallocManaged(&v, n * sizeof(int)));
  for (int i = 0; i < n; ++i)
    v[i] = i;
  cudaMemLocation device = {cudaMemLocationTypeDevice, 0};
  cudaMemLocation host = {cudaMemLocationTypeHost, 0};
  CHECK_CUDA(cudaMemAdvise(v, n * sizeof(int), cudaMemAdviseSetReadMostly, device));
  CHECK_CUDA(cudaMemAdvise_v2(v, n * sizeof(int), cudaMemAdviseSetPreferredLocation, host));
  CHECK_CUDA(cudaMemAdvise(v, n * sizeof(int), cudaMemAdviseSetAccessedBy, 0)); // CUDA 12 form
  CHECK_CUDA(cudaMemPrefetchAsync(v, n * sizeof(int), device, 0));
  CHECK_CUDA(cudaMemPrefetchAsync(v, n * sizeof(int), 0)); // CUDA 12 form
  twice<<<n / 256, 256>>>(v, n);
  CHECK_CUDA(cudaMemPrefetchAsync_v2(v, n * sizeof(int), host, 0, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i)
    EXPECT(v[i] == 2 * i);
  cudaMemLocation invalid = {cudaMemLocationTypeInvalid, 0};
  EXPECT(cudaMemAdvise(v, n * sizeof(int), cudaMemAdviseSetPreferredLocation, invalid) != cudaSuccess);
  cudaGetLastError();
  EXPECT(cudaMemPrefetchAsync(v, n * sizeof(int), device, 1u) != cudaSuccess);
  cudaGetLastError();
  CHECK_CUDA(cudaFree(v));
  std::printf("PASSED\n");
  return 0;
}

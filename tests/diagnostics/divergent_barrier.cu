// Threads that reach different __syncthreads() depending on threadIdx is
// undefined behaviour in CUDA: loomcc warns at the branch, and the program
// still runs deterministically (each group of threads in turn).
// RUN: %loomcc %s -o %t 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: divergent_barrier.cu:[[@LINE+6]]:{{[0-9]+}}: warning: threads of a block reach different __syncthreads() depending on threadIdx
// WARN-NOT: warning
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../e2e/Inputs/check.h"
__global__ void split(int *a) {
  if (threadIdx.x < 16) {
    a[threadIdx.x] = 1;
    __syncthreads();
  } else {
    __syncthreads();
    a[threadIdx.x] = 2;
  }
}
// Early exit of some threads before a barrier is fine (Volta+): no warning.
__global__ void partial(int *a, int n) {
  __shared__ int s[64];
  if (threadIdx.x >= n)
    return;
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  a[threadIdx.x] = s[n - 1 - threadIdx.x];
}
// __syncwarp in a warp-uniform branch is meant for some warps only.
__global__ void warpOnly(int *a) {
  if (threadIdx.x < 32) {
    a[threadIdx.x] += 1;
    __syncwarp();
  }
}
int main() {
  int *a;
  CHECK_CUDA(cudaMallocManaged(&a, 64 * sizeof(int)));
  split<<<1, 32>>>(a);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < 32; ++t)
    EXPECT(a[t] == (t < 16 ? 1 : 2));
  partial<<<1, 64>>>(a, 40);
  warpOnly<<<1, 64>>>(a);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < 40; ++t)
    EXPECT(a[t] == 40 - 1 - t + (t < 32 ? 1 : 0));
  std::printf("PASSED\n");
  return 0;
}

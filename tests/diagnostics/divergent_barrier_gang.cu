// A branch on threadIdx.y before different __syncthreads() is uniform within
// a gang (W threads of one row), so the kernel vectorizer takes the kernel;
// it is still undefined behaviour in CUDA across the block's rows, and
// loomcc warns once, at the branch (not about the gang's own mask tests).
// RUN: %loomcc -Rpass=loom %s -o %t 2>&1 | FileCheck %s --check-prefix=WARN
// WARN-DAG: remark: kernel '_Z4rowsPi' vectorized across threads
// WARN-DAG: divergent_barrier_gang.cu:[[@LINE+8]]:{{[0-9]+}}: warning: threads of a block reach different __syncthreads() depending on threadIdx
// WARN-NOT: warning
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../e2e/Inputs/check.h"
__global__ void rows(int *a) {
  __shared__ int s[64];
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  if (threadIdx.y == 0) {
    s[t] = 1;
    __syncthreads();
  } else {
    s[t] = 2;
    __syncthreads();
  }
  a[t] = s[t];
}
int main() {
  int *a;
  CHECK_CUDA(cudaMallocManaged(&a, 64 * sizeof(int)));
  rows<<<1, dim3(16, 4)>>>(a);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < 64; ++t)
    EXPECT(a[t] == (t < 16 ? 1 : 2));
  std::printf("PASSED\n");
  return 0;
}

// Loops inside divergent code, as the kernel vectorizer sees them: a dot
// product with a uniform trip count under `if (row < n && col < n)` (all
// lanes that entered iterate together), and a loop whose only early exit is
// a uniform `break` that just some lanes reach (those leave early, the
// others keep iterating). Odd sizes leave partial gangs and rows.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"
#include <vector>

__global__ void matmulGuarded(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
  }
}

// A thread stops at the first k >= stopAt with (tid + k) % 3 == 0 (so
// threads leave in different iterations), at `limit` at the latest; every
// thread records how far it got and a sum over its iterations.
__global__ void breakSome(int *steps, int *sums, int stopAt, int limit, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n) return;
  int k = 0, s = 0;
  for (;; ++k) {
    if ((tid + k) % 3 == 0) {
      steps[tid] = -k; // a store keeps this block and its `break` apart
      if (k >= stopAt) break;
      s += 2;
    }
    s += tid;
    if (k == limit) break;
  }
  steps[tid] = k;
  sums[tid] = s;
}

int main() {
  const int n = 53;
  std::vector<float> A(n * n), B(n * n), C(n * n, -1.0f);
  for (int i = 0; i < n * n; ++i) {
    A[i] = (i % 13) * 0.5f - 2.0f;
    B[i] = (i % 7) * 0.25f + 1.0f;
  }
  float *dA, *dB, *dC;
  CHECK_CUDA(cudaMalloc(&dA, n * n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dB, n * n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dC, n * n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(dA, A.data(), n * n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dB, B.data(), n * n * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(16, 16), grid((n + 15) / 16, (n + 15) / 16);
  matmulGuarded<<<grid, block>>>(dA, dB, dC, n);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(C.data(), dC, n * n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      float want = 0.0f;
      for (int k = 0; k < n; ++k) want += A[r * n + k] * B[k * n + c];
      EXPECT(close(C[r * n + c], want));
    }

  const int m = 1000, stopAt = 5, limit = 17;
  int *dSteps, *dSums;
  CHECK_CUDA(cudaMalloc(&dSteps, m * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dSums, m * sizeof(int)));
  breakSome<<<(m + 127) / 128, 128>>>(dSteps, dSums, stopAt, limit, m);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> steps(m), sums(m);
  CHECK_CUDA(cudaMemcpy(steps.data(), dSteps, m * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(sums.data(), dSums, m * sizeof(int), cudaMemcpyDeviceToHost));
  for (int t = 0; t < m; ++t) {
    int k = 0, s = 0;
    for (;; ++k) {
      if ((t + k) % 3 == 0) {
        if (k >= stopAt) break;
        s += 2;
      }
      s += t;
      if (k == limit) break;
    }
    EXPECT(steps[t] == k);
    EXPECT(sums[t] == s);
  }
  printf("PASSED\n");
  return 0;
}

// vector_add.cu - the classic first CUDA program, unmodified, run on the CPU by Loom.
// SPDX-License-Identifier: Apache-2.0
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 1 << 20;
  size_t bytes = n * sizeof(float);
  float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
  for (int i = 0; i < n; ++i) {
    a[i] = i * 0.5f;
    b[i] = i * 0.25f;
  }
  float *da, *db, *dc;
  cudaMalloc(&da, bytes);
  cudaMalloc(&db, bytes);
  cudaMalloc(&dc, bytes);
  cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
  int threads = 256, blocks = (n + threads - 1) / threads;
  vectorAdd<<<blocks, threads>>>(da, db, dc, n);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    printf("launch failed: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
  int errors = 0;
  for (int i = 0; i < n; ++i)
    if (c[i] != a[i] + b[i])
      ++errors;
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("Ran vectorAdd<<<%d, %d>>> on %s\n", blocks, threads, prop.name);
  printf("%s: %d of %d elements correct\n", errors ? "FAILED" : "PASSED", n - errors, n);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  free(a);
  free(b);
  free(c);
  return errors ? 1 : 0;
}

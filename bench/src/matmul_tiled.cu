// Dense C = A * B (512 x 512 floats), shared-memory tiled (16 x 16 tiles of A
// and B staged per block, CUDA Programming Guide style). Compute bound.
#include <cuda_runtime.h>
#include "mm_common.h"

#define TILE 16

__global__ void matmulTiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = sum;
}

int main() {
  const int n = 512, iters = 2;
  std::vector<float> hA, hB, hC((size_t)n * n);
  mm_inputs(hA, hB, n);
  const size_t bytes = (size_t)n * n * sizeof(float);
  float *A, *B, *C;
  CUDA_CHECK(cudaMalloc(&A, bytes));
  CUDA_CHECK(cudaMalloc(&B, bytes));
  CUDA_CHECK(cudaMalloc(&C, bytes));
  CUDA_CHECK(cudaMemcpy(A, hA.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(B, hB.data(), bytes, cudaMemcpyHostToDevice));
  dim3 block(TILE, TILE), grid(n / TILE, n / TILE);
  matmulTiled<<<grid, block>>>(A, B, C, n); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) matmulTiled<<<grid, block>>>(A, B, C, n);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(hC.data(), C, bytes, cudaMemcpyDeviceToHost));
  double sum = mm_check(hA, hB, hC.data(), n);
  bench_report(ms, 3.0 * bytes, 2.0 * n * n * (double)n, sum);
  return 0;
}

// Dense C = A * B (512 x 512 floats), naive: one thread per C element, 16 x 16
// blocks, each thread runs the full dot product from global memory. Compute bound.
#include <cuda_runtime.h>
#include "mm_common.h"

__global__ void matmul(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
  }
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
  dim3 block(16, 16), grid(n / 16, n / 16);
  matmul<<<grid, block>>>(A, B, C, n); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) matmul<<<grid, block>>>(A, B, C, n);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(hC.data(), C, bytes, cudaMemcpyDeviceToHost));
  double sum = mm_check(hA, hB, hC.data(), n);
  bench_report(ms, 3.0 * bytes, 2.0 * n * n * (double)n, sum);
  return 0;
}

// Dense C = A * B with a per-thread k loop and no shared memory, the first
// matrix multiply most CUDA programmers write: one thread per C element,
// threadIdx.x along the row of C (consecutive threads read consecutive B and
// C addresses, the whole warp reads the same A element), 32 x 8 blocks, a
// rectangular 768 x 640 times 640 x 1000 whose 1000 columns leave partial
// blocks (the early return). Compute bound. Unlike matmul_naive (square 512,
// 16 x 16 blocks, half-warp rows) every warp here is one row of 32 columns.
#include <cuda_runtime.h>
#include "matmul_loop_common.h"

__global__ void matmulLoop(const float *__restrict__ A, const float *__restrict__ B,
                           float *__restrict__ C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k) acc += A[row * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}

int main() {
  const int M = ML_M, N = ML_N, K = ML_K, iters = 3;
  std::vector<float> hA, hB, hC((size_t)M * N);
  ml_inputs(hA, hB);
  float *A, *B, *C;
  CUDA_CHECK(cudaMalloc(&A, hA.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&B, hB.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&C, hC.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(A, hA.data(), hA.size() * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(B, hB.data(), hB.size() * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(32, 8), grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
  matmulLoop<<<grid, block>>>(A, B, C, M, N, K); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) matmulLoop<<<grid, block>>>(A, B, C, M, N, K);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(hC.data(), C, hC.size() * sizeof(float), cudaMemcpyDeviceToHost));
  double sum = ml_check(hA, hB, hC.data());
  const double bytes = (double)(hA.size() + hB.size() + hC.size()) * sizeof(float);
  bench_report(ms, bytes, 2.0 * M * N * (double)K, sum);
  return 0;
}

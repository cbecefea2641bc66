// Matrix transpose (4096 x 4096 floats) through a padded 32 x 33 shared tile,
// 32 x 8 blocks, each thread moves 4 elements (NVIDIA's transpose sample). Bandwidth bound.
#include <cuda_runtime.h>
#include "bench_common.h"

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int n = 4096, iters = 10;
  const size_t total = (size_t)n * n, bytes = total * sizeof(float);
  std::vector<float> h(total), out(total);
  BenchRng rng(8);
  for (auto &v : h) v = rng.uniform(-1, 1);
  float *in, *o;
  CUDA_CHECK(cudaMalloc(&in, bytes));
  CUDA_CHECK(cudaMalloc(&o, bytes));
  CUDA_CHECK(cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice));
  dim3 block(TILE_DIM, BLOCK_ROWS), grid(n / TILE_DIM, n / TILE_DIM);
  transpose<<<grid, block>>>(o, in, n); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) transpose<<<grid, block>>>(o, in, n);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(out.data(), o, bytes, cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (out[(size_t)j * n + i] != h[(size_t)i * n + j])
        bench_fail("out[%d][%d] = %g, want %g", j, i, out[(size_t)j * n + i], h[(size_t)i * n + j]);
      sum += out[(size_t)j * n + i] * (double)((i + 2 * j) % 7);
    }
  bench_report(ms, 2.0 * bytes, 0, sum);
  return 0;
}

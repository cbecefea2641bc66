// All-pairs n-body accelerations (8192 bodies, float4 positions+mass), bodies
// staged through shared-memory tiles of 256 (GPU Gems 3, ch. 31). Compute
// bound; 20 flops per interaction by convention.
#include <cuda_runtime.h>
#include "nbody_common.h"

#define TILE 256

__global__ void computeForces(const float4 *pos, float4 *acc, int n, float eps2) {
  __shared__ float4 sh[TILE];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float4 p = pos[i];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int tile = 0; tile < n / TILE; ++tile) {
    sh[threadIdx.x] = pos[tile * TILE + threadIdx.x];
    __syncthreads();
#pragma unroll 8
    for (int j = 0; j < TILE; ++j) {
      float4 q = sh[j];
      float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
      float d2 = dx * dx + dy * dy + dz * dz + eps2;
      float inv = rsqrtf(d2);
      float s = q.w * inv * inv * inv;
      ax += dx * s; ay += dy * s; az += dz * s;
    }
    __syncthreads();
  }
  acc[i] = make_float4(ax, ay, az, 0.0f);
}

int main() {
  const int n = 8192, iters = 3;
  std::vector<float> x, y, z, m;
  nbody_inputs(x, y, z, m, n);
  std::vector<float4> hp(n), ha(n);
  for (int i = 0; i < n; ++i) hp[i] = make_float4(x[i], y[i], z[i], m[i]);
  float4 *pos, *acc;
  CUDA_CHECK(cudaMalloc(&pos, n * sizeof(float4)));
  CUDA_CHECK(cudaMalloc(&acc, n * sizeof(float4)));
  CUDA_CHECK(cudaMemcpy(pos, hp.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
  computeForces<<<n / TILE, TILE>>>(pos, acc, n, NB_EPS2); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) computeForces<<<n / TILE, TILE>>>(pos, acc, n, NB_EPS2);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(ha.data(), acc, n * sizeof(float4), cudaMemcpyDeviceToHost));
  std::vector<float> ax(n), ay(n), az(n);
  for (int i = 0; i < n; ++i) { ax[i] = ha[i].x; ay[i] = ha[i].y; az[i] = ha[i].z; }
  double sum = nbody_check(x, y, z, m, ax.data(), ay.data(), az.data(), n);
  bench_report(ms, 0, 20.0 * n * (double)n, sum);
  return 0;
}

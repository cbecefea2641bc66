// Barrier-heavy stencil (Rodinia hotspot's shape): 16x16 blocks load a tile
// with a halo into shared memory and run HS_PYRAMID steps in it, a
// __syncthreads() before and after each step; the valid region shrinks by one
// cell per step, so blocks overlap by 2*HS_PYRAMID cells. 20 launches of 2
// steps each per iteration, ping-pong between two buffers.
#include <cuda_runtime.h>
#include "hotspot_common.h"

#define TILE 16
#define OUT (TILE - 2 * HS_PYRAMID) // cells each block writes per dimension

__global__ void hotspot(const float *power, const float *in, float *out, HsCoef k) {
  __shared__ float t[TILE][TILE];
  __shared__ float p[TILE][TILE];
  __shared__ float nt[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  // Global cell of this thread: tiles start OUT apart, shifted by the halo.
  int gx = blockIdx.x * OUT - HS_PYRAMID + tx;
  int gy = blockIdx.y * OUT - HS_PYRAMID + ty;
  bool inside = gx >= 0 && gx < HS_COLS && gy >= 0 && gy < HS_ROWS;
  if (inside) {
    t[ty][tx] = in[gy * HS_COLS + gx];
    p[ty][tx] = power[gy * HS_COLS + gx];
  }
  __syncthreads();
  for (int step = 0; step < HS_PYRAMID; ++step) {
    // Cells whose neighbours are all valid after `step` steps.
    bool valid = tx > step && tx < TILE - 1 - step && ty > step && ty < TILE - 1 - step;
    float v = 0;
    if (inside && valid) {
      float c = t[ty][tx];
      float n = gy > 0 ? t[ty - 1][tx] : c, s = gy < HS_ROWS - 1 ? t[ty + 1][tx] : c;
      float w = gx > 0 ? t[ty][tx - 1] : c, e = gx < HS_COLS - 1 ? t[ty][tx + 1] : c;
      v = hs_update(k, c, n, s, e, w, p[ty][tx]);
    }
    __syncthreads();
    if (inside && valid)
      nt[ty][tx] = v;
    __syncthreads();
    if (inside && valid)
      t[ty][tx] = nt[ty][tx];
    __syncthreads();
  }
  bool mine = tx >= HS_PYRAMID && tx < TILE - HS_PYRAMID && ty >= HS_PYRAMID &&
              ty < TILE - HS_PYRAMID;
  if (inside && mine)
    out[gy * HS_COLS + gx] = t[ty][tx];
}

int main() {
  std::vector<float> temp0, power;
  hs_inputs(temp0, power);
  size_t bytes = temp0.size() * sizeof(float);
  float *dPower, *dA, *dB;
  CUDA_CHECK(cudaMalloc(&dPower, bytes));
  CUDA_CHECK(cudaMalloc(&dA, bytes));
  CUDA_CHECK(cudaMalloc(&dB, bytes));
  CUDA_CHECK(cudaMemcpy(dPower, power.data(), bytes, cudaMemcpyHostToDevice));
  dim3 block(TILE, TILE);
  dim3 grid((HS_COLS + OUT - 1) / OUT, (HS_ROWS + OUT - 1) / OUT);
  HsCoef k = hs_coef();
  float *result = nullptr;
  auto run = [&]() {
    CUDA_CHECK(cudaMemcpy(dA, temp0.data(), bytes, cudaMemcpyHostToDevice));
    float *src = dA, *dst = dB;
    for (int s = 0; s < HS_STEPS; s += HS_PYRAMID) {
      hotspot<<<grid, block>>>(dPower, src, dst, k);
      std::swap(src, dst);
    }
    CUDA_CHECK(cudaDeviceSynchronize());
    result = src;
  };
  run(); // warm-up
  KERNEL_CHECK();
  double t0 = bench_now_ms();
  run();
  double ms = bench_now_ms() - t0;
  KERNEL_CHECK();
  std::vector<float> got(temp0.size());
  CUDA_CHECK(cudaMemcpy(got.data(), result, bytes, cudaMemcpyDeviceToHost));
  hs_check(got, temp0, power);
  bench_report(ms, 3.0 * bytes * HS_STEPS / HS_PYRAMID, 0, hs_checksum(got));
  return 0;
}

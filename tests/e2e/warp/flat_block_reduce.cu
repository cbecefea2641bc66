// A block-wide sum and maximum through warp shuffles, __shared__ memory and
// __syncthreads(), in blocks whose warps span rows (16 x 16, 24 x 5 x 2,
// 10 x 3) and in rows of whole warps and 1D blocks, against a host
// reference: warps are 32 consecutive linear thread indices, the last one
// partial. Runs the flat warp-gang version for the 2D/3D shapes
// (docs/pipeline.md, "Warps as gangs"), also through the JIT.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_JIT=sync LOOM_CACHE_DIR=none %t | FileCheck %s
// CHECK: 16x16x1 ok
// CHECK: 24x5x2 ok
// CHECK: 10x3x1 ok
// CHECK: 64x2x1 ok
// CHECK: 100x1x1 ok
// CHECK: PASSED
#include "../Inputs/check.h"

__global__ void blockStats(const int *in, int *sums, int *maxima) {
  __shared__ int warpSum[32], warpMax[32];
  const int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  const int threads = blockDim.x * blockDim.y * blockDim.z;
  const int lane = t % 32, warp = t / 32, warps = (threads + 31) / 32;
  int v = in[blockIdx.x * threads + t], s = v, m = v;
  const unsigned mask = __activemask();
  for (int o = 16; o > 0; o >>= 1) {
    int ps = __shfl_down_sync(mask, s, o), pm = __shfl_down_sync(mask, m, o);
    if (lane + o < 32 && (mask >> (lane + o) & 1)) {
      s += ps;
      m = max(m, pm);
    }
  }
  if (lane == 0) {
    warpSum[warp] = s;
    warpMax[warp] = m;
  }
  __syncthreads();
  if (warp == 0) {
    s = lane < warps ? warpSum[lane] : 0;
    m = lane < warps ? warpMax[lane] : INT_MIN;
    for (int o = 16; o > 0; o >>= 1) {
      int ps = __shfl_xor_sync(__activemask(), s, o), pm = __shfl_xor_sync(__activemask(), m, o);
      if (__activemask() >> (lane ^ o) & 1) {
        s += ps;
        m = max(m, pm);
      }
    }
    if (lane == 0) {
      sums[blockIdx.x] = s;
      maxima[blockIdx.x] = m;
    }
  }
}

int main() {
  const dim3 shapes[] = {dim3(16, 16), dim3(24, 5, 2), dim3(10, 3), dim3(64, 2), dim3(100)};
  const int blocks = 37;
  bool ok = true;
  for (dim3 b : shapes) {
    const int threads = b.x * b.y * b.z, n = threads * blocks;
    std::vector<int> in(n), sums(blocks), maxima(blocks);
    unsigned r = 99u + threads;
    for (int &v : in) {
      r = r * 1664525u + 1013904223u;
      v = int(r >> 20) - 2048;
    }
    int *dIn, *dSums, *dMax;
    CHECK_CUDA(cudaMalloc(&dIn, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&dSums, blocks * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&dMax, blocks * sizeof(int)));
    CHECK_CUDA(cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    blockStats<<<blocks, b>>>(dIn, dSums, dMax);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(sums.data(), dSums, blocks * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(maxima.data(), dMax, blocks * sizeof(int), cudaMemcpyDeviceToHost));
    bool shapeOk = true;
    for (int k = 0; k < blocks; ++k) {
      int s = 0, m = INT_MIN;
      for (int i = 0; i < threads; ++i) {
        s += in[k * threads + i];
        m = std::max(m, in[k * threads + i]);
      }
      if (sums[k] != s || maxima[k] != m) {
        std::printf("block %d of %ux%ux%u: %d %d, want %d %d\n", k, b.x, b.y, b.z, sums[k],
                    maxima[k], s, m);
        shapeOk = false;
      }
    }
    std::printf("%ux%ux%u %s\n", b.x, b.y, b.z, shapeOk ? "ok" : "FAILED");
    ok &= shapeOk;
    cudaFree(dIn);
    cudaFree(dSums);
    cudaFree(dMax);
  }
  std::printf(ok ? "PASSED\n" : "FAILED\n");
  return ok ? 0 : 1;
}

// Warp shuffles of __half and __half2 (a warp-shuffle tree reduction with
// __shfl_down_sync and __shfl_xor_sync, broadcasts with __shfl_sync,
// __shfl_up_sync scans, sub-warp widths) and atomicAdd on __half2 and __half
// from many threads (the two halves of one 32-bit word are hit by different
// threads, so the compare-and-swap on the containing word is exercised).
// Tolerances: shuffle results must equal the host's replay of the same half
// operations bit for bit; atomics add values whose every partial sum is
// exact in half (multiples of 1/4 below 2048), so any order gives the exact
// float reference; a random-value atomic sum (order-dependent) is compared
// with the exact sum to r half-ulps of the result (one rounding per addition).
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_NUM_THREADS=4 %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: shuffle PASSED
// CHECK: atomics PASSED
#include "../Inputs/check.h"
#include "Inputs/ref16.h"
#include <cuda_fp16.h>
#include <algorithm>
#include <vector>

__device__ __half2 warpSum(__half2 v) {
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}

__global__ void shuffles(const __half2 *in, __half2 *sums, __half2 *xorSums, __half *bcast, __half *scan,
                         __half2 *sub) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32, warp = i / 32;
  __half2 v = in[i];
  __half2 s = warpSum(v);
  if (lane == 0)
    sums[warp] = s;
  __half2 x = v;
  for (int m = 1; m < 32; m *= 2)
    x = __hadd2(x, __shfl_xor_sync(0xffffffffu, x, m));
  xorSums[i] = x;
  bcast[i] = __shfl_sync(0xffffffffu, __low2half(v), 7);
  __half p = __high2half(v);
  for (int d = 1; d < 32; d *= 2) {
    __half o = __shfl_up_sync(0xffffffffu, p, d);
    if (lane >= d)
      p = p + o;
  }
  scan[i] = p;
  sub[i] = __shfl_sync(0xffffffffu, v, 0, 8); // broadcast of lane 0 of each group of 8
}

__global__ void atomics(__half2 *acc2, __half *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  atomicAdd(&acc2[i % 8], __floats2half2_rn(0.25f, 1.0f));
  atomicAdd(&acc[i % 6], __float2half((i % 6) == 1 ? -0.5f : 0.25f)); // 6 halves: 3 words
}

__global__ void randomAtomics(const __half *vals, __half *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(acc, vals[i]);
}

int main() {
  const int n = 4096;
  __half2 *in, *sums, *xorSums, *sub;
  __half *bcast, *scan;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(__half2)));
  CHECK_CUDA(cudaMallocManaged(&sums, n / 32 * sizeof(__half2)));
  CHECK_CUDA(cudaMallocManaged(&xorSums, n * sizeof(__half2)));
  CHECK_CUDA(cudaMallocManaged(&sub, n * sizeof(__half2)));
  CHECK_CUDA(cudaMallocManaged(&bcast, n * sizeof(__half)));
  CHECK_CUDA(cudaMallocManaged(&scan, n * sizeof(__half)));
  Lcg rng(3);
  for (int i = 0; i < n; ++i)
    in[i] = __floats2half2_rn(rng.uniform(-10, 10), rng.uniform(-1, 1));
  shuffles<<<n / 128, 128>>>(in, sums, xorSums, bcast, scan, sub);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int w = 0; w < n / 32; ++w) {
    const __half2 *v = in + 32 * w;
    // replay of the shuffle-down tree: after step `off`, lane l holds v[l] + v[l+off] (lanes past 31 read their own value)
    std::vector<__half2> t(v, v + 32);
    for (int off = 16; off > 0; off /= 2) {
      std::vector<__half2> u(t);
      for (int l = 0; l < 32; ++l)
        u[l] = t[l] + (l + off < 32 ? t[l + off] : t[l]);
      t = u;
    }
    EXPECT(__half_as_ushort(sums[w].x) == __half_as_ushort(t[0].x) && __half_as_ushort(sums[w].y) == __half_as_ushort(t[0].y));
    std::vector<__half2> x(v, v + 32);
    for (int m = 1; m < 32; m *= 2) {
      std::vector<__half2> u(x);
      for (int l = 0; l < 32; ++l)
        u[l] = __hadd2(x[l], x[l ^ m]);
      x = u;
    }
    std::vector<__half> p(32);
    for (int l = 0; l < 32; ++l)
      p[l] = v[l].y;
    for (int d = 1; d < 32; d *= 2) {
      std::vector<__half> u(p);
      for (int l = d; l < 32; ++l)
        u[l] = p[l] + p[l - d];
      p = u;
    }
    for (int l = 0; l < 32; ++l) {
      int i = 32 * w + l;
      EXPECT(__half_as_ushort(xorSums[i].x) == __half_as_ushort(x[l].x));
      EXPECT(__half_as_ushort(xorSums[i].y) == __half_as_ushort(x[l].y));
      EXPECT(__half_as_ushort(bcast[i]) == __half_as_ushort(v[7].x));
      EXPECT(__half_as_ushort(scan[i]) == __half_as_ushort(p[l]));
      EXPECT(__half_as_ushort(sub[i].x) == __half_as_ushort(v[l & ~7].x));
      EXPECT(__half_as_ushort(sub[i].y) == __half_as_ushort(v[l & ~7].y));
    }
    // and the reduction is close to the float sum
    double ref = 0;
    for (int l = 0; l < 32; ++l)
      ref += __low2float(v[l]);
    EXPECT(std::fabs(__low2float(sums[w]) - ref) <= 0.5);
  }
  std::printf("shuffle PASSED\n");

  const int m = 8000;
  __half2 *acc2;
  __half *acc;
  CHECK_CUDA(cudaMallocManaged(&acc2, 8 * sizeof(__half2)));
  CHECK_CUDA(cudaMallocManaged(&acc, 8 * sizeof(__half)));
  for (int k = 0; k < 8; ++k) {
    acc2[k] = __floats2half2_rn(0, 0);
    acc[k] = __float2half(100.0f);
  }
  atomics<<<(m + 255) / 256, 256>>>(acc2, acc, m);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int k = 0; k < 8; ++k) {
    int cnt = m / 8;
    EXPECT(__low2float(acc2[k]) == 0.25f * cnt && __high2float(acc2[k]) == 1.0f * cnt);
  }
  for (int k = 0; k < 6; ++k) {
    int cnt = m / 6 + (k < m % 6 ? 1 : 0);
    float want = 100.0f + cnt * (k == 1 ? -0.5f : 0.25f);
    if (__half2float(acc[k]) != want) {
      std::printf("FAILED: half atomic %d: %f want %f\n", k, __half2float(acc[k]), want);
      return 1;
    }
  }
  EXPECT(__half2float(acc[6]) == 100.0f && __half2float(acc[7]) == 100.0f); // neighbours untouched
  __half *vals;
  const int r = 2000;
  CHECK_CUDA(cudaMallocManaged(&vals, r * sizeof(__half)));
  double ref = 0;
  for (int i = 0; i < r; ++i) {
    vals[i] = __float2half(rng.uniform(0.0f, 0.1f));
    ref += __half2float(vals[i]);
  }
  acc[0] = __float2half(0.0f);
  randomAtomics<<<(r + 127) / 128, 128>>>(vals, acc, r);
  CHECK_CUDA(cudaDeviceSynchronize());
  // each of the r roundings is off by at most half an ulp of a partial sum,
  // and partial sums never exceed the final one
  double bound = r * 0.5 * std::ldexp(1.0, std::ilogb(std::max(ref, (double)__half2float(acc[0]))) - 10);
  if (std::fabs(__half2float(acc[0]) - ref) > bound) {
    std::printf("FAILED: random atomic sum %f want %f\n", __half2float(acc[0]), ref);
    return 1;
  }
  std::printf("atomics PASSED\n");
  return 0;
}

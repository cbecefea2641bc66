// Warp-shuffle reductions: full blocks, blocks that are not a multiple of 32
// (partial last warp), the second stage under `if (warp == 0)` (a
// warp-uniform branch, the COX example), 2D blocks (warps from the linear
// thread index), every shuffle kind, widths and 64-bit types.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 96 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 128 | FileCheck %s
// CHECK: reduce PASSED
// CHECK: kinds PASSED
// CHECK: 2d PASSED
#include "../Inputs/check.h"
#include <algorithm>
#include <vector>

__device__ float warpSum(float v) {
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}

__global__ void blockSum(const float *in, float *out, int n) {
  __shared__ float partial[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = warpSum(i < n ? in[i] : 0.0f);
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int warps = (blockDim.x + 31) / 32;
    v = warpSum(lane < warps ? partial[lane] : 0.0f);
    if (lane == 0)
      out[blockIdx.x] = v;
  }
}

// Each thread records several shuffles of its lane-dependent value.
__global__ void kinds(int *out, long long *out64, double *outd) {
  int t = threadIdx.x;
  int v = t * 10 + 1;
  int *o = out + t * 8;
  o[0] = __shfl_sync(0xffffffffu, v, 5);          // broadcast lane 5
  o[1] = __shfl_up_sync(0xffffffffu, v, 3);       // lane - 3 (own below 3)
  o[2] = __shfl_down_sync(0xffffffffu, v, 7);     // lane + 7 (own above 24)
  o[3] = __shfl_xor_sync(0xffffffffu, v, 9);      // butterfly
  o[4] = __shfl_sync(0xffffffffu, v, 2, 8);       // lane 2 of each 8-lane group
  o[5] = __shfl_down_sync(0xffffffffu, v, 1, 4);  // within groups of 4
  o[6] = __shfl_up_sync(0xffffffffu, v, 2, 16);   // within halves
  o[7] = __shfl_xor_sync(0xffffffffu, v, 1, 2);   // pairs
  out64[t] = __shfl_down_sync(0xffffffffu, (long long)v << 33, 1);
  outd[t] = __shfl_sync(0xffffffffu, v * 0.5, 31);
}

__global__ void sum2d(const int *in, int *out) {
  int t = threadIdx.x + blockDim.x * threadIdx.y;
  int v = in[t];
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, off);
  out[t] = v; // every lane has its warp's sum
}

static int shflRef(int lane, int v0Lane, int op, int arg, int width) {
  int seg = lane & ~(width - 1), src = lane;
  switch (op) {
  case 0: src = seg + (arg % width); break;
  case 1: src = lane - arg >= seg ? lane - arg : lane; break;
  case 2: src = lane + arg < seg + width ? lane + arg : lane; break;
  case 3: src = (lane ^ arg) < seg + width ? (lane ^ arg) : lane; break;
  }
  return (v0Lane + src) * 10 + 1;
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 256);
  const int n = 100000;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i % 17) * 0.25f;
  int blocks = (n + threads - 1) / threads;
  float *din, *dout;
  CHECK_CUDA(cudaMalloc(&din, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dout, blocks * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(din, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  blockSum<<<blocks, threads>>>(din, dout, n);
  std::vector<float> out(blocks);
  CHECK_CUDA(cudaMemcpy(out.data(), dout, blocks * sizeof(float), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    double ref = 0;
    for (int i = b * threads; i < std::min(n, (b + 1) * threads); ++i)
      ref += in[i];
    EXPECT(close(out[b], ref, 1e-5));
  }
  std::printf("reduce PASSED\n");

  const int t = 64;
  int *dk;
  long long *d64;
  double *dd;
  CHECK_CUDA(cudaMallocManaged(&dk, t * 8 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&d64, t * sizeof(long long)));
  CHECK_CUDA(cudaMallocManaged(&dd, t * sizeof(double)));
  kinds<<<1, t>>>(dk, d64, dd);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < t; ++i) {
    int lane = i % 32, base = i - lane;
    const int *o = dk + i * 8;
    EXPECT(o[0] == shflRef(lane, base, 0, 5, 32));
    EXPECT(o[1] == shflRef(lane, base, 1, 3, 32));
    EXPECT(o[2] == shflRef(lane, base, 2, 7, 32));
    EXPECT(o[3] == shflRef(lane, base, 3, 9, 32));
    EXPECT(o[4] == shflRef(lane, base, 0, 2, 8));
    EXPECT(o[5] == shflRef(lane, base, 2, 1, 4));
    EXPECT(o[6] == shflRef(lane, base, 1, 2, 16));
    EXPECT(o[7] == shflRef(lane, base, 3, 1, 2));
    long long v64 = (long long)shflRef(lane, base, 2, 1, 32) << 33;
    EXPECT(d64[i] == v64);
    EXPECT(dd[i] == ((base + 31) * 10 + 1) * 0.5);
  }
  std::printf("kinds PASSED\n");

  dim3 block(8, 12); // 96 threads: three warps spanning rows
  int *d2in, *d2out;
  CHECK_CUDA(cudaMallocManaged(&d2in, 96 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&d2out, 96 * sizeof(int)));
  for (int i = 0; i < 96; ++i)
    d2in[i] = i * i;
  sum2d<<<1, block>>>(d2in, d2out);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < 96; ++i) {
    int ref = 0;
    for (int j = i / 32 * 32; j < i / 32 * 32 + 32; ++j)
      ref += j * j;
    EXPECT(d2out[i] == ref);
  }
  std::printf("2d PASSED\n");
  return 0;
}

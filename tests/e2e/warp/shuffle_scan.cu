// Warp-shuffle inclusive scans (__shfl_up_sync) and reductions
// (__shfl_xor_sync, __shfl_down_sync) on int and float, over segments of
// width 32, 16 and 8, in blocks of 48 and 100 threads (a partial last warp)
// as well as full ones; checked against a CPU model of the same segments.
// RUN: %loomcc %s -o %t
// RUN: %t 48 | FileCheck %s
// RUN: %t 100 | FileCheck %s
// RUN: %t 256 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 100 | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <vector>

template <int Width, typename T> __device__ T segmentScan(T v, unsigned mask) {
  int lane = threadIdx.x % Width;
  for (int d = 1; d < Width; d *= 2) {
    T up = __shfl_up_sync(mask, v, d, Width);
    if (lane >= d) v += up;
  }
  return v;
}

template <int Width, typename T> __device__ T segmentSumXor(T v, unsigned mask) {
  for (int d = Width / 2; d > 0; d /= 2) v += __shfl_xor_sync(mask, v, d, Width);
  return v;
}

template <int Width, typename T> __device__ T segmentSumDown(T v, unsigned mask) {
  for (int d = Width / 2; d > 0; d /= 2) v += __shfl_down_sync(mask, v, d, Width);
  return v; // lane 0 of each segment holds the sum
}

struct Out {
  int scanI[3], xorI[3], downI[3];
  float scanF[3], xorF[3];
};

__global__ void scans(const int *in, Out *out) {
  int t = threadIdx.x;
  int x = in[t];
  float f = 0.25f * x;
  // The last warp may be partial: shuffle within the lanes that exist.
  int warpBase = t / 32 * 32;
  int lanes = min(32, (int)blockDim.x - warpBase);
  unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1u;
  Out &o = out[t];
  o.scanI[0] = segmentScan<32>(x, mask);
  o.scanI[1] = segmentScan<16>(x, mask);
  o.scanI[2] = segmentScan<8>(x, mask);
  o.scanF[0] = segmentScan<32>(f, mask);
  o.scanF[1] = segmentScan<16>(f, mask);
  o.scanF[2] = segmentScan<8>(f, mask);
  o.xorI[0] = segmentSumXor<32>(x, mask);
  o.xorI[1] = segmentSumXor<16>(x, mask);
  o.xorI[2] = segmentSumXor<8>(x, mask);
  o.xorF[0] = segmentSumXor<32>(f, mask);
  o.xorF[1] = segmentSumXor<16>(f, mask);
  o.xorF[2] = segmentSumXor<8>(f, mask);
  o.downI[0] = segmentSumDown<32>(x, mask);
  o.downI[1] = segmentSumDown<16>(x, mask);
  o.downI[2] = segmentSumDown<8>(x, mask);
}

int main(int argc, char **argv) {
  const int threads = blockSizeArg(argc, argv, 256);
  std::vector<int> in(threads);
  for (int t = 0; t < threads; ++t) in[t] = (t * 37) % 23 - 11;
  int *din;
  Out *dout;
  CHECK_CUDA(cudaMalloc(&din, threads * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&dout, threads * sizeof(Out)));
  CHECK_CUDA(cudaMemcpy(din, in.data(), threads * sizeof(int), cudaMemcpyHostToDevice));
  scans<<<1, threads>>>(din, dout);
  CHECK_CUDA(cudaDeviceSynchronize());

  const int widths[3] = {32, 16, 8};
  for (int w = 0; w < 3; ++w) {
    int W = widths[w];
    for (int t = 0; t < threads; ++t) {
      const Out &o = dout[t];
      int segBase = t / W * W;
      int segEnd = std::min(segBase + W, threads); // a partial last segment
      // Inclusive scan: every lane below t in the segment exists.
      int scan = 0;
      for (int s = segBase; s <= t; ++s) scan += in[s];
      EXPECT(o.scanI[w] == scan);
      EXPECT(close(o.scanF[w], 0.25 * scan));
      if (segEnd - segBase == W) {
        // Full segments: xor butterflies give every lane the segment sum,
        // shfl_down gives it to the segment's lane 0.
        int sum = 0;
        for (int s = segBase; s < segEnd; ++s) sum += in[s];
        EXPECT(o.xorI[w] == sum);
        EXPECT(close(o.xorF[w], 0.25 * sum));
        if (t == segBase) EXPECT(o.downI[w] == sum);
      }
    }
  }
  std::printf("PASSED\n");
  return 0;
}

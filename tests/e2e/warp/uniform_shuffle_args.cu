// Warps as gangs: shuffles whose lane argument is the same for the whole
// warp but not a compile-time constant (a kernel argument, the `o` of a
// reduction loop that is not unrolled yet) are built from constant permutes
// picked by the argument's bits; values stored by several lanes to one
// address (lane 0's per-warp result, every lane of a warp writing one slot)
// are one scalar store of the highest active lane. The warp-gang build and
// the scalar build (--loom-disable=wfv) must print the same results, and the
// reductions are also checked against a CPU reference.
// RUN: %loomcc %s -o %t.gang
// RUN: %loomcc --loom-disable=wfv %s -o %t.scalar
// RUN: %t.gang 5 9 > %t.gang.out
// RUN: %t.scalar 5 9 > %t.scalar.out
// RUN: diff %t.gang.out %t.scalar.out
// RUN: %t.gang 17 30 > %t.gang.out2
// RUN: %t.scalar 17 30 > %t.scalar.out2
// RUN: diff %t.gang.out2 %t.scalar.out2
// RUN: %t.gang 32 -3 > %t.gang.out3
// RUN: %t.scalar 32 -3 > %t.scalar.out3
// RUN: diff %t.gang.out3 %t.scalar.out3
// RUN: FileCheck %s < %t.gang.out
// CHECK: reductions ok
// CHECK: checksum
#include "../Inputs/check.h"
#include <vector>

constexpr int NumOut = 12;
constexpr unsigned Full = 0xffffffffu;

__global__ void uniformArgs(const unsigned *in, unsigned *out, unsigned *perWarp,
                            unsigned *lastWriter, int d, int s) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = in[g];
  unsigned *o = out + g * NumOut;
  o[0] = __shfl_down_sync(Full, x, d);
  o[1] = __shfl_up_sync(Full, x, d, 16);
  o[2] = __shfl_xor_sync(Full, x, d, 8);
  o[3] = __shfl_xor_sync(Full, x, d);
  o[4] = __shfl_sync(Full, x, s);
  o[5] = __shfl_sync(Full, x, s, 8);
  o[6] = __shfl_sync(Full, x, s, 4);
  // Divergent: the lanes with odd x, uniform arguments.
  o[7] = 0xdeadbeefu;
  o[8] = 0xdeadbeefu;
  if (x & 1) {
    unsigned m = __activemask();
    o[7] = __shfl_xor_sync(m, x, d);
    o[8] = __shfl_down_sync(m, x, s);
  }
  // Butterfly sum and shift-down maximum, loops over the offset.
  unsigned sum = x;
  for (int k = 16; k > 0; k >>= 1)
    sum += __shfl_xor_sync(Full, sum, k);
  unsigned mx = x;
  for (int k = 16; k > 0; k >>= 1)
    mx = max(mx, __shfl_down_sync(Full, mx, k));
  unsigned up = x;
  for (int k = 1; k < 32; k <<= 1) {
    unsigned v = __shfl_up_sync(Full, up, k);
    if ((threadIdx.x & 31) >= k)
      up += v;
  }
  o[9] = sum;
  o[10] = mx;
  o[11] = up;
  // Lane 0 writes the warp's result; every lane of a warp writes one slot
  // under a divergent condition (the last thread in thread order wins, as
  // on Loom's scalar path).
  if ((threadIdx.x & 31) == 0)
    perWarp[g / 32] = sum ^ mx;
  if (x % 3 != 0)
    lastWriter[g / 32] = threadIdx.x;
}

int main(int argc, char **argv) {
  int d = argc > 1 ? std::atoi(argv[1]) : 5;
  int s = argc > 2 ? std::atoi(argv[2]) : 9;
  const int threads = 128, blocks = 6, n = threads * blocks, warps = n / 32;
  std::vector<unsigned> in(n), out(size_t(n) * NumOut), perWarp(warps), last(warps);
  unsigned seed = 777;
  for (auto &v : in) {
    seed = seed * 1103515245u + 12345u;
    v = seed >> 9;
  }
  unsigned *dIn, *dOut, *dWarp, *dLast;
  CHECK_CUDA(cudaMalloc(&dIn, n * sizeof(unsigned)));
  CHECK_CUDA(cudaMalloc(&dOut, out.size() * sizeof(unsigned)));
  CHECK_CUDA(cudaMalloc(&dWarp, warps * sizeof(unsigned)));
  CHECK_CUDA(cudaMalloc(&dLast, warps * sizeof(unsigned)));
  CHECK_CUDA(cudaMemset(dLast, 0xff, warps * sizeof(unsigned)));
  CHECK_CUDA(cudaMemcpy(dIn, in.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  uniformArgs<<<blocks, threads>>>(dIn, dOut, dWarp, dLast, d, s);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(out.data(), dOut, out.size() * sizeof(unsigned),
                        cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(perWarp.data(), dWarp, warps * sizeof(unsigned),
                        cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(last.data(), dLast, warps * sizeof(unsigned), cudaMemcpyDeviceToHost));
  // The loop reductions against a CPU reference.
  for (int w = 0; w < warps; ++w) {
    unsigned sum = 0, mx = 0, up = 0;
    for (int l = 0; l < 32; ++l) {
      unsigned x = in[w * 32 + l];
      sum += x;
      mx = x > mx ? x : mx;
      up += x;
      EXPECT(out[size_t(w * 32 + l) * NumOut + 11] == up);
    }
    for (int l = 0; l < 32; ++l)
      EXPECT(out[size_t(w * 32 + l) * NumOut + 9] == sum);
    EXPECT(out[size_t(w * 32) * NumOut + 10] == mx);
    EXPECT(perWarp[w] == (sum ^ mx));
    unsigned want = ~0u;
    for (int l = 0; l < 32; ++l)
      if (in[w * 32 + l] % 3 != 0)
        want = (w * 32 + l) % threads;
    EXPECT(last[w] == want);
  }
  std::printf("reductions ok\n");
  unsigned long long sum = 0;
  for (int i = 0; i < n; ++i) {
    sum = printResults(i, &out[size_t(i) * NumOut], NumOut, sum);
    std::printf(" | %x %x\n", perWarp[i / 32], last[i / 32]);
  }
  std::printf("checksum %llx\n", sum);
  return 0;
}

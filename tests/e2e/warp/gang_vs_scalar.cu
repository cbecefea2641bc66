// Warps as gangs (issue #12): every warp collective on random data, under
// divergent masks, computed by the warp-gang versions (blockDim.x a multiple
// of 32; one-dimensional blocks of any size, whose last warp is partial; 2D
// blocks whose warps span rows, run with flat thread numbering, 500 x 2 for
// the carry arithmetic of wide rows) and
// by the scalar thread loop (--loom-disable=wfv), also with launch-time
// specialization (the JIT builds only the version a block size runs); the
// programs must print the same results.
// RUN: %loomcc %s -o %t.gang
// RUN: %loomcc --loom-disable=wfv %s -o %t.scalar
// RUN: %t.gang 64 1 > %t.gang.out
// RUN: %t.scalar 64 1 > %t.scalar.out
// RUN: diff %t.gang.out %t.scalar.out
// RUN: %t.gang 32 3 > %t.gang.out2
// RUN: %t.scalar 32 3 > %t.scalar.out2
// RUN: diff %t.gang.out2 %t.scalar.out2
// RUN: %t.gang 48 2 > %t.gang.out3
// RUN: %t.scalar 48 2 > %t.scalar.out3
// RUN: diff %t.gang.out3 %t.scalar.out3
// RUN: %t.gang 48 1 > %t.gang.out4
// RUN: %t.scalar 48 1 > %t.scalar.out4
// RUN: diff %t.gang.out4 %t.scalar.out4
// RUN: %t.gang 100 1 > %t.gang.out5
// RUN: %t.scalar 100 1 > %t.scalar.out5
// RUN: diff %t.gang.out5 %t.scalar.out5
// RUN: %t.gang 7 1 > %t.gang.out6
// RUN: %t.scalar 7 1 > %t.scalar.out6
// RUN: diff %t.gang.out6 %t.scalar.out6
// RUN: %t.gang 16 16 > %t.gang.out7
// RUN: %t.scalar 16 16 > %t.scalar.out7
// RUN: diff %t.gang.out7 %t.scalar.out7
// RUN: %t.gang 500 2 > %t.gang.out9
// RUN: %t.scalar 500 2 > %t.scalar.out9
// RUN: diff %t.gang.out9 %t.scalar.out9
// RUN: %t.gang 5 3 4 > %t.gang.out8
// RUN: %t.scalar 5 3 4 > %t.scalar.out8
// RUN: diff %t.gang.out8 %t.scalar.out8
// RUN: env LOOM_JIT=sync LOOM_CACHE_DIR=none %t.gang 16 16 > %t.jit.out7
// RUN: diff %t.jit.out7 %t.scalar.out7
// RUN: env LOOM_JIT=sync LOOM_CACHE_DIR=none %t.gang 100 1 > %t.jit.out5
// RUN: diff %t.jit.out5 %t.scalar.out5
// RUN: FileCheck %s < %t.gang.out
// CHECK: checksum
#include "../Inputs/check.h"
#include <vector>

constexpr int NumOut = 21;

__global__ void collectives(const unsigned *in, unsigned *out) {
  int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  int g = blockIdx.x * blockDim.x * blockDim.y * blockDim.z + t;
  unsigned x = in[g], y = in[g] % 7u;
  int lane = t % 32;
  unsigned *o = out + g * NumOut;
  for (int k = 0; k < NumOut; ++k)
    o[k] = 0xdeadbeefu;
  o[0] = __shfl_sync(0xffffffffu, x, (x >> 3) % 32);
  o[1] = __shfl_sync(0xffffffffu, x, 5, 8);
  o[2] = __shfl_up_sync(0xffffffffu, x, 3, 16);
  o[3] = __shfl_down_sync(0xffffffffu, x, y);
  o[4] = __shfl_xor_sync(0xffffffffu, x, 6, 16);
  o[5] = __ballot_sync(0xffffffffu, x & 1);
  o[6] = __all_sync(0xffffffffu, y < 6);
  o[7] = __any_sync(0xffffffffu, y == 6);
  o[8] = __uni_sync(0xffffffffu, y < 3);
  o[9] = __match_any_sync(0xffffffffu, y);
  int pred;
  o[10] = __match_all_sync(0xffffffffu, y > 100 ? 1u : 0u, &pred);
  o[11] = pred;
  o[12] = __reduce_add_sync(0xffffffffu, x);
  o[13] = __reduce_min_sync(0xffffffffu, x);
  o[14] = __reduce_max_sync(0xffffffffu, (int)x);
  o[15] = __reduce_or_sync(0xffffffffu, y);
  // Divergent: only the lanes with odd x take part; masks name them.
  if (x & 1) {
    unsigned m = __activemask();
    o[16] = m;
    o[17] = __ballot_sync(m, y > 3);
    o[18] = __reduce_add_sync(m, y);
    float f = __shfl_xor_sync(m, (float)x * 0.5f, 1);
    o[19] = (unsigned)f;
  }
  // threadIdx.x and .y on their own (not as the linear index), through a
  // collective: the flat version's digits of the linear index.
  o[20] = __shfl_xor_sync(0xffffffffu, threadIdx.x * 1000u + threadIdx.y * 10u + threadIdx.z, 3);
  (void)lane;
}

int main(int argc, char **argv) {
  int bx = argc > 1 ? std::atoi(argv[1]) : 64;
  int by = argc > 2 ? std::atoi(argv[2]) : 1;
  int bz = argc > 3 ? std::atoi(argv[3]) : 1;
  int threads = bx * by * bz, blocks = 5, n = threads * blocks;
  std::vector<unsigned> in(n), out(size_t(n) * NumOut);
  unsigned s = 12345;
  for (auto &v : in) {
    s = s * 1103515245u + 12345u;
    v = s >> 8;
  }
  unsigned *dIn, *dOut;
  CHECK_CUDA(cudaMalloc(&dIn, n * sizeof(unsigned)));
  CHECK_CUDA(cudaMalloc(&dOut, out.size() * sizeof(unsigned)));
  CHECK_CUDA(cudaMemcpy(dIn, in.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  collectives<<<blocks, dim3(bx, by, bz)>>>(dIn, dOut);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(out.data(), dOut, out.size() * sizeof(unsigned),
                        cudaMemcpyDeviceToHost));
  unsigned long long sum = 0;
  for (int i = 0; i < n; ++i) {
    sum = printResults(i, &out[size_t(i) * NumOut], NumOut, sum);
    std::printf("\n");
  }
  std::printf("checksum %llx\n", sum);
  return 0;
}

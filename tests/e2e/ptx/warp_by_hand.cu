// Warp collectives, barriers and memory instructions written in inline PTX
// by hand, as CUB and older samples do: a shfl.sync.down/bfly reduction
// with the predicate output, shfl.sync.idx/up, vote.sync.ballot/all/any,
// activemask, %laneid and %lanemask_lt, bar.sync between a shared store and
// load, ld.global.nc / ld.global.cs and st.global.cs/.wt, a relaxed-atomic
// and acquire/release flag, atom.global.add and red, membar.gl. Block sizes
// run full and partial warps (32-lane gangs, scalar threads).
// RUN: %loomcc %s -o %t
// RUN: %t 128 | FileCheck %s
// RUN: %t 96 | FileCheck %s
// RUN: %t 64 | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"

struct Out {
  unsigned sum, preds, idx, up, ballot, all, any, active, lane, lanemask, neighbour;
};

__device__ unsigned laneId() {
  unsigned l;
  asm("mov.u32 %0, %%laneid;" : "=r"(l));
  return l;
}

__global__ void warps(const unsigned *in, Out *out, unsigned *total, unsigned *hits) {
  __shared__ unsigned stage[1024];
  unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  unsigned v;
  asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(v) : "l"(in + g));
  Out o;
  // Reduction by hand: shfl.sync.bfly, counting in-range sources.
  unsigned sum = v, preds = 0;
  for (int off = 16; off > 0; off >>= 1) {
    unsigned other, ok;
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "shfl.sync.bfly.b32 %0|p, %2, %3, 0x1f, 0xffffffff;\n\t"
                 "selp.u32 %1, 1, 0, p;\n\t}"
                 : "=r"(other), "=r"(ok) : "r"(sum), "r"(off));
    sum += other;
    preds += ok;
  }
  o.sum = sum;
  // shfl.down with its predicate: false for the lanes past the segment end.
  unsigned dn, dok;
  asm volatile("{\n\t.reg .pred p;\n\tshfl.sync.down.b32 %0|p, %2, 8, 0x1f, 0xffffffff;\n\t"
               "selp.u32 %1, 1, 0, p;\n\t}" : "=r"(dn), "=r"(dok) : "r"(v));
  o.preds = preds * 2 + dok;
  o.neighbour = dn;
  asm volatile("shfl.sync.idx.b32 %0, %1, 5, 0x1f, 0xffffffff;" : "=r"(o.idx) : "r"(v));
  asm volatile("shfl.sync.up.b32 %0, %1, 3, 0, 0xffffffff;" : "=r"(o.up) : "r"(v));
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %1, 0;\n\t"
               "vote.sync.ballot.b32 %0, p, 0xffffffff;\n\t}" : "=r"(o.ballot) : "r"(v & 1));
  asm volatile("{\n\t.reg .pred p, q;\n\tsetp.lt.u32 p, %1, 1000;\n\t"
               "vote.sync.all.pred q, p, 0xffffffff;\n\tselp.u32 %0, 1, 0, q;\n\t}"
               : "=r"(o.all) : "r"(v));
  asm volatile("{\n\t.reg .pred p, q;\n\tsetp.eq.u32 p, %1, 7;\n\t"
               "vote.sync.any.pred q, p, 0xffffffff;\n\tselp.u32 %0, 1, 0, q;\n\t}"
               : "=r"(o.any) : "r"(v));
  asm volatile("activemask.b32 %0;" : "=r"(o.active));
  o.lane = laneId();
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(o.lanemask));
  // Shared memory across a barrier written as PTX.
  stage[t] = v;
  asm volatile("bar.sync 0;" ::: "memory");
  unsigned mirrored = stage[blockDim.x - 1 - t];
  asm volatile("st.global.cs.u32 [%0], %1;" :: "l"(&out[g].up), "r"(o.up) : "memory");
  out[g] = o;
  asm volatile("st.global.wt.u32 [%0], %1;" :: "l"(hits + 2 * g), "r"(mirrored) : "memory");
  asm volatile("red.global.add.u32 [%0], %1;" :: "l"(total), "r"(v) : "memory");
  unsigned old;
  asm volatile("atom.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(total + 1) : "memory");
  asm volatile("membar.gl;" ::: "memory");
  asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(hits + 2 * g + 1), "r"((unsigned)(old < 100000u)) : "memory");
}

int main(int argc, char **argv) {
  int block = blockSizeArg(argc, argv, 128), blocks = 3, n = block * blocks;
  unsigned *in, *total, *hits;
  Out *out;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(Out)));
  CHECK_CUDA(cudaMallocManaged(&total, 2 * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&hits, 2 * n * sizeof(unsigned)));
  unsigned expectTotal = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = (i * 37u + 11u) % 997u;
    expectTotal += in[i];
  }
  total[0] = total[1] = 0;
  warps<<<blocks, block>>>(in, out, total, hits);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int g = 0; g < n; ++g) {
    int lane = g % 32, base = g - lane, t = g % block, b = g / block;
    const Out &o = out[g];
    unsigned sum = 0, ballot = 0, any = 0;
    for (int l = 0; l < 32; ++l) {
      sum += in[base + l];
      ballot |= (in[base + l] & 1) << l;
      any |= in[base + l] == 7;
    }
    EXPECT(o.sum == sum);
    EXPECT(o.preds == 5 * 2 + (lane + 8 < 32 ? 1u : 0u));
    EXPECT(o.neighbour == (lane + 8 < 32 ? in[g + 8] : in[g]));
    EXPECT(o.idx == in[base + 5]);
    EXPECT(o.up == (lane >= 3 ? in[g - 3] : in[g]));
    EXPECT(o.ballot == ballot);
    EXPECT(o.all == 1);
    EXPECT(o.any == any);
    EXPECT(o.active == 0xffffffffu);
    EXPECT(o.lane == (unsigned)lane);
    EXPECT(o.lanemask == (1u << lane) - 1u);
    EXPECT(hits[2 * g] == in[b * block + block - 1 - t]);
    EXPECT(hits[2 * g + 1] == 1);
  }
  EXPECT(total[0] == expectTotal && total[1] == (unsigned)n);
  std::printf("PASSED\n");
  return 0;
}

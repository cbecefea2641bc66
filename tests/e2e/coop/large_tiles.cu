// Tiles larger than a warp: tiled_partition<64/256/1024>(block) and
// the dynamic tiled_partition(block, 64/128): thread_rank, size/num_threads,
// meta_group_rank/size, sync() ordering shared memory inside the tile,
// cg::reduce (plus, less, greater, bit_xor), cg::inclusive_scan and
// cg::exclusive_scan (int, float, double, unsigned long long), tiles of a
// large tile, and block_tile_memory. Block sizes that are not multiples of
// the tile or of 32 cut the last tile short: only its existing threads take
// part. Every value is checked against a CPU model.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 200 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 96 | FileCheck %s
// CHECK: tile64 PASSED
// CHECK: tile256 PASSED
// CHECK: tile1024 PASSED
// CHECK: dynamic PASSED
#include "../Inputs/check.h"
#include <algorithm>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <vector>

namespace cg = cooperative_groups;

struct Out {
  unsigned rank, size, metaRank, metaSize, subMetaRank, subMetaSize;
  int sum, incl, excl, neighbour;
  float minimum, maximum;
  unsigned bits;
  double dincl;
  unsigned long long uexcl;
};

template <unsigned N> __global__ void tiles(const int *in, Out *out) {
  __shared__ int buf[1024];
  __shared__ cg::block_tile_memory<1024> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
  unsigned t = block.thread_rank();
  int v = in[blockIdx.x * blockDim.x + t];
  Out o;
  o.rank = tile.thread_rank();
  o.size = tile.num_threads();
  o.metaRank = tile.meta_group_rank();
  o.metaSize = tile.meta_group_size();
  cg::thread_block_tile<32> sub = cg::tiled_partition<32>(tile);
  o.subMetaRank = sub.meta_group_rank();
  o.subMetaSize = sub.meta_group_size();
  // sync() orders shared memory between the tile's warps.
  buf[t] = v * 3;
  tile.sync();
  unsigned first = t - o.rank, present = min(N, blockDim.x - first);
  o.neighbour = buf[first + (o.rank + 33) % present];
  o.sum = cg::reduce(tile, v, cg::plus<int>());
  o.minimum = cg::reduce(tile, float(v) * 0.5f, cg::less<float>());
  o.maximum = cg::reduce(tile, float(v) * 0.5f, cg::greater<float>());
  o.bits = cg::reduce(tile, unsigned(v) * 2654435761u, cg::bit_xor<unsigned>());
  o.incl = cg::inclusive_scan(tile, v);
  o.excl = cg::exclusive_scan(tile, v, cg::plus<int>());
  o.dincl = cg::inclusive_scan(tile, double(v) * 0.25, cg::greater<double>());
  o.uexcl = cg::exclusive_scan(tile, (unsigned long long)(v + 1000) << 20);
  out[blockIdx.x * blockDim.x + t] = o;
}

__global__ void dynamicTiles(const int *in, int *out, unsigned size) {
  __shared__ int buf[1024];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group tile = cg::tiled_partition(block, size);
  unsigned t = block.thread_rank();
  buf[t] = in[blockIdx.x * blockDim.x + t];
  tile.sync();
  unsigned first = t - tile.thread_rank();
  unsigned present = min(size, blockDim.x - first);
  int sum = 0; // the programming guide's pattern: every member reads the tile
  for (unsigned i = 0; i < present; ++i)
    sum += buf[first + i];
  tile.sync();
  buf[t] = 0; // a write after the tile's reads must not be seen by them
  out[(blockIdx.x * blockDim.x + t) * 3] = sum;
  out[(blockIdx.x * blockDim.x + t) * 3 + 1] = int(tile.thread_rank());
  out[(blockIdx.x * blockDim.x + t) * 3 + 2] = int(tile.size());
}

static int failures = 0;
#define EXPECT_EQ_AT(a, b, what, i)                                                     \
  do {                                                                                  \
    if (!((a) == (b)) && failures++ < 10)                                               \
      std::printf("mismatch %s at thread %d\n", what, i);                               \
  } while (0)

template <unsigned N> static void run(int block, int blocks) {
  int total = block * blocks;
  std::vector<int> h = randomInts(total, 77 + N, 2001);
  int *in;
  Out *out;
  CHECK_CUDA(cudaMalloc(&in, total * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, total * sizeof(Out)));
  CHECK_CUDA(cudaMemcpy(in, h.data(), total * sizeof(int), cudaMemcpyHostToDevice));
  tiles<N><<<blocks, block>>>(in, out);
  CHECK_CUDA(cudaGetLastError());
  std::vector<Out> o(total);
  CHECK_CUDA(cudaMemcpy(o.data(), out, total * sizeof(Out), cudaMemcpyDeviceToHost));
  failures = 0;
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < block; ++t) {
      int i = b * block + t;
      int first = t / int(N) * int(N), present = std::min(int(N), block - first);
      int rank = t - first;
      const int *v = &h[b * block + first];
      int sum = 0, incl = 0, excl = 0;
      float mn = v[0] * 0.5f, mx = v[0] * 0.5f;
      unsigned bits = 0;
      double dmax = v[0] * 0.25;
      unsigned long long uex = 0;
      for (int k = 0; k < present; ++k) {
        sum += v[k];
        mn = std::min(mn, v[k] * 0.5f);
        mx = std::max(mx, v[k] * 0.5f);
        bits ^= unsigned(v[k]) * 2654435761u;
        if (k <= rank) {
          incl += v[k];
          dmax = std::max(dmax, v[k] * 0.25);
        }
        if (k < rank) {
          excl += v[k];
          uex += (unsigned long long)(v[k] + 1000) << 20;
        }
      }
      const Out &r = o[i];
      EXPECT_EQ_AT(r.rank, unsigned(rank), "rank", i);
      EXPECT_EQ_AT(r.size, N, "size", i);
      EXPECT_EQ_AT(r.metaRank, unsigned(t / int(N)), "meta_group_rank", i);
      EXPECT_EQ_AT(r.metaSize, unsigned((block + N - 1) / N), "meta_group_size", i);
      EXPECT_EQ_AT(r.subMetaRank, unsigned(rank / 32), "sub-tile meta rank", i);
      EXPECT_EQ_AT(r.subMetaSize, N / 32, "sub-tile meta size", i);
      EXPECT_EQ_AT(r.neighbour, v[(rank + 33) % present] * 3, "sync neighbour", i);
      EXPECT_EQ_AT(r.sum, sum, "reduce plus", i);
      EXPECT_EQ_AT(r.minimum, mn, "reduce less", i);
      EXPECT_EQ_AT(r.maximum, mx, "reduce greater", i);
      EXPECT_EQ_AT(r.bits, bits, "reduce bit_xor", i);
      EXPECT_EQ_AT(r.incl, incl, "inclusive_scan", i);
      EXPECT_EQ_AT(r.excl, excl, "exclusive_scan", i);
      EXPECT_EQ_AT(r.dincl, dmax, "inclusive_scan greater<double>", i);
      EXPECT_EQ_AT(r.uexcl, uex, "exclusive_scan unsigned long long", i);
    }
  CHECK_CUDA(cudaFree(in));
  CHECK_CUDA(cudaFree(out));
  if (failures) {
    std::printf("tile%u FAILED (%d mismatches)\n", N, failures);
    std::exit(1);
  }
  std::printf("tile%u PASSED\n", N);
}

static void runDynamic(int block, int blocks) {
  int total = block * blocks;
  std::vector<int> h = randomInts(total, 5, 999);
  int *in, *out;
  CHECK_CUDA(cudaMalloc(&in, total * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, total * 3 * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(in, h.data(), total * sizeof(int), cudaMemcpyHostToDevice));
  failures = 0;
  for (unsigned size : {64u, 128u}) {
    dynamicTiles<<<blocks, block>>>(in, out, size);
    std::vector<int> o(total * 3);
    CHECK_CUDA(cudaMemcpy(o.data(), out, o.size() * sizeof(int), cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < block; ++t) {
        int i = b * block + t;
        int first = t / int(size) * int(size), present = std::min(int(size), block - first);
        int sum = 0;
        for (int k = 0; k < present; ++k)
          sum += h[b * block + first + k];
        EXPECT_EQ_AT(o[i * 3], sum, "dynamic tile sum", i);
        EXPECT_EQ_AT(o[i * 3 + 1], t - first, "dynamic tile rank", i);
        EXPECT_EQ_AT(o[i * 3 + 2], int(size), "dynamic tile size", i);
      }
  }
  CHECK_CUDA(cudaFree(in));
  CHECK_CUDA(cudaFree(out));
  if (failures) {
    std::printf("dynamic FAILED (%d mismatches)\n", failures);
    std::exit(1);
  }
  std::printf("dynamic PASSED\n");
}

int main(int argc, char **argv) {
  int block = blockSizeArg(argc, argv, 256);
  run<64>(block, 3);
  run<256>(block, 2);
  run<1024>(block, 2);
  runDynamic(block, 3);
  return 0;
}

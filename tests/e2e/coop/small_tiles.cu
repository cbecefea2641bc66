// Tiles of 4, 8 and 16 threads: shfl_down/shfl_xor/shfl/shfl_up inside the
// tile (int and double), meta_group_rank/size, tile.sync() ordering shared
// memory writes, tiles of a tile, and the dynamic tiled_partition(block, 16)
// as a generic thread_group (the programming guide's reduce_sum). Block sizes
// 96 and 48 are not multiples of 32 (48 ends in a half warp).
// RUN: %loomcc %s -o %t
// RUN: %t 96 | FileCheck %s
// RUN: %t 48 | FileCheck %s
// RUN: %t 256 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 48 | FileCheck %s
// CHECK: tile4 PASSED
// CHECK: tile8 PASSED
// CHECK: tile16 PASSED
// CHECK: subtile PASSED
// CHECK: dynamic PASSED
#include "../Inputs/check.h"
#include <cooperative_groups.h>
#include <vector>

namespace cg = cooperative_groups;

struct Out {
  int down, xsum, bcast, up, rev, rank, metaRank, metaSize, size;
  double last;
};

template <unsigned N> __global__ void tiles(const int *in, Out *out) {
  __shared__ int buf[1024];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
  unsigned t = block.thread_rank();
  int x = in[t];
  Out o;
  int d = x;
  for (int off = tile.size() / 2; off > 0; off /= 2)
    d += tile.shfl_down(d, off);
  o.down = d;
  int s = x;
  for (unsigned off = 1; off < tile.num_threads(); off *= 2)
    s += tile.shfl_xor(s, off);
  o.xsum = s;
  o.bcast = tile.shfl(d, 0);
  o.up = tile.shfl_up(x, 1);
  o.last = tile.shfl(x * 0.25, N - 1);
  // Reverse the tile through shared memory; tile.sync() orders it.
  unsigned base = t - tile.thread_rank();
  buf[t] = x;
  tile.sync();
  o.rev = buf[base + (N - 1 - tile.thread_rank())];
  o.rank = tile.thread_rank();
  o.metaRank = tile.meta_group_rank();
  o.metaSize = tile.meta_group_size();
  o.size = tile.size();
  out[t] = o;
}

// Tiles of 4 cut from each tile of 32 (meta ranks are within the parent).
__global__ void subtiles(const int *in, int *out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<4> quad = cg::tiled_partition<4>(warp);
  int x = in[block.thread_rank()];
  for (int off = 2; off > 0; off /= 2)
    x += quad.shfl_xor(x, off);
  int *o = out + 4 * block.thread_rank();
  o[0] = x;
  o[1] = quad.meta_group_rank();
  o[2] = quad.meta_group_size();
  o[3] = quad.thread_rank();
}

// The programming guide's generic reduction over any thread_group (extended
// to sizes that are not powers of two).
__device__ int reduceSum(cg::thread_group g, int *temp, int val) {
  int lane = g.thread_rank(), n = g.size();
  int half = 1;
  while (half * 2 < n)
    half *= 2;
  temp[lane] = val;
  g.sync();
  for (int i = half; i > 0; i /= 2) {
    if (lane < i && lane + i < n)
      temp[lane] += temp[lane + i];
    g.sync();
  }
  int r = temp[0];
  g.sync();
  return r;
}

__global__ void dynamicTiles(const int *in, int *out) {
  __shared__ int temp[1024];
  __shared__ int blockTemp[1024];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group tile = cg::tiled_partition(block, 16);
  unsigned t = block.thread_rank();
  int x = in[t];
  int *mine = temp + (t / 16) * 16;
  int *o = out + 4 * t;
  o[0] = reduceSum(tile, mine, x);
  o[1] = tile.thread_rank() * 1000 + tile.size();
  o[2] = reduceSum(block, blockTemp, x); // thread_block as a thread_group
  cg::thread_group tile4 = cg::tiled_partition(tile, 4); // a tile of a dynamic tile
  o[3] = tile4.size() * 1000 + tile4.thread_rank();
}

template <unsigned N> bool checkTiles(int threads, const int *in, const Out *out) {
  for (int t = 0; t < threads; ++t) {
    int first = t / N * N, r = t - first;
    int sum = 0, down = 0;
    for (int j = first; j < first + (int)N; ++j)
      sum += in[j];
    // shfl_down tree: rank r accumulates the ranks of its subtree
    // (a lane past the end of the tile keeps its own value).
    std::vector<int> v(in + first, in + first + N);
    for (int off = N / 2; off > 0; off /= 2) {
      std::vector<int> next(v);
      for (unsigned k = 0; k < N; ++k)
        next[k] = v[k] + (k + off < N ? v[k + off] : v[k]);
      v = next;
    }
    down = v[r];
    const Out &o = out[t];
    EXPECT(o.down == down);
    EXPECT(o.xsum == sum);
    EXPECT(o.bcast == sum);
    EXPECT(o.up == (r >= 1 ? in[t - 1] : in[t]));
    EXPECT(o.last == in[first + N - 1] * 0.25);
    EXPECT(o.rev == in[first + N - 1 - r]);
    EXPECT(o.rank == r);
    EXPECT(o.metaRank == t / (int)N);
    EXPECT(o.metaSize == (threads + (int)N - 1) / (int)N);
    EXPECT(o.size == (int)N);
  }
  return true;
}

template <unsigned N> void runTiles(int threads, int *in, Out *out) {
  tiles<N><<<1, threads>>>(in, out);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  checkTiles<N>(threads, in, out);
  std::printf("tile%u PASSED\n", N);
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 96);
  int *in;
  Out *out;
  CHECK_CUDA(cudaMallocManaged(&in, threads * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, threads * sizeof(Out)));
  for (int t = 0; t < threads; ++t)
    in[t] = (t * 29) % 53 - 20;
  runTiles<4>(threads, in, out);
  runTiles<8>(threads, in, out);
  runTiles<16>(threads, in, out);

  int *o;
  CHECK_CUDA(cudaMallocManaged(&o, 4 * threads * sizeof(int)));
  subtiles<<<1, threads>>>(in, o);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < threads; ++t) {
    int first = t / 4 * 4;
    EXPECT(o[4 * t] == in[first] + in[first + 1] + in[first + 2] + in[first + 3]);
    EXPECT(o[4 * t + 1] == (t % 32) / 4);
    EXPECT(o[4 * t + 2] == 8);
    EXPECT(o[4 * t + 3] == t % 4);
  }
  std::printf("subtile PASSED\n");

  dynamicTiles<<<1, threads>>>(in, o);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  int total = 0;
  for (int t = 0; t < threads; ++t)
    total += in[t];
  for (int t = 0; t < threads; ++t) {
    int first = t / 16 * 16, sum = 0;
    for (int j = first; j < first + 16; ++j)
      sum += in[j];
    EXPECT(o[4 * t] == sum);
    EXPECT(o[4 * t + 1] == (t % 16) * 1000 + 16);
    EXPECT(o[4 * t + 2] == total);
    EXPECT(o[4 * t + 3] == 4 * 1000 + t % 4);
  }
  std::printf("dynamic PASSED\n");
  return 0;
}

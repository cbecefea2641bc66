// cg::inclusive_scan / cg::exclusive_scan over 32-thread tiles (plus by
// default, cg::greater as a running maximum, double, tiles of 8), and a
// block-wide exclusive scan that combines the tiles' totals through shared
// memory, over many blocks. Blocks of 80 end in a partial warp.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 80 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 96 | FileCheck %s
// CHECK: tile scans PASSED
// CHECK: block scan PASSED
#include "../Inputs/check.h"
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
#include <algorithm>
#include <vector>

namespace cg = cooperative_groups;

struct Scans {
  int incl, excl, runMax, incl8, excl8;
  double dincl;
};

__global__ void tileScans(const int *in, Scans *out) {
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  auto tile8 = cg::tiled_partition<8>(block);
  int x = in[block.thread_rank()];
  Scans s;
  s.incl = cg::inclusive_scan(tile, x);
  s.excl = cg::exclusive_scan(tile, x, cg::plus<int>());
  s.runMax = cg::inclusive_scan(tile, x, cg::greater<int>());
  s.incl8 = cg::inclusive_scan(tile8, x, cg::plus<int>());
  s.excl8 = cg::exclusive_scan(tile8, x);
  s.dincl = cg::inclusive_scan(tile, x * 0.5, cg::plus<double>());
  out[block.thread_rank()] = s;
}

// Exclusive scan of each block's slice: scan in tiles, scan the tile totals
// in tile 0, add the tile's offset.
__global__ void blockScan(const int *in, int *out, int n) {
  __shared__ int totals[32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * block.size() + block.thread_rank();
  int x = i < n ? in[i] : 0;
  int incl = cg::inclusive_scan(tile, x);
  if (tile.thread_rank() == tile.num_threads() - 1 ||
      block.thread_rank() == block.size() - 1)
    totals[tile.meta_group_rank()] = incl;
  block.sync();
  if (tile.meta_group_rank() == 0) {
    int v = tile.thread_rank() < tile.meta_group_size() ? totals[tile.thread_rank()] : 0;
    totals[tile.thread_rank()] = cg::exclusive_scan(tile, v);
  }
  block.sync();
  if (i < n)
    out[i] = totals[tile.meta_group_rank()] + incl - x;
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 256);
  int *in;
  Scans *s;
  CHECK_CUDA(cudaMallocManaged(&in, threads * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&s, threads * sizeof(Scans)));
  for (int t = 0; t < threads; ++t)
    in[t] = (t * 13) % 31 - 9;
  tileScans<<<1, threads>>>(in, s);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < threads; ++t) {
    int first = t / 32 * 32, first8 = t / 8 * 8;
    int incl = 0, mx = -(1 << 30), incl8 = 0;
    for (int j = first; j <= t; ++j) {
      incl += in[j];
      mx = std::max(mx, in[j]);
    }
    for (int j = first8; j <= t; ++j)
      incl8 += in[j];
    EXPECT(s[t].incl == incl);
    EXPECT(s[t].excl == incl - in[t]);
    EXPECT(s[t].runMax == mx);
    EXPECT(s[t].incl8 == incl8);
    EXPECT(s[t].excl8 == incl8 - in[t]);
    EXPECT(s[t].dincl == incl * 0.5);
  }
  std::printf("tile scans PASSED\n");

  const int n = 50000;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = (i * 7) % 19 - 5;
  int *din, *dout;
  CHECK_CUDA(cudaMalloc(&din, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dout, n * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(din, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  int blocks = (n + threads - 1) / threads;
  blockScan<<<blocks, threads>>>(din, dout, n);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> r(n);
  CHECK_CUDA(cudaMemcpy(r.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    int acc = 0;
    for (int i = b * threads; i < std::min(n, (b + 1) * threads); ++i) {
      EXPECT(r[i] == acc);
      acc += h[i];
    }
  }
  std::printf("block scan PASSED\n");
  return 0;
}

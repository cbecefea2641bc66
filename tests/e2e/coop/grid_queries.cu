// grid_group queries: num_blocks, block_rank, thread_rank, size/num_threads,
// dim_blocks, block_index (1D and 3D grids, 2D blocks) in an ordinary launch,
// where is_valid() is false, and in a cooperative launch, where it is true.
// RUN: %loomcc %s -o %t
// RUN: %t 64 | FileCheck %s
// RUN: %t 96 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 40 | FileCheck %s
// CHECK: grid 1d PASSED
// CHECK: grid 3d PASSED
// CHECK: grid 3d cooperative PASSED
#include "../Inputs/check.h"
#include <cooperative_groups.h>
#include <vector>

namespace cg = cooperative_groups;

struct GridInfo {
  unsigned long long numBlocks, blockRank, threadRank, size, numThreads;
  unsigned dimX, dimY, dimZ, idxX, idxY, idxZ;
  int valid;
};

__global__ void gridInfo(GridInfo *out) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  GridInfo g;
  g.numBlocks = grid.num_blocks();
  g.blockRank = grid.block_rank();
  g.threadRank = grid.thread_rank();
  g.size = grid.size();
  g.numThreads = grid.num_threads();
  dim3 d = grid.dim_blocks(), i = grid.block_index();
  g.dimX = d.x, g.dimY = d.y, g.dimZ = d.z;
  g.idxX = i.x, g.idxY = i.y, g.idxZ = i.z;
  g.valid = grid.is_valid();
  out[grid.block_rank() * block.size() + block.thread_rank()] = g;
}

static void check(dim3 grid, dim3 block, const GridInfo *out, int valid = 0) {
  unsigned long long blocks = (unsigned long long)grid.x * grid.y * grid.z;
  unsigned per = block.x * block.y * block.z;
  for (unsigned long long b = 0; b < blocks; ++b)
    for (unsigned t = 0; t < per; ++t) {
      const GridInfo &g = out[b * per + t];
      EXPECT(g.numBlocks == blocks);
      EXPECT(g.blockRank == b);
      EXPECT(g.threadRank == b * per + t);
      EXPECT(g.size == blocks * per);
      EXPECT(g.numThreads == blocks * per);
      EXPECT(g.dimX == grid.x && g.dimY == grid.y && g.dimZ == grid.z);
      EXPECT(g.idxX == b % grid.x && g.idxY == b / grid.x % grid.y &&
             g.idxZ == b / grid.x / grid.y);
      EXPECT(g.valid == valid);
    }
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 64);
  GridInfo *out;
  const int maxThreads = 5 * 3 * 2 * threads;
  CHECK_CUDA(cudaMallocManaged(&out, maxThreads * sizeof(GridInfo)));
  dim3 g1(7), b1(threads);
  gridInfo<<<g1, b1>>>(out);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  check(g1, b1, out);
  std::printf("grid 1d PASSED\n");

  dim3 g3(5, 3, 2), b2(8, threads / 8);
  gridInfo<<<g3, b2>>>(out);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  check(g3, b2, out);
  std::printf("grid 3d PASSED\n");

  int perSm = 0, sms = 0;
  CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, gridInfo, threads, 0));
  CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  dim3 gc = perSm * sms >= 12 ? dim3(3, 2, 2) : dim3(1, 1, 2);
  void *args[] = {&out};
  CHECK_CUDA(cudaLaunchCooperativeKernel((void *)gridInfo, gc, b2, args, 0, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  check(gc, b2, out, 1);
  std::printf("grid 3d cooperative PASSED\n");
  return 0;
}

// Many grid-wide barriers in loops, one kernel: (a) an integer heat
// diffusion on a ring, `steps` iterations with ping-pong buffers and one
// grid.sync() per step, run on a 2D grid of 1D blocks; (b) a 2D stencil on a
// 2D grid of 2D blocks with two grid.sync() per iteration (compute into a
// temporary, sync, copy back plus a grid-wide checksum through an atomic,
// sync) and dynamic shared memory for a block-local stage. The grid is
// smaller than the data, so each thread strides over several cells. Integer
// arithmetic: results must equal the CPU reference exactly.
// RUN: %loomcc %s -o %t
// RUN: %t 128 | FileCheck %s
// RUN: %t 48 | FileCheck %s
// RUN: %t 100 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 48 | FileCheck %s
// CHECK: ring PASSED
// CHECK: plate PASSED
#include "../Inputs/check.h"
#include <cooperative_groups.h>
#include <vector>

namespace cg = cooperative_groups;

__global__ void ring(int *a, int *b, int n, int steps) {
  cg::grid_group grid = cg::this_grid();
  for (int s = 0; s < steps; ++s) {
    const int *src = (s & 1) ? b : a;
    int *dst = (s & 1) ? a : b;
    for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size()) {
      int l = src[(i + n - 1) % n], c = src[i], r = src[(i + 1) % n];
      dst[i] = (l + 2 * c + r) / 4 + (int)(i % 3);
    }
    grid.sync();
  }
}

static void ringRef(std::vector<int> &a, int steps) {
  int n = (int)a.size();
  std::vector<int> b(n);
  for (int s = 0; s < steps; ++s) {
    for (int i = 0; i < n; ++i)
      b[i] = (a[(i + n - 1) % n] + 2 * a[i] + a[(i + 1) % n]) / 4 + i % 3;
    a.swap(b);
  }
}

__global__ void plate(int *u, int *tmp, unsigned long long *sums, int w, int h, int iters) {
  extern __shared__ int stage[];
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  int strideX = gridDim.x * blockDim.x, strideY = gridDim.y * blockDim.y;
  int x0 = blockIdx.x * blockDim.x + threadIdx.x, y0 = blockIdx.y * blockDim.y + threadIdx.y;
  for (int it = 0; it < iters; ++it) {
    for (int y = y0; y < h; y += strideY)
      for (int x = x0; x < w; x += strideX) {
        int c = u[y * w + x];
        int n = y > 0 ? u[(y - 1) * w + x] : 0, s = y + 1 < h ? u[(y + 1) * w + x] : 0;
        int e = x + 1 < w ? u[y * w + x + 1] : 0, o = x > 0 ? u[y * w + x - 1] : 0;
        tmp[y * w + x] = (4 * c + n + s + e + o) / 8;
      }
    grid.sync();
    unsigned long long mine = 0;
    for (int y = y0; y < h; y += strideY)
      for (int x = x0; x < w; x += strideX) {
        u[y * w + x] = tmp[y * w + x] + 1;
        mine += tmp[y * w + x] + 1;
      }
    stage[block.thread_rank()] = (int)mine;
    block.sync();
    if (block.thread_rank() == 0) {
      unsigned long long b = 0;
      for (unsigned k = 0; k < block.size(); ++k)
        b += (unsigned)stage[k];
      atomicAdd(&sums[it], b);
    }
    grid.sync();
  }
}

static void plateRef(std::vector<int> &u, std::vector<unsigned long long> &sums, int w, int h,
                     int iters) {
  std::vector<int> t(u.size());
  for (int it = 0; it < iters; ++it) {
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        int c = u[y * w + x];
        int n = y > 0 ? u[(y - 1) * w + x] : 0, s = y + 1 < h ? u[(y + 1) * w + x] : 0;
        int e = x + 1 < w ? u[y * w + x + 1] : 0, o = x > 0 ? u[y * w + x - 1] : 0;
        t[y * w + x] = (4 * c + n + s + e + o) / 8;
      }
    unsigned long long sum = 0;
    for (size_t i = 0; i < u.size(); ++i) {
      u[i] = t[i] + 1;
      sum += (unsigned)u[i];
    }
    sums[it] = sum;
  }
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 128);
  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));

  // (a) ring on a 2D grid of 1D blocks.
  {
    int perSm = 0;
    CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, ring, threads, 0));
    int maxBlocks = perSm * prop.multiProcessorCount;
    dim3 grid(maxBlocks >= 6 ? 3 : 1, maxBlocks >= 6 ? 2 : 1);
    int n = 5000, steps = 37;
    int *a, *b;
    CHECK_CUDA(cudaMallocManaged(&a, n * sizeof(int)));
    CHECK_CUDA(cudaMallocManaged(&b, n * sizeof(int)));
    std::vector<int> ref(n);
    for (int i = 0; i < n; ++i)
      a[i] = ref[i] = (i * 7919) % 1000;
    void *args[] = {&a, &b, &n, &steps};
    CHECK_CUDA(cudaLaunchCooperativeKernel((void *)ring, grid, dim3(threads), args, 0, 0));
    CHECK_CUDA(cudaDeviceSynchronize());
    ringRef(ref, steps);
    const int *res = (steps & 1) ? b : a;
    for (int i = 0; i < n; ++i)
      EXPECT(res[i] == ref[i]);
    std::printf("ring PASSED\n");
  }

  // (b) plate on a 2D grid of 2D blocks: blockDim (bx, by) with bx*by = threads.
  {
    dim3 block(threads % 16 == 0 ? 16 : (threads % 10 == 0 ? 10 : 8), 1);
    block.y = threads / block.x;
    int bthreads = block.x * block.y;
    size_t shmem = bthreads * sizeof(int);
    int perSm = 0;
    CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, plate, bthreads, shmem));
    int maxBlocks = perSm * prop.multiProcessorCount;
    dim3 grid(2, maxBlocks >= 4 ? 2 : 1);
    int w = 97, h = 61, iters = 12;
    int *u, *tmp;
    unsigned long long *sums;
    CHECK_CUDA(cudaMallocManaged(&u, w * h * sizeof(int)));
    CHECK_CUDA(cudaMallocManaged(&tmp, w * h * sizeof(int)));
    CHECK_CUDA(cudaMallocManaged(&sums, iters * sizeof(unsigned long long)));
    CHECK_CUDA(cudaMemset(sums, 0, iters * sizeof(unsigned long long)));
    std::vector<int> ref(w * h);
    for (int i = 0; i < w * h; ++i)
      u[i] = ref[i] = (i * 31) % 257;
    std::vector<unsigned long long> refSums(iters);
    void *args[] = {&u, &tmp, &sums, &w, &h, &iters};
    CHECK_CUDA(cudaLaunchCooperativeKernel((void *)plate, grid, block, args, shmem, 0));
    CHECK_CUDA(cudaDeviceSynchronize());
    plateRef(ref, refSums, w, h, iters);
    for (int i = 0; i < w * h; ++i)
      EXPECT(u[i] == ref[i]);
    for (int it = 0; it < iters; ++it)
      EXPECT(sums[it] == refSums[it]);
    std::printf("plate PASSED\n");
  }
  return 0;
}

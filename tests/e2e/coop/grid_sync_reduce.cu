// Grid-wide sum in ONE cooperative kernel: each block reduces its slice
// (grid-stride loop + shared-memory tree) to a partial, grid.sync(), block 0
// sums the partials, cg::sync(grid), then every thread reads the total and
// writes data[i] / total. The grid is occupancy-sized, as real programs
// size it (numBlocksPerSm * multiProcessorCount), and also a small one; the
// static __shared__ array checks that each block thread has its own copy.
// Block sizes 48 and 100 are not multiples of 32.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 48 | FileCheck %s
// RUN: %t 100 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 64 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 100 | FileCheck %s
// CHECK: cooperative attribute PASSED
// CHECK: occupancy grid PASSED
// CHECK: small grid PASSED
// CHECK: repeated launches PASSED
#include "../Inputs/check.h"
#include <cooperative_groups.h>
#include <vector>

namespace cg = cooperative_groups;

constexpr int MaxBlock = 1024;

__global__ void normalize(const float *in, float *out, double *partials, double *total,
                          int n) {
  __shared__ double s[MaxBlock];
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  unsigned t = block.thread_rank(), nt = block.size();
  double sum = 0;
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size())
    sum += in[i];
  s[t] = sum;
  block.sync();
  if (t == 0) {
    double b = 0;
    for (unsigned k = 0; k < nt; ++k)
      b += s[k];
    partials[grid.block_rank()] = b;
  }
  grid.sync();
  if (grid.block_rank() == 0 && t == 0) {
    double all = 0;
    for (unsigned long long b = 0; b < grid.num_blocks(); ++b)
      all += partials[b];
    *total = all;
  }
  cg::sync(grid);
  double all = *total;
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size())
    out[i] = float(in[i] / all);
}

static bool run(int blocks, int threads, int n, const std::vector<float> &host, float *in,
                float *out, double *partials, double *total) {
  void *args[] = {&in, &out, &partials, &total, &n};
  CHECK_CUDA(cudaLaunchCooperativeKernel((void *)normalize, dim3(blocks), dim3(threads), args,
                                         0, nullptr));
  CHECK_CUDA(cudaDeviceSynchronize());
  double ref = 0;
  for (int i = 0; i < n; ++i)
    ref += host[i];
  if (!close(*total, ref, 1e-9))
    return false;
  for (int i = 0; i < n; ++i)
    if (!close(out[i], float(host[i] / ref), 1e-5))
      return false;
  return true;
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 256);
  int coop = 0;
  CHECK_CUDA(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0));
  EXPECT(coop == 1);
  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  EXPECT(prop.cooperativeLaunch == 1);
  std::printf("cooperative attribute PASSED\n");

  int perSm = 0;
  CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, normalize, threads, 0));
  EXPECT(perSm > 0);
  int blocks = perSm * prop.multiProcessorCount;

  const int n = 100003;
  float *in, *out;
  double *partials, *total;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&partials, blocks * sizeof(double)));
  CHECK_CUDA(cudaMallocManaged(&total, sizeof(double)));
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i) {
    host[i] = float((i * 37) % 101) + 0.25f;
    in[i] = host[i];
  }
  EXPECT(run(blocks, threads, n, host, in, out, partials, total));
  std::printf("occupancy grid PASSED\n");
  EXPECT(run(3, threads, n, host, in, out, partials, total));
  EXPECT(run(1, threads, 1000, host, in, out, partials, total));
  std::printf("small grid PASSED\n");
  // Back to back, no synchronization in between: stream order holds and the
  // block threads are reused.
  for (int rep = 0; rep < 20; ++rep) {
    void *args[] = {&in, &out, &partials, &total, (void *)&n};
    CHECK_CUDA(cudaLaunchCooperativeKernel((void *)normalize, dim3(blocks), dim3(threads), args,
                                           0, nullptr));
  }
  EXPECT(run(blocks, threads, n, host, in, out, partials, total));
  std::printf("repeated launches PASSED\n");
  return 0;
}

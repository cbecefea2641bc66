// Cooperative launches that must fail, and grid syncs that must not hang:
// - more blocks than numBlocksPerSm * multiProcessorCount ->
//   cudaErrorCooperativeLaunchTooLarge (not sticky; also when dynamic shared
//   memory lowers the occupancy); bad block dims and too much shared memory
//   -> cudaErrorInvalidConfiguration, as for <<<>>>;
//   cudaLaunchCooperativeKernelMultiDevice -> cudaErrorNotSupported;
// - is_valid() is true only in a cooperative launch;
// - blocks that return before a grid.sync() are not waited for;
// - a __trap() in one block while the others wait at grid.sync() fails the
//   launch (sticky cudaErrorLaunchFailure) instead of hanging;
// - grid.sync() in an ordinary <<<>>> launch fails it with a message.
// RUN: %loomcc %s -o %t
// RUN: %t 64 > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: env LOOM_SCHEDULER=serial %t 100 2>&1 | FileCheck %s
// CHECK: too large PASSED
// CHECK: configuration errors PASSED
// CHECK: is_valid PASSED
// CHECK: early exit PASSED
// CHECK: trap PASSED
// CHECK: non-cooperative grid.sync PASSED
// ERR: grid.sync() requires cudaLaunchCooperativeKernel
#include "../Inputs/check.h"
#include <cooperative_groups.h>
#include <vector>

namespace cg = cooperative_groups;

__global__ void touch(int *p) {
  cg::grid_group grid = cg::this_grid();
  p[grid.thread_rank()] = 1;
  grid.sync();
}

__global__ void validity(int *out) {
  cg::grid_group grid = cg::this_grid();
  if (grid.thread_rank() == 0)
    *out = grid.is_valid() ? 1 : 0;
}

// Odd blocks return at once; even blocks synchronize twice and then read
// what the other even blocks wrote.
__global__ void earlyExit(int *data, int *out) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long b = grid.block_rank();
  if (b % 2)
    return;
  if (threadIdx.x == 0)
    data[b] = (int)b + 1;
  grid.sync();
  grid.sync();
  if (threadIdx.x == 0) {
    int s = 0;
    for (unsigned long long k = 0; k < grid.num_blocks(); k += 2)
      s += data[k];
    out[b] = s;
  }
}

__global__ void trapper(int *p) {
  cg::grid_group grid = cg::this_grid();
  if (grid.block_rank() == 1 && threadIdx.x == 0)
    __trap();
  grid.sync();
  p[grid.thread_rank()] = 2; // never reached
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 64);
  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  int perSm = 0;
  CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, touch, threads, 0));
  int maxBlocks = perSm * prop.multiProcessorCount;
  int *p;
  CHECK_CUDA(cudaMallocManaged(&p, size_t(maxBlocks + 1) * 1024 * sizeof(int)));
  void *args[] = {&p};

  // Too large, then the largest grid that fits.
  EXPECT(cudaLaunchCooperativeKernel((void *)touch, dim3(maxBlocks + 1), dim3(threads), args,
                                     0, 0) == cudaErrorCooperativeLaunchTooLarge);
  EXPECT(cudaGetLastError() == cudaErrorCooperativeLaunchTooLarge);
  EXPECT(cudaGetLastError() == cudaSuccess); // not sticky
  EXPECT(cudaLaunchCooperativeKernel((void *)touch, dim3(maxBlocks / 2 + 1, 2), dim3(threads),
                                     args, 0, 0) == cudaErrorCooperativeLaunchTooLarge);
  cudaGetLastError();
  CHECK_CUDA(cudaLaunchCooperativeKernel((void *)touch, dim3(maxBlocks), dim3(threads), args, 0,
                                         0));
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < maxBlocks * threads; ++i)
    EXPECT(p[i] == 1);
  // 100 KiB of dynamic shared memory: 2 blocks per multiprocessor.
  CHECK_CUDA(cudaFuncSetAttribute(touch, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  100 * 1024));
  int perSmShared = 0;
  CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSmShared, touch, threads,
                                                           100 * 1024));
  EXPECT(perSmShared == 2);
  int sharedMax = perSmShared * prop.multiProcessorCount;
  EXPECT(cudaLaunchCooperativeKernel((void *)touch, dim3(sharedMax + 1), dim3(threads), args,
                                     100 * 1024, 0) == cudaErrorCooperativeLaunchTooLarge);
  cudaGetLastError();
  CHECK_CUDA(cudaLaunchCooperativeKernel((void *)touch, dim3(sharedMax), dim3(threads), args,
                                         100 * 1024, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("too large PASSED\n");

  EXPECT(cudaLaunchCooperativeKernel((void *)touch, dim3(1), dim3(2048), args, 0, 0) ==
         cudaErrorInvalidConfiguration);
  EXPECT(cudaLaunchCooperativeKernel((void *)touch, dim3(1), dim3(0), args, 0, 0) ==
         cudaErrorInvalidConfiguration);
  EXPECT(cudaLaunchCooperativeKernel((void *)touch, dim3(0), dim3(threads), args, 0, 0) ==
         cudaErrorInvalidConfiguration);
  EXPECT(cudaLaunchCooperativeKernel((void *)touch, dim3(1), dim3(threads), args, 300 * 1024,
                                     0) == cudaErrorInvalidConfiguration);
  EXPECT(cudaLaunchCooperativeKernel((void *)touch, dim3(1), dim3(threads), nullptr, 0, 0) ==
         cudaErrorInvalidValue);
  cudaLaunchParams params = {(void *)touch, dim3(1), dim3(threads), args, 0, 0};
  EXPECT(cudaLaunchCooperativeKernelMultiDevice(&params, 1, 0) == cudaErrorNotSupported);
  EXPECT(cudaGetLastError() == cudaErrorNotSupported);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("configuration errors PASSED\n");

  int *valid;
  CHECK_CUDA(cudaMallocManaged(&valid, sizeof(int)));
  *valid = -1;
  void *vargs[] = {&valid};
  CHECK_CUDA(cudaLaunchCooperativeKernel((void *)validity, dim3(2), dim3(threads), vargs, 0, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(*valid == 1);
  validity<<<2, threads>>>(valid);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(*valid == 0);
  std::printf("is_valid PASSED\n");

  {
    int blocks = maxBlocks < 7 ? maxBlocks : 7;
    int *data, *out;
    CHECK_CUDA(cudaMallocManaged(&data, blocks * sizeof(int)));
    CHECK_CUDA(cudaMallocManaged(&out, blocks * sizeof(int)));
    void *eargs[] = {&data, &out};
    CHECK_CUDA(cudaLaunchCooperativeKernel((void *)earlyExit, dim3(blocks), dim3(threads), eargs,
                                           0, 0));
    CHECK_CUDA(cudaDeviceSynchronize());
    int expect = 0;
    for (int b = 0; b < blocks; b += 2)
      expect += b + 1;
    for (int b = 0; b < blocks; b += 2)
      EXPECT(out[b] == expect);
    std::printf("early exit PASSED\n");
  }

  if (maxBlocks >= 2) {
    CHECK_CUDA(cudaMemset(p, 0, size_t(maxBlocks) * threads * sizeof(int)));
    CHECK_CUDA(cudaLaunchCooperativeKernel((void *)trapper, dim3(maxBlocks), dim3(threads), args,
                                           0, 0));
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    EXPECT(cudaGetLastError() == cudaErrorLaunchFailure); // sticky
    CHECK_CUDA(cudaDeviceReset());
    CHECK_CUDA(cudaMallocManaged(&p, size_t(maxBlocks) * threads * sizeof(int)));
    args[0] = &p;
  }
  std::printf("trap PASSED\n");

  // The launch itself is accepted; the kernel fails when it reaches
  // grid.sync(). (cudaGetLastError() right after the launch may already see
  // that failure: the kernel runs asynchronously, so only the launch's own
  // return value is checked here.)
  void *targs[] = {&p};
  EXPECT(cudaLaunchKernel((void *)touch, dim3(4), dim3(threads), targs, 0, 0) == cudaSuccess);
  EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
  EXPECT(cudaGetLastError() == cudaErrorLaunchFailure);
  CHECK_CUDA(cudaDeviceReset());
  // The device works again after the reset.
  CHECK_CUDA(cudaMallocManaged(&p, 4 * threads * sizeof(int)));
  CHECK_CUDA(cudaLaunchCooperativeKernel((void *)touch, dim3(4), dim3(threads), args, 0, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("non-cooperative grid.sync PASSED\n");
  return 0;
}

// A cooperative launch (cudaLaunchCooperativeKernel) of a kernel that
// launches child grids: CUDA refuses it with cudaErrorNotPermitted (seen on
// an H200 with CUDA 13), the error is not sticky, and nothing of the kernel
// runs. The same kernel launched normally runs its children, and a
// cooperative kernel without device launches still works afterwards.
// RUN: %loomcc -rdc=true %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void child(int *flags, int block) { flags[block] = block + 1; }

__global__ void launchesChildren(int *flags) {
  if (threadIdx.x == 0) child<<<1, 1>>>(flags, blockIdx.x);
}

__global__ void phases(int *flags, int *sum) {
  cg::grid_group grid = cg::this_grid();
  flags[blockIdx.x] = -1;
  grid.sync();
  if (grid.thread_rank() == 0) atomicAdd(sum, 1);
}

int main() {
  const int Blocks = 4;
  int *flags, *sum;
  CHECK_CUDA(cudaMallocManaged(&flags, Blocks * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&sum, sizeof(int)));
  for (int i = 0; i < Blocks; ++i) flags[i] = 0;
  *sum = 0;
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreate(&s));
  void *childArgs[] = {&flags};
  EXPECT(cudaLaunchCooperativeKernel((void *)launchesChildren, dim3(Blocks), dim3(32), childArgs,
                                     0, s) == cudaErrorNotPermitted);
  EXPECT(cudaGetLastError() == cudaErrorNotPermitted);
  EXPECT(cudaGetLastError() == cudaSuccess); // not sticky
  CHECK_CUDA(cudaStreamSynchronize(s));
  for (int i = 0; i < Blocks; ++i) EXPECT(flags[i] == 0); // nothing ran

  launchesChildren<<<Blocks, 32, 0, s>>>(flags);
  CHECK_CUDA(cudaStreamSynchronize(s));
  for (int i = 0; i < Blocks; ++i) EXPECT(flags[i] == i + 1);

  void *args[] = {&flags, &sum};
  CHECK_CUDA(cudaLaunchCooperativeKernel((void *)phases, dim3(Blocks), dim3(32), args, 0, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  EXPECT(*sum == 1);
  for (int i = 0; i < Blocks; ++i) EXPECT(flags[i] == -1);
  std::printf("PASSED\n");
  return 0;
}

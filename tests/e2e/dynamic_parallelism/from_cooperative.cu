// A cooperative grid (cudaLaunchCooperativeKernel, blocks on their own
// threads, grid.sync) that launches child grids: the cooperative launch
// completes only after its children, like any other grid.
// RUN: %loomcc -rdc=true %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void slowChild(int *flags, int block) {
  for (int i = 0; i < 20; ++i) __nanosleep(100000); // 2 ms
  flags[block] = block + 1;
}

__global__ void phases(int *flags, int *sum) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0) slowChild<<<1, 1>>>(flags, blockIdx.x);
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
  void *args[] = {&flags, &sum};
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreate(&s));
  CHECK_CUDA(cudaLaunchCooperativeKernel((void *)phases, dim3(Blocks), dim3(32), args, 0, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  EXPECT(*sum == 1);
  for (int i = 0; i < Blocks; ++i) EXPECT(flags[i] == i + 1);
  std::printf("PASSED\n");
  return 0;
}

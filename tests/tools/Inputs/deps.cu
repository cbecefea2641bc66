// SPDX-License-Identifier: Apache-2.0
// nvcc_interface.test's program: a header, a kernel, a check of the macros
// nvcc defines, and of options passed on (-DCHECK_WARN, -run-args).
#include "dep_header.h"
#include <cstdio>
#include <cstring>

__global__ void fill(int *Out) { Out[threadIdx.x] = DEP_VALUE + threadIdx.x; }

int main(int Argc, char **Argv) {
#ifdef CHECK_WARN
  int Unused; // -Wunused-variable: an error under -Werror all-warnings
#endif
  int *D, H[4];
  cudaMalloc(&D, sizeof H);
  fill<<<1, 4>>>(D);
  cudaMemcpy(H, D, sizeof H, cudaMemcpyDeviceToHost);
  for (int I = 0; I < 4; ++I)
    if (H[I] != DEP_VALUE + I)
      return 1;
#ifdef __NVCC__
  std::printf("nvcc macro: __NVCC__ %d.%d\n", __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__);
#else
  std::printf("nvcc macro: none\n");
#endif
  std::printf("args:");
  for (int I = 1; I < Argc; ++I)
    std::printf(" %s", Argv[I]);
  std::printf("\n");
  return 0;
}

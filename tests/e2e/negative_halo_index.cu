// Blocks that start before the array (a halo, as in Rodinia's pathfinder):
// the first threads of block 0 have negative indices and fail the bounds
// check, so a gang's lane 0, from which unit-stride accesses take their
// address, is inactive with a negative index. The compiler widens the index
// with `zext nneg` inside the check; the lane-0 value must still be the
// signed one (tests/ir/VectorizeKernels/memory.ll checks the IR; this
// program, through shared memory and a barrier, checks the results).
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"
#include <vector>

#define HALO 20

__global__ void shifted(const int *in, int *out, int n) {
  __shared__ int tile[256];
  // Signed int arithmetic throughout (as pathfinder writes it), so the
  // index is `add nsw` and the vectorizer needs no run-time wrap check.
  int bx = blockIdx.x, tx = threadIdx.x, inner = blockDim.x - 2 * HALO;
  int x = inner * bx - HALO + tx;
  if (x >= 0 && x < n) tile[tx] = in[x];
  __syncthreads();
  if (x >= 0 && x < n) out[x] = 3 * tile[tx] + tx;
}

int main() {
  const int n = 1000, threads = 256;
  const int inner = threads - 2 * HALO;
  const int blocks = (n + inner - 1) / inner;
  std::vector<int> in(n), out(n, -1);
  for (int i = 0; i < n; ++i) in[i] = i * 7 - 300;
  int *dIn, *dOut;
  CHECK_CUDA(cudaMalloc(&dIn, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dOut, n * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(dOut, 0xff, n * sizeof(int)));
  shifted<<<blocks, threads>>>(dIn, dOut, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(out.data(), dOut, n * sizeof(int), cudaMemcpyDeviceToHost));
  // Blocks overlap by 2 * HALO cells and write different values there
  // (threadIdx.x differs), so a cell may hold any covering block's value.
  for (int x = 0; x < n; ++x) {
    bool ok = false;
    for (int b = 0; b < blocks; ++b) {
      int t = x - (b * inner - HALO);
      if (t >= 0 && t < threads && out[x] == 3 * in[x] + t) ok = true;
    }
    EXPECT(ok);
  }
  printf("PASSED\n");
  return 0;
}

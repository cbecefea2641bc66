// Dynamic parallelism over a binary tree stored as a heap array:
//  - subtree sums bottom-up: each node's grid launches its children's grids
//    and then a tail launch that adds their sums, which CUDA runs only after
//    the grid and everything else it launched completed;
//  - a depth labelling whose children are fire-and-forget launches;
//  - a block whose every thread launches a child grid.
// The host sees all of it after one synchronize.
// RUN: %loomcc -rdc=true %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <vector>

constexpr int Levels = 10;
constexpr int Nodes = (1 << Levels) - 1;

__global__ void combine(const int *value, long long *sum, int node) {
  long long s = value[node];
  int l = 2 * node + 1, r = 2 * node + 2;
  if (l < Nodes) s += sum[l];
  if (r < Nodes) s += sum[r];
  sum[node] = s;
}

__global__ void subtreeSums(const int *value, long long *sum, int node) {
  int l = 2 * node + 1, r = 2 * node + 2;
  if (l < Nodes) subtreeSums<<<1, 1>>>(value, sum, l);
  if (r < Nodes) subtreeSums<<<1, 1>>>(value, sum, r);
  combine<<<1, 1, 0, cudaStreamTailLaunch>>>(value, sum, node);
}

__global__ void label(int *depth, int node, int d) {
  // Two threads: one per child.
  int child = 2 * node + 1 + threadIdx.x;
  if (threadIdx.x == 0) depth[node] = d;
  if (child < Nodes) label<<<1, 2, 0, cudaStreamFireAndForget>>>(depth, child, d + 1);
}

__global__ void fill(int *out, int base, int value) { out[base + threadIdx.x] = value + threadIdx.x; }

__global__ void fanOut(int *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  fill<<<1, 32>>>(out, t * 32, t * 1000);
}

int main() {
  std::vector<int> value(Nodes);
  for (int i = 0; i < Nodes; ++i) value[i] = (i * 37) % 101 - 50;
  int *dValue, *dDepth, *dOut;
  long long *dSum;
  CHECK_CUDA(cudaMalloc(&dValue, Nodes * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dSum, Nodes * sizeof(long long)));
  CHECK_CUDA(cudaMalloc(&dDepth, Nodes * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(dValue, value.data(), Nodes * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(dSum, 0xff, Nodes * sizeof(long long)));
  CHECK_CUDA(cudaMemset(dDepth, 0xff, Nodes * sizeof(int)));

  subtreeSums<<<1, 1>>>(dValue, dSum, 0);
  label<<<1, 2>>>(dDepth, 0, 0);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());

  std::vector<long long> sum(Nodes), expect(Nodes);
  std::vector<int> depth(Nodes);
  CHECK_CUDA(cudaMemcpy(sum.data(), dSum, Nodes * sizeof(long long), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(depth.data(), dDepth, Nodes * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = Nodes - 1; i >= 0; --i) {
    expect[i] = value[i];
    if (2 * i + 1 < Nodes) expect[i] += expect[2 * i + 1];
    if (2 * i + 2 < Nodes) expect[i] += expect[2 * i + 2];
  }
  for (int i = 0; i < Nodes; ++i) {
    EXPECT(sum[i] == expect[i]);
    int d = 0;
    for (int n = i; n > 0; n = (n - 1) / 2) ++d;
    EXPECT(depth[i] == d);
  }

  const int Blocks = 4, Threads = 48, Total = Blocks * Threads;
  CHECK_CUDA(cudaMalloc(&dOut, Total * 32 * sizeof(int)));
  fanOut<<<Blocks, Threads>>>(dOut);
  std::vector<int> out(Total * 32);
  // A blocking copy in the legacy stream waits for the grid and its children.
  CHECK_CUDA(cudaMemcpy(out.data(), dOut, out.size() * sizeof(int), cudaMemcpyDeviceToHost));
  for (int t = 0; t < Total; ++t)
    for (int j = 0; j < 32; ++j)
      EXPECT(out[t * 32 + j] == t * 1000 + j);
  std::printf("PASSED\n");
  return 0;
}

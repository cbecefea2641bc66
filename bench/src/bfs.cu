// Level-synchronous BFS over a generated graph (256K vertices, 2M edges):
// one thread per frontier vertex, atomicCAS claims a neighbour, atomicAdd
// appends it to the next frontier; the host loops over levels. Latency bound.
#include <cuda_runtime.h>
#include <utility>
#include "graph_common.h"

__global__ void bfsStep(const int *rowPtr, const int *adj, int *level, const int *frontier, int frontierSize,
                        int *next, int *nextSize, int depth) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= frontierSize) return;
  int v = frontier[t];
  for (int e = rowPtr[v]; e < rowPtr[v + 1]; ++e) {
    int u = adj[e];
    if (level[u] == -1 && atomicCAS(&level[u], -1, depth + 1) == -1) next[atomicAdd(nextSize, 1)] = u;
  }
}

int main() {
  const int n = 1 << 18, iters = 3, src = 0;
  std::vector<int> hRow, hAdj, ref, out(n);
  bfs_graph(n, hRow, hAdj);
  const int m = hRow[n];
  int *rowPtr, *adj, *level, *fa, *fb, *nextSize;
  CUDA_CHECK(cudaMalloc(&rowPtr, (n + 1) * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&adj, m * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&level, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&fa, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&fb, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&nextSize, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(rowPtr, hRow.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(adj, hAdj.data(), m * sizeof(int), cudaMemcpyHostToDevice));
  int levels = 0;
  auto run = [&]() {
    const int zero = 0;
    CUDA_CHECK(cudaMemset(level, 0xff, n * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(level + src, &zero, sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(fa, &src, sizeof(int), cudaMemcpyHostToDevice));
    int *cur = fa, *nxt = fb, size = 1, depth = 0;
    while (size > 0) {
      CUDA_CHECK(cudaMemset(nextSize, 0, sizeof(int)));
      bfsStep<<<(size + 255) / 256, 256>>>(rowPtr, adj, level, cur, size, nxt, nextSize, depth);
      CUDA_CHECK(cudaMemcpy(&size, nextSize, sizeof(int), cudaMemcpyDeviceToHost));
      std::swap(cur, nxt);
      ++depth;
    }
    levels = depth;
  };
  run(); // warm-up
  KERNEL_CHECK();
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) run();
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(out.data(), level, n * sizeof(int), cudaMemcpyDeviceToHost));
  int want = bfs_reference(n, hRow, hAdj, src, ref);
  if (levels != want) bench_fail("%d levels, want %d", levels, want);
  double sum = 0;
  for (int v = 0; v < n; ++v) {
    if (out[v] != ref[v]) bench_fail("level[%d] = %d, want %d", v, out[v], ref[v]);
    sum += out[v];
  }
  bench_report(ms, m * 8.0 + n * 16.0, 0, sum);
  return 0;
}

// Level-synchronous BFS, OpenMP baseline: frontier vertices in parallel,
// compare-and-swap claims a neighbour, each thread appends its discoveries to
// the next frontier with one atomic fetch-add per thread and level.
#include <omp.h>
#include <utility>
#include "graph_common.h"

static int bfs(int n, const int *rowPtr, const int *adj, int *level, int *fa, int *fb, int src) {
#pragma omp parallel for schedule(static)
  for (int v = 0; v < n; ++v) level[v] = -1;
  level[src] = 0;
  fa[0] = src;
  int *cur = fa, *nxt = fb, size = 1, depth = 0;
  while (size > 0) {
    int nextSize = 0;
#pragma omp parallel
    {
      std::vector<int> local;
#pragma omp for schedule(dynamic, 256) nowait
      for (int t = 0; t < size; ++t) {
        int v = cur[t];
        for (int e = rowPtr[v]; e < rowPtr[v + 1]; ++e) {
          int u = adj[e], expected = -1;
          if (__atomic_load_n(&level[u], __ATOMIC_RELAXED) == -1 &&
              __atomic_compare_exchange_n(&level[u], &expected, depth + 1, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            local.push_back(u);
        }
      }
      int pos = __atomic_fetch_add(&nextSize, (int)local.size(), __ATOMIC_RELAXED);
      std::copy(local.begin(), local.end(), nxt + pos);
    }
    size = nextSize;
    std::swap(cur, nxt);
    ++depth;
  }
  return depth;
}

int main() {
  const int n = 1 << 18, iters = 3, src = 0;
  std::vector<int> hRow, hAdj, ref, level(n), fa(n), fb(n);
  bfs_graph(n, hRow, hAdj);
  const int m = hRow[n];
  int levels = bfs(n, hRow.data(), hAdj.data(), level.data(), fa.data(), fb.data(), src); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) levels = bfs(n, hRow.data(), hAdj.data(), level.data(), fa.data(), fb.data(), src);
  double ms = (bench_now_ms() - t0) / iters;
  int want = bfs_reference(n, hRow, hAdj, src, ref);
  if (levels != want) bench_fail("%d levels, want %d", levels, want);
  double sum = 0;
  for (int v = 0; v < n; ++v) {
    if (level[v] != ref[v]) bench_fail("level[%d] = %d, want %d", v, level[v], ref[v]);
    sum += level[v];
  }
  bench_report(ms, m * 8.0 + n * 16.0, 0, sum);
  return 0;
}

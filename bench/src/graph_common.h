// Shared by SpMV and BFS: generated CSR matrices / graphs.
#pragma once
#include <algorithm>
#include "bench_common.h"

// Banded random sparse matrix: 8..24 nonzeros per row (16 on average), columns
// within +-4096 of the diagonal, sorted, values in [-1, 1].
static void spmv_matrix(int rows, std::vector<int> &rowPtr, std::vector<int> &col, std::vector<float> &val) {
  BenchRng rng(12);
  rowPtr.assign(rows + 1, 0);
  col.clear(); val.clear();
  std::vector<int> tmp;
  for (int r = 0; r < rows; ++r) {
    int k = 8 + (int)rng.below(17);
    tmp.clear();
    for (int e = 0; e < k; ++e) tmp.push_back(std::min(rows - 1, std::max(0, r - 4096 + (int)rng.below(8193))));
    std::sort(tmp.begin(), tmp.end());
    for (int c : tmp) { col.push_back(c); val.push_back(rng.uniform(-1, 1)); }
    rowPtr[r + 1] = (int)col.size();
  }
}

// Random directed graph: every vertex has 1..15 out-edges (8 on average) to
// uniformly random vertices, plus an edge to the next vertex (connected).
static void bfs_graph(int n, std::vector<int> &rowPtr, std::vector<int> &adj) {
  BenchRng rng(13);
  rowPtr.assign(n + 1, 0);
  adj.clear();
  for (int v = 0; v < n; ++v) {
    int k = 1 + (int)rng.below(15);
    adj.push_back((v + 1) % n);
    for (int e = 1; e < k; ++e) adj.push_back((int)rng.below(n));
    rowPtr[v + 1] = (int)adj.size();
  }
}

// Serial BFS levels; returns the number of levels.
static int bfs_reference(int n, const std::vector<int> &rowPtr, const std::vector<int> &adj, int src,
                         std::vector<int> &level) {
  level.assign(n, -1);
  std::vector<int> frontier{src}, next;
  level[src] = 0;
  int depth = 0;
  while (!frontier.empty()) {
    next.clear();
    for (int v : frontier)
      for (int e = rowPtr[v]; e < rowPtr[v + 1]; ++e)
        if (level[adj[e]] < 0) { level[adj[e]] = depth + 1; next.push_back(adj[e]); }
    frontier.swap(next);
    ++depth;
  }
  return depth;
}

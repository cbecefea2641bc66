// Appends through a global counter, `out[atomicAdd(&count, 1)] = v`, which
// DeferAppends stages per worker (one atomic per buffer, flushed when a
// worker's chunk of blocks ends), against host references on random data:
// compaction over many blocks (several buffers per worker) with full and
// partial gangs, a counter that does not start at zero, a 64-bit counter of
// doubles, six lists filled by one kernel (more streams than a worker stages
// at once), a __device__ counter and list, a BFS whose frontier append sits
// in a per-thread loop, and a second kernel on the stream that reads the
// first one's count and list on the device. The order inside a list is not
// CUDA's to give, so lists are compared sorted.
// tests/vectorization/global_atomics.test checks that the appends are staged.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: compact 256 PASSED
// CHECK: compact 100 PASSED
// CHECK: offset start PASSED
// CHECK: 64-bit doubles PASSED
// CHECK: six lists PASSED
// CHECK: device list PASSED
// CHECK: bfs PASSED
// CHECK: next kernel sees the list PASSED
#include "Inputs/check.h"
#include <algorithm>
#include <queue>

__global__ void compact(const int *in, int n, int *out, int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && (in[i] & 7) < 3)
    out[atomicAdd(count, 1)] = in[i];
}

__global__ void compactDoubles(const int *in, int n, double *out, unsigned long long *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0)
    out[atomicAdd(count, 1ull)] = in[i] * 0.5;
}

__global__ void sixLists(const int *in, int n, int *l0, int *l1, int *l2, int *l3, int *l4,
                         int *l5, int *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = in[i];
  switch (((v % 6) + 6) % 6) {
  case 0: l0[atomicAdd(&c[0], 1)] = v; break;
  case 1: l1[atomicAdd(&c[1], 1)] = v; break;
  case 2: l2[atomicAdd(&c[2], 1)] = v; break;
  case 3: l3[atomicAdd(&c[3], 1)] = v; break;
  case 4: l4[atomicAdd(&c[4], 1)] = v; break;
  default: l5[atomicAdd(&c[5], 1)] = v; break;
  }
}

__device__ unsigned deviceCount;
__device__ int deviceList[4096];

__global__ void toDeviceList(const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] < 0)
    deviceList[atomicAdd(&deviceCount, 1u)] = in[i];
}

__global__ void bfsStep(const int *rowPtr, const int *adj, int *level, const int *frontier,
                        int frontierSize, int *next, int *nextSize, int depth) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= frontierSize)
    return;
  int v = frontier[t];
  for (int e = rowPtr[v]; e < rowPtr[v + 1]; ++e) {
    int u = adj[e];
    if (level[u] == -1 && atomicCAS(&level[u], -1, depth + 1) == -1)
      next[atomicAdd(nextSize, 1)] = u;
  }
}

// Reads the list the previous launch appended to, and its count.
__global__ void sumList(const int *list, const int *count, long long *sum) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    long long s = 0;
    for (int k = 0; k < *count; ++k)
      s += list[k];
    *sum = s;
  }
}

template <typename T> static std::vector<T> sorted(std::vector<T> v) {
  std::sort(v.begin(), v.end());
  return v;
}

static int *deviceCopy(const std::vector<int> &h) {
  int *d;
  CHECK_CUDA(cudaMalloc(&d, h.size() * sizeof(int) + 4));
  CHECK_CUDA(cudaMemcpy(d, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
  return d;
}

static bool runCompact(const std::vector<int> &h, int *in, int threads, int start) {
  int n = int(h.size());
  std::vector<int> want(start, -7);
  for (int x : h)
    if ((x & 7) < 3)
      want.push_back(x);
  int *out, *count;
  CHECK_CUDA(cudaMalloc(&out, (n + start + 1) * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&count, sizeof(int)));
  std::vector<int> fill(n + start + 1, -7);
  CHECK_CUDA(cudaMemcpy(out, fill.data(), fill.size() * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(count, &start, sizeof(int), cudaMemcpyHostToDevice));
  compact<<<(n + threads - 1) / threads, threads>>>(in, n, out, count);
  CHECK_CUDA(cudaGetLastError());
  int m = 0;
  CHECK_CUDA(cudaMemcpy(&m, count, sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<int> got(n + start + 1);
  CHECK_CUDA(cudaMemcpy(got.data(), out, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(out));
  CHECK_CUDA(cudaFree(count));
  if (m != int(want.size()) || got[m] != -7)
    return false;
  got.resize(m);
  // The first `start` slots are not the kernel's: untouched.
  if (!std::equal(got.begin(), got.begin() + start, want.begin()))
    return false;
  return sorted(std::vector<int>(got.begin() + start, got.end())) ==
         sorted(std::vector<int>(want.begin() + start, want.end()));
}

int main() {
  const int n = 1 << 20;
  std::vector<int> h = randomInts(n, 12345u, 1 << 20);
  int *in = deviceCopy(h);

  EXPECT(runCompact(h, in, 256, 0));
  std::printf("compact 256 PASSED\n");
  EXPECT(runCompact(h, in, 100, 0));
  std::printf("compact 100 PASSED\n");
  EXPECT(runCompact(h, in, 128, 1000));
  std::printf("offset start PASSED\n");

  {
    std::vector<double> want;
    for (int x : h)
      if (x > 0)
        want.push_back(x * 0.5);
    double *out;
    unsigned long long *count, m = 0;
    CHECK_CUDA(cudaMalloc(&out, n * sizeof(double)));
    CHECK_CUDA(cudaMalloc(&count, sizeof(*count)));
    CHECK_CUDA(cudaMemset(count, 0, sizeof(*count)));
    compactDoubles<<<n / 192 + 1, 192>>>(in, n, out, count);
    CHECK_CUDA(cudaMemcpy(&m, count, sizeof(m), cudaMemcpyDeviceToHost));
    EXPECT(m == want.size());
    std::vector<double> got(m);
    CHECK_CUDA(cudaMemcpy(got.data(), out, m * sizeof(double), cudaMemcpyDeviceToHost));
    EXPECT(sorted(got) == sorted(want));
    CHECK_CUDA(cudaFree(out));
    CHECK_CUDA(cudaFree(count));
    std::printf("64-bit doubles PASSED\n");
  }

  {
    std::vector<int> want[6];
    for (int x : h)
      want[((x % 6) + 6) % 6].push_back(x);
    int *lists[6], *counts;
    for (int *&l : lists)
      CHECK_CUDA(cudaMalloc(&l, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&counts, 6 * sizeof(int)));
    CHECK_CUDA(cudaMemset(counts, 0, 6 * sizeof(int)));
    sixLists<<<n / 256, 256>>>(in, n, lists[0], lists[1], lists[2], lists[3], lists[4], lists[5],
                               counts);
    int m[6];
    CHECK_CUDA(cudaMemcpy(m, counts, sizeof(m), cudaMemcpyDeviceToHost));
    for (int k = 0; k < 6; ++k) {
      EXPECT(m[k] == int(want[k].size()));
      std::vector<int> got(m[k]);
      CHECK_CUDA(cudaMemcpy(got.data(), lists[k], m[k] * sizeof(int), cudaMemcpyDeviceToHost));
      EXPECT(sorted(got) == sorted(want[k]));
      CHECK_CUDA(cudaFree(lists[k]));
    }
    CHECK_CUDA(cudaFree(counts));
    std::printf("six lists PASSED\n");
  }

  {
    const int small = 8000; // about half negative: fits deviceList
    std::vector<int> want;
    for (int k = 0; k < small; ++k)
      if (h[k] < 0)
        want.push_back(h[k]);
    EXPECT(want.size() <= 4096);
    unsigned zero = 0, m = 0;
    CHECK_CUDA(cudaMemcpyToSymbol(deviceCount, &zero, sizeof(zero)));
    toDeviceList<<<(small + 63) / 64, 64>>>(in, small);
    CHECK_CUDA(cudaMemcpyFromSymbol(&m, deviceCount, sizeof(m)));
    EXPECT(m == want.size());
    std::vector<int> got(m);
    CHECK_CUDA(cudaMemcpyFromSymbol(got.data(), deviceList, m * sizeof(int)));
    EXPECT(sorted(got) == sorted(want));
    std::printf("device list PASSED\n");
  }

  {
    // A random graph: every vertex has 1-8 edges to random vertices.
    const int v = 1 << 15;
    std::vector<int> rowPtr(v + 1, 0), adj, deg = randomInts(v, 99u, 1 << 16);
    std::vector<int> dst = randomInts(v * 8, 7u, 1 << 20);
    for (int k = 0; k < v; ++k) {
      int d = 1 + ((deg[k] % 8) + 8) % 8;
      for (int e = 0; e < d; ++e)
        adj.push_back(((dst[k * 8 + e] % v) + v) % v);
      rowPtr[k + 1] = int(adj.size());
    }
    std::vector<int> ref(v, -1);
    std::queue<int> q;
    ref[0] = 0;
    q.push(0);
    while (!q.empty()) {
      int x = q.front();
      q.pop();
      for (int e = rowPtr[x]; e < rowPtr[x + 1]; ++e)
        if (ref[adj[e]] == -1) {
          ref[adj[e]] = ref[x] + 1;
          q.push(adj[e]);
        }
    }
    int *dRow = deviceCopy(rowPtr), *dAdj = deviceCopy(adj), *level, *fa, *fb, *size;
    std::vector<int> init(v, -1);
    init[0] = 0;
    level = deviceCopy(init);
    CHECK_CUDA(cudaMalloc(&fa, v * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&fb, v * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&size, sizeof(int)));
    int zero = 0, frontier = 1;
    CHECK_CUDA(cudaMemcpy(fa, &zero, sizeof(int), cudaMemcpyHostToDevice));
    for (int depth = 0; frontier > 0; ++depth) {
      CHECK_CUDA(cudaMemset(size, 0, sizeof(int)));
      bfsStep<<<(frontier + 127) / 128, 128>>>(dRow, dAdj, level, fa, frontier, fb, size, depth);
      CHECK_CUDA(cudaMemcpy(&frontier, size, sizeof(int), cudaMemcpyDeviceToHost));
      std::swap(fa, fb);
    }
    std::vector<int> got(v);
    CHECK_CUDA(cudaMemcpy(got.data(), level, v * sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(got == ref);
    std::printf("bfs PASSED\n");
  }

  {
    long long want = 0, got = 0, *sum;
    for (int x : h)
      if ((x & 7) < 3)
        want += x;
    int *out, *count;
    CHECK_CUDA(cudaMalloc(&out, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&count, sizeof(int)));
    CHECK_CUDA(cudaMalloc(&sum, sizeof(*sum)));
    CHECK_CUDA(cudaMemset(count, 0, sizeof(int)));
    compact<<<n / 256, 256>>>(in, n, out, count);
    sumList<<<1, 32>>>(out, count, sum);
    CHECK_CUDA(cudaMemcpy(&got, sum, sizeof(got), cudaMemcpyDeviceToHost));
    EXPECT(got == want);
    std::printf("next kernel sees the list PASSED\n");
  }
  return 0;
}

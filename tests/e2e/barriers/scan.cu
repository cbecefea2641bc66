// Block-level scans: inclusive Hillis-Steele with double buffering (the
// buffer index is per-thread state carried across barriers) and exclusive
// Blelloch up-/down-sweep over the next power of two (threads loop over
// several tree nodes between barriers). Each block scans its own segment;
// the last segment is partial.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 100 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: %t 1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 64 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 31 | FileCheck %s
// CHECK: inclusive int PASSED
// CHECK: inclusive float PASSED
// CHECK: exclusive PASSED
#include "../Inputs/check.h"
#include <vector>

template <typename T>
__global__ void inclusiveScan(const T *in, T *out, int n) {
  __shared__ T buf[2][1024];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  int cur = 0;
  buf[cur][t] = i < n ? in[i] : T(0);
  __syncthreads();
  for (int offset = 1; offset < (int)blockDim.x; offset *= 2) {
    int next = 1 - cur;
    if (t >= offset)
      buf[next][t] = buf[cur][t] + buf[cur][t - offset];
    else
      buf[next][t] = buf[cur][t];
    cur = next;
    __syncthreads();
  }
  if (i < n)
    out[i] = buf[cur][t];
}

// Exclusive scan of segments of blockDim.x elements; the tree has m leaves,
// m the next power of two, padded with zeros.
__global__ void exclusiveScan(const int *in, int *out, int n, int *totals) {
  __shared__ int s[1024];
  int t = threadIdx.x, nt = blockDim.x;
  int base = blockIdx.x * nt;
  int m = 1;
  while (m < nt)
    m *= 2;
  for (int k = t; k < m; k += nt)
    s[k] = (k < nt && base + k < n) ? in[base + k] : 0;
  __syncthreads();
  // Up-sweep.
  int d = 1;
  for (; d < m; d *= 2) {
    for (int k = t; k < m / (2 * d); k += nt) {
      int ai = (2 * k + 1) * d - 1, bi = (2 * k + 2) * d - 1;
      s[bi] += s[ai];
    }
    __syncthreads();
  }
  if (t == 0) {
    totals[blockIdx.x] = s[m - 1];
    s[m - 1] = 0;
  }
  __syncthreads();
  // Down-sweep.
  for (d = m / 2; d >= 1; d /= 2) {
    for (int k = t; k < m / (2 * d); k += nt) {
      int ai = (2 * k + 1) * d - 1, bi = (2 * k + 2) * d - 1;
      int left = s[ai];
      s[ai] = s[bi];
      s[bi] += left;
    }
    __syncthreads();
  }
  if (base + t < n)
    out[base + t] = s[t];
}

template <typename T>
static void checkInclusive(const std::vector<T> &h, int threads) {
  int n = (int)h.size(), blocks = (n + threads - 1) / threads;
  T *din, *dout;
  CHECK_CUDA(cudaMalloc(&din, n * sizeof(T)));
  CHECK_CUDA(cudaMalloc(&dout, n * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(din, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  inclusiveScan<T><<<blocks, threads>>>(din, dout, n);
  CHECK_CUDA(cudaGetLastError());
  std::vector<T> r(n);
  CHECK_CUDA(cudaMemcpy(r.data(), dout, n * sizeof(T), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    T acc = 0;
    for (int i = b * threads; i < n && i < (b + 1) * threads; ++i) {
      acc += h[i];
      EXPECT(r[i] == acc);
    }
  }
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dout));
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 256);
  const int n = 20011;
  std::vector<int> hi(n);
  std::vector<float> hf(n);
  for (int i = 0; i < n; ++i) {
    hi[i] = (i * 13) % 29 - 14;
    hf[i] = ((i * 7) % 11) * 0.25f; // exact: small multiples of 1/4
  }
  checkInclusive(hi, threads);
  std::printf("inclusive int PASSED\n");
  checkInclusive(hf, threads);
  std::printf("inclusive float PASSED\n");

  int blocks = (n + threads - 1) / threads;
  int *din, *dout, *dtot;
  CHECK_CUDA(cudaMalloc(&din, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dout, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dtot, blocks * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(din, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  exclusiveScan<<<blocks, threads>>>(din, dout, n, dtot);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> r(n), tot(blocks);
  CHECK_CUDA(cudaMemcpy(r.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(tot.data(), dtot, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    int acc = 0;
    for (int i = b * threads; i < n && i < (b + 1) * threads; ++i) {
      EXPECT(r[i] == acc);
      acc += hi[i];
    }
    EXPECT(tot[b] == acc);
  }
  std::printf("exclusive PASSED\n");
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dout));
  CHECK_CUDA(cudaFree(dtot));
  return 0;
}

// Bitonic sort in shared memory: two nested loops (k, j) with a barrier in
// the inner one, each thread handling several elements per step, so any
// block size works. Every block sorts a 1024-element segment (the last one
// partial, padded with INT_MAX); also a descending float sort of 256 keys
// with dynamic shared memory, and key/value pairs.
// RUN: %loomcc %s -o %t
// RUN: %t 512 | FileCheck %s
// RUN: %t 100 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: %t 1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 256 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 64 | FileCheck %s
// CHECK: int PASSED
// CHECK: float descending PASSED
// CHECK: key value PASSED
#include "../Inputs/check.h"
#include <algorithm>
#include <climits>
#include <utility>
#include <vector>

constexpr int SEG = 1024;

__global__ void bitonicInt(int *data, int n) {
  __shared__ int s[SEG];
  int base = blockIdx.x * SEG;
  for (int i = threadIdx.x; i < SEG; i += blockDim.x)
    s[i] = base + i < n ? data[base + i] : INT_MAX;
  __syncthreads();
  for (int k = 2; k <= SEG; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
      for (int i = threadIdx.x; i < SEG; i += blockDim.x) {
        int p = i ^ j;
        if (p > i) {
          bool up = (i & k) == 0;
          int a = s[i], b = s[p];
          if ((a > b) == up) {
            s[i] = b;
            s[p] = a;
          }
        }
      }
      __syncthreads();
    }
  }
  for (int i = threadIdx.x; i < SEG; i += blockDim.x)
    if (base + i < n)
      data[base + i] = s[i];
}

// m (a power of two) keys in dynamic shared memory, sorted descending.
__global__ void bitonicFloatDesc(float *data, int m) {
  extern __shared__ float f[];
  for (int i = threadIdx.x; i < m; i += blockDim.x)
    f[i] = data[i];
  __syncthreads();
  for (int k = 2; k <= m; k *= 2)
    for (int j = k / 2; j > 0; j /= 2) {
      for (int i = threadIdx.x; i < m; i += blockDim.x) {
        int p = i ^ j;
        if (p > i) {
          bool desc = (i & k) == 0;
          if ((f[i] < f[p]) == desc) {
            float tmp = f[i];
            f[i] = f[p];
            f[p] = tmp;
          }
        }
      }
      __syncthreads();
    }
  for (int i = threadIdx.x; i < m; i += blockDim.x)
    data[i] = f[i];
}

struct KV {
  unsigned key;
  int value;
};

__global__ void bitonicKV(KV *data) {
  __shared__ KV s[512];
  for (int i = threadIdx.x; i < 512; i += blockDim.x)
    s[i] = data[blockIdx.x * 512 + i];
  __syncthreads();
  for (int k = 2; k <= 512; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1) {
      for (int i = threadIdx.x; i < 512; i += blockDim.x) {
        int p = i ^ j;
        if (p > i) {
          bool up = (i & k) == 0;
          // Ties broken by value, so the result is unique.
          bool greater = s[i].key > s[p].key || (s[i].key == s[p].key && s[i].value > s[p].value);
          if (greater == up) {
            KV t = s[i];
            s[i] = s[p];
            s[p] = t;
          }
        }
      }
      __syncthreads();
    }
  for (int i = threadIdx.x; i < 512; i += blockDim.x)
    data[blockIdx.x * 512 + i] = s[i];
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 512);
  const int n = 5 * SEG + 333;
  std::vector<int> h(n), r(n);
  unsigned seed = 12345;
  for (int i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    h[i] = (int)(seed >> 8) % 2001 - 1000;
  }
  int *d;
  CHECK_CUDA(cudaMalloc(&d, n * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(d, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  bitonicInt<<<(n + SEG - 1) / SEG, threads>>>(d, n);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(r.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b * SEG < n; ++b) {
    auto first = h.begin() + b * SEG, last = h.begin() + std::min(n, (b + 1) * SEG);
    std::sort(first, last);
  }
  for (int i = 0; i < n; ++i)
    EXPECT(r[i] == h[i]);
  std::printf("int PASSED\n");
  CHECK_CUDA(cudaFree(d));

  const int m = 256;
  std::vector<float> hf(m), rf(m);
  for (int i = 0; i < m; ++i)
    hf[i] = ((i * 97) % 61) * 0.5f - 10.0f;
  float *df;
  CHECK_CUDA(cudaMalloc(&df, m * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(df, hf.data(), m * sizeof(float), cudaMemcpyHostToDevice));
  bitonicFloatDesc<<<1, std::min(threads, m), m * sizeof(float)>>>(df, m);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(rf.data(), df, m * sizeof(float), cudaMemcpyDeviceToHost));
  std::sort(hf.begin(), hf.end(), [](float a, float b) { return a > b; });
  for (int i = 0; i < m; ++i)
    EXPECT(rf[i] == hf[i]);
  std::printf("float descending PASSED\n");
  CHECK_CUDA(cudaFree(df));

  const int blocks = 3;
  std::vector<KV> kv(blocks * 512), rkv(blocks * 512);
  for (int i = 0; i < blocks * 512; ++i)
    kv[i] = KV{(unsigned)((i * 2654435761u) >> 27), i};
  KV *dkv;
  CHECK_CUDA(cudaMalloc(&dkv, kv.size() * sizeof(KV)));
  CHECK_CUDA(cudaMemcpy(dkv, kv.data(), kv.size() * sizeof(KV), cudaMemcpyHostToDevice));
  bitonicKV<<<blocks, std::min(threads, 512)>>>(dkv);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(rkv.data(), dkv, kv.size() * sizeof(KV), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    std::sort(kv.begin() + b * 512, kv.begin() + (b + 1) * 512, [](KV x, KV y) {
      return x.key < y.key || (x.key == y.key && x.value < y.value);
    });
  for (int i = 0; i < blocks * 512; ++i)
    EXPECT(rkv[i].key == kv[i].key && rkv[i].value == kv[i].value);
  std::printf("key value PASSED\n");
  CHECK_CUDA(cudaFree(dkv));
  return 0;
}

// Dynamic parallelism: a recursive quicksort in the style of CUDA's
// cdpSimpleQuicksort sample (CUDA 12 semantics: no device-side
// synchronize). Each partition launches two child grids into streams it
// creates in device code; below a depth or size limit it falls back to a
// selection sort. The host sees the sorted array after one synchronize,
// because a grid completes only after its children.
// RUN: %loomcc -rdc=true %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <algorithm>
#include <vector>

constexpr int MaxDepth = 16;
constexpr int InsertionLimit = 32;

__device__ void selectionSort(unsigned *data, int left, int right) {
  for (int i = left; i <= right; ++i) {
    unsigned minVal = data[i];
    int minIdx = i;
    for (int j = i + 1; j <= right; ++j)
      if (data[j] < minVal) {
        minVal = data[j];
        minIdx = j;
      }
    if (i != minIdx) {
      data[minIdx] = data[i];
      data[i] = minVal;
    }
  }
}

__global__ void quicksort(unsigned *data, int left, int right, int depth) {
  if (depth >= MaxDepth || right - left <= InsertionLimit) {
    selectionSort(data, left, right);
    return;
  }
  unsigned *lptr = data + left, *rptr = data + right;
  unsigned pivot = data[(left + right) / 2];
  while (lptr <= rptr) {
    unsigned lval = *lptr, rval = *rptr;
    while (lval < pivot) lval = *++lptr;
    while (rval > pivot) rval = *--rptr;
    if (lptr <= rptr) {
      *lptr++ = rval;
      *rptr-- = lval;
    }
  }
  int nright = rptr - data, nleft = lptr - data;
  if (left < nright) {
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    quicksort<<<1, 1, 0, s>>>(data, left, nright, depth + 1);
    cudaStreamDestroy(s);
  }
  if (nleft < right) {
    cudaStream_t s1;
    cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
    quicksort<<<1, 1, 0, s1>>>(data, nleft, right, depth + 1);
    cudaStreamDestroy(s1);
  }
}

int main() {
  const int N = 20000;
  std::vector<unsigned> host(N);
  unsigned seed = 12345;
  for (unsigned &v : host) {
    seed = seed * 1664525u + 1013904223u;
    v = seed % 100000;
  }
  unsigned *data = nullptr;
  CHECK_CUDA(cudaMalloc(&data, N * sizeof(unsigned)));
  CHECK_CUDA(cudaMemcpy(data, host.data(), N * sizeof(unsigned), cudaMemcpyHostToDevice));
  quicksort<<<1, 1>>>(data, 0, N - 1, 0);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<unsigned> got(N);
  CHECK_CUDA(cudaMemcpy(got.data(), data, N * sizeof(unsigned), cudaMemcpyDeviceToHost));
  std::sort(host.begin(), host.end());
  EXPECT(got == host);
  CHECK_CUDA(cudaFree(data));
  std::printf("PASSED\n");
  return 0;
}

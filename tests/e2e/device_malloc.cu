// Kernels' malloc/free/memcpy/memset on the device heap, whose size is
// cudaLimitMallocHeapSize: per-thread scratch buffers, a list built by one
// kernel and freed by another, and exhaustion (malloc returns NULL once the
// live blocks exceed the limit, and succeeds again after frees). The heap's
// size can be set only before the first launch of a kernel that uses
// malloc/free: afterwards cudaDeviceSetLimit returns cudaErrorInvalidValue
// (CUDA's documented rule, confirmed on an H200).
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"
#include <vector>

struct Node {
  int value;
  Node *next;
};

__global__ void scratch(int *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int len = 1 + t % 17;
  int *buf = static_cast<int *>(malloc(len * sizeof(int)));
  int *copy = static_cast<int *>(malloc(len * sizeof(int)));
  if (!buf || !copy) {
    out[t] = -1;
    return;
  }
  memset(buf, 0, len * sizeof(int));
  for (int i = 0; i < len; ++i) buf[i] += t + i;
  memcpy(copy, buf, len * sizeof(int));
  int s = 0;
  for (int i = 0; i < len; ++i) s += copy[i];
  free(buf);
  free(copy);
  if (t < n) out[t] = s;
}

__global__ void buildList(Node **head, int n) {
  Node *list = nullptr;
  for (int i = 0; i < n; ++i) {
    Node *node = new Node{i, list};
    list = node;
  }
  *head = list;
}

__global__ void sumAndFreeList(Node **head, long long *sum) {
  long long s = 0;
  for (Node *node = *head; node;) {
    s += node->value;
    Node *next = node->next;
    delete node;
    node = next;
  }
  *sum = s;
}

__global__ void exhaust(void **ptrs, int n, int bytes, int *got) {
  int count = 0;
  for (int i = 0; i < n; ++i) {
    ptrs[i] = malloc(bytes);
    count += ptrs[i] != nullptr;
  }
  *got = count;
}

__global__ void freeAll(void **ptrs, int n) {
  for (int i = 0; i < n; ++i) free(ptrs[i]);
}

__global__ void tryMalloc(size_t bytes, int *ok) {
  void *p = malloc(bytes);
  *ok = p != nullptr;
  free(p);
}

int main() {
  // A 1 MiB heap, set before any kernel uses the heap.
  CHECK_CUDA(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20));
  const int Threads = 4 * 128;
  int *out;
  CHECK_CUDA(cudaMallocManaged(&out, Threads * sizeof(int)));
  scratch<<<4, 128>>>(out, Threads);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < Threads; ++t) {
    int len = 1 + t % 17, s = 0;
    for (int i = 0; i < len; ++i) s += t + i;
    EXPECT(out[t] == s);
  }

  Node **head;
  long long *sum;
  CHECK_CUDA(cudaMallocManaged(&head, sizeof(Node *)));
  CHECK_CUDA(cudaMallocManaged(&sum, sizeof(long long)));
  buildList<<<1, 1>>>(head, 1000);
  sumAndFreeList<<<1, 1>>>(head, sum);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(*sum == 999LL * 1000 / 2);

  // Kernels using the heap have run: its size is fixed now.
  EXPECT(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 2 << 20) == cudaErrorInvalidValue);
  EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
  // The heap holds fewer blocks of 64 KiB than fit in its size (headers
  // take room). A GPU reports a heap at least as large as asked for (an
  // H200 rounds it up); Loom reports 1 MiB and holds 15 such blocks.
  size_t limit = 0;
  CHECK_CUDA(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize));
  EXPECT(limit >= (1 << 20) && limit <= (4 << 20));
  const int Slots = 64;
  const int fit = (int)(limit / (64 << 10));
  void **ptrs;
  int *got;
  CHECK_CUDA(cudaMallocManaged(&ptrs, Slots * sizeof(void *)));
  CHECK_CUDA(cudaMallocManaged(&got, sizeof(int)));
  exhaust<<<1, 1>>>(ptrs, Slots, 64 << 10, got);
  CHECK_CUDA(cudaDeviceSynchronize());
  int n = *got;
  EXPECT(n >= 1 && n < fit);
  int okCount = 0;
  for (int i = 0; i < Slots; ++i) okCount += ptrs[i] != nullptr;
  EXPECT(okCount == n && ptrs[n - 1] != nullptr && ptrs[n] == nullptr);
  tryMalloc<<<1, 1>>>(64 << 10, got);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(*got == 0);
  freeAll<<<1, 1>>>(ptrs, Slots);
  tryMalloc<<<1, 1>>>(512 << 10, got);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(*got == 1);
  tryMalloc<<<1, 1>>>(limit + (1 << 20), got); // larger than the whole heap
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(*got == 0);
  std::printf("PASSED\n");
  return 0;
}

// Guarded loads next to unmapped memory. The kernel vectorizer turns a
// contiguous load under a partial mask into a plain vector load when the
// inactive lanes' bytes lie on pages the active lanes touch; here the
// inactive lanes' bytes lie on a PROT_NONE page, before the first element
// and after the last, so only a masked load is correct: a plain one faults.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"
#include <sys/mman.h>
#include <unistd.h>

__global__ void scaleTail(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0f * x[i];
}

__global__ void shiftHead(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n) y[i] = x[i - 1] + 1.0f;
}

int main() {
  const size_t page = (size_t)sysconf(_SC_PAGESIZE);
  const int n = 1000; // not a multiple of any gang width
  // [guard][data page x 2][guard]: the array ends at the second guard page
  // (tail case) or starts right after the first (head case).
  char *base = (char *)mmap(nullptr, 4 * page, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  EXPECT(base != MAP_FAILED);
  EXPECT(mprotect(base, page, PROT_NONE) == 0);
  EXPECT(mprotect(base + 3 * page, page, PROT_NONE) == 0);
  float *tail = (float *)(base + 3 * page) - n;
  float *head = (float *)(base + page);
  for (int i = 0; i < n; ++i) tail[i] = head[i] = (float)i;
  CHECK_CUDA(cudaHostRegister(base + page, 2 * page, cudaHostRegisterDefault));
  float *dTail, *dHead, *y;
  CHECK_CUDA(cudaHostGetDevicePointer((void **)&dTail, tail, 0));
  CHECK_CUDA(cudaHostGetDevicePointer((void **)&dHead, head, 0));
  CHECK_CUDA(cudaMallocManaged(&y, n * sizeof(float)));

  scaleTail<<<(n + 255) / 256, 256>>>(dTail, y, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i) EXPECT(y[i] == 2.0f * i);

  y[0] = -1.0f;
  shiftHead<<<(n + 255) / 256, 256>>>(dHead, y, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(y[0] == -1.0f);
  for (int i = 1; i < n; ++i) EXPECT(y[i] == (float)(i - 1) + 1.0f);

  CHECK_CUDA(cudaHostUnregister(base + page));
  munmap(base, 4 * page);
  printf("PASSED\n");
  return 0;
}

// Part of makefile.test.
// SPDX-License-Identifier: Apache-2.0
#include "kernels.h"
#include <cstdio>

int main() {
  const int n = 999;
  int h[n];
  for (int i = 0; i < n; ++i)
    h[i] = i - 400;
  int *d;
  cudaMalloc(&d, sizeof(h));
  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
  squareAll(d, n);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (h[i] != (i - 400) * (i - 400)) {
      printf("FAILED at %d\n", i);
      return 1;
    }
  printf("PASSED\n");
  return 0;
}

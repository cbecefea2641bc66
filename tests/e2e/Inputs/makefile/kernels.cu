// Part of makefile.test.
// SPDX-License-Identifier: Apache-2.0
#include "kernels.h"

__global__ void squareKernel(int *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d[i] = d[i] * d[i];
}

void squareAll(int *d, int n) { squareKernel<<<(n + 31) / 32, 32>>>(d, n); }

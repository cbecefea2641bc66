// SPDX-License-Identifier: Apache-2.0
// A program for gdb (tests/tools/gdb.test): a kernel without barriers and one
// with a shared-memory reduction (barrier regions); the test breaks on the
// marked lines. Keep the line numbers: the test names them.
#include <cstdio>

__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float scaled = a * x[i];
    y[i] = scaled + y[i]; // line 11: SAXPY_LINE
  }
}

__global__ void blockSum(const int *in, int *out) {
  __shared__ int partial[64];
  int mine = in[blockIdx.x * blockDim.x + threadIdx.x] * 2;
  partial[threadIdx.x] = mine;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  int total = partial[0];
  if (threadIdx.x == 0) // line 26: SUM_LINE
    out[blockIdx.x] = total;
}

int main() {
  float *x, *y;
  int *in, *out;
  cudaMallocManaged(&x, 64 * sizeof(float));
  cudaMallocManaged(&y, 64 * sizeof(float));
  cudaMallocManaged(&in, 128 * sizeof(int));
  cudaMallocManaged(&out, 2 * sizeof(int));
  for (int i = 0; i < 64; ++i) {
    x[i] = i;
    y[i] = 1;
  }
  for (int i = 0; i < 128; ++i)
    in[i] = i;
  saxpy<<<2, 32>>>(2.0f, x, y, 64);
  blockSum<<<2, 64>>>(in, out);
  cudaDeviceSynchronize();
  bool ok = y[63] == 127 && out[0] == 2 * 2016 && out[1] == 2 * (8128 - 2016);
  printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}

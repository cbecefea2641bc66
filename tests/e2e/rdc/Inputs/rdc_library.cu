// rdc_library.cu - the -rdc test's second translation unit: it defines the
// device symbols rdc_main.cu uses, and a static kernel whose name collides
// with one in rdc_main.cu (-rdc keeps them apart).
#include "rdc_shared.h"

__device__ int table[TableSize];
__constant__ Coefficients coeffs;
__managed__ int launches = 100;
static __device__ int bias = 7;

__device__ int lookup(int i) { return table[clampTo(i, 0, TableSize - 1)] + bias; }

void fillTable(const int *host) {
  cudaMemcpyToSymbol(table, host, sizeof(int) * TableSize);
}

void setCoefficients(float scale, int offset) {
  Coefficients c{scale, offset};
  cudaMemcpyToSymbol(coeffs, &c, sizeof c);
}

// Same name as the kernel in rdc_main.cu: each file launches its own.
static __global__ void scale(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = -lookup(i);
  if (i == 0)
    atomicAdd(&launches, 1);
}

cudaError_t runLibraryKernel(int *out, int n) {
  scale<<<(n + 127) / 128, 128>>>(out, n);
  return cudaGetLastError();
}

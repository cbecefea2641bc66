// rdc_shared.h - declarations shared by the -rdc test's translation units.
#ifndef LOOM_TEST_RDC_SHARED_H
#define LOOM_TEST_RDC_SHARED_H
#include <cuda_runtime.h>

constexpr int TableSize = 256;
struct Coefficients {
  float scale;
  int offset;
};

// Defined in rdc_library.cu, used by kernels in rdc_main.cu.
extern __device__ int table[TableSize];
extern __constant__ Coefficients coeffs;
extern __managed__ int launches;
__device__ int lookup(int i);
template <typename T> __device__ T clampTo(T v, T lo, T hi) { return v < lo ? lo : v > hi ? hi : v; }

// Host functions of rdc_library.cu.
void fillTable(const int *host);
void setCoefficients(float scale, int offset);
cudaError_t runLibraryKernel(int *out, int n);
#endif

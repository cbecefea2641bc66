// A host program using cuRAND's host API: n uniform floats in (0, 1].
// Used by foreign_toolkit_libdir.test to check which libcurand is linked.
// SPDX-License-Identifier: Apache-2.0
#include <cstdio>
#include <cuda_runtime.h>
#include <curand.h>

int main() {
  const int n = 1000;
  float *d;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
    return 1;
  curandGenerator_t g;
  if (curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT) != CURAND_STATUS_SUCCESS ||
      curandSetPseudoRandomGeneratorSeed(g, 1234) != CURAND_STATUS_SUCCESS ||
      curandGenerateUniform(g, d, n) != CURAND_STATUS_SUCCESS)
    return 1;
  float h[n];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (float v : h)
    if (!(v > 0.0f && v <= 1.0f)) {
      std::printf("FAILED: %g out of (0, 1]\n", v);
      return 1;
    }
  curandDestroyGenerator(g);
  std::printf("PASSED\n");
  return 0;
}

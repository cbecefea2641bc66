// Kernels built into a shared object (loomcc -shared) that
// tests/e2e/runtime/driver_modules.cu loads with the driver API.
// SPDX-License-Identifier: Apache-2.0
__device__ int counter;

extern "C" __global__ void __launch_bounds__(128) scale(float *v, int n, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = v[i] * a + float(counter);
}

__global__ void addValue(int *v, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] += value;
}

namespace ns {
__global__ void twice(long long *v) { v[threadIdx.x] *= 2; }
} // namespace ns

template <class T> __global__ void fill(T *v, T value) { v[threadIdx.x] = value; }
template __global__ void fill<double>(double *, double);

// A host function of the module, so the counter's host shadow is a symbol
// of the shared object (cuModuleGetGlobal finds variables through it).
extern "C" void setCounter(int v) { cudaMemcpyToSymbol(counter, &v, sizeof v); }

// Array reverse through dynamic shared memory: the <<<grid, block, bytes>>>
// form, cudaLaunchKernel with sharedMem, two `extern __shared__` arrays of
// different types that alias one buffer, a char buffer carved into several
// typed arrays, and the `SharedMemory<T>` accessor idiom (extern __shared__
// declared in a device member function of a template) next to a static
// __shared__ array, which must not overlap the dynamic buffer.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 37 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: %t 1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 64 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 100 | FileCheck %s
// CHECK: reverse PASSED
// CHECK: launch kernel PASSED
// CHECK: alias PASSED
// CHECK: carve PASSED
// CHECK: accessor PASSED
#include "../Inputs/check.h"
#include <cstring>
#include <vector>

// Each block reverses its own segment of n = blockDim.x elements.
__global__ void reverseDynamic(int *d, int n) {
  extern __shared__ int s[];
  int t = threadIdx.x;
  int *seg = d + (size_t)blockIdx.x * n;
  s[t] = seg[t];
  __syncthreads();
  seg[t] = s[n - t - 1];
}

// The same buffer seen as float and as unsigned: reading the other thread's
// float through the unsigned array yields its bit pattern.
__global__ void aliasTypes(unsigned *out) {
  extern __shared__ float asFloat[];
  extern __shared__ unsigned asBits[];
  int t = threadIdx.x;
  asFloat[t] = t * 0.75f - 3.0f + blockIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = asBits[blockDim.x - 1 - t];
}

// One dynamic char buffer holding a double[n], then an int[n], then a char[n].
__global__ void carve(double *outD, int *outI, char *outC) {
  extern __shared__ char raw[];
  int n = blockDim.x, t = threadIdx.x;
  double *sd = reinterpret_cast<double *>(raw);
  int *si = reinterpret_cast<int *>(sd + n);
  char *sc = reinterpret_cast<char *>(si + n);
  sd[t] = t * 0.5 + blockIdx.x;
  si[t] = t * 3 - (int)blockIdx.x;
  sc[t] = (char)('a' + (t + blockIdx.x) % 26);
  __syncthreads();
  int r = (t + 1) % n;
  size_t g = (size_t)blockIdx.x * n + t;
  outD[g] = sd[r];
  outI[g] = si[r];
  outC[g] = sc[r];
}

template <typename T> struct SharedMemory {
  __device__ operator T *() {
    extern __shared__ int sharedRaw[];
    return reinterpret_cast<T *>(sharedRaw);
  }
};

template <typename T> __global__ void accessor(const T *in, T *out) {
  T *s = SharedMemory<T>();
  __shared__ T fixed[4];
  int t = threadIdx.x, n = blockDim.x;
  size_t g = (size_t)blockIdx.x * n + t;
  if (t < 4)
    fixed[t] = T(100 * (t + 1));
  s[t] = in[g];
  __syncthreads();
  // (Not fixed[t % 4]: see vectorizer_and_mask_index.cu.)
  out[g] = s[n - 1 - t] + fixed[0] + 2 * fixed[n < 4 ? n - 1 : 3];
}

int main(int argc, char **argv) {
  int n = blockSizeArg(argc, argv, 256);
  const int blocks = 13;
  size_t count = (size_t)blocks * n;
  std::vector<int> h(count), r(count);
  for (size_t i = 0; i < count; ++i)
    h[i] = (int)(i * 7919 % 10007) - 5000;
  int *d;
  CHECK_CUDA(cudaMalloc(&d, count * sizeof(int)));

  CHECK_CUDA(cudaMemcpy(d, h.data(), count * sizeof(int), cudaMemcpyHostToDevice));
  reverseDynamic<<<blocks, n, n * sizeof(int)>>>(d, n);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(r.data(), d, count * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t)
      EXPECT(r[(size_t)b * n + t] == h[(size_t)b * n + n - 1 - t]);
  std::printf("reverse PASSED\n");

  // cudaLaunchKernel twice: reversing twice restores the input.
  CHECK_CUDA(cudaMemcpy(d, h.data(), count * sizeof(int), cudaMemcpyHostToDevice));
  void *args[] = {&d, &n};
  for (int k = 0; k < 2; ++k)
    CHECK_CUDA(cudaLaunchKernel((const void *)reverseDynamic, dim3(blocks), dim3(n), args,
                                n * sizeof(int), 0));
  CHECK_CUDA(cudaMemcpy(r.data(), d, count * sizeof(int), cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < count; ++i)
    EXPECT(r[i] == h[i]);
  CHECK_CUDA(cudaLaunchKernel((const void *)reverseDynamic, dim3(blocks), dim3(n), args,
                              n * sizeof(int), 0));
  CHECK_CUDA(cudaMemcpy(r.data(), d, count * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t)
      EXPECT(r[(size_t)b * n + t] == h[(size_t)b * n + n - 1 - t]);
  std::printf("launch kernel PASSED\n");

  unsigned *du;
  CHECK_CUDA(cudaMalloc(&du, count * sizeof(unsigned)));
  aliasTypes<<<blocks, n, n * sizeof(float)>>>(du);
  CHECK_CUDA(cudaGetLastError());
  std::vector<unsigned> u(count);
  CHECK_CUDA(cudaMemcpy(u.data(), du, count * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t) {
      float f = (n - 1 - t) * 0.75f - 3.0f + b;
      unsigned bits;
      std::memcpy(&bits, &f, sizeof bits);
      EXPECT(u[(size_t)b * n + t] == bits);
    }
  std::printf("alias PASSED\n");

  double *dd;
  int *di;
  char *dc;
  CHECK_CUDA(cudaMalloc(&dd, count * sizeof(double)));
  CHECK_CUDA(cudaMalloc(&di, count * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dc, count));
  carve<<<blocks, n, n * (sizeof(double) + sizeof(int) + 1)>>>(dd, di, dc);
  CHECK_CUDA(cudaGetLastError());
  std::vector<double> hd(count);
  std::vector<int> hi(count);
  std::vector<char> hc(count);
  CHECK_CUDA(cudaMemcpy(hd.data(), dd, count * sizeof(double), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(hi.data(), di, count * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(hc.data(), dc, count, cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t) {
      int rr = (t + 1) % n;
      size_t g = (size_t)b * n + t;
      EXPECT(hd[g] == rr * 0.5 + b);
      EXPECT(hi[g] == rr * 3 - b);
      EXPECT(hc[g] == (char)('a' + (rr + b) % 26));
    }
  std::printf("carve PASSED\n");

  // Doubles through the dynamic buffer; the result goes to dd.
  std::vector<double> src(count);
  for (size_t i = 0; i < count; ++i)
    src[i] = i * 1.5 - 7;
  double *dsrc;
  CHECK_CUDA(cudaMalloc(&dsrc, count * sizeof(double)));
  CHECK_CUDA(cudaMemcpy(dsrc, src.data(), count * sizeof(double), cudaMemcpyHostToDevice));
  accessor<double><<<blocks, n, n * sizeof(double)>>>(dsrc, dd);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(hd.data(), dd, count * sizeof(double), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t)
      EXPECT(hd[(size_t)b * n + t] == src[(size_t)b * n + n - 1 - t] + 100 + 200 * (n < 4 ? n : 4));
  std::printf("accessor PASSED\n");
  CHECK_CUDA(cudaFree(dsrc));
  CHECK_CUDA(cudaFree(d));
  CHECK_CUDA(cudaFree(du));
  CHECK_CUDA(cudaFree(dd));
  CHECK_CUDA(cudaFree(di));
  CHECK_CUDA(cudaFree(dc));
  return 0;
}

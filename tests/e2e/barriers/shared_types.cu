// Shared memory of several types in one kernel (double, char, a struct, a 2D
// array), `__shared__` declared inside a __device__ function (one instance
// per block, shared by all threads and all calls), and large dynamic shared
// memory: 100 KiB after cudaFuncSetAttribute(MaxDynamicSharedMemorySize),
// which a launch without the attribute must refuse. Also a namespace-scope
// `__shared__` array used by two kernels.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 50 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 128 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 1 | FileCheck %s
// CHECK: mixed types PASSED
// CHECK: device function shared PASSED
// CHECK: large dynamic PASSED
// CHECK: namespace scope PASSED
#include "../Inputs/check.h"
#include <vector>

struct Particle {
  double x;
  float w;
  char tag;
  short id;
};

__global__ void mixedTypes(double *outD, int *outI) {
  __shared__ double sd[1024];
  __shared__ char sc[1024];
  __shared__ Particle sp[1024];
  __shared__ int grid2d[8][129];
  int t = threadIdx.x, n = blockDim.x;
  sd[t] = t * 0.25 + blockIdx.x;
  sc[t] = (char)(t % 100);
  sp[t] = Particle{t * 2.0, t * 0.5f, (char)('A' + t % 26), (short)(t - 500)};
  for (int i = t; i < 8 * 129; i += n)
    grid2d[i / 129][i % 129] = i * 3;
  __syncthreads();
  int o = (t + 3) % n;
  const Particle &p = sp[n - 1 - t];
  outD[blockIdx.x * n + t] = sd[o] + p.x + p.w;
  outI[blockIdx.x * n + t] = sc[o] + p.tag * 1000 + p.id * 100000 + grid2d[t % 8][(t * 7) % 129];
}

// A block-wide counter and slot array declared in a device function: every
// call and every thread of the block see the same variables.
__device__ int nextTicket() {
  __shared__ int counter;
  __shared__ int order[1024];
  if (threadIdx.x == 0)
    counter = 0;
  __syncthreads();
  int mine = atomicAdd(&counter, 1);
  order[mine] = threadIdx.x;
  __syncthreads();
  int total = counter;
  int first = order[0];
  __syncthreads();
  return total * 10000 + (first >= 0 && first < (int)blockDim.x ? 1 : 0);
}

__global__ void deviceFunctionShared(int *out) {
  int a = nextTicket();
  int b = nextTicket();
  out[blockIdx.x * blockDim.x + threadIdx.x] = a + b;
}

__shared__ int fileScope[1024];

__global__ void writeFileScope(int *out) {
  int t = threadIdx.x;
  fileScope[t] = t * 2 + blockIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = fileScope[blockDim.x - 1 - t];
}

__global__ void addFileScope(int *out) {
  int t = threadIdx.x;
  fileScope[t] = t * 3;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] += fileScope[(t + 1) % blockDim.x];
}

constexpr int BIG = 100 * 1024;

__global__ void largeDynamic(unsigned *out) {
  extern __shared__ unsigned char big[];
  unsigned *words = reinterpret_cast<unsigned *>(big);
  int words_n = BIG / 4;
  for (int i = threadIdx.x; i < words_n; i += blockDim.x)
    words[i] = i * 2654435761u + blockIdx.x;
  __syncthreads();
  // Each thread sums a strided slice read in reverse order.
  unsigned acc = 0;
  for (int i = threadIdx.x; i < words_n; i += blockDim.x)
    acc += words[words_n - 1 - i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main(int argc, char **argv) {
  int n = blockSizeArg(argc, argv, 256);
  const int blocks = 3;
  size_t count = (size_t)blocks * n;
  double *dd;
  int *di;
  CHECK_CUDA(cudaMalloc(&dd, count * sizeof(double)));
  CHECK_CUDA(cudaMalloc(&di, count * sizeof(int)));
  mixedTypes<<<blocks, n>>>(dd, di);
  CHECK_CUDA(cudaGetLastError());
  std::vector<double> hd(count);
  std::vector<int> hi(count);
  CHECK_CUDA(cudaMemcpy(hd.data(), dd, count * sizeof(double), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(hi.data(), di, count * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t) {
      int o = (t + 3) % n, u = n - 1 - t;
      EXPECT(hd[b * n + t] == o * 0.25 + b + u * 2.0 + u * 0.5f);
      int g = (t % 8) * 129 + (t * 7) % 129;
      EXPECT(hi[b * n + t] == o % 100 + ('A' + u % 26) * 1000 + (u - 500) * 100000 + g * 3);
    }
  std::printf("mixed types PASSED\n");

  deviceFunctionShared<<<blocks, n>>>(di);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(hi.data(), di, count * sizeof(int), cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < count; ++i)
    EXPECT(hi[i] == 2 * (n * 10000 + 1));
  std::printf("device function shared PASSED\n");

  unsigned *du;
  CHECK_CUDA(cudaMalloc(&du, count * sizeof(unsigned)));
  // Over the default 48 KiB limit: refused until the attribute is raised.
  largeDynamic<<<blocks, n, BIG>>>(du);
  EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration);
  CHECK_CUDA(cudaFuncSetAttribute(largeDynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, BIG));
  largeDynamic<<<blocks, n, BIG>>>(du);
  CHECK_CUDA(cudaGetLastError());
  std::vector<unsigned> hu(count);
  CHECK_CUDA(cudaMemcpy(hu.data(), du, count * sizeof(unsigned), cudaMemcpyDeviceToHost));
  const int wn = BIG / 4;
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t) {
      unsigned acc = 0;
      for (int i = t; i < wn; i += n)
        acc += (unsigned)(wn - 1 - i) * 2654435761u + b;
      EXPECT(hu[b * n + t] == acc);
    }
  std::printf("large dynamic PASSED\n");

  writeFileScope<<<blocks, n>>>(di);
  addFileScope<<<blocks, n>>>(di);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(hi.data(), di, count * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t)
      EXPECT(hi[b * n + t] == (n - 1 - t) * 2 + b + ((t + 1) % n) * 3);
  std::printf("namespace scope PASSED\n");
  CHECK_CUDA(cudaFree(dd));
  CHECK_CUDA(cudaFree(di));
  CHECK_CUDA(cudaFree(du));
  return 0;
}

// loomcc -memcheck: each kind of bad access in a kernel is reported like
// compute-sanitizer (kind, size, kernel, file:line, thread, block, address,
// the allocation or array it is near) and fails the launch with a sticky
// error; a correct program reports nothing. Without -memcheck none of these
// bugs is seen: every bad address here is mapped memory (the allocator
// rounds sizes up, shared arrays have guard zones, freed memory is mapped).
// RUN: %loomcc -memcheck %s -o %t
// RUN: %t clean 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: %t global 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: %t read 2>&1 | FileCheck %s --check-prefix=READ
// RUN: %t shared 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: %t dynshared 2>&1 | FileCheck %s --check-prefix=DYNSHARED
// RUN: %t freed 2>&1 | FileCheck %s --check-prefix=FREED
// RUN: %t misaligned 2>&1 | FileCheck %s --check-prefix=MISALIGNED
// RUN: %t variable 2>&1 | FileCheck %s --check-prefix=VARIABLE
// RUN: %t helper 2>&1 | FileCheck %s --check-prefix=HELPER
// RUN: env LOOM_SCHEDULER=serial %t global 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: env LOOM_JIT=sync %t shared 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: env LOOM_MEMCHECK=1 %loomcc %s -o %t.env
// RUN: %t.env global 2>&1 | FileCheck %s --check-prefix=GLOBAL
// CLEAN: clean: no error
// CLEAN: ========= ERROR SUMMARY: 0 errors
// GLOBAL: ========= Invalid __global__ write of size 4 bytes
// GLOBAL-NEXT: =========     at offByOne(int*, int) in {{.*}}memcheck.cu:[[@LINE+36]]
// GLOBAL-NEXT: =========     by thread (60,0,0) in block (0,0,0)
// GLOBAL-NEXT: =========     Address 0x{{[0-9a-f]+}} is out of bounds
// GLOBAL-NEXT: =========     and is 0 bytes after the nearest allocation at 0x{{[0-9a-f]+}} of size 240 bytes
// GLOBAL: global: cudaErrorIllegalAddress, then cudaErrorIllegalAddress
// GLOBAL: ========= ERROR SUMMARY: 1 error
// READ: Invalid __global__ read of size 4 bytes
// READ: by thread (0,0,0) in block (0,0,0)
// READ: is 4 bytes before the nearest allocation
// SHARED: ========= Invalid __shared__ write of size 4 bytes
// SHARED-NEXT: at sharedIndex(int*, int) in {{.*}}memcheck.cu
// SHARED-NEXT: by thread (31,0,0) in block (1,0,0)
// SHARED: and is 0 bytes after the __shared__ array 'sharedIndex(int*, int)::tile' at 0x{{[0-9a-f]+}} of size 128 bytes
// SHARED: shared: cudaErrorIllegalAddress
// DYNSHARED: Invalid __shared__ read of size 4 bytes
// DYNSHARED: and is 0 bytes after the dynamic shared memory 'dyn' at 0x{{[0-9a-f]+}} of size 256 bytes
// FREED: Invalid __global__ write of size 4 bytes
// FREED: is in freed memory (use after free)
// FREED: of the allocation at 0x{{[0-9a-f]+}} of size 4096 bytes
// FREED: freed: cudaErrorIllegalAddress
// MISALIGNED: Invalid __global__ read of size 4 bytes
// MISALIGNED: is misaligned (the access needs 4-byte alignment)
// MISALIGNED: misaligned: cudaErrorMisalignedAddress
// VARIABLE: Invalid __global__ write of size 4 bytes
// VARIABLE: and is 0 bytes after the variable 'table' at 0x{{[0-9a-f]+}} of size 64 bytes
// HELPER: Invalid __global__ read of size 4 bytes
// HELPER-NEXT: at throughHelper(float const*, float*, int) in {{.*}}memcheck.cu:[[@LINE+5]]
// HELPER-NEXT: by thread (2,0,0) in block (0,0,0)
#include <cstdio>
#include <cstring>

__device__ __noinline__ float load(const float *p, int i) { return p[i]; } // HELPER-SITE

__global__ void offByOne(int *a, int n) {
  int i = threadIdx.x;
  if (i <= n)
    a[i] = i; // GLOBAL-SITE
}

__global__ void readBefore(int *a) { a[threadIdx.x] = a[int(threadIdx.x) - 1]; }

__global__ void sharedIndex(int *out, int extra) {
  __shared__ int tile[32];
  tile[threadIdx.x + (blockIdx.x == 1 && threadIdx.x == 31 ? extra : 0)] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = tile[31 - threadIdx.x];
}

__global__ void dynamicShared(int *out, int n) {
  extern __shared__ int dyn[];
  dyn[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = dyn[threadIdx.x + n];
}

__global__ void storeTo(int *p) { p[threadIdx.x] = 1; }

__global__ void misaligned(const char *bytes, int *out) {
  out[threadIdx.x] = *reinterpret_cast<const int *>(bytes + 1 + 4 * threadIdx.x);
}

__device__ int table[16];
__global__ void variable(int n) { table[threadIdx.x + n] = 1; }

__global__ void throughHelper(const float *in, float *out, int n) {
  out[threadIdx.x] = load(in, threadIdx.x == 2 ? n : 0);
}

static int report(const char *mode, cudaError_t launch) {
  cudaError_t sync = cudaDeviceSynchronize();
  cudaError_t later = cudaDeviceSynchronize(); // sticky
  printf("%s: %s, then %s\n", mode, cudaGetErrorName(sync != cudaSuccess ? sync : launch),
         cudaGetErrorName(later));
  return sync == cudaSuccess ? 1 : 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "clean";
  int *a = nullptr;
  cudaMalloc(&a, 240);
  if (!strcmp(mode, "clean")) {
    // The same kernels with good arguments: nothing to report.
    offByOne<<<1, 64>>>(a, 59);
    int *b = nullptr;
    cudaMalloc(&b, 256);
    sharedIndex<<<2, 32>>>(b, 0);
    dynamicShared<<<1, 64, 256>>>(b, 0);
    storeTo<<<1, 64>>>(b);
    char *bytes = nullptr;
    cudaMalloc(&bytes, 512);
    misaligned<<<1, 32>>>(bytes - 1, b);
    variable<<<1, 16>>>(0);
    float *f = nullptr;
    cudaMalloc(&f, 64 * sizeof(float));
    throughHelper<<<1, 8>>>(f, f + 32, 0);
    if (cudaDeviceSynchronize() != cudaSuccess)
      return 1;
    printf("clean: no error\n");
    return 0;
  }
  if (!strcmp(mode, "global")) {
    offByOne<<<1, 64>>>(a, 60);
  } else if (!strcmp(mode, "read")) {
    readBefore<<<1, 32>>>(a);
  } else if (!strcmp(mode, "shared")) {
    sharedIndex<<<2, 32>>>(a, 1);
  } else if (!strcmp(mode, "dynshared")) {
    int *out = nullptr;
    cudaMalloc(&out, 64 * sizeof(int));
    dynamicShared<<<1, 64, 256>>>(out, 1);
  } else if (!strcmp(mode, "freed")) {
    int *p = nullptr;
    cudaMalloc(&p, 4096);
    cudaFree(p);
    storeTo<<<1, 32>>>(p);
  } else if (!strcmp(mode, "misaligned")) {
    char *bytes = nullptr;
    cudaMalloc(&bytes, 512);
    misaligned<<<1, 32>>>(bytes, a);
  } else if (!strcmp(mode, "variable")) {
    variable<<<1, 16>>>(1);
  } else if (!strcmp(mode, "helper")) {
    float *f = nullptr;
    cudaMalloc(&f, 64 * sizeof(float));
    throughHelper<<<1, 8>>>(f + 60, f, 4);
  }
  return report(mode, cudaGetLastError());
}

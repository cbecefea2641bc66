// A texture or surface object destroyed right after an asynchronous launch
// that uses it (as NVIDIA's convolutionFFT2D sample does) is still intact for
// that launch: the destroy waits for queued work, as cudaFree does. The
// first kernel keeps the stream busy for 100 ms so that the destroy is
// reached while the sampling kernels are still queued.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: destroy after launch PASSED
#include "../Inputs/check.h"

__global__ void busy(unsigned long long ns) {
  unsigned long long start;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  for (;;) {
    unsigned long long now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    if (now - start > ns)
      break;
  }
}

__global__ void fetch(cudaTextureObject_t t, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex1Dfetch<float>(t, i);
}

__global__ void readSurface(cudaSurfaceObject_t s, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[n + i] = surf2Dread<float>(s, i * (int)sizeof(float), 0);
}

int main() {
  const int n = 1024;
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = 0.5f * i + 1.0f;
  float *in, *out;
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&out, 2 * n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(out, 0, 2 * n * sizeof(float)));

  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = in;
  res.res.linear.desc = cudaCreateChannelDesc<float>();
  res.res.linear.sizeInBytes = n * sizeof(float);
  cudaTextureDesc tex = {};
  tex.readMode = cudaReadModeElementType;
  cudaTextureObject_t t = 0;
  CHECK_CUDA(cudaCreateTextureObject(&t, &res, &tex, nullptr));

  cudaChannelFormatDesc fmt = cudaCreateChannelDesc<float>();
  cudaArray_t array;
  CHECK_CUDA(cudaMallocArray(&array, &fmt, n, 1, cudaArraySurfaceLoadStore));
  CHECK_CUDA(cudaMemcpy2DToArray(array, 0, 0, host.data(), n * sizeof(float), n * sizeof(float), 1,
                                 cudaMemcpyHostToDevice));
  cudaResourceDesc sres = {};
  sres.resType = cudaResourceTypeArray;
  sres.res.array.array = array;
  cudaSurfaceObject_t s = 0;
  CHECK_CUDA(cudaCreateSurfaceObject(&s, &sres));

  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreate(&stream));
  busy<<<1, 1, 0, stream>>>(100000000ull);
  fetch<<<(n + 127) / 128, 128, 0, stream>>>(t, out, n);
  readSurface<<<(n + 127) / 128, 128, 0, stream>>>(s, out, n);
  CHECK_CUDA(cudaDestroyTextureObject(t));
  CHECK_CUDA(cudaDestroySurfaceObject(s));
  CHECK_CUDA(cudaStreamSynchronize(stream));

  std::vector<float> got(2 * n);
  CHECK_CUDA(cudaMemcpy(got.data(), out, 2 * n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    if (got[i] != host[i] || got[n + i] != host[i]) {
      std::printf("FAILED: element %d: texture %g, surface %g, want %g\n", i, got[i],
                  got[n + i], host[i]);
      return 1;
    }
  }
  CHECK_CUDA(cudaStreamDestroy(stream));
  CHECK_CUDA(cudaFreeArray(array));
  CHECK_CUDA(cudaFree(in));
  CHECK_CUDA(cudaFree(out));
  std::printf("destroy after launch PASSED\n");
  return 0;
}

// Pinned (cudaMallocHost) and registered (cudaHostRegister) memory with async
// copies on two streams, ordered by events, with host callbacks and host
// functions reporting completion, and per-stream priorities.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <atomic>
#include <vector>

__global__ void axpb(float *v, int n, float a, float b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = a * v[i] + b;
}

__global__ void addInto(float *dst, const float *src, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    dst[i] += src[i];
}

static std::atomic<int> callbacks{0};
static std::atomic<int> hostFns{0};

static void CUDART_CB onDone(cudaStream_t, cudaError_t status, void *data) {
  if (status == cudaSuccess && *(int *)data == 1)
    callbacks++;
}
static void CUDART_CB hostFn(void *) { hostFns++; }

int main() {
  const int n = 50001;
  const size_t bytes = n * sizeof(float);
  float *pinned;
  CHECK_CUDA(cudaMallocHost(&pinned, bytes));
  std::vector<float> registeredStorage(n);
  float *registered = registeredStorage.data();
  CHECK_CUDA(cudaHostRegister(registered, bytes, cudaHostRegisterDefault));
  EXPECT(cudaHostRegister(registered, bytes, 0) == cudaErrorHostMemoryAlreadyRegistered);
  cudaGetLastError();
  cudaPointerAttributes attr;
  CHECK_CUDA(cudaPointerGetAttributes(&attr, registered + 10));
  EXPECT(attr.type == cudaMemoryTypeHost);
  float *mapped;
  CHECK_CUDA(cudaHostGetDevicePointer((void **)&mapped, pinned, 0));
  EXPECT(mapped == pinned);

  for (int i = 0; i < n; ++i) {
    pinned[i] = float(i % 97);
    registered[i] = float(i % 13);
  }
  int least, greatest;
  CHECK_CUDA(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  cudaStream_t s1, s2;
  CHECK_CUDA(cudaStreamCreateWithPriority(&s1, cudaStreamNonBlocking, greatest));
  CHECK_CUDA(cudaStreamCreateWithPriority(&s2, cudaStreamNonBlocking, least));
  cudaEvent_t start, s1Done, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreateWithFlags(&s1Done, cudaEventDisableTiming));
  CHECK_CUDA(cudaEventCreate(&stop));

  float *d1, *d2;
  CHECK_CUDA(cudaMalloc(&d1, bytes));
  CHECK_CUDA(cudaMalloc(&d2, bytes));
  int tag = 1;
  CHECK_CUDA(cudaEventRecord(start, s1));
  CHECK_CUDA(cudaMemcpyAsync(d1, pinned, bytes, cudaMemcpyHostToDevice, s1));
  CHECK_CUDA(cudaMemcpyAsync(d2, registered, bytes, cudaMemcpyHostToDevice, s2));
  axpb<<<(n + 255) / 256, 256, 0, s1>>>(d1, n, 2.0f, 1.0f);
  axpb<<<(n + 127) / 128, 128, 0, s2>>>(d2, n, -1.0f, 0.0f);
  CHECK_CUDA(cudaEventRecord(s1Done, s1));
  CHECK_CUDA(cudaStreamAddCallback(s1, onDone, &tag, 0));
  // s2 adds s1's result only after s1's kernel finished.
  CHECK_CUDA(cudaStreamWaitEvent(s2, s1Done, 0));
  addInto<<<64, 256, 0, s2>>>(d2, d1, n);
  CHECK_CUDA(cudaMemcpyAsync(registered, d2, bytes, cudaMemcpyDeviceToHost, s2));
  CHECK_CUDA(cudaLaunchHostFunc(s2, hostFn, nullptr));
  CHECK_CUDA(cudaStreamAddCallback(s2, onDone, &tag, 0));
  CHECK_CUDA(cudaMemcpyAsync(pinned, d1, bytes, cudaMemcpyDeviceToHost, s1));
  CHECK_CUDA(cudaEventRecord(stop, s2));

  cudaError_t q = cudaStreamQuery(s2);
  EXPECT(q == cudaSuccess || q == cudaErrorNotReady);
  CHECK_CUDA(cudaEventSynchronize(stop));
  CHECK_CUDA(cudaStreamSynchronize(s1));
  EXPECT(cudaEventQuery(stop) == cudaSuccess);
  EXPECT(cudaStreamQuery(s1) == cudaSuccess && cudaStreamQuery(s2) == cudaSuccess);
  float ms = -1;
  CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
  EXPECT(ms >= 0);
  EXPECT(callbacks == 2 && hostFns == 1);

  for (int i = 0; i < n; ++i) {
    float a = 2.0f * float(i % 97) + 1.0f;
    EXPECT(pinned[i] == a);
    EXPECT(registered[i] == a - float(i % 13));
  }
  CHECK_CUDA(cudaHostUnregister(registered));
  EXPECT(cudaHostUnregister(registered) == cudaErrorHostMemoryNotRegistered);
  cudaGetLastError();
  CHECK_CUDA(cudaEventDestroy(start));
  CHECK_CUDA(cudaEventDestroy(s1Done));
  CHECK_CUDA(cudaEventDestroy(stop));
  CHECK_CUDA(cudaStreamDestroy(s1));
  CHECK_CUDA(cudaStreamDestroy(s2));
  CHECK_CUDA(cudaFree(d1));
  CHECK_CUDA(cudaFree(d2));
  CHECK_CUDA(cudaFreeHost(pinned));
  std::printf("PASSED\n");
  return 0;
}

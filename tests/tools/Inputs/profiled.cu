// SPDX-License-Identifier: Apache-2.0
// profile.test's program: two kernels (one launched 3 times), copies both
// ways, a memset and an asynchronous copy in a stream, NVTX ranges and a
// mark, then checks results.
#include <cstdio>
#include <nvtx3/nvToolsExt.h>
#include <vector>

__global__ void addOne(float *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] += 1.0f;
}

// Launched cooperatively (a grid that could call this_grid().sync()).
__global__ void coopHalve(float *X, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N; I += gridDim.x * blockDim.x)
    X[I] *= 0.5f;
}

template <typename T> __global__ void scaleBy(T *X, T F, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] *= F;
}

int main() {
  const int N = 1 << 16;
  std::vector<float> H(N, 1.0f);
  float *D;
  nvtxRangePushA("setup");
  cudaMalloc(&D, N * sizeof(float));
  cudaMemset(D, 0, N * sizeof(float));
  cudaMemcpy(D, H.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  nvtxRangePop();
  nvtxRangeId_t Phase = nvtxRangeStartA("compute");
  for (int K = 0; K < 3; ++K)
    addOne<<<N / 256, 256>>>(D, N);
  nvtxMarkA("launched");
  cudaStream_t S;
  cudaStreamCreate(&S);
  scaleBy<float><<<N / 256, 256, 0, S>>>(D, 2.0f, N);
  cudaMemcpyAsync(H.data(), D, N * sizeof(float), cudaMemcpyDeviceToHost, S);
  cudaStreamSynchronize(S);
  int Count = N;
  void *CoopArgs[] = {&D, &Count};
  cudaLaunchCooperativeKernel((void *)coopHalve, 2, 128, CoopArgs, 0, S);
  cudaMemcpyAsync(H.data(), D, N * sizeof(float), cudaMemcpyDeviceToHost, S);
  cudaStreamSynchronize(S);
  cudaDeviceSynchronize();
  nvtxRangeEnd(Phase);
  for (int I = 0; I < N; ++I)
    if (H[I] != 4.0f) {
      std::printf("FAILED at %d: %f\n", I, H[I]);
      return 1;
    }
  std::printf("PASSED\n");
  return 0;
}

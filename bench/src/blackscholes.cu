// Black-Scholes call/put prices for 4M options (NVIDIA's BlackScholes sample
// kernel: polynomial CND, __expf/__logf/sqrtf). Counted as bandwidth (5 floats per option).
#include <cuda_runtime.h>
#include "bench_common.h"
#include "bs_common.h"

__device__ inline float cndGPU(float d) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f, A4 = -1.821255978f, A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267793994605993438f;
  float K = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float cnd = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0) cnd = 1.0f - cnd;
  return cnd;
}

__global__ void blackScholes(float *call, float *put, const float *S, const float *X, const float *T,
                             float R, float V, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float s = S[i], x = X[i], t = T[i];
    float sqrtT = sqrtf(t);
    float d1 = (__logf(s / x) + (R + 0.5f * V * V) * t) / (V * sqrtT);
    float d2 = d1 - V * sqrtT;
    float cndd1 = cndGPU(d1), cndd2 = cndGPU(d2);
    float expRT = __expf(-R * t);
    call[i] = s * cndd1 - x * expRT * cndd2;
    put[i] = x * expRT * (1.0f - cndd2) - s * (1.0f - cndd1);
  }
}

int main() {
  const int n = 1 << 22, iters = 10;
  std::vector<float> hS, hX, hT, hc(n), hp(n);
  bs_inputs(hS, hX, hT, n);
  float *S, *X, *T, *call, *put;
  const size_t bytes = n * sizeof(float);
  CUDA_CHECK(cudaMalloc(&S, bytes));
  CUDA_CHECK(cudaMalloc(&X, bytes));
  CUDA_CHECK(cudaMalloc(&T, bytes));
  CUDA_CHECK(cudaMalloc(&call, bytes));
  CUDA_CHECK(cudaMalloc(&put, bytes));
  CUDA_CHECK(cudaMemcpy(S, hS.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(X, hX.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(T, hT.data(), bytes, cudaMemcpyHostToDevice));
  const int threads = 128, blocks = 480; // the sample's launch shape: grid-stride loop
  blackScholes<<<blocks, threads>>>(call, put, S, X, T, BS_R, BS_V, n); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) blackScholes<<<blocks, threads>>>(call, put, S, X, T, BS_R, BS_V, n);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(hc.data(), call, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(hp.data(), put, bytes, cudaMemcpyDeviceToHost));
  double sum = bs_check(hS, hX, hT, hc.data(), hp.data(), n);
  bench_report(ms, 5.0 * bytes, 0, sum);
  return 0;
}

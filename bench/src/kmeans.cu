// k-means assignment step: each thread finds the nearest of 16 centroids
// (in __constant__ memory) for one point of 16 features; 1M points.
// Compute bound; 3 flops per feature and centroid.
#include <cuda_runtime.h>
#include "kmeans_common.h"

__constant__ float c_centroids[KM_K * KM_D];

__global__ void assign(const float *feature, int *membership, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int best = 0;
  float bestDist = FLT_MAX;
  for (int k = 0; k < KM_K; ++k) {
    float dist = 0.0f;
    for (int f = 0; f < KM_D; ++f) {
      float diff = feature[f * n + i] - c_centroids[k * KM_D + f];
      dist += diff * diff;
    }
    if (dist < bestDist) { bestDist = dist; best = k; }
  }
  membership[i] = best;
}

int main() {
  const int n = 1 << 20, iters = 5;
  std::vector<float> hf, hc;
  kmeans_inputs(hf, hc, n);
  std::vector<int> hm(n);
  float *feature;
  int *member;
  CUDA_CHECK(cudaMalloc(&feature, hf.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&member, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(feature, hf.data(), hf.size() * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpyToSymbol(c_centroids, hc.data(), hc.size() * sizeof(float)));
  const int threads = 256, blocks = (n + threads - 1) / threads;
  assign<<<blocks, threads>>>(feature, member, n); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) assign<<<blocks, threads>>>(feature, member, n);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(hm.data(), member, n * sizeof(int), cudaMemcpyDeviceToHost));
  double sum = kmeans_check(hf, hc, hm.data(), n);
  bench_report(ms, n * (KM_D * 4.0 + 4.0), 3.0 * KM_K * KM_D * (double)n, sum);
  return 0;
}

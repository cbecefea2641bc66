// Many tiny launches (like Rodinia's myocyte): 5000 time steps, each one
// launch of 2 blocks x 32 threads updating a 64-element state, then a
// blocking 256-byte copy back that the host reads. Launch-latency bound.
#include <cuda_runtime.h>
#include "tiny_launches_common.h"


__global__ void step(float *state, float *out, float t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = state[i];
  s = s + 0.001f * (sinf(t + 0.1f * i) - 0.5f * s);
  state[i] = s;
  out[i] = s * s;
}

int main() {
  const int steps = 5000;
  float *state, *out;
  std::vector<float> h(STATE, 1.0f), o(STATE);
  CUDA_CHECK(cudaMalloc(&state, STATE * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&out, STATE * sizeof(float)));
  auto run = [&]() {
    CUDA_CHECK(cudaMemcpy(state, h.data(), STATE * sizeof(float), cudaMemcpyHostToDevice));
    double energy = 0;
    for (int s = 0; s < steps; ++s) {
      step<<<2, 32>>>(state, out, 0.01f * s);
      CUDA_CHECK(cudaMemcpy(o.data(), out, STATE * sizeof(float), cudaMemcpyDeviceToHost));
      energy += o[s % STATE];
    }
    return energy;
  };
  double energy = run(); // warm-up
  KERNEL_CHECK();
  double t0 = bench_now_ms();
  energy = run();
  double ms = bench_now_ms() - t0;
  KERNEL_CHECK();
  tiny_check(energy, steps);
  bench_report(ms, 0, 0, energy);
  return 0;
}

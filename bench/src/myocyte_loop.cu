// Copy-plus-launch loop (Rodinia myocyte's pattern, myocyte_common.h): per
// step two small host-to-device copies, one <<<2, 32>>> launch and two small
// device-to-host copies the host reads. Launch-latency bound.
#include <cuda_runtime.h>
#include "myocyte_common.h"

__global__ void derivs(const float *params, const float *y, float *dy, float *ynew) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float d = my_deriv(params, y[i], i);
  dy[i] = d;
  ynew[i] = y[i] + 0.01f * d;
}

int main() {
  float *dParams, *dY, *dDy, *dYnew;
  CUDA_CHECK(cudaMalloc(&dParams, MY_PARAMS * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dY, MY_EQS * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dDy, MY_EQS * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dYnew, MY_EQS * sizeof(float)));
  std::vector<float> y(MY_EQS), dy(MY_EQS), params(MY_PARAMS);
  auto run = [&]() {
    for (int i = 0; i < MY_EQS; ++i) y[i] = 1.0f + 0.01f * i;
    double sum = 0;
    for (int s = 0; s < MY_STEPS; ++s) {
      my_params(params.data(), s);
      CUDA_CHECK(cudaMemcpy(dParams, params.data(), MY_PARAMS * sizeof(float), cudaMemcpyHostToDevice));
      CUDA_CHECK(cudaMemcpy(dY, y.data(), MY_EQS * sizeof(float), cudaMemcpyHostToDevice));
      derivs<<<2, 32>>>(dParams, dY, dDy, dYnew);
      CUDA_CHECK(cudaMemcpy(dy.data(), dDy, MY_EQS * sizeof(float), cudaMemcpyDeviceToHost));
      CUDA_CHECK(cudaMemcpy(y.data(), dYnew, MY_EQS * sizeof(float), cudaMemcpyDeviceToHost));
      sum += dy[s % MY_EQS];
    }
    return sum + y[0];
  };
  double sum = run(); // warm-up
  KERNEL_CHECK();
  double t0 = bench_now_ms();
  sum = run();
  double ms = bench_now_ms() - t0;
  KERNEL_CHECK();
  my_check(sum);
  bench_report(ms, 0, 0, sum);
  return 0;
}

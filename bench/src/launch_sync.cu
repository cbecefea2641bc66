// Launch latency: an empty kernel <<<1, 1>>> launched and synchronized
// (cudaDeviceSynchronize) 20000 times; reports time per launch.
#include <cuda_runtime.h>
#include "bench_common.h"

__global__ void empty() {}

int main() {
  const int launches = 20000;
  for (int i = 0; i < 100; ++i) { empty<<<1, 1>>>(); CUDA_CHECK(cudaDeviceSynchronize()); } // warm-up
  double t0 = bench_now_ms();
  for (int i = 0; i < launches; ++i) {
    empty<<<1, 1>>>();
    cudaDeviceSynchronize();
  }
  double ms = (bench_now_ms() - t0) / launches;
  KERNEL_CHECK();
  bench_report(ms, 0, 0, launches);
  return 0;
}

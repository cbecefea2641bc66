// Warp collectives: per warp of a large int array, a ballot (__popc of
// positives), __any_sync / __all_sync votes, a __shfl_xor_sync butterfly sum
// and a __shfl_down_sync maximum; lane 0 writes the warp's int4. One element
// per thread, 256-thread blocks: 3 votes and 10 shuffles per element, so the
// time is the warp-collective machinery (COX measured warp votes ~10x faster
// with AVX). Run normally and with --loom-disable=vectorize (bench/run.py
// variant) to see what vectorizing the per-warp lane loops buys.
#include <cuda_runtime.h>
#include "bench_common.h"
#include "warp_collectives_common.h"

#define THREADS 256
#define FULL 0xffffffffu

__global__ void warpStats(const int *in, int4 *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int x = in[i];
  const unsigned pos = __ballot_sync(FULL, x > 0);
  const int big = __any_sync(FULL, x > WC_BIG);
  const int small = __all_sync(FULL, x > -WC_BIG);
  int s = x;
  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(FULL, s, o);
  int m = x;
  for (int o = 16; o > 0; o >>= 1) m = max(m, __shfl_down_sync(FULL, m, o));
  if ((threadIdx.x & 31) == 0) out[i >> 5] = make_int4(__popc(pos), big + 2 * small, s, m);
}

int main() {
  const int n = WC_N, warps = n / 32, iters = 10;
  std::vector<int> hin(n);
  std::vector<int4> hout(warps);
  wc_fill(hin.data(), n);
  int *in;
  int4 *out;
  CUDA_CHECK(cudaMalloc(&in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&out, warps * sizeof(int4)));
  CUDA_CHECK(cudaMemcpy(in, hin.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  warpStats<<<n / THREADS, THREADS>>>(in, out); // warm-up
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) warpStats<<<n / THREADS, THREADS>>>(in, out);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(hout.data(), out, warps * sizeof(int4), cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int w = 0; w < warps; ++w) {
    int r[4];
    wc_reference(hin.data() + 32 * w, r);
    const int4 &o = hout[w];
    if (o.x != r[0] || o.y != r[1] || o.z != r[2] || o.w != r[3])
      bench_fail("warp %d: (%d %d %d %d), want (%d %d %d %d)", w, o.x, o.y, o.z, o.w, r[0], r[1], r[2], r[3]);
    sum += wc_checksum(r);
  }
  bench_report(ms, n * sizeof(int) + warps * 16.0, 0, sum);
  return 0;
}

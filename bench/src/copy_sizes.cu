// Copy and fill call cost by size: synchronous cudaMemcpy host-to-device and
// device-to-host from pageable memory, device-to-device, cudaMemset, and
// cudaMemcpyAsync + cudaStreamSynchronize, at 4 KiB, 64 KiB and 1 MiB.
// Prints one line per case, "COPY <case> <bytes> <ns per call>", and checks
// the data. For before/after comparisons of the runtime's copy path (the
// allocation map's range checks, docs/reliability.md):
//   bench/ab_lib.py bench/build/copy_sizes <old libloomrt dir> <new libloomrt dir>
// Not in bench/run.py's table (it has no OpenMP twin).
#include <cuda_runtime.h>
#include "bench_common.h"

#include <cstring>
#include <vector>

template <typename F> double nsPerCall(int calls, F &&f) {
  for (int i = 0; i < calls / 10 + 1; ++i) // warm-up
    f();
  double t0 = bench_now_ms();
  for (int i = 0; i < calls; ++i)
    f();
  return (bench_now_ms() - t0) * 1e6 / calls;
}

int main() {
  const size_t sizes[] = {4096, 65536, 1 << 20};
  const size_t maxBytes = 1 << 20;
  std::vector<unsigned char> host(maxBytes), back(maxBytes);
  for (size_t i = 0; i < maxBytes; ++i)
    host[i] = (unsigned char)(i * 7 + 3);
  unsigned char *a, *b;
  CUDA_CHECK(cudaMalloc(&a, maxBytes));
  CUDA_CHECK(cudaMalloc(&b, maxBytes));
  cudaStream_t s;
  CUDA_CHECK(cudaStreamCreate(&s));
  for (size_t bytes : sizes) {
    int calls = int(std::max<size_t>(200, (size_t(64) << 20) / bytes / 8));
    double h2d = nsPerCall(calls, [&] { cudaMemcpy(a, host.data(), bytes, cudaMemcpyHostToDevice); });
    double d2d = nsPerCall(calls, [&] { cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice); });
    double d2h = nsPerCall(calls, [&] { cudaMemcpy(back.data(), b, bytes, cudaMemcpyDeviceToHost); });
    if (std::memcmp(back.data(), host.data(), bytes) != 0)
      bench_fail("copies of %zu bytes lost data", bytes);
    double async = nsPerCall(calls, [&] {
      cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice, s);
      cudaStreamSynchronize(s);
    });
    double set = nsPerCall(calls, [&] { cudaMemset(a, 0x5a, bytes); });
    CUDA_CHECK(cudaMemcpy(back.data(), a, bytes, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < bytes; ++i)
      if (back[i] != 0x5a)
        bench_fail("fill of %zu bytes wrong at %zu", bytes, i);
    printf("COPY h2d %zu %.1f\n", bytes, h2d);
    printf("COPY d2h %zu %.1f\n", bytes, d2h);
    printf("COPY d2d %zu %.1f\n", bytes, d2d);
    printf("COPY async_d2d %zu %.1f\n", bytes, async);
    printf("COPY memset %zu %.1f\n", bytes, set);
  }
  KERNEL_CHECK();
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(b));
  return 0;
}

// Machine limit: single-precision FMA peak. Every OpenMP thread runs 12
// independent chains of 16-wide float FMAs (enough to cover FMA latency x
// throughput); best of 5 runs; 2 flops per FMA lane.
#include <omp.h>
#include "bench_common.h"

typedef float v16 __attribute__((vector_size(64)));
#define CHAINS 12

int main() {
  const long reps = 20000000;
  volatile float seed = 1.0f;
  double best = 1e30, check = 0;
  int threads = 1;
  for (int run = 0; run < 5; ++run) {
    double t0 = bench_now_ms();
#pragma omp parallel reduction(+ : check)
    {
      threads = omp_get_num_threads();
      v16 acc[CHAINS];
      v16 mul, add;
      for (int l = 0; l < 16; ++l) { mul[l] = 0.9999999f; add[l] = 1e-7f * seed; }
      for (int c = 0; c < CHAINS; ++c)
        for (int l = 0; l < 16; ++l) acc[c][l] = seed + c + omp_get_thread_num();
      for (long r = 0; r < reps; ++r) {
#pragma unroll
        for (int c = 0; c < CHAINS; ++c) acc[c] = __builtin_elementwise_fma(acc[c], mul, add);
      }
      for (int c = 0; c < CHAINS; ++c)
        for (int l = 0; l < 16; ++l) check += acc[c][l];
    }
    double t = bench_now_ms() - t0;
    if (t < best) best = t;
  }
  if (!std::isfinite(check)) bench_fail("non-finite FMA result");
  bench_report(best, 0, 2.0 * 16 * CHAINS * (double)reps * threads, check);
  return 0;
}

// Exclusive prefix sum of ints, OpenMP baseline: each thread sums its chunk,
// the chunk sums are scanned, each thread scans its chunk from its offset.
#include <omp.h>
#include "bench_common.h"

static void scan(const int *in, int *out, int n, std::vector<int> &chunkSums) {
#pragma omp parallel
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const int lo = (int)((long long)n * t / nt), hi = (int)((long long)n * (t + 1) / nt);
    int s = 0;
#pragma omp simd reduction(+ : s)
    for (int i = lo; i < hi; ++i) s += in[i];
    chunkSums[t + 1] = s;
#pragma omp barrier
#pragma omp single
    {
      chunkSums[0] = 0;
      for (int k = 1; k <= nt; ++k) chunkSums[k] += chunkSums[k - 1];
    }
    int acc = chunkSums[t];
    for (int i = lo; i < hi; ++i) { out[i] = acc; acc += in[i]; }
  }
}

int main() {
  const int n = 1 << 23, iters = 10;
  std::vector<int> hin(n), hout(n), chunkSums(omp_get_max_threads() + 1);
  BenchRng rng(4);
  for (int i = 0; i < n; ++i) hin[i] = (int)rng.below(10);
  scan(hin.data(), hout.data(), n, chunkSums); // warm-up
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) scan(hin.data(), hout.data(), n, chunkSums);
  double ms = (bench_now_ms() - t0) / iters;
  long long acc = 0;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    if (hout[i] != acc) bench_fail("out[%d] = %d, want %lld", i, hout[i], acc);
    sum += hout[i];
    acc += hin[i];
  }
  bench_report(ms, 2.0 * n * sizeof(int), (double)n, sum);
  return 0;
}

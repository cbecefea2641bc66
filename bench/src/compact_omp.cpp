// Stream compaction, OpenMP baseline as a CPU programmer writes it: each
// thread counts its static chunk, an exclusive scan of the counts gives its
// offset, and it writes its kept elements there (order kept), without a
// branch (writing every element, advancing on the kept ones: the test is
// random, a branch would mispredict).
#define __host__
#define __device__
#include <omp.h>
#include "bench_common.h"
#include "compact_common.h"

static int compact(const int *in, int n, int *out) {
  int total = 0;
  std::vector<int> offs(omp_get_max_threads() + 1, 0);
#pragma omp parallel
  {
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    long lo = (long)n * t / nt, hi = (long)n * (t + 1) / nt;
    int c = 0;
#pragma omp simd reduction(+ : c)
    for (long i = lo; i < hi; ++i) c += keep(in[i]);
    offs[t + 1] = c;
#pragma omp barrier
#pragma omp single
    {
      for (int k = 0; k < nt; ++k) offs[k + 1] += offs[k];
      total = offs[nt];
    }
    int o = offs[t], end = offs[t + 1];
    for (long i = lo; i < hi; ++i) { // the random test decides no branch
      int x = in[i];
      if (o < end) out[o] = x; // past the chunk's last slot: the next thread's
      o += keep(x);
    }
  }
  return total;
}

int main() {
  const int n = 1 << 24, iters = 10;
  std::vector<int> h(n), out(n);
  compact_input(h);
  compact(h.data(), n, out.data()); // warm-up
  double t0 = bench_now_ms();
  int m = 0;
  for (int it = 0; it < iters; ++it) m = compact(h.data(), n, out.data());
  double ms = (bench_now_ms() - t0) / iters;
  double sum = compact_check(h, out.data(), m);
  bench_report(ms, (double)n * 4 + (double)m * 4, 0, sum);
  return 0;
}

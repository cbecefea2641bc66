// Fork-join reference for the launch benchmarks: an empty OpenMP parallel
// region entered 20000 times; time per region.
#include "bench_common.h"

int main() {
  const int regions = 20000;
  volatile int sink = 0;
  for (int i = 0; i < 100; ++i) {
#pragma omp parallel
    { sink = 1; }
  }
  double t0 = bench_now_ms();
  for (int i = 0; i < regions; ++i) {
#pragma omp parallel
    { sink = 1; }
  }
  double ms = (bench_now_ms() - t0) / regions;
  bench_report(ms, 0, 0, regions);
  return 0;
}

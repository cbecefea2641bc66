// lib_bench.h - timing loop shared by the library benchmarks (cuBLAS vs
// OpenBLAS, cuFFT vs FFTW): the same calls through Loom's library and
// through the CPU library directly; bench/libraries.sh alternates the two.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_BENCH_LIB_BENCH_H
#define LOOM_BENCH_LIB_BENCH_H

#include <chrono>
#include <cstdio>

/// Runs Op once to warm up, then enough times for ~0.3 s (at least 3), and
/// prints "<name> <ms per call>". Sync waits for asynchronous work.
template <class OpT, class SyncT> void timeIt(const char *Name, OpT Op, SyncT Sync) {
  using Clock = std::chrono::steady_clock;
  Op();
  Sync();
  auto T0 = Clock::now();
  Op();
  Sync();
  double Once = std::chrono::duration<double>(Clock::now() - T0).count();
  int Reps = Once > 0.1 ? 3 : (int)(0.3 / (Once > 1e-6 ? Once : 1e-6)) + 3;
  T0 = Clock::now();
  for (int I = 0; I < Reps; ++I)
    Op();
  Sync();
  double S = std::chrono::duration<double>(Clock::now() - T0).count();
  std::printf("%s %.6f\n", Name, 1e3 * S / Reps);
  std::fflush(stdout);
}

#endif // LOOM_BENCH_LIB_BENCH_H

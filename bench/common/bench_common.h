// bench_common.h - shared by the CUDA (Loom) and OpenMP versions of every
// benchmark: deterministic input generation, a host clock, result checks and
// the one-line result protocol bench/run.py parses.
//
//   BENCH ms=<ms per iteration> bytes=<bytes per iteration> flops=<flops per iteration> checksum=<double>
//
// A wrong result prints "BENCH_FAIL <why>" and exits with status 1.
#pragma once
#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static inline double bench_now_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

// xorshift64*: the same stream in both versions of a benchmark.
struct BenchRng {
  uint64_t s;
  explicit BenchRng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t next() {
    s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
    return s * 0x2545F4914F6CDD1Dull;
  }
  float uniform() { return (float)((next() >> 40) * (1.0 / 16777216.0)); } // [0,1)
  float uniform(float lo, float hi) { return lo + (hi - lo) * uniform(); }
  uint32_t below(uint32_t n) { return (uint32_t)((next() >> 32) % n); }
};

[[noreturn]] static inline void bench_fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stdout, "BENCH_FAIL ");
  vfprintf(stdout, fmt, ap);
  fprintf(stdout, "\n");
  va_end(ap);
  fflush(stdout);
  exit(1);
}

static inline bool bench_close(double got, double want, double rtol, double atol) {
  return std::fabs(got - want) <= atol + rtol * std::fabs(want);
}

static inline void bench_report(double msPerIter, double bytes, double flops, double checksum) {
  printf("BENCH ms=%.6f bytes=%.6g flops=%.6g checksum=%.17g\n", msPerIter, bytes, flops, checksum);
  fflush(stdout);
}

#ifdef __CUDACC__
#define CUDA_CHECK(x)                                                                  \
  do {                                                                                 \
    cudaError_t e_ = (x);                                                              \
    if (e_ != cudaSuccess) bench_fail("%s:%d: %s: %s", __FILE__, __LINE__, #x,         \
                                      cudaGetErrorString(e_));                         \
  } while (0)
#define KERNEL_CHECK() CUDA_CHECK(cudaGetLastError())
#endif

// What nvcc's front end (and GCC, its host compiler) accepts with a warning
// where clang's default is an error, and the meaning is clear: loomcc keeps
// these warnings, on the device and host sides of a .cu file, for .cpp files
// and for -E. -Xcompiler -Werror makes them errors again.
// RUN: %loomcc %s -o %t 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=error:
// RUN: %t | FileCheck %s
// RUN: %loomcc -x c++ %s -o %t.host 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=error:
// RUN: %t.host | FileCheck %s --check-prefix=HOST
// RUN: %loomcc -E %s -o %t.i
// RUN: not %loomcc -Xcompiler -Werror %s -o %t.werror 2>&1 | FileCheck %s --check-prefix=WERROR
//
// WERROR: error: invalid suffix on literal
// CHECK: device: 7 bytes of loom-1.0
// CHECK: host: 42 items, loom-1.0
// CHECK: sum 10 grid 3
// CHECK: PASSED
// HOST: host: 42 items, loom-1.0
// HOST: sum 10 grid 3
#include <cinttypes>
#include <cstdint>
#include <cstdio>

#define LOOM_NAME "loom"
#define LOOM_VERSION "1.0"

struct Dim {
  unsigned x, y;
};

// WARN: nvcc_leniency.cu:[[@LINE+1]]:{{[0-9]+}}: warning: invalid suffix on literal; C++11 requires a space between literal and identifier
static const char *banner() { return LOOM_NAME"-"LOOM_VERSION; }

static int sum(int n) {
  // WARN: nvcc_leniency.cu:[[@LINE+1]]:{{[0-9]+}}: warning: ISO C++17 does not allow 'register' storage class specifier
  register int s = 0;
  for (register int i = 0; i < n; ++i)
    s += i;
  return s;
}

// WARN: nvcc_leniency.cu:[[@LINE+1]]:{{[0-9]+}}: warning: non-constant-expression cannot be narrowed
static Dim gridFor(int n) { return {n / 2, 1}; }

#ifdef __CUDACC__
__global__ void report(uint64_t bytes) {
  printf("device: %" PRIu64 " bytes of "LOOM_NAME"-%s\n", bytes, LOOM_VERSION);
}
#endif

int main() {
  uint64_t items = 42;
#ifdef __CUDACC__
  report<<<1, 1>>>(7);
  cudaDeviceSynchronize();
#endif
  std::printf("host: %"PRIu64" items, %s\n", items, banner());
  std::printf("sum %d grid %u\n", sum(5), gridFor(7).x);
#ifdef __CUDACC__
  std::printf("PASSED\n");
#endif
  return 0;
}

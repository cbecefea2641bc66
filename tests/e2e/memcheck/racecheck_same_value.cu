// Racecheck and writes of identical data (issue #16): threads that store the
// same value to one __shared__ word in one barrier interval (the `changed = 1`
// flag of a convergence loop, tests/e2e/barriers/while_converge.cu) are a
// write/write conflict that compute-sanitizer's racecheck rates INFO,
// "identical data being written", below its default print level: not shown,
// not a hazard. Stores of different values to the word still are; and so is
// a same-value store that follows another thread's different one.
// LOOM_RACECHECK_INFO=1 shows the info-level conflicts.
// RUN: %loomcc -racecheck %s -o %t
// RUN: %t same 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: env LOOM_RACECHECK_INFO=1 %t same 2>&1 | FileCheck %s --check-prefix=SHOWN
// RUN: %t different 2>&1 | FileCheck %s --check-prefix=DIFF
// RUN: %t mixed 2>&1 | FileCheck %s --check-prefix=MIXED
// SAME: flag 1
// SAME-NOT: Race reported
// SAME: RACECHECK SUMMARY: 0 hazards displayed
// SAME-NEXT: RACECHECK INFO: {{[1-9][0-9]*}} conflicting accesses wrote identical data (info severity, not hazards; LOOM_RACECHECK_INFO=1 shows them)
// SHOWN: Info: (identical data being written) Race reported between Write access at flag(int*, int) in {{.*}}racecheck_same_value.cu:[[@LINE+23]]
// SHOWN: RACECHECK SUMMARY: 0 hazards displayed
// DIFF: Error: Race reported between Write access at flag(int*, int) in {{.*}}racecheck_same_value.cu:[[@LINE+21]]
// DIFF: RACECHECK SUMMARY: 1 hazard displayed
// MIXED: Error: Race reported between Write access at flag(int*, int) in {{.*}}racecheck_same_value.cu:[[@LINE+19]]
// MIXED: RACECHECK SUMMARY: 1 hazard displayed
#include <cstdio>
#include <cstring>

// Mode 0: every third thread stores 1. Mode 1: each stores its own index.
// Mode 2: thread 1 also stores 7, between thread 0's and thread 3's 1 in
// Loom's order (thread by thread): both conflicts are between different
// values.
__global__ void flag(int *out, int mode) {
  __shared__ int changed;
  if (threadIdx.x == 0)
    changed = 0;
  __syncthreads();
  int v = mode == 1 ? int(threadIdx.x) : 1;
  bool writes = threadIdx.x % 3 == 0 || (mode == 2 && threadIdx.x == 1);
  if (mode == 2 && threadIdx.x == 1)
    v = 7;
  if (writes)
    changed = v; // many threads, one value (mode 0)
  __syncthreads();
  if (threadIdx.x == 0)
    *out = changed;
}

int main(int argc, char **argv) {
  int mode = argc > 1 && !std::strcmp(argv[1], "different") ? 1
             : argc > 1 && !std::strcmp(argv[1], "mixed")   ? 2
                                                              : 0;
  int *out;
  cudaMallocManaged(&out, sizeof(int));
  *out = -1;
  flag<<<1, 64>>>(out, mode);
  cudaDeviceSynchronize();
  std::printf("flag %d\n", *out);
  // Mode 0 must give 1; the others give whichever store came last.
  return mode == 0 && *out != 1 ? 1 : 0;
}

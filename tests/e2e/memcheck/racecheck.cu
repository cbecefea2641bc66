// loomcc -racecheck: shared-memory accesses of different threads in one
// barrier interval conflict when one of them writes (a missing
// __syncthreads()); each pair of sites is reported once, with the threads
// and the line of each access. __syncwarp() orders the threads of a warp
// only. Correct kernels report nothing. Without -racecheck nothing is
// reported (Loom runs the threads in an order that hides each of these).
// RUN: %loomcc -racecheck %s -o %t
// RUN: %t clean 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: %t raw 2>&1 | FileCheck %s --check-prefix=RAW
// RUN: %t waw 2>&1 | FileCheck %s --check-prefix=WAW
// RUN: %t war 2>&1 | FileCheck %s --check-prefix=WAR
// RUN: %t warps 2>&1 | FileCheck %s --check-prefix=WARPS
// RUN: env LOOM_JIT=sync %t raw 2>&1 | FileCheck %s --check-prefix=RAW
// RUN: %t readers 2>&1 | FileCheck %s --check-prefix=READERS
// RUN: env LOOM_RACECHECK=1 %loomcc %s -o %t.env
// RUN: %t.env raw 2>&1 | FileCheck %s --check-prefix=RAW
// CLEAN: clean: ok
// CLEAN-NOT: Race reported
// CLEAN: RACECHECK SUMMARY: 0 hazards displayed
// Thread t reads what thread 63-t writes (another warp): both orders.
// RAW-DAG: Race reported between Read access at reverse(int*, bool) in {{.*}}racecheck.cu:[[#READ:]]
// RAW-DAG: and Write access at reverse(int*, bool) in {{.*}}racecheck.cu:[[#WRITE:]]
// RAW-DAG: Race reported between Write access at reverse(int*, bool) in {{.*}}racecheck.cu:[[#WRITE]]
// RAW-DAG: and Read access at reverse(int*, bool) in {{.*}}racecheck.cu:[[#READ]]
// RAW: RACECHECK SUMMARY: 2 hazards displayed
// WAW: Race reported between Write access at sameWord(int*) in {{.*}}racecheck.cu:[[#WAWLINE:]]
// WAW-NEXT: by thread (0,0,0)
// WAW-NEXT: and Write access at sameWord(int*) in {{.*}}racecheck.cu:[[#WAWLINE]]
// WAW-NEXT: by thread (1,0,0) in block (0,0,0)
// WAW: RACECHECK SUMMARY: 1 hazard displayed
// WAR-DAG: Race reported between Read access at overwrite(int*)
// WAR-DAG: Race reported between Write access at overwrite(int*)
// WAR: RACECHECK SUMMARY: 2 hazards displayed
// WARPS: Race reported between Write access at warpSync(int*, int)
// WARPS-NEXT: by thread (32,0,0)
// WARPS-NEXT: and Read access at warpSync(int*, int)
// WARPS-NEXT: by thread (0,0,0) in block (0,0,0)
// WARPS: RACECHECK SUMMARY: 1 hazard displayed
// Threads 0 and 32 read x, then thread 32 (the last reader) writes it.
// READERS: Race reported between Read access at readThenWrite(int*)
// READERS-NEXT: by thread (0,0,0)
// READERS-NEXT: and Write access at readThenWrite(int*)
// READERS-NEXT: by thread (32,0,0)
// READERS: RACECHECK SUMMARY: 1 hazard displayed
#include <cstdio>
#include <cstring>

__global__ void reverse(int *out, bool sync) {
  __shared__ int tile[64];
  tile[threadIdx.x] = threadIdx.x * 3;
  if (sync)
    __syncthreads();
  out[threadIdx.x] = tile[63 - threadIdx.x];
}

__global__ void sameWord(int *out) {
  __shared__ int word;
  word = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = word;
}

__global__ void overwrite(int *out) {
  __shared__ int tile[64];
  tile[threadIdx.x] = 1;
  __syncthreads();
  int v = tile[(threadIdx.x + 1) % 64];
  tile[threadIdx.x] = v + 1; // overwrites what the thread before reads
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}

// Each thread reads another's element after __syncwarp(): fine inside its
// warp (stride 1, wrapping within the warp), a race across warps (stride 32).
__global__ void warpSync(int *out, int stride) {
  __shared__ int tile[64];
  tile[threadIdx.x] = threadIdx.x;
  __syncwarp();
  unsigned other = stride == 1 ? (threadIdx.x & ~31u) | ((threadIdx.x + 1) & 31u)
                               : (threadIdx.x + stride) % 64;
  out[threadIdx.x] = tile[other];
}

// Threads 0 and 32 (two warps) read x; thread 32 then writes it with no
// __syncthreads() between: a race with thread 0's read, though thread 32
// itself was the last to read x.
__global__ void readThenWrite(int *out) {
  __shared__ int x;
  if (threadIdx.x == 0)
    x = 5;
  __syncthreads();
  int v = (threadIdx.x == 0 || threadIdx.x == 32) ? x : 0;
  __syncwarp();
  if (threadIdx.x == 32)
    x = v + 1;
  __syncthreads();
  out[threadIdx.x] = v;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "clean";
  int *out = nullptr;
  cudaMalloc(&out, 64 * sizeof(int));
  if (!strcmp(mode, "clean")) {
    reverse<<<2, 64>>>(out, true);
    warpSync<<<1, 64>>>(out, 1);
    sameWord<<<1, 1>>>(out);
    readThenWrite<<<1, 32>>>(out);
  } else if (!strcmp(mode, "raw")) {
    reverse<<<2, 64>>>(out, false);
  } else if (!strcmp(mode, "waw")) {
    sameWord<<<1, 64>>>(out);
  } else if (!strcmp(mode, "war")) {
    overwrite<<<1, 64>>>(out);
  } else if (!strcmp(mode, "readers")) {
    readThenWrite<<<1, 64>>>(out);
  } else if (!strcmp(mode, "warps")) {
    warpSync<<<1, 64>>>(out, 32);
  }
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s: %s\n", mode, e == cudaSuccess ? "ok" : cudaGetErrorName(e));
  return e == cudaSuccess ? 0 : 1;
}

// Atomics under real contention between Loom's workers, checked against
// CPU references: a histogram with atomicAdd on shared and global memory
// (few bins, many threads), atomicCAS loops implementing float max and a
// lock-free list push, atomicInc/atomicDec wrap-around, atomics on doubles,
// 16/32/64-bit atomicCAS, signed/unsigned 64-bit min/max, and/or/xor/sub,
// float atomicExch, __half2 and the _block/_system scoped forms.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"
#include <cuda_fp16.h>
#include <algorithm>
#include <climits>
#include <cstring>
#include <set>
#include <utility>
#include <vector>

constexpr int Bins = 8;

__global__ void histogram(const int *data, int n, unsigned *bins) {
  __shared__ unsigned local[Bins];
  for (int b = threadIdx.x; b < Bins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[data[i] % Bins], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < Bins; b += blockDim.x) atomicAdd(&bins[b], local[b]);
  // A second, directly global histogram: maximal contention on 8 words.
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&bins[Bins + data[i] % Bins], 1u);
}

__device__ float atomicMaxFloat(float *addr, float value) {
  int *bits = reinterpret_cast<int *>(addr);
  int old = *bits, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= value) break;
    old = atomicCAS(bits, assumed, __float_as_int(value));
  } while (old != assumed);
  return __int_as_float(old);
}

__global__ void floatMax(const float *in, int n, float *result) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicMaxFloat(result, in[i]);
}

struct Node {
  int value;
  Node *next;
};

// Every thread pushes its own node onto one shared list head.
__global__ void pushAll(Node *pool, Node **head, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Node *node = &pool[i];
  node->value = i;
  unsigned long long *h = reinterpret_cast<unsigned long long *>(head);
  unsigned long long old = *h, assumed;
  do {
    assumed = old;
    node->next = reinterpret_cast<Node *>(assumed);
    __threadfence();
    old = atomicCAS(h, assumed, reinterpret_cast<unsigned long long>(node));
  } while (old != assumed);
}

__global__ void wrapCounters(unsigned *inc, unsigned *dec, unsigned *incOld, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    incOld[i] = atomicInc(inc, 9);    // 0..9 then back to 0
    atomicDec(dec, 4);                // 0 wraps to 4
  }
}

__global__ void doubles(double *sum, double *exch, unsigned long long *casBits, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(sum, 0.5 * i);
    atomicAdd_block(sum + 1, 1.0);
    atomicAdd_system(sum + 2, 2.0);
    atomicExch(reinterpret_cast<unsigned long long *>(exch),
               __double_as_longlong(static_cast<double>(i)));
    // A double via 64-bit CAS: add 1.0 in a loop.
    unsigned long long old = *casBits, assumed;
    do {
      assumed = old;
      old = atomicCAS(casBits, assumed,
                      __double_as_longlong(__longlong_as_double(assumed) + 1.0));
    } while (old != assumed);
  }
}

__global__ void integers(int *i32, unsigned *u32, long long *i64, unsigned long long *u64,
                         unsigned short *u16, float *f, __half2 *h2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = i * 37 % 1001 - 500;
  atomicMin(&i32[0], v);
  atomicMax(&i32[1], v);
  atomicSub(&i32[2], 3);
  atomicAnd(&u32[0], ~(1u << (i % 32)));
  atomicOr(&u32[1], 1u << (i % 32));
  atomicXor(&u32[2], static_cast<unsigned>(i));
  atomicMin_block(&u32[3], static_cast<unsigned>(i + 10));
  atomicMax_system(&u32[4], static_cast<unsigned>(i));
  atomicMin(&i64[0], static_cast<long long>(v) * 100000000000LL);
  atomicMax(&i64[1], static_cast<long long>(v) * 100000000000LL);
  atomicMin(&u64[0], 5000000000ULL + i);
  atomicMax(&u64[1], 5000000000ULL + i);
  atomicAdd(&u64[2], 1ULL << 33);
  atomicExch(&f[0], 1.5f);
  atomicAdd(&f[1], 0.25f);
  // 16-bit CAS: increment a counter held in an unsigned short.
  unsigned short old = *u16, assumed;
  do {
    assumed = old;
    old = atomicCAS(u16, assumed, static_cast<unsigned short>(assumed + 1));
  } while (old != assumed);
  // Half sums stay exact below 2048 (1.0 steps) and 1024 (0.5 steps).
  if (i < 1000) atomicAdd(h2, __halves2half2(__float2half(1.0f), __float2half(0.5f)));
}

int main() {
  const int N = 1 << 16;
  std::vector<int> data(N);
  for (int i = 0; i < N; ++i) data[i] = (i * 7919) % 1000;
  int *dData;
  unsigned *bins;
  CHECK_CUDA(cudaMalloc(&dData, N * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&bins, 2 * Bins * sizeof(unsigned)));
  CHECK_CUDA(cudaMemcpy(dData, data.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  // N fills every gang; N - 5 leaves the last iteration's gangs partly
  // masked (the lane loop with per-lane tests), and a 100-thread block
  // leaves every block's last gang partial.
  for (auto [n, threads] : {std::pair{N, 256}, std::pair{N - 5, 256}, std::pair{N - 5, 100}}) {
    CHECK_CUDA(cudaMemset(bins, 0, 2 * Bins * sizeof(unsigned)));
    histogram<<<32, threads>>>(dData, n, bins);
    CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<unsigned> expect(Bins, 0);
    for (int i = 0; i < n; ++i) ++expect[data[i] % Bins];
    for (int b = 0; b < Bins; ++b) EXPECT(bins[b] == expect[b] && bins[Bins + b] == expect[b]);
  }

  float *in, *fmax;
  CHECK_CUDA(cudaMallocManaged(&in, N * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&fmax, sizeof(float)));
  for (int i = 0; i < N; ++i) in[i] = std::sin(i * 0.001f) * 100.0f - (i % 7);
  *fmax = -1e30f;
  floatMax<<<N / 256, 256>>>(in, N, fmax);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(*fmax == *std::max_element(in, in + N));

  const int Pushes = 20000;
  Node *pool, **head;
  CHECK_CUDA(cudaMallocManaged(&pool, Pushes * sizeof(Node)));
  CHECK_CUDA(cudaMallocManaged(&head, sizeof(Node *)));
  *head = nullptr;
  pushAll<<<(Pushes + 127) / 128, 128>>>(pool, head, Pushes);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::set<int> seen;
  for (Node *p = *head; p; p = p->next) EXPECT(seen.insert(p->value).second);
  EXPECT(static_cast<int>(seen.size()) == Pushes);

  const int W = 1000;
  unsigned *inc, *dec, *incOld;
  CHECK_CUDA(cudaMallocManaged(&inc, sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&dec, sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&incOld, W * sizeof(unsigned)));
  *inc = 0;
  *dec = 0;
  wrapCounters<<<8, 125>>>(inc, dec, incOld, W);
  CHECK_CUDA(cudaDeviceSynchronize());
  // 1000 increments modulo 10 end at 0; each value 0..9 was seen 100 times.
  EXPECT(*inc == 0);
  std::vector<int> counts(10, 0);
  for (int i = 0; i < W; ++i) {
    EXPECT(incOld[i] <= 9);
    ++counts[incOld[i]];
  }
  for (int c : counts) EXPECT(c == 100);
  // Decrement with limit 4 cycles 0 -> 4 -> 3 -> 2 -> 1 -> 0: 1000 % 5 == 0.
  EXPECT(*dec == 0);

  double *sum, *exch;
  unsigned long long *casBits;
  CHECK_CUDA(cudaMallocManaged(&sum, 3 * sizeof(double)));
  CHECK_CUDA(cudaMallocManaged(&exch, sizeof(double)));
  CHECK_CUDA(cudaMallocManaged(&casBits, sizeof(unsigned long long)));
  sum[0] = sum[1] = sum[2] = 0;
  *exch = -1;
  double zero = 0;
  std::memcpy(casBits, &zero, sizeof zero);
  doubles<<<N / 256, 256>>>(sum, exch, casBits, N);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(sum[0] == 0.5 * (double(N) * (N - 1) / 2)); // exact: multiples of 0.5
  EXPECT(sum[1] == N && sum[2] == 2.0 * N);
  EXPECT(*exch >= 0 && *exch < N && *exch == std::floor(*exch));
  double casSum;
  std::memcpy(&casSum, casBits, sizeof casSum);
  EXPECT(casSum == N);

  int *i32;
  unsigned *u32;
  long long *i64;
  unsigned long long *u64;
  unsigned short *u16;
  float *f;
  __half2 *h2;
  CHECK_CUDA(cudaMallocManaged(&i32, 3 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&u32, 5 * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&i64, 2 * sizeof(long long)));
  CHECK_CUDA(cudaMallocManaged(&u64, 3 * sizeof(unsigned long long)));
  CHECK_CUDA(cudaMallocManaged(&u16, sizeof(unsigned short)));
  CHECK_CUDA(cudaMallocManaged(&f, 2 * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&h2, sizeof(__half2)));
  const int M = 4096;
  i32[0] = 1 << 30;
  i32[1] = -(1 << 30);
  i32[2] = 0;
  u32[0] = ~0u;
  u32[1] = 0;
  u32[2] = 0;
  u32[3] = ~0u;
  u32[4] = 0;
  i64[0] = LLONG_MAX;
  i64[1] = LLONG_MIN;
  u64[0] = ~0ULL;
  u64[1] = 0;
  u64[2] = 0;
  *u16 = 0;
  f[0] = 0;
  f[1] = 0;
  *h2 = __halves2half2(__float2half(0.0f), __float2half(0.0f));
  integers<<<M / 128, 128>>>(i32, u32, i64, u64, u16, f, h2, M);
  CHECK_CUDA(cudaDeviceSynchronize());
  int lo = 1 << 30, hi = -(1 << 30);
  unsigned x = 0;
  for (int i = 0; i < M; ++i) {
    int v = i * 37 % 1001 - 500;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    x ^= static_cast<unsigned>(i);
  }
  EXPECT(i32[0] == lo && i32[1] == hi && i32[2] == -3 * M);
  EXPECT(u32[0] == 0 && u32[1] == ~0u && u32[2] == x && u32[3] == 10 && u32[4] == M - 1);
  EXPECT(i64[0] == lo * 100000000000LL && i64[1] == hi * 100000000000LL);
  EXPECT(u64[0] == 5000000000ULL && u64[1] == 5000000000ULL + M - 1);
  EXPECT(u64[2] == (unsigned long long)M << 33);
  EXPECT(*u16 == M);
  EXPECT(f[0] == 1.5f && f[1] == 0.25f * M);
  EXPECT(__low2float(*h2) == 1000.0f && __high2float(*h2) == 500.0f);
  std::printf("PASSED\n");
  return 0;
}

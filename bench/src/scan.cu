// Exclusive prefix sum of ints: work-efficient (Blelloch) block scan in shared
// memory, per-block sums scanned recursively, then block offsets added
// (GPU Gems 3, ch. 39). Bandwidth bound.
#include <cuda_runtime.h>
#include "bench_common.h"

#define SCAN_THREADS 256
#define SCAN_ELEMS (2 * SCAN_THREADS)

__global__ void scanBlock(const int *in, int *out, int *blockSums, int n) {
  __shared__ int tmp[SCAN_ELEMS];
  const int tid = threadIdx.x, base = blockIdx.x * SCAN_ELEMS;
  const int ai = tid, bi = tid + SCAN_THREADS;
  tmp[ai] = base + ai < n ? in[base + ai] : 0;
  tmp[bi] = base + bi < n ? in[base + bi] : 0;
  int offset = 1;
  for (int d = SCAN_ELEMS >> 1; d > 0; d >>= 1) { // up-sweep
    __syncthreads();
    if (tid < d) {
      int a = offset * (2 * tid + 1) - 1, b = offset * (2 * tid + 2) - 1;
      tmp[b] += tmp[a];
    }
    offset <<= 1;
  }
  if (tid == 0) {
    if (blockSums) blockSums[blockIdx.x] = tmp[SCAN_ELEMS - 1];
    tmp[SCAN_ELEMS - 1] = 0;
  }
  for (int d = 1; d < SCAN_ELEMS; d <<= 1) { // down-sweep
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int a = offset * (2 * tid + 1) - 1, b = offset * (2 * tid + 2) - 1;
      int t = tmp[a];
      tmp[a] = tmp[b];
      tmp[b] += t;
    }
  }
  __syncthreads();
  if (base + ai < n) out[base + ai] = tmp[ai];
  if (base + bi < n) out[base + bi] = tmp[bi];
}

__global__ void addOffsets(int *out, const int *offsets, int n) {
  const int base = blockIdx.x * SCAN_ELEMS, add = offsets[blockIdx.x];
  if (base + threadIdx.x < n) out[base + threadIdx.x] += add;
  if (base + threadIdx.x + SCAN_THREADS < n) out[base + threadIdx.x + SCAN_THREADS] += add;
}

struct ScanLevels { int *sums[4]; int *scanned[4]; };

static void scan(const int *in, int *out, int n, ScanLevels &lv, int level) {
  const int blocks = (n + SCAN_ELEMS - 1) / SCAN_ELEMS;
  if (blocks == 1) { scanBlock<<<1, SCAN_THREADS>>>(in, out, nullptr, n); return; }
  scanBlock<<<blocks, SCAN_THREADS>>>(in, out, lv.sums[level], n);
  scan(lv.sums[level], lv.scanned[level], blocks, lv, level + 1);
  addOffsets<<<blocks, SCAN_THREADS>>>(out, lv.scanned[level], n);
}

int main() {
  const int n = 1 << 23, iters = 10;
  std::vector<int> hin(n), hout(n);
  BenchRng rng(4);
  for (int i = 0; i < n; ++i) hin[i] = (int)rng.below(10);
  int *in, *out;
  CUDA_CHECK(cudaMalloc(&in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&out, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(in, hin.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  ScanLevels lv{};
  for (int l = 0, m = n; l < 4; ++l) {
    m = (m + SCAN_ELEMS - 1) / SCAN_ELEMS;
    CUDA_CHECK(cudaMalloc(&lv.sums[l], m * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&lv.scanned[l], m * sizeof(int)));
  }
  scan(in, out, n, lv, 0); // warm-up
  KERNEL_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  double t0 = bench_now_ms();
  for (int it = 0; it < iters; ++it) scan(in, out, n, lv, 0);
  CUDA_CHECK(cudaDeviceSynchronize());
  double ms = (bench_now_ms() - t0) / iters;
  KERNEL_CHECK();
  CUDA_CHECK(cudaMemcpy(hout.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
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

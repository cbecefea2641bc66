// CUB 1.17 (Debian's libcub-dev, /usr/include/cub) against CPU references:
// the block-level collectives cub::BlockReduce and cub::BlockScan (inclusive
// and exclusive, with a block aggregate), the warp-level cub::WarpReduce
// (full and segmented by a valid-item count), and the device-wide
// cub::DeviceReduce::Sum / Max and cub::DeviceScan::InclusiveSum /
// ExclusiveSum with CUB's two-phase temporary storage (a first call with a
// null buffer asks for the size).
// REQUIRES: thrust
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include <cub/cub.cuh>

#include <cstdio>
#include <vector>

#include "../Inputs/check.h"

constexpr int kBlock = 128, kItems = 4;

// One tile of kBlock * kItems ints per block: its sum, and its inclusive and
// exclusive prefix sums.
__global__ void blockCollectives(const int *in, int *sums, int *incl, int *excl, int *aggr) {
  using Reduce = cub::BlockReduce<int, kBlock>;
  using Scan = cub::BlockScan<int, kBlock>;
  __shared__ union {
    typename Reduce::TempStorage reduce;
    typename Scan::TempStorage scan;
  } temp;
  int items[kItems];
  int base = blockIdx.x * kBlock * kItems + threadIdx.x * kItems;
  for (int i = 0; i < kItems; ++i)
    items[i] = in[base + i];
  int sum = Reduce(temp.reduce).Sum(items);
  if (threadIdx.x == 0)
    sums[blockIdx.x] = sum;
  __syncthreads();
  int out[kItems];
  Scan(temp.scan).InclusiveSum(items, out);
  for (int i = 0; i < kItems; ++i)
    incl[base + i] = out[i];
  __syncthreads();
  int aggregate;
  Scan(temp.scan).ExclusiveSum(items, out, aggregate);
  for (int i = 0; i < kItems; ++i)
    excl[base + i] = out[i];
  if (threadIdx.x == kBlock - 1)
    aggr[blockIdx.x] = aggregate;
}

// Each warp: the sum of its 32 values, the maximum of its lanes' values,
// and the sum of the first `valid` lanes (a partial tile).
__global__ void warpReduce(const int *in, int *out, int valid) {
  using WarpReduce = cub::WarpReduce<int>;
  __shared__ typename WarpReduce::TempStorage temp[kBlock / 32];
  int warp = threadIdx.x / 32;
  int x = in[blockIdx.x * kBlock + threadIdx.x];
  int sum = WarpReduce(temp[warp]).Sum(x);
  __syncwarp();
  int mx = WarpReduce(temp[warp]).Reduce(x, cub::Max());
  __syncwarp();
  int part = WarpReduce(temp[warp]).Sum(x, valid);
  if (threadIdx.x % 32 == 0) {
    int w = blockIdx.x * (kBlock / 32) + warp;
    out[3 * w] = sum;
    out[3 * w + 1] = mx;
    out[3 * w + 2] = part;
  }
}

int main() {
  const int blocks = 5, n = blocks * kBlock * kItems;
  std::vector<int> h(n);
  unsigned s = 12345;
  for (int &x : h) {
    s = s * 1664525u + 1013904223u;
    x = int(s >> 16) % 2001 - 1000;
  }
  int *in, *sums, *incl, *excl, *aggr, *wout;
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&sums, blocks * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&incl, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&excl, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&aggr, blocks * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&wout, 3 * n / 32 * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  // Block collectives.
  blockCollectives<<<blocks, kBlock>>>(in, sums, incl, excl, aggr);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> hs(blocks), hi(n), he(n), ha(blocks);
  CHECK_CUDA(cudaMemcpy(hs.data(), sums, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(hi.data(), incl, n * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(he.data(), excl, n * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(ha.data(), aggr, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    int acc = 0;
    for (int i = b * kBlock * kItems; i < (b + 1) * kBlock * kItems; ++i) {
      EXPECT(he[i] == acc);
      acc += h[i];
      EXPECT(hi[i] == acc);
    }
    EXPECT(hs[b] == acc);
    EXPECT(ha[b] == acc);
  }

  // Warp reductions.
  const int valid = 19, warps = n / 32;
  warpReduce<<<n / kBlock, kBlock>>>(in, wout, valid);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> hw(3 * warps);
  CHECK_CUDA(cudaMemcpy(hw.data(), wout, hw.size() * sizeof(int), cudaMemcpyDeviceToHost));
  for (int w = 0; w < warps; ++w) {
    int sum = 0, mx = h[32 * w], part = 0;
    for (int l = 0; l < 32; ++l) {
      sum += h[32 * w + l];
      mx = std::max(mx, h[32 * w + l]);
      if (l < valid)
        part += h[32 * w + l];
    }
    EXPECT(hw[3 * w] == sum);
    EXPECT(hw[3 * w + 1] == mx);
    EXPECT(hw[3 * w + 2] == part);
  }

  // Device-wide algorithms over more items than one tile, two-phase.
  const int m = 70001;
  std::vector<int> hm(m);
  for (int i = 0; i < m; ++i)
    hm[i] = h[i % n] + i % 7;
  int *dm, *dout, *dscan;
  CHECK_CUDA(cudaMalloc(&dm, m * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dout, sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dscan, m * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(dm, hm.data(), m * sizeof(int), cudaMemcpyHostToDevice));
  void *temp = nullptr;
  size_t bytes = 0;
  CHECK_CUDA(cub::DeviceReduce::Sum(temp, bytes, dm, dout, m));
  EXPECT(bytes > 0);
  CHECK_CUDA(cudaMalloc(&temp, bytes));
  CHECK_CUDA(cub::DeviceReduce::Sum(temp, bytes, dm, dout, m));
  int total = 0, hmax = hm[0], got;
  for (int x : hm) {
    total += x;
    hmax = std::max(hmax, x);
  }
  CHECK_CUDA(cudaMemcpy(&got, dout, sizeof(int), cudaMemcpyDeviceToHost));
  EXPECT(got == total);
  CHECK_CUDA(cudaFree(temp));
  temp = nullptr;
  CHECK_CUDA(cub::DeviceReduce::Max(temp, bytes, dm, dout, m));
  CHECK_CUDA(cudaMalloc(&temp, bytes));
  CHECK_CUDA(cub::DeviceReduce::Max(temp, bytes, dm, dout, m));
  CHECK_CUDA(cudaMemcpy(&got, dout, sizeof(int), cudaMemcpyDeviceToHost));
  EXPECT(got == hmax);
  CHECK_CUDA(cudaFree(temp));

  std::vector<int> hscan(m);
  for (int exclusive = 0; exclusive < 2; ++exclusive) {
    temp = nullptr;
    bytes = 0;
    if (exclusive)
      CHECK_CUDA(cub::DeviceScan::ExclusiveSum(temp, bytes, dm, dscan, m));
    else
      CHECK_CUDA(cub::DeviceScan::InclusiveSum(temp, bytes, dm, dscan, m));
    EXPECT(bytes > 0);
    CHECK_CUDA(cudaMalloc(&temp, bytes));
    if (exclusive)
      CHECK_CUDA(cub::DeviceScan::ExclusiveSum(temp, bytes, dm, dscan, m));
    else
      CHECK_CUDA(cub::DeviceScan::InclusiveSum(temp, bytes, dm, dscan, m));
    CHECK_CUDA(cudaMemcpy(hscan.data(), dscan, m * sizeof(int), cudaMemcpyDeviceToHost));
    int acc = 0;
    for (int i = 0; i < m; ++i) {
      if (exclusive)
        EXPECT(hscan[i] == acc);
      acc += hm[i];
      if (!exclusive)
        EXPECT(hscan[i] == acc);
    }
    CHECK_CUDA(cudaFree(temp));
  }
  std::printf("PASSED\n");
  return 0;
}

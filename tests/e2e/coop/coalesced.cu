// coalesced_threads() in divergent code. (a) The classic warp-aggregated
// atomic increment inside `if (data[i] > threshold)`: rank 0 of the
// coalesced group adds the group's size to the counter, shfl broadcasts the
// base, every selected element gets a unique slot. (b) Everything a
// coalesced_group offers, checked against a CPU model of the active lanes:
// size, thread_rank, ballot/any/all/match_any (in group ranks), shfl,
// shfl_up, shfl_down, cg::reduce, cg::inclusive/exclusive_scan, and the
// partitions of a coalesced group (tiled_partition(g, 4), binary_partition,
// labeled_partition). Blocks of 80 end in a partial warp.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 80 | FileCheck %s
// RUN: %t 48 | FileCheck %s
// RUN: %t 100 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 80 | FileCheck %s
// CHECK: aggregated atomics PASSED
// CHECK: coalesced group PASSED
#include "../Inputs/check.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <algorithm>
#include <vector>

namespace cg = cooperative_groups;

__device__ int atomicAggInc(int *counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  int base;
  if (active.thread_rank() == 0)
    base = atomicAdd(counter, (int)active.size());
  return active.shfl(base, 0) + active.thread_rank();
}

__global__ void filter(const int *data, int n, int threshold, int *counter, int *slot,
                       int *dst) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int s = -1;
  if (data[i] > threshold) {
    s = atomicAggInc(counter);
    dst[s] = i;
  }
  slot[i] = s;
}

struct Info {
  int size, rank, any, all, sum, mn, incl, excl, up, down, last, first;
  unsigned ballot, match;
  int quadSize, quadRank, quadMeta, quadMetaSize, quadSum;
  int paritySize, parityRank, labelSize, labelSum;
};

__global__ void groups(const int *data, int threshold, Info *out) {
  int t = threadIdx.x;
  int x = data[t];
  Info o = {};
  o.size = -1;
  if (x > threshold) {
    cg::coalesced_group g = cg::coalesced_threads();
    o.size = g.size();
    o.rank = g.thread_rank();
    o.ballot = g.ballot(x & 1);
    o.any = g.any(x == 17);
    o.all = g.all(x > threshold);
    o.match = g.match_any(x % 3);
    o.sum = cg::reduce(g, x, cg::plus<int>());
    o.mn = cg::reduce(g, x, cg::less<int>());
    o.incl = cg::inclusive_scan(g, x);
    o.excl = cg::exclusive_scan(g, x);
    o.up = g.shfl_up(x, 2);
    o.down = g.shfl_down(x, 3);
    o.last = g.shfl(x, g.size() - 1);
    o.first = g.shfl(t * 1.5, 0) == 0 ? -7 : (int)g.shfl(t * 1.5, 0); // double shuffle
    cg::coalesced_group quad = cg::tiled_partition(g, 4);
    o.quadSize = quad.size();
    o.quadRank = quad.thread_rank();
    o.quadMeta = quad.meta_group_rank();
    o.quadMetaSize = quad.meta_group_size();
    o.quadSum = cg::reduce(quad, x, cg::plus<int>());
    cg::coalesced_group parity = cg::binary_partition(g, x & 1);
    o.paritySize = parity.size();
    o.parityRank = parity.thread_rank();
    cg::coalesced_group label = cg::labeled_partition(g, x % 3);
    o.labelSize = label.size();
    o.labelSum = cg::reduce(label, x, cg::plus<int>());
    g.sync();
  }
  out[t] = o;
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 256);
  const int n = 20000, threshold = 8;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = (int)((i * 2654435761u) >> 7) % 20;
  int *data, *counter, *slot, *dst;
  CHECK_CUDA(cudaMallocManaged(&data, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&counter, sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&slot, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&dst, n * sizeof(int)));
  std::copy(h.begin(), h.end(), data);
  *counter = 0;
  int blocks = (n + threads - 1) / threads;
  filter<<<blocks, threads>>>(data, n, threshold, counter, slot, dst);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  int selected = 0;
  std::vector<int> seen(n, 0);
  for (int i = 0; i < n; ++i) {
    if (h[i] > threshold) {
      ++selected;
      EXPECT(slot[i] >= 0 && slot[i] < n);
      EXPECT(seen[slot[i]]++ == 0);
      EXPECT(dst[slot[i]] == i);
    } else {
      EXPECT(slot[i] == -1);
    }
  }
  EXPECT(*counter == selected);
  std::printf("aggregated atomics PASSED (%d of %d)\n", selected, n);

  Info *info;
  CHECK_CUDA(cudaMallocManaged(&info, threads * sizeof(Info)));
  groups<<<1, threads>>>(data, threshold, info);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int w = 0; w * 32 < threads; ++w) {
    std::vector<int> lanes; // threads of this warp in the branch, lane order
    for (int t = w * 32; t < std::min(threads, w * 32 + 32); ++t)
      if (h[t] > threshold)
        lanes.push_back(t);
    int sz = lanes.size();
    for (int r = 0; r < sz; ++r) {
      const Info &o = info[lanes[r]];
      int x = h[lanes[r]];
      int sum = 0, mn = 1 << 30, incl = 0, any = 0, quadSum = 0, paritySize = 0,
          parityRank = 0, labelSize = 0, labelSum = 0;
      unsigned ballot = 0, match = 0;
      for (int k = 0; k < sz; ++k) {
        int y = h[lanes[k]];
        sum += y;
        mn = std::min(mn, y);
        if (k <= r)
          incl += y;
        any |= y == 17;
        if (y & 1)
          ballot |= 1u << k;
        if (y % 3 == x % 3) {
          match |= 1u << k;
          ++labelSize;
          labelSum += y;
        }
        if (k / 4 == r / 4)
          quadSum += y;
        if ((y & 1) == (x & 1)) {
          ++paritySize;
          parityRank += k < r;
        }
      }
      EXPECT(o.size == sz);
      EXPECT(o.rank == r);
      EXPECT(o.ballot == ballot);
      EXPECT(o.any == any);
      EXPECT(o.all == 1);
      EXPECT(o.match == match);
      EXPECT(o.sum == sum);
      EXPECT(o.mn == mn);
      EXPECT(o.incl == incl);
      EXPECT(o.excl == incl - x);
      EXPECT(o.up == (r >= 2 ? h[lanes[r - 2]] : x));
      EXPECT(o.down == (r + 3 < sz ? h[lanes[r + 3]] : x));
      EXPECT(o.last == h[lanes[sz - 1]]);
      EXPECT(o.first == (lanes[0] == 0 ? -7 : (int)(lanes[0] * 1.5)));
      EXPECT(o.quadSize == std::min(4, sz - r / 4 * 4));
      EXPECT(o.quadRank == r % 4);
      EXPECT(o.quadMeta == r / 4);
      EXPECT(o.quadMetaSize == (sz + 3) / 4);
      EXPECT(o.quadSum == quadSum);
      EXPECT(o.paritySize == paritySize);
      EXPECT(o.parityRank == parityRank);
      EXPECT(o.labelSize == labelSize);
      EXPECT(o.labelSum == labelSum);
    }
  }
  for (int t = 0; t < threads; ++t)
    if (h[t] <= threshold)
      EXPECT(info[t].size == -1);
  std::printf("coalesced group PASSED\n");
  return 0;
}

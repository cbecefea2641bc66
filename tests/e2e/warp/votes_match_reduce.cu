// Votes, ballots (with __popc: counts and the stream-compaction rank idiom),
// active masks, match and __reduce_*_sync, including divergent code where
// only some lanes take part and a partial last warp.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <algorithm>

struct Out {
  unsigned ballot, activeOdd, matchAny, matchAll;
  int all, any, uni, pred;
  int radd, rmin, rmax;
  unsigned rand_, ror, rxor, legacyBallot;
  int legacyAny;
  int positives, rank;
};

__global__ void warpOps(const int *in, Out *out) {
  int t = threadIdx.x, lane = t % 32;
  int x = in[t];
  Out &o = out[t];
  o.ballot = __ballot_sync(0xffffffffu, x > 0);
  o.all = __all_sync(0xffffffffu, x > -1000);
  o.any = __any_sync(0xffffffffu, x > 1000);
  o.uni = __uni_sync(0xffffffffu, x & 1);
  o.activeOdd = 0;
  if (lane & 1)
    o.activeOdd = __activemask(); // only odd lanes are here
  o.matchAny = __match_any_sync(0xffffffffu, x % 4);
  o.matchAll = __match_all_sync(0xffffffffu, t / 32, &o.pred);
  o.radd = __reduce_add_sync(0xffffffffu, x);
  o.rmin = __reduce_min_sync(0xffffffffu, x);
  o.rmax = __reduce_max_sync(0xffffffffu, x);
  o.rand_ = __reduce_and_sync(0xffffffffu, (unsigned)x | 0xf0u);
  o.ror = __reduce_or_sync(0xffffffffu, 1u << (lane % 8));
  o.rxor = __reduce_xor_sync(0xffffffffu, (unsigned)lane);
  o.legacyBallot = __ballot(x > 0);
  o.legacyAny = __any(x == 7);
  unsigned positive = __ballot_sync(0xffffffffu, x > 0);
  o.positives = __popc(positive);
  o.rank = __popc(positive & ((1u << lane) - 1u)); // positives in lower lanes
}

int main() {
  const int n = 80; // two full warps and a partial one (16 lanes)
  int *in;
  Out *out;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(Out)));
  for (int t = 0; t < n; ++t)
    in[t] = (t * 37) % 23 - 11;
  warpOps<<<1, n>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < n; ++t) {
    int w = t / 32, lane = t % 32, first = w * 32, last = std::min(n, first + 32);
    unsigned present = last - first == 32 ? 0xffffffffu : (1u << (last - first)) - 1;
    unsigned ballot = 0, any = 0, odd = 0, match = 0, rand_ = ~0u, ror = 0, rxor = 0;
    int all = 1, sum = 0, mn = 1 << 30, mx = -(1 << 30), ones = 0, seven = 0;
    for (int j = first; j < last; ++j) {
      int x = in[j], l = j - first;
      if (x > 0)
        ballot |= 1u << l;
      all &= x > -1000;
      any |= x > 1000;
      seven |= x == 7;
      ones += x & 1;
      if (l & 1)
        odd |= 1u << l;
      if (x % 4 == in[t] % 4)
        match |= 1u << l;
      sum += x;
      mn = std::min(mn, x);
      mx = std::max(mx, x);
      rand_ &= (unsigned)x | 0xf0u;
      ror |= 1u << (l % 8);
      rxor ^= (unsigned)l;
    }
    const Out &o = out[t];
    EXPECT(o.ballot == ballot && o.legacyBallot == ballot);
    EXPECT(o.all == 1 && o.any == 0);
    EXPECT(o.uni == (ones == 0 || ones == last - first));
    EXPECT(o.activeOdd == ((lane & 1) ? odd : 0u));
    EXPECT(o.matchAny == match);
    EXPECT(o.matchAll == present && o.pred == 1);
    EXPECT(o.radd == sum && o.rmin == mn && o.rmax == mx);
    EXPECT(o.rand_ == rand_ && o.ror == ror && o.rxor == rxor);
    EXPECT(o.legacyAny == seven);
    EXPECT(o.positives == __builtin_popcount(ballot));
    EXPECT(o.rank == __builtin_popcount(ballot & ((1u << lane) - 1u)));
  }
  std::printf("PASSED\n");
  return 0;
}

// Votes on thread_block_tile<N> for N = 8, 16, 32: ballot (bits in tile
// ranks), any, all, match_any, match_all, with int, float, long long and
// double values; shuffles of every 4/8-byte type and of a 12-byte struct.
// 80 threads end in a partial warp (tile<32> then has 16 threads; tiles of
// 8 and 16 stay whole).
// RUN: %loomcc %s -o %t
// RUN: %t 80 | FileCheck %s
// RUN: %t 256 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 80 | FileCheck %s
// CHECK: votes8 PASSED
// CHECK: votes16 PASSED
// CHECK: votes32 PASSED
// CHECK: types PASSED
#include "../Inputs/check.h"
#include <cooperative_groups.h>
#include <algorithm>

namespace cg = cooperative_groups;

struct Votes {
  unsigned ballot, matchInt, matchLL, matchF, matchAllMask, matchAllD;
  int any, all, allPred, allPredD;
};

template <unsigned N> __global__ void votes(const int *in, Votes *out) {
  auto tile = cg::tiled_partition<N>(cg::this_thread_block());
  unsigned t = cg::this_thread_block().thread_rank();
  int x = in[t];
  Votes v;
  v.ballot = tile.ballot(x > 3);
  v.any = tile.any(x == 5);
  v.all = tile.all(x >= 0);
  v.matchInt = tile.match_any(x % 3);
  v.matchLL = tile.match_any((long long)(x % 2) << 40);
  v.matchF = tile.match_any((float)(x / 4));
  v.matchAllMask = tile.match_all(t / N, v.allPred); // same in the whole tile
  v.matchAllD = tile.match_all(x * 0.5, v.allPredD);
  out[t] = v;
}

struct Triple {
  int a;
  float b;
  short c;
};

__global__ void types(int *ok) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int r = tile.thread_rank();
  int good = 1;
  good &= tile.shfl(3u * r, 7) == 21u;
  good &= tile.shfl(0.25f * r, 9) == 2.25f;
  good &= tile.shfl((long long)r << 35, 4) == 4ll << 35;
  good &= tile.shfl_down((unsigned long long)r << 40, 1) ==
          (unsigned long long)(r < 31 ? r + 1 : r) << 40;
  good &= tile.shfl_xor(r * 1.0 / 3, 1) == (r ^ 1) * 1.0 / 3;
  good &= tile.shfl_up((long)r * 3, 4) == (long)(r >= 4 ? r - 4 : r) * 3;
  good &= tile.shfl((short)(r - 20), 5) == (short)-15;
  Triple tr = {r, r * 0.5f, (short)(-r)};
  Triple got = tile.shfl_xor(tr, 3);
  good &= got.a == (r ^ 3) && got.b == (r ^ 3) * 0.5f && got.c == (short)-(r ^ 3);
  ok[cg::this_thread_block().thread_rank()] = good;
}

template <unsigned N> void run(int threads, int *in, Votes *out) {
  votes<N><<<1, threads>>>(in, out);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < threads; ++t) {
    int first = t / N * N, last = std::min(threads, first + (int)N), x = in[t];
    // A tile cut short by the end of the block: CUDA leaves its votes
    // undefined (an H200's tile.all counts the missing threads).
    if (last - first != (int)N)
      continue;
    unsigned ballot = 0, mi = 0, ml = 0, mf = 0, present = 0;
    int any = 0, all = 1, sameD = 1;
    for (int j = first; j < last; ++j) {
      int y = in[j];
      unsigned bit = 1u << (j - first);
      present |= bit;
      if (y > 3)
        ballot |= bit;
      any |= y == 5;
      all &= y >= 0;
      if (y % 3 == x % 3)
        mi |= bit;
      if (y % 2 == x % 2)
        ml |= bit;
      if (y / 4 == x / 4)
        mf |= bit;
      sameD &= y == in[first];
    }
    const Votes &v = out[t];
    EXPECT(v.ballot == ballot);
    EXPECT(v.any == any);
    EXPECT(v.all == all);
    EXPECT(v.matchInt == mi);
    EXPECT(v.matchLL == ml);
    EXPECT(v.matchF == mf);
    EXPECT(v.allPred == 1);
    EXPECT(v.matchAllMask == present);
    EXPECT(v.allPredD == sameD);
    EXPECT(v.matchAllD == (sameD ? present : 0u));
  }
  std::printf("votes%u PASSED\n", N);
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 80);
  int *in;
  Votes *out;
  CHECK_CUDA(cudaMallocManaged(&in, threads * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, threads * sizeof(Votes)));
  for (int t = 0; t < threads; ++t)
    in[t] = (t * 7) % 11;
  for (int t = 8; t < 16 && t < threads; ++t) // one tile of 8 with equal values
    in[t] = 4;
  run<8>(threads, in, out);
  run<16>(threads, in, out);
  run<32>(threads, in, out);
  int *ok; // one per launched thread (whole warps), found by loomcc -memcheck
  CHECK_CUDA(cudaMallocManaged(&ok, (threads + 31) / 32 * 32 * sizeof(int)));
  types<<<1, (threads + 31) / 32 * 32>>>(ok);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < (threads + 31) / 32 * 32 && t < threads; ++t)
    EXPECT(ok[t] == 1);
  std::printf("types PASSED\n");
  return 0;
}

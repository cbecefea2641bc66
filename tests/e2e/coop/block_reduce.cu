// Block reduction with cooperative groups: thread_block, tiled_partition<32>,
// cg::reduce (plus, less, greater, bit_and/or/xor) over int, unsigned,
// float, double and long long, tile leaders combining through shared memory
// after thread_block::sync() / cg::sync(block). Blocks of 256 and 1024, 80
// (a partial last warp: cg::reduce uses the 16 threads that exist) and a 2D
// block; thread_block's index and dimension queries.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 80 | FileCheck %s
// RUN: %t 48 | FileCheck %s
// RUN: %t 100 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 96 | FileCheck %s
// CHECK: sum PASSED
// CHECK: ops PASSED
// CHECK: queries PASSED
#include "../Inputs/check.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <algorithm>
#include <vector>

namespace cg = cooperative_groups;

__global__ void blockSum(const float *in, float *out, int n) {
  __shared__ float partial[32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int i = block.group_index().x * block.size() + block.thread_rank();
  float v = cg::reduce(warp, i < n ? in[i] : 0.0f, cg::plus<float>());
  if (warp.thread_rank() == 0)
    partial[warp.meta_group_rank()] = v;
  block.sync();
  if (warp.meta_group_rank() == 0) {
    unsigned tiles = warp.meta_group_size();
    v = cg::reduce(warp, warp.thread_rank() < tiles ? partial[warp.thread_rank()] : 0.0f,
                   cg::plus<float>());
    if (block.thread_rank() == 0)
      out[blockIdx.x] = v;
  }
}

struct Ops {
  int sum, mn, mx;
  unsigned band, bor, bxor;
  double dsum;
  long long lmax;
  int lambdaSum;
};

__global__ void tileOps(const int *in, Ops *out) {
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  int x = in[block.thread_rank()];
  Ops o;
  o.sum = cg::reduce(tile, x, cg::plus<int>());
  o.mn = cg::reduce(tile, x, cg::less<int>());
  o.mx = cg::reduce(tile, x, cg::greater<int>());
  o.band = cg::reduce(tile, (unsigned)x | 0xff00u, cg::bit_and<unsigned>());
  o.bor = cg::reduce(tile, 1u << (x & 31), cg::bit_or<unsigned>());
  o.bxor = cg::reduce(tile, (unsigned)x * 2654435761u, cg::bit_xor<unsigned>());
  o.dsum = cg::reduce(tile, x * 0.5, cg::plus<double>());
  o.lmax = cg::reduce(tile, (long long)x << 34, cg::greater<long long>());
  o.lambdaSum = cg::reduce(tile, x, [](int a, int b) { return a + b; });
  cg::sync(block); // a block-wide sync between the two halves of the work
  out[block.thread_rank()] = o;
}

__global__ void queries(int *out) {
  cg::thread_block b = cg::this_thread_block();
  dim3 gi = b.group_index(), ti = b.thread_index(), dt = b.dim_threads(), gd = b.group_dim();
  int ok = gi.x == blockIdx.x && gi.y == blockIdx.y && ti.x == threadIdx.x &&
           ti.y == threadIdx.y && ti.z == threadIdx.z && dt.x == blockDim.x &&
           dt.y == blockDim.y && dt.z == blockDim.z && gd.x == blockDim.x &&
           b.size() == blockDim.x * blockDim.y * blockDim.z && b.num_threads() == b.size() &&
           b.thread_rank() == threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z) &&
           cg::thread_block::thread_rank() == b.thread_rank();
  int block = blockIdx.x + gridDim.x * blockIdx.y;
  out[block * b.size() + b.thread_rank()] = ok;
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 256);
  const int n = 100000;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i % 17) * 0.25f;
  int blocks = (n + threads - 1) / threads;
  float *din, *dout;
  CHECK_CUDA(cudaMalloc(&din, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dout, blocks * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(din, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  blockSum<<<blocks, threads>>>(din, dout, n);
  std::vector<float> out(blocks);
  CHECK_CUDA(cudaMemcpy(out.data(), dout, blocks * sizeof(float), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    double ref = 0;
    for (int i = b * threads; i < std::min(n, (b + 1) * threads); ++i)
      ref += in[i];
    EXPECT(close(out[b], ref, 1e-5));
  }
  std::printf("sum PASSED\n");

  int *dx;
  Ops *dops;
  CHECK_CUDA(cudaMallocManaged(&dx, threads * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&dops, threads * sizeof(Ops)));
  for (int t = 0; t < threads; ++t)
    dx[t] = (t * 37) % 101 - 50;
  tileOps<<<1, threads>>>(dx, dops);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < threads; ++t) {
    int first = t / 32 * 32, last = std::min(threads, first + 32);
    int sum = 0, mn = 1 << 30, mx = -(1 << 30);
    unsigned band = ~0u, bor = 0, bxor = 0;
    long long lmax = -(1ll << 62);
    for (int j = first; j < last; ++j) {
      int x = dx[j];
      sum += x;
      mn = std::min(mn, x);
      mx = std::max(mx, x);
      band &= (unsigned)x | 0xff00u;
      bor |= 1u << (x & 31);
      bxor ^= (unsigned)x * 2654435761u;
      lmax = std::max(lmax, (long long)x << 34);
    }
    const Ops &o = dops[t];
    EXPECT(o.sum == sum);
    EXPECT(o.mn == mn);
    EXPECT(o.mx == mx);
    EXPECT(o.band == band);
    EXPECT(o.bor == bor);
    EXPECT(o.bxor == bxor);
    EXPECT(o.dsum == sum * 0.5);
    EXPECT(o.lmax == lmax);
    EXPECT(o.lambdaSum == sum);
  }
  std::printf("ops PASSED\n");

  dim3 block2d(threads / 16 > 0 ? 16 : 1, threads / 16 > 0 ? threads / 16 : threads);
  dim3 grid2d(3, 2);
  int per = block2d.x * block2d.y * block2d.z;
  int *dq;
  CHECK_CUDA(cudaMallocManaged(&dq, 6 * per * sizeof(int)));
  queries<<<grid2d, block2d>>>(dq);
  CHECK_CUDA(cudaGetLastError());
  dim3 block3d(4, std::max(1, threads / 32), 8);
  int per3 = block3d.x * block3d.y * block3d.z;
  int *dq3;
  CHECK_CUDA(cudaMallocManaged(&dq3, per3 * sizeof(int)));
  queries<<<1, block3d>>>(dq3);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < 6 * per; ++i)
    EXPECT(dq[i] == 1);
  for (int i = 0; i < per3; ++i)
    EXPECT(dq3[i] == 1);
  std::printf("queries PASSED\n");
  return 0;
}

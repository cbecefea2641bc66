// Counter atomics aggregated per block (VectorizeKernels' block atomics:
// one atomicAdd per block, a barrier collects the gangs' counts) and the
// compress-store of `out[atomicAdd(&count, 1)] = v`, against host
// references on random data: stream compaction with 1D, 2D and 3D blocks,
// rows of partial gangs (100 and 33 threads), an empty block, a counter
// advanced by a per-thread amount whose old values must tile [0, total)
// without overlap, and a 64-bit counter.
// tests/vectorization/global_atomics.test checks that the block
// aggregation and the compress-store happen.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: compact 1d PASSED
// CHECK: compact 2d PASSED
// CHECK: compact 3d PASSED
// CHECK: compact partial PASSED
// CHECK: compact odd PASSED
// CHECK: compact none PASSED
// CHECK: varying amounts PASSED
// CHECK: 64-bit PASSED
#include "Inputs/check.h"
#include <algorithm>

__global__ void compact(const int *in, int n, int *out, int *count) {
  int b = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  int i = b * (blockDim.x * blockDim.y * blockDim.z) + t;
  if (i < n && (in[i] & 3) != 0)
    out[atomicAdd(count, 1)] = in[i];
}

// Each thread reserves in[i] % 5 slots (0 to 4) and fills them with i.
__global__ void reserve(const int *in, int n, int *out, unsigned *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned k = unsigned(in[i]) % 5u;
    unsigned at = atomicAdd(count, k);
    // (Unrolled: a per-thread loop of scatters keeps the scalar path.)
    if (k > 0)
      out[at] = i;
    if (k > 1)
      out[at + 1] = i;
    if (k > 2)
      out[at + 2] = i;
    if (k > 3)
      out[at + 3] = i;
  }
}

__global__ void compact64(const int *in, int n, long long *out, unsigned long long *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0)
    out[atomicAdd(count, 1ull)] = (long long)in[i] << 20;
}

static bool runCompact(const std::vector<int> &h, int *in, int *out, int *count, dim3 grid,
                       dim3 block) {
  int n = int(h.size());
  CHECK_CUDA(cudaMemset(count, 0, sizeof(int)));
  CHECK_CUDA(cudaMemset(out, 0xff, n * sizeof(int)));
  compact<<<grid, block>>>(in, n, out, count);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<int> want;
  for (int x : h)
    if ((x & 3) != 0)
      want.push_back(x);
  if (*count != int(want.size()))
    return false;
  std::vector<int> got(out, out + *count);
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  return got == want;
}

int main() {
  const int n = 100000;
  std::vector<int> h = randomInts(n, 7, 1 << 20);
  int *in, *out, *count;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, 5 * n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&count, sizeof(int)));
  std::copy(h.begin(), h.end(), in);

  EXPECT(runCompact(h, in, out, count, dim3((n + 255) / 256), dim3(256)));
  std::printf("compact 1d PASSED\n");
  EXPECT(runCompact(h, in, out, count, dim3((n + 511) / 512), dim3(32, 16)));
  std::printf("compact 2d PASSED\n");
  EXPECT(runCompact(h, in, out, count, dim3(5, (n + 5 * 512 - 1) / (5 * 512)), dim3(16, 8, 4)));
  std::printf("compact 3d PASSED\n");
  EXPECT(runCompact(h, in, out, count, dim3((n + 99) / 100), dim3(100)));
  std::printf("compact partial PASSED\n");
  EXPECT(runCompact(h, in, out, count, dim3((n + 32) / 33, 1, 1), dim3(33)));
  std::printf("compact odd PASSED\n");
  {
    // Nothing kept: every block adds 0.
    std::vector<int> zeros(5000, 4);
    std::copy(zeros.begin(), zeros.end(), in);
    EXPECT(runCompact(zeros, in, out, count, dim3(20), dim3(256)));
    std::copy(h.begin(), h.end(), in);
  }
  std::printf("compact none PASSED\n");

  unsigned *ucount = reinterpret_cast<unsigned *>(count);
  *ucount = 0;
  reserve<<<(n + 191) / 192, 192>>>(in, n, out, ucount);
  CHECK_CUDA(cudaDeviceSynchronize());
  {
    unsigned total = 0;
    std::vector<int> want;
    for (int i = 0; i < n; ++i)
      for (unsigned j = 0; j < unsigned(h[i]) % 5u; ++j, ++total)
        want.push_back(i);
    EXPECT(*ucount == total);
    std::vector<int> got(out, out + total);
    std::sort(got.begin(), got.end());
    EXPECT(got == want); // every slot written once, each thread's k slots
  }
  std::printf("varying amounts PASSED\n");

  long long *out64;
  unsigned long long *count64;
  CHECK_CUDA(cudaMallocManaged(&out64, n * sizeof(long long)));
  CHECK_CUDA(cudaMallocManaged(&count64, sizeof(unsigned long long)));
  *count64 = 0;
  compact64<<<(n + 127) / 128, 128>>>(in, n, out64, count64);
  CHECK_CUDA(cudaDeviceSynchronize());
  {
    std::vector<long long> want;
    for (int x : h)
      if (x > 0)
        want.push_back((long long)x << 20);
    EXPECT(*count64 == want.size());
    std::vector<long long> got(out64, out64 + *count64);
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    EXPECT(got == want);
  }
  std::printf("64-bit PASSED\n");
  return 0;
}

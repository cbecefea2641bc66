// Row walks (ThreadLoops: a barrier-free kernel runs several blocks of a
// grid row per call, x innermost across them): every thread of every block
// runs exactly once with its own indices, for grid rows that are longer
// than one walk (blockDim.x = 1: 512 blocks per walk), rows that chunks of
// the launch cut in the middle (the two-worker scheduler splits 7 x 5 x 3
// blocks unevenly), partial gangs (13 and 100 threads per row), 3D blocks
// and grids, and a stencil against a host reference.
// tests/vectorization/row_walk.test checks which kernels walk rows.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// RUN: env LOOM_NUM_THREADS=3 %t | FileCheck %s
// RUN: %loomcc --loom-disable=row-walk %s -o %t.off
// RUN: %t.off | FileCheck %s
// CHECK: ids 32x4x2 in 7x5x3 PASSED
// CHECK: ids 13x3x1 in 50x2x1 PASSED
// CHECK: ids 1x1x1 in 1500x2x1 PASSED
// CHECK: ids 100x1x2 in 9x3x2 PASSED
// CHECK: ids 64x2x1 in 1x4x3 PASSED
// CHECK: stencil PASSED
#include "Inputs/check.h"
#include <vector>

// Each thread writes its own record once and counts its visit.
__global__ void ids(unsigned *rec, unsigned *visits) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned z = blockIdx.z * blockDim.z + threadIdx.z;
  unsigned w = gridDim.x * blockDim.x, h = gridDim.y * blockDim.y;
  unsigned i = (z * h + y) * w + x;
  rec[4 * i + 0] = blockIdx.x | blockIdx.y << 16;
  rec[4 * i + 1] = blockIdx.z;
  rec[4 * i + 2] = threadIdx.x | threadIdx.y << 16;
  rec[4 * i + 3] = threadIdx.z;
  visits[i] += 1; // each thread owns element i
}

static bool runIds(dim3 block, dim3 grid) {
  unsigned w = grid.x * block.x, h = grid.y * block.y, d = grid.z * block.z;
  size_t n = (size_t)w * h * d;
  unsigned *rec, *visits;
  CHECK_CUDA(cudaMallocManaged(&rec, 4 * n * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&visits, n * sizeof(unsigned)));
  CHECK_CUDA(cudaMemset(rec, 0xff, 4 * n * sizeof(unsigned)));
  CHECK_CUDA(cudaMemset(visits, 0, n * sizeof(unsigned)));
  ids<<<grid, block>>>(rec, visits);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  bool ok = true;
  for (unsigned z = 0; z < d && ok; ++z)
    for (unsigned y = 0; y < h && ok; ++y)
      for (unsigned x = 0; x < w && ok; ++x) {
        size_t i = ((size_t)z * h + y) * w + x;
        unsigned bx = x / block.x, by = y / block.y, bz = z / block.z;
        unsigned tx = x % block.x, ty = y % block.y, tz = z % block.z;
        if (visits[i] != 1 || rec[4 * i] != (bx | by << 16) || rec[4 * i + 1] != bz ||
            rec[4 * i + 2] != (tx | ty << 16) || rec[4 * i + 3] != tz) {
          std::printf("FAILED: thread (%u,%u,%u) of block (%u,%u,%u): %u visits\n", tx, ty, tz,
                      bx, by, bz, visits[i]);
          ok = false;
        }
      }
  CHECK_CUDA(cudaFree(rec));
  CHECK_CUDA(cudaFree(visits));
  std::printf("ids %ux%ux%u in %ux%ux%u %s\n", block.x, block.y, block.z, grid.x, grid.y,
              grid.z, ok ? "PASSED" : "FAILED");
  return ok;
}

// 7-point Jacobi sweep with the boundary left alone: neighbouring blocks of
// a row read each other's halo.
__global__ void jacobi3d(const float *in, float *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x > 0 && x < n - 1 && y > 0 && y < n - 1 && z > 0 && z < n - 1) {
    int sy = n, sz = n * n, i = z * sz + y * sy + x;
    out[i] = (in[i] + in[i - 1] + in[i + 1] + in[i - sy] + in[i + sy] + in[i - sz] +
              in[i + sz]) / 7.0f;
  }
}

static bool runStencil() {
  const int n = 45;
  const size_t total = (size_t)n * n * n;
  std::vector<int> r = randomInts((int)total, 7, 1000);
  std::vector<float> h(total), ref(total);
  for (size_t i = 0; i < total; ++i)
    h[i] = ref[i] = r[i] / 100.0f;
  float *a, *b;
  CHECK_CUDA(cudaMalloc(&a, total * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&b, total * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(a, h.data(), total * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(b, h.data(), total * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(16, 4, 2), grid((n + 15) / 16, (n + 3) / 4, (n + 1) / 2);
  jacobi3d<<<grid, block>>>(a, b, n);
  CHECK_CUDA(cudaGetLastError());
  std::vector<float> out(total);
  CHECK_CUDA(cudaMemcpy(out.data(), b, total * sizeof(float), cudaMemcpyDeviceToHost));
  const int sy = n, sz = n * n;
  bool ok = true;
  for (int z = 1; z < n - 1; ++z)
    for (int y = 1; y < n - 1; ++y)
      for (int x = 1; x < n - 1; ++x) {
        int i = z * sz + y * sy + x;
        ref[i] = (h[i] + h[i - 1] + h[i + 1] + h[i - sy] + h[i + sy] + h[i - sz] + h[i + sz]) /
                 7.0f;
      }
  for (size_t i = 0; i < total && ok; ++i)
    if (std::fabs(out[i] - ref[i]) > 1e-4f * (1 + std::fabs(ref[i]))) {
      std::printf("FAILED: out[%zu] = %g, want %g\n", i, out[i], ref[i]);
      ok = false;
    }
  CHECK_CUDA(cudaFree(a));
  CHECK_CUDA(cudaFree(b));
  std::printf("stencil %s\n", ok ? "PASSED" : "FAILED");
  return ok;
}

int main() {
  bool ok = runIds(dim3(32, 4, 2), dim3(7, 5, 3));
  ok &= runIds(dim3(13, 3, 1), dim3(50, 2, 1));
  ok &= runIds(dim3(1, 1, 1), dim3(1500, 2, 1));
  ok &= runIds(dim3(100, 1, 2), dim3(9, 3, 2));
  ok &= runIds(dim3(64, 2, 1), dim3(1, 4, 3));
  ok &= runStencil();
  return ok ? 0 : 1;
}

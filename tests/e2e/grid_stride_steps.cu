// Grid-stride loops run block-wide (a step marker at the loop header, one
// iteration of every gang of the block at a time): results must not depend
// on it. Shapes: ragged n and block sizes that are not a multiple of the gang
// width, a reduction in shared memory after the loop (real barriers after the
// step), a loop entered only by some threads of a gang, a data-dependent
// break, nested 2D grid-stride loops, and a block whose threads take
// different numbers of steps. Checked against a CPU reference at several
// block sizes; the same program built with --loom-disable=grid-stride must
// print the same.
// RUN: %loomcc %s -o %t
// RUN: %loomcc --loom-disable=grid-stride %s -o %t.off
// RUN: %t 256 > %t.out && FileCheck %s < %t.out
// RUN: %t.off 256 > %t.off.out && diff %t.out %t.off.out
// RUN: %t 100 | FileCheck %s
// RUN: %t 48 | FileCheck %s
// RUN: %t 7 | FileCheck %s
// CHECK: triad ok
// CHECK: dot ok
// CHECK: partial ok
// CHECK: break ok
// CHECK: grid2d ok
// CHECK: done
#include "Inputs/check.h"
#include <vector>

__global__ void triad(float *a, const float *b, const float *c, float s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = b[i] + s * c[i];
}

// Each thread's partial sum, then a tree in shared memory (any block size up
// to 256).
__global__ void dot(const float *x, const float *y, float *partial, int *steps, int n) {
  __shared__ float s[256];
  float sum = 0;
  int k = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    sum += x[i] * y[i];
    ++k;
  }
  steps[blockIdx.x * blockDim.x + threadIdx.x] = k;
  s[threadIdx.x] = sum;
  __syncthreads();
  for (int w = 1; w < blockDim.x; w *= 2) {
    float other = (threadIdx.x % (2 * w) == 0 && threadIdx.x + w < blockDim.x)
                      ? s[threadIdx.x + w] : 0.0f;
    __syncthreads();
    s[threadIdx.x] += other;
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = s[0];
}

// Only threads with threadIdx.x % 3 != 0 run the loop.
__global__ void partialLoop(int *out, int n) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 3 != 0) {
    for (int i = g; i < n; i += blockDim.x * gridDim.x)
      out[i] = i * 2 + 1;
  }
}

// Stops at the first negative value of its stride class; records where.
__global__ void firstNegative(const int *v, int *where, int n) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int found = -1;
  for (int i = g; i < n; i += blockDim.x * gridDim.x) {
    if (v[i] < 0) {
      found = i;
      break;
    }
  }
  where[g] = found;
}

__global__ void grid2d(float *a, int w, int h) {
  for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < h; y += blockDim.y * gridDim.y)
    for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < w; x += blockDim.x * gridDim.x)
      a[y * w + x] = a[y * w + x] * 0.5f + float(x - y);
}

int main(int argc, char **argv) {
  const int bs = blockSizeArg(argc, argv, 256), blocks = 13;
  const int n = 100003, threads = bs * blocks;
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    b[i] = float(i % 97) * 0.25f;
    c[i] = float(i % 31) - 7.0f;
  }
  float *da, *db, *dc, *dp;
  int *dsteps, *di, *dw;
  CHECK_CUDA(cudaMalloc(&da, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&db, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dc, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dp, blocks * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dsteps, threads * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&di, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dw, threads * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dc, c.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  triad<<<blocks, bs>>>(da, db, dc, 3.0f, n);
  CHECK_CUDA(cudaMemcpy(a.data(), da, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    EXPECT(a[i] == b[i] + 3.0f * c[i]);
  std::printf("triad ok\n");

  if (bs <= 256) {
    dot<<<blocks, bs>>>(db, dc, dp, dsteps, n);
    std::vector<float> p(blocks);
    std::vector<int> steps(threads);
    CHECK_CUDA(cudaMemcpy(p.data(), dp, blocks * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(steps.data(), dsteps, threads * sizeof(int), cudaMemcpyDeviceToHost));
    for (int blk = 0; blk < blocks; ++blk) {
      double want = 0;
      for (int t = 0; t < bs; ++t)
        for (int i = blk * bs + t; i < n; i += threads)
          want += double(b[i]) * c[i];
      EXPECT(close(p[blk], want, 1e-4));
    }
    for (int g = 0; g < threads; ++g)
      EXPECT(steps[g] == (n - g + threads - 1) / threads);
  }
  std::printf("dot ok\n");

  CHECK_CUDA(cudaMemset(di, 0xff, n * sizeof(int)));
  partialLoop<<<blocks, bs>>>(di, n);
  std::vector<int> iv(n);
  CHECK_CUDA(cudaMemcpy(iv.data(), di, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    EXPECT(iv[i] == (((i % threads) % bs) % 3 != 0 ? i * 2 + 1 : -1));
  std::printf("partial ok\n");

  for (int i = 0; i < n; ++i)
    iv[i] = (i * 7919) % 1009 == 5 ? -1 : i;
  CHECK_CUDA(cudaMemcpy(di, iv.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  firstNegative<<<blocks, bs>>>(di, dw, n);
  std::vector<int> where(threads);
  CHECK_CUDA(cudaMemcpy(where.data(), dw, threads * sizeof(int), cudaMemcpyDeviceToHost));
  for (int g = 0; g < threads; ++g) {
    int want = -1;
    for (int i = g; i < n; i += threads)
      if (iv[i] < 0) {
        want = i;
        break;
      }
    EXPECT(where[g] == want);
  }
  std::printf("break ok\n");

  const int w = 301, h = 77;
  std::vector<float> m(w * h);
  for (int i = 0; i < w * h; ++i)
    m[i] = float(i % 13);
  CHECK_CUDA(cudaMemcpy(da, m.data(), w * h * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block2(bs > 32 ? 32 : bs, 4);
  grid2d<<<dim3(3, 2), block2>>>(da, w, h);
  std::vector<float> got(w * h);
  CHECK_CUDA(cudaMemcpy(got.data(), da, w * h * sizeof(float), cudaMemcpyDeviceToHost));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      EXPECT(got[y * w + x] == m[y * w + x] * 0.5f + float(x - y));
  std::printf("grid2d ok\n");
  CHECK_CUDA(cudaGetLastError());
  std::printf("done\n");
  return 0;
}

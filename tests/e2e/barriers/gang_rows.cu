// Barrier kernels that the kernel vectorizer runs as gangs of W threads of a
// row (issue #11): 2D blocks whose rows are narrower than a gang or do not
// split into whole gangs (every gang then runs the masked body), rows that
// leave before the barriers (a row-uniform early return: those gangs exit,
// the others still meet at every barrier), per-thread vectors and private
// arrays kept across barriers in a loop, and a barrier in a loop whose trip
// count is uniform but read from memory.
// RUN: %loomcc %s -o %t
// RUN: %t 16 4 | FileCheck %s
// RUN: %t 5 7 | FileCheck %s
// RUN: %t 12 3 | FileCheck %s
// RUN: %t 33 2 | FileCheck %s
// RUN: %t 1 64 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 24 5 | FileCheck %s
// CHECK: row sums PASSED
// CHECK: private history PASSED
#include "../Inputs/check.h"
#include <vector>

// Each row of the block sums its row of a tile with a tree in shared
// memory; rows at or past `rows` return first. Block (bx, by).
__global__ void rowSums(const float *in, float *out, int rows, int width) {
  extern __shared__ float s[]; // blockDim.y rows of pitch blockDim.x
  int x = threadIdx.x, y = threadIdx.y, bx = blockDim.x;
  int row = blockIdx.x * blockDim.y + y;
  if (row >= rows)
    return;
  float v = 0;
  for (int c = x; c < width; c += bx) // per-thread loop before the barriers
    v += in[row * width + c];
  s[y * bx + x] = v;
  __syncthreads();
  // Tree over the row for any width: fold the upper half onto the lower.
  for (int n = bx; n > 1;) {
    int half = (n + 1) / 2;
    if (x < n - half)
      s[y * bx + x] += s[y * bx + x + half];
    __syncthreads();
    n = half;
  }
  if (x == 0)
    out[row] = s[y * bx];
}

// Private state across barriers: a per-thread array and a running value
// updated in a loop with two barriers, exchanging with a neighbour.
__global__ void privateHistory(const int *in, int *out, const int *iters) {
  __shared__ int s[1024];
  int t = threadIdx.y * blockDim.x + threadIdx.x, n = blockDim.x * blockDim.y;
  int hist[4] = {0, 0, 0, 0};
  int acc = in[blockIdx.x * n + t];
  for (int it = 0; it < *iters; ++it) {
    s[t] = acc;
    __syncthreads();
    int nb = s[(t + 1) % n];
    hist[it & 3] += nb;
    __syncthreads();
    acc = acc * 3 + nb - it;
  }
  out[blockIdx.x * n + t] = acc + hist[0] - hist[1] + hist[2] * 2 - hist[3];
}

int main(int argc, char **argv) {
  int bx = argc > 1 ? std::atoi(argv[1]) : 16;
  int by = argc > 2 ? std::atoi(argv[2]) : 4;
  {
    int rows = 3 * by + by / 2 + 1, width = 3 * bx + 5;
    std::vector<float> in(rows * width), out(rows, -1.0f);
    for (int i = 0; i < rows * width; ++i)
      in[i] = float((i * 37) % 101) / 8.0f;
    float *dIn, *dOut;
    CHECK_CUDA(cudaMalloc(&dIn, in.size() * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&dOut, out.size() * sizeof(float)));
    CHECK_CUDA(cudaMemcpy(dIn, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice));
    int blocks = (rows + by - 1) / by;
    rowSums<<<blocks, dim3(bx, by), bx * by * sizeof(float)>>>(dIn, dOut, rows, width);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(out.data(), dOut, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (int r = 0; r < rows; ++r) {
      double ref = 0;
      for (int c = 0; c < width; ++c)
        ref += in[r * width + c];
      if (!close(out[r], ref, 1e-4)) {
        std::printf("FAILED: row %d: %f, expected %f\n", r, out[r], ref);
        return 1;
      }
    }
    cudaFree(dIn);
    cudaFree(dOut);
    std::printf("row sums PASSED\n");
  }
  {
    int n = bx * by, blocks = 3, iters = 7;
    std::vector<int> in(blocks * n), out(blocks * n);
    for (int i = 0; i < blocks * n; ++i)
      in[i] = (i * 13) % 29 - 14;
    int *dIn, *dOut, *dIters;
    CHECK_CUDA(cudaMalloc(&dIn, in.size() * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&dOut, out.size() * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&dIters, sizeof(int)));
    CHECK_CUDA(cudaMemcpy(dIn, in.data(), in.size() * sizeof(int), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(dIters, &iters, sizeof(int), cudaMemcpyHostToDevice));
    privateHistory<<<blocks, dim3(bx, by)>>>(dIn, dOut, dIters);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(out.data(), dOut, out.size() * sizeof(int), cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; ++b) {
      std::vector<int> acc(in.begin() + b * n, in.begin() + (b + 1) * n), s(n);
      std::vector<int> hist(4 * n, 0);
      for (int it = 0; it < iters; ++it) {
        s = acc;
        for (int t = 0; t < n; ++t) {
          int nb = s[(t + 1) % n];
          hist[4 * t + (it & 3)] += nb;
          acc[t] = acc[t] * 3 + nb - it;
        }
      }
      for (int t = 0; t < n; ++t) {
        int ref = acc[t] + hist[4 * t] - hist[4 * t + 1] + hist[4 * t + 2] * 2 - hist[4 * t + 3];
        if (out[b * n + t] != ref) {
          std::printf("FAILED: block %d thread %d: %d, expected %d\n", b, t, out[b * n + t], ref);
          return 1;
        }
      }
    }
    std::printf("private history PASSED\n");
  }
  return 0;
}

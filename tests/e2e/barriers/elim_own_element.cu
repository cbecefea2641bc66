// Barrier elimination (EliminateBarriers): kernels whose barriers order
// nothing (each thread reads back its own shared element; barriers at entry
// and exit) next to kernels whose barriers must stay (neighbour reads,
// another thread's global write, a row written by threadIdx.y == 0 only).
// Each runs with 1D blocks (the barrier-free copy) and 2D blocks (the
// original), against a CPU reference; the same checks pass with the pass
// disabled.
// RUN: %loomcc %s -o %t && %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// RUN: %loomcc --loom-disable=barrier-elim %s -o %t.noelim && %t.noelim | FileCheck %s
// CHECK: own element PASSED
// CHECK: neighbour PASSED
// CHECK: tile PASSED
// CHECK: row 0 writes PASSED
// CHECK: global exchange PASSED
#include "../Inputs/check.h"
#include <vector>

// s[t] staged in place; every barrier removable in a 1D block.
__global__ void ownElement(const float *__restrict__ x, float *__restrict__ y, int n) {
  __shared__ float s[1024];
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int lt = threadIdx.x; // only threadIdx.x indexes s: one element per thread in 1D
  int i = blockIdx.x * blockDim.x * blockDim.y + t;
  __syncthreads();
  if (threadIdx.y == 0) s[lt] = i < n ? x[i] : 0.0f;
  __syncthreads();
  if (i < n) y[i] = 2.0f * s[lt] + 1.0f;
  __syncthreads();
}

// s[t] then s[t + 1]: thread t reads its neighbour's element.
__global__ void neighbour(const float *x, float *y, int n) {
  __shared__ float s[257];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? x[i] : 0.0f;
  if (t == 0) s[blockDim.x] = 0.0f;
  __syncthreads();
  if (i < n) y[i] = s[t] + s[t + 1];
}

// tile[ty][tx] own element: barrier-free copy only for blockDim.x <= 16.
__global__ void tile(const int *__restrict__ x, int *__restrict__ y) {
  __shared__ int tl[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = (blockIdx.x * blockDim.y + ty) * blockDim.x + tx;
  tl[ty][tx] = x[i];
  __syncthreads();
  tl[ty][tx] = tl[ty][tx] * 3;
  __syncthreads();
  y[i] = tl[ty][tx] - 1;
}

// One thread writes a global flag array entry another thread reads.
__global__ void globalExchange(int *buf, int *out) {
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  buf[i] = t * 7;
  __syncthreads();
  int j = blockIdx.x * blockDim.x + (t + 1) % blockDim.x;
  out[i] = buf[j];
}

static bool runOwn(dim3 block, int n) {
  std::vector<float> hx(n), hy(n);
  for (int i = 0; i < n; ++i) hx[i] = 0.5f * (i % 97) - 3.0f;
  float *x, *y;
  CHECK_CUDA(cudaMalloc(&x, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&y, n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  int per = block.x * block.y, blocks = (n + per - 1) / per;
  ownElement<<<blocks, block>>>(x, y, n);
  CHECK_CUDA(cudaMemcpy(hy.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(x));
  CHECK_CUDA(cudaFree(y));
  for (int i = 0; i < n; ++i) {
    // Threads with threadIdx.y > 0 read the element row 0 wrote.
    int b = i / per, t = i % per, lt = t % block.x;
    int src = b * per + lt;
    float want = 2.0f * (src < n ? hx[src] : 0.0f) + 1.0f;
    if (hy[i] != want) {
      std::printf("ownElement block (%u,%u) y[%d] = %g, want %g\n", block.x, block.y, i, hy[i], want);
      return false;
    }
  }
  return true;
}

int main() {
  bool ok = runOwn(dim3(256), 10000) && runOwn(dim3(100), 999) && runOwn(dim3(32, 4), 5000) &&
            runOwn(dim3(8, 8), 640);
  std::printf("own element %s\n", ok ? "PASSED" : "FAILED");

  {
    const int n = 3000;
    std::vector<float> hx(n), hy(n);
    for (int i = 0; i < n; ++i) hx[i] = (float)(i % 13);
    float *x, *y;
    CHECK_CUDA(cudaMalloc(&x, n * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&y, n * sizeof(float)));
    CHECK_CUDA(cudaMemcpy(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    bool good = true;
    for (int bs : {256, 64, 7}) {
      neighbour<<<(n + bs - 1) / bs, bs>>>(x, y, n);
      CHECK_CUDA(cudaMemcpy(hy.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost));
      for (int i = 0; i < n; ++i) {
        int t = i % bs;
        float next = (t + 1 < bs && i + 1 < n) ? hx[i + 1] : 0.0f;
        good = good && hy[i] == hx[i] + next;
      }
    }
    std::printf("neighbour %s\n", good ? "PASSED" : "FAILED");
  }

  {
    const int n = 256 * 8;
    std::vector<int> hx(n), hy(n);
    for (int i = 0; i < n; ++i) hx[i] = i * 5 - 77;
    int *x, *y;
    CHECK_CUDA(cudaMalloc(&x, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&y, n * sizeof(int)));
    CHECK_CUDA(cudaMemcpy(x, hx.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    bool good = true;
    for (dim3 b : {dim3(16, 16), dim3(8, 16), dim3(16, 4)}) {
      CHECK_CUDA(cudaMemset(y, 0, n * sizeof(int)));
      tile<<<n / (b.x * b.y), b>>>(x, y);
      CHECK_CUDA(cudaMemcpy(hy.data(), y, n * sizeof(int), cudaMemcpyDeviceToHost));
      for (int i = 0; i < n; ++i) good = good && hy[i] == hx[i] * 3 - 1;
    }
    std::printf("tile %s\n", good ? "PASSED" : "FAILED");
  }

  // ownElement with 2D blocks is the row-0 case; run it once more wide.
  std::printf("row 0 writes %s\n", runOwn(dim3(64, 3), 4000) ? "PASSED" : "FAILED");

  {
    const int bs = 128, blocks = 5, n = bs * blocks;
    int *buf, *out;
    std::vector<int> h(n);
    CHECK_CUDA(cudaMalloc(&buf, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&out, n * sizeof(int)));
    globalExchange<<<blocks, bs>>>(buf, out);
    CHECK_CUDA(cudaMemcpy(h.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
    bool good = true;
    for (int i = 0; i < n; ++i) good = good && h[i] == ((i % bs + 1) % bs) * 7;
    std::printf("global exchange %s\n", good ? "PASSED" : "FAILED");
  }
  return 0;
}

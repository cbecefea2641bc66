// Per-thread loops whose threads leave at different iterations, which the
// vectorizer splits into the iterations every lane of a gang runs (no
// masks) and the masked rest (compiler/Transforms/FullGangLoops.h), against
// host references on integers (exact): a block-stride loop over each row
// (layernorm's sums) for row lengths below, at and above the gang width and
// blocks of 32, 100 and 256 threads; loops starting at an offset from the
// global thread index with steps from the arguments (odd, smaller than a
// gang, larger than the block) and negative offsets; a 2D block of 24 x 3
// threads (partial gangs in every row); byte histograms with shared-memory
// atomics in a grid-stride loop (split too, its lane updates reading the
// bytes with scalar loads, ScalarizeLaneExtracts), one of them zeroing each
// byte after reading it (the byte must not be read again after the store).
// tests/ir/VectorizeKernels/full_gang_loops.ll checks the split.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: row sums PASSED
// CHECK: offset loops PASSED
// CHECK: 2d rows PASSED
// CHECK: byte histograms PASSED
#include "Inputs/check.h"

__global__ void rowSums(const int *x, int cols, long long *sum, long long *sq) {
  __shared__ long long sSum[256], sSq[256];
  const int tid = threadIdx.x;
  const int *xr = x + (size_t)blockIdx.x * cols;
  long long s = 0, q = 0;
  for (int c = tid; c < cols; c += blockDim.x) {
    s += xr[c];
    q += (long long)xr[c] * xr[c];
  }
  sSum[tid] = s;
  sSq[tid] = q;
  __syncthreads();
  if (tid == 0) {
    for (int k = 1; k < (int)blockDim.x; ++k) {
      s += sSum[k];
      q += sSq[k];
    }
    sum[blockIdx.x] = s;
    sq[blockIdx.x] = q;
  }
}

__global__ void offsetLoop(int *touched, int *value, int n, int off, int step) {
  for (int c = blockIdx.x * blockDim.x + threadIdx.x + off; c < n; c += step)
    if (c >= 0) {
      atomicAdd(&touched[c], 1);
      value[c] = 3 * c + 1;
    }
}

__global__ void rows2d(const int *x, int cols, int *out) {
  // Each (row of the block, threadIdx.x) sums a strided slice of its row.
  const int row = blockIdx.x * blockDim.y + threadIdx.y;
  int s = 0;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    s += x[row * cols + c];
  out[row * blockDim.x + threadIdx.x] = s;
}

template <bool Consume>
__global__ void byteHistogram(unsigned char *data, int n, unsigned *bins) {
  __shared__ unsigned local[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    unsigned char b = data[i];
    if (Consume) // in the same block as the load and the atomic
      data[i] = 0;
    atomicAdd(&local[b], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}

int main() {
  {
    const int rows = 6;
    for (int cols : {1, 5, 16, 31, 33, 47, 271, 1000, 4096})
      for (int threads : {32, 100, 256}) {
        std::vector<int> h = randomInts(rows * cols, 3u + cols + threads, 1 << 16);
        int *x;
        long long *sum, *sq;
        CHECK_CUDA(cudaMalloc(&x, h.size() * sizeof(int)));
        CHECK_CUDA(cudaMalloc(&sum, rows * sizeof(long long)));
        CHECK_CUDA(cudaMalloc(&sq, rows * sizeof(long long)));
        CHECK_CUDA(cudaMemcpy(x, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
        rowSums<<<rows, threads>>>(x, cols, sum, sq);
        std::vector<long long> gs(rows), gq(rows);
        CHECK_CUDA(cudaMemcpy(gs.data(), sum, rows * sizeof(long long), cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(gq.data(), sq, rows * sizeof(long long), cudaMemcpyDeviceToHost));
        for (int r = 0; r < rows; ++r) {
          long long s = 0, q = 0;
          for (int c = 0; c < cols; ++c) {
            s += h[r * cols + c];
            q += (long long)h[r * cols + c] * h[r * cols + c];
          }
          if (gs[r] != s || gq[r] != q) {
            std::printf("FAILED: cols %d threads %d row %d: %lld %lld, want %lld %lld\n", cols,
                        threads, r, gs[r], gq[r], s, q);
            return 1;
          }
        }
        CHECK_CUDA(cudaFree(x));
        CHECK_CUDA(cudaFree(sum));
        CHECK_CUDA(cudaFree(sq));
      }
    std::printf("row sums PASSED\n");
  }
  {
    const int n = 5000;
    int *touched, *value;
    CHECK_CUDA(cudaMalloc(&touched, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&value, n * sizeof(int)));
    for (int off : {-37, 0, 5})
      for (int step : {1, 7, 64, 1000}) {
        const int blocks = 3, threads = 128;
        CHECK_CUDA(cudaMemset(touched, 0, n * sizeof(int)));
        CHECK_CUDA(cudaMemset(value, 0, n * sizeof(int)));
        offsetLoop<<<blocks, threads>>>(touched, value, n, off, step);
        std::vector<int> want(n, 0), got(n), vals(n);
        for (int t = 0; t < blocks * threads; ++t)
          for (int c = t + off; c < n; c += step)
            if (c >= 0)
              ++want[c];
        CHECK_CUDA(cudaMemcpy(got.data(), touched, n * sizeof(int), cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(vals.data(), value, n * sizeof(int), cudaMemcpyDeviceToHost));
        for (int c = 0; c < n; ++c)
          if (got[c] != want[c] || vals[c] != (want[c] ? 3 * c + 1 : 0)) {
            std::printf("FAILED: off %d step %d index %d: %d touches, want %d\n", off, step, c,
                        got[c], want[c]);
            return 1;
          }
      }
    CHECK_CUDA(cudaFree(touched));
    CHECK_CUDA(cudaFree(value));
    std::printf("offset loops PASSED\n");
  }
  {
    const int cols = 77, bx = 24, by = 3, blocks = 4, rows = by * blocks;
    std::vector<int> h = randomInts(rows * cols, 91u, 1000);
    int *x, *out;
    CHECK_CUDA(cudaMalloc(&x, h.size() * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&out, rows * bx * sizeof(int)));
    CHECK_CUDA(cudaMemcpy(x, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
    rows2d<<<blocks, dim3(bx, by)>>>(x, cols, out);
    std::vector<int> got(rows * bx);
    CHECK_CUDA(cudaMemcpy(got.data(), out, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
    for (int r = 0; r < rows; ++r)
      for (int t = 0; t < bx; ++t) {
        int s = 0;
        for (int c = t; c < cols; c += bx)
          s += h[r * cols + c];
        EXPECT(got[r * bx + t] == s);
      }
    std::printf("2d rows PASSED\n");
  }
  {
    for (int n : {1, 17, 1000, 65537})
      for (int threads : {32, 96, 256})
        for (int blocks : {1, 5})
          for (bool consume : {false, true}) {
            std::vector<int> r = randomInts(n, 7u + n + threads + blocks, 256);
            std::vector<unsigned char> h(r.begin(), r.end());
            unsigned char *data;
            unsigned *bins;
            CHECK_CUDA(cudaMalloc(&data, n));
            CHECK_CUDA(cudaMalloc(&bins, 256 * sizeof(unsigned)));
            CHECK_CUDA(cudaMemcpy(data, h.data(), n, cudaMemcpyHostToDevice));
            CHECK_CUDA(cudaMemset(bins, 0, 256 * sizeof(unsigned)));
            if (consume)
              byteHistogram<true><<<blocks, threads>>>(data, n, bins);
            else
              byteHistogram<false><<<blocks, threads>>>(data, n, bins);
            std::vector<unsigned> got(256), want(256, 0);
            std::vector<unsigned char> after(n);
            CHECK_CUDA(cudaMemcpy(got.data(), bins, 256 * sizeof(unsigned),
                                  cudaMemcpyDeviceToHost));
            CHECK_CUDA(cudaMemcpy(after.data(), data, n, cudaMemcpyDeviceToHost));
            for (unsigned char b : h)
              ++want[b];
            for (int b = 0; b < 256; ++b)
              if (got[b] != want[b]) {
                std::printf("FAILED: n %d threads %d blocks %d consume %d bin %d: %u, want %u\n",
                            n, threads, blocks, consume, b, got[b], want[b]);
                return 1;
              }
            for (int i = 0; i < n; ++i)
              EXPECT(after[i] == (consume ? 0 : h[i]));
            CHECK_CUDA(cudaFree(data));
            CHECK_CUDA(cudaFree(bins));
          }
    std::printf("byte histograms PASSED\n");
  }
  return 0;
}

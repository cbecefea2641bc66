// Tree algorithms whose levels run with constant strides: their short
// constant loops around __syncthreads() are unrolled (UnrollBarrierLoops),
// and lanes a small constant number of elements apart are loaded as whole
// vectors and picked apart, or stored to shared memory by blending into the
// vectors they span (VectorizeKernels). Shapes: a work-efficient exclusive
// scan (strides 2..2*B), a tree reduction with interleaved addressing, a
// divergent strided store to shared memory, and fields of arrays of
// structures (2, 3 and 4 floats, pairs of doubles) read with ragged n.
// Checked against a CPU reference at several block sizes and schedules.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 64 | FileCheck %s
// RUN: %t 32 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 128 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 512 | FileCheck %s
// CHECK: scan ok
// CHECK: reduce ok
// CHECK: blend ok
// CHECK: fields ok
// CHECK: PASSED
#include "../Inputs/check.h"
#include <vector>

#define MAXB 512

// Exclusive scan of 2 * blockDim.x ints per block (Blelloch). The level
// loops have compile-time bounds, so the block size must be MAXB / 2^k; the
// threads above blockDim.x would be idle in a real program, here every level
// is guarded by the active count.
template <int B>
__global__ void scanBlocks(const int *in, int *out, int n) {
  __shared__ int tmp[2 * B];
  const int tid = threadIdx.x, base = blockIdx.x * 2 * B;
  tmp[tid] = base + tid < n ? in[base + tid] : 0;
  tmp[tid + B] = base + tid + B < n ? in[base + tid + B] : 0;
  int offset = 1;
  for (int d = B; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int a = offset * (2 * tid + 1) - 1, b = offset * (2 * tid + 2) - 1;
      tmp[b] += tmp[a];
    }
    offset <<= 1;
  }
  if (tid == 0)
    tmp[2 * B - 1] = 0;
  for (int d = 1; d < 2 * B; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int a = offset * (2 * tid + 1) - 1, b = offset * (2 * tid + 2) - 1;
      int t = tmp[a];
      tmp[a] = tmp[b];
      tmp[b] += t;
    }
  }
  __syncthreads();
  if (base + tid < n) out[base + tid] = tmp[tid];
  if (base + tid + B < n) out[base + tid + B] = tmp[tid + B];
}

// Sum of blockDim.x floats per block, interleaved addressing: level s adds
// sh[2*s*tid + s] into sh[2*s*tid] (stride 2s, the classic first reduction).
template <int B>
__global__ void reduceInterleaved(const float *in, float *out, int n) {
  __shared__ float sh[B];
  int tid = threadIdx.x, i = blockIdx.x * B + tid;
  sh[tid] = i < n ? in[i] : 0.0f;
  for (int s = 1; s < B; s *= 2) {
    __syncthreads();
    int idx = 2 * s * tid;
    if (idx < B)
      sh[idx] += sh[idx + s];
  }
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = sh[0];
}

// Odd and even slots of a shared array written by different threads under
// a divergent condition, then read back contiguously.
__global__ void blend(const int *in, int *out, int n) {
  __shared__ int sh[2 * MAXB];
  int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  sh[2 * tid] = -1;
  sh[2 * tid + 1] = -2;
  __syncthreads();
  int v = i < n ? in[i] : 7;
  if (tid % 3 != 0)
    sh[2 * tid + 1] = v;      // stride 2, some lanes
  else
    sh[2 * tid] = v * 2;      // the other lanes, the other slots
  __syncthreads();
  if (i < n) {
    out[2 * i] = sh[2 * tid];
    out[2 * i + 1] = sh[2 * tid + 1];
  }
}

struct P2 { float x, y; };
struct P3 { float a, b, c; };
struct P4 { float x, y, z, w; };
struct D2 { double re, im; };

__global__ void fields(const P2 *p2, const P3 *p3, const P4 *p4, const D2 *d2, float *out,
                       double *dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = p2[i].x * p2[i].y + p3[i].b - p3[i].c * p4[i].z + p4[i].w;
    dout[i] = d2[i].re * d2[i].re + d2[i].im;
  }
}

template <int B> void runScan(int blockSize) {
  if (blockSize != B)
    return;
  const int n = 2 * B * 37 + 5; // ragged last block
  std::vector<int> in(n), out(n), ref(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 7919) % 13 - 4;
  int *din, *dout;
  CHECK_CUDA(cudaMalloc(&din, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dout, n * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  int blocks = (n + 2 * B - 1) / (2 * B);
  scanBlocks<B><<<blocks, B>>>(din, dout, n);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    int run = 0;
    for (int i = b * 2 * B; i < n && i < (b + 1) * 2 * B; ++i) {
      ref[i] = run;
      run += in[i];
    }
  }
  for (int i = 0; i < n; ++i)
    if (out[i] != ref[i]) {
      std::printf("FAILED: scan[%d] = %d, want %d\n", i, out[i], ref[i]);
      std::exit(1);
    }

  const int m = B * 29 + 3;
  std::vector<float> fin(m), fout((m + B - 1) / B);
  for (int i = 0; i < m; ++i)
    fin[i] = float((i * 31) % 17) * 0.25f - 1.0f;
  float *dfin, *dfout;
  CHECK_CUDA(cudaMalloc(&dfin, m * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dfout, fout.size() * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(dfin, fin.data(), m * sizeof(float), cudaMemcpyHostToDevice));
  reduceInterleaved<B><<<(int)fout.size(), B>>>(dfin, dfout, m);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(fout.data(), dfout, fout.size() * sizeof(float),
                        cudaMemcpyDeviceToHost));
  for (size_t b = 0; b < fout.size(); ++b) {
    double want = 0;
    for (int i = int(b) * B; i < m && i < int(b + 1) * B; ++i)
      want += fin[i];
    if (!close(fout[b], want)) {
      std::printf("FAILED: reduce block %zu = %f, want %f\n", b, fout[b], want);
      std::exit(1);
    }
  }
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dout));
  CHECK_CUDA(cudaFree(dfin));
  CHECK_CUDA(cudaFree(dfout));
  std::printf("scan ok\nreduce ok\n");
}

int main(int argc, char **argv) {
  int bs = blockSizeArg(argc, argv, 256);
  runScan<512>(bs);
  runScan<256>(bs);
  runScan<128>(bs);
  runScan<64>(bs);
  runScan<32>(bs);

  {
    const int n = bs * 11 + bs / 2 + 1;
    std::vector<int> in(n), out(2 * n);
    for (int i = 0; i < n; ++i)
      in[i] = i * 3 - 100;
    int *din, *dout;
    CHECK_CUDA(cudaMalloc(&din, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&dout, 2 * n * sizeof(int)));
    CHECK_CUDA(cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    blend<<<(n + bs - 1) / bs, bs>>>(din, dout, n);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(out.data(), dout, 2 * n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
      int tid = i % bs;
      int even = tid % 3 != 0 ? -1 : in[i] * 2, odd = tid % 3 != 0 ? in[i] : -2;
      if (out[2 * i] != even || out[2 * i + 1] != odd) {
        std::printf("FAILED: blend %d: %d %d, want %d %d\n", i, out[2 * i], out[2 * i + 1],
                    even, odd);
        std::exit(1);
      }
    }
    CHECK_CUDA(cudaFree(din));
    CHECK_CUDA(cudaFree(dout));
    std::printf("blend ok\n");
  }

  {
    const int n = bs * 7 + 3; // the last gangs are partial; the arrays end there
    std::vector<P2> p2(n);
    std::vector<P3> p3(n);
    std::vector<P4> p4(n);
    std::vector<D2> d2(n);
    for (int i = 0; i < n; ++i) {
      p2[i] = {i * 0.5f, 1.0f - i * 0.25f};
      p3[i] = {float(i), i * 0.125f, 2.0f + i};
      p4[i] = {0, 0, i * 0.01f, -float(i)};
      d2[i] = {i * 1e-3, i * 2.0};
    }
    P2 *dp2; P3 *dp3; P4 *dp4; D2 *dd2; float *dout; double *ddout;
    CHECK_CUDA(cudaMalloc(&dp2, n * sizeof(P2)));
    CHECK_CUDA(cudaMalloc(&dp3, n * sizeof(P3)));
    CHECK_CUDA(cudaMalloc(&dp4, n * sizeof(P4)));
    CHECK_CUDA(cudaMalloc(&dd2, n * sizeof(D2)));
    CHECK_CUDA(cudaMalloc(&dout, n * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&ddout, n * sizeof(double)));
    CHECK_CUDA(cudaMemcpy(dp2, p2.data(), n * sizeof(P2), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(dp3, p3.data(), n * sizeof(P3), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(dp4, p4.data(), n * sizeof(P4), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(dd2, d2.data(), n * sizeof(D2), cudaMemcpyHostToDevice));
    fields<<<(n + bs - 1) / bs, bs>>>(dp2, dp3, dp4, dd2, dout, ddout, n);
    CHECK_CUDA(cudaGetLastError());
    std::vector<float> out(n);
    std::vector<double> dres(n);
    CHECK_CUDA(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(dres.data(), ddout, n * sizeof(double), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
      double want = double(p2[i].x) * p2[i].y + p3[i].b - double(p3[i].c) * p4[i].z + p4[i].w;
      double dwant = d2[i].re * d2[i].re + d2[i].im;
      if (!close(out[i], want, 1e-4) || !close(dres[i], dwant, 1e-12)) {
        std::printf("FAILED: fields %d: %f %f, want %f %f\n", i, out[i], dres[i], want, dwant);
        std::exit(1);
      }
    }
    std::printf("fields ok\n");
  }
  std::printf("PASSED\n");
  return 0;
}

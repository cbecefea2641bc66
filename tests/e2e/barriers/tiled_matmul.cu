// Tiled matrix multiply with 2D blocks: C(67x91) = A(67x45) * B(45x91), none
// of the sizes a multiple of the tile, so edge tiles are padded with zeros.
// argv[1] is the tile (= block) edge. Also a rectangular tile shape
// (block 16x8, k-step 16) where each thread loads two elements.
// RUN: %loomcc %s -o %t
// RUN: %t 16 | FileCheck %s
// RUN: %t 8 | FileCheck %s
// RUN: %t 32 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 16 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 8 | FileCheck %s
// CHECK: square tiles PASSED
// CHECK: rectangular tiles PASSED
#include "../Inputs/check.h"
#include <vector>

template <int TILE>
__global__ void matmulTiled(const float *A, const float *B, float *C, int M, int K, int N) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0.0f;
    Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(k0 + ty) * N + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}

// Block 16 (x) by 8 (y) with a k-step of 16: each thread loads one element
// of the A tile and two of the B tile, through strided loops.
__global__ void matmulRect(const float *A, const float *B, float *C, int M, int K, int N) {
  constexpr int BX = 16, BY = 8, BK = 16;
  __shared__ float As[BY][BK];
  __shared__ float Bs[BK][BX];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * BY + ty, col = blockIdx.x * BX + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int kk = tx; kk < BK; kk += BX)
      As[ty][kk] = (row < M && k0 + kk < K) ? A[row * K + k0 + kk] : 0.0f;
    for (int kk = ty; kk < BK; kk += BY)
      Bs[kk][tx] = (k0 + kk < K && col < N) ? B[(k0 + kk) * N + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < BK; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}

int main(int argc, char **argv) {
  int tile = blockSizeArg(argc, argv, 16);
  const int M = 67, K = 45, N = 91;
  // Small integers: every product and partial sum is exact in float.
  std::vector<float> a(M * K), b(K * N), ref(M * N, 0.0f), c(M * N);
  for (int i = 0; i < M * K; ++i)
    a[i] = (float)((i * 7) % 9 - 4);
  for (int i = 0; i < K * N; ++i)
    b[i] = (float)((i * 5) % 7 - 3);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k)
        ref[i * N + j] += a[i * K + k] * b[k * N + j];
  float *dA, *dB, *dC;
  CHECK_CUDA(cudaMalloc(&dA, a.size() * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dB, b.size() * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dC, c.size() * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(dA, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dB, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice));

  CHECK_CUDA(cudaMemset(dC, 0xff, c.size() * sizeof(float)));
  dim3 block(tile, tile), grid((N + tile - 1) / tile, (M + tile - 1) / tile);
  if (tile == 8)
    matmulTiled<8><<<grid, block>>>(dA, dB, dC, M, K, N);
  else if (tile == 16)
    matmulTiled<16><<<grid, block>>>(dA, dB, dC, M, K, N);
  else if (tile == 32)
    matmulTiled<32><<<grid, block>>>(dA, dB, dC, M, K, N);
  else
    EXPECT(!"unsupported tile");
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(c.data(), dC, c.size() * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < M * N; ++i)
    EXPECT(c[i] == ref[i]);
  std::printf("square tiles PASSED\n");

  CHECK_CUDA(cudaMemset(dC, 0xff, c.size() * sizeof(float)));
  matmulRect<<<dim3((N + 15) / 16, (M + 7) / 8), dim3(16, 8)>>>(dA, dB, dC, M, K, N);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(c.data(), dC, c.size() * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < M * N; ++i)
    EXPECT(c[i] == ref[i]);
  std::printf("rectangular tiles PASSED\n");
  CHECK_CUDA(cudaFree(dA));
  CHECK_CUDA(cudaFree(dB));
  CHECK_CUDA(cudaFree(dC));
  return 0;
}

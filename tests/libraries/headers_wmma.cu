// mma.h (nvcuda::wmma): one warp's 16x16x16 half product with float and
// half accumulators, row- and column-major loads and stores with padded
// leading dimensions, the 32x8x16 and 8x32x16 shapes, bf16, tf32 (inputs
// rounded by __float_to_tf32), 8-bit integers, double m8n8k4, element-wise
// work on an accumulator's x[], and a 64x64x64 GEMM tiled over 16 warps in
// 4 blocks (shared-memory staging, several k steps) against a CPU reference.
// Inputs are small multiples of 1/8, so every product and sum is exact.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include <mma.h>
#include <cmath>
#include <cstdio>
#include <vector>

#include "Inputs/check.h"

using namespace nvcuda;


static float value(int I, int Salt) { return (float)(((I * 37 + Salt * 11) % 17) - 8) / 8.0f; }

// ---- One tile of a given shape and type ----------------------------------
// A (M x K) row-major with lda = K + 16, B (K x N) column-major with ldb = K + 32,
// C (M x N) row-major; D stored column-major with ldd = M + 8 (padded leading
// dimensions, each a multiple of 16 bytes as CUDA requires), then scaled
// by 2 element-wise through x[] before the store.
template <int M, int N, int K, typename T, typename Acc>
__global__ void tile(const T *A, const T *B, const Acc *C, Acc *D) {
  wmma::fragment<wmma::matrix_a, M, N, K, T, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, M, N, K, T, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, M, N, K, Acc> c, d;
  wmma::load_matrix_sync(a, A, K + 16);
  wmma::load_matrix_sync(b, B, K + 32);
  wmma::load_matrix_sync(c, C, N, wmma::mem_row_major);
  wmma::mma_sync(d, a, b, c);
  for (int i = 0; i < d.num_elements; ++i)
    d.x[i] = d.x[i] * (Acc)2;
  wmma::store_matrix_sync(D, d, M + 8, wmma::mem_col_major);
}

template <typename T> static T fromFloat(float V) { return (T)V; }
template <> __half fromFloat<__half>(float V) { return __float2half(V); }
template <> __nv_bfloat16 fromFloat<__nv_bfloat16>(float V) { return __float2bfloat16(V); }
template <typename T> static float toFloat(T V) { return (float)V; }
template <> float toFloat<__half>(__half V) { return __half2float(V); }

template <int M, int N, int K, typename T, typename Acc> static void runTile(const char *Name) {
  int Lda = K + 16, Ldb = K + 32, Ldd = M + 8;
  T *A, *B;
  Acc *C, *D;
  cudaMallocManaged(&A, M * Lda * sizeof(T));
  cudaMallocManaged(&B, N * Ldb * sizeof(T));
  cudaMallocManaged(&C, M * N * sizeof(Acc));
  cudaMallocManaged(&D, N * Ldd * sizeof(Acc));
  std::vector<double> Ar(M * K), Br(K * N);
  for (int I = 0; I < M; ++I)
    for (int L = 0; L < K; ++L) {
      float V = value(I * K + L, 1);
      if (sizeof(T) == 1)
        V = std::round(V * 8); // integers
      A[I * Lda + L] = fromFloat<T>(V);
      Ar[I * K + L] = V;
    }
  for (int L = 0; L < K; ++L)
    for (int J = 0; J < N; ++J) {
      float V = value(L * N + J, 2);
      if (sizeof(T) == 1)
        V = std::round(std::fabs(V) * 8);
      B[L + J * Ldb] = fromFloat<T>(V);
      Br[L * N + J] = V;
    }
  for (int I = 0; I < M * N; ++I)
    C[I] = fromFloat<Acc>(sizeof(T) == 1 ? (float)(I % 5) : value(I, 3));
  tile<M, N, K, T, Acc><<<1, 32>>>(A, B, C, D);
  cudaError_t E = cudaDeviceSynchronize();
  CHECK(E == cudaSuccess, "%s: %s", Name, cudaGetErrorString(E));
  int Bad = 0;
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J) {
      double S = toFloat<Acc>(C[I * N + J]);
      for (int L = 0; L < K; ++L)
        S += Ar[I * K + L] * Br[L * N + J];
      double Got = toFloat<Acc>(D[I + J * Ldd]);
      if (Got != 2 * S && Bad++ < 3)
        std::printf("%s: D[%d][%d] = %g, want %g\n", Name, I, J, Got, 2 * S);
    }
  CHECK(Bad == 0, "%s: %d elements wrong", Name, Bad);
  cudaFree(A);
  cudaFree(B);
  cudaFree(C);
  cudaFree(D);
}

// ---- tf32: inputs rounded with __float_to_tf32 ------------------------------
__global__ void tf32Tile(const float *A, const float *B, float *D) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> c;
  wmma::load_matrix_sync(a, A, 8);
  wmma::load_matrix_sync(b, B, 16);
  for (int i = 0; i < a.num_elements; ++i)
    a.x[i] = wmma::__float_to_tf32(a.x[i]);
  for (int i = 0; i < b.num_elements; ++i)
    b.x[i] = wmma::__float_to_tf32(b.x[i]);
  wmma::fill_fragment(c, 0.0f);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(D, c, 16, wmma::mem_row_major);
}

static void runTf32() {
  float *A, *B, *D;
  cudaMallocManaged(&A, 16 * 8 * 4);
  cudaMallocManaged(&B, 8 * 16 * 4);
  cudaMallocManaged(&D, 16 * 16 * 4);
  // 1 + 2^-12 rounds to 1 in tf32 (10 mantissa bits); 1 + 2^-9 stays.
  for (int I = 0; I < 128; ++I) {
    A[I] = (I % 2) ? 1.0f + 1.0f / 4096 : 1.0f + 1.0f / 512;
    B[I] = 1.0f;
  }
  tf32Tile<<<1, 32>>>(A, B, D);
  cudaDeviceSynchronize();
  // Row r of A: 4 of each kind -> sum = 4 * 1 + 4 * (1 + 2^-9).
  float Want = 8.0f + 4.0f / 512;
  int Bad = 0;
  for (int I = 0; I < 256; ++I)
    Bad += D[I] != Want;
  CHECK(Bad == 0, "tf32: %d wrong (D[0] = %.9g, want %.9g)", Bad, D[0], Want);
  cudaFree(A);
  cudaFree(B);
  cudaFree(D);
}

// ---- 64x64x64 tiled GEMM: 4 blocks of 4 warps, tiles staged in shared memory
constexpr int Dim = 64;
__global__ void gemm(const __half *A, const __half *B, float *C) {
  __shared__ __half As[32][Dim + 8]; // this block's 32 rows of A
  int Warp = threadIdx.x / 32;
  int BlockRow = blockIdx.x / 2 * 32, BlockCol = blockIdx.x % 2 * 32;
  for (int I = threadIdx.x; I < 32 * Dim; I += blockDim.x)
    As[I / Dim][I % Dim] = A[(BlockRow + I / Dim) * Dim + I % Dim];
  __syncthreads();
  int Row = (Warp / 2) * 16, Col = BlockCol + (Warp % 2) * 16;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int K = 0; K < Dim; K += 16) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> b;
    wmma::load_matrix_sync(a, &As[Row][K], Dim + 8);
    wmma::load_matrix_sync(b, B + K * Dim + Col, Dim);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(C + (BlockRow + Row) * Dim + Col, acc, Dim, wmma::mem_row_major);
}

static void runGemm() {
  __half *A, *B;
  float *C;
  cudaMallocManaged(&A, Dim * Dim * sizeof(__half));
  cudaMallocManaged(&B, Dim * Dim * sizeof(__half));
  cudaMallocManaged(&C, Dim * Dim * sizeof(float));
  std::vector<float> Af(Dim * Dim), Bf(Dim * Dim);
  for (int I = 0; I < Dim * Dim; ++I) {
    Af[I] = value(I, 4);
    Bf[I] = value(I, 5);
    A[I] = __float2half(Af[I]);
    B[I] = __float2half(Bf[I]);
  }
  gemm<<<4, 128>>>(A, B, C);
  cudaError_t E = cudaDeviceSynchronize();
  CHECK(E == cudaSuccess, "gemm: %s", cudaGetErrorString(E));
  int Bad = 0;
  for (int I = 0; I < Dim; ++I)
    for (int J = 0; J < Dim; ++J) {
      double S = 0;
      for (int L = 0; L < Dim; ++L)
        S += (double)Af[I * Dim + L] * Bf[L * Dim + J];
      if (C[I * Dim + J] != S && Bad++ < 3)
        std::printf("gemm: C[%d][%d] = %g, want %g\n", I, J, C[I * Dim + J], S);
    }
  CHECK(Bad == 0, "gemm: %d elements wrong", Bad);
  cudaFree(A);
  cudaFree(B);
  cudaFree(C);
}

int main() {
  runTile<16, 16, 16, __half, float>("m16n16k16 half/float");
  runTile<16, 16, 16, __half, __half>("m16n16k16 half/half");
  runTile<32, 8, 16, __half, float>("m32n8k16 half/float");
  runTile<8, 32, 16, __half, float>("m8n32k16 half/float");
  runTile<16, 16, 16, __nv_bfloat16, float>("m16n16k16 bf16/float");
  runTile<16, 16, 16, signed char, int>("m16n16k16 s8/int");
  runTile<8, 8, 4, double, double>("m8n8k4 double");
  runTf32();
  runGemm();
  if (Failures) {
    std::printf("FAILED (%d)\n", Failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}

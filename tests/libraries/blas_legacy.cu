// cuBLAS's legacy API (cublas.h) against a CPU reference: cublasInit /
// Alloc / Set/GetMatrix / Shutdown, gemm with character options (S and Z),
// dot and amax returning values, in-place trmm, cublasGetError after a bad
// option and before cublasInit, cublasSetKernelStream ordering behind a
// kernel.
// SPDX-License-Identifier: Apache-2.0
// RUN: %loomcc %s -o %t -lcublas && %t | FileCheck %s
// CHECK: blas_legacy: OK
#include <cublas.h>
#include <cuda_runtime.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>

#include "Inputs/check.h"


__global__ void fill(float *X, int N, float V) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = V + I;
}

int main() {
  // Before cublasInit: the call fails and cublasGetError says why.
  float Z = 0;
  cublasSscal(1, 2.0f, &Z, 1);
  CHECK(cublasGetError() == CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK(cublasGetError() == CUBLAS_STATUS_SUCCESS); // reset by reading
  CHECK(cublasInit() == CUBLAS_STATUS_SUCCESS);

  // sgemm: C = 2 A B^T + C, A 3x2, B 4x2, C 3x4.
  const int M = 3, N = 4, K = 2;
  std::vector<float> A(M * K), B(N * K), C(M * N);
  for (int I = 0; I < M * K; ++I)
    A[I] = (float)(I + 1);
  for (int I = 0; I < N * K; ++I)
    B[I] = (float)(I % 3) - 1;
  for (int I = 0; I < M * N; ++I)
    C[I] = 0.5f * I;
  float *DA, *DB, *DC;
  CHECK(cublasAlloc(M * K, sizeof(float), (void **)&DA) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasAlloc(N * K, sizeof(float), (void **)&DB) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasAlloc(M * N, sizeof(float), (void **)&DC) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasSetMatrix(M, K, sizeof(float), A.data(), M, DA, M) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasSetMatrix(N, K, sizeof(float), B.data(), N, DB, N) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasSetMatrix(M, N, sizeof(float), C.data(), M, DC, M) == CUBLAS_STATUS_SUCCESS);
  cublasSgemm('n', 'T', M, N, K, 2.0f, DA, M, DB, N, 1.0f, DC, M);
  CHECK(cublasGetError() == CUBLAS_STATUS_SUCCESS);
  std::vector<float> Got(M * N);
  CHECK(cublasGetMatrix(M, N, sizeof(float), DC, M, Got.data(), M) == CUBLAS_STATUS_SUCCESS);
  bool Ok = true;
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I) {
      float S = 0;
      for (int L = 0; L < K; ++L)
        S += A[I + L * M] * B[J + L * N];
      Ok &= Got[I + J * M] == 2 * S + C[I + J * M];
    }
  CHECK(Ok);

  // A bad option character: nothing runs, cublasGetError reports it.
  cublasSgemm('x', 'N', M, N, K, 1.0f, DA, M, DB, K, 0.0f, DC, M);
  CHECK(cublasGetError() == CUBLAS_STATUS_INVALID_VALUE);

  // Values returned: dot and 1-based amax.
  CHECK(cublasSdot(M * K, DA, 1, DA, 1) == 1 + 4 + 9 + 16 + 25 + 36);
  CHECK(cublasIsamax(M * K, DA, 1) == 6);

  // zgemm with complex scalars by value.
  std::vector<cuDoubleComplex> ZA = {make_cuDoubleComplex(1, 2), make_cuDoubleComplex(3, -1)};
  cuDoubleComplex *DZ, *DZC;
  cudaMalloc(&DZ, sizeof(cuDoubleComplex) * 2);
  cudaMalloc(&DZC, sizeof(cuDoubleComplex));
  cudaMemcpy(DZ, ZA.data(), sizeof(cuDoubleComplex) * 2, cudaMemcpyHostToDevice);
  cudaMemset(DZC, 0, sizeof(cuDoubleComplex));
  // 1x1 = (1x2) * (2x1) with A^H: conj(a0)*a0 + conj(a1)*a1 = 5 + 10
  cublasZgemm('C', 'N', 1, 1, 2, make_cuDoubleComplex(1, 0), DZ, 2, DZ, 2,
              make_cuDoubleComplex(0, 0), DZC, 1);
  cuDoubleComplex ZR;
  cudaMemcpy(&ZR, DZC, sizeof(ZR), cudaMemcpyDeviceToHost);
  CHECK(ZR.x == 15 && ZR.y == 0);

  // In-place trmm: B = A B with A upper 2x2 [1 2; 0 3], B = [1; 1].
  float TA[4] = {1, 0, 2, 3}, TB[2] = {1, 1};
  float *DTA, *DTB;
  cudaMalloc(&DTA, sizeof(TA));
  cudaMalloc(&DTB, sizeof(TB));
  cudaMemcpy(DTA, TA, sizeof(TA), cudaMemcpyHostToDevice);
  cudaMemcpy(DTB, TB, sizeof(TB), cudaMemcpyHostToDevice);
  cublasStrmm('L', 'U', 'N', 'N', 2, 1, 1.0f, DTA, 2, DTB, 2);
  cudaMemcpy(TB, DTB, sizeof(TB), cudaMemcpyDeviceToHost);
  CHECK(TB[0] == 3 && TB[1] == 3);

  // cublasSetKernelStream: the call runs after the kernel before it.
  cudaStream_t S;
  cudaStreamCreate(&S);
  CHECK(cublasSetKernelStream(S) == CUBLAS_STATUS_SUCCESS);
  const int Len = 1000;
  float *X, *Y;
  cudaMalloc(&X, Len * sizeof(float));
  cudaMalloc(&Y, Len * sizeof(float));
  cudaMemsetAsync(Y, 0, Len * sizeof(float), S);
  fill<<<(Len + 255) / 256, 256, 0, S>>>(X, Len, 1.0f);
  cublasSaxpy(Len, 2.0f, X, 1, Y, 1);
  cudaStreamSynchronize(S);
  std::vector<float> HY(Len);
  cudaMemcpy(HY.data(), Y, Len * sizeof(float), cudaMemcpyDeviceToHost);
  Ok = true;
  for (int I = 0; I < Len; ++I)
    Ok &= HY[I] == 2.0f * (1 + I);
  CHECK(Ok);
  CHECK(cublasGetError() == CUBLAS_STATUS_SUCCESS);

  CHECK(cublasFree(DA) == CUBLAS_STATUS_SUCCESS);
  cublasFree(DB);
  cublasFree(DC);
  CHECK(cublasShutdown() == CUBLAS_STATUS_SUCCESS);
  cublasSscal(1, 2.0f, X, 1);
  CHECK(cublasGetError() == CUBLAS_STATUS_NOT_INITIALIZED);
  cudaStreamDestroy(S);
  if (Failures) {
    std::printf("blas_legacy: %d failures\n", Failures);
    return 1;
  }
  std::printf("blas_legacy: OK\n");
  return 0;
}

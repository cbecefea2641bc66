// cuBLASXt (cublasXt.h) against a plain CPU reference: gemm (op pairs,
// padded leading dimensions) for S/D/C/Z on host memory; symm, hemm, syrk,
// herk, syr2k, her2k, syrkx, herkx (one triangle written, the other kept),
// trsm, trmm, spmm (packed A, both triangles); handle settings, status
// codes for bad arguments and a call before cublasXtDeviceSelect; and the
// ordering of an Xt call after a kernel that writes its input.
// SPDX-License-Identifier: Apache-2.0
// RUN: %loomcc %s -o %t -lcublas && %t | FileCheck %s
// RUN: env LOOM_DEVICES=2 %t | FileCheck %s
// CHECK: blas_xt: OK
#include "Inputs/blas_test.h"

#include <cublasXt.h>

template <class T> struct XT;
#define XT_API(T, P)                                                                     \
  template <> struct XT<T> {                                                             \
    static constexpr auto gemm = cublasXt##P##gemm;                                      \
    static constexpr auto symm = cublasXt##P##symm;                                      \
    static constexpr auto syrk = cublasXt##P##syrk;                                      \
    static constexpr auto syr2k = cublasXt##P##syr2k;                                    \
    static constexpr auto syrkx = cublasXt##P##syrkx;                                    \
    static constexpr auto trsm = cublasXt##P##trsm;                                      \
    static constexpr auto trmm = cublasXt##P##trmm;                                      \
    static constexpr auto spmm = cublasXt##P##spmm;                                      \
  };
XT_API(float, S)
XT_API(double, D)
XT_API(cuComplex, C)
XT_API(cuDoubleComplex, Z)

static const cublasFillMode_t Uplos[] = {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER};

template <class T> void testGemm(cublasXtHandle_t H) {
  const cublasOperation_t Ops[] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
  const int M = 37, N = 29, K = 41;
  for (auto Ta : Ops)
    for (auto Tb : Ops) {
      int Ar = Ta == CUBLAS_OP_N ? M : K, Ac = Ta == CUBLAS_OP_N ? K : M;
      int Br = Tb == CUBLAS_OP_N ? K : N, Bc = Tb == CUBLAS_OP_N ? N : K;
      int Lda = Ar + 3, Ldb = Br + 1, Ldc = M + 2;
      auto A = rndVec<T>((size_t)Lda * Ac), B = rndVec<T>((size_t)Ldb * Bc);
      auto C = rndVec<T>((size_t)Ldc * N);
      T Al = rndT<T>(), Be = rndT<T>();
      std::vector<Cx> Want = toCVec(C);
      for (int J = 0; J < N; ++J)
        for (int I = 0; I < M; ++I) {
          Cx S = 0;
          for (int L = 0; L < K; ++L)
            S += opAt(A, Lda, Ta, I, L) * opAt(B, Ldb, Tb, L, J);
          Want[I + (size_t)J * Ldc] = toC(Al) * S + toC(Be) * toC(C[I + (size_t)J * Ldc]);
        }
      CHECK_OK(XT<T>::gemm(H, Ta, Tb, M, N, K, &Al, A.data(), Lda, B.data(), Ldb, &Be, C.data(), Ldc));
      CHECK(nearVec(C, Want, K));
    }
}

/// syrk/syr2k/syrkx (and the Hermitian ones): the rank-k updates of one
/// triangle. Kind 0: syrk (B = A), 1: syr2k, 2: syrkx.
template <class T, class S, class Fn1, class Fn2, class Fn3>
void testRankK(cublasXtHandle_t H, bool Herm, Fn1 Rk, Fn2 R2k, Fn3 Rkx) {
  const int N = 23, K = 17;
  for (auto U : Uplos)
    for (auto Tr : {CUBLAS_OP_N, Herm ? CUBLAS_OP_C : CUBLAS_OP_T})
      for (int Kind = 0; Kind < 3; ++Kind) {
        int Rows = Tr == CUBLAS_OP_N ? N : K, Cols = Tr == CUBLAS_OP_N ? K : N;
        int Lda = Rows + 2, Ldc = N + 1;
        auto A = rndVec<T>((size_t)Lda * Cols), B = rndVec<T>((size_t)Lda * Cols);
        if (Kind == 0)
          B = A;
        auto C = rndVec<T>((size_t)Ldc * N);
        if (Herm)
          for (int I = 0; I < N; ++I)
            C[I + (size_t)I * Ldc] = fromC<T>(Cx(toC(C[I + (size_t)I * Ldc]).real(), 0));
        T Al = rndT<T>();
        S BeS = fromC<S>(Cx(rnd(), isCplx<S>() ? rnd() : 0.0));
        Cx AlC = Herm && Kind == 0 ? Cx(toC(Al).real(), 0) : toC(Al);
        if (Herm && Kind == 0)
          Al = fromC<T>(AlC);
        cublasOperation_t Tb = Herm ? CUBLAS_OP_C : CUBLAS_OP_T;
        auto opT = [&](const std::vector<T> &X, int I, int L) { return opAt(X, Lda, Tr, I, L); };
        std::vector<Cx> Want = toCVec(C);
        for (int J = 0; J < N; ++J)
          for (int I = 0; I < N; ++I) {
            bool In = U == CUBLAS_FILL_MODE_LOWER ? I >= J : I <= J;
            if (!In)
              continue;
            Cx Sum = 0;
            for (int L = 0; L < K; ++L) {
              Cx Bj = opT(B, J, L), Aj = opT(A, J, L);
              Cx BT = Herm ? std::conj(Bj) : Bj, AT = Herm ? std::conj(Aj) : Aj;
              Sum += AlC * opT(A, I, L) * BT;
              if (Kind == 1) // syr2k: + alpha B A^T (her2k: + conj(alpha) B A^H)
                Sum += (Herm ? std::conj(AlC) : AlC) * opT(B, I, L) * AT;
            }
            Cx V = Sum + toC(BeS) * toC(C[I + (size_t)J * Ldc]);
            if (Herm && I == J)
              V = Cx(V.real(), 0);
            Want[I + (size_t)J * Ldc] = V;
          }
        (void)Tb;
        if (Kind == 0) {
          if constexpr (std::is_same<S, T>::value) {
            CHECK_OK(Rk(H, U, Tr, N, K, &Al, A.data(), Lda, &BeS, C.data(), Ldc));
          } else {
            S AlR = fromC<S>(Cx(AlC.real(), 0));
            CHECK_OK(Rk(H, U, Tr, N, K, &AlR, A.data(), Lda, &BeS, C.data(), Ldc));
          }
        } else if (Kind == 1) {
          CHECK_OK(R2k(H, U, Tr, N, K, &Al, A.data(), Lda, B.data(), Lda, &BeS, C.data(), Ldc));
        } else {
          CHECK_OK(Rkx(H, U, Tr, N, K, &Al, A.data(), Lda, B.data(), Lda, &BeS, C.data(), Ldc));
        }
        if (!nearVec(C, Want, 2 * K)) {
          std::printf("  rank-k kind %d herm %d uplo %d trans %d\n", Kind, Herm, U, Tr);
          ++Failures;
        }
      }
}

template <class T> void testSymmTrSpmm(cublasXtHandle_t H, bool Herm) {
  const int M = 19, N = 14;
  for (auto Side : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT})
    for (auto U : Uplos) {
      int Ka = Side == CUBLAS_SIDE_LEFT ? M : N, Lda = Ka + 1, Ldb = M + 2, Ldc = M + 3;
      auto A = rndVec<T>((size_t)Lda * Ka), B = rndVec<T>((size_t)Ldb * N);
      auto C = rndVec<T>((size_t)Ldc * N), C2 = C;
      T Al = rndT<T>(), Be = rndT<T>();
      std::vector<Cx> Want = toCVec(C);
      for (int J = 0; J < N; ++J)
        for (int I = 0; I < M; ++I) {
          Cx S = 0;
          for (int L = 0; L < Ka; ++L)
            S += Side == CUBLAS_SIDE_LEFT
                     ? symAt(A, Lda, U, I, L, Herm) * toC(B[L + (size_t)J * Ldb])
                     : toC(B[I + (size_t)L * Ldb]) * symAt(A, Lda, U, L, J, Herm);
          Want[I + (size_t)J * Ldc] = toC(Al) * S + toC(Be) * toC(C[I + (size_t)J * Ldc]);
        }
      if (Herm) {
        if constexpr (std::is_same<T, cuComplex>::value)
          CHECK_OK(cublasXtChemm(H, Side, U, M, N, &Al, A.data(), Lda, B.data(), Ldb, &Be, C.data(), Ldc));
        if constexpr (std::is_same<T, cuDoubleComplex>::value)
          CHECK_OK(cublasXtZhemm(H, Side, U, M, N, &Al, A.data(), Lda, B.data(), Ldb, &Be, C.data(), Ldc));
        CHECK(nearVec(C, Want, Ka));
        continue;
      }
      CHECK_OK(XT<T>::symm(H, Side, U, M, N, &Al, A.data(), Lda, B.data(), Ldb, &Be, C.data(), Ldc));
      CHECK(nearVec(C, Want, Ka));
      // spmm: the same product with A packed (column by column, one triangle).
      std::vector<T> AP;
      for (int J = 0; J < Ka; ++J)
        for (int I = 0; I < Ka; ++I)
          if (U == CUBLAS_FILL_MODE_UPPER ? I <= J : I >= J)
            AP.push_back(A[I + (size_t)J * Lda]);
      CHECK_OK(XT<T>::spmm(H, Side, U, M, N, &Al, AP.data(), B.data(), Ldb, &Be, C2.data(), Ldc));
      CHECK(nearVec(C2, Want, Ka));
      // trsm then trmm: solving op(A) X = alpha B and multiplying back.
      for (auto Tr : {CUBLAS_OP_N, CUBLAS_OP_T})
        for (auto Dg : {CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT}) {
          auto T1 = triMatrix<T>(Ka, Lda);
          auto X = B, Back = rndVec<T>((size_t)Ldc * N);
          T One = fromC<T>(1.0);
          CHECK_OK(XT<T>::trsm(H, Side, U, Tr, Dg, M, N, &Al, T1.data(), Lda, X.data(), Ldb));
          CHECK_OK(XT<T>::trmm(H, Side, U, Tr, Dg, M, N, &One, T1.data(), Lda, X.data(), Ldb,
                               Back.data(), Ldc));
          std::vector<Cx> WantB(Back.size());
          for (size_t I = 0; I < WantB.size(); ++I)
            WantB[I] = toC(Back[I]);
          for (int J = 0; J < N; ++J)
            for (int I = 0; I < M; ++I)
              WantB[I + (size_t)J * Ldc] = toC(Al) * toC(B[I + (size_t)J * Ldb]);
          CHECK(nearVec(Back, WantB, 10));
        }
    }
}

__global__ void fill(float *P, int N, float V) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    P[I] = V;
}

int main() {
  cublasXtHandle_t H;
  CHECK_OK(cublasXtCreate(&H));
  float F1 = 1, F0 = 0, Fm[4] = {1, 2, 3, 4};
  // Routines need cublasXtDeviceSelect first.
  CHECK(cublasXtSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &F1, Fm, 2, Fm, 2, &F0, Fm, 2) ==
        CUBLAS_STATUS_NOT_INITIALIZED);
  int Count = 0;
  CHECK_CUDA(cudaGetDeviceCount(&Count));
  int Bad[1] = {Count};
  CHECK(cublasXtDeviceSelect(H, 1, Bad) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasXtDeviceSelect(H, 0, Bad) == CUBLAS_STATUS_INVALID_VALUE);
  std::vector<int> Ids(Count);
  for (int I = 0; I < Count; ++I)
    Ids[I] = I;
  CHECK_OK(cublasXtDeviceSelect(H, Count, Ids.data()));
  int Boards = 0;
  CHECK_OK(cublasXtMaxBoards(&Boards));
  CHECK(Boards == Count);
  CHECK_OK(cublasXtSetBlockDim(H, 64));
  int Bd = 0;
  CHECK_OK(cublasXtGetBlockDim(H, &Bd));
  CHECK(Bd == 64);
  CHECK(cublasXtSetBlockDim(H, 0) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK_OK(cublasXtSetPinningMemMode(H, CUBLASXT_PINNING_ENABLED));
  cublasXtPinnedMemMode_t Pm;
  CHECK_OK(cublasXtGetPinningMemMode(H, &Pm));
  CHECK(Pm == CUBLASXT_PINNING_ENABLED);
  CHECK_OK(cublasXtSetCpuRatio(H, CUBLASXT_GEMM, CUBLASXT_FLOAT, 0.25f));
  CHECK(cublasXtSetCpuRatio(H, CUBLASXT_GEMM, CUBLASXT_FLOAT, 1.5f) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasXtSetCpuRatio(H, CUBLASXT_ROUTINE_MAX, CUBLASXT_FLOAT, 0.5f) ==
        CUBLAS_STATUS_INVALID_VALUE);
  CHECK_OK(cublasXtSetCpuRoutine(H, CUBLASXT_GEMM, CUBLASXT_DOUBLE, nullptr));

  // Bad arguments.
  CHECK(cublasXtSgemm(nullptr, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &F1, Fm, 2, Fm, 2, &F0, Fm, 2) ==
        CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK(cublasXtSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &F1, Fm, 1, Fm, 2, &F0, Fm, 2) ==
        CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasXtSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, (size_t)1 << 32, 2, 2, &F1, Fm, 2, Fm, 2, &F0,
                      Fm, 2) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasXtSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, nullptr, Fm, 2, Fm, 2, &F0, Fm, 2) ==
        CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasXtSsyr2k(H, CUBLAS_FILL_MODE_FULL, CUBLAS_OP_N, 2, 2, &F1, Fm, 2, Fm, 2, &F0, Fm, 2) ==
        CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasXtSsyrkx(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, 2, 2, &F1, Fm, 1, Fm, 2, &F0, Fm, 2) ==
        CUBLAS_STATUS_INVALID_VALUE);
  cuComplex Cm[4] = {};
  CHECK(cublasXtCher2k(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, 2, 2, Cm, Cm, 2, Cm, 2, &F0, Cm, 2) ==
        CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasXtSspmm(H, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, 2, 2, &F1, nullptr, Fm, 2, &F0,
                      Fm, 2) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK_OK(cublasXtSsyr2k(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, 0, 2, &F1, nullptr, 1, nullptr,
                          1, &F0, nullptr, 1));

  testGemm<float>(H);
  testGemm<double>(H);
  testGemm<cuComplex>(H);
  testGemm<cuDoubleComplex>(H);
  testRankK<float, float>(H, false, cublasXtSsyrk, cublasXtSsyr2k, cublasXtSsyrkx);
  testRankK<double, double>(H, false, cublasXtDsyrk, cublasXtDsyr2k, cublasXtDsyrkx);
  testRankK<cuComplex, cuComplex>(H, false, cublasXtCsyrk, cublasXtCsyr2k, cublasXtCsyrkx);
  testRankK<cuDoubleComplex, cuDoubleComplex>(H, false, cublasXtZsyrk, cublasXtZsyr2k, cublasXtZsyrkx);
  testRankK<cuComplex, float>(H, true, cublasXtCherk, cublasXtCher2k, cublasXtCherkx);
  testRankK<cuDoubleComplex, double>(H, true, cublasXtZherk, cublasXtZher2k, cublasXtZherkx);
  testSymmTrSpmm<float>(H, false);
  testSymmTrSpmm<double>(H, false);
  testSymmTrSpmm<cuComplex>(H, false);
  testSymmTrSpmm<cuDoubleComplex>(H, false);
  testSymmTrSpmm<cuComplex>(H, true);
  testSymmTrSpmm<cuDoubleComplex>(H, true);

  // Ordering: a kernel writes A on the legacy stream; the Xt call (which
  // blocks) sees the kernel's values without a synchronization between.
  {
    const int N = 64;
    float *A, *B, *C;
    CHECK_CUDA(cudaMallocManaged(&A, N * N * sizeof(float)));
    CHECK_CUDA(cudaMallocManaged(&B, N * N * sizeof(float)));
    CHECK_CUDA(cudaMallocManaged(&C, N * N * sizeof(float)));
    CHECK_CUDA(cudaDeviceSynchronize());
    for (int I = 0; I < N * N; ++I)
      B[I] = 1.0f, A[I] = 0.0f;
    fill<<<(N * N + 255) / 256, 256>>>(A, N * N, 2.0f);
    CHECK_OK(cublasXtSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &F1, A, N, B, N, &F0, C, N));
    bool Ok = true;
    for (int I = 0; I < N * N; ++I)
      Ok &= C[I] == 2.0f * N;
    CHECK(Ok);
    cudaFree(A);
    cudaFree(B);
    cudaFree(C);
  }

  CHECK_OK(cublasXtDestroy(H));
  CHECK(cublasXtDestroy(nullptr) == CUBLAS_STATUS_NOT_INITIALIZED);
  return finish("blas_xt");
}

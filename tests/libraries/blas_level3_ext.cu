// cuBLAS rank-2k updates and the routines cuBLAS adds to BLAS's level 3,
// for S/D/C/Z against plain CPU loops: syr2k/her2k and syrkx/herkx (every
// uplo and allowed op, padded leading dimensions, only one triangle
// written, beta = 0 not reading C) and trsmBatched (every side, uplo, op,
// diag), in host and device pointer modes; bad-argument status codes.
// SPDX-License-Identifier: Apache-2.0
// RUN: %loomcc %s -o %t -lcublas && %t | FileCheck %s
// CHECK: blas_level3_ext: OK
#include "Inputs/blas_test.h"

#include <limits>

template <class T> struct X3;
// HER2K/HERKX: the Hermitian forms (real beta); for real types the
// symmetric ones, whose beta is real anyway.
#define X3_API(T, P, RT, HER2K, HERKX)                                                   \
  template <> struct X3<T> {                                                             \
    using Real = RT;                                                                     \
    static constexpr auto syr2k = cublas##P##syr2k;                                      \
    static constexpr auto syrkx = cublas##P##syrkx;                                      \
    static constexpr auto her2k = HER2K;                                                 \
    static constexpr auto herkx = HERKX;                                                 \
    static constexpr auto trsmBatched = cublas##P##trsmBatched;                          \
  };
X3_API(float, S, float, cublasSsyr2k, cublasSsyrkx)
X3_API(double, D, double, cublasDsyr2k, cublasDsyrkx)
X3_API(cuComplex, C, float, cublasCher2k, cublasCherkx)
X3_API(cuDoubleComplex, Z, double, cublasZher2k, cublasZherkx)

template <class T> void testType(cublasHandle_t H, bool DeviceMode) {
  using A = X3<T>;
  using R = typename A::Real;
  const int N = 13, K = 9, Ld = 17;
  CHECK_OK(cublasSetPointerMode(H, DeviceMode ? CUBLAS_POINTER_MODE_DEVICE : CUBLAS_POINTER_MODE_HOST));
  T Alpha = rndT<T>(), Beta = rndT<T>(), Zero = fromC<T>(0.0);
  R RBeta = (R)rnd(), RZero = 0;
  Dev<T> DAlpha(std::vector<T>{Alpha}), DBeta(std::vector<T>{Beta}), DZero(std::vector<T>{Zero});
  Dev<R> DRBeta(std::vector<R>{RBeta}), DRZero(std::vector<R>{RZero});
  const T *PA = DeviceMode ? DAlpha.P : &Alpha;
  std::vector<T> MA = rndVec<T>((size_t)Ld * Ld), MB = rndVec<T>((size_t)Ld * Ld);
  Dev<T> DA(MA), DB(MB);

  // Kind 0: syr2k, 1: her2k, 2: syrkx, 3: herkx (1, 3 Hermitian for
  // complex types; for real types the symmetric routine again, real beta).
  for (int Kind = 0; Kind < 4; ++Kind)
    for (int BetaZero = 0; BetaZero < 2; ++BetaZero) {
      bool Herm = (Kind & 1) && isCplx<T>(), TwoK = Kind < 2;
      std::vector<cublasOperation_t> Ops = {CUBLAS_OP_N, Herm ? CUBLAS_OP_C : CUBLAS_OP_T};
      if (!isCplx<T>())
        Ops.push_back(CUBLAS_OP_C); // real types: C means T
      for (cublasFillMode_t U : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER})
        for (cublasOperation_t Op : Ops) {
          std::vector<T> MC = rndVec<T>((size_t)Ld * N);
          if (BetaZero) // beta = 0: C is not read, even NaN
            for (int J = 0; J < N; ++J)
              for (int I = 0; I < N; ++I)
                if (U == CUBLAS_FILL_MODE_LOWER ? I >= J : I <= J)
                  MC[I + (size_t)J * Ld] = fromC<T>(Cx(std::numeric_limits<double>::quiet_NaN(), 0));
          Dev<T> DC(MC);
          Cx Al = toC(Alpha), Be = BetaZero ? 0.0 : (Kind & 1) ? Cx(RBeta) : toC(Beta);
          const T *PB = BetaZero ? (DeviceMode ? DZero.P : &Zero) : DeviceMode ? DBeta.P : &Beta;
          const R *PRB = BetaZero ? (DeviceMode ? DRZero.P : &RZero) : DeviceMode ? DRBeta.P : &RBeta;
          switch (Kind) {
          case 0: CHECK_OK(A::syr2k(H, U, Op, N, K, PA, DA, Ld, DB, Ld, PB, DC, Ld)); break;
          case 1: CHECK_OK(A::her2k(H, U, Op, N, K, PA, DA, Ld, DB, Ld, PRB, DC, Ld)); break;
          case 2: CHECK_OK(A::syrkx(H, U, Op, N, K, PA, DA, Ld, DB, Ld, PB, DC, Ld)); break;
          default: CHECK_OK(A::herkx(H, U, Op, N, K, PA, DA, Ld, DB, Ld, PRB, DC, Ld)); break;
          }
          // op(X)(i, l): X n x k (N) or k x n stored (T/C).
          cublasOperation_t Tr = Op == CUBLAS_OP_N ? CUBLAS_OP_N : Herm ? CUBLAS_OP_C : CUBLAS_OP_T;
          cublasOperation_t Tt = Herm ? CUBLAS_OP_C : CUBLAS_OP_T;
          std::vector<Cx> Want = toCVec(MC);
          for (int J = 0; J < N; ++J)
            for (int I = 0; I < N; ++I) {
              if (!(U == CUBLAS_FILL_MODE_LOWER ? I >= J : I <= J))
                continue;
              Cx S1 = 0, S2 = 0;
              for (int L = 0; L < K; ++L) {
                // op(A) op(B)^T: (i, l) of op(A) times (j, l) of op(B)
                // (conjugated for the Hermitian forms).
                Cx Bj = opAt(MB, Ld, Tr, J, L), Aj = opAt(MA, Ld, Tr, J, L);
                if (Tt == CUBLAS_OP_C)
                  Bj = std::conj(Bj), Aj = std::conj(Aj);
                S1 += opAt(MA, Ld, Tr, I, L) * Bj;
                S2 += opAt(MB, Ld, Tr, I, L) * Aj;
              }
              Cx Old = BetaZero ? 0.0 : Be * toC(MC[I + (size_t)J * Ld]);
              Cx V = Al * S1 + Old;
              if (TwoK)
                V += (Herm ? std::conj(Al) : Al) * S2;
              if (Herm && I == J)
                V = V.real();
              Want[I + (size_t)J * Ld] = V;
            }
          CHECK(nearVec(DC.get(), Want, K), "kind %d uplo %d op %d beta0 %d", Kind, (int)U, (int)Op,
                BetaZero);
        }
    }

  // trsmBatched: op(A[i]) X = alpha B[i] (left) or X op(A[i]) = alpha B[i]
  const int M = 11, Nb = 7, Count = 3;
  for (cublasSideMode_t S : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT})
    for (cublasFillMode_t U : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER})
      for (cublasOperation_t Op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
        for (cublasDiagType_t Dg : {CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT}) {
          int Na = S == CUBLAS_SIDE_LEFT ? M : Nb;
          std::vector<std::vector<T>> As, Bs;
          std::vector<Dev<T> *> DAs, DBs;
          std::vector<T *> PAs, PBs;
          for (int I = 0; I < Count; ++I) {
            As.push_back(triMatrix<T>(Na, Ld));
            Bs.push_back(rndVec<T>((size_t)Ld * Nb));
            DAs.push_back(new Dev<T>(As[I]));
            DBs.push_back(new Dev<T>(Bs[I]));
            PAs.push_back(DAs[I]->P);
            PBs.push_back(DBs[I]->P);
          }
          Dev<T *> DPA(PAs), DPB(PBs);
          CHECK_OK(A::trsmBatched(H, S, U, Op, Dg, M, Nb, PA, (const T *const *)DPA.P, Ld, DPB.P, Ld,
                                  Count));
          for (int I = 0; I < Count; ++I) {
            std::vector<T> X = DBs[I]->get();
            for (int J = 0; J < Nb; ++J)
              for (int R0 = 0; R0 < M; ++R0) {
                Cx Sum = 0;
                if (S == CUBLAS_SIDE_LEFT)
                  for (int L = 0; L < M; ++L)
                    Sum += triAt(As[I], Ld, U, Op, Dg, R0, L) * toC(X[L + (size_t)J * Ld]);
                else
                  for (int L = 0; L < Nb; ++L)
                    Sum += toC(X[R0 + (size_t)L * Ld]) * triAt(As[I], Ld, U, Op, Dg, L, J);
                CHECK(near(Sum, toC(Alpha) * toC(Bs[I][R0 + (size_t)J * Ld]), tol<T>(), Na * Na),
                      "trsmBatched side %d uplo %d op %d diag %d batch %d", (int)S, (int)U,
                      (int)Op, (int)Dg, I);
              }
            delete DAs[I];
            delete DBs[I];
          }
        }
  CHECK_OK(cublasSetPointerMode(H, CUBLAS_POINTER_MODE_HOST));
}

void testErrors(cublasHandle_t H) {
  const cublasStatus_t Inv = CUBLAS_STATUS_INVALID_VALUE;
  const cublasFillMode_t L = CUBLAS_FILL_MODE_LOWER;
  const cublasOperation_t N = CUBLAS_OP_N, T = CUBLAS_OP_T, C = CUBLAS_OP_C;
  float One = 1;
  cuComplex COne = make_cuComplex(1, 0);
  Dev<float> D(256);
  Dev<cuComplex> Cd(256);
  CHECK(cublasSsyr2k(nullptr, L, N, 4, 4, &One, D, 4, D, 4, &One, D, 4) == CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK_OK(cublasSsyr2k(H, L, C, 4, 4, &One, D, 4, D, 4, &One, D, 4)); // real: C is T
  CHECK(cublasSsyr2k(H, L, N, 4, 4, &One, D, 3, D, 4, &One, D, 4) == Inv);
  CHECK(cublasSsyr2k(H, L, T, 4, 5, &One, D, 4, D, 5, &One, D, 4) == Inv); // lda < k
  CHECK(cublasSsyr2k(H, CUBLAS_FILL_MODE_FULL, N, 4, 4, &One, D, 4, D, 4, &One, D, 4) == Inv);
  CHECK(cublasCsyr2k(H, L, C, 4, 4, &COne, Cd, 4, Cd, 4, &COne, Cd, 4) == Inv);
  CHECK(cublasCher2k(H, L, T, 4, 4, &COne, Cd, 4, Cd, 4, &One, Cd, 4) == Inv);
  CHECK(cublasCher2k(H, L, N, 4, -1, &COne, Cd, 4, Cd, 4, &One, Cd, 4) == Inv);
  CHECK(cublasSsyrkx(H, L, N, 4, 4, &One, D, 4, D, 4, nullptr, D, 4) == Inv);
  CHECK(cublasSsyrkx(H, L, N, 4, 4, &One, D, 4, D, 4, &One, D, 3) == Inv);
  CHECK(cublasCsyrkx(H, L, C, 4, 4, &COne, Cd, 4, Cd, 4, &COne, Cd, 4) == Inv);
  CHECK(cublasCherkx(H, L, T, 4, 4, &COne, Cd, 4, Cd, 4, &One, Cd, 4) == Inv);
  CHECK(cublasCherkx(H, L, N, 4, 4, &COne, Cd, 4, nullptr, 4, &One, Cd, 4) == Inv);
  CHECK_OK(cublasSsyrkx(H, L, N, 0, 4, &One, nullptr, 4, nullptr, 4, &One, nullptr, 4));
  float *Arr[1] = {D.P};
  Dev<float *> DArr(std::vector<float *>(Arr, Arr + 1));
  const cublasSideMode_t Left = CUBLAS_SIDE_LEFT;
  const cublasDiagType_t Nu = CUBLAS_DIAG_NON_UNIT;
  CHECK(cublasStrsmBatched(H, Left, L, N, Nu, 4, 4, &One, (const float *const *)DArr.P, 3, DArr.P, 4, 1) == Inv);
  CHECK(cublasStrsmBatched(H, Left, L, N, Nu, 4, 4, &One, (const float *const *)DArr.P, 4, DArr.P, 4, -1) == Inv);
  CHECK(cublasStrsmBatched(H, (cublasSideMode_t)2, L, N, Nu, 4, 4, &One, (const float *const *)DArr.P, 4, DArr.P, 4, 1) == Inv);
  CHECK(cublasStrsmBatched(H, Left, L, N, Nu, 4, 4, nullptr, (const float *const *)DArr.P, 4, DArr.P, 4, 1) == Inv);
  CHECK(cublasStrsmBatched(H, Left, L, N, Nu, 4, 4, &One, nullptr, 4, DArr.P, 4, 1) == Inv);
  CHECK_OK(cublasStrsmBatched(H, Left, L, N, Nu, 4, 4, &One, nullptr, 4, nullptr, 4, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
}

int main() {
  cublasHandle_t H;
  CHECK_OK(cublasCreate(&H));
  for (bool DeviceMode : {false, true}) {
    testType<float>(H, DeviceMode);
    testType<double>(H, DeviceMode);
    testType<cuComplex>(H, DeviceMode);
    testType<cuDoubleComplex>(H, DeviceMode);
  }
  testErrors(H);
  CHECK_OK(cublasDestroy(H));
  return finish("blas_level3_ext");
}

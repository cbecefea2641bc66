// cuBLAS level 2 for S/D/C/Z against a plain CPU reference: gemv (N/T/C,
// strides, padded lda), ger/geru/gerc, symv (and hemv), trmv and trsv (all
// uplo/op/diag), in host and device pointer modes.
// SPDX-License-Identifier: Apache-2.0
// RUN: %loomcc %s -o %t -lcublas && %t | FileCheck %s
// CHECK: blas_level2: OK
#include "Inputs/blas_test.h"

template <class T> struct L2;
#define L2_API(T, P, GERU, GERC, HEMV)                                                   \
  template <> struct L2<T> {                                                             \
    static constexpr auto gemv = cublas##P##gemv;                                        \
    static constexpr auto geru = GERU;                                                   \
    static constexpr auto gerc = GERC;                                                   \
    static constexpr auto symv = cublas##P##symv;                                        \
    static constexpr auto hemv = HEMV;                                                   \
    static constexpr auto trmv = cublas##P##trmv;                                        \
    static constexpr auto trsv = cublas##P##trsv;                                        \
  };
L2_API(float, S, cublasSger, cublasSger, cublasSsymv)
L2_API(double, D, cublasDger, cublasDger, cublasDsymv)
L2_API(cuComplex, C, cublasCgeru, cublasCgerc, cublasChemv)
L2_API(cuDoubleComplex, Z, cublasZgeru, cublasZgerc, cublasZhemv)

template <class T> void testType(cublasHandle_t H, bool DeviceMode) {
  using A = L2<T>;
  const int M = 23, N = 17, Lda = 29;
  CHECK_OK(cublasSetPointerMode(H, DeviceMode ? CUBLAS_POINTER_MODE_DEVICE : CUBLAS_POINTER_MODE_HOST));
  T Alpha = rndT<T>(), Beta = rndT<T>();
  Dev<T> DAlpha(std::vector<T>{Alpha}), DBeta(std::vector<T>{Beta});
  const T *PA = DeviceMode ? DAlpha.P : &Alpha, *PB = DeviceMode ? DBeta.P : &Beta;
  std::vector<T> Mat = rndVec<T>((size_t)Lda * std::max(M, N));
  Dev<T> DMat(Mat);

  // gemv: y = alpha op(A) x + beta y, A m x n
  for (cublasOperation_t Op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C}) {
    int Rows = Op == CUBLAS_OP_N ? M : N, Cols = Op == CUBLAS_OP_N ? N : M;
    const int Ix = 2, Iy = 3;
    std::vector<T> X = rndVec<T>((size_t)Cols * Ix), Y = rndVec<T>((size_t)Rows * Iy);
    Dev<T> DX(X), DY(Y);
    CHECK_OK(A::gemv(H, Op, M, N, PA, DMat, Lda, DX, Ix, PB, DY, Iy));
    std::vector<Cx> Want = toCVec(Y);
    for (int I = 0; I < Rows; ++I) {
      Cx S = 0;
      for (int J = 0; J < Cols; ++J)
        S += opAt(Mat, Lda, Op, I, J) * toC(X[J * Ix]);
      Want[I * Iy] = toC(Alpha) * S + toC(Beta) * toC(Y[I * Iy]);
    }
    CHECK(nearVec(DY.get(), Want, N));
  }

  // ger (geru) and gerc: A += alpha x y^T / x y^H
  for (int Conj = 0; Conj < 2; ++Conj) {
    std::vector<T> X = rndVec<T>(M), Y = rndVec<T>(N);
    Dev<T> DX(X), DY(Y), DA(Mat);
    CHECK_OK((Conj ? A::gerc : A::geru)(H, M, N, PA, DX, 1, DY, 1, DA, Lda));
    std::vector<Cx> Want = toCVec(Mat);
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < M; ++I) {
        Cx Yj = toC(Y[J]);
        if (Conj && isCplx<T>())
          Yj = std::conj(Yj);
        Want[I + (size_t)J * Lda] += toC(Alpha) * toC(X[I]) * Yj;
      }
    CHECK(nearVec(DA.get(), Want));
  }

  // symv (and hemv for complex types): only the uplo triangle is read
  for (int Herm = 0; Herm < (isCplx<T>() ? 2 : 1); ++Herm)
    for (cublasFillMode_t U : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
      std::vector<T> X = rndVec<T>(N), Y = rndVec<T>(N);
      Dev<T> DX(X), DY(Y);
      CHECK_OK((Herm ? A::hemv : A::symv)(H, U, N, PA, DMat, Lda, DX, 1, PB, DY, 1));
      std::vector<Cx> Want(N);
      for (int I = 0; I < N; ++I) {
        Cx S = 0;
        for (int J = 0; J < N; ++J)
          S += symAt(Mat, Lda, U, I, J, Herm) * toC(X[J]);
        Want[I] = toC(Alpha) * S + toC(Beta) * toC(Y[I]);
      }
      CHECK(nearVec(DY.get(), Want, N));
    }

  // trmv: x = op(A) x; trsv: op(A) x = b, checked by its residual
  std::vector<T> Tri = triMatrix<T>(N, Lda);
  Dev<T> DTri(Tri);
  for (cublasFillMode_t U : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER})
    for (cublasOperation_t Op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
      for (cublasDiagType_t D : {CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT}) {
        std::vector<T> X = rndVec<T>((size_t)N * 2);
        Dev<T> DX(X), DB(X);
        CHECK_OK(A::trmv(H, U, Op, D, N, DTri, Lda, DX, 2));
        std::vector<Cx> Want = toCVec(X);
        for (int I = 0; I < N; ++I) {
          Cx S = 0;
          for (int J = 0; J < N; ++J)
            S += triAt(Tri, Lda, U, Op, D, I, J) * toC(X[J * 2]);
          Want[I * 2] = S;
        }
        CHECK(nearVec(DX.get(), Want, N * N));
        CHECK_OK(A::trsv(H, U, Op, D, N, DTri, Lda, DB, 2));
        std::vector<T> Sol = DB.get();
        std::vector<Cx> Back = toCVec(X);
        for (int I = 0; I < N; ++I) {
          Cx S = 0;
          for (int J = 0; J < N; ++J)
            S += triAt(Tri, Lda, U, Op, D, I, J) * toC(Sol[J * 2]);
          CHECK(near(S, Back[I * 2], tol<T>(), N * N));
        }
      }
  CHECK_OK(cublasSetPointerMode(H, CUBLAS_POINTER_MODE_HOST));
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
  CHECK_OK(cublasDestroy(H));
  return finish("blas_level2");
}

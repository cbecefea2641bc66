// cuBLAS extensions for S/D/C/Z against plain CPU loops: dgmm (left and
// right, increments 1, -2 and 0, in place), tpttr/trttp (both triangles,
// padded lda, the other triangle untouched), gemvBatched and
// gemvStridedBatched (N/T/C, both pointer modes), Cgemm3m/Zgemm3m; and
// their bad-argument codes.
// SPDX-License-Identifier: Apache-2.0
// RUN: %loomcc %s -o %t -lcublas && %t | FileCheck %s
// CHECK: blas_dgmm_pack_gemv: OK
#include "Inputs/blas_test.h"

template <class T> struct XE;
#define XE_API(T, P)                                                                     \
  template <> struct XE<T> {                                                             \
    static constexpr auto dgmm = cublas##P##dgmm;                                        \
    static constexpr auto tpttr = cublas##P##tpttr;                                      \
    static constexpr auto trttp = cublas##P##trttp;                                      \
    static constexpr auto gemvBatched = cublas##P##gemvBatched;                          \
    static constexpr auto gemvStrided = cublas##P##gemvStridedBatched;                   \
  };
XE_API(float, S)
XE_API(double, D)
XE_API(cuComplex, C)
XE_API(cuDoubleComplex, Z)

inline long vi(int I, int N, int Inc) { return Inc >= 0 ? (long)I * Inc : (long)(N - 1 - I) * -Inc; }

template <class T> void testType(cublasHandle_t H, bool DeviceMode) {
  using A = XE<T>;
  const int M = 9, N = 7, Ld = 11;
  CHECK_OK(cublasSetPointerMode(H, DeviceMode ? CUBLAS_POINTER_MODE_DEVICE : CUBLAS_POINTER_MODE_HOST));
  std::vector<T> MA = rndVec<T>((size_t)Ld * N), MC = rndVec<T>((size_t)Ld * N);
  Dev<T> DA(MA);

  // dgmm
  if (!DeviceMode)
    for (cublasSideMode_t S : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT})
      for (int Ix : {1, -2, 0})
        for (int InPlace = 0; InPlace < 2; ++InPlace) {
          int Len = S == CUBLAS_SIDE_LEFT ? M : N;
          std::vector<T> X = rndVec<T>((size_t)Len * 2);
          Dev<T> DX(X), DC(InPlace ? MA : MC);
          CHECK_OK(A::dgmm(H, S, M, N, InPlace ? DC.P : DA.P, Ld, DX, Ix, DC, Ld));
          std::vector<Cx> Want = toCVec(InPlace ? MA : MC);
          for (int J = 0; J < N; ++J)
            for (int I = 0; I < M; ++I)
              Want[I + (size_t)J * Ld] =
                  toC(MA[I + (size_t)J * Ld]) * toC(X[vi(S == CUBLAS_SIDE_LEFT ? I : J, Len, Ix)]);
          CHECK(nearVec(DC.get(), Want), "dgmm side %d incx %d in place %d", (int)S, Ix, InPlace);
        }

  // tpttr / trttp
  if (!DeviceMode)
    for (cublasFillMode_t U : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
      std::vector<T> AP = rndVec<T>((size_t)N * (N + 1) / 2), Full = rndVec<T>((size_t)Ld * N);
      Dev<T> DAP(AP), DFull(Full);
      CHECK_OK(A::tpttr(H, U, N, DAP, DFull, Ld));
      std::vector<Cx> Want = toCVec(Full);
      for (int J = 0; J < N; ++J)
        for (int I = 0; I < N; ++I) {
          bool Lower = U == CUBLAS_FILL_MODE_LOWER;
          if (Lower ? I >= J : I <= J)
            Want[I + (size_t)J * Ld] = toC(AP[Lower ? (size_t)I - J + (size_t)J * (2 * N - J + 1) / 2
                                                    : (size_t)I + (size_t)J * (J + 1) / 2]);
        }
      CHECK(nearVec(DFull.get(), Want), "tpttr uplo %d", (int)U);
      std::vector<T> Junk = rndVec<T>(AP.size());
      Dev<T> DBack(Junk);
      CHECK_OK(A::trttp(H, U, N, DFull, Ld, DBack));
      CHECK(nearVec(DBack.get(), toCVec(AP)), "trttp uplo %d", (int)U);
    }

  // gemvBatched / gemvStridedBatched
  T Alpha = rndT<T>(), Beta = rndT<T>();
  Dev<T> DAlpha(std::vector<T>{Alpha}), DBeta(std::vector<T>{Beta});
  const T *PA = DeviceMode ? DAlpha.P : &Alpha, *PB = DeviceMode ? DBeta.P : &Beta;
  const int Count = 3, Ix = 2, Iy = -1;
  const long long SA = (long long)Ld * N + 5, SX = 40, SY = 30;
  for (cublasOperation_t Op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C}) {
    int Rows = Op == CUBLAS_OP_N ? M : N, Cols = Op == CUBLAS_OP_N ? N : M;
    std::vector<T> As = rndVec<T>(SA * Count), Xs = rndVec<T>(SX * Count), Ys = rndVec<T>(SY * Count);
    std::vector<Cx> Want = toCVec(Ys);
    for (int B = 0; B < Count; ++B)
      for (int I = 0; I < Rows; ++I) {
        Cx S = 0;
        for (int J = 0; J < Cols; ++J) {
          Cx Aij = Op == CUBLAS_OP_N ? toC(As[B * SA + I + (size_t)J * Ld])
                                     : toC(As[B * SA + J + (size_t)I * Ld]);
          if (Op == CUBLAS_OP_C)
            Aij = std::conj(Aij);
          S += Aij * toC(Xs[B * SX + vi(J, Cols, Ix)]);
        }
        Cx &Y = Want[B * SY + vi(I, Rows, Iy)];
        Y = toC(Alpha) * S + toC(Beta) * Y;
      }
    Dev<T> DAs(As), DXs(Xs), DYs(Ys), DYs2(Ys);
    CHECK_OK(A::gemvStrided(H, Op, M, N, PA, DAs, Ld, SA, DXs, Ix, SX, PB, DYs, Iy, SY, Count));
    CHECK(nearVec(DYs.get(), Want, M), "gemvStridedBatched op %d", (int)Op);
    std::vector<const T *> Ap, Xp;
    std::vector<T *> Yp;
    for (int B = 0; B < Count; ++B) {
      Ap.push_back(DAs.P + B * SA);
      Xp.push_back(DXs.P + B * SX);
      Yp.push_back(DYs2.P + B * SY);
    }
    Dev<const T *> DAp(Ap), DXp(Xp);
    Dev<T *> DYp(Yp);
    CHECK_OK(A::gemvBatched(H, Op, M, N, PA, DAp, Ld, DXp, Ix, PB, DYp, Iy, Count));
    CHECK(nearVec(DYs2.get(), Want, M), "gemvBatched op %d", (int)Op);
  }
  CHECK_OK(cublasSetPointerMode(H, CUBLAS_POINTER_MODE_HOST));
}

template <class T, class F> void testGemm3m(cublasHandle_t H, F Gemm3m) {
  const int M = 6, N = 5, K = 4, Ld = 8;
  std::vector<T> MA = rndVec<T>(Ld * Ld), MB = rndVec<T>(Ld * Ld), MC = rndVec<T>(Ld * N);
  T Alpha = rndT<T>(), Beta = rndT<T>();
  Dev<T> DA(MA), DB(MB), DC(MC);
  CHECK_OK(Gemm3m(H, CUBLAS_OP_C, CUBLAS_OP_N, M, N, K, &Alpha, DA, Ld, DB, Ld, &Beta, DC, Ld));
  std::vector<Cx> Want = toCVec(MC);
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I) {
      Cx S = 0;
      for (int L = 0; L < K; ++L)
        S += opAt(MA, Ld, CUBLAS_OP_C, I, L) * opAt(MB, Ld, CUBLAS_OP_N, L, J);
      Want[I + J * Ld] = toC(Alpha) * S + toC(Beta) * toC(MC[I + J * Ld]);
    }
  CHECK(nearVec(DC.get(), Want, K), "gemm3m");
  CHECK(Gemm3m(H, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &Alpha, DA, M - 1, DB, Ld, &Beta, DC, Ld) ==
        CUBLAS_STATUS_INVALID_VALUE);
}

void testErrors(cublasHandle_t H) {
  const cublasStatus_t Inv = CUBLAS_STATUS_INVALID_VALUE;
  const cublasSideMode_t L = CUBLAS_SIDE_LEFT;
  float One = 1;
  Dev<float> D(256);
  const float *const *Arr = nullptr;
  CHECK(cublasSdgmm(nullptr, L, 4, 4, D, 4, D, 1, D, 4) == CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK(cublasSdgmm(H, (cublasSideMode_t)3, 4, 4, D, 4, D, 1, D, 4) == Inv);
  CHECK(cublasSdgmm(H, L, 4, 4, D, 3, D, 1, D + 64, 4) == Inv);
  CHECK(cublasSdgmm(H, L, 4, 4, D, 4, D, 1, D, 5) == Inv); // in place, other ld
  CHECK(cublasSdgmm(H, L, -1, 4, D, 4, D, 1, D, 4) == Inv);
  CHECK(cublasStpttr(H, CUBLAS_FILL_MODE_FULL, 4, D, D + 64, 4) == Inv);
  CHECK(cublasStpttr(H, CUBLAS_FILL_MODE_LOWER, 4, D, D + 64, 3) == Inv);
  CHECK(cublasStrttp(H, CUBLAS_FILL_MODE_LOWER, -1, D, 4, D + 64) == Inv);
  CHECK(cublasStrttp(H, CUBLAS_FILL_MODE_LOWER, 4, nullptr, 4, D + 64) == Inv);
  CHECK(cublasSgemvBatched(H, CUBLAS_OP_N, 4, 4, &One, Arr, 3, Arr, 1, &One, nullptr, 1, 1) == Inv);
  CHECK(cublasSgemvBatched(H, CUBLAS_OP_N, 4, 4, &One, Arr, 4, Arr, 1, &One, nullptr, 1, 1) == Inv);
  CHECK(cublasSgemvStridedBatched(H, CUBLAS_OP_N, 4, 4, &One, D, 4, 16, D, 0, 4, &One, D, 1, 4, 1) == Inv);
  CHECK(cublasSgemvStridedBatched(H, CUBLAS_OP_N, 4, 4, &One, D, 4, 16, D, 1, 4, &One, D, 1, 4, -1) == Inv);
  CHECK_OK(cublasSgemvStridedBatched(H, CUBLAS_OP_N, 4, 4, &One, D, 4, 16, D, 1, 4, &One, D, 1, 4, 0));
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
  testGemm3m<cuComplex>(H, cublasCgemm3m);
  testGemm3m<cuDoubleComplex>(H, cublasZgemm3m);
  testErrors(H);
  CHECK_OK(cublasDestroy(H));
  return finish("blas_dgmm_pack_gemv");
}

// cuBLAS level 3 and extensions for S/D/C/Z against a plain CPU reference:
// gemm (every op pair, padded leading dimensions), symm/hemm, syrk/herk,
// trmm (cuBLAS's out-of-place form and in place), trsm, geam (and in
// place), gemmBatched, gemmStridedBatched; GemmEx/SgemmEx with FP32, FP64,
// complex, and FP16/BF16 inputs computed in FP32.
// SPDX-License-Identifier: Apache-2.0
// RUN: %loomcc %s -o %t -lcublas && %t | FileCheck %s
// CHECK: blas_level3: OK
#include "Inputs/blas_test.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

template <class T> struct L3;
#define L3_API(T, P, HEMM, HERK, RT)                                                     \
  template <> struct L3<T> {                                                             \
    using Real = RT;                                                                     \
    static constexpr auto gemm = cublas##P##gemm;                                        \
    static constexpr auto symm = cublas##P##symm;                                        \
    static constexpr auto hemm = HEMM;                                                   \
    static constexpr auto syrk = cublas##P##syrk;                                        \
    static constexpr auto herk = HERK;                                                   \
    static constexpr auto trmm = cublas##P##trmm;                                        \
    static constexpr auto trsm = cublas##P##trsm;                                        \
    static constexpr auto geam = cublas##P##geam;                                        \
    static constexpr auto batched = cublas##P##gemmBatched;                              \
    static constexpr auto strided = cublas##P##gemmStridedBatched;                       \
  };
L3_API(float, S, cublasSsymm, nullptr, float)
L3_API(double, D, cublasDsymm, nullptr, double)
L3_API(cuComplex, C, cublasChemm, cublasCherk, float)
L3_API(cuDoubleComplex, Z, cublasZhemm, cublasZherk, double)

/// C = alpha op(A) op(B) + beta C, reference.
template <class T>
std::vector<Cx> refGemm(cublasOperation_t Ta, cublasOperation_t Tb, int M, int N, int K, Cx Al,
                        const std::vector<T> &A, int Lda, const std::vector<T> &B, int Ldb, Cx Be,
                        const std::vector<T> &C, int Ldc) {
  std::vector<Cx> R = toCVec(C);
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I) {
      Cx S = 0;
      for (int L = 0; L < K; ++L)
        S += opAt(A, Lda, Ta, I, L) * opAt(B, Ldb, Tb, L, J);
      R[I + (size_t)J * Ldc] = Al * S + Be * toC(C[I + (size_t)J * Ldc]);
    }
  return R;
}

template <class T> void testType(cublasHandle_t H, bool DeviceMode) {
  using A = L3<T>;
  using R = typename A::Real;
  const int M = 19, N = 13, K = 11, Ld = 23;
  CHECK_OK(cublasSetPointerMode(H, DeviceMode ? CUBLAS_POINTER_MODE_DEVICE : CUBLAS_POINTER_MODE_HOST));
  T Alpha = rndT<T>(), Beta = rndT<T>();
  Dev<T> DAlpha(std::vector<T>{Alpha}), DBeta(std::vector<T>{Beta});
  const T *PA = DeviceMode ? DAlpha.P : &Alpha, *PB = DeviceMode ? DBeta.P : &Beta;
  std::vector<T> MA = rndVec<T>((size_t)Ld * Ld), MB = rndVec<T>((size_t)Ld * Ld),
                 MC = rndVec<T>((size_t)Ld * Ld);
  Dev<T> DA(MA), DB(MB);

  // gemm, every op pair
  for (cublasOperation_t Ta : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
    for (cublasOperation_t Tb : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C}) {
      Dev<T> DC(MC);
      CHECK_OK(A::gemm(H, Ta, Tb, M, N, K, PA, DA, Ld, DB, Ld, PB, DC, Ld));
      CHECK(nearVec(DC.get(), refGemm(Ta, Tb, M, N, K, toC(Alpha), MA, Ld, MB, Ld, toC(Beta), MC, Ld), K));
    }

  // symm / hemm: C = alpha A B + beta C (left) or alpha B A + beta C (right)
  for (int Herm = 0; Herm < (isCplx<T>() ? 2 : 1); ++Herm)
    for (cublasSideMode_t S : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT})
      for (cublasFillMode_t U : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
        Dev<T> DC(MC);
        CHECK_OK((Herm ? A::hemm : A::symm)(H, S, U, M, N, PA, DA, Ld, DB, Ld, PB, DC, Ld));
        std::vector<Cx> Want = toCVec(MC);
        for (int J = 0; J < N; ++J)
          for (int I = 0; I < M; ++I) {
            Cx Sum = 0;
            if (S == CUBLAS_SIDE_LEFT)
              for (int L = 0; L < M; ++L)
                Sum += symAt(MA, Ld, U, I, L, Herm) * toC(MB[L + (size_t)J * Ld]);
            else
              for (int L = 0; L < N; ++L)
                Sum += toC(MB[I + (size_t)L * Ld]) * symAt(MA, Ld, U, L, J, Herm);
            Want[I + (size_t)J * Ld] = toC(Alpha) * Sum + toC(Beta) * toC(MC[I + (size_t)J * Ld]);
          }
        CHECK(nearVec(DC.get(), Want, M));
      }

  // syrk: C = alpha op(A) op(A)^T + beta C (only the uplo triangle is written)
  for (cublasFillMode_t U : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER})
    for (cublasOperation_t Op : {CUBLAS_OP_N, CUBLAS_OP_T}) {
      Dev<T> DC(MC);
      CHECK_OK(A::syrk(H, U, Op, N, K, PA, DA, Ld, PB, DC, Ld));
      std::vector<T> Got = DC.get();
      cublasOperation_t OpT = Op == CUBLAS_OP_N ? CUBLAS_OP_T : CUBLAS_OP_N;
      for (int J = 0; J < N; ++J)
        for (int I = 0; I < N; ++I) {
          bool In = U == CUBLAS_FILL_MODE_LOWER ? I >= J : I <= J;
          Cx Want = toC(MC[I + (size_t)J * Ld]);
          if (In) {
            Cx Sum = 0;
            for (int L = 0; L < K; ++L)
              Sum += opAt(MA, Ld, Op, I, L) * opAt(MA, Ld, OpT, L, J);
            Want = toC(Alpha) * Sum + toC(Beta) * Want;
          }
          CHECK(near(toC(Got[I + (size_t)J * Ld]), Want, tol<T>(), K));
        }
    }
  // herk: C = alpha op(A) op(A)^H + beta C, real alpha and beta
  if constexpr (isCplx<T>()) {
    R RA = (R)0.7, RB = (R)-0.3;
    Dev<R> DRA(std::vector<R>{RA}), DRB(std::vector<R>{RB});
    for (cublasOperation_t Op : {CUBLAS_OP_N, CUBLAS_OP_C}) {
      Dev<T> DC(MC);
      CHECK_OK(A::herk(H, CUBLAS_FILL_MODE_LOWER, Op, N, K, DeviceMode ? DRA.P : &RA,
                       DA, Ld, DeviceMode ? DRB.P : &RB, DC, Ld));
      std::vector<T> Got = DC.get();
      cublasOperation_t OpH = Op == CUBLAS_OP_N ? CUBLAS_OP_C : CUBLAS_OP_N;
      for (int J = 0; J < N; ++J)
        for (int I = J; I < N; ++I) {
          Cx Sum = 0;
          for (int L = 0; L < K; ++L)
            Sum += opAt(MA, Ld, Op, I, L) * opAt(MA, Ld, OpH, L, J);
          Cx Old = toC(MC[I + (size_t)J * Ld]);
          if (I == J)
            Old = Old.real();
          CHECK(near(toC(Got[I + (size_t)J * Ld]), (double)RA * Sum + (double)RB * Old, tol<T>(), K));
        }
    }
  }

  // trmm (out of place: C = alpha op(A) B, B untouched; and in place) and
  // trsm (op(A) X = alpha B, checked by its residual)
  int TriN = M; // side left: A is m x m; right: n x n
  std::vector<T> Tri = triMatrix<T>(Ld, Ld);
  Dev<T> DTri(Tri);
  for (cublasSideMode_t S : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT})
    for (cublasFillMode_t U : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER})
      for (cublasOperation_t Op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
        for (cublasDiagType_t D : {CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT}) {
          TriN = S == CUBLAS_SIDE_LEFT ? M : N;
          auto TriProd = [&](const std::vector<T> &B, int I, int J) {
            Cx Sum = 0;
            if (S == CUBLAS_SIDE_LEFT)
              for (int L = 0; L < TriN; ++L)
                Sum += triAt(Tri, Ld, U, Op, D, I, L) * toC(B[L + (size_t)J * Ld]);
            else
              for (int L = 0; L < TriN; ++L)
                Sum += toC(B[I + (size_t)L * Ld]) * triAt(Tri, Ld, U, Op, D, L, J);
            return Sum;
          };
          Dev<T> DBm(MB), DC(MC), DIn(MB);
          CHECK_OK(A::trmm(H, S, U, Op, D, M, N, PA, DTri, Ld, DBm, Ld, DC, Ld));
          CHECK_OK(A::trmm(H, S, U, Op, D, M, N, PA, DTri, Ld, DIn, Ld, DIn, Ld));
          std::vector<Cx> Want = toCVec(MC), WantIn = toCVec(MB);
          for (int J = 0; J < N; ++J)
            for (int I = 0; I < M; ++I)
              Want[I + (size_t)J * Ld] = WantIn[I + (size_t)J * Ld] = toC(Alpha) * TriProd(MB, I, J);
          CHECK(nearVec(DC.get(), Want, M));
          CHECK(nearVec(DIn.get(), WantIn, M));
          CHECK(nearVec(DBm.get(), toCVec(MB))); // B untouched

          Dev<T> DX(MB);
          CHECK_OK(A::trsm(H, S, U, Op, D, M, N, PA, DTri, Ld, DX, Ld));
          std::vector<T> X = DX.get();
          for (int J = 0; J < N; ++J)
            for (int I = 0; I < M; ++I)
              CHECK(near(TriProd(X, I, J), toC(Alpha) * toC(MB[I + (size_t)J * Ld]), tol<T>(), M * M));
        }

  // geam: C = alpha op(A) + beta op(B), and in place (C == B)
  for (cublasOperation_t Ta : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
    for (cublasOperation_t Tb : {CUBLAS_OP_N, CUBLAS_OP_C}) {
      Dev<T> DC(MC);
      CHECK_OK(A::geam(H, Ta, Tb, M, N, PA, DA, Ld, PB, DB, Ld, DC, Ld));
      std::vector<Cx> Want = toCVec(MC);
      for (int J = 0; J < N; ++J)
        for (int I = 0; I < M; ++I)
          Want[I + (size_t)J * Ld] = toC(Alpha) * opAt(MA, Ld, Ta, I, J) + toC(Beta) * opAt(MB, Ld, Tb, I, J);
      CHECK(nearVec(DC.get(), Want));
    }
  {
    Dev<T> DInB(MB);
    CHECK_OK(A::geam(H, CUBLAS_OP_T, CUBLAS_OP_N, M, N, PA, DA, Ld, PB, DInB, Ld, DInB, Ld));
    std::vector<Cx> Want = toCVec(MB);
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < M; ++I)
        Want[I + (size_t)J * Ld] = toC(Alpha) * opAt(MA, Ld, CUBLAS_OP_T, I, J) + toC(Beta) * toC(MB[I + (size_t)J * Ld]);
    CHECK(nearVec(DInB.get(), Want));
  }

  // gemmStridedBatched and gemmBatched: 3 products
  {
    const int Count = 3;
    long long SA = (long long)Ld * K + 5, SB = (long long)Ld * N + 3, SC = (long long)Ld * N + 7;
    std::vector<T> BA = rndVec<T>(SA * Count), BB = rndVec<T>(SB * Count), BC = rndVec<T>(SC * Count);
    Dev<T> DBA(BA), DBB(BB), DBC(BC), DBC2(BC);
    CHECK_OK(A::strided(H, CUBLAS_OP_N, CUBLAS_OP_T, M, N, K, PA, DBA, Ld, SA, DBB, Ld, SB, PB, DBC, Ld, SC, Count));
    std::vector<const T *> PAs, PBs;
    std::vector<T *> PCs;
    for (int I = 0; I < Count; ++I) {
      PAs.push_back(DBA.P + I * SA);
      PBs.push_back(DBB.P + I * SB);
      PCs.push_back(DBC2.P + I * SC);
    }
    Dev<const T *> DPA(PAs), DPB(PBs);
    Dev<T *> DPC(PCs);
    CHECK_OK(A::batched(H, CUBLAS_OP_N, CUBLAS_OP_T, M, N, K, PA, DPA, Ld, DPB, Ld, PB, DPC, Ld, Count));
    std::vector<T> Got = DBC.get(), Got2 = DBC2.get();
    for (int B = 0; B < Count; ++B) {
      auto Sub = [&](const std::vector<T> &V, long long Stride, size_t Len) {
        return std::vector<T>(V.begin() + B * Stride, V.begin() + B * Stride + Len);
      };
      std::vector<Cx> Want = refGemm(CUBLAS_OP_N, CUBLAS_OP_T, M, N, K, toC(Alpha), Sub(BA, SA, SA),
                                     Ld, Sub(BB, SB, SB), Ld, toC(Beta), Sub(BC, SC, SC), Ld);
      CHECK(nearVec(Sub(Got, SC, SC), Want, K));
      CHECK(nearVec(Sub(Got2, SC, SC), Want, K));
    }
  }
  CHECK_OK(cublasSetPointerMode(H, CUBLAS_POINTER_MODE_HOST));
}

/// GemmEx with FP16 or BF16 storage: inputs converted, FP32 compute.
template <class L>
void testLowPrecision(cublasHandle_t H, cudaDataType Type, L (*From)(float), float (*To)(L)) {
  const int M = 9, N = 7, K = 5;
  std::vector<L> A(M * K), B(K * N), C(M * N);
  std::vector<float> Af(M * K), Bf(K * N), Cf(M * N);
  for (int I = 0; I < M * K; ++I)
    Af[I] = To(A[I] = From((float)rnd()));
  for (int I = 0; I < K * N; ++I)
    Bf[I] = To(B[I] = From((float)rnd()));
  for (int I = 0; I < M * N; ++I)
    Cf[I] = To(C[I] = From((float)rnd()));
  float Alpha = 1.5f, Beta = -0.5f;
  std::vector<Cx> Want(M * N);
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I) {
      double S = 0;
      for (int L2 = 0; L2 < K; ++L2)
        S += (double)Af[I + L2 * M] * Bf[L2 + J * K];
      Want[I + J * M] = Alpha * S + Beta * Cf[I + J * M];
    }
  Dev<L> DA(A), DB(B), DC(C);
  Dev<float> DCf(Cf);
  // Output in FP32 ...
  CHECK_OK(cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &Alpha, DA, Type, M, DB, Type, K,
                        &Beta, DCf, CUDA_R_32F, M, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  CHECK(nearVec(DCf.get(), Want));
  // ... and in the input type (rounded: a looser bound), through SgemmEx.
  CHECK_OK(cublasSgemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &Alpha, DA, Type, M, DB, Type, K,
                         &Beta, DC, Type, M));
  std::vector<L> Got = DC.get();
  for (int I = 0; I < M * N; ++I)
    CHECK(std::fabs(To(Got[I]) - Want[I].real()) <= 2e-2 * (1 + std::fabs(Want[I].real())));
}

static __half fromH(float F) { return __float2half(F); }
static float toH(__half H) { return __half2float(H); }
static __nv_bfloat16 fromB(float F) { return __float2bfloat16(F); }
static float toB(__nv_bfloat16 H) { return __bfloat162float(H); }

void testGemmEx(cublasHandle_t H) {
  const int M = 8, N = 6, K = 4;
  // FP32, FP64 and complex through GemmEx equal the typed gemm.
  {
    std::vector<float> A = rndVec<float>(M * K), B = rndVec<float>(K * N), C = rndVec<float>(M * N);
    Dev<float> DA(A), DB(B), DC(C);
    float Al = 2, Be = 0.5f;
    CHECK_OK(cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &Al, DA, CUDA_R_32F, M, DB,
                          CUDA_R_32F, K, &Be, DC, CUDA_R_32F, M, CUBLAS_COMPUTE_32F_FAST_TF32,
                          CUBLAS_GEMM_DEFAULT_TENSOR_OP));
    CHECK(nearVec(DC.get(), refGemm(CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, Al, A, M, B, K, Be, C, M), K));
  }
  {
    std::vector<double> A = rndVec<double>(M * K), B = rndVec<double>(K * N), C = rndVec<double>(M * N);
    Dev<double> DA(A), DB(B), DC(C);
    double Al = -1, Be = 2;
    CHECK_OK(cublasGemmEx(H, CUBLAS_OP_T, CUBLAS_OP_N, M, N, K, &Al, DA, CUDA_R_64F, K, DB,
                          CUDA_R_64F, K, &Be, DC, CUDA_R_64F, M, CUBLAS_COMPUTE_64F,
                          CUBLAS_GEMM_DEFAULT));
    CHECK(nearVec(DC.get(), refGemm(CUBLAS_OP_T, CUBLAS_OP_N, M, N, K, Al, A, K, B, K, Be, C, M), K));
  }
  {
    std::vector<cuComplex> A = rndVec<cuComplex>(M * K), B = rndVec<cuComplex>(K * N),
                           C = rndVec<cuComplex>(M * N);
    Dev<cuComplex> DA(A), DB(B), DC(C);
    cuComplex Al = make_cuComplex(1, 1), Be = make_cuComplex(0, -1);
    CHECK_OK(cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_C, M, N, K, &Al, DA, CUDA_C_32F, M, DB,
                          CUDA_C_32F, N, &Be, DC, CUDA_C_32F, M, CUBLAS_COMPUTE_32F,
                          CUBLAS_GEMM_DEFAULT));
    CHECK(nearVec(DC.get(), refGemm(CUBLAS_OP_N, CUBLAS_OP_C, M, N, K, toC(Al), A, M, B, N, toC(Be), C, M), K));
  }
  testLowPrecision<__half>(H, CUDA_R_16F, fromH, toH);
  testLowPrecision<__nv_bfloat16>(H, CUDA_R_16BF, fromB, toB);
  // Unsupported combinations are reported, not computed.
  float Al = 1, Be = 0;
  Dev<float> D(64);
  CHECK(cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &Al, D, CUDA_R_32F, 4, D, CUDA_R_64F,
                     4, &Be, D, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT) ==
        CUBLAS_STATUS_NOT_SUPPORTED);
  CHECK(cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &Al, D, CUDA_R_8I, 4, D, CUDA_R_8I, 4,
                     &Be, D, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT) ==
        CUBLAS_STATUS_NOT_SUPPORTED);
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
  testGemmEx(H);
  CHECK_OK(cublasDestroy(H));
  return finish("blas_level3");
}

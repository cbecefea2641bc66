// Cublas.cpp - libcublas: NVIDIA's cuBLAS v2 API on OpenBLAS.
// SPDX-License-Identifier: Apache-2.0
//
// Device pointers are host pointers in Loom, so each call validates its
// arguments as cuBLAS documents (CUBLAS_STATUS_* at the call), then enqueues
// the OpenBLAS call on the handle's stream (libs/common/StreamTask.h): it
// runs when the stream reaches it, after the kernels before it. Scalars
// (alpha, beta, c, s) are read at the call in CUBLAS_POINTER_MODE_HOST and
// when the work runs in CUBLAS_POINTER_MODE_DEVICE; results to host memory
// (dot, nrm2, amax, ... in host mode) are complete when the call returns,
// as in cuBLAS. Matrices are column-major with cuBLAS's leading dimensions,
// which are OpenBLAS's CblasColMajor ones. See docs/libraries.md.
#include "cublas_api.h"
#include "cuda_runtime_api.h"

#include "../common/StreamTask.h"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>

struct cublasContext {
  cudaStream_t Stream = nullptr;
  cublasPointerMode_t PointerMode = CUBLAS_POINTER_MODE_HOST;
  cublasAtomicsMode_t Atomics = CUBLAS_ATOMICS_NOT_ALLOWED;
  cublasMath_t Math = CUBLAS_DEFAULT_MATH;
  loomlib::TaskKeeper Keeper;
};

namespace {

using cf = cuComplex;
using cd = cuDoubleComplex;

template <class T> struct IsComplex : std::false_type {};
template <> struct IsComplex<cf> : std::true_type {};
template <> struct IsComplex<cd> : std::true_type {};

/// A scalar argument: the value itself (host pointer mode, read at the
/// call) or the pointer to read when the work runs (device pointer mode).
template <class T> struct Scalar {
  T Value{};
  const T *Ptr = nullptr;
  T get() const { return Ptr ? *Ptr : Value; }
};

template <class T> Scalar<T> scalar(cublasHandle_t H, const T *P) {
  Scalar<T> S;
  if (H->PointerMode == CUBLAS_POINTER_MODE_DEVICE)
    S.Ptr = P;
  else
    S.Value = *P;
  return S;
}

/// Enqueues \p Fn on the handle's stream; \p HostResult: the call writes a
/// result through a pointer in host pointer mode, so it waits for it.
template <class F> cublasStatus_t submit(cublasHandle_t H, F &&Fn, bool HostResult = false) {
  if (loomlib::enqueue(H->Stream, H->Keeper, std::forward<F>(Fn)) != cudaSuccess)
    return CUBLAS_STATUS_EXECUTION_FAILED;
  if (HostResult && H->PointerMode == CUBLAS_POINTER_MODE_HOST &&
      cudaStreamSynchronize(H->Stream) != cudaSuccess)
    return CUBLAS_STATUS_EXECUTION_FAILED;
  return CUBLAS_STATUS_SUCCESS;
}

#define CHECK_HANDLE(H)                                                                  \
  do {                                                                                   \
    if (!(H))                                                                            \
      return CUBLAS_STATUS_NOT_INITIALIZED;                                              \
  } while (0)
#define REQUIRE(Cond)                                                                    \
  do {                                                                                   \
    if (!(Cond))                                                                         \
      return CUBLAS_STATUS_INVALID_VALUE;                                                \
  } while (0)

int max1(int X) { return std::max(1, X); }

bool validOp(cublasOperation_t Op) {
  return Op == CUBLAS_OP_N || Op == CUBLAS_OP_T || Op == CUBLAS_OP_C;
}
bool validUplo(cublasFillMode_t U) {
  return U == CUBLAS_FILL_MODE_LOWER || U == CUBLAS_FILL_MODE_UPPER;
}
bool validSide(cublasSideMode_t S) { return S == CUBLAS_SIDE_LEFT || S == CUBLAS_SIDE_RIGHT; }
bool validDiag(cublasDiagType_t D) { return D == CUBLAS_DIAG_NON_UNIT || D == CUBLAS_DIAG_UNIT; }

CBLAS_TRANSPOSE tr(cublasOperation_t Op) {
  return Op == CUBLAS_OP_N ? CblasNoTrans : Op == CUBLAS_OP_T ? CblasTrans : CblasConjTrans;
}
CBLAS_UPLO up(cublasFillMode_t U) { return U == CUBLAS_FILL_MODE_LOWER ? CblasLower : CblasUpper; }
CBLAS_SIDE sd(cublasSideMode_t S) { return S == CUBLAS_SIDE_LEFT ? CblasLeft : CblasRight; }
CBLAS_DIAG dg(cublasDiagType_t D) { return D == CUBLAS_DIAG_UNIT ? CblasUnit : CblasNonUnit; }
constexpr CBLAS_ORDER Col = CblasColMajor;

// ---- Complex helpers for the loops OpenBLAS has no routine for ----
inline cf cmul(cf A, cf B) { return cuCmulf(A, B); }
inline cd cmul(cd A, cd B) { return cuCmul(A, B); }
inline cf cadd(cf A, cf B) { return cuCaddf(A, B); }
inline cd cadd(cd A, cd B) { return cuCadd(A, B); }
inline cf conj(cf A) { return cuConjf(A); }
inline cd conj(cd A) { return cuConj(A); }
inline float creal(cf A) { return A.x; }
inline double creal(cd A) { return A.x; }
template <class T> T cmake(double R, double I) { return T{(decltype(T{}.x))R, (decltype(T{}.x))I}; }

// ---- OpenBLAS, overloaded by element type ----
// (Written out: the complex routines take scalars by pointer, the real
// ones by value.)

void gemm(CBLAS_TRANSPOSE Ta, CBLAS_TRANSPOSE Tb, int M, int N, int K, float Al, const float *A,
          int Lda, const float *B, int Ldb, float Be, float *C, int Ldc) {
  cblas_sgemm(Col, Ta, Tb, M, N, K, Al, A, Lda, B, Ldb, Be, C, Ldc);
}
void gemm(CBLAS_TRANSPOSE Ta, CBLAS_TRANSPOSE Tb, int M, int N, int K, double Al, const double *A,
          int Lda, const double *B, int Ldb, double Be, double *C, int Ldc) {
  cblas_dgemm(Col, Ta, Tb, M, N, K, Al, A, Lda, B, Ldb, Be, C, Ldc);
}
void gemm(CBLAS_TRANSPOSE Ta, CBLAS_TRANSPOSE Tb, int M, int N, int K, cf Al, const cf *A, int Lda,
          const cf *B, int Ldb, cf Be, cf *C, int Ldc) {
  cblas_cgemm(Col, Ta, Tb, M, N, K, &Al, A, Lda, B, Ldb, &Be, C, Ldc);
}
void gemm(CBLAS_TRANSPOSE Ta, CBLAS_TRANSPOSE Tb, int M, int N, int K, cd Al, const cd *A, int Lda,
          const cd *B, int Ldb, cd Be, cd *C, int Ldc) {
  cblas_zgemm(Col, Ta, Tb, M, N, K, &Al, A, Lda, B, Ldb, &Be, C, Ldc);
}

void symm(CBLAS_SIDE S, CBLAS_UPLO U, int M, int N, float Al, const float *A, int Lda,
          const float *B, int Ldb, float Be, float *C, int Ldc) {
  cblas_ssymm(Col, S, U, M, N, Al, A, Lda, B, Ldb, Be, C, Ldc);
}
void symm(CBLAS_SIDE S, CBLAS_UPLO U, int M, int N, double Al, const double *A, int Lda,
          const double *B, int Ldb, double Be, double *C, int Ldc) {
  cblas_dsymm(Col, S, U, M, N, Al, A, Lda, B, Ldb, Be, C, Ldc);
}
void symm(CBLAS_SIDE S, CBLAS_UPLO U, int M, int N, cf Al, const cf *A, int Lda, const cf *B,
          int Ldb, cf Be, cf *C, int Ldc) {
  cblas_csymm(Col, S, U, M, N, &Al, A, Lda, B, Ldb, &Be, C, Ldc);
}
void symm(CBLAS_SIDE S, CBLAS_UPLO U, int M, int N, cd Al, const cd *A, int Lda, const cd *B,
          int Ldb, cd Be, cd *C, int Ldc) {
  cblas_zsymm(Col, S, U, M, N, &Al, A, Lda, B, Ldb, &Be, C, Ldc);
}
void hemm(CBLAS_SIDE S, CBLAS_UPLO U, int M, int N, cf Al, const cf *A, int Lda, const cf *B,
          int Ldb, cf Be, cf *C, int Ldc) {
  cblas_chemm(Col, S, U, M, N, &Al, A, Lda, B, Ldb, &Be, C, Ldc);
}
void hemm(CBLAS_SIDE S, CBLAS_UPLO U, int M, int N, cd Al, const cd *A, int Lda, const cd *B,
          int Ldb, cd Be, cd *C, int Ldc) {
  cblas_zhemm(Col, S, U, M, N, &Al, A, Lda, B, Ldb, &Be, C, Ldc);
}

void syrk(CBLAS_UPLO U, CBLAS_TRANSPOSE T, int N, int K, float Al, const float *A, int Lda,
          float Be, float *C, int Ldc) {
  cblas_ssyrk(Col, U, T, N, K, Al, A, Lda, Be, C, Ldc);
}
void syrk(CBLAS_UPLO U, CBLAS_TRANSPOSE T, int N, int K, double Al, const double *A, int Lda,
          double Be, double *C, int Ldc) {
  cblas_dsyrk(Col, U, T, N, K, Al, A, Lda, Be, C, Ldc);
}
void syrk(CBLAS_UPLO U, CBLAS_TRANSPOSE T, int N, int K, cf Al, const cf *A, int Lda, cf Be, cf *C,
          int Ldc) {
  cblas_csyrk(Col, U, T, N, K, &Al, A, Lda, &Be, C, Ldc);
}
void syrk(CBLAS_UPLO U, CBLAS_TRANSPOSE T, int N, int K, cd Al, const cd *A, int Lda, cd Be, cd *C,
          int Ldc) {
  cblas_zsyrk(Col, U, T, N, K, &Al, A, Lda, &Be, C, Ldc);
}
void herk(CBLAS_UPLO U, CBLAS_TRANSPOSE T, int N, int K, float Al, const cf *A, int Lda, float Be,
          cf *C, int Ldc) {
  cblas_cherk(Col, U, T, N, K, Al, A, Lda, Be, C, Ldc);
}
void herk(CBLAS_UPLO U, CBLAS_TRANSPOSE T, int N, int K, double Al, const cd *A, int Lda,
          double Be, cd *C, int Ldc) {
  cblas_zherk(Col, U, T, N, K, Al, A, Lda, Be, C, Ldc);
}

#define TRXM(NAME, S, D, C, Z)                                                           \
  void NAME(CBLAS_SIDE Si, CBLAS_UPLO U, CBLAS_TRANSPOSE T, CBLAS_DIAG Dg, int M, int N,     \
            float Al, const float *A, int Lda, float *B, int Ldb) {                      \
    S(Col, Si, U, T, Dg, M, N, Al, A, Lda, B, Ldb);                                      \
  }                                                                                      \
  void NAME(CBLAS_SIDE Si, CBLAS_UPLO U, CBLAS_TRANSPOSE T, CBLAS_DIAG Dg, int M, int N,     \
            double Al, const double *A, int Lda, double *B, int Ldb) {                   \
    D(Col, Si, U, T, Dg, M, N, Al, A, Lda, B, Ldb);                                      \
  }                                                                                      \
  void NAME(CBLAS_SIDE Si, CBLAS_UPLO U, CBLAS_TRANSPOSE T, CBLAS_DIAG Dg, int M, int N, cf Al, \
            const cf *A, int Lda, cf *B, int Ldb) {                                      \
    C(Col, Si, U, T, Dg, M, N, &Al, A, Lda, B, Ldb);                                     \
  }                                                                                      \
  void NAME(CBLAS_SIDE Si, CBLAS_UPLO U, CBLAS_TRANSPOSE T, CBLAS_DIAG Dg, int M, int N, cd Al, \
            const cd *A, int Lda, cd *B, int Ldb) {                                      \
    Z(Col, Si, U, T, Dg, M, N, &Al, A, Lda, B, Ldb);                                     \
  }
TRXM(trmm, cblas_strmm, cblas_dtrmm, cblas_ctrmm, cblas_ztrmm)
TRXM(trsm, cblas_strsm, cblas_dtrsm, cblas_ctrsm, cblas_ztrsm)

void gemv(CBLAS_TRANSPOSE T, int M, int N, float Al, const float *A, int Lda, const float *X,
          int Ix, float Be, float *Y, int Iy) {
  cblas_sgemv(Col, T, M, N, Al, A, Lda, X, Ix, Be, Y, Iy);
}
void gemv(CBLAS_TRANSPOSE T, int M, int N, double Al, const double *A, int Lda, const double *X,
          int Ix, double Be, double *Y, int Iy) {
  cblas_dgemv(Col, T, M, N, Al, A, Lda, X, Ix, Be, Y, Iy);
}
void gemv(CBLAS_TRANSPOSE T, int M, int N, cf Al, const cf *A, int Lda, const cf *X, int Ix, cf Be,
          cf *Y, int Iy) {
  cblas_cgemv(Col, T, M, N, &Al, A, Lda, X, Ix, &Be, Y, Iy);
}
void gemv(CBLAS_TRANSPOSE T, int M, int N, cd Al, const cd *A, int Lda, const cd *X, int Ix, cd Be,
          cd *Y, int Iy) {
  cblas_zgemv(Col, T, M, N, &Al, A, Lda, X, Ix, &Be, Y, Iy);
}

void symv(CBLAS_UPLO U, int N, float Al, const float *A, int Lda, const float *X, int Ix, float Be,
          float *Y, int Iy) {
  cblas_ssymv(Col, U, N, Al, A, Lda, X, Ix, Be, Y, Iy);
}
void symv(CBLAS_UPLO U, int N, double Al, const double *A, int Lda, const double *X, int Ix,
          double Be, double *Y, int Iy) {
  cblas_dsymv(Col, U, N, Al, A, Lda, X, Ix, Be, Y, Iy);
}
/// Complex symmetric (not Hermitian) y = alpha A x + beta y: CBLAS has none.
template <class T>
void csymv(CBLAS_UPLO U, int N, T Al, const T *A, int Lda, const T *X, int Ix, T Be, T *Y,
           int Iy) {
  auto Idx = [](int I, int N, int Inc) { return Inc > 0 ? (long)I * Inc : (long)(N - 1 - I) * -Inc; };
  std::vector<T> R(N);
  for (int I = 0; I < N; ++I) {
    T Sum = cmake<T>(0, 0);
    for (int J = 0; J < N; ++J) {
      bool Stored = U == CblasLower ? I >= J : I <= J;
      T Aij = Stored ? A[I + (long)J * Lda] : A[J + (long)I * Lda];
      Sum = cadd(Sum, cmul(Aij, X[Idx(J, N, Ix)]));
    }
    R[I] = Sum;
  }
  bool BetaZero = creal(Be) == 0 && Be.y == 0;
  for (int I = 0; I < N; ++I) {
    T &Yi = Y[Idx(I, N, Iy)];
    T Old = BetaZero ? cmake<T>(0, 0) : cmul(Be, Yi);
    Yi = cadd(Old, cmul(Al, R[I]));
  }
}
void symv(CBLAS_UPLO U, int N, cf Al, const cf *A, int Lda, const cf *X, int Ix, cf Be, cf *Y,
          int Iy) {
  csymv(U, N, Al, A, Lda, X, Ix, Be, Y, Iy);
}
void symv(CBLAS_UPLO U, int N, cd Al, const cd *A, int Lda, const cd *X, int Ix, cd Be, cd *Y,
          int Iy) {
  csymv(U, N, Al, A, Lda, X, Ix, Be, Y, Iy);
}
void hemv(CBLAS_UPLO U, int N, cf Al, const cf *A, int Lda, const cf *X, int Ix, cf Be, cf *Y,
          int Iy) {
  cblas_chemv(Col, U, N, &Al, A, Lda, X, Ix, &Be, Y, Iy);
}
void hemv(CBLAS_UPLO U, int N, cd Al, const cd *A, int Lda, const cd *X, int Ix, cd Be, cd *Y,
          int Iy) {
  cblas_zhemv(Col, U, N, &Al, A, Lda, X, Ix, &Be, Y, Iy);
}

#define TRXV(NAME, S, D, C, Z)                                                           \
  void NAME(CBLAS_UPLO U, CBLAS_TRANSPOSE T, CBLAS_DIAG Dg, int N, const float *A, int Lda,   \
            float *X, int Ix) {                                                          \
    S(Col, U, T, Dg, N, A, Lda, X, Ix);                                                  \
  }                                                                                      \
  void NAME(CBLAS_UPLO U, CBLAS_TRANSPOSE T, CBLAS_DIAG Dg, int N, const double *A, int Lda,  \
            double *X, int Ix) {                                                         \
    D(Col, U, T, Dg, N, A, Lda, X, Ix);                                                  \
  }                                                                                      \
  void NAME(CBLAS_UPLO U, CBLAS_TRANSPOSE T, CBLAS_DIAG Dg, int N, const cf *A, int Lda, cf *X, \
            int Ix) {                                                                    \
    C(Col, U, T, Dg, N, A, Lda, X, Ix);                                                  \
  }                                                                                      \
  void NAME(CBLAS_UPLO U, CBLAS_TRANSPOSE T, CBLAS_DIAG Dg, int N, const cd *A, int Lda, cd *X, \
            int Ix) {                                                                    \
    Z(Col, U, T, Dg, N, A, Lda, X, Ix);                                                  \
  }
TRXV(trmv, cblas_strmv, cblas_dtrmv, cblas_ctrmv, cblas_ztrmv)
TRXV(trsv, cblas_strsv, cblas_dtrsv, cblas_ctrsv, cblas_ztrsv)

void axpy(int N, float Al, const float *X, int Ix, float *Y, int Iy) { cblas_saxpy(N, Al, X, Ix, Y, Iy); }
void axpy(int N, double Al, const double *X, int Ix, double *Y, int Iy) { cblas_daxpy(N, Al, X, Ix, Y, Iy); }
void axpy(int N, cf Al, const cf *X, int Ix, cf *Y, int Iy) { cblas_caxpy(N, &Al, X, Ix, Y, Iy); }
void axpy(int N, cd Al, const cd *X, int Ix, cd *Y, int Iy) { cblas_zaxpy(N, &Al, X, Ix, Y, Iy); }
void copy(int N, const float *X, int Ix, float *Y, int Iy) { cblas_scopy(N, X, Ix, Y, Iy); }
void copy(int N, const double *X, int Ix, double *Y, int Iy) { cblas_dcopy(N, X, Ix, Y, Iy); }
void copy(int N, const cf *X, int Ix, cf *Y, int Iy) { cblas_ccopy(N, X, Ix, Y, Iy); }
void copy(int N, const cd *X, int Ix, cd *Y, int Iy) { cblas_zcopy(N, X, Ix, Y, Iy); }
void swap(int N, float *X, int Ix, float *Y, int Iy) { cblas_sswap(N, X, Ix, Y, Iy); }
void swap(int N, double *X, int Ix, double *Y, int Iy) { cblas_dswap(N, X, Ix, Y, Iy); }
void swap(int N, cf *X, int Ix, cf *Y, int Iy) { cblas_cswap(N, X, Ix, Y, Iy); }
void swap(int N, cd *X, int Ix, cd *Y, int Iy) { cblas_zswap(N, X, Ix, Y, Iy); }
void scal(int N, float Al, float *X, int Ix) { cblas_sscal(N, Al, X, Ix); }
void scal(int N, double Al, double *X, int Ix) { cblas_dscal(N, Al, X, Ix); }
void scal(int N, cf Al, cf *X, int Ix) { cblas_cscal(N, &Al, X, Ix); }
void scal(int N, cd Al, cd *X, int Ix) { cblas_zscal(N, &Al, X, Ix); }
void scal(int N, float Al, cf *X, int Ix) { cblas_csscal(N, Al, X, Ix); }
void scal(int N, double Al, cd *X, int Ix) { cblas_zdscal(N, Al, X, Ix); }
float nrm2(int N, const float *X, int Ix) { return cblas_snrm2(N, X, Ix); }
double nrm2(int N, const double *X, int Ix) { return cblas_dnrm2(N, X, Ix); }
float nrm2(int N, const cf *X, int Ix) { return cblas_scnrm2(N, X, Ix); }
double nrm2(int N, const cd *X, int Ix) { return cblas_dznrm2(N, X, Ix); }
float asum(int N, const float *X, int Ix) { return cblas_sasum(N, X, Ix); }
double asum(int N, const double *X, int Ix) { return cblas_dasum(N, X, Ix); }
float asum(int N, const cf *X, int Ix) { return cblas_scasum(N, X, Ix); }
double asum(int N, const cd *X, int Ix) { return cblas_dzasum(N, X, Ix); }
size_t iamax(int N, const float *X, int Ix) { return cblas_isamax(N, X, Ix); }
size_t iamax(int N, const double *X, int Ix) { return cblas_idamax(N, X, Ix); }
size_t iamax(int N, const cf *X, int Ix) { return cblas_icamax(N, X, Ix); }
size_t iamax(int N, const cd *X, int Ix) { return cblas_izamax(N, X, Ix); }

/// |x| as cuBLAS's amin/amax measure it: |re| + |im| for complex numbers.
inline double mag(float X) { return std::fabs(X); }
inline double mag(double X) { return std::fabs(X); }
inline double mag(cf X) { return std::fabs(X.x) + std::fabs(X.y); }
inline double mag(cd X) { return std::fabs(X.x) + std::fabs(X.y); }
/// 0-based index of the first smallest |x| (OpenBLAS's i?amin are not
/// in every version's CBLAS, and its own loop is trivial).
template <class T> size_t iamin(int N, const T *X, int Ix) {
  size_t Best = 0;
  double BestMag = mag(X[0]);
  for (int I = 1; I < N; ++I) {
    double M = mag(X[(long)I * Ix]);
    if (M < BestMag) {
      BestMag = M;
      Best = I;
    }
  }
  return Best;
}

// ---- Templates behind the entry points ----

template <class T>
cublasStatus_t gemmT(cublasHandle_t H, cublasOperation_t Ta, cublasOperation_t Tb, int M, int N,
                     int K, const T *Alpha, const T *A, int Lda, const T *B, int Ldb,
                     const T *Beta, T *C, int Ldc) {
  CHECK_HANDLE(H);
  REQUIRE(validOp(Ta) && validOp(Tb) && M >= 0 && N >= 0 && K >= 0);
  REQUIRE(Lda >= max1(Ta == CUBLAS_OP_N ? M : K) && Ldb >= max1(Tb == CUBLAS_OP_N ? K : N) &&
          Ldc >= max1(M));
  REQUIRE(Alpha && Beta);
  if (M == 0 || N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(C && (K == 0 || (A && B)));
  auto Al = scalar(H, Alpha), Be = scalar(H, Beta);
  return submit(H, [=] { gemm(tr(Ta), tr(Tb), M, N, K, Al.get(), A, Lda, B, Ldb, Be.get(), C, Ldc); });
}

template <class T>
cublasStatus_t gemmStridedT(cublasHandle_t H, cublasOperation_t Ta, cublasOperation_t Tb, int M,
                            int N, int K, const T *Alpha, const T *A, int Lda, long long SA,
                            const T *B, int Ldb, long long SB, const T *Beta, T *C, int Ldc,
                            long long SC, int Count) {
  CHECK_HANDLE(H);
  REQUIRE(validOp(Ta) && validOp(Tb) && M >= 0 && N >= 0 && K >= 0 && Count >= 0);
  REQUIRE(Lda >= max1(Ta == CUBLAS_OP_N ? M : K) && Ldb >= max1(Tb == CUBLAS_OP_N ? K : N) &&
          Ldc >= max1(M));
  REQUIRE(Alpha && Beta);
  if (M == 0 || N == 0 || Count == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(C && (K == 0 || (A && B)));
  auto Al = scalar(H, Alpha), Be = scalar(H, Beta);
  return submit(H, [=] {
    T AlV = Al.get(), BeV = Be.get();
    for (int I = 0; I < Count; ++I)
      gemm(tr(Ta), tr(Tb), M, N, K, AlV, A + I * SA, Lda, B + I * SB, Ldb, BeV, C + I * SC, Ldc);
  });
}

template <class T>
cublasStatus_t gemmBatchedT(cublasHandle_t H, cublasOperation_t Ta, cublasOperation_t Tb, int M,
                            int N, int K, const T *Alpha, const T *const *A, int Lda,
                            const T *const *B, int Ldb, const T *Beta, T *const *C, int Ldc,
                            int Count) {
  CHECK_HANDLE(H);
  REQUIRE(validOp(Ta) && validOp(Tb) && M >= 0 && N >= 0 && K >= 0 && Count >= 0);
  REQUIRE(Lda >= max1(Ta == CUBLAS_OP_N ? M : K) && Ldb >= max1(Tb == CUBLAS_OP_N ? K : N) &&
          Ldc >= max1(M));
  REQUIRE(Alpha && Beta);
  if (M == 0 || N == 0 || Count == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && B && C);
  auto Al = scalar(H, Alpha), Be = scalar(H, Beta);
  // The pointer arrays live in device memory: read them when the work runs.
  return submit(H, [=] {
    T AlV = Al.get(), BeV = Be.get();
    for (int I = 0; I < Count; ++I)
      gemm(tr(Ta), tr(Tb), M, N, K, AlV, A[I], Lda, B[I], Ldb, BeV, C[I], Ldc);
  });
}

template <class T, bool Hermitian = false>
cublasStatus_t symmT(cublasHandle_t H, cublasSideMode_t Side, cublasFillMode_t Uplo, int M, int N,
                     const T *Alpha, const T *A, int Lda, const T *B, int Ldb, const T *Beta,
                     T *C, int Ldc) {
  CHECK_HANDLE(H);
  REQUIRE(validSide(Side) && validUplo(Uplo) && M >= 0 && N >= 0);
  REQUIRE(Lda >= max1(Side == CUBLAS_SIDE_LEFT ? M : N) && Ldb >= max1(M) && Ldc >= max1(M));
  REQUIRE(Alpha && Beta);
  if (M == 0 || N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && B && C);
  auto Al = scalar(H, Alpha), Be = scalar(H, Beta);
  return submit(H, [=] {
    if constexpr (Hermitian)
      hemm(sd(Side), up(Uplo), M, N, Al.get(), A, Lda, B, Ldb, Be.get(), C, Ldc);
    else
      symm(sd(Side), up(Uplo), M, N, Al.get(), A, Lda, B, Ldb, Be.get(), C, Ldc);
  });
}

/// syrk (T = S = element type) and herk (S = real type, trans N or C).
template <class T, class S, bool Hermitian = false>
cublasStatus_t syrkT(cublasHandle_t H, cublasFillMode_t Uplo, cublasOperation_t Trans, int N,
                     int K, const S *Alpha, const T *A, int Lda, const S *Beta, T *C, int Ldc) {
  CHECK_HANDLE(H);
  bool OpOk = Hermitian ? (Trans == CUBLAS_OP_N || Trans == CUBLAS_OP_C)
              : IsComplex<T>::value ? (Trans == CUBLAS_OP_N || Trans == CUBLAS_OP_T)
                                    : validOp(Trans);
  REQUIRE(validUplo(Uplo) && OpOk && N >= 0 && K >= 0);
  REQUIRE(Lda >= max1(Trans == CUBLAS_OP_N ? N : K) && Ldc >= max1(N));
  REQUIRE(Alpha && Beta);
  if (N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(C && (K == 0 || A));
  auto Al = scalar(H, Alpha), Be = scalar(H, Beta);
  CBLAS_TRANSPOSE T2 = Trans == CUBLAS_OP_N ? CblasNoTrans : Hermitian ? CblasConjTrans : CblasTrans;
  return submit(H, [=] {
    if constexpr (Hermitian)
      herk(up(Uplo), T2, N, K, Al.get(), A, Lda, Be.get(), C, Ldc);
    else
      syrk(up(Uplo), T2, N, K, Al.get(), A, Lda, Be.get(), C, Ldc);
  });
}

/// cuBLAS's trmm is out of place: C = alpha op(A) B (B untouched unless B == C).
template <class T>
cublasStatus_t trmmT(cublasHandle_t H, cublasSideMode_t Side, cublasFillMode_t Uplo,
                     cublasOperation_t Trans, cublasDiagType_t Diag, int M, int N, const T *Alpha,
                     const T *A, int Lda, const T *B, int Ldb, T *C, int Ldc) {
  CHECK_HANDLE(H);
  REQUIRE(validSide(Side) && validUplo(Uplo) && validOp(Trans) && validDiag(Diag) && M >= 0 &&
          N >= 0);
  REQUIRE(Lda >= max1(Side == CUBLAS_SIDE_LEFT ? M : N) && Ldb >= max1(M) && Ldc >= max1(M));
  REQUIRE(B != C || Ldb == Ldc);
  REQUIRE(Alpha);
  if (M == 0 || N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && B && C);
  auto Al = scalar(H, Alpha);
  return submit(H, [=] {
    if (B != C)
      for (int J = 0; J < N; ++J)
        std::memcpy(C + (long)J * Ldc, B + (long)J * Ldb, sizeof(T) * M);
    trmm(sd(Side), up(Uplo), tr(Trans), dg(Diag), M, N, Al.get(), A, Lda, C, Ldc);
  });
}

template <class T>
cublasStatus_t trsmT(cublasHandle_t H, cublasSideMode_t Side, cublasFillMode_t Uplo,
                     cublasOperation_t Trans, cublasDiagType_t Diag, int M, int N, const T *Alpha,
                     const T *A, int Lda, T *B, int Ldb) {
  CHECK_HANDLE(H);
  REQUIRE(validSide(Side) && validUplo(Uplo) && validOp(Trans) && validDiag(Diag) && M >= 0 &&
          N >= 0);
  REQUIRE(Lda >= max1(Side == CUBLAS_SIDE_LEFT ? M : N) && Ldb >= max1(M));
  REQUIRE(Alpha);
  if (M == 0 || N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && B);
  auto Al = scalar(H, Alpha);
  return submit(H, [=] { trsm(sd(Side), up(Uplo), tr(Trans), dg(Diag), M, N, Al.get(), A, Lda, B, Ldb); });
}

/// C = alpha op(A) + beta op(B), m x n. In place (C == A or C == B) only
/// untransposed with the same leading dimension, as cuBLAS documents.
template <class T>
cublasStatus_t geamT(cublasHandle_t H, cublasOperation_t Ta, cublasOperation_t Tb, int M, int N,
                     const T *Alpha, const T *A, int Lda, const T *Beta, const T *B, int Ldb, T *C,
                     int Ldc) {
  CHECK_HANDLE(H);
  REQUIRE(validOp(Ta) && validOp(Tb) && M >= 0 && N >= 0);
  REQUIRE(Lda >= max1(Ta == CUBLAS_OP_N ? M : N) && Ldb >= max1(Tb == CUBLAS_OP_N ? M : N) &&
          Ldc >= max1(M));
  REQUIRE(Alpha && Beta);
  REQUIRE(A != C || (Ta == CUBLAS_OP_N && Lda == Ldc));
  REQUIRE(B != C || (Tb == CUBLAS_OP_N && Ldb == Ldc));
  if (M == 0 || N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(C); // A (B) may be null when alpha (beta) is zero: not read
  auto Al = scalar(H, Alpha), Be = scalar(H, Beta);
  return submit(H, [=] {
    T AlV = Al.get(), BeV = Be.get();
    auto At = [&](const T *X, int Ld, cublasOperation_t Op, int I, int J) {
      T V = Op == CUBLAS_OP_N ? X[I + (long)J * Ld] : X[J + (long)I * Ld];
      if constexpr (IsComplex<T>::value)
        if (Op == CUBLAS_OP_C)
          V = conj(V);
      return V;
    };
    bool AlZero, BeZero;
    if constexpr (IsComplex<T>::value) {
      AlZero = AlV.x == 0 && AlV.y == 0;
      BeZero = BeV.x == 0 && BeV.y == 0;
    } else {
      AlZero = AlV == 0;
      BeZero = BeV == 0;
    }
    // A term whose scalar is zero is not read (A or B may be null then).
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < M; ++I) {
        T Sum{};
        if constexpr (IsComplex<T>::value) {
          if (!AlZero)
            Sum = cmul(AlV, At(A, Lda, Ta, I, J));
          if (!BeZero)
            Sum = cadd(Sum, cmul(BeV, At(B, Ldb, Tb, I, J)));
        } else {
          if (!AlZero)
            Sum = AlV * At(A, Lda, Ta, I, J);
          if (!BeZero)
            Sum += BeV * At(B, Ldb, Tb, I, J);
        }
        C[I + (long)J * Ldc] = Sum;
      }
  });
}

template <class T>
cublasStatus_t gemvT(cublasHandle_t H, cublasOperation_t Trans, int M, int N, const T *Alpha,
                     const T *A, int Lda, const T *X, int Ix, const T *Beta, T *Y, int Iy) {
  CHECK_HANDLE(H);
  REQUIRE(validOp(Trans) && M >= 0 && N >= 0 && Lda >= max1(M) && Ix != 0 && Iy != 0);
  REQUIRE(Alpha && Beta);
  if (M == 0 || N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && X && Y);
  auto Al = scalar(H, Alpha), Be = scalar(H, Beta);
  return submit(H, [=] { gemv(tr(Trans), M, N, Al.get(), A, Lda, X, Ix, Be.get(), Y, Iy); });
}

template <class T, class F>
cublasStatus_t gerT(cublasHandle_t H, int M, int N, const T *Alpha, const T *X, int Ix, const T *Y,
                    int Iy, T *A, int Lda, F Blas) {
  CHECK_HANDLE(H);
  REQUIRE(M >= 0 && N >= 0 && Ix != 0 && Iy != 0 && Lda >= max1(M) && Alpha);
  if (M == 0 || N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && X && Y);
  auto Al = scalar(H, Alpha);
  return submit(H, [=] {
    T AlV = Al.get();
    if constexpr (IsComplex<T>::value)
      Blas(Col, M, N, &AlV, X, Ix, Y, Iy, A, Lda);
    else
      Blas(Col, M, N, AlV, X, Ix, Y, Iy, A, Lda);
  });
}

template <class T, bool Hermitian = false>
cublasStatus_t symvT(cublasHandle_t H, cublasFillMode_t Uplo, int N, const T *Alpha, const T *A,
                     int Lda, const T *X, int Ix, const T *Beta, T *Y, int Iy) {
  CHECK_HANDLE(H);
  REQUIRE(validUplo(Uplo) && N >= 0 && Lda >= max1(N) && Ix != 0 && Iy != 0 && Alpha && Beta);
  if (N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && X && Y);
  auto Al = scalar(H, Alpha), Be = scalar(H, Beta);
  return submit(H, [=] {
    if constexpr (Hermitian)
      hemv(up(Uplo), N, Al.get(), A, Lda, X, Ix, Be.get(), Y, Iy);
    else
      symv(up(Uplo), N, Al.get(), A, Lda, X, Ix, Be.get(), Y, Iy);
  });
}

template <class T, bool Solve>
cublasStatus_t trxvT(cublasHandle_t H, cublasFillMode_t Uplo, cublasOperation_t Trans,
                     cublasDiagType_t Diag, int N, const T *A, int Lda, T *X, int Ix) {
  CHECK_HANDLE(H);
  REQUIRE(validUplo(Uplo) && validOp(Trans) && validDiag(Diag) && N >= 0 && Lda >= max1(N) &&
          Ix != 0);
  if (N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && X);
  return submit(H, [=] {
    if constexpr (Solve)
      trsv(up(Uplo), tr(Trans), dg(Diag), N, A, Lda, X, Ix);
    else
      trmv(up(Uplo), tr(Trans), dg(Diag), N, A, Lda, X, Ix);
  });
}

// ---- Level 1 ----

template <class T, class S>
cublasStatus_t scalT(cublasHandle_t H, int N, const S *Alpha, T *X, int Ix) {
  CHECK_HANDLE(H);
  REQUIRE(Alpha);
  if (N <= 0 || Ix <= 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(X);
  auto Al = scalar(H, Alpha);
  return submit(H, [=] { scal(N, Al.get(), X, Ix); });
}

template <class T>
cublasStatus_t axpyT(cublasHandle_t H, int N, const T *Alpha, const T *X, int Ix, T *Y, int Iy) {
  CHECK_HANDLE(H);
  REQUIRE(Alpha);
  if (N <= 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(X && Y);
  auto Al = scalar(H, Alpha);
  return submit(H, [=] { axpy(N, Al.get(), X, Ix, Y, Iy); });
}

template <class T> cublasStatus_t copyT(cublasHandle_t H, int N, const T *X, int Ix, T *Y, int Iy) {
  CHECK_HANDLE(H);
  if (N <= 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(X && Y);
  return submit(H, [=] { copy(N, X, Ix, Y, Iy); });
}

template <class T> cublasStatus_t swapT(cublasHandle_t H, int N, T *X, int Ix, T *Y, int Iy) {
  CHECK_HANDLE(H);
  if (N <= 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(X && Y);
  return submit(H, [=] { swap(N, X, Ix, Y, Iy); });
}

/// A reduction to *Result (host or device memory, by the pointer mode);
/// n <= 0 or incx <= 0 gives \p Empty, as in BLAS and cuBLAS.
template <class R, class F>
cublasStatus_t reduceT(cublasHandle_t H, int N, const void *X, int Ix, R *Result, R Empty, F Fn) {
  CHECK_HANDLE(H);
  REQUIRE(Result);
  if (N <= 0 || Ix <= 0)
    return submit(H, [=] { *Result = Empty; }, true);
  REQUIRE(X);
  return submit(H, [=] { *Result = Fn(); }, true);
}

template <class T>
cublasStatus_t nrm2T(cublasHandle_t H, int N, const T *X, int Ix, decltype(nrm2(0, X, 0)) *Res) {
  return reduceT(H, N, X, Ix, Res, decltype(nrm2(0, X, 0))(0), [=] { return nrm2(N, X, Ix); });
}
template <class T>
cublasStatus_t asumT(cublasHandle_t H, int N, const T *X, int Ix, decltype(asum(0, X, 0)) *Res) {
  return reduceT(H, N, X, Ix, Res, decltype(asum(0, X, 0))(0), [=] { return asum(N, X, Ix); });
}
template <class T> cublasStatus_t iamaxT(cublasHandle_t H, int N, const T *X, int Ix, int *Res) {
  return reduceT(H, N, X, Ix, Res, 0, [=] { return (int)iamax(N, X, Ix) + 1; });
}
template <class T> cublasStatus_t iaminT(cublasHandle_t H, int N, const T *X, int Ix, int *Res) {
  return reduceT(H, N, X, Ix, Res, 0, [=] { return (int)iamin(N, X, Ix) + 1; });
}

/// dot (real), dotu and dotc (complex; Conj: conjugate x).
template <class T, bool Conj = false>
cublasStatus_t dotT(cublasHandle_t H, int N, const T *X, int Ix, const T *Y, int Iy, T *Result) {
  CHECK_HANDLE(H);
  REQUIRE(Result);
  REQUIRE(N <= 0 || (X && Y));
  return submit(H, [=] {
    T R{};
    if (N > 0) {
      if constexpr (std::is_same_v<T, float>)
        R = cblas_sdot(N, X, Ix, Y, Iy);
      else if constexpr (std::is_same_v<T, double>)
        R = cblas_ddot(N, X, Ix, Y, Iy);
      else if constexpr (std::is_same_v<T, cf>)
        Conj ? cblas_cdotc_sub(N, X, Ix, Y, Iy, &R) : cblas_cdotu_sub(N, X, Ix, Y, Iy, &R);
      else
        Conj ? cblas_zdotc_sub(N, X, Ix, Y, Iy, &R) : cblas_zdotu_sub(N, X, Ix, Y, Iy, &R);
    }
    *Result = R;
  }, true);
}

/// Plane rotation: x' = c x + s y, y' = c y - conj(s) x (s real or complex).
template <class T, class C, class S>
cublasStatus_t rotT(cublasHandle_t H, int N, T *X, int Ix, T *Y, int Iy, const C *Cp, const S *Sp) {
  CHECK_HANDLE(H);
  REQUIRE(Cp && Sp);
  if (N <= 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(X && Y);
  auto Cv = scalar(H, Cp);
  auto Sv = scalar(H, Sp);
  return submit(H, [=] {
    C c = Cv.get();
    S s = Sv.get();
    if constexpr (std::is_same_v<T, float>)
      cblas_srot(N, X, Ix, Y, Iy, c, s);
    else if constexpr (std::is_same_v<T, double>)
      cblas_drot(N, X, Ix, Y, Iy, c, s);
    else if constexpr (std::is_same_v<T, cf> && std::is_same_v<S, float>)
      cblas_csrot(N, X, Ix, Y, Iy, c, s);
    else if constexpr (std::is_same_v<T, cd> && std::is_same_v<S, double>)
      cblas_zdrot(N, X, Ix, Y, Iy, c, s);
    else {
      // Complex s: no CBLAS routine in every OpenBLAS; BLAS's crot loop.
      long Xi = Ix >= 0 ? 0 : (long)(N - 1) * -Ix, Yi = Iy >= 0 ? 0 : (long)(N - 1) * -Iy;
      T Cc = cmake<T>(c, 0);
      for (int I = 0; I < N; ++I, Xi += Ix, Yi += Iy) {
        T Xv = X[Xi], Yv = Y[Yi];
        X[Xi] = cadd(cmul(Cc, Xv), cmul(s, Yv));
        T NegConjS = cmake<T>(-s.x, s.y);
        Y[Yi] = cadd(cmul(Cc, Yv), cmul(NegConjS, Xv));
      }
    }
  });
}

template <class T, class C>
cublasStatus_t rotgT(cublasHandle_t H, T *A, T *B, C *Cp, T *Sp) {
  CHECK_HANDLE(H);
  REQUIRE(A && B && Cp && Sp);
  return submit(H, [=] {
    if constexpr (std::is_same_v<T, float>)
      cblas_srotg(A, B, Cp, Sp);
    else if constexpr (std::is_same_v<T, double>)
      cblas_drotg(A, B, Cp, Sp);
    else if constexpr (std::is_same_v<T, cf>)
      cblas_crotg(A, B, Cp, Sp);
    else
      cblas_zrotg(A, B, Cp, Sp);
  }, true);
}

// ---- Mixed-precision gemm (GemmEx & co) ----

size_t typeSize(cudaDataType T) {
  switch (T) {
  case CUDA_R_16F:
  case CUDA_R_16BF:
    return 2;
  case CUDA_R_32F:
    return 4;
  case CUDA_R_64F:
  case CUDA_C_32F:
    return 8;
  case CUDA_C_64F:
    return 16;
  default:
    return 0;
  }
}

float loadF(const void *P, cudaDataType T, size_t I) {
  switch (T) {
  case CUDA_R_16F:
    return __half2float(static_cast<const __half *>(P)[I]);
  case CUDA_R_16BF:
    return __bfloat162float(static_cast<const __nv_bfloat16 *>(P)[I]);
  default:
    return static_cast<const float *>(P)[I];
  }
}

void storeF(void *P, cudaDataType T, size_t I, float V) {
  switch (T) {
  case CUDA_R_16F:
    static_cast<__half *>(P)[I] = __float2half(V);
    break;
  case CUDA_R_16BF:
    static_cast<__nv_bfloat16 *>(P)[I] = __float2bfloat16(V);
    break;
  default:
    static_cast<float *>(P)[I] = V;
  }
}

/// The type combinations a gemm can take, with the scalar type.
enum class GemmKind { Invalid, S, D, C, Z, Converted /* FP16/BF16 storage, FP32 compute */ };

GemmKind gemmKind(cudaDataType At, cudaDataType Bt, cudaDataType Ct, cublasComputeType_t Ct2) {
  auto Low = [](cudaDataType T) { return T == CUDA_R_16F || T == CUDA_R_16BF; };
  switch (Ct2) {
  case CUBLAS_COMPUTE_64F:
  case CUBLAS_COMPUTE_64F_PEDANTIC:
    if (At == CUDA_R_64F && Bt == At && Ct == At)
      return GemmKind::D;
    if (At == CUDA_C_64F && Bt == At && Ct == At)
      return GemmKind::Z;
    return GemmKind::Invalid;
  case CUBLAS_COMPUTE_32F:
  case CUBLAS_COMPUTE_32F_PEDANTIC:
  case CUBLAS_COMPUTE_32F_FAST_16F:
  case CUBLAS_COMPUTE_32F_FAST_16BF:
  case CUBLAS_COMPUTE_32F_FAST_TF32:
    if (At == CUDA_R_32F && Bt == At && Ct == At)
      return GemmKind::S;
    if (At == CUDA_C_32F && Bt == At && Ct == At)
      return GemmKind::C;
    if (Low(At) && Bt == At && (Ct == CUDA_R_32F || Ct == At))
      return GemmKind::Converted;
    return GemmKind::Invalid;
  case CUBLAS_COMPUTE_16F:
  case CUBLAS_COMPUTE_16F_PEDANTIC:
    if (At == CUDA_R_16F && Bt == At && Ct == At)
      return GemmKind::Converted;
    return GemmKind::Invalid;
  default:
    return GemmKind::Invalid;
  }
}

/// Converts op-stored \p Rows x \p Cols (leading dimension Ld) of type T to a
/// packed float matrix.
std::vector<float> toFloat(const void *P, cudaDataType T, int Rows, int Cols, int Ld) {
  std::vector<float> Out((size_t)Rows * Cols);
  for (int J = 0; J < Cols; ++J)
    for (int I = 0; I < Rows; ++I)
      Out[(size_t)J * Rows + I] = loadF(P, T, (size_t)J * Ld + I);
  return Out;
}

/// One gemm of a mixed call; scalars already read (float for FP32/FP16
/// compute, double, or complex).
struct MixedGemm {
  GemmKind Kind;
  cublasOperation_t Ta, Tb;
  int M, N, K, Lda, Ldb, Ldc;
  cudaDataType At, Bt, Ct;
  unsigned char Alpha[16], Beta[16]; // the scalar's bytes

  void run(const void *A, const void *B, void *C) const {
    switch (Kind) {
    case GemmKind::S:
      gemm(tr(Ta), tr(Tb), M, N, K, *(const float *)Alpha, (const float *)A, Lda, (const float *)B,
           Ldb, *(const float *)Beta, (float *)C, Ldc);
      break;
    case GemmKind::D:
      gemm(tr(Ta), tr(Tb), M, N, K, *(const double *)Alpha, (const double *)A, Lda,
           (const double *)B, Ldb, *(const double *)Beta, (double *)C, Ldc);
      break;
    case GemmKind::C:
      gemm(tr(Ta), tr(Tb), M, N, K, *(const cf *)Alpha, (const cf *)A, Lda, (const cf *)B, Ldb,
           *(const cf *)Beta, (cf *)C, Ldc);
      break;
    case GemmKind::Z:
      gemm(tr(Ta), tr(Tb), M, N, K, *(const cd *)Alpha, (const cd *)A, Lda, (const cd *)B, Ldb,
           *(const cd *)Beta, (cd *)C, Ldc);
      break;
    case GemmKind::Converted: {
      float Al = *(const float *)Alpha, Be = *(const float *)Beta;
      int Ar = Ta == CUBLAS_OP_N ? M : K, Ac = Ta == CUBLAS_OP_N ? K : M;
      int Br = Tb == CUBLAS_OP_N ? K : N, Bc = Tb == CUBLAS_OP_N ? N : K;
      std::vector<float> Af = toFloat(A, At, Ar, Ac, Lda), Bf = toFloat(B, Bt, Br, Bc, Ldb);
      if (Ct == CUDA_R_32F) {
        gemm(tr(Ta), tr(Tb), M, N, K, Al, Af.data(), max1(Ar), Bf.data(), max1(Br), Be,
             (float *)C, Ldc);
      } else {
        std::vector<float> Cf((size_t)M * N, 0.0f);
        if (Be != 0)
          Cf = toFloat(C, Ct, M, N, Ldc);
        gemm(tr(Ta), tr(Tb), M, N, K, Al, Af.data(), max1(Ar), Bf.data(), max1(Br), Be, Cf.data(),
             M);
        for (int J = 0; J < N; ++J)
          for (int I = 0; I < M; ++I)
            storeF(C, Ct, (size_t)J * Ldc + I, Cf[(size_t)J * M + I]);
      }
      break;
    }
    case GemmKind::Invalid:
      break;
    }
  }
};

/// Validates a mixed gemm; \p Out gets the plan (scalars filled at run time).
cublasStatus_t prepareMixed(cublasHandle_t H, cublasOperation_t Ta, cublasOperation_t Tb, int M,
                            int N, int K, const void *Alpha, cudaDataType At, int Lda,
                            cudaDataType Bt, int Ldb, const void *Beta, cudaDataType Ct, int Ldc,
                            cublasComputeType_t Compute, MixedGemm *Out) {
  CHECK_HANDLE(H);
  REQUIRE(validOp(Ta) && validOp(Tb) && M >= 0 && N >= 0 && K >= 0);
  REQUIRE(Lda >= max1(Ta == CUBLAS_OP_N ? M : K) && Ldb >= max1(Tb == CUBLAS_OP_N ? K : N) &&
          Ldc >= max1(M));
  REQUIRE(Alpha && Beta);
  GemmKind Kind = gemmKind(At, Bt, Ct, Compute);
  if (Kind == GemmKind::Invalid)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  *Out = MixedGemm{Kind, Ta, Tb, M, N, K, Lda, Ldb, Ldc, At, Bt, Ct, {}, {}};
  return CUBLAS_STATUS_SUCCESS;
}

/// Scalar bytes of a mixed gemm, by compute type (alpha, beta: __half for
/// CUBLAS_COMPUTE_16F, stored as float here).
size_t scalarBytes(GemmKind K) {
  switch (K) {
  case GemmKind::D:
  case GemmKind::C:
    return 8;
  case GemmKind::Z:
    return 16;
  default:
    return 4;
  }
}

void readScalar(const void *P, GemmKind K, cublasComputeType_t Compute, unsigned char *Out) {
  if (K == GemmKind::Converted &&
      (Compute == CUBLAS_COMPUTE_16F || Compute == CUBLAS_COMPUTE_16F_PEDANTIC)) {
    float F = __half2float(*static_cast<const __half *>(P));
    std::memcpy(Out, &F, 4);
    return;
  }
  std::memcpy(Out, P, scalarBytes(K));
}

// ---- Batched LU (LAPACK from OpenBLAS) ----

extern "C" {
// Fortran LAPACK in libopenblas; trailing size_t: the hidden length of a
// character argument.
void sgetrf_(const int *, const int *, float *, const int *, int *, int *);
void dgetrf_(const int *, const int *, double *, const int *, int *, int *);
void cgetrf_(const int *, const int *, cf *, const int *, int *, int *);
void zgetrf_(const int *, const int *, cd *, const int *, int *, int *);
void sgetrs_(const char *, const int *, const int *, const float *, const int *, const int *,
             float *, const int *, int *, size_t);
void dgetrs_(const char *, const int *, const int *, const double *, const int *, const int *,
             double *, const int *, int *, size_t);
void cgetrs_(const char *, const int *, const int *, const cf *, const int *, const int *, cf *,
             const int *, int *, size_t);
void zgetrs_(const char *, const int *, const int *, const cd *, const int *, const int *, cd *,
             const int *, int *, size_t);
void sgetri_(const int *, float *, const int *, const int *, float *, const int *, int *);
void dgetri_(const int *, double *, const int *, const int *, double *, const int *, int *);
void cgetri_(const int *, cf *, const int *, const int *, cf *, const int *, int *);
void zgetri_(const int *, cd *, const int *, const int *, cd *, const int *, int *);
}

void getrf(int N, float *A, int Lda, int *P, int *Info) { sgetrf_(&N, &N, A, &Lda, P, Info); }
void getrf(int N, double *A, int Lda, int *P, int *Info) { dgetrf_(&N, &N, A, &Lda, P, Info); }
void getrf(int N, cf *A, int Lda, int *P, int *Info) { cgetrf_(&N, &N, A, &Lda, P, Info); }
void getrf(int N, cd *A, int Lda, int *P, int *Info) { zgetrf_(&N, &N, A, &Lda, P, Info); }
void getrs(char T, int N, int R, const float *A, int Lda, const int *P, float *B, int Ldb, int *I) { sgetrs_(&T, &N, &R, A, &Lda, P, B, &Ldb, I, 1); }
void getrs(char T, int N, int R, const double *A, int Lda, const int *P, double *B, int Ldb, int *I) { dgetrs_(&T, &N, &R, A, &Lda, P, B, &Ldb, I, 1); }
void getrs(char T, int N, int R, const cf *A, int Lda, const int *P, cf *B, int Ldb, int *I) { cgetrs_(&T, &N, &R, A, &Lda, P, B, &Ldb, I, 1); }
void getrs(char T, int N, int R, const cd *A, int Lda, const int *P, cd *B, int Ldb, int *I) { zgetrs_(&T, &N, &R, A, &Lda, P, B, &Ldb, I, 1); }
void getri(int N, float *A, int Lda, const int *P, float *W, int Lw, int *I) { sgetri_(&N, A, &Lda, P, W, &Lw, I); }
void getri(int N, double *A, int Lda, const int *P, double *W, int Lw, int *I) { dgetri_(&N, A, &Lda, P, W, &Lw, I); }
void getri(int N, cf *A, int Lda, const int *P, cf *W, int Lw, int *I) { cgetri_(&N, A, &Lda, P, W, &Lw, I); }
void getri(int N, cd *A, int Lda, const int *P, cd *W, int Lw, int *I) { zgetri_(&N, A, &Lda, P, W, &Lw, I); }

inline bool isZero(float X) { return X == 0; }
inline bool isZero(double X) { return X == 0; }
inline bool isZero(cf X) { return X.x == 0 && X.y == 0; }
inline bool isZero(cd X) { return X.x == 0 && X.y == 0; }
inline float sub(float A, float B) { return A - B; }
inline double sub(double A, double B) { return A - B; }
inline cf sub(cf A, cf B) { return cuCsubf(A, B); }
inline cd sub(cd A, cd B) { return cuCsub(A, B); }
inline float mulT(float A, float B) { return A * B; }
inline double mulT(double A, double B) { return A * B; }
inline cf mulT(cf A, cf B) { return cuCmulf(A, B); }
inline cd mulT(cd A, cd B) { return cuCmul(A, B); }
inline float divT(float A, float B) { return A / B; }
inline double divT(double A, double B) { return A / B; }
inline cf divT(cf A, cf B) { return cuCdivf(A, B); }
inline cd divT(cd A, cd B) { return cuCdiv(A, B); }

/// LU without pivoting (getrfBatched with a null pivot array): A = L U in
/// place; *Info = the first zero pivot (1-based), 0 if none.
template <class T> void luNoPivot(int N, T *A, int Lda, int *Info) {
  *Info = 0;
  for (int K = 0; K < N; ++K) {
    T Piv = A[K + (long)K * Lda];
    if (isZero(Piv)) {
      if (!*Info)
        *Info = K + 1;
      continue;
    }
    for (int I = K + 1; I < N; ++I)
      A[I + (long)K * Lda] = divT(A[I + (long)K * Lda], Piv);
    for (int J = K + 1; J < N; ++J)
      for (int I = K + 1; I < N; ++I)
        A[I + (long)J * Lda] =
            sub(A[I + (long)J * Lda], mulT(A[I + (long)K * Lda], A[K + (long)J * Lda]));
  }
}

template <class T>
cublasStatus_t getrfBatchedT(cublasHandle_t H, int N, T *const A[], int Lda, int *P, int *Info,
                             int Count) {
  CHECK_HANDLE(H);
  REQUIRE(N >= 0 && Lda >= max1(N) && Count >= 0);
  if (N == 0 || Count == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && Info);
  return submit(H, [=] {
    for (int B = 0; B < Count; ++B) {
      if (P)
        getrf(N, A[B], Lda, P + (long)B * N, Info + B);
      else
        luNoPivot(N, A[B], Lda, Info + B);
    }
  });
}

/// Identity pivots for the solvers when getrf ran without pivoting.
std::vector<int> identityPivots(int N) {
  std::vector<int> P(N);
  for (int I = 0; I < N; ++I)
    P[I] = I + 1;
  return P;
}

template <class T>
cublasStatus_t getrsBatchedT(cublasHandle_t H, cublasOperation_t Trans, int N, int Nrhs,
                             const T *const A[], int Lda, const int *P, T *const B[], int Ldb,
                             int *Info, int Count) {
  CHECK_HANDLE(H);
  // info (a host pointer) reports the first invalid parameter, as LAPACK's.
  int Bad = !validOp(Trans) ? 2 : N < 0 ? 3 : Nrhs < 0 ? 4 : Lda < max1(N) ? 6 : Ldb < max1(N) ? 9 : Count < 0 ? 11 : 0;
  if (Info)
    *Info = -Bad;
  REQUIRE(Info && !Bad);
  if (N == 0 || Nrhs == 0 || Count == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && B);
  char T2 = Trans == CUBLAS_OP_N ? 'N' : Trans == CUBLAS_OP_T ? 'T' : 'C';
  return submit(H, [=] {
    std::vector<int> Id = P ? std::vector<int>() : identityPivots(N);
    for (int I = 0; I < Count; ++I) {
      int LInfo;
      getrs(T2, N, Nrhs, A[I], Lda, P ? P + (long)I * N : Id.data(), B[I], Ldb, &LInfo);
    }
  });
}

/// C[i] = inverse of the matrix whose LU factors (getrfBatched) are in A[i].
template <class T>
cublasStatus_t getriBatchedT(cublasHandle_t H, int N, const T *const A[], int Lda, const int *P,
                             T *const C[], int Ldc, int *Info, int Count) {
  CHECK_HANDLE(H);
  REQUIRE(N >= 0 && Lda >= max1(N) && Ldc >= max1(N) && Count >= 0);
  if (N == 0 || Count == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && C && Info);
  return submit(H, [=] {
    std::vector<int> Id = P ? std::vector<int>() : identityPivots(N);
    std::vector<T> Work((size_t)64 * N);
    for (int B = 0; B < Count; ++B) {
      for (int J = 0; J < N; ++J)
        std::memcpy(C[B] + (long)J * Ldc, A[B] + (long)J * Lda, sizeof(T) * N);
      getri(N, C[B], Ldc, P ? P + (long)B * N : Id.data(), Work.data(), (int)Work.size(),
            Info + B);
    }
  });
}

/// Ainv[i] = inverse of A[i] (n <= 32, as cuBLAS), A untouched.
template <class T>
cublasStatus_t matinvBatchedT(cublasHandle_t H, int N, const T *const A[], int Lda,
                              T *const Ainv[], int LdaInv, int *Info, int Count) {
  CHECK_HANDLE(H);
  REQUIRE(N >= 0 && N <= 32 && Lda >= max1(N) && LdaInv >= max1(N) && Count >= 0);
  if (N == 0 || Count == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && Ainv && Info);
  return submit(H, [=] {
    std::vector<int> P(N);
    std::vector<T> Work((size_t)64 * N);
    for (int B = 0; B < Count; ++B) {
      for (int J = 0; J < N; ++J)
        std::memcpy(Ainv[B] + (long)J * LdaInv, A[B] + (long)J * Lda, sizeof(T) * N);
      getrf(N, Ainv[B], LdaInv, P.data(), Info + B);
      if (Info[B] == 0) {
        int LInfo;
        getri(N, Ainv[B], LdaInv, P.data(), Work.data(), (int)Work.size(), &LInfo);
      }
    }
  });
}

// ---- Band, packed and rank-update routines (level 2), rotm/rotmg, rank-2k,
// syrkx/herkx, trsmBatched, batched QR ----

/// Calls the routine of T's precision (S, D, C, Z: CBLAS or LAPACK) with
/// the same arguments; CBLAS scalars go through sc() (by value for real
/// types, by address for complex ones, as CBLAS takes them).
#define BY_PRECISION(T, S, D, C, Z, ...)                                                           \
  do {                                                                                             \
    if constexpr (std::is_same_v<T, float>)                                                        \
      S(__VA_ARGS__);                                                                              \
    else if constexpr (std::is_same_v<T, double>)                                                  \
      D(__VA_ARGS__);                                                                              \
    else if constexpr (std::is_same_v<T, cf>)                                                      \
      C(__VA_ARGS__);                                                                              \
    else                                                                                           \
      Z(__VA_ARGS__);                                                                              \
  } while (0)

template <class T> auto sc(const T &V) {
  if constexpr (IsComplex<T>::value)
    return (const void *)&V;
  else
    return V;
}

/// Offset of element i of an n-vector with increment inc (BLAS's rule:
/// a negative increment walks the vector backwards from its last element).
inline long vidx(int I, int N, int Inc) {
  return Inc > 0 ? (long)I * Inc : (long)(N - 1 - I) * -Inc;
}

/// rotm: the modified Givens rotation H (param[0] = flag, param[1..4] =
/// h11, h21, h12, h22) applied to (x, y); S/D only, as in BLAS.
template <class T>
cublasStatus_t rotmT(cublasHandle_t H, int N, T *X, int Ix, T *Y, int Iy, const T *Param) {
  CHECK_HANDLE(H);
  REQUIRE(Param);
  if (N <= 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(X && Y);
  bool Device = H->PointerMode == CUBLAS_POINTER_MODE_DEVICE;
  T P[5] = {};
  if (!Device)
    std::memcpy(P, Param, sizeof P);
  return submit(H, [=]() mutable {
    if (Device)
      std::memcpy(P, Param, sizeof P);
    if constexpr (std::is_same_v<T, float>)
      cblas_srotm(N, X, Ix, Y, Iy, P);
    else
      cblas_drotm(N, X, Ix, Y, Iy, P);
  });
}

/// rotmg: constructs the modified Givens rotation zeroing the second
/// component of (sqrt(d1) x1, sqrt(d2) y1); results in d1, d2, x1, param.
template <class T>
cublasStatus_t rotmgT(cublasHandle_t H, T *D1, T *D2, T *X1, const T *Y1, T *Param) {
  CHECK_HANDLE(H);
  REQUIRE(D1 && D2 && X1 && Y1 && Param);
  return submit(
      H,
      [=] {
        if constexpr (std::is_same_v<T, float>)
          cblas_srotmg(D1, D2, X1, *Y1, Param);
        else
          cblas_drotmg(D1, D2, X1, *Y1, Param);
      },
      true);
}

/// gbmv: y = alpha op(A) x + beta y, A m x n with kl sub- and ku
/// super-diagonals in band storage (lda >= kl + ku + 1).
template <class T>
cublasStatus_t gbmvT(cublasHandle_t H, cublasOperation_t Trans, int M, int N, int Kl, int Ku,
                     const T *Alpha, const T *A, int Lda, const T *X, int Ix, const T *Beta, T *Y,
                     int Iy) {
  CHECK_HANDLE(H);
  REQUIRE(validOp(Trans) && M >= 0 && N >= 0 && Kl >= 0 && Ku >= 0 && Lda >= Kl + Ku + 1 &&
          Ix != 0 && Iy != 0 && Alpha && Beta);
  if (M == 0 || N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && X && Y);
  auto Al = scalar(H, Alpha), Be = scalar(H, Beta);
  return submit(H, [=] {
    T AlV = Al.get(), BeV = Be.get();
    BY_PRECISION(T, cblas_sgbmv, cblas_dgbmv, cblas_cgbmv, cblas_zgbmv, Col, tr(Trans), M, N, Kl, Ku,
           sc(AlV), A, Lda, X, Ix, sc(BeV), Y, Iy);
  });
}

/// sbmv (real) / hbmv (complex): y = alpha A x + beta y, A symmetric or
/// Hermitian with k off-diagonals in band storage (lda >= k + 1).
template <class T>
cublasStatus_t sbmvT(cublasHandle_t H, cublasFillMode_t Uplo, int N, int K, const T *Alpha,
                     const T *A, int Lda, const T *X, int Ix, const T *Beta, T *Y, int Iy) {
  CHECK_HANDLE(H);
  REQUIRE(validUplo(Uplo) && N >= 0 && K >= 0 && Lda >= K + 1 && Ix != 0 && Iy != 0 && Alpha &&
          Beta);
  if (N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && X && Y);
  auto Al = scalar(H, Alpha), Be = scalar(H, Beta);
  return submit(H, [=] {
    T AlV = Al.get(), BeV = Be.get();
    BY_PRECISION(T, cblas_ssbmv, cblas_dsbmv, cblas_chbmv, cblas_zhbmv, Col, up(Uplo), N, K, sc(AlV), A,
           Lda, X, Ix, sc(BeV), Y, Iy);
  });
}

/// spmv (real) / hpmv (complex): as sbmv with A in packed storage.
template <class T>
cublasStatus_t spmvT(cublasHandle_t H, cublasFillMode_t Uplo, int N, const T *Alpha, const T *AP,
                     const T *X, int Ix, const T *Beta, T *Y, int Iy) {
  CHECK_HANDLE(H);
  REQUIRE(validUplo(Uplo) && N >= 0 && Ix != 0 && Iy != 0 && Alpha && Beta);
  if (N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(AP && X && Y);
  auto Al = scalar(H, Alpha), Be = scalar(H, Beta);
  return submit(H, [=] {
    T AlV = Al.get(), BeV = Be.get();
    BY_PRECISION(T, cblas_sspmv, cblas_dspmv, cblas_chpmv, cblas_zhpmv, Col, up(Uplo), N, sc(AlV), AP, X,
           Ix, sc(BeV), Y, Iy);
  });
}

/// tbmv/tbsv (K >= 0: band storage, lda >= k + 1) and tpmv/tpsv (K < 0:
/// packed storage, no lda): x = op(A) x or op(A) x = b in place.
template <class T, bool Solve>
cublasStatus_t tbpT(cublasHandle_t H, cublasFillMode_t Uplo, cublasOperation_t Trans,
                    cublasDiagType_t Diag, int N, int K, bool Packed, const T *A, int Lda, T *X,
                    int Ix) {
  CHECK_HANDLE(H);
  REQUIRE(validUplo(Uplo) && validOp(Trans) && validDiag(Diag) && N >= 0 && Ix != 0);
  REQUIRE(Packed || (K >= 0 && Lda >= K + 1));
  if (N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && X);
  return submit(H, [=] {
    CBLAS_UPLO U = up(Uplo);
    CBLAS_TRANSPOSE Tr = tr(Trans);
    CBLAS_DIAG D = dg(Diag);
    if (Packed) {
      if constexpr (Solve)
        BY_PRECISION(T, cblas_stpsv, cblas_dtpsv, cblas_ctpsv, cblas_ztpsv, Col, U, Tr, D, N, A, X, Ix);
      else
        BY_PRECISION(T, cblas_stpmv, cblas_dtpmv, cblas_ctpmv, cblas_ztpmv, Col, U, Tr, D, N, A, X, Ix);
    } else {
      if constexpr (Solve)
        BY_PRECISION(T, cblas_stbsv, cblas_dtbsv, cblas_ctbsv, cblas_ztbsv, Col, U, Tr, D, N, K, A, Lda,
               X, Ix);
      else
        BY_PRECISION(T, cblas_stbmv, cblas_dtbmv, cblas_ctbmv, cblas_ztbmv, Col, U, Tr, D, N, K, A, Lda,
               X, Ix);
    }
  });
}

/// syr / her / spr / hpr (Rank2 false) and syr2 / her2 / spr2 / hpr2
/// (Rank2 true): A += alpha x x^T (x x^H), or alpha (x y^T + y x^T)
/// (alpha x y^H + conj(alpha) y x^H), on the uplo triangle; Packed: A in
/// packed storage (no lda). S: alpha's type (real for her/hpr). Herm false
/// with a complex T is cuBLAS's complex symmetric syr/syr2, which CBLAS
/// lacks: Loom's loop.
template <class T, class S, bool Rank2, bool Herm>
cublasStatus_t syrT(cublasHandle_t H, cublasFillMode_t Uplo, int N, const S *Alpha, const T *X,
                    int Ix, const T *Y, int Iy, T *A, int Lda, bool Packed) {
  CHECK_HANDLE(H);
  REQUIRE(validUplo(Uplo) && N >= 0 && Ix != 0 && (!Rank2 || Iy != 0) && Alpha);
  REQUIRE(Packed || Lda >= max1(N));
  if (N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && X && (!Rank2 || Y));
  auto Al = scalar(H, Alpha);
  return submit(H, [=] {
    S AlV = Al.get();
    CBLAS_UPLO U = up(Uplo);
    if constexpr (IsComplex<T>::value && !Herm) {
      // A(i, j) += alpha (x_i x_j [+ ... y]) for the stored (i, j).
      for (int J = 0; J < N; ++J) {
        int I0 = Uplo == CUBLAS_FILL_MODE_LOWER ? J : 0;
        int I1 = Uplo == CUBLAS_FILL_MODE_LOWER ? N : J + 1;
        for (int I = I0; I < I1; ++I) {
          T Xi = X[vidx(I, N, Ix)], Xj = X[vidx(J, N, Ix)];
          T Term = cmul(Xi, Xj);
          if constexpr (Rank2)
            Term = cadd(cmul(Xi, Y[vidx(J, N, Iy)]), cmul(Y[vidx(I, N, Iy)], Xj));
          long At = Packed ? (Uplo == CUBLAS_FILL_MODE_LOWER
                                  ? (long)I - J + (long)J * (2L * N - J + 1) / 2
                                  : (long)I + (long)J * (J + 1) / 2)
                           : (long)I + (long)J * Lda;
          A[At] = cadd(A[At], cmul(AlV, Term));
        }
      }
    } else if constexpr (Rank2) {
      if (Packed)
        BY_PRECISION(T, cblas_sspr2, cblas_dspr2, cblas_chpr2, cblas_zhpr2, Col, U, N, sc(AlV), X, Ix, Y,
               Iy, A);
      else
        BY_PRECISION(T, cblas_ssyr2, cblas_dsyr2, cblas_cher2, cblas_zher2, Col, U, N, sc(AlV), X, Ix, Y,
               Iy, A, Lda);
    } else {
      if (Packed)
        BY_PRECISION(T, cblas_sspr, cblas_dspr, cblas_chpr, cblas_zhpr, Col, U, N, AlV, X, Ix, A);
      else
        BY_PRECISION(T, cblas_ssyr, cblas_dsyr, cblas_cher, cblas_zher, Col, U, N, AlV, X, Ix, A, Lda);
    }
  });
}

/// The operations syr2k/syrkx (Herm false) and her2k/herkx (Herm true)
/// accept: N or T (real types: C too, meaning T), N or C.
template <class T> bool rank2kOp(cublasOperation_t Op, bool Herm) {
  if (Herm)
    return Op == CUBLAS_OP_N || Op == CUBLAS_OP_C;
  return IsComplex<T>::value ? Op == CUBLAS_OP_N || Op == CUBLAS_OP_T : validOp(Op);
}

/// syr2k / her2k (Herm, S = real beta): C = alpha op(A) op(B)^T (^H) +
/// alpha op(B) op(A)^T (conj(alpha) ... ^H) + beta C on one triangle.
template <class T, class S, bool Herm>
cublasStatus_t syr2kT(cublasHandle_t H, cublasFillMode_t Uplo, cublasOperation_t Trans, int N,
                      int K, const T *Alpha, const T *A, int Lda, const T *B, int Ldb,
                      const S *Beta, T *C, int Ldc) {
  CHECK_HANDLE(H);
  REQUIRE(validUplo(Uplo) && rank2kOp<T>(Trans, Herm) && N >= 0 && K >= 0);
  int Rows = Trans == CUBLAS_OP_N ? N : K;
  REQUIRE(Lda >= max1(Rows) && Ldb >= max1(Rows) && Ldc >= max1(N) && Alpha && Beta);
  if (N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(C && (K == 0 || (A && B)));
  auto Al = scalar(H, Alpha);
  auto Be = scalar(H, Beta);
  CBLAS_TRANSPOSE T2 = Trans == CUBLAS_OP_N ? CblasNoTrans : Herm ? CblasConjTrans : CblasTrans;
  return submit(H, [=] {
    T AlV = Al.get();
    S BeV = Be.get();
    if constexpr (Herm)
      BY_PRECISION(T, cblas_ssyr2k, cblas_dsyr2k, cblas_cher2k, cblas_zher2k, Col, up(Uplo), T2, N, K,
             sc(AlV), A, Lda, B, Ldb, BeV, C, Ldc);
    else
      BY_PRECISION(T, cblas_ssyr2k, cblas_dsyr2k, cblas_csyr2k, cblas_zsyr2k, Col, up(Uplo), T2, N, K,
             sc(AlV), A, Lda, B, Ldb, sc(BeV), C, Ldc);
  });
}

/// syrkx / herkx: C = alpha op(A) op(B)^T (^H) + beta C on the uplo
/// triangle (cuBLAS's extension; OpenBLAS 0.3.21 has no gemmt): one gemm
/// into scratch, then the triangle. beta == 0: C is not read; herkx's
/// diagonal is made real, as herk's.
template <class T, class S, bool Herm>
cublasStatus_t syrkxT(cublasHandle_t H, cublasFillMode_t Uplo, cublasOperation_t Trans, int N,
                      int K, const T *Alpha, const T *A, int Lda, const T *B, int Ldb,
                      const S *Beta, T *C, int Ldc) {
  CHECK_HANDLE(H);
  REQUIRE(validUplo(Uplo) && rank2kOp<T>(Trans, Herm) && N >= 0 && K >= 0);
  int Rows = Trans == CUBLAS_OP_N ? N : K;
  REQUIRE(Lda >= max1(Rows) && Ldb >= max1(Rows) && Ldc >= max1(N) && Alpha && Beta);
  if (N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(C && (K == 0 || (A && B)));
  auto Al = scalar(H, Alpha);
  auto Be = scalar(H, Beta);
  CBLAS_TRANSPOSE OpT = Herm ? CblasConjTrans : CblasTrans;
  CBLAS_TRANSPOSE Ta = Trans == CUBLAS_OP_N ? CblasNoTrans : OpT;
  CBLAS_TRANSPOSE Tb = Trans == CUBLAS_OP_N ? OpT : CblasNoTrans;
  return submit(H, [=] {
    T AlV = Al.get();
    S BeS = Be.get();
    T BeV;
    if constexpr (std::is_same_v<S, T>)
      BeV = BeS;
    else
      BeV = cmake<T>(BeS, 0);
    std::vector<T> P((size_t)N * N, T{});
    if (K > 0)
      gemm(Ta, Tb, N, N, K, AlV, A, Lda, B, Ldb, T{}, P.data(), N);
    bool BeZero = isZero(BeV);
    for (int J = 0; J < N; ++J) {
      int I0 = Uplo == CUBLAS_FILL_MODE_LOWER ? J : 0;
      int I1 = Uplo == CUBLAS_FILL_MODE_LOWER ? N : J + 1;
      for (int I = I0; I < I1; ++I) {
        T &Cij = C[I + (long)J * Ldc];
        T Old = BeZero ? T{} : mulT(BeV, Cij);
        if constexpr (IsComplex<T>::value) {
          Cij = cadd(P[I + (size_t)J * N], Old);
          if (Herm && I == J)
            Cij.y = 0;
        } else {
          Cij = P[I + (size_t)J * N] + Old;
        }
      }
    }
  });
}

/// trsmBatched: trsm on each A[i], B[i] (pointer arrays read when the work
/// runs, as gemmBatched's).
template <class T>
cublasStatus_t trsmBatchedT(cublasHandle_t H, cublasSideMode_t Side, cublasFillMode_t Uplo,
                            cublasOperation_t Trans, cublasDiagType_t Diag, int M, int N,
                            const T *Alpha, const T *const A[], int Lda, T *const B[], int Ldb,
                            int Count) {
  CHECK_HANDLE(H);
  REQUIRE(validSide(Side) && validUplo(Uplo) && validOp(Trans) && validDiag(Diag) && M >= 0 &&
          N >= 0 && Count >= 0);
  REQUIRE(Lda >= max1(Side == CUBLAS_SIDE_LEFT ? M : N) && Ldb >= max1(M) && Alpha);
  if (M == 0 || N == 0 || Count == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && B);
  auto Al = scalar(H, Alpha);
  return submit(H, [=] {
    T AlV = Al.get();
    for (int I = 0; I < Count; ++I)
      trsm(sd(Side), up(Uplo), tr(Trans), dg(Diag), M, N, AlV, A[I], Lda, B[I], Ldb);
  });
}

extern "C" {
// LAPACK's QR and least squares in libopenblas (Fortran symbols; trailing
// size_t: the hidden length of a character argument).
void sgeqrf_(const int *, const int *, float *, const int *, float *, float *, const int *, int *);
void dgeqrf_(const int *, const int *, double *, const int *, double *, double *, const int *,
             int *);
void cgeqrf_(const int *, const int *, cf *, const int *, cf *, cf *, const int *, int *);
void zgeqrf_(const int *, const int *, cd *, const int *, cd *, cd *, const int *, int *);
void sgels_(const char *, const int *, const int *, const int *, float *, const int *, float *,
            const int *, float *, const int *, int *, size_t);
void dgels_(const char *, const int *, const int *, const int *, double *, const int *, double *,
            const int *, double *, const int *, int *, size_t);
void cgels_(const char *, const int *, const int *, const int *, cf *, const int *, cf *,
            const int *, cf *, const int *, int *, size_t);
void zgels_(const char *, const int *, const int *, const int *, cd *, const int *, cd *,
            const int *, cd *, const int *, int *, size_t);
}

template <class T> void geqrf(int M, int N, T *A, int Lda, T *Tau, T *W, int Lw, int *Info) {
  BY_PRECISION(T, sgeqrf_, dgeqrf_, cgeqrf_, zgeqrf_, &M, &N, A, &Lda, Tau, W, &Lw, Info);
}
template <class T>
void gels(int M, int N, int R, T *A, int Lda, T *B, int Ldb, T *W, int Lw, int *Info) {
  const char No = 'N';
  BY_PRECISION(T, sgels_, dgels_, cgels_, zgels_, &No, &M, &N, &R, A, &Lda, B, &Ldb, W, &Lw, Info, 1);
}
/// The size LAPACK's workspace query (lwork = -1) reports in W[0].
inline int lworkOf(float W) { return std::max(1, (int)W); }
inline int lworkOf(double W) { return std::max(1, (int)W); }
inline int lworkOf(cf W) { return std::max(1, (int)W.x); }
inline int lworkOf(cd W) { return std::max(1, (int)W.x); }

/// geqrfBatched: A[i] = Q R (LAPACK's ?geqrf: R above the diagonal,
/// Householder vectors below, scalars in Tau[i]). *Info (host) = -k for a
/// bad k-th parameter (counting the handle as the first, as getrsBatched).
template <class T>
cublasStatus_t geqrfBatchedT(cublasHandle_t H, int M, int N, T *const A[], int Lda, T *const Tau[],
                             int *Info, int Count) {
  CHECK_HANDLE(H);
  int Bad = M < 0 ? 2 : N < 0 ? 3 : Lda < max1(M) ? 5 : Count < 0 ? 8 : 0;
  if (Info)
    *Info = -Bad;
  REQUIRE(Info && !Bad);
  if (M == 0 || N == 0 || Count == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && Tau);
  return submit(H, [=] {
    T Query{};
    int LInfo = 0;
    geqrf<T>(M, N, nullptr, Lda, nullptr, &Query, -1, &LInfo);
    std::vector<T> Work(lworkOf(Query));
    for (int I = 0; I < Count; ++I)
      geqrf<T>(M, N, A[I], Lda, Tau[I], Work.data(), (int)Work.size(), &LInfo);
  });
}

/// gelsBatched: least squares min |A[i] X - C[i]| for full-rank m x n A[i],
/// m >= n, trans N only (cuBLAS: CUBLAS_STATUS_NOT_SUPPORTED otherwise), by
/// LAPACK's ?gels; X overwrites C[i]'s first n rows, A[i] its QR factors.
/// *Info (host) as geqrfBatched; DevInfo[i] = k > 0 when R's k-th diagonal
/// element is zero (A[i] not full rank: no solution; C[i] then holds
/// LAPACK's partial result Q^H C[i]), else 0.
template <class T>
cublasStatus_t gelsBatchedT(cublasHandle_t H, cublasOperation_t Trans, int M, int N, int Nrhs,
                            T *const A[], int Lda, T *const C[], int Ldc, int *Info, int *DevInfo,
                            int Count) {
  CHECK_HANDLE(H);
  int Bad = !validOp(Trans)              ? 2
            : M < 0                      ? 3
            : N < 0                      ? 4
            : Nrhs < 0                   ? 5
            : Lda < max1(M)              ? 7
            : Ldc < max1(std::max(M, N)) ? 9
            : Count < 0                  ? 12
                                         : 0;
  if (Info)
    *Info = -Bad;
  REQUIRE(Info && !Bad);
  if (Trans != CUBLAS_OP_N || M < N)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (Count == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && C && DevInfo);
  return submit(H, [=] {
    T Query{};
    int LInfo = 0;
    gels<T>(M, N, Nrhs, nullptr, Lda, nullptr, Ldc, &Query, -1, &LInfo);
    std::vector<T> Work(lworkOf(Query));
    for (int I = 0; I < Count; ++I) {
      gels<T>(M, N, Nrhs, A[I], Lda, C[I], Ldc, Work.data(), (int)Work.size(), &LInfo);
      DevInfo[I] = LInfo > 0 ? LInfo : 0;
    }
  });
}

// ---- dgmm, tpttr/trttp, gemvBatched/gemvStridedBatched ----

/// dgmm: C = A diag(x) (right) or diag(x) A (left), m x n; x's increment
/// may be negative (read backwards) or 0 (one value), as cuBLAS documents.
/// In place (C == A) with the same leading dimension. CBLAS has no dgmm.
template <class T>
cublasStatus_t dgmmT(cublasHandle_t H, cublasSideMode_t Mode, int M, int N, const T *A, int Lda,
                     const T *X, int Ix, T *C, int Ldc) {
  CHECK_HANDLE(H);
  REQUIRE(validSide(Mode) && M >= 0 && N >= 0 && Lda >= max1(M) && Ldc >= max1(M));
  REQUIRE(A != C || Lda == Ldc);
  if (M == 0 || N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && X && C);
  return submit(H, [=] {
    int Len = Mode == CUBLAS_SIDE_LEFT ? M : N;
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < M; ++I)
        C[I + (long)J * Ldc] =
            mulT(A[I + (long)J * Lda], X[vidx(Mode == CUBLAS_SIDE_LEFT ? I : J, Len, Ix)]);
  });
}

extern "C" {
void stpttr_(const char *, const int *, const float *, float *, const int *, int *, size_t);
void dtpttr_(const char *, const int *, const double *, double *, const int *, int *, size_t);
void ctpttr_(const char *, const int *, const cf *, cf *, const int *, int *, size_t);
void ztpttr_(const char *, const int *, const cd *, cd *, const int *, int *, size_t);
void strttp_(const char *, const int *, const float *, const int *, float *, int *, size_t);
void dtrttp_(const char *, const int *, const double *, const int *, double *, int *, size_t);
void ctrttp_(const char *, const int *, const cf *, const int *, cf *, int *, size_t);
void ztrttp_(const char *, const int *, const cd *, const int *, cd *, int *, size_t);
}

/// tpttr (ToFull) / trttp: the uplo triangle between packed and full
/// storage, by LAPACK's ?tpttr / ?trttp (the other triangle untouched).
template <class T, bool ToFull>
cublasStatus_t packT(cublasHandle_t H, cublasFillMode_t Uplo, int N, const T *Src, int Lda,
                     T *Dst) {
  CHECK_HANDLE(H);
  REQUIRE(validUplo(Uplo) && N >= 0 && Lda >= max1(N));
  if (N == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(Src && Dst);
  char U = Uplo == CUBLAS_FILL_MODE_LOWER ? 'L' : 'U';
  return submit(H, [=] {
    int Info = 0;
    if constexpr (ToFull) // Src: AP, Dst: A
      BY_PRECISION(T, stpttr_, dtpttr_, ctpttr_, ztpttr_, &U, &N, Src, Dst, &Lda, &Info, 1);
    else // Src: A, Dst: AP
      BY_PRECISION(T, strttp_, dtrttp_, ctrttp_, ztrttp_, &U, &N, Src, &Lda, Dst, &Info, 1);
  });
}

/// gemvBatched (pointer arrays, read when the work runs) and
/// gemvStridedBatched (strides in elements): gemv on each batch member.
template <class T, class APtr, class XPtr, class YPtr>
cublasStatus_t gemvBatchedT(cublasHandle_t H, cublasOperation_t Trans, int M, int N, const T *Alpha,
                            APtr A, int Lda, long long SA, XPtr X, int Ix, long long SX,
                            const T *Beta, YPtr Y, int Iy, long long SY, int Count) {
  CHECK_HANDLE(H);
  REQUIRE(validOp(Trans) && M >= 0 && N >= 0 && Lda >= max1(M) && Ix != 0 && Iy != 0 &&
          Count >= 0 && Alpha && Beta);
  if (M == 0 || N == 0 || Count == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && X && Y);
  auto Al = scalar(H, Alpha), Be = scalar(H, Beta);
  return submit(H, [=] {
    T AlV = Al.get(), BeV = Be.get();
    for (int I = 0; I < Count; ++I) {
      if constexpr (std::is_pointer_v<std::remove_pointer_t<APtr>>)
        gemv(tr(Trans), M, N, AlV, A[I], Lda, X[I], Ix, BeV, Y[I], Iy);
      else
        gemv(tr(Trans), M, N, AlV, A + I * SA, Lda, X + I * SX, Ix, BeV, Y + I * SY, Iy);
    }
  });
}

} // namespace

extern "C" {

// ---- Handles, streams, modes, version ----

cublasStatus_t cublasCreate_v2(cublasHandle_t *Handle) {
  if (!Handle)
    return CUBLAS_STATUS_INVALID_VALUE;
  // A handle needs a working CUDA context (as on a GPU).
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess || Count == 0)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  *Handle = new cublasContext;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDestroy_v2(cublasHandle_t H) {
  CHECK_HANDLE(H);
  // The handle's work must finish before its captured tasks go away.
  loomlib::drainStream(H->Stream);
  delete H;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetVersion_v2(cublasHandle_t, int *Version) {
  REQUIRE(Version);
  *Version = CUBLAS_VERSION;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetProperty(libraryPropertyType Type, int *Value) {
  REQUIRE(Value);
  switch (Type) {
  case MAJOR_VERSION:
    *Value = CUBLAS_VER_MAJOR;
    return CUBLAS_STATUS_SUCCESS;
  case MINOR_VERSION:
    *Value = CUBLAS_VER_MINOR;
    return CUBLAS_STATUS_SUCCESS;
  case PATCH_LEVEL:
    *Value = CUBLAS_VER_PATCH;
    return CUBLAS_STATUS_SUCCESS;
  }
  return CUBLAS_STATUS_INVALID_VALUE;
}

size_t cublasGetCudartVersion(void) {
  int V = 0;
  cudaRuntimeGetVersion(&V);
  return (size_t)V;
}

cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t H, void *Workspace, size_t Bytes) {
  CHECK_HANDLE(H);
  // OpenBLAS allocates its own buffers; the user's workspace is not needed.
  REQUIRE(Workspace || Bytes == 0);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetStream_v2(cublasHandle_t H, cudaStream_t Stream) {
  CHECK_HANDLE(H);
  H->Stream = Stream;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetStream_v2(cublasHandle_t H, cudaStream_t *Stream) {
  CHECK_HANDLE(H);
  REQUIRE(Stream);
  *Stream = H->Stream;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t H, cublasPointerMode_t *Mode) {
  CHECK_HANDLE(H);
  REQUIRE(Mode);
  *Mode = H->PointerMode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t H, cublasPointerMode_t Mode) {
  CHECK_HANDLE(H);
  REQUIRE(Mode == CUBLAS_POINTER_MODE_HOST || Mode == CUBLAS_POINTER_MODE_DEVICE);
  H->PointerMode = Mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetAtomicsMode(cublasHandle_t H, cublasAtomicsMode_t *Mode) {
  CHECK_HANDLE(H);
  REQUIRE(Mode);
  *Mode = H->Atomics;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetAtomicsMode(cublasHandle_t H, cublasAtomicsMode_t Mode) {
  CHECK_HANDLE(H);
  REQUIRE(Mode == CUBLAS_ATOMICS_NOT_ALLOWED || Mode == CUBLAS_ATOMICS_ALLOWED);
  H->Atomics = Mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetMathMode(cublasHandle_t H, cublasMath_t *Mode) {
  CHECK_HANDLE(H);
  REQUIRE(Mode);
  *Mode = H->Math;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetMathMode(cublasHandle_t H, cublasMath_t Mode) {
  CHECK_HANDLE(H);
  // The math mode selects GPU tensor-core paths; OpenBLAS computes at the
  // storage precision whatever it says. Valid modes are kept for GetMathMode.
  unsigned Base = (unsigned)Mode & ~(unsigned)CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION;
  REQUIRE(Base <= CUBLAS_TF32_TENSOR_OP_MATH);
  H->Math = Mode;
  return CUBLAS_STATUS_SUCCESS;
}

const char *cublasGetStatusName(cublasStatus_t S) {
  switch (S) {
  case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
  case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
  case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
  case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
  case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
  case CUBLAS_STATUS_MAPPING_ERROR: return "CUBLAS_STATUS_MAPPING_ERROR";
  case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
  case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
  case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
  case CUBLAS_STATUS_LICENSE_ERROR: return "CUBLAS_STATUS_LICENSE_ERROR";
  }
  return "CUBLAS_STATUS_UNKNOWN";
}

const char *cublasGetStatusString(cublasStatus_t S) {
  switch (S) {
  case CUBLAS_STATUS_SUCCESS: return "success";
  case CUBLAS_STATUS_NOT_INITIALIZED: return "the library was not initialized";
  case CUBLAS_STATUS_ALLOC_FAILED: return "the resource allocation failed";
  case CUBLAS_STATUS_INVALID_VALUE: return "an invalid numeric value was used as an argument";
  case CUBLAS_STATUS_ARCH_MISMATCH: return "an absent device architectural feature is required";
  case CUBLAS_STATUS_MAPPING_ERROR: return "an access to GPU memory space failed";
  case CUBLAS_STATUS_EXECUTION_FAILED: return "the GPU program failed to execute";
  case CUBLAS_STATUS_INTERNAL_ERROR: return "an internal operation failed";
  case CUBLAS_STATUS_NOT_SUPPORTED: return "the functionality requested is not supported";
  case CUBLAS_STATUS_LICENSE_ERROR: return "license error";
  }
  return "unknown error";
}

// ---- Copies ----

static cublasStatus_t copy2D(void *Dst, size_t DPitch, const void *Src, size_t SPitch,
                             size_t Width, size_t Height, cudaStream_t Stream, bool Async) {
  if (Width == 0 || Height == 0)
    return CUBLAS_STATUS_SUCCESS;
  cudaError_t E = Async ? cudaMemcpy2DAsync(Dst, DPitch, Src, SPitch, Width, Height,
                                            cudaMemcpyDefault, Stream)
                        : cudaMemcpy2D(Dst, DPitch, Src, SPitch, Width, Height, cudaMemcpyDefault);
  return E == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_MAPPING_ERROR;
}

static cublasStatus_t vectorCopy(int N, int Elem, const void *X, int Ix, void *Y, int Iy,
                                 cudaStream_t Stream, bool Async) {
  REQUIRE(N >= 0 && Elem > 0 && Ix > 0 && Iy > 0);
  REQUIRE(N == 0 || (X && Y));
  return copy2D(Y, (size_t)Iy * Elem, X, (size_t)Ix * Elem, Elem, N, Stream, Async);
}

static cublasStatus_t matrixCopy(int Rows, int Cols, int Elem, const void *A, int Lda, void *B,
                                 int Ldb, cudaStream_t Stream, bool Async) {
  REQUIRE(Rows >= 0 && Cols >= 0 && Elem > 0 && Lda >= max1(Rows) && Ldb >= max1(Rows));
  REQUIRE(Rows == 0 || Cols == 0 || (A && B));
  return copy2D(B, (size_t)Ldb * Elem, A, (size_t)Lda * Elem, (size_t)Rows * Elem, Cols, Stream,
                Async);
}

cublasStatus_t cublasSetVector(int N, int Elem, const void *X, int Ix, void *Y, int Iy) {
  return vectorCopy(N, Elem, X, Ix, Y, Iy, nullptr, false);
}
cublasStatus_t cublasGetVector(int N, int Elem, const void *X, int Ix, void *Y, int Iy) {
  return vectorCopy(N, Elem, X, Ix, Y, Iy, nullptr, false);
}
cublasStatus_t cublasSetVectorAsync(int N, int Elem, const void *X, int Ix, void *Y, int Iy,
                                    cudaStream_t S) {
  return vectorCopy(N, Elem, X, Ix, Y, Iy, S, true);
}
cublasStatus_t cublasGetVectorAsync(int N, int Elem, const void *X, int Ix, void *Y, int Iy,
                                    cudaStream_t S) {
  return vectorCopy(N, Elem, X, Ix, Y, Iy, S, true);
}
cublasStatus_t cublasSetMatrix(int R, int C, int Elem, const void *A, int Lda, void *B, int Ldb) {
  return matrixCopy(R, C, Elem, A, Lda, B, Ldb, nullptr, false);
}
cublasStatus_t cublasGetMatrix(int R, int C, int Elem, const void *A, int Lda, void *B, int Ldb) {
  return matrixCopy(R, C, Elem, A, Lda, B, Ldb, nullptr, false);
}
cublasStatus_t cublasSetMatrixAsync(int R, int C, int Elem, const void *A, int Lda, void *B,
                                    int Ldb, cudaStream_t S) {
  return matrixCopy(R, C, Elem, A, Lda, B, Ldb, S, true);
}
cublasStatus_t cublasGetMatrixAsync(int R, int C, int Elem, const void *A, int Lda, void *B,
                                    int Ldb, cudaStream_t S) {
  return matrixCopy(R, C, Elem, A, Lda, B, Ldb, S, true);
}

// ---- Level 1 ----

#define L1_REDUCE(NAME, FN, T, R)                                                        \
  cublasStatus_t NAME(cublasHandle_t H, int N, const T *X, int Ix, R *Res) {             \
    return FN(H, N, X, Ix, Res);                                                         \
  }
L1_REDUCE(cublasSnrm2_v2, nrm2T, float, float)
L1_REDUCE(cublasDnrm2_v2, nrm2T, double, double)
L1_REDUCE(cublasScnrm2_v2, nrm2T, cf, float)
L1_REDUCE(cublasDznrm2_v2, nrm2T, cd, double)
L1_REDUCE(cublasSasum_v2, asumT, float, float)
L1_REDUCE(cublasDasum_v2, asumT, double, double)
L1_REDUCE(cublasScasum_v2, asumT, cf, float)
L1_REDUCE(cublasDzasum_v2, asumT, cd, double)
L1_REDUCE(cublasIsamax_v2, iamaxT, float, int)
L1_REDUCE(cublasIdamax_v2, iamaxT, double, int)
L1_REDUCE(cublasIcamax_v2, iamaxT, cf, int)
L1_REDUCE(cublasIzamax_v2, iamaxT, cd, int)
L1_REDUCE(cublasIsamin_v2, iaminT, float, int)
L1_REDUCE(cublasIdamin_v2, iaminT, double, int)
L1_REDUCE(cublasIcamin_v2, iaminT, cf, int)
L1_REDUCE(cublasIzamin_v2, iaminT, cd, int)

#define L1_DOT(NAME, T, CONJ)                                                            \
  cublasStatus_t NAME(cublasHandle_t H, int N, const T *X, int Ix, const T *Y, int Iy, T *R) { \
    return dotT<T, CONJ>(H, N, X, Ix, Y, Iy, R);                                         \
  }
L1_DOT(cublasSdot_v2, float, false)
L1_DOT(cublasDdot_v2, double, false)
L1_DOT(cublasCdotu_v2, cf, false)
L1_DOT(cublasCdotc_v2, cf, true)
L1_DOT(cublasZdotu_v2, cd, false)
L1_DOT(cublasZdotc_v2, cd, true)

#define L1_SCAL(NAME, S, T)                                                              \
  cublasStatus_t NAME(cublasHandle_t H, int N, const S *Al, T *X, int Ix) {              \
    return scalT(H, N, Al, X, Ix);                                                       \
  }
L1_SCAL(cublasSscal_v2, float, float)
L1_SCAL(cublasDscal_v2, double, double)
L1_SCAL(cublasCscal_v2, cf, cf)
L1_SCAL(cublasCsscal_v2, float, cf)
L1_SCAL(cublasZscal_v2, cd, cd)
L1_SCAL(cublasZdscal_v2, double, cd)

#define L1_TYPES(M)                                                                      \
  M(S, float)                                                                            \
  M(D, double)                                                                           \
  M(C, cf)                                                                               \
  M(Z, cd)

#define L1_AXPY(P, T)                                                                    \
  cublasStatus_t cublas##P##axpy_v2(cublasHandle_t H, int N, const T *Al, const T *X, int Ix, \
                                    T *Y, int Iy) {                                      \
    return axpyT(H, N, Al, X, Ix, Y, Iy);                                                \
  }                                                                                      \
  cublasStatus_t cublas##P##copy_v2(cublasHandle_t H, int N, const T *X, int Ix, T *Y, int Iy) { \
    return copyT(H, N, X, Ix, Y, Iy);                                                    \
  }                                                                                      \
  cublasStatus_t cublas##P##swap_v2(cublasHandle_t H, int N, T *X, int Ix, T *Y, int Iy) { \
    return swapT(H, N, X, Ix, Y, Iy);                                                    \
  }
L1_TYPES(L1_AXPY)

cublasStatus_t cublasSrot_v2(cublasHandle_t H, int N, float *X, int Ix, float *Y, int Iy,
                             const float *C, const float *S) {
  return rotT(H, N, X, Ix, Y, Iy, C, S);
}
cublasStatus_t cublasDrot_v2(cublasHandle_t H, int N, double *X, int Ix, double *Y, int Iy,
                             const double *C, const double *S) {
  return rotT(H, N, X, Ix, Y, Iy, C, S);
}
cublasStatus_t cublasCrot_v2(cublasHandle_t H, int N, cf *X, int Ix, cf *Y, int Iy, const float *C,
                             const cf *S) {
  return rotT(H, N, X, Ix, Y, Iy, C, S);
}
cublasStatus_t cublasCsrot_v2(cublasHandle_t H, int N, cf *X, int Ix, cf *Y, int Iy,
                              const float *C, const float *S) {
  return rotT(H, N, X, Ix, Y, Iy, C, S);
}
cublasStatus_t cublasZrot_v2(cublasHandle_t H, int N, cd *X, int Ix, cd *Y, int Iy,
                             const double *C, const cd *S) {
  return rotT(H, N, X, Ix, Y, Iy, C, S);
}
cublasStatus_t cublasZdrot_v2(cublasHandle_t H, int N, cd *X, int Ix, cd *Y, int Iy,
                              const double *C, const double *S) {
  return rotT(H, N, X, Ix, Y, Iy, C, S);
}

cublasStatus_t cublasSrotg_v2(cublasHandle_t H, float *A, float *B, float *C, float *S) {
  return rotgT(H, A, B, C, S);
}
cublasStatus_t cublasDrotg_v2(cublasHandle_t H, double *A, double *B, double *C, double *S) {
  return rotgT(H, A, B, C, S);
}
cublasStatus_t cublasCrotg_v2(cublasHandle_t H, cf *A, cf *B, float *C, cf *S) {
  return rotgT(H, A, B, C, S);
}
cublasStatus_t cublasZrotg_v2(cublasHandle_t H, cd *A, cd *B, double *C, cd *S) {
  return rotgT(H, A, B, C, S);
}

// ---- Level 2 ----

#define L2(P, T)                                                                         \
  cublasStatus_t cublas##P##gemv_v2(cublasHandle_t H, cublasOperation_t Tr, int M, int N,     \
                                    const T *Al, const T *A, int Lda, const T *X, int Ix,     \
                                    const T *Be, T *Y, int Iy) {                         \
    return gemvT(H, Tr, M, N, Al, A, Lda, X, Ix, Be, Y, Iy);                             \
  }                                                                                      \
  cublasStatus_t cublas##P##symv_v2(cublasHandle_t H, cublasFillMode_t U, int N, const T *Al, \
                                    const T *A, int Lda, const T *X, int Ix, const T *Be,     \
                                    T *Y, int Iy) {                                      \
    return symvT(H, U, N, Al, A, Lda, X, Ix, Be, Y, Iy);                                 \
  }                                                                                      \
  cublasStatus_t cublas##P##trmv_v2(cublasHandle_t H, cublasFillMode_t U, cublasOperation_t Tr, \
                                    cublasDiagType_t D, int N, const T *A, int Lda, T *X,     \
                                    int Ix) {                                            \
    return trxvT<T, false>(H, U, Tr, D, N, A, Lda, X, Ix);                               \
  }                                                                                      \
  cublasStatus_t cublas##P##trsv_v2(cublasHandle_t H, cublasFillMode_t U, cublasOperation_t Tr, \
                                    cublasDiagType_t D, int N, const T *A, int Lda, T *X,     \
                                    int Ix) {                                            \
    return trxvT<T, true>(H, U, Tr, D, N, A, Lda, X, Ix);                                \
  }
L1_TYPES(L2)

cublasStatus_t cublasChemv_v2(cublasHandle_t H, cublasFillMode_t U, int N, const cf *Al,
                              const cf *A, int Lda, const cf *X, int Ix, const cf *Be, cf *Y,
                              int Iy) {
  return symvT<cf, true>(H, U, N, Al, A, Lda, X, Ix, Be, Y, Iy);
}
cublasStatus_t cublasZhemv_v2(cublasHandle_t H, cublasFillMode_t U, int N, const cd *Al,
                              const cd *A, int Lda, const cd *X, int Ix, const cd *Be, cd *Y,
                              int Iy) {
  return symvT<cd, true>(H, U, N, Al, A, Lda, X, Ix, Be, Y, Iy);
}

#define GER(NAME, T, FN)                                                                 \
  cublasStatus_t NAME(cublasHandle_t H, int M, int N, const T *Al, const T *X, int Ix,   \
                      const T *Y, int Iy, T *A, int Lda) {                               \
    return gerT(H, M, N, Al, X, Ix, Y, Iy, A, Lda, FN);                                  \
  }
GER(cublasSger_v2, float, cblas_sger)
GER(cublasDger_v2, double, cblas_dger)
GER(cublasCgeru_v2, cf, cblas_cgeru)
GER(cublasCgerc_v2, cf, cblas_cgerc)
GER(cublasZgeru_v2, cd, cblas_zgeru)
GER(cublasZgerc_v2, cd, cblas_zgerc)

// ---- Level 3 and extensions ----

#define L3(P, T)                                                                         \
  cublasStatus_t cublas##P##gemm_v2(cublasHandle_t H, cublasOperation_t Ta,              \
                                    cublasOperation_t Tb, int M, int N, int K, const T *Al,   \
                                    const T *A, int Lda, const T *B, int Ldb, const T *Be,    \
                                    T *C, int Ldc) {                                     \
    return gemmT(H, Ta, Tb, M, N, K, Al, A, Lda, B, Ldb, Be, C, Ldc);                    \
  }                                                                                      \
  cublasStatus_t cublas##P##symm_v2(cublasHandle_t H, cublasSideMode_t S, cublasFillMode_t U, \
                                    int M, int N, const T *Al, const T *A, int Lda,      \
                                    const T *B, int Ldb, const T *Be, T *C, int Ldc) {   \
    return symmT(H, S, U, M, N, Al, A, Lda, B, Ldb, Be, C, Ldc);                         \
  }                                                                                      \
  cublasStatus_t cublas##P##syrk_v2(cublasHandle_t H, cublasFillMode_t U,                \
                                    cublasOperation_t Tr, int N, int K, const T *Al,     \
                                    const T *A, int Lda, const T *Be, T *C, int Ldc) {   \
    return syrkT<T, T>(H, U, Tr, N, K, Al, A, Lda, Be, C, Ldc);                          \
  }                                                                                      \
  cublasStatus_t cublas##P##trmm_v2(cublasHandle_t H, cublasSideMode_t S, cublasFillMode_t U, \
                                    cublasOperation_t Tr, cublasDiagType_t D, int M, int N,   \
                                    const T *Al, const T *A, int Lda, const T *B, int Ldb,    \
                                    T *C, int Ldc) {                                     \
    return trmmT(H, S, U, Tr, D, M, N, Al, A, Lda, B, Ldb, C, Ldc);                      \
  }                                                                                      \
  cublasStatus_t cublas##P##trsm_v2(cublasHandle_t H, cublasSideMode_t S, cublasFillMode_t U, \
                                    cublasOperation_t Tr, cublasDiagType_t D, int M, int N,   \
                                    const T *Al, const T *A, int Lda, T *B, int Ldb) {   \
    return trsmT(H, S, U, Tr, D, M, N, Al, A, Lda, B, Ldb);                              \
  }                                                                                      \
  cublasStatus_t cublas##P##geam(cublasHandle_t H, cublasOperation_t Ta, cublasOperation_t Tb, \
                                 int M, int N, const T *Al, const T *A, int Lda,         \
                                 const T *Be, const T *B, int Ldb, T *C, int Ldc) {      \
    return geamT(H, Ta, Tb, M, N, Al, A, Lda, Be, B, Ldb, C, Ldc);                       \
  }                                                                                      \
  cublasStatus_t cublas##P##gemmBatched(                                                 \
      cublasHandle_t H, cublasOperation_t Ta, cublasOperation_t Tb, int M, int N, int K,  \
      const T *Al, const T *const A[], int Lda, const T *const B[], int Ldb, const T *Be, \
      T *const C[], int Ldc, int Count) {                                                \
    return gemmBatchedT(H, Ta, Tb, M, N, K, Al, A, Lda, B, Ldb, Be, C, Ldc, Count);      \
  }                                                                                      \
  cublasStatus_t cublas##P##gemmStridedBatched(                                          \
      cublasHandle_t H, cublasOperation_t Ta, cublasOperation_t Tb, int M, int N, int K,  \
      const T *Al, const T *A, int Lda, long long SA, const T *B, int Ldb, long long SB,  \
      const T *Be, T *C, int Ldc, long long SC, int Count) {                             \
    return gemmStridedT(H, Ta, Tb, M, N, K, Al, A, Lda, SA, B, Ldb, SB, Be, C, Ldc, SC,  \
                        Count);                                                          \
  }
L1_TYPES(L3)

cublasStatus_t cublasChemm_v2(cublasHandle_t H, cublasSideMode_t S, cublasFillMode_t U, int M,
                              int N, const cf *Al, const cf *A, int Lda, const cf *B, int Ldb,
                              const cf *Be, cf *C, int Ldc) {
  return symmT<cf, true>(H, S, U, M, N, Al, A, Lda, B, Ldb, Be, C, Ldc);
}
cublasStatus_t cublasZhemm_v2(cublasHandle_t H, cublasSideMode_t S, cublasFillMode_t U, int M,
                              int N, const cd *Al, const cd *A, int Lda, const cd *B, int Ldb,
                              const cd *Be, cd *C, int Ldc) {
  return symmT<cd, true>(H, S, U, M, N, Al, A, Lda, B, Ldb, Be, C, Ldc);
}
cublasStatus_t cublasCherk_v2(cublasHandle_t H, cublasFillMode_t U, cublasOperation_t Tr, int N,
                              int K, const float *Al, const cf *A, int Lda, const float *Be,
                              cf *C, int Ldc) {
  return syrkT<cf, float, true>(H, U, Tr, N, K, Al, A, Lda, Be, C, Ldc);
}
cublasStatus_t cublasZherk_v2(cublasHandle_t H, cublasFillMode_t U, cublasOperation_t Tr, int N,
                              int K, const double *Al, const cd *A, int Lda, const double *Be,
                              cd *C, int Ldc) {
  return syrkT<cd, double, true>(H, U, Tr, N, K, Al, A, Lda, Be, C, Ldc);
}

// ---- Mixed precision ----

cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t H, cublasOperation_t Ta,
                                          cublasOperation_t Tb, int M, int N, int K,
                                          const void *Alpha, const void *A, cudaDataType At,
                                          int Lda, long long SA, const void *B, cudaDataType Bt,
                                          int Ldb, long long SB, const void *Beta, void *C,
                                          cudaDataType Ct, int Ldc, long long SC, int Count,
                                          cublasComputeType_t Compute, cublasGemmAlgo_t) {
  MixedGemm G;
  if (cublasStatus_t S = prepareMixed(H, Ta, Tb, M, N, K, Alpha, At, Lda, Bt, Ldb, Beta, Ct, Ldc,
                                      Compute, &G))
    return S;
  REQUIRE(Count >= 0);
  if (M == 0 || N == 0 || Count == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(C && (K == 0 || (A && B)));
  bool Device = H->PointerMode == CUBLAS_POINTER_MODE_DEVICE;
  if (!Device) {
    readScalar(Alpha, G.Kind, Compute, G.Alpha);
    readScalar(Beta, G.Kind, Compute, G.Beta);
  }
  size_t Ea = typeSize(At), Eb = typeSize(Bt), Ec = typeSize(Ct);
  return submit(H, [=]() mutable {
    if (Device) {
      readScalar(Alpha, G.Kind, Compute, G.Alpha);
      readScalar(Beta, G.Kind, Compute, G.Beta);
    }
    for (int I = 0; I < Count; ++I)
      G.run((const char *)A + I * SA * Ea, (const char *)B + I * SB * Eb, (char *)C + I * SC * Ec);
  });
}

cublasStatus_t cublasGemmEx(cublasHandle_t H, cublasOperation_t Ta, cublasOperation_t Tb, int M,
                            int N, int K, const void *Alpha, const void *A, cudaDataType At,
                            int Lda, const void *B, cudaDataType Bt, int Ldb, const void *Beta,
                            void *C, cudaDataType Ct, int Ldc, cublasComputeType_t Compute,
                            cublasGemmAlgo_t Algo) {
  return cublasGemmStridedBatchedEx(H, Ta, Tb, M, N, K, Alpha, A, At, Lda, 0, B, Bt, Ldb, 0, Beta,
                                    C, Ct, Ldc, 0, 1, Compute, Algo);
}

cublasStatus_t cublasGemmBatchedEx(cublasHandle_t H, cublasOperation_t Ta, cublasOperation_t Tb,
                                   int M, int N, int K, const void *Alpha, const void *const A[],
                                   cudaDataType At, int Lda, const void *const B[],
                                   cudaDataType Bt, int Ldb, const void *Beta, void *const C[],
                                   cudaDataType Ct, int Ldc, int Count,
                                   cublasComputeType_t Compute, cublasGemmAlgo_t) {
  MixedGemm G;
  if (cublasStatus_t S = prepareMixed(H, Ta, Tb, M, N, K, Alpha, At, Lda, Bt, Ldb, Beta, Ct, Ldc,
                                      Compute, &G))
    return S;
  REQUIRE(Count >= 0);
  if (M == 0 || N == 0 || Count == 0)
    return CUBLAS_STATUS_SUCCESS;
  REQUIRE(A && B && C);
  bool Device = H->PointerMode == CUBLAS_POINTER_MODE_DEVICE;
  if (!Device) {
    readScalar(Alpha, G.Kind, Compute, G.Alpha);
    readScalar(Beta, G.Kind, Compute, G.Beta);
  }
  return submit(H, [=]() mutable {
    if (Device) {
      readScalar(Alpha, G.Kind, Compute, G.Alpha);
      readScalar(Beta, G.Kind, Compute, G.Beta);
    }
    for (int I = 0; I < Count; ++I)
      G.run(A[I], B[I], C[I]);
  });
}

cublasStatus_t cublasSgemmEx(cublasHandle_t H, cublasOperation_t Ta, cublasOperation_t Tb, int M,
                             int N, int K, const float *Alpha, const void *A, cudaDataType At,
                             int Lda, const void *B, cudaDataType Bt, int Ldb, const float *Beta,
                             void *C, cudaDataType Ct, int Ldc) {
  CHECK_HANDLE(H);
  // SgemmEx: real FP32 scalars and compute, inputs and output in FP32,
  // FP16 or BF16.
  auto Ok = [](cudaDataType T) { return T == CUDA_R_32F || T == CUDA_R_16F || T == CUDA_R_16BF; };
  if (!Ok(At) || !Ok(Bt) || !Ok(Ct) || At != Bt)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (At == CUDA_R_32F && Ct != CUDA_R_32F)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  return cublasGemmEx(H, Ta, Tb, M, N, K, Alpha, A, At, Lda, B, Bt, Ldb, Beta, C, Ct, Ldc,
                      CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

// ---- Batched LU ----

#define LU(P, T)                                                                         \
  cublasStatus_t cublas##P##getrfBatched(cublasHandle_t H, int N, T *const A[], int Lda,  \
                                         int *Piv, int *Info, int Count) {               \
    return getrfBatchedT(H, N, A, Lda, Piv, Info, Count);                                \
  }                                                                                      \
  cublasStatus_t cublas##P##getrsBatched(cublasHandle_t H, cublasOperation_t Tr, int N,   \
                                         int Nrhs, const T *const A[], int Lda,          \
                                         const int *Piv, T *const B[], int Ldb, int *Info, \
                                         int Count) {                                    \
    return getrsBatchedT(H, Tr, N, Nrhs, A, Lda, Piv, B, Ldb, Info, Count);             \
  }                                                                                      \
  cublasStatus_t cublas##P##getriBatched(cublasHandle_t H, int N, const T *const A[],     \
                                         int Lda, const int *Piv, T *const C[], int Ldc, \
                                         int *Info, int Count) {                         \
    return getriBatchedT(H, N, A, Lda, Piv, C, Ldc, Info, Count);                        \
  }                                                                                      \
  cublasStatus_t cublas##P##matinvBatched(cublasHandle_t H, int N, const T *const A[],    \
                                          int Lda, T *const Ainv[], int LdaInv, int *Info, \
                                          int Count) {                                   \
    return matinvBatchedT(H, N, A, Lda, Ainv, LdaInv, Info, Count);                      \
  }
L1_TYPES(LU)

// ---- rotm/rotmg, band, packed and rank updates, rank-2k, syrkx/herkx,
// trsmBatched, batched QR ----

cublasStatus_t cublasSrotm_v2(cublasHandle_t handle, int n, float *x, int incx, float *y, int incy,
                              const float *param) {
  return rotmT(handle, n, x, incx, y, incy, param);
}
cublasStatus_t cublasSrotmg_v2(cublasHandle_t handle, float *d1, float *d2, float *x1,
                               const float *y1, float *param) {
  return rotmgT(handle, d1, d2, x1, y1, param);
}
cublasStatus_t cublasDrotm_v2(cublasHandle_t handle, int n, double *x, int incx, double *y,
                              int incy, const double *param) {
  return rotmT(handle, n, x, incx, y, incy, param);
}
cublasStatus_t cublasDrotmg_v2(cublasHandle_t handle, double *d1, double *d2, double *x1,
                               const double *y1, double *param) {
  return rotmgT(handle, d1, d2, x1, y1, param);
}
cublasStatus_t cublasSgbmv_v2(cublasHandle_t handle, cublasOperation_t trans, int m, int n, int kl,
                              int ku, const float *alpha, const float *A, int lda, const float *x,
                              int incx, const float *beta, float *y, int incy) {
  return gbmvT(handle, trans, m, n, kl, ku, alpha, A, lda, x, incx, beta, y, incy);
}
cublasStatus_t cublasDgbmv_v2(cublasHandle_t handle, cublasOperation_t trans, int m, int n, int kl,
                              int ku, const double *alpha, const double *A, int lda,
                              const double *x, int incx, const double *beta, double *y, int incy) {
  return gbmvT(handle, trans, m, n, kl, ku, alpha, A, lda, x, incx, beta, y, incy);
}
cublasStatus_t cublasCgbmv_v2(cublasHandle_t handle, cublasOperation_t trans, int m, int n, int kl,
                              int ku, const cf *alpha, const cf *A, int lda, const cf *x, int incx,
                              const cf *beta, cf *y, int incy) {
  return gbmvT(handle, trans, m, n, kl, ku, alpha, A, lda, x, incx, beta, y, incy);
}
cublasStatus_t cublasZgbmv_v2(cublasHandle_t handle, cublasOperation_t trans, int m, int n, int kl,
                              int ku, const cd *alpha, const cd *A, int lda, const cd *x, int incx,
                              const cd *beta, cd *y, int incy) {
  return gbmvT(handle, trans, m, n, kl, ku, alpha, A, lda, x, incx, beta, y, incy);
}
cublasStatus_t cublasSsbmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, int k,
                              const float *alpha, const float *A, int lda, const float *x, int incx,
                              const float *beta, float *y, int incy) {
  return sbmvT(handle, uplo, n, k, alpha, A, lda, x, incx, beta, y, incy);
}
cublasStatus_t cublasDsbmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, int k,
                              const double *alpha, const double *A, int lda, const double *x,
                              int incx, const double *beta, double *y, int incy) {
  return sbmvT(handle, uplo, n, k, alpha, A, lda, x, incx, beta, y, incy);
}
cublasStatus_t cublasChbmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, int k,
                              const cf *alpha, const cf *A, int lda, const cf *x, int incx,
                              const cf *beta, cf *y, int incy) {
  return sbmvT(handle, uplo, n, k, alpha, A, lda, x, incx, beta, y, incy);
}
cublasStatus_t cublasZhbmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, int k,
                              const cd *alpha, const cd *A, int lda, const cd *x, int incx,
                              const cd *beta, cd *y, int incy) {
  return sbmvT(handle, uplo, n, k, alpha, A, lda, x, incx, beta, y, incy);
}
cublasStatus_t cublasSspmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                              const float *alpha, const float *AP, const float *x, int incx,
                              const float *beta, float *y, int incy) {
  return spmvT(handle, uplo, n, alpha, AP, x, incx, beta, y, incy);
}
cublasStatus_t cublasDspmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                              const double *alpha, const double *AP, const double *x, int incx,
                              const double *beta, double *y, int incy) {
  return spmvT(handle, uplo, n, alpha, AP, x, incx, beta, y, incy);
}
cublasStatus_t cublasChpmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cf *alpha,
                              const cf *AP, const cf *x, int incx, const cf *beta, cf *y,
                              int incy) {
  return spmvT(handle, uplo, n, alpha, AP, x, incx, beta, y, incy);
}
cublasStatus_t cublasZhpmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cd *alpha,
                              const cd *AP, const cd *x, int incx, const cd *beta, cd *y,
                              int incy) {
  return spmvT(handle, uplo, n, alpha, AP, x, incx, beta, y, incy);
}
cublasStatus_t cublasStbmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, int k, const float *A, int lda,
                              float *x, int incx) {
  return tbpT<float, false>(handle, uplo, trans, diag, n, k, false, A, lda, x, incx);
}
cublasStatus_t cublasDtbmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, int k, const double *A, int lda,
                              double *x, int incx) {
  return tbpT<double, false>(handle, uplo, trans, diag, n, k, false, A, lda, x, incx);
}
cublasStatus_t cublasCtbmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, int k, const cf *A, int lda, cf *x,
                              int incx) {
  return tbpT<cf, false>(handle, uplo, trans, diag, n, k, false, A, lda, x, incx);
}
cublasStatus_t cublasZtbmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, int k, const cd *A, int lda, cd *x,
                              int incx) {
  return tbpT<cd, false>(handle, uplo, trans, diag, n, k, false, A, lda, x, incx);
}
cublasStatus_t cublasStbsv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, int k, const float *A, int lda,
                              float *x, int incx) {
  return tbpT<float, true>(handle, uplo, trans, diag, n, k, false, A, lda, x, incx);
}
cublasStatus_t cublasDtbsv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, int k, const double *A, int lda,
                              double *x, int incx) {
  return tbpT<double, true>(handle, uplo, trans, diag, n, k, false, A, lda, x, incx);
}
cublasStatus_t cublasCtbsv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, int k, const cf *A, int lda, cf *x,
                              int incx) {
  return tbpT<cf, true>(handle, uplo, trans, diag, n, k, false, A, lda, x, incx);
}
cublasStatus_t cublasZtbsv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, int k, const cd *A, int lda, cd *x,
                              int incx) {
  return tbpT<cd, true>(handle, uplo, trans, diag, n, k, false, A, lda, x, incx);
}
cublasStatus_t cublasStpmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, const float *AP, float *x, int incx) {
  return tbpT<float, false>(handle, uplo, trans, diag, n, 0, true, AP, 0, x, incx);
}
cublasStatus_t cublasDtpmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, const double *AP, double *x, int incx) {
  return tbpT<double, false>(handle, uplo, trans, diag, n, 0, true, AP, 0, x, incx);
}
cublasStatus_t cublasCtpmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, const cf *AP, cf *x, int incx) {
  return tbpT<cf, false>(handle, uplo, trans, diag, n, 0, true, AP, 0, x, incx);
}
cublasStatus_t cublasZtpmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, const cd *AP, cd *x, int incx) {
  return tbpT<cd, false>(handle, uplo, trans, diag, n, 0, true, AP, 0, x, incx);
}
cublasStatus_t cublasStpsv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, const float *AP, float *x, int incx) {
  return tbpT<float, true>(handle, uplo, trans, diag, n, 0, true, AP, 0, x, incx);
}
cublasStatus_t cublasDtpsv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, const double *AP, double *x, int incx) {
  return tbpT<double, true>(handle, uplo, trans, diag, n, 0, true, AP, 0, x, incx);
}
cublasStatus_t cublasCtpsv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, const cf *AP, cf *x, int incx) {
  return tbpT<cf, true>(handle, uplo, trans, diag, n, 0, true, AP, 0, x, incx);
}
cublasStatus_t cublasZtpsv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int n, const cd *AP, cd *x, int incx) {
  return tbpT<cd, true>(handle, uplo, trans, diag, n, 0, true, AP, 0, x, incx);
}
cublasStatus_t cublasSsyr_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                             const float *alpha, const float *x, int incx, float *A, int lda) {
  return syrT<float, float, false, false>(handle, uplo, n, alpha, x, incx, nullptr, 0, A, lda,
                                          false);
}
cublasStatus_t cublasDsyr_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                             const double *alpha, const double *x, int incx, double *A, int lda) {
  return syrT<double, double, false, false>(handle, uplo, n, alpha, x, incx, nullptr, 0, A, lda,
                                            false);
}
cublasStatus_t cublasCsyr_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cf *alpha,
                             const cf *x, int incx, cf *A, int lda) {
  return syrT<cf, cf, false, false>(handle, uplo, n, alpha, x, incx, nullptr, 0, A, lda, false);
}
cublasStatus_t cublasZsyr_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cd *alpha,
                             const cd *x, int incx, cd *A, int lda) {
  return syrT<cd, cd, false, false>(handle, uplo, n, alpha, x, incx, nullptr, 0, A, lda, false);
}
cublasStatus_t cublasCher_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                             const float *alpha, const cf *x, int incx, cf *A, int lda) {
  return syrT<cf, float, false, true>(handle, uplo, n, alpha, x, incx, nullptr, 0, A, lda, false);
}
cublasStatus_t cublasZher_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                             const double *alpha, const cd *x, int incx, cd *A, int lda) {
  return syrT<cd, double, false, true>(handle, uplo, n, alpha, x, incx, nullptr, 0, A, lda, false);
}
cublasStatus_t cublasSspr_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                             const float *alpha, const float *x, int incx, float *AP) {
  return syrT<float, float, false, false>(handle, uplo, n, alpha, x, incx, nullptr, 0, AP, 0, true);
}
cublasStatus_t cublasDspr_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                             const double *alpha, const double *x, int incx, double *AP) {
  return syrT<double, double, false, false>(handle, uplo, n, alpha, x, incx, nullptr, 0, AP, 0,
                                            true);
}
cublasStatus_t cublasChpr_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                             const float *alpha, const cf *x, int incx, cf *AP) {
  return syrT<cf, float, false, true>(handle, uplo, n, alpha, x, incx, nullptr, 0, AP, 0, true);
}
cublasStatus_t cublasZhpr_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                             const double *alpha, const cd *x, int incx, cd *AP) {
  return syrT<cd, double, false, true>(handle, uplo, n, alpha, x, incx, nullptr, 0, AP, 0, true);
}
cublasStatus_t cublasSsyr2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                              const float *alpha, const float *x, int incx, const float *y,
                              int incy, float *A, int lda) {
  return syrT<float, float, true, false>(handle, uplo, n, alpha, x, incx, y, incy, A, lda, false);
}
cublasStatus_t cublasDsyr2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                              const double *alpha, const double *x, int incx, const double *y,
                              int incy, double *A, int lda) {
  return syrT<double, double, true, false>(handle, uplo, n, alpha, x, incx, y, incy, A, lda, false);
}
cublasStatus_t cublasCsyr2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cf *alpha,
                              const cf *x, int incx, const cf *y, int incy, cf *A, int lda) {
  return syrT<cf, cf, true, false>(handle, uplo, n, alpha, x, incx, y, incy, A, lda, false);
}
cublasStatus_t cublasZsyr2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cd *alpha,
                              const cd *x, int incx, const cd *y, int incy, cd *A, int lda) {
  return syrT<cd, cd, true, false>(handle, uplo, n, alpha, x, incx, y, incy, A, lda, false);
}
cublasStatus_t cublasCher2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cf *alpha,
                              const cf *x, int incx, const cf *y, int incy, cf *A, int lda) {
  return syrT<cf, cf, true, true>(handle, uplo, n, alpha, x, incx, y, incy, A, lda, false);
}
cublasStatus_t cublasZher2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cd *alpha,
                              const cd *x, int incx, const cd *y, int incy, cd *A, int lda) {
  return syrT<cd, cd, true, true>(handle, uplo, n, alpha, x, incx, y, incy, A, lda, false);
}
cublasStatus_t cublasSspr2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                              const float *alpha, const float *x, int incx, const float *y,
                              int incy, float *AP) {
  return syrT<float, float, true, false>(handle, uplo, n, alpha, x, incx, y, incy, AP, 0, true);
}
cublasStatus_t cublasDspr2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                              const double *alpha, const double *x, int incx, const double *y,
                              int incy, double *AP) {
  return syrT<double, double, true, false>(handle, uplo, n, alpha, x, incx, y, incy, AP, 0, true);
}
cublasStatus_t cublasChpr2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cf *alpha,
                              const cf *x, int incx, const cf *y, int incy, cf *AP) {
  return syrT<cf, cf, true, true>(handle, uplo, n, alpha, x, incx, y, incy, AP, 0, true);
}
cublasStatus_t cublasZhpr2_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cd *alpha,
                              const cd *x, int incx, const cd *y, int incy, cd *AP) {
  return syrT<cd, cd, true, true>(handle, uplo, n, alpha, x, incx, y, incy, AP, 0, true);
}
cublasStatus_t cublasSsyr2k_v2(cublasHandle_t handle, cublasFillMode_t uplo,
                               cublasOperation_t trans, int n, int k, const float *alpha,
                               const float *A, int lda, const float *B, int ldb, const float *beta,
                               float *C, int ldc) {
  return syr2kT<float, float, false>(handle, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C,
                                     ldc);
}
cublasStatus_t cublasDsyr2k_v2(cublasHandle_t handle, cublasFillMode_t uplo,
                               cublasOperation_t trans, int n, int k, const double *alpha,
                               const double *A, int lda, const double *B, int ldb,
                               const double *beta, double *C, int ldc) {
  return syr2kT<double, double, false>(handle, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C,
                                       ldc);
}
cublasStatus_t cublasCsyr2k_v2(cublasHandle_t handle, cublasFillMode_t uplo,
                               cublasOperation_t trans, int n, int k, const cf *alpha, const cf *A,
                               int lda, const cf *B, int ldb, const cf *beta, cf *C, int ldc) {
  return syr2kT<cf, cf, false>(handle, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
cublasStatus_t cublasZsyr2k_v2(cublasHandle_t handle, cublasFillMode_t uplo,
                               cublasOperation_t trans, int n, int k, const cd *alpha, const cd *A,
                               int lda, const cd *B, int ldb, const cd *beta, cd *C, int ldc) {
  return syr2kT<cd, cd, false>(handle, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
cublasStatus_t cublasCher2k_v2(cublasHandle_t handle, cublasFillMode_t uplo,
                               cublasOperation_t trans, int n, int k, const cf *alpha, const cf *A,
                               int lda, const cf *B, int ldb, const float *beta, cf *C, int ldc) {
  return syr2kT<cf, float, true>(handle, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
cublasStatus_t cublasZher2k_v2(cublasHandle_t handle, cublasFillMode_t uplo,
                               cublasOperation_t trans, int n, int k, const cd *alpha, const cd *A,
                               int lda, const cd *B, int ldb, const double *beta, cd *C, int ldc) {
  return syr2kT<cd, double, true>(handle, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
cublasStatus_t cublasSsyrkx(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                            int n, int k, const float *alpha, const float *A, int lda,
                            const float *B, int ldb, const float *beta, float *C, int ldc) {
  return syrkxT<float, float, false>(handle, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C,
                                     ldc);
}
cublasStatus_t cublasDsyrkx(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                            int n, int k, const double *alpha, const double *A, int lda,
                            const double *B, int ldb, const double *beta, double *C, int ldc) {
  return syrkxT<double, double, false>(handle, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C,
                                       ldc);
}
cublasStatus_t cublasCsyrkx(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                            int n, int k, const cf *alpha, const cf *A, int lda, const cf *B,
                            int ldb, const cf *beta, cf *C, int ldc) {
  return syrkxT<cf, cf, false>(handle, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
cublasStatus_t cublasZsyrkx(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                            int n, int k, const cd *alpha, const cd *A, int lda, const cd *B,
                            int ldb, const cd *beta, cd *C, int ldc) {
  return syrkxT<cd, cd, false>(handle, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
cublasStatus_t cublasCherkx(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                            int n, int k, const cf *alpha, const cf *A, int lda, const cf *B,
                            int ldb, const float *beta, cf *C, int ldc) {
  return syrkxT<cf, float, true>(handle, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
cublasStatus_t cublasZherkx(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                            int n, int k, const cd *alpha, const cd *A, int lda, const cd *B,
                            int ldb, const double *beta, cd *C, int ldc) {
  return syrkxT<cd, double, true>(handle, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
cublasStatus_t cublasStrsmBatched(cublasHandle_t handle, cublasSideMode_t side,
                                  cublasFillMode_t uplo, cublasOperation_t trans,
                                  cublasDiagType_t diag, int m, int n, const float *alpha,
                                  const float *const A[], int lda, float *const B[], int ldb,
                                  int batchCount) {
  return trsmBatchedT(handle, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, batchCount);
}
cublasStatus_t cublasDtrsmBatched(cublasHandle_t handle, cublasSideMode_t side,
                                  cublasFillMode_t uplo, cublasOperation_t trans,
                                  cublasDiagType_t diag, int m, int n, const double *alpha,
                                  const double *const A[], int lda, double *const B[], int ldb,
                                  int batchCount) {
  return trsmBatchedT(handle, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, batchCount);
}
cublasStatus_t cublasCtrsmBatched(cublasHandle_t handle, cublasSideMode_t side,
                                  cublasFillMode_t uplo, cublasOperation_t trans,
                                  cublasDiagType_t diag, int m, int n, const cf *alpha,
                                  const cf *const A[], int lda, cf *const B[], int ldb,
                                  int batchCount) {
  return trsmBatchedT(handle, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, batchCount);
}
cublasStatus_t cublasZtrsmBatched(cublasHandle_t handle, cublasSideMode_t side,
                                  cublasFillMode_t uplo, cublasOperation_t trans,
                                  cublasDiagType_t diag, int m, int n, const cd *alpha,
                                  const cd *const A[], int lda, cd *const B[], int ldb,
                                  int batchCount) {
  return trsmBatchedT(handle, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, batchCount);
}
cublasStatus_t cublasSgeqrfBatched(cublasHandle_t handle, int m, int n, float *const Aarray[],
                                   int lda, float *const TauArray[], int *info, int batchSize) {
  return geqrfBatchedT(handle, m, n, Aarray, lda, TauArray, info, batchSize);
}
cublasStatus_t cublasSgelsBatched(cublasHandle_t handle, cublasOperation_t trans, int m, int n,
                                  int nrhs, float *const Aarray[], int lda, float *const Carray[],
                                  int ldc, int *info, int *devInfoArray, int batchSize) {
  return gelsBatchedT(handle, trans, m, n, nrhs, Aarray, lda, Carray, ldc, info, devInfoArray,
                      batchSize);
}
cublasStatus_t cublasDgeqrfBatched(cublasHandle_t handle, int m, int n, double *const Aarray[],
                                   int lda, double *const TauArray[], int *info, int batchSize) {
  return geqrfBatchedT(handle, m, n, Aarray, lda, TauArray, info, batchSize);
}
cublasStatus_t cublasDgelsBatched(cublasHandle_t handle, cublasOperation_t trans, int m, int n,
                                  int nrhs, double *const Aarray[], int lda, double *const Carray[],
                                  int ldc, int *info, int *devInfoArray, int batchSize) {
  return gelsBatchedT(handle, trans, m, n, nrhs, Aarray, lda, Carray, ldc, info, devInfoArray,
                      batchSize);
}
cublasStatus_t cublasCgeqrfBatched(cublasHandle_t handle, int m, int n, cf *const Aarray[], int lda,
                                   cf *const TauArray[], int *info, int batchSize) {
  return geqrfBatchedT(handle, m, n, Aarray, lda, TauArray, info, batchSize);
}
cublasStatus_t cublasCgelsBatched(cublasHandle_t handle, cublasOperation_t trans, int m, int n,
                                  int nrhs, cf *const Aarray[], int lda, cf *const Carray[],
                                  int ldc, int *info, int *devInfoArray, int batchSize) {
  return gelsBatchedT(handle, trans, m, n, nrhs, Aarray, lda, Carray, ldc, info, devInfoArray,
                      batchSize);
}
cublasStatus_t cublasZgeqrfBatched(cublasHandle_t handle, int m, int n, cd *const Aarray[], int lda,
                                   cd *const TauArray[], int *info, int batchSize) {
  return geqrfBatchedT(handle, m, n, Aarray, lda, TauArray, info, batchSize);
}
cublasStatus_t cublasZgelsBatched(cublasHandle_t handle, cublasOperation_t trans, int m, int n,
                                  int nrhs, cd *const Aarray[], int lda, cd *const Carray[],
                                  int ldc, int *info, int *devInfoArray, int batchSize) {
  return gelsBatchedT(handle, trans, m, n, nrhs, Aarray, lda, Carray, ldc, info, devInfoArray,
                      batchSize);
}

// ---- dgmm, tpttr/trttp, gemvBatched/gemvStridedBatched, gemm3m ----

cublasStatus_t cublasSdgmm(cublasHandle_t handle, cublasSideMode_t mode, int m, int n,
                           const float *A, int lda, const float *x, int incx, float *C, int ldc) {
  return dgmmT(handle, mode, m, n, A, lda, x, incx, C, ldc);
}
cublasStatus_t cublasDdgmm(cublasHandle_t handle, cublasSideMode_t mode, int m, int n,
                           const double *A, int lda, const double *x, int incx, double *C,
                           int ldc) {
  return dgmmT(handle, mode, m, n, A, lda, x, incx, C, ldc);
}
cublasStatus_t cublasCdgmm(cublasHandle_t handle, cublasSideMode_t mode, int m, int n, const cf *A,
                           int lda, const cf *x, int incx, cf *C, int ldc) {
  return dgmmT(handle, mode, m, n, A, lda, x, incx, C, ldc);
}
cublasStatus_t cublasZdgmm(cublasHandle_t handle, cublasSideMode_t mode, int m, int n, const cd *A,
                           int lda, const cd *x, int incx, cd *C, int ldc) {
  return dgmmT(handle, mode, m, n, A, lda, x, incx, C, ldc);
}
cublasStatus_t cublasStpttr(cublasHandle_t handle, cublasFillMode_t uplo, int n, const float *AP,
                            float *A, int lda) {
  return packT<float, true>(handle, uplo, n, AP, lda, A);
}
cublasStatus_t cublasStrttp(cublasHandle_t handle, cublasFillMode_t uplo, int n, const float *A,
                            int lda, float *AP) {
  return packT<float, false>(handle, uplo, n, A, lda, AP);
}
cublasStatus_t cublasDtpttr(cublasHandle_t handle, cublasFillMode_t uplo, int n, const double *AP,
                            double *A, int lda) {
  return packT<double, true>(handle, uplo, n, AP, lda, A);
}
cublasStatus_t cublasDtrttp(cublasHandle_t handle, cublasFillMode_t uplo, int n, const double *A,
                            int lda, double *AP) {
  return packT<double, false>(handle, uplo, n, A, lda, AP);
}
cublasStatus_t cublasCtpttr(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cf *AP,
                            cf *A, int lda) {
  return packT<cf, true>(handle, uplo, n, AP, lda, A);
}
cublasStatus_t cublasCtrttp(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cf *A,
                            int lda, cf *AP) {
  return packT<cf, false>(handle, uplo, n, A, lda, AP);
}
cublasStatus_t cublasZtpttr(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cd *AP,
                            cd *A, int lda) {
  return packT<cd, true>(handle, uplo, n, AP, lda, A);
}
cublasStatus_t cublasZtrttp(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cd *A,
                            int lda, cd *AP) {
  return packT<cd, false>(handle, uplo, n, A, lda, AP);
}
cublasStatus_t cublasSgemvBatched(cublasHandle_t handle, cublasOperation_t trans, int m, int n,
                                  const float *alpha, const float *const Aarray[], int lda,
                                  const float *const xarray[], int incx, const float *beta,
                                  float *const yarray[], int incy, int batchCount) {
  return gemvBatchedT(handle, trans, m, n, alpha, Aarray, lda, 0, xarray, incx, 0, beta, yarray,
                      incy, 0, batchCount);
}
cublasStatus_t cublasSgemvStridedBatched(cublasHandle_t handle, cublasOperation_t trans, int m,
                                         int n, const float *alpha, const float *A, int lda,
                                         long long int strideA, const float *x, int incx,
                                         long long int stridex, const float *beta, float *y,
                                         int incy, long long int stridey, int batchCount) {
  return gemvBatchedT(handle, trans, m, n, alpha, A, lda, strideA, x, incx, stridex, beta, y, incy,
                      stridey, batchCount);
}
cublasStatus_t cublasDgemvBatched(cublasHandle_t handle, cublasOperation_t trans, int m, int n,
                                  const double *alpha, const double *const Aarray[], int lda,
                                  const double *const xarray[], int incx, const double *beta,
                                  double *const yarray[], int incy, int batchCount) {
  return gemvBatchedT(handle, trans, m, n, alpha, Aarray, lda, 0, xarray, incx, 0, beta, yarray,
                      incy, 0, batchCount);
}
cublasStatus_t cublasDgemvStridedBatched(cublasHandle_t handle, cublasOperation_t trans, int m,
                                         int n, const double *alpha, const double *A, int lda,
                                         long long int strideA, const double *x, int incx,
                                         long long int stridex, const double *beta, double *y,
                                         int incy, long long int stridey, int batchCount) {
  return gemvBatchedT(handle, trans, m, n, alpha, A, lda, strideA, x, incx, stridex, beta, y, incy,
                      stridey, batchCount);
}
cublasStatus_t cublasCgemvBatched(cublasHandle_t handle, cublasOperation_t trans, int m, int n,
                                  const cf *alpha, const cf *const Aarray[], int lda,
                                  const cf *const xarray[], int incx, const cf *beta,
                                  cf *const yarray[], int incy, int batchCount) {
  return gemvBatchedT(handle, trans, m, n, alpha, Aarray, lda, 0, xarray, incx, 0, beta, yarray,
                      incy, 0, batchCount);
}
cublasStatus_t cublasCgemvStridedBatched(cublasHandle_t handle, cublasOperation_t trans, int m,
                                         int n, const cf *alpha, const cf *A, int lda,
                                         long long int strideA, const cf *x, int incx,
                                         long long int stridex, const cf *beta, cf *y, int incy,
                                         long long int stridey, int batchCount) {
  return gemvBatchedT(handle, trans, m, n, alpha, A, lda, strideA, x, incx, stridex, beta, y, incy,
                      stridey, batchCount);
}
cublasStatus_t cublasZgemvBatched(cublasHandle_t handle, cublasOperation_t trans, int m, int n,
                                  const cd *alpha, const cd *const Aarray[], int lda,
                                  const cd *const xarray[], int incx, const cd *beta,
                                  cd *const yarray[], int incy, int batchCount) {
  return gemvBatchedT(handle, trans, m, n, alpha, Aarray, lda, 0, xarray, incx, 0, beta, yarray,
                      incy, 0, batchCount);
}
cublasStatus_t cublasZgemvStridedBatched(cublasHandle_t handle, cublasOperation_t trans, int m,
                                         int n, const cd *alpha, const cd *A, int lda,
                                         long long int strideA, const cd *x, int incx,
                                         long long int stridex, const cd *beta, cd *y, int incy,
                                         long long int stridey, int batchCount) {
  return gemvBatchedT(handle, trans, m, n, alpha, A, lda, strideA, x, incx, stridex, beta, y, incy,
                      stridey, batchCount);
}
cublasStatus_t cublasCgemm3m(cublasHandle_t handle, cublasOperation_t transa,
                             cublasOperation_t transb, int m, int n, int k, const cf *alpha,
                             const cf *A, int lda, const cf *B, int ldb, const cf *beta, cf *C,
                             int ldc) {
  return gemmT(handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}
cublasStatus_t cublasZgemm3m(cublasHandle_t handle, cublasOperation_t transa,
                             cublasOperation_t transb, int m, int n, int k, const cd *alpha,
                             const cd *A, int lda, const cd *B, int ldb, const cd *beta, cd *C,
                             int ldc) {
  return gemmT(handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
}

} // extern "C"

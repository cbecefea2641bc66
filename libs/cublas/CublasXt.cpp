// CublasXt.cpp - cuBLASXt (cublasXt.h) in libcublas: the host-interface
// level-3 API on OpenBLAS.
// SPDX-License-Identifier: Apache-2.0
//
// cuBLASXt tiles level-3 work over the GPUs a program selects and streams
// host matrices through them. In Loom all memory is host memory and the
// CPU is every device, so a routine is one OpenBLAS call on the caller's
// matrices: gemm, symm, hemm, syrk, herk, trsm and trmm go through the
// cuBLAS v2 entry points (their argument checks and status codes) on a
// handle the Xt handle owns, then wait for it; syr2k, her2k, syrkx, herkx
// and spmm are written here on CBLAS. Every routine returns when its result
// is in place, as cuBLASXt's do. Block size, pinning mode, CPU routine and
// CPU ratio are validated and kept (OpenBLAS on the CPU does all the work
// whatever they say). See docs/libraries.md.
#include "cublasXt.h"
#include "cuda_runtime_api.h"

#include <cblas.h>

#include <climits>
#include <type_traits>
#include <vector>

struct cublasXtContext {
  cublasHandle_t Blas = nullptr;
  std::vector<int> Devices; ///< empty until cublasXtDeviceSelect
  int BlockDim = 1024;
  cublasXtPinnedMemMode_t Pinning = CUBLASXT_PINNING_DISABLED;
  void *CpuRoutine[CUBLASXT_ROUTINE_MAX][4] = {};
  float CpuRatio[CUBLASXT_ROUTINE_MAX][4] = {};
};

namespace {

using cf = cuComplex;
using cd = cuDoubleComplex;

/// A handle ready for work: created and given its devices.
cublasStatus_t ready(cublasXtHandle_t H) {
  if (!H || !H->Blas)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (H->Devices.empty())
    return CUBLAS_STATUS_NOT_INITIALIZED;
  return CUBLAS_STATUS_SUCCESS;
}

bool fitsInt(size_t V) { return V <= (size_t)INT_MAX; }
template <class... S> bool fitsInt(size_t V, S... Rest) { return fitsInt(V) && fitsInt(Rest...); }

/// Waits for the v2 call just made: cuBLASXt routines block.
cublasStatus_t finish(cublasXtHandle_t H, cublasStatus_t S) {
  if (S != CUBLAS_STATUS_SUCCESS)
    return S;
  cudaStream_t Stream = nullptr;
  cublasGetStream(H->Blas, &Stream);
  return cudaStreamSynchronize(Stream) == cudaSuccess ? CUBLAS_STATUS_SUCCESS
                                                      : CUBLAS_STATUS_EXECUTION_FAILED;
}

constexpr CBLAS_ORDER Col = CblasColMajor;
CBLAS_UPLO up(cublasFillMode_t U) { return U == CUBLAS_FILL_MODE_LOWER ? CblasLower : CblasUpper; }
bool validUplo(cublasFillMode_t U) {
  return U == CUBLAS_FILL_MODE_LOWER || U == CUBLAS_FILL_MODE_UPPER;
}
bool validSide(cublasSideMode_t S) { return S == CUBLAS_SIDE_LEFT || S == CUBLAS_SIDE_RIGHT; }
size_t max1(size_t V) { return V ? V : 1; }

template <class T> struct Traits;
template <> struct Traits<float> {
  static constexpr bool Complex = false;
  static float mul(float A, float B) { return A * B; }
  static float add(float A, float B) { return A + B; }
  static float conj(float A) { return A; }
  static float zero() { return 0; }
};
template <> struct Traits<double> {
  static constexpr bool Complex = false;
  static double mul(double A, double B) { return A * B; }
  static double add(double A, double B) { return A + B; }
  static double conj(double A) { return A; }
  static double zero() { return 0; }
};
template <> struct Traits<cf> {
  static constexpr bool Complex = true;
  static cf mul(cf A, cf B) { return cuCmulf(A, B); }
  static cf add(cf A, cf B) { return cuCaddf(A, B); }
  static cf conj(cf A) { return cuConjf(A); }
  static cf zero() { return cf{0, 0}; }
};
template <> struct Traits<cd> {
  static constexpr bool Complex = true;
  static cd mul(cd A, cd B) { return cuCmul(A, B); }
  static cd add(cd A, cd B) { return cuCadd(A, B); }
  static cd conj(cd A) { return cuConj(A); }
  static cd zero() { return cd{0, 0}; }
};

// ---- CBLAS by element type, for the routines written here ----
void syr2k(CBLAS_UPLO U, CBLAS_TRANSPOSE T, int N, int K, float Al, const float *A, int Lda,
           const float *B, int Ldb, float Be, float *C, int Ldc) {
  cblas_ssyr2k(Col, U, T, N, K, Al, A, Lda, B, Ldb, Be, C, Ldc);
}
void syr2k(CBLAS_UPLO U, CBLAS_TRANSPOSE T, int N, int K, double Al, const double *A, int Lda,
           const double *B, int Ldb, double Be, double *C, int Ldc) {
  cblas_dsyr2k(Col, U, T, N, K, Al, A, Lda, B, Ldb, Be, C, Ldc);
}
void syr2k(CBLAS_UPLO U, CBLAS_TRANSPOSE T, int N, int K, cf Al, const cf *A, int Lda, const cf *B,
           int Ldb, cf Be, cf *C, int Ldc) {
  cblas_csyr2k(Col, U, T, N, K, &Al, A, Lda, B, Ldb, &Be, C, Ldc);
}
void syr2k(CBLAS_UPLO U, CBLAS_TRANSPOSE T, int N, int K, cd Al, const cd *A, int Lda, const cd *B,
           int Ldb, cd Be, cd *C, int Ldc) {
  cblas_zsyr2k(Col, U, T, N, K, &Al, A, Lda, B, Ldb, &Be, C, Ldc);
}
void her2k(CBLAS_UPLO U, CBLAS_TRANSPOSE T, int N, int K, cf Al, const cf *A, int Lda, const cf *B,
           int Ldb, float Be, cf *C, int Ldc) {
  cblas_cher2k(Col, U, T, N, K, &Al, A, Lda, B, Ldb, Be, C, Ldc);
}
void her2k(CBLAS_UPLO U, CBLAS_TRANSPOSE T, int N, int K, cd Al, const cd *A, int Lda, const cd *B,
           int Ldb, double Be, cd *C, int Ldc) {
  cblas_zher2k(Col, U, T, N, K, &Al, A, Lda, B, Ldb, Be, C, Ldc);
}
/// Waits for work enqueued before the call (the legacy stream's order), as
/// the v2 path does through its stream.
cublasStatus_t drain() {
  return cudaStreamSynchronize(nullptr) == cudaSuccess ? CUBLAS_STATUS_SUCCESS
                                                       : CUBLAS_STATUS_EXECUTION_FAILED;
}

/// The argument checks of syr2k/her2k and syrkx/herkx (S: beta's type);
/// *Empty when there is nothing to compute.
template <class T, class S>
cublasStatus_t rank2kArgs(cublasXtHandle_t H, bool Herm, cublasFillMode_t Uplo,
                          cublasOperation_t Trans, size_t N, size_t K, const T *Al, const T *A,
                          size_t Lda, const T *B, size_t Ldb, const S *Be, T *C, size_t Ldc,
                          bool *Empty) {
  if (cublasStatus_t St = ready(H))
    return St;
  bool Cx = Traits<T>::Complex;
  bool TransOk = Trans == CUBLAS_OP_N || (Herm ? Trans == CUBLAS_OP_C
                                               : (Trans == CUBLAS_OP_T ||
                                                  (!Cx && Trans == CUBLAS_OP_C)));
  if (!validUplo(Uplo) || !TransOk || !fitsInt(N, K, Lda, Ldb, Ldc) || !Al || !Be)
    return CUBLAS_STATUS_INVALID_VALUE;
  size_t Rows = Trans == CUBLAS_OP_N ? N : K;
  if (Lda < max1(Rows) || Ldb < max1(Rows) || Ldc < max1(N))
    return CUBLAS_STATUS_INVALID_VALUE;
  *Empty = N == 0;
  if (N == 0)
    return CUBLAS_STATUS_SUCCESS;
  if (!C || (K > 0 && (!A || !B)))
    return CUBLAS_STATUS_INVALID_VALUE;
  return CUBLAS_STATUS_SUCCESS;
}

/// syr2k (Herm false) and her2k (Herm true): S is the type of beta.
template <class T, class S>
cublasStatus_t syr2kT(cublasXtHandle_t H, bool Herm, cublasFillMode_t Uplo,
                      cublasOperation_t Trans, size_t N, size_t K, const T *Al, const T *A,
                      size_t Lda, const T *B, size_t Ldb, const S *Be, T *C, size_t Ldc) {
  bool Empty = false;
  if (cublasStatus_t St = rank2kArgs(H, Herm, Uplo, Trans, N, K, Al, A, Lda, B, Ldb, Be, C, Ldc, &Empty))
    return St;
  if (Empty)
    return CUBLAS_STATUS_SUCCESS;
  if (cublasStatus_t St = drain())
    return St;
  CBLAS_TRANSPOSE Tr = Trans == CUBLAS_OP_N ? CblasNoTrans : Herm ? CblasConjTrans : CblasTrans;
  if constexpr (std::is_same<S, T>::value)
    syr2k(up(Uplo), Tr, (int)N, (int)K, *Al, A, (int)Lda, B, (int)Ldb, *Be, C, (int)Ldc);
  else
    her2k(up(Uplo), Tr, (int)N, (int)K, *Al, A, (int)Lda, B, (int)Ldb, *Be, C, (int)Ldc);
  return CUBLAS_STATUS_SUCCESS;
}

/// syrkx / herkx: C = alpha op(A) op(B)^T (^H) + beta C on one triangle,
/// through the v2 gemm \p Gemm into a scratch matrix. S is the type of beta.
template <class T, class S, class GemmFn>
cublasStatus_t syrkxT(cublasXtHandle_t H, GemmFn Gemm, bool Herm, cublasFillMode_t Uplo,
                      cublasOperation_t Trans, size_t N, size_t K, const T *Al, const T *A,
                      size_t Lda, const T *B, size_t Ldb, const S *Be, T *C, size_t Ldc) {
  bool Empty = false;
  if (cublasStatus_t St = rank2kArgs(H, Herm, Uplo, Trans, N, K, Al, A, Lda, B, Ldb, Be, C, Ldc, &Empty))
    return St;
  if (Empty)
    return CUBLAS_STATUS_SUCCESS;
  std::vector<T> P(N * N, Traits<T>::zero());
  cublasOperation_t OpT = Herm ? CUBLAS_OP_C : CUBLAS_OP_T;
  cublasOperation_t Ta = Trans == CUBLAS_OP_N ? CUBLAS_OP_N : OpT;
  cublasOperation_t Tb = Trans == CUBLAS_OP_N ? OpT : CUBLAS_OP_N;
  T ZeroT = Traits<T>::zero();
  if (K > 0) {
    if (cublasStatus_t St = finish(H, Gemm(H->Blas, Ta, Tb, (int)N, (int)N, (int)K, Al, A,
                                           (int)Lda, B, (int)Ldb, &ZeroT, P.data(), (int)N)))
      return St;
  } else if (cublasStatus_t St = drain()) {
    return St;
  }
  T BeT{};
  bool Zero = false;
  if constexpr (std::is_same<S, T>::value) {
    BeT = *Be;
    if constexpr (Traits<T>::Complex)
      Zero = Be->x == 0 && Be->y == 0;
    else
      Zero = *Be == 0;
  } else {
    BeT = T{*Be, 0};
    Zero = *Be == S(0);
  }
  for (size_t J = 0; J < N; ++J) {
    size_t I0 = Uplo == CUBLAS_FILL_MODE_LOWER ? J : 0;
    size_t I1 = Uplo == CUBLAS_FILL_MODE_LOWER ? N : J + 1;
    for (size_t I = I0; I < I1; ++I) {
      T &Cij = C[I + J * Ldc];
      // beta == 0: C is not read (it may hold NaN), as BLAS documents.
      T Old = Zero ? Traits<T>::zero() : Traits<T>::mul(BeT, Cij);
      Cij = Traits<T>::add(P[I + J * N], Old);
      if constexpr (Traits<T>::Complex)
        if (Herm && I == J)
          Cij.y = 0; // a Hermitian matrix's diagonal is real
    }
  }
  return CUBLAS_STATUS_SUCCESS;
}

/// spmm: C = alpha A B + beta C (left) or alpha B A + beta C (right), A
/// symmetric in packed storage: unpacked, then symm through the v2 API.
template <class T, class Symm>
cublasStatus_t spmmT(cublasXtHandle_t H, Symm SymmFn, cublasSideMode_t Side,
                     cublasFillMode_t Uplo, size_t M, size_t N, const T *Al, const T *AP,
                     const T *B, size_t Ldb, const T *Be, T *C, size_t Ldc) {
  if (cublasStatus_t St = ready(H))
    return St;
  if (!validSide(Side) || !validUplo(Uplo) || !fitsInt(M, N, Ldb, Ldc) || !Al || !Be)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (Ldb < max1(M) || Ldc < max1(M))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (M == 0 || N == 0)
    return CUBLAS_STATUS_SUCCESS;
  if (!AP || !B || !C)
    return CUBLAS_STATUS_INVALID_VALUE;
  size_t Ka = Side == CUBLAS_SIDE_LEFT ? M : N;
  std::vector<T> Full(Ka * Ka, Traits<T>::zero());
  if (cublasStatus_t St = drain())
    return St;
  for (size_t J = 0; J < Ka; ++J)
    for (size_t I = 0; I < Ka; ++I) {
      bool Stored = Uplo == CUBLAS_FILL_MODE_UPPER ? I <= J : I >= J;
      if (!Stored)
        continue;
      size_t Idx = Uplo == CUBLAS_FILL_MODE_UPPER ? I + J * (J + 1) / 2
                                                  : I + (2 * Ka - J - 1) * J / 2;
      Full[I + J * Ka] = AP[Idx];
    }
  return finish(H, SymmFn(H->Blas, Side, Uplo, (int)M, (int)N, Al, Full.data(), (int)Ka, B,
                          (int)Ldb, Be, C, (int)Ldc));
}

int opIndex(cublasXtOpType_t T) { return (int)T; }

} // namespace

extern "C" {

cublasStatus_t cublasXtCreate(cublasXtHandle_t *Handle) {
  if (!Handle)
    return CUBLAS_STATUS_INVALID_VALUE;
  auto *H = new cublasXtContext;
  if (cublasStatus_t S = cublasCreate(&H->Blas)) {
    delete H;
    return S;
  }
  *Handle = H;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtDestroy(cublasXtHandle_t H) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  cublasDestroy(H->Blas);
  delete H;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtGetNumBoards(int NbDevices, int DeviceId[], int *NbBoards) {
  if (NbDevices < 1 || !DeviceId || !NbBoards)
    return CUBLAS_STATUS_INVALID_VALUE;
  *NbBoards = NbDevices; // each Loom device is a board of its own
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtMaxBoards(int *NbGpuBoards) {
  if (!NbGpuBoards)
    return CUBLAS_STATUS_INVALID_VALUE;
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess)
    return CUBLAS_STATUS_INTERNAL_ERROR;
  *NbGpuBoards = Count;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtDeviceSelect(cublasXtHandle_t H, int NbDevices, int DeviceId[]) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess)
    return CUBLAS_STATUS_INTERNAL_ERROR;
  if (NbDevices < 1 || !DeviceId)
    return CUBLAS_STATUS_INVALID_VALUE;
  std::vector<int> Ids;
  for (int I = 0; I < NbDevices; ++I) {
    if (DeviceId[I] < 0 || DeviceId[I] >= Count)
      return CUBLAS_STATUS_INVALID_VALUE;
    Ids.push_back(DeviceId[I]);
  }
  H->Devices = std::move(Ids);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtSetBlockDim(cublasXtHandle_t H, int BlockDim) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (BlockDim < 1)
    return CUBLAS_STATUS_INVALID_VALUE;
  H->BlockDim = BlockDim;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtGetBlockDim(cublasXtHandle_t H, int *BlockDim) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!BlockDim)
    return CUBLAS_STATUS_INVALID_VALUE;
  *BlockDim = H->BlockDim;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtGetPinningMemMode(cublasXtHandle_t H, cublasXtPinnedMemMode_t *Mode) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Mode)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Mode = H->Pinning;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtSetPinningMemMode(cublasXtHandle_t H, cublasXtPinnedMemMode_t Mode) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (Mode != CUBLASXT_PINNING_DISABLED && Mode != CUBLASXT_PINNING_ENABLED)
    return CUBLAS_STATUS_INVALID_VALUE;
  H->Pinning = Mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtSetCpuRoutine(cublasXtHandle_t H, cublasXtBlasOp_t Op,
                                     cublasXtOpType_t Type, void *Functor) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if ((int)Op < 0 || Op >= CUBLASXT_ROUTINE_MAX || (int)Type < 0 || (int)Type > 3)
    return CUBLAS_STATUS_INVALID_VALUE;
  H->CpuRoutine[Op][opIndex(Type)] = Functor; // kept: OpenBLAS does all the work
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtSetCpuRatio(cublasXtHandle_t H, cublasXtBlasOp_t Op, cublasXtOpType_t Type,
                                   float Ratio) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if ((int)Op < 0 || Op >= CUBLASXT_ROUTINE_MAX || (int)Type < 0 || (int)Type > 3 ||
      !(Ratio >= 0.0f && Ratio <= 1.0f))
    return CUBLAS_STATUS_INVALID_VALUE;
  H->CpuRatio[Op][opIndex(Type)] = Ratio;
  return CUBLAS_STATUS_SUCCESS;
}

// The routines on the v2 entry points: sizes must fit an int, then the v2
// call checks the rest and the Xt call waits for it. T: element type, R:
// the type of herk's alpha/beta and her2k's/herkx's beta.
#define LOOM_XT_SYMM(XT, V2, T)                                                                  \
  cublasStatus_t XT(cublasXtHandle_t H, cublasSideMode_t Side, cublasFillMode_t Uplo, size_t M,  \
                    size_t N, const T *Al, const T *A, size_t Lda, const T *B, size_t Ldb,       \
                    const T *Be, T *C, size_t Ldc) {                                             \
    if (cublasStatus_t S = ready(H))                                                             \
      return S;                                                                                  \
    if (!fitsInt(M, N, Lda, Ldb, Ldc))                                                           \
      return CUBLAS_STATUS_INVALID_VALUE;                                                        \
    return finish(H, V2(H->Blas, Side, Uplo, (int)M, (int)N, Al, A, (int)Lda, B, (int)Ldb, Be, C, \
                        (int)Ldc));                                                              \
  }
#define LOOM_XT_SYRK(XT, V2, T, R)                                                               \
  cublasStatus_t XT(cublasXtHandle_t H, cublasFillMode_t Uplo, cublasOperation_t Tr, size_t N,   \
                    size_t K, const R *Al, const T *A, size_t Lda, const R *Be, T *C,            \
                    size_t Ldc) {                                                                \
    if (cublasStatus_t S = ready(H))                                                             \
      return S;                                                                                  \
    if (!fitsInt(N, K, Lda, Ldc))                                                                \
      return CUBLAS_STATUS_INVALID_VALUE;                                                        \
    return finish(H, V2(H->Blas, Uplo, Tr, (int)N, (int)K, Al, A, (int)Lda, Be, C, (int)Ldc));   \
  }
/// syr2k/her2k (FN syr2kT) and syrkx/herkx (FN syrkxT with the v2 gemm).
#define LOOM_XT_RANK2K(XT, FN, T, R, HERM, ...)                                                  \
  cublasStatus_t XT(cublasXtHandle_t H, cublasFillMode_t Uplo, cublasOperation_t Tr, size_t N,   \
                    size_t K, const T *Al, const T *A, size_t Lda, const T *B, size_t Ldb,       \
                    const R *Be, T *C, size_t Ldc) {                                             \
    return FN<T, R>(H, __VA_ARGS__ HERM, Uplo, Tr, N, K, Al, A, Lda, B, Ldb, Be, C, Ldc);        \
  }
#define LOOM_XT_DEFINE(L, T, R)                                                                  \
  cublasStatus_t cublasXt##L##gemm(cublasXtHandle_t H, cublasOperation_t Ta,                     \
                                   cublasOperation_t Tb, size_t M, size_t N, size_t K,           \
                                   const T *Al, const T *A, size_t Lda, const T *B, size_t Ldb,  \
                                   const T *Be, T *C, size_t Ldc) {                              \
    if (cublasStatus_t S = ready(H))                                                             \
      return S;                                                                                  \
    if (!fitsInt(M, N, K, Lda, Ldb, Ldc))                                                        \
      return CUBLAS_STATUS_INVALID_VALUE;                                                        \
    return finish(H, cublas##L##gemm_v2(H->Blas, Ta, Tb, (int)M, (int)N, (int)K, Al, A,          \
                                        (int)Lda, B, (int)Ldb, Be, C, (int)Ldc));                \
  }                                                                                              \
  LOOM_XT_SYMM(cublasXt##L##symm, cublas##L##symm_v2, T)                                         \
  LOOM_XT_SYRK(cublasXt##L##syrk, cublas##L##syrk_v2, T, T)                                      \
  LOOM_XT_RANK2K(cublasXt##L##syr2k, syr2kT, T, T, false)                                        \
  LOOM_XT_RANK2K(cublasXt##L##syrkx, syrkxT, T, T, false, cublas##L##gemm_v2, )                  \
  cublasStatus_t cublasXt##L##trsm(cublasXtHandle_t H, cublasSideMode_t Side,                    \
                                   cublasFillMode_t Uplo, cublasOperation_t Tr,                  \
                                   cublasDiagType_t Diag, size_t M, size_t N, const T *Al,       \
                                   const T *A, size_t Lda, T *B, size_t Ldb) {                   \
    if (cublasStatus_t S = ready(H))                                                             \
      return S;                                                                                  \
    if (!fitsInt(M, N, Lda, Ldb))                                                                \
      return CUBLAS_STATUS_INVALID_VALUE;                                                        \
    return finish(H, cublas##L##trsm_v2(H->Blas, Side, Uplo, Tr, Diag, (int)M, (int)N, Al, A,    \
                                        (int)Lda, B, (int)Ldb));                                 \
  }                                                                                              \
  cublasStatus_t cublasXt##L##trmm(cublasXtHandle_t H, cublasSideMode_t Side,                    \
                                   cublasFillMode_t Uplo, cublasOperation_t Tr,                  \
                                   cublasDiagType_t Diag, size_t M, size_t N, const T *Al,       \
                                   const T *A, size_t Lda, const T *B, size_t Ldb, T *C,         \
                                   size_t Ldc) {                                                 \
    if (cublasStatus_t S = ready(H))                                                             \
      return S;                                                                                  \
    if (!fitsInt(M, N, Lda, Ldb, Ldc))                                                           \
      return CUBLAS_STATUS_INVALID_VALUE;                                                        \
    return finish(H, cublas##L##trmm_v2(H->Blas, Side, Uplo, Tr, Diag, (int)M, (int)N, Al, A,    \
                                        (int)Lda, B, (int)Ldb, C, (int)Ldc));                    \
  }                                                                                              \
  cublasStatus_t cublasXt##L##spmm(cublasXtHandle_t H, cublasSideMode_t Side,                    \
                                   cublasFillMode_t Uplo, size_t M, size_t N, const T *Al,       \
                                   const T *AP, const T *B, size_t Ldb, const T *Be, T *C,       \
                                   size_t Ldc) {                                                 \
    return spmmT<T>(H, cublas##L##symm_v2, Side, Uplo, M, N, Al, AP, B, Ldb, Be, C, Ldc);        \
  }
LOOM_XT_DEFINE(S, float, float)
LOOM_XT_DEFINE(D, double, double)
LOOM_XT_DEFINE(C, cf, float)
LOOM_XT_DEFINE(Z, cd, double)

#define LOOM_XT_HDEFINE(L, T, R)                                                                 \
  LOOM_XT_SYMM(cublasXt##L##hemm, cublas##L##hemm_v2, T)                                         \
  LOOM_XT_SYRK(cublasXt##L##herk, cublas##L##herk_v2, T, R)                                      \
  LOOM_XT_RANK2K(cublasXt##L##her2k, syr2kT, T, R, true)                                         \
  LOOM_XT_RANK2K(cublasXt##L##herkx, syrkxT, T, R, true, cublas##L##gemm_v2, )
LOOM_XT_HDEFINE(C, cf, float)
LOOM_XT_HDEFINE(Z, cd, double)
#undef LOOM_XT_HDEFINE
#undef LOOM_XT_DEFINE
#undef LOOM_XT_RANK2K
#undef LOOM_XT_SYRK
#undef LOOM_XT_SYMM

} // extern "C"

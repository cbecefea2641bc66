// CublasLegacy.cpp - cuBLAS's legacy API (cublas.h) on the v2 entry points:
// one process-wide handle made by cublasInit, options as characters, scalars
// by value (host pointer mode), the last status kept for cublasGetError.
// SPDX-License-Identifier: Apache-2.0
#include "cublas_api.h"
#include "cuda_runtime_api.h"

#include <atomic>
#include <mutex>

namespace {

std::mutex LegacyM;
cublasHandle_t LegacyHandle = nullptr;
cudaStream_t KernelStream = nullptr;
std::atomic<int> LastStatus{CUBLAS_STATUS_SUCCESS};

/// The legacy handle (null before cublasInit: the v2 call then reports
/// CUBLAS_STATUS_NOT_INITIALIZED, which cublasGetError returns).
cublasHandle_t legacy() {
  std::lock_guard<std::mutex> Lock(LegacyM);
  return LegacyHandle;
}

void record(cublasStatus_t S) {
  if (S != CUBLAS_STATUS_SUCCESS)
    LastStatus.store(S);
}

// An invalid option character maps to an enum value the v2 call rejects.
cublasOperation_t op(char C) {
  switch (C) {
  case 'N': case 'n': return CUBLAS_OP_N;
  case 'T': case 't': return CUBLAS_OP_T;
  case 'C': case 'c': return CUBLAS_OP_C;
  }
  return (cublasOperation_t)-1;
}
cublasFillMode_t fill(char C) {
  switch (C) {
  case 'U': case 'u': return CUBLAS_FILL_MODE_UPPER;
  case 'L': case 'l': return CUBLAS_FILL_MODE_LOWER;
  }
  return (cublasFillMode_t)-1;
}
cublasDiagType_t unit(char C) {
  switch (C) {
  case 'U': case 'u': return CUBLAS_DIAG_UNIT;
  case 'N': case 'n': return CUBLAS_DIAG_NON_UNIT;
  }
  return (cublasDiagType_t)-1;
}
cublasSideMode_t sideOf(char C) {
  switch (C) {
  case 'L': case 'l': return CUBLAS_SIDE_LEFT;
  case 'R': case 'r': return CUBLAS_SIDE_RIGHT;
  }
  return (cublasSideMode_t)-1;
}

} // namespace

extern "C" {

cublasStatus_t cublasInit(void) {
  std::lock_guard<std::mutex> Lock(LegacyM);
  if (LegacyHandle)
    return CUBLAS_STATUS_SUCCESS;
  cublasStatus_t S = cublasCreate_v2(&LegacyHandle);
  if (S == CUBLAS_STATUS_SUCCESS)
    cublasSetStream_v2(LegacyHandle, KernelStream);
  return S;
}

cublasStatus_t cublasShutdown(void) {
  std::lock_guard<std::mutex> Lock(LegacyM);
  if (!LegacyHandle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  cublasStatus_t S = cublasDestroy_v2(LegacyHandle);
  LegacyHandle = nullptr;
  return S;
}

cublasStatus_t cublasGetError(void) {
  return (cublasStatus_t)LastStatus.exchange(CUBLAS_STATUS_SUCCESS);
}

cublasStatus_t cublasGetVersion(int *Version) { return cublasGetVersion_v2(nullptr, Version); }

cublasStatus_t cublasAlloc(int N, int ElemSize, void **Ptr) {
  if (!Ptr || N <= 0 || ElemSize <= 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  return cudaMalloc(Ptr, (size_t)N * ElemSize) == cudaSuccess ? CUBLAS_STATUS_SUCCESS
                                                              : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus_t cublasFree(void *Ptr) {
  return cudaFree(Ptr) == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_INTERNAL_ERROR;
}

cublasStatus_t cublasSetKernelStream(cudaStream_t Stream) {
  std::lock_guard<std::mutex> Lock(LegacyM);
  KernelStream = Stream;
  if (LegacyHandle)
    return cublasSetStream_v2(LegacyHandle, Stream);
  return CUBLAS_STATUS_SUCCESS;
}

float cublasSnrm2(int n, const float *x, int incx) {
  float r = 0;
  record(cublasSnrm2_v2(legacy(), n, x, incx, &r));
  return r;
}

float cublasSasum(int n, const float *x, int incx) {
  float r = 0;
  record(cublasSasum_v2(legacy(), n, x, incx, &r));
  return r;
}

float cublasSdot(int n, const float *x, int incx, const float *y, int incy) {
  float r = 0;
  record(cublasSdot_v2(legacy(), n, x, incx, y, incy, &r));
  return r;
}

void cublasSscal(int n, float alpha, float *x, int incx) {
  record(cublasSscal_v2(legacy(), n, &alpha, x, incx));
}

void cublasSaxpy(int n, float alpha, const float *x, int incx, float *y, int incy) {
  record(cublasSaxpy_v2(legacy(), n, &alpha, x, incx, y, incy));
}

void cublasScopy(int n, const float *x, int incx, float *y, int incy) {
  record(cublasScopy_v2(legacy(), n, x, incx, y, incy));
}

void cublasSswap(int n, float *x, int incx, float *y, int incy) {
  record(cublasSswap_v2(legacy(), n, x, incx, y, incy));
}

int cublasIsamax(int n, const float *x, int incx) {
  int r = 0;
  record(cublasIsamax_v2(legacy(), n, x, incx, &r));
  return r;
}

int cublasIsamin(int n, const float *x, int incx) {
  int r = 0;
  record(cublasIsamin_v2(legacy(), n, x, incx, &r));
  return r;
}

void cublasSrot(int n, float *x, int incx, float *y, int incy, float sc, float ss) {
  record(cublasSrot_v2(legacy(), n, x, incx, y, incy, &sc, &ss));
}

void cublasSgemv(char trans, int m, int n, float alpha, const float *A, int lda, const float *x, int incx, float beta, float *y, int incy) {
  record(cublasSgemv_v2(legacy(), op(trans), m, n, &alpha, A, lda, x, incx, &beta, y, incy));
}

void cublasSger(int m, int n, float alpha, const float *x, int incx, const float *y, int incy, float *A, int lda) {
  record(cublasSger_v2(legacy(), m, n, &alpha, x, incx, y, incy, A, lda));
}

void cublasSsymv(char uplo, int n, float alpha, const float *A, int lda, const float *x, int incx, float beta, float *y, int incy) {
  record(cublasSsymv_v2(legacy(), fill(uplo), n, &alpha, A, lda, x, incx, &beta, y, incy));
}

void cublasStrmv(char uplo, char trans, char diag, int n, const float *A, int lda, float *x, int incx) {
  record(cublasStrmv_v2(legacy(), fill(uplo), op(trans), unit(diag), n, A, lda, x, incx));
}

void cublasStrsv(char uplo, char trans, char diag, int n, const float *A, int lda, float *x, int incx) {
  record(cublasStrsv_v2(legacy(), fill(uplo), op(trans), unit(diag), n, A, lda, x, incx));
}

void cublasSgemm(char transa, char transb, int m, int n, int k, float alpha, const float *A, int lda, const float *B, int ldb, float beta, float *C, int ldc) {
  record(cublasSgemm_v2(legacy(), op(transa), op(transb), m, n, k, &alpha, A, lda, B, ldb, &beta, C, ldc));
}

void cublasSsymm(char side, char uplo, int m, int n, float alpha, const float *A, int lda, const float *B, int ldb, float beta, float *C, int ldc) {
  record(cublasSsymm_v2(legacy(), sideOf(side), fill(uplo), m, n, &alpha, A, lda, B, ldb, &beta, C, ldc));
}

void cublasSsyrk(char uplo, char trans, int n, int k, float alpha, const float *A, int lda, float beta, float *C, int ldc) {
  record(cublasSsyrk_v2(legacy(), fill(uplo), op(trans), n, k, &alpha, A, lda, &beta, C, ldc));
}

void cublasStrmm(char side, char uplo, char transa, char diag, int m, int n, float alpha, const float *A, int lda, float *B, int ldb) {
  record(cublasStrmm_v2(legacy(), sideOf(side), fill(uplo), op(transa), unit(diag), m, n, &alpha, A, lda, B, ldb, B, ldb));
}

void cublasStrsm(char side, char uplo, char transa, char diag, int m, int n, float alpha, const float *A, int lda, float *B, int ldb) {
  record(cublasStrsm_v2(legacy(), sideOf(side), fill(uplo), op(transa), unit(diag), m, n, &alpha, A, lda, B, ldb));
}

double cublasDnrm2(int n, const double *x, int incx) {
  double r = 0;
  record(cublasDnrm2_v2(legacy(), n, x, incx, &r));
  return r;
}

double cublasDasum(int n, const double *x, int incx) {
  double r = 0;
  record(cublasDasum_v2(legacy(), n, x, incx, &r));
  return r;
}

double cublasDdot(int n, const double *x, int incx, const double *y, int incy) {
  double r = 0;
  record(cublasDdot_v2(legacy(), n, x, incx, y, incy, &r));
  return r;
}

void cublasDscal(int n, double alpha, double *x, int incx) {
  record(cublasDscal_v2(legacy(), n, &alpha, x, incx));
}

void cublasDaxpy(int n, double alpha, const double *x, int incx, double *y, int incy) {
  record(cublasDaxpy_v2(legacy(), n, &alpha, x, incx, y, incy));
}

void cublasDcopy(int n, const double *x, int incx, double *y, int incy) {
  record(cublasDcopy_v2(legacy(), n, x, incx, y, incy));
}

void cublasDswap(int n, double *x, int incx, double *y, int incy) {
  record(cublasDswap_v2(legacy(), n, x, incx, y, incy));
}

int cublasIdamax(int n, const double *x, int incx) {
  int r = 0;
  record(cublasIdamax_v2(legacy(), n, x, incx, &r));
  return r;
}

int cublasIdamin(int n, const double *x, int incx) {
  int r = 0;
  record(cublasIdamin_v2(legacy(), n, x, incx, &r));
  return r;
}

void cublasDrot(int n, double *x, int incx, double *y, int incy, double sc, double ss) {
  record(cublasDrot_v2(legacy(), n, x, incx, y, incy, &sc, &ss));
}

void cublasDgemv(char trans, int m, int n, double alpha, const double *A, int lda, const double *x, int incx, double beta, double *y, int incy) {
  record(cublasDgemv_v2(legacy(), op(trans), m, n, &alpha, A, lda, x, incx, &beta, y, incy));
}

void cublasDger(int m, int n, double alpha, const double *x, int incx, const double *y, int incy, double *A, int lda) {
  record(cublasDger_v2(legacy(), m, n, &alpha, x, incx, y, incy, A, lda));
}

void cublasDsymv(char uplo, int n, double alpha, const double *A, int lda, const double *x, int incx, double beta, double *y, int incy) {
  record(cublasDsymv_v2(legacy(), fill(uplo), n, &alpha, A, lda, x, incx, &beta, y, incy));
}

void cublasDtrmv(char uplo, char trans, char diag, int n, const double *A, int lda, double *x, int incx) {
  record(cublasDtrmv_v2(legacy(), fill(uplo), op(trans), unit(diag), n, A, lda, x, incx));
}

void cublasDtrsv(char uplo, char trans, char diag, int n, const double *A, int lda, double *x, int incx) {
  record(cublasDtrsv_v2(legacy(), fill(uplo), op(trans), unit(diag), n, A, lda, x, incx));
}

void cublasDgemm(char transa, char transb, int m, int n, int k, double alpha, const double *A, int lda, const double *B, int ldb, double beta, double *C, int ldc) {
  record(cublasDgemm_v2(legacy(), op(transa), op(transb), m, n, k, &alpha, A, lda, B, ldb, &beta, C, ldc));
}

void cublasDsymm(char side, char uplo, int m, int n, double alpha, const double *A, int lda, const double *B, int ldb, double beta, double *C, int ldc) {
  record(cublasDsymm_v2(legacy(), sideOf(side), fill(uplo), m, n, &alpha, A, lda, B, ldb, &beta, C, ldc));
}

void cublasDsyrk(char uplo, char trans, int n, int k, double alpha, const double *A, int lda, double beta, double *C, int ldc) {
  record(cublasDsyrk_v2(legacy(), fill(uplo), op(trans), n, k, &alpha, A, lda, &beta, C, ldc));
}

void cublasDtrmm(char side, char uplo, char transa, char diag, int m, int n, double alpha, const double *A, int lda, double *B, int ldb) {
  record(cublasDtrmm_v2(legacy(), sideOf(side), fill(uplo), op(transa), unit(diag), m, n, &alpha, A, lda, B, ldb, B, ldb));
}

void cublasDtrsm(char side, char uplo, char transa, char diag, int m, int n, double alpha, const double *A, int lda, double *B, int ldb) {
  record(cublasDtrsm_v2(legacy(), sideOf(side), fill(uplo), op(transa), unit(diag), m, n, &alpha, A, lda, B, ldb));
}

float cublasScnrm2(int n, const cuComplex *x, int incx) {
  float r = 0;
  record(cublasScnrm2_v2(legacy(), n, x, incx, &r));
  return r;
}

float cublasScasum(int n, const cuComplex *x, int incx) {
  float r = 0;
  record(cublasScasum_v2(legacy(), n, x, incx, &r));
  return r;
}

cuComplex cublasCdotu(int n, const cuComplex *x, int incx, const cuComplex *y, int incy) {
  cuComplex r{};
  record(cublasCdotu_v2(legacy(), n, x, incx, y, incy, &r));
  return r;
}

cuComplex cublasCdotc(int n, const cuComplex *x, int incx, const cuComplex *y, int incy) {
  cuComplex r{};
  record(cublasCdotc_v2(legacy(), n, x, incx, y, incy, &r));
  return r;
}

void cublasCsscal(int n, float alpha, cuComplex *x, int incx) {
  record(cublasCsscal_v2(legacy(), n, &alpha, x, incx));
}

void cublasCscal(int n, cuComplex alpha, cuComplex *x, int incx) {
  record(cublasCscal_v2(legacy(), n, &alpha, x, incx));
}

void cublasCaxpy(int n, cuComplex alpha, const cuComplex *x, int incx, cuComplex *y, int incy) {
  record(cublasCaxpy_v2(legacy(), n, &alpha, x, incx, y, incy));
}

void cublasCcopy(int n, const cuComplex *x, int incx, cuComplex *y, int incy) {
  record(cublasCcopy_v2(legacy(), n, x, incx, y, incy));
}

void cublasCswap(int n, cuComplex *x, int incx, cuComplex *y, int incy) {
  record(cublasCswap_v2(legacy(), n, x, incx, y, incy));
}

int cublasIcamax(int n, const cuComplex *x, int incx) {
  int r = 0;
  record(cublasIcamax_v2(legacy(), n, x, incx, &r));
  return r;
}

int cublasIcamin(int n, const cuComplex *x, int incx) {
  int r = 0;
  record(cublasIcamin_v2(legacy(), n, x, incx, &r));
  return r;
}

void cublasCsrot(int n, cuComplex *x, int incx, cuComplex *y, int incy, float c, float s) {
  record(cublasCsrot_v2(legacy(), n, x, incx, y, incy, &c, &s));
}

void cublasCrot(int n, cuComplex *x, int incx, cuComplex *y, int incy, float c, cuComplex s) {
  record(cublasCrot_v2(legacy(), n, x, incx, y, incy, &c, &s));
}

void cublasCgemv(char trans, int m, int n, cuComplex alpha, const cuComplex *A, int lda, const cuComplex *x, int incx, cuComplex beta, cuComplex *y, int incy) {
  record(cublasCgemv_v2(legacy(), op(trans), m, n, &alpha, A, lda, x, incx, &beta, y, incy));
}

void cublasCgeru(int m, int n, cuComplex alpha, const cuComplex *x, int incx, const cuComplex *y, int incy, cuComplex *A, int lda) {
  record(cublasCgeru_v2(legacy(), m, n, &alpha, x, incx, y, incy, A, lda));
}

void cublasCgerc(int m, int n, cuComplex alpha, const cuComplex *x, int incx, const cuComplex *y, int incy, cuComplex *A, int lda) {
  record(cublasCgerc_v2(legacy(), m, n, &alpha, x, incx, y, incy, A, lda));
}

void cublasChemv(char uplo, int n, cuComplex alpha, const cuComplex *A, int lda, const cuComplex *x, int incx, cuComplex beta, cuComplex *y, int incy) {
  record(cublasChemv_v2(legacy(), fill(uplo), n, &alpha, A, lda, x, incx, &beta, y, incy));
}

void cublasCtrmv(char uplo, char trans, char diag, int n, const cuComplex *A, int lda, cuComplex *x, int incx) {
  record(cublasCtrmv_v2(legacy(), fill(uplo), op(trans), unit(diag), n, A, lda, x, incx));
}

void cublasCtrsv(char uplo, char trans, char diag, int n, const cuComplex *A, int lda, cuComplex *x, int incx) {
  record(cublasCtrsv_v2(legacy(), fill(uplo), op(trans), unit(diag), n, A, lda, x, incx));
}

void cublasCgemm(char transa, char transb, int m, int n, int k, cuComplex alpha, const cuComplex *A, int lda, const cuComplex *B, int ldb, cuComplex beta, cuComplex *C, int ldc) {
  record(cublasCgemm_v2(legacy(), op(transa), op(transb), m, n, k, &alpha, A, lda, B, ldb, &beta, C, ldc));
}

void cublasCsymm(char side, char uplo, int m, int n, cuComplex alpha, const cuComplex *A, int lda, const cuComplex *B, int ldb, cuComplex beta, cuComplex *C, int ldc) {
  record(cublasCsymm_v2(legacy(), sideOf(side), fill(uplo), m, n, &alpha, A, lda, B, ldb, &beta, C, ldc));
}

void cublasCsyrk(char uplo, char trans, int n, int k, cuComplex alpha, const cuComplex *A, int lda, cuComplex beta, cuComplex *C, int ldc) {
  record(cublasCsyrk_v2(legacy(), fill(uplo), op(trans), n, k, &alpha, A, lda, &beta, C, ldc));
}

void cublasCtrmm(char side, char uplo, char transa, char diag, int m, int n, cuComplex alpha, const cuComplex *A, int lda, cuComplex *B, int ldb) {
  record(cublasCtrmm_v2(legacy(), sideOf(side), fill(uplo), op(transa), unit(diag), m, n, &alpha, A, lda, B, ldb, B, ldb));
}

void cublasCtrsm(char side, char uplo, char transa, char diag, int m, int n, cuComplex alpha, const cuComplex *A, int lda, cuComplex *B, int ldb) {
  record(cublasCtrsm_v2(legacy(), sideOf(side), fill(uplo), op(transa), unit(diag), m, n, &alpha, A, lda, B, ldb));
}

double cublasDznrm2(int n, const cuDoubleComplex *x, int incx) {
  double r = 0;
  record(cublasDznrm2_v2(legacy(), n, x, incx, &r));
  return r;
}

double cublasDzasum(int n, const cuDoubleComplex *x, int incx) {
  double r = 0;
  record(cublasDzasum_v2(legacy(), n, x, incx, &r));
  return r;
}

cuDoubleComplex cublasZdotu(int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y, int incy) {
  cuDoubleComplex r{};
  record(cublasZdotu_v2(legacy(), n, x, incx, y, incy, &r));
  return r;
}

cuDoubleComplex cublasZdotc(int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y, int incy) {
  cuDoubleComplex r{};
  record(cublasZdotc_v2(legacy(), n, x, incx, y, incy, &r));
  return r;
}

void cublasZdscal(int n, double alpha, cuDoubleComplex *x, int incx) {
  record(cublasZdscal_v2(legacy(), n, &alpha, x, incx));
}

void cublasZscal(int n, cuDoubleComplex alpha, cuDoubleComplex *x, int incx) {
  record(cublasZscal_v2(legacy(), n, &alpha, x, incx));
}

void cublasZaxpy(int n, cuDoubleComplex alpha, const cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy) {
  record(cublasZaxpy_v2(legacy(), n, &alpha, x, incx, y, incy));
}

void cublasZcopy(int n, const cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy) {
  record(cublasZcopy_v2(legacy(), n, x, incx, y, incy));
}

void cublasZswap(int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy) {
  record(cublasZswap_v2(legacy(), n, x, incx, y, incy));
}

int cublasIzamax(int n, const cuDoubleComplex *x, int incx) {
  int r = 0;
  record(cublasIzamax_v2(legacy(), n, x, incx, &r));
  return r;
}

int cublasIzamin(int n, const cuDoubleComplex *x, int incx) {
  int r = 0;
  record(cublasIzamin_v2(legacy(), n, x, incx, &r));
  return r;
}

void cublasZdrot(int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy, double c, double s) {
  record(cublasZdrot_v2(legacy(), n, x, incx, y, incy, &c, &s));
}

void cublasZrot(int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy, double c, cuDoubleComplex s) {
  record(cublasZrot_v2(legacy(), n, x, incx, y, incy, &c, &s));
}

void cublasZgemv(char trans, int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, const cuDoubleComplex *x, int incx, cuDoubleComplex beta, cuDoubleComplex *y, int incy) {
  record(cublasZgemv_v2(legacy(), op(trans), m, n, &alpha, A, lda, x, incx, &beta, y, incy));
}

void cublasZgeru(int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y, int incy, cuDoubleComplex *A, int lda) {
  record(cublasZgeru_v2(legacy(), m, n, &alpha, x, incx, y, incy, A, lda));
}

void cublasZgerc(int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y, int incy, cuDoubleComplex *A, int lda) {
  record(cublasZgerc_v2(legacy(), m, n, &alpha, x, incx, y, incy, A, lda));
}

void cublasZhemv(char uplo, int n, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, const cuDoubleComplex *x, int incx, cuDoubleComplex beta, cuDoubleComplex *y, int incy) {
  record(cublasZhemv_v2(legacy(), fill(uplo), n, &alpha, A, lda, x, incx, &beta, y, incy));
}

void cublasZtrmv(char uplo, char trans, char diag, int n, const cuDoubleComplex *A, int lda, cuDoubleComplex *x, int incx) {
  record(cublasZtrmv_v2(legacy(), fill(uplo), op(trans), unit(diag), n, A, lda, x, incx));
}

void cublasZtrsv(char uplo, char trans, char diag, int n, const cuDoubleComplex *A, int lda, cuDoubleComplex *x, int incx) {
  record(cublasZtrsv_v2(legacy(), fill(uplo), op(trans), unit(diag), n, A, lda, x, incx));
}

void cublasZgemm(char transa, char transb, int m, int n, int k, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, const cuDoubleComplex *B, int ldb, cuDoubleComplex beta, cuDoubleComplex *C, int ldc) {
  record(cublasZgemm_v2(legacy(), op(transa), op(transb), m, n, k, &alpha, A, lda, B, ldb, &beta, C, ldc));
}

void cublasZsymm(char side, char uplo, int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, const cuDoubleComplex *B, int ldb, cuDoubleComplex beta, cuDoubleComplex *C, int ldc) {
  record(cublasZsymm_v2(legacy(), sideOf(side), fill(uplo), m, n, &alpha, A, lda, B, ldb, &beta, C, ldc));
}

void cublasZsyrk(char uplo, char trans, int n, int k, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, cuDoubleComplex beta, cuDoubleComplex *C, int ldc) {
  record(cublasZsyrk_v2(legacy(), fill(uplo), op(trans), n, k, &alpha, A, lda, &beta, C, ldc));
}

void cublasZtrmm(char side, char uplo, char transa, char diag, int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, cuDoubleComplex *B, int ldb) {
  record(cublasZtrmm_v2(legacy(), sideOf(side), fill(uplo), op(transa), unit(diag), m, n, &alpha, A, lda, B, ldb, B, ldb));
}

void cublasZtrsm(char side, char uplo, char transa, char diag, int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, cuDoubleComplex *B, int ldb) {
  record(cublasZtrsm_v2(legacy(), sideOf(side), fill(uplo), op(transa), unit(diag), m, n, &alpha, A, lda, B, ldb));
}

} // extern "C"

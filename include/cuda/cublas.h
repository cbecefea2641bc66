/* cublas.h - cuBLAS's legacy API (no handle: cublasInit, cublasAlloc, and
 * BLAS functions taking characters for options and scalars by value,
 * errors through cublasGetError), on the same library as the v2 API.
 * SPDX-License-Identifier: Apache-2.0
 *
 * As in the toolkit, a program includes either cublas.h or cublas_v2.h:
 * both define functions named cublasSgemm & co. Calls run in order on the
 * stream of cublasSetKernelStream (default: the legacy stream); functions
 * that return a value wait for it. Covered: the routines libcublas has in
 * the v2 API (levels 1-3 below); not the band, packed, rank-2 or rotm ones.
 */
#ifndef LOOM_CUDA_CUBLAS_H
#define LOOM_CUDA_CUBLAS_H
/* The toolkit header's guard. */
#define CUBLAS_H_

#if defined(CUBLAS_V2_H_)
#error "cublas.h (legacy API) and cublas_v2.h cannot both be included"
#endif

#include "cublas_api.h"

#if defined(__cplusplus)
extern "C" {
#endif

cublasStatus_t cublasInit(void);
cublasStatus_t cublasShutdown(void);
cublasStatus_t cublasGetError(void);
cublasStatus_t cublasGetVersion(int *version);
cublasStatus_t cublasAlloc(int n, int elemSize, void **devicePtr);
cublasStatus_t cublasFree(void *devicePtr);
cublasStatus_t cublasSetKernelStream(cudaStream_t stream);

float cublasSnrm2(int n, const float *x, int incx);
float cublasSasum(int n, const float *x, int incx);
float cublasSdot(int n, const float *x, int incx, const float *y, int incy);
void cublasSscal(int n, float alpha, float *x, int incx);
void cublasSaxpy(int n, float alpha, const float *x, int incx, float *y, int incy);
void cublasScopy(int n, const float *x, int incx, float *y, int incy);
void cublasSswap(int n, float *x, int incx, float *y, int incy);
int cublasIsamax(int n, const float *x, int incx);
int cublasIsamin(int n, const float *x, int incx);
void cublasSrot(int n, float *x, int incx, float *y, int incy, float sc, float ss);
void cublasSgemv(char trans, int m, int n, float alpha, const float *A, int lda, const float *x, int incx, float beta, float *y, int incy);
void cublasSger(int m, int n, float alpha, const float *x, int incx, const float *y, int incy, float *A, int lda);
void cublasSsymv(char uplo, int n, float alpha, const float *A, int lda, const float *x, int incx, float beta, float *y, int incy);
void cublasStrmv(char uplo, char trans, char diag, int n, const float *A, int lda, float *x, int incx);
void cublasStrsv(char uplo, char trans, char diag, int n, const float *A, int lda, float *x, int incx);
void cublasSgemm(char transa, char transb, int m, int n, int k, float alpha, const float *A, int lda, const float *B, int ldb, float beta, float *C, int ldc);
void cublasSsymm(char side, char uplo, int m, int n, float alpha, const float *A, int lda, const float *B, int ldb, float beta, float *C, int ldc);
void cublasSsyrk(char uplo, char trans, int n, int k, float alpha, const float *A, int lda, float beta, float *C, int ldc);
void cublasStrmm(char side, char uplo, char transa, char diag, int m, int n, float alpha, const float *A, int lda, float *B, int ldb);
void cublasStrsm(char side, char uplo, char transa, char diag, int m, int n, float alpha, const float *A, int lda, float *B, int ldb);
double cublasDnrm2(int n, const double *x, int incx);
double cublasDasum(int n, const double *x, int incx);
double cublasDdot(int n, const double *x, int incx, const double *y, int incy);
void cublasDscal(int n, double alpha, double *x, int incx);
void cublasDaxpy(int n, double alpha, const double *x, int incx, double *y, int incy);
void cublasDcopy(int n, const double *x, int incx, double *y, int incy);
void cublasDswap(int n, double *x, int incx, double *y, int incy);
int cublasIdamax(int n, const double *x, int incx);
int cublasIdamin(int n, const double *x, int incx);
void cublasDrot(int n, double *x, int incx, double *y, int incy, double sc, double ss);
void cublasDgemv(char trans, int m, int n, double alpha, const double *A, int lda, const double *x, int incx, double beta, double *y, int incy);
void cublasDger(int m, int n, double alpha, const double *x, int incx, const double *y, int incy, double *A, int lda);
void cublasDsymv(char uplo, int n, double alpha, const double *A, int lda, const double *x, int incx, double beta, double *y, int incy);
void cublasDtrmv(char uplo, char trans, char diag, int n, const double *A, int lda, double *x, int incx);
void cublasDtrsv(char uplo, char trans, char diag, int n, const double *A, int lda, double *x, int incx);
void cublasDgemm(char transa, char transb, int m, int n, int k, double alpha, const double *A, int lda, const double *B, int ldb, double beta, double *C, int ldc);
void cublasDsymm(char side, char uplo, int m, int n, double alpha, const double *A, int lda, const double *B, int ldb, double beta, double *C, int ldc);
void cublasDsyrk(char uplo, char trans, int n, int k, double alpha, const double *A, int lda, double beta, double *C, int ldc);
void cublasDtrmm(char side, char uplo, char transa, char diag, int m, int n, double alpha, const double *A, int lda, double *B, int ldb);
void cublasDtrsm(char side, char uplo, char transa, char diag, int m, int n, double alpha, const double *A, int lda, double *B, int ldb);
float cublasScnrm2(int n, const cuComplex *x, int incx);
float cublasScasum(int n, const cuComplex *x, int incx);
cuComplex cublasCdotu(int n, const cuComplex *x, int incx, const cuComplex *y, int incy);
cuComplex cublasCdotc(int n, const cuComplex *x, int incx, const cuComplex *y, int incy);
void cublasCsscal(int n, float alpha, cuComplex *x, int incx);
void cublasCscal(int n, cuComplex alpha, cuComplex *x, int incx);
void cublasCaxpy(int n, cuComplex alpha, const cuComplex *x, int incx, cuComplex *y, int incy);
void cublasCcopy(int n, const cuComplex *x, int incx, cuComplex *y, int incy);
void cublasCswap(int n, cuComplex *x, int incx, cuComplex *y, int incy);
int cublasIcamax(int n, const cuComplex *x, int incx);
int cublasIcamin(int n, const cuComplex *x, int incx);
void cublasCsrot(int n, cuComplex *x, int incx, cuComplex *y, int incy, float c, float s);
void cublasCrot(int n, cuComplex *x, int incx, cuComplex *y, int incy, float c, cuComplex s);
void cublasCgemv(char trans, int m, int n, cuComplex alpha, const cuComplex *A, int lda, const cuComplex *x, int incx, cuComplex beta, cuComplex *y, int incy);
void cublasCgeru(int m, int n, cuComplex alpha, const cuComplex *x, int incx, const cuComplex *y, int incy, cuComplex *A, int lda);
void cublasCgerc(int m, int n, cuComplex alpha, const cuComplex *x, int incx, const cuComplex *y, int incy, cuComplex *A, int lda);
void cublasChemv(char uplo, int n, cuComplex alpha, const cuComplex *A, int lda, const cuComplex *x, int incx, cuComplex beta, cuComplex *y, int incy);
void cublasCtrmv(char uplo, char trans, char diag, int n, const cuComplex *A, int lda, cuComplex *x, int incx);
void cublasCtrsv(char uplo, char trans, char diag, int n, const cuComplex *A, int lda, cuComplex *x, int incx);
void cublasCgemm(char transa, char transb, int m, int n, int k, cuComplex alpha, const cuComplex *A, int lda, const cuComplex *B, int ldb, cuComplex beta, cuComplex *C, int ldc);
void cublasCsymm(char side, char uplo, int m, int n, cuComplex alpha, const cuComplex *A, int lda, const cuComplex *B, int ldb, cuComplex beta, cuComplex *C, int ldc);
void cublasCsyrk(char uplo, char trans, int n, int k, cuComplex alpha, const cuComplex *A, int lda, cuComplex beta, cuComplex *C, int ldc);
void cublasCtrmm(char side, char uplo, char transa, char diag, int m, int n, cuComplex alpha, const cuComplex *A, int lda, cuComplex *B, int ldb);
void cublasCtrsm(char side, char uplo, char transa, char diag, int m, int n, cuComplex alpha, const cuComplex *A, int lda, cuComplex *B, int ldb);
double cublasDznrm2(int n, const cuDoubleComplex *x, int incx);
double cublasDzasum(int n, const cuDoubleComplex *x, int incx);
cuDoubleComplex cublasZdotu(int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y, int incy);
cuDoubleComplex cublasZdotc(int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y, int incy);
void cublasZdscal(int n, double alpha, cuDoubleComplex *x, int incx);
void cublasZscal(int n, cuDoubleComplex alpha, cuDoubleComplex *x, int incx);
void cublasZaxpy(int n, cuDoubleComplex alpha, const cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy);
void cublasZcopy(int n, const cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy);
void cublasZswap(int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy);
int cublasIzamax(int n, const cuDoubleComplex *x, int incx);
int cublasIzamin(int n, const cuDoubleComplex *x, int incx);
void cublasZdrot(int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy, double c, double s);
void cublasZrot(int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy, double c, cuDoubleComplex s);
void cublasZgemv(char trans, int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, const cuDoubleComplex *x, int incx, cuDoubleComplex beta, cuDoubleComplex *y, int incy);
void cublasZgeru(int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y, int incy, cuDoubleComplex *A, int lda);
void cublasZgerc(int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y, int incy, cuDoubleComplex *A, int lda);
void cublasZhemv(char uplo, int n, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, const cuDoubleComplex *x, int incx, cuDoubleComplex beta, cuDoubleComplex *y, int incy);
void cublasZtrmv(char uplo, char trans, char diag, int n, const cuDoubleComplex *A, int lda, cuDoubleComplex *x, int incx);
void cublasZtrsv(char uplo, char trans, char diag, int n, const cuDoubleComplex *A, int lda, cuDoubleComplex *x, int incx);
void cublasZgemm(char transa, char transb, int m, int n, int k, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, const cuDoubleComplex *B, int ldb, cuDoubleComplex beta, cuDoubleComplex *C, int ldc);
void cublasZsymm(char side, char uplo, int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, const cuDoubleComplex *B, int ldb, cuDoubleComplex beta, cuDoubleComplex *C, int ldc);
void cublasZsyrk(char uplo, char trans, int n, int k, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, cuDoubleComplex beta, cuDoubleComplex *C, int ldc);
void cublasZtrmm(char side, char uplo, char transa, char diag, int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, cuDoubleComplex *B, int ldb);
void cublasZtrsm(char side, char uplo, char transa, char diag, int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda, cuDoubleComplex *B, int ldb);

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* LOOM_CUDA_CUBLAS_H */

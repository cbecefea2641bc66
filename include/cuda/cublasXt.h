/* cublasXt.h - cuBLASXt, cuBLAS's host-interface multi-GPU level-3 API:
 * handles, device selection, tiling and CPU-share settings, and the level-3
 * routines on host (or device) pointers; implemented by Loom's libcublas on
 * OpenBLAS (libs/cublas/CublasXt.cpp, docs/libraries.md).
 * SPDX-License-Identifier: Apache-2.0
 *
 * Every routine blocks until its result is in C (or B), as cuBLASXt's do.
 * Dimensions are size_t as in the toolkit; values above INT_MAX return
 * CUBLAS_STATUS_INVALID_VALUE (OpenBLAS takes int). Enumerator values are
 * NVIDIA's. Valid C and C++.
 */
#ifndef LOOM_CUDA_CUBLASXT_H
#define LOOM_CUDA_CUBLASXT_H
/* The toolkit header's guard. */
#define CUBLAS_XT_H_

#include <stddef.h>

#include "cublas_v2.h"

#if defined(__cplusplus)
extern "C" {
#endif

struct cublasXtContext;
typedef struct cublasXtContext *cublasXtHandle_t;

typedef enum { CUBLASXT_PINNING_DISABLED = 0, CUBLASXT_PINNING_ENABLED = 1 } cublasXtPinnedMemMode_t;

typedef enum {
  CUBLASXT_FLOAT = 0,
  CUBLASXT_DOUBLE = 1,
  CUBLASXT_COMPLEX = 2,
  CUBLASXT_DOUBLECOMPLEX = 3
} cublasXtOpType_t;

typedef enum {
  CUBLASXT_GEMM = 0,
  CUBLASXT_SYRK = 1,
  CUBLASXT_HERK = 2,
  CUBLASXT_SYMM = 3,
  CUBLASXT_HEMM = 4,
  CUBLASXT_TRSM = 5,
  CUBLASXT_SYR2K = 6,
  CUBLASXT_HER2K = 7,
  CUBLASXT_SPMM = 8,
  CUBLASXT_SYRKX = 9,
  CUBLASXT_HERKX = 10,
  CUBLASXT_TRMM = 11,
  CUBLASXT_ROUTINE_MAX = 12
} cublasXtBlasOp_t;

cublasStatus_t cublasXtCreate(cublasXtHandle_t *handle);
cublasStatus_t cublasXtDestroy(cublasXtHandle_t handle);
cublasStatus_t cublasXtGetNumBoards(int nbDevices, int deviceId[], int *nbBoards);
cublasStatus_t cublasXtMaxBoards(int *nbGpuBoards);
cublasStatus_t cublasXtDeviceSelect(cublasXtHandle_t handle, int nbDevices, int deviceId[]);
cublasStatus_t cublasXtSetBlockDim(cublasXtHandle_t handle, int blockDim);
cublasStatus_t cublasXtGetBlockDim(cublasXtHandle_t handle, int *blockDim);
cublasStatus_t cublasXtGetPinningMemMode(cublasXtHandle_t handle, cublasXtPinnedMemMode_t *mode);
cublasStatus_t cublasXtSetPinningMemMode(cublasXtHandle_t handle, cublasXtPinnedMemMode_t mode);
cublasStatus_t cublasXtSetCpuRoutine(cublasXtHandle_t handle, cublasXtBlasOp_t blasOp, cublasXtOpType_t type, void *blasFunctor);
cublasStatus_t cublasXtSetCpuRatio(cublasXtHandle_t handle, cublasXtBlasOp_t blasOp, cublasXtOpType_t type, float ratio);

#define LOOM_CUBLASXT_4(MACRO) \
  MACRO(S, float, float)       \
  MACRO(D, double, double)     \
  MACRO(C, cuComplex, float)   \
  MACRO(Z, cuDoubleComplex, double)

#define LOOM_CUBLASXT_DECL(L, T, R)                                                                                                                                                                                            \
  cublasStatus_t cublasXt##L##gemm(cublasXtHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, size_t m, size_t n, size_t k, const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, const T *beta, T *C, size_t ldc); \
  cublasStatus_t cublasXt##L##symm(cublasXtHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, size_t m, size_t n, const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, const T *beta, T *C, size_t ldc);          \
  cublasStatus_t cublasXt##L##syrk(cublasXtHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, size_t n, size_t k, const T *alpha, const T *A, size_t lda, const T *beta, T *C, size_t ldc);                              \
  cublasStatus_t cublasXt##L##syr2k(cublasXtHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, size_t n, size_t k, const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, const T *beta, T *C, size_t ldc);     \
  cublasStatus_t cublasXt##L##syrkx(cublasXtHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, size_t n, size_t k, const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, const T *beta, T *C, size_t ldc);     \
  cublasStatus_t cublasXt##L##trsm(cublasXtHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans, cublasDiagType_t diag, size_t m, size_t n, const T *alpha, const T *A, size_t lda, T *B, size_t ldb); \
  cublasStatus_t cublasXt##L##trmm(cublasXtHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans, cublasDiagType_t diag, size_t m, size_t n, const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, T *C, size_t ldc); \
  cublasStatus_t cublasXt##L##spmm(cublasXtHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, size_t m, size_t n, const T *alpha, const T *AP, const T *B, size_t ldb, const T *beta, T *C, size_t ldc);
LOOM_CUBLASXT_4(LOOM_CUBLASXT_DECL)
#undef LOOM_CUBLASXT_DECL

#define LOOM_CUBLASXT_HDECL(L, T, R)                                                                                                                                                                                          \
  cublasStatus_t cublasXt##L##hemm(cublasXtHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, size_t m, size_t n, const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, const T *beta, T *C, size_t ldc);         \
  cublasStatus_t cublasXt##L##herk(cublasXtHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, size_t n, size_t k, const R *alpha, const T *A, size_t lda, const R *beta, T *C, size_t ldc);                             \
  cublasStatus_t cublasXt##L##her2k(cublasXtHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, size_t n, size_t k, const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, const R *beta, T *C, size_t ldc);    \
  cublasStatus_t cublasXt##L##herkx(cublasXtHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, size_t n, size_t k, const T *alpha, const T *A, size_t lda, const T *B, size_t ldb, const R *beta, T *C, size_t ldc);
LOOM_CUBLASXT_HDECL(C, cuComplex, float)
LOOM_CUBLASXT_HDECL(Z, cuDoubleComplex, double)
#undef LOOM_CUBLASXT_HDECL
#undef LOOM_CUBLASXT_4

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* LOOM_CUDA_CUBLASXT_H */

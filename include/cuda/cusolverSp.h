/* cusolverSp.h - cuSOLVER's sparse API (cusolverSp): the handle and its
 * stream; the solvers and reorderings are declared below the handle.
 * Implemented by Loom's libcusolver (libs/cusolver, docs/libraries.md).
 * SPDX-License-Identifier: Apache-2.0
 *
 * Matrices are CSR with a cusparseMatDescr_t (general type, index base 0
 * or 1). "Host" forms take host memory and return when done; the others
 * take device memory. Valid C and C++.
 */
#ifndef LOOM_CUDA_CUSOLVERSP_H
#define LOOM_CUDA_CUSOLVERSP_H
/* The toolkit header's guard. */
#define CUSOLVERSP_H_

#include "cuComplex.h"
#include "cusolver_common.h"
#include "cusparse.h"
#include "driver_types.h"

#include <stdint.h>

#if defined(__cplusplus)
extern "C" {
#endif

struct cusolverSpContext;
typedef struct cusolverSpContext *cusolverSpHandle_t;

struct csrqrInfo;
typedef struct csrqrInfo *csrqrInfo_t;

cusolverStatus_t CUSOLVERAPI cusolverSpCreate(cusolverSpHandle_t *handle);
cusolverStatus_t CUSOLVERAPI cusolverSpDestroy(cusolverSpHandle_t handle);
cusolverStatus_t CUSOLVERAPI cusolverSpSetStream(cusolverSpHandle_t handle, cudaStream_t streamId);
cusolverStatus_t CUSOLVERAPI cusolverSpGetStream(cusolverSpHandle_t handle, cudaStream_t *streamId);
/* The device QR's info (the low-level csrqr API uses it). */
cusolverStatus_t CUSOLVERAPI cusolverSpCreateCsrqrInfo(csrqrInfo_t *info);
cusolverStatus_t CUSOLVERAPI cusolverSpDestroyCsrqrInfo(csrqrInfo_t info);

/* ---- Matrix properties and reorderings (host memory; p is 0-based, B = A(p,p)) ---- */

cusolverStatus_t CUSOLVERAPI cusolverSpXcsrissymHost(cusolverSpHandle_t handle, int m, int nnzA,
                                                     const cusparseMatDescr_t descrA,
                                                     const int *csrRowPtrA, const int *csrEndPtrA,
                                                     const int *csrColIndA, int *issym);
cusolverStatus_t CUSOLVERAPI cusolverSpXcsrsymrcmHost(cusolverSpHandle_t handle, int n, int nnzA,
                                                      const cusparseMatDescr_t descrA,
                                                      const int *csrRowPtrA, const int *csrColIndA,
                                                      int *p);
cusolverStatus_t CUSOLVERAPI cusolverSpXcsrsymmdqHost(cusolverSpHandle_t handle, int n, int nnzA,
                                                      const cusparseMatDescr_t descrA,
                                                      const int *csrRowPtrA, const int *csrColIndA,
                                                      int *p);
cusolverStatus_t CUSOLVERAPI cusolverSpXcsrsymamdHost(cusolverSpHandle_t handle, int n, int nnzA,
                                                      const cusparseMatDescr_t descrA,
                                                      const int *csrRowPtrA, const int *csrColIndA,
                                                      int *p);
cusolverStatus_t CUSOLVERAPI cusolverSpXcsrmetisndHost(cusolverSpHandle_t handle, int n, int nnzA,
                                                       const cusparseMatDescr_t descrA,
                                                       const int *csrRowPtrA, const int *csrColIndA,
                                                       const int64_t *options, int *p);
#define LOOM_CUSOLVERSP_ZFD(t, T)                                                          \
  cusolverStatus_t CUSOLVERAPI cusolverSp##t##csrzfdHost(                                 \
      cusolverSpHandle_t handle, int n, int nnz, const cusparseMatDescr_t descrA,          \
      const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, int *P, int *numnz);
LOOM_CUSOLVERSP_ZFD(S, float)
LOOM_CUSOLVERSP_ZFD(D, double)
LOOM_CUSOLVERSP_ZFD(C, cuComplex)
LOOM_CUSOLVERSP_ZFD(Z, cuDoubleComplex)
#undef LOOM_CUSOLVERSP_ZFD

/* B = P*A*Q^T (B = A(p,q)) in place; map follows the entries (csrValB = csrValA(map) when map
 * starts as 0:nnzA-1). */
cusolverStatus_t CUSOLVERAPI cusolverSpXcsrperm_bufferSizeHost(
    cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
    const int *csrRowPtrA, const int *csrColIndA, const int *p, const int *q,
    size_t *bufferSizeInBytes);
cusolverStatus_t CUSOLVERAPI cusolverSpXcsrpermHost(cusolverSpHandle_t handle, int m, int n,
                                                    int nnzA, const cusparseMatDescr_t descrA,
                                                    int *csrRowPtrA, int *csrColIndA, const int *p,
                                                    const int *q, int *map, void *pBuffer);

/* ---- Linear solvers: A*x = b (LU: host only, as in cuSOLVER) and least squares ---- */

#define LOOM_CUSOLVERSP_SOLVERS(t, T, R)                                                   \
  cusolverStatus_t CUSOLVERAPI cusolverSp##t##csrlsvluHost(                               \
      cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,         \
      const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, const T *b, R tol,   \
      int reorder, T *x, int *singularity);                                                \
  cusolverStatus_t CUSOLVERAPI cusolverSp##t##csrlsvqr(                                   \
      cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,          \
      const T *csrVal, const int *csrRowPtr, const int *csrColInd, const T *b, R tol,      \
      int reorder, T *x, int *singularity);                                                \
  cusolverStatus_t CUSOLVERAPI cusolverSp##t##csrlsvqrHost(                               \
      cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,          \
      const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, const T *b, R tol,   \
      int reorder, T *x, int *singularity);                                                \
  cusolverStatus_t CUSOLVERAPI cusolverSp##t##csrlsvcholHost(                             \
      cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,          \
      const T *csrVal, const int *csrRowPtr, const int *csrColInd, const T *b, R tol,      \
      int reorder, T *x, int *singularity);                                                \
  cusolverStatus_t CUSOLVERAPI cusolverSp##t##csrlsvchol(                                 \
      cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,          \
      const T *csrVal, const int *csrRowPtr, const int *csrColInd, const T *b, R tol,      \
      int reorder, T *x, int *singularity);                                                \
  cusolverStatus_t CUSOLVERAPI cusolverSp##t##csrlsqvqrHost(                              \
      cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,   \
      const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, const T *b, R tol,   \
      int *rankA, T *x, int *p, R *min_norm);
LOOM_CUSOLVERSP_SOLVERS(S, float, float)
LOOM_CUSOLVERSP_SOLVERS(D, double, double)
LOOM_CUSOLVERSP_SOLVERS(C, cuComplex, float)
LOOM_CUSOLVERSP_SOLVERS(Z, cuDoubleComplex, double)
#undef LOOM_CUSOLVERSP_SOLVERS

#if defined(__cplusplus)
}
#endif

#endif /* LOOM_CUDA_CUSOLVERSP_H */

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

#if defined(__cplusplus)
}
#endif

#endif /* LOOM_CUDA_CUSOLVERSP_H */

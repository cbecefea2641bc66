/* cusolver_common.h - cuSOLVER's shared types: the status codes, the
 * eigen/norm/algorithm enums, and the library version calls; implemented by
 * Loom's libcusolver (libs/cusolver, docs/libraries.md).
 * SPDX-License-Identifier: Apache-2.0
 *
 * Enumerator and status values are NVIDIA's public API numbers: programs
 * store and compare them, so they must be identical. Valid C and C++.
 */
#ifndef LOOM_CUDA_CUSOLVER_COMMON_H
#define LOOM_CUDA_CUSOLVER_COMMON_H
/* The toolkit header's guard (the CUDA samples' helper_cuda.h tests it). */
#define CUSOLVER_COMMON_H_

#include "library_types.h"

/* cuSOLVER 11.7.2, the version CUDA 12.8 ships. */
#define CUSOLVER_VER_MAJOR 11
#define CUSOLVER_VER_MINOR 7
#define CUSOLVER_VER_PATCH 2
#define CUSOLVER_VER_BUILD 55
#define CUSOLVER_VERSION                                                                 \
  (CUSOLVER_VER_MAJOR * 1000 + CUSOLVER_VER_MINOR * 100 + CUSOLVER_VER_PATCH)

#ifndef CUSOLVERAPI
#define CUSOLVERAPI
#endif

#if defined(__cplusplus)
extern "C" {
#endif

typedef int cusolver_int_t;

typedef enum {
  CUSOLVER_STATUS_SUCCESS = 0,
  CUSOLVER_STATUS_NOT_INITIALIZED = 1,
  CUSOLVER_STATUS_ALLOC_FAILED = 2,
  CUSOLVER_STATUS_INVALID_VALUE = 3,
  CUSOLVER_STATUS_ARCH_MISMATCH = 4,
  CUSOLVER_STATUS_MAPPING_ERROR = 5,
  CUSOLVER_STATUS_EXECUTION_FAILED = 6,
  CUSOLVER_STATUS_INTERNAL_ERROR = 7,
  CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
  CUSOLVER_STATUS_NOT_SUPPORTED = 9,
  CUSOLVER_STATUS_ZERO_PIVOT = 10,
  CUSOLVER_STATUS_INVALID_LICENSE = 11,
  CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED = 12,
  CUSOLVER_STATUS_IRS_PARAMS_INVALID = 13,
  CUSOLVER_STATUS_IRS_PARAMS_INVALID_PREC = 14,
  CUSOLVER_STATUS_IRS_PARAMS_INVALID_REFINE = 15,
  CUSOLVER_STATUS_IRS_PARAMS_INVALID_MAXITER = 16,
  CUSOLVER_STATUS_IRS_INTERNAL_ERROR = 20,
  CUSOLVER_STATUS_IRS_NOT_SUPPORTED = 21,
  CUSOLVER_STATUS_IRS_OUT_OF_RANGE = 22,
  CUSOLVER_STATUS_IRS_NRHS_NOT_SUPPORTED_FOR_REFINE_GMRES = 23,
  CUSOLVER_STATUS_IRS_INFOS_NOT_INITIALIZED = 25,
  CUSOLVER_STATUS_IRS_INFOS_NOT_DESTROYED = 26,
  CUSOLVER_STATUS_IRS_MATRIX_SINGULAR = 30,
  CUSOLVER_STATUS_INVALID_WORKSPACE = 31
} cusolverStatus_t;

typedef enum { CUSOLVER_EIG_TYPE_1 = 1, CUSOLVER_EIG_TYPE_2 = 2, CUSOLVER_EIG_TYPE_3 = 3 } cusolverEigType_t;

typedef enum { CUSOLVER_EIG_MODE_NOVECTOR = 0, CUSOLVER_EIG_MODE_VECTOR = 1 } cusolverEigMode_t;

typedef enum {
  CUSOLVER_EIG_RANGE_ALL = 1001,
  CUSOLVER_EIG_RANGE_I = 1002,
  CUSOLVER_EIG_RANGE_V = 1003
} cusolverEigRange_t;

typedef enum {
  CUSOLVER_INF_NORM = 104,
  CUSOLVER_MAX_NORM = 105,
  CUSOLVER_ONE_NORM = 106,
  CUSOLVER_FRO_NORM = 107
} cusolverNorm_t;

typedef enum { CUSOLVER_ALG_0 = 0, CUSOLVER_ALG_1 = 1, CUSOLVER_ALG_2 = 2 } cusolverAlgMode_t;

typedef enum { CUBLAS_STOREV_COLUMNWISE = 0, CUBLAS_STOREV_ROWWISE = 1 } cusolverStorevMode_t;

typedef enum { CUBLAS_DIRECT_FORWARD = 0, CUBLAS_DIRECT_BACKWARD = 1 } cusolverDirectMode_t;

typedef enum {
  CUSOLVER_DETERMINISTIC_RESULTS = 1,
  CUSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS = 2
} cusolverDeterministicMode_t;

/* The library's version: MAJOR_VERSION, MINOR_VERSION or PATCH_LEVEL. */
cusolverStatus_t CUSOLVERAPI cusolverGetProperty(libraryPropertyType type, int *value);
/* CUSOLVER_VERSION. */
cusolverStatus_t CUSOLVERAPI cusolverGetVersion(int *version);

#if defined(__cplusplus)
}
#endif

#endif /* LOOM_CUDA_CUSOLVER_COMMON_H */

/* cublasLt.h - cuBLASLt, the matmul API with layouts and epilogues:
 * types, enums and functions, implemented by Loom's libcublasLt on
 * OpenBLAS (libs/cublas/CublasLt.cpp, docs/libraries.md).
 * SPDX-License-Identifier: Apache-2.0
 *
 * Names, enumerator values, attribute ids and signatures are NVIDIA's
 * public cuBLASLt API (CUDA 12). The semi-opaque descriptor structures have
 * the toolkit's sizes, so a program may keep them on its stack and use the
 * *Init functions. Valid C and C++.
 */
#ifndef LOOM_CUDA_CUBLASLT_H
#define LOOM_CUDA_CUBLASLT_H

#include <stddef.h>
#include <stdint.h>

#include "cublas_api.h"
#include "driver_types.h"
#include "library_types.h"

#if defined(__cplusplus)
extern "C" {
#endif

struct cublasLtContext;
typedef struct cublasLtContext *cublasLtHandle_t;

cublasStatus_t cublasLtCreate(cublasLtHandle_t *lightHandle);
cublasStatus_t cublasLtDestroy(cublasLtHandle_t lightHandle);
const char *cublasLtGetStatusName(cublasStatus_t status);
const char *cublasLtGetStatusString(cublasStatus_t status);
size_t cublasLtGetVersion(void);
size_t cublasLtGetCudartVersion(void);
cublasStatus_t cublasLtGetProperty(libraryPropertyType type, int *value);

/* Semi-opaque descriptors. */
typedef struct { uint64_t data[8]; } cublasLtMatrixLayoutOpaque_t;
typedef cublasLtMatrixLayoutOpaque_t *cublasLtMatrixLayout_t;
typedef struct { uint64_t data[8]; } cublasLtMatmulAlgo_t;
typedef struct { uint64_t data[32]; } cublasLtMatmulDescOpaque_t;
typedef cublasLtMatmulDescOpaque_t *cublasLtMatmulDesc_t;
typedef struct { uint64_t data[8]; } cublasLtMatrixTransformDescOpaque_t;
typedef cublasLtMatrixTransformDescOpaque_t *cublasLtMatrixTransformDesc_t;
typedef struct { uint64_t data[8]; } cublasLtMatmulPreferenceOpaque_t;
typedef cublasLtMatmulPreferenceOpaque_t *cublasLtMatmulPreference_t;

typedef enum {
  CUBLASLT_MATMUL_TILE_UNDEFINED = 0,
  CUBLASLT_MATMUL_TILE_8x8 = 1, CUBLASLT_MATMUL_TILE_8x16 = 2, CUBLASLT_MATMUL_TILE_16x8 = 3,
  CUBLASLT_MATMUL_TILE_8x32 = 4, CUBLASLT_MATMUL_TILE_16x16 = 5, CUBLASLT_MATMUL_TILE_32x8 = 6,
  CUBLASLT_MATMUL_TILE_8x64 = 7, CUBLASLT_MATMUL_TILE_16x32 = 8, CUBLASLT_MATMUL_TILE_32x16 = 9,
  CUBLASLT_MATMUL_TILE_64x8 = 10, CUBLASLT_MATMUL_TILE_32x32 = 11, CUBLASLT_MATMUL_TILE_32x64 = 12,
  CUBLASLT_MATMUL_TILE_64x32 = 13, CUBLASLT_MATMUL_TILE_32x128 = 14, CUBLASLT_MATMUL_TILE_64x64 = 15,
  CUBLASLT_MATMUL_TILE_128x32 = 16, CUBLASLT_MATMUL_TILE_64x128 = 17, CUBLASLT_MATMUL_TILE_128x64 = 18,
  CUBLASLT_MATMUL_TILE_64x256 = 19, CUBLASLT_MATMUL_TILE_128x128 = 20, CUBLASLT_MATMUL_TILE_256x64 = 21,
  CUBLASLT_MATMUL_TILE_64x512 = 22, CUBLASLT_MATMUL_TILE_128x256 = 23, CUBLASLT_MATMUL_TILE_256x128 = 24,
  CUBLASLT_MATMUL_TILE_512x64 = 25, CUBLASLT_MATMUL_TILE_64x96 = 26, CUBLASLT_MATMUL_TILE_96x64 = 27,
  CUBLASLT_MATMUL_TILE_96x128 = 28, CUBLASLT_MATMUL_TILE_128x160 = 29, CUBLASLT_MATMUL_TILE_160x128 = 30,
  CUBLASLT_MATMUL_TILE_192x128 = 31,
  CUBLASLT_MATMUL_TILE_END
} cublasLtMatmulTile_t;

typedef enum {
  CUBLASLT_MATMUL_STAGES_UNDEFINED = 0,
  CUBLASLT_MATMUL_STAGES_16x1 = 1, CUBLASLT_MATMUL_STAGES_16x2 = 2, CUBLASLT_MATMUL_STAGES_16x3 = 3,
  CUBLASLT_MATMUL_STAGES_16x4 = 4, CUBLASLT_MATMUL_STAGES_16x5 = 5, CUBLASLT_MATMUL_STAGES_16x6 = 6,
  CUBLASLT_MATMUL_STAGES_32x1 = 7, CUBLASLT_MATMUL_STAGES_32x2 = 8, CUBLASLT_MATMUL_STAGES_32x3 = 9,
  CUBLASLT_MATMUL_STAGES_32x4 = 10, CUBLASLT_MATMUL_STAGES_32x5 = 11, CUBLASLT_MATMUL_STAGES_32x6 = 12,
  CUBLASLT_MATMUL_STAGES_64x1 = 13, CUBLASLT_MATMUL_STAGES_64x2 = 14, CUBLASLT_MATMUL_STAGES_64x3 = 15,
  CUBLASLT_MATMUL_STAGES_64x4 = 16, CUBLASLT_MATMUL_STAGES_64x5 = 17, CUBLASLT_MATMUL_STAGES_64x6 = 18,
  CUBLASLT_MATMUL_STAGES_128x1 = 19, CUBLASLT_MATMUL_STAGES_128x2 = 20, CUBLASLT_MATMUL_STAGES_128x3 = 21,
  CUBLASLT_MATMUL_STAGES_128x4 = 22, CUBLASLT_MATMUL_STAGES_128x5 = 23, CUBLASLT_MATMUL_STAGES_128x6 = 24,
  CUBLASLT_MATMUL_STAGES_32x10 = 25, CUBLASLT_MATMUL_STAGES_8x4 = 26, CUBLASLT_MATMUL_STAGES_16x10 = 27,
  CUBLASLT_MATMUL_STAGES_8x5 = 28, CUBLASLT_MATMUL_STAGES_16x80 = 29, CUBLASLT_MATMUL_STAGES_64x80 = 30,
  CUBLASLT_MATMUL_STAGES_END
} cublasLtMatmulStages_t;

typedef enum {
  CUBLASLT_POINTER_MODE_HOST = CUBLAS_POINTER_MODE_HOST,
  CUBLASLT_POINTER_MODE_DEVICE = CUBLAS_POINTER_MODE_DEVICE,
  CUBLASLT_POINTER_MODE_DEVICE_VECTOR = 2,
  CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO = 3,
  CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST = 4
} cublasLtPointerMode_t;

typedef enum {
  CUBLASLT_POINTER_MODE_MASK_HOST = 1,
  CUBLASLT_POINTER_MODE_MASK_DEVICE = 2,
  CUBLASLT_POINTER_MODE_MASK_DEVICE_VECTOR = 4,
  CUBLASLT_POINTER_MODE_MASK_ALPHA_DEVICE_VECTOR_BETA_ZERO = 8,
  CUBLASLT_POINTER_MODE_MASK_ALPHA_DEVICE_VECTOR_BETA_HOST = 16
} cublasLtPointerModeMask_t;

#define CUBLASLT_NUMERICAL_IMPL_FLAGS_FMA (0x01ull << 0)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_HMMA (0x02ull << 0)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_IMMA (0x04ull << 0)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_DMMA (0x08ull << 0)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_TENSOR_OP_MASK (0xfeull << 0)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_OP_TYPE_MASK (0xffull << 0)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_ACCUMULATOR_16F (0x01ull << 8)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_ACCUMULATOR_32F (0x02ull << 8)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_ACCUMULATOR_64F (0x04ull << 8)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_ACCUMULATOR_32I (0x08ull << 8)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_ACCUMULATOR_TYPE_MASK (0xffull << 8)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_INPUT_16F (0x01ull << 16)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_INPUT_16BF (0x02ull << 16)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_INPUT_TF32 (0x04ull << 16)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_INPUT_32F (0x08ull << 16)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_INPUT_64F (0x10ull << 16)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_INPUT_8I (0x20ull << 16)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_OP_INPUT_TYPE_MASK (0xffull << 16)
#define CUBLASLT_NUMERICAL_IMPL_FLAGS_GAUSSIAN (0x01ull << 32)
typedef uint64_t cublasLtNumericalImplFlags_t;

/* ---- Matrix layouts ---- */
typedef enum {
  CUBLASLT_ORDER_COL = 0,
  CUBLASLT_ORDER_ROW = 1,
  CUBLASLT_ORDER_COL32 = 2,
  CUBLASLT_ORDER_COL4_4R2_8C = 3,
  CUBLASLT_ORDER_COL32_2R_4R4 = 4
} cublasLtOrder_t;

typedef enum {
  CUBLASLT_MATRIX_LAYOUT_TYPE = 0,                 /* uint32_t (cudaDataType) */
  CUBLASLT_MATRIX_LAYOUT_ORDER = 1,                /* int32_t, default CUBLASLT_ORDER_COL */
  CUBLASLT_MATRIX_LAYOUT_ROWS = 2,                 /* uint64_t */
  CUBLASLT_MATRIX_LAYOUT_COLS = 3,                 /* uint64_t */
  CUBLASLT_MATRIX_LAYOUT_LD = 4,                   /* int64_t */
  CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5,          /* int32_t, default 1 */
  CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6, /* int64_t, default 0 */
  CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET = 7          /* int64_t, default 0 */
} cublasLtMatrixLayoutAttribute_t;

cublasStatus_t cublasLtMatrixLayoutInit_internal(cublasLtMatrixLayout_t matLayout, size_t size, cudaDataType type,
                                                 uint64_t rows, uint64_t cols, int64_t ld);
static inline cublasStatus_t cublasLtMatrixLayoutInit(cublasLtMatrixLayout_t matLayout, cudaDataType type,
                                                      uint64_t rows, uint64_t cols, int64_t ld) {
  return cublasLtMatrixLayoutInit_internal(matLayout, sizeof(*matLayout), type, rows, cols, ld);
}
cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *matLayout, cudaDataType type, uint64_t rows,
                                          uint64_t cols, int64_t ld);
cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t matLayout);
cublasStatus_t cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t matLayout,
                                                cublasLtMatrixLayoutAttribute_t attr, const void *buf,
                                                size_t sizeInBytes);
cublasStatus_t cublasLtMatrixLayoutGetAttribute(cublasLtMatrixLayout_t matLayout,
                                                cublasLtMatrixLayoutAttribute_t attr, void *buf,
                                                size_t sizeInBytes, size_t *sizeWritten);

/* ---- Matmul descriptors ---- */
typedef enum {
  CUBLASLT_MATMUL_DESC_COMPUTE_TYPE = 0,                      /* int32_t (cublasComputeType_t) */
  CUBLASLT_MATMUL_DESC_SCALE_TYPE = 1,                        /* int32_t (cudaDataType) */
  CUBLASLT_MATMUL_DESC_POINTER_MODE = 2,                      /* int32_t */
  CUBLASLT_MATMUL_DESC_TRANSA = 3,                            /* int32_t */
  CUBLASLT_MATMUL_DESC_TRANSB = 4,                            /* int32_t */
  CUBLASLT_MATMUL_DESC_TRANSC = 5,                            /* int32_t */
  CUBLASLT_MATMUL_DESC_FILL_MODE = 6,                         /* int32_t */
  CUBLASLT_MATMUL_DESC_EPILOGUE = 7,                          /* uint32_t */
  CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8,                      /* void * */
  CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE = 10,                /* int64_t */
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 11,             /* void * */
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 12,                  /* int64_t */
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE = 13,        /* int64_t */
  CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE = 14,        /* int64_t */
  CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET = 15,                  /* int32_t */
  CUBLASLT_MATMUL_DESC_A_SCALE_POINTER = 17,                  /* const void * */
  CUBLASLT_MATMUL_DESC_B_SCALE_POINTER = 18,                  /* const void * */
  CUBLASLT_MATMUL_DESC_C_SCALE_POINTER = 19,                  /* const void * */
  CUBLASLT_MATMUL_DESC_D_SCALE_POINTER = 20,                  /* const void * */
  CUBLASLT_MATMUL_DESC_AMAX_D_POINTER = 21,                   /* void * */
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE = 22,           /* int32_t */
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER = 23,       /* void * */
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_AMAX_POINTER = 24,        /* void * */
  CUBLASLT_MATMUL_DESC_FAST_ACCUM = 25,                       /* int8_t */
  CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 26,                   /* int32_t, default -1 (D's type) */
  CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_NUM_CHUNKS_D_ROWS = 27,    /* int32_t */
  CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_NUM_CHUNKS_D_COLS = 28,    /* int32_t */
  CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_IN_COUNTERS_POINTER = 29,  /* int32_t * */
  CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_OUT_COUNTERS_POINTER = 30  /* int32_t * */
} cublasLtMatmulDescAttributes_t;

cublasStatus_t cublasLtMatmulDescInit_internal(cublasLtMatmulDesc_t matmulDesc, size_t size,
                                               cublasComputeType_t computeType, cudaDataType scaleType);
static inline cublasStatus_t cublasLtMatmulDescInit(cublasLtMatmulDesc_t matmulDesc, cublasComputeType_t computeType,
                                                    cudaDataType scaleType) {
  return cublasLtMatmulDescInit_internal(matmulDesc, sizeof(*matmulDesc), computeType, scaleType);
}
cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *matmulDesc, cublasComputeType_t computeType,
                                        cudaDataType scaleType);
cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t matmulDesc);
cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t matmulDesc, cublasLtMatmulDescAttributes_t attr,
                                              const void *buf, size_t sizeInBytes);
cublasStatus_t cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t matmulDesc, cublasLtMatmulDescAttributes_t attr,
                                              void *buf, size_t sizeInBytes, size_t *sizeWritten);

/* ---- Matrix transform descriptors ---- */
typedef enum {
  CUBLASLT_MATRIX_TRANSFORM_DESC_SCALE_TYPE = 0,   /* int32_t */
  CUBLASLT_MATRIX_TRANSFORM_DESC_POINTER_MODE = 1, /* int32_t */
  CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA = 2,       /* int32_t */
  CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSB = 3        /* int32_t */
} cublasLtMatrixTransformDescAttributes_t;

cublasStatus_t cublasLtMatrixTransformDescInit_internal(cublasLtMatrixTransformDesc_t transformDesc, size_t size,
                                                        cudaDataType scaleType);
static inline cublasStatus_t cublasLtMatrixTransformDescInit(cublasLtMatrixTransformDesc_t transformDesc,
                                                             cudaDataType scaleType) {
  return cublasLtMatrixTransformDescInit_internal(transformDesc, sizeof(*transformDesc), scaleType);
}
cublasStatus_t cublasLtMatrixTransformDescCreate(cublasLtMatrixTransformDesc_t *transformDesc,
                                                 cudaDataType scaleType);
cublasStatus_t cublasLtMatrixTransformDescDestroy(cublasLtMatrixTransformDesc_t transformDesc);
cublasStatus_t cublasLtMatrixTransformDescSetAttribute(cublasLtMatrixTransformDesc_t transformDesc,
                                                       cublasLtMatrixTransformDescAttributes_t attr,
                                                       const void *buf, size_t sizeInBytes);
cublasStatus_t cublasLtMatrixTransformDescGetAttribute(cublasLtMatrixTransformDesc_t transformDesc,
                                                       cublasLtMatrixTransformDescAttributes_t attr, void *buf,
                                                       size_t sizeInBytes, size_t *sizeWritten);

/* ---- Epilogues, reduction schemes, search ---- */
typedef enum {
  CUBLASLT_REDUCTION_SCHEME_NONE = 0,
  CUBLASLT_REDUCTION_SCHEME_INPLACE = 1,
  CUBLASLT_REDUCTION_SCHEME_COMPUTE_TYPE = 2,
  CUBLASLT_REDUCTION_SCHEME_OUTPUT_TYPE = 4,
  CUBLASLT_REDUCTION_SCHEME_MASK = 0x7
} cublasLtReductionScheme_t;

typedef enum {
  CUBLASLT_EPILOGUE_DEFAULT = 1,
  CUBLASLT_EPILOGUE_RELU = 2,
  CUBLASLT_EPILOGUE_RELU_AUX = (CUBLASLT_EPILOGUE_RELU | 128),
  CUBLASLT_EPILOGUE_BIAS = 4,
  CUBLASLT_EPILOGUE_RELU_BIAS = (CUBLASLT_EPILOGUE_RELU | CUBLASLT_EPILOGUE_BIAS),
  CUBLASLT_EPILOGUE_RELU_AUX_BIAS = (CUBLASLT_EPILOGUE_RELU_AUX | CUBLASLT_EPILOGUE_BIAS),
  CUBLASLT_EPILOGUE_DRELU = 8 | 128,
  CUBLASLT_EPILOGUE_DRELU_BGRAD = CUBLASLT_EPILOGUE_DRELU | 16,
  CUBLASLT_EPILOGUE_GELU = 32,
  CUBLASLT_EPILOGUE_GELU_AUX = (CUBLASLT_EPILOGUE_GELU | 128),
  CUBLASLT_EPILOGUE_GELU_BIAS = (CUBLASLT_EPILOGUE_GELU | CUBLASLT_EPILOGUE_BIAS),
  CUBLASLT_EPILOGUE_GELU_AUX_BIAS = (CUBLASLT_EPILOGUE_GELU_AUX | CUBLASLT_EPILOGUE_BIAS),
  CUBLASLT_EPILOGUE_DGELU = 64 | 128,
  CUBLASLT_EPILOGUE_DGELU_BGRAD = CUBLASLT_EPILOGUE_DGELU | 16,
  CUBLASLT_EPILOGUE_BGRADA = 256,
  CUBLASLT_EPILOGUE_BGRADB = 512
} cublasLtEpilogue_t;

typedef enum {
  CUBLASLT_SEARCH_BEST_FIT = 0,
  CUBLASLT_SEARCH_LIMITED_BY_ALGO_ID = 1,
  CUBLASLT_SEARCH_RESERVED_02 = 2,
  CUBLASLT_SEARCH_RESERVED_03 = 3,
  CUBLASLT_SEARCH_RESERVED_04 = 4,
  CUBLASLT_SEARCH_RESERVED_05 = 5
} cublasLtMatmulSearch_t;

typedef enum {
  CUBLASLT_MATMUL_PREF_SEARCH_MODE = 0,           /* uint32_t */
  CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1,   /* uint64_t, default 0 */
  CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK = 3, /* uint32_t */
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES = 5, /* uint32_t, default 256 */
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES = 6,
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES = 7,
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES = 8,
  CUBLASLT_MATMUL_PREF_MAX_WAVES_COUNT = 9, /* float */
  CUBLASLT_MATMUL_PREF_IMPL_MASK = 12       /* uint64_t */
} cublasLtMatmulPreferenceAttributes_t;

cublasStatus_t cublasLtMatmulPreferenceInit_internal(cublasLtMatmulPreference_t pref, size_t size);
static inline cublasStatus_t cublasLtMatmulPreferenceInit(cublasLtMatmulPreference_t pref) {
  return cublasLtMatmulPreferenceInit_internal(pref, sizeof(*pref));
}
cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *pref);
cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t pref);
cublasStatus_t cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t pref,
                                                    cublasLtMatmulPreferenceAttributes_t attr, const void *buf,
                                                    size_t sizeInBytes);
cublasStatus_t cublasLtMatmulPreferenceGetAttribute(cublasLtMatmulPreference_t pref,
                                                    cublasLtMatmulPreferenceAttributes_t attr, void *buf,
                                                    size_t sizeInBytes, size_t *sizeWritten);

typedef struct {
  cublasLtMatmulAlgo_t algo;
  size_t workspaceSize;
  cublasStatus_t state;
  float wavesCount;
  int reserved[4];
} cublasLtMatmulHeuristicResult_t;

cublasStatus_t cublasLtMatmulAlgoGetHeuristic(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t operationDesc,
                                              cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
                                              cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
                                              cublasLtMatmulPreference_t preference, int requestedAlgoCount,
                                              cublasLtMatmulHeuristicResult_t heuristicResultsArray[],
                                              int *returnAlgoCount);
cublasStatus_t cublasLtMatmulAlgoGetIds(cublasLtHandle_t lightHandle, cublasComputeType_t computeType,
                                        cudaDataType scaleType, cudaDataType Atype, cudaDataType Btype,
                                        cudaDataType Ctype, cudaDataType Dtype, int requestedAlgoCount,
                                        int algoIdsArray[], int *returnAlgoCount);
cublasStatus_t cublasLtMatmulAlgoInit(cublasLtHandle_t lightHandle, cublasComputeType_t computeType,
                                      cudaDataType scaleType, cudaDataType Atype, cudaDataType Btype,
                                      cudaDataType Ctype, cudaDataType Dtype, int algoId, cublasLtMatmulAlgo_t *algo);
cublasStatus_t cublasLtMatmulAlgoCheck(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t operationDesc,
                                       cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
                                       cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
                                       const cublasLtMatmulAlgo_t *algo, cublasLtMatmulHeuristicResult_t *result);

typedef enum {
  CUBLASLT_ALGO_CAP_SPLITK_SUPPORT = 0,              /* int32_t */
  CUBLASLT_ALGO_CAP_REDUCTION_SCHEME_MASK = 1,       /* uint32_t */
  CUBLASLT_ALGO_CAP_CTA_SWIZZLING_SUPPORT = 2,       /* uint32_t */
  CUBLASLT_ALGO_CAP_STRIDED_BATCH_SUPPORT = 3,       /* int32_t */
  CUBLASLT_ALGO_CAP_OUT_OF_PLACE_RESULT_SUPPORT = 4, /* int32_t */
  CUBLASLT_ALGO_CAP_UPLO_SUPPORT = 5,                /* int32_t */
  CUBLASLT_ALGO_CAP_TILE_IDS = 6,                    /* uint32_t[] */
  CUBLASLT_ALGO_CAP_CUSTOM_OPTION_MAX = 7,           /* int32_t */
  CUBLASLT_ALGO_CAP_CUSTOM_MEMORY_ORDER = 10,        /* int32_t */
  CUBLASLT_ALGO_CAP_POINTER_MODE_MASK = 11,          /* uint32_t */
  CUBLASLT_ALGO_CAP_EPILOGUE_MASK = 12,              /* uint32_t */
  CUBLASLT_ALGO_CAP_STAGES_IDS = 13,                 /* uint32_t[] */
  CUBLASLT_ALGO_CAP_LD_NEGATIVE = 14,                /* int32_t */
  CUBLASLT_ALGO_CAP_NUMERICAL_IMPL_FLAGS = 15,       /* uint64_t */
  CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_A_BYTES = 16,      /* uint32_t */
  CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_B_BYTES = 17,
  CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_C_BYTES = 18,
  CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_D_BYTES = 19,
  CUBLASLT_ALGO_CAP_ATOMIC_SYNC = 20                 /* int32_t */
} cublasLtMatmulAlgoCapAttributes_t;

cublasStatus_t cublasLtMatmulAlgoCapGetAttribute(const cublasLtMatmulAlgo_t *algo,
                                                 cublasLtMatmulAlgoCapAttributes_t attr, void *buf,
                                                 size_t sizeInBytes, size_t *sizeWritten);

typedef enum {
  CUBLASLT_ALGO_CONFIG_ID = 0,               /* int32_t, read-only */
  CUBLASLT_ALGO_CONFIG_TILE_ID = 1,          /* uint32_t */
  CUBLASLT_ALGO_CONFIG_SPLITK_NUM = 2,       /* uint32_t */
  CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME = 3, /* uint32_t */
  CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING = 4,    /* uint32_t */
  CUBLASLT_ALGO_CONFIG_CUSTOM_OPTION = 5,    /* uint32_t */
  CUBLASLT_ALGO_CONFIG_STAGES_ID = 6,        /* uint32_t */
  CUBLASLT_ALGO_CONFIG_INNER_SHAPE_ID = 7,   /* uint16_t */
  CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID = 8  /* uint16_t */
} cublasLtMatmulAlgoConfigAttributes_t;

cublasStatus_t cublasLtMatmulAlgoConfigSetAttribute(cublasLtMatmulAlgo_t *algo,
                                                    cublasLtMatmulAlgoConfigAttributes_t attr, const void *buf,
                                                    size_t sizeInBytes);
cublasStatus_t cublasLtMatmulAlgoConfigGetAttribute(const cublasLtMatmulAlgo_t *algo,
                                                    cublasLtMatmulAlgoConfigAttributes_t attr, void *buf,
                                                    size_t sizeInBytes, size_t *sizeWritten);

/* ---- The operations ---- */
cublasStatus_t cublasLtMatmul(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t computeDesc,
                              const void *alpha, /* host or device pointer */
                              const void *A, cublasLtMatrixLayout_t Adesc, const void *B,
                              cublasLtMatrixLayout_t Bdesc, const void *beta, /* host or device pointer */
                              const void *C, cublasLtMatrixLayout_t Cdesc, void *D, cublasLtMatrixLayout_t Ddesc,
                              const cublasLtMatmulAlgo_t *algo, void *workspace, size_t workspaceSizeInBytes,
                              cudaStream_t stream);
cublasStatus_t cublasLtMatrixTransform(cublasLtHandle_t lightHandle, cublasLtMatrixTransformDesc_t transformDesc,
                                       const void *alpha, const void *A, cublasLtMatrixLayout_t Adesc,
                                       const void *beta, const void *B, cublasLtMatrixLayout_t Bdesc, void *C,
                                       cublasLtMatrixLayout_t Cdesc, cudaStream_t stream);

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* LOOM_CUDA_CUBLASLT_H */

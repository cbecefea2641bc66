/* cufftXt.h - cuFFT's Xt API: plans described by data types
 * (cufftXtMakePlanMany, cufftXtGetSizeMany), cufftXtExec, multi-GPU plans
 * and descriptors (cufftXtSetGPUs, cufftXtMalloc/Memcpy/Free,
 * cufftXtExecDescriptor*), and load/store callbacks; on the same plans as
 * cufft.h (libcufft, docs/libraries.md).
 * SPDX-License-Identifier: Apache-2.0
 *
 * FP16/BF16 transforms are not provided. Enumerator values are NVIDIA's.
 * Valid C and C++.
 */
#ifndef LOOM_CUDA_CUFFTXT_H
#define LOOM_CUDA_CUFFTXT_H
/* The toolkit header's guard. */
#define _CUFFTXT_H_

#include "cudalibxt.h"
#include "cufft.h"
#include "library_types.h"

#if defined(__cplusplus)
extern "C" {
#endif

typedef enum cufftXtSubFormat_t {
  CUFFT_XT_FORMAT_INPUT = 0x00,
  CUFFT_XT_FORMAT_OUTPUT = 0x01,
  CUFFT_XT_FORMAT_INPLACE = 0x02,
  CUFFT_XT_FORMAT_INPLACE_SHUFFLED = 0x03,
  CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED = 0x04,
  CUFFT_XT_FORMAT_DISTRIBUTED_INPUT = 0x05,
  CUFFT_XT_FORMAT_DISTRIBUTED_OUTPUT = 0x06,
  CUFFT_FORMAT_UNDEFINED = 0x07
} cufftXtSubFormat;

typedef enum cufftXtCopyType_t {
  CUFFT_COPY_HOST_TO_DEVICE = 0x00,
  CUFFT_COPY_DEVICE_TO_HOST = 0x01,
  CUFFT_COPY_DEVICE_TO_DEVICE = 0x02,
  CUFFT_COPY_UNDEFINED = 0x03
} cufftXtCopyType;

typedef enum cufftXtQueryType_t { CUFFT_QUERY_1D_FACTORS = 0x00, CUFFT_QUERY_UNDEFINED = 0x01 } cufftXtQueryType;

typedef enum cufftXtWorkAreaPolicy_t {
  CUFFT_WORKAREA_MINIMAL = 0,
  CUFFT_WORKAREA_USER = 1,
  CUFFT_WORKAREA_PERFORMANCE = 2
} cufftXtWorkAreaPolicy;

/* Input, output and execution types select the transform: C_32F/C_32F is
 * C2C, R_32F/C_32F R2C, C_32F/R_32F C2R, and the same with 64F for
 * Z2Z/D2Z/Z2D; the execution type must be the complex type of that
 * precision. Other types: CUFFT_NOT_SUPPORTED. */
cufftResult cufftXtMakePlanMany(cufftHandle plan, int rank, long long int *n, long long int *inembed, long long int istride, long long int idist, cudaDataType inputtype, long long int *onembed, long long int ostride, long long int odist, cudaDataType outputtype, long long int batch, size_t *workSize, cudaDataType executiontype);
cufftResult cufftXtGetSizeMany(cufftHandle plan, int rank, long long int *n, long long int *inembed, long long int istride, long long int idist, cudaDataType inputtype, long long int *onembed, long long int ostride, long long int odist, cudaDataType outputtype, long long int batch, size_t *workSize, cudaDataType executiontype);
/* Runs the plan's transform; direction is used by C2C/Z2Z plans. */
cufftResult cufftXtExec(cufftHandle plan, void *input, void *output, int direction);

/* Multiple GPUs: set after cufftCreate, before cufftMakePlan*. */
cufftResult cufftXtSetGPUs(cufftHandle handle, int nGPUs, int *whichGPUs);
cufftResult cufftXtMalloc(cufftHandle plan, cudaLibXtDesc **descriptor, cufftXtSubFormat format);
cufftResult cufftXtMemcpy(cufftHandle plan, void *dstPointer, void *srcPointer, cufftXtCopyType type);
cufftResult cufftXtFree(cudaLibXtDesc *descriptor);
cufftResult cufftXtSetWorkArea(cufftHandle plan, void **workArea);
cufftResult cufftXtExecDescriptorC2C(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output, int direction);
cufftResult cufftXtExecDescriptorR2C(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output);
cufftResult cufftXtExecDescriptorC2R(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output);
cufftResult cufftXtExecDescriptorZ2Z(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output, int direction);
cufftResult cufftXtExecDescriptorD2Z(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output);
cufftResult cufftXtExecDescriptorZ2D(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output);
cufftResult cufftXtExecDescriptor(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output, int direction);

/* Callbacks: user __device__ functions, their addresses copied to the host
 * with cudaMemcpyFromSymbol. */
typedef enum cufftXtCallbackType_t {
  CUFFT_CB_LD_COMPLEX = 0x0,
  CUFFT_CB_LD_COMPLEX_DOUBLE = 0x1,
  CUFFT_CB_LD_REAL = 0x2,
  CUFFT_CB_LD_REAL_DOUBLE = 0x3,
  CUFFT_CB_ST_COMPLEX = 0x4,
  CUFFT_CB_ST_COMPLEX_DOUBLE = 0x5,
  CUFFT_CB_ST_REAL = 0x6,
  CUFFT_CB_ST_REAL_DOUBLE = 0x7,
  CUFFT_CB_UNDEFINED = 0x8
} cufftXtCallbackType;

typedef cufftComplex (*cufftCallbackLoadC)(void *dataIn, size_t offset, void *callerInfo, void *sharedPointer);
typedef cufftDoubleComplex (*cufftCallbackLoadZ)(void *dataIn, size_t offset, void *callerInfo, void *sharedPointer);
typedef cufftReal (*cufftCallbackLoadR)(void *dataIn, size_t offset, void *callerInfo, void *sharedPointer);
typedef cufftDoubleReal (*cufftCallbackLoadD)(void *dataIn, size_t offset, void *callerInfo, void *sharedPointer);
typedef void (*cufftCallbackStoreC)(void *dataOut, size_t offset, cufftComplex element, void *callerInfo, void *sharedPointer);
typedef void (*cufftCallbackStoreZ)(void *dataOut, size_t offset, cufftDoubleComplex element, void *callerInfo, void *sharedPointer);
typedef void (*cufftCallbackStoreR)(void *dataOut, size_t offset, cufftReal element, void *callerInfo, void *sharedPointer);
typedef void (*cufftCallbackStoreD)(void *dataOut, size_t offset, cufftDoubleReal element, void *callerInfo, void *sharedPointer);

cufftResult cufftXtSetCallback(cufftHandle plan, void **callback_routine, cufftXtCallbackType cbType, void **caller_info);
cufftResult cufftXtClearCallback(cufftHandle plan, cufftXtCallbackType cbType);
cufftResult cufftXtSetCallbackSharedSize(cufftHandle plan, cufftXtCallbackType cbType, size_t sharedSize);

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* LOOM_CUDA_CUFFTXT_H */

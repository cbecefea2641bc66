/* cufftXt.h - the single-GPU part of cuFFT's Xt API: plans described by
 * data types (cufftXtMakePlanMany, cufftXtGetSizeMany) and cufftXtExec,
 * on the same plans as cufft.h (libcufft, docs/libraries.md).
 * SPDX-License-Identifier: Apache-2.0
 *
 * Multi-GPU descriptors, callbacks and FP16/BF16 transforms are not
 * provided. Valid C and C++.
 */
#ifndef LOOM_CUDA_CUFFTXT_H
#define LOOM_CUDA_CUFFTXT_H
/* The toolkit header's guard. */
#define _CUFFTXT_H_

#include "cufft.h"
#include "library_types.h"

#if defined(__cplusplus)
extern "C" {
#endif

/* Input, output and execution types select the transform: C_32F/C_32F is
 * C2C, R_32F/C_32F R2C, C_32F/R_32F C2R, and the same with 64F for
 * Z2Z/D2Z/Z2D; the execution type must be the complex type of that
 * precision. Other types: CUFFT_NOT_SUPPORTED. */
cufftResult cufftXtMakePlanMany(cufftHandle plan, int rank, long long int *n, long long int *inembed, long long int istride, long long int idist, cudaDataType inputtype, long long int *onembed, long long int ostride, long long int odist, cudaDataType outputtype, long long int batch, size_t *workSize, cudaDataType executiontype);
cufftResult cufftXtGetSizeMany(cufftHandle plan, int rank, long long int *n, long long int *inembed, long long int istride, long long int idist, cudaDataType inputtype, long long int *onembed, long long int ostride, long long int odist, cudaDataType outputtype, long long int batch, size_t *workSize, cudaDataType executiontype);
/* Runs the plan's transform; direction is used by C2C/Z2Z plans. */
cufftResult cufftXtExec(cufftHandle plan, void *input, void *output, int direction);

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* LOOM_CUDA_CUFFTXT_H */

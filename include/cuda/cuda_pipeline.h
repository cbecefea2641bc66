/* cuda_pipeline.h - the pipeline primitives (__pipeline_memcpy_async,
 * __pipeline_commit, __pipeline_wait_prior) for Loom kernels.
 * SPDX-License-Identifier: Apache-2.0
 *
 * The copies are synchronous on the CPU: __pipeline_memcpy_async copies
 * (size - zfill bytes, then zero-fills zfill bytes) before it returns, so
 * commit and wait_prior, which only order the calling thread's own copies,
 * have nothing left to wait for. Sharing the data with other threads needs
 * a __syncthreads() after the wait, as in CUDA.
 */
#ifndef LOOM_CUDA_PIPELINE_H
#define LOOM_CUDA_PIPELINE_H

#include "cuda_pipeline_primitives.h"

#endif /* LOOM_CUDA_PIPELINE_H */

/* nvToolsExtCudaRt.h - NVTX naming of CUDA runtime objects, for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Names are for a profiler; Loom has none to give them to, so these do
 * nothing (nvtx3/nvToolsExt.h).
 */
#ifndef NVTOOLSEXT_CUDART_H_
#define NVTOOLSEXT_CUDART_H_
#include "nvtx3/nvToolsExt.h"
#include "cuda_runtime_api.h"
#ifdef __cplusplus
extern "C" {
#endif
NVTX_LOOM_FN void nvtxNameCudaDeviceA(int device, const char *name) { (void)device; (void)name; }
NVTX_LOOM_FN void nvtxNameCudaStreamA(cudaStream_t stream, const char *name) {
  (void)stream;
  (void)name;
}
NVTX_LOOM_FN void nvtxNameCudaEventA(cudaEvent_t event, const char *name) {
  (void)event;
  (void)name;
}
#ifdef __cplusplus
}
#endif
#endif

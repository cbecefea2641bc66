// CusolverSp.cpp - cuSOLVER's sparse API (cusolverSp.h): the handle.
// SPDX-License-Identifier: Apache-2.0
#include "SpContext.h"

#include "cuda_runtime_api.h"

#include <new>

extern "C" {

cusolverStatus_t cusolverSpCreate(cusolverSpHandle_t *Handle) {
  if (!Handle)
    return CUSOLVER_STATUS_INVALID_VALUE;
  // A handle needs a working CUDA context (as on a GPU).
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess || Count == 0)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  *Handle = new (std::nothrow) cusolverSpContext;
  return *Handle ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}

cusolverStatus_t cusolverSpDestroy(cusolverSpHandle_t H) {
  if (!H)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  // The handle's work must finish before its captured tasks go away.
  loomlib::drainStream(H->Stream);
  delete H;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpSetStream(cusolverSpHandle_t H, cudaStream_t Stream) {
  if (!H)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  H->Stream = Stream;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpGetStream(cusolverSpHandle_t H, cudaStream_t *Stream) {
  if (!H)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!Stream)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Stream = H->Stream;
  return CUSOLVER_STATUS_SUCCESS;
}

} // extern "C"

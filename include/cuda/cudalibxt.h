/* cudalibxt.h - the multi-GPU descriptors of the CUDA libraries' Xt APIs
 * (cudaXtDesc, cudaLibXtDesc), as cufftXt.h uses them.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Layouts and values are NVIDIA's public API. Valid C and C++.
 */
#ifndef LOOM_CUDA_CUDALIBXT_H
#define LOOM_CUDA_CUDALIBXT_H
/* The toolkit header's guard. */
#define _CUDA_LIB_XT_H_

#include <stddef.h>

#define CUDA_XT_DESCRIPTOR_VERSION 0x01000000

typedef enum cudaXtCopyType_t {
  LIB_XT_COPY_HOST_TO_DEVICE,
  LIB_XT_COPY_DEVICE_TO_HOST,
  LIB_XT_COPY_DEVICE_TO_DEVICE
} cudaLibXtCopyType;

typedef enum libFormat_t { LIB_FORMAT_CUFFT = 0x0, LIB_FORMAT_UNDEFINED = 0x1 } libFormat;

#define MAX_CUDA_DESCRIPTOR_GPUS 64

/* One buffer per GPU: data[i] (size[i] bytes) on device GPUs[i]. */
typedef struct cudaXtDesc_t {
  int version;
  int nGPUs;
  int GPUs[MAX_CUDA_DESCRIPTOR_GPUS];
  void *data[MAX_CUDA_DESCRIPTOR_GPUS];
  size_t size[MAX_CUDA_DESCRIPTOR_GPUS];
  void *cudaXtState;
} cudaXtDesc;

typedef struct cudaLibXtDesc_t {
  int version;
  cudaXtDesc *descriptor;
  libFormat library;
  int subFormat;
  void *libDescriptor;
} cudaLibXtDesc;

#endif /* LOOM_CUDA_CUDALIBXT_H */
